"""Foundations of Rome: the group's civic tiles, described once and saved.

A civic tile's rule and VP are printed on it (rulebook 001, "Civic
Buildings"): a group describes each of its tiles here once (name, shape, rule,
VP), and the board's tray offers the saved tiles whose shape fits the tapped
lots at this and every later table (``foundations.tray_context``). Whether a
tile fits is the engine's (``engines.foundations.city.CivicTile``).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from ...engines.base import RuleError
from ...engines.foundations.lots import Lot, Shape
from ...storage.models import ID_MAX, CivicTile, db
from ..forms import TILE_GRID_LOTS, ActionForm, CivicTileForm, tapped
from .foundations import GAME, city_of, fr_table_or_404, tile_of, tile_words

bp = Blueprint("civic", __name__)

STEP_WORDS: dict[str, str] = {}
"""Saving a tile changes no table: these screens record no history step."""


def back_args() -> dict[str, Any]:
    """The board's player and tapped lots, when the group came from the board
    (kept in the address, so that saving goes back to the same selection)."""
    return {
        key: request.args[key] for key in ("owner", "lots") if request.args.get(key)
    }


def outline(lots_text: str) -> list[str]:
    """The squares of the describe grid for the lots tapped on the board: the
    same shape moved to the grid's top-left corner (none when the lots make no
    shape a tile could have)."""
    try:
        lots = [Lot.parse(name) for name in lots_text.split(",") if name]
        Shape.of(lots)
    except (RuleError, ValueError):
        return []
    left = min(lot.column for lot in lots)
    top = min(lot.row for lot in lots)
    return [str(Lot(lot.column - left, lot.row - top + 1)) for lot in lots]


@bp.route("/t/<table_id>/civic-tiles", methods=("GET", "POST"))
def tiles(table_id: str) -> ResponseReturnValue:
    """Describe a civic tile as printed and save it for this and later tables;
    the tiles saved so far, each with a way to delete it."""
    table = fr_table_or_404(table_id)
    back = back_args()
    if request.method == "POST":
        form = CivicTileForm(request.form)
    else:
        form = CivicTileForm(
            formdata=None, data={"shape": outline(back.get("lots", ""))}
        )
    if request.method == "POST" and form.validate():
        name = form.name.data.strip()
        lots = form.lots()
        tile = CivicTile(
            name=name,
            shape=Shape.of(lots).name if lots else None,
            per=form.per.data,
            vp=form.vp.data,
        )
        if db.session.scalar(select(CivicTile).where(CivicTile.name == name)):
            form.name.errors.append(_("A saved civic tile already has this name."))
        else:
            db.session.add(tile)
            try:
                db.session.commit()
            except IntegrityError:  # saved from another phone a moment ago
                db.session.rollback()
                form.name.errors.append(_("A saved civic tile already has this name."))
            else:
                flash(_("Civic tile “%(name)s” saved.", name=name))
                if "lots" in back:
                    return redirect(
                        url_for("foundations.board", table_id=table.id, **back)
                    )
                return redirect(url_for("civic.tiles", table_id=table.id))
    saved = list(db.session.scalars(select(CivicTile).order_by(CivicTile.name)))
    return (
        render_template(
            f"games/{GAME}/civic_tiles.html",
            table=table,
            city=city_of(table),
            form=form,
            grid=TILE_GRID_LOTS,
            saved=[(row, tile_words(tile_of(row))) for row in saved],
            back=back,
            delete_form=ActionForm(formdata=None, data={"version": 0}),
        ),
        400 if request.method == "POST" else 200,
    )


@bp.post(f"/t/<table_id>/civic-tiles/<int(max={ID_MAX}):tile_id>/delete")
def delete(table_id: str, tile_id: int) -> ResponseReturnValue:
    """Forget a saved tile (buildings already built from it keep their values)."""
    table = fr_table_or_404(table_id)
    tapped(ActionForm)
    tile = db.session.get(CivicTile, tile_id)
    if tile is None:
        abort(404, _("There is no such civic tile."))
    db.session.delete(tile)
    db.session.commit()
    flash(_("Civic tile “%(name)s” deleted.", name=tile.name))
    return redirect(url_for("civic.tiles", table_id=table.id, **back_args()))
