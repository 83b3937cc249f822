"""All Roads: the final tally (fewest unbuilt points wins) and each player's supply.

Rulebook 002 (All Roads). Two parts, both pure:

* the final tally: :func:`score` reads the tokens each player has left unbuilt,
  scores them and places the players, explaining every tie-break in words;
* the in-game record: a :class:`Supply` per player and :func:`apply_turn`, which
  applies one turn's builds and upgrades with the rulebook's substitution rules
  when a token type runs out.

The table file part (spec: "All Roads") is read by :func:`read` and written by
:func:`write`; ``ENGINE`` is what the registry in ``__init__.py`` picks up.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
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
    MessageArg,
    Node,
    Player,
    PlayerId,
    Points,
    RuleError,
    TableFileError,
    and_list,
    child_path,
    comma_list,
    for_player,
    msg,
    nmsg,
    ordinal,
    per_player,
)

GAME = "all-roads"
"""The ``game`` value of an All Roads table file."""

SRC_COMPONENTS = Citation("002", "Components")
SRC_GOAL = Citation("002", "Goal of the Game")
SRC_END = Citation("002", "End of the Game")
SRC_HOUSES = Citation("002", "II.1 Build Houses")
SRC_VILLAS_SPAS = Citation("002", "II.2 Build Villas & Spas")
SRC_UPGRADE = Citation("002", "II.3 Upgrade Houses")
SRC_MONUMENTS = Citation("002", "II.4 Build Monuments")
SRC_TRADE_ROUTES = Citation("002", "II.5 Claim Trade Routes")
SRC_OUT_OF_TOKENS = Citation("002", "Out of Tokens?")


class Token(Enum):
    """A kind of wooden token, in the order the tie-breaks compare them.

    Each player has 7 houses, 6 villas, 3 spas and 3 monuments (002, Components);
    a token left unbuilt at the end counts against its owner (002, End of the Game).
    """

    MONUMENT = "monument"
    """4 points; built inside a road loop with no roads in it (002, II.4)."""
    SPA = "spa"
    """3 points; a loop dead end at the concave side of a lake (002, II.2)."""
    VILLA = "villa"
    """2 points; a dead end enclosed by a road loop (002, II.2)."""
    HOUSE = "house"
    """1 point; any newly formed dead end (002, II.1)."""

    @property
    def points(self) -> Points:
        """What one unbuilt token of this kind costs (002, End of the Game)."""
        return _POINTS[self]

    @property
    def per_player(self) -> int:
        """How many tokens of this kind each player has (002, Components)."""
        return _PER_PLAYER[self]

    @property
    def words(self) -> Message:
        """The token's name for a player: ``monument``."""
        return _WORDS[self][0]

    @property
    def plural_words(self) -> Message:
        """The tokens' name, plural: ``monuments``."""
        return _WORDS[self][1]

    def count_words(self, n: int) -> Message:
        """``1 monument``, ``3 villas``."""
        if self is Token.MONUMENT:
            return nmsg("{n} monument", "{n} monuments", n=n)
        if self is Token.SPA:
            return nmsg("{n} spa", "{n} spas", n=n)
        if self is Token.VILLA:
            return nmsg("{n} villa", "{n} villas", n=n)
        return nmsg("{n} house", "{n} houses", n=n)


_POINTS: Mapping[Token, Points] = MappingProxyType(
    {Token.MONUMENT: 4, Token.SPA: 3, Token.VILLA: 2, Token.HOUSE: 1}
)
_PER_PLAYER: Mapping[Token, int] = MappingProxyType(
    {Token.MONUMENT: 3, Token.SPA: 3, Token.VILLA: 6, Token.HOUSE: 7}
)
_WORDS: Mapping[Token, tuple[Message, Message]] = MappingProxyType(
    {
        Token.MONUMENT: (msg("monument"), msg("monuments")),
        Token.SPA: (msg("spa"), msg("spas")),
        Token.VILLA: (msg("villa"), msg("villas")),
        Token.HOUSE: (msg("house"), msg("houses")),
    }
)

TIE_BREAK_ORDER: tuple[Token, ...] = (Token.MONUMENT, Token.SPA, Token.VILLA)
"""Tied players compare monuments built, then spas, then villas (002, End of the
Game)."""

FULL_SUPPLY_POINTS: Points = sum(t.points * t.per_player for t in Token)
"""The unbuilt points of a player who has built nothing: 12 + 9 + 12 + 7 = 40."""


class SupplyError(RuleError):
    """A supply count outside 0..the tokens a player owns, or a token not there."""


