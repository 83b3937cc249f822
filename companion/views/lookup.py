"""Rules lookup on a phone: search, an entry's own page, a group's house rules.

The index (``companion.lookup``: entries in our own words, SQLite FTS5 in
memory) is built once per process; house rules live in the database and are
brought into the index whenever another request or worker changed them.
"""

from __future__ import annotations

import threading
from typing import Any

from flask import (
    Blueprint,
    Flask,
    abort,
    current_app,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue
from flask_babel import get_locale
from flask_babel import gettext as _
from markupsafe import Markup, escape
from sqlalchemy import func, select

from ..engines import GAMES, UnknownGameError
from ..engines.base import Citation
from ..engines.glory_terms import Lang
from ..forms import ActionForm, HouseRuleForm
from ..lookup import Entry, InvalidEntryError, RulesIndex, UnknownEntryError, open_index
from ..lookup import house_rule as make_house_rule
from ..models import HouseRule, db
from ..web import GAME_NAMES, words
from .tables import table_or_404

bp = Blueprint("lookup", __name__)

_lock = threading.Lock()


def reader_lang() -> Lang:
    locale = str(get_locale() or "en")
    return Lang(locale) if locale in ("en", "it", "zh") else Lang.EN


def _house_entries() -> tuple[tuple[int, int], list[Entry]]:
    rules = list(db.session.scalars(select(HouseRule).order_by(HouseRule.id)))
    stamp = (len(rules), max((r.id for r in rules), default=0))
    return stamp, [
        make_house_rule(str(r.id), game=r.game, title=r.title, text=r.text, lang=r.lang)
        for r in rules
    ]


def rules_index() -> RulesIndex:
    """This process's index, with the house rules as the database has them now."""
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    row = db.session.execute(
        select(func.count(HouseRule.id), func.coalesce(func.max(HouseRule.id), 0))
    ).one()
    stamp = (int(row[0]), int(row[1]))
    with _lock:
        state = app.extensions.get("rules_index")
        if state is None:
            current, entries = _house_entries()
            state = {"index": open_index(entries), "stamp": current}
            app.extensions["rules_index"] = state
        elif state["stamp"] != stamp:
            current, entries = _house_entries()
            state["index"].replace_house_rules(entries)
            state["stamp"] = current
        index: RulesIndex = state["index"]
        return index


def marked(text: Any) -> Markup:
    """A :class:`~companion.lookup.Marked` as HTML: the text escaped, each
    match in ``<mark>``."""
    return Markup("").join(
        Markup("<mark>{}</mark>").format(piece) if hit else escape(piece)
        for piece, hit in text.parts()
    )


def entry_link(source: Citation) -> str | None:
    """The address of the entry a rule citation points to, if one covers it."""
    entry = rules_index().entry_for_citation(source, lang=reader_lang())
    return url_for("lookup.entry", entry_id=entry.id) if entry else None


def cite(source: Any) -> Markup:
    """A citation in words, linked to its entry in the rules reference."""
    text = words(source)
    if isinstance(source, Citation) or hasattr(source, "section"):
        link = entry_link(source)
        if link:
            return Markup('<a href="{}">{}</a>').format(link, text)
    return Markup("{}").format(text)


def build_at_start(app: Flask) -> threading.Thread:
    """Build the rules index in the background as the app starts, so the first
    question is answered at once (a failure, e.g. a database not migrated yet,
    is logged; the index is then built by the first search)."""

    def build() -> None:
        with app.app_context():
            try:
                rules_index()
            except Exception:  # noqa: BLE001 - logged; the first search retries
                app.logger.debug("rules index not built at start", exc_info=True)
            finally:
                db.session.remove()

    thread = threading.Thread(target=build, name="rules-index", daemon=True)
    thread.start()
    return thread


def init_app(app: Flask) -> None:
    app.jinja_env.filters["marked"] = marked
    app.jinja_env.filters["cite"] = cite
    if app.config.get("RULES_INDEX_AT_START", not app.testing):
        app.extensions["rules_index_thread"] = build_at_start(app)


@bp.get("/rules")
def search() -> ResponseReturnValue:
    """Search the rules: any question, any characters, in any of the languages."""
    query = request.args.get("q", "")[:200]
    game = request.args.get("game") or None
    if game is not None and game not in GAME_NAMES:
        game = None
    hits = []
    if query.strip():
        try:
            hits = rules_index().search(query, game=game, lang=reader_lang(), limit=10)
        except UnknownGameError:
            hits = []
    return render_template(
        "lookup/search.html",
        query=query,
        game=game,
        hits=hits,
        games=GAMES,
    )


@bp.get("/rules/<entry_id>")
def entry(entry_id: str) -> ResponseReturnValue:
    """One entry on its own page, with its source and its other languages."""
    index = rules_index()
    try:
        found = index.entry(entry_id)
    except UnknownEntryError:
        abort(404, _("There is no rules entry at this address."))
    translations = {} if found.is_house_rule else index.translations(found.rule_id)
    return render_template(
        "lookup/entry.html",
        entry=found,
        translations=translations,
        game_name=GAME_NAMES.get(found.game, found.game),
    )


@bp.route("/t/<table_id>/house-rules", methods=("GET", "POST"))
def house_rules(table_id: str) -> ResponseReturnValue:
    """The group's own rules and FAQ answers for this table's game."""
    table = table_or_404(table_id)
    form = HouseRuleForm(request.form if request.method == "POST" else None)
    if request.method == "GET":
        form.lang.data = reader_lang().value
    if request.method == "POST" and form.validate():
        try:
            make_house_rule(
                "new",
                game=table.game,
                title=form.title.data,
                text=form.text.data,
                lang=form.lang.data,
            )
        except InvalidEntryError as exc:
            form.form_errors.append(str(exc))
        else:
            db.session.add(
                HouseRule(
                    game=table.game,
                    title=form.title.data.strip(),
                    text=form.text.data.strip(),
                    lang=form.lang.data,
                    table_id=table.id,
                )
            )
            db.session.commit()
            flash(_("House rule saved: it is searched with the rules."))
            return redirect(url_for("lookup.house_rules", table_id=table.id))
    rules = list(
        db.session.scalars(
            select(HouseRule).where(HouseRule.game == table.game).order_by(HouseRule.id)
        )
    )
    return (
        render_template(
            "lookup/house_rules.html",
            table=table,
            form=form,
            rules=rules,
            delete_form=ActionForm(formdata=None, data={"version": 0}),
            game_name=GAME_NAMES[table.game],
        ),
        400 if request.method == "POST" else 200,
    )


@bp.post("/t/<table_id>/house-rules/<int:rule_id>/delete")
def delete_house_rule(table_id: str, rule_id: int) -> ResponseReturnValue:
    table = table_or_404(table_id)
    form = ActionForm(request.form)
    if not form.validate():
        abort(400, _("This button's form was incomplete; reload the page."))
    rule = db.session.get(HouseRule, rule_id)
    if rule is None or rule.game != table.game:
        abort(404, _("There is no such house rule."))
    db.session.delete(rule)
    db.session.commit()
    flash(_("House rule deleted."))
    return redirect(url_for("lookup.house_rules", table_id=table.id))
