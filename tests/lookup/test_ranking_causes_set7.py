"""Causes of wrong first answers found on issue 30's blind set 7, each fixed
at its cause and checked here on cases of our own (table-driven)."""

from __future__ import annotations

import pytest

from companion.engines.glory_terms import Lang

from .test_ranking_causes_set4 import INDEX, A, F, G, first


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


@pytest.mark.parametrize(
    ("question", "words", "concept"),
    [
        # "game" is a little word: all "game over" keeps is "over", the
        # particle of build over, which alone says nothing of the game's end
        ("game over", (), "game-end"),
        ("game over, who wins", ("win",), "game-end"),
        # a word the term itself has alone stays a word of the question
        ("the game ends", ("end",), "game-end"),
    ],
)
def test_game_over_is_no_word_over(
    question: str, words: tuple[str, ...], concept: str
) -> None:
    query = INDEX.query(question, lang=Lang.EN)
    assert concept in query.concepts
    assert "over" not in query.words
    assert set(words) <= set(query.words)


@pytest.mark.parametrize(
    ("question", "concept", "not_concept"),
    [
        # a phrase's little words do not make it outweigh a term of more
        # meaningful words: these are Lot markers, not "how many lots"
        ("how many lot markers do I have", "lot-marker", "size"),
        ("how many lots is a Domus", "size", None),
    ],
)
def test_how_many_lot_markers_are_lot_markers(
    question: str, concept: str, not_concept: str | None
) -> None:
    concepts = INDEX.query(question, lang=Lang.EN).concepts
    assert concept in concepts
    assert not_concept not in concepts


def test_a_term_of_another_game_is_not_said_by_an_entry() -> None:
    # Foundations of Rome's Lot marker "sits" on a lot: no Glory to Rome Site
    # (both stem to "sit"), which Glory to Rome's own Sites in town still says
    lot_markers = INDEX._by_id["foundations-of-rome.lot-markers.en"]
    sites = INDEX._by_id["glory-to-rome.town-sites.en"]
    assert "site" not in INDEX._stats[lot_markers].concepts
    assert "site" in INDEX._stats[sites].concepts | INDEX._stats[sites].tconcepts


@pytest.mark.parametrize(
    ("question", "lang", "focus"),
    [
        # the thing a question asks for by name, right after its question word
        ("what colour are civic buildings", Lang.EN, ("colour",)),
        ("which road board scores first", Lang.EN, ("road-board",)),
        ("di che colore sono gli edifici civici", Lang.IT, ("colour",)),
        ("quale plancia strada si risolve prima", Lang.IT, ("road-board",)),
        ("住宅 商业 市政建筑分别是什么颜色", Lang.ZH, ("colour",)),
        # no question word before a term: nothing asked for by name
        ("do civic buildings have a colour", Lang.EN, ()),
        ("市政建筑有颜色吗", Lang.ZH, ()),
    ],
)
def test_what_a_question_asks_for_by_name(
    question: str, lang: Lang, focus: tuple[str, ...]
) -> None:
    assert INDEX.query(question, lang=lang).focus == focus


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        # the colours are asked for: an entry that names them, not a rule
        # about the same buildings that names none
        ("住宅、商业、市政建筑分别是什么颜色", Lang.ZH),
        ("what colour is each type of building", Lang.EN),
    ],
)
def test_what_colour_gets_an_entry_with_the_colours(question: str, lang: Lang) -> None:
    assert first(question, F, lang) in {
        f"{F}.components",
        f"{F}.building-catalogue",
    }


def test_the_coins_values_are_in_the_box() -> None:
    # what is in the box gives the Silver coins' values (1 and 3)
    assert first("银币有几种面额", F, Lang.ZH) == f"{F}.components"


@pytest.mark.parametrize(
    ("question", "lang", "concept"),
    [
        # the Monuments module as players name it: the module, not a Monument
        ("espansione monumenti", Lang.IT, "monuments-module"),
        ("the Monuments expansion", Lang.EN, "monuments-module"),
        ("纪念碑扩展", Lang.ZH, "monuments-module"),
        # an Italian "giro" at the table is a round, a turn
        ("finiamo il giro?", Lang.IT, "turn"),
    ],
)
def test_players_words_for_a_module_and_a_round(
    question: str, lang: Lang, concept: str
) -> None:
    assert concept in INDEX.query(question, lang=lang).concepts


@pytest.mark.parametrize(
    ("question", "game", "lang", "rule"),
    [
        ("纪念碑扩展每人几个标记", F, Lang.ZH, "monuments-module"),
        ("la partita finisce subito o si completa il giro?", G, Lang.IT, "game-end"),
        # building on a new dead end is compulsory: the rule of when to build,
        # not what happens when the houses run out
        (
            "devo per forza mettere una casa sul vicolo cieco nuovo?",
            A,
            Lang.IT,
            "how-to-build",
        ),
        ("must i put a house on every new dead end", A, Lang.EN, "how-to-build"),
        # the lowest total wins: the end of the game, not its tie-break
        ("vince chi ha più punti?", A, Lang.IT, "end-of-game"),
        ("分高的赢吗", A, Lang.ZH, "end-of-game"),
    ],
)
def test_set7_italian_causes(question: str, game: str, lang: Lang, rule: str) -> None:
    assert first(question, game, lang) == f"{game}.{rule}"
