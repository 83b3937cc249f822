"""Causes of wrong first answers found on issue 30's blind set 7, each fixed
at its cause and checked here on cases of our own (table-driven)."""

from __future__ import annotations

import pytest

from companion.engines.glory_terms import Lang

from .test_ranking_causes_set4 import INDEX, G, first


@pytest.mark.parametrize(
    ("question", "concept", "not_concept"),
    [
        # "alla fine" is the end of the game, not something run out (its
        # stem is finito's)
        ("chi vince alla fine", "game-end", "run-out"),
        ("alla fine cosa si conta", "game-end", "run-out"),
    ],
)
def test_italian_scoring_words(
    question: str, concept: str, not_concept: str | None
) -> None:
    concepts = INDEX.query(question, lang=Lang.IT).concepts
    assert concept in concepts
    assert not_concept not in concepts


@pytest.mark.parametrize("question", ["conteggio punti", "il conteggio dei punti"])
def test_counting_the_points_is_one_thing_asked(question: str) -> None:
    # the points counted, not "conteggio" as a word of its own (which
    # Foundations of Rome's entries say, of other things)
    covers = dict(INDEX.query(question, lang=Lang.IT).covers)
    assert "contegg" in covers["points"]


@pytest.mark.parametrize(
    ("question", "game", "rule"),
    [
        ("conteggio punti a fine partita", G, "scoring"),
        ("conteggio dei punti alla fine", G, "scoring"),
    ],
)
def test_italian_end_scoring(question: str, game: str, rule: str) -> None:
    assert first(question, game, Lang.IT) == f"{game}.{rule}"
