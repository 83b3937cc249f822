"""Tables: create, list, open, rename, undo/redo, history, import/export, delete."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, cast

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    flash,
    g,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue
from flask_babel import force_locale, format_datetime, get_translations, ngettext
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from sqlalchemy import select
from werkzeug.datastructures import MultiDict

from ... import edits
from ...engines import (
    Game,
    Sheet,
    TableFileError,
    UnknownGameError,
    find_game,
    new_table_document,
    read_table,
)
from ...engines.base import Player, RuleError
from ...engines.json_text import load_table_text
from ...engines.progress import IMPORT, Progress
from ...storage import house_rules, store
from ...storage.models import GameTable, HistoryStep, db, made_by_form, once
from .. import derived, device
from .. import saved as group_saved
from ..forms import (
    ActionForm,
    ForgetTableForm,
    GoToStepForm,
    ImportForm,
    RenamePlayersForm,
    VersionedForm,
    new_table_form,
    tapped,
)
from ..plumbing import GAME_NAMES, error_words, problem_words, words
from .games import GAME_OVER, REOPEN, game_views

bp = Blueprint("tables", __name__)

S = TypeVar("S")
FormT = TypeVar("FormT", bound=VersionedForm)

JSON_ERRORS = {
    "Expecting value": _l("a value was expected"),
    "Expecting property name enclosed in double quotes": _l(
        "a key in double quotes was expected"
    ),
    "Expecting ':' delimiter": _l("a ':' was expected"),
    "Expecting ',' delimiter": _l("a ',' was expected"),
    "Unterminated string starting at": _l("a text is not closed"),
    "Extra data": _l("something follows the end of the data"),
    "Invalid \\escape": _l("a backslash escape is not valid"),
    "Invalid control character at": _l("a text holds a control character"),
}
"""What Python's JSON reader says (English) in the reader's words."""

STEP_WORDS = {
    "create": _l("Table created"),
    "import": _l("Imported from a table file"),
    "rename": _l("Renamed %(old)s to %(new)s"),
    "rename-many": _l("Renamed players"),
    REOPEN: _l("Game reopened"),
}
"""The words of each kind of history step (``HistoryStep.action``)."""


def describe_step(step: HistoryStep) -> str:
    """The words of a history step: the shared ones, else its game's, with
    the details its game knows the words of (an edge, a building type) in
    the reader's language."""
    words = STEP_WORDS.get(step.action)
    views = game_views(step.table.game)
    if words is None and views is not None:
        words = views.step_words.get(step.action)
    if words is None:
        return step.action
    details = dict(step.details)
    for key, vocabulary in (views.detail_words if views else {}).items():
        if isinstance(value := details.get(key), str):
            details[key] = in_reader_words(vocabulary, value)
    try:
        return str(words) % details if details else str(words)
    except (KeyError, TypeError, ValueError):
        return str(words)


def in_reader_words(vocabulary: Mapping[str, Any], value: str) -> str:
    """``value`` of a step's details in the reader's language: a key of
    ``vocabulary`` (``north``), or the words of one in any of the app's
    languages (steps saved before details kept keys held the words of the
    phone that made them: "Nord"); anything else (a name) as it is."""
    key = value if value in vocabulary else _every_language(vocabulary).get(value)
    return str(vocabulary[key]) if key is not None else value


_WORDS_TO_KEYS: dict[frozenset[str], dict[str, str]] = {}


def _every_language(vocabulary: Mapping[str, Any]) -> dict[str, str]:
    """The words of each key of ``vocabulary`` in every language -> the key
    (made once per process for each vocabulary)."""
    found = _WORDS_TO_KEYS.get(frozenset(vocabulary))
    if found is None:
        found = {}
        for lang in current_app.config["LANGUAGES"]:
            with force_locale(lang):
                found.update({str(words): key for key, words in vocabulary.items()})
        _WORDS_TO_KEYS[frozenset(vocabulary)] = found
    return found


def game_or_404(slug: str) -> Game:
    try:
        return find_game(slug)
    except UnknownGameError:
        abort(404, _("There is no game called %(slug)s.", slug=slug))


def table_or_404(table_id: str) -> GameTable:
    """The table of a screen; a POST locks it first, to change it
    (``store.get_table``'s ``to_change``)."""
    table = store.get_table(table_id, to_change=request.method == "POST")
    if table is None:
        abort(
            404,
            _(
                "No table has this address. It may have been deleted, or the "
                "link is incomplete."
            ),
        )
    return table


def render_table(template: str, table: GameTable, **context: Any) -> str:
    """A screen of ``table``, with what every table screen shows: the table,
    its game and its players as they are now."""
    return render_template(
        template,
        table=table,
        game=find_game(table.game),
        players=players_of(store.current_document(table)),
        **context,
    )


def game_table_or_404(table_id: str, game: str, not_it: str) -> GameTable:
    """The table ``table_id`` if it is a table of ``game``; else 404 with
    ``not_it`` (e.g. "This table is not an All Roads table.")."""
    table = table_or_404(table_id)
    if table.game != game:
        abort(404, not_it)
    return table


