"""Foundations of Rome on a phone: the city board, building, era scoring.

Thin: the rules (what may be built where, how an era scores) are the engine's,
``companion.engines.foundations``; this module turns taps into engine calls and
engine results into pages, and saves every change as a step of the history.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import get_translations
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from wtforms.fields.choices import SelectChoice

from ... import edits
from ...engines import TableFileError
from ...engines import foundations as fr
from ...engines.base import Message, RuleError
from ...engines.foundations import fortune, road_boards
from ...engines.foundations import monument_cards as cards
from ...engines.foundations import monuments as mon
from ...engines.foundations.city import CivicTile as Tile
from ...exports.report import EraTotals
from ...storage import progress as recorded
from ...storage import store
from ...storage.models import CivicTile, GameTable
from .. import derived
from .. import saved as group_saved
from ..forms import (
    CIVIC_KIND_LABELS,
    ActionForm,
    BoardForm,
    BuildForm,
    TrayTileForm,
    civic_values,
    tapped,
)
from ..plumbing import error_words, lazy_words, problem_words, words
from .tables import (
    Edit,
    again_if_raced,
    conflict_message,
    form_screen,
    game_table_or_404,
    merged_elsewhere,
    merged_meanwhile,
    players_of,
    sheet_of_kind,
)

bp = Blueprint("foundations", __name__)

GAME = fr.GAME

STEP_WORDS = {
    "fr-build": _l("%(player)s built %(building)s on %(lots)s"),
    "fr-move": _l("%(player)s's %(building)s moved to %(lots)s"),
    "fr-remove": _l("Removed %(player)s's %(building)s from %(lots)s"),
    "fr-markers": _l("%(player)s's lot markers changed on %(lots)s"),
    "fr-score": _l("Era %(era)d scored"),
    "fr-values": _l("Values of %(player)s's %(building)s on %(lots)s changed"),
}
"""The words of the history steps these screens record."""

TYPE_NAMES = {kind.value: lazy_words(kind.title) for kind in fr.BuildingType}
"""The building types' names, as the engine names them."""

PIECE_NAMES = {name: lazy_words(words) for name, words in fr.PIECE_WORDS.items()}
"""The tray pieces' names in the player's language (game-data.md 1.2)."""

DETAIL_WORDS = {"building": {**TYPE_NAMES, **PIECE_NAMES}}
"""The words of the history's details (``GameViews.detail_words``): a step
records a building's printed name or its type (``residential``), shown in
the reader's language."""

CATEGORY_NAMES = {
    "population": _l("Population"),
    **{category.value: lazy_words(category.title) for category in fr.Category},
    "era_total": _l("This era"),
    "total": _l("Total"),
    "silver": lazy_words(fr.SILVER_TITLE),
}


def city_of(table: GameTable) -> fr.City:
    """The table's current city (its table file, read by the engine), read
    once per version (``derived``)."""
    return derived.derived(table, "city", lambda: sheet_of_kind(table, fr.City))


def era_result(table: GameTable) -> fr.EraResult:
    """The era's scoring of the table's current city, its explanation lines
    with it, with the monument cards as this table reads them (rulebook 001,
    "End of Era Scoring"), worked out once per version (``derived``)."""
    return derived.derived(
        table,
        "fr-score",
        lambda: fr.score(city_of(table), catalogue=table_catalogue(table)),
    )


def table_pick(table: GameTable) -> fortune.Turn | None:
    """:func:`pending_pick` of the table's current city, worked out once per
    version (``derived``)."""
    return derived.derived(table, "road-pick", lambda: pending_pick(city_of(table)))


def tile_of(row: CivicTile) -> Tile:
    """A saved civic tile as the engine reads it (its shape by name, its
    printed rule and VP)."""
    return Tile(
        row.name,
        fr.Shape[row.shape] if row.shape else None,
        fr.Civic(fr.CivicKind(row.per), row.vp),
    )


def fr_table_or_404(table_id: str) -> GameTable:
    return game_table_or_404(
        table_id, GAME, _("This table is not a Foundations of Rome table.")
    )


# --------------------------------------------------------------------------
# The board as the templates draw it
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class Cell:
    lot: str
    index: int | None
    """The building on it (index in ``city.buildings``), if any."""
    owner: str | None
    """Whose building or lot marker is here."""
    kind: str
    """``building``, ``marker`` or ``empty``."""
    label: str
    """What is on the lot, in words (the accessible name of the cell)."""
    edges: str
    """CSS classes for the sides where the building ends (its outline)."""


def board_cells(city: fr.City) -> list[list[Cell]]:
    """The board in play, row by row, with what stands on each lot."""
    built = city.built()
    markers = {lot: pid for pid, lots in city.lot_markers.items() for lot in lots}
    names = {p.id: p.name for p in city.players}
    size = city.board.size
    # Each building's words made once, not once per lot; each sentence
    # looked up once per board, not once per cell.
    said = get_translations()
    building_words = said.gettext("%(lot)s: %(player)s's %(building)s (%(type)s)")
    marker_words = said.gettext("%(lot)s: %(player)s's lot marker")
    free_words = said.gettext("%(lot)s: free")
    whose = {
        index: {
            "player": names.get(b.owner, b.owner),
            "building": words(b.what),
            "type": TYPE_NAMES[b.type.value],
        }
        for index, b in enumerate(city.buildings)
    }
    rows: list[list[Cell]] = []
    for row in range(1, size + 1):
        cells = []
        for column in range(size):
            lot = fr.Lot(column, row)
            index = built.get(lot)
            if index is not None:
                b = city.buildings[index]
                edges = " ".join(
                    side
                    for side, near in zip(
                        ("n", "w", "e", "s"),
                        (
                            fr.Lot(column, row - 1) if row > 1 else None,
                            fr.Lot(column - 1, row) if column > 0 else None,
                            fr.Lot(column + 1, row),
                            fr.Lot(column, row + 1),
                        ),
                        strict=True,
                    )
                    if near is None or built.get(near) != index
                )
                cells.append(
                    Cell(
                        str(lot),
                        index,
                        b.owner,
                        "building",
                        building_words % {"lot": lot, **whose[index]},
                        edges,
                    )
                )
            elif lot in markers:
                pid = markers[lot]
                cells.append(
                    Cell(
                        str(lot),
                        None,
                        pid,
                        "marker",
                        marker_words % {"lot": lot, "player": names.get(pid, pid)},
                        "",
                    )
                )
            else:
                cells.append(
                    Cell(
                        str(lot),
                        None,
                        None,
                        "empty",
                        free_words % {"lot": lot},
                        "",
                    )
                )
        rows.append(cells)
    return rows


