"""Roads of Fortune on a phone: the four road boards, and the draft at era scoring.

The rules (influence, ranking with its tie-breaks, who picks next, what a pick
gives) are the engine's (``companion.engines.foundations.fortune`` and
``road_boards``); this module turns taps into picks and saves each as a step
of the table's history.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from sqlalchemy.exc import IntegrityError
from wtforms import SelectMultipleField, StringField, ValidationError
from wtforms.fields.choices import SelectChoice

from ...engines import TableFileError, read_table
from ...engines import foundations as fr
from ...engines.base import Message, Node, RuleError, comma_list
from ...engines.foundations import fortune, road_boards
from ...storage import store
from ...storage.models import GameTable, RoadFace, db
from .. import saved as group_saved
from ..forms import ActionForm, FaceForm, RoadSetupForm
from ..plumbing import error_words, words
from .foundations import (
    board_cells,
    city_of,
    column_letters,
    current_pick,
    fr_table_or_404,
)
from .tables import Edit, conflict_message, form_screen, latest_change, save_change

bp = Blueprint("roads", __name__)

STEP_WORDS = {
    "rof-setup": _l("Road boards set up"),
    "rof-pick": _l("%(player)s picked on the %(edge)s road board"),
    "rof-pick-swap": _l(
        "%(player)s picked on the %(edge)s road board and swapped lots: %(swaps)s"
    ),
}
"""The words of the history steps these screens record."""

EDGE_ORDER = tuple(road_boards.Edge)
"""The edges in the order the road boards resolve."""

EDGE_NAMES = {
    "north": _l("North"),
    "east": _l("East"),
    "south": _l("South"),
    "west": _l("West"),
}

DETAIL_WORDS = {"edge": EDGE_NAMES}
"""The words of the history's details (``GameViews.detail_words``): a pick
records its edge as ``north``, shown in the reader's language."""

PRESET_NAMES = {
    "worked-example-north": _l("Rulebook example, north face (milestones)"),
    "worked-example-east": _l("Rulebook example, east face (majority)"),
    "worked-example-south": _l("Rulebook example, south face (milestones)"),
    "worked-example-west": _l("Rulebook example, west face (milestones)"),
}


def face_choices(table: GameTable) -> list[SelectChoice]:
    """Every face a table can use: the rulebook's and the group's own
    (``web.saved``: the faces saved at this table and at the tables this
    device knows)."""
    choices = [SelectChoice(f"preset:{k}", str(v)) for k, v in PRESET_NAMES.items()]
    choices += [
        SelectChoice(f"saved:{face.key}", _("Saved: %(name)s", name=face.name))
        for face in group_saved.seen(RoadFace, table)
    ]
    return choices


def face_json(table: GameTable, key: str) -> dict[str, Any]:
    """The table file's road board for a face choice (a saved face only if
    the group at ``table`` sees it)."""
    kind, _sep, name = key.partition(":")
    if kind == "preset" and name in road_boards.PRESETS:
        return road_boards.board_to_json(road_boards.PRESETS[name])
    if kind == "saved":
        face = group_saved.find(RoadFace, table, name)
        if face is not None:
            return dict(face.board)
    raise KeyError(key)


@bp.route("/t/<table_id>/roads/setup", methods=("GET", "POST"))
def setup(table_id: str) -> ResponseReturnValue:
    """Choose the face on each edge (rulebook 000, Setup 2-4)."""
    table = fr_table_or_404(table_id)

    def with_faces(form: RoadSetupForm) -> RoadSetupForm:
        choices = face_choices(table)
        for edge in EDGE_NAMES:
            form[edge].choices = choices
        return form

    def fresh() -> RoadSetupForm:
        """The faces as the table has them now (the rulebook's by default)."""
        current = store.current_document(table).get("road_boards", {})
        defaults = {edge: f"preset:worked-example-{edge}" for edge in EDGE_NAMES}
        for edge in EDGE_NAMES:
            if edge in current:
                for choice in face_choices(table):
                    try:
                        if face_json(table, choice.value) == current[edge]:
                            defaults[edge] = choice.value
                            break
                    except KeyError:
                        continue
        data = {"version": table.version, **defaults}
        return with_faces(RoadSetupForm(formdata=None, data=data))

    form = (
        with_faces(RoadSetupForm(request.form)) if request.method == "POST" else fresh()
    )

    def change() -> Edit:
        faces = chosen_faces(table, form)
        road_boards.check_faces(faces)
        boards = road_boards.with_faces(city_of(table).road_boards, faces)
        return Edit(sheet=replace(city_of(table), road_boards=boards))

    return form_screen(
        table,
        form,
        change=change,
        action="rof-setup",
        template=f"games/{fr.GAME}/roads_setup.html",
        fresh=fresh,
        saved=_("Road boards saved."),
        edges=EDGE_NAMES,
    )


