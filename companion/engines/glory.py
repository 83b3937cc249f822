"""Glory to Rome: final scoring with merchant bonuses, places and the end of the game.

Rulebooks 003 (Sit Gloria Romae, Italian) and 004 (罗马荣光, Chinese); card data
from ../shared/game-data.md section 3 where the rulebooks say nothing (the card
list, Statue and Wall points). Pure: :func:`read` reads the table file part
(spec: "Glory to Rome") into a :class:`ScoreSheet` and :func:`write` writes it
back, :func:`score` scores it and
explains every point, bonus and tie-break; ``ENGINE`` is what the registry uses.
The terms in three languages are in :mod:`.glory_terms`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from types import MappingProxyType
from typing import Final, TypeAlias

from . import base
from . import progress as history
from .base import (
    Citation,
    Engine,
    Message,
    Node,
    Player,
    PlayerId,
    Points,
    Problem,
    RuleError,
    TableFileError,
    and_list,
    child_path,
    comma_list,
    for_player,
    msg,
    nmsg,
    not_a_player,
    ordinal,
    per_player,
)

GAME = "glory-to-rome"
"""The ``game`` value of a Glory to Rome table file."""

_GAME_DATA = "game-data.md"
"""The component data in ../shared, cited where the rulebooks give no number."""

SRC_SCORING = Citation(
    "003", "Fine partita e punteggio", 9, also=(Citation("004", "计分和胜利条件"),)
)
SRC_TIE = SRC_SCORING
"""The tie-break (most cards in hand) is in the scoring sections themselves."""
SRC_MERCHANT = Citation("003", "Mercante", 8, also=(Citation("004", "5、出售建材"),))
SRC_INFLUENCE = Citation(
    "003", "Struttura completata", 7, also=(Citation("004", "3.3-3.4 完成建筑"),)
)
SRC_START_INFLUENCE = Citation(
    _GAME_DATA, "3.4", also=(Citation("004", "1、雇佣雇员"),)
)
"""Rulebook 004, 1、雇佣雇员 breaks off before the number; game-data.md gives it."""
SRC_BUILDING_POINTS = Citation(
    "003",
    "Fine partita e punteggio",
    9,
    also=(
        Citation("003", "Muro", 16),
        Citation("004", "计分和胜利条件"),
        Citation(_GAME_DATA, "3.3"),
    ),
)
"""Points of completed buildings: 003 p.9 and its Wall example p.16, 004, and the
card texts (game-data.md 3.3)."""
SRC_SAME_NAME = Citation(
    "003", "Fondazione", 6, also=(Citation("004", "3.1 放置地基"),)
)
SRC_DECK = Citation("004", "游戏配件", also=(Citation(_GAME_DATA, "3.2-3.3"),))
"""144 order cards, 36 sites, 6 Jacks (004); the card list (game-data.md)."""
SRC_SETUP = Citation("004", "游戏准备")
SRC_VAULT_LIMIT = replace(
    SRC_MERCHANT, also=(*SRC_MERCHANT.also, Citation(_GAME_DATA, "3.4"))
)
"""The vault limit (003, 004) and the Market's +2 (game-data.md 3.4)."""
SRC_CLIENTELE_LIMIT = Citation(
    "004", "1、雇佣雇员", also=(Citation(_GAME_DATA, "3.4"),)
)
"""The clientele limit (004) and the Insula and Aqueduct (game-data.md 3.4)."""
SRC_END = Citation("003", "Fine partita", 9, also=(Citation("004", "游戏结束"),))
SRC_INSTANT_WIN = Citation("004", "计分和胜利条件")
"""A Forum victory or a surrender: no scores are counted."""
SRC_INFLUENCE_SCORED = replace(SRC_INFLUENCE, also=(*SRC_INFLUENCE.also, SRC_SCORING))
SRC_CARD_TEXT = Citation(_GAME_DATA, "3.3")
"""A card's function as printed (the Gate, the Stairway, the Prison): the
rulebooks print no card texts (spec: "Glory to Rome")."""
GATE = "Gate"
STAIRWAY = "Stairway"
"""Influence from sites (003 p.7, 004) scored 1 point each (003 p.9, 004)."""


class Material(Enum):
    """A material: its cards' value is the influence of its sites and the points
    of its cards in the vault (003 p.7-9; values from game-data.md 3.2)."""

    RUBBLE = "rubble"
    """Value 1; Laborer; 6 copies of each card."""
    WOOD = "wood"
    """Value 1; Craftsman; 6 copies of each card."""
    BRICK = "brick"
    """Value 2; Legionary; 3 copies of each card."""
    CONCRETE = "concrete"
    """Value 2; Architect; 3 copies of each card."""
    STONE = "stone"
    """Value 3; Merchant; 3 copies of each card."""
    MARBLE = "marble"
    """Value 3; Patron; 3 copies of each card."""

    @property
    def points(self) -> Points:
        """The card value: influence of a site, points of a vault card."""
        return _VALUES[self]

    @property
    def copies(self) -> int:
        """Copies of each order card of this material: 6 for value 1, else 3."""
        return 6 if self.points == 1 else 3

    @property
    def words(self) -> Message:
        """The material's name for a player: ``wood``."""
        return _MATERIAL_WORDS[self]

    def cards(self, n: int) -> Message:
        """``1 wood card``, ``3 stone cards``."""
        return nmsg(
            "{n} {material} card", "{n} {material} cards", n=n, material=self.words
        )


_VALUES: Mapping[Material, Points] = MappingProxyType(
    {
        Material.RUBBLE: 1,
        Material.WOOD: 1,
        Material.BRICK: 2,
        Material.CONCRETE: 2,
        Material.STONE: 3,
        Material.MARBLE: 3,
    }
)
_MATERIAL_WORDS: Mapping[Material, Message] = MappingProxyType(
    {
        Material.RUBBLE: msg("rubble"),
        Material.WOOD: msg("wood"),
        Material.BRICK: msg("brick"),
        Material.CONCRETE: msg("concrete"),
        Material.STONE: msg("stone"),
        Material.MARBLE: msg("marble"),
    }
)
MATERIAL_NAMES: tuple[str, ...] = tuple(m.value for m in Material)


class Edition(Enum):
    """Which deck a card belongs to (game-data.md 3.1, 3.3)."""

    BOTH = "both"
    """In every deck."""
    IMPERIUM = "imperium"
    """Imperium (2nd edition) only; Republic mode swaps it out."""
    REPUBLIC = "republic"
    """Republic mode (Black Box) only."""


@dataclass(frozen=True)
class OrderCard:
    """An order card: a building when laid as a foundation (game-data.md 3.3)."""

    name: str
    material: Material
    edition: Edition = Edition.BOTH

    @property
    def copies(self) -> int:
        return self.material.copies


def _cards(material: Material, *names: str) -> tuple[OrderCard, ...]:
    cards = []
    for name in names:
        edition = Edition.BOTH
        if name.endswith(("/I", "/R")):
            name, mark = name.split("/")
            edition = Edition.IMPERIUM if mark == "I" else Edition.REPUBLIC
        cards.append(OrderCard(name, material, edition))
    return tuple(cards)


ORDER_CARDS: tuple[OrderCard, ...] = (
    *_cards(Material.RUBBLE, "Bar", "Insula", "Latrine", "Road"),
    *_cards(Material.WOOD, "Circus/I", "Crane/R", "Dock", "Market", "Palisade"),
    *_cards(
        Material.BRICK,
        *("Academy", "Archway", "Atrium", "Bath", "Foundry", "Gate", "School"),
        "Shrine",
    ),
    *_cards(
        Material.CONCRETE,
        *("Amphitheatre", "Aqueduct", "Bridge", "Senate/I", "Storeroom", "Tower"),
        *("Tribunal/R", "Vomitorium", "Wall"),
    ),
    *_cards(
        Material.STONE,
        *("Catacomb", "Circus Maximus", "Coliseum/I", "Domus Aurea/R", "Garden"),
        *("Prison", "Scriptorium", "Sewer", "Villa"),
    ),
    *_cards(
        Material.MARBLE,
        *("Basilica", "Forum/I", "Forum Romanum/R", "Fountain", "Ludus Magna"),
        *("Palace", "Stairway", "Statue", "Temple"),
    ),
)
"""The 44 order card types of Imperium and Republic; either deck has 40 of them,
144 cards (game-data.md 3.3)."""