def column_letters(city: fr.City) -> list[str]:
    return [chr(ord("A") + c) for c in range(city.board.size)]


# --------------------------------------------------------------------------
# The history of era scorings
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class ScoredEra:
    era: int
    players: dict[str, dict[str, int]]
    """Per player id: ``era_total``, ``total``, ``coins``."""


def era_scorings(table: GameTable) -> list[dict[str, Any]]:
    """The details of each era scoring that stands, up to the current step, in
    era order: reopening the game takes back its final scoring (the era is
    to be scored again), and an era scored again counts as last scored
    (kept with the table: ``companion.storage.progress``)."""
    return recorded.era_scorings(table.recorded)


def scored_eras(table: GameTable) -> list[ScoredEra]:
    """The eras scored so far, from the steps up to the current one."""
    return [
        ScoredEra(details["era"], details["players"]) for details in era_scorings(table)
    ]


def lot_markers_away(city: fr.City) -> tuple[tuple[str, Message], ...]:
    """Each player with lot markers on road boards since the last era scoring,
    with that in words: missing from their supply this era (rulebook 000,
    "Gameplay Example - West Road Board" D). The table file carries them
    (``road_boards.lot_markers_away``): the era scoring wrote them there from
    the picks it scored (``fr.next_era``)."""
    boards = city.road_boards
    return fortune.away_words(city, boards) if boards is not None else ()


def current_pick(city: fr.City, boards: road_boards.RoadBoards) -> fortune.Turn | None:
    """The next pick of the road-board draft: the first edge, in resolution
    order (rulebook 000, "Gameplay Overview" 1), where someone still picks."""
    return fortune.first_turn(city, boards)


def pending_pick(city: fr.City) -> fortune.Turn | None:
    """The next road-board pick of this era, if the table has road boards."""
    boards = city.road_boards
    return current_pick(city, boards) if boards is not None else None


def table_catalogue(table: GameTable) -> Any:
    """The monument cards as this table's group reads them: the catalogue with
    the values they changed (the latest change up to the current step)."""
    overrides = recorded.latest(table.recorded, "mon-values").get("overrides", {})
    if not overrides:
        return cards.CATALOGUE
    return cards.with_overrides(cards.CATALOGUE, overrides)


def panel(table: GameTable, document: dict[str, Any]) -> dict[str, Any]:
    """What the table page shows for a Foundations of Rome table."""
    city = city_of(table)
    eras = scored_eras(table)
    over = edits.is_finished(table)
    result = era_result(table) if over else None
    return {
        "city": city,
        "roads_on": bool(table.options.get(fr.ROADS.key))
        or city.road_boards is not None,
        "roads_ready": city.road_boards is not None,
        "pending": table_pick(table),
        "rows": board_cells(city),
        "columns": column_letters(city),
        "eras": eras,
        "over": over,
        "places": fr.places(result) if result else (),
        "ties": fr.tie_lines(result) if result else (),
        "end_of_game": fr.END_OF_GAME,
    }


def era_history(table: GameTable) -> list[EraTotals]:
    """Each player's running total after each era scored so far (the table's
    history), for the report's per-era rows and chart."""
    return [
        EraTotals(
            era.era, {pid: values["total"] for pid, values in era.players.items()}
        )
        for era in scored_eras(table)
    ]


def report_args(table: GameTable) -> dict[str, Any]:
    """The report's eras so far and the monument cards as this table reads them
    (the report shows the eras scored so far, whatever they are)."""
    return {"history": era_history(table), "catalogue": table_catalogue(table)}


# --------------------------------------------------------------------------
# The board screen
# --------------------------------------------------------------------------


def board_form(table: GameTable, city: fr.City, formdata: Any = None) -> BoardForm:
    form = BoardForm(formdata, data=None if formdata else {"version": table.version})
    form.owner.choices = [SelectChoice(p.id, p.name) for p in city.players]
    form.lots.choices = [SelectChoice(str(lot), str(lot)) for lot in city.board.lots()]
    return form


def lots_seen(city: fr.City) -> str:
    """What the board shows on each lot with something on it, as a form
    carries it to tell later whether the lots it taps changed meanwhile."""
    return json.dumps(_lots_shown(city), sort_keys=True, separators=(",", ":"))


def _lots_shown(city: fr.City) -> dict[str, str]:
    """What stands on each lot with something on it: whose building of which
    type and name, on which lots; whose lot marker."""
    shown: dict[str, str] = {}
    for building in city.buildings:
        what = ":".join(
            (
                "b",
                building.owner,
                building.type.value,
                building.name or "",
                fr.format_lots(building.lots),
            )
        )
        for lot in building.lots:
            shown[str(lot)] = what
    for pid, held in city.lot_markers.items():
        for lot in held:
            shown[str(lot)] = f"{shown.get(str(lot), '')}|m:{pid}"
    return shown