def chosen_faces(
    table: GameTable, form: RoadSetupForm
) -> dict[road_boards.Edge, road_boards.RoadBoard]:
    """The faces chosen for the edges, in edge order, up to the first that is
    not there any more (a saved face deleted since the page was loaded): the
    engine then says every edge needs one (``road_boards.check_faces``)."""
    faces = {}
    for edge in road_boards.Edge:
        try:
            faces[edge] = road_boards.read_board(
                Node(
                    face_json(table, form[edge.value].data),
                    f"road_boards.{edge.value}",
                )
            )
        except KeyError:
            break
    return faces


def board_json_from(form: FaceForm) -> dict[str, Any]:
    """The table file's road board described by the face form."""
    if form.kind.data == "majority":
        return {
            "kind": "majority",
            "most": [form.most_1.data, form.most_2.data, form.most_3.data],
            "none": [form.none_1.data, form.none_2.data, form.none_3.data],
        }

    def reward(kind: str, amount: int | None, text: str | None) -> dict[str, Any]:
        if kind == "first_player":
            return {"first_player": True}
        if kind == "other":
            return {"other": (text or "").strip()}
        return {kind: amount if amount is not None else 1}

    slots = []
    for row in form.slots:
        f = row.form
        if not f.reward.data:
            continue
        slot = {"reward": reward(f.reward.data, f.amount.data, f.text.data)}
        if f.alternate.data:
            slot["or"] = reward(f.alternate.data, f.alternate_amount.data, f.text.data)
        slots.append(slot)
    return {"kind": "milestones", "slots": slots}


@bp.route("/t/<table_id>/roads/face", methods=("GET", "POST"))
def face(table_id: str) -> ResponseReturnValue:
    """Describe a face as printed and save it for this and later tables."""
    table = fr_table_or_404(table_id)
    form = FaceForm(request.form if request.method == "POST" else None)
    problems: list[str] = []
    if request.method == "POST" and form.validate():
        board = board_json_from(form)
        players = read_table(store.current_document(table)).players
        try:
            # A face is checked as the engine reads a road board of a table file.
            road_boards.read(
                Node({edge: board for edge in EDGE_NAMES}, "road_boards"), players
            )
        except TableFileError as exc:
            problems.extend(words(p.message) for p in exc.problems)
        else:
            name = form.name.data.strip()
            if save_face(table, name, board):
                flash(_("Face “%(name)s” saved: choose it for an edge.", name=name))
                return redirect(url_for("roads.setup", table_id=table.id))
            form.name.errors.append(_("A saved face already has this name."))
    return (
        render_template(
            f"games/{fr.GAME}/roads_face.html",
            table=table,
            form=form,
            problems=problems,
        ),
        400 if request.method == "POST" else 200,
    )


def save_face(table: GameTable, name: str, board: dict[str, Any]) -> bool:
    """Save a face at ``table`` unless its group has one of the name (also
    one saved from another phone a moment ago: the database's unique name
    per table refuses it)."""
    if group_saved.name_taken(RoadFace, table, name):
        return False
    db.session.add(RoadFace(table_id=table.id, name=name, board=board))
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        return False
    return True


# --------------------------------------------------------------------------
# The draft at era scoring
# --------------------------------------------------------------------------


_PLACE = re.compile(r"^[0-9]{1,2}\Z")
"""A space's place among a turn's options: ASCII digits only (``"²"`` is a
digit to ``str.isdigit`` but not to ``int``)."""


