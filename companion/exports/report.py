"""The end-of-game report: what it says, built from a table, before any drawing.

:func:`build_report` turns a read table file (and, for Foundations of Rome, the
totals of the eras already scored) into a :class:`Report`: the places with the
tie-breaks in words, the score table, every explained line with its rule, and
for Foundations of Rome the city board and the score chart as SVG. Nothing here
needs Flask or WeasyPrint: the HTML comes from ``templates/report/report.html``
(:func:`template_context` gives its variables) and the PDF from
:mod:`companion.exports.pdf`.

Every sentence is a :class:`~companion.engines.base.Message` (or an engine's own
text), so the web layer can translate it; the SVG functions take the ``words``
function that turns a message into the reader's language, and escape every
string that comes from the players.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from enum import Enum
from pathlib import Path
from types import MappingProxyType
from typing import Final, TypeAlias, TypedDict, TypeVar
from xml.sax.saxutils import escape

from ..engines import Table
from ..engines import all_roads as ar
from ..engines import foundations as fr
from ..engines import glory as gtr
from ..engines.base import (
    ENGLISH_ONLY,
    Citation,
    Colour,
    Line,
    Message,
    Player,
    PlayerId,
    msg,
    nmsg,
    player_marks,
    section_words,
)
from ..engines.foundations import fortune
from ..engines.foundations import monument_cards as cards

Text: TypeAlias = "Message | str"
"""A sentence for the reader: a translatable message, or an engine's own text."""

Words: TypeAlias = Callable[[Text], str]
"""Turns a :data:`Text` into the reader's language (the web's ``words`` filter)."""

TEMPLATES_DIR: Final = Path(__file__).resolve().parents[2] / "templates"
TEMPLATE: Final = "report/report.html"

# --------------------------------------------------------------------------
# Seats: who is who, by colour and by letter
# --------------------------------------------------------------------------

PLAYER_COLOURS: Final[Mapping[Colour, str]] = MappingProxyType(
    {
        Colour.RED: "#c62828",
        Colour.BLUE: "#1565c0",
        Colour.GREEN: "#2e7d32",
        Colour.PURPLE: "#6a1b9a",
        Colour.YELLOW: "#f9a825",
    }
)
"""Each player colour as the screens draw it (static/style.css)."""

_DARK_INK: Final = frozenset({Colour.YELLOW})
"""Colours light enough to need black letters on them."""


@dataclass(frozen=True)
class Seat:
    """A player as the report shows them: name, letter and, where the game has
    player colours, the colour. The letter is what tells players apart on the
    board and the chart, so that no one needs to see colour."""

    player: Player
    letter: str
    """The player's mark: their name's initial (``base.player_marks``), as
    every screen shows it."""
    colour: str | None = None
    """``#rrggbb``, or ``None`` in a game without player colours."""
    colour_name: Message | None = None
    ink: str = "#ffffff"
    """The colour of a letter drawn on :attr:`colour`."""

    @property
    def id(self) -> PlayerId:
        return self.player.id

    @property
    def name(self) -> str:
        return self.player.name


def _colour_seat(player: Player, mark: str, colour: Colour) -> Seat:
    """The seat of a player whose id is ``colour``: its mark, its colour."""
    ink = "#000000" if colour in _DARK_INK else "#ffffff"
    return Seat(player, mark, PLAYER_COLOURS[colour], colour.title, ink)


def seats_of(players: Sequence[Player], *, colours: bool = True) -> tuple[Seat, ...]:
    """The seats in seating order, each with a mark unique at the table, made
    from the players' names as the screens make it (``base.player_marks``).

    :param colours: the game's player ids are colours (each seat gets its
        colour too); otherwise seats have no colour.
    """
    marks = player_marks(players)
    ids = {colour.value for colour in Colour}
    if colours and players and all(p.id in ids for p in players):
        return tuple(_colour_seat(p, marks[p.id], Colour(p.id)) for p in players)
    return tuple(Seat(p, marks[p.id]) for p in players)


# --------------------------------------------------------------------------
# The report
# --------------------------------------------------------------------------


class RowKind(Enum):
    """How a row of the score table reads."""

    POINTS = "points"
    """Points that add up to the total."""
    PART = "part"
    """A part of the row above it (a category of the last era)."""
    TOTAL = "total"
    """A total: the row that decides the places."""
    INFO = "info"
    """A count that is not points (population, coins, cards in hand)."""


@dataclass(frozen=True)
class Row:
    """One row of the score table: a label and one cell per seat."""

    label: Text
    cells: tuple[int | None, ...]
    """One per seat, in seating order; ``None``: not known or not applicable."""
    kind: RowKind = RowKind.POINTS


@dataclass(frozen=True)
class Standing:
    """A seat's final place: 1 for the winner(s); shared places skip (1, 1, 3)."""

    seat: Seat
    place: int
    total: int


@dataclass(frozen=True)
class Explained:
    """One explained line: points (``None`` for a decision), the sentence, and
    the number of its rule in :attr:`Report.sources`."""

    points: int | None
    text: Text
    ref: int
    category: Text | None = None
    """The score-table row the line belongs to, where the game has categories."""

    @property
    def mark(self) -> str:
        """:attr:`ref` as superscript digits (``¹²``): the reference to the rule."""
        return str(self.ref).translate(_SUPERSCRIPTS)


_SUPERSCRIPTS: Final = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


@dataclass(frozen=True)
class SeatLines:
    """The explained lines of one seat."""

    seat: Seat
    total: int
    lines: tuple[Explained, ...]


@dataclass(frozen=True)
class EraTotals:
    """Each player's running total after one era's scoring (Foundations of Rome),
    as the table's history recorded it."""

    era: int
    totals: Mapping[PlayerId, int]


@dataclass(frozen=True)
class ChartPoint:
    """A seat's running total after ``era`` (0: the start of the game)."""

    era: int
    total: int


