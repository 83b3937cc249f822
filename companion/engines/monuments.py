"""Foundations of Rome monuments: who may build which monument, what it costs,
and how it scores.

The cards are the 19 Alternate Monuments of Roads of Fortune (rulebook 000,
"Alternate Monuments"): each gives a requirement and a footer. The rules every
monument shares are rulebook 001's ("Special Rules & Edge Cases": Monuments
Expansion, Monument Markers): one shared pool, first come first served, each
monument unique, 6 monument markers per player. No rulebook gives the lot count
or shape of a monument: those come from ``../shared/game-data.md`` 1.5, a single
unofficial source (tagged [U]).

Rulebook 000 prints each footer as icons (laurel = VP, coin = coins or silver,
figure = population, house = building) and does not explain them. Every card
keeps a ``reading`` that says how this engine reads it, and every value can be
changed for one table with :func:`with_overrides`.

Pure: the standard library only; functions take values and return new ones.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from types import MappingProxyType
from typing import Final, TypeAlias

from .base import (
    Citation,
    Line,
    Message,
    MessageArg,
    Node,
    PlayerId,
    Points,
    Problem,
    RuleError,
    and_list,
    comma_list,
    display_names,
    msg,
    nmsg,
)
from .foundations import (
    LOT_MARKERS,
    LOT_MARKERS_PER_PLAYER,
    MONUMENT_MAX_LOTS,
    Building,
    BuildingType,
    City,
    CivicKind,
    Lot,
    Monument,
    groups,
    lots_words,
    player_name,
)

# --------------------------------------------------------------------------
# Citations and fixed numbers
# --------------------------------------------------------------------------

MONUMENTS_EXPANSION: Final = Citation(
    "001", "Special Rules & Edge Cases - Monuments Expansion"
)
MONUMENT_MARKERS: Final = Citation(
    "001", "Special Rules & Edge Cases - Monument Markers"
)
TAKE_INCOME: Final = Citation("001", "Action 1: Take Income")
CONSTRUCT: Final = Citation("001", "Action 3: Construct a Building")
BUILDING_OVER: Final = Citation("001", "Special Rules & Edge Cases - Building Over")
RESIDENTIAL_SCORING: Final = Citation(
    "001", "End of Era Scoring - Residential Building Scoring"
)
CIVIC_SCORING: Final = Citation("001", "End of Era Scoring - Civic Building Scoring")
COMMERCIAL_SCORING: Final = Citation(
    "001", "End of Era Scoring - Commercial Building Scoring"
)
END_OF_GAME: Final = Citation("001", "End of Game")
LOTS_AND_SHAPES: Final = Citation("game-data.md", "1.5 Monuments catalogue [U]")
"""Where the lot counts and shapes come from: one unofficial source."""

MONUMENT_MARKERS_PER_PLAYER: Final = 6
"""Monument markers of one player: a monument takes one, so at most 6 monuments
each (rulebook 001, "Monument Markers")."""

BASE_INCOME: Final = 5
"""Silver of a Take Income action before commercial buildings (rulebook 001,
"Action 1: Take Income")."""

MAX_LOTS: Final = MONUMENT_MAX_LOTS
"""A monument covers 1 to 6 connected lots (spec: "Foundations of Rome")."""

NAME_MAX: Final = 40

# --------------------------------------------------------------------------
# Errors
# --------------------------------------------------------------------------


class MonumentError(RuleError):
    """A monument question that cannot be answered as asked."""


class UnknownMonumentError(MonumentError):
    """A slug that names no card of the catalogue."""


class UnknownPlayerError(MonumentError):
    """A player id that is not at the table."""


class IllegalMonumentError(MonumentError):
    """A monument that may not be built where and how it was asked for
    (:func:`placement` says why)."""


# --------------------------------------------------------------------------
# Words shared by many sentences
# --------------------------------------------------------------------------

_R, _C, _V = BuildingType.RESIDENTIAL, BuildingType.COMMERCIAL, BuildingType.CIVIC

_TYPE_WORDS: Final[Mapping[BuildingType, Message]] = MappingProxyType(
    {_R: msg("residential"), _C: msg("commercial"), _V: msg("civic")}
)


def _semicolons(items: Sequence[Message]) -> Message:
    """``a; b; c``: clauses that have commas of their own."""
    if len(items) == 1:
        return items[0]
    return msg("{first}; {rest}", first=items[0], rest=_semicolons(items[1:]))


def _buildings_words(of_type: BuildingType | None, n: int) -> Message:
    """``building``/``buildings``, or ``civic building``/``civic buildings``."""
    if of_type is None:
        return nmsg("building", "buildings", n=n)
    return nmsg("{type} building", "{type} buildings", n=n, type=_TYPE_WORDS[of_type])


# --------------------------------------------------------------------------
# What a card asks for: measures, comparisons, ownership
# --------------------------------------------------------------------------


class Measure(Enum):
    """A number each player has, compared between players by a requirement."""

    RESIDENTIAL_BUILDINGS = "residential-buildings"
    """Residential buildings on the board, whatever their size (monuments of
    that type included)."""
    SIZE_1_BUILDINGS = "size-1-buildings"
    """Buildings of any type that cover exactly 1 lot."""
    BUILDINGS = "buildings"
    """Buildings of any type on the board, monuments included."""
    LOT_MARKERS = "lot-markers"
    """Lot markers on the City board (owned lots not built on)."""
    COINS = "coins"
    """Money: the coins in hand (the table file's ``coins``)."""
    INCOME = "income"
    """What a Take Income action gives: 5 silver plus the silver of every
    commercial building (rulebook 001, "Action 1: Take Income")."""
    LARGEST_BUILDING = "largest-building"
    """The size, in lots, of the player's largest building."""
    POPULATION = "population"
    """The Population Track: citizens of residential buildings plus population
    tokens."""

    @property
    def label(self) -> Message:
        """The measure as in ``your income 9``."""
        return _MEASURE_LABELS[self]

    @property
    def noun(self) -> Message:
        """The measure as in ``the most income``."""
        return _MEASURE_NOUNS[self]


_MEASURE_LABELS: Final[Mapping[Measure, Message]] = MappingProxyType(
    {
        Measure.RESIDENTIAL_BUILDINGS: msg("number of residential buildings"),
        Measure.SIZE_1_BUILDINGS: msg("number of size-1 buildings"),
        Measure.BUILDINGS: msg("number of buildings"),
        Measure.LOT_MARKERS: msg("number of lot markers on the board"),
        Measure.COINS: msg("money"),
        Measure.INCOME: msg("income"),
        Measure.LARGEST_BUILDING: msg("largest building size"),
        Measure.POPULATION: msg("population"),
    }
)

_MEASURE_NOUNS: Final[Mapping[Measure, Message]] = MappingProxyType(
    {
        Measure.RESIDENTIAL_BUILDINGS: msg("residential buildings"),
        Measure.SIZE_1_BUILDINGS: msg("size-1 buildings"),
        Measure.BUILDINGS: msg("buildings"),
        Measure.LOT_MARKERS: msg("lot markers on the board"),
        Measure.COINS: msg("money"),
        Measure.INCOME: msg("income"),
        Measure.LARGEST_BUILDING: msg("lots in one building"),
        Measure.POPULATION: msg("population"),
    }
)

_MEASURE_SOURCES: Final[Mapping[Measure, Citation]] = MappingProxyType(
    {Measure.INCOME: TAKE_INCOME, Measure.POPULATION: RESIDENTIAL_SCORING}
)


class Rank(Enum):
    """How a player's measure must stand against every other player's."""

    MOST = "most"
    """The highest, alone or tied."""
    FEWEST = "fewest"
    """The lowest, alone or tied."""
    TIED = "tied"
    """Equal to at least one other player's."""


@dataclass(frozen=True)
class Compare:
    """A requirement that compares one measure between all players.

    ``minimum``: the builder's own value must be at least this much (a player
    with none of something does not have "the most" of it).
    """

    measure: Measure
    rank: Rank
    minimum: int = 0


@dataclass(frozen=True)
class Owns:
    """A requirement to own at least ``count`` buildings, each of ``type`` (any
    when ``None``), of ``size`` lots (any when ``None``) and, with ``on_edge``,
    with a lot on an edge lot."""

    count: int = 1
    type: BuildingType | None = None
    size: int | None = None
    on_edge: bool = False


@dataclass(frozen=True)
class OwnsEveryType:
    """A requirement to own at least one building of each of ``types``."""

    types: tuple[BuildingType, ...] = (_R, _C, _V)


Requirement: TypeAlias = Compare | Owns | OwnsEveryType
"""What a player must have before building; a card without one has ``None``."""


# --------------------------------------------------------------------------
# What building a card does at once: effects on coins and VP
# --------------------------------------------------------------------------


class Where(Enum):
    """Where a monument must stand for an effect to happen."""

    ANYWHERE = "anywhere"
    """Always."""
    ON_EDGE = "on-edge"
    """At least one of its lots is an edge lot (first or last row or column in
    play)."""
    OFF_EDGE = "off-edge"
    """None of its lots is an edge lot."""

    def holds(self, on_edge: bool) -> bool:
        return self is Where.ANYWHERE or (self is Where.ON_EDGE) == on_edge


@dataclass(frozen=True)
class Recipients:
    """The players an effect reaches: each player owning at least one building of
    ``type`` (any when ``None``) that touches the monument (``adjacent``) or
    stands anywhere; the builder only with ``builder``."""

    type: BuildingType | None = None
    adjacent: bool = True
    builder: bool = False


@dataclass(frozen=True)
class BankCoins:
    """The builder gains ``coins`` from the bank (pays them, when negative)."""

    coins: int
    where: Where = Where.ANYWHERE


@dataclass(frozen=True)
class CoinsPerAdjacent:
    """The builder gains ``coins`` from the bank for each opponent's building of
    ``type`` (any when ``None``) adjacent to the monument."""

    coins: int
    type: BuildingType | None = None
    where: Where = Where.ANYWHERE


@dataclass(frozen=True)
class PayPlayers:
    """The builder pays ``coins`` to each of the ``to`` players."""

    coins: int
    to: Recipients
    where: Where = Where.ANYWHERE


@dataclass(frozen=True)
class GiveVP:
    """Each of the ``to`` players gains ``vp`` VP (the builder pays nothing)."""

    vp: Points
    to: Recipients
    where: Where = Where.ANYWHERE


@dataclass(frozen=True)
class FollowUpBuild:
    """The builder may take one more build action at once."""

    where: Where = Where.ANYWHERE


Effect: TypeAlias = BankCoins | CoinsPerAdjacent | PayPlayers | GiveVP | FollowUpBuild
"""Something that happens once, when the monument is built."""


# --------------------------------------------------------------------------
# How a card scores: its footer
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class PerAdjacent:
    """``each`` for every unit of adjacency, counted as civic buildings count
    them (rulebook 001, "Civic Buildings"): citizens, pairs of citizens, silver,
    civic buildings or buildings adjacent to the monument, of any owner."""

    per: CivicKind
    each: int


@dataclass(frozen=True)
class Footer:
    """What a monument scores in every era, by type.

    - residential: ``citizens`` (plus ``citizens_per`` adjacency) join the
      owner's population;
    - commercial: ``silver`` (plus ``silver_per``) is income and is collected as
      coins at era scoring (VP in era 3); ``vp`` scores each era;
    - civic: ``civic`` scores VP by adjacency; a civic card without a commercial
      type scores ``vp`` each era as a civic building.
    """

    citizens: int = 0
    citizens_per: PerAdjacent | None = None
    silver: int = 0
    silver_per: PerAdjacent | None = None
    vp: Points = 0
    civic: PerAdjacent | None = None


# --------------------------------------------------------------------------
# Shapes
# --------------------------------------------------------------------------

Cell: TypeAlias = tuple[int, int]


class Footprint(Enum):
    """The shape of a monument, whatever its rotation or reflection
    (game-data.md 1.5 [U])."""

    MONO = "1x1"
    """A single lot."""
    DOMINO = "1x2"
    """2 lots side by side."""
    I3 = "I3"
    """3 lots in a straight line."""
    L3 = "L3"
    """3 lots in an L."""
    I4 = "I4"
    """4 lots in a straight line."""
    O4 = "O4"
    """A 2x2 square."""
    T4 = "T4"
    """4 lots in a T."""
    U5 = "U5"
    """5 lots in a U."""
    R6 = "2x3"
    """A 2x3 rectangle."""

    @property
    def cells(self) -> frozenset[Cell]:
        return _cells(_PATTERNS[self])

    @property
    def size(self) -> int:
        return len(self.cells)

    @property
    def words(self) -> Message:
        return _FOOTPRINT_WORDS[self]

    def matches(self, lots: Iterable[Lot]) -> bool:
        """Whether ``lots`` have this shape, turned or flipped any way."""
        cells = _normal({(lot.column, lot.row) for lot in lots})
        return cells in _variants(self.cells)


_PATTERNS: Final[Mapping[Footprint, tuple[str, ...]]] = MappingProxyType(
    {
        Footprint.MONO: ("#",),
        Footprint.DOMINO: ("##",),
        Footprint.I3: ("###",),
        Footprint.L3: ("##", "#."),
        Footprint.I4: ("####",),
        Footprint.O4: ("##", "##"),
        Footprint.T4: ("###", ".#."),
        Footprint.U5: ("#.#", "###"),
        Footprint.R6: ("###", "###"),
    }
)

_FOOTPRINT_WORDS: Final[Mapping[Footprint, Message]] = MappingProxyType(
    {
        Footprint.MONO: msg("1 lot"),
        Footprint.DOMINO: msg("2 lots side by side"),
        Footprint.I3: msg("3 lots in a line"),
        Footprint.L3: msg("an L of 3 lots"),
        Footprint.I4: msg("4 lots in a line"),
        Footprint.O4: msg("a 2x2 square"),
        Footprint.T4: msg("a T of 4 lots"),
        Footprint.U5: msg("a U of 5 lots"),
        Footprint.R6: msg("a 2x3 rectangle"),
    }
)


def _cells(rows: Sequence[str]) -> frozenset[Cell]:
    return frozenset(
        (x, y)
        for y, row in enumerate(rows)
        for x, mark in enumerate(row)
        if mark == "#"
    )


def _normal(cells: Iterable[Cell]) -> frozenset[Cell]:
    """``cells`` moved so that the smallest column and row are 0."""
    kept = list(cells)
    if not kept:
        return frozenset()
    left = min(x for x, _ in kept)
    top = min(y for _, y in kept)
    return frozenset((x - left, y - top) for x, y in kept)


def _variants(cells: frozenset[Cell]) -> frozenset[frozenset[Cell]]:
    """The 8 turns and flips of a shape (fewer when it is symmetric)."""
    found = set()
    shape = cells
    for _ in range(4):
        shape = _normal((-y, x) for x, y in shape)
        found.add(shape)
        found.add(_normal((-x, y) for x, y in shape))
    return frozenset(found)


# --------------------------------------------------------------------------
# The cards
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class MonumentCard:
    """One monument card: its requirement, what building it does, its footer.

    ``types`` are the card's building type(s); a monument counts as a building
    of each of them for every rule. ``lots`` and ``footprint`` (``None``: any
    connected lots) are unofficial (game-data.md 1.5 [U]). ``reading`` says how
    the engine reads what the card leaves open. ``overridden`` names the fields
    a table changed (:func:`with_overrides`).
    """

    slug: str
    name: str
    types: tuple[BuildingType, ...]
    requirement: Requirement | None
    effects: tuple[Effect, ...]
    footer: Footer
    lots: int
    footprint: Footprint | None
    reading: Message
    overridden: tuple[str, ...] = ()

    @property
    def source(self) -> Citation:
        """The card in rulebook 000."""
        return Citation("000", f"Alternate Monuments - {self.name}")

    def has(self, btype: BuildingType) -> bool:
        return btype in self.types

    def cited(self, rule: Citation) -> Citation:
        """The card, then the rule of rulebook 001 it applies."""
        return replace(self.source, also=(rule,))


Catalogue: TypeAlias = Mapping[str, MonumentCard]
"""Cards by slug, in the order of the rulebook."""


def _card(
    slug: str,
    name: str,
    types: tuple[BuildingType, ...],
    footprint: Footprint,
    footer: Footer,
    reading: Message,
    *,
    requirement: Requirement | None = None,
    effects: tuple[Effect, ...] = (),
) -> MonumentCard:
    return MonumentCard(
        slug=slug,
        name=name,
        types=types,
        requirement=requirement,
        effects=effects,
        footer=footer,
        lots=footprint.size,
        footprint=footprint,
        reading=reading,
    )


_ADJACENT = Recipients(adjacent=True)

CARDS: Final[tuple[MonumentCard, ...]] = (
    _card(
        "forum-romanum",
        "Forum Romanum",
        (_V,),
        Footprint.I3,
        Footer(civic=PerAdjacent(CivicKind.SILVER, 2)),
        msg(
            "Footer read as 2 VP for each silver on adjacent commercial buildings. "
            "A tie on the Population Track means the same population as at least "
            "one other player, counted from 1: at 0 nobody has started on the "
            "track."
        ),
        requirement=Compare(Measure.POPULATION, Rank.TIED, minimum=1),
    ),
    _card(
        "imperial-harbor",
        "Imperial Harbor",
        (_C,),
        Footprint.I4,
        Footer(silver=3, vp=7),
        msg(
            "Built on an edge lot means at least one of its lots is an edge lot. "
            "The 6 coins come from, or go to, the bank. Footer read as 3 silver "
            "(income, and coins at era scoring) and 7 VP each era."
        ),
        effects=(BankCoins(6, Where.ON_EDGE), BankCoins(-6, Where.OFF_EDGE)),
    ),
    _card(
        "temple-of-apollo",
        "Temple of Apollo",
        (_C,),
        Footprint.DOMINO,
        Footer(silver=2, vp=2),
        msg(
            "Residential monuments count as residential buildings. With no "
            "residential building a player does not have the most. Footer read "
            "as 2 silver and 2 VP each era."
        ),
        requirement=Compare(Measure.RESIDENTIAL_BUILDINGS, Rank.MOST, minimum=1),
    ),
    _card(
        "temple-of-jupiter",
        "Temple of Jupiter",
        (_V,),
        Footprint.O4,
        Footer(civic=PerAdjacent(CivicKind.SILVER, 2)),
        msg(
            "Each opponent gains the 2 VP once, however many of their commercial "
            "buildings touch it. Footer read as 2 VP for each silver on adjacent "
            "commercial buildings."
        ),
        effects=(GiveVP(2, Recipients(type=_C)),),
    ),
    _card(
        "the-pantheon",
        "The Pantheon",
        (_V,),
        Footprint.I3,
        Footer(civic=PerAdjacent(CivicKind.CIVIC, 3)),
        msg(
            "Size-1 buildings are buildings of any type, monuments included, on "
            "exactly 1 lot. Footer (laurel 3 / columned building) read as 3 VP "
            "for each adjacent civic building."
        ),
        requirement=Compare(Measure.SIZE_1_BUILDINGS, Rank.MOST, minimum=1),
    ),
    _card(
        "tower-of-wonders",
        "Tower of Wonders",
        (_V,),
        Footprint.MONO,
        Footer(vp=3),
        msg(
            "Buildings on the board now count, monuments by their types. Footer "
            "read as 3 VP each era, scored as a civic building."
        ),
        requirement=OwnsEveryType(),
    ),
    _card(
        "lighthouse",
        "Lighthouse",
        (_V,),
        Footprint.MONO,
        Footer(civic=PerAdjacent(CivicKind.SILVER, 2)),
        msg(
            "A building is on the edge when at least one of its lots is an edge "
            "lot. Away from the edge the 6 coins go to the bank. Footer read as "
            "2 VP for each silver on adjacent commercial buildings."
        ),
        requirement=Owns(count=2, on_edge=True),
        effects=(BankCoins(-6, Where.OFF_EDGE),),
    ),
    _card(
        "regia",
        "Regia",
        (_R,),
        Footprint.R6,
        Footer(citizens=9),
        msg(
            "1 coin from the bank for each adjacent civic building of an opponent "
            "(civic monuments included). Footer read as 9 citizens."
        ),
        effects=(CoinsPerAdjacent(1, type=_V),),
    ),
    _card(
        "temple-of-mars",
        "Temple of Mars",
        (_R,),
        Footprint.L3,
        Footer(citizens=5),
        msg(
            "Income is 5 silver plus the silver of the player's commercial "
            "buildings, commercial monuments included (rulebook 001, Take "
            "Income). Footer read as 5 citizens."
        ),
        requirement=Compare(Measure.INCOME, Rank.MOST, minimum=1),
    ),
    _card(
        "triumphal-arch",
        "Triumphal Arch",
        (_R,),
        Footprint.I4,
        Footer(citizens=7),
        msg(
            "Away from the edge, each other player with at least one building "
            "touching it receives 3 coins once (the builder does not pay "
            "themself). Footer read as 7 citizens."
        ),
        effects=(PayPlayers(3, _ADJACENT, Where.OFF_EDGE),),
    ),
    _card(
        "temple-of-minerva",
        "Temple of Minerva",
        (_R, _V),
        Footprint.U5,
        Footer(citizens=2, citizens_per=PerAdjacent(CivicKind.BUILDING, 1)),
        msg(
            "A player with no lot marker on the board has the fewest. Footer "
            "(figure 2 + figure / house) read as 2 citizens plus 1 citizen for "
            "each adjacent building; as a civic building it scores no VP itself."
        ),
        requirement=Compare(Measure.LOT_MARKERS, Rank.FEWEST),
    ),
    _card(
        "watchtower",
        "Watchtower",
        (_V,),
        Footprint.MONO,
        Footer(civic=PerAdjacent(CivicKind.CITIZEN, 1)),
        msg(
            "A population building is a residential building. Each opponent "
            "receives the 2 coins once, however many of their residential "
            "buildings touch it. Footer read as 1 VP for each citizen on "
            "adjacent residential buildings."
        ),
        effects=(PayPlayers(2, Recipients(type=_R)),),
    ),
    _card(
        "temple-of-vulcan",
        "Temple of Vulcan",
        (_C, _V),
        Footprint.T4,
        Footer(silver=10, silver_per=PerAdjacent(CivicKind.BUILDING, 1)),
        msg(
            "Largest means the most lots in one building, monuments included. "
            "Footer (10 coin + coin / house) read as 10 silver plus 1 silver for "
            "each adjacent building; the one unofficial source (game-data.md "
            "1.5) gives 1 silver instead of 10, so check the printed card."
        ),
        requirement=Compare(Measure.LARGEST_BUILDING, Rank.MOST, minimum=1),
    ),
    _card(
        "royal-winery",
        "Royal Winery",
        (_C,),
        Footprint.R6,
        Footer(silver=4, vp=8),
        msg(
            "The extra build action is one more Construct a Building action, "
            "taken at once. Footer read as 4 silver and 8 VP each era."
        ),
        effects=(FollowUpBuild(),),
    ),
    _card(
        "statue-of-romulus",
        "Statue of Romulus",
        (_V,),
        Footprint.O4,
        Footer(civic=PerAdjacent(CivicKind.BUILDING, 2)),
        msg(
            "Size-3 buildings are buildings of any type on exactly 3 lots, "
            "monuments included. Footer read as 2 VP for each adjacent building."
        ),
        requirement=Owns(count=2, size=3),
    ),
    _card(
        "temple-of-neptune",
        "Temple of Neptune",
        (_C,),
        Footprint.L3,
        Footer(silver=1, vp=5),
        msg(
            "Buildings of every type count, monuments included; a player with "
            "none has the fewest. Footer read as 1 silver and 5 VP each era."
        ),
        requirement=Compare(Measure.BUILDINGS, Rank.FEWEST),
    ),
    _card(
        "temple-of-venus",
        "Temple of Venus",
        (_R,),
        Footprint.DOMINO,
        Footer(citizens=4),
        msg("Footer read as 4 citizens."),
        requirement=Owns(count=1, type=_V, size=2),
    ),
    _card(
        "circus-maximus",
        "Circus Maximus",
        (_V,),
        Footprint.I3,
        Footer(civic=PerAdjacent(CivicKind.CITIZEN, 1)),
        msg(
            "Money is the coins in hand (the table file's coins); it needs every "
            "player's coins. Footer (laurel 1 / figure) read as 1 VP for each "
            "citizen on adjacent residential buildings."
        ),
        requirement=Compare(Measure.COINS, Rank.MOST, minimum=1),
    ),
    _card(
        "the-colosseum",
        "The Colosseum",
        (_V,),
        Footprint.O4,
        Footer(civic=PerAdjacent(CivicKind.CITIZEN, 1)),
        msg(
            "Each player, the builder too, with at least one residential building "
            "anywhere on the board gains 2 VP once. Footer read as 1 VP for each "
            "citizen on adjacent residential buildings."
        ),
        effects=(GiveVP(2, Recipients(type=_R, adjacent=False, builder=True)),),
    ),
)
"""The 19 Alternate Monument cards of rulebook 000, in its order."""

CATALOGUE: Final[Catalogue] = MappingProxyType({card.slug: card for card in CARDS})
"""The cards by slug: the default catalogue of every table."""

SLUGS: Final[tuple[str, ...]] = tuple(CATALOGUE)

GENERAL_READINGS: Final[tuple[Message, ...]] = (
    msg(
        "A monument counts as a building of each of its types, and as one "
        "building, for every requirement."
    ),
    msg(
        "Coins are known when the table file records them; a player it leaves "
        "out has 0. Without any coins, a requirement on money is unknown."
    ),
    msg(
        "A monument goes on lots its builder owns, like any building, and may "
        "replace only smaller buildings of the builder."
    ),
    msg(
        "Lot counts and shapes come from one unofficial source and may be "
        "changed for a table."
    ),
)
"""How the engine reads what every card leaves open."""


def monument_values(slug: str, *, catalogue: Catalogue = CATALOGUE) -> MonumentCard:
    """The card with this slug.

    :raises UnknownMonumentError: no such card.
    """
    try:
        return catalogue[slug]
    except KeyError:
        raise UnknownMonumentError(
            msg(
                "{slug} is not a monument (known: {known})",
                slug=repr(slug),
                known=comma_list(list(catalogue)),
            )
        ) from None


# --------------------------------------------------------------------------
# Cards in words (for the rules reference and every explanation)
# --------------------------------------------------------------------------


def _who_words(to: Recipients) -> Message:
    who = msg("player") if to.builder else msg("opponent")
    building = _buildings_words(to.type, 1)
    if to.adjacent:
        return msg("{who} with an adjacent {building}", who=who, building=building)
    return msg("{who} with at least one {building}", who=who, building=building)


def _where_words(where: Where, text: Message) -> Message:
    if where is Where.ON_EDGE:
        return msg("on an edge lot: {text}", text=text)
    if where is Where.OFF_EDGE:
        return msg("away from the edge: {text}", text=text)
    return text


def effect_words(effect: Effect) -> Message:
    """What an effect does, in words."""
    text: Message
    if isinstance(effect, BankCoins):
        if effect.coins >= 0:
            text = nmsg(
                "you gain {n} coin from the bank",
                "you gain {n} coins from the bank",
                n=effect.coins,
            )
        else:
            text = nmsg(
                "you pay {n} coin to the bank",
                "you pay {n} coins to the bank",
                n=-effect.coins,
            )
    elif isinstance(effect, CoinsPerAdjacent):
        text = nmsg(
            "you gain {n} coin from the bank for each adjacent {building} of an "
            "opponent",
            "you gain {n} coins from the bank for each adjacent {building} of an "
            "opponent",
            n=effect.coins,
            building=_buildings_words(effect.type, 1),
        )
    elif isinstance(effect, PayPlayers):
        text = nmsg(
            "you pay {n} coin to each {who}",
            "you pay {n} coins to each {who}",
            n=effect.coins,
            who=_who_words(effect.to),
        )
    elif isinstance(effect, GiveVP):
        text = msg("each {who} gains {vp} VP", who=_who_words(effect.to), vp=effect.vp)
    else:
        text = msg("you may take one more build action at once")
    return _where_words(effect.where, text)


def unit_words(per: CivicKind) -> Message:
    """What a footer counts around the monument, after "for each"."""
    return {
        CivicKind.CITIZEN: msg("citizen on adjacent residential buildings"),
        CivicKind.TWO_CITIZENS: msg("2 citizens on adjacent residential buildings"),
        CivicKind.SILVER: msg("silver on adjacent commercial buildings"),
        CivicKind.CIVIC: msg("adjacent civic building"),
        CivicKind.BUILDING: msg("adjacent building"),
    }[per]


def footer_words(card: MonumentCard) -> Message:
    """What the card scores, in words."""
    footer = card.footer
    parts: list[Message] = []
    if footer.citizens or footer.citizens_per:
        citizens = nmsg("{n} citizen", "{n} citizens", n=footer.citizens)
        if footer.citizens_per:
            citizens = nmsg(
                "{base} plus {n} citizen for each {unit}",
                "{base} plus {n} citizens for each {unit}",
                n=footer.citizens_per.each,
                base=citizens,
                unit=unit_words(footer.citizens_per.per),
            )
        parts.append(citizens)
    if footer.silver or footer.silver_per:
        silver = msg("{silver} silver", silver=footer.silver)
        if footer.silver_per:
            silver = msg(
                "{base} plus {each} silver for each {unit}",
                base=silver,
                each=footer.silver_per.each,
                unit=unit_words(footer.silver_per.per),
            )
        parts.append(silver)
    if footer.vp:
        parts.append(msg("{vp} VP each era", vp=footer.vp))
    if footer.civic:
        parts.append(
            msg(
                "{each} VP for each {unit}",
                each=footer.civic.each,
                unit=unit_words(footer.civic.per),
            )
        )
    if not parts:
        return msg("nothing")
    return and_list(parts)


def requirement_words(card: MonumentCard) -> Message:
    """What a player must have to build the card, in words."""
    req = card.requirement
    if req is None:
        return msg("no condition")
    if isinstance(req, Compare):
        if req.rank is Rank.MOST:
            return msg(
                "the most {measure}, or tied for the most", measure=req.measure.noun
            )
        if req.rank is Rank.FEWEST:
            return msg(
                "the fewest {measure}, or tied for the fewest", measure=req.measure.noun
            )
        return msg(
            "the same {measure} as at least one other player", measure=req.measure.noun
        )
    if isinstance(req, Owns):
        return msg("own {what}", what=_owned_words(req, req.count))
    return msg(
        "own at least one building of each type: {types}",
        types=and_list([_TYPE_WORDS[t] for t in req.types]),
    )


def _owned_words(req: Owns, n: int) -> Message:
    """``2 buildings of size 3``, ``1 civic building on the edge of the board``."""
    what = msg("{n} {buildings}", n=n, buildings=_buildings_words(req.type, n))
    if req.size is not None:
        what = msg("{what} of size {size}", what=what, size=req.size)
    if req.on_edge:
        what = msg("{what} on the edge of the board", what=what)
    return what


def shape_words(card: MonumentCard) -> Message:
    """The lots the card covers, in words."""
    if card.footprint is None:
        return nmsg("{n} connected lot", "{n} connected lots", n=card.lots)
    return card.footprint.words


@dataclass(frozen=True)
class CardText:
    """A card in words, for the rules reference."""

    name: str
    types: Message
    requirement: Message
    effects: tuple[Message, ...]
    footer: Message
    shape: Message
    reading: Message
    source: Citation
    shape_source: Citation


def card_text(card: MonumentCard) -> CardText:
    """The card in words: requirement, effects, footer, shape and reading."""
    return CardText(
        name=card.name,
        types=and_list([_TYPE_WORDS[t] for t in card.types]),
        requirement=requirement_words(card),
        effects=tuple(effect_words(e) for e in card.effects),
        footer=footer_words(card),
        shape=shape_words(card),
        reading=card.reading,
        source=card.source,
        shape_source=LOTS_AND_SHAPES,
    )


# --------------------------------------------------------------------------
# Overrides: one table's own values
# --------------------------------------------------------------------------

_CARD_KEYS: Final = (
    "name",
    "types",
    "lots",
    "footprint",
    "requirement",
    "effects",
    "footer",
)
_EFFECT_KINDS: Final = (
    "bank-coins",
    "coins-per-adjacent",
    "pay-players",
    "give-vp",
    "follow-up-build",
)


def _read_type(node: Node) -> BuildingType:
    return BuildingType(node.choice(tuple(t.value for t in BuildingType)))


def _read_optional_type(node: Node | None) -> BuildingType | None:
    if node is None or node.value is None:
        return None
    return _read_type(node)


def _read_where(node: Node | None) -> Where:
    if node is None:
        return Where.ANYWHERE
    return Where(node.choice(tuple(w.value for w in Where)))


def _read_per_adjacent(node: Node) -> PerAdjacent | None:
    if node.value is None:
        return None
    fields = node.object(required=("per", "each"))
    per = CivicKind(fields["per"].choice(tuple(k.value for k in CivicKind)))
    return PerAdjacent(per, fields["each"].int(min=0))


def _read_requirement(node: Node) -> Requirement | None:
    """``null``; ``{"compare", "rank", "minimum"}``; ``{"owns", "type", "size",
    "on_edge"}``; or ``{"every_type": [...]}``."""
    if node.value is None:
        return None
    raw = node.value
    if isinstance(raw, dict) and "compare" in raw:
        fields = node.object(required=("compare", "rank"), optional=("minimum",))
        measure = Measure(fields["compare"].choice(tuple(m.value for m in Measure)))
        rank = Rank(fields["rank"].choice(tuple(r.value for r in Rank)))
        minimum = fields["minimum"].int(min=0) if "minimum" in fields else 0
        return Compare(measure, rank, minimum)
    if isinstance(raw, dict) and "owns" in raw:
        fields = node.object(required=("owns",), optional=("type", "size", "on_edge"))
        size_node = fields.get("size")
        size = None
        if size_node is not None and size_node.value is not None:
            size = size_node.int(min=1, max=MAX_LOTS)
        return Owns(
            count=fields["owns"].int(min=1),
            type=_read_optional_type(fields.get("type")),
            size=size,
            on_edge=fields["on_edge"].bool() if "on_edge" in fields else False,
        )
    fields = node.object(required=("every_type",))
    types = tuple(
        _read_type(item) for item in fields["every_type"].list(min_len=1, max_len=3)
    )
    return OwnsEveryType(types)


def _read_recipients(node: Node) -> Recipients:
    fields = node.object(optional=("type", "adjacent", "builder"))
    return Recipients(
        type=_read_optional_type(fields.get("type")),
        adjacent=fields["adjacent"].bool() if "adjacent" in fields else True,
        builder=fields["builder"].bool() if "builder" in fields else False,
    )


def _read_effect(node: Node) -> Effect:
    """``{"effect": KIND, ...}``, one of :data:`_EFFECT_KINDS`."""
    raw = node.value
    kind = raw.get("effect") if isinstance(raw, dict) else None
    keys: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
        "bank-coins": (("coins",), ("where",)),
        "coins-per-adjacent": (("coins",), ("type", "where")),
        "pay-players": (("coins", "to"), ("where",)),
        "give-vp": (("vp", "to"), ("where",)),
        "follow-up-build": ((), ("where",)),
    }
    required, optional = keys.get(kind, ((), ())) if isinstance(kind, str) else ((), ())
    fields = node.object(required=("effect", *required), optional=optional)
    kind = fields["effect"].choice(_EFFECT_KINDS)
    where = _read_where(fields.get("where"))
    if kind == "bank-coins":
        return BankCoins(fields["coins"].int(), where)
    if kind == "coins-per-adjacent":
        return CoinsPerAdjacent(
            fields["coins"].int(min=0), _read_optional_type(fields.get("type")), where
        )
    if kind == "pay-players":
        return PayPlayers(
            fields["coins"].int(min=0), _read_recipients(fields["to"]), where
        )
    if kind == "give-vp":
        return GiveVP(fields["vp"].int(min=0), _read_recipients(fields["to"]), where)
    return FollowUpBuild(where)


