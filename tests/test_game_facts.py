"""Every fact of a game is its registry entry's (``companion.engines.GAMES``):
an entry that leaves one out is refused, every registered game has them all,
every page that reads them works for every game, and no game's or expansion's
slug is spelled outside ``companion/engines/``."""

from __future__ import annotations

import ast
import dataclasses
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

import companion
from companion.engines import (
    ERA_SCORINGS,
    GAMES,
    EraScoring,
    Expansion,
    Game,
    Progress,
    all_roads,
    check_registry,
    foundations,
    glory,
)
from companion.engines import progress as pure
from companion.engines.base import msg
from companion.exports import bgstats
from companion.exports.report import REPORTS
from companion.storage import progress as recorded
from companion.storage import store
from companion.web.plumbing import GAME_OPTIONS
from companion.web.views import GAME_VIEWS
from companion.web.views.report import table_report
from companion.web.views.tables import STEP_WORDS

from .conftest import TableActions
from .helpers import soup
from .test_finished_lock import FINISH

FACTS = ("lower_wins", "expansions", "bgg_id", "bgg_year", "era_scoring", "is_over")
"""The facts this refactor moved into the registry entry."""

PACKAGE = Path(companion.__file__).resolve().parent


def fields_of(game: Game) -> dict[str, Any]:
    return {f.name: getattr(game, f.name) for f in dataclasses.fields(game)}


# --------------------------------------------------------------------------
# An entry without a fact is refused
# --------------------------------------------------------------------------


@pytest.mark.parametrize("fact", FACTS)
def test_a_game_registered_without_a_fact_is_refused(fact: str) -> None:
    given = fields_of(GAMES[0])
    del given[fact]
    with pytest.raises(TypeError, match=fact):
        Game(**given)


@pytest.mark.parametrize(
    ("fact", "value"),
    [
        ("lower_wins", None),
        ("expansions", None),
        ("expansions", ["roads"]),
        ("bgg_id", 0),
        ("bgg_year", None),
        ("era_scoring", ("fr-score", 3)),
        ("is_over", None),
    ],
)
def test_a_game_registered_with_a_fact_left_empty_is_refused(
    fact: str, value: object
) -> None:
    with pytest.raises(ValueError, match=GAMES[0].slug):
        dataclasses.replace(GAMES[0], **{fact: value})


def test_an_expansion_without_a_fact_is_refused() -> None:
    with pytest.raises(TypeError, match="bgg_id"):
        Expansion(  # type: ignore[call-arg]
            key="x", title=msg("X"), option=msg("X"), in_file=lambda doc: False
        )
    ours = GAMES[0].expansions[0]
    with pytest.raises(ValueError, match="two expansions"):
        dataclasses.replace(GAMES[0], expansions=(ours, ours))


def test_a_registry_that_shares_a_slug_a_step_or_an_expansion_is_refused() -> None:
    fr = next(game for game in GAMES if game.era_scoring is not None)
    other = next(game for game in GAMES if game.era_scoring is None)
    for games, refusal in [
        ((fr, fr), "two games"),
        (
            (fr, dataclasses.replace(other, era_scoring=fr.era_scoring)),
            "score eras by",
        ),
        (
            (fr, dataclasses.replace(other, expansions=fr.expansions)),
            "two expansions",
        ),
    ]:
        with pytest.raises(ValueError, match=refusal):
            check_registry(games)
    check_registry(GAMES)


# --------------------------------------------------------------------------
# Every registered game has them, and every reader of them knows every game
# --------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_every_game_has_every_fact(game: Game) -> None:
    assert isinstance(game.lower_wins, bool)
    assert callable(game.is_over)
    assert (game.bgg_id is None) == (game.bgg_year is None)
    for expansion in game.expansions:
        assert expansion.name and str(expansion.option)
        assert expansion.in_file({"game": game.slug}) is False
    # A new table's history recorded its creation only: no game is over then.
    created = Progress.of(recorded.remember(recorded.NOTHING, 1, "create", {}))
    assert not game.is_over(created, lambda: pytest.fail("the sheet is not needed"))
    assert not game.is_over(Progress.of({}), lambda: None)
    # Every reader of the facts knows the game.
    assert game.slug in REPORTS
    assert bgstats.bgg_game(game).highest_wins is not game.lower_wins
    assert [key for key, _label in GAME_OPTIONS.get(game.slug, ())] == [
        expansion.key for expansion in game.expansions
    ]
    if game.era_scoring is not None:
        assert game.era_scoring in ERA_SCORINGS


def test_the_report_builders_are_the_registrys_games() -> None:
    assert set(REPORTS) == {game.slug for game in GAMES}


def test_the_steps_the_rules_read_are_steps_the_screens_record() -> None:
    """The action names a game's "is the game over" rule reads are the ones its
    screens record (their history words), or shared ones (import)."""
    words = {views.slug: set(views.step_words) for views in GAME_VIEWS}
    assert {pure.IMPORT, pure.REOPEN} <= set(STEP_WORDS)
    assert {all_roads.TURN, all_roads.TALLY} <= words[all_roads.GAME]
    assert {glory.CAMPS, glory.END} <= words[glory.GAME]
    assert foundations.ERA_SCORING in words[foundations.GAME]
    assert foundations.ERAS in ERA_SCORINGS


