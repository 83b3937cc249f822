"""Join and share: a table's short code and QR code, and joining by the code;
the read-only watch link (views/watch.py) and its QR code.

The table's address is its key (see README, "Private by default"): the join
code and the QR code are two easier ways to give it to another phone at the
table. The QR code is an SVG made on the server by segno, so it works on a
table's local network with no internet.
"""

from __future__ import annotations

import segno
from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_babel import ngettext
from markupsafe import Markup
from sqlalchemy import select

from ...storage.models import GameTable, db, normal_join_code
from .. import device, join_limit
from ..forms import DeviceNameForm, JoinForm
from .tables import render_table, table_or_404

bp = Blueprint("share", __name__)


def qr_svg(url: str, title: str) -> Markup:
    """``url`` as a QR code, an inline SVG with ``title`` for screen readers."""
    svg = segno.make(url, error="m").svg_inline(scale=5, title=title, border=2)
    return Markup(svg)  # noqa: S704 - segno's own markup, the URL is ours


@bp.get("/t/<table_id>/share")
def share(table_id: str) -> ResponseReturnValue:
    """How another phone opens this table: its code, its link, its QR code."""
    return share_page(table_or_404(table_id))


def share_page(
    table: GameTable, name_form: DeviceNameForm | None = None, status: int = 200
) -> ResponseReturnValue:
    """The share page; ``name_form``: a refused name, shown with its error."""
    link = url_for("tables.show", table_id=table.id, _external=True)
    watch = url_for("watch.show", key=table.watch_key, _external=True)
    return render_table(
        "tables/share.html",
        table,
        link=link,
        qr=qr_svg(link, _("QR code that opens this table")),
        code=table.join_code or "",
        watch=watch,
        watch_qr=qr_svg(watch, _("QR code that opens this table to watch")),
        name_form=name_form
        or DeviceNameForm(
            formdata=None, data={"name": device.name(), "table": table.id}
        ),
    ), status


@bp.post("/device/name")
def name_device() -> ResponseReturnValue:
    """Name this phone ("Bo's phone"): the other phones at the table see the
    name beside what it changes. Back to the share page it was sent from."""
    form = DeviceNameForm(request.form)
    table = table_or_404(form.table.data or "")
    if not form.validate():
        return share_page(table, form, 400)
    device.set_name(form.name.data)
    flash(
        _("This phone is now called %(name)s.", name=form.name.data)
        if form.name.data
        else _("This phone has no name now.")
    )
    return redirect(url_for("share.share", table_id=table.id))


@bp.route("/join", methods=("GET", "POST"))
def join() -> ResponseReturnValue:
    """Open a table by the code another phone shows; it is kept in this
    device's list of tables. A client that typed too many wrong codes is
    refused for a while, its code not looked up (``web.join_limit``)."""
    form = JoinForm(request.form if request.method == "POST" else None)
    if request.method == "POST" and (seconds := join_limit.wait()) is not None:
        return refused(form, seconds)
    if request.method == "POST" and form.validate():
        code = normal_join_code(form.code.data or "")
        found = db.session.scalars(
            select(GameTable.id).where(GameTable.join_code == code)
        ).first()
        if found is not None:
            device.remember(found)
            if form.device.data:
                device.set_name(form.device.data)
            return redirect(url_for("tables.show", table_id=found))
        join_limit.missed()
        form.code.errors = [
            _("No table has the code %(code)s: check it on the other phone.", code=code)
        ]
    status = 400 if request.method == "POST" else 200
    return render_template("tables/join.html", form=form), status


def refused(form: JoinForm, seconds: int) -> ResponseReturnValue:
    """The join page, saying that codes are not checked for ``seconds``
    (429, with ``Retry-After``); what was typed stays in the form."""
    said = ngettext(
        "Too many wrong table codes were typed, so codes are not checked for a "
        "while: try again in %(num)d second. Meanwhile a phone at the table can "
        "open it for you: its “Share this table” page has a link and a QR code.",
        "Too many wrong table codes were typed, so codes are not checked for a "
        "while: try again in %(num)d seconds. Meanwhile a phone at the table can "
        "open it for you: its “Share this table” page has a link and a QR code.",
        seconds,
    )
    page = render_template("tables/join.html", form=form, refused=said)
    return page, 429, {"Retry-After": str(seconds)}
