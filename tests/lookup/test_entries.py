"""Rules entries and the glossary: the data files, their checks, and the rules
behind them (real rulebook sections, our own words, every engine citation and
every monument card covered)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import re
import subprocess
import sys
from pathlib import Path

import pytest

import companion.engines
import companion.lookup
from companion.engines.base import Citation
from companion.engines.glory_terms import TERMS, Lang
from companion.lookup import (
    Entry,
    GlossaryError,
    InvalidEntryError,
    build_index,
    house_rule,
    load_entries,
    load_glossary,
    load_rules,
    package_index,
    parse_citations,
)
from companion.lookup import text as lookup_text
from companion.lookup.entries import join_lines, section_name, section_number
from companion.lookup.text import fold, has_cjk, tokens

from ..conftest import require_shared
from ..helpers import absolute_imports

ENTRIES = load_rules().entries
GLOSSARY = load_rules().glossary
LOOKUP = Path(companion.lookup.__file__).parent

MONUMENT_SLUGS = (
    "forum-romanum imperial-harbor temple-of-apollo temple-of-jupiter the-pantheon "
    "tower-of-wonders lighthouse regia temple-of-mars triumphal-arch "
    "temple-of-minerva watchtower temple-of-vulcan royal-winery statue-of-romulus "
    "temple-of-neptune temple-of-venus circus-maximus the-colosseum"
).split()
"""Rulebook 000's alternate Monuments, as the spec names them ("The command")."""

GOOD = """
game = "all-roads"

[[rule]]
key = "a-rule"
sources = [{ rulebook = "002", section = "Setup" }]
en.title = "A title"
en.text = "Some text."
"""


def by_rule(game: str) -> dict[str, set[Lang]]:
    rules: dict[str, set[Lang]] = {}
    for entry in ENTRIES:
        if entry.game == game:
            rules.setdefault(entry.key, set()).add(entry.lang)
    return rules


# -- the package's data --------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "min_rules", "min_translated"),
    [
        ("foundations-of-rome", 50, 20),  # base game, Roads of Fortune, 19 Monuments
        ("all-roads", 18, 12),
        ("glory-to-rome", 30, 30),  # every Glory to Rome rule in it and zh
    ],
)
def test_every_game_has_english_and_translated_entries(
    game: str, min_rules: int, min_translated: int
) -> None:
    rules = by_rule(game)
    assert len(rules) >= min_rules
    assert all(Lang.EN in langs for langs in rules.values())
    for lang in (Lang.IT, Lang.ZH):
        assert sum(lang in langs for langs in rules.values()) >= min_translated


def test_glory_to_rome_is_complete_in_italian_and_chinese() -> None:
    missing = {k: v for k, v in by_rule("glory-to-rome").items() if len(v) != 3}
    assert missing == {}


def test_ids_are_unique_and_stable() -> None:
    ids = [entry.id for entry in ENTRIES]
    assert len(ids) == len(set(ids))
    for entry in ENTRIES:
        assert entry.id == f"{entry.game}.{entry.key}.{entry.lang.value}"
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", entry.key)
        assert package_index().entry(entry.id) == entry


def test_entries_are_in_their_language() -> None:
    for entry in ENTRIES:
        chinese = has_cjk(entry.title + entry.text)
        assert chinese == (entry.lang is Lang.ZH), entry.id
        if entry.lang is Lang.ZH:
            # lines joined without spaces between Chinese characters
            assert not re.search(r"[\u4e00-\u9fff] [\u4e00-\u9fff]", entry.text)


@pytest.mark.parametrize("slug", MONUMENT_SLUGS)
def test_every_alternate_monument_has_an_entry(slug: str) -> None:
    entry = package_index().entry(f"foundations-of-rome.monument-{slug}.en")
    assert entry.source is not None and entry.source.rulebook == "000"
    assert "Footer" in entry.text or "footer" in entry.text


def _engine_citations() -> list[tuple[str, Citation]]:
    found: list[tuple[str, Citation]] = []
    for info in pkgutil.walk_packages(
        companion.engines.__path__, prefix="companion.engines."
    ):
        module = importlib.import_module(info.name)
        short = info.name.removeprefix("companion.engines.")
        for name, value in vars(module).items():
            if isinstance(value, Citation):
                for place in (value, *value.also):
                    found.append((f"{short}.{name}", place))
    return found


