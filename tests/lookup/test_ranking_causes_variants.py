"""Causes of wrong answers found on issue 30's blind sets (all twelve):
a variant's or a case's entry (the solo Road Boards, drafting the starting
Deeds, a tie in influence) taken for the rule it varies, the Roads of
Fortune setup missing a "how many" of its own, and the limit on Deeds said
nowhere in players' words; each fixed at its cause and checked here on cases
of our own (table-driven)."""

from __future__ import annotations

import pytest

from companion.engines.glory_terms import Lang

from .test_ranking_causes_set4 import A, F, first


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        # rulebook 000, Setup: four Road Boards, one along each edge; the
        # solo boards (Garden of Ceres Setup) are a case of that setup
        ("how many road boards do we use", Lang.EN),
        # and the Milestone markers: 2 a player
        ("how many milestones do i get", Lang.EN),
        ("quante pietre miliari prendo", Lang.IT),
        ("我有几个里程碑", Lang.ZH),
    ],
)
def test_the_setup_says_how_many_road_boards_and_milestones(
    question: str, lang: Lang
) -> None:
    assert first(question, F, lang) == f"{F}.rof-setup"


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        ("road boards when playing solo", Lang.EN),
        ("plance strada in solitario", Lang.IT),
        ("单人模式用哪些道路版图", Lang.ZH),
    ],
)
def test_the_solo_road_boards_answer_a_solo_question(question: str, lang: Lang) -> None:
    assert first(question, F, lang) == f"{F}.gardens-of-ceres-roads"


@pytest.mark.parametrize(
    ("question", "lang", "expected"),
    [
        # rulebook 001, Deed Drafting: an optional way of dealing the
        # starting Deeds, an answer only when the question asks for it
        ("can we draft our starting deeds", Lang.EN, "deed-drafting"),
        ("variante draft per gli atti iniziali", Lang.IT, "deed-drafting"),
        ("起始地契可以轮抽吗", Lang.ZH, "deed-drafting"),
        ("how many starting deeds does each player get", Lang.EN, "starting-deeds"),
        ("quanti atti iniziali riceve ognuno", Lang.IT, "starting-deeds"),
    ],
)
def test_drafting_answers_only_a_drafting_question(
    question: str, lang: Lang, expected: str
) -> None:
    assert first(question, F, lang) == f"{F}.{expected}"


@pytest.mark.parametrize(
    ("question", "lang", "expected"),
    [
        # rulebook 000, Determining Influence: ties are a case of influence,
        # the answer only to a question that says a tie
        ("how do i count my influence on the west board", Lang.EN, "influence"),
        ("come si conta l'influenza su una plancia strada", Lang.IT, "influence"),
        ("西边的影响力怎么数", Lang.ZH, "influence"),
        ("we're tied on influence on the north board", Lang.EN, "influence-ties"),
        ("parità di influenza sulla plancia nord", Lang.IT, "influence-ties"),
        ("北边影响力平局怎么办", Lang.ZH, "influence-ties"),
    ],
)
def test_an_influence_tie_is_a_case_of_influence(
    question: str, lang: Lang, expected: str
) -> None:
    assert first(question, F, lang) == f"{F}.{expected}"


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        # rulebook 001, Lot Markers: the 8 markers are the only limit on
        # the Deeds you hold
        ("is there a limit on deeds", Lang.EN),
        ("c'è un limite agli atti?", Lang.IT),
    ],
)
def test_the_lot_markers_are_the_limit_on_deeds(question: str, lang: Lang) -> None:
    assert first(question, F, lang) == f"{F}.lot-markers"


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        # rulebook 002, Course of the Game: play 2 tiles, then build, then
        # draw 2; a question of what comes first is the turn's
        ("pesco le tessere prima o dopo aver costruito?", Lang.IT),
        ("先建造还是先抽板块", Lang.ZH),
    ],
)
def test_the_order_of_an_all_roads_turn(question: str, lang: Lang) -> None:
    assert first(question, A, lang) == f"{A}.turn"


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        # rulebook 001, Construct a Building: any group of adjacent lots you
        # own, whenever you bought them
        ("不同时代买的两块地能一起盖一个建筑吗", Lang.ZH),
    ],
)
def test_lots_of_different_eras_build_alike(question: str, lang: Lang) -> None:
    assert first(question, F, lang) == f"{F}.construct"
