"""Causes of wrong first answers found on issue 30's blind set 10, each fixed
at its cause and checked here on cases of our own (table-driven)."""

from __future__ import annotations

import pytest

from companion.engines.glory_terms import Lang
from companion.lookup.entries import InvalidEntryError, load_entries

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


@pytest.mark.parametrize(
    ("question", "lang", "rule"),
    [
        # rulebook 000 heads each alternate Monument card with its type; no
        # card's entry says which others share it
        ("which alternate monuments are civic", Lang.EN, "alternate-monuments-by-type"),
        (
            "monumenti alternativi commerciali quali sono",
            Lang.IT,
            "alternate-monuments-by-type",
        ),
        ("哪些替代纪念碑是住宅", Lang.ZH, "alternate-monuments-by-type"),
        # what building one pays or costs, across the 19 cards
        (
            "which alternate monuments cost silver to build",
            Lang.EN,
            "alternate-monuments-when-built",
        ),
        (
            "quali monumenti alternativi danno punti agli avversari",
            Lang.IT,
            "alternate-monuments-when-built",
        ),
        ("哪些替代纪念碑跟边缘有关", Lang.ZH, "alternate-monuments-when-built"),
        # the footers side by side
        (
            "which alternate monument has the most population",
            Lang.EN,
            "alternate-monuments-footers",
        ),
        ("哪个替代纪念碑的人口最多", Lang.ZH, "alternate-monuments-footers"),
    ],
)
def test_the_alternate_monuments_looked_up_the_other_way_round(
    question: str, lang: Lang, rule: str
) -> None:
    assert first(question, F, lang) == f"{F}.{rule}"


@pytest.mark.parametrize(
    ("question", "lang", "rule"),
    [
        # a one-clause question that says a facet's case gets the facet, not
        # the general rule its shorter text would otherwise put first
        (
            "which alternate monuments are commercial",
            Lang.EN,
            "alternate-monuments-by-type",
        ),
        (
            "both milestone markers are placed, can i still take a road board spot",
            Lang.EN,
            "milestones-used-up",
        ),
        (
            "ho ricoperto un mio residenziale, la popolazione scende?",
            Lang.IT,
            "build-over-residential",
        ),
    ],
)
def test_a_facet_whose_case_is_asked_comes_first(
    question: str, lang: Lang, rule: str
) -> None:
    assert first(question, F, lang) == f"{F}.{rule}"


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        # of a different type or the same size, building over is a question
        # of size, not of the population a Residential Building takes along
        (
            "can I replace my size 3 residential with a size 3 civic, a new type",
            Lang.EN,
        ),
        ("can I build a size 2 civic over my own size 2 house", Lang.EN),
    ],
)
def test_building_over_a_house_is_not_always_about_population(
    question: str, lang: Lang
) -> None:
    assert first(question, F, lang) == f"{F}.build-over"


@pytest.mark.parametrize(
    "question",
    [
        "alternate monuments: can we mix them with the originals",
        "are the alternate monuments used instead of the base ones",
    ],
)
def test_the_alternate_monuments_in_general(question: str) -> None:
    # a question that asks no type, effect or footer gets the cards in general
    assert first(question, F, Lang.EN) == f"{F}.alternate-monuments"


@pytest.mark.parametrize("words", ["第一时代", "第二个时代"])
def test_a_chinese_numbered_era_is_an_era(words: str) -> None:
    # not the pairs 第一 and 一时, which other entries' "first" say
    assert "era" in INDEX.query(words, lang=Lang.ZH, game=F).concepts


SUMMED = """
game = "foundations-of-rome"

[[rule]]
key = "scoring"
parts = ["homes", "shops"]
sources = [{ rulebook = "001", section = "End of Era Scoring" }]
en.title = "Scoring in order"
en.text = "First homes, then shops."

[[rule]]
key = "homes"
sources = [{ rulebook = "001", section = "End of Era Scoring" }]
en.title = "Homes"
en.text = "Homes score their Citizens."

[[rule]]
key = "shops"
sources = [{ rulebook = "001", section = "End of Era Scoring" }]
en.title = "Shops"
en.text = "Shops pay Silver."
"""


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("", ""), ""),
        (('parts = ["homes", "shops"]', 'parts = "homes"'), ""),
        (('parts = ["homes", "shops"]', 'parts = ["homes", "nothing"]'), "not another"),
        (('parts = ["homes", "shops"]', 'parts = "scoring"'), "not another"),
        (('parts = ["homes", "shops"]', "parts = 3"), "parts"),
    ],
)
def test_a_summary_lists_other_rules_of_its_file(
    change: tuple[str, str], message: str
) -> None:
    text = SUMMED.replace(*change, 1)
    if not message:
        assert {e.key: e.parts for e in load_entries(text)}["scoring"]
        return
    with pytest.raises(InvalidEntryError, match=message):
        load_entries(text)


@pytest.mark.parametrize(
    ("question", "lang", "rule"),
    [
        # one part named: that part's own entry, not the Era's scoring order
        (
            "end of era 2, blue and i are tied for most citizens, who gets the bonus",
            Lang.EN,
            "population-scoring",
        ),
        ("第二时代结算 人口 我4 他2 人口分各拿几分", Lang.ZH, "population-scoring"),
        # several parts named, or none: the order of the whole
        (
            "end of era, what do we score first, houses civics or shops?",
            Lang.EN,
            "era-scoring",
        ),
        ("in che ordine si conta a fine era", Lang.IT, "era-scoring"),
    ],
)
def test_a_summary_gives_way_to_the_one_part_asked(
    question: str, lang: Lang, rule: str
) -> None:
    assert first(question, F, lang) == f"{F}.{rule}"


def test_the_eras_scoring_sums_up_its_three_kinds() -> None:
    scoring = INDEX.entry(f"{F}.era-scoring.en")
    assert scoring.parts == (
        "population-scoring",
        "civic-scoring",
        "commercial-scoring",
    )
