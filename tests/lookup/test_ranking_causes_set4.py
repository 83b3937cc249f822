"""Causes of wrong first answers found on issue 30's blind set 4, each fixed
at its cause and checked here on cases of our own (table-driven)."""

from __future__ import annotations

import pytest

from companion.engines.glory_terms import Lang
from companion.lookup import normalise_query, package_index
from companion.lookup.glossary import Glossary
from companion.lookup.index import _gives_number
from companion.lookup.query import clauses

INDEX = package_index()
A, F, G = "all-roads", "foundations-of-rome", "glory-to-rome"


def first(question: str, game: str | None, lang: Lang) -> str:
    hits = INDEX.search(question, game=game, lang=lang, limit=3)
    return hits[0].entry.rule_id if hits else ""


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        # rulebook 001: Residential beige, Commercial olive, Civic gray; the
        # components and building-catalogue entries say so, and "colour" is a
        # thing asked
        ("what colour are the civic buildings?", Lang.EN),
        ("which colour is a residential building", Lang.EN),
        ("di che colore sono gli edifici commerciali?", Lang.IT),
        ("gli edifici civici di che colore sono", Lang.IT),
        ("住宅和市政建筑分别什么颜色", Lang.ZH),
    ],
)
def test_the_colours_of_the_building_types(question: str, lang: Lang) -> None:
    assert first(question, F, lang) in {f"{F}.components", f"{F}.building-catalogue"}


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        # a Player tray is a vassoio to Italian players
        ("quanti edifici ci sono nel vassoio?", Lang.IT),
        ("cosa c'è nel vassoio di ogni giocatore", Lang.IT),
    ],
)
def test_the_tray_in_italian(question: str, lang: Lang) -> None:
    assert first(question, F, lang) in {f"{F}.components", f"{F}.building-catalogue"}


@pytest.mark.parametrize(
    ("text", "term"),
    [("what colour?", "colour"), ("di che colore", "colour"), ("什么颜色", "colour")],
)
def test_colour_is_a_term(text: str, term: str) -> None:
    assert term in normalise_query(text, INDEX.glossary).concepts


def test_respectively_is_a_chinese_filler() -> None:
    # 分别 (respectively) says how the answer is given, not what is asked
    query = normalise_query("住宅和商业分别几分", Glossary())
    assert "分别" not in query.pairs


@pytest.mark.parametrize(
    ("question", "left_out"),
    [
        # 到底, 究竟 (exactly, on earth) and 哪些 (which ones) ask nothing
        ("边缘地块到底指哪些", ("到底", "底指", "些")),
        ("起始地契究竟有哪些", ("究竟", "竟有", "些")),
    ],
)
def test_chinese_fillers_of_definition_questions(
    question: str, left_out: tuple[str, ...]
) -> None:
    query = normalise_query(question, Glossary())
    assert not set(left_out) & {*query.pairs, *query.chars}


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("财富之路的边缘地块是什么", "财富之路"),
        ("道路扩展里说的边缘地块是什么", "道路扩展"),
    ],
)
def test_a_kept_chinese_game_name_makes_no_pairs(question: str, name: str) -> None:
    query = normalise_query(question, INDEX.glossary, lang=Lang.ZH)
    inside = {name[i : i + 2] for i in range(len(name) - 1)}
    assert query.game == F
    assert not inside & set(query.pairs)


@pytest.mark.parametrize(
    ("question", "key"),
    [
        # the entry of the thing asked, not the expansion's overview
        ("财富之路里的边缘地块指的是哪些", "edge-lots"),
        ("道路扩展里的边缘地块到底是什么", "edge-lots"),
    ],
)
def test_a_thing_asked_within_roads_of_fortune(question: str, key: str) -> None:
    assert first(question, F, Lang.ZH) == f"{F}.{key}"


@pytest.mark.parametrize(
    ("text", "parts"),
    [
        ("谁先手 平了怎么办", ["谁先手", "平了怎么办"]),
        ("开局翻几张？剩下的呢", ["开局翻几张", "剩下的呢"]),
        ("how much silver? we're 3", ["how much silver", "we're 3"]),
        ("quando finisce? e se pareggiamo?", ["quando finisce", "e se pareggiamo?"]),
        # one clause: no space between Latin and Chinese makes two
        ("all roads 温泉怎么建", ["all roads 温泉怎么建"]),
        ("what is a lot?", ["what is a lot?"]),
    ],
)
def test_the_clauses_of_a_question(text: str, parts: list[str]) -> None:
    assert clauses(text) == parts


@pytest.mark.parametrize(
    ("question", "game", "lang", "keys"),
    [
        # a later clause says the case of the first clause's thing: an entry
        # of that case alone (the end-of-game tie) is not the answer
        ("谁来当第一位领袖 平了怎么办", G, Lang.ZH, {"setup", "first-leader"}),
        (
            "chi comincia per primo? e se c'è parità?",
            G,
            Lang.IT,
            {"setup", "first-leader"},
        ),
        ("who goes first? what if it's a tie?", G, Lang.EN, {"setup", "first-leader"}),
    ],
)
def test_a_later_clause_is_the_case_of_the_first(
    question: str, game: str, lang: Lang, keys: set[str]
) -> None:
    assert first(question, game, lang) in {f"{game}.{k}" for k in keys}


