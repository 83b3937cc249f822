"""Roads of Fortune: influence, tie-breaks, resolution and the walk through picks.

Rulebook 000 (Roads of Fortune, ``../shared/rulebooks``), "Determining
Influence" and "Gameplay Overview": :func:`influence` ranks the players on an
edge, :func:`resolve` pays out every board in order, and :func:`next_turn` and
:func:`choose` walk a table through its picks. The boards themselves are
:mod:`.road_boards`.

Pure: the standard library only; functions take values and return new ones.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from functools import cmp_to_key
from itertools import pairwise
from typing import Final, NamedTuple

from ..base import (
    Citation,
    JsonPath,
    Line,
    Message,
    MessageArg,
    PlayerId,
    Points,
    Problem,
    TableFileError,
    and_list,
    child_path,
    msg,
    nmsg,
    not_a_player,
)
from .city import (
    LOT_MARKERS,
    LOT_MARKERS_PER_PLAYER,
    Building,
    City,
    LotSwapError,
    player_name,
)
from .lots import (
    Lot,
)
from .road_boards import (
    MILESTONES_PER_PLAYER,
    Choice,
    CoinsFromEach,
    Edge,
    FirstPlayer,
    MajorityBoard,
    Marker,
    MilestoneBoard,
    PopulationToken,
    Reward,
    RoadBoards,
    SwapLots,
    Take,
    VictoryPoints,
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

ROAD_BOARDS_PATH: Final = "road_boards"
"""Where the road boards sit in a table file; every error path starts here."""

# --------------------------------------------------------------------------
# Errors
# --------------------------------------------------------------------------


class RoadBoardsError(TableFileError):
    """Road boards whose recorded state the rules do not allow; each problem
    names its JSON path under ``road_boards``."""


class LotMarkersAwayError(RoadBoardsError):
    """Lot markers recorded as away on road boards since the previous era
    (``road_boards.lot_markers_away``) that cannot be: any in Era 1, which has
    no previous era, or more than the player's 8 less those on the city board
    (rulebook 000, "Gameplay Example - West Road Board" D; rulebook 001,
    "Special Rules & Edge Cases - Lot Markers")."""


class RoadChoiceError(RoadBoardsError):
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
    is left or with no lot marker in supply: all 8 on the city board, away on
    road boards since last era or placed on this era's earlier boards
    (rulebook 000, "Gameplay Overview" 3.A and "Gameplay Example - West Road
    Board" D)."""


class MajorityChoiceError(RoadChoiceError):
    """Picks recorded for a board without milestone spaces (rulebook 000,
    "Gameplay Overview" 4: nobody places a marker there)."""


# --------------------------------------------------------------------------
# Influence (rulebook 000, "Determining Influence")
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class Standing:
    """A player's influence on one edge and the lots a tie-break compares
    (:class:`TieBreak`)."""

    player: PlayerId
    influence: int
    """The lots of every building of theirs with a lot on the edge."""
    letter_lot: Lot
    """Their lot on the edge with the earliest column letter (then row)."""
    number_lot: Lot
    """Their lot on the edge with the lowest row number (then letter)."""


class TieBreak(Enum):
    """What puts one of two players tied on influence first (rulebook 000,
    "Determining Influence" 2); the first rule that tells them apart decides."""

    LETTER = "letter"
    """2.A: the earliest column letter among their lots on the edge."""
    NUMBER = "number"
    """2.B: still tied (the same earliest letter): the lowest row number among
    their lots on the edge."""

    def lot(self, standing: Standing) -> Lot:
        """The lot of ``standing`` that this rule compares."""
        return standing.letter_lot if self is TieBreak.LETTER else standing.number_lot

    def place(self, lot: Lot) -> int:
        """Where ``lot`` stands by this rule: the lower ranks first."""
        return lot.column if self is TieBreak.LETTER else lot.row


@dataclass(frozen=True)
class Tie:
    """Two players next to each other in the rank order with the same
    influence, and the rule that put ``ahead`` first."""

    ahead: Standing
    behind: Standing
    by: TieBreak

    @property
    def lots(self) -> tuple[Lot, Lot]:
        """The lots that decided: ``ahead``'s, then ``behind``'s."""
        return self.by.lot(self.ahead), self.by.lot(self.behind)


