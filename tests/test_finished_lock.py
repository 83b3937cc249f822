"""Finished is finished (issue 14): after the last scoring a table cannot
change until the game is reopened, and reopening is a step of its history.

A table of each game is finished the way its players finish it (Foundations of
Rome: Era 3 scored; All Roads: the final tally; Glory to Rome: the camps
entered and the end of the game noted). Every POST that would change it is
refused, the table unchanged; once reopened, the same request goes through:
the lock was the only reason. Every POST route of a table is either one of
those edits or listed here as changing no table.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from bs4 import BeautifulSoup
from flask import Flask
from flask.testing import FlaskClient

from companion.storage import store
from companion.web.views.games import REOPEN

from .conftest import TableActions
from .helpers import form_data, soup
from .test_i18n import pseudo, untranslated  # noqa: F401 - pseudo is a fixture


@pytest.fixture
def app(any_db_app: Flask) -> Flask:
    """Every test here runs on SQLite and on PostgreSQL (issue 14)."""
    return any_db_app


CITY = {
    "format": "rome-companion/1",
    "game": "foundations-of-rome",
    "players": [{"id": "red", "name": "Ana"}, {"id": "blue", "name": "Bo"}],
    "era": 3,
    "score_before": {"red": 20, "blue": 18},
    "buildings": [
        {"owner": "red", "type": "residential", "lots": ["A1"], "citizens": 1},
        {"owner": "red", "type": "commercial", "lots": ["B1"], "silver": 1, "vp": 0},
        {
            "owner": "red",
            "type": "civic",
            "lots": ["C1"],
            "civic": {"per": "building", "vp": 1},
        },
        {"owner": "blue", "type": "residential", "lots": ["D3"], "citizens": 1},
    ],
    "lot_markers": {"red": ["D4", "D5"], "blue": ["G7"]},
    "coins": {"red": 12, "blue": 3},
}
"""Era 3 of a two-player city: Ana's building of each type on the north edge,
Bo's Domus inside, lot markers, coins."""


# --------------------------------------------------------------------------
# Finishing a table of each game, as its players do
# --------------------------------------------------------------------------


def post_form(
    actions: TableActions, path: str, selector: str = "main form[method=post]"
) -> int:
    """Send the form at ``selector`` on ``path`` as the page shows it."""
    return actions.client.post(path, data=actions.form(path, selector)).status_code


def enter_camps(actions: TableActions, table_id: str, **changes: str) -> int:
    """The camps screen sent as it shows them, every camp marked entered."""
    path = f"/t/{table_id}/camps"
    data = actions.form(path)
    rows = {key.split("-")[1] for key in data if key.startswith("camps-")}
    data.update({f"camps-{row}-entered": "y" for row in rows}, **changes)
    return actions.client.post(path, data=data).status_code


def score_era(actions: TableActions, table_id: str) -> int:
    return post_form(actions, f"/t/{table_id}/era")


def foundations(actions: TableActions) -> str:
    """A city at Era 3 with road boards: every pick made, Era 3 scored."""
    table_id = actions.import_id(json.dumps(CITY).encode())
    assert post_form(actions, f"/t/{table_id}/roads/setup") == 302
    while (form := soup(actions.client.get(f"/t/{table_id}/roads"))).select_one(
        "form.options"
    ):
        data = form_data(form.select_one("form.options"))
        data["option"] = "pass"
        assert actions.client.post(f"/t/{table_id}/roads", data=data).status_code == 302
    assert score_era(actions, table_id) == 302
    return table_id


def tally(actions: TableActions, table_id: str, house: int = 7) -> int:
    """The final tally, every row entered (Ana's houses as given)."""
    data = actions.form(f"/t/{table_id}/tally")
    data["players-0-house"] = str(house)
    data.update({f"players-{row}-entered": "y" for row in range(2)})
    return actions.client.post(f"/t/{table_id}/tally", data=data).status_code


