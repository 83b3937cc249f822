"""Monuments: who may build which card, where, what it costs, and how it scores.

Eligibility (:func:`eligibility`), placement (:func:`placement`,
:func:`build_monument`) and the scoring hooks the era scoring calls
(:func:`monument_score`), from the cards of :mod:`.monument_cards` (rulebook
001, "Special Rules & Edge Cases - Monuments Expansion"; rulebook 000's
alternate monuments; ``../shared/game-data.md`` 1.5).

Pure: the standard library only; functions take values and return new ones.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Final

from ..base import (
    Citation,
    Line,
    Message,
    MessageArg,
    PlayerId,
    Points,
    Problem,
    and_list,
    comma_list,
    display_names,
    msg,
    nmsg,
)
from .city import (
    BUILDING_OVER,
    CIVIC_SCORING,
    COMMERCIAL_SCORING,
    CONSTRUCT,
    END_OF_GAME,
    Building,
    BuildingType,
    City,
    CivicKind,
    IllegalBuildError,
    LotMarkerError,
    Monument,
    add_coins,
    covers_problem,
    markers_after_building,
    player_name,
)
from .lots import (
    Lot,
    groups,
    lots_words,
)
from .monument_cards import (
    _C,
    _MEASURE_SOURCES,
    _R,
    _TYPE_WORDS,
    _V,
    CATALOGUE,
    LOTS_AND_SHAPES,
    BankCoins,
    Catalogue,
    CoinsPerAdjacent,
    Compare,
    GiveVP,
    Measure,
    MonumentCard,
    MonumentError,
    Owns,
    OwnsEveryType,
    PayPlayers,
    Rank,
    Recipients,
    _buildings_words,
    _not_a_monument,
    _owned_words,
    _semicolons,
    _who_words,
    effect_words,
    monument_values,
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

MONUMENT_MARKERS_PER_PLAYER: Final = 6
"""Monument markers of one player: a monument takes one, so at most 6 monuments
each (rulebook 001, "Monument Markers")."""

BASE_INCOME: Final = 5
"""Silver of a Take Income action before commercial buildings (rulebook 001,
"Action 1: Take Income")."""


class UnknownPlayerError(MonumentError):
    """A player id that is not at the table."""


class IllegalMonumentError(MonumentError):
    """A monument that may not be built where and how it was asked for
    (:func:`placement` says why)."""


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


def fitting(
    city: City, lots: Sequence[Lot], *, catalogue: Catalogue = CATALOGUE
) -> tuple[str, ...]:
    """The monuments still to be built whose shape ``lots`` make, turned or
    flipped any way (a card of no given shape: as many connected lots as it
    covers; game-data.md 1.5 [U]), in the rulebook's order. Whether a player
    may build one there is :func:`placement`'s to say."""
    if not lots or len(groups(lots)) != 1 or len(set(lots)) != len(lots):
        return ()
    found = []
    for slug in pool(city, catalogue=catalogue):
        card = catalogue[slug]
        shaped = card.footprint.matches(lots) if card.footprint else None
        if shaped or (shaped is None and len(lots) == card.lots):
            found.append(slug)
    return tuple(found)


def markers_left(city: City, player: PlayerId) -> int:
    """Monument markers ``player`` still has: 6 less one per monument they own
    (rulebook 001, "Monument Markers")."""
    owned = sum(1 for b in city.buildings if b.owner == player and monument_slug(b))
    return max(0, MONUMENT_MARKERS_PER_PLAYER - owned)


def coins_known(city: City) -> bool:
    """Whether the table file records coins (then a player left out has 0)."""
    return bool(city.coins)


def _income(board: Sequence[Profile], player: PlayerId) -> int:
    """What ``player`` gains by taking income: 5 silver, and 1 for each silver
    icon on their commercial buildings (rulebook 001, "Action 1: Take Income")."""
    return BASE_INCOME + sum(p.silver for p in board if p.owner == player and p.has(_C))


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
        return _income(board, player)
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