def _read_footer(node: Node, footer: Footer) -> Footer:
    """``footer`` with the keys given in ``node`` changed."""
    fields = node.object(
        optional=("citizens", "citizens_per", "silver", "silver_per", "vp", "civic")
    )
    changes: dict[str, object] = {}
    for key in ("citizens", "silver", "vp"):
        if key in fields:
            changes[key] = fields[key].int(min=0)
    for key in ("citizens_per", "silver_per", "civic"):
        if key in fields:
            changes[key] = _read_per_adjacent(fields[key])
    return replace(footer, **changes)  # type: ignore[arg-type]


def _override_card(node: Node, card: MonumentCard) -> MonumentCard:
    fields = node.object(optional=_CARD_KEYS)
    changes: dict[str, object] = {}
    if "name" in fields:
        name = fields["name"].str(min_len=1, max_len=NAME_MAX)
        if not name.strip():
            raise fields["name"].fail(msg("must not be blank"))
        changes["name"] = name
    if "types" in fields:
        types = tuple(_read_type(t) for t in fields["types"].list(min_len=1, max_len=3))
        if len(set(types)) != len(types):
            raise fields["types"].fail(msg("a type is listed twice"))
        changes["types"] = types
    if "requirement" in fields:
        changes["requirement"] = _read_requirement(fields["requirement"])
    if "effects" in fields:
        changes["effects"] = tuple(_read_effect(e) for e in fields["effects"].list())
    if "footer" in fields:
        changes["footer"] = _read_footer(fields["footer"], card.footer)
    footprint = card.footprint
    if "footprint" in fields:
        value = fields["footprint"].value
        footprint = None
        if value is not None:
            footprint = Footprint(
                fields["footprint"].choice(tuple(f.value for f in Footprint))
            )
        changes["footprint"] = footprint
    lots = card.lots
    if "lots" in fields:
        lots = fields["lots"].int(min=1, max=MAX_LOTS)
        changes["lots"] = lots
    elif footprint is not None:
        lots = changes.setdefault("lots", footprint.size)  # type: ignore[assignment]
    if footprint is not None and footprint.size != lots:
        raise node.fail(
            msg(
                "{lots} lots do not fit the footprint {footprint} ({size} lots); "
                "give a footprint too (null: any shape)",
                lots=lots,
                footprint=footprint.value,
                size=footprint.size,
            )
        )
    changed = tuple(key for key in _CARD_KEYS if key in fields)
    overridden = (*card.overridden, *(k for k in changed if k not in card.overridden))
    return replace(card, overridden=overridden, **changes)  # type: ignore[arg-type]