def all_roads(actions: TableActions) -> str:
    """Two players; the final tally entered."""
    table_id = actions.create_id("all-roads", [("Ana", "red"), ("Bo", "yellow")])
    assert tally(actions, table_id) == 302
    return table_id


def note_end(actions: TableActions, table_id: str, **ticked: str) -> int:
    data = actions.form(f"/t/{table_id}/end")
    data.update(ticked)
    return actions.client.post(f"/t/{table_id}/end", data=data).status_code


def glory(actions: TableActions) -> str:
    """Two players; the camps entered, then the draw deck ran out."""
    table_id = actions.create_id("glory-to-rome", [("Ana", ""), ("Bo", "")])
    assert enter_camps(actions, table_id) == 302
    assert note_end(actions, table_id, how="deck") == 302
    return table_id


FINISH: dict[str, Callable[[TableActions], str]] = {
    "foundations-of-rome": foundations,
    "all-roads": all_roads,
    "glory-to-rome": glory,
}


def state(app: Flask, table_id: str) -> tuple[Any, ...]:
    """Everything a change would touch: version, position, steps, table file."""
    with app.app_context():
        table = store.get_table(table_id)
        assert table is not None
        return (
            table.version,
            table.position,
            [(step.seq, step.action) for step in table.steps],
            store.current_document(table),
        )


def reopen(actions: TableActions, table_id: str, **extra: str) -> Any:
    return actions.post_action(table_id, "reopen", **extra)


def notice(page: BeautifulSoup) -> Any:
    """The finished game's notice on a page, if any."""
    return page.select_one("aside.finished-notice")


# --------------------------------------------------------------------------
# Every edit of every game
# --------------------------------------------------------------------------


def fresh(actions: TableActions, table_id: str, page: str = "") -> dict[str, Any]:
    """The CSRF token and current version, as a form of the table sends them."""
    return {
        "csrf_token": actions.csrf(f"/t/{table_id}{page}"),
        "version": actions.version(table_id),
    }


def board(**fields: Any) -> Callable[[TableActions, str], tuple[str, dict[str, Any]]]:
    def make(actions: TableActions, table_id: str) -> tuple[str, dict[str, Any]]:
        data = {**fresh(actions, table_id), "owner": "red", **fields}
        return f"/t/{table_id}/board", data

    return make


def from_form(
    page: str,
    changes: dict[str, str] | None = None,
    selector: str = "main form[method=post]",
    to: str | None = None,
) -> Callable[[TableActions, str], tuple[str, dict[str, Any]]]:
    """The form of a screen as it shows it, with ``changes``, sent to ``to``
    (default: the screen itself)."""

    def make(actions: TableActions, table_id: str) -> tuple[str, dict[str, Any]]:
        data = actions.form(f"/t/{table_id}{page}", selector)
        data.update(changes or {})
        return f"/t/{table_id}{to or page.split('?')[0]}", data

    return make


def posted(
    page: str, **fields: Any
) -> Callable[[TableActions, str], tuple[str, dict[str, Any]]]:
    def make(actions: TableActions, table_id: str) -> tuple[str, dict[str, Any]]:
        return f"/t/{table_id}{page}", {**fresh(actions, table_id), **fields}

    return make


def civic_tile(actions: TableActions, table_id: str) -> tuple[str, dict[str, Any]]:
    """A civic tile of the group's, tapped in the tray: describing it changes
    no table (allowed while finished); building it does."""
    data = actions.form(
        f"/t/{table_id}/civic-tiles", "main form[method=post]:not([action])"
    )
    data.update(name=f"Library {actions.version(table_id)}", per="building", vp="2")
    data.pop("shape", None)
    assert actions.client.post(f"/t/{table_id}/civic-tiles", data=data).status_code
    tiles = soup(actions.client.get(f"/t/{table_id}/board/tray?owner=red&lots=E5"))
    tile = tiles.select("button[name=tile]")[-1]["value"]
    return board(lots=["E5"], tile=tile)(actions, table_id)