CARDS: Mapping[str, OrderCard] = MappingProxyType({c.name: c for c in ORDER_CARDS})
"""The order cards by name, exactly as printed (names are case-sensitive)."""

ALIASES: Mapping[str, str] = MappingProxyType(
    {"Colosseum": "Coliseum", "Ludus Magnus": "Ludus Magna"}
)
"""Other spellings in print (game-data.md 3.3), and the name the engine uses."""

STATUE = "Statue"
WALL = "Wall"
STATUE_POINTS: Points = 3
"""A completed Statue is worth 3 points (card text, game-data.md 3.3)."""
WALL_MATERIALS_PER_POINT = 2
"""A completed Wall is worth 1 point per 2 materials in the stockpile (card text)."""


def find_card(name: str) -> OrderCard | None:
    """The card with this printed name or known other spelling, else ``None``."""
    return CARDS.get(ALIASES.get(name, name))


STARTING_INFLUENCE: Points = 2
"""Every player starts with 2 influence; a site adds its value (spec; cloaca,
game-data.md 3.4: rulebook 004 breaks off before the number)."""
STARTING_HAND = 5
"""4 order cards and 1 Jack dealt to each player (004, 游戏准备)."""
ORDER_CARDS_TOTAL = 144
"""Order cards in the deck (004, 游戏配件)."""
JACKS = 6
"""Jacks in the game (004, 游戏配件)."""
SITES_PER_MATERIAL = 6
"""36 sites, 6 of each material (004, 游戏配件)."""
MERCHANT_BONUS_POINTS: Points = 3
"""Each merchant bonus is worth 3 points (003 p.8; 004, 5、出售建材)."""


def orders_of(material: Material) -> int:
    """Order cards of ``material`` in either deck: 24 for every material."""
    return sum(
        c.copies
        for c in ORDER_CARDS
        if c.material is material and c.edition is not Edition.REPUBLIC
    )


MAX_SITE_INFLUENCE: Points = sum(SITES_PER_MATERIAL * m.points for m in Material)
"""The influence all 36 sites give together: 72."""


# --- the sheet ---------------------------------------------------------------------


class CampError(RuleError):
    """A camp built by hand with values no table can show."""


@dataclass(frozen=True)
class Camp:
    """One player's camp at the end of the game (spec: "Glory to Rome").

    ``vault`` holds every material (0 when absent); ``buildings`` the completed
    buildings that matter for scoring, by their printed name; ``sites`` the sites
    under completed buildings when the file gives them instead of ``influence``.

    :raises CampError: an unknown building or material, a negative count,
        influence below 2, or influence that does not match ``sites``.
    """

    player: Player
    influence: Points
    vault: Mapping[Material, int]
    buildings: tuple[str, ...] = ()
    stockpile: int = 0
    hand: int = 0
    sites: tuple[Material, ...] | None = None
    incomplete: tuple[str, ...] = ()
    """Buildings started (foundation laid) and not completed."""
    public: tuple[str, ...] = ()
    """Completed buildings of this camp an opponent's Stairway made public."""

    def __post_init__(self) -> None:
        vault = dict.fromkeys(Material, 0)
        for material, n in self.vault.items():
            if not isinstance(material, Material):
                raise CampError(
                    msg("{material} is not a material", material=repr(material))
                )
            if n < 0:
                raise CampError(
                    msg(
                        "vault {material}: {count} is negative",
                        material=material.value,
                        count=n,
                    )
                )
            vault[material] = n
        object.__setattr__(self, "vault", MappingProxyType(vault))
        names = []
        for name in self.buildings:
            card = find_card(name)
            if card is None:
                raise CampError(
                    msg("{name} is not a Glory to Rome building", name=repr(name))
                )
            names.append(card.name)
        object.__setattr__(self, "buildings", tuple(names))
        started = []
        for name in self.incomplete:
            card = find_card(name)
            if card is None:
                raise CampError(
                    msg("{name} is not a Glory to Rome building", name=repr(name))
                )
            if card.name in names:
                raise CampError(
                    msg(
                        "{name} is both completed and started; a camp has one "
                        "building of a name",
                        name=card.name,
                    )
                )
            started.append(card.name)
        object.__setattr__(self, "incomplete", tuple(started))
        public = []
        for name in self.public:
            card = find_card(name)
            if card is None or card.name not in names:
                raise CampError(
                    msg(
                        "{name} is made public but is not one of this camp's "
                        "completed buildings",
                        name=repr(name),
                    )
                )
            public.append(card.name)
        object.__setattr__(self, "public", tuple(public))
        if self.influence < STARTING_INFLUENCE:
            raise CampError(
                msg(
                    "influence {influence} is below the starting {start}",
                    influence=self.influence,
                    start=STARTING_INFLUENCE,
                )
            )
        if self.sites is not None:
            expected = influence_from_sites(self.sites)
            if self.influence != expected:
                raise CampError(
                    msg(
                        "influence {influence} does not match the sites "
                        "({start} + their values = {expected})",
                        influence=self.influence,
                        start=STARTING_INFLUENCE,
                        expected=expected,
                    )
                )
        if self.stockpile < 0 or self.hand < 0:
            raise CampError(msg("stockpile and hand cannot be negative"))

    @classmethod
    def from_sites(
        cls,
        player: Player,
        sites: Iterable[Material],
        vault: Mapping[Material, int],
        buildings: Iterable[str] = (),
        *,
        stockpile: int = 0,
        hand: int = 0,
    ) -> Camp:
        """A camp whose influence is 2 + the values of ``sites`` (003 p.7)."""
        sites = tuple(sites)
        return cls(
            player,
            influence_from_sites(sites),
            vault,
            tuple(buildings),
            stockpile,
            hand,
            sites,
        )

    @property
    def vault_cards(self) -> int:
        """Cards in the vault (a public count, 003 p.8)."""
        return sum(self.vault.values())

    @property
    def vault_points(self) -> Points:
        """The values of the vault cards (003 p.9)."""
        return sum(n * m.points for m, n in self.vault.items())

    def has(self, building: str) -> bool:
        """Whether this camp lists ``building`` as completed."""
        card = find_card(building)
        return card is not None and card.name in self.buildings


def influence_from_sites(sites: Iterable[Material]) -> Points:
    """2 to start + the value of each site of a completed building (003 p.7)."""
    return STARTING_INFLUENCE + sum(m.points for m in sites)


@dataclass(frozen=True)
class ScoreSheet:
    """Every camp, in seating order, and how the game ended when that is known
    (``ended``: ``None`` when the scores decide, as after the draw deck or the
    in-town sites ran out and nobody said which)."""

    camps: tuple[Camp, ...]
    ended: GameEnd | None = None

    def __post_init__(self) -> None:
        if not 2 <= len(self.camps) <= 5:
            raise RuleError(
                msg(
                    "Glory to Rome has 2 to 5 players, got {count}",
                    count=len(self.camps),
                )
            )
        ids = [c.player.id for c in self.camps]
        if len(set(ids)) != len(ids):
            raise RuleError(msg("a player has two camps"))
        winner = self.ended.winner if self.ended is not None else None
        if winner is not None and winner not in ids:
            raise EndOfGameError(not_a_player(winner))

    @property
    def players(self) -> tuple[Player, ...]:
        return tuple(c.player for c in self.camps)


# --- what is active for a player ----------------------------------------------------


