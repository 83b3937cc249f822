"""The web screens: the ones every game shares, and each game's own.

``GAME_VIEWS`` lists each game's screens explicitly, in the order of
``companion.engines.GAMES``; ``create_app`` registers them through
:func:`.games.init_app`.
"""

from __future__ import annotations

from . import all_roads, foundations, glory, monuments, roads
from .games import GameViews

GAME_VIEWS: tuple[GameViews, ...] = (
    GameViews(
        slug=foundations.GAME,
        # The Roads of Fortune and Monuments screens are Foundations of Rome's.
        blueprints=(foundations.bp, roads.bp, monuments.bp),
        panel=foundations.panel,
        step_words={
            **foundations.STEP_WORDS,
            **roads.STEP_WORDS,
            **monuments.STEP_WORDS,
        },
        report_args=foundations.report_args,
    ),
    GameViews(
        slug=all_roads.GAME,
        blueprints=(all_roads.bp,),
        panel=all_roads.panel,
        step_words=all_roads.STEP_WORDS,
        report_args=all_roads.report_args,
    ),
    GameViews(
        slug=glory.GAME,
        blueprints=(glory.bp,),
        panel=glory.panel,
        step_words=glory.STEP_WORDS,
        report_args=glory.report_args,
    ),
)
"""Every game's screens."""