def rename(actions: TableActions, table_id: str) -> tuple[str, dict[str, Any]]:
    return f"/t/{table_id}/players", {
        **fresh(actions, table_id),
        "players-0-name": "Anna",
        "players-1-name": "Bo",
    }


@dataclass(frozen=True)
class Edit:
    """One way to change a table, sent to a finished table and to it reopened."""

    game: str
    endpoint: str
    """The view it reaches (checked against the request's path)."""
    make: Callable[[TableActions, str], tuple[str, dict[str, Any]]]
    """The request: its path and what it sends, made for the table as it is."""
    changes: bool = True
    """Whether, once reopened, it saves a step (else it leads to a screen that
    does: refused all the same, the lock is on the whole board)."""
    when_open: int = 302
    """Its status once reopened."""


FR = "foundations-of-rome"
EDITS = {
    "board: build on lots": Edit(
        FR, "foundations.board_action", board(lots=["E5"], build="y"), False
    ),
    "board: lot marker": Edit(
        FR, "foundations.board_action", board(lots=["E5"], marker="y")
    ),
    "board: remove": Edit(
        FR, "foundations.board_action", board(lots=["D3"], remove="y")
    ),
    "board: move": Edit(
        FR, "foundations.board_action", board(lots=["D3"], move="y"), False
    ),
    "board: move here": Edit(
        FR,
        "foundations.board_action",
        board(lots=["E3"], move_from="D3", move_here="y"),
    ),
    "board: tray piece": Edit(
        FR, "foundations.board_action", board(lots=["E5"], piece="0")
    ),
    "board: civic tile": Edit(FR, "foundations.board_action", civic_tile),
    "build screen": Edit(
        FR, "foundations.build", from_form("/build?owner=red&lots=E5&piece=0")
    ),
    "printed values": Edit(
        FR, "foundations.values", from_form("/building/A1", {"citizens": "2"})
    ),
    "era scoring": Edit(FR, "foundations.era", posted("/era")),
    "road-board setup": Edit(FR, "roads.setup", from_form("/roads/setup")),
    # Every pick of Era 3 is made before it is scored, and a finished city
    # does not change: there is no pick to make, locked or not.
    "road-board pick": Edit(
        FR, "roads.draft", posted("/roads", option="pass"), False, 400
    ),
    "monument build": Edit(
        FR,
        "monuments.build",
        posted("/monuments/tower-of-wonders", player="red", lots="D4"),
    ),
    "monument values": Edit(
        FR,
        "monuments.values",
        from_form(
            "/monuments/tower-of-wonders?player=red",
            {"vp": "9"},
            "form[action$='/values']",
            "/monuments/tower-of-wonders/values",
        ),
    ),
    "coins": Edit(
        FR,
        "monuments.coins",
        posted("/coins", player="red", **{"players-0-coins": 1, "players-1-coins": 2}),
    ),
    "income": Edit(FR, "monuments.income", posted("/coins/income", player="red")),
    "foundations rename": Edit(FR, "tables.rename_players", rename),
    "tally": Edit(
        "all-roads", "all_roads.tally", from_form("/tally", {"players-0-house": "3"})
    ),
    "end the tally": Edit("all-roads", "all_roads.end_tally", posted("/tally/end")),
    "turn": Edit(
        "all-roads",
        "all_roads.turn",
        from_form("/turn", {"player": "red", "dead_end": "1"}),
    ),
    "all roads rename": Edit("all-roads", "tables.rename_players", rename),
    "camps": Edit(
        "glory-to-rome", "glory.camps", from_form("/camps", {"camps-0-hand": "3"})
    ),
    "end": Edit("glory-to-rome", "glory.end", from_form("/end", {"catacomb": "y"})),
    "glory rename": Edit("glory-to-rome", "tables.rename_players", rename),
}


