"""Monuments on a phone: who may build which monument now, what it costs.

Per player, the monuments they can build now come first and the rest are
greyed with the reason; a card shows its text, then lots tapped on the board
show what building it there would cost or give to whom. The rules are the
engine's, ``companion.engines.foundations.monuments``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from ... import edits
from ...engines import foundations as fr
from ...engines.base import RuleError, TableFileError
from ...engines.foundations import monument_cards as cards
from ...engines.foundations import monuments as mon
from ...storage import progress as recorded
from ...storage import store
from ...storage.models import GameTable
from ..forms import ActionForm, BoardForm, CoinsForm, MonumentValuesForm, tapped
from ..plumbing import error_words, problem_words, words
from .foundations import (
    board_cells,
    board_form,
    city_of,
    column_letters,
    fr_table_or_404,
    table_catalogue,
)
from .tables import (
    ROWS_REFUSED,
    again_if_raced,
    conflict_message,
    fit_rows,
    latest_change,
    merged_if_stale,
    merged_meanwhile,
    save_change,
    with_base,
)

bp = Blueprint("monuments", __name__)

STEP_WORDS = {
    "mon-build": _l("%(player)s built %(monument)s on %(lots)s"),
    "mon-values": _l("Values of %(monument)s changed for this table"),
    "fr-coins": _l("Coins in hand entered"),
    "fr-income": _l("%(player)s took income: %(n)d silver"),
}
"""The words of the history steps these screens record."""


def chosen_player(city: fr.City, pid: str | None = None) -> str:
    """The player whose view this is: ``pid`` (a posted form's), else the
    ``player`` of the address, else the first seat."""
    pid = pid or request.args.get("player") or city.players[0].id
    if pid not in {p.id for p in city.players}:
        abort(404, _("There is no such player at this table."))
    return pid


@bp.get("/t/<table_id>/monuments")
def pool(table_id: str) -> ResponseReturnValue:
    """Every monument still in the pool, for one player: buildable ones first."""
    table = fr_table_or_404(table_id)
    city = city_of(table)
    return pool_page(table, city, chosen_player(city))


def pool_page(
    table: GameTable,
    city: fr.City,
    player: str,
    coins_form: CoinsForm | None = None,
    status: int = 200,
    problems: Sequence[str] = (),
) -> ResponseReturnValue:
    """The pool page; ``coins_form`` is a refused entry, shown with what was
    typed and its errors (``problems``: what to say of it)."""
    catalogue = table_catalogue(table)
    eligible = mon.eligibilities(city, player=player, catalogue=catalogue)[player]
    order = {True: 0, None: 1, False: 2}
    listed = sorted(eligible.values(), key=lambda e: order[e.eligible])
    return render_template(
        f"games/{fr.GAME}/monuments.html",
        table=table,
        city=city,
        player=player,
        listed=listed,
        catalogue=catalogue,
        on_board={
            slug: city.buildings[i].owner for slug, i in mon.on_board(city).items()
        },
        markers_left=mon.markers_left(city, player),
        coins_form=coins_form or with_base(coins_form_now(table, city)),
        coins_problems=problems,
        coins_known=mon.coins_known(city),
        income={
            p.id: mon.measure(city, p.id, cards.Measure.INCOME, catalogue=catalogue)
            for p in city.players
        },
    ), status


def coins_form_now(table: GameTable, city: fr.City) -> CoinsForm:
    """The coins form as the table holds them now."""
    return CoinsForm(
        formdata=None,
        data={
            "version": table.version,
            "players": [{"coins": city.coins.get(p.id, 0)} for p in city.players],
        },
    )


@bp.post("/t/<table_id>/monuments/<slug>")
def build(table_id: str, slug: str) -> ResponseReturnValue:
    """Build the monument on the lots shown, as its card prices it."""
    table = fr_table_or_404(table_id)
    city = city_of(table)
    player = request.form.get("player", "")
    form = tapped(ActionForm, also=slug in cards.CATALOGUE)
    lots_named = request.form.getlist("lots")
    # Back to the card with the lots still tapped, to build again there.
    back = url_for(
        "monuments.card", table_id=table.id, slug=slug, player=player, lots=lots_named
    )
    try:
        lots = [fr.Lot.parse(name) for name in lots_named]
        new_city = mon.build_monument(
            city, player, slug, lots, catalogue=table_catalogue(table)
        )
    except RuleError as exc:
        flash(error_words(exc))
        return redirect(back)
    problems = save_change(
        table,
        sheet=new_city,
        version=form.version.data,
        action="mon-build",
        details={
            "player": city.player(player).name,
            "monument": cards.CATALOGUE[slug].name,
            "lots": fr.format_lots(lots),
        },
    )
    for problem in problems:
        flash(problem)
    if problems:
        if form.version.data != table.version:
            flash(latest_change(table))
        return redirect(back)
    flash(_("Built."))
    return redirect(url_for("foundations.board", table_id=table.id, owner=player))


@bp.get("/t/<table_id>/monuments/<slug>")
def card(table_id: str, slug: str) -> ResponseReturnValue:
    """A monument's card, and with lots tapped, what building it there does."""
    table = fr_table_or_404(table_id)
    city = city_of(table)
    return card_page(table, city, chosen_player(city), slug)


def card_page(
    table: GameTable,
    city: fr.City,
    player: str,
    slug: str,
    values_form: MonumentValuesForm | None = None,
    status: int = 200,
    values_problems: Sequence[str] = (),
) -> ResponseReturnValue:
    """A card's page; ``values_form`` is a refused change of its values, shown
    open with what was typed and its errors (``values_problems``: what to say
    of it)."""
    if slug not in cards.CATALOGUE:
        abort(404, _("There is no monument called %(slug)s.", slug=slug))
    catalogue = table_catalogue(table)
    found = catalogue[slug]
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
            place = mon.placement(city, player, slug, lots, catalogue=catalogue)
        except RuleError as exc:
            problems.append(error_words(exc))
    return render_template(
        f"games/{fr.GAME}/monument.html",
        table=table,
        city=city,
        player=player,
        card=found,
        text=cards.card_text(found),
        eligibility=mon.eligibility(city, player, slug, catalogue=catalogue),
        values_form=values_form or with_base(values_form_now(table, found)),
        values_problems=values_problems,
        adjacency_labels=_adjacency_labels(found.footer),
        rows=board_cells(city),
        columns=column_letters(city),
        form=form,
        selected=set(lots_named),
        place=place,
        problems=problems,
        names={p.id: p.name for p in city.players},
        preview_url=url_for("monuments.card", table_id=table.id, slug=slug),
        action_form=ActionForm(formdata=None, data={"version": table.version}),
    ), status


def values_form_now(table: GameTable, card: cards.MonumentCard) -> MonumentValuesForm:
    """A card's values form as the table reads the card now."""
    return MonumentValuesForm(
        formdata=None,
        data={
            "version": table.version,
            "lots": card.lots,
            "citizens": card.footer.citizens,
            "silver": card.footer.silver,
            "vp": card.footer.vp,
            **{
                field: per.each
                for field, (_key, per) in _adjacency(card.footer).items()
            },
        },
    )


ADJACENCY_FIELDS = {
    "citizens_each": ("citizens_per", _l("Citizens for each %(unit)s")),
    "silver_each": ("silver_per", _l("Silver for each %(unit)s")),
    "civic_each": ("civic", _l("VP for each %(unit)s")),
}
"""The form's per-adjacency fields: the footer key each changes, and its label."""


def _adjacency(footer: cards.Footer) -> dict[str, tuple[str, cards.PerAdjacent]]:
    """The per-adjacency fields a card's footer has: field -> (footer key, value)."""
    found = {}
    for field, (key, _label) in ADJACENCY_FIELDS.items():
        per = getattr(footer, key)
        if per is not None:
            found[field] = (key, per)
    return found


def _adjacency_labels(footer: cards.Footer) -> dict[str, str]:
    """Each per-adjacency field of the card, labelled with what it counts."""
    return {
        field: str(ADJACENCY_FIELDS[field][1])
        % {"unit": words(cards.unit_words(per.per))}
        for field, (_key, per) in _adjacency(footer).items()
    }


@bp.post("/t/<table_id>/monuments/<slug>/values")
def values(table_id: str, slug: str) -> ResponseReturnValue:
    """This group's card differs from the catalogue: keep its printed values for
    this table (an undoable step; the file's other tables are not affected)."""
    table = fr_table_or_404(table_id)
    player = request.form.get("player", "")
    form = MonumentValuesForm(request.form)
    if slug not in cards.CATALOGUE:
        abort(404, _("There is no monument called %(slug)s.", slug=slug))
    back = url_for("monuments.card", table_id=table.id, slug=slug, player=player)
    city = city_of(table)
    catalogue = table_catalogue(table)
    stale = merged_if_stale(
        table, form, lambda: values_form_now(table, catalogue[slug])
    )
    if stale is not None:
        merged, said = stale
        return card_page(
            table, city, chosen_player(city, player), slug, merged, 409, said
        )
    if not form.validate():
        return card_page(table, city, chosen_player(city, player), slug, form, 400)
    overrides = dict(recorded.latest(table.recorded, "mon-values").get("overrides", {}))
    if request.form.get("reset"):
        overrides.pop(slug, None)
    else:
        card = cards.CATALOGUE[slug]
        footer: dict[str, Any] = {
            "citizens": form.citizens.data,
            "silver": form.silver.data,
            "vp": form.vp.data,
        }
        for field, (key, per) in _adjacency(card.footer).items():
            each = form[field].data
            if each is not None:
                footer[key] = {"per": per.per.value, "each": each}
        change: dict[str, Any] = {"footer": footer}
        if form.lots.data != card.lots:
            change.update(lots=form.lots.data, footprint=None)
        overrides[slug] = change
    try:
        cards.with_overrides(cards.CATALOGUE, overrides)
    except TableFileError as exc:
        said = [problem_words(problem) for problem in exc.problems]
        return card_page(
            table, city, chosen_player(city, player), slug, form, 400, said
        )
    try:
        edits.save(
            table,
            seen=form.version.data,
            action="mon-values",
            details={"monument": cards.CATALOGUE[slug].name, "overrides": overrides},
        )
    except store.StaleEditError as exc:
        again_if_raced()
        # Changed between the check above and the write: what was typed is
        # shown again, to send once more.
        said = [conflict_message(exc)]
        return card_page(
            table, city, chosen_player(city, player), slug, form, 409, said
        )
    flash(_("Saved for this table."))
    for line in merged_meanwhile():
        flash(line)
    return redirect(back)


@bp.post("/t/<table_id>/coins")
def coins(table_id: str) -> ResponseReturnValue:
    """Each player's coins in hand, for the monuments that compare or cost money."""
    table = fr_table_or_404(table_id)
    city = city_of(table)
    form = CoinsForm(request.form)
    player = request.form.get("player", city.players[0].id)
    back = url_for("monuments.pool", table_id=table.id, player=player)
    names = [p.name for p in city.players]
    stale = merged_if_stale(table, form, lambda: coins_form_now(table, city), names)
    if stale is not None:
        merged, said = stale
        return pool_page(table, city, chosen_player(city, player), merged, 409, said)
    if not fit_rows(form, len(city.players)):
        refused = [str(ROWS_REFUSED)]
        return pool_page(table, city, chosen_player(city, player), form, 400, refused)
    if not form.validate():
        return pool_page(table, city, chosen_player(city, player), form, 400)
    new_city = replace(
        city,
        coins={
            p.id: row.form.coins.data
            for p, row in zip(city.players, form.players, strict=True)
        },
    )
    # Every player's count is written, 0 included, so that "no coins" is known.
    problems = save_change(
        table, sheet=new_city, version=form.version.data, action="fr-coins"
    )
    for line in problems or merged_meanwhile():
        flash(line)
    return redirect(back)


@bp.post("/t/<table_id>/coins/income")
def income(table_id: str) -> ResponseReturnValue:
    """One tap when a player takes income: their coins in hand grow by 5 and
    their commercial silver (the engine's take_income), as one history step."""
    table = fr_table_or_404(table_id)
    city = city_of(table)
    player = request.form.get("player", "")
    form = tapped(ActionForm, also=player in {p.id for p in city.players})
    back = url_for("monuments.pool", table_id=table.id, player=player)
    try:
        new_city, gained = mon.take_income(
            city, player, catalogue=table_catalogue(table)
        )
    except RuleError as exc:
        flash(error_words(exc))
        return redirect(back)
    name = city.player(player).name
    problems = save_change(
        table,
        sheet=new_city,
        version=form.version.data,
        action="fr-income",
        details={"player": name, "n": gained},
    )
    for problem in problems:
        flash(problem)
    if not problems:
        flash(
            _(
                "%(player)s took income: %(n)d silver, %(total)d in hand.",
                player=name,
                n=gained,
                total=new_city.coins[player],
            )
        )
    return redirect(back)