class ActiveBy(Enum):
    """Why a building's function is active for a player (spec: "Glory to Rome";
    the same rulings as cloaca's ``_active_buildings``, mhmurray/cloaca,
    ``cloaca/game.py``)."""

    OWN = "own"
    """One of their completed buildings."""
    PUBLIC = "public"
    """A building an opponent's Stairway made public: active for every player."""
    GATE = "gate"
    """One of their incomplete marble buildings, while a Gate is active for
    them (the Gate's card: incomplete marble structures already work)."""


@dataclass(frozen=True)
class Active:
    """A building whose function is active for a player, and why."""

    name: str
    by: ActiveBy
    owner: PlayerId
    """The camp the building is in."""
    stairway: PlayerId | None = None
    """Whose Stairway made it public (:attr:`ActiveBy.PUBLIC`)."""
    gate: PlayerId | None = None
    """Whose Gate wakes it (:attr:`ActiveBy.GATE`): theirs, or a public one's
    owner."""


Public: TypeAlias = Mapping[PlayerId, tuple[str, ...]]
"""The buildings that are public indeed, by the camp they are in."""


def _gate_owner(camp: Camp, public: Public) -> PlayerId | None:
    """Whose Gate is active for ``camp``: its own completed one, else a public
    one (its camp's owner), else ``None``."""
    if GATE in camp.buildings:
        return camp.player.id
    return next((pid for pid, names in public.items() if GATE in names), None)


def _stairway_active(camp: Camp, public: Public) -> bool:
    """A Stairway active in ``camp``: completed, or started under its active Gate
    (a marble building, so the Gate wakes it)."""
    if STAIRWAY in camp.buildings:
        return True
    return STAIRWAY in camp.incomplete and _gate_owner(camp, public) is not None


def public_buildings(sheet: ScoreSheet) -> dict[PlayerId, tuple[str, ...]]:
    """The public buildings that are public indeed, by camp: a camp's ``public``
    counts when a Stairway is active in another camp. A Stairway started under
    a Gate made public elsewhere counts too, so this is found step by step
    until nothing more turns public."""
    public: dict[PlayerId, tuple[str, ...]] = {}
    changed = True
    while changed:
        changed = False
        for camp in sheet.camps:
            pid = camp.player.id
            if not camp.public or pid in public:
                continue
            if any(
                _stairway_active(other, public)
                for other in sheet.camps
                if other.player.id != pid
            ):
                public[pid] = camp.public
                changed = True
    return public


def made_public_by(sheet: ScoreSheet, camp: Camp) -> PlayerId | None:
    """Whose Stairway makes ``camp``'s public buildings public (the first in
    seating order), or ``None`` when no other camp has an active one."""
    return _stairway_owner(sheet, camp.player.id, public_buildings(sheet))


def _stairway_owner(
    sheet: ScoreSheet, owner: PlayerId, public: Public
) -> PlayerId | None:
    """:func:`made_public_by` with the public buildings already found."""
    if owner not in public:
        return None
    return next(
        other.player.id
        for other in sheet.camps
        if other.player.id != owner and _stairway_active(other, public)
    )


def active_buildings(sheet: ScoreSheet, camp: Camp) -> dict[str, Active]:
    """The buildings whose function is active for ``camp``'s player, by name,
    each once however many ways it is active: their completed buildings, every
    public building, and their incomplete marble buildings while a Gate is
    active for them (spec: "Glory to Rome")."""
    public = public_buildings(sheet)
    active: dict[str, Active] = {}
    pid = camp.player.id
    for name in camp.buildings:
        active[name] = Active(name, ActiveBy.OWN, pid)
    for owner, names in public.items():
        by = _stairway_owner(sheet, owner, public)
        for name in names:
            active.setdefault(name, Active(name, ActiveBy.PUBLIC, owner, stairway=by))
    gate = _gate_owner(camp, public)
    if gate is not None:
        for name in camp.incomplete:
            if CARDS[name].material is Material.MARBLE:
                active.setdefault(name, Active(name, ActiveBy.GATE, pid, gate=gate))
    return active


# --- reading the table file --------------------------------------------------------


def _read_vault(node: Node) -> dict[Material, int]:
    vault: dict[Material, int] = {}
    for key, child in node.mapping().items():
        if key not in MATERIAL_NAMES:
            raise child.fail(
                msg(
                    "{key} is not a material (the materials: {materials})",
                    key=repr(key),
                    materials=comma_list(MATERIAL_NAMES),
                )
            )
        material = Material(key)
        vault[material] = child.int(min=0, max=orders_of(material))
    return vault


def _read_buildings(node: Node) -> tuple[str, ...]:
    names: list[str] = []
    for item in node.list():
        name = item.str(min_len=1)
        card = find_card(name)
        if card is None:
            hint = next(
                (n for n in (*CARDS, *ALIASES) if n.casefold() == name.casefold()),
                None,
            )
            raise item.fail(
                msg(
                    "{name} is not a Glory to Rome building; did you mean {hint}? "
                    "(names are case-sensitive, as printed on the cards)",
                    name=repr(name),
                    hint=repr(hint),
                )
                if hint
                else msg(
                    "{name} is not a Glory to Rome building "
                    "(names are case-sensitive, as printed on the cards)",
                    name=repr(name),
                )
            )
        if card.name in names:
            raise item.fail(
                msg(
                    "{name} is listed twice; a player cannot have two buildings "
                    "of the same name ({source})",
                    name=card.name,
                    source=SRC_SAME_NAME.as_message(),
                )
            )
        names.append(card.name)
    return tuple(names)


def _read_camp(node: Node, player: Player) -> Camp:
    fields = node.object(
        required=("vault", "buildings", "stockpile", "hand"),
        optional=("influence", "sites", "incomplete", "public"),
    )
    sites: tuple[Material, ...] | None = None
    if "influence" in fields and "sites" in fields:
        raise fields["sites"].fail(
            msg(
                "give either influence or sites, not both (influence is 2 + the "
                "values of the sites)"
            )
        )
    if "sites" in fields:
        sites = tuple(
            Material(item.choice(MATERIAL_NAMES))
            for item in fields["sites"].list(max_len=SITES_PER_MATERIAL * len(Material))
        )
        influence = influence_from_sites(sites)
    elif "influence" in fields:
        node_influence = fields["influence"]
        influence = node_influence.int()
        if influence < STARTING_INFLUENCE:
            raise node_influence.fail(
                msg(
                    "{influence} is below 2: influence starts at 2 and sites only "
                    "add to it ({source})",
                    influence=influence,
                    source=SRC_START_INFLUENCE.as_message(),
                )
            )
        if influence > STARTING_INFLUENCE + MAX_SITE_INFLUENCE:
            raise node_influence.fail(
                msg(
                    "{influence} is more than 2 + {most}, the influence of all 36 "
                    "sites ({source})",
                    influence=influence,
                    most=MAX_SITE_INFLUENCE,
                    source=SRC_DECK.as_message(),
                )
            )
    else:
        raise TableFileError.at(
            child_path(node.path, "influence"),
            msg("is required but missing (or give 'sites' instead)"),
        )
    buildings = _read_buildings(fields["buildings"])
    incomplete: tuple[str, ...] = ()
    if "incomplete" in fields:
        incomplete = _read_buildings(fields["incomplete"])
        for item, name in zip(fields["incomplete"].list(), incomplete, strict=True):
            if name in buildings:
                raise item.fail(
                    msg(
                        "{name} is both in buildings and incomplete: a camp has "
                        "one building of a name, completed or started ({source})",
                        name=name,
                        source=SRC_SAME_NAME.as_message(),
                    )
                )
    public: tuple[str, ...] = ()
    if "public" in fields:
        public = _read_buildings(fields["public"])
        for item, name in zip(fields["public"].list(), public, strict=True):
            if name not in buildings:
                raise item.fail(
                    msg(
                        "{name} is not one of this camp's completed buildings: "
                        "only a completed building can be made public by a "
                        "Stairway ({source})",
                        name=name,
                        source=SRC_CARD_TEXT.as_message(),
                    )
                )
    return Camp(
        player=player,
        influence=influence,
        vault=_read_vault(fields["vault"]),
        buildings=buildings,
        stockpile=fields["stockpile"].int(min=0, max=ORDER_CARDS_TOTAL),
        hand=fields["hand"].int(min=0, max=ORDER_CARDS_TOTAL + JACKS),
        sites=sites,
        incomplete=incomplete,
        public=public,
    )