@dataclass(frozen=True)
class RoadEdge:
    """A road board's edge as the era scoring resolved it (rulebook 000,
    "Determining Influence"): the ranked seats with their influence, first
    pick first, and the tie-breaks that ordered them."""

    road: Text
    ranking: tuple[tuple[Seat, int], ...]
    tie_breaks: tuple[Explained, ...] = ()


@dataclass(frozen=True)
class Report:
    """Everything the end-of-game report says, in the order it says it."""

    game: str
    """The game's slug (``foundations-of-rome``)."""
    game_name: Text
    date: date
    seats: tuple[Seat, ...]
    final: bool
    """Whether the game is over; otherwise the report gives the standings so far."""
    status: Text
    """What the numbers are: the final scores, or the scores after which era."""
    unit: Text
    """What the totals count (VP, or unbuilt points in All Roads)."""
    standings: tuple[Standing, ...]
    """In place order; players sharing a place in seating order."""
    verdict: Text
    """Who won (or leads), in words."""
    decisions: tuple[Explained, ...]
    """The tie-breaks applied, the places still shared, the bonuses decided."""
    rows: tuple[Row, ...]
    explanations: tuple[SeatLines, ...]
    sources: tuple[Text, ...]
    """The rules cited; :attr:`Explained.ref` 1 is the first."""
    notes: tuple[Text, ...] = ()
    roads: tuple[RoadEdge, ...] = ()
    """Foundations of Rome with Roads of Fortune: each edge's ranking."""
    city: fr.City | None = None
    """Foundations of Rome: the city board to draw."""
    chart: Mapping[PlayerId, tuple[ChartPoint, ...]] = field(
        default_factory=lambda: MappingProxyType({})
    )
    """Foundations of Rome: each seat's known totals after each era."""
    chart_eras: int = 0
    """The last era on the chart's axis."""
    ended: Explained | None = None
    """Glory to Rome: how the game ended, when the table says so."""

    def seat(self, pid: PlayerId) -> Seat:
        for seat in self.seats:
            if seat.id == pid:
                return seat
        raise KeyError(pid)

    @property
    def winners(self) -> tuple[Seat, ...]:
        """The seat(s) in first place (the leaders when the game is not over)."""
        return tuple(s.seat for s in self.standings if s.place == 1)


class _Sources:
    """Numbers the rules cited, in the order they are first cited."""

    def __init__(self) -> None:
        self._refs: dict[str, int] = {}
        self.texts: list[Text] = []

    def ref(self, source: Citation | str) -> int:
        key = str(source)
        if key not in self._refs:
            self.texts.append(cite(source))
            self._refs[key] = len(self.texts)
        return self._refs[key]


def cite(source: Citation | str) -> Text:
    """A rule's source in words: a citation's rulebook and section (and page)
    become a message; an engine's own source text is kept as it is."""
    if isinstance(source, str):
        return source
    if not source.rulebook.isdigit():  # our notes, cited by what they are
        return source.as_message()
    section: Text = source.section
    if source.rulebook in ENGLISH_ONLY:  # the section title in the reader's words
        section = section_words(source.section)
    if source.page is not None:
        return msg(
            "Rulebook {book}, {section}, p. {page}",
            book=source.rulebook,
            section=section,
            page=source.page,
        )
    return msg("Rulebook {book}, {section}", book=source.rulebook, section=section)


def join_names(names: Sequence[str]) -> Text:
    """``Ana``, ``Ana and Bo``, ``Ana, Bo and Chiara``."""
    if not names:
        return ""
    if len(names) == 1:
        return names[0]
    return msg("{names} and {last}", names=", ".join(names[:-1]), last=names[-1])


def _standings(
    seats: Sequence[Seat], totals: Sequence[int], places: Sequence[int]
) -> tuple[Standing, ...]:
    order = sorted(range(len(seats)), key=lambda i: (places[i], i))
    return tuple(Standing(seats[i], places[i], totals[i]) for i in order)


def _verdict(
    winners: Sequence[Seat],
    points: int,
    unit_points: Callable[[int], Message],
    *,
    final: bool,
) -> Message:
    names = join_names([s.name for s in winners])
    amount = unit_points(points)
    if final:
        if len(winners) == 1:
            return msg("{names} wins with {amount}.", names=names, amount=amount)
        return msg(
            "{names} share the victory with {amount} each.", names=names, amount=amount
        )
    if len(winners) == 1:
        return msg("{names} leads with {amount}.", names=names, amount=amount)
    return msg("{names} share the lead with {amount} each.", names=names, amount=amount)


def _vp(n: int) -> Message:
    return msg("{n} VP", n=n)


def _explained(lines: Sequence[Line], sources: _Sources) -> tuple[Explained, ...]:
    """Engine lines as the report prints them, each with its rule's number."""
    return tuple(
        Explained(line.points, line.text, sources.ref(line.source)) for line in lines
    )


SheetT = TypeVar("SheetT", fr.City, ar.ScoreSheet, gtr.ScoreSheet)


def _sheet(table: Table, kind: type[SheetT]) -> SheetT:
    """The sheet of ``table``, of the game a report function is for.

    :raises TypeError: a table of another game.
    """
    sheet = table.sheet
    if not isinstance(sheet, kind):
        raise TypeError(f"a {table.game.slug} table has no {kind.__qualname__}")
    return sheet


def _seats(table: Table, players: Sequence[Player]) -> tuple[Seat, ...]:
    """The seats of ``players``, by colour where the game has player colours."""
    return seats_of(players, colours=table.game.colours is not None)


# --------------------------------------------------------------------------
# Foundations of Rome
# --------------------------------------------------------------------------

SILVER: Final = fr.SILVER_TITLE
"""The row and the lines of the coins commercial buildings give (eras 1 and 2)."""

ROAD_GAINS: Final[Mapping[fortune.Gain, Message]] = MappingProxyType(
    {
        fortune.Gain.COINS: msg("Road boards: coins"),
        fortune.Gain.POPULATION: msg("Road boards: population"),
        fortune.Gain.NOTE: fr.Category.ROADS.title,
    }
)
"""The road boards' results other than VP, as the lines that explain them."""


