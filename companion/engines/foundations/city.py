"""Foundations of Rome: buildings, the player trays and the city, and building.

Rulebook 001 (Foundations of Rome, ``../shared/rulebooks``): building types and
their printed values, the tray catalogue (``../shared/game-data.md`` 1.2),
:class:`City` (the sheet every Foundations rule reads), and the "Construct a
Building" action with building over (:func:`build`, :func:`remove`).

Pure: the standard library only; functions take values and return new ones.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from functools import cached_property
from types import MappingProxyType
from typing import Final, TypeAlias

from ..base import (
    Citation,
    FrozenMap,
    Message,
    MessageArg,
    Player,
    PlayerId,
    Points,
    RuleError,
    V,
    display_names,
    msg,
    nmsg,
)
from .lots import (
    Board,
    Lot,
    Shape,
    format_lots,
    groups,
    lots_words,
)
from .road_boards import (
    RoadBoards,
)

CONSTRUCT: Final = Citation("001", "Action 3: Construct a Building")
BUILDING_OVER: Final = Citation("001", "Special Rules & Edge Cases - Building Over")
SUPPLY: Final = Citation("001", "Special Rules & Edge Cases - Limited Building Supply")
LOT_MARKERS: Final = Citation("001", "Special Rules & Edge Cases - Lot Markers")
# The scoring sections: era.py scores by them, and the monument cards and
# rules below era.py cite them too, so they live here, below all three.
RESIDENTIAL_SCORING: Final = Citation(
    "001", "End of Era Scoring - Residential Building Scoring"
)
CIVIC_SCORING: Final = Citation("001", "End of Era Scoring - Civic Building Scoring")
COMMERCIAL_SCORING: Final = Citation(
    "001", "End of Era Scoring - Commercial Building Scoring"
)
END_OF_GAME: Final = Citation("001", "End of Game")


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
    def title(self) -> Message:
        """The type's name as a label (``Residential``), as the board and the
        report name it."""
        return _TYPE_WORDS[self][0]

    @property
    def building_words(self) -> Message:
        """``residential building`` and so on: a building of this type without a
        name of its own."""
        return _TYPE_WORDS[self][1]


_TYPE_WORDS: Final[Mapping[BuildingType, tuple[Message, Message]]] = MappingProxyType(
    {
        BuildingType.RESIDENTIAL: (msg("Residential"), msg("residential building")),
        BuildingType.COMMERCIAL: (msg("Commercial"), msg("commercial building")),
        BuildingType.CIVIC: (msg("Civic"), msg("civic building")),
        BuildingType.MONUMENT: (msg("Monument"), msg("monument")),
    }
)
"""Each type's title and its words for a building of it."""


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


def covers_problem(monument: bool, n: int) -> Message | None:
    """Why a building cannot cover ``n`` lots, if it cannot: a tray building
    covers 1 to 4, a monument 1 to 6 (spec: "Foundations of Rome"). The one
    rule for a building's size, whether it is read from a table file or built
    on the board; a monument card's own count is an unofficial reading
    (game-data.md 1.5 [U]) and only noted beside it
    (``monuments.placement``)."""
    most = MONUMENT_MAX_LOTS if monument else TRAY_MAX_LOTS
    if 1 <= n <= most:
        return None
    if monument:
        return msg("a monument covers 1 to {most} lots, not {n}", most=most, n=n)
    return msg("a building covers 1 to {most} lots, not {n}", most=most, n=n)


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
        """Its own name (data; a tray piece's name in the reader's words), or
        its type in words (``civic building``)."""
        if self.name:
            return PIECE_WORDS.get(self.name, self.name)
        return self.type.building_words

    def label(self) -> Message:
        """``Fountain at B2``, or ``civic building at C2, D2`` without a name."""
        return msg(
            "{building} at {lots}", building=self.what, lots=lots_words(self.lots)
        )


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

    @cached_property
    def names(self) -> Mapping[PlayerId, str | Message]:
        """Each player's name as players see it (:func:`.base.display_names`),
        worked out once per city: every line that names a player asks."""
        return FrozenMap(display_names(self.players))

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

    def lot_markers_away(self, pid: PlayerId) -> int:
        """``pid``'s lot markers on road boards since the previous era, out of
        their supply this era (rulebook 000, "Gameplay Example - West Road
        Board" D); 0 without road boards."""
        return self.road_boards.away(pid) if self.road_boards is not None else 0

    def lot_marker_supply(self, pid: PlayerId) -> int:
        """How many lot markers ``pid`` has this era: 8 (rulebook 001,
        "Special Rules & Edge Cases - Lot Markers"), less those away on road
        boards since the previous era."""
        return max(0, LOT_MARKERS_PER_PLAYER - self.lot_markers_away(pid))

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