@dataclass(frozen=True, kw_only=True)
class Supply:
    """One player's tokens not yet on the map, by kind (002, Components).

    The tokens on the map are the rest: :meth:`built`.

    :raises SupplyError: a count below 0 or above what a player owns.
    """

    monument: int
    spa: int
    villa: int
    house: int

    def __post_init__(self) -> None:
        for token in Token:
            n = getattr(self, token.value)
            if isinstance(n, bool) or not isinstance(n, int):
                raise SupplyError(
                    msg(
                        "{key}: expected a whole number, got {value}",
                        key=token.value,
                        value=repr(n),
                    )
                )
            if not 0 <= n <= token.per_player:
                raise SupplyError(
                    msg(
                        "{key}: {count} is outside 0..{limit}, the {tokens} each "
                        "player owns ({source})",
                        key=token.value,
                        count=n,
                        limit=token.per_player,
                        tokens=token.plural_words,
                        source=SRC_COMPONENTS.as_message(),
                    )
                )

    @classmethod
    def full(cls) -> Supply:
        """Every token still in the supply, as at the start (002, Components)."""
        return cls(**{t.value: t.per_player for t in Token})

    @classmethod
    def from_unbuilt(cls, counts: Mapping[Token, int]) -> Supply:
        """The supply holding these tokens (a kind left out counts 0)."""
        return cls(**{t.value: counts.get(t, 0) for t in Token})

    @classmethod
    def from_built(cls, counts: Mapping[Token, int]) -> Supply:
        """The supply left when these tokens are on the map (a kind left out: 0)."""
        for token, n in counts.items():
            if not 0 <= n <= token.per_player:
                raise SupplyError(
                    msg(
                        "{key}: {count} built is outside 0..{limit}",
                        key=token.value,
                        count=n,
                        limit=token.per_player,
                    )
                )
        return cls(**{t.value: t.per_player - counts.get(t, 0) for t in Token})

    def count(self, token: Token) -> int:
        """Tokens of this kind in the supply (unbuilt)."""
        n: int = getattr(self, token.value)
        return n

    def built(self, token: Token) -> int:
        """Tokens of this kind on the map."""
        return token.per_player - self.count(token)

    @property
    def points(self) -> Points:
        """The unbuilt points (002, End of the Game): monument 4, spa 3, villa 2,
        house 1."""
        return sum(self.count(t) * t.points for t in Token)

    def take(self, token: Token) -> Supply:
        """This supply with one token of ``token`` taken out to build.

        :raises SupplyError: none of that kind left.
        """
        if self.count(token) == 0:
            raise SupplyError(msg("no {token} left in the supply", token=token.words))
        return replace(self, **{token.value: self.count(token) - 1})

    def give_back(self, token: Token) -> Supply:
        """This supply with one token of ``token`` returned (an upgraded house).

        :raises SupplyError: all tokens of that kind are already in the supply.
        """
        if self.count(token) == token.per_player:
            raise SupplyError(
                msg("every {token} is already in the supply", token=token.words)
            )
        return replace(self, **{token.value: self.count(token) + 1})

    def as_json(self) -> dict[str, int]:
        """The counts as the table file writes them: ``{"monument": 1, ...}``."""
        return {t.value: self.count(t) for t in Token}


# --- the table file ---------------------------------------------------------------


class Given(Enum):
    """How the table file gives a player's tokens (spec: "All Roads")."""

    UNBUILT = "unbuilt"
    """The tokens left in the supply."""
    BUILT = "built"
    """The tokens on the map; the supply is the rest."""


@dataclass(frozen=True)
class Entry:
    """One player's line of the final tally."""

    player: Player
    unbuilt: Supply
    given_as: Given = Given.UNBUILT
    """How the file gave the counts, so that the file can be written back alike."""


@dataclass(frozen=True)
class ScoreSheet:
    """The final tally of a game: every player's supply, in seating order."""

    entries: tuple[Entry, ...]

    def __post_init__(self) -> None:
        if not 2 <= len(self.entries) <= 4:
            raise RuleError(
                msg(
                    "All Roads has 2 to 4 players, got {count}", count=len(self.entries)
                )
            )
        ids = [e.player.id for e in self.entries]
        if len(set(ids)) != len(ids):
            raise RuleError(msg("a player appears twice in the tally"))

    @property
    def players(self) -> tuple[Player, ...]:
        return tuple(e.player for e in self.entries)


def _read_counts(node: Node, given: Given) -> dict[Token, int]:
    """One player's counts: each kind 0..the tokens a player owns, absent = 0."""
    fields = node.object(optional=tuple(t.value for t in Token))
    counts: dict[Token, int] = {}
    for token in Token:
        if token.value not in fields:
            continue
        child = fields[token.value]
        n = child.int(min=0)
        if n > token.per_player:
            raise child.fail(
                msg(
                    "{tokens} unbuilt, but each player has only {most} ({source})",
                    tokens=token.count_words(n),
                    most=token.per_player,
                    source=SRC_COMPONENTS.as_message(),
                )
                if given is Given.UNBUILT
                else msg(
                    "{tokens} built, but each player has only {most} ({source})",
                    tokens=token.count_words(n),
                    most=token.per_player,
                    source=SRC_COMPONENTS.as_message(),
                )
            )
        counts[token] = n
    return counts