def lots_unchanged(seen: str | None, city: fr.City, lots: Iterable[fr.Lot]) -> bool:
    """Whether each of ``lots`` holds what the page that sent ``seen`` showed:
    then an edit on them from that older page is still the player's intent,
    and another phone's change elsewhere does not refuse it."""
    try:
        then = json.loads(seen or "")
    except ValueError:
        return False
    if not isinstance(then, dict):
        return False
    now = _lots_shown(city)
    return all(now.get(str(lot)) == then.get(str(lot)) for lot in lots)


def board_page(
    table: GameTable,
    city: fr.City,
    form: BoardForm,
    *,
    status: int = 200,
    problems: list[str] | None = None,
    conflict: str | None = None,
) -> ResponseReturnValue:
    selected = set(form.lots.data or [])
    moving = form.move_from.data or ""
    if form.version.data != table.version:
        form.against(table.version)
    form.seen.data = lots_seen(city)
    try:
        tapped = parse_lots(city, sorted(selected))
    except RuleError:
        tapped = ()
    owner = form.owner.data if form.owner.data in _names(city) else city.players[0].id
    return (
        render_template(
            f"games/{GAME}/board.html",
            **tray_context(table, city, owner, tapped),
            table=table,
            city=city,
            rows=board_cells(city),
            columns=column_letters(city),
            form=form,
            selected=selected,
            moving=moving,
            players=players_of(store.current_document(table)),
            away=lot_markers_away(city),
            pending=pending_pick(city),
            problems=problems or [],
            conflict=conflict,
            can_undo=store.can_undo(table),
            can_redo=store.can_redo(table),
        ),
        status,
    )


def parse_lots(city: fr.City, names: list[str]) -> tuple[fr.Lot, ...]:
    lots = []
    for name in names:
        lot = fr.Lot.parse(name)
        if lot not in city.board:
            raise fr.IllegalBuildError(city.board.off_board_message(lot))
        lots.append(lot)
    return tuple(lots)


@bp.get("/t/<table_id>/board")
def board(table_id: str) -> ResponseReturnValue:
    """The city board: tap lots, then build, mark or remove."""
    table = fr_table_or_404(table_id)
    city = city_of(table)
    form = board_form(table, city)
    form.owner.data = request.args.get("owner") or city.players[0].id
    # Lots already tapped, when coming back from describing a civic tile.
    form.lots.data = [name for name in request.args.get("lots", "").split(",") if name]
    if request.args.get("move_from"):
        form.move_from.data = request.args["move_from"]
    return board_page(table, city, form)


def build_url(
    table: GameTable, lots: tuple[fr.Lot, ...], owner: str, piece: int | None = None
) -> str:
    """The build screen for ``owner`` on ``lots`` (and a chosen tray piece)."""
    return url_for(
        "foundations.build",
        table_id=table.id,
        lots=",".join(str(lot) for lot in lots),
        owner=owner,
        piece=piece,
    )


@dataclass(frozen=True)
class Tap:
    """A button of the board screen pressed on the tapped lots: the table, its
    city, the forms sent, and the lots and player they name (checked)."""

    table: GameTable
    city: fr.City
    form: BoardForm
    tile_form: TrayTileForm
    lots: tuple[fr.Lot, ...]
    owner: str

    @property
    def version(self) -> int:
        """The table's version the phone saw."""
        return int(self.form.version.data)

    def save(self, new_city: fr.City, action: str, details: dict[str, Any]) -> None:
        """Save ``new_city`` as the next step, through the one write path
        (:func:`companion.edits.save`)."""
        edits.save(
            self.table,
            seen=self.version,
            action=action,
            details=details,
            sheet=new_city,
        )
        for line in merged_meanwhile():
            flash(line)

    def back(self) -> ResponseReturnValue:
        """The board again, with the tapped lots' player active."""
        return redirect(
            url_for("foundations.board", table_id=self.table.id, owner=self.owner)
        )

    def refused(self, problems: list[str]) -> ResponseReturnValue:
        """The board again, with why nothing was done."""
        return board_page(
            self.table, self.city, self.form, status=400, problems=problems
        )


def tap_build(tap: Tap) -> ResponseReturnValue:
    """The "Build on these lots…" button: the build screen, to choose the piece."""
    return redirect(build_url(tap.table, tap.lots, tap.owner))


def tap_move(tap: Tap) -> ResponseReturnValue:
    """The "Move the building…" button: the board again, to tap where it goes."""
    building = tap.city.buildings[fr.building_to_move(tap.city, tap.lots)]
    flash(_("Now tap the lots to move it to, then “Move it here”."))
    return redirect(
        url_for(
            "foundations.board",
            table_id=tap.table.id,
            owner=building.owner,
            move_from=str(building.lots[0]),
        )
    )


def tap_piece(tap: Tap) -> ResponseReturnValue:
    """A tray piece tapped under the board: built on the lots with the values
    printed on it, in one step; a civic piece goes to the build screen, where
    the group enters the rule and VP printed on the tile."""
    place = int(tap.form.piece.data)
    piece = fr.tray_stock_piece(tap.city, tap.owner, place)
    if piece.values is None:
        return redirect(build_url(tap.table, tap.lots, tap.owner, piece=place))
    return build_in_place(
        tap.table,
        tap.city,
        fr.tray_building(piece, tap.owner, tap.lots),
        version=tap.version,
        what=str(PIECE_NAMES.get(piece.name, piece.name)),
    )


