"""Rules lookup on a phone: search, an entry's own page, a table's house rules.

The index (``companion.lookup``: entries in our own words, SQLite FTS5 in
memory) is built once per process; house rules live in the database and are
brought into the index whenever another request or worker changed them.

A house rule belongs to its table: only a search from that table finds it
(the search box of a table's pages sends the table, ``t``), and only that
table's pages show it or delete it; anywhere else it is a 404.
"""

from __future__ import annotations

import threading
from typing import Any, Final, cast

from flask import (
    Blueprint,
    Flask,
    abort,
    current_app,
    flash,
    g,
    has_request_context,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from markupsafe import Markup, escape
from sqlalchemy import func, select

from ...engines import GAMES, UnknownGameError
from ...engines.base import Citation
from ...engines.glory_terms import Lang
from ...lookup import (
    Entry,
    InvalidEntryError,
    RulesIndex,
    UnknownEntryError,
    open_index,
)
from ...lookup import house_rule as make_house_rule
from ...storage import house_rules as table_rules
from ...storage.models import ID_MAX, GameTable, HouseRule, db
from ...storage.store import get_table
from .. import derived
from ..forms import ActionForm, HouseRuleForm, tapped
from ..plumbing import GAME_NAMES, reader_code, words
from .tables import table_or_404

bp = Blueprint("lookup", __name__)

_lock = threading.Lock()


def reader_lang() -> Lang:
    locale = reader_code()
    return Lang(locale) if locale in ("en", "it", "zh") else Lang.EN


def house_entry(rule: HouseRule) -> Entry:
    """A house rule as the index reads it: its id is its key, its table its
    owner."""
    return make_house_rule(
        str(rule.id),
        game=rule.game,
        title=rule.title,
        text=rule.text,
        lang=rule.lang,
        table=rule.table_id,
    )


def _bring_up_to_date(index: RulesIndex) -> None:
    """Put the house rules the database has and the index lacks into it, and
    take out those it no longer has (a rule is never changed, and its id
    never used again: new ids are new rules)."""
    there = set(db.session.scalars(select(HouseRule.id)))
    have = {int(e.key) for e in index.house_rules if e.table is not None}
    new = sorted(there - have)
    query = select(HouseRule).where(HouseRule.id.in_(new))
    added = db.session.scalars(query) if new else ()
    index.update_house_rules(
        add=[house_entry(rule) for rule in added],
        remove=[str(key) for key in have - there],
    )


def rules_index() -> RulesIndex:
    """This process's index, with the house rules as the database has them now.

    Each request reads the count and the highest id of the house rules (one
    cheap query, once per request: a page citing 60 rules asks 60 times);
    only when they changed does it read which rules to add or take out.
    """
    if has_request_context() and (seen := g.get(_SEEN)) is not None:
        return cast("RulesIndex", seen)
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    row = db.session.execute(
        select(func.count(HouseRule.id), func.coalesce(func.max(HouseRule.id), 0))
    ).one()
    stamp = (int(row[0]), int(row[1]))
    with _lock:
        state = app.extensions.get("rules_index")
        if state is None:
            state = {"index": open_index(), "stamp": None}
            app.extensions["rules_index"] = state
        if state["stamp"] != stamp:
            # Read after the stamp: the index may be newer than it, never older.
            _bring_up_to_date(state["index"])
            state["stamp"] = stamp
        index: RulesIndex = state["index"]
    if has_request_context():
        setattr(g, _SEEN, index)
    return index


_SEEN = "companion_rules_index"
"""Where a request keeps the index it brought up to date (``flask.g``)."""


def marked(text: Any) -> Markup:
    """A :class:`~companion.lookup.Marked` as HTML: the text escaped, each
    match in ``<mark>``."""
    return Markup("").join(
        Markup("<mark>{}</mark>").format(piece) if hit else escape(piece)
        for piece, hit in text.parts()
    )


def from_table() -> str | None:
    """The table the page being made belongs to (a table's screen, or a rules
    page opened from one, ``t``), so that rules links lead back to it."""
    table_id = (request.view_args or {}).get("table_id") or request.args.get("t")
    if not isinstance(table_id, str) or not table_id or len(table_id) > 32:
        return None
    return table_id


def entry_link(source: Citation) -> str | None:
    """The address of the entry a rule citation points to, if one covers it;
    from a table, the entry leads back to that table."""
    entry = rules_index().entry_for_citation(source, lang=reader_lang())
    if entry is None:
        return None
    return url_for("lookup.entry", entry_id=entry.id, t=from_table())


_CITED: Final = "companion_cited"
"""Where a request keeps the citations it linked (``flask.g``)."""


def cite(source: Any) -> Markup:
    """A citation in words, linked to its entry in the rules reference;
    each citation resolved once a page (issue 33: an era page cites a few
    rules dozens of times each), for the reader's language."""
    try:
        key = (source, reader_code())
        kept: dict[Any, Markup] = g.setdefault(_CITED, {})
        found = kept.get(key)
    except TypeError:  # a source that cannot be a key: linked each time
        return _cite(source)
    if found is None:
        found = kept[key] = _cite(source)
    return found


def _cite(source: Any) -> Markup:
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
    if app.config.get("RULES_INDEX_AT_START", False):
        app.extensions["rules_index_thread"] = build_at_start(app)


def asking_table() -> GameTable | None:
    """The table a search comes from (``t``, sent by its pages' search box),
    if there is one at that address."""
    table_id = request.args.get("t", "")
    if not table_id or len(table_id) > 32:
        return None
    return get_table(table_id)


@bp.get("/rules")
def search() -> ResponseReturnValue:
    """Search the rules: any question, any characters, in any of the languages;
    from a table, its game first and its own house rules too."""
    query = request.args.get("q", "")[:200]
    table = asking_table()
    game = request.args.get("game") or None
    if game is not None and game not in GAME_NAMES:
        game = None
    index = rules_index()

    def answer() -> str:
        hits = []
        if query.strip():
            try:
                hits = index.search(
                    query,
                    game=game,
                    lang=reader_lang(),
                    limit=10,
                    table=table.id if table else None,
                )
            except UnknownGameError:
                hits = []
        return render_template(
            "lookup/search.html",
            query=query,
            game=game,
            hits=hits,
            games=GAMES,
            table=table,
        )

    # The same question asked again (of the same index: the house rules as
    # they are, and the asking table's) is answered from the page kept for
    # it (``derived.cached_page``: the address, language and time zone).
    return derived.cached_page(
        None, answer, "rules", index_stamp(), table.id if table else None
    )


def index_stamp() -> Any:
    """What this process's index was last brought up to date with (the
    house rules' count and highest id; :func:`rules_index`)."""
    state = current_app.extensions.get("rules_index") or {}
    return state.get("stamp")


@bp.get("/rules/<entry_id>")
def entry(entry_id: str) -> ResponseReturnValue:
    """One entry on its own page, with its source and its other languages."""
    index = rules_index()
    try:
        found = index.entry(entry_id)
    except UnknownEntryError:
        found = None
    if found is None or found.is_house_rule:
        # A house rule is shown only at its table's address (house_rule).
        abort(404, _("There is no rules entry at this address."))
    translations = {} if found.is_house_rule else index.translations(found.rule_id)
    return render_template(
        "lookup/entry.html",
        entry=found,
        translations=translations,
        game_name=GAME_NAMES.get(found.game, found.game),
        table=asking_table(),
    )


@bp.route("/t/<table_id>/house-rules", methods=("GET", "POST"))
def house_rules(table_id: str) -> ResponseReturnValue:
    """This table's own rules and FAQ answers: add (once per form, however
    often it is sent), read, delete."""
    table = table_or_404(table_id)
    form = HouseRuleForm(request.form if request.method == "POST" else None)
    if request.method == "GET":
        form.lang.data = reader_lang().value
    if request.method == "POST" and form.validate():
        title, text = form.title.data.strip(), form.text.data.strip()
        token = form.once_key([title, text, form.lang.data])
        earlier = table_rules.made_by(token)
        if earlier is not None:
            return rule_saved(table, earlier)
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
            rule, _added = table_rules.add_once(
                table, title=title, text=text, lang=form.lang.data, token=token
            )
            return rule_saved(table, rule)
    return (
        render_template(
            "lookup/house_rules.html",
            table=table,
            form=form,
            rules=table_rules.rules_of(table),
            delete_form=ActionForm(formdata=None, data={"version": 0}),
            game_name=GAME_NAMES[table.game],
        ),
        400 if request.method == "POST" else 200,
    )


def rule_saved(table: GameTable, rule: HouseRule) -> ResponseReturnValue:
    """What adding a house rule answers, to the first send of the form and
    to any other: the table's house rules, at the rule."""
    if rule.table_id != table.id:
        # The token was sent from another table's form: nothing of it is shown.
        abort(404, _("There is no such house rule."))
    flash(_("House rule saved: it is searched with the rules."))
    return redirect(
        url_for("lookup.house_rules", table_id=table.id, _anchor=f"rule-{rule.id}")
    )


def rule_or_404(table: GameTable, rule_id: int) -> HouseRule:
    """The house rule ``rule_id`` of this table; another table's is a 404,
    as one that never was."""
    rule = table_rules.rule_of(table, rule_id)
    if rule is None:
        abort(404, _("There is no such house rule."))
    return rule


@bp.get(f"/t/<table_id>/house-rules/<int(max={ID_MAX}):rule_id>")
def house_rule(table_id: str, rule_id: int) -> ResponseReturnValue:
    """One house rule of this table on its own page, as a rules entry."""
    table = table_or_404(table_id)
    rule = rule_or_404(table, rule_id)
    return render_template(
        "lookup/entry.html",
        entry=house_entry(rule),
        translations={},
        game_name=GAME_NAMES.get(rule.game, rule.game),
        table=table,
    )


@bp.post(f"/t/<table_id>/house-rules/<int(max={ID_MAX}):rule_id>/delete")
def delete_house_rule(table_id: str, rule_id: int) -> ResponseReturnValue:
    table = table_or_404(table_id)
    tapped(ActionForm)
    table_rules.delete(rule_or_404(table, rule_id))
    flash(_("House rule deleted."))
    return redirect(url_for("lookup.house_rules", table_id=table.id))
