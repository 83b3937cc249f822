"""Every game is wired everywhere: registry, names, engine, new-table page, files."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.engines import (
    GAMES,
    Game,
    UnknownGameError,
    find_game,
    new_table_document,
    read_table,
)
from companion.engines.base import Player
from companion.web.plumbing import GAME_NAMES

from .conftest import SHARED


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_game_is_registered_consistently(game: Game) -> None:
    assert find_game(game.slug) is game
    assert str(GAME_NAMES[game.slug]) == game.name
    assert 2 <= game.min_players <= game.max_players <= 5
    if game.colours:
        assert len(game.colours) >= game.max_players
    for book in game.rulebooks:
        assert list((SHARED / "rulebooks").glob(f"{book}_*.txt")) or not SHARED.is_dir()


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_new_table_page_for_every_game(client: FlaskClient, game: Game) -> None:
    page = client.get(f"/new/{game.slug}").get_data(as_text=True)
    assert game.name in page
    assert page.count('name="players-') >= game.max_players


@pytest.mark.parametrize(
    "game", [g for g in GAMES if g.supported], ids=lambda g: g.slug
)
def test_a_new_table_is_a_valid_file(game: Game) -> None:
    ids = game.colours or tuple(f"p{i}" for i in range(1, 6))
    for n in range(game.min_players, game.max_players + 1):
        players = tuple(Player(ids[i], f"Player {i}") for i in range(n))
        table = read_table(new_table_document(game, players))
        assert table.players == players
        assert table.score_json()["game"] == game.slug


def test_unknown_game() -> None:
    with pytest.raises(UnknownGameError, match="unknown game 'chess'"):
        find_game("chess")


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_every_game_is_wired_into_the_web(app: Flask, game: Game) -> None:
    """A table page part, a view module, the README."""
    from pathlib import Path

    from companion.web.views.games import game_views

    root = Path(__file__).resolve().parents[1]
    assert (root / "templates" / "games" / game.slug / "panel.html").is_file()
    with app.app_context():
        views = game_views(game.slug)
    assert views is not None and views.blueprints
    for blueprint in views.blueprints:
        assert app.blueprints[blueprint.name] is blueprint
    readme = (root / "README.md").read_text(encoding="utf-8")
    assert game.name in readme


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_every_game_page_renders(actions, client: FlaskClient, game: Game) -> None:  # type: ignore[no-untyped-def]
    ids = game.colours or ("",) * 5
    players = [(f"Player {i}", ids[i]) for i in range(game.min_players)]
    table_id = actions.create_id(game.slug, players)
    page = client.get(f"/t/{table_id}").get_data(as_text=True)
    # The game's own part of the page: its scores, its board, or (a new All
    # Roads table, nothing built yet) the word that there is nothing to score.
    assert any(mark in page for mark in ('class="scores', "board", "nothing-yet"))