def _not_a_monument(slug: str, known: Iterable[str]) -> Message:
    return msg(
        "{slug} is not a monument (known: {known})",
        slug=repr(slug),
        known=comma_list(list(known)),
    )


def with_overrides(catalogue: Catalogue, overrides: object) -> Catalogue:
    """``catalogue`` with one table's own values: ``overrides`` maps a slug to
    the fields to change (decoded JSON, read strictly).

    Keys of a card: ``name``; ``types`` (a list); ``lots`` (1 to 6) and
    ``footprint`` (a :class:`Footprint` value, or ``null`` for any connected
    lots); ``requirement`` (replaces it: ``null``, ``{"compare": MEASURE,
    "rank": "most"|"fewest"|"tied", "minimum": N}``, ``{"owns": N, "type": T,
    "size": N, "on_edge": B}`` or ``{"every_type": [T, ...]}``); ``effects``
    (replaces them: a list of ``{"effect": KIND, ...}``); ``footer`` (changes
    only the keys given: ``citizens``, ``silver``, ``vp``, and ``citizens_per``,
    ``silver_per``, ``civic`` as ``{"per": CIVIC_PER, "each": N}`` or ``null``).
    The cards changed record it in ``overridden``. ``catalogue`` is unchanged.

    :raises TableFileError: an unknown slug or key, or a value that does not
        fit, with its JSON path (``temple-of-vulcan.footer.silver``).
    """
    cards = dict(catalogue)
    for slug, node in Node(overrides).mapping().items():
        if slug not in cards:
            raise node.fail(_not_a_monument(slug, cards))
        cards[slug] = _override_card(node, cards[slug])
    return MappingProxyType(cards)