def _decider(a: Standing, b: Standing) -> TieBreak | None:
    """What decides between ``a`` and ``b`` (rulebook 000, "Determining
    Influence"): ``None`` when their influence differs (1: more ranks first),
    else the earliest letter (2.A) unless both have the same, then the lowest
    number (2.B)."""
    if a.influence != b.influence:
        return None
    if a.letter_lot.column != b.letter_lot.column:
        return TieBreak.LETTER
    return TieBreak.NUMBER


def _precedence(a: Standing, b: Standing) -> int:
    """Negative when ``a`` ranks before ``b``, positive when after, by what
    :func:`_decider` says decides between them."""
    by = _decider(a, b)
    if by is None:
        return b.influence - a.influence
    return by.place(by.lot(a)) - by.place(by.lot(b))


def rank_order(
    standings: Iterable[Standing],
) -> tuple[tuple[Standing, ...], tuple[Tie, ...]]:
    """The players of one edge in rank order, and why each pair of neighbours
    with the same influence stands as it does (rulebook 000, "Determining
    Influence"; spec "Road boards").

    More influence ranks first; between two players with the same influence
    the earliest column letter among their lots on the edge ranks first, and
    with the same letter, the lowest row number. The order and every
    :class:`Tie` come from the same comparison, so an explanation cannot say
    other than the ranking does. On one edge every lot shares a row or a
    column and no two players share a lot, so the order is total.

    :return: the standings, first pick first, and one :class:`Tie` for each
        pair of neighbours in that order with the same influence.
    """
    ordered = tuple(sorted(standings, key=cmp_to_key(_precedence)))
    ties = tuple(
        Tie(ahead, behind, by)
        for ahead, behind in pairwise(ordered)
        if (by := _decider(ahead, behind)) is not None
    )
    return ordered, ties


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


def _by_letter(lot: Lot) -> tuple[int, int]:
    """Tie-break 2.A's order of lots: the earliest column letter, then row."""
    return lot.column, lot.row


def _by_number(lot: Lot) -> tuple[int, int]:
    """Tie-break 2.B's order of lots: the lowest row number, then letter."""
    return lot.row, lot.column


def _edge_test(edge: Edge, size: int) -> Callable[[Lot], bool]:
    """Whether a lot lies on ``edge`` of a ``size`` x ``size`` board: the
    same answer as ``edge.has(lot, size)``, asked once per lot of every
    building on every edge."""
    if edge is Edge.NORTH:
        return lambda lot: lot.row == 1
    if edge is Edge.SOUTH:
        return lambda lot: lot.row == size
    if edge is Edge.WEST:
        return lambda lot: lot.column == 0
    return lambda lot: lot.column == size - 1


def influence(city: City, edge: Edge) -> EdgeInfluence:
    """Every player's influence on ``edge`` and the rank order (rulebook 000,
    "Determining Influence"; spec "Road boards").

    A player's influence is the total number of lots of each of their buildings
    with at least one lot on the edge (the whole building counts; a corner lot
    is on two edges); lot markers never count. Players with no influence are
    not ranked; the others rank as :func:`rank_order` says, and each tie it
    breaks is explained in ``tie_breaks``.
    """
    on = _edge_test(edge, city.board.size)
    seats = [p.id for p in city.players]
    # Each building's lots on the edge, looked at once (the standings and
    # their tie-break lots come from them).
    on_edge: dict[PlayerId, list[tuple[Building, list[Lot]]]] = {
        pid: [] for pid in seats
    }
    for building in city.buildings:
        if building.owner in on_edge:
            lots = [lot for lot in building.lots if on(lot)]
            if lots:
                on_edge[building.owner].append((building, lots))
    standings: list[Standing] = []
    counted: list[Line] = []
    for pid in seats:
        buildings = on_edge[pid]
        if not buildings:
            continue
        edge_lots = [lot for _b, lots in buildings for lot in lots]
        standings.append(
            Standing(
                pid,
                sum(b.size for b, _lots in buildings),
                min(edge_lots, key=_by_letter),
                min(edge_lots, key=_by_number),
            )
        )
        name = player_name(city, pid)
        for b, _lots in buildings:
            counted.append(
                Line(
                    b.size,
                    nmsg(
                        "{player}: {building} touches the {edge} edge: "
                        "{n} lot of influence",
                        "{player}: {building} touches the {edge} edge: "
                        "{n} lots of influence",
                        n=b.size,
                        player=name,
                        building=b.label(),
                        edge=edge.label,
                    ),
                    INFLUENCE,
                )
            )
    ordered, ties = rank_order(standings)
    return EdgeInfluence(
        edge,
        ordered,
        tuple(counted),
        tuple(_tie_break_line(city, edge, tie) for tie in ties),
    )


