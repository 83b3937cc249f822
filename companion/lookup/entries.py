"""Rules entries: what one entry is, and reading them from a data file's text.

An entry is one rule in our own words, in one language, with the rulebook
section it summarises. The package keeps them in ``data/<game>.toml``, one file
per game; house rules are entries that players write at run time.

Pure: standard library only, no I/O (``resources.py`` reads the files).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final, TypeVar

from ..engines import GAMES
from ..engines.base import Citation, Message, Node, TableFileError, msg
from ..engines.glory_terms import Lang

RULEBOOKS: Final = ("000", "001", "002", "003", "004")
"""The rulebooks in ../shared/rulebooks an entry may cite."""
GAME_DATA: Final = "game-data.md"
"""Cited as the "rulebook" where no rulebook states a fact and
../shared/game-data.md does (Glory to Rome card texts, the building catalogue)."""
GAME_SLUGS: Final = tuple(game.slug for game in GAMES)

KEY_RE: Final = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*\Z")
"""An entry key: lowercase words joined by hyphens (``merchant-bonus``)."""


def not_a_key(key: str) -> Message:
    """The problem of a data file key that is not lowercase words joined by '-'."""
    return msg("{key} is not lowercase words joined by '-'", key=repr(key))


HOUSE_KEY_RE: Final = re.compile(r"^[A-Za-z0-9_-]{1,64}\Z")
TITLE_MAX: Final = 100
TEXT_MAX: Final = 2000
KEYWORDS_MAX: Final = 500


T = TypeVar("T")


class RulesDataError(ValueError):
    """Rules data that cannot be used: a bad data file, entry or glossary."""


class InvalidEntryError(RulesDataError):
    """An entry (or a house rule) that breaks the entry format; the message
    names the file and the path of the value, e.g. ``all-roads.toml: rule[3].key``."""


class UnknownEntryError(KeyError):
    """No entry has this id."""


@dataclass(frozen=True)
class Entry:
    """One rule in one language.

    Package entries are identified by game, key and language; the same key in
    another language is the same rule translated (see :attr:`rule_id`).
    """

    game: str
    """The game's slug (``companion.engines.GAMES``)."""
    key: str
    """Stable within the game: the rule's name in the data file."""
    lang: Lang
    title: str
    text: str
    sources: tuple[Citation, ...]
    """The rulebook sections this entry summarises, the main one first; empty
    for a house rule."""
    is_house_rule: bool = False
    reference: bool = False
    """A component's text (a Monument card, a group of Glory to Rome cards, the
    box contents) rather than a rule of play: general questions rank it a
    little lower; a question that names the component still finds it first."""
    keywords: str = ""
    """Words players ask this rule with that its title and text do not say
    ("how many road boards", "pareggio", 平局): searched like its text, never
    shown. Empty for a house rule."""
    facet_of: tuple[str, ...] = ()
    """The keys of the general rules (of the same game) that this entry is a
    *facet* of: one case of each ("No Citizens at an Era scoring" of
    "Population scoring"; "A tie on a Road Board without Milestone slots" of
    "Ties in influence" and of "Road Boards without Milestone slots"). The
    search ranks a facet below a parent unless the question says the case
    (see :meth:`.RulesIndex._rank_facets`). Empty for a general rule and for
    a house rule."""
    parts: tuple[str, ...] = ()
    """The keys of the rules (of the same game) that this entry sums up, each
    written in full in its own entry ("Era scoring in order": population,
    Civic and Commercial scoring). A question about one of them is answered
    by that one's entry rather than the summary (see :data:`.index.SUMMARY`).
    Empty for most entries."""
    case: str = ""
    """A facet's words for its case (:attr:`facet_of`), a few ways of saying
    it ("tie; tied; same score"): what a question says when it asks about
    the case rather than the general rule. Searched for nothing else, never
    shown. Empty for an entry that is no facet."""
    table: str | None = None
    """The table a house rule belongs to: only a search from that table finds
    it. ``None`` for the package's entries, and for a house rule of no table
    (the command line's), which every search finds."""

    @property
    def id(self) -> str:
        """Stable id for links: ``glory-to-rome.merchant-bonus.it``, or
        ``house.<key>`` for a house rule."""
        if self.is_house_rule:
            return f"house.{self.key}"
        return f"{self.game}.{self.key}.{self.lang.value}"

    @property
    def rule_id(self) -> str:
        """The rule whatever the language: ``glory-to-rome.merchant-bonus``."""
        if self.is_house_rule:
            return f"house.{self.key}"
        return f"{self.game}.{self.key}"

    @property
    def source(self) -> Citation | None:
        """The sources as one citation (the main section, the others in
        ``also``), as the engines cite; ``None`` for a house rule."""
        if not self.sources:
            return None
        first, *rest = self.sources
        return Citation(first.rulebook, first.section, first.page, also=tuple(rest))

    @property
    def source_text(self) -> str:
        """Every source in words (English), as the ``companion rules`` command
        prints it: ``rulebook 003, Mercante, p. 8; rulebook 004, 5、出售建材``."""
        source = self.source
        return "house rule" if source is None else str(source)


