"""The rules search: an SQLite FTS5 index of the entries, ranked by bm25.

The index is its own in-memory SQLite database, built from the entries (and
the house rules) when the app starts, so search works the same whether the
app keeps its tables in SQLite or PostgreSQL. Apart from ``sqlite3`` itself
there is no I/O here: the entries come in as values.

Each entry becomes one row of five columns, all written by :mod:`.text`
rather than by SQLite's tokenizer, so that entries and questions are read the
same way: ``title`` and ``body`` (stems and Chinese character pairs),
``tconcepts`` and ``concepts`` (the glossary terms the title and the text
name, a token each) and ``chars`` (its lone Chinese characters). A
question matches any of its terms (OR) and bm25 ranks, the title counting
most. Then, in Python: entries of the game asked about come first unless
another game's entry matches far better, reference entries (a Monument card,
a group of cards) give way to the rules, and the languages of one rule count
once, shown in the asker's language where the rule has it.
"""

from __future__ import annotations

import sqlite3
import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence
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
from .query import Query, normalise_query
from .text import Script, Token, cjk_pairs, fold, is_stopword, tokens
from .typos import Vocabulary

WEIGHTS: tuple[float, ...] = (4.0, 1.0, 4.0, 1.5, 0.3)
"""bm25 weights of the columns: title, body, title terms, text terms, lone
characters."""
OTHER_GAME: float = 0.4
"""Score factor of an entry of another game than the one asked about."""
OTHER_LANG: float = 0.85
"""Score factor of an entry in another language than the asker's, when its
rule has an entry in the asker's language (that one is shown)."""
CUTOFF: float = 0.2
"""Results scoring below this share of the best one are left out: they match
only a stray word of the question."""
REFERENCE: float = 0.75
"""Score factor of a reference entry (:attr:`.Entry.reference`) unless its
title says one of the question's game terms (a Monument's name): a question
about a rule in general prefers the rule to a card that mentions it."""
SNIPPET_LENGTH: int = 240
"""Characters of an entry's text a snippet shows at most (plus ellipses)."""
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
    """The part of the text with the most matched words (the whole text when
    it is short), with ``…`` where it was cut."""
    langs: tuple[Lang, ...]
    """Every language this rule is written in (the web may offer them)."""


def _terms(found: Iterable[Token]) -> list[str]:
    """The index terms of a text's tokens: stems of meaningful words, and
    Chinese character pairs."""
    terms: list[str] = []
    for token in found:
        if token.script is Script.CJK:
            if len(token.text) > 1:
                terms.extend(cjk_pairs(token.text))
        elif not is_stopword(token.text):
            terms.append(token.stem)
    return terms


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
class _Matcher:
    """What to mark in a shown entry for one question."""

    stems: frozenset[str]
    prefixes: tuple[str, ...]
    needles: tuple[str, ...]
    """Chinese strings to mark wherever they occur."""

    def marks(self, text: str) -> tuple[tuple[int, int], ...]:
        spans: list[tuple[int, int]] = []
        for token in tokens(text):
            if token.script is Script.LATIN:
                stem = token.stem
                if stem in self.stems or stem.startswith(self.prefixes or ("\0",)):
                    if not is_stopword(token.text):
                        spans.append((token.start, token.end))
                continue
            for needle in self.needles:
                at = token.text.find(needle)
                while at >= 0:
                    spans.append((token.start + at, token.start + at + len(needle)))
                    at = token.text.find(needle, at + 1)
        return _merge(text, spans)