def _fr_known_totals(
    city: fr.City, history: Iterable[EraTotals]
) -> dict[int, dict[PlayerId, int]]:
    """The running totals known after each era before the current one: 0 at the
    start, the history's eras, and ``score_before`` for the era just before."""
    ids = [p.id for p in city.players]
    known: dict[int, dict[PlayerId, int]] = {0: dict.fromkeys(ids, 0)}
    for era in history:
        if 1 <= era.era < city.era and all(pid in era.totals for pid in ids):
            known[era.era] = {pid: era.totals[pid] for pid in ids}
    if city.era > 1:
        # The file's own score_before is the truth for the era just before.
        known[city.era - 1] = {pid: city.score_before.get(pid, 0) for pid in ids}
    return known


def _fr_earlier_rows(
    city: fr.City, known: Mapping[int, Mapping[PlayerId, int]]
) -> list[Row]:
    """One row per earlier era; eras whose totals are not known are merged with
    the next known one ("Eras 1 to 2")."""
    rows: list[Row] = []
    start = 0
    for era in range(1, city.era):
        if era not in known:
            continue
        label: Text = (
            msg("Era {era}", era=era)
            if start == era - 1
            else msg("Eras {first} to {last}", first=start + 1, last=era)
        )
        cells = tuple(known[era][p.id] - known[start][p.id] for p in city.players)
        rows.append(Row(label, cells))
        start = era
    return rows


def _fr_category_shown(
    result: fr.EraResult, category: fr.Category, city: fr.City
) -> bool:
    """Whether the score table has a row for ``category``: one that scored or
    explained something, and always the three building types; road boards
    where they are in play, empty lots at the end of the game."""
    tallies = [s.category(category) for s in result.players]
    if any(t.points or t.lines for t in tallies):
        return True
    match category:
        case fr.Category.RESIDENTIAL | fr.Category.CIVIC | fr.Category.COMMERCIAL:
            return True
        case fr.Category.ROADS:
            return bool(city.road_boards)
        case fr.Category.EMPTY_LOTS:
            return result.final


def _fr_rows(
    city: fr.City, result: fr.EraResult, known: Mapping[int, Mapping[PlayerId, int]]
) -> tuple[Row, ...]:
    """The score table: the earlier eras' totals, then this era scored from the
    board with its population and its categories (rulebook 001, "End of Era
    Scoring"), the running total, and before the end the coins collected,
    which are not VP until Era 3 ("Commercial Building Scoring")."""
    players = result.players
    rows = _fr_earlier_rows(city, known)
    rows.append(
        Row(msg("Era {era}", era=city.era), tuple(s.era_total for s in players))
    )
    rows.append(
        Row(
            msg("Population (citizens and tokens)"),
            tuple(s.population for s in players),
            RowKind.INFO,
        )
    )
    rows.extend(
        Row(
            category.title,
            tuple(s.category(category).points for s in players),
            RowKind.PART,
        )
        for category in fr.Category
        if _fr_category_shown(result, category, city)
    )
    rows.append(Row(msg("Total"), tuple(s.total for s in players), RowKind.TOTAL))
    if not result.final:
        rows.append(Row(SILVER, tuple(s.silver.points for s in players), RowKind.INFO))
    return tuple(rows)


def _fr_parts(score: fr.PlayerScore) -> list[tuple[Message, fr.Tally]]:
    """A player's explained results, each under the row it belongs to: the
    categories (rulebook 001, "End of Era Scoring"), the coins collected, then
    the road boards' results that are not VP (rulebook 000, "Gameplay
    Overview"): coins, population tokens, notes."""
    parts = [(c.title, score.category(c)) for c in fr.Category]
    parts.append((SILVER, score.silver))
    if score.road is not None:
        for gain, title in ROAD_GAINS.items():
            parts.append((title, fr.Tally(0, score.road.lines(gain))))
    return parts


def _fr_explanations(
    seats: Sequence[Seat], result: fr.EraResult, sources: _Sources
) -> tuple[SeatLines, ...]:
    """Each seat's lines of this era, with their rules, in the order of
    :func:`_fr_parts`."""
    return tuple(
        SeatLines(
            seat,
            s.total,
            tuple(
                Explained(line.points, line.text, sources.ref(line.source), title)
                for title, tally in _fr_parts(s)
                for line in tally.lines
            ),
        )
        for seat, s in zip(seats, result.players, strict=True)
    )


def _fr_road_edges(
    seats: Sequence[Seat], result: fr.EraResult, sources: _Sources
) -> tuple[RoadEdge, ...]:
    """Each road board edge's ranking by influence and the tie-breaks that
    ordered it (rulebook 000, "Determining Influence"); none without road
    boards."""
    if result.roads is None:
        return ()
    by_id = {seat.id: seat for seat in seats}
    return tuple(
        RoadEdge(
            edge.edge.road,
            tuple(
                (by_id[st.player], st.influence)
                for st in edge.standings
                if st.player in by_id
            ),
            _explained(edge.tie_breaks, sources),
        )
        for edge in result.roads.edges
    )


def _fr_notes(city: fr.City, history: Sequence[EraTotals]) -> tuple[Text, ...]:
    """Where the earlier eras' numbers come from, after Era 1: the table's
    history, or else the ``score_before`` the file carries (spec: "Foundations
    of Rome")."""
    if city.era <= 1:
        return ()
    if any(e.era < city.era for e in history):
        return (
            msg(
                "Earlier eras are their totals from the table's history; the "
                "lines below explain Era {era}, scored from the board.",
                era=city.era,
            ),
        )
    return (
        msg(
            "Earlier eras are the scores the table file carries into Era "
            "{era}; the lines below explain Era {era}, scored from the board.",
            era=city.era,
        ),
    )


def _fr_chart(
    city: fr.City, result: fr.EraResult, known: Mapping[int, Mapping[PlayerId, int]]
) -> Mapping[PlayerId, tuple[ChartPoint, ...]]:
    """Each player's running total after each era whose total is known, and
    after the era just scored."""
    return MappingProxyType(
        {
            s.player.id: (
                *(ChartPoint(era, known[era][s.player.id]) for era in sorted(known)),
                ChartPoint(city.era, s.total),
            )
            for s in result.players
        }
    )


