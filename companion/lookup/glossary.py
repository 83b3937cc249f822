"""The glossary: the games' terms joined across English, Italian and Chinese.

Each term is one idea (the Merchant, a lot marker, a tie) with the words that
say it in each language: ``Merchant`` / ``Mercante`` / ``商人``. The search
marks every entry and every question with the terms they contain, so a
question in one language finds entries written in another. The glossary also
knows the games' names, so a question that names a game is scoped to it.

Pure: standard library only, no I/O. The data is ``data/glossary.toml``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from ..engines.base import Node, msg
from ..engines.glory_terms import Lang
from .entries import GAME_SLUGS, KEY_RE, RulesDataError, not_a_key, read_toml
from .text import (
    ZH_NUMERALS,
    Script,
    Token,
    fold,
    has_cjk,
    is_stopword,
    stem,
    tokens,
)

_ORDINALS: frozenset[str] = frozenset(
    stem(word)
    for word in (
        "last final first second third next "
        "ultimo ultima primo prima secondo seconda terzo terza finale"
    ).split()
)
"""The first words (stemmed) of a term said word for word, never with other
words between: "last deed of era" is no last Era, "first turn of the
player" no first player."""


class GlossaryError(RulesDataError):
    """A glossary file that breaks its format; the message names the path."""


@dataclass(frozen=True)
class Term:
    """One idea and its words in each language (singular and plural, synonyms)."""

    id: str
    words: Mapping[Lang, tuple[str, ...]]
    game: str | None = None
    """The game the term belongs to, or ``None`` for words every game uses."""

    @property
    def token(self) -> str:
        """The term's token in the search index: ``k`` and its id's letters."""
        return concept_token(self.id)


def concept_token(term_id: str) -> str:
    """The index token of a term id: ``lot-marker`` gives ``klotmarker``."""
    return "k" + re.sub(r"[^a-z0-9]", "", term_id)


@dataclass(frozen=True)
class GameName:
    """The names a question may use for one game."""

    slug: str
    names: tuple[str, ...]
    drop: bool = True
    """Whether the name's words leave the question once it has set the game
    (``Glory to Rome``: yes; ``Roads of Fortune`` says what is asked: no)."""


@dataclass(frozen=True)
class Words:
    """A text as the glossary reads it: the stems of its meaningful Latin words
    in order; every Latin word's stem with the index of its meaningful stem
    (-1 for a little word), for terms that include little words ("next to");
    and its folded form, for Chinese."""

    stems: tuple[str, ...]
    raw: tuple[tuple[str, int], ...]
    folded: str

    @classmethod
    def of(cls, text: str, lang: Lang | None = None) -> Words:
        return cls.of_tokens(list(tokens(text)), fold(text), lang)

    @classmethod
    def of_tokens(
        cls, found: Sequence[Token], folded: str, lang: Lang | None = None
    ) -> Words:
        """The words of a text already cut into tokens (``folded``: the whole
        text folded, for Chinese); stems of either language (:func:`.stem`),
        or with ``lang`` of that language alone (:func:`.stem_in`)."""
        stems: list[str] = []
        raw: list[tuple[str, int]] = []
        for token in found:
            stem = token.stem if lang is None else token.stem_in(lang)
            if token.script is not Script.LATIN:
                raw.append(("", -1))
            elif is_stopword(token.text):
                raw.append((stem, -1))
            else:
                raw.append((stem, len(stems)))
                stems.append(stem)
        return cls(tuple(stems), tuple(raw), folded)


_Form = tuple[str, ...]