def take_income(
    city: City, player: PlayerId, *, catalogue: Catalogue = CATALOGUE
) -> tuple[City, int]:
    """``city`` after ``player`` takes income, and how much: 5 silver and 1 for
    each silver icon on their commercial buildings, monuments of that type
    included (rulebook 001, "Action 1: Take Income").

    :raises UnknownPlayerError: no such player.
    :raises IllegalBuildError: the table records no coins (nothing to add to).
    """
    _check_player(city, player)
    income = _income(profiles(city, catalogue=catalogue), player)
    if not coins_known(city):
        raise IllegalBuildError(
            msg("coins are not recorded at this table: enter them first")
        )
    return add_coins(city, {player: income}), income


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
    """Whether ``player`` meets a requirement that compares one measure between
    every player (rulebook 000, "Alternate Monuments"; spec: "The command",
    ``companion monuments``).

    Unknown (``None``) when the measure is money and the table file records no
    coins; not met while the player's own value is below ``req.minimum`` ("most"
    and "tied" count from 1); otherwise as :func:`_tied` or :func:`_ranked`
    say.
    """
    values = {p.id: _measure(city, board, p.id, req.measure) for p in city.players}
    mine = values[player]
    if mine is None:
        return None, msg(
            "{card}: unknown, because the table file records no coins and this "
            "compares every player's money",
            card=card.name,
        )
    others = {pid: v for pid, v in values.items() if pid != player and v is not None}
    if mine < req.minimum:
        return False, msg(
            "{card}: your {measure} is {value}; it counts from {minimum}",
            card=card.name,
            measure=req.measure.label,
            value=mine,
            minimum=req.minimum,
        )
    said: dict[str, MessageArg] = {
        "card": card.name,
        "measure": req.measure.label,
        "value": mine,
    }
    if req.rank is Rank.TIED:
        return _tied(city, said, mine, others)
    return _ranked(city, said, mine, others, most=req.rank is Rank.MOST)


def _tied(
    city: City,
    said: Mapping[str, MessageArg],
    mine: int,
    others: Mapping[PlayerId, int],
) -> tuple[bool, Message]:
    """A requirement to be tied: met when at least one other player's value
    equals the builder's (rulebook 000, "Alternate Monuments", Forum Romanum:
    "You must be tied with another player").

    ``said`` are the card, measure and value the sentence names.
    """
    tied = [pid for pid, v in others.items() if v == mine]
    if tied:
        return True, msg(
            "{card}: your {measure} {value} is tied with {names}",
            **said,
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
        **said,
        others=listing,
    )


def _ranked(
    city: City,
    said: Mapping[str, MessageArg],
    mine: int,
    others: Mapping[PlayerId, int],
    *,
    most: bool,
) -> tuple[bool, Message]:
    """A requirement to have the most (``most``) or the fewest of something:
    met when no other player has more (or fewer); a tie for the most or the
    fewest meets it too (rulebook 000, "Alternate Monuments", e.g. Temple of
    Apollo: "the most or be tied for the most").

    ``said`` are the card, measure and value the sentence names.
    """
    best = (max if most else min)(others.values())
    if (best > mine) if most else (best < mine):
        leaders = [pid for pid, v in others.items() if v == best]
        return False, _outranked(city, said, best, leaders, most=most)
    tied = [pid for pid, v in others.items() if v == mine]
    text: Message
    if tied and most:
        text = msg(
            "{card}: your {measure} {value} is the highest, tied with {names}",
            names=_names(city, tied),
            **said,
        )
    elif tied:
        text = msg(
            "{card}: your {measure} {value} is the lowest, tied with {names}",
            names=_names(city, tied),
            **said,
        )
    elif most:
        text = msg("{card}: your {measure} {value} is the highest", **said)
    else:
        text = msg("{card}: your {measure} {value} is the lowest", **said)
    return True, text