def _fr_status(city: fr.City, result: fr.EraResult) -> Message:
    """What the totals are: final after the Era 3 scoring (rulebook 001, "End
    of Game"), else the scores so far."""
    if result.final:
        return msg("Final scores after the Era 3 scoring")
    return msg(
        "Scores after the Era {era} scoring, from the board as it stands: "
        "the game is not over",
        era=city.era,
    )


def foundations_report(
    table: Table,
    *,
    on: date,
    history: Sequence[EraTotals] = (),
    catalogue: cards.Catalogue | None = None,
) -> Report:
    """The report of a Foundations of Rome table: the current era scored from the
    board (rulebook 001, "End of Era Scoring"; Era 3 adds "End of Game"), the
    earlier eras as totals from ``history`` (else from ``score_before``), the
    city board and the chart of the running totals.

    The most VP after Era 3 wins; the rulebook gives no tie-break, so tied
    players share the place (rulebook 001, "End of Game"): the places and the
    sentences of the shared ones are the engine's (:func:`fr.places`,
    :func:`fr.tie_lines`), as the screens show them.
    """
    city = _sheet(table, fr.City)
    result = fr.score(city, catalogue=catalogue)
    seats = _seats(table, city.players)
    totals = [s.total for s in result.players]
    place_of = {p.player.id: p.place for p in fr.places(result)}
    places = [place_of[s.player.id] for s in result.players]
    leaders = [seats[i] for i, p in enumerate(places) if p == 1]
    known = _fr_known_totals(city, history)
    # The rules are numbered as first cited: ties, then lines, then road edges.
    sources = _Sources()
    decisions = _explained(fr.tie_lines(result), sources)
    explanations = _fr_explanations(seats, result, sources)
    roads = _fr_road_edges(seats, result, sources)
    return Report(
        game=table.game.slug,
        game_name=table.game.title,
        date=on,
        seats=seats,
        final=result.final,
        status=_fr_status(city, result),
        unit=msg("VP"),
        standings=_standings(seats, totals, places),
        verdict=_verdict(leaders, max(totals), _vp, final=result.final),
        decisions=decisions,
        rows=_fr_rows(city, result, known),
        explanations=explanations,
        sources=tuple(sources.texts),
        notes=_fr_notes(city, history),
        city=city,
        roads=roads,
        chart=_fr_chart(city, result, known),
        chart_eras=3,
    )


# --------------------------------------------------------------------------
# All Roads
# --------------------------------------------------------------------------

_TOKENS_LEFT: Final[Mapping[str, Message]] = MappingProxyType(
    {
        "monument": msg("Monuments left unbuilt"),
        "spa": msg("Spas left unbuilt"),
        "villa": msg("Villas left unbuilt"),
        "house": msg("Houses left unbuilt"),
    }
)
_TOKENS_BUILT: Final[Mapping[str, Message]] = MappingProxyType(
    {
        "monument": msg("Monuments built (1st tie-break)"),
        "spa": msg("Spas built (2nd tie-break)"),
        "villa": msg("Villas built (3rd tie-break)"),
    }
)


def _unbuilt_points(n: int) -> Message:
    return nmsg("{n} unbuilt point", "{n} unbuilt points", n=n)


def all_roads_report(table: Table, *, on: date, over: bool = True) -> Report:
    """The report of an All Roads table: the final tally (rulebook 002, "End of
    the Game"). Fewest unbuilt points wins (monument 4, spa 3, villa 2, house 1);
    a tie goes to more monuments built, then spas, then villas; players still
    tied share the place. Before the game is ``over`` (turns still to record)
    it shows the standings so far and names no winner."""
    sheet = _sheet(table, ar.ScoreSheet)
    result = ar.score(sheet)
    seats = _seats(table, sheet.players)
    sources = _Sources()
    totals = [r.unbuilt_points for r in result.players]
    so_far = result.places_so_far()
    places = [r.place if over else so_far[r.player.id] for r in result.players]
    leaders = [seats[i] for i, p in enumerate(places) if p == 1]
    rows = [
        Row(
            _TOKENS_LEFT.get(token.value, token.value),
            tuple(r.unbuilt.count(token) for r in result.players),
            RowKind.INFO,
        )
        for token in ar.Token
    ]
    rows.append(Row(msg("Unbuilt points (fewest wins)"), tuple(totals), RowKind.TOTAL))
    rows.extend(
        Row(
            _TOKENS_BUILT.get(token.value, token.value),
            tuple(r.unbuilt.built(token) for r in result.players),
            RowKind.INFO,
        )
        for token in ar.TIE_BREAK_ORDER
    )
    # The tie-breaks decide places at the end; before it they would announce a
    # shared victory that is not there yet.
    decisions = _explained(result.lines, sources) if over else ()
    explanations = tuple(
        SeatLines(seat, r.unbuilt_points, _explained(r.lines, sources))
        for seat, r in zip(seats, result.players, strict=True)
    )
    return Report(
        game=table.game.slug,
        game_name=table.game.title,
        date=on,
        seats=seats,
        final=over,
        status=(
            msg("Final tally: fewest unbuilt points wins")
            if over
            else msg("Unbuilt points so far: the game is not over")
        ),
        unit=msg("unbuilt points"),
        standings=_standings(seats, totals, places),
        verdict=_verdict(leaders, min(totals), _unbuilt_points, final=over),
        decisions=decisions,
        rows=tuple(rows),
        explanations=explanations,
        sources=tuple(sources.texts),
    )


# --------------------------------------------------------------------------
# Glory to Rome
# --------------------------------------------------------------------------