def _camp_path(camp: Camp, *keys: str | int) -> str:
    path = child_path("camps", camp.player.id)
    for key in keys:
        path = child_path(path, key)
    return path


def deck_problems(sheet: ScoreSheet) -> tuple[Problem, ...]:
    """Counts that cannot exist with the cards in the box (004, 游戏配件).

    Each material has 24 order cards (6 copies of each value-1 card, 3 of the
    others); they are shared by the vaults and the foundations of completed
    buildings of that material. A building card has 6 or 3 copies; the 36 sites
    are 6 of each material; a completed building holds at least 2 order cards
    (its foundation and a material), and there are 144 order cards and 6 Jacks.
    Paths are those of the table file.
    """
    problems: list[Problem] = []
    camps = sheet.camps
    for material in Material:
        in_vaults = sum(c.vault[material] for c in camps)
        foundations = sum(
            1
            for c in camps
            for b in (*c.buildings, *c.incomplete)
            if CARDS[b].material is material
        )
        limit = orders_of(material)
        if in_vaults + foundations > limit:
            holders = [c for c in camps if c.vault[material]]
            path = (
                _camp_path(holders[-1], "vault", material.value) if holders else "camps"
            )
            problems.append(
                Problem(
                    path,
                    msg(
                        "the vaults hold {held} and completed {material} buildings "
                        "use {foundations} as foundations, but the deck has only "
                        "{deck} ({source})",
                        held=material.cards(in_vaults),
                        material=material.words,
                        foundations=foundations,
                        deck=material.cards(limit),
                        source=SRC_DECK.as_message(),
                    ),
                )
            )
    seen: Counter[str] = Counter()
    for camp in camps:
        laid = [("buildings", i, n) for i, n in enumerate(camp.buildings)]
        laid += [("incomplete", i, n) for i, n in enumerate(camp.incomplete)]
        for key, i, name in laid:
            seen[name] += 1
            if seen[name] == CARDS[name].copies + 1:
                problems.append(
                    Problem(
                        _camp_path(camp, key, i),
                        msg(
                            "{name} is started or completed in {n} camps, but the "
                            "deck has only {copies} {name} cards ({source})",
                            name=name,
                            n=seen[name],
                            copies=CARDS[name].copies,
                            source=SRC_DECK.as_message(),
                        ),
                    )
                )
    for camp in camps:
        for i, name in enumerate(camp.public):
            if made_public_by(sheet, camp) is None:
                problems.append(
                    Problem(
                        _camp_path(camp, "public", i),
                        msg(
                            "{name} is made public, but no other camp has an "
                            "active Stairway (completed, or started under its "
                            "active Gate) to make it so ({source})",
                            name=name,
                            source=SRC_CARD_TEXT.as_message(),
                        ),
                    )
                )
                break
    sites: Counter[Material] = Counter()
    for camp in camps:
        for i, material in enumerate(camp.sites or ()):
            sites[material] += 1
            if sites[material] == SITES_PER_MATERIAL + 1:
                problems.append(
                    Problem(
                        _camp_path(camp, "sites", i),
                        msg(
                            "{n} {material} sites, but there are only {most} "
                            "({source})",
                            n=sites[material],
                            material=material.words,
                            most=SITES_PER_MATERIAL,
                            source=SRC_DECK.as_message(),
                        ),
                    )
                )
    from_sites = sum(c.influence - STARTING_INFLUENCE for c in camps)
    if from_sites > MAX_SITE_INFLUENCE:
        problems.append(
            Problem(
                "camps",
                msg(
                    "the camps hold {n} influence from sites in all, but all 36 "
                    "sites give only {most} ({source})",
                    n=from_sites,
                    most=MAX_SITE_INFLUENCE,
                    source=SRC_DECK.as_message(),
                ),
            )
        )
    orders = sum(
        c.vault_cards + c.stockpile + 2 * len(c.buildings) + len(c.incomplete)
        for c in camps
    )
    hands = sum(c.hand for c in camps)
    if orders > ORDER_CARDS_TOTAL:
        problems.append(
            Problem(
                "camps",
                msg(
                    "vaults, stockpiles and completed buildings hold at least {n} "
                    "order cards, but there are only {most} ({source})",
                    n=orders,
                    most=ORDER_CARDS_TOTAL,
                    source=SRC_DECK.as_message(),
                ),
            )
        )
    elif orders + hands > ORDER_CARDS_TOTAL + JACKS:
        problems.append(
            Problem(
                "camps",
                msg(
                    "the camps and hands hold at least {n} cards, but there are "
                    "only {orders} order cards and {jacks} Jacks ({source})",
                    n=orders + hands,
                    orders=ORDER_CARDS_TOTAL,
                    jacks=JACKS,
                    source=SRC_DECK.as_message(),
                ),
            )
        )
    return tuple(problems)


def read(fields: Mapping[str, Node], players: tuple[Player, ...]) -> ScoreSheet:
    """Read the ``camps`` part of a Glory to Rome table file, and ``ended``.

    Each player has a camp with ``vault``, ``buildings``, ``stockpile``, ``hand``
    and exactly one of ``influence`` and ``sites``; a material left out of the
    vault counts 0. Then the counts are checked against the cards in the box
    (:func:`deck_problems`), and how the game ended against the camps
    (``ended``, optional: :func:`_read_ended`).

    :raises TableFileError: naming the path, e.g. ``camps.red.vault.gold``,
        ``ended.winner``.
    """
    camps_node = fields["camps"]
    found = dict(per_player(camps_node, players))
    camps = []
    for player in players:
        if player not in found:
            raise TableFileError.at(
                child_path(camps_node.path, player.id),
                msg("is required but missing: {name} needs a camp", name=player.name),
            )
        camps.append(_read_camp(found[player], player))
    sheet = ScoreSheet(tuple(camps))
    problems = deck_problems(sheet)
    if problems:
        raise TableFileError(problems)
    if "ended" in fields:
        sheet = replace(sheet, ended=_read_ended(fields["ended"], sheet))
    return sheet


def write_camp(camp: Camp) -> dict[str, object]:
    """One camp as the table file writes it (spec "Glory to Rome"): ``sites``
    when the camp was given by its sites, else ``influence``; every material of
    the ``vault`` (0 too); ``buildings``, ``stockpile`` and ``hand``; and
    ``incomplete`` and ``public`` only when they list something (absent, each
    is empty)."""
    doc: dict[str, object] = {}
    if camp.sites is None:
        doc["influence"] = camp.influence
    else:
        doc["sites"] = [m.value for m in camp.sites]
    doc["vault"] = {m.value: camp.vault[m] for m in Material}
    doc["buildings"] = list(camp.buildings)
    if camp.incomplete:
        doc["incomplete"] = list(camp.incomplete)
    if camp.public:
        doc["public"] = list(camp.public)
    doc["stockpile"] = camp.stockpile
    doc["hand"] = camp.hand
    return doc


def write(sheet: ScoreSheet) -> dict[str, object]:
    """The ``camps`` part of a Glory to Rome table file for ``sheet``, and
    ``ended`` when the sheet says how the game ended: the inverse of
    :func:`read` (``read`` of it gives ``sheet`` back).

    Spec ``../shared/spec/table-file.md``, "Glory to Rome": one camp per player,
    in seating order, each as :func:`write_camp` writes it; building names as
    printed on the cards (an alias the file gave is written by its card's name).
    """
    doc: dict[str, object] = {
        "camps": {camp.player.id: write_camp(camp) for camp in sheet.camps}
    }
    if sheet.ended is not None:
        doc["ended"] = sheet.ended.as_json()
    return doc