def tap_tile(tap: Tap) -> ResponseReturnValue:
    """A saved civic tile tapped in the tray: its name, rule and VP as the
    group described it, built on the lots in one step."""
    tile_form = tap.tile_form
    saved = (
        group_saved.find(CivicTile, tap.table, tile_form.tile.data)
        if tile_form.validate()
        else None
    )
    if saved is None:
        return tap.refused([_("That civic tile is not saved any more: tap another.")])
    building = tile_of(saved).building(tap.owner, tap.lots)
    return build_in_place(
        tap.table, tap.city, building, version=tap.version, what=saved.name
    )


def tap_civic(tap: Tap) -> ResponseReturnValue:
    """A civic rule and VP tapped in the tray: a civic building with them from
    the owner's tray, built on the lots in one step (over the owner's own
    smaller buildings there, as any piece)."""
    values = civic_values(tap.form.civic.data or "")
    if values is None:  # the form's validator refused it already
        return tap.refused([_("Tap the civic building's rule and VP again.")])
    civic = fr.tray_piece("Civic building")
    try:
        building = civic.make(tap.owner, tap.lots, values)
    except ValueError:
        fr.check_lots(tap.city, tap.lots)  # why, in words
        raise
    return build_in_place(
        tap.table,
        tap.city,
        replace(building, name=None),
        version=tap.version,
        what=str(PIECE_NAMES[civic.name]),
    )


def tap_move_here(tap: Tap) -> ResponseReturnValue:
    """The "Move it here" button: the building chosen by "Move the building…"
    onto the tapped lots (one step)."""
    new_city, details = move_building(tap.city, tap.form.move_from.data, tap.lots)
    tap.save(new_city, "fr-move", details)
    return tap.back()


def tap_remove(tap: Tap) -> ResponseReturnValue:
    """The "Remove the building" button: the one building on the tapped lots
    (one step)."""
    new_city, details = remove_buildings(tap.city, tap.lots)
    tap.save(new_city, "fr-remove", details)
    return tap.back()


def tap_marker(tap: Tap) -> ResponseReturnValue:
    """The "Lot marker on / off" button: the player's lot marker on each
    tapped lot, or taken off where it stands (one step), and what changed in
    words."""
    city, owner, lots = tap.city, tap.owner, tap.lots
    # Those away on road boards since last era are out of the supply: the
    # engine reads them from the table file.
    new_city = fr.toggle_lot_markers(city, owner, lots)
    details = {"player": _names(city)[owner], "lots": fr.format_lots(lots)}
    tap.save(new_city, "fr-markers", details)
    for said in marker_words(city, new_city, owner, lots):
        flash(said)
    return tap.back()


def tap_marker_for(tap: Tap) -> ResponseReturnValue:
    """A player's "lot marker" button in the tray: "Lot marker on / off" for
    that player, who is then the chosen one."""
    owner = tap.form.marker_for.data or ""
    fr.check_owner(tap.city, owner)
    return tap_marker(replace(tap, owner=owner))


BOARD_ACTIONS: dict[str, Callable[[Tap], ResponseReturnValue]] = {
    "build": tap_build,
    "move": tap_move,
    "piece": tap_piece,
    "tile": tap_tile,
    "civic": tap_civic,
    "move_here": tap_move_here,
    "remove": tap_remove,
    "marker": tap_marker,
    "marker_for": tap_marker_for,
}
"""What each button of the board screen does with the tapped lots."""


def pressed_button(form: BoardForm, tile_form: TrayTileForm) -> str | None:
    """Which of :data:`BOARD_ACTIONS` the form asks for (the first, in this
    order, should a hand-made form ask for more than one), if any."""
    pressed = {
        "build": form.build.data,
        "move": form.move.data,
        "piece": form.piece.data is not None,
        "tile": bool(tile_form.tile.raw_data),
        "civic": bool(form.civic.data),
        "move_here": form.move_here.data,
        "remove": form.remove.data,
        "marker": form.marker.data,
        "marker_for": bool(form.marker_for.data),
    }
    return next((name for name, on in pressed.items() if on), None)


def board_tap(table: GameTable, city: fr.City, form: BoardForm) -> Tap:
    """The tap the board form sends, checked.

    :raises store.StaleEditError: another phone changed the tapped lots since
        this one loaded the board (a change elsewhere is merged).
    :raises RuleError: a lot off the board; no player of this table.
    """
    lots = parse_lots(city, form.lots.data)
    if form.version.data != table.version:
        if not lots_unchanged(form.seen.data, city, lots):
            raise store.StaleEditError(
                expected=form.version.data, current=table.version
            )
        # Another phone changed other lots: this tap lands on top of it.
        merged_elsewhere(table)
        form.against(table.version)
    fr.check_owner(city, form.owner.data)
    return Tap(table, city, form, TrayTileForm(request.form), lots, form.owner.data)


def refusal_words(exc: RuleError) -> list[str]:
    """Why the engine refused a tap, in words: each problem of the table file
    (without its path), or the rule's message."""
    if isinstance(exc, TableFileError):
        return [words(p.message) for p in exc.problems]
    return [error_words(exc)]


@bp.post("/t/<table_id>/board")
def board_action(table_id: str) -> ResponseReturnValue:
    """A button pressed on the tapped lots: one of :data:`BOARD_ACTIONS`."""
    table = fr_table_or_404(table_id)
    # Every tap's action changes the board or leads to a screen that does.
    edits.check_open(table)
    city = city_of(table)
    form = board_form(table, city, request.form)
    if not form.validate():
        return board_page(table, city, form, status=400)
    try:
        tap = board_tap(table, city, form)
        action = BOARD_ACTIONS.get(pressed_button(form, tap.tile_form) or "")
        if action is None:
            return tap.refused([_("Choose what to do with the lots.")])
        return action(tap)
    except store.StaleEditError as exc:
        again_if_raced()
        # Another phone changed the board since this one loaded it: say what
        # is on the tapped lots now rather than what the engine thinks of
        # building there.
        now = city_of(table)
        conflict = " ".join(
            [conflict_message(exc), *lots_now_words(now, form.lots.data)]
        )
        return board_page(table, now, form, status=409, conflict=conflict)
    except RuleError as exc:
        return board_page(table, city, form, status=400, problems=refusal_words(exc))


