"""Glory to Rome on a phone: the camps at the end, the score, the end checklist.

The rules (influence, vault, merchant bonuses, Statue and Wall, places, limits)
are the engine's, ``companion.engines.glory``; terms come from its glossary in
the reader's language (``glory_terms``: Italian as Sit Gloria Romae names things,
Chinese as rulebook 004 does).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from flask import Blueprint, request
from flask.typing import ResponseReturnValue
from flask_babel import get_locale
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from wtforms.fields.choices import SelectChoice

from ...engines import find_game
from ...engines import glory as gtr
from ...engines.glory_terms import CARD_NAMES, TERMS, Lang, typed_card
from ...storage import progress as recorded
from ...storage.models import GameTable
from ..forms import (
    BUILDING_SLOTS,
    GTR_MATERIALS,
    CampsForm,
    GameEndForm,
    refused_fields,
)
from .tables import (
    Edit,
    entered_by_send,
    entered_parts,
    form_screen,
    game_table_or_404,
    not_entered,
    sheet_of_kind,
)

bp = Blueprint("glory", __name__)

GAME = gtr.GAME

STEP_WORDS = {
    "gtr-camps": _l("Camps entered"),
    "gtr-end": _l("End of the game noted"),
}
"""The words of the history steps these screens record."""


def reader_lang() -> Lang:
    """The reader's language, English when it is none of the three."""
    locale = str(get_locale() or "en")
    return Lang(locale) if locale in ("en", "it", "zh") else Lang.EN


def term(key: str) -> str:
    """A Glory to Rome term in the reader's language, marked when no rulebook
    uses it (our own translation)."""
    lang = reader_lang()
    entry = TERMS[key]
    text = entry.in_lang(lang)
    return text if entry.from_rulebook(lang) else f"{text}*"


def gtr_table_or_404(table_id: str) -> GameTable:
    return game_table_or_404(
        table_id, GAME, _("This table is not a Glory to Rome table.")
    )


def sheet_of(table: GameTable) -> gtr.ScoreSheet:
    return sheet_of_kind(table, gtr.ScoreSheet)


def latest(table: GameTable, action: str) -> dict[str, Any]:
    """The details of the latest step of ``action`` up to the current step."""
    return recorded.latest(table.recorded, action)


def game_end(table: GameTable) -> gtr.GameEnd | None:
    """How the game ended: the table file's ``ended``, else what an end step
    saved before the file carried it noted (``glory.ended_of``)."""
    return gtr.ended_of(recorded.Progress.of(table.recorded), sheet_of(table))


def ended_sheet(table: GameTable) -> gtr.ScoreSheet:
    """The table's sheet, saying how the game ended (:func:`game_end`)."""
    sheet = sheet_of(table)
    end = game_end(table)
    return sheet if sheet.ended == end else replace(sheet, ended=end)


def clients_of(table: GameTable) -> dict[str, int]:
    return dict(latest(table, "gtr-camps").get("clients", {}))


def result_of(table: GameTable) -> tuple[gtr.GameResult, list[gtr.Check]]:
    sheet = ended_sheet(table)
    result = gtr.score(sheet)
    clients = clients_of(table)
    checks = list(result.checks)
    for camp in sheet.camps:
        active = gtr.active_buildings(sheet, camp)
        check = gtr.check_clientele(camp, clients.get(camp.player.id, 0), active)
        if check is not None:
            checks.append(check)
    return result, checks


def result_known(table: GameTable) -> bool:
    """Whether the table holds a result that names a winner
    (``glory.result_known``)."""
    progress = recorded.Progress.of(table.recorded)
    return gtr.result_known(progress, sheet_of(table).players, end=game_end(table))


def panel(table: GameTable, document: dict[str, Any]) -> dict[str, Any]:
    result, checks = result_of(table)
    return {
        "result": result,
        "checks": checks,
        "end": result.end,
        "entered": result_known(table),
        "terms": {key: term(key) for key in TERMS},
        "materials": GTR_MATERIALS,
    }


def report_args(table: GameTable) -> dict[str, Any]:
    """The report's final result and how the game ended (Forum, surrender)."""
    return {"over": result_known(table), "end": game_end(table)}


def shown_card(name: str) -> str:
    """A card (its English name) as the reader's language names it."""
    return CARD_NAMES[name].in_lang(reader_lang())