# --- limits that hold while playing -------------------------------------------------


@dataclass(frozen=True)
class Check:
    """Something that looks wrong but may be right; the file is still scored.

    ``path`` is the JSON path in the table file, ``message`` says it in words,
    ``source`` is the rule behind it.
    """

    path: str
    message: Message
    source: Citation

    def as_json(self) -> dict[str, str]:
        """The check as the ``companion`` command prints it (English)."""
        return {
            "path": self.path,
            "message": str(self.message),
            "source": str(self.source),
        }


def vault_limit(influence: Points, buildings: Iterable[str] = ()) -> int:
    """How many cards the vault may hold: the current influence, +2 with a Market
    (003 p.8; 004, 5、出售建材; Market: game-data.md 3.4)."""
    names = {find_card(b) for b in buildings}
    return influence + (2 if CARDS["Market"] in names else 0)


def clientele_limit(influence: Points, buildings: Iterable[str] = ()) -> int:
    """How many clients a player may have: the current influence, +2 with an
    Insula, then doubled with an Aqueduct (004, 1、雇佣雇员; game-data.md 3.4)."""
    names = {find_card(b) for b in buildings}
    limit = influence + (2 if CARDS["Insula"] in names else 0)
    return limit * (2 if CARDS["Aqueduct"] in names else 1)


PRISON = "Prison"
"""The one card that lowers its owner's influence (game-data.md 3.3)."""


def _prison_allowance(camp: Camp) -> int:
    """Vault cards a camp may hold above its vault limit now: the value of the
    Prison's site (stone, 3) when the Prison is one of the camp's completed
    buildings, else 0.

    The vault limit is the influence at the moment a card goes in (003
    "Mercante" p.8; 004, 5、出售建材), so a card once in stays. Influence
    only ever grows, but for the Prison: on completion its owner gives its
    site (its influence) for an opponent's completed building (game-data.md
    3.3; 3.4: "a Prison moves influence and buildings apart"). A vault filled
    up to the limit before that holds up to 3 cards more than the limit after
    it, legally.
    """
    owned = {find_card(b) for b in camp.buildings}
    prison = CARDS[PRISON]
    return prison.material.points if prison in owned else 0


def check_vault(camp: Camp, active: Iterable[str] | None = None) -> Check | None:
    """A vault holding more cards than the vault limit allows now.

    The limit applies when a card goes in (003 p.8), and influence can shrink
    later (a Prison), so a larger vault is flagged, not refused; a Prison
    owner's vault is flagged only above what the limit allowed before the
    Prison gave its site away (:func:`_prison_allowance`).
    """
    names = tuple(camp.buildings if active is None else active)
    limit = vault_limit(camp.influence, names)
    allowance = _prison_allowance(camp)
    if camp.vault_cards <= limit + allowance:
        return None
    if allowance:
        text = nmsg(
            "{player}'s vault holds {n} card, more than {before}, the vault limit "
            "before the Prison gave its site away ({limit} now); check the counts",
            "{player}'s vault holds {n} cards, more than {before}, the vault limit "
            "before the Prison gave its site away ({limit} now); check the counts",
            n=camp.vault_cards,
            player=camp.player.name,
            limit=limit,
            before=limit + allowance,
        )
    elif "Market" in names:
        text = nmsg(
            "{player}'s vault holds {n} card, more than the vault limit of {limit} "
            "(the influence + 2 for the Market); check the counts",
            "{player}'s vault holds {n} cards, more than the vault limit of {limit} "
            "(the influence + 2 for the Market); check the counts",
            n=camp.vault_cards,
            player=camp.player.name,
            limit=limit,
        )
    else:
        text = nmsg(
            "{player}'s vault holds {n} card, more than the vault limit of {limit} "
            "(the influence); check the counts",
            "{player}'s vault holds {n} cards, more than the vault limit of {limit} "
            "(the influence); check the counts",
            n=camp.vault_cards,
            player=camp.player.name,
            limit=limit,
        )
    return Check(_camp_path(camp, "vault"), text, SRC_VAULT_LIMIT)


def check_clientele(
    camp: Camp, clients: int, active: Iterable[str] | None = None
) -> Check | None:
    """``clients`` above the clientele limit (for a form that records clients;
    the table file has no key for them). ``active``: the buildings active for
    the player (:func:`active_buildings`; their completed ones by default)."""
    limit = clientele_limit(
        camp.influence, camp.buildings if active is None else active
    )
    if clients <= limit:
        return None
    return Check(
        _camp_path(camp, "clients"),
        nmsg(
            "{player} has {n} client, more than the clientele limit of {limit}",
            "{player} has {n} clients, more than the clientele limit of {limit}",
            n=clients,
            player=camp.player.name,
            limit=limit,
        ),
        SRC_CLIENTELE_LIMIT,
    )


# --- the end of the game --------------------------------------------------------------


class EndCondition(Enum):
    """What ended the game (003 p.9; 004, 游戏结束): the ``how`` of the table
    file's ``ended`` (spec: "Glory to Rome")."""

    DECK = "deck"
    """The draw deck ran out."""
    SITES = "sites"
    """The in-town sites ran out: a player took the last one."""
    CATACOMB = "catacomb"
    """A player completed the Catacomb; the game is scored as usual."""
    FORUM = "forum"
    """A player completed the Forum with a client of every role: they win, and no
    scores are compared."""
    SURRENDER = "surrender"
    """All other players surrendered to one player: they win, no scores compared."""

    @property
    def names_winner(self) -> bool:
        """The condition itself names the winner (004, 计分和胜利条件)."""
        return self in (EndCondition.FORUM, EndCondition.SURRENDER)


END_HOWS: tuple[str, ...] = tuple(c.value for c in EndCondition)
"""The ``how`` values of the table file's ``ended``, in the rulebooks' order."""


class EndOfGameError(RuleError):
    """How the game ended, given in a way that cannot happen."""


@dataclass(frozen=True)
class GameEnd:
    """How the game ended (003 p.9; 004, 游戏结束): the table file's ``ended``.

    A Forum victory or a surrender names the winner, and then that player wins
    without comparing scores (004, 计分和胜利条件); the other endings name
    nobody: the scores decide.

    :raises EndOfGameError: a Forum victory or a surrender without a winner,
        or another ending with one.
    """

    how: EndCondition
    winner: PlayerId | None = None
    """The player who won with the Forum, or everyone surrendered to."""

    def __post_init__(self) -> None:
        if self.how.names_winner and self.winner is None:
            raise EndOfGameError(
                msg("a Forum victory or a surrender names its winner: choose them")
            )
        if not self.how.names_winner and self.winner is not None:
            raise EndOfGameError(_NO_WINNER[self.how])

    @property
    def forum_victory(self) -> PlayerId | None:
        """The player who won with the Forum, if that ended the game."""
        return self.winner if self.how is EndCondition.FORUM else None

    @property
    def surrendered_to(self) -> PlayerId | None:
        """The player everyone else surrendered to, if that ended the game."""
        return self.winner if self.how is EndCondition.SURRENDER else None

    @classmethod
    def chosen(cls, how: str | None, winner: PlayerId | None) -> GameEnd | None:
        """The ending a screen chose: ``None`` when none is chosen yet.

        :raises EndOfGameError: a winner named with no ending chosen (only a
            Forum victory or a surrender names one), or as the class says.
        """
        if not how:
            if winner is not None:
                raise EndOfGameError(
                    msg(
                        "choose how the game ended: only a Forum victory or a "
                        "surrender names a winner"
                    )
                )
            return None
        return cls(EndCondition(how), winner)

    def as_json(self) -> dict[str, str]:
        """The table file's ``ended`` (spec: "Glory to Rome")."""
        doc = {"how": self.how.value}
        if self.winner is not None:
            doc["winner"] = self.winner
        return doc