def sheet_of_kind(table: GameTable, kind: type[S]) -> S:
    """The table's current sheet, read by the engines, which must be a ``kind``.

    :raises TypeError: the table is another game's (a programming error: the
        screens check the game first).
    """
    sheet = read_table(store.current_document(table)).sheet
    if not isinstance(sheet, kind):
        raise TypeError(f"table {table.id} holds no {kind.__name__}")
    return sheet


def players_of(document: dict[str, Any]) -> list[Player]:
    return [Player(p["id"], p["name"]) for p in document["players"]]


def export_filename(table: GameTable) -> str:
    return f"{table.game}-{table.id}.json"


def dump_document(document: dict[str, Any]) -> str:
    """The table file as exported: UTF-8 JSON, names as typed, a final newline."""
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


@bp.get("/")
def index() -> ResponseReturnValue:
    """Home: the tables this device knows, most recently changed first (every
    table with the shared list, ``SHARED_LIST``), a page at a time; new
    table; import."""
    tables = known_tables(page=page_asked(), size=HOME_PAGE_SIZE)
    shared_list = current_app.config["SHARED_LIST"]
    # The page as these tables are (what the list shows of each, and
    # whether more follow), made once for them (``derived.cached_page``).
    shown = tuple(
        (line.id, line.game, tuple(line.names), line.updated_at)
        for line in tables.items
    )
    return derived.cached_page(
        None,
        lambda: render_template(
            "index.html",
            tables=tables,
            # Words the same for every row, looked up once per page, not per row.
            game_names={slug: str(name) for slug, name in GAME_NAMES.items()},
            changed_words=get_translations().gettext("changed %(when)s"),
            import_form=ImportForm(formdata=None),
            shared_list=shared_list,
            max_tables=device.MAX_TABLES,
        ),
        "home",
        shown,
        tables.more,
        shared_list,
    )


HOME_PAGE_SIZE = 10
"""Tables on a page of the home list: about a phone screen and a half, so
that joining and importing, below the list, stay a short scroll away."""

PAGE_MAX = 10_000
"""The highest page number a list answers (beyond it: 404, never a huge
offset sent to the database)."""


def page_asked() -> int:
    """The page of a list the request asks for (``?page=2``; 1 when none).

    :raises NotFound: a page that is not a number from 1 to ``PAGE_MAX``.
    """
    page = request.args.get("page", 1, type=int)
    if not isinstance(page, int) or not 1 <= page <= PAGE_MAX:
        abort(404, _("There is no such page."))
    return page


def known_tables(
    *, page: int = 1, size: int = store.PAGE_SIZE, game: str | None = None
) -> store.Page[store.TableLine]:
    """A page of the tables this device started, imported or joined; with
    the shared list (a household laptop), of every table, as the home page
    lists them. Only the columns the list shows are read."""
    if current_app.config["SHARED_LIST"]:
        return store.table_lines(None, page=page, size=size, game=game)
    ids = device.known_ids()
    found = store.table_lines(ids, page=page, size=size, game=game)
    if page == 1 and game is None and not found.more:
        # Every table the device knows that still exists is on this page, so
        # the ids not on it are deleted tables: dropped from the cookie
        # without a query of their own (issue 33: the home page reads one).
        device.keep_existing(ids, {line.id for line in found.items})
    else:
        device.existing_ids()  # drops the deleted ones (one more query)
    return found


@bp.post("/t/<table_id>/forget")
def forget(table_id: str) -> ResponseReturnValue:
    """Take a table off this device's list; the table stays as it is, and
    its address still opens it."""
    tapped(ForgetTableForm)
    device.forget(table_id)
    flash(
        _(
            "This device has forgotten the table. The table itself is still "
            "there: its address opens it."
        )
    )
    return redirect(url_for("tables.index"))


def table_made_by(token: str) -> GameTable | None:
    """The table the form send with this key made, if any."""
    return db.session.scalars(
        select(GameTable).where(GameTable.form_token == token)
    ).first()


def create_once(token: str, create: Callable[[], GameTable]) -> tuple[GameTable, bool]:
    """Make a table with ``create`` as the form send with the key ``token``
    (``forms.OnceForm.once_key``), unless a send with that key already made
    one: (the table, whether this call made it).

    Two sends at once both try; the database's unique index on the key
    (``GameTable.form_token``) lets one through and the other finds its
    table, whichever workers they reach.
    """
    with made_by_form(token):
        return once(create, lambda: table_made_by(token))


def house_rule_sources(game: Game) -> list[tuple[str, str]]:
    """The earlier tables of ``game`` this device knows that have house
    rules, as the new-table form offers them: (table id, words)."""
    tables = known_tables(size=device.MAX_TABLES, game=game.slug).items
    found = house_rules.counts([t.id for t in tables])
    return [
        (
            t.id,
            ngettext(
                "%(players)s (changed %(when)s): %(num)d house rule",
                "%(players)s (changed %(when)s): %(num)d house rules",
                found[t.id],
                players=", ".join(t.names),
                when=format_datetime(t.updated_at, "short"),
            ),
        )
        for t in tables
        if t.id in found
    ]


