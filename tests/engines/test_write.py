"""Writing a table file back: each engine's ``write`` is the inverse of its
``read`` (spec ../shared/spec/table-file.md), so that reading what was written
gives an equal sheet that scores the same.

Each sheet goes out as a whole file (``write_table``: the envelope and the
game's part), through JSON text, and back in through ``read_table``, the one
way in, which also checks that ``write`` gave only keys the game allows.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings

from companion.engines import (
    GAMES,
    Game,
    Sheet,
    Table,
    all_roads,
    find_game,
    foundations,
    glory,
    new_table_document,
    read_table,
    write_table,
)
from companion.engines.base import Player
from companion.engines.foundations import City
from companion.engines.foundations.road_boards import RoadBoards

from ..conftest import require_shared
from ..scenario_match import scenario_files
from . import strategies, strategies_all_roads, strategies_glory
from .strategies_roads import walked_tables

PROPERTY = settings(max_examples=60, deadline=None)

ENVELOPE = ("format", "game", "players")


def reread(slug: str, sheet: Sheet) -> Table:
    """``sheet`` written as the table file of ``slug``, as JSON text, read again."""
    game = find_game(slug)
    table = Table(game, sheet.players, sheet)
    return read_table(json.loads(json.dumps(write_table(table), ensure_ascii=False)))


def assert_round_trip(slug: str, sheet: Sheet) -> None:
    """Reading what ``write`` gave is ``sheet`` again, scoring the same."""
    again = reread(slug, sheet)
    assert again.sheet == sheet
    engine = find_game(slug).engine
    assert engine is not None
    assert engine.score_json(again.sheet) == engine.score_json(sheet)


# --------------------------------------------------------------------------
# Every game
# --------------------------------------------------------------------------


def seats(game: Game) -> tuple[Player, ...]:
    """The fewest players of ``game``, seated with its ids."""
    ids = game.colours or tuple(f"p{i}" for i in range(1, game.max_players + 1))
    return tuple(Player(pid, pid.title()) for pid in ids[: game.min_players])


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_every_game_writes_its_sheets(game: Game) -> None:
    assert game.engine is not None, f"{game.slug} has no engine"
    assert callable(game.engine.write)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_a_new_table_writes_back_as_its_new_file(game: Game) -> None:
    assert game.engine is not None
    doc = new_table_document(game, seats(game))
    table = read_table(doc)
    written = game.engine.write(table.sheet)
    assert set(game.engine.required_keys) <= set(written)
    assert set(written) <= {*game.engine.required_keys, *game.engine.optional_keys}
    assert not set(written) & set(ENVELOPE)
    assert write_table(table) == doc


def test_write_table_puts_the_envelope_first() -> None:
    game = find_game(glory.GAME)
    doc = write_table(read_table(new_table_document(game, seats(game))))
    assert list(doc)[:3] == list(ENVELOPE)
    assert doc["players"] == [{"id": "p1", "name": "P1"}, {"id": "p2", "name": "P2"}]


# --------------------------------------------------------------------------
# Foundations of Rome
# --------------------------------------------------------------------------


def test_foundations_to_json_is_the_old_name_of_write() -> None:
    assert foundations.to_json is foundations.write
    assert foundations.ENGINE.write is foundations.write


@PROPERTY
@given(strategies.for_cities(named=True, max_monuments=4))
def test_foundations_city_round_trip(city: City) -> None:
    assert_round_trip(foundations.GAME, city)


@PROPERTY
@given(walked_tables(strategies.for_cities(named=True, max_monuments=2)))
def test_foundations_city_with_road_boards_round_trip(
    table: tuple[City, RoadBoards],
) -> None:
    city, boards = table
    assert_round_trip(foundations.GAME, replace(city, road_boards=boards))


def test_foundations_writes_nothing_for_what_a_city_does_not_hold() -> None:
    players = (Player("red", "Ana"), Player("blue", "Bo"))
    city = City(players, 2, score_before={"red": 0}, population_tokens={"blue": 0})
    assert foundations.write(city) == {"era": 2, "buildings": []}
    # Coins keep their zeros: "0 coins" is known, no entry is not.
    assert foundations.write(replace(city, coins={"red": 0})) == {
        "era": 2,
        "buildings": [],
        "coins": {"red": 0},
    }


# --------------------------------------------------------------------------
# All Roads
# --------------------------------------------------------------------------


@PROPERTY
@given(strategies_all_roads.score_sheets())
def test_all_roads_sheet_round_trip(sheet: all_roads.ScoreSheet) -> None:
    assert_round_trip(all_roads.GAME, sheet)
    written = all_roads.write(sheet)
    for entry in sheet.entries:
        given = written[entry.given_as.value]
        assert isinstance(given, dict) and entry.player.id in given


@PROPERTY
@given(strategies_all_roads.documents())
def test_all_roads_writes_every_count_a_file_left_out(
    case: tuple[all_roads.ScoreSheet, dict[str, object]],
) -> None:
    sheet, doc = case
    table = read_table(doc)
    assert table.sheet == sheet
    assert write_table(table) == strategies_all_roads.document(sheet)


def test_all_roads_writes_each_player_as_given() -> None:
    red, blue = Player("red", "Ana"), Player("blue", "Bo")
    supply = all_roads.Supply(monument=1, spa=0, villa=6, house=7)
    sheet = all_roads.ScoreSheet(
        (
            all_roads.Entry(red, supply),
            all_roads.Entry(blue, supply, all_roads.Given.BUILT),
        )
    )
    assert all_roads.write(sheet) == {
        "unbuilt": {"red": {"monument": 1, "spa": 0, "villa": 6, "house": 7}},
        "built": {"blue": {"monument": 2, "spa": 3, "villa": 0, "house": 0}},
    }


# --------------------------------------------------------------------------
# Glory to Rome
# --------------------------------------------------------------------------


@PROPERTY
@given(strategies_glory.score_sheets(started=True))
def test_glory_sheet_round_trip(sheet: glory.ScoreSheet) -> None:
    assert_round_trip(glory.GAME, sheet)


@PROPERTY
@given(strategies_glory.documents())
def test_glory_file_round_trip(
    case: tuple[glory.ScoreSheet, dict[str, object]],
) -> None:
    sheet, doc = case
    table = read_table(doc)
    assert table.sheet == sheet
    assert read_table(write_table(table)) == table


def test_glory_writes_a_camp_as_the_spec_shows_it() -> None:
    red, blue = Player("red", "Ana"), Player("blue", "Bo")
    wood = {glory.Material.WOOD: 2}
    sheet = glory.ScoreSheet(
        (
            glory.Camp(red, 7, wood, ("Statue", "Wall"), 5, 4, public=("Wall",)),
            glory.Camp.from_sites(blue, [glory.Material.STONE], {}, ["Stairway"]),
        )
    )
    sheet = replace(
        sheet, camps=(sheet.camps[0], replace(sheet.camps[1], incomplete=("Gate",)))
    )
    none = dict.fromkeys(glory.MATERIAL_NAMES, 0)
    assert glory.write(sheet) == {
        "camps": {
            "red": {
                "influence": 7,
                "vault": {**none, "wood": 2},
                "buildings": ["Statue", "Wall"],
                "public": ["Wall"],
                "stockpile": 5,
                "hand": 4,
            },
            "blue": {
                "sites": ["stone"],
                "vault": none,
                "buildings": ["Stairway"],
                "incomplete": ["Gate"],
                "stockpile": 0,
                "hand": 0,
            },
        }
    }
    assert_round_trip(glory.GAME, sheet)


# --------------------------------------------------------------------------
# The shared scenarios
# --------------------------------------------------------------------------


@pytest.mark.parametrize("path", scenario_files(), ids=lambda p: p.stem)
def test_scenario_reads_back_as_written(path: Path) -> None:
    require_shared()
    table = read_table(json.loads(path.read_text("utf-8")))
    written = json.loads(json.dumps(write_table(table), ensure_ascii=False))
    again = read_table(written)
    assert again == table
    assert again.score_json() == table.score_json()
    # What was written is already as the engine writes it.
    assert write_table(again) == written
