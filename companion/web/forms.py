"""The forms of the app: shape checks only; game rules are the engines' business."""

from __future__ import annotations

import base64
import hashlib
import json
import re
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final, TypeVar

from flask import abort, g, has_request_context, request
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField, FileRequired
from flask_wtf.i18n import translations as wtf_translations
from werkzeug.datastructures import MultiDict
from werkzeug.exceptions import BadRequest
from wtforms import (
    BooleanField,
    FieldList,
    Form,
    FormField,
    HiddenField,
    IntegerField,
    RadioField,
    SelectField,
    SelectMultipleField,
    StringField,
    SubmitField,
    TextAreaField,
)
from wtforms.fields.choices import SelectChoice
from wtforms.validators import (
    InputRequired,
    Length,
    NumberRange,
    Optional,
    Regexp,
    ValidationError,
)
from wtforms.widgets import HiddenInput

from ..engines import Game
from ..engines import all_roads as ar
from ..engines.base import NAME_MAX, NOT_TEXT
from ..engines.foundations.city import TRAY_MAX_LOTS, Civic, CivicKind
from ..engines.foundations.lots import Lot, groups
from ..engines.glory_terms import typed_card
from ..storage.models import DEVICE_NAME_MAX, FORM_TOKEN_MAX, SAVED_KEY_MAX
from .plumbing import COLOUR_NAMES, GAME_OPTIONS


def plain_text(form: Any, field: Any) -> None:
    """Every text field's last check (issue 15): text, nothing else."""
    if isinstance(field.data, str) and (bad := NOT_TEXT.search(field.data)):
        raise ValidationError(
            _l(
                "This holds a character that is not text (U+%(code)s): remove it "
                "and send again.",
                code=f"{ord(bad.group()):04X}",
            )
        )


def _with_plain_text(unbound_field: Any) -> Any:
    """A text field as declared, with :func:`plain_text` after its own checks."""
    if not issubclass(unbound_field.field_class, StringField):
        return unbound_field
    kwargs = dict(unbound_field.kwargs)
    kwargs["validators"] = [*(kwargs.get("validators") or ()), plain_text]
    return type(unbound_field)(unbound_field.field_class, *unbound_field.args, **kwargs)


class PlainTextMeta:
    """Meta of every form here: each text field (and hidden field) checks that
    it holds text only, so a NUL or a control character is refused beside its
    field instead of reaching the database."""

    def bind_field(self, form: Any, unbound_field: Any, options: Any) -> Any:
        return super().bind_field(  # type: ignore[misc]
            form, _with_plain_text(unbound_field), options
        )


HIDDEN_REFUSED = _l(
    "This form came without what the page puts in it (or with it changed), "
    "so nothing was saved: go back, reload the page and send it again."
)


def _fields(fields: Any) -> Any:
    """Every field of a form, row lists and row forms opened up."""
    for field in fields:
        if field.type == "FieldList":
            yield from _fields(field.entries)
        elif field.type == "FormField":
            yield from _fields(field.form)
        else:
            yield field


@dataclass(frozen=True)
class Refused:
    """One field that refused what was sent, for the summary above a form."""

    id: str
    """The field's id: the summary links to it."""
    rows: tuple[int, ...]
    """The row of each row list it is in, outermost first (camp 0, building 2)."""
    name: str
    """The field's short name (``influence``, ``name``)."""
    errors: tuple[str, ...]


def refused_fields(form: Any) -> list[Refused]:
    """Every field of ``form`` that refused what was sent, in page order (the
    hidden fields aside: they refuse with a page of their own)."""
    found: list[Refused] = []

    def walk(fields: Any, rows: tuple[int, ...]) -> None:
        for field in fields:
            if field.type == "FieldList":
                for i, entry in enumerate(field.entries):
                    if entry.type == "FormField":
                        walk(entry.form, (*rows, i))
                    elif entry.errors:
                        found.append(
                            Refused(
                                entry.id,
                                (*rows, i),
                                field.short_name,
                                tuple(entry.errors),
                            )
                        )
            elif field.type == "FormField":
                walk(field.form, rows)
            elif field.errors and not isinstance(field.widget, HiddenInput):
                found.append(
                    Refused(field.id, rows, field.short_name, tuple(field.errors))
                )

    walk(form, ())
    return found