@dataclass(frozen=True)
class Glossary:
    """Every term, and the games' names; finds them in a text."""

    terms: tuple[Term, ...] = ()
    games: tuple[GameName, ...] = ()
    _latin: Mapping[str, tuple[tuple[str, _Form], ...]] = field(
        init=False, repr=False, compare=False
    )
    _phrases: Mapping[str, tuple[tuple[str, _Form], ...]] = field(
        init=False, repr=False, compare=False
    )
    _cjk_by_char: Mapping[str, tuple[tuple[int, str, str], ...]] = field(
        init=False, repr=False, compare=False
    )
    """Chinese words by their first character, each with its rank (longest
    first) so that a longer word takes its characters before a shorter one."""
    _cjk_pairs: frozenset[str] = field(init=False, repr=False, compare=False)
    """The character pairs that are words of their own in the Chinese words
    (:meth:`straddling`)."""
    _by_id: Mapping[str, Term] = field(init=False, repr=False, compare=False)
    _in_phrases: Mapping[str, frozenset[str]] = field(
        init=False, repr=False, compare=False
    )
    """Each stem, with the terms that have a Latin word of several meaningful
    words it is one of ("over": *build over*)."""
    _forms: Mapping[str, _Forms] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        latin: dict[str, list[tuple[str, _Form]]] = {}
        phrases: dict[str, list[tuple[str, _Form]]] = {}
        cjk: list[tuple[str, str]] = []
        for term in self.terms:
            for lang, words in term.words.items():
                for word in words:
                    if has_cjk(word):
                        cjk.append((term.id, fold(word).replace(" ", "")))
                        continue
                    for said in _readings(word, lang):
                        _add_form(term.id, said, latin, phrases)
        for name, table in (("_latin", latin), ("_phrases", phrases)):
            frozen = {first: tuple(forms) for first, forms in table.items()}
            object.__setattr__(self, name, MappingProxyType(frozen))
        # longest first, so that a longer word takes its characters
        cjk.sort(key=lambda item: -len(item[1]))
        by_char: dict[str, list[tuple[int, str, str]]] = {}
        for order, (term_id, word) in enumerate(cjk):
            by_char.setdefault(word[0], []).append((order, term_id, word))
        frozen_chars = {ch: tuple(items) for ch, items in by_char.items()}
        object.__setattr__(self, "_cjk_by_char", MappingProxyType(frozen_chars))
        object.__setattr__(self, "_cjk_pairs", frozenset(_word_pairs(cjk)))
        in_phrases: dict[str, set[str]] = {}
        for forms in latin.values():
            for term_id, form in forms:
                if len(form) > 1:
                    for stem in form:
                        in_phrases.setdefault(stem, set()).add(term_id)
        object.__setattr__(
            self,
            "_in_phrases",
            MappingProxyType({k: frozenset(v) for k, v in in_phrases.items()}),
        )
        by_id = {term.id: term for term in self.terms}
        object.__setattr__(self, "_by_id", MappingProxyType(by_id))
        object.__setattr__(
            self,
            "_forms",
            MappingProxyType({term.id: _term_forms(term) for term in self.terms}),
        )

    def has(self, term_id: str) -> bool:
        """Whether there is a term with this id."""
        return term_id in self._by_id

    def read_at(self, term_id: str, game: str | None) -> bool:
        """Whether there is a term with this id that a question asked at a
        table of ``game`` reads: every game's terms and ``game``'s own
        (``None``: every term)."""
        term = self._by_id.get(term_id)
        return term is not None and (game is None or term.game in (None, game))

    def term(self, term_id: str) -> Term:
        """The term with this id.

        :raises KeyError: no such term.
        """
        return self._by_id[term_id]

    def find(
        self,
        words: Words,
        *,
        gap: int = 0,
        particle_gap: int | None = None,
        game: str | None = None,
    ) -> dict[str, list[tuple[int, int]]]:
        """The terms said in ``words``, each with where its Latin words are.

        A term of several words matches when they come in order with at most
        ``gap`` other meaningful words between each two (questions are loose:
        "build my Insula over" still says *build over*), ``particle_gap``
        (if given) before the particle that ends a phrasal verb
        (:data:`PARTICLES`: "build a 2 lot civic over" says *build over*, its
        object between); a term with little words in it ("next to") matches
        word for word. A longer term takes its words from shorter ones.
        Chinese words match anywhere in the folded text, unless inside a
        longer Chinese word that matched. With a ``game``, the terms of the
        other games are not read: in a Foundations of Rome question "still
        sitting" is no Glory to Rome Site, nor in an All Roads one "build ...
        already over" Foundations of Rome's building over.

        :return: term id -> one (first, last) pair of indexes into
            ``words.stems`` per time the term is said; ``(-1, -1)`` for each
            Chinese match.
        """
        matches: list[tuple[int, int, str, int]] = []
        # a phrase's little words do not make it longer than a term of more
        # meaningful words: "how many lot markers" are Lot markers, not the
        # size of "how many lots"
        meaningful: dict[tuple[int, int, str, int], int] = {}
        stems = words.stems
        for start, first in enumerate(stems):
            for term_id, form in self._latin.get(first, ()):
                # a number is said exactly: "era 1, 3 players" is no "era 3";
                # and so is an ordinal: "last deed of era 2" is no last Era
                exact = form[0] in _ORDINALS or any(word.isdigit() for word in form)
                end = _match_from(
                    stems,
                    start,
                    form,
                    0 if exact else gap,
                    None if exact else particle_gap,
                )
                if end is not None:
                    matches.append((start, end, term_id, len(form)))
        raw = [stem for stem, _ in words.raw]
        for start, (first, _) in enumerate(words.raw):
            for term_id, form in self._phrases.get(first, ()):
                if tuple(raw[start : start + len(form)]) != form:
                    continue
                inside = [i for _, i in words.raw[start : start + len(form)] if i >= 0]
                if inside:
                    match = (inside[0], inside[-1], term_id, len(form))
                    matches.append(match)
                    meaningful[match] = len(inside)
        matches = [m for m in matches if self.read_at(m[2], game)]
        # A term said loosely, with other words between its own, does not take
        # a word of one game's own term from another's: "lead a jack back" is
        # a Jack led, not All Roads' "lead back" to Rome.
        game_words = {
            start
            for start, end, term_id, size in matches
            if size == 1 and self._by_id[term_id].game is not None
        }
        matches = [
            m
            for m in matches
            if m[1] - m[0] + 1 == m[3]
            or not any(
                i in game_words
                and all(
                    self._by_id[t].game != self._by_id[m[2]].game
                    for s, e, t, n in matches
                    if s == i and n == 1 and self._by_id[t].game is not None
                )
                for i in range(m[0] + 1, m[1])
            )
        ]
        # The longest term wins its words: "pietra miliare" is a milestone, not
        # also the material "pietra"; "road board" is not also "road".
        matches.sort(key=lambda m: (-meaningful.get(m, m[3]), -m[3], m[0]))
        taken: set[int] = set()
        found: dict[str, list[tuple[int, int]]] = {}
        for start, end, term_id, size in matches:
            if size > 1 or end > start:
                span = set(range(start, end + 1))
                if span & taken:
                    continue
                taken |= span
            elif start in taken:
                continue
            found.setdefault(term_id, []).append((start, end))
        if has_cjk(words.folded):
            for term_id, _, _ in self._cjk_matches(words.folded):
                if self.read_at(term_id, game):
                    found.setdefault(term_id, []).append((-1, -1))
        return found

    def _cjk_matches(self, folded: str) -> list[tuple[str, int, int]]:
        """The glossary's Chinese words in a folded text, as (term id, start,
        end): longer words first, each taking its characters, so that a
        shorter word inside one that matched is not said again; each word's
        occurrences in order."""
        taken = [False] * len(folded)
        found: list[tuple[str, int, int]] = []
        candidates = sorted(
            item for ch in set(folded) for item in self._cjk_by_char.get(ch, ())
        )
        words = {word for _, _, word in candidates}
        for _, term_id, word in candidates:
            start = folded.find(word)
            while start >= 0:
                end = start + len(word)
                # a count of people is no count when its last character
                # begins another word: 2人口 is 2 Citizens, not 2 players
                counted = word[0] in ZH_NUMERALS and folded[end - 1 : end + 1] in words
                if not counted and not any(taken[start:end]):
                    taken[start:end] = [True] * len(word)
                    found.append((term_id, start, end))
                start = folded.find(word, start + 1)
        return found

    def straddling(self, run: str) -> frozenset[int]:
        """The pairs of a run of Chinese characters (by offset) that join the
        two-character halves of a glossary word of four or six characters:
        计分方块 (score cube) is 计分 and 方块, and its 分方 is no word, though a
        question's 加分方式 (ways of scoring) makes it too. Chinese words of
        that length are mostly two-character words put together; a pair that
        is a word's own elsewhere in the glossary is kept (道路版图's 路版, as
        道路板 says it), and a word of three is read whole (地契牌).

        >>> Glossary((Term("score-cube", {Lang.ZH: ("计分方块",)}),)).straddling(
        ...     "两个计分方块")
        frozenset({3})
        """
        folded = fold(run)
        return frozenset(
            offset
            for _, start, end in self._cjk_matches(folded)
            if end - start in (4, 6)
            for offset in range(start + 1, end - 1, 2)
            if folded[offset : offset + 2] not in self._cjk_pairs
        )

    def game_in(self, text: str) -> tuple[str | None, str, str]:
        """The game a question names, the question without the name, and the
        name when it stays.

        Names match word for word, little words included (``All Roads`` is not
        any question about roads); a name whose ``drop`` is false stays in the
        question (``Roads of Fortune`` says which rules are asked about) and is
        returned as written, so that it can count as the scope rather than the
        subject.

        :return: ``(slug, rest, kept)``, or ``(None, text, "")`` when it names
            no game.
        """
        found = list(tokens(text))
        stems = [t.stem if t.script is Script.LATIN else "" for t in found]
        for game in self.games:
            for name in game.names:
                if has_cjk(name):
                    at = text.find(name)
                    if at < 0:
                        continue
                    start, end = at, at + len(name)
                else:
                    form = [t.stem for t in tokens(name)]
                    n = len(form)
                    spot = next(
                        (
                            i
                            for i in range(len(stems) - n + 1)
                            if stems[i : i + n] == form
                        ),
                        None,
                    )
                    if spot is None:
                        continue
                    start, end = found[spot].start, found[spot + n - 1].end
                if not game.drop:
                    return game.slug, text, text[start:end]
                return game.slug, f"{text[:start]} {text[end:]}", ""
        return None, text, ""

    def fragment(self, term_id: str, stem: str) -> bool:
        """Whether a word that is all a question kept of this term (its other
        words being little words) is, by itself, no word of it but the
        particle of another term's phrasal verb (:data:`PARTICLES`): "game
        over" kept only "over", which alone says nothing of the game's end
        and is half of *build over*."""
        if stem not in PARTICLES or (term_id, (stem,)) in self._latin.get(stem, ()):
            return False
        return bool(self._in_phrases.get(stem, frozenset()) - {term_id})

    def forms(self, term_ids: Iterable[str]) -> tuple[frozenset[str], tuple[str, ...]]:
        """The words of these terms: (stems of the one-word Latin words,
        Chinese words). Words of several Latin words are :meth:`phrases`."""
        stems: set[str] = set()
        cjk: list[str] = []
        for term_id in term_ids:
            found = self._forms.get(term_id)
            if found is not None:
                stems.update(found[0])
                cjk.extend(found[2])
        return frozenset(stems), tuple(dict.fromkeys(cjk))

    def phrases(self, term_ids: Iterable[str]) -> tuple[tuple[str, ...], ...]:
        """The Latin words of several words of these terms, each as its
        meaningful stems in order (``Merchant Bonus``: ``merchant, bonus``)."""
        found: list[tuple[str, ...]] = []
        for term_id in term_ids:
            forms = self._forms.get(term_id)
            if forms is not None:
                found.extend(forms[1])
        return tuple(dict.fromkeys(found))

    def latin_words_in(self, lang: Lang) -> frozenset[str]:
        """The meaningful Latin words (folded, not stemmed) of the terms'
        words in ``lang``: how that language spells them."""
        return frozenset(
            token.text
            for term in self.terms
            for word in term.words.get(lang, ())
            for token in tokens(word)
            if token.script is Script.LATIN and not is_stopword(token.text)
        )

    def latin_stems(self) -> frozenset[str]:
        """Every stem a Latin term word has (part of the search's vocabulary)."""
        return frozenset(
            stem
            for table in (self._latin, self._phrases)
            for forms in table.values()
            for _, form in forms
            for stem in form
            if not is_stopword(stem)
        )