def _per_json(per: PerAdjacent | None) -> dict[str, object] | None:
    return None if per is None else {"per": per.per.value, "each": per.each}


def _recipients_json(to: Recipients) -> dict[str, object]:
    return {
        "type": None if to.type is None else to.type.value,
        "adjacent": to.adjacent,
        "builder": to.builder,
    }


def _effect_json(effect: Effect) -> dict[str, object]:
    where = {"where": effect.where.value}
    if isinstance(effect, BankCoins):
        return {"effect": "bank-coins", "coins": effect.coins, **where}
    if isinstance(effect, CoinsPerAdjacent):
        btype = None if effect.type is None else effect.type.value
        return {
            "effect": "coins-per-adjacent",
            "coins": effect.coins,
            "type": btype,
            **where,
        }
    if isinstance(effect, PayPlayers):
        to = _recipients_json(effect.to)
        return {"effect": "pay-players", "coins": effect.coins, "to": to, **where}
    if isinstance(effect, GiveVP):
        to = _recipients_json(effect.to)
        return {"effect": "give-vp", "vp": effect.vp, "to": to, **where}
    return {"effect": "follow-up-build", **where}


def _requirement_json(req: Requirement | None) -> dict[str, object] | None:
    if req is None:
        return None
    if isinstance(req, Compare):
        return {
            "compare": req.measure.value,
            "rank": req.rank.value,
            "minimum": req.minimum,
        }
    if isinstance(req, Owns):
        return {
            "owns": req.count,
            "type": None if req.type is None else req.type.value,
            "size": req.size,
            "on_edge": req.on_edge,
        }
    return {"every_type": [t.value for t in req.types]}


