"""What the history recorded, folded step by step (companion/storage/progress.py),
answers every question exactly as walking the whole history did."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from companion.engines.foundations import ERA_SCORING, FINAL_ERA
from companion.storage import progress as recorded
from companion.storage.progress import REOPEN

Step = tuple[int, str, dict[str, Any]]

ACTIONS = ("create", "import", "rename", "mon-values", "ar-turn", "ar-tally")
ACTIONS += ("gtr-end", "gtr-camps", ERA_SCORING, REOPEN)


def details_for(action: str, n: int) -> dict[str, Any]:
    if action == ERA_SCORING:
        return {"era": 1 + n % 3, "players": {"red": {"total": n}}}
    return {"n": n}


@st.composite
def histories(draw: st.DrawFn) -> list[Step]:
    actions = draw(st.lists(st.sampled_from(ACTIONS), max_size=40))
    return [
        (seq, action, details_for(action, draw(st.integers(0, 9))))
        for seq, action in enumerate(["create", *actions], start=1)
    ]


# The walks the screens made over the whole history before it was folded
# (views/games.py since_reopen, views/foundations.py era_scorings ...): the
# reference the fold must agree with.


def walk_since_reopen(steps: list[Step], *actions: str) -> list[Step]:
    last = max((i for i, s in enumerate(steps) if s[1] == REOPEN), default=-1)
    return [s for s in steps[last + 1 :] if s[1] in actions]


def walk_era_scorings(steps: list[Step]) -> list[dict[str, Any]]:
    scorings: dict[int, dict[str, Any]] = {}
    for _seq, action, details in steps:
        if action == REOPEN:
            scorings.pop(FINAL_ERA, None)
        elif action == ERA_SCORING:
            scorings[details["era"]] = details
    return [scorings[era] for era in sorted(scorings)]


def walk_latest(steps: list[Step], action: str) -> dict[str, Any]:
    found = [details for _seq, a, details in steps if a == action]
    return found[-1] if found else {}


@given(histories(), st.data())
def test_the_fold_answers_as_the_walk_at_every_step(
    steps: list[Step], data: st.DataObject
) -> None:
    after = recorded.fold(steps)
    # Any step may be the current one (undo goes back to it): what it
    # recorded is what the steps up to it say.
    upto = data.draw(st.integers(1, len(steps)))
    so_far, kept = steps[:upto], after[upto - 1]
    assert recorded.era_scorings(kept) == walk_era_scorings(so_far)
    for action in ACTIONS:
        assert recorded.latest(kept, action) == walk_latest(so_far, action)
        assert recorded.has(kept, action) == any(s[1] == action for s in so_far)
        assert recorded.count(kept, action) == sum(s[1] == action for s in so_far)
    for group in [("ar-turn", "ar-tally", "import"), ("gtr-end", "gtr-camps")]:
        since = walk_since_reopen(so_far, *group)
        assert recorded.last_since_reopen(kept, *group) == (
            since[-1][1] if since else None
        )


def test_folding_leaves_what_came_before_unchanged() -> None:
    before = recorded.remember(recorded.NOTHING, 1, ERA_SCORING, {"era": 3})
    copy = {k: dict(v) for k, v in before.items()}
    recorded.remember(before, 2, REOPEN, {})
    assert before == copy


def test_reopening_takes_back_the_final_scoring_only() -> None:
    after = recorded.fold(
        [
            (1, "create", {}),
            (2, ERA_SCORING, {"era": 1}),
            (3, ERA_SCORING, {"era": 3}),
            (4, REOPEN, {}),
        ]
    )
    assert [e["era"] for e in recorded.era_scorings(after[2])] == [1, 3]
    assert [e["era"] for e in recorded.era_scorings(after[3])] == [1]
    assert recorded.last_since_reopen(after[3], ERA_SCORING) is None
    assert recorded.last_since_reopen(after[2], ERA_SCORING) == ERA_SCORING


def test_what_is_recorded_is_json() -> None:
    after = recorded.fold([(1, "import", {"filename": "a.json"}), (2, "x", {"n": 1})])
    assert json.loads(json.dumps(after[-1])) == after[-1]
