"""Causes of wrong first answers found on issue 30's blind set 3, each fixed
at its cause and checked here on cases of our own (table-driven)."""

from __future__ import annotations

import pytest

from companion.lookup import normalise_query, package_index
from companion.lookup.glossary import Glossary, Words
from companion.lookup.index import _gives_number, _numbered_cjk

INDEX = package_index()


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
