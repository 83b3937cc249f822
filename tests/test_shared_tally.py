"""A shared final tally (issue 27): each phone enters its own row of the All
Roads tally from a page loaded before the others saved; the game is over once
every row is entered (or a player ends it, the rows not entered named), never
after the first phone's save; a row nobody entered is "not entered yet"."""

from __future__ import annotations

import pytest
from flask import Flask

from companion.engines import all_roads as ar
from companion.engines.base import Player
from companion.engines.progress import Progress

from .conftest import TableActions
from .helpers import soup

FOUR = [("Ana", "red"), ("Bo", "yellow"), ("Cy", "green"), ("Di", "blue")]

ROWS = {
    # Each player's tokens left in the supply: Cy has the fewest unbuilt
    # points (1 monument = 4), so Cy wins.
    0: {"monument": "1", "spa": "1", "villa": "1", "house": "1"},  # 10
    1: {"monument": "0", "spa": "2", "villa": "0", "house": "2"},  # 8
    2: {"monument": "1", "spa": "0", "villa": "0", "house": "0"},  # 4
    3: {"monument": "0", "spa": "0", "villa": "3", "house": "0"},  # 6
}


@pytest.fixture
def app(any_db_app: Flask) -> Flask:
    """SQLite and PostgreSQL alike."""
    return any_db_app


def game_over(phone: TableActions, table_id: str) -> bool:
    page = soup(phone.client.get(f"/t/{table_id}"))
    return page.select_one(".finished-notice, #finished") is not None or (
        "The game is over" in page.get_text(" ")
    )


def test_four_phones_each_enter_their_row(app: Flask) -> None:
    phones = [TableActions(app.test_client()) for _ in FOUR]
    table_id = phones[0].create_id("all-roads", FOUR)
    path = f"/t/{table_id}/tally"
    loaded = [phone.form(path) for phone in phones]  # every page before any save

    for index, (phone, sent) in enumerate(zip(phones, loaded, strict=True)):
        for key, value in ROWS[index].items():
            sent[f"players-{index}-{key}"] = value
        response = phone.client.post(path, data=sent)
        assert response.status_code == 302, response.get_data(as_text=True)
        if index == 0:
            assert not game_over(phones[1], table_id)
            page = soup(phones[1].client.get(f"/t/{table_id}"))
            words = page.get_text(" ")
            assert "not entered yet" in words
            assert "Bo, Cy, Di" in words
    unbuilt = phones[3].document(table_id)["unbuilt"]
    for index, (_name, pid) in enumerate(FOUR):
        assert {k: str(v) for k, v in unbuilt[pid].items()} == ROWS[index]
    assert game_over(phones[0], table_id)
    page = soup(phones[0].client.get(f"/t/{table_id}"))
    assert "Cy wins" in page.select_one(".winner").get_text(" ")


def test_the_first_save_names_no_winner_and_later_rows_are_not_refused(
    app: Flask,
) -> None:
    first, second = TableActions(app.test_client()), TableActions(app.test_client())
    table_id = first.create_id("all-roads", FOUR[:2])
    path = f"/t/{table_id}/tally"
    a, b = first.form(path), second.form(path)
    a["players-0-house"] = "2"
    assert first.client.post(path, data=a).status_code == 302
    page = soup(second.client.get(f"/t/{table_id}"))
    assert page.select_one(".winner") is None
    b["players-1-house"] = "4"
    assert second.client.post(path, data=b).status_code == 302  # not 409
    unbuilt = first.document(table_id)["unbuilt"]
    assert (unbuilt["red"]["house"], unbuilt["yellow"]["house"]) == (2, 4)


def test_a_row_can_be_entered_as_it_stands(actions: TableActions) -> None:
    """A player who built nothing of a kind ticks their row: it is entered
    with the counts it shows."""
    table_id = actions.create_id("all-roads", FOUR[:2])
    path = f"/t/{table_id}/tally"
    sent = actions.form(path)
    sent["players-0-house"] = "1"
    sent["players-1-entered"] = "y"
    assert actions.client.post(path, data=sent).status_code == 302
    assert game_over(actions, table_id)


def test_ending_with_rows_not_entered_names_them_first(
    actions: TableActions,
) -> None:
    table_id = actions.create_id("all-roads", FOUR[:3])
    path = f"/t/{table_id}/tally"
    sent = actions.form(path)
    sent["players-0-house"] = "1"
    assert actions.client.post(path, data=sent).status_code == 302
    assert not game_over(actions, table_id)
    confirm = soup(actions.client.get(f"/t/{table_id}/tally/end"))
    assert "Not entered yet: Bo, Cy." in confirm.get_text(" ")
    form = actions.form(f"/t/{table_id}/tally/end")
    response = actions.client.post(f"/t/{table_id}/tally/end", data=form)
    assert response.status_code == 302
    assert game_over(actions, table_id)


@pytest.mark.parametrize(
    ("details", "over"),
    [
        ({}, True),  # a tally saved before rows were told apart: every row
        ({"entered": []}, False),
        ({"entered": ["red"]}, False),
        ({"entered": ["red", "blue"]}, True),
        ({"entered": ["red"], "ended": True}, True),
    ],
)
def test_a_tally_is_over_when_every_row_is_entered(
    details: dict[str, object], over: bool
) -> None:
    recorded = {
        "latest": {ar.TALLY: details},
        "counts": {ar.TALLY: 1},
        "since_reopen": {ar.TALLY: 2},
    }
    players = (Player("red", "Ana"), Player("blue", "Bo"))
    assert ar.tally_complete(Progress.of(recorded), players) is over


def test_a_save_that_loses_a_race_is_made_again(
    actions: TableActions, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another phone's save lands between this request's read and its write
    (the write is refused as stale): the request is made again on the table
    as it is now, and saved, instead of telling the player to send again."""
    from companion.storage import store

    table_id = actions.create_id("all-roads", FOUR[:2])
    path = f"/t/{table_id}/tally"
    sent = actions.form(path)
    sent["players-0-house"] = "2"
    commit = store._commit
    lost: list[int] = []

    def lose_once(table: object, expected_version: int) -> None:
        if not lost:
            lost.append(expected_version)
            store.db.session.rollback()
            raise store.StaleEditError(expected=expected_version, current=-1)
        commit(table, expected_version)  # type: ignore[arg-type]

    monkeypatch.setattr(store, "_commit", lose_once)
    response = actions.client.post(path, data=sent)
    assert response.status_code == 302
    assert lost  # the race was lost once, then won
    assert actions.document(table_id)["unbuilt"]["red"]["house"] == 2
