"""What a table's history has recorded, folded step by step, for the store.

Every history step keeps, beside its table file, what the steps up to it
recorded (``HistoryStep.recorded``), and the table keeps its current step's
(``GameTable.recorded``): a page reads it from the table's row instead of
walking the history, so its cost does not grow with the game. Undo and redo
take the ``recorded`` of the step they go to.

The fold and what it keeps are pure and live with the rules
(:mod:`companion.engines.progress`); here it is bound to the registered games,
whose entries say how each records its era scorings
(``companion.engines.ERA_SCORINGS``: Foundations of Rome's, rulebook 001,
"End of Game"), so the store and the migrations fold without naming a game.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from ..engines import ERA_SCORINGS
from ..engines.progress import (
    IMPORT,
    NOTHING,
    REOPEN,
    Progress,
    Recorded,
)
from ..engines.progress import fold as _fold
from ..engines.progress import remember as _remember


def remember(
    recorded: Recorded, seq: int, action: str, details: Mapping[str, Any]
) -> dict[str, Any]:
    """What is recorded after step ``seq`` (``action`` with ``details``),
    given what was recorded before it. ``recorded`` is left as it was."""
    return _remember(recorded, seq, action, details, ERA_SCORINGS)


def fold(steps: Collection[tuple[int, str, Mapping[str, Any]]]) -> list[dict[str, Any]]:
    """What is recorded after each of ``steps`` ((seq, action, details) in
    order from the first): how a migration fills in the history kept before
    this was kept."""
    return _fold(steps, ERA_SCORINGS)


def latest(recorded: Recorded, action: str) -> dict[str, Any]:
    """The details of the latest ``action`` step ({} if there was none)."""
    return Progress.of(recorded).latest(action)


def has(recorded: Recorded, *actions: str) -> bool:
    """Whether any step of ``actions`` was made."""
    return Progress.of(recorded).has(*actions)


def count(recorded: Recorded, action: str) -> int:
    """How many ``action`` steps were made."""
    return Progress.of(recorded).count(action)


def last_since_reopen(recorded: Recorded, *actions: str) -> str | None:
    """Of ``actions``, the one made last since the game was last reopened
    (``None``: none of them since)."""
    return Progress.of(recorded).last_since_reopening(*actions)


def era_scorings(recorded: Recorded) -> list[dict[str, Any]]:
    """The details of each era scoring that stands, in era order."""
    return Progress.of(recorded).era_scorings()


__all__ = [
    "IMPORT",
    "NOTHING",
    "REOPEN",
    "Progress",
    "Recorded",
    "count",
    "era_scorings",
    "fold",
    "has",
    "last_since_reopen",
    "latest",
    "remember",
]