@pytest.mark.parametrize("name", EDITS)
def test_a_finished_table_refuses_every_edit(
    app: Flask, actions: TableActions, name: str
) -> None:
    edit = EDITS[name]
    table_id = FINISH[edit.game](actions)
    path, data = edit.make(actions, table_id)
    assert app.url_map.bind("").match(path, method="POST")[0] == edit.endpoint
    before = state(app, table_id)
    response = actions.client.post(path, data=data)
    assert response.status_code in (400, 409), response.get_data(as_text=True)
    assert state(app, table_id) == before
    # The refusal says the game is over and offers to reopen it.
    said = notice(soup(response))
    assert said is not None, response.get_data(as_text=True)
    assert "The game is over" in said.get_text()
    assert said.select_one(f"form[action='/t/{table_id}/reopen'] button")

    # Reopened, the same request goes through: the lock was the only reason.
    assert reopen(actions, table_id).status_code == 302
    opened = state(app, table_id)
    path, data = edit.make(actions, table_id)
    response = actions.client.post(path, data=data)
    assert response.status_code == edit.when_open, response.get_data(as_text=True)
    assert (state(app, table_id)[0] != opened[0]) == edit.changes


NOT_EDITS = {
    "finished.reopen": "reopens the game",
    "tables.undo": "moves in the history",
    "tables.redo": "moves in the history",
    "tables.go_to": "moves in the history",
    "tables.delete": "deletes the table, after a confirmation",
    "tables.forget": "this device forgets the table",
    "lookup.house_rules": "a house rule of the table, not its game",
    "lookup.delete_house_rule": "a house rule of the table, not its game",
    "civic.tiles": "the group's civic tiles, for any table",
    "civic.edit": "the group's civic tiles, for any table",
    "civic.delete": "the group's civic tiles, for any table",
    "roads.face": "the group's road-board faces, for any table",
}
"""The POST routes of a table that change no table file or history."""


def test_every_post_route_of_a_table_is_locked_or_changes_no_table(
    app: Flask,
) -> None:
    """A new POST route of a table is either one of ``EDITS`` (refused while
    finished, through ``check_open`` in the way it saves) or listed in
    ``NOT_EDITS`` with why."""
    endpoints = {
        rule.endpoint
        for rule in app.url_map.iter_rules()
        if "POST" in (rule.methods or ()) and "table_id" in rule.arguments
    }
    covered = {edit.endpoint for edit in EDITS.values()}
    unclassified = endpoints - covered - set(NOT_EDITS)
    assert not unclassified, (
        f"{sorted(unclassified)}: a POST route of a table; add it to EDITS in "
        "this module (refused while the game is finished) or to NOT_EDITS"
    )
    assert covered <= endpoints


# --------------------------------------------------------------------------
# Reopening: a step of the history, undone like any other
# --------------------------------------------------------------------------


def history_words(client: FlaskClient, table_id: str) -> list[str]:
    page = soup(client.get(f"/t/{table_id}/history"))
    return [li.get_text(" ", strip=True) for li in page.select("main ol li")]


def is_locked(actions: TableActions, table_id: str) -> bool:
    """Whether the table page says the game is over (and offers no renaming)."""
    page = soup(actions.client.get(f"/t/{table_id}"))
    locked = notice(page) is not None
    assert (page.select_one("#rename") is None) == locked
    return locked


def test_reopen_is_a_step_that_undo_takes_back(
    app: Flask, actions: TableActions, client: FlaskClient
) -> None:
    table_id = foundations(actions)
    assert is_locked(actions, table_id)
    steps = len(state(app, table_id)[2])

    response = reopen(actions, table_id)
    assert response.status_code == 302
    assert response.headers["Location"] == f"/t/{table_id}"
    page = soup(client.get(f"/t/{table_id}"))
    assert "The game is reopened" in page.select_one(".flashes").get_text()
    assert not is_locked(actions, table_id)
    version, position, history, _document = state(app, table_id)
    assert (len(history), history[-1][1]) == (steps + 1, REOPEN)
    assert any("Game reopened" in words for words in history_words(client, table_id))

    # Undo takes the reopening back: the game is over again.
    assert actions.post_action(table_id, "undo").status_code == 302
    flashed = soup(client.get(f"/t/{table_id}")).select_one(".flashes").get_text()
    assert "Undone: Game reopened" in flashed
    assert is_locked(actions, table_id)
    path, data = board(lots=["E5"], marker="y")(actions, table_id)
    assert client.post(path, data=data).status_code == 409
    # ... and redo reopens it.
    assert actions.post_action(table_id, "redo").status_code == 302
    assert not is_locked(actions, table_id)
    assert state(app, table_id)[1] == position
    assert state(app, table_id)[0] > version


