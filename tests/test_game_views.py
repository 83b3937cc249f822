"""The web side of every game is registered explicitly, once, and completely."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Blueprint, Flask

from companion.engines import GAMES
from companion.web.views import GAME_VIEWS
from companion.web.views.games import GameViews, init_app
from companion.web.views.tables import STEP_WORDS

VIEWS = Path(__file__).resolve().parents[1] / "companion" / "web" / "views"


def test_every_game_has_its_views_in_the_registry_order() -> None:
    assert [views.slug for views in GAME_VIEWS] == [game.slug for game in GAMES]


def test_no_view_module_registers_itself_by_import() -> None:
    """A game's views are listed in GAME_VIEWS, never added to a shared dict
    when their module is imported."""
    for path in VIEWS.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"^[A-Z_]+(\[[^\]]+\] =|\.update\()", text, re.M), path


def test_every_history_step_the_screens_record_has_words() -> None:
    recorded = set()
    for path in VIEWS.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        recorded |= set(re.findall(r'"((?:ar|fr|gtr|mon|rof)-[a-z]+)"', text))
    worded = set(STEP_WORDS).union(*(views.step_words for views in GAME_VIEWS))
    assert recorded, "no history step found: the pattern above is out of date"
    assert recorded <= worded, recorded - worded


def _views(slug: str, blueprint: str, **step_words: str) -> GameViews:
    return GameViews(
        slug=slug,
        blueprints=(Blueprint(blueprint, __name__),),
        panel=lambda table, document: {},
        step_words=step_words,
    )


@pytest.mark.parametrize(
    ("games", "refusal"),
    [
        ((_views("a", "a"), _views("a", "b")), "two views for the game 'a'"),
        (
            (_views("a", "a", x="X"), _views("b", "b", x="Y")),
            "history step 'x' of b is a's",
        ),
    ],
)
def test_a_game_or_a_step_word_registered_twice_is_refused(
    games: tuple[GameViews, ...], refusal: str
) -> None:
    with pytest.raises(ValueError, match=re.escape(refusal)):
        init_app(Flask(__name__), games)
