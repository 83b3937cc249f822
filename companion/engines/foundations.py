"""Foundations of Rome: the city board, strict reading, building over, era scoring.

Rules come from rulebook 001 (Foundations of Rome, ``../shared/rulebooks``);
the table file is ``../shared/spec/table-file.md``, "Foundations of Rome"; the
tray catalogue is ``../shared/game-data.md`` section 1.2. Every scoring line
cites the rulebook section it applies.

Pure: the standard library only; functions take values and return new ones.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from types import MappingProxyType
from typing import TYPE_CHECKING, Final, TypeAlias, TypeVar

from . import base
from .base import (
    Citation,
    Engine,
    Message,
    MessageArg,
    Node,
    Player,
    PlayerId,
    Points,
    Problem,
    RuleError,
    TableFileError,
    below_minimum,
    comma_list,
    display_names,
    for_player,
    msg,
    nmsg,
    not_a_player,
    per_player,
)

if TYPE_CHECKING:
    # roads.py and monuments.py build on this module's board; this module imports
    # them inside the functions that read, check or score road boards and
    # monuments, so that no import is cyclic.
    from .monuments import Catalogue, Profile
    from .roads import PlayerRoads, RoadBoards, RoadsResult

GAME: Final = "foundations-of-rome"

K = TypeVar("K")
V = TypeVar("V")

# --------------------------------------------------------------------------
# Citations (``Citation`` is the engines' shared one, from ``base``)
# --------------------------------------------------------------------------

RESIDENTIAL_SCORING: Final = Citation(
    "001", "End of Era Scoring - Residential Building Scoring"
)
CIVIC_SCORING: Final = Citation("001", "End of Era Scoring - Civic Building Scoring")
COMMERCIAL_SCORING: Final = Citation(
    "001", "End of Era Scoring - Commercial Building Scoring"
)
END_OF_GAME: Final = Citation("001", "End of Game")
CONSTRUCT: Final = Citation("001", "Action 3: Construct a Building")
BUILDING_OVER: Final = Citation("001", "Special Rules & Edge Cases - Building Over")
SUPPLY: Final = Citation("001", "Special Rules & Edge Cases - Limited Building Supply")
LOT_MARKERS: Final = Citation("001", "Special Rules & Edge Cases - Lot Markers")

# --------------------------------------------------------------------------
# Errors
# --------------------------------------------------------------------------


class InvalidLotError(RuleError):
    """Text that is not a lot name such as ``B7``."""


class IllegalBuildError(RuleError):
    """A building that may not be constructed where and how it was asked for
    (rulebook 001, "Action 3: Construct a Building")."""


class LotNotOwnedError(IllegalBuildError):
    """A lot of the new building is neither the builder's (lot marker) nor
    covered by one of the builder's own buildings."""


class BuildingOverError(IllegalBuildError):
    """The new building would replace a building of the same size or larger
    (rulebook 001, "Special Rules & Edge Cases - Building Over")."""


class NotInTrayError(IllegalBuildError):
    """The builder has no such building left in their tray (rulebook 001,
    "Special Rules & Edge Cases - Limited Building Supply")."""


class LotMarkerError(IllegalBuildError):
    """Building (or removing with ``keep_lots``) would need more than the
    owner's 8 lot markers (rulebook 001, "Special Rules & Edge Cases - Lot
    Markers")."""


class NoSuchBuildingError(RuleError):
    """A building index that is not in the city."""


class GameNotOverError(RuleError):
    """Winners are asked for before the Era 3 scoring."""


# --------------------------------------------------------------------------
# The board
# --------------------------------------------------------------------------

_LOT_RE: Final = re.compile(r"([A-Z])([1-9][0-9]?)")

BOARD_SIZES: Final[Mapping[int, int]] = MappingProxyType({2: 7, 3: 8, 4: 9, 5: 10})
"""Side of the square board in play by player count: 7x7, 8x8, 9x9, 10x10
(rulebook 001, "Setup" step 5 and "Board Size Adjustment")."""


@dataclass(frozen=True, order=True, slots=True)
class Lot:
    """A lot of the City board: ``column`` 0 is ``A``, ``row`` 1 is the top row.

    ``A1`` is the top-left (north-west) corner (spec: "Foundations of Rome").
    """

    column: int
    row: int

    def __post_init__(self) -> None:
        if not (0 <= self.column < 26 and 1 <= self.row <= 99):
            raise InvalidLotError(
                msg(
                    "no lot at column {column}, row {row}",
                    column=self.column,
                    row=self.row,
                )
            )

    @classmethod
    def parse(cls, text: str) -> Lot:
        """The lot named ``text``: a capital column letter then a row number.

        :raises InvalidLotError: not a lot name. Whether the lot is on the board
            in play is the :class:`Board`'s business.
        """
        match = _LOT_RE.fullmatch(text)
        if match is None:
            raise InvalidLotError(
                msg(
                    "{text} is not a lot name (a column letter and a row number, "
                    'like "B7")',
                    text=json.dumps(text, ensure_ascii=False),
                )
            )
        return cls(ord(match[1]) - ord("A"), int(match[2]))

    def __str__(self) -> str:
        return f"{chr(ord('A') + self.column)}{self.row}"

    def __repr__(self) -> str:
        return f"Lot.parse({str(self)!r})"

    def neighbours(self) -> tuple[Lot, ...]:
        """The lots sharing an edge with this one (north, west, east, south)."""
        steps = ((0, -1), (-1, 0), (1, 0), (0, 1))
        return tuple(
            Lot(self.column + dc, self.row + dr)
            for dc, dr in steps
            if 0 <= self.column + dc < 26 and 1 <= self.row + dr <= 99
        )

    def touches(self, other: Lot) -> bool:
        """Whether the two lots share an edge."""
        return abs(self.column - other.column) + abs(self.row - other.row) == 1


def format_lots(lots: Iterable[Lot]) -> str:
    """``A1, B1, A2``: lots in the order given."""
    return ", ".join(str(lot) for lot in lots)


def lots_words(lots: Iterable[Lot]) -> Message:
    """``A1, B1, A2`` as a message: the lots are data, the commas are words."""
    return comma_list([str(lot) for lot in lots])


@dataclass(frozen=True)
class Board:
    """The square of lots in play for a player count (rulebook 001, "Setup" 5)."""

    players: int

    def __post_init__(self) -> None:
        if self.players not in BOARD_SIZES:
            raise ValueError(
                f"Foundations of Rome is for 2 to 5 players, not {self.players}"
            )

    @property
    def size(self) -> int:
        return BOARD_SIZES[self.players]

    def __str__(self) -> str:
        return f"{self.size}x{self.size}"

    def __contains__(self, lot: object) -> bool:
        return isinstance(lot, Lot) and lot.column < self.size and lot.row <= self.size

    def lots(self) -> tuple[Lot, ...]:
        """Every lot in play, row by row from ``A1``."""
        return tuple(
            Lot(column, row)
            for row in range(1, self.size + 1)
            for column in range(self.size)
        )

    def is_edge(self, lot: Lot) -> bool:
        """Whether ``lot`` is in the first or last row or column in play
        (rulebook 000, "Setup": the outermost lots for the player count)."""
        last = self.size
        return lot in self and (lot.column in (0, last - 1) or lot.row in (1, last))

    def neighbours(self, lot: Lot) -> tuple[Lot, ...]:
        """The lots in play that share an edge with ``lot``."""
        return tuple(n for n in lot.neighbours() if n in self)

    def off_board_message(self, lot: Lot) -> Message:
        """The message for a lot outside this board."""
        return msg(
            '"{lot}" is off the {board} board used by {players} players',
            lot=str(lot),
            board=str(self),
            players=self.players,
        )


