"""Hypothesis builders of valid-by-construction All Roads sheets, files and turns."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from companion.engines.all_roads import (
    Action,
    Build,
    Entry,
    Given,
    ScoreSheet,
    Space,
    Supply,
    Token,
    Upgrade,
)
from companion.engines.base import PlayerId

from . import strategies

COLOURS = ("red", "yellow", "green", "blue")
"""The player colours of All Roads, which are the player ids."""

NAMES = st.sampled_from(("Ana", "Bo", "Chiara", "Emma", "李雷", "Lucía", "Ana"))
"""Player names, some repeated: names need not be unique."""


@st.composite
def supplies(draw: st.DrawFn) -> Supply:
    """Any supply: each kind between 0 and what a player owns."""
    return Supply(**{t.value: draw(st.integers(0, t.per_player)) for t in Token})


@st.composite
def score_sheets(draw: st.DrawFn) -> ScoreSheet:
    """A final tally; close supplies are likely, so ties and tie-breaks occur."""
    seats = draw(strategies.seats(COLOURS, NAMES, max_size=4))
    near = draw(supplies())
    entries = []
    for player in seats:
        supply = draw(st.one_of(st.just(near), supplies()))
        entries.append(Entry(player, supply, draw(st.sampled_from(Given))))
    return ScoreSheet(tuple(entries))


def document(sheet: ScoreSheet) -> dict[str, Any]:
    """The table file of ``sheet``, each player given the way the sheet says,
    with kinds at 0 left out now and then by the caller."""
    doc: dict[str, Any] = {
        "format": "rome-companion/1",
        "game": "all-roads",
        "players": [{"id": e.player.id, "name": e.player.name} for e in sheet.entries],
    }
    for entry in sheet.entries:
        s = entry.unbuilt
        counts = (
            s.as_json()
            if entry.given_as is Given.UNBUILT
            else {t.value: s.built(t) for t in Token}
        )
        doc.setdefault(entry.given_as.value, {})[entry.player.id] = counts
    return doc


@st.composite
def documents(draw: st.DrawFn) -> tuple[ScoreSheet, dict[str, Any]]:
    """A sheet and its table file, with some zero counts left out (they count 0)."""
    sheet = draw(score_sheets())
    doc = document(sheet)
    for how in Given:
        for counts in doc.get(how.value, {}).values():
            for kind in [k for k, n in counts.items() if n == 0]:
                if draw(st.booleans()):
                    del counts[kind]
    return sheet, doc


def actions(owners: tuple[PlayerId, ...]) -> st.SearchStrategy[Action]:
    """Any build, or an upgrade of a house of one of ``owners``."""
    return st.one_of(
        st.builds(Build, st.sampled_from(Space)),
        st.builds(Upgrade, st.sampled_from(owners), st.booleans()),
    )


@st.composite
def turns(
    draw: st.DrawFn,
) -> tuple[dict[PlayerId, Supply], PlayerId, list[Action]]:
    """Supplies of a table, the active player and up to 12 actions (some may be
    refused: an upgrade with no house on the map, a trade route with no house)."""
    seats = draw(strategies.seats(COLOURS, NAMES, max_size=4))
    ids = tuple(p.id for p in seats)
    table = {pid: draw(supplies()) for pid in ids}
    active = draw(st.sampled_from(ids))
    return table, active, draw(st.lists(actions(ids), max_size=12))