def new_table_answer(table: GameTable) -> ResponseReturnValue:
    """What starting a table answers, to the first send of the form and to
    any other: this device remembers the table, which opens."""
    device.remember(table.id)
    if copied := house_rules.counts([table.id]).get(table.id):
        flash(
            ngettext(
                "The table starts with %(num)d house rule, copied.",
                "The table starts with %(num)d house rules, copied.",
                copied,
            )
        )
    return redirect(url_for("tables.show", table_id=table.id))


@bp.route("/new/<slug>", methods=("GET", "POST"))
def new_table(slug: str) -> ResponseReturnValue:
    """Start a table: players in seating order, their colours, the options,
    and the house rules of an earlier table. Once per form, however often it
    is sent."""
    game = game_or_404(slug)
    form = new_table_form(
        game,
        request.form if request.method == "POST" else None,
        rule_sources=house_rule_sources(game),
    )
    if request.method == "POST" and form.validate():
        players = tuple(
            Player(
                row.form.colour.data if game.colours else f"p{index}",
                row.form.name.data.strip(),
            )
            for index, row in enumerate(form.filled_rows(), start=1)
        )
        token = form.once_key(
            [
                game.slug,
                [(p.id, p.name) for p in players],
                form.chosen_options(),
                form.house_rules_from.data,
            ]
        )
        if (made := table_made_by(token)) is not None:
            return new_table_answer(made)
        try:
            document = new_table_document(game, players)
            table, made_here = create_once(
                token,
                lambda: edits.create(document, options=form.chosen_options()),
            )
        except TableFileError as exc:
            form.form_errors.append(str(exc))
        else:
            if made_here and form.house_rules_from.data:
                house_rules.copy_rules(form.house_rules_from.data, table)
            return new_table_answer(table)
    status = 400 if request.method == "POST" else 200  # refused: shown again
    return render_template("tables/new.html", game=game, form=form), status


def rename_form_now(table: GameTable) -> RenamePlayersForm:
    """The rename form as the table's players are now, with its base."""
    players = players_of(store.current_document(table))
    form = RenamePlayersForm(
        formdata=None,
        data={
            "version": table.version,
            "players": [{"name": p.name} for p in players],
        },
    )
    return with_base(form)


def table_page(
    table: GameTable,
    *,
    rename_form: RenamePlayersForm | None = None,
    status: int = 200,
    conflict: str | None = None,
) -> ResponseReturnValue:
    if rename_form is None and conflict is None and status == 200:
        # The page as this version shows it: made once per version, language
        # and time zone (``derived.cached_page``).
        return derived.cached_page(table, lambda: _table_page_html(table))
    return _table_page_html(table, rename_form=rename_form, conflict=conflict), status


def _table_page_html(
    table: GameTable,
    *,
    rename_form: RenamePlayersForm | None = None,
    conflict: str | None = None,
) -> str:
    document = store.current_document(table)
    players = players_of(document)
    if rename_form is None:
        rename_form = rename_form_now(table)
    else:
        # Keep what the player typed, but let the next send go against the
        # current version.
        rename_form.against(table.version)
    views = game_views(table.game)
    return render_template(
        "tables/show.html",
        panel=views.panel(table, document) if views else None,
        table=table,
        game=find_game(table.game),
        players=players,
        document=document,
        rename_form=rename_form,
        action_form=ActionForm(formdata=None, data={"version": table.version}),
        can_undo=store.can_undo(table),
        can_redo=store.can_redo(table),
        conflict=conflict,
    )


def conflict_message(error: store.StaleEditError) -> str:
    """Why a stale edit was refused, and that nothing typed is lost."""
    return str(
        _(
            "Someone changed this table on another device while you were editing, so "
            "your change was not saved. The table as it is now is shown below; your "
            "input is kept in the form, so check it and send it again."
        )
    )


def latest_change(table: GameTable) -> str:
    """What the table's latest step did, in words: what a phone whose edit was
    refused as stale is told changed meanwhile."""
    return str(
        _("The latest change: %(what)s.", what=describe_step(store.current_step(table)))
    )


class RaceLost(Exception):
    """Another phone's save landed between this request reading the table and
    writing its change (the write was refused as stale, nothing saved): the
    request is made again on the table as it is now, where an edit of other
    fields merges (:func:`merged_if_stale`) and a true conflict asks."""


RACE_RETRIES = 3
"""How many times one request is made again after losing such a race."""


def again_if_raced() -> None:
    """Make this request again (:class:`RaceLost`) unless it was made again
    :data:`RACE_RETRIES` times already; then the caller says the edit is
    stale, as it would without retries."""
    tries: int = g.get("race_retries", 0)
    if tries < RACE_RETRIES:
        g.race_retries = tries + 1
        raise RaceLost