class AppForm(FlaskForm):
    """The base of the app's forms: CSRF (Flask-WTF), and text only in text
    fields (:class:`PlainTextMeta`)."""

    class Meta(PlainTextMeta):
        pass

    def validate(self, extra_validators: Any = None) -> bool:
        """Validate; a field the page fills in itself and the player never
        sees (the version, what the page showed, a tapped piece) that is
        missing or wrong is refused here with a page that says so (400),
        since no message beside an unseen field would be read.

        :raises BadRequest: such a hidden field is wrong.
        """
        valid: bool = super().validate(extra_validators)
        if not valid:
            for field in _fields(self):
                hidden = isinstance(field.widget, HiddenInput)
                # The CSRF token and the one-time token say their own words
                # (an error page; the form's "out of date" message).
                shown = field.short_name in ("csrf_token", "once")
                if hidden and field.errors and not shown:
                    raise BadRequest(str(HIDDEN_REFUSED))
        return valid


class RowForm(Form):
    """A row of a ``FieldList`` (a player, a camp, a space): a plain WTForms form,
    since the outer form carries the CSRF token. Its built-in messages ("Number
    must be between 0 and 3.") come in the reader's language, as FlaskForm's do:
    a ``FormField`` builds its form without the outer form's meta."""

    class Meta(PlainTextMeta):
        def get_translations(self, form: Any) -> Any:
            return wtf_translations


class VersionedForm(AppForm):
    """A change to a table, with the version the player saw (a stale one is refused)."""

    version = IntegerField(widget=HiddenField.widget, validators=[InputRequired()])
    base = HiddenField()
    """What the form showed when the page was loaded (JSON of each field's
    value), so that an edit refused as stale can keep only what this phone
    changed (views.tables.form_screen)."""

    def against(self, version: int) -> None:
        """Send the next change against ``version``, the table the player sees
        now, keeping the rest of what they typed."""
        self.version.data = version
        self.version.raw_data = [str(version)]


ONCE_PLACEHOLDER: Final = "companion_once_placeholder"
"""Where a page being kept for many readers (``companion.web.derived``)
puts the placeholder each reader's own one-time token replaces (``flask.g``)."""


def new_form_token() -> str:
    """A one-time form token: 128 random bits, 22 characters, safe in a form
    (on a page being kept for many readers, a placeholder that each reader's
    copy replaces with a token of its own)."""
    if has_request_context() and (placeholder := g.get(ONCE_PLACEHOLDER)):
        return str(placeholder)
    return secrets.token_urlsafe(16)


_FORM_TOKEN_RE = re.compile(rf"^[A-Za-z0-9_-]{{16,{FORM_TOKEN_MAX}}}\Z")
_OUT_OF_DATE = _l("This form was out of date. Check it and send it again.")


class OnceForm(AppForm):
    """A form whose action happens once however often it is sent (a double
    tap, a second tap while the phone waits): it carries a one-time token,
    made when the form is shown and kept while it is shown again with
    problems. The database takes each :meth:`once_key` once
    (``models.GameTable.form_token``, ``HouseRule.form_token``); a second
    send finds what the first one made."""

    once = HiddenField(
        default=new_form_token,
        validators=[
            InputRequired(message=_OUT_OF_DATE),
            Regexp(_FORM_TOKEN_RE, message=_OUT_OF_DATE),
        ],
    )

    def validate(self, extra_validators: Any = None) -> bool:
        """Validate; a missing or malformed token is said above the form and
        replaced, so that the next send goes through."""
        valid: bool = super().validate(extra_validators)
        if self.once.errors:
            self.form_errors.extend(self.once.errors)
            self.once.data = new_form_token()
        return valid

    def once_key(self, content: Any) -> str:
        """The key the database takes once: the token and what the form
        asks for (``content``, JSON-able). A second send of the form as it
        was gives the same key; the same page filled in again with something
        else (brought back by the browser's Back button, its token already
        used) gives another, so that it is not taken for the first."""
        sent = json.dumps([self.once.data, content], sort_keys=True)
        digest = hashlib.sha256(sent.encode()).digest()
        return base64.urlsafe_b64encode(digest).decode()[:FORM_TOKEN_MAX]


