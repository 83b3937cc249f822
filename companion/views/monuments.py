"""Monuments on a phone: who may build which monument now, what it costs.

Per player, the monuments they can build now come first and the rest are
greyed with the reason; a card shows its text, then lots tapped on the board
show what building it there would cost or give to whom. The rules are the
engine's, ``companion.engines.monuments``.
"""

from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from .. import store
from ..engines import foundations as fr
from ..engines import monuments as mon
from ..engines.base import RuleError
from ..forms import ActionForm, BoardForm
from ..web import error_words
from .foundations import (
    board_cells,
    board_form,
    city_of,
    column_letters,
    fr_table_or_404,
)
from .tables import STEP_WORDS, save_change

bp = Blueprint("monuments", __name__)

STEP_WORDS.update({"mon-build": _l("%(player)s built %(monument)s on %(lots)s")})


def chosen_player(city: fr.City) -> str:
    pid = request.args.get("player") or city.players[0].id
    if pid not in {p.id for p in city.players}:
        abort(404, _("There is no such player at this table."))
    return pid


@bp.get("/t/<table_id>/monuments")
def pool(table_id: str) -> ResponseReturnValue:
    """Every monument still in the pool, for one player: buildable ones first."""
    table = fr_table_or_404(table_id)
    city = city_of(table)
    player = chosen_player(city)
    cards = mon.eligibilities(city, player=player)[player]
    order = {True: 0, None: 1, False: 2}
    listed = sorted(cards.values(), key=lambda e: order[e.eligible])
    return render_template(
        "games/foundations-of-rome/monuments.html",
        table=table,
        city=city,
        player=player,
        listed=listed,
        catalogue=mon.CATALOGUE,
        on_board={
            slug: city.buildings[i].owner for slug, i in mon.on_board(city).items()
        },
        markers_left=mon.markers_left(city, player),
        coins_known=mon.coins_known(city),
    )


@bp.post("/t/<table_id>/monuments/<slug>")
def build(table_id: str, slug: str) -> ResponseReturnValue:
    """Build the monument on the lots shown, as its card prices it."""
    table = fr_table_or_404(table_id)
    city = city_of(table)
    player = request.form.get("player", "")
    form = ActionForm(request.form)
    if not form.validate() or slug not in mon.CATALOGUE:
        abort(400, _("This button's form was incomplete; reload the page."))
    lots_named = request.form.getlist("lots")
    try:
        lots = [fr.Lot.parse(name) for name in lots_named]
        new_city = mon.build_monument(city, player, slug, lots)
    except RuleError as exc:
        flash(error_words(exc))
        return redirect(
            url_for(
                "monuments.card",
                table_id=table.id,
                slug=slug,
                player=player,
                lots=lots_named,
            )
        )
    problems = save_change(
        table,
        {**store.current_document(table), **fr.to_json(new_city)},
        version=form.version.data,
        action="mon-build",
        details={
            "player": city.player(player).name,
            "monument": mon.CATALOGUE[slug].name,
            "lots": fr.format_lots(lots),
        },
    )
    for problem in problems:
        flash(problem)
    if problems:
        return redirect(
            url_for("monuments.card", table_id=table.id, slug=slug, player=player)
        )
    flash(_("Built."))
    return redirect(url_for("foundations.board", table_id=table.id, owner=player))


@bp.get("/t/<table_id>/monuments/<slug>")
def card(table_id: str, slug: str) -> ResponseReturnValue:
    """A monument's card, and with lots tapped, what building it there does."""
    table = fr_table_or_404(table_id)
    city = city_of(table)
    player = chosen_player(city)
    if slug not in mon.CATALOGUE:
        abort(404, _("There is no monument called %(slug)s.", slug=slug))
    found = mon.CATALOGUE[slug]
    form: BoardForm = board_form(
        table, city, request.args if request.args.get("lots") else None
    )
    form.owner.data = player
    lots_named = request.args.getlist("lots")
    place = None
    problems: list[str] = []
    if lots_named:
        try:
            lots = [fr.Lot.parse(name) for name in lots_named]
            place = mon.placement(city, player, slug, lots)
        except RuleError as exc:
            problems.append(error_words(exc))
    return render_template(
        "games/foundations-of-rome/monument.html",
        table=table,
        city=city,
        player=player,
        card=found,
        text=mon.card_text(found),
        eligibility=mon.eligibility(city, player, slug),
        rows=board_cells(city),
        columns=column_letters(city),
        form=form,
        selected=set(lots_named),
        place=place,
        problems=problems,
        names={p.id: p.name for p in city.players},
        preview_url=url_for("monuments.card", table_id=table.id, slug=slug),
        action_form=ActionForm(formdata=None, data={"version": table.version}),
    )