@bp.app_errorhandler(RaceLost)
def redo_request(_error: RaceLost) -> ResponseReturnValue:
    """Answer a request that lost a race by making it again, from a fresh read
    of the table (the session's rows are reloaded)."""
    view = current_app.view_functions[request.endpoint or ""]
    while True:
        db.session.rollback()
        db.session.expire_all()
        try:
            # Every view of this app is synchronous.
            answer = cast("ResponseReturnValue", view(**(request.view_args or {})))
            return answer
        except RaceLost:
            continue


def save_change(
    table: GameTable,
    *,
    version: int,
    action: str,
    details: Mapping[str, Any] | None = None,
    sheet: Sheet | None = None,
    change: Mapping[str, Any] | None = None,
) -> list[str]:
    """Save a change through the one write path (:func:`companion.edits.save`:
    the engines check the whole file, one history step, one transaction).

    :return: why it was not saved, in the reader's words (a stale edit, each
        problem of the file, a rule broken); empty when it was saved.
    :raises GameOverError: the game is over (nothing is saved; the error page
        says so and offers to reopen it).
    """
    try:
        edits.save(
            table,
            seen=version,
            action=action,
            details=details,
            sheet=sheet,
            change=change,
        )
    except store.StaleEditError as exc:
        again_if_raced()
        return [conflict_message(exc)]
    except TableFileError as exc:
        return [problem_words(problem) for problem in exc.problems]
    except RuleError as exc:
        return [error_words(exc)]
    return []


@dataclass(frozen=True)
class Edit:
    """What a form screen saves: the game's new sheet or a change to the table
    file (see :func:`companion.edits.save`), and the history step's details
    (the words of the step in History)."""

    sheet: Sheet | None = None
    change: Mapping[str, Any] | None = None
    details: dict[str, Any] | None = None
    said: tuple[str, ...] = ()
    """What to say once it is saved, after the screen's ``saved`` words
    (what a recorded turn did, line by line)."""


def form_screen(
    table: GameTable,
    form: VersionedForm,
    *,
    change: Callable[[], Edit],
    action: str,
    template: str,
    saved: str | None = None,
    done: str | None = None,
    fresh: Callable[[], VersionedForm] | None = None,
    row_names: Sequence[str] = (),
    keep: Collection[str] = (),
    **context: Any,
) -> ResponseReturnValue:
    """The one way a form screen works: a valid POST becomes one history step
    (the engines check the whole table file first) and goes back to the table
    page; otherwise the screen again, the form sent next against the table as
    it is now, every problem beside it, what the player typed kept.

    :param change: the edit a valid form asks for; called only then. A
        ``RuleError`` it raises is shown as a problem and nothing is saved.
    :param saved: what to say once saved (default: "Saved.").
    :param done: where to go once saved (default: the table page).
    :param fresh: the form as the screen shows it for the table as it is now
        (its GET form). With it, an edit sent from a page loaded before another
        phone's change is not lost: see :func:`merge_stale`.
    :param row_names: the name of each row of the form's row lists (players,
        camps), to say what changed in words.
    :param keep: fields a stale edit keeps as sent even where the phone left
        them as loaded (whose turn it records): see :func:`merge_stale`.
    """
    problems: list[str] = []
    stale = None
    if fresh is not None:
        stale = merged_if_stale(table, form, fresh, row_names, keep=keep)
    if stale is not None:
        merged, problems = stale
        page = render_template(
            template, table=table, form=merged, problems=problems, **context
        )
        return page, 409
    if request.method == "GET":
        with_base(form)
    if request.method == "POST" and row_names and not fit_rows(form, len(row_names)):
        form.against(table.version)
        page = render_template(
            template, table=table, form=form, problems=[ROWS_REFUSED], **context
        )
        return page, 400
    if request.method == "POST" and form.validate():
        try:
            edit = change()
        except RuleError as exc:
            problems = [error_words(exc)]
        else:
            problems = save_change(
                table,
                version=form.version.data,
                action=action,
                details=edit.details,
                sheet=edit.sheet,
                change=edit.change,
            )
            if not problems:
                flash(saved or _("Saved."))
                for line in [*edit.said, *merged_meanwhile()]:
                    flash(line)
                return redirect(done or url_for("tables.show", table_id=table.id))
    form.against(table.version)
    return (
        render_template(template, table=table, form=form, problems=problems, **context),
        400 if request.method == "POST" else 200,
    )


ROWS_REFUSED = _l(
    "This form came with rows that are not this table's (one row per player): "
    "it is shown again with this table's rows and nothing was saved. Check it "
    "and send it again."
)


