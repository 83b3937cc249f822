"""Join and share (issue 14): a table's code and QR code, and joining by it."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from companion.storage.models import JOIN_ALPHABET, normal_join_code

from .conftest import TableActions
from .helpers import soup


@pytest.fixture
def app(any_db_app: Flask) -> Flask:
    """Every test here runs on SQLite and on PostgreSQL (issue 14)."""
    return any_db_app


CODE = re.compile(rf"^[{JOIN_ALPHABET}]{{3}}-[{JOIN_ALPHABET}]{{4}}$")


def share_page(client: FlaskClient, table_id: str) -> tuple[str, str]:
    page = soup(client.get(f"/t/{table_id}/share"))
    code = page.select_one(".join-code strong").get_text()
    svg = page.select_one(".qr svg")
    assert svg is not None and svg.title.get_text() == "QR code that opens this table"
    return code, page.select_one("main a.button")["href"]


def test_every_table_has_a_code_a_link_and_a_qr_code(
    actions: TableActions, client: FlaskClient
) -> None:
    first = actions.create_id("all-roads", [("Ana", "red"), ("Bo", "yellow")])
    second = actions.create_id("all-roads", [("Ana", "red"), ("Bo", "yellow")])
    code, link = share_page(client, first)
    assert CODE.match(code), code
    assert link == f"http://localhost/t/{first}"
    assert share_page(client, second)[0] != code


@pytest.mark.parametrize("typed", ["{code}", "{lower}", " {spaced} "])
def test_another_phone_joins_by_the_code_and_keeps_the_table(
    app: Flask, actions: TableActions, client: FlaskClient, typed: str
) -> None:
    table_id = actions.create_id("all-roads", [("Ana", "red"), ("Bo", "yellow")])
    code, _link = share_page(client, table_id)
    other = TableActions(app.test_client())  # another phone, its own cookies
    assert table_id not in other.client.get("/").get_data(as_text=True)
    sent = typed.format(
        code=code, lower=code.lower(), spaced=" ".join(code.replace("-", ""))
    )
    response = other.client.post(
        "/join", data={"csrf_token": other.csrf("/join"), "code": sent}
    )
    assert response.status_code == 302
    assert response.headers["Location"].endswith(f"/t/{table_id}")
    assert f"/t/{table_id}" in other.client.get("/").get_data(as_text=True)


@pytest.mark.parametrize(
    ("code", "words"),
    [
        ("ABCDEFG", "No table has the code ABCDEFG"),
        ("", "This field is required"),
        ("ABC", "between 7 and 20 characters"),
    ],
)
def test_a_wrong_code_is_said_beside_the_field(
    actions: TableActions, client: FlaskClient, code: str, words: str
) -> None:
    response = client.post(
        "/join", data={"csrf_token": actions.csrf("/join"), "code": code}
    )
    assert response.status_code == 400
    field = soup(response).select_one(".field.has-errors")
    assert field is not None and words in field.get_text(" ")


def test_a_typed_code_is_read_as_stored() -> None:
    assert normal_join_code(" abc-defg ") == "ABCDEFG"
    assert normal_join_code("a b c d e f g") == "ABCDEFG"


def test_a_code_already_taken_is_drawn_again(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    from companion.storage import store

    drawn = iter(["AAAAAAA", "AAAAAAA", "BBBBBBB"])
    monkeypatch.setattr(store, "new_join_code", lambda: next(drawn))
    with app.app_context():
        first = store.create_table("all-roads", {"game": "all-roads"})
        second = store.create_table("all-roads", {"game": "all-roads"})
        assert (first.join_code, second.join_code) == ("AAAAAAA", "BBBBBBB")


def name_phone(actions: TableActions, table_id: str, name: str) -> TestResponse:
    data = actions.form(f"/t/{table_id}/share", "form.device-name-form")
    data["name"] = name
    return actions.client.post("/device/name", data=data)


def test_a_named_phone_signs_what_it_changes(app: Flask, actions: TableActions) -> None:
    """ "Bo's phone: Bo built Domus on C3": the other phones read which phone
    made a change, live and in the history."""
    from .test_views_foundations import City

    city = City(actions)
    other = TableActions(app.test_client())
    shown = other.client.get(f"/t/{city.id}/live").get_json()["version"]
    answer = name_phone(actions, city.id, "  Bo's phone ")
    assert answer.status_code == 302
    assert answer.headers["Location"].endswith(f"/t/{city.id}/share")
    page = soup(actions.client.get(f"/t/{city.id}/share"))
    assert "This phone is now called Bo's phone." in page.get_text()
    assert page.select_one("input[name=name]")["value"] == "Bo's phone"
    assert city.build(["C3"], "blue", "Domus").status_code == 302
    news = other.client.get(
        f"/t/{city.id}/live", headers={"If-None-Match": f'"v{shown}"'}
    ).get_json()
    assert (news["by"], news["what"]) == ("Bo's phone", "Bo built Domus on C3")
    history = soup(other.client.get(f"/t/{city.id}/history"))
    assert history.select_one("li.current .device-name").get_text() == "Bo's phone"
    # A phone with no name signs nothing; a name can be taken away.
    assert name_phone(actions, city.id, "").status_code == 302
    assert city.build(["D3"], "blue", "Domus").status_code == 302
    assert actions.client.get(f"/t/{city.id}/live").get_json()["by"] is None


def test_a_phone_names_itself_when_it_joins(app: Flask, actions: TableActions) -> None:
    table_id = actions.create_id("all-roads", [("Ana", "red"), ("Bo", "yellow")])
    code, _link = share_page(actions.client, table_id)
    other = TableActions(app.test_client())
    response = other.client.post(
        "/join",
        data={"csrf_token": other.csrf("/join"), "code": code, "device": "Cy's phone"},
    )
    assert response.status_code == 302
    page = soup(other.client.get(f"/t/{table_id}/share"))
    assert page.select_one("input[name=name]")["value"] == "Cy's phone"


def test_a_name_too_long_is_refused_beside_the_field(actions: TableActions) -> None:
    table_id = actions.create_id("all-roads", [("Ana", "red"), ("Bo", "yellow")])
    refused = name_phone(actions, table_id, "x" * 41)
    assert refused.status_code == 400
    field = soup(refused).select_one("input[name=name]")
    assert field["value"] == "x" * 41 and field["aria-invalid"] == "true"
    page = soup(actions.client.get(f"/t/{table_id}/share"))
    assert page.select_one("input[name=name]").get("value", "") == ""


def test_naming_needs_a_table_that_exists(actions: TableActions) -> None:
    table_id = actions.create_id("all-roads", [("Ana", "red"), ("Bo", "yellow")])
    data = actions.form(f"/t/{table_id}/share", "form.device-name-form")
    data["table"] = "no-such-table"
    assert actions.client.post("/device/name", data=data).status_code == 404
