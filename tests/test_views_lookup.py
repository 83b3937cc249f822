"""Rules lookup on the web: search in three languages, entries, house rules."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from .conftest import TableActions
from .helpers import form_data, soup


def titles(client: FlaskClient, query: str, **params: str) -> list[str]:
    page = soup(client.get("/rules", query_string={"q": query, **params}))
    return [h.get_text(" ", strip=True) for h in page.select(".hit h2")]


def test_search_box_on_home_and_table_pages(
    actions: TableActions, client: FlaskClient
) -> None:
    home = soup(client.get("/"))
    assert home.select_one("form[role=search] input[name=q]") is not None
    table_id = actions.create_id("glory-to-rome", [("Ana", ""), ("Bo", "")])
    page = soup(client.get(f"/t/{table_id}"))
    assert (
        page.select_one("form[role=search] input[name=game]")["value"]
        == "glory-to-rome"
    )


@pytest.mark.parametrize(
    ("query", "lang", "needle"),
    [
        ("merchant bonus", "en", "erchant"),
        ("bonus mercante", "it", "ercante"),
        ("商人", "zh", "商人"),
    ],
)
def test_search_in_each_language(
    client: FlaskClient, query: str, lang: str, needle: str
) -> None:
    client.get(f"/lang/{lang}?next=/")
    page = soup(client.get("/rules", query_string={"q": query}))
    hits = page.select(".hit")
    assert hits, query
    first = hits[0]
    assert needle in first.get_text()
    assert first.select("mark"), "matched words are marked"
    assert first.select_one("cite") is not None


@pytest.mark.parametrize(
    "query",
    [
        '"',
        "*",
        "-",
        ":",
        "a AND (b OR",
        "<script>alert(1)</script>",
        "NEAR(",
        "'; DROP TABLE rules; --",
    ],
)
def test_any_characters_are_safe(client: FlaskClient, query: str) -> None:
    response = client.get("/rules", query_string={"q": query})
    assert response.status_code == 200
    assert "<script>alert(1)</script>" not in response.get_data(as_text=True)


def test_table_scope_prefers_its_game(client: FlaskClient) -> None:
    unscoped = titles(client, "tie")
    scoped = soup(client.get("/rules", query_string={"q": "tie", "game": "all-roads"}))
    first = scoped.select_one(".hit .meta").get_text()
    assert "All Roads" in first
    assert unscoped  # the question finds something in every game too


def test_entry_page_and_its_other_languages(client: FlaskClient) -> None:
    page = soup(
        client.get(
            "/rules", query_string={"q": "merchant bonus", "game": "glory-to-rome"}
        )
    )
    link = page.select_one(".hit h2 a")["href"]
    entry = soup(client.get(link))
    assert entry.select_one("article h1").get_text()
    assert entry.select_one("cite") is not None
    others = [a["hreflang"] for a in entry.select(".languages-of-entry a")]
    assert set(others) <= {"it", "zh", "en"} and others


def test_unknown_entry_is_404(client: FlaskClient) -> None:
    assert client.get("/rules/no.such.entry").status_code == 404


def test_house_rules_are_searched_and_marked(
    actions: TableActions, client: FlaskClient
) -> None:
    table_id = actions.create_id("all-roads", [("Ana", "red"), ("Bo", "blue")])
    response = actions.house_rule(
        table_id,
        title="Zebra crossing",
        text="Our group lets a zebra tile bridge two roads.",
        lang="en",
    )
    assert response.status_code == 302
    # Searched from its table (the search box of the table's pages sends it).
    from_table = {"q": "zebra", "t": table_id}
    hits = soup(client.get("/rules", query_string=from_table))
    first = hits.select_one(".hit")
    assert "Zebra crossing" in first.get_text()
    assert "House rule" in first.select_one(".badge").get_text()
    # From no table, nobody's house rule is found.
    assert not soup(client.get("/rules", query_string={"q": "zebra"})).select(
        ".hit.house"
    )
    # Deleting it takes it out of the search.
    page = soup(client.get(f"/t/{table_id}/house-rules"))
    delete = page.select_one(".house-rules form")
    data = form_data(delete)
    assert client.post(delete["action"], data=data).status_code == 302
    assert not soup(client.get("/rules", query_string=from_table)).select(".hit.house")


def test_house_rule_form_errors(actions: TableActions, client: FlaskClient) -> None:
    table_id = actions.create_id("all-roads", [("Ana", "red"), ("Bo", "blue")])
    response = actions.house_rule(table_id, title="", text="x", lang="en")
    assert response.status_code == 400
    assert "This field is required." in response.get_data(as_text=True)


def test_the_index_is_built_at_start(app) -> None:  # type: ignore[no-untyped-def]
    from companion import create_app

    started = create_app({**app.config, "RULES_INDEX_AT_START": True})
    started.extensions["rules_index_thread"].join(timeout=30)
    assert "rules_index" in started.extensions
    assert started.extensions["rules_index"]["index"].search("merchant bonus")