def test_reopening_an_open_game_or_from_a_stale_page_adds_no_step(
    app: Flask, actions: TableActions, client: FlaskClient
) -> None:
    table_id = actions.create_id("all-roads", [("Ana", "red"), ("Bo", "yellow")])
    before = state(app, table_id)
    assert reopen(actions, table_id).status_code == 302
    assert state(app, table_id) == before
    flashed = soup(client.get(f"/t/{table_id}")).select_one(".flashes").get_text()
    assert "nothing to reopen" in flashed

    assert tally(actions, table_id) == 302
    stale = fresh(actions, table_id)  # a phone that shows the game over ...
    assert reopen(actions, table_id).status_code == 302  # ... another reopens it
    assert tally(actions, table_id, house=5) == 302  # ... and finishes it again
    before = state(app, table_id)
    response = client.post(f"/t/{table_id}/reopen", data=stale)
    assert response.status_code == 302
    assert state(app, table_id) == before
    flashed = soup(client.get(f"/t/{table_id}")).select_one(".flashes").get_text()
    assert "another device" in flashed


@pytest.mark.parametrize(
    ("screen", "back"),
    [
        ("/tally", "/tally"),
        ("/turn", "/turn"),
        ("/history", "/history"),
        ("", ""),
    ],
)
def test_reopen_comes_back_to_the_screen_it_was_tapped_on(
    actions: TableActions, client: FlaskClient, screen: str, back: str
) -> None:
    table_id = all_roads(actions)
    page = soup(client.get(f"/t/{table_id}{screen}"))
    form = notice(page).select_one("form")
    response = client.post(form["action"], data=form_data(form))
    assert response.headers["Location"] == f"/t/{table_id}{back}"


@pytest.mark.parametrize(
    "target", ["https://example.com/", "//example.com/t/x", "/t/another/tally", "/"]
)
def test_reopen_never_goes_elsewhere(
    actions: TableActions, client: FlaskClient, target: str
) -> None:
    table_id = all_roads(actions)
    response = reopen(actions, table_id, next=target)
    assert response.headers["Location"] == f"/t/{table_id}"


# --------------------------------------------------------------------------
# The next final scoring finishes the game again
# --------------------------------------------------------------------------


def test_foundations_reopened_is_scored_again(
    app: Flask, actions: TableActions, client: FlaskClient
) -> None:
    table_id = foundations(actions)
    assert reopen(actions, table_id).status_code == 302
    # Reopened, the Era 3 scoring is to be done again: no final result yet.
    page = soup(client.get(f"/t/{table_id}"))
    assert "Final result" not in page.get_text()
    assert page.select_one(".places-list") is None
    assert page.select_one("table.scores") is None  # Era 3's totals are taken back
    path, data = board(lots=["D3"], remove="y")(actions, table_id)
    assert client.post(path, data=data).status_code == 302
    era = soup(client.get(f"/t/{table_id}/era"))
    assert era.select_one("main form[method=post]") is not None  # "Score this era"
    assert score_era(actions, table_id) == 302

    assert is_locked(actions, table_id)
    page = soup(client.get(f"/t/{table_id}"))
    assert "Final result" in page.get_text()
    rows = page.select("table.scores tbody tr")
    assert [row.select_one("th").get_text(strip=True) for row in rows] == ["3"]
    assert_totals_agree(client, table_id)


