"""A finished game as a BG Stats play file, and as CSV for a spreadsheet.

BG Stats (the play logger most players keep their history in) opens a
``.bgsplay`` file from a share or "open in": JSON with ``about``,
``players``, ``locations``, ``games``, ``plays`` and ``userInfo``. BG Stats
publishes no description of it; the shape here is the one public writers and
readers of real files agree on:

- ctuncan/bga_bgstats, ``bga_bgstats.py`` (writes ``output.bgsplay``);
- louieddxu2/BoardGameScorePad,
  ``src/features/bgstats/mocks/BGStatsExport.json`` (a real export, BG Stats
  6.8.2);
- theiam79/hermod-bot, ``src/Hermod.BGStats/PlayFile.cs`` (reads the app's
  files; its tests use real ones).

What they agree on, and what this writes: scores are strings; ``playDate``
is ``yyyy-MM-dd HH:mm:ss``, with no zone: the players' local time, as the
times of BG Stats' own files are (issue 29), so the caller gives local
times; ``isBaseGame``/``isExpansion`` are 1/0; every ``...RefId`` names an
``id`` in the same file; ``userInfo.meRefId`` names a player; an expansion
played is ``{"gameRefId", "bggId"}`` in ``expansionPlays``. Where they
differ we chose: ``seatOrder`` 1-based (as BoardGameGeek's start position),
``rank`` an integer, uuids upper case.

``manualWinner`` is what BG Stats' own export writes. In a real one
(louieddxu2/BoardGameScorePad, ``src/features/bgstats/mocks/BGStatsExport.json``,
BG Stats 6.8.2, 924 plays, read play by play): of the 413 plays where every
player has a score and the winners are exactly the top scores (by the game's
``highestWins``), every one is ``false``, the 19 shared wins among them
(Qwixx 67-67, both winners, both rank 1) included; the plays won by one of
several equal top scores are ``true`` (Gizmos 44-44-26 with one 44 the
winner, ranks 1, 2, 3; Blockers! 3-3-3, one winner, ranks 1, 2, 2). The one
play whose winner is not the game's top score and is ``false`` (L.A.M.A.)
has ``scoringSetting`` 1, a per-play setting we never write (ours is 0:
the game's own). So a win decided by a tie-break (Glory to Rome's cards in
hand, All Roads' monuments, spas, villas) or named whatever the scores (a
Forum victory) is ``true``, and BG Stats keeps our winner instead of making
it a shared win; a plain or shared top-score win is ``false``
(:func:`manual_winner`). Foundations of Rome has no tie-break (rulebook 001,
"End of Game"): its ties are shared wins.

Each game's and expansion's BoardGameGeek id and year, and whether its lowest
score wins, are its registry entry's (``companion.engines.GAMES``): a game or
expansion with no id known is written with ``bggId`` 0 (BG Stats: not linked;
the player may link it in the app).

Pure: a :class:`~companion.exports.report.Report` and plain values in, JSON-ready
values and text out.
"""

from __future__ import annotations

import csv
import io
import unicodedata
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final

from ..engines import Expansion, Game, find_game
from ..engines.base import PlayerId, msg
from .report import Report, RowKind, Text

ABOUT: Final = (
    "This file was exported from the Rome table companion. It can be imported "
    "into BG Stats (bgstatsapp.com)."
)


@dataclass(frozen=True)
class BggGame:
    """A game or expansion as BG Stats and BoardGameGeek know it."""

    name: str
    bgg_id: int
    """0: not linked to a BoardGameGeek item."""
    year: int
    highest_wins: bool = True


def bgg_game(game: Game) -> BggGame:
    """``game`` as BG Stats knows it, from its registry entry."""
    return BggGame(
        game.name,
        game.bgg_id or 0,
        game.bgg_year or 0,
        highest_wins=not game.lower_wins,
    )


def bgg_expansion(game: Game, expansion: Expansion) -> BggGame:
    """An expansion of ``game`` as BG Stats knows it: named after its game
    (``Foundations of Rome: Roads of Fortune``)."""
    return BggGame(f"{game.name}: {expansion.name}", expansion.bgg_id or 0, 0)