@bp.get("/t/<table_id>/board/tray")
def tray(table_id: str) -> ResponseReturnValue:
    """What the tapped lots can take, for the board screen to show under the
    board without loading the page: the owner's tray pieces that fit, or why
    none does; the building on them, if any."""
    table = fr_table_or_404(table_id)
    city = city_of(table)
    owner = request.args.get("owner", "")
    if owner not in _names(city):
        abort(400, _("Choose a player on the board first."))
    try:
        lots = parse_lots(
            city, [s for s in request.args.get("lots", "").split(",") if s]
        )
    except RuleError as exc:
        abort(400, error_words(exc))
    return render_template(
        f"games/{GAME}/_tray.html",
        **tray_context(table, city, owner, lots),
        form=board_form(table, city),
    )


def tray_context(
    table: GameTable, city: fr.City, owner: str, lots: tuple[fr.Lot, ...]
) -> dict[str, Any]:
    """What the tray under the board shows for ``owner`` and the tapped ``lots``:
    the pieces that fit (over ``owner``'s own smaller buildings on them too),
    a civic building's rule and VP to tap, and the group's saved civic tiles
    that fit while ``owner`` has a civic piece left (a tile is one of them);
    why nothing fits; or the building the lots are part of. ``actions``: the
    board's buttons that can do something with these lots (the page shows the
    others too while nothing is tapped, and without JavaScript)."""
    built = fr.buildings_on(city, lots)
    # Lots of one building (some or all of them) show that building; with
    # free lots or other buildings, what could go over it.
    shown = len(built) == 1 and set(lots) <= set(city.buildings[built[0]].lots)
    problem = None
    pieces: list[tuple[int, fr.TrayStock]] = []
    tiles: list[tuple[str, Tile, str]] = []
    if lots and not shown:
        try:
            if built:
                pieces = list(fr.over_stock(city, owner, lots))
            else:
                fr.check_lots(city, lots)
                pieces = [
                    (k, s) for k, s in fr.fitting_stock(city, owner, lots) if s.left
                ]
        except RuleError as exc:
            problem = error_words(exc)
    civic_piece = next(
        (k for k, s in pieces if s.piece.type is fr.BuildingType.CIVIC), None
    )
    if civic_piece is not None:
        for row in group_saved.seen(CivicTile, table):
            tile = tile_of(row)
            if tile.fits(lots):
                tiles.append((row.key, tile, tile_words(tile)))
    monuments = []
    if table.options.get(fr.MONUMENTS.key) and lots and not built:
        catalogue = table_catalogue(table)
        for slug in mon.fitting(city, lots, catalogue=catalogue):
            where = url_for(
                "monuments.card",
                table_id=table.id,
                slug=slug,
                player=owner,
                lots=[str(lot) for lot in lots],
                _anchor="cost",
            )
            monuments.append((catalogue[slug].name, where))
    taken = city.built()
    actions = set()
    if any(lot not in taken for lot in lots):
        actions |= {"build", "marker"}
    elif len(built) > 1:
        actions.add("build")
    if len(built) == 1:
        actions |= {"move", "remove"}
    return {
        "owner_name": _names(city)[owner],
        "lots": lots,
        "lots_text": fr.format_lots(lots),
        "pieces": pieces,
        "tiles": tiles,
        "civic_left": civic_piece is not None,
        "civic_piece": civic_piece,
        "civic_rules": CIVIC_RULES,
        "civic_grid": [
            (
                vp,
                [
                    (f"{kind.value}:{vp}", str(CIVIC_KIND_SHORT[kind]) % {"vp": vp})
                    for kind, _head in CIVIC_RULES
                ],
            )
            for vp in CIVIC_QUICK_VP
        ],
        "describe_url": url_for(
            "civic.tiles",
            table_id=table.id,
            owner=owner,
            lots=",".join(str(lot) for lot in lots) or None,
        ),
        "problem": problem,
        "buildings": [city.buildings[i] for i in built] if shown else [],
        "over": [city.buildings[i] for i in built] if not shown else [],
        "actions": actions,
        "fitting_monuments": monuments,
        # Lots that cannot take one building (a player's scattered deeds) are
        # for lot markers: each player's button says whose.
        "marker_players": (
            city.players if problem and not built and len(fr.groups(lots)) > 1 else ()
        ),
        "names": _names(city),
        "piece_names": PIECE_NAMES,
        "type_names": TYPE_NAMES,
    }


CIVIC_KIND_SHORT = {
    fr.CivicKind.CITIZEN: _l("%(vp)d VP per adjacent citizen"),
    fr.CivicKind.TWO_CITIZENS: _l("%(vp)d VP per 2 adjacent citizens"),
    fr.CivicKind.SILVER: _l("%(vp)d VP per adjacent silver"),
    fr.CivicKind.CIVIC: _l("%(vp)d VP per adjacent civic building"),
    fr.CivicKind.BUILDING: _l("%(vp)d VP per adjacent building"),
}
"""A civic tile's rule in the few words a tray button has room for (the whole
rule: ``forms.CIVIC_KIND_LABELS``)."""