def test_all_roads_finished_by_its_last_turn_is_reopened_for_the_tally(
    app: Flask, actions: TableActions, client: FlaskClient
) -> None:
    table_id = actions.create_id("all-roads", [("Ana", "red"), ("Bo", "yellow")])
    for _ in range(6):
        for player in ("red", "yellow"):
            path, data = from_form("/turn", {"player": player, "dead_end": "1"})(
                actions, table_id
            )
            assert client.post(path, data=data).status_code == 302
    assert is_locked(actions, table_id)
    path, data = from_form("/tally", {"players-0-house": "3"})(actions, table_id)
    assert client.post(path, data=data).status_code == 409

    assert reopen(actions, table_id).status_code == 302
    page = soup(client.get(f"/t/{table_id}"))
    assert "Final result" not in page.get_text() and "wins." not in page.get_text()
    # Every tile is placed: a thirteenth turn is still refused, the tally is not.
    path, data = from_form("/turn", {"player": "red", "dead_end": "1"})(
        actions, table_id
    )
    assert client.post(path, data=data).status_code == 400
    assert tally(actions, table_id, house=3) == 302
    assert is_locked(actions, table_id)
    assert "Final result" in client.get(f"/t/{table_id}").get_data(as_text=True)


def test_all_roads_tally_corrected_after_reopening(
    actions: TableActions, client: FlaskClient
) -> None:
    table_id = all_roads(actions)
    assert tally(actions, table_id, house=2) == 409
    assert reopen(actions, table_id).status_code == 302
    assert tally(actions, table_id, house=2) == 302
    assert is_locked(actions, table_id)
    assert actions.document(table_id)["unbuilt"]["red"]["house"] == 2


@pytest.mark.parametrize(
    ("steps", "locked"),
    [
        # The camps, then the end: over at the end.
        (["camps", "end"], True),
        # The end first: over once the camps are in.
        (["end"], False),
        (["end", "camps"], True),
        # The camps alone name a winner, but nothing says the game ended.
        (["camps"], False),
        # A surrender names the winner: over without the camps.
        (["surrender"], True),
        # A Forum victory needs the winner's Forum in their camp: refused.
        (["forum"], False),
        # An end that ticks nothing does not end the game.
        (["camps", "nothing"], False),
    ],
)
def test_glory_is_over_when_its_end_is_noted_and_its_result_known(
    actions: TableActions, steps: list[str], locked: bool
) -> None:
    table_id = actions.create_id("glory-to-rome", [("Ana", ""), ("Bo", "")])
    for step in steps:
        if step == "camps":
            assert enter_camps(actions, table_id) == 302
        elif step == "end":
            assert note_end(actions, table_id, how="deck") == 302
        elif step in ("surrender", "forum"):
            winner = actions.document(table_id)["players"][1]["id"]
            status = 302 if step == "surrender" else 400
            assert note_end(actions, table_id, how=step, winner=winner) == status
        else:
            assert note_end(actions, table_id) == 302
    assert is_locked(actions, table_id) == locked


def test_glory_reopened_is_finished_again_by_the_corrected_camps(
    actions: TableActions, client: FlaskClient
) -> None:
    table_id = glory(actions)
    assert reopen(actions, table_id).status_code == 302
    path, data = from_form("/camps", {"camps-0-hand": "3"})(actions, table_id)
    assert client.post(path, data=data).status_code == 302
    assert is_locked(actions, table_id)


# --------------------------------------------------------------------------
# What a finished table still does, and what its screens say
# --------------------------------------------------------------------------


def test_undo_redo_history_export_report_and_house_rules_stay(
    actions: TableActions, client: FlaskClient
) -> None:
    table_id = all_roads(actions)
    assert client.get(f"/t/{table_id}/history").status_code == 200
    assert client.get(f"/t/{table_id}/export").status_code == 200
    assert client.get(f"/t/{table_id}/report.pdf").status_code == 200
    added = actions.house_rule(
        table_id, title="Quokka rule", text="A quokka counts double.", lang="en"
    )
    assert added.status_code == 302
    assert actions.post_action(table_id, "undo").status_code == 302  # the tally
    assert not is_locked(actions, table_id)
    assert actions.post_action(table_id, "redo").status_code == 302
    assert is_locked(actions, table_id)


