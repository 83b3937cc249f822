"""Rules answers for the reader at a table (issue 28): a way back to the table
they were opened from, and citations in the reader's language (no Chinese
rulebook titles on Italian screens, nor the reverse)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from flask.testing import FlaskClient

from companion.engines.base import EDITIONS

from .conftest import TableActions
from .helpers import soup

ROOT = Path(__file__).resolve().parents[1]

CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")


def glory_keys() -> list[str]:
    data = tomllib.loads(
        (ROOT / "companion/lookup/data/glory-to-rome.toml").read_text("utf-8")
    )
    return [rule["key"] for rule in data["rule"]]


def italian_sections() -> set[str]:
    """The section titles of rulebook 003 the app cites, as printed."""
    found = set()
    for path in [
        ROOT / "companion/engines/glory.py",
        ROOT / "companion/lookup/data/glory-to-rome.toml",
    ]:
        text = path.read_text("utf-8")
        found |= set(re.findall(r'"003",\s*"([^"]+)"', text))
        found |= set(re.findall(r'rulebook = "003", section = "([^"]+)"', text))
    return found


def reading(client: FlaskClient, lang: str) -> None:
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = lang


def sources(client: FlaskClient, path: str) -> list[str]:
    return [c.get_text(" ", strip=True) for c in soup(client.get(path)).select("cite")]


@pytest.mark.parametrize("lang", ["en", "it", "zh"])
def test_every_glory_entry_cites_in_the_readers_language(
    client: FlaskClient, lang: str
) -> None:
    """Each Glory to Rome entry's source: Italian readers read no Chinese,
    Chinese readers no Italian section title, English readers neither."""
    reading(client, lang)
    italian = italian_sections()
    assert italian
    wrong = []
    keys = glory_keys()
    for key in keys:
        for cite in sources(client, f"/rules/glory-to-rome.{key}.{lang}"):
            chinese = CJK.search(cite) is not None
            printed_italian = [s for s in italian if s in cite]
            if lang == "it" and chinese:
                wrong.append((key, cite))
            if lang == "zh" and printed_italian:
                wrong.append((key, cite))
            if lang == "en" and (chinese or printed_italian):
                wrong.append((key, cite))
    print(f"\n{lang}: {len(keys)} entries' sources read")
    assert wrong == []


@pytest.mark.parametrize(
    ("lang", "present", "absent"),
    [
        ("it", "regolamento 003, Mercante, p. 8", "出售建材"),
        ("zh", "规则书 004，5、出售建材", "Mercante"),
        (
            "en",
            "rulebook 003, Merchant, p. 8; rulebook 004, 5. Selling Materials",
            "出售",
        ),
    ],
)
def test_the_merchant_bonus_entry(
    client: FlaskClient, lang: str, present: str, absent: str
) -> None:
    reading(client, lang)
    cites = " ".join(sources(client, f"/rules/glory-to-rome.merchant-bonus.{lang}"))
    assert present in cites
    assert absent not in cites


@pytest.mark.parametrize(("lang", "foreign"), [("it", "cjk"), ("zh", "italian")])
def test_a_glory_table_cites_in_the_readers_language(
    actions: TableActions, client: FlaskClient, lang: str, foreign: str
) -> None:
    """The explanations of a Glory to Rome table cite the reader's edition."""
    reading(client, lang)
    table_id = actions.create_id("glory-to-rome", [("Ana", ""), ("Bo", "")])
    cites = sources(client, f"/t/{table_id}")
    assert cites
    for cite in cites:
        if foreign == "cjk":
            assert CJK.search(cite) is None, cite
        else:
            assert not [s for s in italian_sections() if s in cite], cite


def test_editions_are_the_glory_rulebooks() -> None:
    assert dict(EDITIONS) == {"003": "it", "004": "zh"}


# --------------------------------------------------------------------------
# The way back to the table
# --------------------------------------------------------------------------


def back_links(page: object) -> list[str]:
    return [a["href"] for a in page.select("main a.back-to-table")]  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", ["en", "it", "zh"])
def test_rules_from_a_table_lead_back_to_it(
    actions: TableActions, client: FlaskClient, lang: str
) -> None:
    """Search from a table, open an answer, open it in another language: each
    page has its way back to the table, in the reader's language."""
    reading(client, lang)
    table_id = actions.create_id("glory-to-rome", [("Ana", ""), ("Bo", "")])
    table = soup(client.get(f"/t/{table_id}"))
    box = table.select_one("form[role=search]")
    assert box.select_one("input[name=t]")["value"] == table_id
    search = soup(
        client.get(
            "/rules",
            query_string={
                "q": "merchant bonus",
                "t": table_id,
                "game": "glory-to-rome",
            },
        )
    )
    assert back_links(search) == [f"/t/{table_id}"]
    hit = search.select_one(".hit h2 a")["href"]
    assert parse_qs(urlsplit(hit).query)["t"] == [table_id]
    entry = soup(client.get(hit))
    assert back_links(entry) == [f"/t/{table_id}"]
    back = entry.select_one("main a.back-to-table").get_text(strip=True)
    assert back == {"en": "Back to the table", "it": "Torna al tavolo"}.get(lang, back)
    # the way back comes first, before the entry
    assert entry.select_one("main a.back-to-table").find_next("article") is not None
    for other in entry.select(".languages-of-entry a"):
        assert parse_qs(urlsplit(other["href"]).query)["t"] == [table_id]
        assert back_links(soup(client.get(other["href"]))) == [f"/t/{table_id}"]


def test_rules_cited_on_a_table_lead_back_to_it(
    actions: TableActions, client: FlaskClient
) -> None:
    table_id = actions.create_id("glory-to-rome", [("Ana", ""), ("Bo", "")])
    table = soup(client.get(f"/t/{table_id}"))
    cited = [a["href"] for a in table.select("cite a[href^='/rules/']")]
    assert cited
    for href in cited:
        assert parse_qs(urlsplit(href).query)["t"] == [table_id], href
    assert back_links(soup(client.get(cited[0]))) == [f"/t/{table_id}"]


@pytest.mark.parametrize(
    "query",
    [
        {},  # opened from no table
        {"t": "no-such-table"},
        {"t": "x" * 40},
        {"t": "../../etc"},
    ],
)
def test_no_way_back_without_a_table(
    client: FlaskClient, query: dict[str, str]
) -> None:
    entry = soup(
        client.get("/rules/glory-to-rome.merchant-bonus.en", query_string=query)
    )
    assert back_links(entry) == []
    search = soup(client.get("/rules", query_string={"q": "tie", **query}))
    assert back_links(search) == []


def test_a_house_rule_leads_back_to_its_table(
    actions: TableActions, client: FlaskClient
) -> None:
    table_id = actions.create_id("glory-to-rome", [("Ana", ""), ("Bo", "")])
    data = actions.form(f"/t/{table_id}/house-rules")
    data.update(
        {"title": "Jacks", "text": "We play with two Jacks each.", "lang": "en"}
    )
    saved = client.post(f"/t/{table_id}/house-rules", data=data)
    assert saved.status_code == 302
    rules = soup(client.get(f"/t/{table_id}/house-rules"))
    link = rules.select_one("ol a[href*='/house-rules/'], ul a[href*='/house-rules/']")
    assert link is not None
    page = soup(client.get(link["href"]))
    assert back_links(page) == [f"/t/{table_id}"]