def fit_rows(form: VersionedForm, n: int) -> bool:
    """Whether every row list of ``form`` was sent with exactly the rows ``0``
    to ``n - 1`` (one per player or camp); if not, make the form so (a row
    sent beyond them is dropped, a row left out comes back empty, each row
    where it was) and say ``False``. WTForms numbers the rows it receives
    from 0, so without this a send without ``players-0-*`` would give Bo's
    values to Ana; with it, a hand-made or out-of-date send gets the form
    again, never a crash or a shifted save."""
    fitted = True
    sent_data = request.form
    for field in form:
        if field.type != "FieldList":
            continue
        row = re.compile(rf"^{re.escape(field.name)}-(\d+)-(.+)\Z")
        sent: dict[int, set[str]] = {}
        for key in sent_data:
            if (found := row.match(key)) is not None:
                sent.setdefault(int(found.group(1)), set()).add(found.group(2))
        if set(sent) == set(range(n)) and len(field.entries) == n:
            continue
        fitted = False
        first = field.entries[0].form if field.entries else ()
        parts = [sub.short_name for sub in first]
        rows: MultiDict[str, str] = MultiDict()
        for i in range(n):
            for part in parts:
                key = f"{field.name}-{i}-{part}"
                values = sent_data.getlist(key) if i in sent else [""]
                for value in values:
                    rows.add(key, value)
        field.entries = []
        field.last_index = -1
        field.process(rows)
    return fitted


def merged_if_stale(
    table: GameTable,
    form: FormT,
    fresh: Callable[[], FormT],
    row_names: Sequence[str] = (),
    *,
    keep: Collection[str] = (),
) -> tuple[FormT, list[str]] | None:
    """A form sent from a page older than the table, rebuilt on the table as
    it is now (:func:`merge_stale`).

    Edits merge as edits: when no field this phone changed was changed by
    another phone too, ``form`` itself now holds the merge, sent against the
    table as it is now, and ``None`` is answered: the caller saves it as any
    other send (and says what changed meanwhile once saved:
    :func:`merged_meanwhile`). Only a true conflict (a field both phones
    changed, to different values) or a game finished meanwhile answers the
    merged form to show again (409), with what to say.

    :param fresh: the form as the screen shows it for the table now.
    """
    if (
        request.method != "POST"
        or form.version.data is None
        or form.version.data == table.version
    ):
        return None
    if row_names:
        fit_rows(form, len(row_names))  # each row where it was sent
    merge = merge_stale(form, fresh(), row_names, keep=keep)
    merged, said = merge.form, merge.said
    merged.against(table.version)
    finished = edits.is_finished(table)
    if not merge.clashes and not merge.blind and not finished:
        form.process(merge.formdata(request.form.get("csrf_token", "")))
        form.against(table.version)
        g.merged_meanwhile = merge.changed
        return None
    if finished:
        # Another phone finished the game meanwhile: sending again is refused
        # until it is reopened (the page offers it), and this form is kept.
        said.append(str(GAME_OVER))
    return merged, said


def changed_rows(form: VersionedForm, rows: str) -> set[int]:
    """The rows of the row list ``rows`` (``players``, ``camps``) in which this
    phone changed a field from what its page showed (the form's ``base``): a
    player's row is entered by the phone that fills it in."""
    try:
        base = json.loads(form.base.data or "{}")
    except ValueError:
        return set()
    if not isinstance(base, dict):
        return set()
    row = re.compile(rf"^{re.escape(rows)}-(\d+)-")
    changed = set()
    for name, value in field_values(form).items():
        match = row.match(name)
        if match and isinstance(base.get(name), str) and base[name] != value:
            changed.add(int(match.group(1)))
    return changed


def entered_parts(table: GameTable, action: str) -> frozenset[str]:
    """The players whose own part of ``action``'s screen (a tally row, a camp)
    is entered: as the latest such step says; every player's after one that
    did not tell parts apart, or a file imported (a whole result); none
    before any."""
    progress = Progress.of(table.recorded)
    entered = progress.entered(action)
    if entered is not None:
        return entered
    if progress.has(action, IMPORT):
        return frozenset(p.id for p in read_table(table.document).players)
    return frozenset()


def entered_by_send(
    form: VersionedForm, rows: str, players: Sequence[Player]
) -> tuple[list[str], tuple[str, ...]]:
    """The players whose row of the row list ``rows`` (one per player, in
    seating order) is entered once this send is saved: each row ticked as
    entered or changed by this phone (a row nobody touched is not entered,
    whatever it holds); and what to say of the rows not entered yet."""
    changed = changed_rows(form, rows)
    entered = [
        player.id
        for index, (player, row) in enumerate(zip(players, form[rows], strict=False))
        if row.form.entered.data or index in changed
    ]
    missing = not_entered(players, entered)
    said = (_("Not entered yet: %(names)s.", names=", ".join(missing)),)
    return entered, said if missing else ()


def not_entered(players: Iterable[Player], entered: Collection[str]) -> list[str]:
    """The names of the players whose own part (a tally row, a camp) is not
    entered yet, in seating order: the ones a screen names as missing."""
    return [p.name for p in players if p.id not in entered]


def merged_elsewhere(table: GameTable) -> None:
    """An edit from an older page lands on top of the other phone's change,
    which touched something else: once saved, say what that change was
    (:func:`merged_meanwhile`)."""
    g.merged_meanwhile = [describe_step(store.current_step(table))]


