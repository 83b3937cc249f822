"""Causes of wrong first answers found on issue 30's blind set 3, each fixed
at its cause and checked here on cases of our own (table-driven)."""

from __future__ import annotations

import pytest

from companion.engines.glory_terms import Lang
from companion.lookup import normalise_query, package_index
from companion.lookup.glossary import Glossary, Words
from companion.lookup.index import _gives_number, _numbered, _numbered_cjk
from companion.lookup.text import stem, stem_in, tokens

INDEX = package_index()
A, F, G = "all-roads", "foundations-of-rome", "glory-to-rome"


@pytest.mark.parametrize(
    ("question", "pairs", "chars"),
    [
        # 几个 is one count word, not 几 and a stray 个 (个时, 个)
        ("总共几个时代", ("时代",), ()),
        ("一共几块版图", ("版图",), ()),
        ("几张地契", ("地契",), ()),
    ],
)
def test_chinese_count_words_leave_no_stray_characters(
    question: str, pairs: tuple[str, ...], chars: tuple[str, ...]
) -> None:
    query = normalise_query(question, Glossary())
    assert (query.pairs, query.chars) == (pairs, chars)


@pytest.mark.parametrize(
    ("entry", "noun", "gives"),
    [
        # written 板块 in the text, read 版块 as questions are
        ("all-roads.components.zh", "版块", True),
        # a word of its kind between the number and the noun (8块双面道路版图)
        ("foundations-of-rome.roads-of-fortune.zh", "道路版图", True),
        ("foundations-of-rome.roads-of-fortune.zh", "地契", False),
    ],
)
def test_a_chinese_number_counts_the_noun_after_it(
    entry: str, noun: str, gives: bool
) -> None:
    stats = INDEX._stats[INDEX._by_id[entry]]
    assert _gives_number(stats, frozenset(), (noun,)) is gives


@pytest.mark.parametrize(
    ("text", "term"),
    [
        # an Italian verb listed as its infinitive finds its other forms
        ("gli altri le vedono?", "public"),  # vedere
        ("lo vedi?", "public"),
        ("come si prepara?", "setup"),  # preparazione
        ("ci sono limiti?", "limit"),  # limite
    ],
)
def test_a_glossary_verb_is_found_in_its_forms(text: str, term: str) -> None:
    assert term in INDEX.glossary.find(Words.of(text), gap=2)


@pytest.mark.parametrize(
    ("text", "after"),
    [
        ("三个时代", ("时代",)),
        ("第三个时代结束后", ()),  # the third Era: no count of Eras
        ("第3个时代", ()),
        ("共12块版块", ("版块",)),
    ],
)
def test_an_ordinal_is_no_count(text: str, after: tuple[str, ...]) -> None:
    found = _numbered_cjk(text)
    assert len(found) == len(after)
    assert all(a.startswith(b) for a, b in zip(found, after, strict=True))


@pytest.mark.parametrize(
    ("question", "page", "read_as"),
    [
        ("can I build on another player's lot?", Lang.IT, Lang.EN),
        ("what happens when the deck runs out?", Lang.IT, Lang.EN),
        ("posso costruire sul lotto di un altro?", Lang.EN, Lang.IT),
        # the game's name is no English: the question is Italian
        ("Foundations of Rome: quando finisce un'era?", Lang.EN, Lang.IT),
        ("how many cards can my vault hold?", Lang.ZH, Lang.EN),
        # too few little words to tell: the page's language
        ("Merchant bonus", Lang.IT, None),
        ("bonus del mercante", Lang.EN, None),
        ("金库能放几张牌", Lang.EN, None),
    ],
)
def test_a_question_is_read_in_its_own_language(
    question: str, page: Lang, read_as: Lang | None
) -> None:
    query = INDEX.query(question, lang=page)
    assert (query.lang, query.words_lang) == (page, read_as)


@pytest.mark.parametrize(
    ("question", "own", "page", "game"),
    [
        ("quando finisce un'era e cosa si conta?", Lang.IT, Lang.EN, F),
        ("how many cards can my vault hold?", Lang.EN, Lang.IT, G),
        ("who wins if we are tied?", Lang.EN, Lang.ZH, A),
    ],
)
def test_a_question_from_another_languages_page_gets_the_same_answer(
    question: str, own: Lang, page: Lang, game: str
) -> None:
    first = INDEX.search(question, game=game, lang=own, limit=1)[0]
    shown = INDEX.search(question, game=game, lang=page, limit=1)[0]
    assert shown.entry.rule_id == first.entry.rule_id
    assert shown.entry.lang is page  # shown in the page's language


@pytest.mark.parametrize(
    ("past", "base"),
    [
        ("dealt", "deal"),
        ("drew", "draw"),
        ("built", "build"),
        ("paid", "pay"),
        ("took", "take"),
        ("bought", "buy"),
        ("won", "win"),
    ],
)
def test_an_english_irregular_past_is_its_verb(past: str, base: str) -> None:
    assert stem(past) == stem(base)
    assert stem_in(past, Lang.EN) == stem_in(base, Lang.EN)


def test_left_stays_remaining() -> None:
    assert stem("left") != stem("leave")


@pytest.mark.parametrize(
    ("question", "game", "wanted"),
    [
        # "bought" says buy: the Deed row slides and is refilled on a purchase
        ("a deed was just bought, what goes in its place in the row?", F, "buy-deed"),
    ],
)
def test_a_question_in_the_past_tense(question: str, game: str, wanted: str) -> None:
    first = INDEX.search(question, game=game, lang=Lang.EN, limit=1)[0]
    assert first.entry.rule_id == f"{game}.{wanted}"


