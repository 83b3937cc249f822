"""A player's question made into search terms.

Questions are data: any characters are safe. Nothing of the question reaches
SQLite as syntax; every term is quoted as an FTS5 phrase (:func:`.text.fts_phrase`).

Pure: standard library only, no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engines.glory_terms import Lang
from .glossary import Glossary, Words, concept_token
from .text import (
    Script,
    cjk_pairs,
    detect_lang,
    fold,
    fts_phrase,
    is_stopword,
    tokens,
)
from .typos import Vocabulary

MAX_QUERY: int = 500
"""Characters of a question that are read; the rest is ignored."""
MAX_TERMS: int = 40
"""Terms of each kind sent to the index at most (a pasted page stays fast)."""
QUERY_GAP: int = 2
"""Other meaningful words allowed between the words of a glossary term in a
question (``build my Grand Insula over`` says *build over*)."""


@dataclass(frozen=True)
class Query:
    """What a question asks, as index terms.

    ``words`` are stems of the meaningful Latin words (typos corrected),
    ``prefixes`` unknown words that begin known ones (a word being typed),
    ``pairs`` and ``chars`` Chinese character pairs and lone characters,
    ``concepts`` the glossary terms named.
    """

    text: str
    lang: Lang
    """The language asked in: given, or guessed from the question."""
    game: str | None
    """The game the question names itself, if any."""
    words: tuple[str, ...] = ()
    prefixes: tuple[str, ...] = ()
    pairs: tuple[str, ...] = ()
    chars: tuple[str, ...] = ()
    concepts: tuple[str, ...] = ()
    corrections: tuple[tuple[str, str], ...] = ()
    """(typed, known) for each word the typo tolerance replaced."""

    @property
    def empty(self) -> bool:
        """True when nothing in the question can match (only little words,
        punctuation, or words no entry has)."""
        return not (
            self.words or self.prefixes or self.pairs or self.chars or self.concepts
        )

    def fts(self) -> str | None:
        """The FTS5 MATCH expression: every term quoted, alternatives joined by
        OR, each kind limited to its columns; ``None`` when :attr:`empty`."""
        parts: list[str] = []
        text_terms = [fts_phrase(w) for w in (*self.words, *self.pairs)]
        text_terms += [fts_phrase(p) + " *" for p in self.prefixes]
        if text_terms:
            parts.append("{title body} : (" + " OR ".join(text_terms) + ")")
        if self.concepts:
            concept_terms = (fts_phrase(concept_token(c)) for c in self.concepts)
            parts.append("{tconcepts concepts} : (" + " OR ".join(concept_terms) + ")")
        if self.chars:
            parts.append(
                "chars : (" + " OR ".join(fts_phrase(c) for c in self.chars) + ")"
            )
        return " OR ".join(parts) if parts else None


def _unique(items: list[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(items))[:MAX_TERMS]


def normalise_query(
    text: str,
    glossary: Glossary,
    vocabulary: Vocabulary | None = None,
    *,
    lang: Lang | None = None,
) -> Query:
    """Read a question: its language and game, its words, stems and terms.

    :param vocabulary: the index's words, for typo tolerance and word
        beginnings; ``None`` takes every word as it is.
    :param lang: the language of the person asking; ``None`` guesses it.
    """
    text = text[:MAX_QUERY]
    asked_in = lang if lang is not None else detect_lang(text)
    game, rest = glossary.game_in(text)
    words: list[str] = []
    prefixes: list[str] = []
    pairs: list[str] = []
    chars: list[str] = []
    corrections: list[tuple[str, str]] = []
    raw: list[tuple[str, int]] = []
    for token in tokens(rest):
        if token.script is Script.CJK:
            raw.append(("", -1))
            if len(token.text) == 1:
                chars.append(token.text)
            else:
                pairs.extend(cjk_pairs(token.text))
            continue
        if is_stopword(token.text):
            raw.append((token.stem, -1))
            continue
        word = token.stem
        if vocabulary is not None and word not in vocabulary:
            fixed = vocabulary.correct(word)
            if fixed is None and len(word) >= 3 and vocabulary.completions(word):
                prefixes.append(word)
            if fixed is None:
                raw.append((word, -1))
                continue
            corrections.append((token.text, fixed))
            word = fixed
        raw.append((word, len(words)))
        words.append(word)
    concepts = glossary.find(
        Words(tuple(words), tuple(raw), fold(rest)),
        gap=QUERY_GAP,
    )
    return Query(
        text=text,
        lang=asked_in,
        game=game,
        words=_unique(words),
        prefixes=_unique(prefixes),
        pairs=_unique(pairs),
        chars=_unique(chars),
        concepts=_unique(list(concepts)),
        corrections=tuple(corrections),
    )


__all__ = ["MAX_QUERY", "Query", "normalise_query"]
