"""Foundations of Rome with its expansions (Roads of Fortune, Monuments), as pure code.

Each module imports only the ones above it in this list (no cycle, no import
inside a function):

- :mod:`.lots`: lot names, the board in play, connected groups and shapes;
- :mod:`.road_boards`: Roads of Fortune boards as printed and the picks on them;
- :mod:`.city`: building types and values, the trays, :class:`City`, building;
- :mod:`.fortune`: Roads of Fortune rules (influence, tie-breaks, resolution);
- :mod:`.monument_cards`: the monument cards, their text and a table's overrides;
- :mod:`.monuments`: who may build which monument, where, and how it scores;
- :mod:`.era`: era scoring, composed from all of the above;
- :mod:`.table`: the table file (checks, reading, writing) and :data:`ENGINE`.

The names the single module ``companion.engines.foundations`` had are
re-exported here, so ``foundations.City`` or ``foundations.score`` work as
before.
"""

from __future__ import annotations

from ..base import (
    FrozenMap,
)
from .city import (
    BUILDING_OVER,
    CIVIC_SCORING,
    COMMERCIAL_SCORING,
    CONSTRUCT,
    END_OF_GAME,
    LOT_MARKERS,
    LOT_MARKERS_PER_PLAYER,
    MONUMENT_MAX_LOTS,
    RESIDENTIAL_SCORING,
    SUPPLY,
    TRAY,
    TRAY_MAX_LOTS,
    TRAY_SIZE_PER_TYPE,
    Building,
    BuildingOverError,
    BuildingType,
    City,
    Civic,
    CivicKind,
    Commercial,
    IllegalBuildError,
    LotMarkerError,
    LotNotOwnedError,
    Monument,
    NoSuchBuildingError,
    NotInTrayError,
    Residential,
    TrayPiece,
    TrayStock,
    Values,
    build,
    check_lots,
    claim_lots,
    fitting_stock,
    move,
    player_name,
    remaining_tray,
    remove,
    toggle_lot_markers,
    tray_piece,
)
from .era import (
    ERA_BONUS,
    SILVER_TITLE,
    Category,
    EraResult,
    GameNotOverError,
    GameOverError,
    Line,
    PlayerScore,
    Tally,
    next_era,
    score,
    winners,
)
from .lots import (
    BOARD_SIZES,
    Board,
    InvalidLotError,
    Lot,
    Shape,
    format_lots,
    groups,
    lots_words,
)
from .table import (
    BUILDING_NAME_MAX,
    ENGINE,
    GAME,
    blank,
    problems,
    read,
    score_json,
    to_json,
)

__all__ = [
    "BOARD_SIZES",
    "BUILDING_NAME_MAX",
    "BUILDING_OVER",
    "Board",
    "Building",
    "BuildingOverError",
    "BuildingType",
    "CIVIC_SCORING",
    "COMMERCIAL_SCORING",
    "CONSTRUCT",
    "Category",
    "City",
    "Civic",
    "CivicKind",
    "Commercial",
    "END_OF_GAME",
    "ENGINE",
    "ERA_BONUS",
    "EraResult",
    "FrozenMap",
    "GAME",
    "GameNotOverError",
    "GameOverError",
    "IllegalBuildError",
    "InvalidLotError",
    "LOT_MARKERS",
    "LOT_MARKERS_PER_PLAYER",
    "Line",
    "Lot",
    "LotMarkerError",
    "LotNotOwnedError",
    "MONUMENT_MAX_LOTS",
    "Monument",
    "NoSuchBuildingError",
    "NotInTrayError",
    "PlayerScore",
    "RESIDENTIAL_SCORING",
    "Residential",
    "SILVER_TITLE",
    "SUPPLY",
    "Shape",
    "TRAY",
    "TRAY_MAX_LOTS",
    "TRAY_SIZE_PER_TYPE",
    "Tally",
    "TrayPiece",
    "TrayStock",
    "Values",
    "blank",
    "build",
    "check_lots",
    "claim_lots",
    "fitting_stock",
    "format_lots",
    "groups",
    "lots_words",
    "move",
    "next_era",
    "player_name",
    "problems",
    "read",
    "remaining_tray",
    "remove",
    "score",
    "score_json",
    "to_json",
    "toggle_lot_markers",
    "tray_piece",
    "winners",
]