CIVIC_RULES = (
    (fr.CivicKind.CITIZEN, _l("citizen")),
    (fr.CivicKind.TWO_CITIZENS, _l("2 citizens")),
    (fr.CivicKind.SILVER, _l("silver")),
    (fr.CivicKind.CIVIC, _l("civic building")),
    (fr.CivicKind.BUILDING, _l("any building")),
)
"""The five civic rules (rulebook 001, "Civic Buildings") as the tray's
columns head them: what a civic building scores VP for, each adjacent one."""

CIVIC_QUICK_VP = (1, 2, 3)
"""The VP the tray offers to tap with a civic rule, one row of buttons each:
a layout choice, not a rule (no rulebook prints the civic buildings' values).
Any other VP, and a name, go on the build screen of the tray's civic piece."""


def tile_words(tile: Tile) -> str:
    """A saved tile's rule, VP and shape in short words: ``2 VP per adjacent
    silver · 1x2``."""
    rule = str(CIVIC_KIND_SHORT[tile.values.per]) % {"vp": tile.values.vp}
    shape = words(tile.shape.words) if tile.shape else _("any shape")
    return f"{rule} · {shape}"


def build_in_place(
    table: GameTable, city: fr.City, building: fr.Building, *, version: int, what: str
) -> ResponseReturnValue:
    """Build ``building`` tapped in the tray (one step), say so, and show the
    board again with its owner active.

    :raises RuleError: the engine refuses it (``TableFileError`` for the file).
    :raises store.StaleEditError: the table changed meanwhile.
    """
    save_building(table, city, building, version=version)
    flash(
        _(
            "%(player)s built %(building)s on %(lots)s.",
            player=_names(city)[building.owner],
            building=what,
            lots=fr.format_lots(building.lots),
        )
    )
    return redirect(
        url_for("foundations.board", table_id=table.id, owner=building.owner)
    )


def marker_words(
    before: fr.City, after: fr.City, owner: str, lots: tuple[fr.Lot, ...]
) -> list[str]:
    """What a tap on "Lot marker on / off" did, in words (the visible
    confirmation): which of the tapped lots got the owner's marker, which lost it."""
    had, has = set(before.markers(owner)), set(after.markers(owner))
    name = _names(before)[owner]
    said = []
    put = [lot for lot in lots if lot in has - had]
    taken = [lot for lot in lots if lot in had - has]
    if put:
        said.append(
            _(
                "%(player)s's lot marker is on %(lots)s.",
                player=name,
                lots=fr.format_lots(put),
            )
        )
    if taken:
        said.append(
            _(
                "%(player)s's lot marker is off %(lots)s.",
                player=name,
                lots=fr.format_lots(taken),
            )
        )
    return said


def lots_now_words(city: fr.City, names: list[str]) -> list[str]:
    """What stands on the tapped lots now, for a phone whose edit came too
    late: the player reads what the other phone did, never an internal index."""
    built = city.built()
    markers = {lot: pid for pid, held in city.lot_markers.items() for lot in held}
    said = []
    for name in names:
        try:
            lot = fr.Lot.parse(name)
        except RuleError:
            continue
        if lot in built:
            building = city.buildings[built[lot]]
            said.append(
                _(
                    "%(lot)s is %(player)s's %(building)s now.",
                    lot=name,
                    player=_names(city)[building.owner],
                    building=words(building.what),
                )
            )
        elif lot in markers:
            said.append(
                _(
                    "%(lot)s has %(player)s's lot marker now.",
                    lot=name,
                    player=_names(city)[markers[lot]],
                )
            )
    return said


def _names(city: fr.City) -> dict[str, str]:
    return {p.id: p.name for p in city.players}


def remove_buildings(
    city: fr.City, lots: tuple[fr.Lot, ...]
) -> tuple[fr.City, dict[str, Any]]:
    """Remove the building on the tapped lots (one at a time, to be clear).

    :raises fr.NoSuchBuildingError: not one building on them.
    """
    index = fr.building_to_remove(city, lots)
    old = city.buildings[index]
    return fr.remove(city, index), {
        "player": _names(city)[old.owner],
        "building": old.name or old.type.value,
        "lots": fr.format_lots(old.lots),
    }


def move_building(
    city: fr.City, move_from: str, lots: tuple[fr.Lot, ...]
) -> tuple[fr.City, dict[str, Any]]:
    """Take a building off its lots and put it on ``lots`` (to correct an entry)."""
    index = fr.building_from(city, move_from)
    old = city.buildings[index]
    return fr.move(city, index, lots), {
        "player": _names(city)[old.owner],
        "building": old.name or old.type.value,
        "lots": fr.format_lots(lots),
    }


# --------------------------------------------------------------------------
# Building: choose a tray piece, check its values, confirm
# --------------------------------------------------------------------------


VALUE_FIELDS = {
    fr.BuildingType.RESIDENTIAL: ("citizens",),
    fr.BuildingType.COMMERCIAL: ("silver", "vp"),
    fr.BuildingType.CIVIC: ("per", "vp"),
}


def values_from(form: BuildForm, btype: fr.BuildingType) -> fr.Values:
    if btype is fr.BuildingType.RESIDENTIAL:
        return fr.Residential(form.citizens.data)
    if btype is fr.BuildingType.COMMERCIAL:
        return fr.Commercial(form.silver.data, form.vp.data)
    return fr.Civic(fr.CivicKind(form.per.data), form.vp.data)


def build_form(table: GameTable, piece: fr.TrayPiece) -> BuildForm:
    """The values form of ``piece``: as posted, or filled from the tray."""
    if request.method == "POST":
        form = BuildForm(request.form)
    else:
        # A civic piece's VP are the group's to enter: 1 is the least.
        values = piece.values or fr.Civic(fr.CivicKind.BUILDING, 1)
        name = piece.name if piece.values else ""
        form = BuildForm(formdata=None, data=values_data(table, values, name))
    form.keep_only(VALUE_FIELDS[piece.type])
    return form


