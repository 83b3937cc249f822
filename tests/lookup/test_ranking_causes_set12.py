"""Causes of wrong answers found on issue 30's blind sets 11 and 12, each
fixed at its cause and checked here on cases of our own (table-driven)."""

from __future__ import annotations

import pytest

from companion.engines.glory_terms import Lang

from .test_ranking_causes_set4 import INDEX, A, F, G, first


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        # rulebook 000, Gameplay Overview: play as normal, with the road
        # boards at Era scoring; the expansion's entry says so
        ("with roads of fortune, do normal turns change?", Lang.EN),
        ("roads of fortune cambia i turni?", Lang.IT),
        ("财富之路会改变平时的回合吗", Lang.ZH),
    ],
)
def test_roads_of_fortune_leaves_the_turns_as_they_are(
    question: str, lang: Lang
) -> None:
    assert first(question, F, lang) == f"{F}.roads-of-fortune"


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        # the Leader card passes to the left at the end of a turn
        ("who leads next round", Lang.EN),
        ("下一回合谁领导", Lang.ZH),
    ],
)
def test_who_leads_next(question: str, lang: Lang) -> None:
    assert first(question, G, lang) == f"{G}.lead-and-follow"


@pytest.mark.parametrize(
    ("question", "read", "not_read"),
    [
        # a term with a number in it is said word for word: "era 1, 3
        # players" is Era 1 and three players, not the final Era (era 3)
        ("end of era 1, 3 players, who scores what", "players-3", "final-era"),
        ("era 3 scoring", "final-era", "players-3"),
    ],
)
def test_a_number_in_a_term_is_said_exactly(
    question: str, read: str, not_read: str
) -> None:
    asked = INDEX.query(question, lang=Lang.EN, game=F).concepts
    assert read in asked
    assert not_read not in asked


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        # building is compulsory: every new dead end is filled while you have
        # tokens, and one left empty is never built on later
        ("can i leave one of my new dead ends empty", Lang.EN),
        ("posso lasciare vuoto un vicolo cieco nuovo?", Lang.IT),
        ("新死路可以空着不放吗", Lang.ZH),
    ],
)
def test_a_new_dead_end_is_not_left_empty(question: str, lang: Lang) -> None:
    assert first(question, A, lang) == f"{A}.how-to-build"


@pytest.mark.parametrize(
    ("question", "lang", "part"),
    [
        # a question that names one part of the Era's scoring, however much
        # it says of the Era, is that part's
        (
            "end of era 1, 3 players, two of us have 4 citizens, "
            "who gets what for population",
            Lang.EN,
            "population-scoring",
        ),
        # 结算 is how players say an Era's scoring
        ("商业建筑时代结算给不给分", Lang.ZH, "commercial-scoring"),
        ("人口分看结算时的人口吗", Lang.ZH, "population-scoring"),
    ],
)
def test_one_part_of_the_era_scoring_is_that_parts_question(
    question: str, lang: Lang, part: str
) -> None:
    assert first(question, F, lang) == f"{F}.{part}"
