"""A player's mark on the board and the charts (base.player_marks): made from
the names the players typed, unique at the table, the same in any order."""

from __future__ import annotations

from random import Random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.engines.base import Player, player_marks


@pytest.mark.parametrize(
    ("names", "marks"),
    [
        (["Gina", "Yuri"], ["G", "Y"]),
        (["gina", "yuri"], ["G", "Y"]),  # as typed, shown upper case
        (["Gina", "Gaia", "Yuri"], ["Gi", "Ga", "Y"]),
        (["Ann", "Anna", "Bo"], ["A1", "A2", "B"]),  # same second letter
        (["李雷", "韩梅梅"], ["李", "韩"]),
        (["Zoë", "Ömer"], ["Z", "Ö"]),
        (["🙂", "Bo"], ["🙂", "B"]),  # no letter: its first character
        (["A2", "Ab"], ["A1", "Ab"]),  # a digit is never a second letter
        (["A2x", "A2y"], ["A1", "A2"]),
    ],
)
def test_marks(names: list[str], marks: list[str]) -> None:
    players = [Player(f"p{i}", name) for i, name in enumerate(names, 1)]
    found = player_marks(players)
    assert [found[p.id] for p in players] == marks


names = st.text(min_size=1, max_size=12).filter(lambda n: n.strip())


@given(st.lists(names, min_size=1, max_size=5), st.randoms())
def test_marks_are_unique_short_and_the_same_in_any_order(
    typed: list[str], random: Random
) -> None:
    players = [Player(f"p{i}", name) for i, name in enumerate(typed, 1)]
    marks = player_marks(players)
    assert set(marks) == {p.id for p in players}
    shuffled = list(players)
    random.shuffle(shuffled)
    assert player_marks(shuffled) == marks
    assert all(1 <= len(m) <= 3 for m in marks.values())
    # Unique, except where two names are exactly alike in what makes a mark.
    distinct = {p.name for p in players}
    if len(distinct) == len(players):
        assert len(set(marks.values())) == len(players)