@pytest.mark.parametrize(
    ("question", "terms", "not_terms"),
    [
        ("a fine era cosa si conta?", {"era-end"}, {"run-out", "game-end"}),
        ("alla fine dell'era gli edifici commerciali", {"era-end"}, {"run-out"}),
        ("ho finito le ville", {"run-out"}, {"era-end"}),
        ("le pietre miliari sono finite", {"run-out"}, {"era-end"}),
        ("a fine partita chi vince?", {"game-end"}, {"run-out", "era-end"}),
    ],
)
def test_the_end_of_an_era_is_no_run_out(
    question: str, terms: set[str], not_terms: set[str]
) -> None:
    said = set(INDEX.query(question, lang=Lang.IT).concepts)
    assert terms <= said
    assert not said & not_terms


@pytest.mark.parametrize(
    ("lang", "question"),
    [
        # "Limited Building Supply" (rulebook 001): none of a type left
        (Lang.EN, "what if I run out of a type of building?"),
        (Lang.IT, "se ho esaurito un tipo di edificio posso ancora costruirlo?"),
        (Lang.ZH, "建筑用光了怎么办"),
    ],
)
def test_no_building_of_a_type_left_is_the_limited_supply(
    lang: Lang, question: str
) -> None:
    first = INDEX.search(question, game=F, lang=lang, limit=1)[0]
    assert first.entry.rule_id == f"{F}.building-supply"


@pytest.mark.parametrize(
    ("question", "wanted"),
    [
        # 盖在 is to build on (a lot), not to build over a building
        ("我可以盖在没买的地块上吗", "construct"),
        ("能在对手的地块上盖房子吗", "construct"),
        ("大建筑能盖在我的小建筑上吗", "build-over"),
        ("可以覆盖别人的建筑吗", "build-over-opponent"),
    ],
)
def test_building_on_a_lot_is_no_building_over(question: str, wanted: str) -> None:
    first = INDEX.search(question, game=F, lang=Lang.ZH, limit=1)[0]
    assert first.entry.rule_id == f"{F}.{wanted}"


@pytest.mark.parametrize(
    ("question", "lang", "counted", "counted_cjk"),
    [
        ("how many players can play?", Lang.EN, ("player",), ()),
        ("quanti giocatori al massimo?", Lang.IT, ("player",), ()),
        ("in quanti si gioca?", Lang.IT, ("player",), ()),
        ("几个人可以玩", Lang.ZH, (), ("人", "玩家")),
        ("最多几名玩家", Lang.ZH, (), ("人", "玩家")),
        ("how many cards do players draw", Lang.EN, ("card",), ()),
    ],
)
def test_a_how_many_question_may_count_the_players(
    question: str, lang: Lang, counted: tuple[str, ...], counted_cjk: tuple[str, ...]
) -> None:
    query = INDEX.query(question, lang=lang)
    assert (query.counted, query.counted_cjk) == (counted, counted_cjk)


@pytest.mark.parametrize(
    ("text", "counts_players"),
    [
        ("For 2 to 4 players.", True),
        ("Da 1 a 4 giocatori.", True),
        ("Each player takes 3 cards.", False),
    ],
)
def test_a_number_of_players_counts_the_players(
    text: str, counts_players: bool
) -> None:
    assert ("player" in _numbered(text, list(tokens(text)))) is counts_players


@pytest.mark.parametrize(
    ("lang", "question"),
    [
        # what each player has: the count per player (每位玩家12块)
        (Lang.ZH, "每人有几块板块"),
        (Lang.ZH, "每个人发几块版块"),
        (Lang.IT, "quante tessere a testa?"),
        (Lang.EN, "how many tiles apiece?"),
    ],
)
def test_a_count_per_player(lang: Lang, question: str) -> None:
    first = INDEX.search(question, game=A, lang=lang, limit=1)[0]
    assert first.entry.rule_id == f"{A}.components"


@pytest.mark.parametrize(
    ("question", "modal"),
    [
        # what one needs is a requirement, not whether something must be done
        ("what kind of loop do I need to place a monument?", False),
        ("which cards do I have to discard?", False),
        ("how many lots do I need to build an Insula?", False),
        ("do I need to build every turn?", True),
        ("do I have to follow the leader?", True),
        ("is building compulsory?", True),
    ],
)
def test_asking_what_is_needed_is_no_modality(question: str, modal: bool) -> None:
    assert INDEX.query(question, lang=Lang.EN).modal is modal


@pytest.mark.parametrize(
    ("question", "lang", "owner"),
    [
        # "other" before a noun is another thing, alone another player
        ("un materiale di un altro colore", Lang.IT, False),
        ("a material of another colour", Lang.EN, False),
        ("posso costruire sul lotto di un altro?", Lang.IT, True),
        ("can I build on the other's lot?", Lang.EN, True),
        ("can I cover other players' buildings?", Lang.EN, True),
        ("someone else's lot", Lang.EN, True),
    ],
)
def test_another_thing_is_no_other_player(
    question: str, lang: Lang, owner: bool
) -> None:
    assert ("owner" in INDEX.query(question, lang=lang).concepts) is owner


def test_how_many_kinds_is_no_count_of_players() -> None:
    assert "人" not in INDEX.query("有几种玩家颜色", lang=Lang.ZH).counted_cjk