def _read_sources(node: Node) -> tuple[Citation, ...]:
    sources: list[Citation] = []
    for item in node.list(min_len=1):
        fields = item.object(required=("rulebook", "section"), optional=("page",))
        rulebook = fields["rulebook"].choice((*RULEBOOKS, GAME_DATA))
        section = fields["section"].str(min_len=1, max_len=200).strip()
        if not section:
            raise fields["section"].fail(msg("must not be blank"))
        page = fields["page"].int(min=1, max=99) if "page" in fields else None
        sources.append(Citation(rulebook, section, page))
    return tuple(sources)


_WIDE = re.compile(r"[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]")
"""Chinese characters and full-width punctuation: no space between lines."""


def join_lines(text: str) -> str:
    """Text written over several lines as one paragraph: runs of spaces become
    one space, and a line break becomes a space, or nothing where it falls
    between Chinese characters (Chinese has no spaces)."""
    joined = ""
    for line in text.splitlines():
        line = " ".join(line.split())
        if not line:
            continue
        if joined and not (_WIDE.match(joined[-1]) or _WIDE.match(line[0])):
            joined += " "
        joined += line
    return joined


def _read_text(node: Node, *, max_len: int) -> str:
    text = join_lines(node.str(min_len=1, max_len=max_len))
    if not text:
        raise node.fail(msg("must not be blank"))
    return text


def load_entries(text: str, *, name: str = "<rules>") -> list[Entry]:
    """Read the entries of one game's data file (TOML text).

    The file names its ``game`` and lists ``[[rule]]`` tables, each with a
    ``key``, its ``sources`` and an ``en`` title and text (``it``, ``zh`` and
    ``reference``, ``facet_of`` and ``parts`` optional; each language may add
    ``keywords``, see :attr:`Entry.keywords`, and a facet ``case``, see
    :attr:`Entry.case`). ``facet_of`` names another
    rule of the file, or lists several, none itself a facet
    (:attr:`Entry.facet_of`); ``parts`` lists other rules of the file
    (:attr:`Entry.parts`). A text may be written over several lines (see
    :func:`join_lines`).

    :param name: the file's name, for messages.
    :raises InvalidEntryError: the text is not TOML, or a value breaks the
        format; the message names the file and the path.
    """
    return read_toml(text, _read_entries, name=name, error=InvalidEntryError)