def read(fields: Mapping[str, Node], players: tuple[Player, ...]) -> ScoreSheet:
    """Read the ``unbuilt`` / ``built`` part of an All Roads table file.

    Every player appears in exactly one of them; a kind left out counts 0; a count
    above the tokens a player owns is an error (spec: "All Roads").

    :raises TableFileError: naming the path, e.g. ``unbuilt.red.villa``.
    """
    given: dict[PlayerId, tuple[Given, Node]] = {}
    for how in Given:
        if how.value not in fields:
            continue
        for player, node in per_player(fields[how.value], players):
            if player.id in given:
                raise node.fail(
                    msg(
                        "{name} is given in both 'unbuilt' and 'built'; "
                        "give each player as unbuilt or built, not both",
                        name=player.name,
                    )
                )
            given[player.id] = (how, node)
    entries: list[Entry] = []
    for player in players:
        if player.id not in given:
            raise TableFileError.at(
                child_path(Given.UNBUILT.value, player.id),
                msg(
                    "is required but missing: {name} must appear in "
                    "'unbuilt' or 'built'",
                    name=player.name,
                ),
            )
        how, node = given[player.id]
        counts = _read_counts(node, how)
        if how is Given.UNBUILT:
            supply = Supply.from_unbuilt(counts)
        else:
            supply = Supply.from_built(counts)
        entries.append(Entry(player, supply, how))
    return ScoreSheet(tuple(entries))


def write(sheet: ScoreSheet) -> dict[str, object]:
    """The ``unbuilt`` / ``built`` part of an All Roads table file for ``sheet``:
    the inverse of :func:`read` (``read`` of it gives ``sheet`` back).

    Spec ``../shared/spec/table-file.md``, "All Roads": each player is written
    the way the sheet says the file gave them (:attr:`Entry.given_as`), as
    ``unbuilt`` (the tokens left in the supply) or ``built`` (the tokens on the
    map), with every kind's count, 0 too, as a new table's file writes them;
    a key that gives nobody is left out. Players come in seating order.
    """
    doc: dict[str, dict[str, dict[str, int]]] = {}
    for entry in sheet.entries:
        supply = entry.unbuilt
        if entry.given_as is Given.UNBUILT:
            counts = supply.as_json()
        else:
            counts = {t.value: supply.built(t) for t in Token}
        doc.setdefault(entry.given_as.value, {})[entry.player.id] = counts
    return {how.value: doc[how.value] for how in Given if how.value in doc}


# --- scoring ---------------------------------------------------------------------


Line = base.Line
"""One explained source of points, or one tie-break applied (the engines' shared
type: ``points`` is ``None`` on a line that decides an order)."""


@dataclass(frozen=True)
class PlayerResult:
    """A player's unbuilt points, place and the lines that explain them."""

    player: Player
    unbuilt: Supply
    unbuilt_points: Points
    place: int
    """1 for the winner(s); tied players share a place and the next one skips."""
    lines: tuple[Line, ...]
    """One line per kind left unbuilt; their points add up to ``unbuilt_points``."""


@dataclass(frozen=True)
class GameResult:
    """The final tally: players in seating order, the winners, the tie-breaks."""

    players: tuple[PlayerResult, ...]
    winners: tuple[PlayerId, ...]
    lines: tuple[Line, ...]
    """Every tie-break that decided an order, and every place still shared."""

    def player(self, player_id: PlayerId) -> PlayerResult:
        """The result of the player with this id.

        :raises KeyError: no such player.
        """
        return for_player(self.players, player_id)

    def places_so_far(self) -> dict[PlayerId, int]:
        """Each player's place by unbuilt points alone, ties shared: the
        standings during the game, when the tie-breaks of the end (002, "End of
        the Game") do not apply yet."""
        placed = base.competition_places([r.unbuilt_points for r in self.players])
        return {r.player.id: n for r, n in zip(self.players, placed, strict=True)}

    def as_json(self) -> dict[str, object]:
        """The output of ``companion score`` (spec: "All Roads"), with explanations."""
        return {
            "game": GAME,
            "players": {
                r.player.id: {
                    "unbuilt_points": r.unbuilt_points,
                    "place": r.place,
                    "unbuilt": r.unbuilt.as_json(),
                    "lines": [line.to_json() for line in r.lines],
                }
                for r in self.players
            },
            "winners": list(self.winners),
            "lines": [line.to_json() for line in self.lines],
        }


_RankKey: TypeAlias = tuple[int, ...]


def rank_key(supply: Supply) -> _RankKey:
    """Sort key of a player: fewest unbuilt points, then most monuments, spas and
    villas built (002, End of the Game). Equal keys share a place."""
    return (supply.points, *(-supply.built(t) for t in TIE_BREAK_ORDER))


def places(keys: Sequence[_RankKey]) -> tuple[int, ...]:
    """Competition places for these keys (lower is better): 1, 1, 3."""
    return base.competition_places(keys)