@pytest.mark.parametrize(
    ("name", "citation"), _engine_citations(), ids=lambda v: str(v)[:60]
)
def test_every_engine_citation_leads_to_an_entry(name: str, citation: Citation) -> None:
    entry = package_index().entry_for_citation(citation)
    assert entry is not None, f"{name} cites {citation} and no entry summarises it"
    assert entry.lang is Lang.EN


def _rulebook_text(book: str) -> str:
    shared = require_shared()
    if book == "game-data.md":
        return (shared / "game-data.md").read_text(encoding="utf-8")
    (path,) = (shared / "rulebooks").glob(f"{book}_*.txt")
    return path.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "entry", [e for e in ENTRIES if e.lang is Lang.EN], ids=lambda e: e.id
)
def test_sources_name_real_sections(entry: Entry) -> None:
    """Each part of a cited section (``Heading - Item``) is in that rulebook,
    and a cited page is one the rulebook gives (003 has page references)."""
    for source in entry.sources:
        book = fold(_rulebook_text(source.rulebook))
        if source.rulebook == "003":
            assert source.page is not None, f"{entry.id}: 003 gives pages"
            assert re.search(rf"\bp(?:ag)?\.\s*{source.page}\b", book)
            continue
        name = re.sub(r"\s*\[U\]$", "", source.section)
        for part in name.split(" - "):
            # numbering as the engines write it ("II.1") may differ from the book's
            part = re.sub(r"^(?:[IVX]+\.)?[\d.]+\s+", "", part)
            assert fold(part) in book, f"{entry.id}: {part!r} not in {source.rulebook}"


def _ngrams(text: str, n: int) -> set[tuple[str, ...]]:
    words = [t.text for t in tokens(text) if not has_cjk(t.text)]
    return {tuple(words[i : i + n]) for i in range(len(words) - n + 1)}


def _cjk_ngrams(text: str, n: int) -> set[str]:
    chars = "".join(ch for ch in text if has_cjk(ch))
    return {chars[i : i + n] for i in range(len(chars) - n + 1)}


def test_entries_are_written_in_our_own_words() -> None:
    """Facts carry over, sentences do not: no entry repeats 8 words in a row of
    a rulebook, or 12 Chinese characters in a row of rulebook 004."""
    books = {b: _rulebook_text(b) for b in ("000", "001", "002", "003", "004")}
    latin = set().union(*(_ngrams(t, 8) for t in books.values()))
    chinese = _cjk_ngrams(books["004"], 12)
    copied = []
    for entry in ENTRIES:
        text = f"{entry.title}. {entry.text}"
        copied += [(entry.id, " ".join(g)) for g in _ngrams(text, 8) & latin]
        copied += [(entry.id, g) for g in _cjk_ngrams(text, 12) & chinese]
    assert copied == []


def test_glossary_joins_the_glory_to_rome_terms_of_the_engine() -> None:
    """Every term of ``glory_terms`` (the engine's en/it/zh names) is one
    glossary term in all three languages, so searches and screens agree."""
    for key, term in TERMS.items():
        wanted = {lang: fold(term.in_lang(lang)) for lang in Lang}
        holders = [
            t
            for t in GLOSSARY.terms
            if all(
                # a single Chinese character is too loose to list: skipped
                (len(word) == 1 and has_cjk(word))
                or word in {fold(w) for w in t.words.get(lang, ())}
                for lang, word in wanted.items()
            )
        ]
        assert holders, f"no glossary term has {key}: {wanted}"


# -- reading data files --------------------------------------------------------