def _number_field(
    label: Any,
    *,
    low: int = 0,
    high: int = 99,
    default: int | None = None,
    stepper: bool = False,
) -> IntegerField:
    """A whole number from ``low`` to ``high``, with the phone's number keyboard
    (and thumb-sized − / + buttons with ``stepper``: static/steppers.js)."""
    render_kw: dict[str, Any] = {"inputmode": "numeric", "min": low, "max": high}
    if stepper:
        render_kw.update({"data-stepper": "", "class": "count"})
    return IntegerField(
        label,
        default=default,
        validators=[InputRequired(), NumberRange(min=low, max=high)],
        render_kw=render_kw,
    )


def _entered_field(label: Any, description: Any) -> BooleanField:
    """A row's "entered" box: a player's own part of a shared screen (their
    tally row, their camp) is entered by the phone that fills it in
    (views.tables.entered_by_send)."""
    return BooleanField(label, description=description)


def _count_field(label: Any, most: int, default: int = 0) -> IntegerField:
    """A count of tokens or cards from 0 to ``most``, with steppers."""
    return _number_field(label, high=most, default=default, stepper=True)


class PlayerRow(RowForm):
    """One seat of a new table (the form's CSRF token covers the rows)."""

    name = StringField(
        _l("Name"),
        validators=[Optional(), Length(max=NAME_MAX)],
        render_kw={"autocomplete": "off", "maxlength": NAME_MAX},
    )
    colour = SelectField(_l("Colour"), validate_choice=False)


def new_table_form(
    game: Game,
    formdata: MultiDict[str, str] | None = None,
    *,
    rule_sources: Sequence[tuple[str, str]] = (),
) -> NewTableForm:
    """The "new table" form for ``game``: one row per possible seat, its options.

    :param rule_sources: the earlier tables whose house rules the new table
        may start with, as (table id, words); only these are accepted.
    """

    class _Form(NewTableForm):
        # One row per seat the game has (All Roads: 4), so the form never
        # offers a seat the game refuses.
        players = FieldList(
            FormField(PlayerRow),
            min_entries=game.max_players,
            max_entries=game.max_players,
        )

    for key, label in GAME_OPTIONS.get(game.slug, ()):
        setattr(_Form, f"option_{key}", BooleanField(label))
    form = _Form(formdata)
    form.game = game
    form.house_rules_from.choices = [
        SelectChoice("", _l("None: no house rules")),
        *(SelectChoice(table_id, words) for table_id, words in rule_sources),
    ]
    for index, row in enumerate(form.players):
        if game.colours:
            row.colour.choices = [
                SelectChoice(c, COLOUR_NAMES[c]) for c in game.colours
            ]
            if not row.colour.data or row.colour.data == "None":
                row.colour.data = game.colours[index % len(game.colours)]
    return form


class NewTableForm(OnceForm):
    """Players in seating order; blank rows are left out."""

    players = FieldList(FormField(PlayerRow), min_entries=5, max_entries=5)
    house_rules_from = SelectField(
        _l("Start with the house rules of"),
        default="",
        description=_l(
            "A copy: changing the house rules of one table leaves the other's "
            "as they are."
        ),
    )
    """An earlier table this device knows, whose house rules are copied to
    the new table (``""``: none); a choice not offered is refused."""
    game: Game

    def filled_rows(self) -> list[PlayerRow]:
        return [row for row in self.players if (row.form.name.data or "").strip()]

    def validate_players(self, field: FieldList) -> None:
        rows = self.filled_rows()
        if len(rows) < self.game.min_players:
            raise ValidationError(
                _l(
                    "%(game)s needs at least %(n)d players: give each a name.",
                    game=self.game.name,
                    n=self.game.min_players,
                )
            )
        if len(rows) > self.game.max_players:
            raise ValidationError(
                _l(
                    "%(game)s is for at most %(n)d players.",
                    game=self.game.name,
                    n=self.game.max_players,
                )
            )
        if self.game.colours:
            seen: set[str] = set()
            for row in rows:
                colour = row.form.colour.data
                if colour not in self.game.colours:
                    raise ValidationError(_l("Choose a colour for every player."))
                if colour in seen:
                    raise ValidationError(
                        _l(
                            "Two players chose %(colour)s: each colour once.",
                            colour=COLOUR_NAMES[colour],
                        )
                    )
                seen.add(colour)

    def option_fields(self) -> list[BooleanField]:
        return [
            getattr(self, f"option_{key}")
            for key, _label in GAME_OPTIONS.get(self.game.slug, ())
        ]

    def chosen_options(self) -> dict[str, bool]:
        return {
            key: bool(getattr(self, f"option_{key}").data)
            for key, _label in GAME_OPTIONS.get(self.game.slug, ())
        }