display_names = base.display_names


def _token_lines(supply: Supply) -> tuple[Line, ...]:
    lines = []
    for token in Token:
        n = supply.count(token)
        if n:
            pts = n * token.points
            if n > 1:
                text = nmsg(
                    "{tokens} left unbuilt: {count} x {each} = {n} point",
                    "{tokens} left unbuilt: {count} x {each} = {n} points",
                    n=pts,
                    tokens=token.count_words(n),
                    count=n,
                    each=token.points,
                )
            else:
                text = nmsg(
                    "{tokens} left unbuilt: {n} point",
                    "{tokens} left unbuilt: {n} points",
                    n=pts,
                    tokens=token.count_words(n),
                )
            lines.append(Line(pts, text, SRC_END))
    return tuple(lines)


def _semicolons(parts: Sequence[Message]) -> Message:
    """``a; b; c``: parts of one explanation."""
    joined = parts[0]
    for part in parts[1:]:
        joined = msg("{first}; {then}", first=joined, then=part)
    return joined


def _tie_break_lines(
    entries: Sequence[Entry], place_of: Mapping[PlayerId, int]
) -> tuple[Line, ...]:
    """A sentence for each tie-break that decided an order, and for each place
    still shared after them all (002, End of the Game)."""
    names = display_names(e.player for e in entries)
    by_points: dict[Points, list[Entry]] = {}
    for entry in entries:
        by_points.setdefault(entry.unbuilt.points, []).append(entry)
    lines: list[Line] = []
    for points in sorted(by_points):
        tied = by_points[points]
        if len(tied) < 2:
            continue
        groups: dict[_RankKey, list[Entry]] = {}
        for entry in tied:
            groups.setdefault(rank_key(entry.unbuilt), []).append(entry)
        ordered = [groups[key] for key in sorted(groups)]
        for ahead, behind in zip(ordered, ordered[1:], strict=False):
            a, b = ahead[0].unbuilt, behind[0].unbuilt
            level = next(
                i for i, t in enumerate(TIE_BREAK_ORDER) if a.built(t) != b.built(t)
            )
            token = TIE_BREAK_ORDER[level]
            fields: dict[str, MessageArg] = {
                "ahead": and_list([names[e.player.id] for e in ahead]),
                "behind": and_list([names[e.player.id] for e in behind]),
                "built": token.count_words(a.built(token)),
                "other": b.built(token),
            }
            if level:
                # The kinds compared before, equal: "monuments built: 1 each; ...".
                equal = _semicolons(
                    [
                        msg(
                            "{tokens} built: {count} each",
                            tokens=t.plural_words,
                            count=a.built(t),
                        )
                        for t in TIE_BREAK_ORDER[:level]
                    ]
                )
                text = nmsg(
                    "{ahead} ahead of {behind} at {n} unbuilt point: {built} built "
                    "against {other} ({equal})",
                    "{ahead} ahead of {behind} at {n} unbuilt points: {built} built "
                    "against {other} ({equal})",
                    n=points,
                    **fields,
                    equal=equal,
                )
            else:
                text = nmsg(
                    "{ahead} ahead of {behind} at {n} unbuilt point: {built} built "
                    "against {other}",
                    "{ahead} ahead of {behind} at {n} unbuilt points: {built} built "
                    "against {other}",
                    n=points,
                    **fields,
                )
            lines.append(Line(None, text, SRC_END))
        for group in ordered:
            if len(group) < 2:
                continue
            s = group[0].unbuilt
            place = place_of[group[0].player.id]
            players = and_list([names[e.player.id] for e in group])
            built = comma_list([t.count_words(s.built(t)) for t in TIE_BREAK_ORDER])
            if place == 1:
                text = nmsg(
                    "{players} share the victory: {n} unbuilt point each and the "
                    "same tokens built ({built})",
                    "{players} share the victory: {n} unbuilt points each and the "
                    "same tokens built ({built})",
                    n=points,
                    players=players,
                    built=built,
                )
            else:
                text = nmsg(
                    "{players} share {place} place: {n} unbuilt point each and the "
                    "same tokens built ({built})",
                    "{players} share {place} place: {n} unbuilt points each and the "
                    "same tokens built ({built})",
                    n=points,
                    players=players,
                    place=ordinal(place),
                    built=built,
                )
            lines.append(Line(None, text, SRC_END))
    return tuple(lines)


def score(sheet: ScoreSheet) -> GameResult:
    """Score the final tally (002, End of the Game).

    Fewest unbuilt points wins (monument 4, spa 3, villa 2, house 1); a tie goes
    to the player who built more monuments, then more spas, then more villas;
    players still tied share the place, and the next place is skipped (1, 1, 3).
    """
    entries = sheet.entries
    keys = [rank_key(e.unbuilt) for e in entries]
    placed = places(keys)
    place_of = {e.player.id: p for e, p in zip(entries, placed, strict=True)}
    players = tuple(
        PlayerResult(
            player=e.player,
            unbuilt=e.unbuilt,
            unbuilt_points=e.unbuilt.points,
            place=p,
            lines=_token_lines(e.unbuilt),
        )
        for e, p in zip(entries, placed, strict=True)
    )
    winners = tuple(r.player.id for r in players if r.place == 1)
    return GameResult(players, winners, _tie_break_lines(entries, place_of))