_NAMESPACE: Final = uuid.UUID("5b6f0c8e-3c1f-4d7a-9a51-6a0d3c2f8e11")
"""Our namespace for the file's uuids: the same table version gives the same
uuids, so importing a file twice is one play in BG Stats, not two."""


def _uuid(*parts: object) -> str:
    return str(uuid.uuid5(_NAMESPACE, "/".join(str(p) for p in parts))).upper()


def manual_winner(report: Report, *, highest_wins: bool) -> bool:
    """Whether BG Stats must be told the winners (``manualWinner: true``):
    they are not exactly the players with the top score (the highest, or
    the lowest where the lowest wins), as when a tie-break or an outright
    win decided the game. BG Stats' own files write ``true`` then and only
    then (see the module's docstring)."""
    totals = [s.total for s in report.standings]
    top = max(totals) if highest_wins else min(totals)
    on_top = {s.seat.id for s in report.standings if s.total == top}
    return {seat.id for seat in report.winners} != on_top


def _when(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%d %H:%M:%S")


def play_file(
    report: Report,
    *,
    key: str,
    expansions: Sequence[str],
    started: datetime,
    finished: datetime,
    me: PlayerId | None,
) -> dict[str, Any]:
    """The BG Stats play file of a finished game.

    :param key: what tells this play apart (the table and its version): the
        file's uuids are made from it.
    :param expansions: the table's options that are expansions played (the
        keys of its game's ``expansions``; any other is left out).
    :param started: when the table was made; ``finished``: when its final
        scoring was recorded, both in the players' time zone (the file's
        times are written as they are). The play's date is ``finished``
        (its day, ``playDateYmd``, the players' day); its duration, the
        minutes between the two (0, unknown, over 12 hours).
    :param me: the player who is the file's owner in BG Stats (the first
        seat when ``None``).
    :raises ValueError: the report is not of a finished game.
    """
    if not report.final:
        raise ValueError("only a finished game makes a play file")
    entry = find_game(report.game)
    game = bgg_game(entry)
    seats = list(report.seats)
    players = [
        {
            "id": index,
            "uuid": _uuid(key, "player", seat.id),
            "name": seat.name,
            "isAnonymous": False,
            "modificationDate": _when(finished),
            "bggUsername": "",
        }
        for index, seat in enumerate(seats, start=1)
    ]
    ref = {seat.id: index for index, seat in enumerate(seats, start=1)}
    played = [bgg_expansion(entry, e) for e in entry.expansions_in(expansions)]
    games = [
        _game_entry(1, game, key, finished, expansion=False),
        *(
            _game_entry(index, expansion, key, finished, expansion=True)
            for index, expansion in enumerate(played, start=2)
        ),
    ]
    minutes = int((finished - started).total_seconds() // 60)
    scores = [
        {
            "playerRefId": ref[standing.seat.id],
            "score": str(standing.total),
            # Every player sharing first place won (a shared victory).
            "winner": standing.place == 1,
            "rank": standing.place,
            "seatOrder": ref[standing.seat.id],
            # Players are entered in seating order from the first player.
            "startPlayer": ref[standing.seat.id] == 1,
            "newPlayer": False,
            "team": "0",
            "role": "",
        }
        for standing in report.standings
    ]
    play = {
        "uuid": _uuid(key, "play"),
        "gameRefId": 1,
        "locationRefId": 1,
        "playDate": _when(finished),
        "entryDate": _when(finished),
        "modificationDate": _when(finished),
        "playDateYmd": int(finished.strftime("%Y%m%d")),
        "durationMin": minutes if 0 < minutes <= 12 * 60 else 0,
        "ignored": False,
        "manualWinner": manual_winner(report, highest_wins=game.highest_wins),
        "usesTeams": False,
        "rounds": 0,
        "board": "",
        "comments": "",
        "rating": 0,
        "scoringSetting": 0,
        "nemestatsId": 0,
        "importPlayId": 0,
        "bggId": 0,
        "playImages": "[]",
        "expansionPlays": [
            {"gameRefId": entry["id"], "bggId": entry["bggId"]} for entry in games[1:]
        ],
        "playerScores": scores,
    }
    return {
        "about": ABOUT,
        "players": players,
        "locations": [
            {
                "id": 1,
                "uuid": _uuid(key, "location"),
                "name": "Rome table companion",
                "modificationDate": _when(finished),
            }
        ],
        "games": games,
        "plays": [play],
        "userInfo": {"meRefId": ref.get(me or "", 1)},
    }


def _game_entry(
    index: int, game: BggGame, key: str, when: datetime, *, expansion: bool
) -> dict[str, Any]:
    return {
        "id": index,
        "uuid": _uuid(key, "game", game.name),
        "name": game.name,
        "modificationDate": _when(when),
        "bggId": game.bgg_id,
        "bggName": game.name if game.bgg_id else "",
        "bggYear": game.year,
        "cooperative": False,
        "highestWins": game.highest_wins,
        "noPoints": False,
        "usesTeams": False,
        "isBaseGame": 0 if expansion else 1,
        "isExpansion": 1 if expansion else 0,
        "rating": 0,
    }


_HEADINGS: Final = (msg("Player"), msg("Place"), msg("Total"))

_FORMULA_START: Final = frozenset("=+-@")
"""What makes a spreadsheet read a cell as a formula (OWASP's advice on CSV
injection, as its ASVS 5.0 requirement 1.2.10 puts it: escape with a ``'``
a field whose first character is ``=``, ``+``, ``-``, ``@``, a tab or NUL;
spreadsheets also take a carriage return or line feed so)."""

_FORMULA_CONTROL: Final = frozenset("\t\r\n\0")


def _hidden(char: str) -> bool:
    """A character a spreadsheet may skip before it looks for a formula: white
    space, control characters and invisible format characters (a byte order
    mark U+FEFF, a zero-width space U+200B, a word joiner U+2060...)."""
    return char.isspace() or unicodedata.category(char) in ("Cc", "Cf")


def _reads_as_formula(text: str) -> bool:
    """Whether a spreadsheet may take ``text`` for a formula: it starts with
    a tab, a carriage return, a line feed or NUL; or its first visible
    character (after spaces and invisible characters) is ``=``, ``+``, ``-``
    or ``@``, also in another form that stands for it (full-width ``＝``,
    small ``﹦``: their compatibility form, NFKC, is the ASCII sign), or the
    minus sign U+2212."""
    if text[:1] in _FORMULA_CONTROL:
        return True
    first = next((c for c in text if not _hidden(c)), "")
    if not first:
        return False
    return first == "\u2212" or unicodedata.normalize("NFKC", first) in _FORMULA_START


def _cell_text(text: str) -> str:
    """``text`` as a CSV cell: a text a spreadsheet may take for a formula is
    written with a ``'`` before it, so it stays text, as typed."""
    return "'" + text if _reads_as_formula(text) else text


def unique_headings(headings: Sequence[str]) -> list[str]:
    """``headings`` with each repeat told apart by its number (``Total``,
    ``Total (2)``): a reader that keys columns by heading (pandas,
    ``csv.DictReader``) then loses none. Two labels may read the same in a
    language although they differ in another."""
    seen: set[str] = set()
    out: list[str] = []
    for heading in headings:
        candidate, n = heading, 1
        while candidate in seen:
            n += 1
            candidate = f"{heading} ({n})"
        seen.add(candidate)
        out.append(candidate)
    return out


def result_csv(report: Report, words: Callable[[Text], str]) -> str:
    """The result as CSV, one row per player in place order: player, place,
    total, then every row of the report's score table (each category of each
    era) but its total (the third column already), with its label in the
    reader's words as the column's heading; every heading is unique."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    column = {seat.id: i for i, seat in enumerate(report.seats)}
    rows = [row for row in report.rows if row.kind is not RowKind.TOTAL]
    headings = [words(label) for label in (*_HEADINGS, *(row.label for row in rows))]
    writer.writerow([_cell_text(h) for h in unique_headings(headings)])
    for standing in report.standings:
        i = column[standing.seat.id]
        writer.writerow(
            [_cell_text(standing.seat.name), standing.place, standing.total]
            + ["" if row.cells[i] is None else row.cells[i] for row in rows]
        )
    return out.getvalue()