def card_json(card: MonumentCard) -> dict[str, object]:
    """The card's values in the form :func:`with_overrides` reads (overriding a
    card with its own ``card_json`` changes no value)."""
    footer = card.footer
    return {
        "name": card.name,
        "types": [t.value for t in card.types],
        "lots": card.lots,
        "footprint": None if card.footprint is None else card.footprint.value,
        "requirement": _requirement_json(card.requirement),
        "effects": [_effect_json(e) for e in card.effects],
        "footer": {
            "citizens": footer.citizens,
            "citizens_per": _per_json(footer.citizens_per),
            "silver": footer.silver,
            "silver_per": _per_json(footer.silver_per),
            "vp": footer.vp,
            "civic": _per_json(footer.civic),
        },
    }


# --------------------------------------------------------------------------
# The board as the monument rules see it
# --------------------------------------------------------------------------


def monument_slug(building: Building) -> str | None:
    """The card of a monument on the board; ``None`` for a tray building."""
    values = building.values
    return values.slug if isinstance(values, Monument) else None


@dataclass(frozen=True)
class Profile:
    """One building on the board as every monument rule sees it: its owner and
    lots, its type(s), the citizens it adds to the population and the silver it
    adds to income. ``card`` is set on a monument."""

    owner: PlayerId
    lots: tuple[Lot, ...]
    types: tuple[BuildingType, ...]
    citizens: int = 0
    silver: int = 0
    card: MonumentCard | None = None
    name: str | None = None

    @property
    def size(self) -> int:
        return len(self.lots)

    def has(self, btype: BuildingType | None) -> bool:
        """Whether it is of ``btype`` (any building, for ``None``)."""
        return btype is None or btype in self.types

    def label(self) -> Message:
        """``Regia at A1, B1, ...``, or ``civic building at C2``."""
        what: MessageArg
        if self.name:
            what = self.name
        else:
            what = _buildings_words(self.types[0], 1)
        return msg("{building} at {lots}", building=what, lots=lots_words(self.lots))


def _printed(owner: PlayerId, lots: Sequence[Lot], card: MonumentCard) -> Profile:
    """A monument with the fixed part of its footer (adjacency comes later)."""
    footer = card.footer
    return Profile(
        owner=owner,
        lots=tuple(lots),
        types=card.types,
        citizens=footer.citizens if card.has(_R) else 0,
        silver=footer.silver if card.has(_C) else 0,
        card=card,
        name=card.name,
    )


def _profile(building: Building, catalogue: Catalogue) -> Profile:
    slug = monument_slug(building)
    if slug is not None:
        return _printed(
            building.owner, building.lots, monument_values(slug, catalogue=catalogue)
        )
    return Profile(
        owner=building.owner,
        lots=building.lots,
        types=(building.type,),
        citizens=building.citizens,
        silver=building.silver,
        name=building.name,
    )


def _adjacent(profiles: Sequence[Profile], index: int) -> tuple[int, ...]:
    """The buildings sharing an edge with ``profiles[index]``, each once, of any
    owner (rulebook 001, "Civic Buildings")."""
    mine = profiles[index].lots
    return tuple(
        i
        for i, other in enumerate(profiles)
        if i != index and any(a.touches(b) for a in mine for b in other.lots)
    )


def adjacency_units(per: CivicKind, neighbours: Iterable[Profile]) -> int:
    """What ``per`` counts among ``neighbours``, as a civic building counts it:
    citizens of residential ones, pairs of them (summed, rounded down), silver of
    commercial ones, civic ones, or all of them."""
    near = list(neighbours)
    if per is CivicKind.CITIZEN:
        return sum(p.citizens for p in near if p.has(_R))
    if per is CivicKind.TWO_CITIZENS:
        return sum(p.citizens for p in near if p.has(_R)) // 2
    if per is CivicKind.SILVER:
        return sum(p.silver for p in near if p.has(_C))
    if per is CivicKind.CIVIC:
        return sum(1 for p in near if p.has(_V))
    return len(near)


def _settle(printed: Sequence[Profile]) -> tuple[Profile, ...]:
    """Add each monument's adjacency part (``citizens_per``, ``silver_per``).

    It counts the neighbours' printed values, so that two such monuments side by
    side never depend on each other.
    """
    settled: list[Profile] = []
    for i, profile in enumerate(printed):
        card = profile.card
        if card is None:
            settled.append(profile)
            continue
        near = [printed[j] for j in _adjacent(printed, i)]
        footer = card.footer
        citizens, silver = profile.citizens, profile.silver
        if footer.citizens_per and card.has(_R):
            citizens += footer.citizens_per.each * adjacency_units(
                footer.citizens_per.per, near
            )
        if footer.silver_per and card.has(_C):
            silver += footer.silver_per.each * adjacency_units(
                footer.silver_per.per, near
            )
        settled.append(replace(profile, citizens=citizens, silver=silver))
    return tuple(settled)


def profiles(city: City, *, catalogue: Catalogue = CATALOGUE) -> tuple[Profile, ...]:
    """Every building of ``city`` (same order) with its types, citizens and
    silver, monuments' footers included.

    :raises UnknownMonumentError: a monument on the board that the catalogue
        does not have.
    """
    return _settle([_profile(b, catalogue) for b in city.buildings])


def check(city: City) -> tuple[Problem, ...]:
    """The monument rules ``city`` breaks, each with its JSON path: a slug that
    names no card, a monument on the board twice (rulebook 001, "Monuments
    Expansion": each is unique), more monuments than a player's 6 monument
    markers ("Monument Markers")."""
    found: list[Problem] = []
    first: dict[str, int] = {}
    owned: Counter[PlayerId] = Counter()
    for i, building in enumerate(city.buildings):
        slug = monument_slug(building)
        if slug is None:
            continue
        path = f"buildings[{i}]"
        if slug not in CATALOGUE:
            found.append(Problem(f"{path}.monument", _not_a_monument(slug, CATALOGUE)))
        elif slug in first:
            found.append(
                Problem(
                    f"{path}.monument",
                    msg(
                        "{slug} is on the board already as buildings[{index}]: "
                        "each monument is unique ({source})",
                        slug=repr(slug),
                        index=first[slug],
                        source=MONUMENTS_EXPANSION.as_message(),
                    ),
                )
            )
        else:
            first[slug] = i
        owned[building.owner] += 1
        if owned[building.owner] > MONUMENT_MARKERS_PER_PLAYER:
            found.append(
                Problem(
                    path,
                    msg(
                        "this is {player}'s monument number {count}, but a player "
                        "has only {most} monument markers ({source})",
                        player=player_name(city, building.owner),
                        count=owned[building.owner],
                        most=MONUMENT_MARKERS_PER_PLAYER,
                        source=MONUMENT_MARKERS.as_message(),
                    ),
                )
            )
    return tuple(found)


def on_board(city: City) -> dict[str, int]:
    """Each monument on the board and the index of its building."""
    found: dict[str, int] = {}
    for i, building in enumerate(city.buildings):
        slug = monument_slug(building)
        if slug is not None:
            found.setdefault(slug, i)
    return found


def pool(city: City, *, catalogue: Catalogue = CATALOGUE) -> tuple[str, ...]:
    """The monuments still to be built: every card not on the board (rulebook
    001, "Monuments Expansion": first come, first served, each unique)."""
    built = on_board(city)
    return tuple(slug for slug in catalogue if slug not in built)


def markers_left(city: City, player: PlayerId) -> int:
    """Monument markers ``player`` still has: 6 less one per monument they own
    (rulebook 001, "Monument Markers")."""
    owned = sum(1 for b in city.buildings if b.owner == player and monument_slug(b))
    return max(0, MONUMENT_MARKERS_PER_PLAYER - owned)


def coins_known(city: City) -> bool:
    """Whether the table file records coins (then a player left out has 0)."""
    return bool(city.coins)


def _measure(
    city: City, board: Sequence[Profile], player: PlayerId, measure: Measure
) -> int | None:
    own = [p for p in board if p.owner == player]
    if measure is Measure.RESIDENTIAL_BUILDINGS:
        return sum(1 for p in own if p.has(_R))
    if measure is Measure.SIZE_1_BUILDINGS:
        return sum(1 for p in own if p.size == 1)
    if measure is Measure.BUILDINGS:
        return len(own)
    if measure is Measure.LOT_MARKERS:
        return len(city.markers(player))
    if measure is Measure.COINS:
        return city.coins.get(player, 0) if coins_known(city) else None
    if measure is Measure.INCOME:
        return BASE_INCOME + sum(p.silver for p in own if p.has(_C))
    if measure is Measure.LARGEST_BUILDING:
        return max((p.size for p in own), default=0)
    citizens = sum(p.citizens for p in own if p.has(_R))
    return citizens + city.population_tokens.get(player, 0)


