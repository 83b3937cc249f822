"""Roads of Fortune: the road boards as printed and the picks recorded on them.

The data of the expansion (rulebook 000, ``../shared/rulebooks``; spec
``../shared/spec/table-file.md``, "Road boards"): the four edges, the rewards
and spaces of a face, the faces of the rulebook's gameplay example, the picks a
table records, and the ``road_boards`` key of the table file. The rules that
rank and resolve them are in :mod:`.fortune`.

Pure: the standard library only; functions take values and return new ones.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType
from typing import Final, TypeAlias

from ..base import (
    FrozenMap,
    Message,
    Node,
    Player,
    PlayerId,
    Points,
    RuleError,
    comma_list,
    msg,
    nmsg,
    not_a_player,
    per_player,
)
from .lots import (
    Lot,
)

MILESTONES_PER_PLAYER: Final = 2
"""Milestone markers of one player (rulebook 000, "Components" B and "Setup" 5)."""


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


AS_PRINTED: Final = "as printed on the board"
"""The free text of the rulebook example's reward the app does not model."""


@dataclass(frozen=True)
class OtherReward:
    """``{"other": "..."}``: a reward the app does not model, in the board's
    words; recorded, with no automatic effect."""

    text: str

    def describe(self) -> Message:
        if self.text == AS_PRINTED:
            # The words of the spec's example and the rulebook example's face
            # (``WORKED_EXAMPLE``): ours, so in the reader's language.
            return msg("the reward printed on the board")
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
        Slot(OtherReward(AS_PRINTED), VictoryPoints(2)),
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
    supply in the next era, if there is one (rulebook 000, "Gameplay Overview"
    3.A)."""


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
    road boards (2 when left out). ``lot_markers_away`` is each player's count
    of lot markers placed on road boards at the previous era's scoring, out of
    their supply this era (0 when left out; rulebook 000, "Gameplay Example -
    West Road Board" D: "This Lot Marker will be unavailable for them during
    the next era").

    :raises ValueError: not exactly one board on each edge.
    """

    boards: Mapping[Edge, RoadBoard]
    choices: Mapping[Edge, tuple[Choice, ...]] = field(default_factory=dict)
    milestones_left: Mapping[PlayerId, int] = field(default_factory=dict)
    lot_markers_away: Mapping[PlayerId, int] = field(default_factory=dict)

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
        away = FrozenMap({pid: n for pid, n in self.lot_markers_away.items() if n})
        object.__setattr__(self, "milestones_left", left)
        object.__setattr__(self, "lot_markers_away", away)

    def board(self, edge: Edge) -> RoadBoard:
        return self.boards[edge]

    def picks(self, edge: Edge) -> tuple[Choice, ...]:
        """The picks recorded on ``edge``'s board, in the order made."""
        return self.choices.get(edge, ())

    def milestones(self, pid: PlayerId) -> int:
        """Milestone markers ``pid`` holds as the road boards start."""
        return self.milestones_left.get(pid, MILESTONES_PER_PLAYER)

    def away(self, pid: PlayerId) -> int:
        """Lot markers ``pid`` placed on road boards last era: out of their
        supply this era."""
        return self.lot_markers_away.get(pid, 0)


def worked_example_boards() -> RoadBoards:
    """The four boards of rulebook 000's gameplay example, with no picks yet."""
    return RoadBoards(WORKED_EXAMPLE)


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


def read_board(node: Node) -> RoadBoard:
    """Read one board face as the table file writes it (spec: "Road boards").

    :raises TableFileError: naming the JSON path of the problem.
    """
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
    fields = node.object(
        required=edges, optional=("choices", "milestones_left", "lot_markers_away")
    )
    boards = {edge: read_board(fields[edge.value]) for edge in Edge}
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
    # How many may be away depends on the era and the city: fortune checks it.
    away: dict[PlayerId, int] = {}
    if "lot_markers_away" in fields:
        for player, child in per_player(fields["lot_markers_away"], players):
            away[player.id] = child.int(min=0)
    return RoadBoards(boards, choices, left, away)


class MissingFaceError(RuleError):
    """Road boards set up without a face on every edge (rulebook 000, "Setup"
    2-4: a road board beside each side of the City board)."""


def check_faces(faces: Mapping[Edge, RoadBoard]) -> None:
    """Whether ``faces`` put a face on every edge, as :func:`with_faces` needs.

    :raises MissingFaceError: an edge without a face.
    """
    if any(edge not in faces for edge in Edge):
        raise MissingFaceError(msg("Choose a face for every edge."))


def with_faces(
    boards: RoadBoards | None, faces: Mapping[Edge, RoadBoard]
) -> RoadBoards:
    """The road boards with ``faces`` on the edges (rulebook 000, "Setup" 2-4).

    The picks recorded on a board whose face changed are dropped: they were
    made on another face. Picks on an unchanged face, the milestone markers
    each player has left and the lot markers away since last era stay as they
    were.

    :raises ValueError: not one face on every edge (:func:`check_faces` says
        so in words).
    """
    if boards is None:
        return RoadBoards(faces)
    kept = {
        edge: picks
        for edge, picks in boards.choices.items()
        if faces.get(edge) == boards.board(edge)
    }
    return RoadBoards(faces, kept, boards.milestones_left, boards.lot_markers_away)


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
    if boards.lot_markers_away:
        doc["lot_markers_away"] = dict(boards.lot_markers_away)
    return doc


def _choice_json(choice: Choice) -> dict[str, object]:
    doc: dict[str, object] = {"player": choice.player}
    if choice.slot is not None:
        doc["slot"] = choice.slot
    doc["take"] = choice.take.value
    if choice.marker is not None:
        doc["marker"] = choice.marker.value
    return doc