PIECE_WORDS: Final[Mapping[str, Message]] = MappingProxyType(
    {
        "Domus": msg("Domus"),
        "Domus Maximus": msg("Domus Maximus"),
        "Insula": msg("Insula"),
        "Grand Insula": msg("Grand Insula"),
        "Bakery": msg("Bakery"),
        "Pottery Studio": msg("Pottery Studio"),
        "Artisan Forum": msg("Artisan Forum"),
        "Foundry": msg("Foundry"),
        "Civic building": msg("Civic building"),
    }
)
"""Each :data:`TRAY` piece's name as a message: a building called so is named
in the reader's language (the name a group gave a civic building is theirs)."""


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


def fitting_stock(
    city: City, pid: PlayerId, lots: Sequence[Lot]
) -> tuple[tuple[int, TrayStock], ...]:
    """``pid``'s tray pieces that could stand on ``lots``, each with its place
    in :func:`remaining_tray` and how many are left (none left included, so a
    screen can say so).

    A piece fits when the lots make its shape, turned or flipped any way; a
    civic piece fits any 1 to 4 connected lots (rulebook 001, "Action 3:
    Construct a Building"; the tray: ``../shared/game-data.md`` 1.2).
    """
    any_civic = Civic(CivicKind.BUILDING, 1)  # civic values do not decide a fit
    return tuple(
        (k, stock)
        for k, stock in enumerate(remaining_tray(city, pid))
        if stock.piece.fits(Building(pid, tuple(lots), stock.piece.values or any_civic))
    )


@dataclass(frozen=True)
class CivicTile:
    """A civic building tile as a group describes it once, to build it again at
    later tables without typing it: its name, its shape and the rule and VP
    printed on it (rulebook 001, "Building Types - Civic Buildings": "Different
    Civic Buildings reward different adjacencies").

    ``shape`` ``None``: the shape was not given, so the tile is taken to fit any
    1 to 4 connected lots, as the tray's civic piece does (:data:`TRAY`). A tile
    is one of its owner's civic pieces: building it counts against them.
    """

    name: str
    shape: Shape | None
    values: Civic

    def fits(self, lots: Sequence[Lot]) -> bool:
        """Whether the tile can stand on ``lots``: they make its shape, turned or
        flipped any way (rulebook 001, "Action 3: Construct a Building" 1: a
        building "that matches the shape of a group of adjacent Lots"); a tile
        of no given shape fits any 1 to 4 distinct, connected lots."""
        try:
            shape = Shape.of(lots)
        except ValueError:
            return False
        return self.shape is None or shape is self.shape

    def building(self, owner: PlayerId, lots: Sequence[Lot]) -> Building:
        """The civic building this tile makes on ``lots``, named as the tile.

        Whether ``owner`` may build it there (their lots, building over, a civic
        piece left in their tray) is :func:`build`'s to say.

        :raises IllegalBuildError: the lots do not make the tile's shape.
        """
        if not self.fits(lots):
            if self.shape is None:
                raise IllegalBuildError(
                    msg(
                        "the {tile} tile covers 1 to 4 connected lots, not {lots}",
                        tile=self.name,
                        lots=lots_words(lots),
                    )
                )
            raise IllegalBuildError(
                msg(
                    "the lots {lots} do not make the shape of the {tile} tile "
                    "({shape}, turned or flipped any way: {source})",
                    tile=self.name,
                    shape=self.shape.words,
                    lots=lots_words(lots),
                    source=CONSTRUCT.as_message(),
                )
            )
        return Building(owner, tuple(lots), self.values, self.name)


# --------------------------------------------------------------------------
# Rule checks
# --------------------------------------------------------------------------


def player_name(city: City, pid: PlayerId) -> MessageArg:
    """``pid``'s name as players see it (with the id when two share a name; the
    id itself for one who is not at the table)."""
    return city.names.get(pid, pid)


def whose_building(city: City, index: int) -> Message:
    """``buildings[2], Bo's Domus``: a building named by its place in the file
    and its owner, for a problem about it."""
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


