"""Roads of Fortune: the road boards on the four edges of the City board.

Rules come from rulebook 000 (Foundations of Rome: Roads of Fortune,
``../shared/rulebooks``); the table file part is ``road_boards`` in
``../shared/spec/table-file.md``, "Road boards (Roads of Fortune)".

At each era scoring, before the rest of it, the boards resolve north, east,
south, west. On each edge every player's *influence* is the size of their
buildings that touch that edge; a *majority* board rewards the most influence
and punishes none by itself, and on a *milestone* board the players pick a
space in rank order, placing a milestone marker (or, with both placed, a lot
marker). :func:`resolve` applies the recorded picks and explains every point;
:func:`next_turn` and :func:`choose` walk a table through its picks.

Pure: the standard library only; functions take values and return new ones.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from types import MappingProxyType
from typing import Final, TypeAlias

from .base import (
    Citation,
    Line,
    Message,
    Node,
    Player,
    PlayerId,
    Points,
    Problem,
    TableFileError,
    and_list,
    child_path,
    comma_list,
    msg,
    nmsg,
    not_a_player,
    per_player,
)
from .foundations import (
    LOT_MARKERS_PER_PLAYER,
    Building,
    City,
    FrozenMap,
    Lot,
    player_name,
)

# --------------------------------------------------------------------------
# Citations (rulebook 000 names no pages)
# --------------------------------------------------------------------------

OVERVIEW: Final = Citation("000", "Gameplay Overview")
INFLUENCE: Final = Citation("000", "Determining Influence")
EXAMPLE_EAST: Final = Citation("000", "Gameplay Example - East Road Board")
EXAMPLE_SOUTH: Final = Citation("000", "Gameplay Example - South Road Board")
EXAMPLE_WEST: Final = Citation("000", "Gameplay Example - West Road Board")
POPULATION_TOKENS: Final = Citation("000", "Population Tokens")
ALTERNATE_REWARDS: Final = Citation("000", "Alternate Rewards")

MILESTONES_PER_PLAYER: Final = 2
"""Milestone markers of one player (rulebook 000, "Components" B and "Setup" 5)."""

ROAD_BOARDS_PATH: Final = "road_boards"
"""Where the road boards sit in a table file; every error path starts here."""

# --------------------------------------------------------------------------
# Errors
# --------------------------------------------------------------------------


class RoadChoiceError(TableFileError):
    """A recorded pick on a road board that the rules do not allow; each
    problem names the JSON path of the pick (``road_boards.choices.south[2]``)."""


class UnrankedPlayerError(RoadChoiceError):
    """A player with no influence on an edge picks on its board (rulebook 000,
    "Gameplay Overview" 3: players pick in order of influence)."""


class RankOrderError(RoadChoiceError):
    """Picks listed out of rank order, or a player picking twice on one board
    (rulebook 000, "Gameplay Overview" 3)."""


class SlotError(RoadChoiceError):
    """A pick on a space that is taken or does not exist, an "or" reward on a
    space without one, or a pass that names a space (rulebook 000, "Gameplay
    Overview" 3 and "Alternate Rewards")."""


class MarkerError(RoadChoiceError):
    """A milestone placed with none left, a lot marker placed while a milestone
    is left or with no lot marker in supply (rulebook 000, "Gameplay
    Overview" 3.A)."""


class MajorityChoiceError(RoadChoiceError):
    """Picks recorded for a board without milestone spaces (rulebook 000,
    "Gameplay Overview" 4: nobody places a marker there)."""


# --------------------------------------------------------------------------
# Edges
# --------------------------------------------------------------------------


class Edge(Enum):
    """A side of the City board, in the order the road boards resolve
    (rulebook 000, "Gameplay Overview" 1: north, then clockwise)."""

    NORTH = "north"
    """The top edge: row 1."""
    EAST = "east"
    """The right edge: the last column in play."""
    SOUTH = "south"
    """The bottom edge: the last row in play."""
    WEST = "west"
    """The left edge: column A."""

    def has(self, lot: Lot, size: int) -> bool:
        """Whether ``lot`` lies on this edge of a ``size`` x ``size`` board
        (a corner lot lies on two edges: rulebook 000, "Determining Influence")."""
        if self is Edge.NORTH:
            return lot.row == 1
        if self is Edge.SOUTH:
            return lot.row == size
        if self is Edge.WEST:
            return lot.column == 0
        return lot.column == size - 1

    @property
    def label(self) -> Message:
        """The edge's name in a sentence: ``on the {edge} edge``."""
        return _EDGE_LABELS[self]

    @property
    def road(self) -> Message:
        """The board's name at the start of a sentence: ``North road``."""
        return _ROAD_LABELS[self]


_EDGE_LABELS: Final[Mapping[Edge, Message]] = MappingProxyType(
    {
        Edge.NORTH: msg("north"),
        Edge.EAST: msg("east"),
        Edge.SOUTH: msg("south"),
        Edge.WEST: msg("west"),
    }
)
_ROAD_LABELS: Final[Mapping[Edge, Message]] = MappingProxyType(
    {
        Edge.NORTH: msg("North road"),
        Edge.EAST: msg("East road"),
        Edge.SOUTH: msg("South road"),
        Edge.WEST: msg("West road"),
    }
)

# --------------------------------------------------------------------------
# Rewards, spaces and boards
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class VictoryPoints:
    """``{"vp": n}``: n VP at once."""

    vp: Points

    def describe(self) -> Message:
        return msg("{n} VP", n=self.vp)

    def to_json(self) -> dict[str, object]:
        return {"vp": self.vp}


@dataclass(frozen=True)
class PopulationToken:
    """``{"population_token": 1 or 2}``: a token turned to that side, a lasting
    bonus on the population track that already counts in this era (rulebook
    000, "Population Tokens")."""

    population: int

    def describe(self) -> Message:
        return msg("a population token worth {n}", n=self.population)

    def to_json(self) -> dict[str, object]:
        return {"population_token": self.population}


@dataclass(frozen=True)
class CoinsFromEach:
    """``{"coins_from_each": n}``: every other player pays the picker n coins
    (rulebook 000, "Gameplay Example - West Road Board" D-E)."""

    coins: int

    def describe(self) -> Message:
        return nmsg(
            "{n} coin from every other player",
            "{n} coins from every other player",
            n=self.coins,
        )

    def to_json(self) -> dict[str, object]:
        return {"coins_from_each": self.coins}


@dataclass(frozen=True)
class FirstPlayer:
    """``{"first_player": true}``: the picker takes the first player marker
    (rulebook 000, "Gameplay Example - West Road Board" F-G)."""

    def describe(self) -> Message:
        return msg("the first player marker")

    def to_json(self) -> dict[str, object]:
        return {"first_player": True}


@dataclass(frozen=True)
class SwapLots:
    """``{"swap_lots": n}``: the picker swaps n lots on the board; the swap
    itself is made at the table (rulebook 000, "Gameplay Example - South Road
    Board" F-G)."""

    lots: int

    def describe(self) -> Message:
        return nmsg("a swap of {n} lot", "a swap of {n} lots", n=self.lots)

    def to_json(self) -> dict[str, object]:
        return {"swap_lots": self.lots}


@dataclass(frozen=True)
class OtherReward:
    """``{"other": "..."}``: a reward the app does not model, in the board's
    words; recorded, with no automatic effect."""

    text: str

    def describe(self) -> Message:
        return msg("the printed reward “{text}”", text=self.text)

    def to_json(self) -> dict[str, object]:
        return {"other": self.text}


Reward: TypeAlias = (
    VictoryPoints
    | PopulationToken
    | CoinsFromEach
    | FirstPlayer
    | SwapLots
    | OtherReward
)
"""What a milestone space gives (spec: "Rewards")."""

REWARD_KEYS: Final = (
    "vp",
    "population_token",
    "coins_from_each",
    "first_player",
    "swap_lots",
    "other",
)
"""The one key of a reward object in the table file, one per reward type."""

OTHER_TEXT_MAX: Final = 120


@dataclass(frozen=True)
class Slot:
    """A milestone space: its printed reward and, on some spaces, an
    alternate reward the picker may take instead (rulebook 000, "Alternate
    Rewards": even only to block the printed one)."""

    reward: Reward
    alternate: Reward | None = None


@dataclass(frozen=True)
class MilestoneBoard:
    """A road board face with milestone spaces, picked in rank order
    (rulebook 000, "Gameplay Overview" 3)."""

    slots: tuple[Slot, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "slots", tuple(self.slots))
        if not self.slots:
            raise ValueError("a milestone board has at least one space")


@dataclass(frozen=True)
class MajorityBoard:
    """A road board face without milestone spaces: in era ``e``, every player
    with the most influence gains ``most[e-1]`` VP (ties share) and every
    player with none gains ``none[e-1]`` (a loss when negative); if nobody has
    influence, everyone gains ``none`` (rulebook 000, "Gameplay Overview" 4 and
    "Gameplay Example - East Road Board"; spec "majority")."""

    most: tuple[Points, Points, Points]
    none: tuple[Points, Points, Points]


RoadBoard: TypeAlias = MilestoneBoard | MajorityBoard
"""One face of a road board."""

# The four faces of rulebook 000's gameplay example. What the example shows:
# north: the 1-population-token space and the 3 VP space, and that nobody else
# may pick (so two spaces); east: 1 VP for the most and -1 VP for none in Era 1;
# south: the swap-2-lots space, the 3 VP space and a space whose printed power
# the example does not name, with "OR 2 VP"; west: three spaces, first player
# OR 1 (the "Alternate Rewards" figure), 2 coins from every other player OR 2
# in the middle, and 3 VP. Inferred, not shown: east's Era 2 and 3 values
# (2/3 and -2/-3, growing by one per era like the first), that the first two
# south spaces and the north spaces have no alternate, the order of the south
# spaces, and that the alternates "(1)" and "(2)" are VP.

WORKED_EXAMPLE_NORTH: Final = MilestoneBoard(
    (Slot(PopulationToken(1)), Slot(VictoryPoints(3)))
)
"""North face of rulebook 000's gameplay example (see the note above)."""
WORKED_EXAMPLE_EAST: Final = MajorityBoard(most=(1, 2, 3), none=(-1, -2, -3))
"""East face of rulebook 000's gameplay example (Era 1 shown; 2 and 3 inferred)."""
WORKED_EXAMPLE_SOUTH: Final = MilestoneBoard(
    (
        Slot(SwapLots(2)),
        Slot(VictoryPoints(3)),
        Slot(OtherReward("as printed on the board"), VictoryPoints(2)),
    )
)
"""South face of rulebook 000's gameplay example (the third space's printed
power is not named there)."""
WORKED_EXAMPLE_WEST: Final = MilestoneBoard(
    (
        Slot(FirstPlayer(), VictoryPoints(1)),
        Slot(CoinsFromEach(2), VictoryPoints(2)),
        Slot(VictoryPoints(3)),
    )
)
"""West face of rulebook 000's gameplay example and "Alternate Rewards" figure."""

PRESETS: Final[Mapping[str, RoadBoard]] = MappingProxyType(
    {
        "worked-example-north": WORKED_EXAMPLE_NORTH,
        "worked-example-east": WORKED_EXAMPLE_EAST,
        "worked-example-south": WORKED_EXAMPLE_SOUTH,
        "worked-example-west": WORKED_EXAMPLE_WEST,
    }
)
"""Ready-made faces by name. Only the example's faces are known: the contents
of the retail boards were not found (game-data.md section 2)."""

WORKED_EXAMPLE: Final[Mapping[Edge, RoadBoard]] = MappingProxyType(
    {
        Edge.NORTH: WORKED_EXAMPLE_NORTH,
        Edge.EAST: WORKED_EXAMPLE_EAST,
        Edge.SOUTH: WORKED_EXAMPLE_SOUTH,
        Edge.WEST: WORKED_EXAMPLE_WEST,
    }
)
"""The four boards of the gameplay example, each on its edge."""

# --------------------------------------------------------------------------
# Recorded picks
# --------------------------------------------------------------------------


class Take(Enum):
    """What a player did with their pick on a milestone board."""

    REWARD = "reward"
    """Placed a marker and took the space's printed reward."""
    OR = "or"
    """Placed a marker and took the space's alternate reward instead
    (rulebook 000, "Alternate Rewards")."""
    PASS = "pass"  # noqa: S105 - a pass on a board, not a password
    """Placed no marker (rulebook 000, "Gameplay Overview" 3.A)."""


class Marker(Enum):
    """What a player placed on a milestone space."""

    MILESTONE = "milestone"
    """One of their two milestone markers (rulebook 000, "Components" B)."""
    LOT = "lot"
    """A lot marker, once both milestones are placed; it is missing from their
    supply in the next era (rulebook 000, "Gameplay Overview" 3.A)."""


@dataclass(frozen=True)
class Choice:
    """One player's pick on one milestone board: ``slot`` (0 is the first
    space) and ``marker`` for ``reward`` and ``or``, neither for ``pass``."""

    player: PlayerId
    take: Take
    slot: int | None = None
    marker: Marker | None = None


@dataclass(frozen=True)
class RoadBoards:
    """The four road boards of a table and the picks recorded on them this era.

    ``choices`` lists each milestone board's picks in the order they were made
    (rank order); a ranked player without an entry passed. ``milestones_left``
    is each player's count of milestone markers at the start of this era's
    road boards (2 when left out).

    :raises ValueError: not exactly one board on each edge.
    """

    boards: Mapping[Edge, RoadBoard]
    choices: Mapping[Edge, tuple[Choice, ...]] = field(default_factory=dict)
    milestones_left: Mapping[PlayerId, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if set(self.boards) != set(Edge):
            missing = ", ".join(e.value for e in Edge if e not in self.boards)
            raise ValueError(f"a road board on every edge is needed; none on {missing}")
        # Read-only copies in a fixed order; no picks and the default count say
        # nothing, so that equal tables are equal values.
        boards = FrozenMap({edge: self.boards[edge] for edge in Edge})
        choices = FrozenMap(
            {edge: tuple(self.choices[edge]) for edge in Edge if self.choices.get(edge)}
        )
        left = FrozenMap(
            {
                pid: n
                for pid, n in self.milestones_left.items()
                if n != MILESTONES_PER_PLAYER
            }
        )
        object.__setattr__(self, "boards", boards)
        object.__setattr__(self, "choices", choices)
        object.__setattr__(self, "milestones_left", left)

    def board(self, edge: Edge) -> RoadBoard:
        return self.boards[edge]

    def picks(self, edge: Edge) -> tuple[Choice, ...]:
        """The picks recorded on ``edge``'s board, in the order made."""
        return self.choices.get(edge, ())

    def milestones(self, pid: PlayerId) -> int:
        """Milestone markers ``pid`` holds as the road boards start."""
        return self.milestones_left.get(pid, MILESTONES_PER_PLAYER)


def worked_example_boards() -> RoadBoards:
    """The four boards of rulebook 000's gameplay example, with no picks yet."""
    return RoadBoards(WORKED_EXAMPLE)


# --------------------------------------------------------------------------
# Influence (rulebook 000, "Determining Influence")
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class Standing:
    """A player's influence on one edge and the lots that break its ties."""

    player: PlayerId
    influence: int
    """The lots of every building of theirs with a lot on the edge."""
    letter_lot: Lot
    """Their lot on the edge with the earliest column letter (then row)."""
    number_lot: Lot
    """Their lot on the edge with the lowest row number (then letter)."""

    @property
    def key(self) -> tuple[int, int, int]:
        """The ranking key: most influence, earliest letter, lowest number."""
        return (-self.influence, self.letter_lot.column, self.number_lot.row)


@dataclass(frozen=True)
class EdgeInfluence:
    """Influence on one edge: who ranks where, and why.

    ``standings`` holds the players with influence, in rank order (ties
    already broken); ``counted`` explains each counted building (points: its
    lots) and ``tie_breaks`` each tie broken (no points).
    """

    edge: Edge
    standings: tuple[Standing, ...]
    counted: tuple[Line, ...] = ()
    tie_breaks: tuple[Line, ...] = ()

    @property
    def order(self) -> tuple[PlayerId, ...]:
        """The ranked players, first pick first."""
        return tuple(s.player for s in self.standings)

    @property
    def influence(self) -> dict[PlayerId, int]:
        """Influence of each ranked player, in rank order (0 is left out)."""
        return {s.player: s.influence for s in self.standings}

    def of(self, pid: PlayerId) -> int:
        """``pid``'s influence on this edge (0 when unranked)."""
        return self.influence.get(pid, 0)

    def rank(self, pid: PlayerId) -> int | None:
        """``pid``'s place in the order (0 picks first), ``None`` when unranked."""
        order = self.order
        return order.index(pid) if pid in order else None


def influence(city: City, edge: Edge) -> EdgeInfluence:
    """Every player's influence on ``edge`` and the rank order (rulebook 000,
    "Determining Influence"; spec "Road boards").

    A player's influence is the total number of lots of each of their buildings
    with at least one lot on the edge (the whole building counts; a corner lot
    is on two edges); lot markers never count. More influence ranks first; a
    tie goes to the player whose building lots on the edge include the
    earliest column letter, then the lowest row number. Players with no
    influence are not ranked. No two players share a lot, so the order is total.
    """
    size = city.board.size
    seats = [p.id for p in city.players]
    on_edge: dict[PlayerId, list[Building]] = {pid: [] for pid in seats}
    for building in city.buildings:
        if building.owner in on_edge and any(
            edge.has(lot, size) for lot in building.lots
        ):
            on_edge[building.owner].append(building)
    standings: list[Standing] = []
    counted: list[Line] = []
    for pid in seats:
        buildings = on_edge[pid]
        if not buildings:
            continue
        edge_lots = [lot for b in buildings for lot in b.lots if edge.has(lot, size)]
        standings.append(
            Standing(
                pid,
                sum(b.size for b in buildings),
                min(edge_lots, key=lambda lot: (lot.column, lot.row)),
                min(edge_lots, key=lambda lot: (lot.row, lot.column)),
            )
        )
        for b in buildings:
            counted.append(
                Line(
                    b.size,
                    nmsg(
                        "{player}: {building} touches the {edge} edge: "
                        "{n} lot of influence",
                        "{player}: {building} touches the {edge} edge: "
                        "{n} lots of influence",
                        n=b.size,
                        player=player_name(city, pid),
                        building=b.label(),
                        edge=edge.label,
                    ),
                    INFLUENCE,
                )
            )
    standings.sort(key=lambda s: s.key)
    return EdgeInfluence(
        edge, tuple(standings), tuple(counted), _tie_break_lines(city, edge, standings)
    )


def _tie_break_lines(
    city: City, edge: Edge, standings: Sequence[Standing]
) -> tuple[Line, ...]:
    lines: list[Line] = []
    for ahead, behind in zip(standings, standings[1:], strict=False):
        if ahead.influence != behind.influence:
            continue
        first = player_name(city, ahead.player)
        second = player_name(city, behind.player)
        if ahead.letter_lot.column != behind.letter_lot.column:
            text = msg(
                "{first} before {second}: earliest letter on the {edge} edge, "
                "{a} against {b}",
                first=first,
                second=second,
                edge=edge.label,
                a=str(ahead.letter_lot),
                b=str(behind.letter_lot),
            )
        else:
            text = msg(
                "{first} before {second}: same letter, lowest number on the "
                "{edge} edge, {a} against {b}",
                first=first,
                second=second,
                edge=edge.label,
                a=str(ahead.number_lot),
                b=str(behind.number_lot),
            )
        lines.append(Line(None, text, INFLUENCE))
    return tuple(lines)


# --------------------------------------------------------------------------
# Resolution (rulebook 000, "Gameplay Overview")
# --------------------------------------------------------------------------


class Gain(Enum):
    """What a line of road results counts."""

    VP = "vp"
    """Victory points: the line's points are VP (negative: a loss)."""
    COINS = "coins"
    """Coins: the line's points are coins gained (negative: paid)."""
    POPULATION = "population"
    """Population tokens: the line's points are population, counted this era."""
    NOTE = "note"
    """No points: the first player marker, lots to swap, a free-text reward, a
    lot marker spent, a pass."""


@dataclass(frozen=True)
class Entry:
    """One explained result of one road board for one player."""

    edge: Edge
    gain: Gain
    line: Line


@dataclass(frozen=True)
class PlayerRoads:
    """What one player gets from the road boards this era, line by line, in
    the order the edges resolved."""

    player: PlayerId
    entries: tuple[Entry, ...] = ()
    milestones_left: int = MILESTONES_PER_PLAYER
    """Milestone markers still in hand after this era's boards."""
    lot_markers_spent: int = 0
    """Lot markers placed as milestones: that many fewer in the next era."""
    swap_lots: int = 0
    """Lots this player may swap on the board (made at the table)."""
    other: tuple[str, ...] = ()
    """Free-text rewards taken, as printed on the board."""

    def lines(self, gain: Gain, edge: Edge | None = None) -> tuple[Line, ...]:
        """The lines of one kind, of one edge or of all."""
        return tuple(
            e.line
            for e in self.entries
            if e.gain is gain and (edge is None or e.edge is edge)
        )

    def total(self, gain: Gain, edge: Edge | None = None) -> int:
        """The sum of one kind of lines (VP, coins or population)."""
        return sum(line.points or 0 for line in self.lines(gain, edge))

    @property
    def vp(self) -> Points:
        """VP from the road boards: the spec's per-player ``roads``."""
        return self.total(Gain.VP)

    @property
    def coins(self) -> int:
        """Coins gained from (or, negative, paid to) other players."""
        return self.total(Gain.COINS)

    @property
    def population(self) -> int:
        """Population of the tokens gained; it counts in this era already."""
        return self.total(Gain.POPULATION)


@dataclass(frozen=True)
class RoadsResult:
    """The road boards of one era scoring, resolved: influence per edge (in
    resolution order) and each player's gains (in seating order)."""

    era: int
    edges: tuple[EdgeInfluence, ...]
    players: tuple[PlayerRoads, ...]
    first_player: PlayerId | None = None
    """Who took the first player marker on a road board, if anyone did."""

    def edge(self, edge: Edge) -> EdgeInfluence:
        for found in self.edges:
            if found.edge is edge:
                return found
        raise KeyError(edge)

    def player(self, pid: PlayerId) -> PlayerRoads:
        for found in self.players:
            if found.player == pid:
                return found
        raise KeyError(pid)


@dataclass
class _Ledger:
    """One player's gains while the edges resolve (local to one resolution)."""

    milestones: int
    lot_markers_free: int
    entries: list[Entry] = field(default_factory=list)
    lot_markers_spent: int = 0
    swap_lots: int = 0
    other: list[str] = field(default_factory=list)

    def add(self, edge: Edge, gain: Gain, line: Line) -> None:
        self.entries.append(Entry(edge, gain, line))

    def freeze(self, pid: PlayerId) -> PlayerRoads:
        return PlayerRoads(
            pid,
            tuple(self.entries),
            self.milestones,
            self.lot_markers_spent,
            self.swap_lots,
            tuple(self.other),
        )


def _choices_path(edge: Edge, index: int | None = None) -> str:
    path = child_path(child_path(ROAD_BOARDS_PATH, "choices"), edge.value)
    return path if index is None else child_path(path, index)


def _era_value(values: tuple[Points, Points, Points], era: int) -> Points:
    return values[era - 1]


def _resolve_majority(
    city: City,
    board: MajorityBoard,
    standing: EdgeInfluence,
    ledgers: Mapping[PlayerId, _Ledger],
) -> None:
    edge, era = standing.edge, city.era
    most = _era_value(board.most, era)
    none = _era_value(board.none, era)
    top = standing.standings[0].influence if standing.standings else 0
    leaders = [s.player for s in standing.standings if s.influence == top]
    for pid, ledger in ledgers.items():
        have = standing.of(pid)
        others = [player_name(city, q) for q in leaders if q != pid]
        points: Points
        if not leaders:
            points, text = (
                none,
                msg(
                    "{road}: nobody has influence, so everyone takes the "
                    "no-influence result: {vp} VP in Era {era}",
                    road=edge.road,
                    vp=none,
                    era=era,
                ),
            )
        elif pid in leaders and others:
            points, text = (
                most,
                msg(
                    "{road}: the most influence ({influence}), shared with "
                    "{others}: {vp} VP in Era {era}",
                    road=edge.road,
                    influence=have,
                    others=and_list(others),
                    vp=most,
                    era=era,
                ),
            )
        elif pid in leaders:
            points, text = (
                most,
                msg(
                    "{road}: the most influence ({influence}): {vp} VP in Era {era}",
                    road=edge.road,
                    influence=have,
                    vp=most,
                    era=era,
                ),
            )
        elif have == 0:
            points, text = (
                none,
                msg(
                    "{road}: no influence: {vp} VP in Era {era}",
                    road=edge.road,
                    vp=none,
                    era=era,
                ),
            )
        else:
            points, text = (
                0,
                msg(
                    "{road}: influence {influence}, not the most: no reward, "
                    "and no loss either",
                    road=edge.road,
                    influence=have,
                ),
            )
        ledger.add(edge, Gain.VP, Line(points, text, EXAMPLE_EAST))


def _check_pick(
    city: City,
    board: MilestoneBoard,
    standing: EdgeInfluence,
    index: int,
    choice: Choice,
    previous: Sequence[Choice],
    ledgers: Mapping[PlayerId, _Ledger],
) -> None:
    """Raise the precise error if ``choice`` (``index`` on its edge) breaks a rule."""
    edge = standing.edge
    path = _choices_path(edge, index)
    who = player_name(city, choice.player)
    rank = standing.rank(choice.player)
    ledger = ledgers.get(choice.player)
    if ledger is None:
        raise UnrankedPlayerError.at(
            child_path(path, "player"),
            not_a_player(choice.player),
        )
    if rank is None:
        raise UnrankedPlayerError.at(
            child_path(path, "player"),
            msg(
                "{who} has no influence on the {edge} edge, so does not pick on "
                "its road board ({source})",
                who=who,
                edge=edge.label,
                source=INFLUENCE.as_message(),
            ),
        )
    for earlier in previous:
        if earlier.player == choice.player:
            raise RankOrderError.at(
                child_path(path, "player"),
                msg(
                    "{who} already picked on the {edge} road board; a player "
                    "places at most one marker on a board ({source})",
                    who=who,
                    edge=edge.label,
                    source=OVERVIEW.as_message(),
                ),
            )
    if previous:
        last = previous[-1]
        last_rank = standing.rank(last.player)
        if last_rank is not None and last_rank > rank:
            raise RankOrderError.at(
                child_path(path, "player"),
                msg(
                    "{who} (rank {rank} on the {edge} edge) is listed after "
                    "{other} (rank {other_rank}): players pick in rank order "
                    "({source})",
                    who=who,
                    rank=rank + 1,
                    edge=edge.label,
                    other=player_name(city, last.player),
                    other_rank=last_rank + 1,
                    source=OVERVIEW.as_message(),
                ),
            )
    if choice.take is Take.PASS:
        if choice.slot is not None:
            raise SlotError.at(
                child_path(path, "slot"),
                msg("a pass places no marker, so takes no space"),
            )
        if choice.marker is not None:
            raise SlotError.at(
                child_path(path, "marker"), msg("a pass places no marker")
            )
        return
    if choice.slot is None:
        raise SlotError.at(child_path(path, "slot"), msg("is required but missing"))
    if choice.marker is None:
        raise MarkerError.at(child_path(path, "marker"), msg("is required but missing"))
    slots = board.slots
    if not 0 <= choice.slot < len(slots):
        raise SlotError.at(
            child_path(path, "slot"),
            msg(
                "{slot} is not a slot of this board (0 to {last})",
                slot=choice.slot,
                last=len(slots) - 1,
            ),
        )
    for k, earlier in enumerate(previous):
        if earlier.slot == choice.slot and earlier.take is not Take.PASS:
            raise SlotError.at(
                child_path(path, "slot"),
                msg(
                    "slot {slot} (space {space}) is already taken by {who} ({path})",
                    slot=choice.slot,
                    space=choice.slot + 1,
                    who=player_name(city, earlier.player),
                    path=_choices_path(edge, k),
                ),
            )
    if choice.take is Take.OR and slots[choice.slot].alternate is None:
        raise SlotError.at(
            child_path(path, "take"),
            msg(
                "slot {slot} (space {space}) has no alternate reward to take "
                "instead ({source})",
                slot=choice.slot,
                space=choice.slot + 1,
                source=ALTERNATE_REWARDS.as_message(),
            ),
        )
    if choice.marker is Marker.MILESTONE and ledger.milestones <= 0:
        raise MarkerError.at(
            child_path(path, "marker"),
            msg(
                "{who} has no milestone marker left here (both are placed); a lot "
                'marker may stand in: "marker": "lot" ({source})',
                who=who,
                source=OVERVIEW.as_message(),
            ),
        )
    if choice.marker is Marker.LOT:
        if ledger.milestones > 0:
            raise MarkerError.at(
                child_path(path, "marker"),
                nmsg(
                    "{who} still has {n} milestone marker; a lot marker stands in "
                    "only once both are placed ({source})",
                    "{who} still has {n} milestone markers; a lot marker stands in "
                    "only once both are placed ({source})",
                    n=ledger.milestones,
                    who=who,
                    source=OVERVIEW.as_message(),
                ),
            )
        if ledger.lot_markers_free <= 0:
            raise MarkerError.at(
                child_path(path, "marker"),
                msg(
                    "{who} has no lot marker left in supply ({source})",
                    who=who,
                    source=OVERVIEW.as_message(),
                ),
            )


def _apply_reward(
    city: City,
    edge: Edge,
    slot: int,
    reward: Reward,
    instead_of: Reward | None,
    pid: PlayerId,
    ledgers: Mapping[PlayerId, _Ledger],
) -> None:
    ledger = ledgers[pid]
    space = slot + 1
    source = ALTERNATE_REWARDS if instead_of is not None else OVERVIEW
    if instead_of is not None:
        what: Message = msg(
            "{reward} instead of {printed}",
            reward=reward.describe(),
            printed=instead_of.describe(),
        )
    else:
        what = reward.describe()
    taken = msg("{road}, space {space}: {what}", road=edge.road, space=space, what=what)
    if isinstance(reward, VictoryPoints):
        ledger.add(edge, Gain.VP, Line(reward.vp, taken, source))
    elif isinstance(reward, PopulationToken):
        ledger.add(
            edge,
            Gain.POPULATION,
            Line(
                reward.population,
                msg(
                    "{road}, space {space}: a population token worth {n}, "
                    "+{n} population from this era on",
                    road=edge.road,
                    space=space,
                    n=reward.population,
                ),
                POPULATION_TOKENS,
            ),
        )
    elif isinstance(reward, CoinsFromEach):
        others = [p.id for p in city.players if p.id != pid]
        total = reward.coins * len(others)
        ledger.add(
            edge,
            Gain.COINS,
            Line(
                total,
                nmsg(
                    "{road}, space {space}: {n} coin from the other players "
                    "({each} from each)",
                    "{road}, space {space}: {n} coins from the other players "
                    "({each} from each)",
                    n=total,
                    road=edge.road,
                    space=space,
                    each=reward.coins,
                ),
                EXAMPLE_WEST,
            ),
        )
        for other in others:
            ledgers[other].add(
                edge,
                Gain.COINS,
                Line(
                    -reward.coins,
                    nmsg(
                        "{road}: pays {n} coin to {player}",
                        "{road}: pays {n} coins to {player}",
                        n=reward.coins,
                        road=edge.road,
                        player=player_name(city, pid),
                    ),
                    EXAMPLE_WEST,
                ),
            )
    elif isinstance(reward, FirstPlayer):
        ledger.add(edge, Gain.NOTE, Line(None, taken, EXAMPLE_WEST))
    elif isinstance(reward, SwapLots):
        ledger.swap_lots += reward.lots
        ledger.add(
            edge,
            Gain.NOTE,
            Line(
                None,
                nmsg(
                    "{road}, space {space}: may swap {n} lot on the board "
                    "(made at the table)",
                    "{road}, space {space}: may swap {n} lots on the board "
                    "(made at the table)",
                    n=reward.lots,
                    road=edge.road,
                    space=space,
                ),
                EXAMPLE_SOUTH,
            ),
        )
    else:
        ledger.other.append(reward.text)
        ledger.add(
            edge,
            Gain.NOTE,
            Line(
                None,
                msg(
                    "{road}, space {space}: {what}; apply it at the table",
                    road=edge.road,
                    space=space,
                    what=reward.describe(),
                ),
                OVERVIEW,
            ),
        )


def _resolve_milestones(
    city: City,
    board: MilestoneBoard,
    standing: EdgeInfluence,
    picks: Sequence[Choice],
    ledgers: Mapping[PlayerId, _Ledger],
) -> PlayerId | None:
    """Apply ``picks``; returns who took the first player marker, if anyone."""
    edge = standing.edge
    first_player: PlayerId | None = None
    for index, choice in enumerate(picks):
        _check_pick(city, board, standing, index, choice, picks[:index], ledgers)
        ledger = ledgers[choice.player]
        if choice.take is Take.PASS or choice.slot is None:
            ledger.add(
                edge,
                Gain.NOTE,
                Line(None, msg("{road}: passed", road=edge.road), OVERVIEW),
            )
            continue
        if choice.marker is Marker.LOT:
            ledger.lot_markers_free -= 1
            ledger.lot_markers_spent += 1
            ledger.add(
                edge,
                Gain.NOTE,
                Line(
                    None,
                    msg(
                        "{road}: placed a lot marker as a milestone (both "
                        "milestones were placed): one lot marker fewer next era",
                        road=edge.road,
                    ),
                    OVERVIEW,
                ),
            )
        else:
            ledger.milestones -= 1
        slot = board.slots[choice.slot]
        if choice.take is Take.OR and slot.alternate is not None:
            reward, instead_of = slot.alternate, slot.reward
        else:
            reward, instead_of = slot.reward, None
        if isinstance(reward, FirstPlayer):
            first_player = choice.player
        _apply_reward(
            city, edge, choice.slot, reward, instead_of, choice.player, ledgers
        )
    picked = {c.player for c in picks}
    for rank, standing_ in enumerate(standing.standings):
        if standing_.player in picked:
            continue
        before = [
            c
            for c in picks
            if c.take is not Take.PASS and (standing.rank(c.player) or 0) < rank
        ]
        if len(before) >= len(board.slots):
            text = msg(
                "{road}: every space was taken before their pick", road=edge.road
            )
        else:
            text = msg("{road}: placed no marker", road=edge.road)
        ledgers[standing_.player].add(edge, Gain.NOTE, Line(None, text, OVERVIEW))
    return first_player


def _ledgers(city: City, boards: RoadBoards) -> dict[PlayerId, _Ledger]:
    return {
        p.id: _Ledger(
            boards.milestones(p.id),
            max(0, LOT_MARKERS_PER_PLAYER - len(city.markers(p.id))),
        )
        for p in city.players
    }


def _majority_error(edge: Edge) -> MajorityChoiceError:
    return MajorityChoiceError(
        [
            Problem(
                _choices_path(edge),
                msg(
                    "the {edge} road board has no milestone spaces: nobody picks "
                    "there ({source})",
                    edge=edge.label,
                    source=OVERVIEW.as_message(),
                ),
            )
        ]
    )


def _walk(
    city: City, boards: RoadBoards
) -> tuple[list[EdgeInfluence], dict[PlayerId, _Ledger], PlayerId | None]:
    """Resolve the edges in order: influence, each player's ledger, and who
    took the first player marker last."""
    ledgers = _ledgers(city, boards)
    standings: list[EdgeInfluence] = []
    first_player: PlayerId | None = None
    for edge in Edge:
        standing = influence(city, edge)
        standings.append(standing)
        board = boards.board(edge)
        picks = boards.picks(edge)
        if isinstance(board, MajorityBoard):
            if picks:
                raise _majority_error(edge)
            _resolve_majority(city, board, standing, ledgers)
            continue
        took = _resolve_milestones(city, board, standing, picks, ledgers)
        first_player = took or first_player
    return standings, ledgers, first_player


def resolve(city: City, boards: RoadBoards) -> RoadsResult:
    """Resolve the road boards of ``city.era``'s scoring (rulebook 000,
    "Gameplay Overview"; spec "Road boards").

    Edges resolve north, east, south, west. A majority board gives the most
    influence (ties share) ``most`` and every player without influence
    ``none``; with nobody ranked, everyone gets ``none``. On a milestone board
    the recorded picks apply in rank order: VP, population tokens (which count
    in this era's population), coins from every other player, the first
    player marker, lots to swap and free-text rewards. Each milestone placed
    lowers the player's count as the edges go; a player with none left may
    place a lot marker instead, which they miss in the next era.

    :raises UnrankedPlayerError: a pick by a player with no influence there.
    :raises RankOrderError: picks out of rank order, or two by one player.
    :raises SlotError: a taken or missing space, "or" without an alternate.
    :raises MarkerError: a milestone with none left; a lot marker too early or
        with none in supply.
    :raises MajorityChoiceError: picks recorded on a majority board.
    """
    standings, ledgers, first_player = _walk(city, boards)
    return RoadsResult(
        city.era,
        tuple(standings),
        tuple(ledgers[p.id].freeze(p.id) for p in city.players),
        first_player,
    )


# --------------------------------------------------------------------------
# Walking a table through its picks (the phone screens)
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class Option:
    """A pick open to the player whose turn it is: a free space and which of
    its rewards to take."""

    slot: int
    take: Take
    reward: Reward


@dataclass(frozen=True)
class Turn:
    """Whose pick it is on a milestone board and what they may do.

    ``marker`` is what they would place: a milestone while they have one, else
    a lot marker if one is in their supply, else ``None`` (they can only pass,
    and ``options`` is empty). Passing is always allowed.
    """

    edge: Edge
    player: PlayerId
    rank: int
    """0 for the player with the most influence."""
    influence: int
    marker: Marker | None
    options: tuple[Option, ...]
    text: Message

    def choice(self, option: Option | None) -> Choice:
        """The :class:`Choice` that records ``option`` (``None``: a pass)."""
        if option is None or self.marker is None:
            return Choice(self.player, Take.PASS)
        return Choice(self.player, option.take, option.slot, self.marker)


def next_turn(city: City, boards: RoadBoards, edge: Edge) -> Turn | None:
    """Who picks next on ``edge``'s board, given the picks recorded so far.

    ``None`` when nobody does: a majority board, no ranked player after the
    last pick, or no free space left. Earlier edges are resolved first, so the
    milestone counts are the ones in hand when this edge resolves.

    :raises RoadChoiceError: a recorded pick breaks a rule (see :func:`resolve`).
    """
    resolve(city, boards)  # every recorded pick must stand
    board = boards.board(edge)
    if isinstance(board, MajorityBoard):
        return None
    _, ledgers, _ = _walk(city, replace(boards, choices=_up_to(boards, edge)))
    standing = influence(city, edge)
    picks = boards.picks(edge)
    last = standing.rank(picks[-1].player) if picks else -1
    start = 0 if last is None else last + 1
    taken = {c.slot for c in picks if c.take is not Take.PASS}
    free = [k for k in range(len(board.slots)) if k not in taken]
    if start >= len(standing.standings) or not free:
        return None
    who = standing.standings[start]
    # Milestones and lot markers in hand once the earlier picks have resolved.
    ledger = ledgers[who.player]
    marker: Marker | None
    if ledger.milestones > 0:
        marker = Marker.MILESTONE
    elif ledger.lot_markers_free > 0:
        marker = Marker.LOT
    else:
        marker = None
    options: list[Option] = []
    if marker is not None:
        for k in free:
            slot = board.slots[k]
            options.append(Option(k, Take.REWARD, slot.reward))
            if slot.alternate is not None:
                options.append(Option(k, Take.OR, slot.alternate))
    text = msg(
        "{player} picks on the {edge} road board: rank {rank} with influence "
        "{influence}",
        player=player_name(city, who.player),
        edge=edge.label,
        rank=start + 1,
        influence=who.influence,
    )
    return Turn(edge, who.player, start, who.influence, marker, tuple(options), text)


def _up_to(boards: RoadBoards, edge: Edge) -> dict[Edge, tuple[Choice, ...]]:
    """The picks of the edges before ``edge`` and those made so far on it."""
    keep: dict[Edge, tuple[Choice, ...]] = {}
    for e in Edge:
        keep[e] = boards.picks(e)
        if e is edge:
            break
    return keep


def choose(city: City, boards: RoadBoards, edge: Edge, choice: Choice) -> RoadBoards:
    """``boards`` with ``choice`` recorded as the next pick on ``edge``.

    The pick must be by the player :func:`next_turn` names: a table file may
    leave a pass out, but a pick made turn by turn records it.

    :raises MajorityChoiceError: ``edge``'s board has no milestone spaces.
    :raises RankOrderError: nobody picks on ``edge`` any more, or it is
        another player's pick.
    :raises RoadChoiceError: the pick (or one recorded before) breaks a rule.
    """
    index = len(boards.picks(edge))
    path = child_path(_choices_path(edge, index), "player")
    if isinstance(boards.board(edge), MajorityBoard):
        raise _majority_error(edge)
    turn = next_turn(city, boards, edge)
    if turn is None:
        raise RankOrderError.at(
            path,
            msg(
                "nobody picks on the {edge} road board any more: every ranked "
                "player has had a turn or every space is taken ({source})",
                edge=edge.label,
                source=OVERVIEW.as_message(),
            ),
        )
    if choice.player != turn.player:
        raise RankOrderError.at(
            path,
            msg(
                "it is {who}'s pick on the {edge} road board, not {other}'s ({source})",
                who=player_name(city, turn.player),
                edge=edge.label,
                other=player_name(city, choice.player),
                source=OVERVIEW.as_message(),
            ),
        )
    choices = {e: boards.picks(e) for e in Edge}
    choices[edge] = (*choices[edge], choice)
    new = replace(boards, choices=choices)
    resolve(city, new)
    return new


# --------------------------------------------------------------------------
# The table file: "road_boards"
# --------------------------------------------------------------------------


def _read_reward(node: Node) -> Reward:
    fields = node.object(optional=REWARD_KEYS)
    if len(fields) != 1:
        raise node.fail(
            msg(
                "a reward has exactly one of: {keys} (got {n})",
                keys=comma_list(REWARD_KEYS),
                n=len(fields),
            )
        )
    key, value = next(iter(fields.items()))
    if key == "vp":
        return VictoryPoints(value.int(min=1))
    if key == "population_token":
        return PopulationToken(value.int(min=1, max=2))
    if key == "coins_from_each":
        return CoinsFromEach(value.int(min=1))
    if key == "swap_lots":
        return SwapLots(value.int(min=1))
    if key == "first_player":
        if not value.bool():
            raise value.fail(
                msg("is true when the space gives the first player marker")
            )
        return FirstPlayer()
    text = value.str(min_len=1, max_len=OTHER_TEXT_MAX)
    if not text.strip():
        raise value.fail(msg("must not be blank"))
    return OtherReward(text)


BOARD_KINDS: Final = ("milestones", "majority")
"""The ``kind`` of a road board in the table file."""


def _read_board(node: Node) -> RoadBoard:
    raw = node.value
    kind = raw.get("kind") if isinstance(raw, dict) else None
    if kind not in BOARD_KINDS:
        # Not an object or no known kind: report unknown keys, then the kind.
        fields = node.object(required=("kind",), optional=("slots", "most", "none"))
        fields["kind"].choice(BOARD_KINDS)
    if kind == "milestones":
        fields = node.object(required=("kind", "slots"))
        slots = []
        for item in fields["slots"].list(min_len=1, max_len=5):
            slot = item.object(required=("reward",), optional=("or",))
            alternate = _read_reward(slot["or"]) if "or" in slot else None
            slots.append(Slot(_read_reward(slot["reward"]), alternate))
        return MilestoneBoard(tuple(slots))
    fields = node.object(required=("kind", "most", "none"))
    most = [v.int() for v in fields["most"].list(min_len=3, max_len=3)]
    none = [v.int() for v in fields["none"].list(min_len=3, max_len=3)]
    return MajorityBoard((most[0], most[1], most[2]), (none[0], none[1], none[2]))


def _read_choice(node: Node, players: Sequence[Player]) -> Choice:
    fields = node.object(required=("player", "take"), optional=("slot", "marker"))
    pid = fields["player"].str()
    if pid not in {p.id for p in players}:
        raise fields["player"].fail(not_a_player(pid))
    take = Take(fields["take"].choice(tuple(t.value for t in Take)))
    slot = fields["slot"].int(min=0) if "slot" in fields else None
    marker = None
    if "marker" in fields:
        marker = Marker(fields["marker"].choice(tuple(m.value for m in Marker)))
    return Choice(pid, take, slot, marker)


def read(node: Node, players: Sequence[Player]) -> RoadBoards:
    """Read the ``road_boards`` part of a table file (spec: "Road boards").

    Checks shapes and values only; whether the picks follow the rules depends
    on the city, and :func:`resolve` checks it.

    :raises TableFileError: naming the JSON path of the problem.
    """
    edges = tuple(e.value for e in Edge)
    fields = node.object(required=edges, optional=("choices", "milestones_left"))
    boards = {edge: _read_board(fields[edge.value]) for edge in Edge}
    choices: dict[Edge, tuple[Choice, ...]] = {}
    if "choices" in fields:
        per_edge = fields["choices"].object(optional=edges)
        for key, child in per_edge.items():
            choices[Edge(key)] = tuple(
                _read_choice(item, players) for item in child.list()
            )
    left: dict[PlayerId, int] = {}
    if "milestones_left" in fields:
        for player, child in per_player(fields["milestones_left"], players):
            left[player.id] = child.int(min=0, max=MILESTONES_PER_PLAYER)
    return RoadBoards(boards, choices, left)


def board_to_json(board: RoadBoard) -> dict[str, object]:
    """One board face as the table file writes it."""
    if isinstance(board, MajorityBoard):
        return {"kind": "majority", "most": list(board.most), "none": list(board.none)}
    slots: list[dict[str, object]] = []
    for slot in board.slots:
        item: dict[str, object] = {"reward": slot.reward.to_json()}
        if slot.alternate is not None:
            item["or"] = slot.alternate.to_json()
        slots.append(item)
    return {"kind": "milestones", "slots": slots}


def to_json(boards: RoadBoards) -> dict[str, object]:
    """The ``road_boards`` part of a table file (the inverse of :func:`read`)."""
    doc: dict[str, object] = {
        edge.value: board_to_json(boards.board(edge)) for edge in Edge
    }
    if boards.choices:
        doc["choices"] = {
            edge.value: [_choice_json(c) for c in picks]
            for edge, picks in boards.choices.items()
        }
    if boards.milestones_left:
        doc["milestones_left"] = dict(boards.milestones_left)
    return doc


def _choice_json(choice: Choice) -> dict[str, object]:
    doc: dict[str, object] = {"player": choice.player}
    if choice.slot is not None:
        doc["slot"] = choice.slot
    doc["take"] = choice.take.value
    if choice.marker is not None:
        doc["marker"] = choice.marker.value
    return doc


def result_json(result: RoadsResult) -> dict[str, object]:
    """The spec's ``roads`` output: per edge ``influence`` and ``order``, with
    the tie-breaks explained in English."""
    return {
        e.edge.value: {
            "influence": e.influence,
            "order": list(e.order),
            "tie_breaks": [str(line.text) for line in e.tie_breaks],
        }
        for e in result.edges
    }
