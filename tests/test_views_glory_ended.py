"""Glory to Rome's ``ended`` (spec: "Glory to Rome", how the game ended) on
the screens and through the command: the end screen writes it into the table
file and reads it back, two phones keep it, the history undoes it, the table
page, the report and the exports say it, and the shared scenarios of
``next/`` go through ``companion score`` and the web import as written.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion import edits
from companion.storage import store

from .conftest import SHARED, TableActions, require_shared
from .helpers import run_cli, soup
from .scenario_match import expected_error, expected_result, mismatches
from .test_views_glory import Camps, cells
from .test_views_history import step_form
from .test_views_report import pdf_text

NEXT = SHARED / "scenarios" / "next"
FORUM_WIN = NEXT / "gtr-4p-forum-victory-scores-not-compared.json"
VALID = sorted(p for p in NEXT.glob("gtr-*.json") if ".expected" not in p.name)
INVALID = sorted((NEXT / "invalid").glob("gtr-*.json"))


def page_text(client: FlaskClient, path: str) -> str:
    return " ".join(soup(client.get(path)).get_text(" ").split())


def set_end(camps: Camps, **sent: str) -> int:
    """Send the end screen as shown, with ``sent`` changed."""
    data = camps.actions.form(f"/t/{camps.id}/end")
    data.update(sent)
    return camps.client.post(f"/t/{camps.id}/end", data=data).status_code


# --------------------------------------------------------------------------
# The shared scenarios of next/, through the command and the web import
# --------------------------------------------------------------------------


def test_the_next_gtr_scenarios_are_there() -> None:
    require_shared()
    assert [p.name for p in VALID] == [FORUM_WIN.name]
    assert [p.stem for p in INVALID] == [
        "gtr-deck-ending-names-a-winner",
        "gtr-forum-victory-without-forum",
    ]


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.stem)
def test_next_scenario_through_companion_score(path: Path) -> None:
    require_shared()
    status, out, err = run_cli("score", str(path))
    assert (status, err) == (0, "")
    assert mismatches(expected_result(path), json.loads(out)) == []


@pytest.mark.parametrize("path", INVALID, ids=lambda p: p.stem)
def test_next_invalid_scenario_through_companion_score(path: Path) -> None:
    require_shared()
    status, out, err = run_cli("score", str(path))
    assert (status, out) == (2, "")
    assert expected_error(path) in err
    assert len(err.strip().splitlines()) == 1  # one problem, one line


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.stem)
def test_next_scenario_through_the_web_import(
    actions: TableActions, client: FlaskClient, path: Path
) -> None:
    require_shared()
    table_id = actions.import_id(path.read_bytes())
    expected = expected_result(path)
    rows = cells(soup(client.get(f"/t/{table_id}")))
    for pid, values in expected["players"].items():
        assert rows[pid]["total"] == str(values["total"])
        assert rows[pid]["place"] == str(values["place"])
    # The table imported with ``ended`` shows it and exports it as it came.
    text = page_text(client, f"/t/{table_id}")
    assert "The game ended: a player won with the Forum" in text
    assert "Bo wins with the Forum: the scores are not compared" in text
    assert "Bo wins." in text
    assert actions.document(table_id)["ended"] == expected["ended"]
    assert actions.document(table_id) == json.loads(path.read_text("utf-8"))


@pytest.mark.parametrize("path", INVALID, ids=lambda p: p.stem)
def test_next_invalid_scenario_is_refused_by_the_web_import(
    actions: TableActions, client: FlaskClient, path: Path
) -> None:
    require_shared()
    response = actions.import_file(path.read_bytes())
    assert response.status_code == 400
    assert expected_error(path) in response.get_data(as_text=True)
    assert "/t/" not in response.headers.get("Location", "")


# --------------------------------------------------------------------------
# The end screen writes ``ended`` and reads it back
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sent", "ended"),
    [
        ({"how": "deck"}, {"how": "deck"}),
        ({"how": "sites"}, {"how": "sites"}),
        ({"how": "catacomb"}, {"how": "catacomb"}),
        ({"how": "surrender", "winner": "p2"}, {"how": "surrender", "winner": "p2"}),
        ({"how": "forum", "winner": "p3"}, {"how": "forum", "winner": "p3"}),
    ],
)
def test_the_end_screen_writes_ended_and_reads_it_back(
    actions: TableActions, sent: dict[str, str], ended: dict[str, str]
) -> None:
    camps = Camps(actions)
    # Lucía completed the Forum, Marco the Catacomb; one camp not entered.
    entered = camps.enter(
        **{
            "camps-0-buildings-0-name": "Catacomb",
            "camps-2-buildings-0-name": "Forum",
            "camps-1-entered": False,
        }
    )
    assert entered.status_code == 302
    assert set_end(camps, **sent) == 302
    assert camps.document()["ended"] == ended
    shown = actions.form(f"/t/{camps.id}/end")
    assert shown["how"] == ended["how"]
    assert shown.get("winner", "") == ended.get("winner", "")


def test_not_ended_takes_ended_out_of_the_file(actions: TableActions) -> None:
    camps = Camps(actions)
    assert set_end(camps, how="deck") == 302
    assert camps.document()["ended"] == {"how": "deck"}
    assert set_end(camps, how="") == 302
    assert "ended" not in camps.document()
    assert actions.form(f"/t/{camps.id}/end")["how"] == ""
    text = page_text(camps.client, f"/t/{camps.id}")
    assert "How the game ended is not noted yet." in text


def test_a_table_saved_before_the_file_carried_ended_still_says_it(
    app: Flask, actions: TableActions
) -> None:
    """An end step saved as the old checklist (no ``ended`` in the file) is
    read as the ending it ticked; the screen shows it and saves it as
    ``ended``."""
    camps = Camps(actions)
    with app.app_context():
        table = store.get_table(camps.id)
        edits.save(
            table,
            seen=table.version,
            action="gtr-end",
            details={"deck_exhausted": False, "last_in_town_site": True},
        )
    assert "ended" not in camps.document()
    text = page_text(camps.client, f"/t/{camps.id}")
    assert "The game ended: the last in-town site was taken" in text
    assert actions.form(f"/t/{camps.id}/end")["how"] == "sites"
    assert set_end(camps) == 302  # saved as shown: now in the file
    assert camps.document()["ended"] == {"how": "sites"}


# --------------------------------------------------------------------------
# Two phones, and the history
# --------------------------------------------------------------------------


def test_another_phones_save_keeps_how_the_game_ended(
    phones: tuple[TableActions, TableActions],
) -> None:
    ana, bo = phones
    table_id = ana.create_id("glory-to-rome", [("Ana", ""), ("Bo", "")])
    camps_path, end_path = f"/t/{table_id}/camps", f"/t/{table_id}/end"
    # Ana opens the camps; meanwhile Bo notes that the deck ran out.
    ana_camps = ana.form(camps_path)
    bo_end = bo.form(end_path)
    bo_end["how"] = "deck"
    assert bo.client.post(end_path, data=bo_end).status_code == 302
    # Ana's camp, sent from the page she opened before: merged, and the
    # ending Bo noted is still in the file.
    ana_camps["camps-0-hand"] = "3"
    ana_camps["camps-0-entered"] = "y"
    saved = ana.client.post(camps_path, data=ana_camps)
    assert saved.status_code == 302, saved.get_data(as_text=True)
    document = ana.document(table_id)
    assert document["ended"] == {"how": "deck"}
    assert document["camps"][document["players"][0]["id"]]["hand"] == 3
    # And the other way: Bo's end screen, sent from a page opened before
    # Ana renamed him, keeps the new name and writes the new ending.
    stale = bo.form(end_path)
    assert ana.rename(table_id, ["Ana", "Bob"]).status_code == 302
    stale["how"] = "sites"
    assert bo.client.post(end_path, data=stale).status_code == 302
    document = bo.document(table_id)
    assert document["ended"] == {"how": "sites"}
    assert [p["name"] for p in document["players"]] == ["Ana", "Bob"]


def test_how_the_game_ended_is_a_step_undone_and_restored(
    actions: TableActions, client: FlaskClient
) -> None:
    camps = Camps(actions)
    assert set_end(camps, how="deck") == 302
    assert set_end(camps, how="surrender", winner="p2") == 302  # finishes it
    history = page_text(client, f"/t/{camps.id}/history")
    assert history.count("End of the game noted") == 2
    assert camps.document()["ended"] == {"how": "surrender", "winner": "p2"}
    assert "李雷 wins." in page_text(client, f"/t/{camps.id}")
    # Undo: the deck again, and the game no longer over (nobody is named).
    assert actions.post_action(camps.id, "undo").status_code == 302
    assert camps.document()["ended"] == {"how": "deck"}
    assert actions.form(f"/t/{camps.id}/end")["how"] == "deck"
    assert actions.post_action(camps.id, "undo").status_code == 302
    assert "ended" not in camps.document()
    assert actions.post_action(camps.id, "redo").status_code == 302
    assert camps.document()["ended"] == {"how": "deck"}
    # A tap on the last step in History brings the surrender back.
    path, data = step_form(client, camps.id, 3)
    assert client.post(path, data=data).status_code == 302
    assert camps.document()["ended"] == {"how": "surrender", "winner": "p2"}
    assert "李雷 wins." in page_text(client, f"/t/{camps.id}")


# --------------------------------------------------------------------------
# The table page, the report, the PDF and the exports say it
# --------------------------------------------------------------------------


def forum_win(actions: TableActions) -> str:
    require_shared()
    return actions.import_id(FORUM_WIN.read_bytes())


def test_the_report_and_pdf_say_how_the_game_ended(
    actions: TableActions, client: FlaskClient
) -> None:
    table_id = forum_win(actions)
    text = pdf_text(client, table_id)
    assert "The game ended: a player won with the Forum" in text
    assert "Bo wins with the Forum: the scores are not compared" in text
    assert "Chiara wins" not in text  # 25 and 5 cards in hand: on points, she would
    share = soup(client.get(f"/t/{table_id}/share"))
    link = share.select_one("a.watch-link")["href"]
    watch = page_text(client, urlsplit(str(link)).path)
    assert "The game ended: a player won with the Forum" in watch


def test_the_report_says_an_ending_that_names_nobody(
    actions: TableActions, client: FlaskClient
) -> None:
    camps = Camps(actions)
    assert set_end(camps, how="deck") == 302
    # Not over yet (the camps are not entered), and the report says how it ended.
    assert "The game ended: the draw deck ran out" in pdf_text(client, camps.id)


def test_bg_stats_and_csv_flag_the_forum_winner_not_the_top_score(
    actions: TableActions, client: FlaskClient
) -> None:
    table_id = forum_win(actions)
    play = json.loads(client.get(f"/t/{table_id}/play.bgsplay").data)
    names = {p["id"]: p["name"] for p in play["players"]}
    scores = {names[s["playerRefId"]]: s for s in play["plays"][0]["playerScores"]}
    assert scores["Bo"]["score"] == scores["Chiara"]["score"] == "25"
    assert (scores["Bo"]["winner"], scores["Bo"]["rank"]) == (True, 1)
    assert (scores["Chiara"]["winner"], scores["Chiara"]["rank"]) == (False, 2)
    assert [s["winner"] for s in scores.values()].count(True) == 1
    text = client.get(f"/t/{table_id}/result.csv").data.decode("utf-8-sig")
    rows: list[Any] = list(csv.reader(io.StringIO(text)))
    assert [row[:2] for row in rows[1:]][0] == ["Bo", "1"]
    assert {row[0]: row[1] for row in rows[1:]} == {
        "Bo": "1",
        "Ana": "2",
        "Chiara": "2",
        "Emma": "2",
    }