def not_connected(parts: Sequence[Sequence[Lot]]) -> Message:
    """Why lots in these connected ``parts`` (see :func:`.lots.groups`) are not
    one building's (rulebook 001, "Action 3: Construct a Building")."""
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


# --------------------------------------------------------------------------
# Building (rulebook 001, "Action 3: Construct a Building")
# --------------------------------------------------------------------------


def check_lots(city: City, lots: Sequence[Lot]) -> None:
    """Whether ``lots`` could take one building from a tray: 1 to 4 distinct,
    orthogonally connected lots of the board in play (rulebook 001, "Action 3:
    Construct a Building"; the tray's largest piece covers 4).

    :raises IllegalBuildError: why not, in words.
    """
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
        raise IllegalBuildError(not_connected(parts))


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
    check_lots(city, lots)
    replaced = replaced_by(city, owner, lots)
    kept = tuple(b for i, b in enumerate(city.buildings) if i not in replaced)
    _check_tray(kept, building, player_name(city, owner))
    lot_markers = dict(city.lot_markers)
    lot_markers[owner] = markers_after_building(city, owner, lots, replaced)
    return replace(city, buildings=(*kept, building), lot_markers=lot_markers)


def replaced_by(city: City, owner: PlayerId, lots: Sequence[Lot]) -> tuple[int, ...]:
    """The buildings a new building of ``owner``'s on ``lots`` would replace
    (their indexes), once every lot is checked to be the owner's: a lot with
    their lot marker, or a lot under one of their own buildings, each of which
    must be strictly smaller than the new one (rulebook 001, "Action 3:
    Construct a Building" 3 and 5, "Special Rules & Edge Cases - Building
    Over"). Whatever the piece, the new building covers exactly ``lots``: its
    size is theirs.

    :raises LotNotOwnedError: a lot under another player's building, or without
        the owner's lot marker.
    :raises BuildingOverError: a replaced building of the same size or larger.
    """
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
                        building=whose_building(city, index),
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
        if old.size >= len(lots):
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
                    size=len(lots),
                    source=BUILDING_OVER.as_message(),
                )
            )
    return tuple(replaced)


def over_stock(
    city: City, owner: PlayerId, lots: Sequence[Lot]
) -> tuple[tuple[int, TrayStock], ...]:
    """``owner``'s tray pieces that can be built on ``lots`` over their own
    smaller buildings there, each with its place in :func:`remaining_tray` and
    how many are left once the replaced buildings are back in the tray
    (rulebook 001, "Action 3: Construct a Building" 4: "Buildings you build
    over return to your Player tray for reuse"). Only pieces with one left;
    the free lots among ``lots`` are taken as the owner's, as
    :func:`claim_lots` does for a board entered as it lies.

    :raises IllegalBuildError: ``lots`` cannot take one building (see
        :func:`check_lots`); a lot that is another player's
        (``LotNotOwnedError``); a replaced building not strictly smaller
        (``BuildingOverError``); more lot markers than a player has for the
        lots left uncovered (``LotMarkerError``).
    """
    check_lots(city, lots)
    claimed = claim_lots(city, owner, lots)
    replaced = replaced_by(claimed, owner, lots)
    markers_after_building(claimed, owner, lots, replaced)
    freed = replace(
        city,
        buildings=tuple(b for i, b in enumerate(city.buildings) if i not in replaced),
    )
    return tuple((k, s) for k, s in fitting_stock(freed, owner, lots) if s.left)


def markers_after_building(
    city: City, owner: PlayerId, lots: Iterable[Lot], replaced: Iterable[int]
) -> tuple[Lot, ...]:
    """``owner``'s lot markers once a building of theirs covers ``lots``, over
    the buildings at the indexes ``replaced``.

    The markers under the new building come back to the owner; each lot of a
    replaced building that it leaves uncovered keeps a lot marker, so it stays
    the owner's (rulebook 001, "Special Rules & Edge Cases - Building Over" and
    "Lot Markers"). A player has 8 lot markers, less those away on road boards
    since last era (:meth:`City.lot_marker_supply`).

    :raises LotMarkerError: that would need more than the owner has.
    """
    covered = set(lots)
    markers = [lot for lot in city.markers(owner) if lot not in covered]
    for index in replaced:
        markers.extend(lot for lot in city.buildings[index].lots if lot not in covered)
    if city.lot_markers_away(owner) and len(markers) > city.lot_marker_supply(owner):
        raise _short_of_markers(city, owner, len(markers))
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
    return tuple(markers)


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