class RenameRow(RowForm):
    name = StringField(
        _l("Name"),
        validators=[InputRequired(), Length(min=1, max=NAME_MAX)],
        render_kw={"autocomplete": "off", "maxlength": NAME_MAX},
    )

    def validate_name(self, field: StringField) -> None:
        if not (field.data or "").strip():
            raise ValidationError(_l("A name cannot be blank."))


class RenamePlayersForm(VersionedForm):
    players = FieldList(FormField(RenameRow), min_entries=2, max_entries=5)


class ActionForm(VersionedForm):
    """Undo, redo, delete: a button, the CSRF token and the version."""


FormT = TypeVar("FormT", bound=FlaskForm)

INCOMPLETE: Final = _l("This button's form was incomplete; reload the page.")
"""What a button's send without its CSRF token or version is told (a page
from before a restart, a bot)."""


def tapped(form_class: type[FormT], *, also: bool = True) -> FormT:
    """The form a tapped button sent, checked: an incomplete one (or one
    for which ``also`` is false: a card or player that is not there) is a
    400 with :data:`INCOMPLETE`."""
    form: FormT = form_class(request.form)
    if not form.validate() or not also:
        abort(400, str(INCOMPLETE))
    return form


class GoToStepForm(ActionForm):
    """History: the step a tapped button brings the table back (or forward) to."""

    seq = IntegerField(validators=[InputRequired(), NumberRange(min=1)])


class ImportForm(OnceForm):
    file = FileField(
        _l("Table file (.json)"),
        validators=[FileRequired(_l("Choose a table file to import."))],
        render_kw={"accept": ".json,application/json"},
    )


# --------------------------------------------------------------------------
# Foundations of Rome: the city board
# --------------------------------------------------------------------------


class BoardForm(VersionedForm):
    """Lots tapped on the city board, whose they are, and what to do with them."""

    lots = SelectMultipleField(_l("Lots"), validate_choice=False)
    owner = SelectField(_l("Player"), validate_choice=False)
    build = SubmitField(_l("Build on these lots…"))
    marker = SubmitField(_l("Lot marker on / off"))
    remove = SubmitField(_l("Remove the building"))
    move = SubmitField(_l("Move the building…"))
    move_here = SubmitField(_l("Move it here"))
    move_from = HiddenField()
    seen = HiddenField()
    """What the board showed on each lot when the page was drawn: a send from
    an older page whose tapped lots are unchanged is saved all the same
    (views.foundations.lots_unchanged)."""
    piece = IntegerField(
        widget=HiddenInput(),  # a tray button's value: the page fills it in
        validators=[Optional(), NumberRange(min=0, max=99)],
    )
    """A tray piece tapped under the board (its place in the owner's tray):
    build it on the lots with the tray's values, in one step."""
    civic = StringField(
        widget=HiddenInput(),  # a tray button's value: the page fills it in
        validators=[Optional(), Length(max=20)],
    )
    """A civic building's rule and VP tapped in the tray, as ``silver:2``:
    a civic building with them, built on the lots in one step."""
    marker_for = StringField(
        widget=HiddenInput(),  # a tray button's value: the page fills it in
        validators=[Optional(), Length(max=NAME_MAX)],
    )
    """The player whose lot markers go on (or off) the tapped lots, from the
    tray's button of that player: "Lot marker on / off" for them."""

    def validate_lots(self, field: SelectMultipleField) -> None:
        if not field.data:
            raise ValidationError(_l("Tap one or more lots on the board first."))

    def validate_civic(self, field: StringField) -> None:
        if field.data and civic_values(field.data) is None:
            raise ValidationError(_l("Tap the civic building's rule and VP again."))


def civic_values(text: str) -> Civic | None:
    """The rule and VP of a civic building sent as ``silver:2`` (a
    :class:`CivicKind` value and a whole number of VP from 0 to 99), if the
    text is one."""
    kind, _sep, vp = text.partition(":")
    try:
        per = CivicKind(kind)
    except ValueError:
        return None
    if not (vp.isdigit() and len(vp) <= 2 and vp.isascii()):
        return None
    return Civic(per, int(vp))