def score_json(sheet: ScoreSheet) -> dict[str, object]:
    """What ``companion score`` prints for an All Roads file."""
    return score(sheet).as_json()


def blank(players: tuple[Player, ...]) -> dict[str, object]:
    """A new table: every player with the full supply unbuilt (002, Setup)."""
    return {"unbuilt": {p.id: Supply.full().as_json() for p in players}}


ENGINE = Engine(
    required_keys=(),
    optional_keys=(Given.UNBUILT.value, Given.BUILT.value),
    read=read,
    write=write,
    score_json=score_json,
    blank=blank,
)


# --- the in-game record: one turn's builds and upgrades ----------------------------


class Space(Enum):
    """A place where the rules call for a token this turn, and which token."""

    DEAD_END = "dead-end"
    """A newly formed dead end: a house (002, II.1)."""
    LOOP_DEAD_END = "loop-dead-end"
    """A newly formed dead end enclosed by a road loop: a villa (002, II.2)."""
    LAKE_DEAD_END = "lake-dead-end"
    """Such a dead end at the concave side of a lake: a spa (002, II.2)."""
    EMPTY_LOOP = "empty-loop"
    """A newly formed road loop with no roads within it: a monument (002, II.4)."""
    TRADE_ROUTE = "trade-route"
    """An unoccupied trade route space of a claimed trade route: a house that can
    never be upgraded; claiming is optional (002, II.5)."""

    @property
    def wanted(self) -> Token:
        """The token the rules call for here."""
        return _WANTED[self]

    @property
    def is_dead_end(self) -> bool:
        """A dead end: left empty when out of tokens, filled by a returned house."""
        return self in (Space.DEAD_END, Space.LOOP_DEAD_END, Space.LAKE_DEAD_END)


_WANTED: Mapping[Space, Token] = MappingProxyType(
    {
        Space.DEAD_END: Token.HOUSE,
        Space.LOOP_DEAD_END: Token.VILLA,
        Space.LAKE_DEAD_END: Token.SPA,
        Space.EMPTY_LOOP: Token.MONUMENT,
        Space.TRADE_ROUTE: Token.HOUSE,
    }
)
_SPACE_TEXT: Mapping[Space, Message] = MappingProxyType(
    {
        Space.DEAD_END: msg("on a new dead end"),
        Space.LOOP_DEAD_END: msg("on a new dead end inside a road loop"),
        Space.LAKE_DEAD_END: msg("on a new dead end by a lake inside a road loop"),
        Space.EMPTY_LOOP: msg("inside a road loop with no roads in it"),
        Space.TRADE_ROUTE: msg("on a trade route space"),
    }
)
"""Where a token is built, as in "red builds a house on a new dead end"."""
_DEAD_END_TEXT: Mapping[Space, Message] = MappingProxyType(
    {
        Space.DEAD_END: msg("new dead end"),
        Space.LOOP_DEAD_END: msg("new dead end inside a road loop"),
        Space.LAKE_DEAD_END: msg("new dead end by a lake inside a road loop"),
    }
)
"""A dead end that may stay empty, as in "the new dead end stays empty"."""
_SPACE_SOURCE: Mapping[Space, Citation] = MappingProxyType(
    {
        Space.DEAD_END: SRC_HOUSES,
        Space.LOOP_DEAD_END: SRC_VILLAS_SPAS,
        Space.LAKE_DEAD_END: SRC_VILLAS_SPAS,
        Space.EMPTY_LOOP: SRC_MONUMENTS,
        Space.TRADE_ROUTE: SRC_TRADE_ROUTES,
    }
)

SUBSTITUTES: Mapping[Token, tuple[Token, ...]] = MappingProxyType(
    {
        Token.MONUMENT: (Token.MONUMENT,),
        Token.SPA: (Token.SPA, Token.VILLA, Token.HOUSE),
        Token.VILLA: (Token.VILLA, Token.HOUSE),
        Token.HOUSE: (Token.HOUSE,),
    }
)
"""What is placed when a kind runs out, best first: no spa left, a villa; no villa
left, a house; a monument is never replaced (002, Out of Tokens?)."""


def token_to_place(supply: Supply, wanted: Token) -> Token | None:
    """The token built where the rules call for ``wanted``, or ``None`` (left empty).

    Applies the substitutions of 002, Out of Tokens?: spa -> villa -> house,
    villa -> house; monuments are never replaced.
    """
    return next((t for t in SUBSTITUTES[wanted] if supply.count(t) > 0), None)