def _check_index(city: City, index: int) -> None:
    """:raises NoSuchBuildingError: no building at ``index``."""
    if not 0 <= index < len(city.buildings):
        raise NoSuchBuildingError(
            nmsg(
                "there is no buildings[{index}]: the city has {n} building",
                "there is no buildings[{index}]: the city has {n} buildings",
                n=len(city.buildings),
                index=index,
            )
        )


def remove(city: City, index: int, *, keep_lots: bool = False) -> City:
    """The city without ``buildings[index]``, which goes back to its owner's tray.

    :param keep_lots: put the owner's lot markers on the lots it covered
        (its owner still owns them); otherwise they become unowned, as when
        correcting a mistaken entry.
    :raises NoSuchBuildingError: no building at ``index``.
    :raises LotMarkerError: ``keep_lots`` would need more lot markers than
        the owner has (8, less those away on road boards since last era).
    """
    _check_index(city, index)
    old = city.buildings[index]
    buildings = city.buildings[:index] + city.buildings[index + 1 :]
    if not keep_lots:
        return replace(city, buildings=buildings)
    markers = (*city.markers(old.owner), *old.lots)
    away = city.lot_markers_away(old.owner)
    if away and len(markers) > city.lot_marker_supply(old.owner):
        raise _short_of_markers(city, old.owner, len(markers))
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


def change_values(
    city: City, index: int, values: Values, name: str | None = None
) -> City:
    """``buildings[index]`` with other printed values and name: a tile misread,
    or an edition whose tiles differ. Owner, lots and type stay (the tray holds
    the same piece: rulebook 001, "Special Rules & Edge Cases - Limited Building
    Supply"), so only the values a building of its type has may change.

    :raises NoSuchBuildingError: no building at ``index``.
    :raises IllegalBuildError: values of another type than the building's.
    """
    _check_index(city, index)
    old = city.buildings[index]
    new = replace(old, values=values, name=name)
    if new.type is not old.type:
        raise IllegalBuildError(
            msg(
                "{building} stays a {kind}: its values cannot make it a {other}",
                building=old.label(),
                kind=old.type.building_words,
                other=new.type.building_words,
            )
        )
    buildings = (*city.buildings[:index], new, *city.buildings[index + 1 :])
    return replace(city, buildings=buildings)


# --------------------------------------------------------------------------
# Silver (rulebook 001, "Setup" and "Action 1: Take Income")
# --------------------------------------------------------------------------

STARTING_SILVER: Final = 5
"""The first player's silver at the start; each next seat has 1 more (rulebook
001, "Setup" 4: 5, 6, 7, 8 in a 4-player game)."""


def starting_coins(players: Sequence[Player]) -> dict[PlayerId, int]:
    """Each player's silver at the start of the game, in seating order (the
    table file's order, first player first): 5, then 1 more for each next seat
    (rulebook 001, "Setup" 4)."""
    return {p.id: STARTING_SILVER + seat for seat, p in enumerate(players)}


def add_coins(city: City, gained: Mapping[PlayerId, int]) -> City:
    """``city`` with each player's coins in hand changed by ``gained`` (a loss
    is negative). Coins never recorded stay unrecorded: the group has not
    counted them, so nothing can be added to them.

    :raises IllegalBuildError: a player would have fewer than 0 coins.
    """
    if not city.coins:
        return city
    coins = dict(city.coins)
    for pid, n in gained.items():
        coins[pid] = coins.get(pid, 0) + n
        if coins[pid] < 0:
            raise IllegalBuildError(
                msg(
                    "{player} would have {n} coins: nobody goes below 0",
                    player=player_name(city, pid),
                    n=coins[pid],
                )
            )
    return replace(city, coins=coins)


# --------------------------------------------------------------------------
# Lot markers, and a board entered as it lies
# --------------------------------------------------------------------------


