"""Issue 17: no user-facing text names a file of ours (``game-data.md 3.4``
leaked into answers and explanations). Our notes are cited by what they are
(``base.OUR_NOTES``); a player never reads the name of a file of ours."""

from __future__ import annotations

import json
import re
from datetime import date
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from companion.engines import read_table
from companion.engines.base import OUR_NOTES, Citation
from companion.exports.report import build_report, template_context

from .conftest import require_shared

ROOT = Path(__file__).resolve().parents[1]
TRANSLATIONS = ROOT / "companion" / "translations"

OUR_FILES = re.compile(r"game-data|[\w-]+\.(?:md|toml|py)\b")
"""The name of a file of ours (``game-data.md``, ``table-file.md``,
``glossary.toml``, ``report.py``). ``.json`` is left out: the table file's
kind is named to players on purpose ("Table file (.json)")."""


@pytest.mark.parametrize(
    "catalogue",
    [
        TRANSLATIONS / "messages.pot",
        TRANSLATIONS / "it" / "LC_MESSAGES" / "messages.po",
        TRANSLATIONS / "zh" / "LC_MESSAGES" / "messages.po",
    ],
    ids=["english", "italian", "chinese"],
)
def test_no_message_names_a_file_of_ours(catalogue: Path) -> None:
    with catalogue.open("rb") as f:
        messages = read_po(f)
    found = []
    for message in messages:
        for text in [message.id, message.string]:
            for piece in text if isinstance(text, tuple) else (text,):
                if piece and OUR_FILES.search(piece):
                    found.append(piece)
    assert found == []


@pytest.mark.parametrize(
    "section", ["3.4", "1.5 Monuments catalogue [U]", "1.2 The player tray"]
)
def test_our_notes_are_cited_by_what_they_are(section: str) -> None:
    words = str(Citation("game-data.md", section))
    assert not OUR_FILES.search(words)
    # A section of a file of ours means nothing to a player.
    assert section.split()[0] not in words


def test_the_monuments_list_is_told_apart() -> None:
    assert [str(Citation(book, section)) for (book, section) in OUR_NOTES] == [
        "from the only list of the Monuments cards we found",
        "card texts as we list them (not in the rulebooks)",
    ]


def test_no_scenario_report_names_a_file_of_ours() -> None:
    """Every line and citation of every shared scenario's report, as the
    screens and the PDF show them (in English: the words are the msgids)."""
    shared = require_shared()
    found = []
    for path in sorted((shared / "scenarios").glob("*.json")):
        if path.name.endswith(".expected.json"):
            continue
        table = read_table(json.loads(path.read_text()))
        report = build_report(table, on=date(2026, 12, 1))
        context = template_context(report, words=str, paper="a4")
        text = json.dumps(context, default=str, ensure_ascii=False)
        found += [(path.name, m) for m in OUR_FILES.findall(text)]
    assert found == []
