"""Foundations of Rome: the group's civic tiles, described once and saved.

A civic tile's rule and VP are printed on it (rulebook 001, "Civic
Buildings"): a group describes each of its tiles here once (name, shape, rule,
VP), and the board's tray offers the saved tiles whose shape fits the tapped
lots at this table and at the group's later ones (``foundations.tray_context``).
A tile is its group's (``web.saved``): another group's is not there for any
address or form, and a change or delete is checked against the version the
phone saw. Whether a tile fits is the engine's
(``engines.foundations.city.CivicTile``).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.exc import StaleDataError

from ...engines.base import RuleError
from ...engines.foundations.lots import Lot, Shape
from ...storage.models import CivicTile, GameTable, db
from .. import saved
from ..forms import (
    TILE_GRID_LOTS,
    ActionForm,
    CivicTileEditForm,
    CivicTileForm,
    tapped,
)
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


OUTLINES: dict[Shape, tuple[str, ...]] = {
    Shape.MONO: ("A1",),
    Shape.DOMINO: ("A1", "B1"),
    Shape.I3: ("A1", "B1", "C1"),
    Shape.L3: ("A1", "A2", "B2"),
    Shape.I4: ("A1", "B1", "C1", "D1"),
    Shape.O4: ("A1", "B1", "A2", "B2"),
    Shape.L4: ("A1", "A2", "A3", "B3"),
    Shape.T4: ("A1", "B1", "C1", "B2"),
    Shape.S4: ("B1", "C1", "A2", "B2"),
}
"""Each shape drawn on the describe grid from its top-left corner: what the
edit screen shows ticked for a saved tile (a tile keeps its shape's name,
not the squares tapped)."""

TAKEN = _l("A saved civic tile already has this name.")


@bp.route("/t/<table_id>/civic-tiles", methods=("GET", "POST"))
def tiles(table_id: str) -> ResponseReturnValue:
    """Describe a civic tile as printed and save it for this and later tables
    of the group (``web.saved``); the tiles the group saved, each with a way
    to change or delete it."""
    table = fr_table_or_404(table_id)
    back = back_args()
    if request.method == "GET":
        data = {"shape": outline(back.get("lots", ""))}
        return tiles_page(table, CivicTileForm(formdata=None, data=data))
    form = CivicTileForm(request.form)
    if form.validate():
        name = form.name.data.strip()
        if saved.name_taken(CivicTile, table, name):
            form.name.errors.append(str(TAKEN))
        else:
            db.session.add(CivicTile(table_id=table.id, name=name, **values(form)))
            try:
                db.session.commit()
            except IntegrityError:  # saved from another phone a moment ago
                db.session.rollback()
                form.name.errors.append(str(TAKEN))
            else:
                flash(_("Civic tile “%(name)s” saved.", name=name))
                if "lots" in back:
                    return redirect(
                        url_for("foundations.board", table_id=table.id, **back)
                    )
                return redirect(url_for("civic.tiles", table_id=table.id))
    return tiles_page(table, form, 400)


def values(form: CivicTileForm) -> dict[str, Any]:
    """A tile's shape, rule and VP as the form describes them."""
    lots = form.lots()
    return {
        "shape": Shape.of(lots).name if lots else None,
        "per": form.per.data,
        "vp": form.vp.data,
    }


def tiles_page(
    table: GameTable,
    form: CivicTileForm,
    status: int = 200,
    problems: list[str] | None = None,
) -> ResponseReturnValue:
    rows = saved.seen(CivicTile, table)
    return (
        render_template(
            f"games/{GAME}/civic_tiles.html",
            table=table,
            city=city_of(table),
            form=form,
            grid=TILE_GRID_LOTS,
            saved=[
                (
                    row,
                    tile_words(tile_of(row)),
                    ActionForm(formdata=None, data={"version": row.version}),
                )
                for row in rows
            ],
            back=back_args(),
            problems=problems or [],
        ),
        status,
    )


def tile_or_404(table: GameTable, key: str) -> CivicTile:
    """The tile with ``key`` among those the group at ``table`` sees."""
    tile = saved.find(CivicTile, table, key)
    if tile is None:
        abort(404, _("There is no such civic tile."))
    return tile


def changed_meanwhile(name: str) -> str:
    """Why a change or delete sent for an older version of a tile was refused."""
    return str(
        _(
            "Civic tile “%(name)s” was changed on another phone since this page "
            "was loaded, so nothing was done: check it as it is now and try again.",
            name=name,
        )
    )


@bp.route("/t/<table_id>/civic-tiles/<tile_key>/edit", methods=("GET", "POST"))
def edit(table_id: str, tile_key: str) -> ResponseReturnValue:
    """Change a saved tile's name, shape, rule or VP (buildings already built
    from it keep their values); refused if another phone changed it since."""
    table = fr_table_or_404(table_id)
    tile = tile_or_404(table, tile_key)
    problems: list[str] = []
    if request.method == "GET":
        form = CivicTileEditForm(formdata=None, data=edit_data(tile))
        return edit_page(table, tile, form)
    form = CivicTileEditForm(request.form)
    if form.validate():
        name = form.name.data.strip()
        if form.version.data != tile.version:
            problems.append(changed_meanwhile(tile.name))
            form.against(tile.version)
        elif name != tile.name and saved.name_taken(CivicTile, table, name):
            form.name.errors.append(str(TAKEN))
        else:
            tile.name = name
            for field, value in values(form).items():
                setattr(tile, field, value)
            try:
                db.session.commit()
            except (IntegrityError, StaleDataError):
                db.session.rollback()
                problems.append(changed_meanwhile(name))
            else:
                flash(_("Civic tile “%(name)s” saved.", name=name))
                return redirect(
                    url_for("civic.tiles", table_id=table.id, **back_args())
                )
    return edit_page(table, tile, form, 409 if problems else 400, problems)


def edit_data(tile: CivicTile) -> dict[str, Any]:
    shape = OUTLINES[Shape[tile.shape]] if tile.shape else ()
    return {
        "name": tile.name,
        "shape": list(shape),
        "per": tile.per,
        "vp": tile.vp,
        "version": tile.version,
    }


def edit_page(
    table: GameTable,
    tile: CivicTile,
    form: CivicTileEditForm,
    status: int = 200,
    problems: list[str] | None = None,
) -> ResponseReturnValue:
    return (
        render_template(
            f"games/{GAME}/civic_tile_edit.html",
            table=table,
            tile=tile,
            form=form,
            grid=TILE_GRID_LOTS,
            back=back_args(),
            problems=problems or [],
        ),
        status,
    )


@bp.post("/t/<table_id>/civic-tiles/<tile_key>/delete")
def delete(table_id: str, tile_key: str) -> ResponseReturnValue:
    """Forget a saved tile (buildings already built from it keep their
    values); refused if another phone changed it since the page was loaded."""
    table = fr_table_or_404(table_id)
    tile = tile_or_404(table, tile_key)  # a key that names nothing: 404 first
    form = tapped(ActionForm)
    name = tile.name
    if form.version.data == tile.version:
        db.session.delete(tile)
        try:
            db.session.commit()
        except StaleDataError:  # changed or deleted a moment ago
            db.session.rollback()
        else:
            flash(_("Civic tile “%(name)s” deleted.", name=name))
            return redirect(url_for("civic.tiles", table_id=table.id, **back_args()))
    return tiles_page(
        table,
        CivicTileForm(formdata=None),
        409,
        [changed_meanwhile(name)],
    )
