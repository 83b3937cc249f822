"""Causes of wrong first answers found on issue 30's blind set 9, each fixed
at its cause and checked here on cases of our own (table-driven)."""

from __future__ import annotations

import pytest

from companion.engines.glory_terms import Lang
from companion.lookup.text import is_stopword

from .test_ranking_causes_set4 import A, G, first


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        # rulebook 004's header names the designer; the overview says it,
        # and the backstory (the fire of AD 64) as players ask for it
        ("who designed glory to rome", Lang.EN),
        ("chi è l'autore di Glory to Rome", Lang.IT),
        ("罗马荣光是谁设计的", Lang.ZH),
        ("罗马荣光的故事背景是什么", Lang.ZH),
    ],
)
def test_the_game_in_brief_from_the_home_page(question: str, lang: Lang) -> None:
    assert first(question, None, lang) == f"{G}.overview"


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        # rulebook 002: each player's 12 tiles are their own draw stack
        ("do we all share one pile of tiles", Lang.EN),
        ("ogni giocatore ha il suo mazzo di tessere o sono in comune", Lang.IT),
        ("板块是大家共用的吗", Lang.ZH),
    ],
)
def test_every_player_draws_from_their_own_tiles(question: str, lang: Lang) -> None:
    assert first(question, A, lang) == f"{A}.setup"


@pytest.mark.parametrize("word", ["va", "vanno", "vai", "vado", "andare"])
def test_italian_go_is_a_little_word(word: str) -> None:
    # as "go" and "goes" are in English: "cosa ci va" asks what is put there
    assert is_stopword(word)