def read_toml(
    text: str,
    read: Callable[[Node], T],
    *,
    name: str,
    error: type[RulesDataError],
) -> T:
    """Read a rules data file: TOML ``text``, then its values with ``read``.

    :raises RulesDataError: (of the type ``error``) not TOML, or a value that
        breaks the format; each line names the file and the path.
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise error(f"{name}: not valid TOML: {exc}") from None
    try:
        return read(Node(data))
    except TableFileError as exc:
        raise error(
            "\n".join(f"{name}: {problem}" for problem in exc.problems)
        ) from None


def _read_entries(root: Node) -> list[Entry]:
    fields = root.object(required=("game", "rule"))
    game = fields["game"].choice(GAME_SLUGS)
    entries: list[Entry] = []
    seen: set[str] = set()
    parents: dict[str, tuple[tuple[str, ...], Node]] = {}
    summed: dict[str, tuple[tuple[str, ...], Node]] = {}
    for item in fields["rule"].list(min_len=1):
        rule = item.object(
            required=("key", "sources", "en"),
            optional=("reference", "facet_of", "parts", "it", "zh"),
        )
        key = rule["key"].str()
        if not KEY_RE.match(key):
            raise rule["key"].fail(not_a_key(key))
        if key in seen:
            raise rule["key"].fail(msg("the key {key} is used twice", key=repr(key)))
        seen.add(key)
        sources = _read_sources(rule["sources"])
        reference = rule["reference"].bool() if "reference" in rule else False
        facet_of = _read_keys(rule["facet_of"]) if "facet_of" in rule else ()
        if facet_of:
            parents[key] = (facet_of, rule["facet_of"])
        parts = _read_keys(rule["parts"]) if "parts" in rule else ()
        if parts:
            summed[key] = (parts, rule["parts"])
        for lang in Lang:
            if lang.value not in rule:
                continue
            words = rule[lang.value].object(
                required=("title", "text"), optional=("keywords", "case")
            )
            if "case" in words and not facet_of:
                raise words["case"].fail(msg("is for a facet (facet_of) only"))
            entries.append(
                Entry(
                    game=game,
                    key=key,
                    lang=lang,
                    title=_read_text(words["title"], max_len=TITLE_MAX),
                    text=_read_text(words["text"], max_len=TEXT_MAX),
                    keywords=(
                        _read_text(words["keywords"], max_len=KEYWORDS_MAX)
                        if "keywords" in words
                        else ""
                    ),
                    sources=sources,
                    reference=reference,
                    facet_of=facet_of,
                    parts=parts,
                    case=(
                        _read_text(words["case"], max_len=KEYWORDS_MAX)
                        if "case" in words
                        else ""
                    ),
                )
            )
    _check_others(parents, seen)
    _check_others(summed, seen)
    for facet_of, node in parents.values():
        for parent in facet_of:
            if parent in parents:
                raise node.fail(
                    msg("{parent} is itself a facet of a rule", parent=repr(parent))
                )
    return entries


def _check_others(
    named: dict[str, tuple[tuple[str, ...], Node]], seen: set[str]
) -> None:
    """Each rule's keys of others (``facet_of``, ``parts``) name other rules
    of the file."""
    for key, (others, node) in named.items():
        for other in others:
            if other == key or other not in seen:
                raise node.fail(
                    msg(
                        "{parent} is not another rule of this file",
                        parent=repr(other),
                    )
                )


def _read_keys(node: Node) -> tuple[str, ...]:
    """One rule key, or a list of them (``facet_of``, ``parts``)."""
    items = node.list(min_len=1) if isinstance(node.value, list) else [node]
    keys: list[str] = []
    for item in items:
        key = item.str()
        if not KEY_RE.match(key):
            raise item.fail(not_a_key(key))
        if key not in keys:
            keys.append(key)
    return tuple(keys)


def _paragraphs(text: str) -> str:
    """A player's text with its line breaks kept: spaces tidied in each line,
    at most one empty line in a row, none at the ends."""
    lines = [" ".join(line.split()) for line in text.splitlines()]
    kept: list[str] = []
    for line in lines:
        if line or (kept and kept[-1]):
            kept.append(line)
    return "\n".join(kept).strip("\n")


def house_rule(
    key: str,
    *,
    game: str,
    title: str,
    text: str,
    lang: Lang | str = Lang.EN,
    table: str | None = None,
) -> Entry:
    """A house rule as an entry, checked like the package's own (its line
    breaks are kept: players may write lists).

    :param key: the house rule's id in its store (letters, digits, ``-``, ``_``).
    :param table: the table it belongs to (:attr:`Entry.table`).
    :raises InvalidEntryError: an unknown game or language, a bad key, or a
        blank or too long title or text.
    """
    if not HOUSE_KEY_RE.match(key):
        raise InvalidEntryError(f"house rule key {key!r} is not a short id")
    if game not in GAME_SLUGS:
        raise InvalidEntryError(f"unknown game {game!r}")
    try:
        language = Lang(lang)
    except ValueError:
        raise InvalidEntryError(f"unknown language {lang!r}") from None
    try:
        clean_title = _read_text(Node(title, "title"), max_len=TITLE_MAX)
        Node(text, "text").str(min_len=1, max_len=TEXT_MAX)
    except TableFileError as exc:
        raise InvalidEntryError(str(exc)) from None
    clean_text = _paragraphs(text)
    if not clean_text:
        raise InvalidEntryError("text: must not be blank")
    return Entry(
        game=game,
        key=key,
        lang=language,
        title=clean_title,
        text=clean_text,
        sources=(),
        is_house_rule=True,
        table=table,
    )


_PAGE_RE = re.compile(r"\b(?:p|pp|pag|page)\.?\s*(\d+)", re.IGNORECASE)
_PAREN_RE = re.compile(r"\([^)]*\)")
_BOOK_RE = re.compile(r"^\s*(\d{3})\b\s*(?:\([^)]*\))?\s*,?\s*(.*)$", re.DOTALL)


def parse_citations(text: str) -> tuple[Citation, ...]:
    """The rulebook citations in a source written as text, as some engines
    give them: ``"003, Mercante, p.8; 004, 5、出售建材"`` or
    ``"002 (All Roads), II.1 Build Houses"``.

    Parts that name no rulebook (``game-data.md 3.4``) are left out; a part's
    first page is kept, parentheses are dropped.
    """
    found: list[Citation] = []
    for part in text.split(";"):
        match = _BOOK_RE.match(part)
        if not match:
            continue
        rest = match.group(2)
        page_match = _PAGE_RE.search(rest)
        page = int(page_match.group(1)) if page_match else None
        section = _PAREN_RE.sub(" ", _PAGE_RE.sub(" ", rest))
        section = " ".join(section.replace(",", " ").split())
        found.append(Citation(match.group(1), section, page))
    return tuple(found)


def section_key(section: str) -> str:
    """A section name reduced for comparison: case, spaces and punctuation
    do not matter (``"II.1 Build Houses"`` is ``"ii1buildhouses"``)."""
    return "".join(ch for ch in section.casefold() if ch.isalnum())


_NUMBERING_RE = re.compile(r"^\s*(?:[IVX]+\.)?[\d.\-–、]*\s*")
_NUMBER_RE = re.compile(r"^\s*(\d+(?:\.\d+)*)")


def section_name(section: str) -> str:
    """:func:`section_key` of the section without its numbering:
    ``"II.1 Build Houses"`` and ``"1. Build Houses"`` give ``"buildhouses"``,
    ``"3.3-3.4 完成建筑"`` gives ``"完成建筑"``."""
    return section_key(_NUMBERING_RE.sub("", section, count=1))


def section_number(section: str) -> str:
    """The leading number of a section as a key: ``"3.2-3.3"`` gives ``"32"``;
    ``""`` when it has none."""
    match = _NUMBER_RE.match(section)
    return section_key(match.group(1)) if match else ""


def check_unique(entries: Sequence[Entry]) -> None:
    """Refuse two entries with one id (the same key twice in a game).

    :raises InvalidEntryError: naming the id.
    """
    seen: set[str] = set()
    for entry in entries:
        if entry.id in seen:
            raise InvalidEntryError(f"two entries have the id {entry.id!r}")
        seen.add(entry.id)


__all__ = [
    "GAME_DATA",
    "RULEBOOKS",
    "Entry",
    "InvalidEntryError",
    "RulesDataError",
    "UnknownEntryError",
    "check_unique",
    "house_rule",
    "join_lines",
    "load_entries",
    "parse_citations",
    "section_key",
    "section_name",
    "section_number",
]