def card_options() -> list[dict[str, str]]:
    """The suggestion list of the building fields: every card by its name in
    the reader's language; beside it (its label) the English name printed on
    the English cards, marked when the name in this language is ours."""
    lang = reader_lang()
    options = []
    for name, words in CARD_NAMES.items():
        shown = words.in_lang(lang)
        label = "" if lang is Lang.EN else name
        if label and not words.from_rulebook(lang):
            label += " *"
        options.append({"value": shown, "label": label})
    return sorted(options, key=lambda o: o["value"].casefold())


def camp_data(camp: gtr.Camp, clients: int) -> dict[str, Any]:
    data: dict[str, Any] = {
        "influence_from": "sites" if camp.sites is not None else "entered",
        "influence": camp.influence,
        "stockpile": camp.stockpile,
        "hand": camp.hand,
        "clients": clients,
    }
    for material in gtr.Material:
        data[f"vault_{material.value}"] = camp.vault[material]
        data[f"site_{material.value}"] = sum(
            1 for site in camp.sites or () if site is material
        )
    slots = [
        {"name": shown_card(b), "status": "public" if b in camp.public else "completed"}
        for b in camp.buildings
    ] + [{"name": shown_card(b), "status": "started"} for b in camp.incomplete]
    blank = {"name": "", "status": "completed"}
    data["buildings"] = (slots + [blank] * BUILDING_SLOTS)[
        : max(BUILDING_SLOTS, len(slots))
    ]
    return data


def card_name(typed: str) -> str:
    """The card a player typed, by its English name as the table file writes
    it (typed in any of the three languages, any case, accents or spacing,
    or another spelling in print); what they typed when no card is called so
    (the table file then says which name is wrong)."""
    return typed_card(typed) or typed


def camp_json(row: Any) -> dict[str, Any]:
    """The camp of the table file from one form row."""
    camp: dict[str, Any] = {}
    if row.influence_from.data == "sites":
        camp["sites"] = [
            material
            for material in GTR_MATERIALS
            for _ in range(row[f"site_{material}"].data)
        ]
    else:
        camp["influence"] = row.influence.data
    camp["vault"] = {
        m: row[f"vault_{m}"].data for m in GTR_MATERIALS if row[f"vault_{m}"].data
    }
    slots = [
        (card_name(slot.form.name.data), slot.form.status.data)
        for slot in row.buildings
        if slot.form.name.data
    ]
    camp["buildings"] = [name for name, how in slots if how != "started"]
    if started := [name for name, how in slots if how == "started"]:
        camp["incomplete"] = started
    if public := [name for name, how in slots if how == "public"]:
        camp["public"] = public
    camp["stockpile"] = row.stockpile.data
    camp["hand"] = row.hand.data
    return camp


def camp_field_words(name: str) -> str:
    """What a field of a camp is called on the camps screen."""
    if name.startswith("site_"):
        return str(_("Sites held: %(material)s", material=term(name[5:])))
    if name.startswith("vault_"):
        return str(
            _("%(vault)s: %(material)s", vault=term("vault"), material=term(name[6:]))
        )
    words: dict[str, str] = {
        "influence_from": _("How to count influence"),
        "influence": term("influence"),
        "stockpile": term("stockpile"),
        "hand": _("Cards in hand (breaks ties)"),
        "clients": _("Clients (to check the limit)"),
        "entered": _("This camp is entered"),
    }
    return words.get(name, name)


def camp_refusals(sheet: gtr.ScoreSheet) -> Any:
    """The summary's line for each field of the camps form that refused what
    was sent: whose camp, which field, what is wrong."""

    def refusals(form: CampsForm) -> list[dict[str, str]]:
        lines = []
        for refused in refused_fields(form):
            camp, *building = refused.rows
            if building:
                n = building[0] + 1
                field = (
                    _("Building %(n)d", n=n)
                    if refused.name == "name"
                    else _("How building %(n)d lies", n=n)
                )
            else:
                field = camp_field_words(refused.name)
            where = field
            if camp < len(sheet.camps):
                where = f"{sheet.camps[camp].player.name} · {field}"
            for error in refused.errors:
                text = _("%(where)s: %(error)s", where=where, error=error)
                lines.append({"id": refused.id, "text": text})
        return lines

    return refusals