_Forms = tuple[frozenset[str], tuple[tuple[str, ...], ...], tuple[str, ...]]


def _readings(word: str, lang: Lang) -> tuple[Words, ...]:
    """A term's Latin word as the glossary finds it: by the stems of either
    language (those of a question's words), and by its own language's stems
    too where they differ: an infinitive keeps the stem of its forms
    ("vedere" is ``ved`` in Italian, as "vedono" and "vede" are, where the
    English stemmer first makes it ``veder``)."""
    joint = Words.of(word)
    own = Words.of(word, lang)
    return (joint,) if own.raw == joint.raw else (joint, own)


def _add_form(
    term_id: str,
    said: Words,
    latin: dict[str, list[tuple[str, _Form]]],
    phrases: dict[str, list[tuple[str, _Form]]],
) -> None:
    """Index one reading of a term's word (see :meth:`Glossary.find`)."""
    if len(said.raw) > len(said.stems):
        # little words are part of it: matched word for word
        form = tuple(stem for stem, _ in said.raw)
        kind = phrases
    else:
        form = said.stems
        kind = latin
    forms = kind.setdefault(form[0], []) if form else []
    if form and (term_id, form) not in forms:
        forms.append((term_id, form))


def _term_forms(term: Term) -> _Forms:
    """A term's words: stems of its one-word Latin words, its Latin words of
    several words (as stems), its Chinese words."""
    stems: set[str] = set()
    phrases: list[tuple[str, ...]] = []
    cjk: list[str] = []
    for lang, words in term.words.items():
        for word in words:
            if has_cjk(word):
                cjk.append(fold(word).replace(" ", ""))
                continue
            for reading in _readings(word, lang):
                said = reading.stems
                if len(said) == 1:
                    stems.update(said)
                elif said:
                    phrases.append(said)
    return frozenset(stems), tuple(dict.fromkeys(phrases)), tuple(cjk)


