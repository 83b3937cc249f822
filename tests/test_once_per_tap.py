"""Once per tap: starting a table, importing a file and adding a house rule
happen once however often the form is sent, one after the other or at the same
moment, on SQLite and on PostgreSQL (the database's unique index on the form's
one-time token decides, not a worker's memory)."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from dataclasses import dataclass
from io import BytesIO
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select
from werkzeug.test import TestResponse

from companion.storage.models import GameTable, HouseRule, db

from .conftest import TableActions
from .helpers import form_data, soup

PLAYERS = [("Ana", "red"), ("Bo", "blue")]
SENDS = 6
"""Sends of one form at the same moment (a phone that retries, a double tap)."""


@dataclass(frozen=True)
class Send:
    """One form as a phone has it on screen: where it goes and what it sends
    (the same one-time token every time)."""

    path: str
    data: dict[str, Any]
    file: bytes | None = None
    """A table file to send with it (the import form)."""

    def __call__(self, client: FlaskClient) -> TestResponse:
        data = dict(self.data)
        if self.file is not None:
            data["file"] = (BytesIO(self.file), "table.json")
            return client.post(self.path, data=data, content_type="multipart/form-data")
        return client.post(self.path, data=data)


def new_table_send(actions: TableActions, _table_id: str) -> Send:
    data: dict[str, Any] = actions.tokens("/new/all-roads")
    for index, (name, colour) in enumerate(PLAYERS):
        data[f"players-{index}-name"] = name
        data[f"players-{index}-colour"] = colour
    return Send("/new/all-roads", data)


def import_send(actions: TableActions, table_id: str) -> Send:
    exported = json.dumps(actions.document(table_id)).encode()
    return Send("/import", actions.tokens("/"), file=exported)


def house_rule_send(actions: TableActions, table_id: str) -> Send:
    path = f"/t/{table_id}/house-rules"
    data = actions.form(path, "main form[method=post]:not([action])")
    data.update(title="Quokka rule", text="A quokka counts double.", lang="en")
    return Send(path, data)


FORMS: dict[str, Callable[[TableActions, str], Send]] = {
    "new table": new_table_send,
    "import": import_send,
    "house rule": house_rule_send,
}


def counts() -> tuple[int, int]:
    """(tables, house rules) in the database."""
    tables = db.session.scalar(select(func.count(GameTable.id)))
    rules = db.session.scalar(select(func.count(HouseRule.id)))
    return int(tables or 0), int(rules or 0)


def made_by_form(kind: str) -> tuple[int, int]:
    """What one send of ``kind`` adds: (tables, house rules)."""
    return (0, 1) if kind == "house rule" else (1, 0)


def plus(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
    return (a[0] + b[0], a[1] + b[1])


@pytest.mark.parametrize("kind", FORMS)
def test_a_form_sent_twice_makes_one(
    app: Flask, actions: TableActions, client: FlaskClient, kind: str
) -> None:
    table_id = actions.create_id("all-roads", PLAYERS)
    send = FORMS[kind](actions, table_id)
    with app.app_context():
        before = counts()
    first = send(client)
    second = send(client)
    assert first.status_code == second.status_code == 302
    # The second send answers as the first did: the same new table, the same rule.
    assert first.headers["Location"] == second.headers["Location"]
    with app.app_context():
        assert counts() == plus(before, made_by_form(kind))
    page = client.get(second.headers["Location"])
    assert page.status_code == 200
    if kind == "import":
        assert "Imported." in page.get_data(as_text=True)
    if kind == "house rule":
        assert "#rule-" in second.headers["Location"]
        assert page.get_data(as_text=True).count("Quokka rule") == 1


@pytest.mark.parametrize("kind", FORMS)
def test_a_form_sent_many_times_at_once_makes_one(any_db_app: Flask, kind: str) -> None:
    phone = any_db_app.test_client()
    actions = TableActions(phone)
    table_id = actions.create_id("all-roads", PLAYERS)
    send = FORMS[kind](actions, table_id)
    with any_db_app.app_context():
        before = counts()
    cookies = {
        name: phone.get_cookie(name).value  # type: ignore[union-attr]
        for name in ("session", "companion_tables")
        if phone.get_cookie(name) is not None
    }
    start = threading.Barrier(SENDS)
    answers: list[TestResponse | BaseException] = [RuntimeError()] * SENDS

    def tap(index: int) -> None:
        # Each send its own client (a client's cookie jar is not shared
        # between threads), all with the phone's cookies: one device.
        client = any_db_app.test_client()
        for name, value in cookies.items():
            client.set_cookie(name, value)
        start.wait()
        try:
            answers[index] = send(client)
        except BaseException as exc:  # noqa: BLE001 - reported below
            answers[index] = exc

    threads = [threading.Thread(target=tap, args=(i,)) for i in range(SENDS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    responses = [a for a in answers if isinstance(a, TestResponse)]
    assert len(responses) == SENDS, answers
    assert {r.status_code for r in responses} == {302}
    assert len({r.headers["Location"] for r in responses}) == 1
    with any_db_app.app_context():
        assert counts() == plus(before, made_by_form(kind))
        db.session.remove()


CHANGES: dict[str, dict[str, Any]] = {
    "new table": {"players-0-name": "Cy"},
    "house rule": {"title": "Wombat rule"},
}


@pytest.mark.parametrize("kind", [*CHANGES, "import"])
def test_a_page_brought_back_and_filled_in_again_is_a_new_send(
    app: Flask, actions: TableActions, client: FlaskClient, kind: str
) -> None:
    """The Back button shows the page as it was, its token already used: what
    is filled in anew is not taken for the first send, nor lost."""
    table_id = actions.create_id("all-roads", PLAYERS)
    send = FORMS[kind](actions, table_id)
    with app.app_context():
        before = counts()
    first = send(client)
    if kind == "import":
        other = actions.create_id("all-roads", [("Di", "red"), ("Ed", "blue")])
        before = plus(before, (1, 0))
        again = Send(
            send.path, send.data, file=json.dumps(actions.document(other)).encode()
        )
    else:
        again = Send(send.path, {**send.data, **CHANGES[kind]})
    second, third = again(client), again(client)
    assert first.headers["Location"] != second.headers["Location"]
    assert second.headers["Location"] == third.headers["Location"]
    with app.app_context():
        one = made_by_form(kind)
        assert counts() == plus(before, plus(one, one))


def test_a_form_without_its_token_is_refused_and_given_a_new_one(
    app: Flask, actions: TableActions, client: FlaskClient
) -> None:
    send = new_table_send(actions, "")
    data = {k: v for k, v in send.data.items() if k != "once"}
    response = client.post(send.path, data=data)
    assert response.status_code == 400  # refused, shown again
    page = soup(response)
    assert "This form was out of date" in page.select_one(".form-errors").get_text()
    form = form_data(page.select_one("main form[method=post]"))
    assert form["once"] and form["players-0-name"] == "Ana"  # input kept
    with app.app_context():
        assert counts() == (0, 0)
    assert client.post(send.path, data=form).status_code == 302


def test_a_refused_form_keeps_its_token_and_still_works_once(
    app: Flask, actions: TableActions, client: FlaskClient
) -> None:
    send = new_table_send(actions, "")
    refused = client.post(send.path, data={**send.data, "players-1-colour": "red"})
    assert "Two players chose Red" in refused.get_data(as_text=True)
    again = form_data(soup(refused).select_one("main form[method=post]"))
    assert again["once"] == send.data["once"]
    again["players-1-colour"] = "blue"
    first, second = client.post(send.path, data=again), send(client)
    assert first.headers["Location"] == second.headers["Location"]
    with app.app_context():
        assert counts() == (1, 0)


def test_a_house_rule_token_sent_to_another_table_adds_nothing(
    app: Flask, actions: TableActions, client: FlaskClient
) -> None:
    ours = actions.create_id("all-roads", PLAYERS)
    theirs = actions.create_id("all-roads", PLAYERS)
    send = house_rule_send(actions, ours)
    assert send(client).status_code == 302
    elsewhere = Send(f"/t/{theirs}/house-rules", send.data)
    assert elsewhere(client).status_code == 404
    with app.app_context():
        assert counts() == (2, 1)