def groups(lots: Iterable[Lot]) -> list[list[Lot]]:
    """The orthogonally connected groups of ``lots`` (first-seen order)."""
    remaining = list(dict.fromkeys(lots))
    found: list[list[Lot]] = []
    while remaining:
        group = [remaining.pop(0)]
        i = 0
        while i < len(group):
            near = [lot for lot in remaining if lot.touches(group[i])]
            for lot in near:
                remaining.remove(lot)
            group.extend(near)
            i += 1
        found.append(group)
    return found


class Shape(Enum):
    """The shape of 1 to 4 connected lots, whatever its rotation or reflection."""

    MONO = "1x1"
    DOMINO = "1x2"
    I3 = "straight 3"
    L3 = "L of 3"
    I4 = "straight 4"
    O4 = "2x2 square"
    L4 = "L of 4"
    T4 = "T of 4"
    S4 = "S of 4"

    @classmethod
    def of(cls, lots: Sequence[Lot]) -> Shape:
        """The shape of ``lots``.

        :raises ValueError: not 1 to 4 distinct, orthogonally connected lots.
        """
        cells = set(lots)
        if not 1 <= len(cells) <= 4 or len(cells) != len(lots):
            raise ValueError("a shape is 1 to 4 distinct lots")
        if len(groups(cells)) != 1:
            raise ValueError("the lots are not orthogonally connected")
        columns = {lot.column for lot in cells}
        rows = {lot.row for lot in cells}
        straight = len(columns) == 1 or len(rows) == 1
        n = len(cells)
        if n == 1:
            return cls.MONO
        if n == 2:
            return cls.DOMINO
        if n == 3:
            return cls.I3 if straight else cls.L3
        if straight:
            return cls.I4
        if len(columns) == 2 and len(rows) == 2:
            return cls.O4
        degrees = [sum(a.touches(b) for b in cells) for a in cells]
        if 3 in degrees:
            return cls.T4
        # In a 2x3 box an L has three lots in one line; an S never does.
        lines = Counter(lot.row for lot in cells) + Counter(
            lot.column + 100 for lot in cells
        )
        return cls.L4 if 3 in lines.values() else cls.S4

    @property
    def size(self) -> int:
        """The number of lots of this shape."""
        sizes = {Shape.MONO: 1, Shape.DOMINO: 2, Shape.I3: 3, Shape.L3: 3}
        return sizes.get(self, 4)

    @property
    def words(self) -> Message:
        """The shape's name for a player (``value`` in English, translatable)."""
        return _SHAPE_WORDS[self]


_SHAPE_WORDS: Final[Mapping[Shape, Message]] = MappingProxyType(
    {
        Shape.MONO: msg("1x1"),
        Shape.DOMINO: msg("1x2"),
        Shape.I3: msg("straight 3"),
        Shape.L3: msg("L of 3"),
        Shape.I4: msg("straight 4"),
        Shape.O4: msg("2x2 square"),
        Shape.L4: msg("L of 4"),
        Shape.T4: msg("T of 4"),
        Shape.S4: msg("S of 4"),
    }
)


# --------------------------------------------------------------------------
# Buildings and the city
# --------------------------------------------------------------------------


class BuildingType(Enum):
    """The three building types of a player tray (rulebook 001, "Building Types"),
    and monuments."""

    RESIDENTIAL = "residential"
    """Beige: citizens, scored on the population track."""
    COMMERCIAL = "commercial"
    """Olive: silver (coins, or VP in the final era) and flat VP."""
    CIVIC = "civic"
    """Grey: VP for adjacent buildings."""
    MONUMENT = "monument"
    """A monument of the shared pool, not of a tray (rulebook 001, "Monuments
    Expansion"): its card gives its type(s) and values (``monuments.py``)."""

    @property
    def building_words(self) -> Message:
        """``residential building`` and so on: a building of this type without a
        name of its own."""
        return _BUILDING_WORDS[self]


_BUILDING_WORDS: Final[Mapping[BuildingType, Message]] = MappingProxyType(
    {
        BuildingType.RESIDENTIAL: msg("residential building"),
        BuildingType.COMMERCIAL: msg("commercial building"),
        BuildingType.CIVIC: msg("civic building"),
        BuildingType.MONUMENT: msg("monument"),
    }
)


class CivicKind(Enum):
    """What a civic building scores for (rulebook 001, "Building Types - Civic
    Buildings"; spec ``civic.per``). Adjacent buildings of every owner count."""

    CITIZEN = "citizen"
    """VP for each citizen on adjacent residential buildings
    (rulebook 001, "Civic Buildings": points for citizens)."""
    TWO_CITIZENS = "two-citizens"
    """VP for every 2 citizens on adjacent residential buildings, summed over
    them and rounded down (rulebook 001, "Civic Buildings": every 2 citizens)."""
    SILVER = "silver"
    """VP for each silver on adjacent commercial buildings
    (rulebook 001, "Civic Buildings": points for silver)."""
    CIVIC = "civic"
    """VP for each adjacent civic building
    (rulebook 001, "Civic Buildings": every adjacent civic building)."""
    BUILDING = "building"
    """VP for each adjacent building of any type
    (rulebook 001, "Civic Buildings": regardless of type)."""


@dataclass(frozen=True)
class Residential:
    """The values of a residential building."""

    citizens: int


@dataclass(frozen=True)
class Commercial:
    """The values of a commercial building."""

    silver: int
    vp: Points


@dataclass(frozen=True)
class Civic:
    """The values of a civic building: ``vp`` per ``per``."""

    per: CivicKind
    vp: Points


@dataclass(frozen=True)
class Monument:
    """The values of a monument: its card, by slug (spec ``monument``); what it
    scores is the card's (``monuments.CATALOGUE``, rulebook 000, "Alternate
    Monuments")."""

    slug: str


Values: TypeAlias = Residential | Commercial | Civic | Monument

_TYPE_OF_VALUES: Final[Mapping[type, BuildingType]] = MappingProxyType(
    {
        Residential: BuildingType.RESIDENTIAL,
        Commercial: BuildingType.COMMERCIAL,
        Civic: BuildingType.CIVIC,
        Monument: BuildingType.MONUMENT,
    }
)

TRAY_MAX_LOTS: Final = 4
"""A tray building covers 1 to 4 lots (spec: "Foundations of Rome")."""

MONUMENT_MAX_LOTS: Final = 6
"""A monument covers 1 to 6 lots (spec: "Foundations of Rome", Monuments)."""


@dataclass(frozen=True)
class Building:
    """A building on the City board: its owner, the lots it covers, its values."""

    owner: PlayerId
    lots: tuple[Lot, ...]
    values: Values
    name: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "lots", tuple(self.lots))

    @property
    def type(self) -> BuildingType:
        return _TYPE_OF_VALUES[type(self.values)]

    @property
    def size(self) -> int:
        """The number of lots it covers (what "bigger" means for building over)."""
        return len(self.lots)

    @property
    def max_lots(self) -> int:
        """The most lots a building of its kind covers."""
        return MONUMENT_MAX_LOTS if isinstance(self.values, Monument) else TRAY_MAX_LOTS

    @property
    def citizens(self) -> int:
        """The citizens of a residential tray building (a monument's come from
        its card: ``monuments.profiles``)."""
        return self.values.citizens if isinstance(self.values, Residential) else 0

    @property
    def silver(self) -> int:
        """The silver of a commercial tray building (a monument's come from its
        card: ``monuments.profiles``)."""
        return self.values.silver if isinstance(self.values, Commercial) else 0

    @property
    def what(self) -> str | Message:
        """Its own name (data), or its type in words (``civic building``)."""
        return self.name or self.type.building_words

    def label(self) -> Message:
        """``Fountain at B2``, or ``civic building at C2, D2`` without a name."""
        return msg(
            "{building} at {lots}", building=self.what, lots=lots_words(self.lots)
        )


