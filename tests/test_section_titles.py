"""Issue 17: a citation of a rulebook written only in English names its
section in the reader's language (our translation); rulebooks 003 and 004
are cited in their own words."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from flask import Flask
from flask_babel import force_locale

from companion.engines.base import ENGLISH_ONLY, SECTION_TITLES, Citation
from companion.engines.foundations import monument_cards as cards
from companion.web.plumbing import words

ROOT = Path(__file__).resolve().parents[1]


def cited_sections() -> set[tuple[str, str]]:
    """Every (rulebook, section) the engines and the rules reference cite."""
    found = set()
    for path in (ROOT / "companion" / "engines").rglob("*.py"):
        for m in re.finditer(r'Citation\(\s*"(\d{3})",\s*"([^"]+)"', path.read_text()):
            found.add((m.group(1), m.group(2)))
    for path in (ROOT / "companion" / "lookup" / "data").glob("*.toml"):
        for rule in tomllib.loads(path.read_text()).get("rule", []):
            for source in rule.get("sources", []):
                found.add((source["rulebook"], source["section"]))
    return found


MONUMENTS = {card.name for card in cards.CATALOGUE.values()}


def test_every_part_of_an_english_only_section_has_words() -> None:
    missing = sorted(
        (rulebook, part)
        for rulebook, section in cited_sections()
        if rulebook in ENGLISH_ONLY
        for part in section.split(" - ")
        if part not in SECTION_TITLES and part not in MONUMENTS
    )
    assert missing == []


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "rulebook 001, Special Rules & Edge Cases - Building Over"),
        ("it", "regolamento 001, Regole speciali e casi limite - Costruire sopra"),
        ("zh", "规则书 001，特殊规则与特殊情况 - 覆盖建造"),
    ],
)
def test_an_english_only_section_in_the_readers_words(
    app: Flask, lang: str, expected: str
) -> None:
    citation = Citation("001", "Special Rules & Edge Cases - Building Over")
    with app.test_request_context(), force_locale(lang):
        assert words(citation) == expected


def test_a_monuments_name_stays_as_printed(app: Flask) -> None:
    citation = Citation("000", "Alternate Monuments - Temple of Mars")
    with app.test_request_context(), force_locale("it"):
        assert words(citation).endswith("Monumenti alternativi - Temple of Mars")


def test_italian_and_chinese_rulebooks_keep_their_own_words(app: Flask) -> None:
    """To a reader of their language, 003 and 004 are cited as printed (an
    English reader gets our English words for their sections since issue 28:
    tests/engines/test_citation_editions.py)."""
    with app.test_request_context(), force_locale("zh"):
        assert words(Citation("004", "游戏结束")).endswith("游戏结束")
    with app.test_request_context(), force_locale("it"):
        assert words(Citation("003", "Fine partita")).endswith("Fine partita")