def labelled_refusals(form: GameEndForm) -> list[dict[str, str]]:
    """The summary's line for each field of a form of one row that refused
    what was sent, by the field's label."""
    return [
        {
            "id": refused.id,
            "text": _(
                "%(where)s: %(error)s", where=form[refused.name].label.text, error=error
            ),
        }
        for refused in refused_fields(form)
        for error in refused.errors
    ]


@bp.route("/t/<table_id>/camps", methods=("GET", "POST"))
def camps(table_id: str) -> ResponseReturnValue:
    """Enter every camp at the end of the game."""
    table = gtr_table_or_404(table_id)
    sheet = sheet_of(table)

    entered = entered_parts(table, gtr.CAMPS)

    def fresh() -> CampsForm:
        """The camps as the table holds them now."""
        clients = clients_of(table)
        return CampsForm(
            formdata=None,
            data={
                "version": table.version,
                "camps": [
                    {
                        **camp_data(camp, clients.get(camp.player.id, 0)),
                        "entered": camp.player.id in entered,
                    }
                    for camp in sheet.camps
                ],
            },
        )

    form = CampsForm(request.form) if request.method == "POST" else fresh()
    names = {p.id: p.name for p in sheet.players}

    def change() -> Edit:
        rows = list(zip(sheet.camps, form.camps, strict=False))
        camps = {camp.player.id: camp_json(row.form) for camp, row in rows}
        clients = {camp.player.id: row.form.clients.data for camp, row in rows}
        now_entered, said = entered_by_send(form, "camps", sheet.players)
        return Edit(
            change={"camps": camps},
            details={"clients": clients, gtr.CAMPS_ENTERED: now_entered},
            said=said,
        )

    return form_screen(
        table,
        form,
        change=change,
        action="gtr-camps",
        template=f"games/{GAME}/camps.html",
        fresh=fresh,
        row_names=[camp.player.name for camp in sheet.camps],
        game=find_game(GAME),
        sheet=sheet,
        missing=not_entered(sheet.players, entered),
        materials=GTR_MATERIALS,
        terms={key: term(key) for key in TERMS},
        values={m.value: m.points for m in gtr.Material},
        card_options=card_options(),
        refusals=camp_refusals(sheet),
        # Whose Stairway makes each camp's public buildings public (none: a
        # public building there is refused when sent).
        stairways={
            camp.player.id: names[by]
            for camp in sheet.camps
            if (by := gtr.made_public_by(sheet, camp)) is not None
        },
    )


@bp.route("/t/<table_id>/end", methods=("GET", "POST"))
def end(table_id: str) -> ResponseReturnValue:
    """How the game ended (the table file's ``ended``); a Forum victory or a
    surrender names the winner."""
    table = gtr_table_or_404(table_id)
    sheet = sheet_of(table)
    choices = [SelectChoice("", _("nobody"))] + [
        SelectChoice(p.id, p.name) for p in sheet.players
    ]

    entered = entered_parts(table, gtr.CAMPS)

    def with_choices(form: GameEndForm) -> GameEndForm:
        form.winner.choices = choices
        return form

    def fresh() -> GameEndForm:
        """How the game ended, as the table holds it now."""
        noted = game_end(table)
        data = {
            "version": table.version,
            "how": noted.how.value if noted else "",
            "winner": (noted.winner or "") if noted else "",
            "camps_as_they_are": bool(latest(table, "gtr-end").get(gtr.AS_THEY_ARE)),
        }
        return with_choices(GameEndForm(formdata=None, data=data))

    form = (
        with_choices(GameEndForm(request.form)) if request.method == "POST" else fresh()
    )

    def change() -> Edit:
        winner = form.winner.data or None
        gtr.check_named_players(sheet.players, (winner,))
        # The engine says which endings name a winner (EndOfGameError); the
        # file's reader checks the rest against the camps (a Forum active for
        # the winner, a completed Catacomb), at ended.how or ended.winner.
        ended = gtr.GameEnd.chosen(form.how.data or None, winner)
        return Edit(
            change={"ended": ended.as_json() if ended else None},
            details={
                "how": form.how.data or None,
                "winner": winner,
                gtr.AS_THEY_ARE: form.camps_as_they_are.data,
            },
        )

    return form_screen(
        table,
        form,
        change=change,
        action="gtr-end",
        template=f"games/{GAME}/end.html",
        fresh=fresh,
        refusals=labelled_refusals,
        missing=not_entered(sheet.players, entered),
    )