PARTICLES: frozenset[str] = frozenset({"over", "sopr"})
"""The particles (stemmed: sopra is *sopr*) that end a phrasal verb of the
glossary (*build over*, *costruire sopra*): the verb's object comes
between, often of several words ("build a 2 lot Civic over", "costruire la
mia Fonderia da 4 lotti sopra")."""


def _match_from(
    stems: Sequence[str],
    start: int,
    form: _Form,
    gap: int,
    particle_gap: int | None = None,
) -> int | None:
    """The index of the last stem of ``form`` matched from ``start``, or None;
    ``particle_gap`` words at most before a last word of :data:`PARTICLES`
    of a two-word form, else ``gap``."""
    position = start
    for part in form[1:]:
        allowed = gap
        if particle_gap is not None and len(form) == 2 and part in PARTICLES:
            allowed = max(gap, particle_gap)
        for step in range(1, allowed + 2):
            if position + step < len(stems) and stems[position + step] == part:
                position += step
                break
        else:
            return None
    return position


def load_glossary(text: str, *, name: str = "glossary.toml") -> Glossary:
    """Read the glossary file (TOML text).

    ``[[game]]`` tables give a ``slug`` and its ``names`` (``drop`` optional);
    ``[[term]]`` tables give an ``id``, an optional ``game`` and the words in
    ``en``, ``it`` and ``zh`` (lists; at least two languages, so the term joins
    something).

    :raises GlossaryError: not TOML, or a value that breaks the format.
    """
    return read_toml(text, _read_glossary, name=name, error=GlossaryError)


