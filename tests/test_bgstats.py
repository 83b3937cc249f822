"""Issue 18: a finished game sent to BG Stats (a ``.bgsplay`` file) and kept
in a spreadsheet (CSV); a game not over offers neither.

The play file's shape is checked against what the public writers and readers
of real files agree on (companion/exports/bgstats.py cites them): the keys each part
has, their types (scores are strings, base/expansion flags 1/0, dates
``yyyy-MM-dd HH:mm:ss``), and every reference resolving inside the file.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Callable
from datetime import datetime
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.engines import read_table
from companion.exports.bgstats import play_file, result_csv, unique_headings
from companion.exports.report import build_report

from .conftest import TableActions, require_shared
from .helpers import soup
from .test_finished_lock import FINISH

# key -> type, as ctuncan/bga_bgstats writes them and the BG Stats export
# (louieddxu2/BoardGameScorePad, BGStatsExport.json) holds them.
PLAYER = {"id": int, "uuid": str, "name": str, "isAnonymous": bool}
LOCATION = {"id": int, "uuid": str, "name": str}
GAME = {
    "id": int,
    "uuid": str,
    "name": str,
    "bggId": int,
    "bggName": str,
    "bggYear": int,
    "cooperative": bool,
    "highestWins": bool,
    "noPoints": bool,
    "usesTeams": bool,
    "isBaseGame": int,
    "isExpansion": int,
}
PLAY = {
    "uuid": str,
    "gameRefId": int,
    "locationRefId": int,
    "playDate": str,
    "durationMin": int,
    "ignored": bool,
    "usesTeams": bool,
    "scoringSetting": int,
    "expansionPlays": list,
    "playerScores": list,
}
SCORE = {
    "playerRefId": int,
    "score": str,
    "winner": bool,
    "rank": int,
    "seatOrder": int,
    "startPlayer": bool,
    "newPlayer": bool,
}
DATE = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\Z")
UUID = re.compile(r"[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}\Z")


def has_shape(item: dict[str, Any], shape: dict[str, type]) -> None:
    for key, kind in shape.items():
        assert key in item, key
        # bool is an int in Python: an int field must not hold a bool.
        assert isinstance(item[key], kind), (key, item[key])
        assert kind is bool or not isinstance(item[key], bool), (key, item[key])


def check_play_file(data: dict[str, Any]) -> None:
    """The whole file as BG Stats reads it."""
    assert set(data) == {"about", "players", "locations", "games", "plays", "userInfo"}
    for player in data["players"]:
        has_shape(player, PLAYER)
    for location in data["locations"]:
        has_shape(location, LOCATION)
    for game in data["games"]:
        has_shape(game, GAME)
        assert game["isBaseGame"] + game["isExpansion"] == 1
    (play,) = data["plays"]
    has_shape(play, PLAY)
    assert DATE.match(play["playDate"])
    for item in [*data["players"], *data["locations"], *data["games"], play]:
        assert UUID.match(item["uuid"]), item["uuid"]
    ids = {part: {x["id"] for x in data[part]} for part in ("players", "games")}
    assert play["gameRefId"] in ids["games"]
    assert play["locationRefId"] in {x["id"] for x in data["locations"]}
    for expansion in play["expansionPlays"]:
        assert set(expansion) == {"gameRefId", "bggId"}
        assert expansion["gameRefId"] in ids["games"]
    for score in play["playerScores"]:
        has_shape(score, SCORE)
        assert score["playerRefId"] in ids["players"]
        assert re.fullmatch(r"-?\d+", score["score"])
    assert data["userInfo"]["meRefId"] in ids["players"]


@pytest.mark.parametrize("game", sorted(FINISH))
def test_every_finished_game_makes_a_play_file_and_a_csv(
    app: Flask, actions: TableActions, client: FlaskClient, game: str
) -> None:
    table_id = FINISH[game](actions)
    page = soup(client.get(f"/t/{table_id}"))
    form = page.select_one("form.after-game")
    assert form is not None and form.select_one("label[for=bgstats-me]")
    me = form.select("select[name=me] option")[-1]["value"]
    response = client.get(f"/t/{table_id}/play.bgsplay?me={me}")
    assert response.status_code == 200
    assert response.headers["Content-Disposition"].endswith('.bgsplay"')
    assert table_id not in response.headers["Content-Disposition"]
    data = json.loads(response.data)
    check_play_file(data)
    owner = next(p for p in data["players"] if p["id"] == data["userInfo"]["meRefId"])
    assert owner["name"] == form.select("select[name=me] option")[-1].get_text()
    report_page = soup(client.get(f"/t/{table_id}"))
    assert report_page.select_one("form.after-game") is not None
    (play,) = data["plays"]
    winners = [s for s in play["playerScores"] if s["winner"]]
    assert winners and all(s["rank"] == 1 for s in winners)
    # All Roads: the fewest unbuilt points wins.
    assert data["games"][0]["highestWins"] is (game != "all-roads")

    csv_response = client.get(f"/t/{table_id}/result.csv")
    assert csv_response.status_code == 200
    assert csv_response.mimetype == "text/csv"
    text = csv_response.data.decode("utf-8")
    assert text.startswith("\ufeff")
    rows = list(csv.reader(io.StringIO(text.removeprefix("\ufeff"))))
    assert rows[0][:3] == ["Player", "Place", "Total"]
    assert len(rows) == 1 + len(data["players"])
    assert {r[0] for r in rows[1:]} == {p["name"] for p in data["players"]}
    scores = {
        p["name"]: s["score"]
        for p in data["players"]
        for s in play["playerScores"]
        if s["playerRefId"] == p["id"]
    }
    assert {r[0]: r[2] for r in rows[1:]} == scores


def test_foundations_with_its_expansions_names_them(
    actions: TableActions, client: FlaskClient
) -> None:
    table_id = FINISH["foundations-of-rome"](actions)
    data = json.loads(client.get(f"/t/{table_id}/play.bgsplay").data)
    names = [g["name"] for g in data["games"]]
    assert names[0] == "Foundations of Rome"
    assert data["games"][0]["bggId"] == 284189
    assert "Foundations of Rome: Roads of Fortune" in names[1:]
    assert len(data["plays"][0]["expansionPlays"]) == len(names) - 1


def test_a_game_not_over_offers_no_play_file(
    actions: TableActions, client: FlaskClient
) -> None:
    table_id = actions.create_id("all-roads", [("Ana", "red"), ("Bo", "blue")])
    page = client.get(f"/t/{table_id}").get_data(as_text=True)
    assert "play.bgsplay" not in page and "result.csv" not in page
    for path in ("play.bgsplay", "result.csv"):
        response = client.get(f"/t/{table_id}/{path}")
        assert response.status_code == 409
        assert "not over" in response.get_data(as_text=True)


def test_an_unknown_owner_is_refused(
    actions: TableActions, client: FlaskClient
) -> None:
    table_id = FINISH["all-roads"](actions)
    assert client.get(f"/t/{table_id}/play.bgsplay?me=nobody").status_code == 400


NAMES = [
    ("李雷", "red"),
    ("Lucía Ñandú", "blue"),
    ("Zoë 🎲", "green"),
    ("=1+1", "yellow"),
]


def test_names_in_any_script_survive_the_round_trip(
    actions: TableActions, client: FlaskClient
) -> None:
    table_id = actions.create_id("all-roads", NAMES)
    data = actions.form(f"/t/{table_id}/tally")
    data.update({f"players-{row}-entered": "y" for row in range(len(NAMES))})
    assert client.post(f"/t/{table_id}/tally", data=data).status_code == 302
    play = json.loads(client.get(f"/t/{table_id}/play.bgsplay").data.decode("utf-8"))
    assert [p["name"] for p in play["players"]] == [n for n, _c in NAMES]
    text = client.get(f"/t/{table_id}/result.csv").data.decode("utf-8-sig")
    names = [row[0] for row in csv.reader(io.StringIO(text))][1:]
    # A name a spreadsheet would take for a formula is kept as text.
    assert sorted(names) == sorted(["李雷", "Lucía Ñandú", "Zoë 🎲", "'=1+1"])


def test_the_same_game_is_the_same_play_in_bg_stats(
    actions: TableActions, client: FlaskClient
) -> None:
    """Two downloads of one unchanged game: the same uuids (one play when
    imported twice); another game: another play."""
    table_id = FINISH["glory-to-rome"](actions)
    first = json.loads(client.get(f"/t/{table_id}/play.bgsplay").data)
    again = json.loads(client.get(f"/t/{table_id}/play.bgsplay").data)
    assert first == again
    other_id = FINISH["glory-to-rome"](actions)
    other = json.loads(client.get(f"/t/{other_id}/play.bgsplay").data)
    assert other["plays"][0]["uuid"] != first["plays"][0]["uuid"]


# --------------------------------------------------------------------------
# manualWinner, as BG Stats' own exports write it (companion/exports/bgstats.py)
# --------------------------------------------------------------------------

WHEN = datetime(2026, 12, 1, 21, 30)


def scenario_play(document: dict[str, Any]) -> dict[str, Any]:
    """The play of a finished table file, as its play file writes it."""
    report = build_report(read_table(document), on=WHEN.date())
    data = play_file(
        report, key="k", expansions=(), started=WHEN, finished=WHEN, me=None
    )
    check_play_file(data)
    (play,) = data["plays"]
    return play


def all_roads_file(unbuilt: dict[str, dict[str, int]]) -> dict[str, Any]:
    return {
        "format": "rome-companion/1",
        "game": "all-roads",
        "players": [{"id": pid, "name": pid.title()} for pid in unbuilt],
        "unbuilt": unbuilt,
    }


def shared_file(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        (require_shared() / "scenarios" / f"{name}.json").read_text()
    )
    return data


def _ar(m: int, s: int, v: int, h: int) -> dict[str, int]:
    return {"monument": m, "spa": s, "villa": v, "house": h}


# (table file, winners, manualWinner), one row per kind of win.
MANUAL_WINNER = [
    pytest.param(
        lambda: shared_file("gtr-4p-merchant-ties-statue-wall-hand"),
        {"green"},
        True,
        id="gtr-25-25-won-on-cards-in-hand",
    ),
    pytest.param(
        # 7-7 for first place: red built the monument blue left unbuilt.
        lambda: all_roads_file({"red": _ar(0, 1, 2, 0), "blue": _ar(1, 1, 0, 0)}),
        {"red"},
        True,
        id="all-roads-tie-for-first-broken-by-monuments",
    ),
    pytest.param(
        # 4-4, the same tokens left: nothing breaks the tie, a shared win.
        lambda: all_roads_file({"red": _ar(0, 0, 2, 0), "blue": _ar(0, 0, 2, 0)}),
        {"red", "blue"},
        False,
        id="all-roads-shared-win",
    ),
    pytest.param(
        # The tie-break orders second and third place only: a plain win.
        lambda: shared_file("all-roads-3p-tie-broken-by-spas"),
        {"green"},
        False,
        id="all-roads-tie-broken-below-first",
    ),
    pytest.param(
        lambda: shared_file("for-4p-era3-final-scoring"),
        None,
        False,
        id="foundations-top-score-win",
    ),
]


@pytest.mark.parametrize(("document", "winners", "manual"), MANUAL_WINNER)
def test_manual_winner_is_what_bg_stats_writes(
    document: Callable[[], dict[str, Any]], winners: set[str] | None, manual: bool
) -> None:
    """``manualWinner`` is true exactly when the winners are not the top
    scores: then BG Stats keeps the winners we name instead of sharing the
    win among the equal scores."""
    doc = document()
    play = scenario_play(doc)
    assert play["manualWinner"] is manual
    ids = {i: p["id"] for i, p in enumerate(doc["players"], start=1)}
    won = {ids[s["playerRefId"]] for s in play["playerScores"] if s["winner"]}
    if winners is not None:
        assert won == winners
    ranks = sorted(s["rank"] for s in play["playerScores"])
    # A tie broken: its players get places of their own (BG Stats' Gizmos
    # 44-44: ranks 1 and 2); a shared win: both rank 1.
    assert ranks.count(1) == len(won)


def test_foundations_tie_for_first_is_a_shared_win() -> None:
    """Foundations of Rome breaks no tie (rulebook 001, "End of Game"): equal
    top totals share the win, as BG Stats itself reads them."""
    doc = shared_file("for-4p-era3-final-scoring")
    first = build_report(read_table(doc), on=WHEN.date()).standings[0]
    doc["score_before"] = {
        p["id"]: doc.get("score_before", {}).get(p["id"], 0) for p in doc["players"]
    }
    # Lift every other player's running total to the leader's.
    for standing in build_report(read_table(doc), on=WHEN.date()).standings[1:]:
        doc["score_before"][standing.seat.id] += first.total - standing.total
    play = scenario_play(doc)
    assert play["manualWinner"] is False
    assert all(s["winner"] and s["rank"] == 1 for s in play["playerScores"])


# --------------------------------------------------------------------------
# The CSV as pandas and csv.DictReader read it
# --------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "it", "zh"])
@pytest.mark.parametrize("game", sorted(FINISH))
def test_every_csv_heading_is_unique_in_every_language(
    actions: TableActions, client: FlaskClient, game: str, lang: str
) -> None:
    """A reader that keys columns by heading (pandas names a repeat
    ``Total.1``; ``csv.DictReader`` keeps only the last) loses no column, and
    every row holds as many cells as the headings."""
    table_id = FINISH[game](actions)
    response = client.get(
        f"/t/{table_id}/result.csv", headers={"Accept-Language": lang}
    )
    text = response.data.decode("utf-8-sig")
    reader = csv.DictReader(io.StringIO(text))
    rows = list(reader)
    headings = reader.fieldnames or []
    assert len(headings) == len(set(headings)), headings
    assert rows and all(len(row) == len(headings) for row in rows)
    assert all(None not in row and None not in row.values() for row in rows)
    # The total is there once, in the third column, whatever the game.
    assert [row[headings[2]] for row in rows] == [
        line.split(",")[2] for line in text.splitlines()[1:]
    ]


@pytest.mark.parametrize(
    ("headings", "unique"),
    [
        (["Total", "Era 1", "Total"], ["Total", "Era 1", "Total (2)"]),
        (["A", "A", "A"], ["A", "A (2)", "A (3)"]),
        # A label that already reads like a numbered repeat is not taken twice.
        (["A", "A (2)", "A"], ["A", "A (2)", "A (3)"]),
        (["Player", "Place"], ["Player", "Place"]),
    ],
)
def test_unique_headings(headings: list[str], unique: list[str]) -> None:
    assert unique_headings(headings) == unique


FORMULA_NAMES = [
    ("=1+1", True),
    ("+39 333", True),
    ("-2", True),
    ("@SUM(A1)", True),
    ("\t=1+1", True),
    ("\r=1+1", True),
    ("\n1", True),
    ("\tBo", True),  # a leading tab alone: OWASP's list
    (" =1+1", True),  # a space before the sign
    ("\u00a0=1+1", True),  # a no-break space
    ("\ufeff=1+1", True),  # a byte order mark
    ("\u200b=1+1", True),  # a zero-width space
    ("\u2060=1+1", True),  # a word joiner
    ("\u200b \ufeff+1", True),  # several invisible characters
    ("＝1+1", True),  # a full-width equals sign
    ("＋1", True),  # full-width plus
    ("－1", True),  # full-width hyphen-minus
    ("＠A1", True),  # full-width commercial at
    ("﹦1", True),  # a small equals sign
    ("\u22121", True),  # the minus sign
    ("Ana", False),
    ("李雷", False),
    ("Bo = Bo", False),  # a sign inside the name
    ("Zoë 🎲", False),
    ("'=1", False),  # already text in a spreadsheet
    ("", False),
]


@pytest.mark.parametrize(("name", "formula"), FORMULA_NAMES)
def test_a_name_a_spreadsheet_would_take_for_a_formula_stays_text(
    name: str, formula: bool
) -> None:
    document = all_roads_file({"red": _ar(0, 0, 1, 0), "blue": _ar(0, 0, 2, 0)})
    document["players"][1]["name"] = name or "x"
    report = build_report(read_table(document), on=WHEN.date())
    rows = list(csv.reader(io.StringIO(result_csv(report, str))))
    cell = next(row[0] for row in rows[1:] if row[2] == "4")
    assert cell == ("'" + name if formula else name or "x")