CIVIC_KIND_LABELS = {
    "citizen": _l("VP per citizen on adjacent residential buildings"),
    "two-citizens": _l("VP per 2 citizens on adjacent residential buildings"),
    "silver": _l("VP per silver on adjacent commercial buildings"),
    "civic": _l("VP per adjacent civic building"),
    "building": _l("VP per adjacent building of any type"),
}
"""The five civic scoring rules (rulebook 001, "Civic Buildings"), in words."""


class BuildForm(VersionedForm):
    """A building's values: filled from the tray, editable (printed pieces win)."""

    seen = HiddenField()
    """What the board showed on each lot when the page was drawn (as
    ``BoardForm.seen``)."""

    name = StringField(
        _l("Name"), validators=[Optional(), Length(max=40)], render_kw={"maxlength": 40}
    )
    citizens = _number_field(_l("Citizens"))
    silver = _number_field(_l("Silver"))
    vp = _number_field(_l("Victory points"))
    per = SelectField(
        _l("Scores"),
        choices=[SelectChoice(k, label) for k, label in CIVIC_KIND_LABELS.items()],
        default="building",
    )

    def keep_only(self, names: tuple[str, ...]) -> None:
        """Drop the value fields this building type does not have."""
        for name in ("citizens", "silver", "vp", "per"):
            if name not in names:
                delattr(self, name)


TILE_GRID = 4
"""The describe screen draws a tile's shape on a 4x4 grid: every shape of 1 to
4 connected lots fits on it (the tray's largest building covers 4)."""

TILE_GRID_LOTS = tuple(
    Lot(column, row) for row in range(1, TILE_GRID + 1) for column in range(TILE_GRID)
)


class CivicTileForm(AppForm):
    """A civic tile as printed: its name, shape, rule and VP (rulebook 001,
    "Civic Buildings"), described once and saved for later tables."""

    name = StringField(
        _l("Name on the tile"),
        validators=[InputRequired(), Length(min=1, max=40)],
        render_kw={"maxlength": 40, "autocomplete": "off"},
        description=_l("For example “Library”: the building gets this name."),
    )
    shape = SelectMultipleField(
        _l("Shape"),
        choices=[SelectChoice(str(lot), str(lot)) for lot in TILE_GRID_LOTS],
        description=_l(
            "Tap the squares the tile covers, any way round; none: it fits any "
            "1 to 4 connected lots."
        ),
    )
    per = RadioField(
        _l("Scores"),
        choices=[SelectChoice(k, label) for k, label in CIVIC_KIND_LABELS.items()],
        validators=[InputRequired(_l("Choose what the tile scores for."))],
        validate_choice=False,  # one message for none and for an unknown rule
    )
    vp = _number_field(_l("Victory points"), low=1, high=99, default=1, stepper=True)

    def validate_name(self, field: StringField) -> None:
        if not (field.data or "").strip():
            raise ValidationError(_l("A name cannot be blank."))

    def validate_per(self, field: RadioField) -> None:
        if field.data not in CIVIC_KIND_LABELS:
            raise ValidationError(_l("Choose what the tile scores for."))

    def validate_shape(self, field: SelectMultipleField) -> None:
        if field.errors:  # a square not on the grid: said already
            return
        lots = self.lots()
        if len(lots) > TRAY_MAX_LOTS:
            raise ValidationError(
                _l(
                    "A civic tile covers at most %(most)d lots: tap %(most)d or "
                    "fewer squares.",
                    most=TRAY_MAX_LOTS,
                )
            )
        if lots and len(groups(lots)) > 1:
            raise ValidationError(
                _l("The squares of a tile share edges: tap squares side by side.")
            )

    def lots(self) -> tuple[Lot, ...]:
        """The squares tapped, as lots of the grid (``A1`` top left), each once."""
        return tuple(dict.fromkeys(Lot.parse(name) for name in self.shape.data or ()))


class CivicTileEditForm(CivicTileForm):
    """A saved civic tile changed: the form, with the tile's version the
    phone saw (a change sent for an older one is refused)."""

    version = IntegerField(widget=HiddenField.widget, validators=[InputRequired()])

    def against(self, version: int) -> None:
        """Send the next change against ``version``, keeping what was typed."""
        self.version.data = version
        self.version.raw_data = [str(version)]


class TrayTileForm(RowForm):
    """A saved civic tile tapped in the board's tray: sent with the board form,
    which carries the CSRF token and the version."""

    tile = StringField(
        widget=HiddenInput(),  # a tray button's value: the page fills it in
        validators=[Optional(), Length(max=SAVED_KEY_MAX)],
    )
    """The tile's key (``models.CivicTile.key``)."""


