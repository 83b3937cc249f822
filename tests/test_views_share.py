"""Join and share (issue 14): a table's code and QR code, and joining by it."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.models import JOIN_ALPHABET, normal_join_code

from .conftest import TableActions
from .helpers import soup

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
    from companion import store

    drawn = iter(["AAAAAAA", "AAAAAAA", "BBBBBBB"])
    monkeypatch.setattr(store, "new_join_code", lambda: next(drawn))
    with app.app_context():
        first = store.create_table("all-roads", {"game": "all-roads"})
        second = store.create_table("all-roads", {"game": "all-roads"})
        assert (first.join_code, second.join_code) == ("AAAAAAA", "BBBBBBB")