def _tie_break_line(city: City, edge: Edge, tie: Tie) -> Line:
    """``tie`` in words: who ranks first, by which rule and on which lots
    (rulebook 000, "Determining Influence" 2)."""
    ahead, behind = tie.lots
    fields: dict[str, MessageArg] = {
        "first": player_name(city, tie.ahead.player),
        "second": player_name(city, tie.behind.player),
        "edge": edge.label,
        "a": str(ahead),
        "b": str(behind),
    }
    if tie.by is TieBreak.LETTER:
        text = msg(
            "{first} before {second}: earliest letter on the {edge} edge, "
            "{a} against {b}",
            **fields,
        )
    else:
        text = msg(
            "{first} before {second}: same letter, lowest number on the "
            "{edge} edge, {a} against {b}",
            **fields,
        )
    return Line(None, text, INFLUENCE)


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
    """Lot markers this player may swap on the board (the swap itself is in
    the table file's ``lot_markers``; the app's road-board screen makes it)."""
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
    on_city: int = 0
    """Lot markers on the city board (``lot_markers``)."""
    away: int = 0
    """Lot markers on road boards since last era (``lot_markers_away``)."""
    entries: list[Entry] = field(default_factory=list)
    lot_markers_spent: int = 0
    swap_lots: int = 0
    other: list[str] = field(default_factory=list)

    def add(self, edge: Edge, gain: Gain, line: Line) -> None:
        self.entries.append(Entry(edge, gain, line))

    def note(self, edge: Edge, text: Message, source: Citation) -> None:
        """Add a line that counts nothing: a decision or a reminder."""
        self.add(edge, Gain.NOTE, Line(None, text, source))

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
    """Raise the precise error if ``choice`` (``index`` on its edge) breaks a
    rule (rulebook 000, "Gameplay Overview" 3): first whether it is the
    player's turn, then what a pass or a placed marker records, then the space
    and the marker.

    ``previous`` are the picks before it on the edge; ``ledgers`` what each
    player has in hand once those have resolved.
    """
    path = _choices_path(standing.edge, index)
    ledger = _check_turn(city, standing, path, choice, previous, ledgers)
    if choice.take is Take.PASS:
        _check_pass(path, choice)
        return
    if choice.slot is None:
        raise SlotError.at(child_path(path, "slot"), msg("is required but missing"))
    if choice.marker is None:
        raise MarkerError.at(child_path(path, "marker"), msg("is required but missing"))
    _check_space(city, board, standing.edge, path, choice.slot, choice.take, previous)
    _check_marker(player_name(city, choice.player), path, choice.marker, ledger)


