"""The rules search: an SQLite FTS5 index of the entries, ranked by BM25F.

The index is its own in-memory SQLite database, built from the entries (and
the house rules) when the app starts, so search works the same whether the
app keeps its tables in SQLite or PostgreSQL. Apart from ``sqlite3`` itself
there is no I/O here: the entries come in as values.

Each entry becomes one row of five columns, all written by :mod:`.text`
rather than by SQLite's tokenizer, so that entries and questions are read the
same way: ``title`` and ``body`` (stems and Chinese character pairs),
``tconcepts`` and ``concepts`` (the glossary terms the title and the text
name, a token each) and ``chars`` (its lone Chinese characters). FTS5 finds
the rows that say any of a question's terms (OR); they are ranked in Python,
because SQLite's bm25 cannot do what the questions need:

- A glossary term and the words that said it are one thing asked (a
  *unit*), not two: "merchant bonus" is asked once, not three times.
- Word statistics (idf) are those of the game asked about: "building", which
  most Foundations of Rome rules say, still tells All Roads rules apart
  (SQLite gives a term in over half the rows a weight of nothing).
- BM25F: a unit in the title counts :data:`TITLE_WEIGHT` times one in the
  text; and an entry that says more of the question ranks higher
  (:data:`COVERAGE`).

Then: entries of the table's game come first unless another game's entry
matches far better, and a game the question names wins over the table's; a
question asking whether something is optional prefers the entry that says
so of the thing asked; reference entries (a Monument card, a group of cards)
give way to the rules; and the languages of one rule count once, shown in
the asker's language where the rule has it. The snippet is the passage that
says the most of the question (:meth:`_Matcher.snippet`).
"""

from __future__ import annotations

import math
import re
import sqlite3
import threading
from collections import Counter, OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from ..engines import find_game
from ..engines.base import Citation
from ..engines.glory_terms import Lang
from .entries import (
    Entry,
    InvalidEntryError,
    UnknownEntryError,
    check_unique,
    parse_citations,
    section_key,
    section_name,
    section_number,
)
from .glossary import Glossary, Words, concept_token
from .query import (
    CONDITION_TERMS,
    MODAL_TERMS,
    Query,
    clauses,
    normalise_query,
    states_modality,
)
from .text import (
    NUMBER_WORDS,
    PLAYER_WORDS,
    PLAYERS,
    Script,
    Token,
    cjk_pairs,
    fold,
    has_cjk,
    is_stopword,
    stem_in,
    tokens,
    unnegated,
)
from .typos import Vocabulary

TITLE_WEIGHT: float = 5.0
"""How much more a thing asked counts when an entry's title says it than when
its text does (BM25F field weights: title 5, text 1): an entry's title is
what it is about."""
OTHER_NOUN: float = 0.6
"""How much of a number of the question an entry says when it gives that
number with none of the words the question counts with it ("5 Citizens"
against "5 Silver"; :attr:`_Unit.noun`): in part, since an entry's number
of another thing is often not the answer ("2 architect clients" is no
Concrete's value of 2), and not nothing, since entries say their numbers in
other words than players do."""
K1: float = 3.0
"""BM25's saturation: how slowly saying a thing again stops adding (higher
than the usual 1.2, so that a title match is not outweighed by a word said
twice in passing)."""
B: float = 0.75
"""BM25's length normalisation (the usual value)."""
WORD_WEIGHT: float = 0.8
"""Weight of a word no glossary term took (a glossary term is the games'
vocabulary; another word is as often by the way: "someone else's lot")."""
COVERAGE: float = 1.0
"""A row's score is multiplied by this plus the share of the question (its
units, weighted as they score) that the row says: an entry that answers all
of a question beats one that says a single word of it very often."""
PAIR_WEIGHT: float = 0.6
"""Weight of a Chinese character pair that no glossary term took (a run of
three characters gives two pairs for one word)."""
SCOPE_WEIGHT: float = 0.3
"""Weight of a term that only names the rules asked about (a game name kept
in the question, :attr:`.Query.scope`)."""
PREFIX_WEIGHT: float = 0.8
CHAR_WEIGHT: float = 0.3
"""Weight of a lone Chinese character: it says little alone."""
OTHER_GAME: float = 0.25
"""Score factor of an entry of another game than the one of the table asked
from: preferred, not filtered (a much better answer of another game shows)."""
NAMED_OTHER: float = 0.1
"""Score factor of an entry of another game than the one the question names
("Glory to Rome: ..."): the question's own word beats the table's game."""
MODAL: float = 3.0
"""Score factor, for a question asking whether something must or may be done
(:attr:`.Query.modal`), of an entry that says what must, may or need not be
done of the thing asked: among the entries about it, the one that answers.
In full when such a sentence of the entry names :data:`MODAL_SHARE` of the
question; in part when it names less (:func:`_modal_share`)."""
MODAL_SHARE: float = 1 / 3
"""The share of a question (its units, weighted as they score) that a
sentence saying what must or may be done names for :data:`MODAL` in full: a
sentence that says "must" of one little part of the question ("you must
place a house") is not the answer to whether the question's thing must be
done."""
CONDITION_WEIGHT: float = 1.25
"""Weight of a thing asked that says a case of a rule (a glossary term of
:data:`.query.CONDITION_TERMS`: none left, a tie, without milestones; a
number, a player count among them): the case is what the question is
about, the topic only where."""
LISTED_NUMBERS: int = 2
"""How many numbers a question may say and still have one of them say a
facet's case on its own (:func:`_says_case`): "era 2, I have 0 Citizens"
asks about the 0; "era 2: me 6, her 4, him 0" about everyone's scores."""
PLAYER_COUNT: str = "players-"
"""How the glossary's player counts begin (``players-3``: 三人局, "in 3")."""
FIRST_CLAUSE: float = 0.5
"""Score factor, for a question of several clauses (谁先手 平了怎么办, "how
much silver do we start with? we're 3"), of an entry that says nothing of
the first: the first clause says what is asked, a later one often only its
case ("if tied?", "and the rest?"), which many entries of other things say."""
UNNAMED: float = 0.7
"""Score factor of an entry that says nothing of a card the question names
(a term that only reference entries' titles say, as the Colosseum: see
:meth:`RulesIndex._names`): the card's entry, or one that mentions it, before
the general rule that the rest of the question's words match ("Colosseo carta
alternativa": the Colosseum's card, not the Alternate Monuments in general)."""
SUMMARY: float = 0.65
"""Score factor of a summary (an entry with :attr:`.Entry.parts`) for a
question that names exactly one of its parts: that part's own entry answers
it ("era 2, she has 4 Citizens: what do we get for population" is
population scoring, not the order of an Era's scoring). A question that
names none of them asks about the whole; one that names several, about how
they go together ("what do we score first, houses, civics or shops?")."""
COUNTED: float = 1.6
"""Score factor, for a "how many" question (:attr:`.Query.counted`), of an
entry that gives a number with the noun counted ("6 Deeds", 4块版图): the
answer, rather than an entry with another noun's number."""
_ZH_NUMBER = re.compile(
    r"(?<![第0-9０-９二两三四五六七八九十])"
    r"(?:[0-9０-９]+|[二两三四五六七八九十]+)\s*[个张块枚座格名位份点种次件]?\s*"
)
"""A number in Chinese with its measure word; not an ordinal (第三个时代 is
the third Era, no count of Eras)."""
NUMBERED_AFTER: int = 2
"""Meaningful words after a number that it counts ("6 Deeds", "2 Milestone
markers")."""
NUMBERED_AFTER_CJK: int = 2
"""Chinese characters after a number (and its measure word) that may come
before the noun it counts: one two-character word that says what kind
(8块双面道路版图, 76块六角板块 count road boards and tiles)."""
_NUMBERED_SPAN: int = 8
"""Chinese characters kept after each number: the kind and a long noun."""
OTHER_LANG: float = 0.6
"""Score factor of an entry in another language than the asker's, when its
rule has an entry in the asker's language (that one is shown)."""
FACET_BELOW: float = 0.95
"""Score factor, against its parent's score, above which a facet (an entry
that is one case of a general rule, :attr:`.Entry.facet_of`) is not ranked
when the question does not say its case (:func:`_says_case`): the general
question gets the general rule first, the facet right after it."""
FACET_ABOVE: float = 1.05
"""Score factor, against its parent's score, that a facet is lifted to at
least when a question of one clause says its case (:func:`_says_case`): the
case asked is answered by the entry written for it ("which alternate
Monuments are Commercial": the list by type, not the cards in general), which
its parent's shorter text and title would otherwise often outscore. A
question of several clauses may ask the case only in a later one, after the
general rule (see :data:`FIRST_CLAUSE`): its facets keep their own score."""
FACET_OFF: float = 0.5
"""Score factor of a facet when the question says the case it adds to none
of its parents (see :data:`FACET_BELOW`): a case the question does not ask
about is not its answer, whatever else the facet shares with it."""
CUTOFF: float = 0.2
"""Results scoring below this share of the best one are left out: they match
only a stray word of the question."""
UNFOCUSED: float = 0.8
"""Score factor of an entry that says nothing of what a question asks for by
name (:attr:`.Query.focus`: "what colour", 什么颜色): a rule about the same
buildings that names no colour does not answer it."""
REFERENCE: float = 0.75
"""Score factor of a reference entry (:attr:`.Entry.reference`) unless its
title says one of the question's game terms (a Monument's name): a question
about a rule in general prefers the rule to a card that mentions it."""
NAME_TITLES: int = 3
"""A game term in the titles of at most this many rules names a component
(see :data:`REFERENCE`)."""
SNIPPET_LENGTH: int = 240
"""Characters of an entry's text a snippet shows at most (plus ellipses);
half as many of a Chinese text."""
LIMIT_MAX: int = 100
TABLE_VOCABULARIES: int = 64
"""Tables whose typo vocabulary (the package's words and the table's house
rules') is kept built at once; the others are built again when asked."""
ELLIPSIS = "…"

