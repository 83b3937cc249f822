"""Causes of wrong first answers found on issue 30's blind set 4, each fixed
at its cause and checked here on cases of our own (table-driven)."""

from __future__ import annotations

import pytest

from companion.engines.glory_terms import Lang
from companion.lookup import normalise_query, package_index
from companion.lookup.glossary import Glossary

INDEX = package_index()
A, F, G = "all-roads", "foundations-of-rome", "glory-to-rome"


def first(question: str, game: str, lang: Lang) -> str:
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