def glory_report(
    table: Table, *, on: date, end: gtr.GameEnd | None = None, over: bool = True
) -> Report:
    """The report of a Glory to Rome table (rulebook 003, "Fine partita e
    punteggio" p. 9; 004, 计分和胜利条件): influence + vault + merchant bonuses
    + Statue and Wall; a tie goes to the most cards in hand; players still tied
    share the place. How the game ended is the file's ``ended``, or ``end`` (a
    ``glory.GameEnd``) when given (a table whose history noted it before the
    file carried it): a Forum victory or a surrender names the winner, whatever
    the scores. Until the camps are entered (not ``over``) no winner is named."""
    sheet = _sheet(table, gtr.ScoreSheet)
    if end is not None and end != sheet.ended:
        sheet = replace(sheet, ended=end)
    result = gtr.score(sheet)
    seats = _seats(table, sheet.players)
    sources = _Sources()
    players = result.players
    totals = [r.total for r in players]
    places = [r.place for r in players]
    leaders = [seats[i] for i, p in enumerate(places) if p == 1]
    rows = (
        Row(msg("Influence"), tuple(r.influence for r in players)),
        Row(msg("Vault"), tuple(r.vault for r in players)),
        Row(msg("Merchant bonuses"), tuple(r.merchant_bonus for r in players)),
        Row(msg("Statue and Wall"), tuple(r.buildings for r in players)),
        Row(msg("Total"), tuple(totals), RowKind.TOTAL),
        Row(
            msg("Cards in hand (tie-break)"),
            tuple(r.hand for r in players),
            RowKind.INFO,
        ),
    )
    # How the game ended is said once, under the status, whether or not the
    # camps are entered; the decisions are the bonuses and tie-breaks.
    ended = _explained([result.ended_line], sources)[0] if result.ended_line else None
    decided = [line for line in result.lines if line is not result.ended_line]
    decisions = _explained(decided, sources) if over else ()
    explanations = tuple(
        SeatLines(seat, r.total, _explained(r.lines, sources))
        for seat, r in zip(seats, players, strict=True)
    )
    status: Message
    if result.named_win:
        status = msg("Final scores, not compared: the game was won outright")
    elif over:
        status = msg("Final scores: most points wins")
    else:
        status = msg("Scores so far: the camps are not entered yet")
    return Report(
        game=table.game.slug,
        game_name=table.game.title,
        date=on,
        seats=seats,
        final=over or result.named_win is not None,
        status=status,
        unit=msg("VP"),
        standings=_standings(seats, totals, places),
        verdict=(
            result.named_win.text
            if result.named_win
            else _verdict(leaders, max(totals), _vp, final=over)
        ),
        decisions=decisions,
        rows=rows,
        explanations=explanations,
        sources=tuple(sources.texts),
        ended=ended,
    )


@dataclass(frozen=True)
class Asked:
    """What :func:`build_report` was given beside the table; each game's
    builder reads the parts it needs (see :func:`build_report`)."""

    on: date
    history: Sequence[EraTotals]
    catalogue: cards.Catalogue | None
    over: bool
    end: gtr.GameEnd | None


ReportBuilder: TypeAlias = Callable[[Table, Asked], Report]
"""How one game's report is made."""

REPORTS: Final[Mapping[str, ReportBuilder]] = MappingProxyType(
    {
        fr.GAME: lambda table, asked: foundations_report(
            table, on=asked.on, history=asked.history, catalogue=asked.catalogue
        ),
        ar.GAME: lambda table, asked: all_roads_report(
            table, on=asked.on, over=asked.over
        ),
        gtr.GAME: lambda table, asked: glory_report(
            table, on=asked.on, end=asked.end, over=asked.over
        ),
    }
)
"""Each registered game's report, by the slug of its entry in
``companion.engines.GAMES`` (a test checks that every game has one)."""


def build_report(
    table: Table,
    *,
    on: date,
    history: Sequence[EraTotals] = (),
    catalogue: cards.Catalogue | None = None,
    over: bool = True,
    end: gtr.GameEnd | None = None,
) -> Report:
    """The report of ``table`` as of the date ``on``, made by its game's
    builder (:data:`REPORTS`).

    :param history: Foundations of Rome only: each player's running total after
        each era already scored (the table's history); without it the earlier
        eras come from the file's ``score_before``.
    :param catalogue: Foundations of Rome only: the table's monument cards,
        with the values its group changed (``cards.with_overrides``).
    :param over: All Roads and Glory to Rome: whether the table holds a final
        result (an All Roads game recorded turn by turn has none until its last
        turn; a new table has none); a file alone is a final result.
    :param end: Glory to Rome only: how the game ended (``glory.GameEnd``).
    :raises ValueError: a game the report does not know.
    """
    builder = REPORTS.get(table.game.slug)
    if builder is None:
        raise ValueError(f"no report for the game {table.game.slug!r}")
    return builder(
        table, Asked(on=on, history=history, catalogue=catalogue, over=over, end=end)
    )


# --------------------------------------------------------------------------
# SVG: the city board and the score chart
# --------------------------------------------------------------------------

SVG_FONTS: Final = "DejaVu Sans, WenQuanYi Micro Hei, Noto Sans CJK SC, sans-serif"
"""The same explicit stack as static/print.css."""

_CELL: Final = 24
_GUTTER: Final = 16


def _mix(colour: str, weight: float) -> str:
    """``colour`` at ``weight`` over white, as ``#rrggbb``."""
    rgb = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    mixed = [round(255 - (255 - c) * weight) for c in rgb]
    return "#" + "".join(f"{c:02x}" for c in mixed)


def _icon_path(kind: str, x: float, y: float) -> tuple[str, bool]:
    """A small shape for a building type in the 6x6 square at (x, y), as path
    data, and whether it is filled (else stroked): a house for residential, a
    coin for commercial, a column for civic, a star for anything else (a
    monument). Shapes need no font and no colour to be told apart."""
    if kind == "residential":
        return f"M{x} {y + 3}l3 -3l3 3v3h-6z", True
    if kind == "commercial":
        return (
            f"M{x + 0.4} {y + 3}a2.6 2.6 0 1 0 5.2 0a2.6 2.6 0 1 0 -5.2 0",
            False,
        )
    if kind == "civic":
        return (
            f"M{x} {y + 0.5}h6M{x + 1.5} {y + 0.5}v5M{x + 4.5} {y + 0.5}v5"
            f"M{x} {y + 5.5}h6",
            False,
        )
    return (
        f"M{x + 3} {y}l0.9 2.1l2.1 0.2l-1.6 1.4l0.5 2.2l-1.9 -1.2"
        "l-1.9 1.2l0.5 -2.2l-1.6 -1.4l2.1 -0.2z",
        True,
    )