def values_data(table: GameTable, values: fr.Values, name: str) -> dict[str, Any]:
    """A values form filled from ``values`` (fields of other types at 0)."""
    per = getattr(values, "per", None)
    return {
        "version": table.version,
        "name": name,
        "citizens": getattr(values, "citizens", 0),
        "silver": getattr(values, "silver", 0),
        "vp": getattr(values, "vp", 0),
        "per": per.value if per is not None else "building",
    }


def save_building(
    table: GameTable,
    city: fr.City,
    building: fr.Building,
    *,
    version: int,
) -> None:
    """Build ``building`` on lots its owner is taken to hold (a board entered as
    it lies) and save it as the next step.

    :raises RuleError: the engine refuses it (``TableFileError`` for the file).
    :raises store.StaleEditError: the table changed meanwhile.
    """
    new_city = fr.build(fr.claim_lots(city, building.owner, building.lots), building)
    edits.save(
        table,
        sheet=new_city,
        seen=version,
        action="fr-build",
        details={
            "player": _names(city)[building.owner],
            "building": building.name or building.type.value,
            "lots": fr.format_lots(building.lots),
        },
    )
    for line in merged_meanwhile():
        flash(line)


@bp.route("/t/<table_id>/build", methods=("GET", "POST"))
def build(table_id: str) -> ResponseReturnValue:
    """Pick the building for the tapped lots from the owner's tray, then confirm."""
    table = fr_table_or_404(table_id)
    city = city_of(table)
    source = request.form if request.method == "POST" else request.args
    owner = source.get("owner", "")
    if owner not in _names(city):
        abort(400, _("Choose a player on the board first."))
    try:
        lots = parse_lots(city, [s for s in source.get("lots", "").split(",") if s])
        fr.Shape.of(lots)
    except (RuleError, ValueError) as exc:
        flash(_("Those lots cannot take one building: %(why)s", why=error_words(exc)))
        return redirect(url_for("foundations.board", table_id=table.id, owner=owner))
    chosen = source.get("piece", type=int)
    stock = fr.remaining_tray(city, owner)
    if chosen is None or not 0 <= chosen < len(stock):
        return build_page(table, city, owner, lots, chosen=chosen)
    piece = stock[chosen].piece
    form = build_form(table, piece)
    if request.method != "POST":
        return build_page(table, city, owner, lots, chosen=chosen, form=form)
    return send_build(table, city, owner, lots, chosen, piece, form)


def send_build(
    table: GameTable,
    city: fr.City,
    owner: str,
    lots: tuple[fr.Lot, ...],
    chosen: int,
    piece: fr.TrayPiece,
    form: BuildForm,
) -> ResponseReturnValue:
    """Build the chosen piece with the values sent. From a page older than
    the table, it is built all the same when its lots hold what that page
    showed (another phone changed something else); when they do not, the
    screen comes back with the piece, its values and name as sent, and what
    stands on the lots now (409), to send again or go back."""

    def again(problems: list[str], status: int) -> ResponseReturnValue:
        form.against(table.version)
        return build_page(
            table,
            city,
            owner,
            lots,
            chosen=chosen,
            form=form,
            problems=problems,
            status=status,
        )

    if form.version.data is not None and form.version.data != table.version:
        if not lots_unchanged(form.seen.data, city, lots):
            stale = store.StaleEditError(
                expected=form.version.data, current=table.version
            )
            named = [str(lot) for lot in lots]
            return again([conflict_message(stale), *lots_now_words(city, named)], 409)
        merged_elsewhere(table)  # another phone changed other lots
        form.against(table.version)
    if not form.validate():
        return again([], 400)
    name = (form.name.data or "").strip() or None
    building = fr.Building(owner, lots, values_from(form, piece.type), name)
    try:
        save_building(table, city, building, version=form.version.data)
    except store.StaleEditError as exc:
        again_if_raced()
        # Changed between the check above and the write: this screen again.
        return again([conflict_message(exc)], 409)
    except TableFileError as exc:
        return again([words(p.message) for p in exc.problems], 400)
    except RuleError as exc:
        return again([error_words(exc)], 400)
    flash(_("Built."))
    return redirect(url_for("foundations.board", table_id=table.id, owner=owner))


def build_page(
    table: GameTable,
    city: fr.City,
    owner: str,
    lots: tuple[fr.Lot, ...],
    *,
    chosen: int | None,
    form: BuildForm | None = None,
    problems: list[str] | None = None,
    status: int = 200,
) -> ResponseReturnValue:
    """The build screen: the owner's pieces that fit the lots, then the chosen
    piece's values."""
    stock = fr.remaining_tray(city, owner)
    piece = stock[chosen].piece if form is not None and chosen is not None else None
    if form is not None:
        form.seen.data = lots_seen(city)
    return (
        render_template(
            f"games/{GAME}/build.html",
            table=table,
            city=city,
            owner=owner,
            owner_name=_names(city)[owner],
            lots=lots,
            lots_text=fr.format_lots(lots),
            shape=fr.Shape.of(lots),
            pieces=list(fr.fitting_stock(city, owner, lots)),
            piece=piece,
            chosen=chosen,
            form=form,
            problems=problems or [],
            type_names=TYPE_NAMES,
            piece_names=PIECE_NAMES,
            civic_kinds=CIVIC_KIND_LABELS,
        ),
        status,
    )