def _short_of_markers(city: City, owner: PlayerId, needed: int) -> LotMarkerError:
    """``owner`` would need ``needed`` lot markers on the city board, more than
    the 8 less those away on road boards since last era (rulebook 000,
    "Gameplay Example - West Road Board" D)."""
    away = city.lot_markers_away(owner)
    return LotMarkerError(
        nmsg(
            "{player} would need {n} lot marker, but has only {limit} this era: "
            "{away} went on a road board last era ({source})",
            "{player} would need {n} lot markers, but has only {limit} this era: "
            "{away} went on a road board last era ({source})",
            n=needed,
            player=player_name(city, owner),
            limit=city.lot_marker_supply(owner),
            away=away,
            source=LOT_MARKERS.as_message(),
        )
    )


def toggle_lot_markers(
    city: City, owner: PlayerId, lots: Sequence[Lot], *, spent: int | None = None
) -> City:
    """``owner``'s lot marker on each of ``lots``, or taken off where it stands.

    A lot marker stands on an unbuilt lot, one marker to a lot, and a player has
    8 (rulebook 001, "Special Rules & Edge Cases - Lot Markers"); a lot marker
    placed on a road board last era is out of its owner's supply this era
    (rulebook 000, "Gameplay Overview" 3.A).

    :param spent: lot markers ``owner`` placed on road boards last era
        (default: the table file's, ``road_boards.lot_markers_away``).
    :raises LotMarkerError: a lot is built on or holds another player's lot
        marker, or ``owner`` would need more lot markers than they have.
    """
    built = city.built()
    mine = list(city.markers(owner))
    others = {
        lot: pid
        for pid, held in city.lot_markers.items()
        if pid != owner
        for lot in held
    }
    for lot in lots:
        if lot in mine:
            mine.remove(lot)
        elif lot in built:
            raise LotMarkerError(
                msg(
                    "{lot} is built on: lot markers go on unbuilt lots only.",
                    lot=str(lot),
                )
            )
        elif lot in others:
            raise LotMarkerError(
                msg(
                    "{lot} has {player}'s lot marker already.",
                    lot=str(lot),
                    player=player_name(city, others[lot]),
                )
            )
        else:
            mine.append(lot)
    if spent is None:
        spent = city.lot_markers_away(owner)
    supply = LOT_MARKERS_PER_PLAYER - spent
    if len(mine) > supply:
        if spent:
            raise LotMarkerError(
                msg(
                    "{player} has only {n} lot markers this era: {spent} went on "
                    "a road board.",
                    player=player_name(city, owner),
                    n=supply,
                    spent=spent,
                )
            )
        raise LotMarkerError(
            msg(
                "{player} has only {n} lot markers.",
                player=player_name(city, owner),
                n=LOT_MARKERS_PER_PLAYER,
            )
        )
    markers = dict(city.lot_markers)
    markers[owner] = tuple(mine)
    return replace(city, lot_markers=markers)


def claim_lots(city: City, owner: PlayerId, lots: Iterable[Lot]) -> City:
    """``owner``'s lot markers on the lots among ``lots`` that are unbuilt and
    hold no lot marker, so that a building can go there.

    A building goes on lots its owner holds (rulebook 001, "Action 3: Construct
    a Building"); a board entered as it lies was bought before the app saw it,
    so the lots are taken as held. Lots already held or built stay as they are
    (:func:`build` then checks them).
    """
    built = city.built()
    held = {lot for markers in city.lot_markers.values() for lot in markers}
    free = [lot for lot in lots if lot not in built and lot not in held]
    if not free:
        return city
    markers = dict(city.lot_markers)
    markers[owner] = (*city.markers(owner), *free)
    return replace(city, lot_markers=markers)


def move(city: City, index: int, lots: Sequence[Lot]) -> City:
    """``buildings[index]`` taken off its lots and built again on ``lots`` (to
    correct an entry): the lots it leaves become unowned, the new lots are
    claimed for its owner (:func:`claim_lots`) and every rule of :func:`build`
    applies there.

    :raises NoSuchBuildingError: no building at ``index``.
    :raises IllegalBuildError: the building may not stand on ``lots``.
    """
    without = remove(city, index)
    old = city.buildings[index]
    return build(claim_lots(without, old.owner, lots), replace(old, lots=tuple(lots)))


# --------------------------------------------------------------------------
# What a tap on the board asks for: whose, which building, which tray piece
# --------------------------------------------------------------------------


def check_owner(city: City, owner: PlayerId) -> None:
    """Whether ``owner`` is a player at the table: the lots tapped on the board
    are built on, marked or cleared for one of them.

    :raises IllegalBuildError: not a player at this table.
    """
    if owner not in {p.id for p in city.players}:
        raise IllegalBuildError(msg("Choose a player."))


