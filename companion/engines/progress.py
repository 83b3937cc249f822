"""What a table's history has recorded, folded step by step, and a typed view of it.

Every history step keeps, beside its table file, what the steps up to it
recorded, and the table keeps its current step's (``companion.storage``
stores it as JSON): a page reads it from the table's row instead of walking
the history, so its cost does not grow with the game. Undo and redo take the
``recorded`` of the step they go to.

What is kept answers every question a game's rules ask of the history:

- ``latest``: the details of the latest step of each action (the monument
  values a group changed, how a Glory to Rome game ended, its clients ...);
- ``counts``: how many steps of each action (All Roads counts its turns);
- ``since_reopen``: for each action done since the game was last reopened
  (since the start if it never was), the ``seq`` of its latest step: where
  each game looks for the scoring that finished it;
- ``eras``: the era scorings that stand, by era, of a game scored era by era
  (its :class:`EraScoring`, from its registry entry: Foundations of Rome's): an
  era scored again replaces its scoring, and reopening the game takes back the
  final era's scoring, which is to be made again (rulebook 001, "End of Game").

:func:`remember` is the fold; :class:`Progress` is what a game's "is the game
over" rule (``Game.is_over``) reads. Pure: values in, values out (JSON-ready
dicts), no I/O.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Final

REOPEN: Final = "reopen"
"""The step that reopens a finished game (``companion.web.views.finished``)."""

ENTERED: Final = "entered"
"""A step's detail: the ids of the players whose own part it entered."""

IMPORT: Final = "import"
"""The step that starts a table from an imported table file (its file is a
final result: ``companion.web.views.tables``)."""

Recorded = Mapping[str, Any]
"""What was recorded, as kept: the JSON-ready dict :func:`remember` makes."""

NOTHING: Recorded = MappingProxyType({})
"""What a table had recorded before its first step."""


@dataclass(frozen=True)
class EraScoring:
    """How a game scored era by era records its scorings (a registry fact).

    The fold keeps the scoring of each era that stands; reopening the game
    takes back the final era's, which is to be made again.
    """

    action: str
    """The history step that scores an era; its details name the ``era``."""
    final_era: int
    """The era whose scoring ends the game."""


def remember(
    recorded: Recorded,
    seq: int,
    action: str,
    details: Mapping[str, Any],
    scorings: Collection[EraScoring] = (),
) -> dict[str, Any]:
    """What is recorded after step ``seq`` (``action`` with ``details``),
    given what was recorded before it and the era scorings of the games
    (``companion.engines.ERA_SCORINGS``). ``recorded`` is left as it was."""
    latest = dict(recorded.get("latest", {}))
    latest[action] = dict(details)
    counts = dict(recorded.get("counts", {}))
    counts[action] = counts.get(action, 0) + 1
    if action == REOPEN:
        since_reopen: dict[str, int] = {}
    else:
        since_reopen = {**recorded.get("since_reopen", {}), action: seq}
    eras = dict(recorded.get("eras", {}))
    for scoring in scorings:
        if action == scoring.action:
            eras[str(details["era"])] = dict(details)
        elif action == REOPEN:
            eras.pop(str(scoring.final_era), None)
    return {
        "latest": latest,
        "counts": counts,
        "since_reopen": since_reopen,
        "eras": eras,
    }


def fold(
    steps: Collection[tuple[int, str, Mapping[str, Any]]],
    scorings: Collection[EraScoring] = (),
) -> list[dict[str, Any]]:
    """What is recorded after each of ``steps`` ((seq, action, details) in
    order from the first): how a migration fills in the history kept before
    this was kept."""
    after: list[dict[str, Any]] = []
    recorded: Recorded = NOTHING
    for seq, action, details in steps:
        recorded = remember(recorded, seq, action, details, scorings)
        after.append(recorded)
    return after


@dataclass(frozen=True)
class Progress:
    """What a table's history recorded up to its current step, read-only and
    typed: what each game's "is the game over" rule reads (``Game.is_over``).

    A view of the kept dict, not a copy: :meth:`of` wraps it, and every answer
    is a new value.
    """

    latest_details: Mapping[str, Mapping[str, Any]]
    """The details of the latest step of each action."""
    counts: Mapping[str, int]
    """How many steps of each action."""
    since_reopen: Mapping[str, int]
    """For each action done since the game was last reopened, its latest ``seq``."""
    eras: Mapping[str, Mapping[str, Any]]
    """The era scorings that stand, by era (as a string: JSON's keys)."""

    @classmethod
    def of(cls, recorded: Recorded) -> Progress:
        """The view of what :func:`remember` kept (``{}``: nothing yet)."""
        return cls(
            latest_details=MappingProxyType(recorded.get("latest", {})),
            counts=MappingProxyType(recorded.get("counts", {})),
            since_reopen=MappingProxyType(recorded.get("since_reopen", {})),
            eras=MappingProxyType(recorded.get("eras", {})),
        )

    def entered(self, action: str) -> frozenset[str] | None:
        """The players whose own part (a tally row, a camp) the latest
        ``action`` step says is entered: each phone enters its own part, and
        a part nobody entered is not a part of zeros, it is not entered yet.
        ``None``: no such step says so (one saved before parts were told apart
        entered every part)."""
        details = self.latest(action)
        entered = details.get(ENTERED)
        if not details or not isinstance(entered, list):
            return None
        return frozenset(str(pid) for pid in entered)

    def latest(self, action: str) -> dict[str, Any]:
        """The details of the latest ``action`` step ({} if there was none)."""
        return dict(self.latest_details.get(action, {}))

    def has(self, *actions: str) -> bool:
        """Whether any step of ``actions`` was made."""
        return any(action in self.latest_details for action in actions)

    def count(self, action: str) -> int:
        """How many ``action`` steps were made."""
        return int(self.counts.get(action, 0))

    def last_since_reopening(self, *actions: str) -> str | None:
        """Of ``actions``, the one made last since the game was last reopened
        (``None``: none of them since)."""
        since = self.since_reopen
        made = [action for action in actions if action in since]
        return max(made, key=lambda action: since[action]) if made else None

    def era_scorings(self) -> list[dict[str, Any]]:
        """The details of each era scoring that stands, in era order."""
        eras = self.eras
        return [dict(eras[era]) for era in sorted(eras, key=int)]


__all__ = [
    "IMPORT",
    "NOTHING",
    "REOPEN",
    "EraScoring",
    "Progress",
    "Recorded",
    "fold",
    "remember",
]