_NO_WINNER: Mapping[EndCondition, Message] = MappingProxyType(
    {
        c: msg(
            "only a Forum victory or a surrender names a winner; when {how}, the "
            "scores decide ({source})",
            how=text,
            source=SRC_INSTANT_WIN.as_message(),
        )
        for c, text in (
            (EndCondition.DECK, msg("the draw deck ran out")),
            (EndCondition.SITES, msg("the last in-town site was taken")),
            (EndCondition.CATACOMB, msg("the Catacomb was completed")),
        )
    }
)


def check_named_players(
    players: Iterable[Player], named: Iterable[PlayerId | None]
) -> None:
    """Whether each player the end of the game names (the Forum's winner,
    the one everyone surrendered to: :class:`GameEnd`) sits at the table;
    ``None`` names nobody.

    :raises EndOfGameError: one names a player not at this table.
    """
    ids = {p.id for p in players}
    if any(pid is not None and pid not in ids for pid in named):
        raise EndOfGameError(msg("Choose a player at this table."))


_END_TEXT: Mapping[EndCondition, Message] = MappingProxyType(
    {
        EndCondition.DECK: msg("the draw deck ran out"),
        EndCondition.SITES: msg("the last in-town site was taken"),
        EndCondition.CATACOMB: msg("the Catacomb was completed"),
        EndCondition.FORUM: msg("a player won with the Forum"),
        EndCondition.SURRENDER: msg("the other players surrendered"),
    }
)

FORUMS: tuple[str, ...] = ("Forum", "Forum Romanum")
"""The cards whose function wins with a client of every role (game-data.md 3.3:
the Forum of Imperium, the Forum Romanum of Republic)."""


def _read_ended(node: Node, sheet: ScoreSheet) -> GameEnd:
    """Read ``ended`` (spec: "Glory to Rome"): ``how`` is one of
    :data:`END_HOWS`; ``forum`` and ``surrender`` name a ``winner`` at the table,
    the others none; ``catacomb`` needs a completed Catacomb in some camp, and
    ``forum`` a Forum or Forum Romanum active for the winner (see
    :func:`active_buildings`). The clients a Forum victory also needs are not in
    the file.

    :raises TableFileError: at ``ended.how`` or ``ended.winner``.
    """
    fields = node.object(required=("how",), optional=("winner",))
    how = EndCondition(fields["how"].choice(END_HOWS))
    winner_path = child_path(node.path, "winner")
    if not how.names_winner:
        if "winner" in fields:
            raise fields["winner"].fail(_NO_WINNER[how])
        if how is EndCondition.CATACOMB and not any(
            c.has("Catacomb") for c in sheet.camps
        ):
            raise fields["how"].fail(
                msg(
                    "the Catacomb ended the game, but no camp lists it among its "
                    "completed buildings ({source})",
                    source=SRC_END.as_message(),
                )
            )
        return GameEnd(how)
    if "winner" not in fields:
        raise TableFileError.at(
            winner_path,
            msg(
                "is required but missing: a Forum victory or a surrender names "
                "its winner ({source})",
                source=SRC_INSTANT_WIN.as_message(),
            ),
        )
    winner = fields["winner"].str()
    camp = next((c for c in sheet.camps if c.player.id == winner), None)
    if camp is None:
        raise fields["winner"].fail(not_a_player(winner))
    # A Forum active through a Gate or a Stairway counts (its function).
    if how is EndCondition.FORUM and not set(FORUMS) & set(
        active_buildings(sheet, camp)
    ):
        raise fields["winner"].fail(
            msg(
                "{player} has no Forum or Forum Romanum active (completed, public, "
                "or started under a Gate), so cannot have won with the Forum "
                "({source})",
                player=camp.player.name,
                source=SRC_END.as_message(),
            )
        )
    return GameEnd(how, winner)


# --- the registry's facts: when the game is over ---------------------------------

CAMPS = "gtr-camps"
"""The history step of the camps entered at the end (its details hold each
player's ``clients``)."""
END = "gtr-end"
"""The history step of the end-of-game checklist (003 p.9; 004, 游戏结束)."""


def game_end(recorded: history.Progress) -> GameEnd | None:
    """How the game ended, as an :data:`END` step saved before the table file
    carried ``ended`` noted it (``None``: no such step is the latest). Its
    details were a checklist: ``deck_exhausted``, ``last_in_town_site``,
    ``catacomb`` (true or false), ``forum`` and ``surrender`` (the player
    named, or none); the ending that names a winner comes first, as it ends
    the game at once (004, 计分和胜利条件). A step saved since then notes no
    checklist: the file's ``ended`` says how the game ended.
    """
    noted = recorded.latest(END)
    if noted.get("forum"):
        return GameEnd(EndCondition.FORUM, str(noted["forum"]))
    if noted.get("surrender"):
        return GameEnd(EndCondition.SURRENDER, str(noted["surrender"]))
    for key, how in (
        ("catacomb", EndCondition.CATACOMB),
        ("last_in_town_site", EndCondition.SITES),
        ("deck_exhausted", EndCondition.DECK),
    ):
        if noted.get(key):
            return GameEnd(how)
    return None


def ended_of(recorded: history.Progress, sheet: ScoreSheet) -> GameEnd | None:
    """How the game ended: the table file's ``ended`` (:attr:`ScoreSheet.ended`),
    else what an end step saved before the file carried it noted
    (:func:`game_end`)."""
    return sheet.ended if sheet.ended is not None else game_end(recorded)


CAMPS_ENTERED: Final = history.ENTERED
"""A camps step's detail: the ids of the players whose camp is entered."""

AS_THEY_ARE: Final = "camps_as_they_are"
"""An end step's detail: the players ended the game with camps not entered,
scored as the table holds them."""


def camps_entered(recorded: history.Progress) -> frozenset[PlayerId] | None:
    """The players whose camp has been entered, as the latest camps step says
    (:meth:`~.progress.Progress.entered`)."""
    return recorded.entered(CAMPS)


def result_known(
    recorded: history.Progress,
    players: Sequence[Player] | None = None,
    *,
    end: GameEnd | None = None,
) -> bool:
    """Whether the table holds a result that names a winner: every camp
    entered (or a file imported, or the end noted with the camps not entered
    scored as they are), or a Forum victory or surrender (``end``: how the
    game ended, :func:`ended_of`). A new table's camps are only the starting
    position; a game end that names nobody does not change that. Without
    ``players``, any camps step counts."""
    if recorded.has(history.IMPORT):
        return True
    if end is not None and end.winner is not None:
        return True
    if not recorded.has(CAMPS):
        return False
    entered = camps_entered(recorded)
    if entered is None or players is None:
        return True
    if recorded.latest(END).get(AS_THEY_ARE):
        return True
    return {p.id for p in players} <= entered


def is_over(recorded: history.Progress, sheet: Callable[[], ScoreSheet]) -> bool:
    """Whether the game is over: how it ended known (one of the endings of
    003 p.9, "Fine partita", and 004, "游戏结束": the deck ran out, the last
    in-town site taken, the Catacomb completed, a Forum victory, a surrender;
    the file's ``ended``, :func:`ended_of`) and its result known
    (:func:`result_known`: every camp entered, or a file imported), the last
    end step, camps step or import made since the game was last reopened, if
    it ever was."""
    if not recorded.last_since_reopening(END, CAMPS, history.IMPORT):
        return False
    current = sheet()
    end = ended_of(recorded, current)
    if end is None:
        return False
    return result_known(recorded, current.players, end=end)


# --- scoring -------------------------------------------------------------------------


Line = base.Line
"""One explained source of points, or one decision (a bonus, a tie-break): the
engines' shared type; ``points`` is ``None`` on a line that decides."""