@dataclass(frozen=True)
class Build:
    """Build on a space this turn's tiles formed (002, II.1, II.2, II.4, II.5)."""

    space: Space


@dataclass(frozen=True)
class Upgrade:
    """Upgrade a house inside a newly formed road loop, whoever owns it (002, II.3).

    The house becomes a villa (a spa at the concave side of a lake) of its owner's
    colour, taken from the owner's supply; the house goes back to its owner.
    """

    owner: PlayerId
    at_lake: bool = False


Action: TypeAlias = Build | Upgrade


class TurnError(RuleError):
    """A turn that cannot be applied to the supplies as given."""


class NotAtTableError(TurnError):
    """The active player or a house owner has no supply at this table."""


class NoHouseToUpgradeError(TurnError):
    """An upgrade of a player who has no house on the map."""


class NoHouseForTradeRouteError(TurnError):
    """A trade route space claimed by a player with no house left (claiming is
    optional, so the space stays unoccupied instead; 002, II.5)."""


@dataclass(frozen=True)
class Placement:
    """What happened for one action of the turn."""

    action: Action
    owner: PlayerId
    """Whose token stands there: the active player, or an upgraded house's owner."""
    wanted: Token
    """The token the rules call for."""
    placed: Token | None
    """The token now standing there; ``None``: the space was left empty. For an
    upgrade without a villa or spa left, ``HOUSE``: the house stays."""
    returned: Token | None
    """The token that went back to ``owner``'s supply (the upgraded house)."""
    line: Line
    """What happened, in words; ``line.points`` is how far the owner's unbuilt
    points drop (a house upgraded to a villa: 1)."""

    @property
    def substituted(self) -> bool:
        """Another token stands where the rules called for ``wanted``."""
        return self.placed is not None and self.placed is not self.wanted


@dataclass(frozen=True)
class TurnRecord:
    """The supplies after a turn, and what each action of it did."""

    active: PlayerId
    supplies: Mapping[PlayerId, Supply]
    placements: tuple[Placement, ...]

    @property
    def lines(self) -> tuple[Line, ...]:
        return tuple(p.line for p in self.placements)


def _no_house_for_trade_route(who: MessageArg) -> NoHouseForTradeRouteError:
    return NoHouseForTradeRouteError(
        msg(
            "{player} has no house left to claim a trade route space; "
            "claiming is optional, so leave the space unoccupied ({source})",
            player=who,
            source=SRC_TRADE_ROUTES.as_message(),
        )
    )


def _build(
    supplies: dict[PlayerId, Supply],
    active: PlayerId,
    action: Build,
    *,
    late: bool,
    names: Mapping[PlayerId, MessageArg],
) -> Placement:
    space = action.space
    wanted = space.wanted
    where = _SPACE_TEXT[space]
    supply = supplies[active]
    who = names.get(active, active)
    if space is Space.TRADE_ROUTE:
        if supply.count(Token.HOUSE) == 0:
            raise _no_house_for_trade_route(who)
        token: Token | None = Token.HOUSE
    else:
        token = token_to_place(supply, wanted)
    if token is None:
        text: Message
        if wanted is Token.MONUMENT:
            text = msg(
                "{player} has no monument left: the loop stays empty, a monument "
                "is never replaced by another token",
                player=who,
            )
        elif wanted is Token.HOUSE:
            text = msg(
                "{player} has no {token} left: the {space} stays empty unless an "
                "upgrade returns a house this turn",
                player=who,
                token=wanted.words,
                space=_DEAD_END_TEXT[space],
            )
        else:
            text = msg(
                "{player} has no {token} left nor a token to put instead: the "
                "{space} stays empty unless an upgrade returns a house this turn",
                player=who,
                token=wanted.words,
                space=_DEAD_END_TEXT[space],
            )
        return Placement(
            action, active, wanted, None, None, Line(None, text, SRC_OUT_OF_TOKENS)
        )
    supplies[active] = supply.take(token)
    built: dict[str, MessageArg] = {"player": who, "token": token.words, "where": where}
    if token is wanted:
        text = msg("{player} builds a {token} {where}", **built)
        source = _SPACE_SOURCE[space]
    elif wanted is Token.SPA and token is Token.HOUSE:
        # The chain of 002, "Out of Tokens?": no spa, a villa; no villa, a house.
        text = msg(
            "{player} builds a {token} {where}: no {wanted} and no villa left, so "
            "a {token} is placed instead",
            **built,
            wanted=wanted.words,
        )
        source = SRC_OUT_OF_TOKENS
    else:
        text = msg(
            "{player} builds a {token} {where}: no {wanted} left, so a {token} is "
            "placed instead",
            **built,
            wanted=wanted.words,
        )
        source = SRC_OUT_OF_TOKENS
    if late:
        text = msg("{text}, with a house returned by an upgrade", text=text)
        if space is not Space.TRADE_ROUTE:  # a dead end filled late: Out of Tokens
            source = SRC_OUT_OF_TOKENS
    return Placement(
        action, active, wanted, token, None, Line(token.points, text, source)
    )