def test_tied_in_chinese() -> None:
    # 平了 (it's tied) as players say it
    assert "tie" in normalise_query("平了怎么办", INDEX.glossary).concepts


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        # a card of two games (its term has no game) is still a card named
        ("the Colosseum alternate card: who scores when it is built?", Lang.EN),
        ("carta alternativa del Colosseo, come si costruisce?", Lang.IT),
        ("斗兽场的替代卡 建造条件是什么", Lang.ZH),
    ],
)
def test_a_named_card_before_the_general_rule(question: str, lang: Lang) -> None:
    assert first(question, F, lang) == f"{F}.monument-the-colosseum"


def test_a_card_of_two_games_is_named() -> None:
    query = INDEX.query("Colosseo carta alternativa", lang=Lang.IT)
    named, cards = INDEX._names(query)
    assert "colosseum" in named & cards


@pytest.mark.parametrize("text", ["出售区有几张", "待售区的地契", "售卖区补牌吗"])
def test_the_sale_area_is_the_deeds_for_sale(text: str) -> None:
    # players' words for the Deeds for Sale (rulebook 001) are no stray pairs
    query = normalise_query(text, INDEX.glossary)
    assert "deed" in query.concepts
    assert not {"出售", "售区", "待售", "售卖", "卖区"} & set(query.pairs)


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("剩下的地契", Lang.ZH),
        ("剩余的建材", Lang.ZH),
        ("the remaining deeds", Lang.EN),
        ("gli atti rimasti", Lang.IT),
    ],
)
def test_the_rest_of_something_is_not_unbuilt(text: str, lang: Lang) -> None:
    # remaining, rimasti, 剩下: the rest of anything, not what is left unbuilt
    assert "unbuilt" not in INDEX.query(text, lang=lang).concepts


@pytest.mark.parametrize(
    ("question", "game", "lang", "key"),
    [
        ("剩下的地契分成几堆", F, Lang.ZH, "starting-deeds"),
        ("what happens to the remaining deeds at setup", F, Lang.EN, "starting-deeds"),
        (
            "gli atti rimasti dopo la distribuzione dove vanno?",
            F,
            Lang.IT,
            "starting-deeds",
        ),
        ("每种城内地点几张？剩下的地点呢", G, Lang.ZH, "town-sites"),
    ],
)
def test_the_rest_of_the_cards(question: str, game: str, lang: Lang, key: str) -> None:
    assert first(question, game, lang) == f"{game}.{key}"


@pytest.mark.parametrize(
    ("question", "counted", "cjk", "chars"),
    [
        # 多少张 is one count word; a one-character noun ending its clause
        # is what is counted (多少张牌)
        ("一共多少张牌", (), ("牌",), ("牌",)),
        # every clause's count cue is read, each within its clause
        ("一共多少张牌 百搭牌几张", ("jack",), ("牌",), ("牌",)),
    ],
)
def test_what_each_chinese_count_cue_counts(
    question: str,
    counted: tuple[str, ...],
    cjk: tuple[str, ...],
    chars: tuple[str, ...],
) -> None:
    query = INDEX.query(question, lang=Lang.ZH)
    assert (query.counted, query.counted_cjk, query.chars) == (counted, cjk, chars)
    assert "张牌" not in query.pairs


@pytest.mark.parametrize(
    ("entry", "noun", "gives"),
    [
        # the noun before the number and its measure word: 百搭牌6张
        ("glory-to-rome.components.zh", "百搭牌", True),
        ("glory-to-rome.components.zh", "指令牌", True),
        ("glory-to-rome.jacks.zh", "地点牌", False),
    ],
)
def test_a_chinese_count_after_its_noun(entry: str, noun: str, gives: bool) -> None:
    stats = INDEX._stats[INDEX._by_id[entry]]
    assert _gives_number(stats, frozenset(), (noun,)) is gives


def test_how_many_order_cards() -> None:
    assert first("指令牌一共多少张", G, Lang.ZH) == f"{G}.components"


@pytest.mark.parametrize(
    ("question", "noise"),
    [
        # 选择不 (choose not to): whether it must be done
        ("可以选择不盖房子吗", ("选择", "择不", "以选")),
        ("这回合我能选择不买地契吗", ("选择", "择不")),
    ],
)
def test_choosing_not_to_is_modal(question: str, noise: tuple[str, ...]) -> None:
    query = INDEX.query(question, lang=Lang.ZH)
    assert query.modal
    assert not set(noise) & set(query.pairs)


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("quali atti togliamo", Lang.IT),
        ("si tolgono le carte", Lang.IT),
        ("which deeds are removed", Lang.EN),
        ("要移除哪些地契", Lang.ZH),
    ],
)
def test_remove_is_a_term(text: str, lang: Lang) -> None:
    # togliere's forms are irregular: togliamo and tolgono share no stem
    assert "remove" in INDEX.query(text, lang=lang).concepts


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        ("in 3 giocatori quali atti si tolgono?", Lang.IT),
        ("which deeds do we take out with 3 players", Lang.EN),
        ("3个人玩要移除哪些地契", Lang.ZH),
    ],
)
def test_the_deeds_removed_for_fewer_players(question: str, lang: Lang) -> None:
    assert first(question, F, lang) == f"{F}.board-size"