def measure(
    city: City, player: PlayerId, what: Measure, *, catalogue: Catalogue = CATALOGUE
) -> int | None:
    """``player``'s value of ``what`` now; ``None`` for money the file does not
    record.

    :raises UnknownPlayerError: no such player.
    """
    _check_player(city, player)
    return _measure(city, profiles(city, catalogue=catalogue), player, what)


def _check_player(city: City, player: PlayerId) -> None:
    if player not in {p.id for p in city.players}:
        raise UnknownPlayerError(
            msg("{player} is not a player at this table", player=repr(player))
        )


# --------------------------------------------------------------------------
# Eligibility
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class Eligibility:
    """Whether a player may build a monument now, and why in words.

    ``eligible`` is ``None`` when it depends on coins the file does not record.
    """

    slug: str
    player: PlayerId
    eligible: bool | None
    why: Message
    source: Citation


def _name(city: City, player: PlayerId) -> MessageArg:
    """The player's name for a sentence (with the id where two share it)."""
    return display_names(city.players)[player]


def _names(city: City, players: Sequence[PlayerId]) -> Message:
    return and_list([_name(city, pid) for pid in players])


def _compare(
    city: City,
    board: Sequence[Profile],
    player: PlayerId,
    card: MonumentCard,
    req: Compare,
) -> tuple[bool | None, Message]:
    values = {p.id: _measure(city, board, p.id, req.measure) for p in city.players}
    mine = values[player]
    name, label = card.name, req.measure.label
    if mine is None:
        return None, msg(
            "{card}: unknown, because the table file records no coins and this "
            "compares every player's money",
            card=name,
        )
    others = {pid: v for pid, v in values.items() if pid != player and v is not None}
    if mine < req.minimum:
        return False, msg(
            "{card}: your {measure} is {value}; it counts from {minimum}",
            card=name,
            measure=label,
            value=mine,
            minimum=req.minimum,
        )
    tied = [pid for pid, v in others.items() if v == mine]
    if req.rank is Rank.TIED:
        if tied:
            return True, msg(
                "{card}: your {measure} {value} is tied with {names}",
                card=name,
                measure=label,
                value=mine,
                names=_names(city, tied),
            )
        listing = comma_list(
            [
                msg("{name} {value}", name=_name(city, pid), value=v)
                for pid, v in others.items()
            ]
        )
        return False, msg(
            "{card}: your {measure} {value} is tied with nobody ({others})",
            card=name,
            measure=label,
            value=mine,
            others=listing,
        )
    most = req.rank is Rank.MOST
    best = (max if most else min)(others.values())
    mine_args: dict[str, MessageArg] = {"card": name, "measure": label, "value": mine}
    if (best > mine) if most else (best < mine):
        leaders = [pid for pid, v in others.items() if v == best]
        names = _names(city, leaders)
        if most and len(leaders) == 1:
            text = msg(
                "{card}: your {measure} {value} is below {names}'s {other}",
                names=names,
                other=best,
                **mine_args,
            )
        elif most:
            text = msg(
                "{card}: your {measure} {value} is below the {other} of {names}",
                names=names,
                other=best,
                **mine_args,
            )
        elif len(leaders) == 1:
            text = msg(
                "{card}: your {measure} {value} is above {names}'s {other}",
                names=names,
                other=best,
                **mine_args,
            )
        else:
            text = msg(
                "{card}: your {measure} {value} is above the {other} of {names}",
                names=names,
                other=best,
                **mine_args,
            )
        return False, text
    if tied and most:
        text = msg(
            "{card}: your {measure} {value} is the highest, tied with {names}",
            names=_names(city, tied),
            **mine_args,
        )
    elif tied:
        text = msg(
            "{card}: your {measure} {value} is the lowest, tied with {names}",
            names=_names(city, tied),
            **mine_args,
        )
    elif most:
        text = msg("{card}: your {measure} {value} is the highest", **mine_args)
    else:
        text = msg("{card}: your {measure} {value} is the lowest", **mine_args)
    return True, text


def _owns(
    board: Sequence[Profile],
    player: PlayerId,
    card: MonumentCard,
    req: Owns,
    city: City,
) -> tuple[bool, Message]:
    edge = city.board.is_edge
    n = sum(
        1
        for p in board
        if p.owner == player
        and p.has(req.type)
        and (req.size is None or p.size == req.size)
        and (not req.on_edge or any(edge(lot) for lot in p.lots))
    )
    what = _owned_words(req, n)
    if n >= req.count:
        return True, msg(
            "{card}: you own {what} ({needed} needed)",
            card=card.name,
            what=what,
            needed=req.count,
        )
    return False, msg(
        "{card}: you own {what}; {needed} needed",
        card=card.name,
        what=what,
        needed=req.count,
    )


def _owns_every_type(
    board: Sequence[Profile], player: PlayerId, card: MonumentCard, req: OwnsEveryType
) -> tuple[bool, Message]:
    counts = [
        (t, sum(1 for p in board if p.owner == player and p.has(t))) for t in req.types
    ]
    detail = comma_list(
        [msg("{type} {n}", type=_TYPE_WORDS[t], n=n) for t, n in counts]
    )
    missing = [_TYPE_WORDS[t] for t, n in counts if n == 0]
    if missing:
        return False, nmsg(
            "{card}: you still need a {types} building ({detail})",
            "{card}: you still need a building of each of these types: {types} "
            "({detail})",
            n=len(missing),
            card=card.name,
            types=and_list(missing),
            detail=detail,
        )
    return True, msg(
        "{card}: you own a building of every type ({detail})",
        card=card.name,
        detail=detail,
    )


def _requirement(
    city: City, board: Sequence[Profile], player: PlayerId, card: MonumentCard
) -> tuple[bool | None, Message]:
    req = card.requirement
    if req is None:
        return True, msg("{card}: no condition to meet", card=card.name)
    if isinstance(req, Compare):
        return _compare(city, board, player, card, req)
    if isinstance(req, Owns):
        return _owns(board, player, card, req, city)
    return _owns_every_type(board, player, card, req)


def _bank_cost(card: MonumentCard, on_edge: bool) -> int:
    """Coins the builder must pay the bank, whatever the neighbours."""
    return -sum(
        e.coins
        for e in card.effects
        if isinstance(e, BankCoins) and e.coins < 0 and e.where.holds(on_edge)
    )


def _money_note(
    city: City, player: PlayerId, card: MonumentCard
) -> tuple[bool | None, Message | None]:
    """Whether the builder can pay the bank on some lot, and a note on where."""
    on_edge, off_edge = _bank_cost(card, True), _bank_cost(card, False)
    cheapest = min(on_edge, off_edge)
    if max(on_edge, off_edge) == 0:
        return True, None
    if not coins_known(city):
        note = msg("the table file records no coins, so whether you can pay is unknown")
        return (None if cheapest else True), note
    coins = city.coins.get(player, 0)
    if coins < cheapest:
        return False, nmsg(
            "you have {n} coin and building it costs at least {cost}",
            "you have {n} coins and building it costs at least {cost}",
            n=coins,
            cost=cheapest,
        )
    if coins < off_edge:
        return True, nmsg(
            "with {n} coin you can build it only on an edge lot",
            "with {n} coins you can build it only on an edge lot",
            n=coins,
        )
    if coins < on_edge:
        return True, nmsg(
            "with {n} coin you can build it only away from the edge",
            "with {n} coins you can build it only away from the edge",
            n=coins,
        )
    return True, None


def _eligibility(
    city: City, board: Sequence[Profile], player: PlayerId, card: MonumentCard
) -> Eligibility:
    def result(eligible: bool | None, why: Message, source: Citation) -> Eligibility:
        return Eligibility(card.slug, player, eligible, why, source)

    built = on_board(city)
    if card.slug in built:
        owner = city.buildings[built[card.slug]].owner
        return result(
            False,
            msg(
                "{card}: already built by {name}; each monument is unique",
                card=card.name,
                name=_name(city, owner),
            ),
            MONUMENTS_EXPANSION,
        )
    if markers_left(city, player) == 0:
        return result(
            False,
            msg(
                "{card}: you have no monument marker left (all {markers} are on "
                "your monuments)",
                card=card.name,
                markers=MONUMENT_MARKERS_PER_PLAYER,
            ),
            MONUMENT_MARKERS,
        )
    eligible, why = _requirement(city, board, player, card)
    if eligible is not False:
        pays, note = _money_note(city, player, card)
        if pays is not True:
            eligible = pays
        if note is not None:
            why = msg("{why}; {note}", why=why, note=note)
    if card.effects:
        why = msg(
            "{why}. When built: {effects}",
            why=why,
            effects=_semicolons([effect_words(e) for e in card.effects]),
        )
    req = card.requirement
    if isinstance(req, Compare) and req.measure in _MEASURE_SOURCES:
        return result(eligible, why, card.cited(_MEASURE_SOURCES[req.measure]))
    return result(eligible, why, card.source)


def eligibility(
    city: City, player: PlayerId, slug: str, *, catalogue: Catalogue = CATALOGUE
) -> Eligibility:
    """Whether ``player`` may build the monument ``slug`` now, and why.

    Not eligible: the monument is on the board already (rulebook 001, "Monuments
    Expansion"), the player has no monument marker left ("Monument Markers"),
    the card's requirement is not met (rulebook 000, "Alternate Monuments"), or
    the player cannot pay the bank on any lot. Money the file does not record
    makes a comparison of money, or a cost on every lot, unknown (``None``).

    :raises UnknownMonumentError: no such card.
    :raises UnknownPlayerError: no such player.
    """
    card = monument_values(slug, catalogue=catalogue)
    _check_player(city, player)
    return _eligibility(city, profiles(city, catalogue=catalogue), player, card)


def eligibilities(
    city: City,
    *,
    player: PlayerId | None = None,
    catalogue: Catalogue = CATALOGUE,
) -> dict[PlayerId, dict[str, Eligibility]]:
    """:func:`eligibility` of every player (or one) for every monument still in
    the pool, in seating and catalogue order.

    :raises UnknownPlayerError: ``player`` is not at the table.
    """
    if player is not None:
        _check_player(city, player)
    board = profiles(city, catalogue=catalogue)
    ids = [p.id for p in city.players if player is None or p.id == player]
    return {
        pid: {
            slug: _eligibility(city, board, pid, catalogue[slug])
            for slug in pool(city, catalogue=catalogue)
        }
        for pid in ids
    }