def _upgrade(
    supplies: dict[PlayerId, Supply],
    action: Upgrade,
    names: Mapping[PlayerId, MessageArg],
) -> Placement:
    owner = action.owner
    if owner not in supplies:
        raise NotAtTableError(
            msg("{player} is not a player at this table", player=repr(owner))
        )
    supply = supplies[owner]
    who = names.get(owner, owner)
    if supply.built(Token.HOUSE) == 0:
        raise NoHouseToUpgradeError(
            msg(
                "{player} has no house on the map to upgrade (all {count} are in "
                "the supply)",
                player=who,
                count=Token.HOUSE.per_player,
            )
        )
    wanted = Token.SPA if action.at_lake else Token.VILLA
    token = token_to_place(supply, wanted)
    if token is Token.HOUSE or token is None:
        if wanted is Token.SPA:
            text = msg(
                "{player}'s house stays a house: no {token} or villa left in "
                "{player}'s supply",
                player=who,
                token=wanted.words,
            )
        else:
            text = msg(
                "{player}'s house stays a house: no {token} left in {player}'s supply",
                player=who,
                token=wanted.words,
            )
        line = Line(0, text, SRC_OUT_OF_TOKENS)
        return Placement(action, owner, wanted, Token.HOUSE, None, line)
    supplies[owner] = supply.take(token).give_back(Token.HOUSE)
    if token is wanted:
        text = msg(
            "{player}'s house is upgraded to a {token}; the house goes back to "
            "{player}",
            player=who,
            token=token.words,
        )
        source = SRC_UPGRADE
    else:
        text = msg(
            "{player}'s house is upgraded to a {token}; the house goes back to "
            "{player} (no {wanted} left, so a {token} instead)",
            player=who,
            token=token.words,
            wanted=wanted.words,
        )
        source = SRC_OUT_OF_TOKENS
    gained = token.points - Token.HOUSE.points
    return Placement(
        action, owner, wanted, token, Token.HOUSE, Line(gained, text, source)
    )


def apply_turn(
    supplies: Mapping[PlayerId, Supply],
    active: PlayerId,
    actions: Sequence[Action],
    names: Mapping[PlayerId, MessageArg] | None = None,
) -> TurnRecord:
    """Apply one turn's builds and upgrades, in the order the player made them.

    The actions may come in any order (002, II: "in any order and as many times
    as you are able"). When a kind runs out, a villa stands in for a spa and a house
    for a villa; a monument is never replaced (002, Out of Tokens?). A dead end left
    empty for want of tokens is built on, in order, as soon as an upgrade returns a
    house to the active player this turn (002, Out of Tokens?); so is a trade route
    space claimed while the active player has no house, since the claim may come
    after the upgrade (002, II: any order). An upgrade takes the villa or spa from
    the house owner's supply and returns the house to them (002, II.3); with
    neither left the house stays. The input is not changed. ``names`` says each
    player as the lines should name them (the id where it is not given).

    :raises NotAtTableError: ``active`` or an upgraded house's owner has no supply.
    :raises NoHouseToUpgradeError: an upgrade of a player with no house on the map.
    :raises NoHouseForTradeRouteError: a trade route space claimed with no house,
        and none returned by an upgrade this turn.
    """
    if active not in supplies:
        raise NotAtTableError(
            msg("{player} is not a player at this table", player=repr(active))
        )
    names = names or {}
    state = dict(supplies)
    placements: list[Placement | None] = []
    pending: list[tuple[int, Build]] = []
    for action in actions:
        if isinstance(action, Build):
            if (
                action.space is Space.TRADE_ROUTE
                and state[active].count(Token.HOUSE) == 0
            ):
                pending.append((len(placements), action))
                placements.append(None)  # claimed once an upgrade returns a house
                continue
            placement = _build(state, active, action, late=False, names=names)
            if placement.placed is None and action.space.is_dead_end:
                pending.append((len(placements), action))
            placements.append(placement)
            continue
        placements.append(_upgrade(state, action, names))
        while pending and state[active].count(Token.HOUSE) > 0:
            index, again = pending.pop(0)
            placements[index] = _build(state, active, again, late=True, names=names)
    done: list[Placement] = []
    for made in placements:
        if made is None:  # a trade route claim no house was returned for
            raise _no_house_for_trade_route(names.get(active, active))
        done.append(made)
    return TurnRecord(active, MappingProxyType(state), tuple(done))


# --------------------------------------------------------------------------
# Turns (rulebook 002, "Course of the Game" and "End of the Game")
# --------------------------------------------------------------------------

TILES_PER_PLAYER = 12
"""Hex tiles of each player (rulebook 002, "Components")."""
TILES_PER_TURN = 2
"""Tiles a player places each turn (rulebook 002, "Course of the Game" I)."""
TURNS_PER_PLAYER = TILES_PER_PLAYER // TILES_PER_TURN
"""Turns each player takes: 6."""


