"""What a table's history has recorded, folded step by step.

Every history step keeps, beside its table file, what the steps up to it
recorded (``HistoryStep.recorded``), and the table keeps its current step's
(``GameTable.recorded``): a page reads it from the table's row instead of
walking the history, so its cost does not grow with the game. Undo and redo
take the ``recorded`` of the step they go to.

What is kept answers every question the screens ask of the history:

- ``latest``: the details of the latest step of each action (the monument
  values a group changed, how a Glory to Rome game ended, its clients ...);
- ``counts``: how many steps of each action (All Roads counts its turns);
- ``since_reopen``: for each action done since the game was last reopened
  (since the start if it never was), the ``seq`` of its latest step: where
  each game looks for the scoring that finished it;
- ``eras``: Foundations of Rome's era scorings that stand, by era: an era
  scored again replaces its scoring, and reopening the game takes back the
  final (era 3) scoring, which is to be made again (rulebook 001, "End of
  Game").

Pure: values in, values out (JSON-ready dicts), no I/O.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

REOPEN = "reopen"
"""The step that reopens a finished game (``views.finished``)."""

ERA_SCORING = "fr-score"
"""Foundations of Rome's era scoring step; its details name the ``era``."""

FINAL_ERA = 3
"""The era whose scoring ends Foundations of Rome (rulebook 001, "End of Game")."""

Recorded = Mapping[str, Any]

NOTHING: Recorded = {}
"""What a table had recorded before its first step."""


def remember(
    recorded: Recorded, seq: int, action: str, details: Mapping[str, Any]
) -> dict[str, Any]:
    """What is recorded after step ``seq`` (``action`` with ``details``),
    given what was recorded before it. ``recorded`` is left as it was."""
    latest = dict(recorded.get("latest", {}))
    latest[action] = dict(details)
    counts = dict(recorded.get("counts", {}))
    counts[action] = counts.get(action, 0) + 1
    if action == REOPEN:
        since_reopen: dict[str, int] = {}
    else:
        since_reopen = {**recorded.get("since_reopen", {}), action: seq}
    eras = dict(recorded.get("eras", {}))
    if action == ERA_SCORING:
        eras[str(details["era"])] = dict(details)
    elif action == REOPEN:
        eras.pop(str(FINAL_ERA), None)
    return {
        "latest": latest,
        "counts": counts,
        "since_reopen": since_reopen,
        "eras": eras,
    }


def fold(steps: Collection[tuple[int, str, Mapping[str, Any]]]) -> list[dict[str, Any]]:
    """What is recorded after each of ``steps`` ((seq, action, details) in
    order from the first): how a migration fills in the history kept before
    this was kept."""
    after: list[dict[str, Any]] = []
    recorded: Recorded = NOTHING
    for seq, action, details in steps:
        recorded = remember(recorded, seq, action, details)
        after.append(recorded)
    return after


def latest(recorded: Recorded, action: str) -> dict[str, Any]:
    """The details of the latest ``action`` step ({} if there was none)."""
    return dict(recorded.get("latest", {}).get(action, {}))


def has(recorded: Recorded, *actions: str) -> bool:
    """Whether any step of ``actions`` was made."""
    return any(action in recorded.get("latest", {}) for action in actions)


def count(recorded: Recorded, action: str) -> int:
    """How many ``action`` steps were made."""
    return int(recorded.get("counts", {}).get(action, 0))


def last_since_reopen(recorded: Recorded, *actions: str) -> str | None:
    """Of ``actions``, the one made last since the game was last reopened
    (``None``: none of them since)."""
    since = recorded.get("since_reopen", {})
    made = [action for action in actions if action in since]
    return max(made, key=lambda action: since[action]) if made else None


def era_scorings(recorded: Recorded) -> list[dict[str, Any]]:
    """The details of each era scoring that stands, in era order."""
    eras = recorded.get("eras", {})
    return [dict(eras[era]) for era in sorted(eras, key=int)]
