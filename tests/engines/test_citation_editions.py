"""Citations in the reader's language (issue 28).

Rulebooks 003 (Italian) and 004 (Chinese) print the same Glory to Rome: a
reader of Italian is cited 003's sections, a reader of Chinese 004's, never the
other edition's title in a language they may not read; where neither edition
is theirs (English), each section in their words. The command's English text
(``str``) stays as printed.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from companion.engines import glory
from companion.engines.base import EDITION_SECTIONS, EDITIONS, Citation

from .test_messages import check_message

ROOT = Path(__file__).resolve().parents[2]

MERCHANT = Citation("003", "Mercante", 8, also=(Citation("004", "5、出售建材"),))
WALL_POINTS = glory.SRC_BUILDING_POINTS  # 003 twice, 004, and our card notes
DECK = glory.SRC_DECK  # 004 and our notes: no Italian edition of it
NOTES = "card texts as we list them (not in the rulebooks)"


@pytest.mark.parametrize(
    ("citation", "lang", "words"),
    [
        # the reader's edition only
        (MERCHANT, "it", "rulebook 003, Mercante, p. 8"),
        (MERCHANT, "zh", "rulebook 004, 5、出售建材"),
        # neither edition is English: both, each section in English words
        (
            MERCHANT,
            "en",
            "rulebook 003, Merchant, p. 8; rulebook 004, 5. Selling Materials",
        ),
        # no language given (the command, the table file): as printed
        (MERCHANT, None, "rulebook 003, Mercante, p. 8; rulebook 004, 5、出售建材"),
        # every place of the reader's edition, and our notes, in order
        (
            WALL_POINTS,
            "it",
            "rulebook 003, Fine partita e punteggio, p. 9; rulebook 003, Muro, p. 16; "
            "card texts as we list them (not in the rulebooks)",
        ),
        (
            WALL_POINTS,
            "zh",
            f"rulebook 004, 计分和胜利条件; {NOTES}",
        ),
        # only the other edition prints it: cited, its section in the reader's words
        (
            DECK,
            "it",
            f"rulebook 004, Components; {NOTES}",
        ),
        (
            DECK,
            "zh",
            "rulebook 004, 游戏配件; card texts as we list them (not in the rulebooks)",
        ),
        (Citation("003", "Muro", 16), "zh", "rulebook 003, Wall, p. 16"),
        # a section we have no words for: as printed
        (Citation("004", "附录"), "it", "rulebook 004, 附录"),
        # the English rulebooks are everyone's
        (Citation("001", "End of Game", 9), "it", "rulebook 001, End of Game, p. 9"),
    ],
)
def test_a_citation_for_each_reader(
    citation: Citation, lang: str | None, words: str
) -> None:
    # English templates: the words chosen, before the translation of each
    assert citation.as_message().render(lang=lang) == words
    check_message(citation.as_message())


def test_the_command_text_is_as_printed() -> None:
    assert str(MERCHANT) == "rulebook 003, Mercante, p. 8; rulebook 004, 5、出售建材"
    assert str(Citation("001", "Setup")) == "rulebook 001, Setup"
    assert Citation("001", "Setup").as_message().editions == ()


def cited_sections() -> set[tuple[str, str]]:
    """Every (rulebook, section) of 003 and 004 the app cites: the engines'
    citations and the rules entries' sources."""
    found: set[tuple[str, str]] = set()
    for path in (ROOT / "companion" / "engines").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for book, section in re.findall(r'Citation\(\s*"(00[34])",\s*"([^"]+)"', text):
            found.add((book, section))
    for path in (ROOT / "companion" / "lookup" / "data").glob("*.toml"):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for rule in data.get("rule", []):
            for source in rule.get("sources", []):
                if source["rulebook"] in EDITIONS:
                    found.add((source["rulebook"], source["section"]))
    return found


def test_every_cited_edition_section_has_words_for_other_readers() -> None:
    sections = cited_sections()
    print(f"\n{len(sections)} sections of 003 and 004 cited")
    assert len(sections) > 20
    assert sections - set(EDITION_SECTIONS) == set()


def test_no_words_for_sections_nobody_cites() -> None:
    assert set(EDITION_SECTIONS) - cited_sections() == set()