def _outranked(
    city: City,
    said: Mapping[str, MessageArg],
    best: int,
    leaders: Sequence[PlayerId],
    *,
    most: bool,
) -> Message:
    """Why a requirement to have the most (or the fewest) is not met: who has
    more (or fewer), and how many (rulebook 000, "Alternate Monuments")."""
    names = _names(city, leaders)
    if most and len(leaders) == 1:
        return msg(
            "{card}: your {measure} {value} is below {names}'s {other}",
            names=names,
            other=best,
            **said,
        )
    if most:
        return msg(
            "{card}: your {measure} {value} is below the {other} of {names}",
            names=names,
            other=best,
            **said,
        )
    if len(leaders) == 1:
        return msg(
            "{card}: your {measure} {value} is above {names}'s {other}",
            names=names,
            other=best,
            **said,
        )
    return msg(
        "{card}: your {measure} {value} is above the {other} of {names}",
        names=names,
        other=best,
        **said,
    )


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
    notes: list[Message],
) -> tuple[list[Message], list[int]]:
    """What is wrong with the lots, and the builder's buildings they replace;
    what is only worth saying goes to ``notes``."""
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
    # The rule is the one a table file is read with (city.covers_problem):
    # 1 to 6 connected lots. The card's own count and shape come from an
    # unofficial source, so a placement that differs is noted, not refused
    # (a group whose printed card differs builds as it lies on the table).
    if (covers := covers_problem(True, len(distinct))) is not None:
        found.append(covers)
    connected = not (distinct and len(groups(distinct)) > 1)
    if not connected:
        found.append(
            msg(
                "the lots {lots} are not orthogonally connected",
                lots=lots_words(distinct),
            )
        )
    if distinct and len(distinct) != card.lots:
        notes.append(
            nmsg(
                "{card} covers {n} lot on its card as we know it, not {count} "
                "(an unofficial count: {source}; change it under “Our printed "
                "card differs” if yours says so)",
                "{card} covers {n} lots on its card as we know it, not {count} "
                "(an unofficial count: {source}; change it under “Our printed "
                "card differs” if yours says so)",
                n=card.lots,
                card=card.name,
                count=len(distinct),
                source=LOTS_AND_SHAPES.as_message(),
            )
        )
    elif (
        distinct
        and connected
        and card.footprint
        and not card.footprint.matches(distinct)
    ):
        notes.append(
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
    lot_problems, replaced = _lot_problems(city, board, builder, card, lots, notes)
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
    try:
        markers = markers_after_building(city, builder, place.lots, place.replaces)
    except LotMarkerError as exc:
        raise IllegalMonumentError(exc.message) from None
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


def adjacency_line(
    label: Message,
    per: CivicKind,
    vp: int,
    near: Sequence[Profile],
    source: Citation,
) -> Line:
    """The line of a building that scores ``vp`` for each unit of ``per``
    among ``near``, the buildings adjacent to it: a civic building (rulebook
    001, "Civic Buildings") or a monument's civic footer, in the same words."""
    units = adjacency_units(per, near)
    text: Message
    if per is CivicKind.CITIZEN:
        text = nmsg(
            "{building}: {n} citizen on adjacent residential buildings x {vp} VP",
            "{building}: {n} citizens on adjacent residential buildings x {vp} VP",
            n=units,
            building=label,
            vp=vp,
        )
    elif per is CivicKind.TWO_CITIZENS:
        text = nmsg(
            "{building}: {n} citizen on adjacent residential buildings make "
            "{pairs} x {vp} VP",
            "{building}: {n} citizens on adjacent residential buildings make "
            "{pairs} x {vp} VP",
            n=adjacency_units(CivicKind.CITIZEN, near),
            building=label,
            pairs=nmsg("{n} pair", "{n} pairs", n=units),
            vp=vp,
        )
    elif per is CivicKind.SILVER:
        text = msg(
            "{building}: {silver} silver on adjacent commercial buildings x {vp} VP",
            building=label,
            silver=units,
            vp=vp,
        )
    elif per is CivicKind.CIVIC:
        text = nmsg(
            "{building}: {n} adjacent civic building x {vp} VP",
            "{building}: {n} adjacent civic buildings x {vp} VP",
            n=units,
            building=label,
            vp=vp,
        )
    else:
        text = nmsg(
            "{building}: {n} adjacent building x {vp} VP",
            "{building}: {n} adjacent buildings x {vp} VP",
            n=units,
            building=label,
            vp=vp,
        )
    return Line(units * vp, text, source)


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
            adjacency_line(
                label,
                footer.civic.per,
                footer.civic.each,
                near,
                card.cited(CIVIC_SCORING),
            )
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