class FrozenMap(Mapping[K, V]):
    """A read-only mapping that can be hashed, copied and pickled (unlike
    ``MappingProxyType``), so that a :class:`City` is a plain value."""

    __slots__ = ("_data",)

    def __init__(self, data: Mapping[K, V] | None = None) -> None:
        self._data: dict[K, V] = dict(data or {})

    def __getitem__(self, key: K) -> V:
        return self._data[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __hash__(self) -> int:
        return hash(frozenset(self._data.items()))

    def __repr__(self) -> str:
        return f"FrozenMap({self._data!r})"

    def __reduce__(self) -> tuple[type[FrozenMap[K, V]], tuple[dict[K, V]]]:
        return (type(self), (self._data,))


def _frozen(mapping: Mapping[PlayerId, V]) -> FrozenMap[PlayerId, V]:
    # Entries of 0 or no lots say nothing: dropping them makes equal cities equal.
    return FrozenMap({key: value for key, value in mapping.items() if value})


@dataclass(frozen=True)
class City:
    """One Foundations of Rome table as it is now: the sheet the engine scores.

    ``score_before``, ``lot_markers``, ``population_tokens`` and ``coins`` map
    player ids to values; a player left out has 0 (or no lot markers), except
    that ``coins`` with no entry at all means the coins were not recorded. The
    order of ``buildings`` and of each player's lot markers is the file's, so
    that every problem can name its JSON path. ``road_boards`` are the Roads of
    Fortune boards and this era's picks on them (``None``: not in play).
    """

    players: tuple[Player, ...]
    era: int
    buildings: tuple[Building, ...] = ()
    score_before: Mapping[PlayerId, Points] = field(default_factory=dict)
    lot_markers: Mapping[PlayerId, tuple[Lot, ...]] = field(default_factory=dict)
    population_tokens: Mapping[PlayerId, int] = field(default_factory=dict)
    coins: Mapping[PlayerId, int] = field(default_factory=dict)
    road_boards: RoadBoards | None = None

    def __post_init__(self) -> None:
        # Read-only copies: a City never changes after the fact.
        for name in ("score_before", "lot_markers", "population_tokens"):
            object.__setattr__(self, name, _frozen(getattr(self, name)))
        # Coins keep their zeros: "0 coins" is known, no entry at all is not
        # (the monuments that compare or cost money tell the two apart).
        object.__setattr__(self, "coins", FrozenMap(dict(self.coins)))

    @property
    def board(self) -> Board:
        return Board(len(self.players))

    @property
    def final(self) -> bool:
        """Whether this is the Era 3 scoring, the last of the game."""
        return self.era == 3

    def player(self, pid: PlayerId) -> Player:
        for player in self.players:
            if player.id == pid:
                return player
        raise KeyError(pid)

    def markers(self, pid: PlayerId) -> tuple[Lot, ...]:
        """The lots where ``pid`` has a lot marker."""
        return self.lot_markers.get(pid, ())

    def built(self) -> dict[Lot, int]:
        """Each built lot and the index of the building on it."""
        return {lot: i for i, b in enumerate(self.buildings) for lot in b.lots}

    def adjacent(self, index: int) -> tuple[int, ...]:
        """The indexes of the buildings adjacent to ``buildings[index]``: a lot of
        one shares an edge with a lot of the other; each counted once, any owner
        (rulebook 001, "Building Types - Civic Buildings")."""
        built = self.built()
        building = self.buildings[index]
        found: dict[int, None] = {}
        for lot in building.lots:
            for near in lot.neighbours():
                other = built.get(near)
                if other is not None and other != index:
                    found[other] = None
        return tuple(sorted(found))


# --------------------------------------------------------------------------
# Tray catalogue (game-data.md 1.2)
# --------------------------------------------------------------------------

TRAY_SIZE_PER_TYPE: Final = 8
"""Buildings of each type in one player tray (rulebook 001, "Components")."""

LOT_MARKERS_PER_PLAYER: Final = 8
"""Lot markers of one player (rulebook 001, "Special Rules - Lot Markers")."""


@dataclass(frozen=True)
class TrayPiece:
    """A kind of building in a player tray and how many of it a tray holds.

    ``shape`` ``None`` and ``values`` ``None`` mean: any 1 to 4 connected lots,
    values chosen when built (the civic buildings, whose printed shapes and
    values no reachable source gives: game-data.md 1.2, every civic row [U]).
    """

    name: str
    type: BuildingType
    shape: Shape | None
    values: Residential | Commercial | None
    count: int

    def fits(self, building: Building) -> bool:
        """Whether ``building`` is one of these pieces (type and shape)."""
        if building.type is not self.type:
            return False
        if self.shape is None:
            return 1 <= building.size <= 4 and len(groups(building.lots)) == 1
        try:
            return Shape.of(building.lots) is self.shape
        except ValueError:
            return False

    def make(
        self, owner: PlayerId, lots: Sequence[Lot], civic: Civic | None = None
    ) -> Building:
        """A building of this piece on ``lots``; a civic piece needs ``civic``.

        :raises ValueError: ``lots`` not of this piece's shape; a civic piece
            without ``civic`` values.
        """
        values: Values | None = self.values if self.values is not None else civic
        if values is None:
            raise ValueError(f"a {self.name} needs its civic values")
        building = Building(owner, tuple(lots), values, self.name)
        if not self.fits(building):
            shape = self.shape.value if self.shape else "1 to 4 connected lots"
            raise ValueError(f"a {self.name} covers {shape}, not {format_lots(lots)}")
        return building


def _pieces(
    name: str,
    btype: BuildingType,
    values: Residential | Commercial,
    shapes: tuple[Shape, ...],
) -> tuple[TrayPiece, ...]:
    # Two of each size; size 3 and 4 come as one piece of each of two shapes.
    count = 2 // len(shapes)
    return tuple(TrayPiece(name, btype, s, values, count) for s in shapes)


_R, _C = BuildingType.RESIDENTIAL, BuildingType.COMMERCIAL
TRAY: Final[tuple[TrayPiece, ...]] = (
    *_pieces("Domus", _R, Residential(1), (Shape.MONO,)),
    *_pieces("Domus Maximus", _R, Residential(2), (Shape.DOMINO,)),
    *_pieces("Insula", _R, Residential(4), (Shape.L3, Shape.I3)),
    *_pieces("Grand Insula", _R, Residential(6), (Shape.O4, Shape.I4)),
    *_pieces("Bakery", _C, Commercial(1, 0), (Shape.MONO,)),
    *_pieces("Pottery Studio", _C, Commercial(1, 2), (Shape.DOMINO,)),
    *_pieces("Artisan Forum", _C, Commercial(2, 3), (Shape.L3, Shape.I3)),
    *_pieces("Foundry", _C, Commercial(3, 5), (Shape.O4, Shape.I4)),
    TrayPiece("Civic building", BuildingType.CIVIC, None, None, TRAY_SIZE_PER_TYPE),
)
"""One player's tray: game-data.md 1.2 (residential and commercial values [C]
from two independent implementations; civic pieces free, see TrayPiece)."""


def tray_piece(name: str, shape: Shape | None = None) -> TrayPiece:
    """The :data:`TRAY` piece called ``name`` (of ``shape`` when two share it).

    :raises KeyError: no such piece.
    """
    for piece in TRAY:
        if piece.name == name and (shape is None or piece.shape is shape):
            return piece
    raise KeyError(name)


@dataclass(frozen=True)
class TrayStock:
    """How many of a tray piece a player still has off the board."""

    piece: TrayPiece
    left: int


def _use_pieces(buildings: Sequence[Building]) -> list[int]:
    """How many of each :data:`TRAY` piece ``buildings`` (one owner's) take.

    A building takes a piece of its type and shape; one whose shape no piece
    has (a file may record any connected lots) takes one of its type and size,
    else any of its type; a building beyond the supply takes none.
    """
    used = [0] * len(TRAY)
    placed = [False] * len(buildings)

    def size_of(piece: TrayPiece, building: Building) -> bool:
        return piece.shape is None or piece.shape.size == building.size

    tests = (
        TrayPiece.fits,
        lambda piece, building: (
            piece.type is building.type and size_of(piece, building)
        ),
        lambda piece, building: piece.type is building.type,
    )
    for test in tests:
        for i, building in enumerate(buildings):
            if placed[i]:
                continue
            for k, piece in enumerate(TRAY):
                if used[k] < piece.count and test(piece, building):
                    used[k] += 1
                    placed[i] = True
                    break
    return used


def _stock(buildings: Iterable[Building], pid: PlayerId) -> tuple[TrayStock, ...]:
    used = _use_pieces([b for b in buildings if b.owner == pid])
    return tuple(
        TrayStock(piece, piece.count - n) for piece, n in zip(TRAY, used, strict=True)
    )


def remaining_tray(city: City, pid: PlayerId) -> tuple[TrayStock, ...]:
    """The pieces of ``pid``'s tray that are not on the board, with counts
    (rulebook 001, "Special Rules & Edge Cases - Limited Building Supply")."""
    return _stock(city.buildings, pid)


# --------------------------------------------------------------------------
# Rule checks
# --------------------------------------------------------------------------


def player_name(city: City, pid: PlayerId) -> MessageArg:
    """``pid``'s name as players see it (with the id when two share a name; the
    id itself for one who is not at the table)."""
    return display_names(city.players).get(pid, pid)


def _whose(city: City, index: int) -> Message:
    building = city.buildings[index]
    return msg(
        "buildings[{index}], {player}'s {building}",
        index=index,
        player=player_name(city, building.owner),
        building=building.what,
    )


def _chained(parts: Sequence[Sequence[Lot]]) -> Message:
    """``A1, A2 and C1 and E1``: groups of lots, each joined to the next."""
    first = lots_words(parts[0])
    if len(parts) == 1:
        return first
    return msg("{first} and {last}", first=first, last=_chained(parts[1:]))


def _not_connected(parts: Sequence[Sequence[Lot]]) -> Message:
    # "shares" for one lot apart from the first group, "share" for more.
    apart = sum(len(part) for part in parts[1:])
    return nmsg(
        "the lots of a building must be orthogonally connected, but {lots} shares "
        "no edge with {group}",
        "the lots of a building must be orthogonally connected, but {lots} share "
        "no edge with {group}",
        n=apart,
        lots=_chained(parts[1:]),
        group=lots_words(parts[0]),
    )


def _value_problems(building: Building, path: str) -> Iterator[Problem]:
    values = building.values
    numbers: dict[str, int]
    if isinstance(values, Residential):
        numbers = {"citizens": values.citizens}
    elif isinstance(values, Commercial):
        numbers = {"silver": values.silver, "vp": values.vp}
    elif isinstance(values, Civic):
        numbers = {"civic.vp": values.vp}
    else:
        numbers = {}
    for key, number in numbers.items():
        if number < 0:
            yield Problem(f"{path}.{key}", below_minimum(number, 0))


def problems(city: City) -> tuple[Problem, ...]:
    """Every rule the city breaks, each with the JSON path of its table file.

    Checks (spec "Foundations of Rome"; rulebook 001): lots on the board in play,
    1 to 4 distinct orthogonally connected lots per building (1 to 6 for a
    monument), no lot shared by two buildings, lot markers only on unbuilt lots
    and never two on one lot, at most 8 lot markers and 8 buildings of each type
    per player, owners and keys that are players, era 1 to 3, no negative
    number. Monuments: a known card, each on the board once, at most 6 per
    player (``monuments.check``). With road boards,
    and when the city itself is sound, the picks recorded on them too
    (``roads.resolve``: rank order, free spaces, markers in hand).
    """
    found: list[Problem] = []
    ids = [p.id for p in city.players]
    if len(ids) not in BOARD_SIZES:
        return (Problem("players", msg("2 to 5 players play, not {n}", n=len(ids))),)
    if not 1 <= city.era <= 3:
        found.append(
            Problem("era", msg("{era} is not an era (1, 2 or 3)", era=city.era))
        )
    board = city.board
    covered: dict[Lot, int] = {}
    per_type: Counter[tuple[PlayerId, BuildingType]] = Counter()
    for i, building in enumerate(city.buildings):
        path = f"buildings[{i}]"
        if building.owner not in ids:
            found.append(Problem(f"{path}.owner", not_a_player(building.owner)))
        found.extend(_value_problems(building, path))
        if not 1 <= building.size <= building.max_lots:
            covers = (
                msg(
                    "a monument covers 1 to {most} lots, not {n}",
                    most=building.max_lots,
                    n=building.size,
                )
                if building.type is BuildingType.MONUMENT
                else msg(
                    "a building covers 1 to {most} lots, not {n}",
                    most=building.max_lots,
                    n=building.size,
                )
            )
            found.append(Problem(f"{path}.lots", covers))
        seen: set[Lot] = set()
        for j, lot in enumerate(building.lots):
            lot_path = f"{path}.lots[{j}]"
            if lot not in board:
                found.append(Problem(lot_path, board.off_board_message(lot)))
            if lot in seen:
                found.append(
                    Problem(lot_path, msg('"{lot}" is listed twice', lot=str(lot)))
                )
                continue
            seen.add(lot)
            other = covered.get(lot)
            if other is None:
                covered[lot] = i
            else:
                found.append(
                    Problem(
                        lot_path,
                        msg(
                            '"{lot}" is already covered by {building}; '
                            "two buildings never share a lot (build over instead)",
                            lot=str(lot),
                            building=_whose(city, other),
                        ),
                    )
                )
        parts = groups(building.lots)
        if len(parts) > 1:
            found.append(Problem(f"{path}.lots", _not_connected(parts)))
        if building.type is BuildingType.MONUMENT:
            continue  # not from a tray: monuments.check counts them
        per_type[(building.owner, building.type)] += 1
        count = per_type[(building.owner, building.type)]
        if count > TRAY_SIZE_PER_TYPE:
            found.append(
                Problem(
                    path,
                    msg(
                        "this is {player}'s {building} number {count}, but a tray "
                        "holds only {most} of each type ({source})",
                        player=player_name(city, building.owner),
                        building=building.type.building_words,
                        count=count,
                        most=TRAY_SIZE_PER_TYPE,
                        source=SUPPLY.as_message(),
                    ),
                )
            )
    found.extend(_marker_problems(city, covered))
    if any(b.type is BuildingType.MONUMENT for b in city.buildings):
        from . import monuments  # see the TYPE_CHECKING import at the top

        found.extend(monuments.check(city))
    for key in ("score_before", "population_tokens", "coins"):
        mapping: Mapping[PlayerId, int] = getattr(city, key)
        for pid, number in mapping.items():
            if pid not in ids:
                found.append(Problem(f"{key}.{pid}", not_a_player(pid)))
            elif number < 0 and key != "score_before":  # a total may be a loss
                found.append(Problem(f"{key}.{pid}", below_minimum(number, 0)))
    if not found and city.road_boards is not None:
        from . import roads  # see the TYPE_CHECKING import at the top

        try:
            roads.resolve(city, city.road_boards)
        except roads.RoadChoiceError as exc:
            found.extend(exc.problems)
    return tuple(found)


def _marker_problems(city: City, covered: Mapping[Lot, int]) -> Iterator[Problem]:
    ids = [p.id for p in city.players]
    board = city.board
    marked: dict[Lot, str] = {}
    order = [*ids, *(pid for pid in city.lot_markers if pid not in ids)]
    for pid in order:
        lots = city.markers(pid)
        path = f"lot_markers.{pid}"
        if pid not in ids:
            yield Problem(path, not_a_player(pid))
            continue
        if len(lots) > LOT_MARKERS_PER_PLAYER:
            yield Problem(
                path,
                msg(
                    "{n} lot markers, but a player has only {most} ({source})",
                    n=len(lots),
                    most=LOT_MARKERS_PER_PLAYER,
                    source=LOT_MARKERS.as_message(),
                ),
            )
        for k, lot in enumerate(lots):
            lot_path = f"{path}[{k}]"
            if lot not in board:
                yield Problem(lot_path, board.off_board_message(lot))
            building = covered.get(lot)
            if building is not None:
                yield Problem(
                    lot_path,
                    msg(
                        '"{lot}" is built on ({building}); '
                        "a lot marker stays only on an unbuilt lot",
                        lot=str(lot),
                        building=_whose(city, building),
                    ),
                )
            elif lot in marked:
                yield Problem(
                    lot_path,
                    msg(
                        '"{lot}" already has a lot marker ({path})',
                        lot=str(lot),
                        path=marked[lot],
                    ),
                )
            else:
                marked[lot] = lot_path


# --------------------------------------------------------------------------
# Reading a table file
# --------------------------------------------------------------------------

_COMMON_KEYS: Final = ("owner", "type", "lots")
_VALUE_KEYS: Final[Mapping[str, tuple[str, ...]]] = MappingProxyType(
    {
        "residential": ("citizens",),
        "commercial": ("silver", "vp"),
        "civic": ("civic",),
        "monument": ("monument",),
    }
)
BUILDING_NAME_MAX: Final = 40


def _read_lot(node: Node) -> Lot:
    try:
        return Lot.parse(node.str())
    except InvalidLotError as exc:
        raise node.fail(exc.message) from None


def _read_building(node: Node, ids: Sequence[PlayerId]) -> Building:
    raw = node.value
    kind_value = raw.get("type") if isinstance(raw, dict) else None
    if isinstance(kind_value, str) and kind_value in _VALUE_KEYS:
        required = (*_COMMON_KEYS, *_VALUE_KEYS[kind_value])
        optional: tuple[str, ...] = ("name",)
    else:
        # Not an object, or no known type: report unknown keys, then the type.
        required = _COMMON_KEYS
        optional = ("name", *(k for keys in _VALUE_KEYS.values() for k in keys))
    fields = node.object(required=required, optional=optional)
    kind = fields["type"].choice(tuple(_VALUE_KEYS))
    owner = fields["owner"].str()
    if owner not in ids:
        raise fields["owner"].fail(not_a_player(owner))
    most = MONUMENT_MAX_LOTS if kind == "monument" else TRAY_MAX_LOTS
    lots = tuple(_read_lot(lot) for lot in fields["lots"].list(min_len=1, max_len=most))
    values: Values
    if kind == "residential":
        values = Residential(fields["citizens"].int(min=0))
    elif kind == "commercial":
        values = Commercial(fields["silver"].int(min=0), fields["vp"].int(min=0))
    elif kind == "civic":
        civic = fields["civic"].object(required=("per", "vp"))
        per = civic["per"].choice(tuple(k.value for k in CivicKind))
        values = Civic(CivicKind(per), civic["vp"].int(min=0))
    else:
        values = Monument(fields["monument"].str(min_len=1))
    name = None
    if "name" in fields:
        name = fields["name"].str(min_len=1, max_len=BUILDING_NAME_MAX)
        if not name.strip():
            raise fields["name"].fail(msg("must not be blank"))
    return Building(owner, lots, values, name)


def _read_counts(
    node: Node | None, players: Sequence[Player], *, least: int | None = 0
) -> dict[PlayerId, int]:
    if node is None:
        return {}
    return {
        player.id: child.int(min=least) for player, child in per_player(node, players)
    }


def _read_markers(
    node: Node | None, players: Sequence[Player]
) -> dict[PlayerId, tuple[Lot, ...]]:
    if node is None:
        return {}
    return {
        player.id: tuple(_read_lot(lot) for lot in child.list())
        for player, child in per_player(node, players)
    }


def read(fields: Mapping[str, Node], players: tuple[Player, ...]) -> City:
    """Read the Foundations of Rome part of a table file into a :class:`City`.

    A value of the wrong shape stops the reading at once; then every rule the
    city breaks (see :func:`problems`) is reported together.

    :raises TableFileError: naming the JSON path of each problem (road boards
        too: ``road_boards.choices.south[2].player``; monuments:
        ``buildings[4].monument``).
    """
    from . import roads  # see the TYPE_CHECKING import at the top

    era = fields["era"].int(min=1, max=3)
    ids = [p.id for p in players]
    buildings = tuple(_read_building(b, ids) for b in fields["buildings"].list())
    city = City(
        players=players,
        era=era,
        buildings=buildings,
        # A running total may be below 0: a majority road board's penalty is a
        # loss (spec "Road boards"; rulebook 000 prints negative values).
        score_before=_read_counts(fields.get("score_before"), players, least=None),
        lot_markers=_read_markers(fields.get("lot_markers"), players),
        population_tokens=_read_counts(fields.get("population_tokens"), players),
        coins=_read_counts(fields.get("coins"), players),
        road_boards=(
            roads.read(fields["road_boards"], players)
            if "road_boards" in fields
            else None
        ),
    )
    found = problems(city)
    if found:
        raise TableFileError(found)
    return city


def to_json(city: City) -> dict[str, object]:
    """The game keys of the table file that describes ``city`` (the inverse of
    :func:`read`, e.g. to save a city after :func:`build`)."""

    def values(building: Building) -> dict[str, object]:
        v = building.values
        if isinstance(v, Residential):
            return {"citizens": v.citizens}
        if isinstance(v, Commercial):
            return {"silver": v.silver, "vp": v.vp}
        if isinstance(v, Monument):
            return {"monument": v.slug}
        return {"civic": {"per": v.per.value, "vp": v.vp}}

    doc: dict[str, object] = {"era": city.era}
    if city.score_before:
        doc["score_before"] = dict(city.score_before)
    doc["buildings"] = [
        {
            "owner": b.owner,
            "type": b.type.value,
            "lots": [str(lot) for lot in b.lots],
            **values(b),
            **({"name": b.name} if b.name is not None else {}),
        }
        for b in city.buildings
    ]
    if city.lot_markers:
        doc["lot_markers"] = {
            pid: [str(lot) for lot in lots] for pid, lots in city.lot_markers.items()
        }
    if city.population_tokens:
        doc["population_tokens"] = dict(city.population_tokens)
    if city.coins:
        doc["coins"] = dict(city.coins)
    if city.road_boards is not None:
        from . import roads  # see the TYPE_CHECKING import at the top

        doc["road_boards"] = roads.to_json(city.road_boards)
    return doc


def blank(players: tuple[Player, ...]) -> dict[str, object]:
    """The game keys of a new table: Era 1, nothing built yet."""
    return {"era": 1, "buildings": []}


# --------------------------------------------------------------------------
# Building (rulebook 001, "Action 3: Construct a Building")
# --------------------------------------------------------------------------


def _check_lots(city: City, lots: Sequence[Lot]) -> None:
    board = city.board
    if not 1 <= len(lots) <= 4:
        raise IllegalBuildError(
            msg("a building covers 1 to 4 lots, not {count}", count=len(lots))
        )
    for lot in lots:
        if lots.count(lot) > 1:
            raise IllegalBuildError(msg('"{lot}" is listed twice', lot=str(lot)))
        if lot not in board:
            raise IllegalBuildError(board.off_board_message(lot))
    parts = groups(lots)
    if len(parts) > 1:
        raise IllegalBuildError(_not_connected(parts))


def _marker_holder(city: City, lot: Lot) -> PlayerId | None:
    return next((pid for pid, lots in city.lot_markers.items() if lot in lots), None)


def build(city: City, building: Building) -> City:
    """The city after ``building.owner`` constructs ``building``.

    Every lot must be the owner's: a lot with their lot marker, or a lot under
    one of their own buildings, each of which must be strictly smaller than the
    new one ("Building Over"). Replaced buildings go back to the tray; their
    lots that the new building does not cover get the owner's lot marker back;
    the markers under the new building return to the owner. The building must
    be in the owner's tray ("Limited Building Supply"). ``city`` is unchanged.

    :raises LotNotOwnedError: a lot that is not the owner's.
    :raises BuildingOverError: a replaced building of the same size or larger.
    :raises NotInTrayError: no such piece left in the owner's tray.
    :raises LotMarkerError: more than 8 lot markers would be needed.
    :raises IllegalBuildError: no such player; lots off the board, repeated,
        not 1 to 4, or not connected.
    """
    owner = building.owner
    if owner not in {p.id for p in city.players}:
        raise IllegalBuildError(
            msg("{player} is not a player at this table", player=repr(owner))
        )
    lots = building.lots
    _check_lots(city, lots)
    built = city.built()
    own = set(city.markers(owner))
    replaced: dict[int, None] = {}
    for lot in lots:
        index = built.get(lot)
        if index is not None:
            if city.buildings[index].owner != owner:
                raise LotNotOwnedError(
                    msg(
                        '"{lot}" is covered by {building}: a player builds over '
                        "their own buildings only ({source})",
                        lot=str(lot),
                        building=_whose(city, index),
                        source=CONSTRUCT.as_message(),
                    )
                )
            replaced[index] = None
        elif lot not in own:
            holder = _marker_holder(city, lot)
            if holder:
                text = msg(
                    '{player} does not own "{lot}" (it is {holder}\'s lot): a player '
                    "builds only on lots they own ({source})",
                    player=player_name(city, owner),
                    lot=str(lot),
                    holder=player_name(city, holder),
                    source=CONSTRUCT.as_message(),
                )
            else:
                text = msg(
                    '{player} does not own "{lot}" (it has no lot marker): a player '
                    "builds only on lots they own ({source})",
                    player=player_name(city, owner),
                    lot=str(lot),
                    source=CONSTRUCT.as_message(),
                )
            raise LotNotOwnedError(text)
    for index in replaced:
        old = city.buildings[index]
        if old.size >= building.size:
            raise BuildingOverError(
                nmsg(
                    "cannot build over the {building}: it covers {n} lot and the "
                    "new building {size}; a building replaces only strictly smaller "
                    "ones ({source})",
                    "cannot build over the {building}: it covers {n} lots and the "
                    "new building {size}; a building replaces only strictly smaller "
                    "ones ({source})",
                    n=old.size,
                    building=old.label(),
                    size=building.size,
                    source=BUILDING_OVER.as_message(),
                )
            )
    kept = tuple(b for i, b in enumerate(city.buildings) if i not in replaced)
    _check_tray(kept, building, player_name(city, owner))
    markers = [lot for lot in city.markers(owner) if lot not in lots]
    for index in replaced:
        markers.extend(lot for lot in city.buildings[index].lots if lot not in lots)
    if len(markers) > LOT_MARKERS_PER_PLAYER:
        raise LotMarkerError(
            nmsg(
                "{player} would need {n} lot marker to keep the lots left "
                "uncovered, but has only {limit} ({source})",
                "{player} would need {n} lot markers to keep the lots left "
                "uncovered, but has only {limit} ({source})",
                n=len(markers),
                player=player_name(city, owner),
                limit=LOT_MARKERS_PER_PLAYER,
                source=LOT_MARKERS.as_message(),
            )
        )
    lot_markers = dict(city.lot_markers)
    lot_markers[owner] = tuple(markers)
    return replace(city, buildings=(*kept, building), lot_markers=lot_markers)


def _check_tray(
    buildings: Sequence[Building], building: Building, who: MessageArg
) -> None:
    pieces = [p for p in TRAY if p.fits(building)]
    if not pieces:
        raise NotInTrayError(
            msg(
                "no {building} in a tray has this shape ({shape})",
                building=building.type.building_words,
                shape=Shape.of(building.lots).words,
            )
        )
    left = {s.piece: s.left for s in _stock(buildings, building.owner)}
    if not any(left[piece] > 0 for piece in pieces):
        piece = pieces[0]
        if piece.shape:
            raise NotInTrayError(
                msg(
                    "{player} has no {piece} ({shape}) left in their tray ({source})",
                    player=who,
                    piece=piece.name,
                    shape=piece.shape.words,
                    source=SUPPLY.as_message(),
                )
            )
        raise NotInTrayError(
            msg(
                "{player} has no {piece} left in their tray ({source})",
                player=who,
                piece=piece.name,
                source=SUPPLY.as_message(),
            )
        )


def remove(city: City, index: int, *, keep_lots: bool = False) -> City:
    """The city without ``buildings[index]``, which goes back to its owner's tray.

    :param keep_lots: put the owner's lot markers on the lots it covered
        (its owner still owns them); otherwise they become unowned, as when
        correcting a mistaken entry.
    :raises NoSuchBuildingError: no building at ``index``.
    :raises LotMarkerError: ``keep_lots`` would need more than 8 lot markers.
    """
    if not 0 <= index < len(city.buildings):
        raise NoSuchBuildingError(
            nmsg(
                "there is no buildings[{index}]: the city has {n} building",
                "there is no buildings[{index}]: the city has {n} buildings",
                n=len(city.buildings),
                index=index,
            )
        )
    old = city.buildings[index]
    buildings = city.buildings[:index] + city.buildings[index + 1 :]
    if not keep_lots:
        return replace(city, buildings=buildings)
    markers = (*city.markers(old.owner), *old.lots)
    if len(markers) > LOT_MARKERS_PER_PLAYER:
        raise LotMarkerError(
            nmsg(
                "{player} would need {n} lot marker, but has only {limit} ({source})",
                "{player} would need {n} lot markers, but has only {limit} ({source})",
                n=len(markers),
                player=player_name(city, old.owner),
                limit=LOT_MARKERS_PER_PLAYER,
                source=LOT_MARKERS.as_message(),
            )
        )
    lot_markers = dict(city.lot_markers)
    lot_markers[old.owner] = markers
    return replace(city, buildings=buildings, lot_markers=lot_markers)


# --------------------------------------------------------------------------
# Era scoring (rulebook 001, "End of Era Scoring" and "End of Game")
# --------------------------------------------------------------------------

ERA_BONUS: Final[Mapping[int, Points]] = MappingProxyType({1: 4, 2: 7, 3: 10})
"""Bonus of the highest population (rulebook 001, "Residential Building Scoring")."""


Line = base.Line
"""One source of points, explained: ``points``, a :class:`~.base.Message`, the
rule's :class:`~.base.Citation` (the engines' shared type)."""


@dataclass(frozen=True)
class Tally:
    """The points of one category and the lines they come from."""

    points: int
    lines: tuple[Line, ...] = ()

    @classmethod
    def of(cls, lines: Iterable[Line]) -> Tally:
        kept = tuple(lines)
        return cls(sum(line.points or 0 for line in kept), kept)


class Category(Enum):
    """The parts of an era's score (spec output keys)."""

    RESIDENTIAL = "residential"
    """Population track (rulebook 001, "Residential Building Scoring")."""
    CIVIC = "civic"
    """Civic adjacency (rulebook 001, "Civic Building Scoring")."""
    COMMERCIAL = "commercial"
    """Commercial VP, and silver as VP in Era 3 ("Commercial Building Scoring")."""
    ROADS = "roads"
    """Roads of Fortune road boards: VP won and lost on them (rulebook 000,
    "Gameplay Overview"; see ``roads.resolve``)."""
    EMPTY_LOTS = "empty_lots"
    """Era 3: 1 VP per lot marker on the board (rulebook 001, "End of Game")."""


@dataclass(frozen=True)
class PlayerScore:
    """One player's era scoring: VP per category, coins, running total."""

    player: Player
    citizens: int
    population_tokens: int
    """The population tokens the player had before this era's road boards."""
    residential: Tally
    civic: Tally
    commercial: Tally
    roads: Tally
    empty_lots: Tally
    silver: Tally
    """Coins collected from commercial buildings (eras 1 and 2): its ``points``
    and its lines' ``points`` are coins, not VP."""
    score_before: Points
    road: PlayerRoads | None = None
    """Everything the road boards gave or took this era (``None`` without
    road boards): its VP make ``roads``; its tokens and coins count here too."""

    @property
    def road_tokens(self) -> int:
        """Population from tokens won on the road boards this era."""
        return self.road.population if self.road is not None else 0

    @property
    def population(self) -> int:
        """Citizens on residential buildings plus population tokens, those won
        on this era's road boards included (spec; rulebook 000, "Population
        Tokens")."""
        return self.citizens + self.population_tokens + self.road_tokens

    def category(self, category: Category) -> Tally:
        return {
            Category.RESIDENTIAL: self.residential,
            Category.CIVIC: self.civic,
            Category.COMMERCIAL: self.commercial,
            Category.ROADS: self.roads,
            Category.EMPTY_LOTS: self.empty_lots,
        }[category]

    @property
    def era_total(self) -> Points:
        return sum(self.category(c).points for c in Category)

    @property
    def total(self) -> Points:
        """The running total: ``score_before`` + this era's points."""
        return self.score_before + self.era_total

    @property
    def coins(self) -> int:
        """Coins gained (or, negative, paid) in this era scoring: silver plus
        the road boards' coin rewards (spec, per-player ``coins``)."""
        road_coins = self.road.coins if self.road is not None else 0
        return self.silver.points + road_coins


@dataclass(frozen=True)
class EraResult:
    """The scoring of one era for every player, in seating order."""

    era: int
    players: tuple[PlayerScore, ...]
    roads: RoadsResult | None = None
    """The road boards resolved before the rest of the scoring (``None``:
    not in play): influence and rank order per edge."""

    @property
    def final(self) -> bool:
        return self.era == 3

    def player(self, pid: PlayerId) -> PlayerScore:
        return for_player(self.players, pid)


_RES: Final = BuildingType.RESIDENTIAL


def _citizens(n: int) -> Message:
    return nmsg("{n} citizen", "{n} citizens", n=n)


def _residential(
    city: City, populations: Mapping[PlayerId, tuple[int, int]]
) -> dict[PlayerId, Line]:
    totals = {pid: c + t for pid, (c, t) in populations.items()}
    track = sorted({p for p in totals.values() if p > 0}, reverse=True)
    bonus = ERA_BONUS[city.era]
    names = display_names(city.players)
    lines: dict[PlayerId, Line] = {}
    for pid, (citizens, tokens) in populations.items():
        population = citizens + tokens
        if population == 0:
            lines[pid] = Line(
                0,
                msg("Population 0: no points from the population track"),
                RESIDENTIAL_SCORING,
            )
            continue
        # "5", or "5 (3 citizens + 2 population tokens)" when tokens count too.
        counted: int | Message = population
        if tokens:
            counted = msg(
                "{population} ({citizens} + {tokens})",
                population=population,
                citizens=_citizens(citizens),
                tokens=nmsg("{n} population token", "{n} population tokens", n=tokens),
            )
        if population == track[0]:
            tied = [q for q, p in totals.items() if p == population and q != pid]
            if tied:
                text = msg(
                    "Population {population}, the highest (tied with {players}): "
                    "{total} + {bonus} Era {era} bonus",
                    population=counted,
                    players=comma_list([names[q] for q in tied]),
                    total=population,
                    bonus=bonus,
                    era=city.era,
                )
            else:
                text = msg(
                    "Population {population}, the highest: "
                    "{total} + {bonus} Era {era} bonus",
                    population=counted,
                    total=population,
                    bonus=bonus,
                    era=city.era,
                )
            lines[pid] = Line(population + bonus, text, RESIDENTIAL_SCORING)
            continue
        ahead = min(p for p in track if p > population)
        holders = [q for q, p in totals.items() if p == ahead]
        lines[pid] = Line(
            ahead,
            msg(
                "Population {population}: scores {ahead}, the population directly "
                "ahead on the track ({players})",
                population=counted,
                ahead=ahead,
                players=comma_list([names[q] for q in holders]),
            ),
            RESIDENTIAL_SCORING,
        )
    return lines


def _civic_line(city: City, index: int, board: Sequence[Profile]) -> Line:
    """The civic building ``city.buildings[index]``'s line; ``board`` is every
    building's profile (``monuments.profiles``): a monument next to it counts as
    its card's type(s) and values."""
    from . import monuments  # see the TYPE_CHECKING import at the top

    building = city.buildings[index]
    values = building.values
    if not isinstance(values, Civic):
        raise TypeError("not a civic building")
    near = [board[i] for i in city.adjacent(index)]
    vp = values.vp
    label = building.label()
    citizens = monuments.adjacency_units(CivicKind.CITIZEN, near)
    if values.per is CivicKind.CITIZEN:
        return Line(
            citizens * vp,
            nmsg(
                "{building}: {n} citizen on adjacent residential buildings x {vp} VP",
                "{building}: {n} citizens on adjacent residential buildings x {vp} VP",
                n=citizens,
                building=label,
                vp=vp,
            ),
            CIVIC_SCORING,
        )
    if values.per is CivicKind.TWO_CITIZENS:
        pairs = citizens // 2
        return Line(
            pairs * vp,
            nmsg(
                "{building}: {n} citizen on adjacent residential buildings make "
                "{pairs} x {vp} VP",
                "{building}: {n} citizens on adjacent residential buildings make "
                "{pairs} x {vp} VP",
                n=citizens,
                building=label,
                pairs=nmsg("{n} pair", "{n} pairs", n=pairs),
                vp=vp,
            ),
            CIVIC_SCORING,
        )
    if values.per is CivicKind.SILVER:
        silver = monuments.adjacency_units(CivicKind.SILVER, near)
        return Line(
            silver * vp,
            msg(
                "{building}: {silver} silver on adjacent commercial buildings "
                "x {vp} VP",
                building=label,
                silver=silver,
                vp=vp,
            ),
            CIVIC_SCORING,
        )
    if values.per is CivicKind.CIVIC:
        civics = monuments.adjacency_units(CivicKind.CIVIC, near)
        return Line(
            civics * vp,
            nmsg(
                "{building}: {n} adjacent civic building x {vp} VP",
                "{building}: {n} adjacent civic buildings x {vp} VP",
                n=civics,
                building=label,
                vp=vp,
            ),
            CIVIC_SCORING,
        )
    return Line(
        len(near) * vp,
        nmsg(
            "{building}: {n} adjacent building x {vp} VP",
            "{building}: {n} adjacent buildings x {vp} VP",
            n=len(near),
            building=label,
            vp=vp,
        ),
        CIVIC_SCORING,
    )


def _commercial_lines(building: Building, final: bool) -> tuple[list[Line], list[Line]]:
    """The VP lines and the coin lines of one commercial building."""
    label = building.label()
    values = building.values
    if not isinstance(values, Commercial):
        raise TypeError("not a commercial building")
    vp_lines: list[Line] = []
    coin_lines: list[Line] = []
    if values.vp:
        vp_lines.append(
            Line(
                values.vp,
                msg("{building}: {vp} VP", building=label, vp=values.vp),
                COMMERCIAL_SCORING,
            )
        )
    if values.silver and final:
        vp_lines.append(
            Line(
                values.silver,
                msg(
                    "{building}: {silver} silver scored as {silver} VP "
                    "in the final era",
                    building=label,
                    silver=values.silver,
                ),
                END_OF_GAME,
            )
        )
    elif values.silver:
        coin_lines.append(
            Line(
                values.silver,
                msg(
                    "{building}: {silver} silver collected as coins",
                    building=label,
                    silver=values.silver,
                ),
                COMMERCIAL_SCORING,
            )
        )
    return vp_lines, coin_lines


def score(city: City, *, catalogue: Catalogue | None = None) -> EraResult:
    """Score the end of ``city.era`` for every player (rulebook 001, "End of Era
    Scoring"; Era 3 adds "End of Game"; spec "Era scoring").

    - Residential: the highest population scores it + 4 / 7 / 10 (ties share);
      every other player scores the next higher population on the track;
      population 0 scores 0.
    - Civic: each civic building scores for its owner from its adjacent
      buildings, of any owner, each counted once.
    - Commercial: each building's VP every era; its silver is coins in eras 1
      and 2 and VP in era 3.
    - Era 3: 1 VP for each lot marker on the board.
    - Monuments score alongside, as their card's type(s) and footer say
      (``monuments.monument_score``): citizens join the population, civic VP
      by adjacency, commercial VP and silver; for every other building a
      monument counts as a building of each of its types.
      ``catalogue`` is the cards as this table plays them (default:
      ``monuments.CATALOGUE``).

    With road boards, they resolve first (rulebook 000, "Gameplay Overview"):
    their VP are the ``roads`` category, the population tokens won there count
    in this era's population, and their coins add to the player's ``coins``.

    :raises roads.RoadChoiceError: a pick on a road board breaks a rule
        (:func:`read` refuses such a file before).
    """
    from . import monuments, roads  # see the TYPE_CHECKING import at the top

    cards = monuments.CATALOGUE if catalogue is None else catalogue
    board = monuments.profiles(city, catalogue=cards)
    road_result = (
        roads.resolve(city, city.road_boards) if city.road_boards is not None else None
    )

    def road_of(pid: PlayerId) -> PlayerRoads | None:
        return road_result.player(pid) if road_result is not None else None

    populations = {
        p.id: (
            sum(q.citizens for q in board if q.owner == p.id and q.has(_RES)),
            city.population_tokens.get(p.id, 0)
            + (road.population if (road := road_of(p.id)) else 0),
        )
        for p in city.players
    }
    residential = _residential(city, populations)
    civic: dict[PlayerId, list[Line]] = {p.id: [] for p in city.players}
    commercial: dict[PlayerId, list[Line]] = {p.id: [] for p in city.players}
    coins: dict[PlayerId, list[Line]] = {p.id: [] for p in city.players}
    for i, building in enumerate(city.buildings):
        if building.owner not in civic:
            continue
        if building.type is BuildingType.CIVIC:
            civic[building.owner].append(_civic_line(city, i, board))
        elif building.type is BuildingType.COMMERCIAL:
            vp_lines, coin_lines = _commercial_lines(building, city.final)
            commercial[building.owner].extend(vp_lines)
            coins[building.owner].extend(coin_lines)
        elif building.type is BuildingType.MONUMENT:
            scored = monuments.monument_score(city, i, catalogue=cards, board=board)
            civic[building.owner].extend(scored.civic)
            commercial[building.owner].extend(scored.commercial)
            coins[building.owner].extend(scored.coins)
    scores = []
    for player in city.players:
        markers = city.markers(player.id)
        empty: list[Line] = []
        if city.final and markers:
            empty.append(
                Line(
                    len(markers),
                    nmsg(
                        "{n} lot marker on unbuilt lots ({lots}): {n} x 1 VP",
                        "{n} lot markers on unbuilt lots ({lots}): {n} x 1 VP",
                        n=len(markers),
                        lots=lots_words(markers),
                    ),
                    END_OF_GAME,
                )
            )
        road = road_of(player.id)
        scores.append(
            PlayerScore(
                player=player,
                citizens=populations[player.id][0],
                population_tokens=city.population_tokens.get(player.id, 0),
                residential=Tally.of([residential[player.id]]),
                civic=Tally.of(civic[player.id]),
                commercial=Tally.of(commercial[player.id]),
                roads=Tally.of(road.lines(roads.Gain.VP) if road else ()),
                empty_lots=Tally.of(empty),
                silver=Tally.of(coins[player.id]),
                score_before=city.score_before.get(player.id, 0),
                road=road,
            )
        )
    return EraResult(city.era, tuple(scores), road_result)


def winners(result: EraResult) -> tuple[Player, ...]:
    """The player(s) with the most VP after the Era 3 scoring; a tie is shared
    (rulebook 001, "End of Game": the most Victory Points wins).

    :raises GameNotOverError: ``result`` is not the Era 3 scoring.
    """
    if not result.final:
        raise GameNotOverError(
            msg(
                "the winner is known after the Era 3 scoring, not Era {era}",
                era=result.era,
            )
        )
    best = max(s.total for s in result.players)
    return tuple(s.player for s in result.players if s.total == best)


_ROAD_CATEGORIES: Final[Mapping[str, str]] = MappingProxyType(
    {
        "coins": "roads-coins",
        "population": "roads-population",
        "note": "roads-notes",
    }
)
"""The explanation category of each kind of road board result but VP."""


def score_json(city: City) -> dict[str, object]:
    """The result ``companion score`` prints (spec: "Output of companion score"),
    with each player's ``coins`` and ``explanations``, with road boards the
    ``roads`` of each edge (spec: "Road boards") and, after Era 3, ``winners``.

    An explanation's ``category`` is a :class:`Category`, ``silver``, or for
    the road boards' other results ``roads-coins``, ``roads-population`` and
    ``roads-notes`` (their points are coins, population, and none).
    """
    from . import roads  # see the TYPE_CHECKING import at the top

    result = score(city)
    players: dict[str, object] = {}
    for s in result.players:
        labelled = [
            (category, line)
            for category, tally in (
                *((c.value, s.category(c)) for c in Category),
                ("silver", s.silver),
            )
            for line in tally.lines
        ]
        if s.road is not None:
            # The road boards' VP are in ``roads`` above; the rest comes here.
            labelled += [
                (_ROAD_CATEGORIES[e.gain.value], e.line)
                for e in s.road.entries
                if e.gain is not roads.Gain.VP
            ]
        explanations = [
            {
                "category": category,
                "points": line.points,
                "text": str(line.text),
                "source": str(line.source),
            }
            for category, line in labelled
        ]
        players[s.player.id] = {
            "population": s.population,
            "residential": s.residential.points,
            "civic": s.civic.points,
            "commercial": s.commercial.points,
            "silver": s.silver.points,
            "roads": s.roads.points,
            "empty_lots": s.empty_lots.points,
            "era_total": s.era_total,
            "total": s.total,
            "coins": s.coins,
            "explanations": explanations,
        }
    out: dict[str, object] = {"game": GAME, "era": result.era, "players": players}
    if result.roads is not None:
        out["roads"] = roads.result_json(result.roads)
    if result.final:
        out["winners"] = [p.id for p in winners(result)]
    return out


ENGINE: Final = Engine(
    required_keys=("era", "buildings"),
    optional_keys=(
        "score_before",
        "lot_markers",
        "population_tokens",
        "coins",
        "road_boards",
    ),
    read=read,
    score_json=score_json,
    blank=blank,
)
