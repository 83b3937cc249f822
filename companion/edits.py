"""One door for every change: a change to a table becomes a history step here.

Every screen that saves, and nothing else, calls :func:`save` (or
:func:`reopen`, the one step a finished game takes): the finished lock is
asked here, the table file is written through the game's engine
(``Engine.write``, the inverse of ``Engine.read``) and read back whole with
:func:`~companion.engines.read_table` before :func:`.storage.store.add_step`
keeps it. So a rule about what a saved file may be holds for every screen
alike, and the next layers (several phones at once, offline saves, what is
derived from a table version) have one place to hook into.

The views give values: the table, the new sheet or the change to the file,
the step's words (its action and details) and the version the phone saw;
they turn the errors below into words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .engines import Sheet, UnknownGameError, find_game, read_table
from .storage import progress, store
from .storage.models import GameTable, HistoryStep
from .storage.progress import REOPEN


class GameOverError(Exception):
    """A change to a finished table, refused: nothing was saved. The game is
    changed again only after a "Reopen the game" step (:func:`reopen`)."""

    def __init__(self, table: GameTable) -> None:
        super().__init__(f"table {table.id} is finished")
        self.table = table


def is_finished(table: GameTable) -> bool:
    """Whether ``table`` is finished: its final scoring is recorded and the game
    was not reopened since, as its game's registry entry decides
    (``companion.engines.Game.is_over``, from what the table's history
    recorded, ``companion.storage.progress``, and its current sheet, read only
    if the rule needs it). A finished table cannot be changed
    (:func:`check_open`) until a "Reopen the game" step (:func:`reopen`)."""
    try:
        game = find_game(table.game)
    except UnknownGameError:
        return False
    return game.is_over(
        progress.Progress.of(table.recorded),
        lambda: read_table(store.current_document(table)).sheet,
    )


def check_open(table: GameTable) -> None:
    """The finished lock: refuse any change to a finished table.

    :raises GameOverError: the table is finished.
    """
    if is_finished(table):
        raise GameOverError(table)


def document_with(
    table: GameTable,
    *,
    sheet: Sheet | None = None,
    change: Mapping[str, Any] | None = None,
    names: Sequence[str] | None = None,
) -> dict[str, Any]:
    """The table file after a change, from the file as it is now.

    :param sheet: the game's new sheet: the game's whole part of the file is
        written from it by the game's engine (keys it leaves out go).
    :param change: top-level keys to set in the file, a key set to ``None``
        removed (a JSON merge patch of the top level, RFC 7396).
    :param names: the players' new names, in seating order (their ids stay).
    """
    document = dict(store.current_document(table))
    if sheet is not None:
        engine = find_game(table.game).engine
        if engine is None:  # a stored table's game always has one
            raise LookupError(f"{table.game} has no engine")
        for key in (*engine.required_keys, *engine.optional_keys):
            document.pop(key, None)
        document.update(engine.write(sheet))
    for key, value in (change or {}).items():
        if value is None:
            document.pop(key, None)
        else:
            document[key] = value
    if names is not None:
        document["players"] = [
            {**entry, "name": name}
            for entry, name in zip(document["players"], names, strict=True)
        ]
    return document


def save(
    table: GameTable,
    *,
    seen: int,
    action: str,
    details: Mapping[str, Any] | None = None,
    sheet: Sheet | None = None,
    change: Mapping[str, Any] | None = None,
    names: Sequence[str] | None = None,
) -> HistoryStep:
    """Save a change to ``table`` as the next step of its history, in one
    transaction; with neither ``sheet``, ``change`` nor ``names``, a step that
    records only its words (its details) on the same file.

    :param seen: the table's version the phone saw when it sent the change.
    :param action: the kind of step (the history's words are chosen by it).
    :param details: what the history says of the step.
    :raises GameOverError: the table is finished (nothing is saved).
    :raises TableFileError: the new file breaks the spec or a rule (nothing
        is saved); its problems name their JSON paths.
    :raises RuleError: the change breaks a game rule (nothing is saved).
    :raises store.StaleEditError: the table changed since ``seen``.
    """
    check_open(table)
    document = document_with(table, sheet=sheet, change=change, names=names)
    read_table(document)
    return store.add_step(
        table, document, expected_version=seen, action=action, details=details
    )


def create(
    document: Mapping[str, Any],
    *,
    options: Mapping[str, Any] | None = None,
    action: str = "create",
    details: Mapping[str, Any] | None = None,
) -> GameTable:
    """A new table whose first step is ``document`` (a new game's file, or an
    imported one), read whole by the engines first.

    :raises TableFileError: the file breaks the spec or a rule.
    """
    table = read_table(document)
    return store.create_table(
        table.game.slug, document, options=options, action=action, details=details
    )


def reopen(table: GameTable, *, seen: int) -> HistoryStep:
    """Reopen a finished game: a step of its own on the same file, undone like
    any other (undo finishes the game again).

    :raises store.StaleEditError: the table changed since ``seen``.
    """
    return store.add_step(
        table, store.current_document(table), expected_version=seen, action=REOPEN
    )