@dataclass(frozen=True)
class Progress:
    """Where a game recorded turn by turn stands after ``done`` turns.

    Players take turns in seating order (the file's order: rulebook 002,
    "Course of the Game", clockwise); the game ends at the end of the turn in
    which the last tiles are placed ("End of the Game"), after every player's
    sixth turn.
    """

    players: tuple[Player, ...]
    done: int

    @property
    def total(self) -> int:
        """Turns in the whole game."""
        return TURNS_PER_PLAYER * len(self.players)

    @property
    def over(self) -> bool:
        """Whether every player has placed all their tiles."""
        return self.done >= self.total

    @property
    def round(self) -> int:
        """The round being played (1 to 6; the last one once the game is over)."""
        return min(self.done // len(self.players) + 1, TURNS_PER_PLAYER)

    @property
    def next(self) -> Player | None:
        """Whose turn it is (``None`` once the game is over)."""
        return None if self.over else self.players[self.done % len(self.players)]

    def check_turn(self, active: PlayerId) -> None:
        """Whether a turn of ``active`` can be recorded next: the game is not
        over ("End of the Game") and ``active`` is a player at this table.

        :raises TurnError: every player has placed all their tiles.
        :raises NotAtTableError: ``active`` is not a player at this table.
        """
        if self.over:
            raise TurnError(GAME_OVER)
        if active not in {p.id for p in self.players}:
            raise NotAtTableError(msg("Choose whose turn it was."))


GAME_OVER: Final = msg(
    "Every player has placed all 12 tiles: the game is over. "
    "Undo the last turn to change it."
)
"""Why no turn can be recorded once the game is over (:class:`Progress`)."""


def progress(sheet: ScoreSheet, done: int) -> Progress:
    """Where ``sheet``'s game stands after ``done`` turns (see :class:`Progress`)."""
    return Progress(sheet.players, done)


# --- the registry's facts: when the game is over ---------------------------------

TURN = "ar-turn"
"""The history step of one recorded turn."""
TALLY = "ar-tally"
"""The history step of the final tally (each player's tokens at the end)."""

TALLY_ENTERED: Final = history.ENTERED
"""A tally step's detail: the ids of the players whose row is entered."""

TALLY_ENDED: Final = "ended"
"""A tally step's detail: a player ended the game with rows not entered."""


def tally_entered(recorded: history.Progress) -> frozenset[PlayerId] | None:
    """The players whose row of the final tally has been entered, as the latest
    tally step says (:meth:`~.progress.Progress.entered`)."""
    return recorded.entered(TALLY)


def tally_complete(recorded: history.Progress, players: Sequence[Player]) -> bool:
    """Whether the latest tally gives every player's row: each entered, or the
    tally ended by a player who confirmed the rows not entered yet."""
    if recorded.latest(TALLY).get(TALLY_ENDED):
        return True
    entered = tally_entered(recorded)
    return entered is None or {p.id for p in players} <= entered


def is_over(recorded: history.Progress, sheet: Callable[[], ScoreSheet]) -> bool:
    """Whether the table holds a final result: since the game was last
    reopened (if it ever was), the last turn recorded (rulebook 002, "End of
    the Game": the game ends once every player has placed their 12 tiles), a
    file imported, or a final tally whose every row is entered (or that a
    player ended, naming the rows not entered), with no turn recorded after
    it. A new table has none. The sheet is read only after a turn (its players
    say how many turns the game has) or a tally (whose rows are its players)."""
    last = recorded.last_since_reopening(TURN, TALLY, history.IMPORT)
    if last is None:
        return False
    if last == TALLY:
        return tally_complete(recorded, sheet().players)
    if last != TURN:
        return True
    return progress(sheet(), recorded.count(TURN)).over


__all__ = [
    "GAME_OVER",
    "TURNS_PER_PLAYER",
    "Progress",
    "progress",
    "TALLY",
    "TURN",
    "is_over",
    "tally_complete",
    "tally_entered",
    "TALLY_ENDED",
    "TALLY_ENTERED",
    "ENGINE",
    "FULL_SUPPLY_POINTS",
    "GAME",
    "SUBSTITUTES",
    "TIE_BREAK_ORDER",
    "Action",
    "Build",
    "Entry",
    "GameResult",
    "Given",
    "Line",
    "NoHouseForTradeRouteError",
    "NoHouseToUpgradeError",
    "NotAtTableError",
    "Placement",
    "PlayerResult",
    "ScoreSheet",
    "Space",
    "Supply",
    "SupplyError",
    "Token",
    "TurnError",
    "TurnRecord",
    "Upgrade",
    "apply_turn",
    "blank",
    "display_names",
    "places",
    "rank_key",
    "read",
    "score",
    "score_json",
    "token_to_place",
    "write",
]