def _check_turn(
    city: City,
    standing: EdgeInfluence,
    path: JsonPath,
    choice: Choice,
    previous: Sequence[Choice],
    ledgers: Mapping[PlayerId, _Ledger],
) -> _Ledger:
    """Whether ``choice``'s player may pick now (rulebook 000, "Gameplay
    Overview" 3: players pick in order of influence, one marker each): a
    player at the table with influence on the edge ("Determining Influence"),
    who has not picked on this board yet and ranks after the player of the
    last pick.

    :return: the player's ledger.
    :raises UnrankedPlayerError: not a player, or no influence on the edge.
    :raises RankOrderError: a second pick, or a pick out of rank order.
    """
    edge = standing.edge
    where = child_path(path, "player")
    who = player_name(city, choice.player)
    ledger = ledgers.get(choice.player)
    if ledger is None:
        raise UnrankedPlayerError.at(where, not_a_player(choice.player))
    rank = standing.rank(choice.player)
    if rank is None:
        raise UnrankedPlayerError.at(
            where,
            msg(
                "{who} has no influence on the {edge} edge, so does not pick on "
                "its road board ({source})",
                who=who,
                edge=edge.label,
                source=INFLUENCE.as_message(),
            ),
        )
    if any(earlier.player == choice.player for earlier in previous):
        raise RankOrderError.at(
            where,
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
                where,
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
    return ledger


def _check_pass(path: JsonPath, choice: Choice) -> None:
    """A pass places no marker, so names neither a space nor a marker
    (rulebook 000, "Gameplay Overview" 3).

    :raises SlotError: the pass names a space or a marker.
    """
    if choice.slot is not None:
        raise SlotError.at(
            child_path(path, "slot"),
            msg("a pass places no marker, so takes no space"),
        )
    if choice.marker is not None:
        raise SlotError.at(child_path(path, "marker"), msg("a pass places no marker"))


def _check_space(
    city: City,
    board: MilestoneBoard,
    edge: Edge,
    path: JsonPath,
    slot: int,
    take: Take,
    previous: Sequence[Choice],
) -> None:
    """The space ``slot`` must be one of the board's and free; taking its "or"
    reward needs one printed there (rulebook 000, "Gameplay Overview" 3 and
    "Alternate Rewards").

    :raises SlotError: no such space, a space taken earlier, or no alternate.
    """
    slots = board.slots
    if not 0 <= slot < len(slots):
        raise SlotError.at(
            child_path(path, "slot"),
            msg(
                "{slot} is not a slot of this board (0 to {last})",
                slot=slot,
                last=len(slots) - 1,
            ),
        )
    for k, earlier in enumerate(previous):
        if earlier.slot == slot and earlier.take is not Take.PASS:
            raise SlotError.at(
                child_path(path, "slot"),
                msg(
                    "slot {slot} (space {space}) is already taken by {who} ({path})",
                    slot=slot,
                    space=slot + 1,
                    who=player_name(city, earlier.player),
                    path=_choices_path(edge, k),
                ),
            )
    if take is Take.OR and slots[slot].alternate is None:
        raise SlotError.at(
            child_path(path, "take"),
            msg(
                "slot {slot} (space {space}) has no alternate reward to take "
                "instead ({source})",
                slot=slot,
                space=slot + 1,
                source=ALTERNATE_REWARDS.as_message(),
            ),
        )


def _check_marker(
    who: MessageArg, path: JsonPath, marker: Marker, ledger: _Ledger
) -> None:
    """The marker placed must be in hand: a milestone while one is left, a lot
    marker only once both milestones are placed and while one is in supply
    (rulebook 000, "Gameplay Overview" 3.A).

    :raises MarkerError: no milestone left, a lot marker too early, or none in
        supply.
    """
    where = child_path(path, "marker")
    if marker is Marker.MILESTONE and ledger.milestones <= 0:
        raise MarkerError.at(
            where,
            msg(
                "{who} has no milestone marker left here (both are placed); a lot "
                'marker may stand in: "marker": "lot" ({source})',
                who=who,
                source=OVERVIEW.as_message(),
            ),
        )
    if marker is Marker.LOT and ledger.milestones > 0:
        raise MarkerError.at(
            where,
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
    if marker is Marker.LOT and ledger.lot_markers_free <= 0:
        if not ledger.away:
            raise MarkerError.at(
                where,
                msg(
                    "{who} has no lot marker left in supply ({source})",
                    who=who,
                    source=OVERVIEW.as_message(),
                ),
            )
        raise MarkerError.at(
            where,
            msg(
                "{who} has no lot marker left in supply: of {total}, {city} "
                "on the city board, {away} on road boards since last era "
                "and {placed} on this era's earlier road boards ({source})",
                who=who,
                total=LOT_MARKERS_PER_PLAYER,
                city=ledger.on_city,
                away=ledger.away,
                placed=ledger.lot_markers_spent,
                source=EXAMPLE_WEST.as_message(),
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
        ledger.note(edge, taken, EXAMPLE_WEST)
    elif isinstance(reward, SwapLots):
        ledger.swap_lots += reward.lots
        ledger.note(
            edge,
            nmsg(
                "{road}, space {space}: a swap of {n} lot marker on the board",
                "{road}, space {space}: a swap of {n} lot markers on the board",
                n=reward.lots,
                road=edge.road,
                space=space,
            ),
            EXAMPLE_SOUTH,
        )
    else:
        ledger.other.append(reward.text)
        ledger.note(
            edge,
            msg(
                "{road}, space {space}: {what}; apply it at the table",
                road=edge.road,
                space=space,
                what=reward.describe(),
            ),
            OVERVIEW,
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
            ledger.note(edge, msg("{road}: passed", road=edge.road), OVERVIEW)
            continue
        if choice.marker is Marker.LOT:
            ledger.lot_markers_free -= 1
            ledger.lot_markers_spent += 1
            ledger.note(edge, _lot_placed_words(edge, final=city.final), OVERVIEW)
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
        ledgers[standing_.player].note(edge, text, OVERVIEW)
    return first_player


def _lot_placed_words(edge: Edge, *, final: bool) -> Message:
    """A lot marker placed as a milestone, in words: it is missing next era
    (rulebook 000, "Gameplay Overview" 3.A), except in Era 3, which no era
    follows (rulebook 001, "End of Game")."""
    if final:
        return msg(
            "{road}: placed a lot marker as a milestone (both milestones were "
            "placed); no era follows Era 3, so it costs nothing later",
            road=edge.road,
        )
    return msg(
        "{road}: placed a lot marker as a milestone (both "
        "milestones were placed): one lot marker fewer next era",
        road=edge.road,
    )


def lot_markers_free(city: City, boards: RoadBoards, pid: PlayerId) -> int:
    """Lot markers ``pid`` may place on this era's road boards before any is
    placed: 8 (rulebook 001, "Special Rules & Edge Cases - Lot Markers") less
    those on the city board, less those away on road boards since last era
    (rulebook 000, "Gameplay Example - West Road Board" D)."""
    return max(0, LOT_MARKERS_PER_PLAYER - len(city.markers(pid)) - boards.away(pid))


def _ledgers(city: City, boards: RoadBoards) -> dict[PlayerId, _Ledger]:
    return {
        p.id: _Ledger(
            boards.milestones(p.id),
            lot_markers_free(city, boards, p.id),
            on_city=len(city.markers(p.id)),
            away=boards.away(p.id),
        )
        for p in city.players
    }


def _away_path(pid: PlayerId) -> JsonPath:
    return child_path(child_path(ROAD_BOARDS_PATH, "lot_markers_away"), pid)


def away_problems(city: City, boards: RoadBoards) -> tuple[Problem, ...]:
    """What is wrong with ``boards.lot_markers_away``, each at
    ``road_boards.lot_markers_away.<id>`` (spec "Road boards").

    Lot markers are away only since a previous era's scoring (rulebook 000,
    "Gameplay Example - West Road Board" D: unavailable "during the next
    era"), so none in Era 1; and a player's away ones and those on the city
    board are at most their 8 (rulebook 001, "Special Rules & Edge Cases - Lot
    Markers").
    """
    found: list[Problem] = []
    ids = {p.id for p in city.players}
    for pid, n in boards.lot_markers_away.items():
        path = _away_path(pid)
        if pid not in ids:
            found.append(Problem(path, not_a_player(pid)))
        elif city.era == 1:
            found.append(
                Problem(
                    path,
                    nmsg(
                        "{n} lot marker away since the previous era, but Era 1 "
                        "has none: lot markers placed on road boards miss only "
                        "the era after their scoring ({source})",
                        "{n} lot markers away since the previous era, but Era 1 "
                        "has none: lot markers placed on road boards miss only "
                        "the era after their scoring ({source})",
                        n=n,
                        source=EXAMPLE_WEST.as_message(),
                    ),
                )
            )
        elif n > (most := LOT_MARKERS_PER_PLAYER - len(city.markers(pid))):
            found.append(
                Problem(
                    path,
                    nmsg(
                        "{n} lot marker away, but {player} has {total} and "
                        "{city} on the city board, so at most {most} can be "
                        "away ({source})",
                        "{n} lot markers away, but {player} has {total} and "
                        "{city} on the city board, so at most {most} can be "
                        "away ({source})",
                        n=n,
                        player=player_name(city, pid),
                        total=LOT_MARKERS_PER_PLAYER,
                        city=len(city.markers(pid)),
                        most=max(0, most),
                        source=LOT_MARKERS.as_message(),
                    ),
                )
            )
    return tuple(found)


def check_away(city: City, boards: RoadBoards) -> None:
    """Whether ``boards.lot_markers_away`` can be (:func:`away_problems`).

    :raises LotMarkersAwayError: every problem found, at its path.
    """
    found = away_problems(city, boards)
    if found:
        raise LotMarkersAwayError(found)


def away_words(city: City, boards: RoadBoards) -> tuple[tuple[PlayerId, Message], ...]:
    """Each player with lot markers on road boards since the previous era, in
    seating order, with that said in words: "Bo has 1 lot marker on a road
    board from era 1: 7 available" (rulebook 000, "Gameplay Example - West
    Road Board" D; 8 lot markers: rulebook 001, "Special Rules & Edge Cases -
    Lot Markers")."""
    said: list[tuple[PlayerId, Message]] = []
    for p in city.players:
        n = boards.away(p.id)
        if not n:
            continue
        said.append(
            (
                p.id,
                nmsg(
                    "{player} has {n} lot marker on a road board from era "
                    "{era}: {available} available",
                    "{player} has {n} lot markers on road boards from era "
                    "{era}: {available} available",
                    n=n,
                    player=player_name(city, p.id),
                    era=city.era - 1,
                    available=max(0, LOT_MARKERS_PER_PLAYER - n),
                ),
            )
        )
    return tuple(said)


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


class _InHand(NamedTuple):
    """What a player holds once an edge's recorded picks have resolved."""

    milestones: int
    lot_markers_free: int


@dataclass(frozen=True)
class _Walked:
    """The edges resolved in order (:func:`_walk`)."""

    standings: tuple[EdgeInfluence, ...]
    ledgers: dict[PlayerId, _Ledger]
    first_player: PlayerId | None
    """Who took the first player marker last."""
    in_hand: Mapping[Edge, Mapping[PlayerId, _InHand]]
    """Each player's milestones and lot markers in supply once each edge's
    recorded picks have resolved: the next pick on that edge places one of
    them (only picks on milestone boards spend them, so the edges after do
    not change what was in hand)."""


def _walk(city: City, boards: RoadBoards) -> _Walked:
    """Resolve the edges in order: influence, each player's ledger, who
    took the first player marker last, and what each player held after
    each edge."""
    ledgers = _ledgers(city, boards)
    standings: list[EdgeInfluence] = []
    in_hand: dict[Edge, Mapping[PlayerId, _InHand]] = {}
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
        else:
            took = _resolve_milestones(city, board, standing, picks, ledgers)
            first_player = took or first_player
        in_hand[edge] = {
            pid: _InHand(ledger.milestones, ledger.lot_markers_free)
            for pid, ledger in ledgers.items()
        }
    return _Walked(tuple(standings), ledgers, first_player, in_hand)


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
    place a lot marker instead, if one is in supply (8, less those on the
    city board, away since last era and placed on earlier edges), which they
    miss in the next era.

    :raises UnrankedPlayerError: a pick by a player with no influence there.
    :raises RankOrderError: picks out of rank order, or two by one player.
    :raises SlotError: a taken or missing space, "or" without an alternate.
    :raises MarkerError: a milestone with none left; a lot marker too early or
        with none in supply.
    :raises MajorityChoiceError: picks recorded on a majority board.
    :raises LotMarkersAwayError: lot markers away in Era 1, or more than the
        player has off the city board (:func:`away_problems`).
    """
    check_away(city, boards)
    walked = _walk(city, boards)
    return RoadsResult(
        city.era,
        walked.standings,
        tuple(walked.ledgers[p.id].freeze(p.id) for p in city.players),
        walked.first_player,
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
    and ``options`` is empty). Passing is always allowed. ``marker_text``
    says so in words, with the lot markers in supply and, but in Era 3, that
    a lot marker placed is missing next era.
    """

    edge: Edge
    player: PlayerId
    rank: int
    """0 for the player with the most influence."""
    influence: int
    marker: Marker | None
    options: tuple[Option, ...]
    text: Message
    marker_text: Message = msg("A milestone marker goes on the space.")
    lot_markers_free: int = 0
    """Lot markers in the player's supply as this pick comes."""

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
    # One walk: what :func:`resolve` checks (every recorded pick must stand),
    # and what each player holds as this edge's next pick comes.
    check_away(city, boards)
    return _turn_after(city, boards, _walk(city, boards), edge)


def first_turn(city: City, boards: RoadBoards) -> Turn | None:
    """The next pick of the draft: on the first edge, in resolution order
    (rulebook 000, "Gameplay Overview" 1), where someone still picks
    (``None``: every pick is made). The same as asking :func:`next_turn`
    edge by edge, with the recorded picks checked once, not once per edge.

    :raises RoadChoiceError: a recorded pick breaks a rule (see :func:`resolve`).
    """
    check_away(city, boards)
    walked = _walk(city, boards)
    for edge in Edge:
        turn = _turn_after(city, boards, walked, edge)
        if turn is not None:
            return turn
    return None


def _turn_after(
    city: City, boards: RoadBoards, walked: _Walked, edge: Edge
) -> Turn | None:
    """The next pick on ``edge`` once every edge is walked (``walked``):
    what a player holds as it comes is what they held after the edge's picks
    so far (``_Walked.in_hand``; later edges' picks spend nothing of it)."""
    board = boards.board(edge)
    if isinstance(board, MajorityBoard):
        return None
    standing = walked.standings[tuple(Edge).index(edge)]
    return _turn_at(city, board, standing, boards.picks(edge), walked.in_hand[edge])


def _turn_at(
    city: City,
    board: MilestoneBoard,
    standing: EdgeInfluence,
    picks: Sequence[Choice],
    in_hand: Mapping[PlayerId, _InHand],
) -> Turn | None:
    """The next pick on ``standing.edge``'s milestone ``board`` after
    ``picks``, its player holding what ``in_hand`` says."""
    edge = standing.edge
    last = standing.rank(picks[-1].player) if picks else -1
    start = 0 if last is None else last + 1
    taken = {c.slot for c in picks if c.take is not Take.PASS}
    free = [k for k in range(len(board.slots)) if k not in taken]
    if start >= len(standing.standings) or not free:
        return None
    who = standing.standings[start]
    # Milestones and lot markers in hand once the earlier picks have resolved.
    ledger = in_hand[who.player]
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
    return Turn(
        edge,
        who.player,
        start,
        who.influence,
        marker,
        tuple(options),
        text,
        _marker_words(marker, ledger.lot_markers_free, final=city.final),
        ledger.lot_markers_free,
    )


def _marker_words(marker: Marker | None, free: int, *, final: bool) -> Message:
    """What the player whose pick it is places, in words (rulebook 000,
    "Gameplay Overview" 3.A): a milestone; else a lot marker, of ``free`` in
    supply, missing next era but in Era 3 (no era follows); else nothing."""
    if marker is Marker.MILESTONE:
        return msg("A milestone marker goes on the space.")
    if marker is None:
        return msg("No milestone and no lot marker left: only a pass.")
    if final:
        return nmsg(
            "No milestone left: a lot marker goes on the space ({n} in supply). "
            "No era follows Era 3: it costs nothing later.",
            "No milestone left: a lot marker goes on the space ({n} in supply). "
            "No era follows Era 3: it costs nothing later.",
            n=free,
        )
    return nmsg(
        "No milestone left: a lot marker goes on the space ({n} in supply), "
        "and is missing next era.",
        "No milestone left: a lot marker goes on the space ({n} in supply), "
        "and is missing next era.",
        n=free,
    )


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


# --------------------------------------------------------------------------
# The lots ticked for a swap (rulebook 000, "Gameplay Example - South Road
# Board" F-G)
# --------------------------------------------------------------------------


class SwapTicksError(LotSwapError):
    """The lots ticked for a swap are too few, too many, or not in pairs of
    the picker's and another player's (:func:`.city.swap_lot_markers` judges
    each pair)."""


def _ticks_message(who: MessageArg, ticked: int, exchanges: int) -> Message:
    """Why ``ticked`` lots are not the pairs a space of ``exchanges`` swaps."""
    if exchanges == 1:
        return nmsg(
            "A swap is of two lots, one of {player}'s lot markers and one of "
            "another player's, but {n} lot is ticked.",
            "A swap is of two lots, one of {player}'s lot markers and one of "
            "another player's, but {n} lots are ticked.",
            n=ticked,
            player=who,
        )
    return nmsg(
        "This space swaps up to {most} pairs of lots, each one of {player}'s lot "
        "markers and one of another player's, but {n} lot is ticked.",
        "This space swaps up to {most} pairs of lots, each one of {player}'s lot "
        "markers and one of another player's, but {n} lots are ticked.",
        n=ticked,
        most=exchanges,
        player=who,
    )


def swap_pairs(
    city: City, player: PlayerId, lots: Sequence[Lot], exchanges: int
) -> list[tuple[Lot, Lot]]:
    """The exchanges the ticked ``lots`` ask for on a space that gives
    ``exchanges`` of them (:func:`.city.swap_exchanges`): each of ``player``'s
    lots with another player's (rulebook 000, "Gameplay Example - South Road
    Board" G: "They swap one of their lots with a lot owned by the Red
    player"). With more than one exchange they pair in the order given (a
    screen's: row by row): the picker's first lot with the first lot of
    another player, and so on. Two lots that are not one of the picker's and
    one of another's come back as they are, a lot ticked twice as a pair of
    itself: :func:`.city.swap_lot_markers` says what is wrong with them.

    :raises SwapTicksError: no lots, too many, an odd number, or not as many
        of the picker's as of others.
    """
    lots = list(lots)
    who = player_name(city, player)
    if not lots:
        raise SwapTicksError(
            msg(
                "Tick the lots to swap on the board: one of {player}'s lot markers "
                "and one of another player's. Or take the space without a swap.",
                player=who,
            )
        )
    repeated = next((lot for lot in lots if lots.count(lot) > 1), None)
    if repeated is not None:
        return [(repeated, repeated)]
    if len(lots) % 2 or len(lots) > 2 * exchanges:
        raise SwapTicksError(_ticks_message(who, len(lots), exchanges))
    own = set(city.markers(player))
    mine = [lot for lot in lots if lot in own]
    theirs = [lot for lot in lots if lot not in own]
    if len(lots) == 2 and len(mine) != 1:
        return [(lots[0], lots[1])]
    if len(mine) != len(theirs):
        raise SwapTicksError(
            msg(
                "Tick as many of {player}'s lot markers as of other players': "
                "{mine} and {theirs} are ticked.",
                player=who,
                mine=len(mine),
                theirs=len(theirs),
            )
        )
    return list(zip(mine, theirs, strict=True))


def check_no_swap(ticked: Sequence[object]) -> None:
    """Whether a pick that swaps no lots was sent with none ticked: lots
    ticked for it would be a swap it does not make.

    :raises SwapTicksError: lots are ticked.
    """
    if ticked:
        raise SwapTicksError(
            msg(
                "Lots are ticked on the board, but this pick swaps none: untick "
                "them, or swap them with the space that swaps lots."
            )
        )
