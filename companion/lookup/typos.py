"""Tolerance for small typos: the nearest known word, and word beginnings.

A question's word that no entry has is replaced by the known word one edit
away (two for long words), where an edit is a letter added, dropped, changed
or two letters swapped: ``merchnat`` finds ``merchant``. Lookups use a table of
every known word with one letter dropped, so a correction costs a few
dictionary reads instead of a pass over the whole vocabulary.

Pure: standard library only, no I/O.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from ..engines.glory_terms import Lang
from .text import stem, stem_in

SHORTEST: int = 5
"""Words shorter than this are never corrected: too many near neighbours,
most of them real words of their own (players' "team", "grab", "walk",
"mate" were read as "tear", "gray", "wall", "make"; the names "Anna" and
"Gino" as "anni" and "giro")."""
LONG: int = 8
"""Words this long may be two edits away from the word meant."""


def _deletes(word: str) -> Iterator[str]:
    for i in range(len(word)):
        yield word[:i] + word[i + 1 :]


def edit_distance(a: str, b: str, *, limit: int = 2) -> int:
    """The number of edits (insert, delete, change, swap of neighbours) from
    ``a`` to ``b``, or ``limit + 1`` when it is more than ``limit``."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        current = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            current[j] = min(
                previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost
            )
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                current[j] = min(current[j], previous2[j - 2] + 1)
        if min(current) > limit:
            return limit + 1
        previous2, previous = previous, current
    return min(previous[len(b)], limit + 1)


@dataclass(frozen=True)
class Vocabulary:
    """The known words and how many entries use each."""

    counts: Mapping[str, int]
    spelling: Mapping[Lang, Vocabulary] = field(
        default_factory=lambda: MappingProxyType({})
    )
    """Per language, the words (folded, not stemmed) its entries and terms
    write: a question's typo is corrected as the word it is, towards a word
    of the question's own language (:meth:`correct_word`)."""
    _sorted: tuple[str, ...] = field(init=False, repr=False, compare=False)
    _near: Mapping[str, tuple[str, ...]] = field(init=False, repr=False, compare=False)

    @classmethod
    def of(
        cls,
        words: Iterable[str],
        spelling: Mapping[Lang, Iterable[str]] | None = None,
    ) -> Vocabulary:
        """The vocabulary of these words (each occurrence counts once), and
        of each language's written words (:attr:`spelling`)."""
        counts: dict[str, int] = {}
        for word in words:
            counts[word] = counts.get(word, 0) + 1
        langs = {lang: cls.of(said) for lang, said in (spelling or {}).items()}
        return cls(MappingProxyType(counts), MappingProxyType(langs))

    def __post_init__(self) -> None:
        near: dict[str, list[str]] = {}
        for word in self.counts:
            if len(word) < SHORTEST - 1 or not word.isalpha():
                continue
            near.setdefault(word, []).append(word)
            for deleted in set(_deletes(word)):
                near.setdefault(deleted, []).append(word)
        frozen = {key: tuple(words) for key, words in near.items()}
        object.__setattr__(self, "_near", MappingProxyType(frozen))
        object.__setattr__(self, "_sorted", tuple(sorted(self.counts)))

    def __contains__(self, word: object) -> bool:
        return word in self.counts

    def correct(self, word: str) -> str | None:
        """The known word nearest to an unknown ``word``, or ``None``.

        One edit for words of 5 to 7 letters, two from 8, never to the first
        letter (people seldom mistype it, and a word of the asker's own
        language a letter away from a game word, Italian "darmi" from
        "marmi", is no typo); among equally near words the most used wins,
        then the first in alphabetical order.
        """
        if word in self.counts or len(word) < SHORTEST or not word.isalpha():
            return None
        limit = 2 if len(word) >= LONG else 1
        probes = {word, *_deletes(word)}
        if limit == 2:
            probes.update(d2 for d1 in list(probes) for d2 in _deletes(d1))
        candidates = {c for probe in probes for c in self._near.get(probe, ())}
        best: tuple[int, int, str] | None = None
        for candidate in candidates:
            if candidate[0] != word[0]:
                continue
            distance = edit_distance(word, candidate, limit=limit)
            if distance > limit:
                continue
            rank = (distance, -self.counts[candidate], candidate)
            if best is None or rank < best:
                best = rank
        return best[2] if best is not None else None

    def correct_word(
        self, word: str, *, lang: Lang | None = None
    ) -> tuple[str, str] | None:
        """The known word nearest to the folded ``word`` of a question in
        ``lang``, as its stem (:func:`.stem`) and its stem in ``lang``
        (:func:`.stem_in`); or ``None`` (its stem is known, or no word is
        near).

        Where :attr:`spelling` has ``lang``'s words the typo is corrected as
        written, towards a word of that language only: a slip is made in the
        asker's own language (Italian "furti" is no English "fart"), and in
        the word, not in its stem ("Imperail" is "Imperial"). Otherwise the
        stem is corrected among every known stem (:meth:`correct`).
        """
        own = stem(word)
        if own in self.counts:
            return None
        words = self.spelling.get(lang) if lang is not None else None
        if words is None:
            near = self.correct(own)
            return (near, near) if near is not None else None
        fixed = words.correct(word)
        return (stem(fixed), stem_in(fixed, lang)) if fixed is not None else None

    def completions(self, prefix: str, *, limit: int = 8) -> tuple[str, ...]:
        """Known words that start with ``prefix`` (longer than it), most used
        first: a word being typed."""
        start = bisect_left(self._sorted, prefix)
        found: list[str] = []
        for word in self._sorted[start:]:
            if not word.startswith(prefix):
                break
            if word != prefix:
                found.append(word)
        found.sort(key=lambda w: (-self.counts[w], w))
        return tuple(found[:limit])


__all__ = ["LONG", "SHORTEST", "Vocabulary", "edit_distance"]