# --------------------------------------------------------------------------
# Placement: building a monument on chosen lots
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class Transfer:
    """What building the monument does to one player: coins (negative: paid)
    and VP, in words."""

    player: PlayerId
    coins: int
    vp: Points
    text: Message
    source: Citation


@dataclass(frozen=True)
class Placement:
    """Building a monument on chosen lots: whether it may be done, why not, and
    what it costs or gives to whom.

    ``allowed`` is ``None`` when only coins the file does not record could stop
    it. ``replaces`` are the builder's own smaller buildings it goes over.
    """

    slug: str
    builder: PlayerId
    lots: tuple[Lot, ...]
    on_edge: bool
    allowed: bool | None
    problems: tuple[Message, ...]
    notes: tuple[Message, ...]
    transfers: tuple[Transfer, ...]
    replaces: tuple[int, ...]
    follow_up: Message | None
    eligibility: Eligibility

    def coins(self, player: PlayerId) -> int:
        """The coins ``player`` gains (negative: pays)."""
        return sum(t.coins for t in self.transfers if t.player == player)

    def vp(self, player: PlayerId) -> Points:
        """The VP ``player`` gains."""
        return sum(t.vp for t in self.transfers if t.player == player)


def _lot_problems(
    city: City,
    board: Sequence[Profile],
    builder: PlayerId,
    card: MonumentCard,
    lots: Sequence[Lot],
) -> tuple[list[Message], list[int]]:
    """What is wrong with the lots, and the builder's buildings they replace."""
    found: list[Message] = []
    seen: set[Lot] = set()
    here = city.board
    for lot in lots:
        if lot in seen:
            found.append(msg('"{lot}" is listed twice', lot=str(lot)))
        elif lot not in here:
            found.append(here.off_board_message(lot))
        seen.add(lot)
    distinct = list(dict.fromkeys(lots))
    shaped = True
    if len(distinct) != card.lots:
        shaped = False
        found.append(
            nmsg(
                "{card} covers {n} lot, not {count}",
                "{card} covers {n} lots, not {count}",
                n=card.lots,
                card=card.name,
                count=len(distinct),
            )
        )
    if distinct and len(groups(distinct)) > 1:
        shaped = False
        found.append(
            msg(
                "the lots {lots} are not orthogonally connected",
                lots=lots_words(distinct),
            )
        )
    if shaped and card.footprint and not card.footprint.matches(distinct):
        found.append(
            msg(
                "{card} covers {shape} (an unofficial shape: {source}); {lots} "
                "do not make it",
                card=card.name,
                shape=card.footprint.words,
                source=LOTS_AND_SHAPES.as_message(),
                lots=lots_words(distinct),
            )
        )
    built = {lot: i for i, p in enumerate(board) for lot in p.lots}
    mine = set(city.markers(builder))
    holders = {lot: pid for pid, ls in city.lot_markers.items() for lot in ls}
    replaced: dict[int, None] = {}
    for lot in distinct:
        if lot not in here:
            continue
        index = built.get(lot)
        if index is not None:
            other = board[index]
            if other.owner != builder:
                found.append(
                    msg(
                        '"{lot}" is taken: {name}\'s {building} stands on it',
                        lot=str(lot),
                        name=_name(city, other.owner),
                        building=other.label(),
                    )
                )
            elif other.size >= len(distinct):
                found.append(
                    nmsg(
                        '"{lot}" is under your {building} of {n} lot; a building '
                        "replaces only smaller ones ({source})",
                        '"{lot}" is under your {building} of {n} lots; a building '
                        "replaces only smaller ones ({source})",
                        n=other.size,
                        lot=str(lot),
                        building=other.label(),
                        source=BUILDING_OVER.as_message(),
                    )
                )
            else:
                replaced[index] = None
        elif lot in mine:
            continue
        elif lot in holders:
            found.append(
                msg(
                    '"{lot}" is taken: it is {name}\'s lot',
                    lot=str(lot),
                    name=_name(city, holders[lot]),
                )
            )
        else:
            found.append(
                msg(
                    'you do not own "{lot}": a building goes only on your own lots '
                    "({source})",
                    lot=str(lot),
                    source=CONSTRUCT.as_message(),
                )
            )
    return found, list(replaced)


def _recipients(
    city: City, after: Sequence[Profile], builder: PlayerId, to: Recipients
) -> list[PlayerId]:
    new = len(after) - 1
    near = _adjacent(after, new) if to.adjacent else range(new)
    owners = {after[i].owner for i in near if after[i].has(to.type)}
    return [
        p.id for p in city.players if p.id in owners and (to.builder or p.id != builder)
    ]


def _transfers(
    city: City,
    after: Sequence[Profile],
    builder: PlayerId,
    card: MonumentCard,
    on_edge: bool,
) -> tuple[list[Transfer], Message | None]:
    found: list[Transfer] = []
    follow_up: Message | None = None
    source = card.source
    builder_name = _name(city, builder)
    new = len(after) - 1
    for effect in card.effects:
        if not effect.where.holds(on_edge):
            continue
        if isinstance(effect, BankCoins):
            text = (
                nmsg(
                    "{card}: {name} gains {n} coin from the bank",
                    "{card}: {name} gains {n} coins from the bank",
                    n=effect.coins,
                    card=card.name,
                    name=builder_name,
                )
                if effect.coins >= 0
                else nmsg(
                    "{card}: {name} pays {n} coin to the bank",
                    "{card}: {name} pays {n} coins to the bank",
                    n=-effect.coins,
                    card=card.name,
                    name=builder_name,
                )
            )
            found.append(Transfer(builder, effect.coins, 0, text, source))
        elif isinstance(effect, CoinsPerAdjacent):
            count = sum(
                1
                for i in _adjacent(after, new)
                if after[i].owner != builder and after[i].has(effect.type)
            )
            found.append(
                Transfer(
                    builder,
                    count * effect.coins,
                    0,
                    nmsg(
                        "{card}: {name} gains {n} coin from the bank for "
                        "{count} adjacent {buildings} of opponents",
                        "{card}: {name} gains {n} coins from the bank for "
                        "{count} adjacent {buildings} of opponents",
                        n=count * effect.coins,
                        card=card.name,
                        name=builder_name,
                        count=count,
                        buildings=_buildings_words(effect.type, count),
                    ),
                    source,
                )
            )
        elif isinstance(effect, PayPlayers):
            for pid in _recipients(city, after, builder, effect.to):
                text = nmsg(
                    "{card}: {name} pays {n} coin to {other} ({who})",
                    "{card}: {name} pays {n} coins to {other} ({who})",
                    n=effect.coins,
                    card=card.name,
                    name=builder_name,
                    other=_name(city, pid),
                    who=_who_words(effect.to),
                )
                found.append(Transfer(builder, -effect.coins, 0, text, source))
                found.append(Transfer(pid, effect.coins, 0, text, source))
        elif isinstance(effect, GiveVP):
            for pid in _recipients(city, after, builder, effect.to):
                found.append(
                    Transfer(
                        pid,
                        0,
                        effect.vp,
                        msg(
                            "{card}: {name} gains {vp} VP ({who})",
                            card=card.name,
                            name=_name(city, pid),
                            vp=effect.vp,
                            who=_who_words(effect.to),
                        ),
                        source,
                    )
                )
        else:
            follow_up = msg(
                "{card}: {name} may take one more build action at once",
                card=card.name,
                name=builder_name,
            )
    return found, follow_up


def placement(
    city: City,
    builder: PlayerId,
    slug: str,
    lots: Sequence[Lot],
    *,
    catalogue: Catalogue = CATALOGUE,
) -> Placement:
    """What building the monument ``slug`` on ``lots`` would do, and whether
    ``builder`` may.

    Refused (``allowed`` false, each reason in ``problems``): not eligible (see
    :func:`eligibility`); lots repeated, off the board, not the card's count or
    shape, not connected; a lot the builder does not own or that holds a
    building of theirs as large or larger (rulebook 001, "Action 3: Construct a
    Building", "Building Over"); coins the file records that do not cover the
    cost. Effects (rulebook 000, "Alternate Monuments") are worked out on the
    board after the build, whatever is refused, so that they can be shown.
    ``city`` is unchanged.

    :raises UnknownMonumentError: no such card.
    :raises UnknownPlayerError: no such player.
    """
    card = monument_values(slug, catalogue=catalogue)
    _check_player(city, builder)
    board = profiles(city, catalogue=catalogue)
    lots = tuple(lots)
    elig = _eligibility(city, board, builder, card)
    problems: list[Message] = []
    notes: list[Message] = []
    if elig.eligible is False:
        problems.append(elig.why)
    lot_problems, replaced = _lot_problems(city, board, builder, card, lots)
    problems.extend(lot_problems)
    placed = [lot for lot in dict.fromkeys(lots) if lot in city.board]
    on_edge = any(city.board.is_edge(lot) for lot in placed)
    # Settled from the printed values again: ``board`` already holds the
    # adjacency parts, which settling it twice would add twice.
    printed = [_profile(b, catalogue) for b in city.buildings]
    kept = [p for i, p in enumerate(printed) if i not in replaced]
    after = _settle([*kept, _printed(builder, placed, card)])
    transfers, follow_up = _transfers(city, after, builder, card, on_edge)
    cost = -sum(t.coins for t in transfers if t.player == builder and t.coins < 0)
    unknown = elig.eligible is None
    if cost and coins_known(city):
        have = city.coins.get(builder, 0)
        if have < cost:
            problems.append(
                nmsg(
                    "you have {n} coin; building it here costs {cost}",
                    "you have {n} coins; building it here costs {cost}",
                    n=have,
                    cost=cost,
                )
            )
    elif cost:
        unknown = True
        notes.append(
            msg(
                "the table file records no coins, so whether you can pay {cost} "
                "is unknown",
                cost=cost,
            )
        )
    allowed: bool | None = False if problems else (None if unknown else True)
    return Placement(
        slug=slug,
        builder=builder,
        lots=lots,
        on_edge=on_edge,
        allowed=allowed,
        problems=tuple(problems),
        notes=tuple(notes),
        transfers=tuple(transfers),
        replaces=tuple(replaced),
        follow_up=follow_up,
        eligibility=elig,
    )


