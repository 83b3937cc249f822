"""The web screens: the ones every game shares, and each game's own.

``GAME_VIEWS`` lists each game's screens explicitly, in the order of
``companion.engines.GAMES``; ``create_app`` registers them through
:func:`.games.init_app`.
"""

from __future__ import annotations

from . import all_roads, civic, foundations, glory, monuments, roads
from .games import GameViews

GAME_VIEWS: tuple[GameViews, ...] = (
    # The Roads of Fortune, Monuments and civic tile screens are Foundations
    # of Rome's.
    GameViews.of(foundations, roads, monuments, civic),
    GameViews.of(all_roads),
    GameViews.of(glory),
)
"""Every game's screens."""