def _snippet(text: str, marks: tuple[tuple[int, int], ...]) -> Marked:
    """The window of ``text`` with the most marks, cut at spaces."""
    if len(text) <= SNIPPET_LENGTH:
        return Marked(text, marks)
    best_start, best_count = 0, -1
    for start, _ in marks or ((0, 0),):
        begin = max(0, start - SNIPPET_LENGTH // 5)
        count = sum(1 for s, e in marks if s >= begin and e <= begin + SNIPPET_LENGTH)
        if count > best_count:
            best_start, best_count = begin, count
    begin = best_start
    if begin > 0:
        space = text.rfind(" ", 0, begin + 1)
        begin = space + 1 if space >= 0 and begin - space < 20 else begin
    end = min(len(text), begin + SNIPPET_LENGTH)
    if end < len(text):
        space = text.rfind(" ", begin, end)
        end = space if space > begin + SNIPPET_LENGTH // 2 else end
    head = ELLIPSIS if begin > 0 else ""
    tail = ELLIPSIS if end < len(text) else ""
    shift = len(head) - begin
    inside = tuple((s + shift, e + shift) for s, e in marks if s >= begin and e <= end)
    return Marked(head + text[begin:end].strip(" ") + tail, inside)


class RulesIndex:
    """The searchable rules: package entries and house rules.

    Built by :func:`build_index`. Safe to share between threads (one lock
    guards the database). House rules added at run time are searchable at once.

    A house rule of a table (:attr:`.Entry.table`) is found only by a search
    from that table, and its words correct typos only there; the ranking's
    word statistics (bm25) count every row, which changes scores a little but
    never what a search shows.
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
        self._title_terms: dict[int, frozenset[str]] = {}
        for entry in entries:
            self._insert(entry)
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
        title_concepts = self._concepts(in_title, entry.title)
        body_concepts = self._concepts(in_body, entry.text)
        self._title_terms[self._next_row] = frozenset(title_concepts)
        title_terms = _terms(in_title)
        body_terms = _terms(in_body)
        chars = [ch for t in found if t.script is Script.CJK for ch in t.text]
        row = self._next_row
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
        self._words[row] = frozenset(
            t for t in (*title_terms, *body_terms) if t.isascii()
        )

    def _concepts(self, found: list[Token], text: str) -> dict[str, int]:
        """The glossary terms a text says, and how many times."""
        terms = self.glossary.find(Words.of_tokens(found, fold(text)), gap=1)
        return {term: len(spans) for term, spans in terms.items()}

    def _make_vocabulary(self, table: str | None = None) -> Vocabulary:
        """The words a search from ``table`` knows: every entry's but the
        house rules of other tables."""
        words = [
            word
            for row, found in self._words.items()
            if self._rows[row].table in (None, table)
            for word in found
        ]
        return Vocabulary.of([*words, *self.glossary.latin_stems()])

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
        add = list(add)
        check_unique(add)
        for rule in add:
            if not rule.is_house_rule:
                raise InvalidEntryError(f"{rule.id!r} is not a house rule")
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
        rules = list(rules)
        check_unique(rules)
        for rule in rules:
            if not rule.is_house_rule:
                raise InvalidEntryError(f"{rule.id!r} is not a house rule")
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
        self._title_terms.pop(row, None)
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
        self, text: str, *, lang: Lang | None = None, table: str | None = None
    ) -> Query:
        """The question as the index reads it (for explaining a search);
        from ``table``, its house rules' words are known words too."""
        with self._lock:
            vocabulary = self._vocabulary_for(table)
        return normalise_query(text, self.glossary, vocabulary, lang=lang)

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
        query = self.query(text, lang=language, table=table)
        expression = query.fts()
        if expression is None:
            return self._game_rules(query, limit) if query.game else []
        prefer = query.game or game
        named = frozenset(c for c in query.concepts if self.glossary.term(c).game)
        with self._lock:
            rows = self._db.execute(
                "SELECT rowid, bm25(rules, ?, ?, ?, ?, ?) FROM rules "
                "WHERE rules MATCH ?",
                (*WEIGHTS, expression),
            ).fetchall()
            best: dict[str, float] = {}
            order: dict[str, int] = {}
            for row, rank in rows:
                entry = self._rows[row]
                if entry.table is not None and entry.table != table:
                    continue
                score = -float(rank)
                if prefer is not None and entry.game != prefer:
                    score *= OTHER_GAME
                if (
                    entry.lang is not query.lang
                    and query.lang in self._variants[entry.rule_id]
                ):
                    score *= OTHER_LANG
                if entry.reference and not named & self._title_terms[row]:
                    score *= REFERENCE
                if score > best.get(entry.rule_id, float("-inf")):
                    best[entry.rule_id] = score
                order.setdefault(entry.rule_id, row)
            ranked = sorted(best, key=lambda r: (-best[r], order[r]))[:limit]
            if ranked:
                floor = best[ranked[0]] * CUTOFF
                ranked = [r for r in ranked if best[r] >= floor]
            shown = [(_pick(self._variants[r], query.lang), best[r]) for r in ranked]
            langs = {
                r: tuple(sorted(self._variants[r], key=_LANGS.index)) for r in ranked
            }
        matcher = self._matcher(query)
        hits: list[Hit] = []
        for entry, score in shown:
            hits.append(
                Hit(
                    entry=entry,
                    score=score,
                    title=Marked(entry.title, matcher.marks(entry.title)),
                    snippet=_snippet(entry.text, matcher.marks(entry.text)),
                    langs=langs[entry.rule_id],
                )
            )
        return hits

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

    def _matcher(self, query: Query) -> _Matcher:
        stems, cjk = self.glossary.forms(query.concepts)
        return _Matcher(
            stems=frozenset(query.words) | stems,
            prefixes=query.prefixes,
            needles=tuple(dict.fromkeys((*query.pairs, *query.chars, *cjk))),
        )

    def close(self) -> None:
        """Close the index's database."""
        with self._lock:
            self._db.close()


_LANGS = tuple(Lang)


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