SCREENS = {
    "foundations-of-rome": [
        "",
        "/board",
        "/build?owner=red&lots=E5",
        "/building/A1",
        "/era",
        "/roads/setup",
        "/roads",
        "/roads/face",
        "/monuments?player=red",
        "/monuments/tower-of-wonders?player=red",
        "/history",
    ],
    "all-roads": ["", "/tally", "/turn", "/history"],
    "glory-to-rome": ["", "/camps", "/end", "/history"],
}


@pytest.mark.parametrize("game", SCREENS)
def test_every_screen_of_a_finished_table_says_so(
    actions: TableActions, client: FlaskClient, game: str
) -> None:
    table_id = FINISH[game](actions)
    for screen in SCREENS[game]:
        page = soup(client.get(f"/t/{table_id}{screen}"))
        said = notice(page)
        assert said is not None, screen
        button = said.select_one(f"form[action='/t/{table_id}/reopen'] button")
        assert button.get_text(strip=True) == "Reopen the game", screen
    # Not the screens that change no table of the game, nor an open table.
    assert notice(soup(client.get(f"/t/{table_id}/house-rules"))) is None
    assert notice(soup(client.get(f"/t/{table_id}/delete"))) is None
    assert reopen(actions, table_id).status_code == 302
    for screen in SCREENS[game]:
        assert notice(soup(client.get(f"/t/{table_id}{screen}"))) is None, screen


def play_file_winners(client: FlaskClient, table_id: str) -> list[str]:
    """The winners' names as the BG Stats play file gives them."""
    data = json.loads(client.get(f"/t/{table_id}/play.bgsplay").data)
    names = {p["id"]: p["name"] for p in data["players"]}
    (play,) = data["plays"]
    return [names[s["playerRefId"]] for s in play["playerScores"] if s["winner"]]


@pytest.mark.parametrize("game", SCREENS)
def test_every_screen_of_a_finished_table_names_the_winner_first(
    actions: TableActions, client: FlaskClient, game: str
) -> None:
    """Issue 28: the winner and every player's place come first, before the
    notice and the BG Stats block, and name whom the play file names."""
    table_id = FINISH[game](actions)
    winners = play_file_winners(client, table_id)
    assert winners
    for screen in SCREENS[game]:
        page = soup(client.get(f"/t/{table_id}{screen}"))
        result = page.select_one("section.final-result")
        assert result is not None, screen
        order = [
            el.get("class", [None])[0] if el.name != "main" else "main"
            for el in page.select("section.final-result, aside, main")
        ]
        assert order[:4] == [
            "final-result",
            "reminder",  # the notice: "Reopen the game"
            "reminder",  # after the game: BG Stats, CSV
            "main",
        ], screen
        said = result.select_one(".winner").get_text(" ", strip=True)
        assert all(name in said for name in winners), (screen, said)
        places = result.select(".final-places li")
        assert len(places) == len(actions.document(table_id)["players"]), screen
        firsts = [li.select_one(".player-name").get_text() for li in places]
        assert sorted(firsts[: len(winners)]) == sorted(winners), screen
    assert reopen(actions, table_id).status_code == 302
    for screen in SCREENS[game]:
        page = soup(client.get(f"/t/{table_id}{screen}"))
        assert page.select_one("section.final-result") is None, screen


def test_a_finished_board_is_read_only(
    actions: TableActions, client: FlaskClient
) -> None:
    table_id = foundations(actions)
    page = soup(client.get(f"/t/{table_id}/board"))
    assert page.select_one(".board-actions") is None
    assert page.select_one(".tray") is None
    assert page.select_one(f"a[href='/t/{table_id}/era']").get_text() == "Era 3 scoring"
    # Undo stays: it takes back the final scoring.
    assert page.select_one(f"form[action='/t/{table_id}/undo'] button:not([disabled])")


