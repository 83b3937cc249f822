"""Causes of wrong first answers found on issue 30's blind set 8, each fixed
at its cause and checked here on cases of our own (table-driven)."""

from __future__ import annotations

import pytest

from companion.engines.glory_terms import Lang
from companion.lookup.glossary import Glossary, Term

from .test_ranking_causes_set4 import INDEX, A, F, G, first

_WORDS = Glossary(
    (
        Term("score-cube", {Lang.ZH: ("计分方块",)}),
        Term("road-board", {Lang.ZH: ("道路版图", "道路板")}),
        Term("lot-marker", {Lang.ZH: ("地块标记",)}),
        Term("deed-card", {Lang.ZH: ("地契牌",)}),
        Term("first-player", {Lang.ZH: ("起始玩家标记",)}),
    )
)


@pytest.mark.parametrize(
    ("run", "across"),
    [
        # 计分|方块: its 分方 (offset 3 here) is no word
        ("两个计分方块", {3}),
        ("地块标记", {1}),
        # 道路版图's 路版 is 道路板's own (players say 路板)
        ("道路版图", set()),
        # a word of three is read whole
        ("地契牌", set()),
        # six: 起始|玩家|标记
        ("起始玩家标记", {1, 3}),
        # no glossary word: nothing to drop
        ("加分方式", set()),
    ],
)
def test_pairs_across_the_halves_of_a_chinese_word(run: str, across: set[int]) -> None:
    assert _WORDS.straddling(run) == across


def test_a_question_pair_across_two_words_finds_no_term_inside() -> None:
    # 加分方式 (ways of scoring) makes 分方, which the box contents' 计分方块
    # (score cubes) no longer answer
    assert first("市政建筑有哪几种加分方式", F, Lang.ZH) == f"{F}.civic-scoring"


def test_the_box_contents_say_where_the_score_cubes_go() -> None:
    # no entry said it (set 8, en-13): the Score board's two tracks, one
    # cube on each
    assert first("what are the 2 score cubes for", F, Lang.EN) == f"{F}.components"


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        ("a cosa servono i cubetti segnapunti", Lang.IT),
        ("计分方块是干什么用的", Lang.ZH),
    ],
)
def test_the_score_cubes_in_other_languages(question: str, lang: Lang) -> None:
    # the 5th Player expansion's short list of its pieces (score cubes among
    # them) may come first; the answer is among the three shown
    hits = INDEX.search(question, game=F, lang=lang, limit=3)
    assert f"{F}.components" in [hit.entry.rule_id for hit in hits]


@pytest.mark.parametrize(
    ("question", "game", "lang", "rule"),
    [
        # passing is no action of Foundations of Rome: a turn is exactly one
        # of three (the First Player token "passes" at the era's end, which
        # is another word)
        ("may i pass instead of taking an action", F, Lang.EN, "turn"),
        ("posso passare il turno senza fare niente", F, Lang.IT, "turn"),
        ("in che ordine si gioca", F, Lang.IT, "turn"),
        # All Roads: builds and upgrades in any order
        (
            "in what order do i build, houses or villas first",
            A,
            Lang.EN,
            "how-to-build",
        ),
        ("devo costruire prima le case o le ville", A, Lang.IT, "how-to-build"),
    ],
)
def test_players_words_for_a_turn(
    question: str, game: str, lang: Lang, rule: str
) -> None:
    assert first(question, game, lang) == f"{game}.{rule}"


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        # rulebook 001: 8 Buildings of each type; with none of a type left
        # you cannot build one (not the Monument markers' running out)
        ("i have used all 8 of my residential buildings, can i build another", Lang.EN),
        ("ho finito gli edifici residenziali, posso costruirne ancora", Lang.IT),
        ("住宅建筑都用完了还能建吗", Lang.ZH),
    ],
)
def test_running_out_of_a_building_type(question: str, lang: Lang) -> None:
    assert first(question, F, lang) == f"{F}.building-supply"


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        # the foundation is laid on top of a Site of its material, which
        # goes under it (not "several buildings under construction")
        ("when i lay a foundation what goes under it", Lang.EN),
        ("cosa va sotto la fondazione", Lang.IT),
        ("地基下面放什么", Lang.ZH),
    ],
)
def test_what_goes_under_a_foundation(question: str, lang: Lang) -> None:
    assert first(question, G, lang) == f"{G}.foundation"


@pytest.mark.parametrize(
    "question", ["我手里有几张牌要告诉别人吗", "手上的牌数是公开的吗", "手中最多几张牌"]
)
def test_the_cards_in_my_hand_in_chinese(question: str) -> None:
    # 手里, 手上, 手中 (in my hand) say the hand as 手牌 does
    assert "hand" in INDEX.query(question, lang=Lang.ZH).concepts
    assert first(question, G, Lang.ZH) == f"{G}.hand-limit"