def build_monument(
    city: City,
    builder: PlayerId,
    slug: str,
    lots: Sequence[Lot],
    *,
    catalogue: Catalogue = CATALOGUE,
) -> City:
    """The city after ``builder`` builds the monument ``slug`` on ``lots``, as
    :func:`placement` allows and prices it.

    The builder's smaller buildings it covers go back to their tray, and the
    lots of theirs it leaves uncovered keep a lot marker (rulebook 001,
    "Building Over"); the lot markers under it return. Coins change as the
    effects say when the file records coins; VP gained go to ``score_before``
    (the VP track before this era's scoring). ``city`` is unchanged.

    :raises IllegalMonumentError: the placement is refused (every reason in
        the message), or the builder would need more than 8 lot markers.
    :raises UnknownMonumentError: no such card.
    :raises UnknownPlayerError: no such player.
    """
    place = placement(city, builder, slug, lots, catalogue=catalogue)
    if place.allowed is False:
        raise IllegalMonumentError(_semicolons(list(place.problems)))
    covered = set(place.lots)
    markers = [lot for lot in city.markers(builder) if lot not in covered]
    for index in place.replaces:
        markers.extend(lot for lot in city.buildings[index].lots if lot not in covered)
    if len(markers) > LOT_MARKERS_PER_PLAYER:
        raise IllegalMonumentError(
            nmsg(
                "{player} would need {n} lot marker to keep the lots left "
                "uncovered, but has only {limit} ({source})",
                "{player} would need {n} lot markers to keep the lots left "
                "uncovered, but has only {limit} ({source})",
                n=len(markers),
                player=_name(city, builder),
                limit=LOT_MARKERS_PER_PLAYER,
                source=LOT_MARKERS.as_message(),
            )
        )
    ids = [p.id for p in city.players]
    kept = tuple(b for i, b in enumerate(city.buildings) if i not in place.replaces)
    coins = city.coins
    if coins_known(city):
        coins = {pid: city.coins.get(pid, 0) + place.coins(pid) for pid in ids}
    return replace(
        city,
        buildings=(*kept, Building(builder, place.lots, Monument(slug))),
        lot_markers={**city.lot_markers, builder: tuple(markers)},
        coins=coins,
        score_before={
            pid: city.score_before.get(pid, 0) + place.vp(pid) for pid in ids
        },
    )


# --------------------------------------------------------------------------
# Scoring hooks (rulebook 001, "End of Era Scoring"; the card's footer)
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class MonumentScore:
    """What one monument on the board scores at an era scoring.

    ``citizens`` join its owner's population (residential); ``silver`` is
    collected as coins in eras 1 and 2 (``coins`` lines) and scored as VP in
    era 3 (a ``commercial`` line); ``civic`` lines are VP by adjacency, or a
    civic card's flat VP; ``commercial`` lines are a commercial card's VP.
    """

    index: int
    card: MonumentCard
    owner: PlayerId
    citizens: int
    silver: int
    civic: tuple[Line, ...]
    commercial: tuple[Line, ...]
    coins: tuple[Line, ...]


def _adjacency_line(
    label: Message, per: PerAdjacent, near: Sequence[Profile], source: Citation
) -> Line:
    units = adjacency_units(per.per, near)
    points = units * per.each
    kind = per.per
    text: Message
    if kind is CivicKind.CITIZEN:
        text = nmsg(
            "{label}: {n} citizen on adjacent residential buildings x {each} VP",
            "{label}: {n} citizens on adjacent residential buildings x {each} VP",
            n=units,
            label=label,
            each=per.each,
        )
    elif kind is CivicKind.TWO_CITIZENS:
        citizens = adjacency_units(CivicKind.CITIZEN, near)
        text = nmsg(
            "{label}: {citizens} citizens on adjacent residential buildings make "
            "{n} pair x {each} VP",
            "{label}: {citizens} citizens on adjacent residential buildings make "
            "{n} pairs x {each} VP",
            n=units,
            label=label,
            citizens=citizens,
            each=per.each,
        )
    elif kind is CivicKind.SILVER:
        text = msg(
            "{label}: {n} silver on adjacent commercial buildings x {each} VP",
            n=units,
            label=label,
            each=per.each,
        )
    elif kind is CivicKind.CIVIC:
        text = nmsg(
            "{label}: {n} adjacent civic building x {each} VP",
            "{label}: {n} adjacent civic buildings x {each} VP",
            n=units,
            label=label,
            each=per.each,
        )
    else:
        text = nmsg(
            "{label}: {n} adjacent building x {each} VP",
            "{label}: {n} adjacent buildings x {each} VP",
            n=units,
            label=label,
            each=per.each,
        )
    return Line(points, text, source)


def _score(board: Sequence[Profile], index: int, era: int) -> MonumentScore:
    profile = board[index]
    card = profile.card
    if card is None:
        raise TypeError("not a monument")
    label = profile.label()
    footer = card.footer
    near = [board[i] for i in _adjacent(board, index)]
    civic: list[Line] = []
    commercial: list[Line] = []
    coins: list[Line] = []
    if footer.civic and card.has(_V):
        civic.append(
            _adjacency_line(label, footer.civic, near, card.cited(CIVIC_SCORING))
        )
    if footer.vp:
        flat = msg("{label}: {vp} VP", label=label, vp=footer.vp)
        if card.has(_C):
            commercial.append(Line(footer.vp, flat, card.cited(COMMERCIAL_SCORING)))
        else:
            civic.append(Line(footer.vp, flat, card.cited(CIVIC_SCORING)))
    silver = profile.silver
    if silver:
        extra = silver - footer.silver
        what = (
            msg(
                "{silver} silver ({printed} printed + {extra} for adjacent buildings)",
                silver=silver,
                printed=footer.silver,
                extra=extra,
            )
            if extra
            else msg("{silver} silver", silver=silver)
        )
        if era == 3:
            commercial.append(
                Line(
                    silver,
                    msg(
                        "{label}: {what} scored as {vp} VP in the final era",
                        label=label,
                        what=what,
                        vp=silver,
                    ),
                    card.cited(END_OF_GAME),
                )
            )
        else:
            coins.append(
                Line(
                    silver,
                    msg("{label}: {what} collected as coins", label=label, what=what),
                    card.cited(COMMERCIAL_SCORING),
                )
            )
    return MonumentScore(
        index=index,
        card=card,
        owner=profile.owner,
        citizens=profile.citizens,
        silver=silver,
        civic=tuple(civic),
        commercial=tuple(commercial),
        coins=tuple(coins),
    )


def monument_score(
    city: City,
    index: int,
    *,
    catalogue: Catalogue = CATALOGUE,
    board: Sequence[Profile] | None = None,
) -> MonumentScore:
    """What the monument ``city.buildings[index]`` scores at the end of
    ``city.era``: its footer by its type(s), as ordinary buildings score
    (rulebook 001, "End of Era Scoring"; rulebook 000, the card).

    :param board: ``profiles(city, catalogue=catalogue)``, when the caller has
        it already (the era scoring scores every building from it).
    :raises ValueError: that building is not a monument.
    :raises UnknownMonumentError: a monument the catalogue does not have.
    """
    if monument_slug(city.buildings[index]) is None:
        raise ValueError(f"buildings[{index}] is not a monument")
    if board is None:
        board = profiles(city, catalogue=catalogue)
    return _score(board, index, city.era)


def monument_scores(
    city: City, *, catalogue: Catalogue = CATALOGUE
) -> tuple[MonumentScore, ...]:
    """:func:`monument_score` of every monument on the board, in board order."""
    board = profiles(city, catalogue=catalogue)
    return tuple(
        _score(board, i, city.era) for i, p in enumerate(board) if p.card is not None
    )


# --------------------------------------------------------------------------
# The ``companion monuments`` command's JSON
# --------------------------------------------------------------------------


def placement_json(place: Placement, city: City) -> dict[str, object]:
    """The keys a placement adds to a monument's entry (English)."""
    ids = [p.id for p in city.players]
    return {
        "allowed": place.allowed,
        "problems": [str(p) for p in place.problems],
        "notes": [str(n) for n in place.notes],
        "coins": {pid: place.coins(pid) for pid in ids},
        "vp": {pid: place.vp(pid) for pid in ids},
        "effects": [
            {
                "player": t.player,
                "coins": t.coins,
                "vp": t.vp,
                "text": str(t.text),
                "source": str(t.source),
            }
            for t in place.transfers
        ],
        "follow_up": None if place.follow_up is None else str(place.follow_up),
        "replaces": list(place.replaces),
    }


def monuments_json(
    city: City,
    *,
    player: PlayerId | None = None,
    at: Sequence[Lot] | None = None,
    catalogue: Catalogue = CATALOGUE,
) -> dict[str, object]:
    """What ``companion monuments`` prints (spec: "The command"): for each player
    (or ``player``), each monument still in the pool with ``eligible`` (true or
    false, as the spec says: false while it depends on coins the file does not
    record, and then ``known`` is false and ``why`` says so), ``why`` and
    ``source``; with ``at``, also what building it on those lots would cost or
    give to each player.

    :raises UnknownPlayerError: ``player`` is not at the table.
    """
    table = eligibilities(city, player=player, catalogue=catalogue)
    players: dict[str, object] = {}
    for pid, cards in table.items():
        entries: dict[str, object] = {}
        for slug, elig in cards.items():
            entry: dict[str, object] = {
                "eligible": elig.eligible is True,
                "known": elig.eligible is not None,
                "why": str(elig.why),
                "source": str(elig.source),
            }
            if at is not None:
                place = placement(city, pid, slug, at, catalogue=catalogue)
                entry.update(placement_json(place, city))
            entries[slug] = entry
        players[pid] = entries
    out: dict[str, object] = {
        "game": "foundations-of-rome",
        "on_board": {
            slug: city.buildings[i].owner for slug, i in on_board(city).items()
        },
        "players": players,
    }
    if at is not None:
        out["at"] = {
            "lots": [str(lot) for lot in at],
            "edge": any(city.board.is_edge(lot) for lot in at),
        }
    return out