# --------------------------------------------------------------------------
# All Roads: the final tally and the turn record
# --------------------------------------------------------------------------

_TOKEN_LABELS = {
    ar.Token.MONUMENT: _l("Monuments"),
    ar.Token.SPA: _l("Spas"),
    ar.Token.VILLA: _l("Villas"),
    ar.Token.HOUSE: _l("Houses"),
}

AR_TOKENS = tuple(
    (token.value, _TOKEN_LABELS[token], token.per_player) for token in ar.Token
)
"""Each player's tokens: key, label, how many (the engine's, rulebook 002,
Components), most valuable first."""


class TallyRow(RowForm):
    """One player's tokens: left in the supply, or built on the map."""

    given = RadioField(
        _l("I count"),
        choices=[
            SelectChoice("unbuilt", _l("tokens left in my supply")),
            SelectChoice("built", _l("tokens built on the map")),
        ],
        default="unbuilt",
    )
    monument = _count_field(
        _TOKEN_LABELS[ar.Token.MONUMENT], ar.Token.MONUMENT.per_player
    )
    spa = _count_field(_TOKEN_LABELS[ar.Token.SPA], ar.Token.SPA.per_player)
    villa = _count_field(_TOKEN_LABELS[ar.Token.VILLA], ar.Token.VILLA.per_player)
    house = _count_field(_TOKEN_LABELS[ar.Token.HOUSE], ar.Token.HOUSE.per_player)
    entered = _entered_field(
        _l("These counts are entered"),
        _l(
            "A row whose counts you change is entered when you save. The game "
            "ends when every row is entered."
        ),
    )


class TallyForm(VersionedForm):
    players = FieldList(FormField(TallyRow), min_entries=2, max_entries=4)


class UpgradeRow(RowForm):
    """Houses of one owner upgraded inside a newly formed road loop (002, II.3)."""

    villa = _count_field(_l("to villas"), 7)
    spa = _count_field(_l("to spas (by a lake)"), 7)


class TurnForm(VersionedForm):
    """What one player's turn built and upgraded (rulebook 002, II)."""

    player = SelectField(_l("Whose turn"), validate_choice=False)
    dead_end = _count_field(_l("Houses on new dead ends"), 12)
    loop_dead_end = _count_field(_l("Villas on new dead ends inside a road loop"), 12)
    lake_dead_end = _count_field(
        _l("Spas on new dead ends by a lake inside a road loop"), 12
    )
    empty_loop = _count_field(_l("Monuments in road loops with no roads inside"), 3)
    trade_route = _count_field(_l("Houses on claimed trade route spaces"), 7)
    upgrades = FieldList(FormField(UpgradeRow), min_entries=2, max_entries=4)


# --------------------------------------------------------------------------
# Glory to Rome: the camps at the end of the game
# --------------------------------------------------------------------------

GTR_MATERIALS = ("rubble", "wood", "brick", "concrete", "stone", "marble")
"""The six materials (game-data.md 3.2), cheapest first."""


BUILDING_SLOTS = 12
"""Buildings a camp's form holds, completed and started together (a camp
rarely passes 8)."""

BUILDING_STATUS = (
    SelectChoice("completed", _l("completed")),
    SelectChoice("started", _l("started")),
    SelectChoice("public", _l("completed, made public")),
)
"""How a building lies in a camp (spec: "Glory to Rome": ``buildings``,
``incomplete``, ``public``)."""


def _strip(value: Any) -> Any:
    return value.strip() if isinstance(value, str) else value


class BuildingSlot(RowForm):
    """One building of a camp: its card, found by typing, and how it lies."""

    name = StringField(
        _l("Building"), filters=[_strip], validators=[Optional(), Length(max=40)]
    )
    status = RadioField(_l("How"), choices=BUILDING_STATUS, default="completed")

    def validate_name(self, field: StringField) -> None:
        # Any card by its English, Italian or Chinese name or another printed
        # spelling, however cased, accented or spaced (glory_terms.typed_card).
        if field.data and typed_card(field.data) is None:
            raise ValidationError(_l("Not a Glory to Rome building card."))