def _lot_sides(building: fr.Building, index: int, built: Mapping[fr.Lot, int]) -> str:
    """Path data of the outline of ``building``: the sides of its lots that do
    not touch another lot of the same building."""
    sides = []
    for lot in building.lots:
        x, y = _corner(lot)
        for dc, dr, d in (
            (0, -1, f"M{x} {y}h{_CELL}"),
            (0, 1, f"M{x} {y + _CELL}h{_CELL}"),
            (-1, 0, f"M{x} {y}v{_CELL}"),
            (1, 0, f"M{x + _CELL} {y}v{_CELL}"),
        ):
            column, row = lot.column + dc, lot.row + dr
            same = column >= 0 and row >= 1 and built.get(fr.Lot(column, row)) == index
            if not same:
                sides.append(d)
    return "".join(sides)


def _centred_run(
    items: Iterable[tuple[float, float, str]], *, size: float, advance: float
) -> str:
    """One ``<text>`` holding many short labels, each centred on its (x, y).

    Each character gets its own position (SVG's ``x``/``y`` lists), so one text
    element replaces dozens: WeasyPrint lays out every text element, and
    centring with ``text-anchor`` costs a drawing group each. ``advance`` is the
    width of one character in ems (labels are capitals and digits).
    """
    xs: list[str] = []
    ys: list[str] = []
    chars: list[str] = []
    width = size * advance
    for x, y, label in items:
        left = x - width * len(label) / 2
        for k, char in enumerate(label):
            xs.append(f"{left + k * width:.1f}")
            ys.append(f"{y:.1f}")
            chars.append(escape(char))
    if not chars:
        return ""
    return f'<text x="{" ".join(xs)}" y="{" ".join(ys)}">{"".join(chars)}</text>'


def _building_name(building: fr.Building, words: Words) -> str:
    """A building's name for the board's description: its own name, its
    monument card (by slug), or its type."""
    if building.name:
        return words(building.what)
    slug = getattr(building.values, "slug", None)
    if isinstance(slug, str):
        card = cards.CATALOGUE.get(slug)
        return card.name if card is not None else slug
    return words(building.type.title)


def _corner(lot: fr.Lot) -> tuple[int, int]:
    """The top-left corner of ``lot`` on the drawing."""
    return _GUTTER + lot.column * _CELL, _GUTTER + (lot.row - 1) * _CELL


def board_svg(city: fr.City, seats: Sequence[Seat], words: Words = str) -> str:
    """The city board as SVG: the lots in play for the player count (the edge
    lots shaded), each building in its owner's colour with the owner's letter
    and a shape for its type, and each lot marker as a ring in the owner's
    colour with the owner's letter.

    Every text that comes from the players (names, building names, in the
    description) is escaped. Shapes of one owner share a path: WeasyPrint
    draws few large paths much faster than many small elements.
    """
    by_id = {seat.id: seat for seat in seats}
    size = city.board.size
    span = size * _CELL
    side = _GUTTER + span + 2
    built = city.built()
    described = [
        words(
            msg(
                "{player}'s {building} at {lots}",
                player=by_id[b.owner].name if b.owner in by_id else b.owner,
                building=_building_name(b, words),
                lots=fr.format_lots(b.lots),
            )
        )
        for b in city.buildings
    ]
    described += [
        words(
            msg(
                "{player}'s lot marker on {lot}",
                player=by_id[pid].name if pid in by_id else pid,
                lot=str(lot),
            )
        )
        for pid, lots in city.lot_markers.items()
        for lot in lots
    ]
    title = words(msg("City board, {size} by {size} lots", size=size))
    out: list[str] = [
        '<svg xmlns="http://www.w3.org/2000/svg" class="board" '
        f'viewBox="0 0 {side} {side}" font-family="{SVG_FONTS}">',
        f"<title>{escape(title)}</title>",
        f"<desc>{escape('; '.join(described))}</desc>",
        f'<rect x="{_GUTTER}" y="{_GUTTER}" width="{span}" height="{span}" '
        'fill="#ece6dc"/>',
    ]
    if size > 2:
        out.append(
            f'<rect x="{_GUTTER + _CELL}" y="{_GUTTER + _CELL}" '
            f'width="{span - 2 * _CELL}" height="{span - 2 * _CELL}" fill="#fff"/>'
        )
    end = _GUTTER + span
    grid = "".join(
        f"M{_GUTTER + i * _CELL} {_GUTTER}V{end}M{_GUTTER} {_GUTTER + i * _CELL}H{end}"
        for i in range(size + 1)
    )
    out.append(f'<path d="{grid}" stroke="#b9ae9f" stroke-width=".5" fill="none"/>')
    centres = [_GUTTER + i * _CELL + _CELL / 2 for i in range(size)]
    labels: list[tuple[float, float, str]] = [
        (c, _GUTTER - 4, chr(ord("A") + i)) for i, c in enumerate(centres)
    ]
    labels += [(_GUTTER / 2, c + 3, str(i + 1)) for i, c in enumerate(centres)]
    out.append(
        '<g font-size="9" fill="#5e574f">'
        f"{_centred_run(labels, size=9, advance=0.63)}</g>"
    )

    owners = [*by_id, *sorted({b.owner for b in city.buildings} - set(by_id))]
    for owner in owners:
        mine = [(i, b) for i, b in enumerate(city.buildings) if b.owner == owner]
        if not mine:
            continue
        seat = by_id.get(owner)
        colour = seat.colour if seat and seat.colour else "#777777"
        ink = seat.ink if seat else "#ffffff"
        letter = seat.letter if seat else "?"
        tint = "".join(
            f"M{x} {y}h{_CELL}v{_CELL}h-{_CELL}z"
            for _, b in mine
            for x, y in map(_corner, b.lots)
        )
        outline = "".join(_lot_sides(b, i, built) for i, b in mine)
        badges: list[str] = []
        filled: list[str] = []
        stroked: list[str] = []
        letters: list[tuple[float, float, str]] = []
        for _, b in mine:
            x, y = _corner(min(b.lots, key=lambda lot: (lot.row, lot.column)))
            badges.append(f"M{x + 3} {y + 3}h18v18h-18z")
            icon, solid = _icon_path(b.type.value, x + 14, y + 5)
            (filled if solid else stroked).append(icon)
            letters.append((x + 9, y + 16, letter))
        out.append(f'<path d="{tint}" fill="{_mix(colour, 0.45)}"/>')
        out.append(
            f'<path d="{outline}" fill="none" stroke="{colour}" stroke-width="2" '
            'stroke-linecap="square"/>'
        )
        out.append(f'<path d="{"".join(badges)}" fill="{colour}"/>')
        if filled:
            out.append(f'<path d="{"".join(filled)}" fill="{ink}"/>')
        if stroked:
            out.append(f'<path d="{"".join(stroked)}" fill="none" stroke="{ink}"/>')
        run = _centred_run(letters, size=10, advance=0.72)
        out.append(f'<g font-size="10" font-weight="bold" fill="{ink}">{run}</g>')

    for pid, lots in city.lot_markers.items():
        if not lots:
            continue
        seat = by_id.get(pid)
        colour = seat.colour if seat and seat.colour else "#777777"
        letter = seat.letter if seat else "?"
        rings: list[str] = []
        marks: list[tuple[float, float, str]] = []
        for lot in lots:
            x, y = _corner(lot)
            cx, cy = x + _CELL // 2, y + _CELL // 2
            rings.append(f"M{cx - 7.5} {cy}a7.5 7.5 0 1 0 15 0a7.5 7.5 0 1 0 -15 0")
            marks.append((cx, cy + 3, letter))
        out.append(
            f'<path d="{"".join(rings)}" fill="#fff" stroke="{colour}" '
            'stroke-width="2"/>'
        )
        run = _centred_run(marks, size=8.5, advance=0.66)
        out.append(f'<g font-size="8.5" fill="#1e1b18">{run}</g>')
    out.append("</svg>")
    return "".join(out)


