"""Causes of wrong first answers found on issue 30's blind set 3, each fixed
at its cause and checked here on cases of our own (table-driven)."""

from __future__ import annotations

import pytest

from companion.lookup import normalise_query, package_index
from companion.lookup.glossary import Glossary
from companion.lookup.index import _gives_number

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