def _word_list(node: Node, *, names: bool = False) -> tuple[str, ...]:
    """The words of a term (or, with ``names``, a game's names, which match
    word for word, little words included)."""
    words: list[str] = []
    for item in node.list(min_len=1):
        word = " ".join(item.str(min_len=1, max_len=60).split())
        if not word:
            raise item.fail(msg("must not be blank"))
        if not has_cjk(word) and not names:
            meaningful = len(Words.of(word).stems)
            if meaningful == 0:
                raise item.fail(
                    msg(
                        "{word} has only little words; it would never match",
                        word=repr(word),
                    )
                )

        words.append(word)
    return tuple(words)


def _read_glossary(root: Node) -> Glossary:
    fields = root.object(required=("term",), optional=("game",))
    games: list[GameName] = []
    for item in fields["game"].list() if "game" in fields else ():
        name = item.object(required=("slug", "names"), optional=("drop",))
        drop = name["drop"].bool() if "drop" in name else True
        games.append(
            GameName(
                name["slug"].choice(GAME_SLUGS),
                _word_list(name["names"], names=True),
                drop,
            )
        )
    terms: list[Term] = []
    seen: set[str] = set()
    langs = tuple(lang.value for lang in Lang)
    for item in fields["term"].list(min_len=1):
        node = item.object(required=("id",), optional=("game", *langs))
        term_id = node["id"].str()
        if not KEY_RE.match(term_id):
            raise node["id"].fail(not_a_key(term_id))
        if term_id in seen:
            raise node["id"].fail(
                msg("the term {term} is listed twice", term=repr(term_id))
            )
        seen.add(term_id)
        words = {Lang(lang): _word_list(node[lang]) for lang in langs if lang in node}
        if len(words) < 2:
            raise item.fail(msg("a term needs words in at least two languages"))
        game = node["game"].choice(GAME_SLUGS) if "game" in node else None
        terms.append(Term(term_id, MappingProxyType(words), game))
    return Glossary(tuple(terms), tuple(games))


__all__ = [
    "GameName",
    "Glossary",
    "GlossaryError",
    "Term",
    "Words",
    "concept_token",
    "load_glossary",
]


def _word_pairs(words: Iterable[tuple[str, str]]) -> Iterator[str]:
    """The character pairs of Chinese words (``(term id, word)``) that stand
    as words in them: every pair of a word of three, five or more than six
    characters, and the two-character halves of a word of two, four or six
    (:meth:`Glossary.straddling`)."""
    for _, word in words:
        step = 2 if len(word) in (2, 4, 6) else 1
        for start in range(0, len(word) - 1, step):
            yield word[start : start + 2]