def test_a_good_file_loads() -> None:
    (entry,) = load_entries(GOOD, name="x.toml")
    assert (entry.id, entry.title, entry.source) == (
        "all-roads.a-rule.en",
        "A title",
        Citation("002", "Setup"),
    )


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("= 1", "= 1"), None),  # control row: GOOD itself loads
        (('game = "all-roads"', 'game = "chess"'), "x.toml: game: 'chess' is not one"),
        (
            ('key = "a-rule"', 'key = "A rule"'),
            "rule[0].key: 'A rule' is not lowercase",
        ),
        (('rulebook = "002"', 'rulebook = "007"'), "rule[0].sources[0].rulebook"),
        (('section = "Setup"', 'section = "  "'), "sources[0].section: must not be"),
        (('section = "Setup"', 'section = "Setup", page = 0'), "page: 0 is below"),
        (('en.text = "Some text."', 'en.text = "   "'), "rule[0].en.text: must not be"),
        (('en.title = "A title"', 'en.tilte = "A title"'), "rule[0].en.tilte: unknown"),
        (('en.title = "A title"\n', ""), "rule[0].en.title: is required"),
        (
            ('en.text = "Some text."', 'fr.text = "Du texte."'),
            "rule[0].fr: unknown key",
        ),
        (("[[rule]]", "[rule]"), "rule: expected a list"),
        (('key = "a-rule"', 'key = "a-rule'), "not valid TOML"),
        (
            ('sources = [{ rulebook = "002", section = "Setup" }]', "sources = []"),
            "sources: expected at least 1 items",
        ),
    ],
)
def test_bad_files_are_refused_with_the_place(
    change: tuple[str, str], message: str | None
) -> None:
    text = GOOD.replace(*change)
    if message is None:
        assert load_entries(text)
        return
    with pytest.raises(InvalidEntryError, match=re.escape(message)):
        load_entries(text, name="x.toml")


def test_a_key_used_twice_is_refused() -> None:
    rule = GOOD[GOOD.index("[[rule]]") :]
    with pytest.raises(InvalidEntryError, match="rule\\[1\\].key: the key 'a-rule'"):
        load_entries(GOOD + rule)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[[term]]\nid = "x"\nen = ["alpha"]\nit = ["beta"]', None),  # control row
        ('[[term]]\nid = "x"\nen = ["alpha"]', "term[0]: a term needs words in at"),
        ('[[term]]\nid = "X y"\nen = ["alpha"]\nit = ["beta"]', "term[0].id: 'X y'"),
        ('[[term]]\nid = "x"\nen = ["of the"]\nit = ["beta"]', "has only little words"),
        ('[[term]]\nid = "x"\nen = []\nit = ["beta"]', "term[0].en: expected at least"),
        ('[[term]]\nid = "x"\nde = ["alpha"]\nit = ["beta"]', "term[0].de: unknown"),
        (
            '[[game]]\nslug = "go"\nnames = ["Go"]\n[[term]]\nid = "x"\nen = ["alpha"]'
            '\nit = ["beta"]',
            "game[0].slug: 'go' is not one of",
        ),
        ("term = [", "not valid TOML"),
    ],
)
def test_bad_glossaries_are_refused(text: str, message: str | None) -> None:
    if message is None:
        assert load_glossary(text).term("x").words[Lang.IT] == ("beta",)
        return
    with pytest.raises(GlossaryError, match=re.escape(message)):
        load_glossary(text)


def test_a_term_listed_twice_is_refused() -> None:
    term = '[[term]]\nid = "x"\nen = ["alpha"]\nit = ["beta"]\n'
    with pytest.raises(GlossaryError, match="the term 'x' is listed twice"):
        load_glossary(term + term)


@pytest.mark.parametrize(
    ("written", "joined"),
    [
        ("one\n  two ", "one two"),
        ("金库的\n上限", "金库的上限"),  # no space inside Chinese
        ("见 Roads of Fortune\n时", "见 Roads of Fortune时"),
        ("影响力。\nInsula", "影响力。Insula"),  # full-width stop, then Latin
        ("a\n\n\nb", "a b"),
    ],
)
def test_lines_of_an_entry_are_joined(written: str, joined: str) -> None:
    assert join_lines(written) == joined


# -- house rules ---------------------------------------------------------------