def buildings_on(city: City, lots: Iterable[Lot]) -> tuple[int, ...]:
    """The buildings standing on any of ``lots``: their indexes in
    ``city.buildings``, in that order."""
    built = city.built()
    return tuple(sorted({built[lot] for lot in lots if lot in built}))


def building_to_move(city: City, lots: Iterable[Lot]) -> int:
    """The one building on ``lots`` that is to move (its index).

    :raises IllegalBuildError: no building there, or more than one.
    """
    indexes = buildings_on(city, lots)
    if len(indexes) != 1:
        raise IllegalBuildError(msg("Tap a lot of the one building you want to move."))
    return indexes[0]


def building_to_remove(city: City, lots: Iterable[Lot]) -> int:
    """The one building on ``lots`` that is to go (its index): one at a time,
    to be clear.

    :raises NoSuchBuildingError: no building there, or more than one.
    """
    indexes = buildings_on(city, lots)
    if not indexes:
        raise NoSuchBuildingError(msg("There is no building on those lots."))
    if len(indexes) > 1:
        raise NoSuchBuildingError(msg("Tap a lot of the one building to remove."))
    return indexes[0]


def building_from(city: City, lot: str) -> int:
    """The building standing on the lot named ``lot`` (its index): the one a
    move takes off the board.

    :raises NoSuchBuildingError: not a lot name, or no building there now.
    """
    try:
        start = Lot.parse(lot)
    except RuleError:
        raise NoSuchBuildingError(msg("Choose the building to move again.")) from None
    index = city.built().get(start)
    if index is None:
        raise NoSuchBuildingError(msg("That building is not on the board any more."))
    return index


def tray_stock_piece(city: City, owner: PlayerId, place: int) -> TrayPiece:
    """The piece at ``place`` in ``owner``'s :func:`remaining_tray`.

    :raises NotInTrayError: no such place in the tray.
    """
    stock = remaining_tray(city, owner)
    if not 0 <= place < len(stock):
        raise NotInTrayError(msg("That piece is not in the tray."))
    return stock[place].piece


def tray_building(piece: TrayPiece, owner: PlayerId, lots: Sequence[Lot]) -> Building:
    """``owner``'s building of ``piece`` on ``lots``, with the values printed on
    the piece. Whether ``owner`` may build it there is :func:`build`'s to say.

    :raises IllegalBuildError: the lots do not make the piece's shape (rulebook
        001, "Action 3: Construct a Building").
    :raises ValueError: a civic piece: its values are the group's to give.
    """
    if piece.values is None:
        raise ValueError(f"a {piece.name} needs its civic values")
    building = Building(owner, tuple(lots), piece.values, piece.name)
    if not piece.fits(building):
        raise IllegalBuildError(
            msg(
                "A {piece} does not cover {lots}.",
                piece=PIECE_WORDS.get(piece.name, piece.name),
                lots=format_lots(lots),
            )
        )
    return building


# --------------------------------------------------------------------------
# Roads of Fortune: the lot swap of a road-board space
# --------------------------------------------------------------------------

LOT_SWAP: Final = Citation("000", "Gameplay Example - South Road Board")
"""Where a swap of lots is shown: F, the space "allowing them to swap 2 Lot
Markers on the board", and G, "They swap one of their lots with a lot owned by
the Red player"."""


class LotSwapError(RuleError):
    """A swap of lot markers that a road-board space does not allow (rulebook
    000, "Gameplay Example - South Road Board" F-G)."""


class SwapOffBoardError(LotSwapError):
    """A lot of the swap is not on the board in play."""


class SwapSameLotError(LotSwapError):
    """One lot given on both sides of the swap."""


class SwapBuiltLotError(LotSwapError):
    """A lot of the swap is built on: it holds no lot marker to swap."""


class SwapNoMarkerError(LotSwapError):
    """A lot of the swap holds no lot marker: nobody owns it yet."""


class SwapSamePlayerError(LotSwapError):
    """Both lots are one player's: swapping them would change nothing."""


class SwapNotYoursError(LotSwapError):
    """The lot the picker gives holds another player's lot marker."""


def swap_exchanges(lots: int) -> int:
    """How many exchanges a road-board space that swaps ``lots`` lot markers
    gives: one for every two markers, since each exchange moves two
    (rulebook 000, "Gameplay Example - South Road Board": F "swap 2 Lot
    Markers" is G's one exchange, Blue's lot for Red's). A space printing 1
    moves no pair, so it gives none."""
    return max(lots, 0) // 2


