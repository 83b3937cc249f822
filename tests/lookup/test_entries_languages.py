"""Rules answers a player can trust (issue 17): every rule reads the same in
English, Italian and Chinese, and no answer shows our working notes.

A rule missing a language falls back to English on an Italian or Chinese
screen; an answer that names one of our files ("game-data.md 3.4") tells the
player nothing. ``sources`` may cite any file: only titles and texts are read.
"""

from __future__ import annotations

import re

import pytest

from companion.engines.glory_terms import Lang
from companion.lookup import Entry, load_rules

ENTRIES = load_rules().entries

OUR_FILE = re.compile(
    r"\b[\w-]+\.(?:md|toml|json|py|txt|csv|ya?ml)\b|game[\s_-]?data|rules-questions",
    re.IGNORECASE,
)
"""A file name of ours, or our research notes named without their extension."""


def _rules() -> dict[str, dict[Lang, Entry]]:
    rules: dict[str, dict[Lang, Entry]] = {}
    for entry in ENTRIES:
        rules.setdefault(entry.rule_id, {})[entry.lang] = entry
    return rules


RULES = _rules()


@pytest.mark.parametrize("rule_id", sorted(RULES))
def test_every_rule_is_in_italian_and_chinese(rule_id: str) -> None:
    langs = RULES[rule_id]
    missing = [lang.value for lang in Lang if lang not in langs]
    assert missing == [], f"{rule_id} has no {', '.join(missing)} entry"
    for entry in langs.values():
        assert entry.title.strip() and entry.text.strip(), entry.id


def test_every_game_is_covered() -> None:
    """The rules above are the three games' rules, so none is skipped."""
    assert {rule_id.split(".")[0] for rule_id in RULES} == {
        "foundations-of-rome",
        "all-roads",
        "glory-to-rome",
    }


@pytest.mark.parametrize(
    ("text", "leaks"),
    [
        ("If still tied, they share (game-data.md 3.4).", True),
        ("a fifth player gets 9 (game-data.md 1.3, not official)", True),
        ("2 comes from game-data.", True),
        ("see glossary.toml", True),
        ("the engine in foundations.py", True),
        ("（game-data.md 3.1）", True),  # inside Chinese
        ("9 (our reading: the rulebooks do not say)", False),  # control rows
        ("Rulebook 004, 3.4: worth 3 VP; 1.5 lots, e.g. 2.", False),
        ("card text", False),
    ],
)
def test_the_file_name_pattern(text: str, leaks: bool) -> None:
    assert bool(OUR_FILE.search(text)) is leaks


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.id)
def test_no_answer_names_a_file_of_ours(entry: Entry) -> None:
    for field, words in (("title", entry.title), ("text", entry.text)):
        found = OUR_FILE.search(words)
        assert found is None, f"{entry.id} {field} names {found.group()!r}"
