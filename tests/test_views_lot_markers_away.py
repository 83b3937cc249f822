"""Lot markers left on road boards from the previous era, on the screens.

A lot marker placed on a road board at an era scoring is missing the next era
(rulebook 000, "Gameplay Example - West Road Board" D) of the 8 a player has
(rulebook 001, "Special Rules & Edge Cases - Lot Markers"). The draft and the
era scoring carry them into the next era's file (``road_boards.
lot_markers_away``) with nobody entering them; the board and the draft say so;
undo takes them back with the scoring; and the shared ``next/`` scenarios of
this change import and score on the web as through the command.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.engines import read_table

from .conftest import SHARED, TableActions, require_shared
from .helpers import form_data, soup
from .scenario_match import expected_error, expected_result
from .test_views_roads import pick

NEXT = SHARED / "scenarios" / "next"
VALID = sorted(p for p in NEXT.glob("rof-*.json") if ".expected" not in p.name)
INVALID = sorted((NEXT / "invalid").glob("rof-*.json"))

INTERIOR = ["B3", "C3", "D3", "E3", "F3", "B4", "C4", "D4"]
"""Lots of the 7x7 board on no edge."""

MILESTONES = {
    "kind": "milestones",
    "slots": [{"reward": {"vp": 3}}, {"reward": {"vp": 2}}],
}
MAJORITY = {"kind": "majority", "most": [1, 2, 3], "none": [0, 0, 0]}

ANA_AWAY = "Ana has 1 lot marker on a road board from era 1: 7 available"


def era_1_table(markers: int = 5) -> dict[str, Any]:
    """Era 1 for Ana (red) and Bo (blue): Ana's Insula on A1-B1 ranks her first
    on the north edge (and alone on the west), Bo's house on D1 second. Ana
    holds no milestone (``milestones_left``), so her pick on the north board
    is a lot marker, of the 8 less the ``markers`` on the city board."""
    return {
        "format": "rome-companion/1",
        "game": "foundations-of-rome",
        "players": [{"id": "red", "name": "Ana"}, {"id": "blue", "name": "Bo"}],
        "era": 1,
        "buildings": [
            {
                "owner": "red",
                "type": "residential",
                "lots": ["A1", "B1"],
                "citizens": 3,
            },
            {"owner": "blue", "type": "residential", "lots": ["D1"], "citizens": 1},
        ],
        "lot_markers": {"red": INTERIOR[:markers]},
        "road_boards": {
            "north": MILESTONES,
            "east": MAJORITY,
            "south": MAJORITY,
            "west": MILESTONES,
            "milestones_left": {"red": 0},
        },
    }


def draft_era_1(actions: TableActions, client: FlaskClient, table_id: str) -> None:
    """Ana takes the north 3 VP space with a lot marker; Bo and then Ana (on
    the west) pass; the era is scored from its screen."""
    page = soup(client.get(f"/t/{table_id}/roads"))
    help_text = page.select_one(".marker-help").get_text(" ", strip=True)
    assert help_text == (
        "No milestone left: a lot marker goes on the space (3 in supply), and is "
        "missing next era."
    )
    for option in ("Space 1: 3 VP", "pass", "pass"):
        response = pick(client, table_id, option)
        assert response.status_code == 302, response.get_data(as_text=True)
    assert "Every pick is made." in soup(client.get(f"/t/{table_id}/roads")).get_text()
    era = soup(client.get(f"/t/{table_id}/era"))
    response = client.post(
        f"/t/{table_id}/era", data=form_data(era.select_one("form[method=post]"))
    )
    assert response.status_code == 302


def away_said(client: FlaskClient, path: str) -> list[str]:
    """What the page at ``path`` says of lot markers away since last era."""
    page = soup(client.get(path))
    return [s.get_text(" ", strip=True) for s in page.select(".lot-markers-away .said")]


def tap_marker(
    client: FlaskClient, table_id: str, lots: list[str], form: dict[str, Any]
) -> Any:
    data = {**form, "lots": lots, "owner": "red", "marker": "y"}
    return client.post(f"/t/{table_id}/board", data=data)


def board_form(actions: TableActions, table_id: str) -> dict[str, Any]:
    return actions.form(f"/t/{table_id}/board", "form.board-form")


# --------------------------------------------------------------------------
# From the draft to the next era's file, and back by undo
# --------------------------------------------------------------------------


def test_era_1_lot_picks_carry_into_era_2s_file_and_undo_takes_them_back(
    actions: TableActions, client: FlaskClient
) -> None:
    table_id = actions.import_id(json.dumps(era_1_table(markers=5)).encode())
    draft_era_1(actions, client, table_id)
    # The flash of the scoring says it, and the file carries it by itself.
    table_page = soup(client.get(f"/t/{table_id}"))
    assert ANA_AWAY in table_page.select_one(".flashes").get_text(" ", strip=True)
    era_2 = actions.document(table_id)
    assert era_2["era"] == 2
    assert era_2["road_boards"]["lot_markers_away"] == {"red": 1}
    assert "choices" not in era_2["road_boards"]
    assert era_2["lot_markers"] == {"red": INTERIOR[:5]}
    # The board and the draft say so.
    assert away_said(client, f"/t/{table_id}/board") == [ANA_AWAY]
    assert away_said(client, f"/t/{table_id}/roads") == [ANA_AWAY]

    # Undo takes the scoring back: Era 1 with its picks, nothing away.
    assert actions.post_action(table_id, "undo").status_code == 302
    era_1 = actions.document(table_id)
    assert era_1["era"] == 1
    assert "lot_markers_away" not in era_1["road_boards"]
    assert era_1["road_boards"]["choices"]["north"][0] == {
        "player": "red",
        "slot": 0,
        "take": "reward",
        "marker": "lot",
    }
    assert away_said(client, f"/t/{table_id}/board") == []
    # Redo brings Era 2 and its away marker again.
    assert actions.post_action(table_id, "redo").status_code == 302
    assert actions.document(table_id)["road_boards"]["lot_markers_away"] == {"red": 1}
    # Undo the scoring, both passes and Ana's lot pick itself: scoring Era 1
    # without it leaves nothing away in Era 2.
    for _ in range(4):
        assert actions.post_action(table_id, "undo").status_code == 302
    assert "choices" not in actions.document(table_id)["road_boards"]
    for option in ("pass", "Space 1: 3 VP", "pass"):  # Ana passes, Bo picks
        assert pick(client, table_id, option).status_code == 302
    era = soup(client.get(f"/t/{table_id}/era"))
    client.post(
        f"/t/{table_id}/era", data=form_data(era.select_one("form[method=post]"))
    )
    after = actions.document(table_id)
    assert after["era"] == 2
    assert "lot_markers_away" not in after["road_boards"]
    assert away_said(client, f"/t/{table_id}/board") == []


def test_the_away_marker_is_out_of_the_board_supply(
    actions: TableActions, client: FlaskClient
) -> None:
    table_id = actions.import_id(json.dumps(era_1_table(markers=5)).encode())
    draft_era_1(actions, client, table_id)
    # 8, less 1 away: Ana's 6th and 7th markers go on, her 8th does not.
    assert (
        tap_marker(
            client, table_id, ["E4", "F4"], board_form(actions, table_id)
        ).status_code
        == 302
    )
    response = tap_marker(client, table_id, ["B5"], board_form(actions, table_id))
    assert response.status_code == 400
    assert "Ana has only 7 lot markers this era: 1 went on a road board." in soup(
        response
    ).get_text(" ", strip=True)
    assert len(actions.document(table_id)["lot_markers"]["red"]) == 7


# --------------------------------------------------------------------------
# Two phones at one table
# --------------------------------------------------------------------------


def test_two_phones_share_the_away_marker(
    phones: tuple[TableActions, TableActions],
) -> None:
    first, second = phones
    table_id = first.import_id(json.dumps(era_1_table(markers=5)).encode())
    # The first phone drafts and scores Era 1; the second opens the table
    # (the address is the key) and loads the board of Era 2.
    draft_era_1(first, first.client, table_id)
    stale = board_form(second, table_id)
    assert away_said(second.client, f"/t/{table_id}/board") == [ANA_AWAY]
    assert away_said(second.client, f"/t/{table_id}/roads") == [ANA_AWAY]
    # The first phone puts Ana's 6th and 7th lot markers on...
    fresh = board_form(first, table_id)
    assert tap_marker(first.client, table_id, ["E4", "F4"], fresh).status_code == 302
    # ...so the second phone's tap from its older page, on other lots, is
    # made against the table as it is now and refused: her 8th is away.
    response = tap_marker(second.client, table_id, ["B5"], stale)
    assert response.status_code in (400, 409)
    assert "Ana has only 7 lot markers this era: 1 went on a road board." in soup(
        response
    ).get_text(" ", strip=True)
    document = first.document(table_id)
    assert len(document["lot_markers"]["red"]) == 7
    assert document["road_boards"]["lot_markers_away"] == {"red": 1}
    assert second.document(table_id) == document


# --------------------------------------------------------------------------
# The shared scenarios of this change, through the web import
# --------------------------------------------------------------------------


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.stem)
def test_next_scenario_imports_and_scores_as_expected(
    actions: TableActions, client: FlaskClient, path: Path
) -> None:
    require_shared()
    original = json.loads(path.read_text("utf-8"))
    table_id = actions.import_id(path.read_bytes())
    exported = actions.document(table_id)
    assert exported["road_boards"] == original["road_boards"]
    era = soup(client.get(f"/t/{table_id}/era"))
    for pid, values in expected_result(path)["players"].items():
        for category in ("roads", "era_total", "total"):
            cell = era.select_one(f"td[data-player={pid}][data-category={category}]")
            assert cell.get_text(strip=True) == str(values[category]), (pid, category)
    # Ana has 1 lot marker away and 7 on the city board: said, and no more
    # goes on the board.
    assert away_said(client, f"/t/{table_id}/board") == [
        "Ana has 1 lot marker on a road board from era 1: 7 available"
    ]


@pytest.mark.parametrize("path", INVALID, ids=lambda p: p.stem)
def test_next_invalid_scenario_is_refused_by_the_import(
    actions: TableActions, client: FlaskClient, path: Path
) -> None:
    require_shared()
    response = actions.import_file(path.read_bytes(), path.name)
    assert response.status_code == 400
    text = soup(response).get_text(" ", strip=True)
    assert expected_error(path) in text
    assert "nothing was changed" in text
    assert "No tables yet" in client.get("/").get_data(as_text=True)


def test_the_away_count_can_be_changed_only_to_what_can_be() -> None:
    """The scenario with every marker away, one marker back: then Ana's lot
    pick on the north board stands (the refusal is the count, not the
    pick)."""
    require_shared()
    path = NEXT / "invalid" / "rof-lot-marker-with-every-marker-away.json"
    doc = json.loads(path.read_text("utf-8"))
    fixed = copy.deepcopy(doc)
    fixed["road_boards"]["lot_markers_away"] = {"red": 1}
    assert read_table(fixed).score_json()["game"] == "foundations-of-rome"


@pytest.mark.parametrize(
    ("language", "said"),
    (
        (
            "it",
            "Ana ha 1 segnalino lotto su una plancia strada dall'era 1: 7 disponibili",
        ),
        ("zh", "Ana 有 1 个地块标记从第 1 时代起放在道路版图上：可用 7 个"),
    ),
)
def test_the_away_marker_is_said_in_the_readers_language(
    actions: TableActions, client: FlaskClient, language: str, said: str
) -> None:
    require_shared()
    table_id = actions.import_id(VALID[0].read_bytes())
    client.get(f"/lang/{language}")
    assert away_said(client, f"/t/{table_id}/board") == [said]
    assert away_said(client, f"/t/{table_id}/roads") == [said]