class CampRow(RowForm):
    """One camp: influence, vault, buildings, stockpile, hand."""

    influence_from = RadioField(
        _l("Influence"),
        choices=[
            SelectChoice("entered", _l("enter it")),
            SelectChoice("sites", _l("from the site cards held")),
        ],
        default="entered",
    )
    influence = _number_field(_l("Influence"), low=2, high=74, default=2, stepper=True)
    site_rubble = _count_field("", 6)
    site_wood = _count_field("", 6)
    site_brick = _count_field("", 6)
    site_concrete = _count_field("", 6)
    site_stone = _count_field("", 6)
    site_marble = _count_field("", 6)
    vault_rubble = _count_field("", 24)
    vault_wood = _count_field("", 24)
    vault_brick = _count_field("", 24)
    vault_concrete = _count_field("", 24)
    vault_stone = _count_field("", 24)
    vault_marble = _count_field("", 24)
    buildings = FieldList(
        FormField(BuildingSlot),
        min_entries=BUILDING_SLOTS,
        max_entries=BUILDING_SLOTS,
    )
    stockpile = _count_field("", 150)
    hand = _count_field("", 150)
    clients = _count_field("", 150)
    entered = _entered_field(
        _l("This camp is entered"),
        _l(
            "A camp you change is entered when you save. The result waits for "
            "every camp."
        ),
    )


class CampsForm(VersionedForm):
    camps = FieldList(FormField(CampRow), min_entries=2, max_entries=5)


GAME_END_CHOICES = [
    SelectChoice("", _l("Not ended yet")),
    SelectChoice("deck", _l("The draw deck ran out")),
    SelectChoice("sites", _l("The last in-town site was taken")),
    SelectChoice("catacomb", _l("A player completed the Catacomb")),
    SelectChoice("forum", _l("A player won with the Forum")),
    SelectChoice("surrender", _l("Everyone else surrendered to one player")),
]
"""How a Glory to Rome game ends (rulebooks 003 p.9 and 004, 游戏结束): the
``how`` values of the table file's ``ended``, and none yet."""


class GameEndForm(VersionedForm):
    """How the game ended (rulebooks 003 p.9 and 004): the table file's
    ``ended``."""

    how = RadioField(_l("How the game ended"), choices=GAME_END_CHOICES, default="")
    winner = SelectField(
        _l("The winner"),
        description=_l("Only for a Forum victory or a surrender."),
        validate_choice=False,
    )
    camps_as_they_are = BooleanField(
        _l("Score the camps not entered as they are"),
        description=_l("Only needed while some camp is not entered yet."),
    )


# --------------------------------------------------------------------------
# Roads of Fortune: road board faces
# --------------------------------------------------------------------------

REWARD_CHOICES = (
    ("", _l("nothing")),
    ("vp", _l("victory points")),
    ("population_token", _l("population token (1 or 2)")),
    ("coins_from_each", _l("coins from every other player")),
    ("first_player", _l("first player")),
    ("swap_lots", _l("swap lots")),
    ("other", _l("other (as printed)")),
)
"""The rewards a milestone space can give (spec: "Road boards", rulebook 000)."""


class SlotRow(RowForm):
    """One milestone space: its printed reward and an optional alternate."""

    reward = SelectField(
        _l("Reward"), choices=[SelectChoice(k, v) for k, v in REWARD_CHOICES]
    )
    amount = IntegerField(
        _l("How many"),
        default=1,
        validators=[Optional(), NumberRange(min=0, max=99)],
        render_kw={"inputmode": "numeric", "min": 0},
    )
    text = StringField(_l("As printed"), validators=[Optional(), Length(max=120)])
    alternate = SelectField(
        _l("Or instead"), choices=[SelectChoice(k, v) for k, v in REWARD_CHOICES]
    )
    alternate_amount = IntegerField(
        _l("How many"),
        default=1,
        validators=[Optional(), NumberRange(min=0, max=99)],
        render_kw={"inputmode": "numeric", "min": 0},
    )


def _era_field(label: Any, default: int) -> IntegerField:
    return IntegerField(
        label,
        default=default,
        validators=[InputRequired(), NumberRange(min=-20, max=20)],
        render_kw={"inputmode": "numeric"},
    )


