"""Causes of wrong first answers found on issue 30's blind set 10, each fixed
at its cause and checked here on cases of our own (table-driven)."""

from __future__ import annotations

import pytest

from companion.engines.glory_terms import Lang

from .test_ranking_causes_set4 import INDEX, A, F, G, first

OTHER_GAMES_TERMS = [
    # a Foundations of Rome marker "sitting" on the board is no Glory to
    # Rome Site
    ("are my lot markers still sitting there", F, Lang.EN, "site", "lot-marker"),
    # a lot of cards is no Foundations of Rome lot
    ("i have a lot of cards in my stockpile", G, Lang.EN, "lot", "stockpile"),
    # Glory to Rome has no building over
    ("posso costruire sopra un edificio finito?", G, Lang.IT, "build-over", "complete"),
]
"""(question, the table's game, language, another game's term it would say,
a term it says)."""


@pytest.mark.parametrize(
    ("question", "game", "lang", "not_read", "read"), OTHER_GAMES_TERMS
)
def test_a_table_reads_no_other_games_terms(
    question: str, game: str, lang: Lang, not_read: str, read: str
) -> None:
    asked = INDEX.query(question, lang=lang, game=game).concepts
    assert not_read not in asked
    assert read in asked


@pytest.mark.parametrize(
    ("question", "game", "lang", "not_read", "read"), OTHER_GAMES_TERMS
)
def test_the_home_page_reads_every_games_terms(
    question: str, game: str, lang: Lang, not_read: str, read: str
) -> None:
    assert not_read in INDEX.query(question, lang=lang).concepts


def test_a_question_that_names_a_game_reads_that_games_terms() -> None:
    # from a Glory to Rome table, a question about Foundations of Rome still
    # has building over
    asked = INDEX.query(
        "foundations of rome: posso costruire sopra un edificio?", lang=Lang.IT, game=G
    ).concepts
    assert "build-over" in asked


def test_a_game_is_over_when_its_last_tiles_are_down() -> None:
    question = "my last tiles made dead ends, do i build or is the game already over"
    assert first(question, A, Lang.EN) in {f"{A}.end-of-game", f"{A}.turn"}