# --------------------------------------------------------------------------
# The table page, the era screen and the report agree
# --------------------------------------------------------------------------


NAMES = {"red": "Ana", "blue": "Bo"}


def assert_totals_agree(client: FlaskClient, table_id: str) -> None:
    """The table page (places and the Era 3 row), the era screen and the
    report give every player the same total."""
    pypdf = pytest.importorskip("pypdf")
    import io
    import re

    page = soup(client.get(f"/t/{table_id}"))
    places = {
        li["data-player"]: int(li.select_one(".vp").get_text().split()[0])
        for li in page.select(".places-list li")
    }
    last = page.select("table.scores tbody tr")[-1].select("td")
    era_row = {
        pid: int(cell.get_text().split()[0])
        for pid, cell in zip(NAMES, last, strict=True)
    }
    era = soup(client.get(f"/t/{table_id}/era"))
    screen = {
        td["data-player"]: int(td.get_text(strip=True))
        for td in era.select("td[data-category=total]")
    }
    pdf = pypdf.PdfReader(io.BytesIO(client.get(f"/t/{table_id}/report.pdf").data))
    text = " ".join(" ".join(p.extract_text() for p in pdf.pages).split())
    ids = {name: pid for pid, name in NAMES.items()}
    report = {
        ids[name]: int(vp)
        for name, vp in re.findall(r"\d\. [A-Z] (\w+) (\d+) VP", text)
    }
    assert places == era_row == screen == report, (places, era_row, screen, report)


def test_table_page_era_screen_and_report_agree_after_a_refused_edit(
    actions: TableActions, client: FlaskClient
) -> None:
    table_id = foundations(actions)
    assert_totals_agree(client, table_id)
    # A Domus on Bo's empty lot would give Bo population and VP: refused.
    path, data = board(lots=["G7"], piece="0", owner="blue")(actions, table_id)
    assert client.post(path, data=data).status_code == 409
    path, data = from_form("/building/A1", {"citizens": "9"})(actions, table_id)
    assert client.post(path, data=data).status_code == 409
    assert_totals_agree(client, table_id)


# --------------------------------------------------------------------------
# In the reader's language
# --------------------------------------------------------------------------


@pytest.mark.usefixtures("pseudo")
@pytest.mark.parametrize("game", SCREENS)
def test_the_notice_and_the_refusal_are_translated(
    actions: TableActions, client: FlaskClient, game: str
) -> None:
    table_id = FINISH[game](actions)
    for screen in SCREENS[game]:
        page = client.get(f"/t/{table_id}{screen}").get_data(as_text=True)
        said = soup_text(page, "aside.finished-notice")
        aside = BeautifulSoup(page, "html.parser").select_one("aside")
        assert untranslated(f"<body>{aside}</body>") == [], screen
        assert said.startswith("⟦"), screen
        result = BeautifulSoup(page, "html.parser").select_one("section.final-result")
        assert untranslated(f"<body>{result}</body>") == [], screen
        assert result is not None and result["aria-label"].startswith("⟦"), screen
    path, data = rename(actions, table_id)
    refused = BeautifulSoup(client.post(path, data=data).data, "html.parser")
    for part in ("aside", "h1", ".error-message", ".submitted h2", ".submitted p"):
        assert untranslated(f"<body>{refused.select_one(part)}</body>") == [], part


def soup_text(html: str, selector: str) -> str:
    found = BeautifulSoup(html, "html.parser").select_one(selector)
    assert found is not None, selector
    return found.get_text(" ", strip=True)


def test_italian_and_chinese_say_the_game_is_over(
    actions: TableActions, client: FlaskClient
) -> None:
    table_id = all_roads(actions)
    for lang, over, button in (
        ("it", "La partita è finita", "Riapri la partita"),
        ("zh", "游戏已结束", "重新开启游戏"),
    ):
        client.get(f"/lang/{lang}")
        said = soup_text(client.get(f"/t/{table_id}").get_data(as_text=True), "aside")
        assert said.startswith(over) and said.endswith(button)
