"""All Roads on a phone: the final tally, and an optional turn-by-turn record.

The rules (supply, substitution, places and tie-breaks) are the engine's,
``companion.engines.all_roads``; this module turns forms into engine calls.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from wtforms.fields.choices import SelectChoice

from ... import edits
from ...engines import all_roads as ar
from ...engines import find_game
from ...engines.base import and_list
from ...engines.progress import Progress
from ...storage import progress as recorded
from ...storage import store
from ...storage.models import GameTable
from ..forms import AR_TOKENS, ActionForm, TallyForm, TurnForm
from ..plumbing import lazy_words, words
from .tables import (
    Edit,
    again_if_raced,
    conflict_message,
    entered_by_send,
    entered_parts,
    form_screen,
    game_table_or_404,
    not_entered,
    sheet_of_kind,
)

bp = Blueprint("all_roads", __name__)

GAME = ar.GAME

STEP_WORDS = {
    "ar-tally": _l("Final tally entered"),
    "ar-turn": _l("%(player)s's turn recorded"),
}
"""The words of the history steps these screens record."""

GAME_OVER_TURNS = lazy_words(ar.GAME_OVER)

SPACES = (
    ("dead_end", ar.Space.DEAD_END),
    ("loop_dead_end", ar.Space.LOOP_DEAD_END),
    ("lake_dead_end", ar.Space.LAKE_DEAD_END),
    ("empty_loop", ar.Space.EMPTY_LOOP),
    ("trade_route", ar.Space.TRADE_ROUTE),
)


def ar_table_or_404(table_id: str) -> GameTable:
    return game_table_or_404(table_id, GAME, _("This table is not an All Roads table."))


def sheet_of(table: GameTable) -> ar.ScoreSheet:
    return sheet_of_kind(table, ar.ScoreSheet)


def counts_change(
    entries: dict[str, tuple[str, dict[str, int]]],
) -> dict[str, Any]:
    """The change to the table file that gives each player's counts, as
    ``unbuilt`` or ``built`` (a part nobody's counts are given in goes)."""
    change: dict[str, Any] = {}
    for how in ("unbuilt", "built"):
        part = {pid: counts for pid, (given, counts) in entries.items() if given == how}
        change[how] = part or None
    return change


@bp.route("/t/<table_id>/tally/end", methods=("GET", "POST"))
def end_tally(table_id: str) -> ResponseReturnValue:
    """End the game with the rows entered so far, once the player confirms the
    rows not entered yet (named on this page): they count as they stand."""
    table = ar_table_or_404(table_id)
    sheet = sheet_of(table)
    entered = entered_parts(table, ar.TALLY)
    missing = not_entered(sheet.players, entered)
    form = ActionForm(request.form if request.method == "POST" else None)
    if request.method == "GET" or not form.validate():
        if request.method == "GET":
            form.version.data = table.version
        status = 200 if request.method == "GET" else 400
        page = render_template(
            f"games/{GAME}/end_tally.html",
            table=table,
            form=form,
            missing=missing,
            entered=[e.player.name for e in sheet.entries if e.player.id in entered],
        )
        return page, status
    try:
        edits.save(
            table,
            seen=form.version.data,
            action=ar.TALLY,
            details={ar.TALLY_ENTERED: sorted(entered), ar.TALLY_ENDED: True},
        )
    except store.StaleEditError as exc:
        again_if_raced()
        flash(conflict_message(exc))
        return redirect(url_for("all_roads.end_tally", table_id=table.id))
    flash(_("The game is over: the rows not entered count as they stand."))
    return redirect(url_for("tables.show", table_id=table.id))


def turns(table: GameTable) -> int:
    """How many turns were recorded so far (up to the current step)."""
    return recorded.count(table.recorded, ar.TURN)


def panel(table: GameTable, document: dict[str, Any]) -> dict[str, Any]:
    sheet = sheet_of(table)
    now = ar.progress(sheet, turns(table))
    result = ar.score(sheet)
    final = edits.is_finished(table)
    tallied = Progress.of(table.recorded).last_since_reopening(ar.TURN, ar.TALLY)
    entered = entered_parts(table, ar.TALLY)
    pending = (
        [e.player for e in sheet.entries if e.player.id not in entered]
        if tallied == ar.TALLY and not final
        else []
    )
    return {
        "pending": frozenset(p.id for p in pending),
        "pending_names": [p.name for p in pending],
        "result": result,
        # Before the end the tie-breaks do not apply: places by points alone.
        "places": (
            {r.player.id: r.place for r in result.players}
            if final
            else result.places_so_far()
        ),
        "turns_done": now.done,
        "turns_total": now.total,
        "round": now.round,
        "over": now.over,
        "final": final,
        "next": now.next,
    }


def report_args(table: GameTable) -> dict[str, Any]:
    """The report's final result: known once a tally or the last turn is in."""
    return {"over": edits.is_finished(table)}


@bp.route("/t/<table_id>/tally", methods=("GET", "POST"))
def tally(table_id: str) -> ResponseReturnValue:
    """Enter each player's tokens, left in the supply or built, and see the result."""
    table = ar_table_or_404(table_id)
    sheet = sheet_of(table)

    entered = entered_parts(table, ar.TALLY)

    def fresh() -> TallyForm:
        """The tally as the table holds it now."""
        return TallyForm(
            formdata=None,
            data={
                "version": table.version,
                "players": [
                    {
                        "entered": entry.player.id in entered,
                        "given": entry.given_as.value,
                        **(
                            entry.unbuilt.as_json()
                            if entry.given_as is ar.Given.UNBUILT
                            else {t.value: entry.unbuilt.built(t) for t in ar.Token}
                        ),
                    }
                    for entry in sheet.entries
                ],
            },
        )

    form = TallyForm(request.form) if request.method == "POST" else fresh()

    def change() -> Edit:
        rows = list(zip(sheet.entries, form.players, strict=False))
        entries = {
            entry.player.id: (
                row.form.given.data,
                {key: row.form[key].data for key, _label, _most in AR_TOKENS},
            )
            for entry, row in rows
        }
        entered, said = entered_by_send(form, "players", sheet.players)
        return Edit(
            change=counts_change(entries),
            details={ar.TALLY_ENTERED: entered},
            said=said,
        )

    return form_screen(
        table,
        form,
        change=change,
        action="ar-tally",
        template=f"games/{GAME}/tally.html",
        fresh=fresh,
        row_names=[entry.player.name for entry in sheet.entries],
        game=find_game(GAME),
        sheet=sheet,
        tokens=AR_TOKENS,
        missing=not_entered(sheet.players, entered),
        end_form=ActionForm(formdata=None, data={"version": table.version}),
    )


@bp.route("/t/<table_id>/turn", methods=("GET", "POST"))
def turn(table_id: str) -> ResponseReturnValue:
    """Record what a turn built and upgraded; the app keeps every supply."""
    table = ar_table_or_404(table_id)
    sheet = sheet_of(table)
    now = ar.progress(sheet, turns(table))
    names = {p.id: p.name for p in sheet.players}
    choices = [SelectChoice(p.id, p.name) for p in sheet.players]

    def fresh() -> TurnForm:
        """The form for the next turn of the table as it is now."""
        form = TurnForm(
            formdata=None,
            data={
                "version": table.version,
                "player": now.next.id if now.next else None,
                "upgrades": [{} for _ in sheet.players],
            },
        )
        form.player.choices = choices
        return form

    if request.method == "POST":
        form = TurnForm(request.form)
        form.player.choices = choices
    else:
        form = fresh()

    def change() -> Edit:
        active = form.player.data
        now.check_turn(active)
        actions: list[ar.Action] = []
        for key, space in SPACES:
            actions.extend(ar.Build(space) for _ in range(form[key].data))
        for player, row in zip(sheet.players, form.upgrades, strict=False):
            actions.extend(ar.Upgrade(player.id) for _ in range(row.form.villa.data))
            actions.extend(
                ar.Upgrade(player.id, at_lake=True) for _ in range(row.form.spa.data)
            )
        record = ar.apply_turn(
            {e.player.id: e.unbuilt for e in sheet.entries},
            active,
            actions,
            ar.display_names(sheet.players),
        )
        said = [words(line.text) for line in record.lines]
        if ar.progress(sheet, now.done + 1).over:
            said.append(_("That was the last turn: the game is over."))
        # The engine kept every supply: the sheet after the turn, as unbuilt.
        after = ar.ScoreSheet(
            tuple(
                ar.Entry(e.player, record.supplies[e.player.id]) for e in sheet.entries
            )
        )
        return Edit(
            sheet=after,
            details={"player": names[active]},
            said=tuple(said),
        )

    return form_screen(
        table,
        form,
        change=change,
        action="ar-turn",
        template=f"games/{GAME}/turn.html",
        saved=_("Turn recorded."),
        fresh=fresh,
        row_names=list(names.values()),
        # A stale turn stays the turn of the player it was sent for: if
        # another phone recorded a turn meanwhile, "whose turn" is marked.
        keep=("player",),
        sheet=sheet,
        turns_done=now.done,
        turns_total=now.total,
        over=GAME_OVER_TURNS if now.over else None,
        result=ar.score(sheet),
        # "1 monument, 3 spas ...": each count with its own plural form.
        supplies=[
            (
                entry.player,
                and_list([t.count_words(entry.unbuilt.count(t)) for t in ar.Token]),
            )
            for entry in sheet.entries
        ],
    )