def merged_meanwhile() -> list[str]:
    """What another phone changed meanwhile, when this request's stale form
    was merged with it (:func:`merged_if_stale`), in words to say once the
    merge is saved; empty when the form was not stale."""
    changed: list[str] = g.pop("merged_meanwhile", [])
    if not changed:
        return []
    return [
        _(
            "Saved together with another phone's change: %(list)s.",
            list="; ".join(changed),
        )
    ]


_NOT_FIELDS = frozenset({"CSRFTokenField", "SubmitField"})
_FORM_KEYS = frozenset({"version", "base"})


def _leaves(fields: Iterable[Any]) -> Iterator[Any]:
    """Every field a player fills in, row lists and row forms opened up."""
    for field in fields:
        if field.type == "FieldList":
            yield from _leaves(field.entries)
        elif field.type == "FormField":
            yield from _leaves(field.form)
        elif field.type not in _NOT_FIELDS and field.short_name not in _FORM_KEYS:
            yield field


def _text(field: Any) -> str:
    if field.type == "BooleanField":
        return "y" if field.data else ""
    return "" if field.data is None else str(field.data)


def field_values(form: VersionedForm) -> dict[str, str]:
    """Each field's value as the form holds it now, by the field's name."""
    return {field.name: _text(field) for field in _leaves(form)}


def base_of(values: dict[str, str]) -> str:
    """What a form shows, as its hidden ``base`` carries it."""
    return json.dumps(values, sort_keys=True)


def with_base(form: FormT) -> FormT:
    """``form`` carrying what it shows now, for :func:`merge_stale` later."""
    form.base.data = base_of(field_values(form))
    return form


def _field_words(field: Any, row_names: Sequence[str]) -> str:
    """``Gus: Houses``: the field's label, with its row's name."""
    label = field.label.text
    row = re.match(r"^[a-z_]+-(\d+)-", field.name)
    if row and int(row.group(1)) < len(row_names):
        return f"{row_names[int(row.group(1))]}: {label}"
    return str(label)


def _value_words(field: Any, value: str) -> str:
    if field.type == "BooleanField":
        return str(_("yes") if value else _("no"))
    choices = field.iter_choices() if hasattr(field, "iter_choices") else ()
    for choice in choices:
        # WTForms gives Choice objects (3.2) or (value, label, ...) tuples.
        key = getattr(choice, "value", None)
        label = getattr(choice, "label", None)
        if key is None:
            key, label = choice[0], choice[1]
        if str(key) == value:
            return str(label)
    return value or "—"


@dataclass
class Merge(Generic[FormT]):
    """A stale edit rebuilt on the table as it is now."""

    form: FormT
    """The merged form, to show again when the merge must be checked."""
    said: list[str]
    """What to tell the player if it is shown again."""
    values: dict[str, str]
    """Each field's merged value, by the field's name."""
    clashes: list[str]
    """The fields both phones changed, to different values."""
    changed: list[str]
    """What the other phone changed meanwhile, in words."""
    base: str
    """What the form shows now (its hidden ``base``)."""
    blind: bool
    """The page did not say what it showed (an older page): which fields this
    phone changed is not known, so the merge is only shown, never saved."""

    def formdata(self, csrf_token: str) -> MultiDict[str, str]:
        """The merge as a send of the form against the table as it is now."""
        fields = {field.name: field for field in _leaves(self.form)}
        data = MultiDict(
            (name, value)
            for name, value in self.values.items()
            if not (fields[name].type == "BooleanField" and not value)
        )
        data["csrf_token"] = csrf_token
        data["base"] = self.base
        return data