_MARKERS: Final = ("circle", "square", "triangle", "diamond", "down")
"""A marker shape per seat, so that lines differ without colour."""

_MARKER_GLYPHS: Final = ("●", "■", "▲", "◆", "▼")
"""The same shapes as characters, for the chart's key in the text."""

_TYPE_GLYPHS: Final[Mapping[fr.BuildingType, str]] = MappingProxyType(
    {
        fr.BuildingType.RESIDENTIAL: "⌂",
        fr.BuildingType.COMMERCIAL: "○",
        fr.BuildingType.CIVIC: "Ⅱ",
    }
)
"""Characters that look like the board's type shapes, for its key (else ★);
the key always lists these three types."""

RING_GLYPH: Final = "◯"
"""The lot marker's ring, for the board's key."""


def _marker(shape: str, x: float, y: float) -> str:
    """Path data of a marker of ``shape`` centred on (x, y)."""
    r = 3.2
    if shape == "circle":
        return f"M{x - r:.1f} {y:.1f}a{r} {r} 0 1 0 {2 * r} 0a{r} {r} 0 1 0 {-2 * r} 0z"
    if shape == "square":
        return f"M{x - r:.1f} {y - r:.1f}h{2 * r}v{2 * r}h{-2 * r}z"
    if shape == "triangle":
        return f"M{x:.1f} {y - r - 0.6:.1f}l{r + 0.6} {2 * r}h{-2 * r - 1.2}z"
    if shape == "diamond":
        d = r + 0.8
        return f"M{x:.1f} {y - d:.1f}l{d} {d}l{-d} {d}l{-d} {-d}z"
    return f"M{x:.1f} {y + r + 0.6:.1f}l{r + 0.6} {-2 * r}h{-2 * r - 1.2}z"


def _era_label(era: int, words: Words) -> str:
    return words(msg("Start")) if era == 0 else words(msg("Era {era}", era=era))


def _nice_step(top: int) -> int:
    """The chart's grid step for totals up to ``top``: 1, 2, 5, 10, 20, 25,
    50 ... times a power of ten, so that there are at most 6 grid lines
    whatever the totals (a file may hold any score; the grid must not grow
    with it)."""
    scale = 1
    while True:
        for base in (1, 2, 5, 10, 20, 25, 50):
            step = base * scale
            if top / step <= 6:
                return step
        scale *= 100