@bp.route("/t/<table_id>/building/<lot>", methods=("GET", "POST"))
def values(table_id: str, lot: str) -> ResponseReturnValue:
    """The printed values of the building on ``lot``, to correct after it was
    built (a tile read wrong, an edition that differs): one history step."""
    table = fr_table_or_404(table_id)
    city = city_of(table)
    try:
        index = city.built().get(fr.Lot.parse(lot))
    except RuleError:
        index = None
    if index is None or city.buildings[index].type is fr.BuildingType.MONUMENT:
        abort(404, _("There is no building on %(lot)s to change.", lot=lot))
    building = city.buildings[index]

    def fresh() -> BuildForm:
        """The building's values as the table has them now."""
        data = values_data(table, building.values, building.name or "")
        form = BuildForm(formdata=None, data=data)
        form.keep_only(VALUE_FIELDS[building.type])
        return form

    if request.method == "POST":
        form = BuildForm(request.form)
        form.keep_only(VALUE_FIELDS[building.type])
    else:
        form = fresh()
    back = url_for("foundations.board", table_id=table.id, owner=building.owner)

    def change() -> Edit:
        name = (form.name.data or "").strip() or None
        new = fr.change_values(city, index, values_from(form, building.type), name)
        return Edit(
            sheet=new,
            details={
                "player": _names(city)[building.owner],
                "building": name or building.name or building.type.value,
                "lots": fr.format_lots(building.lots),
            },
        )

    return form_screen(
        table,
        form,
        change=change,
        action="fr-values",
        template=f"games/{GAME}/values.html",
        fresh=fresh,
        saved=_("Values saved."),
        done=back,  # back to the board, where the building was tapped
        building_name=words(building.what),
        owner_name=_names(city)[building.owner],
        lots_text=fr.format_lots(building.lots),
        back=back,
        civic_kinds=CIVIC_KIND_LABELS,
    )


# --------------------------------------------------------------------------
# Era scoring
# --------------------------------------------------------------------------


def result_rows(result: fr.EraResult) -> list[dict[str, Any]]:
    """The era's table, one row per category, one cell per player with its lines."""
    rows: list[dict[str, Any]] = []

    def row(
        key: str, cells: list[tuple[int, tuple[fr.Line, ...]]], strong: bool = False
    ) -> None:
        rows.append(
            {"key": key, "name": CATEGORY_NAMES[key], "cells": cells, "strong": strong}
        )

    row(
        "population",
        [
            (s.population, s.road.lines(fortune.Gain.POPULATION) if s.road else ())
            for s in result.players
        ],
    )
    for category in fr.Category:
        row(
            category.value,
            [
                (s.category(category).points, s.category(category).lines)
                for s in result.players
            ],
        )
    row("era_total", [(s.era_total, ()) for s in result.players], strong=True)
    row("total", [(s.total, ()) for s in result.players], strong=True)
    row(
        "silver",
        [
            (
                s.coins,
                s.silver.lines + (s.road.lines(fortune.Gain.COINS) if s.road else ()),
            )
            for s in result.players
        ],
    )
    return rows


@bp.route("/t/<table_id>/era", methods=("GET", "POST"))
def era(table_id: str) -> ResponseReturnValue:
    """Score the era from the board: a table of players x categories, explained."""
    table = fr_table_or_404(table_id)
    if request.method == "POST":
        return score_era(table)
    # Made once per version, language and time zone (``derived``).
    return derived.cached_page(table, lambda: era_page(table))


def era_page(table: GameTable) -> str:
    """The era screen of ``table`` as it is now."""
    city = city_of(table)
    result = era_result(table)
    pending = table_pick(table)
    # The places after Era 3, once every road-board pick is made: the picks
    # may still change the totals (rulebook 000, "Gameplay Overview").
    decided = result.final and pending is None
    return render_template(
        f"games/{GAME}/era.html",
        table=table,
        city=city,
        result=result,
        rows=result_rows(result),
        form=ActionForm(formdata=None, data={"version": table.version}),
        over=edits.is_finished(table),
        pending=pending,
        places=fr.places(result) if decided else (),
        ties=fr.tie_lines(result) if decided else (),
        end_of_game=fr.END_OF_GAME,
    )


def score_era(table: GameTable) -> ResponseReturnValue:
    """Record the era's scoring (``POST /t/<id>/era``)."""
    city = city_of(table)
    result = era_result(table)
    pending = table_pick(table)
    posted = tapped(ActionForm)
    edits.check_open(table)
    if pending is not None:
        flash(_("The road boards come first: every pick must be made."))
        return redirect(url_for("roads.draft", table_id=table.id))
    details = {
        "era": result.era,
        "players": {
            s.player.id: {
                "era_total": s.era_total,
                "total": s.total,
                "coins": s.coins,
            }
            for s in result.players
        },
    }
    next_city = city
    if not result.final:
        next_city = fr.next_era(city, result)
        details["lot_markers_spent"] = {
            s.player.id: s.road.lot_markers_spent
            for s in result.players
            if s.road is not None and s.road.lot_markers_spent
        }
    try:
        edits.save(
            table,
            sheet=next_city,
            seen=posted.version.data,
            action="fr-score",
            details=details,
        )
    except store.StaleEditError as exc:
        again_if_raced()
        flash(conflict_message(exc))
        return redirect(url_for("foundations.era", table_id=table.id))
    except TableFileError as exc:  # the next era's file breaks a rule
        for problem in exc.problems:
            flash(problem_words(problem))
        return redirect(url_for("foundations.era", table_id=table.id))
    if result.final:
        flash(_("Era 3 scored: the game is over."))
    else:
        flash(
            _(
                "Era %(era)d scored. Era %(next)d starts from the same board.",
                era=result.era,
                next=result.era + 1,
            )
        )
        # The lot markers this era's picks put on road boards, now away
        # in the next era's file: said, so nobody has to remember them.
        for _pid, said in lot_markers_away(next_city):
            flash(words(said))
    return redirect(url_for("tables.show", table_id=table.id))