@dataclass(frozen=True)
class PlayerResult:
    """A player's points by part, place and the lines that explain them."""

    player: Player
    influence: Points
    vault: Points
    merchant_bonus: Points
    buildings: Points
    """Statue and Wall points."""
    hand: int
    """Cards in hand: the tie-break."""
    place: int
    lines: tuple[Line, ...]
    """Their points add up to :attr:`total`."""

    @property
    def total(self) -> Points:
        """1 per influence + vault values + merchant bonuses + buildings (003 p.9)."""
        return self.influence + self.vault + self.merchant_bonus + self.buildings


@dataclass(frozen=True)
class GameResult:
    """The final scores: players in seating order, bonuses, winners, explanations."""

    players: tuple[PlayerResult, ...]
    merchant_bonus: Mapping[Material, PlayerId | None]
    """Every material: the player with strictly the most cards of it, or ``None``."""
    winners: tuple[PlayerId, ...]
    lines: tuple[Line, ...]
    """How each merchant bonus and each tie-break was decided, and how the game
    ended when that was given."""
    checks: tuple[Check, ...] = ()
    end: GameEnd | None = None
    """How the game ended (the sheet's ``ended``), when known."""
    named_win: Line | None = None
    """How a Forum victory or a surrender decided the game (also in ``lines``):
    then the scores are not compared (004, 计分和胜利条件)."""
    ended_line: Line | None = None
    """How the game ended, in words, when that is known (also in ``lines``)."""

    def player(self, player_id: PlayerId) -> PlayerResult:
        """The result of the player with this id.

        :raises KeyError: no such player.
        """
        return for_player(self.players, player_id)

    def as_json(self) -> dict[str, object]:
        """The output of ``companion score`` (spec: "Glory to Rome"), explained."""
        return {
            "game": GAME,
            "players": {
                r.player.id: {
                    "influence": r.influence,
                    "vault": r.vault,
                    "merchant_bonus": r.merchant_bonus,
                    "buildings": r.buildings,
                    "total": r.total,
                    "place": r.place,
                    "hand": r.hand,
                    "lines": [line.to_json() for line in r.lines],
                }
                for r in self.players
            },
            "merchant_bonus": {m.value: pid for m, pid in self.merchant_bonus.items()},
            "winners": list(self.winners),
            "lines": [line.to_json() for line in self.lines],
            "checks": [check.as_json() for check in self.checks],
            # The spec: "The output repeats `ended` when the file has it."
            **({"ended": self.end.as_json()} if self.end is not None else {}),
        }


def merchant_bonuses(camps: Sequence[Camp]) -> dict[Material, PlayerId | None]:
    """For each material, the player with strictly the most cards of it in the
    vault; a tie at the top, or no cards at all, gives no one the bonus (003 p.8;
    004, 5、出售建材)."""
    result: dict[Material, PlayerId | None] = {}
    for material in Material:
        counts = sorted((c.vault[material] for c in camps), reverse=True)
        top = counts[0]
        leaders = [c.player.id for c in camps if c.vault[material] == top]
        result[material] = leaders[0] if top > 0 and len(leaders) == 1 else None
    return result


display_names = base.display_names


def _merchant_lines(
    camps: Sequence[Camp], bonus: Mapping[Material, PlayerId | None]
) -> list[Line]:
    names = display_names(c.player for c in camps)
    lines = []
    for material in Material:
        counts = sorted((c.vault[material] for c in camps), reverse=True)
        top = counts[0]
        winner = bonus[material]
        if winner is not None:
            text = msg(
                "Merchant bonus for {material} to {player}: {cards} in the vault, "
                "more than anyone else (next: {next})",
                material=material.words,
                player=names[winner],
                cards=material.cards(top),
                next=counts[1],
            )
        elif top == 0:
            text = msg(
                "No merchant bonus for {material}: no one has {material} in the vault",
                material=material.words,
            )
        else:
            tied = [names[c.player.id] for c in camps if c.vault[material] == top]
            text = msg(
                "No merchant bonus for {material}: {players} tie for the most with "
                "{count} each, and a tie gives no one the bonus",
                material=material.words,
                players=and_list(tied),
                count=top,
            )
        lines.append(Line(None, text, SRC_MERCHANT))
    return lines


def _player_lines(
    camp: Camp,
    bonus: Mapping[Material, PlayerId | None],
    active: Mapping[str, Active],
    names: Mapping[PlayerId, str | Message],
) -> list[Line]:
    lines = []
    if camp.sites is not None:
        sites = (
            comma_list(
                [
                    msg("{material} {value}", material=m.words, value=m.points)
                    for m in camp.sites
                ]
            )
            if camp.sites
            else msg("none")
        )
        text = msg(
            "Influence {influence}, 1 point each: {start} to start + the site "
            "cards held ({sites})",
            influence=camp.influence,
            start=STARTING_INFLUENCE,
            sites=sites,
        )
        lines.append(Line(camp.influence, text, SRC_INFLUENCE_SCORED))
    else:
        lines.append(
            Line(
                camp.influence,
                msg("Influence {influence}, 1 point each", influence=camp.influence),
                SRC_SCORING,
            )
        )
    for material in Material:
        n = camp.vault[material]
        if n:
            pts = n * material.points
            lines.append(
                Line(
                    pts,
                    msg(
                        "Vault: {cards} x {value} = {points}",
                        cards=material.cards(n),
                        value=material.points,
                        points=pts,
                    ),
                    SRC_SCORING,
                )
            )
    for material in Material:
        if bonus[material] == camp.player.id:
            lines.append(
                Line(
                    MERCHANT_BONUS_POINTS,
                    msg(
                        "Merchant bonus for {material}: the most {material} in the "
                        "vaults",
                        material=material.words,
                    ),
                    SRC_MERCHANT,
                )
            )
    for name in (STATUE, WALL):
        if name in active:
            lines.append(_building_line(camp, active[name], names))
    return lines


_CARD_WORDS: Mapping[str, Message] = MappingProxyType(
    {
        STATUE: msg("Statue"),
        WALL: msg("Wall"),
        GATE: msg("Gate"),
        STAIRWAY: msg("Stairway"),
    }
)
"""The cards an explanation names, in the reader's language (Italian as
rulebook 003 names them, Chinese as 004; where they name nothing, ours)."""


def _card(name: str) -> str | Message:
    return _CARD_WORDS.get(name, name)


def _why_active(
    camp: Camp, why: Active, names: Mapping[PlayerId, str | Message]
) -> Message:
    """Why a building counts for ``camp``'s player, in words."""
    if why.by is ActiveBy.PUBLIC:
        return msg(
            "{building} of {owner}, made public by {stairway}'s Stairway",
            building=_card(why.name),
            owner=names[why.owner],
            stairway=names[why.stairway or why.owner],
        )
    if why.by is ActiveBy.GATE:
        if why.gate == camp.player.id:
            return msg(
                "{building}, started: active through your Gate",
                building=_card(why.name),
            )
        return msg(
            "{building}, started: active through {owner}'s public Gate",
            building=_card(why.name),
            owner=names[why.gate or why.owner],
        )
    return msg("{building}", building=_card(why.name))


def _building_line(
    camp: Camp, why: Active, names: Mapping[PlayerId, str | Message]
) -> Line:
    """The points of an active Statue or Wall, and why it counts."""
    what = _why_active(camp, why, names)
    source = SRC_BUILDING_POINTS if why.by is ActiveBy.OWN else SRC_CARD_TEXT
    if why.name == STATUE:
        return Line(
            STATUE_POINTS,
            nmsg("{what}: {n} point", "{what}: {n} points", n=STATUE_POINTS, what=what),
            source,
        )
    pts = camp.stockpile // WALL_MATERIALS_PER_POINT
    return Line(
        pts,
        nmsg(
            "{what}: {n} material in the stockpile, 1 point per {per} = {points}",
            "{what}: {n} materials in the stockpile, 1 point per {per} = {points}",
            n=camp.stockpile,
            what=what,
            per=WALL_MATERIALS_PER_POINT,
            points=pts,
        ),
        source,
    )