_SCHEMA = (
    "CREATE VIRTUAL TABLE rules USING fts5("
    "title, body, tconcepts, concepts, chars,"
    " tokenize = 'unicode61 remove_diacritics 2')"
)


@dataclass(frozen=True)
class Marked:
    """Text with the words a question matched marked by offsets, so the web
    layer escapes the text and wraps the marks itself (never raw HTML)."""

    text: str
    marks: tuple[tuple[int, int], ...] = ()
    """``(start, end)`` offsets into :attr:`text`, sorted, not overlapping."""

    def parts(self) -> tuple[tuple[str, bool], ...]:
        """The text cut at the marks: ``(piece, is_match)`` in order."""
        pieces: list[tuple[str, bool]] = []
        at = 0
        for start, end in self.marks:
            if start > at:
                pieces.append((self.text[at:start], False))
            pieces.append((self.text[start:end], True))
            at = end
        if at < len(self.text):
            pieces.append((self.text[at:], False))
        return tuple(pieces)

    def marked(self, before: str, after: str) -> str:
        """The text with each match between ``before`` and ``after`` (plain
        text, e.g. for a terminal: ``marked("[", "]")``)."""
        return "".join(f"{before}{p}{after}" if hit else p for p, hit in self.parts())


@dataclass(frozen=True)
class Hit:
    """One search result: the entry shown, its score and its marked words."""

    entry: Entry
    score: float
    """Higher is better; comparable only within one search."""
    title: Marked
    snippet: Marked
    """The passage of the text that says the most of the question (the whole
    text when it is short), with ``…`` where it was cut: the answer, not
    the entry's first words."""
    langs: tuple[Lang, ...]
    """Every language this rule is written in (the web may offer them)."""


def _terms(
    found: Iterable[Token], lang: Lang | None = None, glossary: Glossary | None = None
) -> list[str]:
    """The index terms of a text's tokens: stems of meaningful words (as
    words of ``lang``, :func:`.stem_in`; ``None``: of either language), and
    Chinese character pairs (with a ``glossary``, not those across the two
    halves of its words, :meth:`.Glossary.straddling`)."""
    terms: list[str] = []
    for token in found:
        if token.script is Script.CJK:
            if len(token.text) > 1:
                pairs = cjk_pairs(token.text)
                if glossary is not None:
                    across = glossary.straddling(token.text)
                    pairs = [p for i, p in enumerate(pairs) if i not in across]
                terms.extend(pairs)
        elif not is_stopword(token.text):
            terms.append(token.stem_in(lang) if lang is not None else token.stem)
    return terms


def _bases(found: Iterable[Token], lang: Lang, known: frozenset[str]) -> list[str]:
    """The stems (in ``lang``) of the known words that a text's negated
    words are the negation of: "the supply is unlimited" (illimitata) is an
    answer to "is it limited?" (limitati) when the rules say both."""
    bases: list[str] = []
    for token in found:
        if token.script is not Script.LATIN or is_stopword(token.text):
            continue
        for base in unnegated(token.text, lang):
            stemmed = stem_in(base, lang)
            if stemmed in known:
                bases.append(stemmed)
                break
    return bases


def _concept_tokens(terms: dict[str, int]) -> str:
    """The index tokens of the glossary terms a text says, each once: a term
    said five times in a list of cards is no more the subject than one said
    once."""
    return " ".join(concept_token(t) for t in terms)


