"""Issue 32: the table file refuses what every form refuses, each problem at
its JSON path, through both doors (``companion score`` and the web import):

- a name holding a control character (ESC, DEL...): the forms' rule
  (``companion.engines.base.NOT_TEXT``), so an imported table is never one
  whose every rename is refused for a character nobody can see;
- a key written twice in one object (a second ``"era": 3``): a JSON reader
  keeps one value and drops the other without a word.

Looped over every shared worked example, so every game is covered.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion.engines.base import NOT_TEXT

from .conftest import SHARED, TableActions, require_shared
from .helpers import run_cli, soup

EXAMPLES = sorted(
    p
    for p in (SHARED / "scenarios").glob("*.json")
    if not p.name.endswith(".expected.json")
)


def with_text_in_first_name(text: str) -> Callable[[dict[str, Any]], str]:
    """The file with ``text`` inside its first player's name, written as a
    JSON escape (``\\u001b``): a raw control character is not JSON at all."""

    def change(doc: dict[str, Any]) -> str:
        doc["players"][0]["name"] = f"A{text}na"
        return json.dumps(doc)

    return change


def with_key_repeated(key: str, value: str) -> Callable[[dict[str, Any]], str]:
    """The file with ``key`` written again as the top level's last key."""

    def change(doc: dict[str, Any]) -> str:
        return json.dumps(doc).removesuffix("}") + f', "{key}": {value}}}'

    return change


def with_first_player_key_repeated(doc: dict[str, Any]) -> str:
    text = json.dumps(doc)
    first = json.dumps(doc["players"][0])
    twice = first.removesuffix("}") + ', "name": "Bo"}'
    return text.replace(first, twice, 1)


# (change to the file, the error line it must give)
CHANGES = [
    pytest.param(
        with_text_in_first_name("\x1b"),
        "players[0].name: the text holds the control character U+001B",
        id="esc",
    ),
    pytest.param(
        with_text_in_first_name("\x1b[31m"),
        "players[0].name: the text holds the control character U+001B",
        id="terminal-colour",
    ),
    pytest.param(
        with_text_in_first_name("\x7f"),
        "players[0].name: the text holds the control character U+007F",
        id="del",
    ),
    pytest.param(
        with_text_in_first_name("\x08"),
        "players[0].name: the text holds the control character U+0008",
        id="backspace",
    ),
    pytest.param(
        with_key_repeated("game", '"all-roads"'),
        "game: this key is written 2 times in its object",
        id="game-twice",
    ),
    pytest.param(
        with_first_player_key_repeated,
        "players[0].name: this key is written 2 times in its object",
        id="a-player's-name-twice",
    ),
]


def changed_text(path: Path, change: Callable[[dict[str, Any]], str]) -> str:
    return change(json.loads(path.read_text()))


@pytest.mark.parametrize(("change", "line"), CHANGES)
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_the_command_refuses_it_at_its_path(
    path: Path, change: Callable[[dict[str, Any]], str], line: str
) -> None:
    require_shared()
    status, out, err = run_cli("score", "-", stdin=changed_text(path, change))
    assert (status, out) == (2, "")
    assert line in err, err


def test_a_second_era_is_refused_at_its_path() -> None:
    """The issue's own example: a Foundations of Rome file saying ``"era": 3``
    after its era."""
    require_shared()
    path = SHARED / "scenarios" / "for-2p-era1-basics.json"
    status, out, err = run_cli(
        "score", "-", stdin=changed_text(path, with_key_repeated("era", "3"))
    )
    assert (status, out) == (2, "")
    assert "era: this key is written 2 times in its object" in err


def import_problems(actions: TableActions, text: str) -> list[str]:
    response = actions.import_file(text.encode())
    assert response.status_code == 400
    return [
        li.get_text(" ", strip=True) for li in soup(response).select(".problems li")
    ]


@pytest.mark.parametrize(("change", "line"), CHANGES)
def test_the_import_refuses_it_at_its_path(
    actions: TableActions, change: Callable[[dict[str, Any]], str], line: str
) -> None:
    """One example per game through the web import: the path and the problem
    shown, and no table made."""
    require_shared()
    path, problem = line.split(": ", 1)
    for name in (
        "for-2p-era1-basics",
        "all-roads-3p-tie-broken-by-spas",
        "gtr-3p-sites-instead-of-influence",
    ):
        text = changed_text(SHARED / "scenarios" / f"{name}.json", change)
        found = import_problems(actions, text)
        assert any(path in p and problem in p for p in found), found


def test_the_forms_and_the_file_share_one_rule() -> None:
    """What the forms refuse is what the file refuses (one rule, in the
    engines): every control character but tab and line breaks."""
    refused = {chr(c) for c in range(0x80) if NOT_TEXT.match(chr(c))}
    allowed_controls = {"\t", "\n", "\r"}
    assert refused == {chr(c) for c in [*range(0x20), 0x7F]} - allowed_controls