class PickForm(ActionForm):
    """A pick on the road-board draft and, for a space that swaps lots, the
    lots ticked on the board (rulebook 000, "Gameplay Example - South Road
    Board" F-G). Kept beside the one screen that sends it."""

    option = StringField()
    """``pass``, or the place of the space tapped among the turn's options."""
    keep = StringField()
    """A swap space taken without swapping: its place among the options."""
    lots = SelectMultipleField(validate_choice=False)
    """The lots ticked on the board, in page order (row by row)."""

    def validate_option(self, field: StringField) -> None:
        # One button was pressed: a space (or pass), or a swap space kept.
        if bool(field.data) == bool(self.keep.data):
            raise ValidationError(_l("Tap one space, or pass."))
        if field.data and field.data != "pass" and not _PLACE.match(field.data):
            raise ValidationError(_l("Tap one space, or pass."))
        if self.keep.data and not _PLACE.match(self.keep.data):
            raise ValidationError(_l("Tap one space, or pass."))


@dataclass(frozen=True)
class SwapOffer:
    """The spaces of the turn that swap lots, and the lot markers that could
    change places (rulebook 000, "Gameplay Example - South Road Board" F-G)."""

    player: str
    """Whose pick it is."""
    indexes: tuple[int, ...]
    """The swap spaces' places among the turn's options."""
    exchanges: int
    """The most exchanges one of them gives (``fr.swap_exchanges``)."""
    mine: tuple[str, ...]
    """The picker's lot markers."""
    others: tuple[tuple[str, tuple[str, ...]], ...]
    """Every other player with lot markers, and where they stand."""

    @property
    def markers(self) -> list[tuple[str, Message]]:
        """The picker, then each other player with lot markers, with the lots
        of their markers in words."""
        player = (self.player, self.mine) if self.mine else None
        return [
            (pid, comma_list(lots))
            for pid, lots in ([player] if player else []) + list(self.others)
        ]


def swap_offer(city: fr.City, turn: fortune.Turn | None) -> SwapOffer | None:
    """What the draft screen offers to swap, if the turn has a space that
    swaps at least one pair of lots."""
    if turn is None:
        return None
    indexes = tuple(
        k
        for k, option in enumerate(turn.options)
        if isinstance(option.reward, road_boards.SwapLots)
        and fr.swap_exchanges(option.reward.lots) > 0
    )
    if not indexes:
        return None
    exchanges = max(
        fr.swap_exchanges(reward.lots)
        for k in indexes
        if isinstance(reward := turn.options[k].reward, road_boards.SwapLots)
    )
    return SwapOffer(
        turn.player,
        indexes,
        exchanges,
        tuple(str(lot) for lot in city.markers(turn.player)),
        tuple(
            (p.id, tuple(str(lot) for lot in city.markers(p.id)))
            for p in city.players
            if p.id != turn.player and city.markers(p.id)
        ),
    )


@dataclass(frozen=True)
class Pick:
    """A pick as one history step: the city after it (its road boards and, on
    a swap, its lot markers changed), the step's kind and its words."""

    city: fr.City
    action: str
    details: dict[str, Any]


def pick_step(
    city: fr.City,
    boards: road_boards.RoadBoards,
    turn: fortune.Turn,
    form: PickForm,
) -> Pick:
    """The pick the form asks for and, on a swap space, the swap of the lots
    ticked, made together: the table file's ``road_boards`` and
    ``lot_markers`` change in one step, so undo takes both back.

    :raises RuleError: the pick or the swap is refused; nothing is saved.
    """
    raw = form.keep.data or form.option.data
    option = None
    if raw != "pass":
        if int(raw) >= len(turn.options):
            abort(400, _("That choice is not open; reload the page."))
        option = turn.options[int(raw)]
    reward = option.reward if option is not None else None
    swapping = isinstance(reward, road_boards.SwapLots) and not form.keep.data
    if form.keep.data and not isinstance(reward, road_boards.SwapLots):
        abort(400, _("That choice is not open; reload the page."))
    names = list(form.lots.data or [])
    after = city
    swaps: list[str] = []
    if isinstance(reward, road_boards.SwapLots) and swapping:
        exchanges = fr.swap_exchanges(reward.lots)
        pairs = (
            fortune.swap_pairs(
                city, turn.player, [fr.Lot.parse(name) for name in names], exchanges
            )
            if exchanges
            else []
        )
        for mine, theirs in pairs:
            holders = {lot: pid for pid, ls in after.lot_markers.items() for lot in ls}
            after = fr.swap_lot_markers(after, turn.player, mine, theirs)
            swaps.append(f"{mine} ↔ {theirs} ({after.player(holders[theirs]).name})")
    elif not form.keep.data:
        fortune.check_no_swap(names)
    new_boards = fortune.choose(city, boards, turn.edge, turn.choice(option))
    new = replace(after, road_boards=new_boards)
    details = {
        "player": city.player(turn.player).name,
        "edge": turn.edge.value,
    }
    if not swaps:
        return Pick(new, "rof-pick", details)
    return Pick(new, "rof-pick-swap", {**details, "swaps": ", ".join(swaps)})


