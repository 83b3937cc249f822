"""The forms of the app: shape checks only; game rules are the engines' business."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField, FileRequired
from wtforms import (
    BooleanField,
    FieldList,
    Form,
    FormField,
    HiddenField,
    IntegerField,
    SelectField,
    SelectMultipleField,
    StringField,
    SubmitField,
)
from wtforms.fields.choices import SelectChoice
from wtforms.validators import (
    InputRequired,
    Length,
    NumberRange,
    Optional,
    ValidationError,
)

from .engines import Game
from .engines.base import NAME_MAX
from .web import COLOUR_NAMES, GAME_OPTIONS


class VersionedForm(FlaskForm):
    """A change to a table, with the version the player saw (a stale one is refused)."""

    version = IntegerField(widget=HiddenField.widget, validators=[InputRequired()])


class PlayerRow(Form):
    """One seat of a new table (the form's CSRF token covers the rows)."""

    name = StringField(
        _l("Name"),
        validators=[Optional(), Length(max=NAME_MAX)],
        render_kw={"autocomplete": "off", "maxlength": NAME_MAX},
    )
    colour = SelectField(_l("Colour"), validate_choice=False)


def new_table_form(game: Game, formdata: Any = None) -> NewTableForm:
    """The "new table" form for ``game``: one row per possible seat, its options."""

    class _Form(NewTableForm):
        pass

    for key, label in GAME_OPTIONS.get(game.slug, ()):
        setattr(_Form, f"option_{key}", BooleanField(label))
    form = _Form(formdata)
    form.game = game
    for index, row in enumerate(form.players):
        if game.colours:
            row.colour.choices = [
                SelectChoice(c, COLOUR_NAMES[c]) for c in game.colours
            ]
            if not row.colour.data or row.colour.data == "None":
                row.colour.data = game.colours[index % len(game.colours)]
    return form


class NewTableForm(FlaskForm):
    """Players in seating order; blank rows are left out."""

    players = FieldList(FormField(PlayerRow), min_entries=5, max_entries=5)
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


class RenameRow(Form):
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


class ImportForm(FlaskForm):
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

    def validate_lots(self, field: SelectMultipleField) -> None:
        if not field.data:
            raise ValidationError(_l("Tap one or more lots on the board first."))


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

    name = StringField(
        _l("Name"), validators=[Optional(), Length(max=40)], render_kw={"maxlength": 40}
    )
    citizens = IntegerField(
        _l("Citizens"),
        validators=[InputRequired(), NumberRange(min=0, max=99)],
        render_kw={"inputmode": "numeric", "min": 0},
    )
    silver = IntegerField(
        _l("Silver"),
        validators=[InputRequired(), NumberRange(min=0, max=99)],
        render_kw={"inputmode": "numeric", "min": 0},
    )
    vp = IntegerField(
        _l("Victory points"),
        validators=[InputRequired(), NumberRange(min=0, max=99)],
        render_kw={"inputmode": "numeric", "min": 0},
    )
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