def building_points(camp: Camp, active: Iterable[str] | None = None) -> Points:
    """3 for an active Statue + 1 per 2 stockpile materials for an active Wall
    (``active``: :func:`active_buildings`; their completed ones by default)."""
    names = set(camp.buildings if active is None else active)
    statue = STATUE_POINTS if STATUE in names else 0
    wall = camp.stockpile // WALL_MATERIALS_PER_POINT if WALL in names else 0
    return statue + wall


_RankKey: TypeAlias = tuple[int, int]


def rank_key(total: Points, hand: int) -> _RankKey:
    """Sort key (lower is better): most points, then most cards in hand (003 p.9)."""
    return (-total, -hand)


def _hand(n: int) -> Message:
    return nmsg("{n} card", "{n} cards", n=n)


def _tie_lines(results: Sequence[PlayerResult]) -> list[Line]:
    names = display_names(r.player for r in results)
    by_total: dict[Points, list[PlayerResult]] = {}
    for r in results:
        by_total.setdefault(r.total, []).append(r)
    lines = []
    for total in sorted(by_total, reverse=True):
        tied = by_total[total]
        if len(tied) < 2:
            continue
        groups: dict[int, list[PlayerResult]] = {}
        for r in tied:
            groups.setdefault(r.hand, []).append(r)
        ordered = [groups[h] for h in sorted(groups, reverse=True)]
        for ahead, behind in zip(ordered, ordered[1:], strict=False):
            text = nmsg(
                "{ahead} ahead of {behind} at {n} point: {cards} in hand against "
                "{other}",
                "{ahead} ahead of {behind} at {n} points: {cards} in hand against "
                "{other}",
                n=total,
                ahead=and_list([names[r.player.id] for r in ahead]),
                behind=and_list([names[r.player.id] for r in behind]),
                cards=_hand(ahead[0].hand),
                other=behind[0].hand,
            )
            lines.append(Line(None, text, SRC_TIE))
        for group in ordered:
            if len(group) < 2:
                continue
            place = group[0].place
            players = and_list([names[r.player.id] for r in group])
            if place == 1:
                text = nmsg(
                    "{players} share the victory: {n} point and {cards} in hand each",
                    "{players} share the victory: {n} points and {cards} in hand each",
                    n=total,
                    players=players,
                    cards=_hand(group[0].hand),
                )
            else:
                text = nmsg(
                    "{players} share {place} place: {n} point and {cards} in hand each",
                    "{players} share {place} place: {n} points and {cards} in hand "
                    "each",
                    n=total,
                    players=players,
                    place=ordinal(place),
                    cards=_hand(group[0].hand),
                )
            lines.append(Line(None, text, SRC_TIE))
    return lines


def _end_line(end: GameEnd) -> Line:
    """How the game ended, in words (003 p.9; 004, 游戏结束)."""
    return Line(None, msg("The game ended: {how}", how=_END_TEXT[end.how]), SRC_END)


def score(sheet: ScoreSheet) -> GameResult:
    """Score the camps (003, Fine partita e punteggio p.9; 004, 计分和胜利条件).

    Score = 1 per influence + the values of the vault cards + 3 for each merchant
    bonus + 3 for a completed Statue + 1 per 2 stockpile materials for a completed
    Wall. Most points wins; a tie goes to the player with the most cards in hand;
    players still tied share the place (1, 1, 3).

    How the game ended is the sheet's (:attr:`ScoreSheet.ended`, when known). A
    Forum victory or a surrender names the winner: that player alone takes 1st
    place and the others share 2nd; the scores are still computed, to show,
    not compared (004, 计分和胜利条件; 003 p.9).
    """
    camps = sheet.camps
    names = display_names(sheet.players)
    bonus = merchant_bonuses(camps)
    actives = {c.player.id: active_buildings(sheet, c) for c in camps}
    parts = []
    for camp in camps:
        won = sum(MERCHANT_BONUS_POINTS for m in Material if bonus[m] == camp.player.id)
        parts.append((camp, won, building_points(camp, actives[camp.player.id])))
    totals = [c.influence + c.vault_points + won + b for c, won, b in parts]
    keys = [rank_key(t, c.hand) for t, c in zip(totals, camps, strict=True)]
    end = sheet.ended
    winner = end.winner if end is not None else None
    if winner is not None:
        placed = [1 if c.player.id == winner else 2 for c in camps]
    else:
        placed = list(base.competition_places(keys))
    results = tuple(
        PlayerResult(
            player=camp.player,
            influence=camp.influence,
            vault=camp.vault_points,
            merchant_bonus=won,
            buildings=built,
            hand=camp.hand,
            place=place,
            lines=tuple(_player_lines(camp, bonus, actives[camp.player.id], names)),
        )
        for (camp, won, built), place in zip(parts, placed, strict=True)
    )
    lines = _merchant_lines(camps, bonus)
    named_win: Line | None = None
    checks = [
        c
        for c in (check_vault(camp, actives[camp.player.id]) for camp in camps)
        if c is not None
    ]
    ended_line = _end_line(end) if end is not None else None
    if ended_line is not None:
        lines.append(ended_line)
    if winner is not None:
        if end and end.forum_victory:
            text = msg(
                "{player} wins with the Forum: the scores are not compared",
                player=names[winner],
            )
        else:
            text = msg(
                "{player} wins by surrender: the scores are not compared",
                player=names[winner],
            )
        named_win = Line(None, text, SRC_INSTANT_WIN)
        lines.append(named_win)
    else:
        lines += _tie_lines(results)
    winners = tuple(r.player.id for r in results if r.place == 1)
    return GameResult(
        players=results,
        merchant_bonus=MappingProxyType(bonus),
        winners=winners,
        lines=tuple(lines),
        checks=tuple(checks),
        end=end,
        named_win=named_win,
        ended_line=ended_line,
    )


def score_json(sheet: ScoreSheet) -> dict[str, object]:
    """What ``companion score`` prints for a Glory to Rome file."""
    return score(sheet).as_json()


def blank(players: tuple[Player, ...]) -> dict[str, object]:
    """A new table: each camp with the starting influence 2, an empty vault, no
    buildings, an empty stockpile and the 5 cards dealt at setup (004, 游戏准备:
    4 order cards and 1 Jack)."""
    return {
        "camps": {
            p.id: {
                "influence": STARTING_INFLUENCE,
                "vault": dict.fromkeys(MATERIAL_NAMES, 0),
                "buildings": [],
                "stockpile": 0,
                "hand": STARTING_HAND,
            }
            for p in players
        }
    }


ENGINE = Engine(
    required_keys=("camps",),
    optional_keys=("ended",),
    read=read,
    write=write,
    score_json=score_json,
    blank=blank,
)


__all__ = [
    "ALIASES",
    "CAMPS",
    "CARDS",
    "END",
    "game_end",
    "is_over",
    "result_known",
    "camps_entered",
    "AS_THEY_ARE",
    "CAMPS_ENTERED",
    "ENGINE",
    "GAME",
    "JACKS",
    "MERCHANT_BONUS_POINTS",
    "ORDER_CARDS",
    "ORDER_CARDS_TOTAL",
    "SITES_PER_MATERIAL",
    "STARTING_HAND",
    "STARTING_INFLUENCE",
    "Camp",
    "CampError",
    "Check",
    "Edition",
    "EndCondition",
    "EndOfGameError",
    "END_HOWS",
    "FORUMS",
    "GameEnd",
    "ended_of",
    "check_named_players",
    "GameResult",
    "Line",
    "Material",
    "OrderCard",
    "PlayerResult",
    "ScoreSheet",
    "blank",
    "Active",
    "ActiveBy",
    "active_buildings",
    "building_points",
    "made_public_by",
    "public_buildings",
    "check_clientele",
    "check_vault",
    "clientele_limit",
    "deck_problems",
    "find_card",
    "influence_from_sites",
    "merchant_bonuses",
    "orders_of",
    "rank_key",
    "read",
    "score",
    "score_json",
    "vault_limit",
    "write",
    "write_camp",
]