def test_the_typed_view_answers_as_the_stored_dict() -> None:
    steps = [
        (1, "create", {}),
        (2, "fr-score", {"era": 1}),
        (3, "fr-score", {"era": 3}),
        (4, "reopen", {}),
        (5, "ar-turn", {"n": 1}),
    ]
    after = recorded.fold(steps)
    assert after == pure.fold(steps, ERA_SCORINGS)
    for kept in after:
        view = Progress.of(kept)
        for action in ("create", "fr-score", "reopen", "ar-turn"):
            assert view.latest(action) == recorded.latest(kept, action)
            assert view.count(action) == recorded.count(kept, action)
            assert view.has(action) == recorded.has(kept, action)
        assert view.era_scorings() == recorded.era_scorings(kept)
        assert view.last_since_reopening(
            "fr-score", "ar-turn"
        ) == recorded.last_since_reopen(kept, "fr-score", "ar-turn")
    with pytest.raises(dataclasses.FrozenInstanceError):
        Progress.of(after[-1]).counts = {}  # type: ignore[misc]
    # Without the game's era scoring the fold keeps no era.
    assert pure.fold(steps)[-1]["eras"] == {}
    assert pure.fold(steps, (EraScoring("fr-score", 3),))[-1]["eras"] == {
        "1": {"era": 1}
    }


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_every_page_reading_the_facts_works_for_every_game(
    app: Flask, actions: TableActions, client: FlaskClient, game: Game
) -> None:
    """The report, the BG Stats play file and the group's record, for a
    finished table of every registered game."""
    assert game.slug in FINISH, f"no way to finish a {game.name} table in the tests"
    table_id = FINISH[game.slug](actions)
    with app.app_context():
        table = store.get_table(table_id)
        assert table is not None
        report = table_report(table)
    assert report.final and report.game == game.slug
    assert client.get(f"/t/{table_id}/result.csv").status_code == 200
    data = json.loads(client.get(f"/t/{table_id}/play.bgsplay").data)
    assert data["games"][0]["name"] == game.name
    assert data["games"][0]["bggId"] == (game.bgg_id or 0)
    assert data["games"][0]["bggYear"] == (game.bgg_year or 0)
    assert data["games"][0]["highestWins"] is not game.lower_wins
    page = soup(client.get("/record"))
    listed = [a["href"].rsplit("/", 1)[-1] for a in page.select(".record-list a")]
    assert table_id in listed


# --------------------------------------------------------------------------
# No slug outside the engines
# --------------------------------------------------------------------------


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring nodes of ``tree`` (and of bare strings after an
    assignment: attribute docstrings)."""
    found: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if not isinstance(body, list):
            continue
        for statement in body:
            if isinstance(statement, ast.Expr) and isinstance(
                statement.value, ast.Constant
            ):
                found.add(id(statement.value))
    return found


ENDPOINT_NAMES = frozenset({"roads", "monuments"})
"""Names that are not an expansion's slug though spelled alike: a blueprint's
name (the ``roads.`` of ``url_for("roads.setup")`` in the templates) and a
command of ``companion`` (``companion monuments``): renaming an expansion must
not rename them."""


def _spellings(path: Path) -> Iterator[tuple[int, str]]:
    """Every string of ``path``'s code (not a docstring) that spells a game's
    or an expansion's slug: the slug itself, or a part of a path
    (``games/all-roads/turn.html``)."""
    games = "|".join(re.escape(game.slug) for game in GAMES)
    within = re.compile(rf"(?<![\w-])({games})(?![\w-])")
    expansions = {e.key for game in GAMES for e in game.expansions}
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = _docstrings(tree)
    allowed: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            called = ast.unparse(node.func)
            if called == "Blueprint":
                allowed.update(id(arg) for arg in node.args[:1])
            elif called == "_command":  # companion/cli.py: (commands, name, ...)
                allowed.update(id(arg) for arg in node.args[:2])
    for node in ast.walk(tree):
        if not isinstance(node, ast.Constant) or not isinstance(node.value, str):
            continue
        if id(node) in docs:
            continue
        text = node.value
        if within.search(text):
            yield node.lineno, text
        elif text in expansions and not (
            id(node) in allowed and text in ENDPOINT_NAMES
        ):
            yield node.lineno, text


def test_no_game_or_expansion_slug_is_spelled_outside_the_engines() -> None:
    spelled = [
        f"{path.relative_to(PACKAGE)}:{line}: {text!r}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if path.relative_to(PACKAGE).parts[0] not in ("engines", "migrations")
        for line, text in _spellings(path)
    ]
    assert not spelled, "\n".join(spelled)


def test_the_slug_check_finds_a_spelled_slug(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        '"""Docs may name all-roads."""\n'
        'bp = Blueprint("roads", __name__)\n'
        'GAME = "all-roads"\n'
        'page = "games/glory-to-rome/end.html"\n'
        'on = options.get("monuments")\n',
        encoding="utf-8",
    )
    assert [line for line, _text in _spellings(sample)] == [3, 4, 5]
