"""Glory to Rome cards typed in the reader's language on the camps screen
(issue 28): Porta, Statua, 城门, 雕像 are the Gate and the Statue, saved by
their English names; the suggestions are in the reader's language; a refused
form opens on a summary of what is wrong, linking each field."""

from __future__ import annotations

import time

import pytest
from bs4 import BeautifulSoup
from flask.testing import FlaskClient

from companion.engines.glory import CARDS
from companion.engines.glory_terms import CARD_NAMES, Lang
from companion.web.forms import BUILDING_SLOTS

from .conftest import TableActions
from .helpers import soup
from .test_views_glory import THREE, Camps

LANGS = [lang.value for lang in Lang]

SLOT = "camps-0-buildings-0-name"


def reading(client: FlaskClient, lang: str) -> None:
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = lang


def camps_page(camps: Camps) -> BeautifulSoup:
    return soup(camps.client.get(f"/t/{camps.id}/camps"))


def chunks(seq: list[str], size: int) -> list[list[str]]:
    return [seq[i : i + size] for i in range(0, len(seq), size)]


@pytest.mark.parametrize("lang", LANGS)
def test_every_card_typed_in_the_readers_language_is_saved_as_it(
    actions: TableActions, client: FlaskClient, lang: str
) -> None:
    """Each of the 44 cards, typed by its name in the reader's language on a
    screen in that language, is saved as the card (the table file's English
    name) and shown again by the name typed. Twelve buildings a camp, three
    camps a send: two sends hold every card."""
    reading(client, lang)
    camps = Camps(actions)
    wrong = []
    start = time.perf_counter()
    sends = chunks(list(CARDS), BUILDING_SLOTS * len(THREE))
    for send in sends:
        rows = chunks(send, BUILDING_SLOTS)
        typed = {
            f"camps-{row}-buildings-{slot}-name": CARD_NAMES[card].in_lang(Lang(lang))
            for row, cards in enumerate(rows)
            for slot, card in enumerate(cards)
        }
        emptied = {  # the slots the send before filled and this one does not
            f"camps-{row}-buildings-{slot}-name": ""
            for row in range(len(THREE))
            for slot in range(BUILDING_SLOTS)
        }
        response = camps.enter(**(emptied | typed))
        assert response.status_code == 302, response.get_data(as_text=True)
        saved = camps.document()["camps"]
        page = camps_page(camps)
        for row, cards in enumerate(rows):
            if saved[f"p{row + 1}"]["buildings"] != cards:
                wrong.append((row, cards, saved[f"p{row + 1}"]["buildings"]))
        for field, name in typed.items():
            shown = page.select_one(f"input[name='{field}']")["value"]
            if shown != name:
                wrong.append((field, name, shown))
    took = time.perf_counter() - start
    sent = f"{len(CARDS)} cards typed and saved in {len(sends)} sends"
    print(f"\n{lang}: {sent}, {took:.2f} s")
    assert wrong == []


@pytest.mark.parametrize(
    ("lang", "typed", "card"),
    [
        # the names of the issue, on screens in each language
        ("it", "Porta", "Gate"),
        ("it", "Statua", "Statue"),
        ("it", "Scalinata", "Stairway"),
        ("it", "Mercato", "Market"),
        ("it", "Muro", "Wall"),
        ("zh", "城门", "Gate"),
        ("zh", "雕像", "Statue"),
        # English still accepted on an Italian or Chinese screen, and the reverse
        ("it", "gate", "Gate"),
        ("zh", "Statue", "Statue"),
        ("en", "Scalinata", "Stairway"),
        ("en", "城墙", "Wall"),
        # any case, accents, spacing; another printed spelling
        ("it", "  PÒRTA ", "Gate"),
        ("it", "circo  massimo", "Circus Maximus"),
        ("zh", "城 门", "Gate"),
        ("it", "Colosseum", "Coliseum"),
    ],
)
def test_names_as_typed(
    actions: TableActions, client: FlaskClient, lang: str, typed: str, card: str
) -> None:
    reading(client, lang)
    camps = Camps(actions)
    response = camps.enter(**{SLOT: typed})
    assert response.status_code == 302, response.get_data(as_text=True)
    assert camps.document()["camps"]["p1"]["buildings"] == [card]


def test_a_card_typed_in_two_languages_is_one_card_twice(
    actions: TableActions, client: FlaskClient
) -> None:
    """Porta and Gate in one camp are the same card twice: refused."""
    reading(client, "it")
    camps = Camps(actions)
    before = camps.document()
    response = camps.enter(
        **{SLOT: "Porta", "camps-0-buildings-1-name": "Gate"},
    )
    assert response.status_code == 400
    assert camps.document() == before


