"""Foundations of Rome: era scoring, composed from the city, road boards and monuments.

Rulebook 001, "End of Era Scoring" and "End of Game": :func:`score` scores one
era for every player (road boards resolve first, rulebook 000 "Gameplay
Overview"; monuments score by their cards), :func:`places` ranks the players
by total VP (shared places said in words by :func:`tie_lines`) and
:func:`winners` names who won after Era 3. Every line cites the rulebook section
it applies.

Pure: the standard library only; functions take values and return new ones.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from types import MappingProxyType
from typing import Final

from .. import base
from ..base import (
    Message,
    Player,
    PlayerId,
    Points,
    RuleError,
    and_list,
    comma_list,
    display_names,
    for_player,
    msg,
    nmsg,
    ordinal,
)
from . import fortune, monument_cards, monuments
from .city import (
    CIVIC_SCORING,
    COMMERCIAL_SCORING,
    END_OF_GAME,
    RESIDENTIAL_SCORING,
    Building,
    BuildingType,
    City,
    Civic,
    Commercial,
    add_coins,
)
from .fortune import (
    PlayerRoads,
    RoadsResult,
)
from .lots import (
    lots_words,
)
from .monument_cards import (
    Catalogue,
)
from .monuments import (
    Profile,
)


class GameNotOverError(RuleError):
    """Winners are asked for before the Era 3 scoring."""


class GameOverError(RuleError):
    """An era is asked for after the Era 3 scoring, which ends the game
    (rulebook 001, "End of Game")."""


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


SILVER_TITLE: Final = msg("Coins collected")
"""The row of an era's table for the silver commercial buildings pay in eras 1
and 2: coins, not VP, so not a :class:`Category` (rulebook 001, "End of Era
Scoring - Commercial Building Scoring")."""


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

    @property
    def title(self) -> Message:
        """The category's name as a row of a score table (``Road boards``); a
        building type's category is called as the type is."""
        match self:
            case Category.RESIDENTIAL:
                return BuildingType.RESIDENTIAL.title
            case Category.CIVIC:
                return BuildingType.CIVIC.title
            case Category.COMMERCIAL:
                return BuildingType.COMMERCIAL.title
            case Category.ROADS:
                return msg("Road boards")
            case Category.EMPTY_LOTS:
                return msg("Empty lots")


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
    building = city.buildings[index]
    values = building.values
    if not isinstance(values, Civic):
        raise TypeError("not a civic building")
    near = [board[i] for i in city.adjacent(index)]
    return monuments.adjacency_line(
        building.label(), values.per, values.vp, near, CIVIC_SCORING
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
      ``monument_cards.CATALOGUE``).

    With road boards, they resolve first (rulebook 000, "Gameplay Overview"):
    their VP are the ``roads`` category, the population tokens won there count
    in this era's population, and their coins add to the player's ``coins``.

    :raises fortune.RoadBoardsError: a pick on a road board breaks a rule,
        or lot markers away cannot be (:func:`read` refuses such a file before).
    """
    cards = monument_cards.CATALOGUE if catalogue is None else catalogue
    board = monuments.profiles(city, catalogue=cards)
    road_result = (
        fortune.resolve(city, city.road_boards)
        if city.road_boards is not None
        else None
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
                roads=Tally.of(road.lines(fortune.Gain.VP) if road else ()),
                empty_lots=Tally.of(empty),
                silver=Tally.of(coins[player.id]),
                score_before=city.score_before.get(player.id, 0),
                road=road,
            )
        )
    return EraResult(city.era, tuple(scores), road_result)


# --------------------------------------------------------------------------
# Places and the winner (rulebook 001, "End of Game")
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class Place:
    """A player's place by total VP after an era's scoring."""

    player: Player
    place: int
    """1 for the most VP; equal totals share a place and the next one is
    skipped (1, 1, 3)."""
    total: Points
    shared: bool
    """Whether another player has the same total, and so the same place."""

    @property
    def ordinal(self) -> Message:
        """The place in words: ``1st``, ``2nd``."""
        return ordinal(self.place)


def places(result: EraResult) -> tuple[Place, ...]:
    """Every player's place by total VP, first place first; players who share
    a place in seating order.

    Rulebook 001, "End of Game": "The player with the most Victory Points
    wins". The rulebook names no tie-break, so equal totals share the place
    (the victory itself after Era 3) and the next place is skipped (1, 1, 3).
    Before the Era 3 scoring these are the standings so far.
    """
    totals = [s.total for s in result.players]
    placed = base.competition_places([-total for total in totals])  # most VP first
    ranked = [
        Place(
            player=s.player,
            place=place,
            total=s.total,
            shared=totals.count(s.total) > 1,
        )
        for s, place in zip(result.players, placed, strict=True)
    ]
    return tuple(sorted(ranked, key=lambda p: p.place))


def tie_lines(result: EraResult) -> tuple[Line, ...]:
    """One line per place that players share, first place first: who, with
    how many VP, and that the rules break no tie (rulebook 001, "End of
    Game"). A shared first place after the Era 3 scoring is a shared victory.
    """
    names = display_names(s.player for s in result.players)
    lines: list[Line] = []
    shared = [p for p in places(result) if p.shared]
    for place in sorted({p.place for p in shared}):
        tied = [p for p in shared if p.place == place]
        who = and_list([names[p.player.id] for p in tied])
        points = tied[0].total
        if place == 1 and result.final:
            text = msg(
                "{names} tie for first place with {points} VP each. The rules of "
                "Foundations of Rome give no tie-break, so they share the victory.",
                names=who,
                points=points,
            )
        else:
            text = msg(
                "{names} tie with {points} VP each and share place {place}: "
                "Foundations of Rome has no tie-break.",
                names=who,
                points=points,
                place=place,
            )
        lines.append(Line(None, text, END_OF_GAME))
    return tuple(lines)


def winners(result: EraResult) -> tuple[Player, ...]:
    """The player(s) in first place after the Era 3 scoring (:func:`places`);
    a tie is shared (rulebook 001, "End of Game": the most Victory Points wins).

    :raises GameNotOverError: ``result`` is not the Era 3 scoring.
    """
    if not result.final:
        raise GameNotOverError(
            msg(
                "the winner is known after the Era 3 scoring, not Era {era}",
                era=result.era,
            )
        )
    return tuple(p.player for p in places(result) if p.place == 1)


def next_era(city: City, result: EraResult) -> City:
    """The same board at the start of the next era, after ``result`` scored it.

    The buildings and lot markers stay (rulebook 001, "End of Era Scoring": play
    goes on with the board as it is); each player's total is carried as
    ``score_before``; population tokens won on road boards are kept for good
    (rulebook 000, "Population Tokens"); the road boards' picks are cleared,
    each player keeps the milestone markers they had left (rulebook 000,
    "Gameplay Overview") and the lot markers they placed on road boards this
    era are away for the next (``lot_markers_away``: rulebook 000, "Gameplay
    Example - West Road Board" D), while those away this era come back; where
    the table records coins in hand, each player's silver and road-board coins
    of the era are added to them.

    :raises GameOverError: ``result`` is the Era 3 scoring: no era follows.
    """
    if result.final:
        raise GameOverError(
            msg(
                "the game ends with the Era 3 scoring ({source})",
                source=END_OF_GAME.as_message(),
            )
        )
    tokens = dict(city.population_tokens)
    for s in result.players:
        if s.road_tokens:
            tokens[s.player.id] = tokens.get(s.player.id, 0) + s.road_tokens
    boards = city.road_boards
    if boards is not None:
        boards = replace(
            boards,
            choices={},
            milestones_left={
                s.player.id: s.road.milestones_left
                for s in result.players
                if s.road is not None
            },
            lot_markers_away={
                s.player.id: s.road.lot_markers_spent
                for s in result.players
                if s.road is not None
            },
        )
    # The era's silver and road-board coins go into each player's hand
    # (rulebook 001, "Commercial Building Scoring"; rulebook 000 rewards).
    earned = add_coins(city, {s.player.id: s.coins for s in result.players})
    return replace(
        city,
        era=city.era + 1,
        score_before={s.player.id: s.total for s in result.players},
        population_tokens=tokens,
        road_boards=boards,
        coins=earned.coins,
    )