@bp.route("/t/<table_id>/roads", methods=("GET", "POST"))
def draft(table_id: str) -> ResponseReturnValue:
    """The road boards at era scoring: influence, ranks, and each pick in
    turn; on a space that swaps lots, the lots to swap are ticked on the board
    and the swap is saved with the pick, as one step."""
    table = fr_table_or_404(table_id)
    city = city_of(table)
    # The city read from the table file carries its road boards.
    boards = city.road_boards
    if boards is None:
        flash(_("Set up the road boards first."))
        return redirect(url_for("roads.setup", table_id=table.id))
    problems: list[str] = []
    ticked: list[str] = []
    turn = current_pick(city, boards)
    if request.method == "POST":
        form = PickForm(request.form)
        valid = form.validate()
        ticked = [lot for lot in form.lots.data or [] if isinstance(lot, str)]
        if not valid:
            # A hand-made send: the draft again, with what was wrong.
            problems = [e for errors in form.errors.values() for e in errors]
            problems = problems or [_("Tap one space, or pass.")]
        elif turn is None:
            problems.append(_("Every pick is made: score the era."))
        elif form.version.data != table.version:
            # Another phone picked or changed the board since this page was
            # loaded: the pick (and its swap) was meant for the table as it was.
            problems += [
                conflict_message(
                    store.StaleEditError(
                        expected=form.version.data, current=table.version
                    )
                ),
                latest_change(table),
            ]
        else:
            problems = save_pick(table, city, boards, turn, form)
            if not problems:
                return redirect(url_for("roads.draft", table_id=table.id))
    return draft_page(table, city, boards, turn, problems, ticked)


def save_pick(
    table: GameTable,
    city: fr.City,
    boards: road_boards.RoadBoards,
    turn: fortune.Turn,
    form: PickForm,
) -> list[str]:
    """Save the pick (with its swap) as one history step.

    :return: why it was not saved, in words; empty when it was.
    """
    try:
        step = pick_step(city, boards, turn, form)
    except RuleError as exc:
        return [error_words(exc)]
    return save_change(
        table,
        sheet=step.city,
        version=form.version.data,
        action=step.action,
        details=step.details,
    )


def draft_page(
    table: GameTable,
    city: fr.City,
    boards: road_boards.RoadBoards,
    turn: fortune.Turn | None,
    problems: list[str],
    ticked: list[str],
) -> ResponseReturnValue:
    result = fortune.resolve(city, boards)
    return render_template(
        f"games/{fr.GAME}/roads_draft.html",
        table=table,
        city=city,
        boards=boards,
        result=result,
        turn=turn,
        swap=swap_offer(city, turn),
        rows=board_cells(city),
        columns=column_letters(city),
        ticked=ticked,
        pending_edges=[
            e.value
            for e in road_boards.Edge
            if turn is not None
            and EDGE_ORDER.index(e) >= EDGE_ORDER.index(turn.edge)
            and not isinstance(boards.board(e), road_boards.MajorityBoard)
        ],
        problems=problems,
        edges=EDGE_NAMES,
        form=ActionForm(formdata=None, data={"version": table.version}),
        names={p.id: p.name for p in city.players},
        away=fortune.away_words(city, boards),
        Gain=fortune.Gain,
        majority=road_boards.MajorityBoard,
    ), (400 if problems else 200)
