"""The group's record (``GET /record``): the finished games this device
knows (every table's, with the shared list), newest first, and each
player's games, wins, average and best score per game, as tables and small
SVG charts (``companion.exports.group_record``)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from flask import Blueprint, current_app, render_template, request
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from ... import edits
from ...engines import TableFileError, find_game
from ...exports import group_record as record
from ...storage import store
from ...storage.models import GameTable, db
from .. import derived, device
from ..plumbing import GAME_NAMES
from .report import expansions_played, table_report

bp = Blueprint("record", __name__)

MAX_GAMES = 50
"""Tables looked at, the most recently changed first: a device knows 50 at
most; with the shared list, the latest 50 of the server."""

RECENT_GAMES = 10
"""Games the page lists unless all are asked for (``?all=1``): every
player's record counts every game, but a phone's screen (and the page's
cost) need not grow with the list; the rest is one tap away."""


def finished_games(
    lines: Sequence[tuple[str, int]] | None = None,
) -> list[record.FinishedGame]:
    """The finished games among the tables this device knows (``lines``:
    their ids and versions, :func:`known_lines`), newest first. Each
    table's line of the record is worked out once per version, language and
    time zone (``derived``): a page of 50 finished games reads the list and
    nothing else, and re-scores no game."""
    if lines is None:
        lines = known_lines()
    games = []
    reader = derived.reader_key()[1:]
    for table_id, version in lines:
        game = derived.cache_of(current_app).get_or_make(
            (table_id, version, "record-line", *reader),
            partial(record_line, table_id),
        )
        if game is not None:
            games.append(game)
    return sorted(games, key=lambda g: (g.day, g.table_id), reverse=True)


def known_lines() -> list[tuple[str, int]]:
    """The id and version of each table this device knows (every table's,
    with the shared list), in one query: a device knows ``MAX_GAMES`` tables
    at most, so every one of them is read, and those deleted meanwhile are
    forgotten on the way (as the home list does)."""
    if current_app.config["SHARED_LIST"]:
        return store.table_versions(None, limit=MAX_GAMES)
    ids = device.known_ids()
    if not ids:
        return []
    lines = store.table_versions(ids, limit=MAX_GAMES)
    device.keep_existing(ids, {table_id for table_id, _version in lines})
    return lines


def record_line(table_id: str) -> record.FinishedGame | None:
    """The record's line of a table as it is now, ``None`` when the game is
    not finished: its result as its report computes it."""
    table = db.session.get(GameTable, table_id)
    if table is None or not edits.is_finished(table):
        return None
    try:
        report = table_report(table)
    except TableFileError:  # pragma: no cover - a finished file scores
        return None
    game = find_game(table.game)
    return record.FinishedGame(
        table_id=table.id,
        game=table.game,
        day=report.date,  # the day of its final scoring
        expansions=tuple(
            str(expansion.name)
            for expansion in game.expansions_in(expansions_played(table))
        ),
        places=tuple(
            record.Placed(s.seat.name, s.place, s.total) for s in report.standings
        ),
        highest_wins=not game.lower_wins,
    )


@bp.get("/record")
def group_record() -> ResponseReturnValue:
    """This group's finished games and each player's record: the newest
    ``RECENT_GAMES`` listed, or all of them with ``?all=1``."""
    every = request.args.get("all") == "1"
    # The page as these tables' versions make it (``derived.cached_page``;
    # the address, and so ``all``, is in its key). A device's tables are
    # known by one row (their count and versions, ``store.versions_stamp``),
    # so that a device of 50 games costs about what one of 5 does; the
    # shared list, or a device some of whose tables were deleted (to forget
    # them), reads each table's line.
    if not current_app.config["SHARED_LIST"]:
        ids = device.known_ids()
        count, versions = store.versions_stamp(ids)
        if count == len(ids):
            return derived.cached_page(
                None,
                lambda: record_page(known_lines(), every=every),
                "record",
                tuple(ids),
                versions,
            )
    lines = known_lines()
    return derived.cached_page(
        None,
        lambda: record_page(lines, every=every),
        "record",
        tuple(lines),
    )


def record_page(lines: Sequence[tuple[str, int]], *, every: bool = False) -> str:
    """The record page of the tables ``lines``: every game in the players'
    records, the newest ``RECENT_GAMES`` in the list unless ``every``."""
    games = finished_games(lines)
    players = record.player_records(games)
    charts = {}
    for slug in dict.fromkeys(p.game for p in players):
        mine = [p for p in players if p.game == slug]
        name = str(GAME_NAMES[slug])
        charts[slug] = (
            record.bars_svg(
                [(p.name, p.wins, str(p.wins)) for p in mine],
                label=_("%(game)s: wins per player", game=name),
            ),
            record.bars_svg(
                [(p.name, p.average, f"{p.average:.1f}") for p in mine],
                label=_("%(game)s: average score per player", game=name),
            ),
        )
    listed = games if every else games[:RECENT_GAMES]
    return render_template(
        "record.html", games=games, listed=listed, players=players, charts=charts
    )