def _merge(text: str, spans: Iterable[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """Sorted marks, overlapping ones joined, and neighbours with only spaces
    between them too (``Merchant Bonus`` is one mark)."""
    merged: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if merged and (start <= merged[-1][1] or text[merged[-1][1] : start].isspace()):
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return tuple(merged)


@dataclass(frozen=True)
class _Sought:
    """The forms of one thing asked that are marked in a shown entry: stems,
    a word beginning, Chinese strings; with its weight in the ranking."""

    stems: frozenset[str]
    prefix: str
    needles: tuple[str, ...]
    weight: float
    phrases: tuple[tuple[str, ...], ...] = ()
    """Stems that are marked only in this order, little words between them
    allowed (``Merchant Bonus``; ``carta`` alone is no ``carta Leader``)."""


@dataclass(frozen=True)
class _Matcher:
    """What to mark in a shown entry for one question, and which thing asked
    each mark says."""

    sought: tuple[_Sought, ...]

    def found(self, text: str) -> list[tuple[int, int, int]]:
        """Every match: (start, end, index of the thing asked), in order."""
        found: list[tuple[int, int, int]] = []
        every = list(tokens(text))
        latin = [
            t for t in every if t.script is Script.LATIN and not is_stopword(t.text)
        ]
        stems = [t.stem for t in latin]
        for i, sought in enumerate(self.sought):
            for phrase in sought.phrases:
                n = len(phrase)
                for at in range(len(stems) - n + 1):
                    if tuple(stems[at : at + n]) == phrase:
                        found.append((latin[at].start, latin[at + n - 1].end, i))
        for token, stem in zip(latin, stems, strict=True):
            # a question's words are stems of its language, a term's of either
            forms = {stem, token.stem_in(Lang.EN), token.stem_in(Lang.IT)}
            for i, sought in enumerate(self.sought):
                if not forms.isdisjoint(sought.stems) or (
                    sought.prefix and any(f.startswith(sought.prefix) for f in forms)
                ):
                    found.append((token.start, token.end, i))
                    break
        for token in every:
            if token.script is Script.LATIN:
                continue
            for i, sought in enumerate(self.sought):
                for needle in sought.needles:
                    at = token.text.find(needle)
                    while at >= 0:
                        begin = token.start + at
                        found.append((begin, begin + len(needle), i))
                        at = token.text.find(needle, at + 1)
        return sorted(found)

    def marks(self, text: str) -> tuple[tuple[int, int], ...]:
        return _merge(text, ((start, end) for start, end, _ in self.found(text)))

    def snippet(self, text: str, *, title: str = "") -> Marked:
        """The passage of ``text`` that says the most of the question (see
        :func:`_snippet`); what the title already says counts half."""
        in_title = {i for _, _, i in self.found(title)}
        weights = [
            s.weight * (TITLE_SAID if i in in_title else 1.0)
            for i, s in enumerate(self.sought)
        ]
        return _snippet(text, self.found(text), weights)


TITLE_SAID: float = 0.0
"""Weight, in choosing a snippet, of a thing asked that the title says: the
title is shown anyway, and the entry is about it throughout; the snippet
should show where the rest of the question is answered."""
_SENTENCE_END = re.compile(r"(?<=[.;!?])\s+(?=[A-Z0-9À-ÖØ-Þ\"'(“‘])|(?<=[。；！？])")


def _modal_sentences(entry: Entry, modality: _Matcher) -> tuple[str, ...]:
    """The sentences of an entry (its title one of them) that say something
    must, may or need not be done."""
    return tuple(
        sentence
        for text in (entry.title, entry.text)
        for start, end in _sentences(text)
        if (sentence := text[start:end])
        and (modality.found(sentence) or states_modality(fold(sentence)))
    )


def _modal_share(
    matcher: _Matcher, sentences: Sequence[str], weights: Sequence[float]
) -> float:
    """How far the sentences of an entry that say what must, may or need not
    be done answer a modal question, 0 to 1: the share of its units
    (weighted as they score) that one of them names, the most any does, in
    :data:`MODAL_SHARE` parts."""
    total = sum(weights)
    if total <= 0:
        return 0.0
    best = max(
        sum(weights[i] for i in {i for _, _, i in matcher.found(sentence)})
        for sentence in sentences
    )
    return min(1.0, best / total / MODAL_SHARE)


def _sentences(text: str) -> list[tuple[int, int]]:
    """The sentences of an entry's text as (start, end) offsets."""
    spans: list[tuple[int, int]] = []
    at = 0
    for match in _SENTENCE_END.finditer(text):
        if match.start() > at:
            spans.append((at, match.start()))
        at = match.end()
    if at < len(text):
        spans.append((at, len(text)))
    return spans


def _snippet(
    text: str,
    found: Sequence[tuple[int, int, int]],
    weights: Sequence[float] = (),
) -> Marked:
    """What a hit shows of an entry's text: all of it when it is short;
    else the sentence that says the most of the question (each thing asked
    counted once, by its weight), with the sentences around it as far as
    :data:`SNIPPET_LENGTH` allows, ``…`` where it was cut. Without matches,
    the beginning."""
    marks = _merge(text, ((start, end) for start, end, _ in found))
    length = _length(text)
    if len(text) <= length:
        return Marked(text, marks)
    sentences = _sentences(text) or [(0, len(text))]

    def worth(begin: int, end: int) -> float:
        said = {i for s, e, i in found if s >= begin and e <= end}
        return sum(weights[i] if i < len(weights) else 1.0 for i in said)

    best = max(range(len(sentences)), key=lambda n: (worth(*sentences[n]), -n))
    begin, end = sentences[best]
    if end - begin > length:
        begin, end = _window(text, begin, end, found, weights, length)
    else:
        before, after = best - 1, best + 1
        while True:
            if after < len(sentences) and sentences[after][1] - begin <= length:
                end = sentences[after][1]
                after += 1
            elif before >= 0 and end - sentences[before][0] <= length:
                begin = sentences[before][0]
                before -= 1
            else:
                break
    head = ELLIPSIS if begin > 0 else ""
    tail = ELLIPSIS if end < len(text) else ""
    piece = text[begin:end]
    shift = len(head) - begin - (len(piece) - len(piece.lstrip()))
    piece = piece.strip()
    inside = tuple((s + shift, e + shift) for s, e in marks if s >= begin and e <= end)
    return Marked(head + piece + tail, inside)


def _window(
    text: str,
    begin: int,
    end: int,
    found: Sequence[tuple[int, int, int]],
    weights: Sequence[float],
    length: int,
) -> tuple[int, int]:
    """The stretch of at most ``length`` characters of ``text[begin:end]``
    that says the most of the question, cut at spaces."""
    best, best_worth = begin, -1.0
    for start, _, _ in [m for m in found if begin <= m[0] < end] or [(begin, 0, 0)]:
        # a fifth of the window before the match, unless the sentence ends
        at = max(begin, min(start - length // 5, end - length))
        said = {i for s, e, i in found if s >= at and e <= at + length}
        worth = sum(weights[i] if i < len(weights) else 1.0 for i in said)
        if worth > best_worth:
            best, best_worth = at, worth
    if best > begin:
        space = text.find(" ", best - 1, best + 20)
        best = space + 1 if space >= 0 else best
    stop = min(end, best + length)
    if stop < end:
        space = text.rfind(" ", best, stop)
        stop = space if space > best + length // 2 else stop
    return best, stop


_ASKING = re.compile(
    r"\s*(?:那(?![个张些块条座位])么?|所以|so\b|then\b|quindi\b|allora\b)",
    re.IGNORECASE,
)
"""How a clause that asks, after clauses that set the scene, begins ("开局
发的6块地都不挨着 那我能盖啥", "... so what do I get?", "allora ..."): that
clause, not the first, is the one an entry must answer (:data:`FIRST_CLAUSE`)."""


def _only_players(units: Sequence[_Unit], part: Sequence[int]) -> bool:
    """Whether a clause (its units among ``units``) says only how many
    play (三人局, "we're 2 players"): the setting of what is asked next."""
    concepts = {c for i in part for c in units[i].concepts}
    return bool(concepts) and all(c.startswith(PLAYER_COUNT) for c in concepts)


def _length(text: str) -> int:
    """How many characters of ``text`` a snippet shows: Chinese says in one
    character about what another language says in two."""
    return SNIPPET_LENGTH // 2 if has_cjk(text) else SNIPPET_LENGTH


def _house_rules(rules: Iterable[Entry]) -> list[Entry]:
    """``rules`` as a list, once each is known to be a house rule with its own key.

    :raises InvalidEntryError: one of them is not a house rule, or two share a key.
    """
    listed = list(rules)
    check_unique(listed)
    for rule in listed:
        if not rule.is_house_rule:
            raise InvalidEntryError(f"{rule.id!r} is not a house rule")
    return listed


class RulesIndex:
    """The searchable rules: package entries and house rules.

    Built by :func:`build_index`. Safe to share between threads (one lock
    guards the database). House rules added at run time are searchable at once.

    A house rule of a table (:attr:`.Entry.table`) is found only by a search
    from that table, and its words correct typos and count in the ranking's
    word statistics only there.
    """

    def __init__(self, entries: Sequence[Entry], glossary: Glossary) -> None:
        check_unique(entries)
        if any(entry.is_house_rule for entry in entries):
            raise InvalidEntryError("house rules go in as house_rules, not entries")
        self.glossary = glossary
        self._lock = threading.Lock()
        self._db = sqlite3.connect(":memory:", check_same_thread=False)
        self._db.execute(_SCHEMA)
        self._rows: dict[int, Entry] = {}
        self._by_id: dict[str, int] = {}
        self._variants: dict[str, dict[Lang, Entry]] = {}
        self._next_row = 1
        self._package = tuple(entries)
        self._words: dict[int, frozenset[str]] = {}
        self._spelled: dict[int, frozenset[str]] = {}
        """Each row's Latin words as written (folded): typos are corrected
        towards them (:attr:`.Vocabulary.spelling`)."""
        self._title_terms: dict[int, frozenset[str]] = {}
        self._stats: dict[int, _Stats] = {}
        self._case_phrases: dict[int, tuple[list[_Unit], ...]] = {}
        """A facet's words for its case (:attr:`.Entry.case`), read as its
        row is (:meth:`_rank_facets`)."""
        self._postings: dict[str, set[int]] = {}
        """Each key a row says (:attr:`_Stats.keys`) -> the rows that say it."""
        self._lengths: dict[Lang, list[int]] = {lang: [0, 0, 0] for lang in Lang}
        """Per language: rows, title terms and text terms in all."""
        self._modal: dict[int, tuple[str, ...]] = {}
        """Rows with sentences that say something must, may or need not be
        done: those sentences (a question asking whether X is optional is
        answered by one of them that names X: "Building is compulsory", not
        "draw until your hand is full (you must)" for a question about
        following)."""
        self._modality = self._modal_words()
        self._cases = CONDITION_TERMS | {
            term.id
            for term in glossary.terms
            if any(word.isdigit() for word in glossary.forms([term.id])[0])
        }
        """The glossary terms that say a case of a rule: :data:`CONDITION_TERMS`
        and the terms said by a number (a player count: "3 players", 三人)."""
        self._known: frozenset[str] = frozenset(
            t.stem_in(entry.lang)
            for entry in entries
            for t in tokens(f"{entry.title}\n{entry.text}\n{entry.keywords}")
            if t.script is Script.LATIN
        )
        """The stems the package's entries say, each in its entry's language:
        a negated word says its base too where they have it (:func:`_bases`)."""
        for entry in entries:
            self._insert(entry)
        self._summaries = self._summary_parts(entries)
        """Each summary's rule (:attr:`.Entry.parts`) -> what names each of
        its parts: the glossary terms of the part's titles that the summary's
        titles do not say (:meth:`_parts_named`)."""
        self._sections = self._section_map(entries)
        self._vocabulary = self._make_vocabulary()
        self._table_vocabularies: OrderedDict[str, Vocabulary] = OrderedDict()

    # -- building --------------------------------------------------------

    def _insert(self, entry: Entry) -> None:
        if entry.id in self._by_id:
            raise InvalidEntryError(f"two entries have the id {entry.id!r}")
        both = f"{entry.title}\n{entry.text}"
        found = list(tokens(both))
        split = len(entry.title) + 1
        in_title = [t for t in found if t.start < split]
        in_body = [t for t in found if t.start >= split]
        title_concepts = self._concepts(in_title, entry.title, entry.game)
        body_concepts = self._concepts(in_body, entry.text, entry.game)
        # The keywords count as more of the text (they are never shown).
        said = list(tokens(entry.keywords)) if entry.keywords else []
        for term, n in self._concepts(said, entry.keywords, entry.game).items():
            body_concepts[term] = body_concepts.get(term, 0) + n
        self._title_terms[self._next_row] = frozenset(title_concepts)
        modal = _modal_sentences(entry, self._modality)
        if modal:
            self._modal[self._next_row] = modal
        title_terms = _terms(in_title, entry.lang, self.glossary)
        body_terms = _terms([*in_body, *said], entry.lang, self.glossary)
        body_terms += _bases([*found, *said], entry.lang, self._known)
        chars = [ch for t in (*found, *said) if t.script is Script.CJK for ch in t.text]
        row = self._next_row
        self._stats[row] = _Stats(
            # a facet is part of its (first) parent in the word statistics
            rule=f"{entry.game}.{entry.facet_of[0]}"
            if entry.facet_of
            else entry.rule_id,
            title=Counter(title_terms),
            body=Counter(body_terms),
            tconcepts=frozenset(title_concepts),
            concepts=frozenset(body_concepts),
            chars=Counter(chars),
            title_len=len(title_terms) + len(title_concepts),
            body_len=len(body_terms) + len(body_concepts),
            numbered=_numbered(both, found),
            number_nouns=_number_nouns(both, found),
            numbered_cjk=_numbered_cjk(fold(both)),
            counted_cjk=_counted_before_cjk(fold(both)),
        )
        if entry.facet_of:
            # its case in its own words, each way of saying it read as a
            # question is: the words given for it, else its title
            self._case_phrases[row] = tuple(
                _units(normalise_query(phrase, self.glossary, lang=entry.lang))
                for phrase in re.split(r"[;；]", entry.case or entry.title)
                if phrase.strip()
            )
        else:
            self._count_lengths(entry.lang, self._stats[row], 1)
        for key in self._stats[row].keys:
            self._postings.setdefault(key, set()).add(row)
        self._next_row += 1
        self._db.execute(
            "INSERT INTO rules (rowid, title, body, tconcepts, concepts, chars) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (
                row,
                " ".join(title_terms),
                " ".join(body_terms),
                _concept_tokens(title_concepts),
                _concept_tokens(body_concepts),
                " ".join(chars),
            ),
        )
        self._rows[row] = entry
        self._by_id[entry.id] = row
        self._variants.setdefault(entry.rule_id, {})[entry.lang] = entry
        self._words[row] = frozenset(t for t in _terms([*found, *said]) if t.isascii())
        self._spelled[row] = frozenset(
            t.text
            for t in (*found, *said)
            if t.script is Script.LATIN and t.text.isascii() and not is_stopword(t.text)
        )

    def _summary_parts(
        self, entries: Sequence[Entry]
    ) -> dict[str, tuple[frozenset[str], ...]]:
        """See :attr:`_summaries` (once the entries are in)."""

        def titles(rule_id: str) -> frozenset[str]:
            return frozenset().union(
                *(
                    self._title_terms[self._by_id[variant.id]]
                    for variant in self._variants.get(rule_id, {}).values()
                )
            )

        summaries: dict[str, tuple[frozenset[str], ...]] = {}
        for entry in entries:
            if entry.parts and entry.rule_id not in summaries:
                own = titles(entry.rule_id)
                summaries[entry.rule_id] = tuple(
                    titles(f"{entry.game}.{part}") - own for part in entry.parts
                )
        return summaries

    def _count_lengths(self, lang: Lang, stats: _Stats, sign: int) -> None:
        totals = self._lengths[lang]
        totals[0] += sign
        totals[1] += sign * stats.title_len
        totals[2] += sign * stats.body_len

    def _concepts(self, found: list[Token], text: str, game: str) -> dict[str, int]:
        """The glossary terms a text of ``game`` says, and how many times: a
        term of another game's is not one of them (a Foundations of Rome
        Lot marker that "sits" on a lot says no Glory to Rome Site)."""
        terms = self.glossary.find(Words.of_tokens(found, fold(text)), gap=1)
        return {
            term: len(spans)
            for term, spans in terms.items()
            if self.glossary.term(term).game in (None, game)
        }

    def _make_vocabulary(self, table: str | None = None) -> Vocabulary:
        """The words a search from ``table`` knows: every entry's but the
        house rules of other tables."""
        rows = [row for row in self._words if self._rows[row].table in (None, table)]
        words = [word for row in rows for word in self._words[row]]
        spelling = {
            lang: [
                *(
                    w
                    for row in rows
                    if self._rows[row].lang is lang
                    for w in self._spelled[row]
                ),
                *self.glossary.latin_words_in(lang),
            ]
            for lang in (Lang.EN, Lang.IT)
        }
        return Vocabulary.of([*words, *self.glossary.latin_stems()], spelling)

    def _vocabulary_for(self, table: str | None) -> Vocabulary:
        """:meth:`_make_vocabulary`, kept for the tables searched last
        (the caller holds the lock)."""
        if table is None:
            return self._vocabulary
        found = self._table_vocabularies.get(table)
        if found is None:
            found = self._make_vocabulary(table)
            self._table_vocabularies[table] = found
            while len(self._table_vocabularies) > TABLE_VOCABULARIES:
                self._table_vocabularies.popitem(last=False)
        else:
            self._table_vocabularies.move_to_end(table)
        return found

    def _words_changed(self, tables: Iterable[str | None]) -> None:
        """House rules of ``tables`` were added or removed: their
        vocabularies are made again (the caller holds the lock)."""
        changed = set(tables)
        if None in changed:
            # Every search knows the words of a house rule of no table.
            self._vocabulary = self._make_vocabulary()
            self._table_vocabularies.clear()
        for table in changed:
            if table is not None:
                self._table_vocabularies.pop(table, None)

    @staticmethod
    def _section_map(entries: Sequence[Entry]) -> dict[tuple[str, str], list[str]]:
        """(rulebook, section key) -> the rules citing it, in file order; each
        section also under its name without numbering (``完成建筑``)."""
        found: dict[tuple[str, str], list[str]] = {}
        for entry in entries:
            if entry.lang is not Lang.EN:
                continue
            for source in entry.sources:
                for key in {section_key(source.section), section_name(source.section)}:
                    rules = found.setdefault((source.rulebook, key), [])
                    if key and entry.rule_id not in rules:
                        rules.append(entry.rule_id)
        return found

    # -- house rules -----------------------------------------------------

    @property
    def house_rules(self) -> tuple[Entry, ...]:
        """The house rules in the index, in the order they were added."""
        with self._lock:
            return tuple(e for e in self._rows.values() if e.is_house_rule)

    def add_house_rule(self, rule: Entry) -> None:
        """Make a house rule searchable (see :func:`.entries.house_rule`);
        one with the same key is replaced.

        :raises InvalidEntryError: ``rule`` is not a house rule.
        """
        if not rule.is_house_rule:
            raise InvalidEntryError(f"{rule.id!r} is not a house rule")
        self.update_house_rules(add=[rule])

    def remove_house_rule(self, key: str) -> bool:
        """Take the house rule with this key out; False if there was none."""
        with self._lock:
            removed = self._delete(f"house.{key}")
            if removed is not None:
                self._words_changed([removed.table])
            return removed is not None

    def update_house_rules(
        self, *, add: Iterable[Entry] = (), remove: Iterable[str] = ()
    ) -> None:
        """Take the house rules with the keys ``remove`` out (those there
        are), then put ``add`` in, all at once: what changed in the database
        since the index last read it, without reading every rule again.

        :raises InvalidEntryError: one of ``add`` is not a house rule, or two
            share a key; the index is then left as it was.
        """
        add = _house_rules(add)
        with self._lock:
            tables: list[str | None] = []
            for key in remove:
                removed = self._delete(f"house.{key}")
                if removed is not None:
                    tables.append(removed.table)
            for rule in add:
                removed = self._delete(rule.id)
                if removed is not None:
                    tables.append(removed.table)
                self._insert(rule)
                tables.append(rule.table)
            self._words_changed(tables)

    def replace_house_rules(self, rules: Iterable[Entry]) -> None:
        """Make these the house rules, all at once (e.g. after another worker
        changed them in the database).

        :raises InvalidEntryError: one of them is not a house rule, or two
            share a key; the index is then left as it was.
        """
        rules = _house_rules(rules)
        with self._lock:
            old = [e for e in self._rows.values() if e.is_house_rule]
            if not old and not rules:
                return
            for entry in old:
                self._delete(entry.id)
            for rule in rules:
                self._insert(rule)
            self._vocabulary = self._make_vocabulary()
            self._table_vocabularies.clear()

    def _delete(self, entry_id: str) -> Entry | None:
        """Take an entry out; the entry, or ``None`` if there was none."""
        row = self._by_id.pop(entry_id, None)
        if row is None:
            return None
        entry = self._rows.pop(row)
        self._words.pop(row, None)
        self._spelled.pop(row, None)
        self._title_terms.pop(row, None)
        stats = self._stats.pop(row)
        self._case_phrases.pop(row, None)
        if not entry.facet_of:
            self._count_lengths(entry.lang, stats, -1)
        for key in stats.keys:
            self._postings[key].discard(row)
        self._modal.pop(row, None)
        del self._variants[entry.rule_id]
        self._db.execute("DELETE FROM rules WHERE rowid = ?", (row,))
        return entry

    # -- reading ---------------------------------------------------------

    def entry(self, entry_id: str) -> Entry:
        """The entry with this id (:attr:`.Entry.id`).

        :raises UnknownEntryError: no such entry.
        """
        with self._lock:
            row = self._by_id.get(entry_id)
            if row is None:
                raise UnknownEntryError(entry_id)
            return self._rows[row]

    def entries(
        self, *, game: str | None = None, lang: Lang | None = None
    ) -> list[Entry]:
        """Every entry (house rules last), optionally of one game or language."""
        with self._lock:
            return [
                e
                for e in self._rows.values()
                if (game is None or e.game == game) and (lang is None or e.lang is lang)
            ]

    def translations(self, rule_id: str) -> dict[Lang, Entry]:
        """The entries of one rule by language (empty for an unknown rule)."""
        with self._lock:
            return dict(self._variants.get(rule_id, {}))

    def in_lang(self, rule_id: str, lang: Lang) -> Entry:
        """The rule in ``lang``, or in English (or its only language) when it
        has no entry in ``lang``.

        :raises UnknownEntryError: no such rule.
        """
        with self._lock:
            variants = self._variants.get(rule_id)
            if not variants:
                raise UnknownEntryError(rule_id)
            return _pick(variants, lang)

    def entry_for(
        self,
        rulebook: str,
        section: str,
        *,
        page: int | None = None,
        lang: Lang = Lang.EN,
    ) -> Entry | None:
        """The entry that summarises a rulebook section, as engines cite them
        (``entry_for("001", "End of Era Scoring - Civic Building Scoring")``).

        Case, spaces and punctuation of the section do not matter, nor its
        numbering (``3.3-3.4 完成建筑`` finds ``3.3 完成建筑``). A section no
        entry names falls back to the entry with the longest section that
        begins the one asked for or that it begins, then to the first section
        under its number (``3.2-3.3`` finds ``3.2 ...``), then to an entry on
        the same page. Among entries citing one section, the first in its
        data file wins (the general rule before the cards that repeat it).

        :return: the rule in ``lang`` (English where it has no such entry), or
            ``None`` when nothing in that rulebook matches.
        """
        with self._lock:
            rule_id = self._find_section(rulebook, section, page)
            if rule_id is None:
                return None
            return _pick(self._variants[rule_id], lang)

    def entry_for_citation(
        self, citation: Citation, *, lang: Lang = Lang.EN
    ) -> Entry | None:
        """:meth:`entry_for` of a :class:`~companion.engines.base.Citation`:
        its main place first, then the places in its ``also``."""
        for place in (citation, *citation.also):
            entry = self.entry_for(
                place.rulebook, place.section, page=place.page, lang=lang
            )
            if entry is not None:
                return entry
        return None

    def entries_for_source(self, source: str, *, lang: Lang = Lang.EN) -> list[Entry]:
        """The entries behind a source written as text (the way some engines
        write them, ``"003, Mercante, p.8; 004, 5、出售建材"``), each rule once."""
        found: dict[str, Entry] = {}
        for citation in parse_citations(source):
            entry = self.entry_for_citation(citation, lang=lang)
            if entry is not None:
                found.setdefault(entry.rule_id, entry)
        return list(found.values())

    def _find_section(
        self, rulebook: str, section: str, page: int | None
    ) -> str | None:
        wanted = section_key(section)
        for key in (wanted, section_name(section)):
            found = self._sections.get((rulebook, key))
            if found:
                return found[0]
        best: tuple[int, str] | None = None
        for (book, key), rules in self._sections.items():
            if book != rulebook or not key or not wanted:
                continue
            if wanted.startswith(key) or key.startswith(wanted):
                rank = (-min(len(key), len(wanted)), rules[0])
                if best is None or rank < best:
                    best = rank
        if best is not None:
            return best[1]
        number = section_number(section)
        if number:
            for (book, key), rules in self._sections.items():
                if book == rulebook and key.startswith(number):
                    return rules[0]
        if page is not None:
            for entry in self._package:
                if entry.lang is Lang.EN and any(
                    c.rulebook == rulebook and c.page == page for c in entry.sources
                ):
                    return entry.rule_id
        return None

    # -- searching -------------------------------------------------------

    def query(
        self,
        text: str,
        *,
        lang: Lang | None = None,
        table: str | None = None,
        game: str | None = None,
    ) -> Query:
        """The question as the index reads it (for explaining a search);
        from ``table``, its house rules' words are known words too; from a
        table of ``game``, the terms of other games are not read (unless the
        question names one)."""
        with self._lock:
            vocabulary = self._vocabulary_for(table)
        return normalise_query(text, self.glossary, vocabulary, lang=lang, game=game)

    def search(
        self,
        text: str,
        *,
        game: str | None = None,
        lang: Lang | str | None = None,
        limit: int = 10,
        table: str | None = None,
    ) -> list[Hit]:
        """The entries that answer a question, best first.

        :param game: the game of the table the question comes from: its
            entries are preferred. A question that names a game itself
            ("Glory to Rome: ...") is about that game instead.
        :param lang: the asker's language: each rule is shown in it where it
            has an entry in it (else in English); ``None`` guesses from the
            question.
        :param limit: how many rules at most (1 to 100).
        :param table: the table the question comes from: its house rules are
            searched too. The house rules of other tables never are.
        :return: the hits, best first; for a question that only names a game,
            that game's rules in order (score 0).
        :raises companion.engines.UnknownGameError: no such game.
        :raises ValueError: an unknown language or a limit out of range.
        """
        if game is not None:
            find_game(game)
        if not 1 <= limit <= LIMIT_MAX:
            raise ValueError(f"limit must be 1 to {LIMIT_MAX}, got {limit}")
        language = Lang(lang) if lang is not None else None
        query = self.query(text, lang=language, table=table, game=game)
        expression = query.fts()
        if expression is None:
            return self._game_rules(query, limit) if query.game else []
        prefer = query.game or game
        named, cards = self._names(query)
        asked = frozenset(query.concepts)
        units = _units(query, self._cases, self._question_nouns(query))
        counted = self._counted(query)
        focused = [
            i
            for i, unit in enumerate(units)
            if not unit.concepts.isdisjoint(query.focus)
        ]
        read_in = query.words_lang or query.lang
        parts = self._clause_units(text, query, units, table, prefer)
        with self._lock:
            rows = [
                row
                for (row,) in self._db.execute(
                    "SELECT rowid FROM rules WHERE rules MATCH ?", (expression,)
                )
                if self._rows[row].table in (None, table)
            ]
            said: dict[int, list[tuple[float, float]]] = {}
            weights = self._idf(units, prefer, table, said)
            matcher = self._matcher(units, weights)
            best: dict[str, float] = {}
            best_row: dict[str, int] = {}
            order: dict[str, int] = {}
            for row in rows:
                entry = self._rows[row]
                stats = self._stats[row]
                found = said.get(row)
                if found is None:
                    found = _said(units, self._stats[row])
                score = self._score(row, found, weights)
                if prefer is not None and entry.game != prefer:
                    score *= NAMED_OTHER if query.game else OTHER_GAME
                if counted and _gives_number(self._stats[row], *counted):
                    score *= COUNTED
                if query.focus and not any(any(found[i]) for i in focused):
                    score *= UNFOCUSED
                if parts and not any(any(found[i]) for i in parts[0]):
                    score *= FIRST_CLAUSE
                if query.modal and row in self._modal:
                    score *= 1 + (MODAL - 1) * _modal_share(
                        matcher, self._modal[row], weights
                    )
                if (
                    entry.lang is not read_in
                    and read_in in self._variants[entry.rule_id]
                ):
                    score *= OTHER_LANG
                if entry.reference and not named & self._title_terms[row]:
                    score *= REFERENCE
                if entry.parts and self._parts_named(entry, asked) == 1:
                    score *= SUMMARY
                if cards and cards.isdisjoint(stats.tconcepts | stats.concepts):
                    score *= UNNAMED
                if score > best.get(entry.rule_id, float("-inf")):
                    best[entry.rule_id] = score
                    best_row[entry.rule_id] = row
                order.setdefault(entry.rule_id, row)
            self._rank_facets(best, best_row, units, bool(parts))
            ranked = sorted(best, key=lambda r: (-best[r], order[r]))[:limit]
            if ranked:
                floor = best[ranked[0]] * CUTOFF
                ranked = [r for r in ranked if best[r] >= floor]
            shown = [(_pick(self._variants[r], query.lang), best[r]) for r in ranked]
            langs = {
                r: tuple(sorted(self._variants[r], key=_LANGS.index)) for r in ranked
            }
        hits: list[Hit] = []
        for entry, score in shown:
            hits.append(
                Hit(
                    entry=entry,
                    score=score,
                    title=Marked(entry.title, matcher.marks(entry.title)),
                    snippet=matcher.snippet(entry.text, title=entry.title),
                    langs=langs[entry.rule_id],
                )
            )
        return hits

    def _clause_units(
        self,
        text: str,
        query: Query,
        units: Sequence[_Unit],
        table: str | None,
        game: str | None,
    ) -> list[list[int]]:
        """For a question of several clauses (:func:`.query.clauses`), each
        clause's units among ``units`` (their indices; not a game's name), in
        order; empty for a question of one clause, or when fewer than two
        clauses ask anything (see :data:`FIRST_CLAUSE`)."""
        pieces = clauses(text)
        if len(pieces) < 2:
            return []
        with self._lock:
            vocabulary = self._vocabulary_for(table)
        found: list[list[int]] = []
        asking: list[int] | None = None
        for number, piece in enumerate(pieces):
            own = _units(
                normalise_query(
                    piece, self.glossary, vocabulary, lang=query.lang, game=game
                ),
                self._cases,
            )
            inside = [
                i
                for i, unit in enumerate(units)
                if unit.weight > SCOPE_WEIGHT and any(_same(unit, o) for o in own)
            ]
            if inside and inside not in found:
                found.append(inside)
                if number and asking is None and _ASKING.match(piece):
                    asking = inside
        if asking is not None and len(found) > 1:
            found.remove(asking)
            found.insert(0, asking)
        if found and _only_players(units, found[0]):
            # 两人局 第一时代我3个市民...: a count of players said first is
            # the game's setting, not what is asked; the next clause is.
            found = found[1:]
        return found if len(found) > 1 else []

    def _rank_facets(
        self,
        best: dict[str, float],
        best_row: dict[str, int],
        units: Sequence[_Unit],
        several: bool = False,
    ) -> None:
        """Rank each facet found (:attr:`.Entry.facet_of`) against its parents.

        The rule: a facet answers only its case, so it outranks a parent only
        when the question says the case it adds to that parent: a thing asked
        (not a lone Chinese character nor a game's name) that the facet's
        words for its case (:attr:`.Entry.case`, else its title) say in one
        of its languages and that the parent says nowhere, in none of its
        languages (:func:`_says_case`). "What if I have 0 Citizens?" gets "No
        Citizens at an Era scoring" before "Population scoring" (at least
        :data:`FACET_ABOVE` of the parent's score, unless ``several``: a
        question of several clauses); "how is
        population scored?", which says nothing of the facet's that the
        general rule does not, gets the general rule, the facet at most
        :data:`FACET_BELOW` of its score; a question that says the case of
        no parent is not about the facet at all, which counts
        :data:`FACET_OFF` of its score. The case words are given, a few per
        language, rather than taken from the facet's text and keywords: those
        paraphrase the whole rule, and a stray word of them ("two players",
        "row") is no case asked. What a parent says is taken off them, so a
        facet of two rules is ranked against each on what it adds to it. A
        parent the search did not find is not ranked against. Scores change in ``best``
        (the caller holds the lock)."""
        for rule_id, row in best_row.items():
            entry = self._rows[row]
            if not entry.facet_of:
                continue
            own = [
                phrase
                for variant in self._variants[rule_id].values()
                for phrase in self._case_phrases[self._by_id[variant.id]]
            ]
            said_any = False
            for key in entry.facet_of:
                parent = f"{entry.game}.{key}"
                others = [
                    _said(units, self._stats[self._by_id[variant.id]])
                    for variant in self._variants.get(parent, {}).values()
                ]
                if _says_case(units, own, others):
                    said_any = True
                    if parent in best and not several:
                        best[rule_id] = max(best[rule_id], best[parent] * FACET_ABOVE)
                elif parent in best:
                    best[rule_id] = min(best[rule_id], best[parent] * FACET_BELOW)
            if not said_any:
                best[rule_id] *= FACET_OFF

    def _question_nouns(self, query: Query) -> dict[str, frozenset[str]]:
        """What each number of a question counts: the stems of the words
        beside it (:func:`_number_nouns`), with the glossary's other words for
        the terms they say ("5 cittadini": Citizens, population). Latin
        script only: a Chinese number counts with any noun."""
        nouns: dict[str, set[str]] = {}
        for number, noun in _number_nouns(query.text, list(tokens(query.text))):
            nouns.setdefault(number, set()).add(noun)
        found: dict[str, frozenset[str]] = {}
        for number, stems in nouns.items():
            concepts = [c for c, words in query.covers if not stems.isdisjoint(words)]
            forms, _ = self.glossary.forms(concepts)
            found[number] = frozenset(stems | forms)
        return found

    def _parts_named(self, entry: Entry, asked: frozenset[str]) -> int:
        """How many of a summary's parts (:attr:`.Entry.parts`) the question
        names: a glossary term it says that the part's title says in one of
        its languages and the summary's title in none (every part of the
        Era's scoring says the Era)."""
        return sum(1 for names in self._summaries[entry.rule_id] if names & asked)

    def _counted(self, query: Query) -> tuple[frozenset[str], tuple[str, ...]] | None:
        """The words, Latin stems and Chinese, of what a "how many" question
        counts (:attr:`.Query.counted`), or ``None``."""
        if not (query.counted or query.counted_cjk):
            return None
        concepts = [c for c in query.counted if c in query.concepts]
        stems, cjk = self.glossary.forms(concepts)
        firsts = {phrase[0] for phrase in self.glossary.phrases(concepts)}
        words = {w for w in query.counted if w not in query.concepts}
        return frozenset(stems | firsts | words), (*cjk, *query.counted_cjk)

    def _names(self, query: Query) -> tuple[frozenset[str], frozenset[str]]:
        """The question's terms that name a component: game terms in the
        titles of at most :data:`NAME_TITLES` rules (the Regia, the Palisade;
        not "civic", which a dozen Monument titles say), and terms of no one
        game that only reference entries' titles say (the Colosseum, a card
        of two games); and those of them that name cards (the latter, and
        game terms only reference entries' titles say)."""
        with self._lock:
            titled: dict[str, set[str]] = {c: set() for c in query.concepts}
            cards: dict[str, bool] = dict.fromkeys(query.concepts, True)
            for row, said in self._title_terms.items():
                for concept in said.intersection(titled):
                    titled[concept].add(self._rows[row].rule_id)
                    cards[concept] &= self._rows[row].reference
        named = frozenset(
            c
            for c, rules in titled.items()
            if rules
            and len(rules) <= NAME_TITLES
            and (self.glossary.term(c).game is not None or cards[c])
        )
        return named, frozenset(c for c in named if cards[c])

    def _idf(
        self,
        units: Sequence[_Unit],
        game: str | None,
        table: str | None,
        said: dict[int, list[tuple[float, float]]],
    ) -> list[float]:
        """Each unit's weight times its inverse document frequency among the
        rules of ``game`` (every game's when ``None``): a word most of that
        game's rules say tells little, whatever the other games say. What
        each row of that game says is kept in ``said`` (the caller holds the
        lock)."""
        rules: set[str] = set()
        scope: dict[int, Entry] = {}
        for row, entry in self._rows.items():
            if (
                entry.table in (None, table)
                and game in (None, entry.game)
                and not entry.facet_of
            ):
                rules.add(self._stats[row].rule)
                scope[row] = entry
        having: list[set[str]] = [set() for _ in units]
        for i, unit in enumerate(units):
            if unit.keys:
                rows: Iterable[int] = set().union(
                    *(self._postings.get(key, ()) for key in unit.keys)
                )
            else:
                rows = scope
            for row in rows:
                if row not in scope:
                    continue
                stats = self._stats[row]
                found = said.get(row)
                if found is None:
                    found = said[row] = _said(units, stats)
                if any(found[i]):
                    having[i].add(stats.rule)
        total = len(rules)
        return [
            unit.weight * math.log(1 + (total - len(found) + 0.5) / (len(found) + 0.5))
            for unit, found in zip(units, having, strict=True)
        ]

    def _score(
        self, row: int, said: Sequence[tuple[float, float]], weights: Sequence[float]
    ) -> float:
        """BM25F of a row for the question's units (``said``: how often it
        says each, in its title and text): title and text as fields of one
        document, each unit saturating on its own; times the share of the
        question the row says (:data:`COVERAGE`)."""
        stats = self._stats[row]
        count, title_total, body_total = self._lengths[self._rows[row].lang]
        title_norm = 1 - B + B * stats.title_len / max(1.0, title_total / count)
        body_norm = 1 - B + B * stats.body_len / max(1.0, body_total / count)
        score = share = 0.0
        for (in_title, in_body), weight in zip(said, weights, strict=True):
            tf = TITLE_WEIGHT * in_title / title_norm + in_body / body_norm
            if tf:
                score += weight * tf * (K1 + 1) / (K1 + tf)
                share += weight
        return score * (COVERAGE + share / max(sum(weights), 1e-9))

    def _modal_words(self) -> _Matcher:
        """The words that say something must, may or need not be done."""
        stems, cjk = self.glossary.forms(MODAL_TERMS)
        phrases = self.glossary.phrases(MODAL_TERMS)
        return _Matcher((_Sought(stems, "", cjk, 1.0, phrases),))

    def _game_rules(self, query: Query, limit: int) -> list[Hit]:
        """A question that only names a game: that game's rules in their
        order (its overview first), unranked."""
        with self._lock:
            rules = [
                rule_id
                for rule_id, variants in self._variants.items()
                if next(iter(variants.values())).game == query.game
                and not rule_id.startswith("house.")
            ][:limit]
            shown = [_pick(self._variants[r], query.lang) for r in rules]
            langs = {
                r: tuple(sorted(self._variants[r], key=_LANGS.index)) for r in rules
            }
        return [
            Hit(
                entry,
                0.0,
                Marked(entry.title),
                _snippet(entry.text, ()),
                langs[entry.rule_id],
            )
            for entry in shown
        ]

    def _matcher(self, units: Sequence[_Unit], weights: Sequence[float]) -> _Matcher:
        """The forms of each thing asked, as they are marked."""
        sought = []
        for unit, weight in zip(units, weights, strict=True):
            stems, cjk = self.glossary.forms(unit.concepts)
            phrases = self.glossary.phrases(unit.concepts)
            said = tuple(unit.terms)
            if len(unit.order) > 1:
                # the question's own words for a term of several words
                phrases, said = (*phrases, unit.order), ()
            needles = (*cjk, *unit.terms, unit.char) if not unit.prefix else ()
            sought.append(
                _Sought(
                    stems=stems | {w for w in said if not has_cjk(w)},
                    prefix=unit.prefix,
                    needles=tuple(n for n in dict.fromkeys(needles) if has_cjk(n)),
                    weight=weight,
                    phrases=phrases,
                )
            )
        return _Matcher(tuple(sought))

    def close(self) -> None:
        """Close the index's database."""
        with self._lock:
            self._db.close()


_LANGS = tuple(Lang)


@dataclass(frozen=True)
class _Stats:
    """What the ranking reads of one row: its terms and glossary terms in the
    title and in the text, its Chinese characters, and the fields' lengths."""

    rule: str
    """The rule the row counts as in the word statistics (:meth:`_idf`): its
    own, or a facet's first parent (:attr:`.Entry.facet_of`): a case of a rule
    written apart is still that rule, and the words it repeats are no rarer
    for it."""
    title: Counter[str]
    body: Counter[str]
    tconcepts: frozenset[str]
    concepts: frozenset[str]
    chars: Counter[str]
    title_len: int
    body_len: int
    numbered: frozenset[str] = frozenset()
    """Stems of the words right after a number ("6 Deeds": ``deed``)."""
    numbered_cjk: tuple[str, ...] = ()
    """The Chinese characters right after each number (and measure word)."""
    counted_cjk: tuple[str, ...] = ()
    """The Chinese characters right before each number that a measure word
    follows (百搭牌6张, 指令牌144张: the noun counted comes first)."""
    number_nouns: frozenset[tuple[str, str]] = frozenset()
    """Each number with the stems of the words beside it, as pairs ("6
    Deeds": ``("6", "deed")``; :func:`_number_nouns`)."""
    keys: frozenset[str] = frozenset()
    """Everything the row says, for a quick "not here": its terms, its
    concepts (after ``\\0``) and characters (after ``\\1``)."""

    def __post_init__(self) -> None:
        keys = {*self.title, *self.body}
        keys.update("\0" + c for c in (*self.tconcepts, *self.concepts))
        keys.update("\1" + ch for ch in self.chars)
        object.__setattr__(self, "keys", frozenset(keys))


@dataclass(frozen=True)
class _Unit:
    """One thing a question asks: a glossary term together with the words
    that said it, a word no term took, a word being typed, a Chinese pair or
    a lone character."""

    weight: float
    concepts: frozenset[str] = frozenset()
    terms: frozenset[str] = frozenset()
    prefix: str = ""
    char: str = ""
    order: tuple[str, ...] = ()
    """The question's words for a term, in their order."""
    noun: frozenset[str] = frozenset()
    """For a number, the stems of what it counts in the question ("5
    Citizens": a Citizen, in any of the glossary's words for it): a row that
    gives the number with none of them says it only in part
    (:data:`OTHER_NOUN`). Empty: a number with no word beside it in its
    clause."""
    among: int = 1
    """For a number (a player count too), how many numbers of the question
    share the weight of its case (:func:`_units`); 1 for anything else."""
    keys: frozenset[str] = frozenset()
    """What a row must say something of to say this (see :attr:`_Stats.keys`);
    empty for a word beginning."""

    def __post_init__(self) -> None:
        keys = {*self.terms, *("\0" + c for c in self.concepts)}
        if self.char:
            keys.add("\1" + self.char)
        object.__setattr__(self, "keys", frozenset(keys))

    def tf(self, stats: _Stats) -> tuple[float, float]:
        """How often the row says it: (in the title, in the text)."""
        title = body = 0.0
        if self.concepts:
            title = float(not self.concepts.isdisjoint(stats.tconcepts))
            body = float(not self.concepts.isdisjoint(stats.concepts))
        if self.noun:
            (number,) = self.terms
            share = (
                1.0
                if any((number, noun) in stats.number_nouns for noun in self.noun)
                else OTHER_NOUN
            )
            title = max(title, share * stats.title.get(number, 0))
            body = max(body, share * stats.body.get(number, 0))
        elif len(self.terms) == 1:
            (term,) = self.terms
            title = max(title, stats.title.get(term, 0))
            body = max(body, stats.body.get(term, 0))
        elif self.terms:
            # A term of several words is said where all of them are.
            title = max(title, min(stats.title.get(term, 0) for term in self.terms))
            body = max(body, min(stats.body.get(term, 0) for term in self.terms))
        if self.prefix:
            title = max(title, _starting(stats.title, self.prefix))
            body = max(body, _starting(stats.body, self.prefix))
        if self.char:
            body = max(body, stats.chars[self.char])
        return title, body


def _numbered(text: str, found: Sequence[Token]) -> frozenset[str]:
    """The stems of the meaningful words right after each number of a text
    (:data:`NUMBERED_AFTER` of them), within its clause: what "3." of a list
    or "worth 5. Silver is..." count is not what comes after the mark; and
    of the word before "×N" ("houses ×7")."""
    latin = [t for t in found if t.script is Script.LATIN]
    stems: set[str] = set()
    for i, token in enumerate(latin):
        if not (token.text.isdigit() or token.text in NUMBER_WORDS):
            continue
        clause = [
            later
            for later in latin[i + 1 : i + 6]
            if not _CLAUSE_MARK.search(text, token.end, later.start)
        ]
        if any(t.text in PLAYER_WORDS for t in clause[:2]):
            # "4 players", "2 to 4 players", "3 giocatori"
            stems.add(PLAYERS)
        after = [t.stem for t in clause if not is_stopword(t.text)]
        stems.update(after[:NUMBERED_AFTER])
        if i > 0 and text[: token.start].rstrip().endswith("×"):
            # "houses ×7": the count of the word before it
            stems.add(latin[i - 1].stem)
    return frozenset(stems)


def _number_nouns(text: str, found: Sequence[Token]) -> frozenset[tuple[str, str]]:
    """Each number of a text with the stems of the meaningful words right
    after it (:data:`NUMBERED_AFTER` of them, not another number) and of the
    one right before it, within its clause: "2 and 3 Silver" gives ``("2",
    "silver")`` and ``("3", "silver")``; "row 8" ``("8", "row")``; "Era 1, I
    have" ``("1", "era")`` and nothing after."""
    latin = [t for t in found if t.script is Script.LATIN]
    pairs: set[tuple[str, str]] = set()
    for i, token in enumerate(latin):
        number = token.stem
        if not number.isdigit():
            continue
        after: list[str] = []
        end = token.end
        for later in latin[i + 1 : i + 6]:
            if _CLAUSE_MARK.search(text, end, later.start):
                break
            end = later.end
            if is_stopword(later.text) or later.stem.isdigit():
                continue
            after.append(later.stem)
            if len(after) == NUMBERED_AFTER:
                break
        if i > 0:
            before = latin[i - 1]
            if (
                not _CLAUSE_MARK.search(text, before.end, token.start)
                and not is_stopword(before.text)
                and not before.stem.isdigit()
            ):
                after.append(before.stem)
        pairs.update((number, noun) for noun in after)
    return frozenset(pairs)


_CLAUSE_MARK = re.compile(r"[,.;:?!()，。；：？！]")
"""Punctuation that ends what a number counts."""


def _numbered_cjk(folded: str) -> tuple[str, ...]:
    """The Chinese characters right after each number (and its measure word)
    of a folded text (:func:`.fold`: read as questions are, 板块 as 版块)."""
    return tuple(
        folded[m.end() : m.end() + _NUMBERED_SPAN] for m in _ZH_NUMBER.finditer(folded)
    )


_ZH_COUNTED_NUMBER = re.compile(
    r"(?<![第0-9０-９二两三四五六七八九十])"
    r"(?:[0-9０-９]+|[二两三四五六七八九十]+)\s*[个张块枚座格名位份点种次件]"
)
"""A Chinese number with its measure word (6张): what precedes it may be the
noun it counts (百搭牌6张)."""


def _counted_before_cjk(folded: str) -> tuple[str, ...]:
    """The Chinese characters right before each number with a measure word
    (:data:`_ZH_COUNTED_NUMBER`) of a folded text, :data:`_NUMBERED_SPAN`
    at most."""
    return tuple(
        folded[max(0, m.start() - _NUMBERED_SPAN) : m.start()]
        for m in _ZH_COUNTED_NUMBER.finditer(folded)
    )


def _gives_number(stats: _Stats, stems: frozenset[str], cjk: tuple[str, ...]) -> bool:
    """Whether a row gives a number with one of these words (Chinese: the
    noun right after it, or after a word of :data:`NUMBERED_AFTER_CJK`
    characters that says its kind, or right before a number and its measure
    word: 百搭牌6张)."""
    return (
        not stats.numbered.isdisjoint(stems)
        or any(
            after.startswith(word, skip)
            for after in stats.numbered_cjk
            for word in cjk
            for skip in (0, NUMBERED_AFTER_CJK)
        )
        or any(before.endswith(word) for before in stats.counted_cjk for word in cjk)
    )


def _said(units: Sequence[_Unit], stats: _Stats) -> list[tuple[float, float]]:
    """How often a row says each unit: (in its title, in its text)."""
    return [
        (0.0, 0.0) if unit.keys and stats.keys.isdisjoint(unit.keys) else unit.tf(stats)
        for unit in units
    ]


def _says_case(
    units: Sequence[_Unit],
    phrases: Sequence[Sequence[_Unit]],
    parent: Sequence[Sequence[tuple[float, float]]],
) -> bool:
    """Whether a question (its ``units``) says a facet's case against one
    parent: it says all of one of the facet's ways of saying its case
    (``phrases``, each read as a question: "0 Citizens" is said by "0
    Citizens", not by "0 coins"), and one of the things it says so is one
    that no variant of the parent says (``parent``, see :func:`_said`). A
    phrase's lone characters and game names (:data:`CHAR_WEIGHT`,
    :data:`SCOPE_WEIGHT`) need not be said, nor all its Chinese pairs
    (:data:`PAIR_WEIGHT`) when it has words or terms: some straddle a term
    (换住 of 替换住宅). One of them must be, though: the pairs are what the
    phrase adds to its terms (人口减少 is population going down, 替换住宅 a
    Residential Building replaced), and a question that says only the terms
    ("盖了住宅以后人口轨怎么调": population after building a Residential
    Building) has not said the case. Nor does one of more than
    :data:`LISTED_NUMBERS` numbers (:attr:`_Unit.among`): the one player at
    0 of "me 8, ann 5, bo 3, cy 0" is part of the board asked about, not the
    case of no Citizens."""
    for phrase in phrases:
        needed = [u for u in phrase if u.weight > max(CHAR_WEIGHT, SCOPE_WEIGHT)]
        words = [u for u in needed if u.weight > PAIR_WEIGHT]
        pairs = [u for u in needed if u.weight <= PAIR_WEIGHT] if words else []
        needed = words or needed
        if not needed:
            continue
        if pairs and not any(_same(p, u) for p in pairs for u in units):
            continue
        matched: set[int] = set()
        for want in needed:
            found = {
                i
                for i, unit in enumerate(units)
                if _same(want, unit) and unit.among <= LISTED_NUMBERS
            }
            if not found:
                break
            matched |= found
        else:
            if any(not any(any(p[i]) for p in parent) for i in matched):
                return True
    return False


def _same(one: _Unit, other: _Unit) -> bool:
    """Whether two units say the same thing: a glossary term in common, or
    the same words, word beginning or character."""
    if one.concepts and other.concepts:
        return not one.concepts.isdisjoint(other.concepts)
    return bool(
        (one.terms and one.terms == other.terms)
        or (one.prefix and one.prefix == other.prefix)
        or (one.char and one.char == other.char)
    )


def _starting(terms: Counter[str], prefix: str) -> int:
    return sum(n for term, n in terms.items() if term.startswith(prefix))


def _units(
    query: Query,
    cases: frozenset[str] = CONDITION_TERMS,
    nouns: Mapping[str, frozenset[str]] | None = None,
) -> list[_Unit]:
    """The things a question asks, each once: a term and the words that said
    it are one unit; the other words, word beginnings, Chinese pairs and
    characters one each. A unit that says a case of a rule (a term of
    ``cases``, or a number) weighs :data:`CONDITION_WEIGHT`; the numbers of
    a question, its player count among them (:func:`_counts`), share that
    weight between them: together they say its one case (a board's state:
    "me 8, ann 5, bo 3", 三人局 我8个市民 小王3个), not a thing asked each,
    and an entry that lists numbers has most of them."""
    # Terms said by the same words ("houses": a house, a Residential
    # Building) are one thing asked, which either answers.
    by_words: dict[tuple[str, ...], list[str]] = {}
    for concept, words in query.covers:
        by_words.setdefault(words or (f"\0{concept}",), []).append(concept)
    said = {word for _, words in query.covers for word in words}
    counts = {
        words
        for words, concepts in by_words.items()
        if _counts(words, concepts) and not set(concepts) <= set(query.scope)
    }
    numbers = len(counts) + sum(1 for w in query.words if w.isdigit() and w not in said)
    units = [
        _Unit(
            SCOPE_WEIGHT
            if set(concepts) <= set(query.scope)
            else CONDITION_WEIGHT / numbers
            if words in counts
            else CONDITION_WEIGHT
            if not cases.isdisjoint(concepts)
            else 1.0,
            frozenset(concepts),
            frozenset(w for w in words if not w.startswith("\0")),
            order=tuple(w for w in words if not w.startswith("\0")),
            among=numbers if words in counts else 1,
        )
        for words, concepts in by_words.items()
    ]
    units += [
        # a number is the case asked about ("all 8 of my lot markers", "2
        # legionaries but one card"), not a word by the way
        _Unit(
            CONDITION_WEIGHT / numbers if w.isdigit() else WORD_WEIGHT,
            terms=frozenset([w]),
            noun=nouns.get(w, frozenset()) if nouns and w.isdigit() else frozenset(),
            among=numbers if w.isdigit() else 1,
        )
        for w in query.words
        if w not in said
    ]
    units += [_Unit(PAIR_WEIGHT, terms=frozenset([p])) for p in query.pairs]
    units += [_Unit(PREFIX_WEIGHT, prefix=p) for p in query.prefixes]
    units += [_Unit(CHAR_WEIGHT, char=c) for c in query.chars]
    return units


def _counts(words: tuple[str, ...], concepts: Sequence[str]) -> bool:
    """Whether a term of a question says a number: said with a digit ("2
    legionaries"), or a player count (the glossary's ``players-N``: 三人局,
    "three players")."""
    return any(w.isdigit() for w in words) or any(
        c.startswith(PLAYER_COUNT) for c in concepts
    )


def _pick(variants: dict[Lang, Entry], lang: Lang) -> Entry:
    """The variant in ``lang``, else English, else the first there is."""
    if lang in variants:
        return variants[lang]
    if Lang.EN in variants:
        return variants[Lang.EN]
    return next(iter(variants.values()))


def build_index(
    entries: Iterable[Entry],
    house_rules: Iterable[Entry] = (),
    *,
    glossary: Glossary | None = None,
) -> RulesIndex:
    """Index the package entries and the house rules.

    :param glossary: the terms that join the languages; without one a
        question finds only entries in its own words (``resources.open_index``
        passes the package's glossary).
    :raises InvalidEntryError: two entries share an id, or a house rule is in
        ``entries`` or an entry that is not one in ``house_rules``.
    """
    index = RulesIndex(list(entries), glossary or Glossary())
    index.replace_house_rules(house_rules)
    return index


__all__ = ["Hit", "Marked", "RulesIndex", "build_index"]