def chart_svg(
    series: Mapping[PlayerId, Sequence[ChartPoint]],
    seats: Sequence[Seat],
    words: Words = str,
    *,
    last_era: int = 3,
) -> str:
    """A line chart of each seat's running total after each era (0: the start).

    Each seat has its colour, its own marker shape and its letter at the end of
    its line, so the lines can be told apart in black and white. A gap between
    two known eras (an era whose total is not known) is drawn dashed.
    """
    width, height = 300, 170
    left, right, top, bottom = 30, 22, 10, 24
    plot_w, plot_h = width - left - right, height - top - bottom
    totals = [p.total for points in series.values() for p in points]
    highest, lowest = max(totals, default=0), min(0, *totals)
    step = _nice_step(max(highest - lowest, 1))
    y_max = max(step, -(-highest // step) * step)
    y_min = (lowest // step) * step

    def px(era: float) -> float:
        return left + plot_w * era / max(last_era, 1)

    def py(total: float) -> float:
        return top + plot_h * (1 - (total - y_min) / (y_max - y_min))

    title = words(msg("Running total of VP after each era"))
    values = range(y_min, y_max + 1, step)
    grid = "".join(f"M{left} {py(v):.1f}H{left + plot_w}" for v in values)
    out = [
        '<svg xmlns="http://www.w3.org/2000/svg" class="chart" '
        f'viewBox="0 0 {width} {height}" font-family="{SVG_FONTS}">',
        f"<title>{escape(title)}</title>",
        f'<path d="{grid}" stroke="#d8d0c4" stroke-width=".5" fill="none"/>',
    ]
    labels: list[tuple[float, float, str]] = [
        (left - 4 - 8 * 0.64 * len(str(v)) / 2, py(v) + 3, str(v)) for v in values
    ]
    out.append(
        f'<g font-size="8" fill="#5e574f">{_centred_run(labels, size=8, advance=0.64)}'
    )
    # Words keep their own spacing: one element each, centred by estimate.
    words_at: list[tuple[float, float, str]] = [
        (px(era), height - 8, _era_label(era, words)) for era in range(last_era + 1)
    ]
    words_at.append((4, top - 2, words(msg("VP"))))
    for centre, base, label in words_at:
        start = centre if centre == 4 else centre - 8 * 0.55 * len(label) / 2
        out.append(f'<text x="{start:.1f}" y="{base:.1f}">{escape(label)}</text>')
    out.append("</g>")
    count = max(len(seats), 1)
    ends: list[tuple[float, float, str]] = []
    for index, seat in enumerate(seats):
        points = sorted(series.get(seat.id, ()), key=lambda p: p.era)
        if not points:
            continue
        colour = seat.colour or "#333333"
        shift = (index - (count - 1) / 2) * 2.2  # keep equal totals apart
        xy = [(px(p.era) + shift, py(p.total), p.era) for p in points]
        solid: list[str] = []
        dashed: list[str] = []
        for (x0, y0, e0), (x1, y1, e1) in zip(xy, xy[1:], strict=False):
            (solid if e1 - e0 == 1 else dashed).append(
                f"M{x0:.1f} {y0:.1f}L{x1:.1f} {y1:.1f}"
            )
        if solid:
            out.append(
                f'<path d="{"".join(solid)}" stroke="{colour}" stroke-width="1.6" '
                'fill="none"/>'
            )
        if dashed:
            out.append(
                f'<path d="{"".join(dashed)}" stroke="{colour}" stroke-width="1.2" '
                'stroke-dasharray="3 2" fill="none"/>'
            )
        shape = _MARKERS[index % len(_MARKERS)]
        marks = "".join(_marker(shape, x, y) for x, y, _ in xy)
        out.append(f'<path d="{marks}" fill="{colour}"/>')
        x, y, _ = xy[-1]
        ends.append((x + 10, y + 3, seat.letter))
    # Letters of equal or close totals are stacked, not drawn over each other.
    ends.sort(key=lambda end: end[1])
    placed: list[tuple[float, float, str]] = []
    for x, y, letter in ends:
        if placed and y - placed[-1][1] < 9:
            y = placed[-1][1] + 9
        placed.append((x, y, letter))
    run = _centred_run(placed, size=8.5, advance=0.72)
    out.append(f'<g font-size="8.5" font-weight="bold" fill="#1e1b18">{run}</g>')
    out.append("</svg>")
    return "".join(out)


def marker_glyph(index: int) -> str:
    """The chart marker of the seat at ``index`` as a character, for the key."""
    return _MARKER_GLYPHS[index % len(_MARKER_GLYPHS)]


# --------------------------------------------------------------------------
# The template's variables
# --------------------------------------------------------------------------


class ReportContext(TypedDict):
    """The variables of ``templates/report/report.html``."""

    report: Report
    drawings: dict[str, str]
    """The SVG of each ``report:NAME`` the page names."""
    type_icons: list[tuple[str, str]]
    """The board's key: each building type's glyph and name."""
    ring_glyph: str
    marker_glyphs: list[str]
    """The chart's marker of each seat, in seating order."""
    board_alt: str
    chart_alt: str
    paper: str


def template_context(
    report: Report, *, words: Words = str, paper: str = "a4"
) -> ReportContext:
    """The variables of ``templates/report/report.html``, in the reader's
    language (``words``). ``drawings`` maps each ``report:NAME`` the page names
    to its SVG text, for :func:`companion.exports.pdf.render_pdf` to serve."""
    drawings: dict[str, str] = {}
    icons: list[tuple[str, str]] = []
    if report.city is not None:
        drawings["board.svg"] = board_svg(report.city, report.seats, words)
        kinds = [*_TYPE_GLYPHS]
        kinds += sorted(
            {b.type for b in report.city.buildings} - set(kinds),
            key=lambda kind: kind.value,
        )
        icons = [(_TYPE_GLYPHS.get(kind, "★"), words(kind.title)) for kind in kinds]
    if report.chart:
        drawings["chart.svg"] = chart_svg(
            report.chart, report.seats, words, last_era=report.chart_eras
        )
    size = report.city.board.size if report.city is not None else 0
    return {
        "report": report,
        "drawings": drawings,
        "type_icons": icons,
        "ring_glyph": RING_GLYPH,
        "marker_glyphs": [marker_glyph(i) for i in range(len(report.seats))],
        "board_alt": words(msg("City board, {size} by {size} lots", size=size)),
        "chart_alt": words(msg("Running total of VP after each era")),
        "paper": paper,
    }


def render_html(report: Report, *, paper: str = "a4") -> tuple[str, dict[str, str]]:
    """The report's HTML in English and its drawings, without the web app (the
    ``companion report`` command): the same template, through a plain Jinja
    environment."""
    import jinja2

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES_DIR),
        autoescape=True,
        extensions=["jinja2.ext.i18n"],
        undefined=jinja2.StrictUndefined,
    )
    env.install_null_translations(newstyle=True)  # type: ignore[attr-defined]
    env.filters["words"] = str
    context = template_context(report, words=str, paper=paper)
    html = env.get_template(TEMPLATE).render(**context, lang="en")
    return html, context["drawings"]
