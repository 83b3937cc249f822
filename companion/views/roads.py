"""Roads of Fortune on a phone: the four road boards, and the draft at era scoring.

The rules (influence, ranking with its tie-breaks, who picks next, what a pick
gives) are the engine's, ``companion.engines.roads``; this module turns taps
into picks and saves each as a step of the table's history.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from sqlalchemy import select
from wtforms.fields.choices import SelectChoice

from .. import store
from ..engines import TableFileError, read_table
from ..engines.base import Node, RuleError
from ..engines.foundations import fortune, road_boards
from ..forms import ActionForm, FaceForm, RoadSetupForm
from ..models import RoadFace, db
from ..web import error_words, words
from .foundations import city_of, current_pick, fr_table_or_404
from .tables import Edit, form_screen, save_change

bp = Blueprint("roads", __name__)

STEP_WORDS = {
    "rof-setup": _l("Road boards set up"),
    "rof-pick": _l("%(player)s picked on the %(edge)s road board"),
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

PRESET_NAMES = {
    "worked-example-north": _l("Rulebook example, north face (milestones)"),
    "worked-example-east": _l("Rulebook example, east face (majority)"),
    "worked-example-south": _l("Rulebook example, south face (milestones)"),
    "worked-example-west": _l("Rulebook example, west face (milestones)"),
}


def face_choices() -> list[SelectChoice]:
    """Every face a table can use: the rulebook's and the group's own."""
    choices = [SelectChoice(f"preset:{k}", str(v)) for k, v in PRESET_NAMES.items()]
    saved = db.session.scalars(select(RoadFace).order_by(RoadFace.name))
    choices += [
        SelectChoice(f"saved:{face.id}", _("Saved: %(name)s", name=face.name))
        for face in saved
    ]
    return choices


def face_json(key: str) -> dict[str, Any]:
    """The table file's road board for a face choice."""
    kind, _sep, name = key.partition(":")
    if kind == "preset" and name in road_boards.PRESETS:
        return road_boards.board_to_json(road_boards.PRESETS[name])
    if kind == "saved" and name.isdigit():
        face = db.session.get(RoadFace, int(name))
        if face is not None:
            return dict(face.board)
    raise KeyError(key)


@bp.route("/t/<table_id>/roads/setup", methods=("GET", "POST"))
def setup(table_id: str) -> ResponseReturnValue:
    """Choose the face on each edge (rulebook 000, Setup 2-4)."""
    table = fr_table_or_404(table_id)
    document = store.current_document(table)

    def with_faces(form: RoadSetupForm) -> RoadSetupForm:
        for edge in EDGE_NAMES:
            form[edge].choices = face_choices()
        return form

    def fresh() -> RoadSetupForm:
        """The faces as the table has them now (the rulebook's by default)."""
        current = store.current_document(table).get("road_boards", {})
        defaults = {edge: f"preset:worked-example-{edge}" for edge in EDGE_NAMES}
        for edge in EDGE_NAMES:
            if edge in current:
                for choice in face_choices():
                    try:
                        if face_json(choice.value) == current[edge]:
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
        try:
            faces = {
                edge: road_boards.read_board(
                    Node(face_json(form[edge.value].data), f"road_boards.{edge.value}")
                )
                for edge in road_boards.Edge
            }
        except KeyError:  # a saved face deleted since the page was loaded
            raise RuleError(_("Choose a face for every edge.")) from None
        boards = road_boards.with_faces(city_of(table).road_boards, faces)
        return Edit({**document, "road_boards": road_boards.to_json(boards)})

    return form_screen(
        table,
        form,
        change=change,
        action="rof-setup",
        template="games/foundations-of-rome/roads_setup.html",
        fresh=fresh,
        saved=_("Road boards saved."),
        edges=EDGE_NAMES,
    )


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
            if db.session.scalar(select(RoadFace).where(RoadFace.name == name)):
                form.name.errors.append(_("A saved face already has this name."))
            else:
                db.session.add(RoadFace(name=name, board=board))
                db.session.commit()
                flash(_("Face “%(name)s” saved: choose it for an edge.", name=name))
                return redirect(url_for("roads.setup", table_id=table.id))
    return (
        render_template(
            "games/foundations-of-rome/roads_face.html",
            table=table,
            form=form,
            problems=problems,
        ),
        400 if request.method == "POST" else 200,
    )


@bp.route("/t/<table_id>/roads", methods=("GET", "POST"))
def draft(table_id: str) -> ResponseReturnValue:
    """The road boards at era scoring: influence, ranks, and each pick in turn."""
    table = fr_table_or_404(table_id)
    document = store.current_document(table)
    city = city_of(table)
    # The city read from the table file carries its road boards.
    boards = city.road_boards
    if boards is None:
        flash(_("Set up the road boards first."))
        return redirect(url_for("roads.setup", table_id=table.id))
    problems: list[str] = []
    turn = current_pick(city, boards)
    if request.method == "POST":
        form = ActionForm(request.form)
        if not form.validate():
            abort(400, _("This button's form was incomplete; reload the page."))
        if turn is None:
            problems.append(_("Every pick is made: score the era."))
        else:
            raw = request.form.get("option", "")
            option = None
            if raw != "pass":
                if not raw.isdigit() or int(raw) >= len(turn.options):
                    abort(400, _("That choice is not open; reload the page."))
                option = turn.options[int(raw)]
            try:
                new_boards = fortune.choose(
                    city, boards, turn.edge, turn.choice(option)
                )
            except RuleError as exc:
                problems.append(error_words(exc))
            else:
                new = dict(document)
                new["road_boards"] = road_boards.to_json(new_boards)
                problems = save_change(
                    table,
                    new,
                    version=form.version.data,
                    action="rof-pick",
                    details={
                        "player": city.player(turn.player).name,
                        "edge": str(EDGE_NAMES[turn.edge.value]),
                    },
                )
                if not problems:
                    return redirect(url_for("roads.draft", table_id=table.id))
    result = fortune.resolve(city, boards)
    return render_template(
        "games/foundations-of-rome/roads_draft.html",
        table=table,
        city=city,
        boards=boards,
        result=result,
        turn=turn,
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
        Gain=fortune.Gain,
        majority=road_boards.MajorityBoard,
    ), (400 if problems else 200)