def test_a_house_rule_keeps_its_lines() -> None:
    rule = house_rule(
        "42", game="all-roads", title=" Our  rule ", text=" a \r\n\r\n\r\n b  c \n"
    )
    assert (rule.id, rule.rule_id, rule.title, rule.text) == (
        "house.42",
        "house.42",
        "Our rule",
        "a\n\nb c",
    )
    assert rule.is_house_rule and rule.source is None
    assert rule.source_text == "house rule"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"key": "a b"}, "house rule key 'a b' is not a short id"),
        ({"key": "x" * 65}, "is not a short id"),
        ({"game": "chess"}, "unknown game 'chess'"),
        ({"lang": "fr"}, "unknown language 'fr'"),
        ({"title": " "}, "title: must not be blank"),
        ({"title": "t" * 101}, "title: is 101 characters long"),
        ({"text": "\n \n"}, "text: must not be blank"),
        ({"text": "x" * 2001}, "text: is 2001 characters long"),
    ],
)
def test_bad_house_rules_are_refused(kwargs: dict[str, str], message: str) -> None:
    fields = {"key": "1", "game": "glory-to-rome", "title": "T", "text": "X"} | kwargs
    key = fields.pop("key")
    with pytest.raises(InvalidEntryError, match=re.escape(message)):
        house_rule(key, **fields)


# -- citations written as text -------------------------------------------------


@pytest.mark.parametrize(
    ("text", "citations"),
    [
        (
            "003, Mercante, p.8; 004, 5、出售建材",
            (Citation("003", "Mercante", 8), Citation("004", "5、出售建材")),
        ),
        ("002 (All Roads), II.1 Build Houses", (Citation("002", "II.1 Build Houses"),)),
        (
            "003, Fine partita e punteggio, p.9 (parità)",
            (Citation("003", "Fine partita e punteggio", 9),),
        ),
        ("game-data.md 3.4 (004 breaks off)", ()),  # no rulebook named
        ("", ()),
    ],
)
def test_citations_written_as_text(text: str, citations: tuple[Citation, ...]) -> None:
    assert parse_citations(text) == citations


@pytest.mark.parametrize(
    ("section", "name", "number"),
    [
        ("II.1 Build Houses", "buildhouses", ""),
        ("3.3-3.4 完成建筑", "完成建筑", "33"),
        ("5、出售建材", "出售建材", "5"),
        ("Action 3: Construct a Building", "action3constructabuilding", ""),
        ("3.2-3.3", "", "32"),
    ],
)
def test_section_names_without_numbering(section: str, name: str, number: str) -> None:
    assert (section_name(section), section_number(section)) == (name, number)


# -- purity --------------------------------------------------------------------


def test_the_text_functions_do_what_their_examples_say() -> None:
    failed, tried = doctest.testmod(lookup_text, verbose=False)
    assert tried >= 3 and failed == 0


def test_importing_the_lookup_loads_no_framework() -> None:
    forbidden = ("flask", "wtforms", "weasyprint", "sqlalchemy", "jinja2")
    code = (
        "import sys, companion.lookup\n"
        f"print(','.join(m for m in {forbidden!r} if m in sys.modules))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == ""


@pytest.mark.parametrize("path", sorted(LOOKUP.glob("*.py")), ids=lambda p: p.name)
def test_lookup_modules_import_only_the_standard_library(path: Path) -> None:
    """Pure modules use the standard library only, and the Snowball stemmers
    (``snowballstemmer``: pure Python, no I/O; issue 30); ``index.py`` alone
    opens SQLite and ``resources.py`` alone reads the package's files."""
    allowed = set(sys.stdlib_module_names) | {"__future__", "snowballstemmer"}
    source = path.read_text(encoding="utf-8")
    imported: set[str] = set()
    for name in absolute_imports(source):
        assert name.split(".")[0] in allowed, f"{path.name} imports {name}"
        imported.add(name.split(".")[0])
    if path.name != "index.py":
        assert "sqlite3" not in imported
    if path.name != "resources.py":
        assert "importlib" not in imported
        assert not re.search(r"\bopen\(|\.read_text\(|\.read_bytes\(", source)


def test_keywords_are_searched_but_never_shown() -> None:
    """An entry's keywords (players' words for it) find it; its title and
    text stay as written."""
    data = """game = "all-roads"
[[rule]]
key = "quiet"
sources = [{ rulebook = "002", section = "Setup" }]
en.title = "Setup"
en.text = "Place the starting tile."
en.keywords = "zebra crossing"
"""
    (entry,) = load_entries(data)
    assert entry.keywords == "zebra crossing"
    assert "zebra" not in entry.text
    index = build_index([entry])
    hits = index.search("where is the zebra?", lang="en")
    assert [hit.entry.id for hit in hits] == ["all-roads.quiet.en"]
    assert "zebra" not in hits[0].snippet.text
