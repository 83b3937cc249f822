"""Causes of wrong first answers found on issue 30's blind set 6, each fixed
at its cause and checked here on cases of our own (table-driven)."""

from __future__ import annotations

import pytest

from companion.engines.glory_terms import Lang

from .test_ranking_causes_set4 import INDEX, F, first


@pytest.mark.parametrize(
    ("question", "counts"),
    [
        # 哪 before a count cue asks which ones (哪几种, 哪几个): no count
        ("市政建筑有哪几种计分方式", False),
        ("住宅建筑有哪几种", False),
        ("哪几个地块能建", False),
        # without it the cue still counts (几种, 几个, 多少)
        ("有几种建筑", True),
        ("每人几个地块标记", True),
        ("地契一共多少张", True),
    ],
)
def test_which_kinds_is_not_how_many(question: str, counts: bool) -> None:
    query = INDEX.query(question, lang=Lang.ZH)
    assert bool(query.counted or query.counted_cjk) is counts


@pytest.mark.parametrize(
    ("question", "game", "rule"),
    [
        # "which kinds of civic scoring": the rule, not the box's counts
        ("市政建筑的计分有哪几种", F, "civic-scoring"),
    ],
)
def test_which_kinds_questions_get_the_rule(
    question: str, game: str, rule: str
) -> None:
    assert first(question, game, Lang.ZH) == f"{game}.{rule}"


@pytest.mark.parametrize(
    ("question", "counted"),
    [
        # the thing counted as players name it: the Deed as a card (地契卡,
        # 地契牌), the Score cube (计分方块), not its 计分 (scoring)
        ("地契卡一共几张", "deed"),
        ("地契牌有多少张", "deed"),
        ("每人几个计分方块", "score-cube"),
        ("how many score cubes does each player get", "score-cube"),
    ],
)
def test_counted_components_by_their_names(question: str, counted: str) -> None:
    assert counted in INDEX.query(question).counted


@pytest.mark.parametrize(
    ("question", "lang", "rule"),
    [
        # what commercial buildings give "at era end", as players name the
        # era scoring: that rule, not the Era's end or the scoring in general
        ("what do commercial buildings give at era end", Lang.EN, "commercial-scoring"),
        ("a fine era i negozi danno argento o punti?", Lang.IT, "commercial-scoring"),
        ("时代结束时商业建筑给什么", Lang.ZH, "commercial-scoring"),
    ],
)
def test_commercial_buildings_at_era_end(question: str, lang: Lang, rule: str) -> None:
    assert first(question, F, lang) == f"{F}.{rule}"


@pytest.mark.parametrize(
    ("question", "lang", "first_rule"),
    [
        # "No Milestone markers left" is one case of placing a milestone
        # (a facet of Road Boards with Milestone slots): asked without the
        # case, it is not the answer ...
        ("dove metto le pietre miliari", Lang.IT, "milestone-boards"),
        ("where do i put my milestone markers", Lang.EN, "milestone-boards"),
        # ... asked with it, it is
        (
            "ho finito le pietre miliari, cosa posso fare?",
            Lang.IT,
            "milestones-used-up",
        ),
        ("both my milestones are placed, what now", Lang.EN, "milestones-used-up"),
        ("里程碑标记用完了还能放吗", Lang.ZH, "milestones-used-up"),
        # a Lot marker as players name it in Italian (pedina lotto)
        (
            "ho messo una pedina lotto invece della pietra miliare",
            Lang.IT,
            "milestones-used-up",
        ),
    ],
)
def test_no_milestones_left_is_a_case_of_placing_one(
    question: str, lang: Lang, first_rule: str
) -> None:
    assert first(question, F, lang) == f"{F}.{first_rule}"


def test_pedina_lotto_is_a_lot_marker() -> None:
    assert "lot-marker" in INDEX.query("quante pedine lotto ho", lang=Lang.IT).concepts


@pytest.mark.parametrize(
    ("question", "game", "lang"),
    [
        # how many can play, as Chinese players ask it: the game in brief,
        # which says the player count (not a rule that varies with it)
        ("罗马奠基几个人能玩", F, Lang.ZH),
        ("最多几个人能玩", "all-roads", Lang.ZH),
        ("几个人能玩", "glory-to-rome", Lang.ZH),
    ],
)
def test_how_many_can_play_is_the_game_in_brief(
    question: str, game: str, lang: Lang
) -> None:
    assert first(question, game, lang) == f"{game}.overview"


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        # what a token is worth is its points, as players ask it
        ("what is a spa worth", Lang.EN),
        ("quanto vale una villa", Lang.IT),
        ("quanto valgono i monumenti", Lang.IT),
    ],
)
def test_worth_is_points(question: str, lang: Lang) -> None:
    assert "points" in INDEX.query(question, lang=lang).concepts


@pytest.mark.parametrize(
    ("question", "game", "lang", "rule"),
    [
        # each token's value: the table of values, not one token's rule
        ("房屋、别墅、温泉各值几分", "all-roads", Lang.ZH, "token-values"),
        (
            "quanti punti valgono terme e monumenti",
            "all-roads",
            Lang.IT,
            "token-values",
        ),
        # the Era bonus is part of population scoring
        ("quanto vale il bonus di era", F, Lang.IT, "population-scoring"),
        # the players behind the lead: population scoring says what they get
        ("人口不是最多的玩家怎么算分", F, Lang.ZH, "population-scoring"),
        ("人口不是最多 得多少分", F, Lang.ZH, "population-scoring"),
    ],
)
def test_what_each_is_worth(question: str, game: str, lang: Lang, rule: str) -> None:
    assert first(question, game, lang) == f"{game}.{rule}"