@pytest.mark.parametrize(
    ("lang", "shown", "label"),
    [
        ("en", ["Gate", "Stairway", "Statue", "Wall", "Market"], None),
        ("it", ["Porta", "Scalinata", "Statua", "Muro", "Mercato", "Catacomba"], "en"),
        ("zh", ["城门", "阶梯", "雕像", "城墙", "市场", "陵寝"], "en"),
    ],
)
def test_the_suggestions_are_in_the_readers_language(
    actions: TableActions,
    client: FlaskClient,
    lang: str,
    shown: list[str],
    label: str | None,
) -> None:
    reading(client, lang)
    page = camps_page(Camps(actions))
    options = page.select("datalist#gtr-cards option")
    values = [o["value"] for o in options]
    assert len(values) == len(set(values)) == 44
    assert set(shown) <= set(values)
    expected = {CARD_NAMES[c].in_lang(Lang(lang)) for c in CARDS}
    assert set(values) == expected
    if label is None:
        assert all(not o.get("label") for o in options)
    else:
        # beside each name the English one, marked * where the name is ours
        labels = {o["value"]: o["label"] for o in options}
        for card, words in CARD_NAMES.items():
            mark = "" if words.from_rulebook(Lang(lang)) else " *"
            assert labels[words.in_lang(Lang(lang))] == card + mark
        assert "*" in page.get_text()  # the footnote says what * means


@pytest.mark.parametrize(
    ("lang", "values", "summary"),
    [
        (
            "it",
            {SLOT: "Portone"},
            [("camps-0-buildings-0-name", "Marco Aurelio · Struttura 1")],
        ),
        (
            "zh",
            {"camps-1-buildings-2-name": "大门"},
            [("camps-1-buildings-2-name", "李雷 · 建筑 3")],
        ),
        (
            "en",
            {SLOT: "Gateway", "camps-2-stockpile": "999"},
            [
                ("camps-0-buildings-0-name", "Marco Aurelio · Building 1"),
                ("camps-2-stockpile", "Lucía · Stockpile"),
            ],
        ),
    ],
)
def test_a_refused_form_opens_on_a_summary_linking_each_field(
    actions: TableActions,
    client: FlaskClient,
    lang: str,
    values: dict[str, str],
    summary: list[tuple[str, str]],
) -> None:
    reading(client, lang)
    camps = Camps(actions, THREE)
    before = camps.document()
    response = camps.enter(**values)
    assert response.status_code == 400
    assert camps.document() == before
    page = soup(response)
    box = page.select_one("main #error-summary")
    assert box is not None
    # at the top of the screen, before the form, and the page opens on it
    assert box.find_next("form") is not None
    assert box.has_attr("autofocus") and box["tabindex"] == "-1"
    assert box["role"] == "alert"
    links = [(a["href"], a.get_text(" ", strip=True)) for a in box.select("a")]
    assert len(links) == len(summary)
    for (href, text), (field, where) in zip(links, summary, strict=True):
        assert href == f"#{field}"
        assert text.startswith(where), text
        target = page.select_one(f"[id='{field}']")
        assert target is not None and target.get("aria-invalid") == "true"
    # what was typed is kept
    for field, typed in values.items():
        assert page.select_one(f"[name='{field}']")["value"] == typed


def test_a_rule_refused_is_summed_up_too(
    actions: TableActions, client: FlaskClient
) -> None:
    """The engine's refusal (a public building with no Stairway) is at the
    top of the page in the summary, in the reader's language."""
    reading(client, "it")
    camps = Camps(actions)
    response = camps.enter(**{SLOT: "Statua", "camps-0-buildings-0-status": "public"})
    assert response.status_code == 400
    box = soup(response).select_one("#error-summary")
    assert box is not None and "Scalinata" in box.get_text()


def test_the_end_screen_sums_up_a_refusal(
    actions: TableActions, client: FlaskClient
) -> None:
    reading(client, "it")
    table_id = actions.create_id("glory-to-rome", [("Ana", ""), ("Bo", "")])
    path = f"/t/{table_id}/end"
    data = actions.form(path)
    ids = [
        o["value"] for o in soup(client.get(path)).select("select[name=winner] option")
    ]
    data["how"], data["winner"] = "deck", ids[1]  # the deck names nobody
    response = client.post(path, data=data)
    assert response.status_code == 400
    box = soup(response).select_one("main #error-summary")
    assert box is not None and box.has_attr("autofocus")
    assert box.find_next("form") is not None