def merge_stale(
    sent: VersionedForm,
    now: FormT,
    row_names: Sequence[str],
    *,
    keep: Collection[str] = (),
) -> Merge[FormT]:
    """Rebuild a stale edit on the table as it is now, losing nothing.

    ``base`` is what the phone's page showed, ``theirs`` what the form shows
    now, ``yours`` what the phone sent: a field this phone changed (yours
    differs from base) keeps its value, every other field takes the current
    one; a field both changed to different values keeps this phone's value,
    is marked, and is sent only when the player sends the form again. A
    field in ``keep`` counts as changed by this phone whatever it holds: a
    turn form's "whose turn" says whose turn the phone records, even when it
    was the one the page proposed.

    :return: the rebuilt form (to show, not saved) and what to tell the
        player, in words: what changed meanwhile and which fields clash; the
        merged values and the clashes themselves.
    """
    try:
        base = json.loads(sent.base.data or "{}")
    except ValueError:
        base = {}
    yours = field_values(sent)
    theirs = field_values(now)
    fields = {field.name: field for field in _leaves(now)}
    merged: dict[str, str] = {}
    clashes: list[str] = []
    changed: list[str] = []
    for name, current in theirs.items():
        loaded = base.get(name) if isinstance(base, dict) else None
        mine = yours.get(name, current)
        field = fields[name]
        if loaded is not None and current != loaded:
            changed.append(
                _(
                    "%(field)s: %(before)s → %(now)s",
                    field=_field_words(field, row_names),
                    before=_value_words(field, loaded),
                    now=_value_words(field, current),
                )
            )
        if loaded is None:
            # A page that did not say what it showed (sent by an older page):
            # what the player typed is kept, as it always was.
            merged[name] = mine
        elif mine != loaded or name in keep:
            merged[name] = mine
            if current != loaded and current != mine:
                clashes.append(name)
        else:
            merged[name] = current
    formdata = MultiDict(
        (name, value)
        for name, value in merged.items()
        if not (fields[name].type == "BooleanField" and not value)
    )
    now.process(formdata)
    now.base.data = base_of(theirs)
    for field in _leaves(now):
        # What the phone typed is checked as if sent, so a bad value is
        # marked now rather than after the next send.
        field.validate(now)
        if field.name in clashes:
            field.errors = [
                *field.errors,
                _(
                    "Another phone changed this to %(theirs)s; yours, %(yours)s, is "
                    "kept here: check it and send again.",
                    theirs=_value_words(field, theirs[field.name]),
                    yours=_value_words(field, merged[field.name]),
                ),
            ]
    said = [
        _(
            "Someone changed this table on another phone after you opened this "
            "page, so nothing was saved yet. Your changes are kept below on top "
            "of theirs; send again to save them."
        )
    ]
    if changed:
        said.append(_("Changed meanwhile: %(list)s.", list="; ".join(changed)))
    if clashes:
        said.append(
            _("Both phones changed the marked fields: check them before sending.")
        )
    blind = not (isinstance(base, dict) and base)
    return Merge(now, said, merged, clashes, changed, now.base.data, blind)


@bp.get("/t/<table_id>")
def show(table_id: str) -> ResponseReturnValue:
    return table_page(table_or_404(table_id))


@bp.post("/t/<table_id>/players")
def rename_players(table_id: str) -> ResponseReturnValue:
    """Rename players (seats and colours stay)."""
    table = table_or_404(table_id)
    form = RenamePlayersForm(request.form)
    document = store.current_document(table)
    players = players_of(document)
    # Another phone changed the table since this page was loaded: keep this
    # phone's renames on top of the names as they are now.
    stale = merged_if_stale(
        table, form, lambda: rename_form_now(table), [p.name for p in players]
    )
    if stale is not None:
        merged, said = stale
        return table_page(
            table, rename_form=merged, status=409, conflict=" ".join(said)
        )
    if not fit_rows(form, len(players)):
        form.form_errors.append(str(ROWS_REFUSED))
        return table_page(table, rename_form=form, status=400)
    if not form.validate():
        return table_page(table, rename_form=form, status=400)
    names = [row.form.name.data.strip() for row in form.players]
    changed = [(p, n) for p, n in zip(players, names, strict=True) if p.name != n]
    if not changed:
        flash(_("Nothing to change."))
        return redirect(url_for("tables.show", table_id=table.id))
    if len(changed) == 1:
        action, details = "rename", {"old": changed[0][0].name, "new": changed[0][1]}
    else:
        action, details = "rename-many", {}
    try:
        edits.save(
            table,
            seen=form.version.data,
            action=action,
            details=details,
            names=names,
        )
    except TableFileError as exc:
        form.form_errors.extend(words(p.message) for p in exc.problems)
        return table_page(table, rename_form=form, status=400)
    except store.StaleEditError as exc:
        again_if_raced()
        return table_page(
            table, rename_form=form, status=409, conflict=conflict_message(exc)
        )
    flash(_("Saved."))
    for line in merged_meanwhile():
        flash(line)
    return redirect(url_for("tables.show", table_id=table.id))


def _move(table_id: str, *, forward: bool) -> ResponseReturnValue:
    table = table_or_404(table_id)
    form = tapped(ActionForm)
    try:
        if forward:
            step = store.redo(table, expected_version=form.version.data)
            flash(_("Redone: %(what)s", what=describe_step(step)))
        else:
            step = store.undo(table, expected_version=form.version.data)
            flash(_("Undone: %(what)s", what=describe_step(step)))
    except store.StaleEditError as exc:
        return table_page(table, status=409, conflict=conflict_message(exc))
    except store.NothingToUndoError:
        flash(_("Nothing to redo.") if forward else _("Nothing to undo."))
    # Only a fixed set of places to return to: never a URL taken from the request.
    endpoint = {"history": "tables.history", "board": "foundations.board"}.get(
        request.form.get("next", ""), "tables.show"
    )
    return redirect(url_for(endpoint, table_id=table.id))


@bp.post("/t/<table_id>/undo")
def undo(table_id: str) -> ResponseReturnValue:
    return _move(table_id, forward=False)


@bp.post("/t/<table_id>/redo")
def redo(table_id: str) -> ResponseReturnValue:
    return _move(table_id, forward=True)


