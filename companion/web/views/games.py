"""The web side of each game, registered by name, not by import side effect.

Each game's views are one :class:`GameViews`; ``companion/web/views/__init__.py``
lists them in ``GAME_VIEWS`` (as ``companion.engines.GAMES`` lists the
engines), :func:`init_app` registers their blueprints and keeps them on the
app, and the screens every game shares (the table page, history, report) ask
:func:`game_views` for the game's part. This module imports no game's views, so
any of them may import it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from flask import Blueprint, Flask, current_app
from flask_babel import lazy_gettext as _l

from ...storage import progress as recorded
from ...storage.models import GameTable

Panel = Callable[[GameTable, dict[str, Any]], dict[str, Any]]
"""What a game's part of the table page shows (``templates/games/<slug>/``)."""

ReportArgs = Callable[[GameTable], dict[str, Any]]
"""What the table's history adds to its report: keyword arguments of
``companion.exports.report.build_report`` (``history``, ``catalogue``, ``over``,
``end``)."""

EXTENSION = "companion.games"

# The history step that makes a finished game editable again (undone like
# any other step: undoing it finishes the game again).
REOPEN = recorded.REOPEN


def _nothing(table: GameTable) -> dict[str, Any]:
    return {}


@dataclass(frozen=True)
class GameViews:
    """Everything the web app needs to know of one game's screens."""

    slug: str
    """The game's slug in ``companion.engines.GAMES``."""
    blueprints: tuple[Blueprint, ...]
    """The game's screens (an expansion's screens are the game's too)."""
    panel: Panel
    step_words: Mapping[str, Any] = field(default_factory=dict)
    """The words of each kind of history step the game's screens record
    (lazy strings with ``%(name)s`` fields from the step's details)."""
    report_args: ReportArgs = _nothing
    detail_words: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    """For a key of the steps' details, the words of each value it holds
    (``{"edge": {"north": _l("North")}}``): a step's words are made in the
    reader's language whatever the language of the phone that made it."""

    @classmethod
    def of(cls, game: ModuleType, *expansions: ModuleType) -> GameViews:
        """The views of a game's module (its ``GAME``, ``bp``, ``panel``,
        ``STEP_WORDS`` and ``report_args``), with the screens and
        history words (``bp``, ``STEP_WORDS``) of its expansions' modules."""
        modules = (game, *expansions)
        return cls(
            slug=game.GAME,
            blueprints=tuple(module.bp for module in modules),
            panel=game.panel,
            step_words={
                action: words
                for module in modules
                for action, words in module.STEP_WORDS.items()
            },
            report_args=game.report_args,
            detail_words={
                key: {
                    value: words
                    for module in modules
                    for value, words in getattr(module, "DETAIL_WORDS", {})
                    .get(key, {})
                    .items()
                }
                for module in modules
                for key in getattr(module, "DETAIL_WORDS", {})
            },
        )


def init_app(app: Flask, games: Iterable[GameViews]) -> None:
    """Register every game's blueprints and keep the games for :func:`game_views`.

    :raises ValueError: two games with one slug, or one history step word
        claimed by two games.
    """
    by_slug: dict[str, GameViews] = {}
    actions: dict[str, str] = {}
    for game in games:
        if game.slug in by_slug:
            raise ValueError(f"two views for the game {game.slug!r}")
        by_slug[game.slug] = game
        for action in game.step_words:
            if action in actions:
                raise ValueError(
                    f"history step {action!r} of {game.slug} is {actions[action]}'s"
                )
            actions[action] = game.slug
        for blueprint in game.blueprints:
            app.register_blueprint(blueprint)
    app.extensions[EXTENSION] = by_slug


def game_views(slug: str) -> GameViews | None:
    """The registered views of the game ``slug`` (``None``: none registered)."""
    games: Mapping[str, GameViews] = current_app.extensions[EXTENSION]
    return games.get(slug)


GAME_OVER = _l(
    "The game is over: its final scoring is recorded, so nothing on this table "
    "can change. Reopen the game to correct something; undo takes the "
    "reopening back."
)
