"""Monuments: the cards as printed, in words and as one table plays them.

The alternate monuments of rulebook 000 and the Monuments expansion (rulebook
001, "Special Rules & Edge Cases - Monuments Expansion"), with the catalogue of
``../shared/game-data.md`` 1.5: what each card asks for, does when built and
scores, its footprint, its text, and a table's overrides of printed values.
The rules that read them are in :mod:`.monuments`.

Pure: the standard library only; functions take values and return new ones.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from types import MappingProxyType
from typing import Final, TypeAlias

from ..base import (
    Citation,
    Message,
    Node,
    Points,
    RuleError,
    and_list,
    comma_list,
    msg,
    nmsg,
)
from .city import (
    MONUMENT_MAX_LOTS,
    RESIDENTIAL_SCORING,
    BuildingType,
    CivicKind,
)
from .lots import (
    Lot,
)

TAKE_INCOME: Final = Citation("001", "Action 1: Take Income")
LOTS_AND_SHAPES: Final = Citation("game-data.md", "1.5 Monuments catalogue [U]")
"""Where the lot counts and shapes come from: one unofficial source."""

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
            "each adjacent building; the one unofficial list of the cards "
            "gives 1 silver instead of 10, so check the printed card."
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
