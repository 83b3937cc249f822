"""The group's record (``GET /record``): the finished games this device
knows (every table's, with the shared list), newest first, and each
player's games, wins, average and best score per game, as tables and small
SVG charts (``companion.exports.group_record``)."""

from __future__ import annotations

from flask import Blueprint, render_template
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from sqlalchemy import select

from ... import edits
from ...engines import TableFileError, find_game
from ...exports import group_record as record
from ...storage.models import GameTable, db
from ..plumbing import GAME_NAMES
from .report import expansions_played, table_report
from .tables import known_tables

bp = Blueprint("record", __name__)

MAX_GAMES = 50
"""Tables looked at, the most recently changed first: a device knows 50 at
most; with the shared list, the latest 50 of the server."""


def finished_games() -> list[record.FinishedGame]:
    """The finished games among the tables this device knows, newest first."""
    ids = [line.id for line in known_tables(size=MAX_GAMES).items]
    if not ids:
        return []
    tables = db.session.scalars(select(GameTable).where(GameTable.id.in_(ids)))
    games = []
    for table in tables:
        if not edits.is_finished(table):
            continue
        try:
            report = table_report(table)
        except TableFileError:  # pragma: no cover - a finished file scores
            continue
        game = find_game(table.game)
        games.append(
            record.FinishedGame(
                table_id=table.id,
                game=table.game,
                day=report.date,  # the day of its final scoring
                expansions=tuple(
                    expansion.name
                    for expansion in game.expansions_in(expansions_played(table))
                ),
                places=tuple(
                    record.Placed(s.seat.name, s.place, s.total)
                    for s in report.standings
                ),
                highest_wins=not game.lower_wins,
            )
        )
    return sorted(games, key=lambda g: (g.day, g.table_id), reverse=True)


@bp.get("/record")
def group_record() -> ResponseReturnValue:
    """This group's finished games and each player's record."""
    games = finished_games()
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
    return render_template("record.html", games=games, players=players, charts=charts)