class FaceForm(AppForm):
    """A road board face, described by its kind and printed values."""

    name = StringField(
        _l("Name of this face"),
        validators=[InputRequired(), Length(min=1, max=60)],
        description=_l("For example the number printed on the board, like “3B”."),
    )
    kind = RadioField(
        _l("Kind"),
        choices=[
            SelectChoice("milestones", _l("milestone spaces, picked in rank order")),
            SelectChoice("majority", _l("most influence wins, none loses")),
        ],
        default="milestones",
    )
    slots = FieldList(FormField(SlotRow), min_entries=4, max_entries=4)
    most_1 = _era_field(_l("Most influence, era 1 (VP)"), 1)
    most_2 = _era_field(_l("Most influence, era 2 (VP)"), 2)
    most_3 = _era_field(_l("Most influence, era 3 (VP)"), 3)
    none_1 = _era_field(_l("No influence, era 1 (VP, negative: a loss)"), -1)
    none_2 = _era_field(_l("No influence, era 2"), -2)
    none_3 = _era_field(_l("No influence, era 3"), -3)


class RoadSetupForm(VersionedForm):
    """The face on each edge of the city board: one of the faces offered
    (``views.roads.face_choices``), so a missing edge or a made-up face is
    refused beside its field. Radio buttons, not a drop-down: on a phone a
    closed drop-down cuts a face's name to its width; a radio's label wraps
    and shows it whole, in one tap instead of two."""

    north = RadioField(_l("North road board"))
    east = RadioField(_l("East road board"))
    south = RadioField(_l("South road board"))
    west = RadioField(_l("West road board"))


# --------------------------------------------------------------------------
# Rules lookup: house rules
# --------------------------------------------------------------------------


class ForgetTableForm(AppForm):
    """The "Forget this table" button of the home page (the CSRF token only)."""


class HouseRuleForm(OnceForm):
    """A group's own rule or FAQ answer, searched with the rules."""

    title = StringField(
        _l("Title"),
        validators=[InputRequired(), Length(min=1, max=120)],
        render_kw={"maxlength": 120},
    )
    text = TextAreaField(
        _l("The rule, as your group plays it"),
        validators=[InputRequired(), Length(min=1, max=2000)],
        render_kw={"maxlength": 2000, "rows": 5},
    )
    lang = SelectField(
        _l("Language"),
        choices=[
            SelectChoice("en", "English"),
            SelectChoice("it", "Italiano"),
            SelectChoice("zh", "中文"),
        ],
    )


def _adjacency_field() -> IntegerField:
    """How much a footer gives for each adjacent unit: only on the cards that
    count adjacency, so it may be left out. Its label says what the card counts,
    so the page gives it (``views.monuments.ADJACENCY_FIELDS``)."""
    return IntegerField(
        "",
        validators=[Optional(), NumberRange(min=0, max=99)],
        render_kw={"inputmode": "numeric", "min": 0, "max": 99},
    )


class MonumentValuesForm(VersionedForm):
    """A monument card's values as printed on this group's card.

    The ``*_each`` fields are shown only for a card whose footer counts that
    adjacency; the page labels them with what it counts.
    """

    lots = _number_field(_l("Lots it covers"), low=1, high=6)
    citizens = _number_field(_l("Population (citizens)"))
    silver = _number_field(_l("Coins (silver)"))
    vp = _number_field(_l("Victory points each era"))
    citizens_each = _adjacency_field()
    silver_each = _adjacency_field()
    civic_each = _adjacency_field()


class CoinRow(RowForm):
    coins = _number_field(_l("Coins"), high=999, stepper=True)


class CoinsForm(VersionedForm):
    """Each player's coins in hand (for the monuments that compare or cost money)."""

    players = FieldList(FormField(CoinRow), min_entries=2, max_entries=5)


def _device_name_field() -> StringField:
    return StringField(
        _l("This phone's name"),
        validators=[Optional(), Length(max=DEVICE_NAME_MAX)],
        filters=[lambda text: text.strip() if isinstance(text, str) else text],
        render_kw={"autocomplete": "off", "placeholder": _l("Bo's phone")},
        description=_l(
            "Optional: the other phones see it beside what this one changes."
        ),
    )


class DeviceNameForm(AppForm):
    """What this phone is called at the table (``device.set_name``)."""

    name = _device_name_field()
    table = HiddenField()
    """The table whose share page the form is on: where to go back."""


class JoinForm(AppForm):
    """The code of a table another phone shows (its Share page), and what this
    phone is called there."""

    code = StringField(
        _l("Table code"),
        validators=[InputRequired(), Length(min=7, max=20)],
        render_kw={"autocapitalize": "characters", "autocomplete": "off"},
        description=_l("7 letters and digits, as the other phone shows them."),
    )
    device = _device_name_field()