def swap_lot_markers(city: City, player: PlayerId, mine: Lot, theirs: Lot) -> City:
    """The city after ``player`` swaps their lot on ``mine`` for another
    player's lot on ``theirs``: the two lot markers change places.

    What the rulebook says (rulebook 000, "Gameplay Example - South Road
    Board"): the space lets Blue "swap 2 Lot Markers on the board" (F), and
    "They swap one of their lots with a lot owned by the Red player" (G). So a
    swap exchanges two lot markers, one of the picker's and one of another
    player's. A lot is owned through its lot marker until it is built on, and
    lot markers stand on unbuilt lots only (rulebook 001, "Special Rules & Edge
    Cases - Lot Markers"), so both lots are unbuilt and hold a marker; built
    lots, with their buildings, stay as they are. Each lot keeps one marker and
    each player as many markers as before: only the two lots change owners.

    Decided where the rulebook is silent, allowing what the example shows and
    refusing the rest: the picker gives one of *their* lots (G: "one of their
    lots"), never swaps two other players' lots; two lots of one player would
    change nothing. A space's number counts the markers that move, two per
    exchange (:func:`swap_exchanges`). The swap is the picker's to make or not:
    F's space is one "allowing" it, and a space may be taken for a reward its
    picker cannot use (rulebook 000, "Alternate Rewards"), so a pick without a
    swap is no call here at all. ``city`` is unchanged.

    :param mine: a lot holding ``player``'s lot marker.
    :param theirs: a lot holding another player's lot marker.
    :raises LotSwapError: ``player`` is not at the table.
    :raises SwapSameLotError: ``mine`` and ``theirs`` are the same lot.
    :raises SwapOffBoardError: a lot off the board in play.
    :raises SwapBuiltLotError: a lot that is built on.
    :raises SwapNoMarkerError: a lot with no lot marker.
    :raises SwapSamePlayerError: both lots hold the same player's markers.
    :raises SwapNotYoursError: ``mine`` holds another player's lot marker.
    """
    if player not in {p.id for p in city.players}:
        raise LotSwapError(
            msg("{player} is not a player at this table", player=repr(player))
        )
    source = LOT_SWAP.as_message()
    if mine == theirs:
        raise SwapSameLotError(
            msg(
                "{lot} is given twice: a swap exchanges two different lots ({source})",
                lot=str(mine),
                source=source,
            )
        )
    board = city.board
    built = city.built()
    holders = {lot: pid for pid, lots in city.lot_markers.items() for lot in lots}
    for lot in (mine, theirs):
        if lot not in board:
            raise SwapOffBoardError(board.off_board_message(lot))
        if lot in built:
            building = city.buildings[built[lot]]
            raise SwapBuiltLotError(
                msg(
                    "{lot} is built on ({player}'s {building}): a swap moves lot "
                    "markers, which stand on unbuilt lots only ({source})",
                    lot=str(lot),
                    player=player_name(city, building.owner),
                    building=building.what,
                    source=source,
                )
            )
        if lot not in holders:
            raise SwapNoMarkerError(
                msg(
                    "{lot} holds no lot marker: a swap exchanges two players' lot "
                    "markers ({source})",
                    lot=str(lot),
                    source=source,
                )
            )
    giver, taker = holders[mine], holders[theirs]
    if giver == taker:
        raise SwapSamePlayerError(
            msg(
                "{mine} and {theirs} are both {player}'s lots: a swap exchanges "
                "one of {picker}'s lots with another player's ({source})",
                mine=str(mine),
                theirs=str(theirs),
                player=player_name(city, giver),
                picker=player_name(city, player),
                source=source,
            )
        )
    if giver != player:
        raise SwapNotYoursError(
            msg(
                "{lot} is {owner}'s lot, not {picker}'s: {picker} swaps one of "
                "their own lots ({source})",
                lot=str(mine),
                owner=player_name(city, giver),
                picker=player_name(city, player),
                source=source,
            )
        )
    markers = dict(city.lot_markers)
    markers[player] = tuple(theirs if lot == mine else lot for lot in markers[player])
    markers[taker] = tuple(mine if lot == theirs else lot for lot in markers[taker])
    return replace(city, lot_markers=markers)