@bp.get("/t/<table_id>/history")
def history(table_id: str) -> ResponseReturnValue:
    table = table_or_404(table_id)
    steps_page = store.history_page(table, page_asked())
    if not steps_page.items:
        abort(404, _("There is no such page."))
    return render_table(
        "tables/history.html",
        table,
        steps=[(step, describe_step(step)) for step in steps_page.items],
        steps_page=steps_page,
        action_form=ActionForm(formdata=None, data={"version": table.version}),
        can_undo=store.can_undo(table),
        can_redo=store.can_redo(table),
    )


@bp.post("/t/<table_id>/history")
def go_to(table_id: str) -> ResponseReturnValue:
    """Make the tapped step of History the current one: every step between is
    undone (or redone) in one action; a stale page is refused as an undo is."""
    table = table_or_404(table_id)
    form = tapped(GoToStepForm)
    seq = form.seq.data
    try:
        left = store.go_to(table, seq, expected_version=form.version.data)
    except store.StaleEditError as exc:
        return table_page(table, status=409, conflict=conflict_message(exc))
    except store.NoSuchStepError:
        abort(404, _("This step is no longer in the history; reload the page."))
    what = describe_step(store.current_step(table))
    if seq < left.seq:
        flash(
            ngettext(
                "%(num)d step undone. The table is as after: %(what)s",
                "%(num)d steps undone. The table is as after: %(what)s",
                left.seq - seq,
                what=what,
            )
        )
    elif seq > left.seq:
        flash(
            ngettext(
                "%(num)d step redone. The table is as after: %(what)s",
                "%(num)d steps redone. The table is as after: %(what)s",
                seq - left.seq,
                what=what,
            )
        )
    else:
        flash(_("Nothing to change."))
    return redirect(url_for("tables.history", table_id=table.id))


@bp.get("/t/<table_id>/export")
def export(table_id: str) -> Response:
    """Download the table file (../shared/spec/table-file.md)."""
    table = table_or_404(table_id)
    return Response(
        dump_document(store.current_document(table)),
        mimetype="application/json",
        headers={
            "Content-Disposition": f'attachment; filename="{export_filename(table)}"'
        },
    )


@bp.post("/import")
def import_table() -> ResponseReturnValue:
    """Make a new table from an uploaded table file; a bad file changes nothing.
    Once per form, however often it is sent."""
    form = ImportForm()
    problems: list[str] = []
    if form.validate_on_submit():
        raw = form.file.data.read()
        token = form.once_key(hashlib.sha256(raw).hexdigest())
        if (made := table_made_by(token)) is not None:
            return imported_answer(made)
        try:
            data = load_table_text(raw.decode("utf-8-sig"))
        except UnicodeDecodeError:
            problems.append(_("The file is not UTF-8 text; is it a table file?"))
        except json.JSONDecodeError as exc:
            problems.append(
                _(
                    "The file is not valid JSON (line %(line)d, column %(col)d: "
                    "%(msg)s).",
                    line=exc.lineno,
                    col=exc.colno,
                    msg=JSON_ERRORS.get(exc.msg, exc.msg),
                )
            )
        except TableFileError as exc:
            problems.extend(problem_words(p) for p in exc.problems)
        else:
            try:
                parsed = read_table(data)
            except TableFileError as exc:
                problems.extend(problem_words(p) for p in exc.problems)
            else:
                # read_table accepted it, so the file is an object.
                document = cast("dict[str, Any]", data)
                table, _made_here = create_once(
                    token,
                    lambda: edits.create(
                        document,
                        options=options_from_document(parsed.game, document),
                        action="import",
                        details={"filename": form.file.data.filename or ""},
                    ),
                )
                return imported_answer(table)
    return (
        render_template(
            "tables/import.html",
            import_form=form,
            problems=problems,
            filename=getattr(form.file.data, "filename", None),
        ),
        400,
    )


def imported_answer(table: GameTable) -> ResponseReturnValue:
    """What importing answers, to the first send of the form and to any
    other: this device remembers the new table, which opens."""
    device.remember(table.id)
    flash(_("Imported. This is a new table; the file is unchanged."))
    return redirect(url_for("tables.show", table_id=table.id))


def options_from_document(game: Game, document: dict[str, Any]) -> dict[str, bool]:
    """The options a table file implies (it carries state, not settings): each
    of the game's expansions the file shows played (``Expansion.in_file``)."""
    return {expansion.key: expansion.in_file(document) for expansion in game.expansions}


@bp.route("/t/<table_id>/delete", methods=("GET", "POST"))
def delete(table_id: str) -> ResponseReturnValue:
    """Delete a table, after a confirmation page."""
    table = table_or_404(table_id)
    form = ActionForm(formdata=None, data={"version": table.version})
    if request.method == "POST":
        form = ActionForm(request.form)
        if form.validate():
            try:
                group_saved.hand_over(table)
                store.delete_table(table, expected_version=form.version.data)
            except store.StaleEditError as exc:
                db.session.rollback()
                return table_page(table, status=409, conflict=conflict_message(exc))
            flash(_("The table was deleted."))
            return redirect(url_for("tables.index"))
    return render_table(
        "tables/delete.html",
        table,
        form=form,
        saved_here=group_saved.saved_at(table),
        heir=group_saved.heir(table),
    )
