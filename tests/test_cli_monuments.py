"""The ``companion monuments`` command: JSON shape, exit codes and streams
(spec: ../shared/spec/table-file.md, "The command")."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from companion.engines.foundations.monument_cards import (
    SLUGS,
)

from .helpers import run_cli
from .test_cli import AR

TABLE: dict[str, Any] = {
    "format": "rome-companion/1",
    "game": "foundations-of-rome",
    "players": [{"id": "red", "name": "Ana"}, {"id": "blue", "name": "李雷"}],
    "era": 1,
    "buildings": [
        {"owner": "red", "type": "commercial", "lots": ["A1"], "silver": 1, "vp": 0},
        {"owner": "blue", "type": "residential", "lots": ["B3"], "citizens": 1},
    ],
    "lot_markers": {"red": ["C3", "C4", "C5", "C6"]},
    "coins": {"red": 7, "blue": 2},
}


def monuments(*argv: str, doc: Any = TABLE) -> tuple[int, Any, str]:
    status, out, err = run_cli("monuments", "-", *argv, stdin=json.dumps(doc))
    return status, json.loads(out) if out else None, err


def test_every_player_and_every_monument_in_the_pool() -> None:
    status, result, err = monuments()
    assert (status, err) == (0, "")
    assert list(result["players"]) == ["red", "blue"]
    for cards in result["players"].values():
        assert list(cards) == list(SLUGS)
        for entry in cards.values():
            assert isinstance(entry["eligible"], bool)
            assert entry["why"] and entry["source"].startswith("rulebook ")
    assert result["players"]["red"]["circus-maximus"] == {
        "eligible": True,
        "known": True,
        "why": "Circus Maximus: your money 7 is the highest",
        "source": "rulebook 000, Alternate Monuments - Circus Maximus",
    }
    # names are data, printed as they are
    assert result["players"]["red"]["temple-of-mars"]["why"] == (
        "Temple of Mars: your income 6 is the highest"
    )
    assert result["players"]["red"]["temple-of-minerva"]["why"] == (
        "Temple of Minerva: your number of lot markers on the board 4 is above 李雷's 0"
    )


def test_one_player() -> None:
    status, result, _ = monuments("--player", "blue")
    assert status == 0
    assert list(result["players"]) == ["blue"]
    assert "at" not in result


def test_at_gives_the_coins_and_vp_of_every_player() -> None:
    status, result, err = monuments("--player", "red", "--at", "C3, C4,C5,C6")
    assert (status, err) == (0, "")
    assert result["at"] == {"lots": ["C3", "C4", "C5", "C6"], "edge": False}
    arch = result["players"]["red"]["triumphal-arch"]
    assert arch["allowed"] is True and arch["problems"] == []
    assert arch["coins"] == {"red": -3, "blue": 3}
    assert arch["vp"] == {"red": 0, "blue": 0}
    assert arch["effects"][0]["source"] == (
        "rulebook 000, Alternate Monuments - Triumphal Arch"
    )
    harbor = result["players"]["red"]["imperial-harbor"]
    assert (harbor["allowed"], harbor["coins"]) == (True, {"red": -6, "blue": 0})
    venus = result["players"]["red"]["temple-of-venus"]
    assert venus["allowed"] is False
    assert venus["problems"] == [
        "Temple of Venus: you own 0 civic buildings of size 2; 1 needed"
    ]
    # The card's count is an unofficial reading: noted, not a refusal.
    assert venus["notes"][0].startswith(
        "Temple of Venus covers 2 lots on its card as we know it, not 4"
    )


def test_one_rule_for_a_monuments_size_in_score_and_at() -> None:
    """Issue 15: ``--at`` and ``score`` agree on how many lots a monument may
    cover (1 to 6, connected), in the same words."""
    seven = "C1,C2,C3,C4,C5,C6,C7"
    status, result, _err = monuments("--player", "red", "--at", seven)
    assert status == 0
    harbor = result["players"]["red"]["imperial-harbor"]
    assert "a monument covers 1 to 6 lots, not 7" in harbor["problems"]
    built = {
        **TABLE,
        "buildings": [
            *TABLE["buildings"],
            {
                "owner": "red",
                "type": "monument",
                "monument": "imperial-harbor",
                "lots": seven.split(","),
            },
        ],
    }
    code, _out, err = run_cli("score", "-", stdin=json.dumps(built))
    assert code == 2
    assert "a monument covers 1 to 6 lots, not 7" in err
    # Four lots for a card we know as six: both accept it.
    four = {
        **built,
        "lot_markers": {"red": [], "blue": TABLE["lot_markers"].get("blue", [])},
        "buildings": [
            *TABLE["buildings"],
            {**built["buildings"][-1], "lots": ["C3", "C4", "C5", "C6"]},
        ],
    }
    assert run_cli("score", "-", stdin=json.dumps(four))[0] == 0


def test_unknown_money_is_not_eligible_yet_and_says_so() -> None:
    # Spec: "eligible" is true or false; while the file records no coins a money
    # requirement cannot be met yet, and "known" and "why" say it is unknown.
    doc = {key: value for key, value in TABLE.items() if key != "coins"}
    status, result, _ = monuments(doc=doc)
    assert status == 0
    circus = result["players"]["red"]["circus-maximus"]
    assert (circus["eligible"], circus["known"]) == (False, False)
    assert "unknown" in circus["why"]
    tower = result["players"]["red"]["tower-of-wonders"]
    assert tower["known"] is True


def test_zero_coins_are_known() -> None:
    """Every player at 0 coins is a record of money, not its absence."""
    doc = {**TABLE, "coins": {pid: 0 for pid in TABLE["coins"]}}
    status, result, _ = monuments(doc=doc)
    assert status == 0
    circus = result["players"]["red"]["circus-maximus"]
    assert (circus["eligible"], circus["known"]) == (False, True)
    assert "unknown" not in circus["why"]


@pytest.mark.parametrize(
    ("argv", "doc", "message"),
    [
        (
            ("--player", "pink"),
            TABLE,
            "--player: 'pink' is not a player at this table",
        ),
        (
            ("--at", "A1,K"),
            TABLE,
            '--at: "K" is not a lot name (a column letter and a row number, like "B7")',
        ),
        ((), AR, "game: monuments belong to Foundations of Rome, not All Roads"),
        ((), {**TABLE, "era": 4}, "era: 4 is above the maximum 3"),
        (
            (),
            {**TABLE, "buildings": [{**TABLE["buildings"][0], "lots": ["Z1"]}]},
            'buildings[0].lots[0]: "Z1" is off the 7x7 board used by 2 players',
        ),
    ],
)
def test_problems_exit_2_with_nothing_on_stdout(
    argv: tuple[str, ...], doc: Any, message: str
) -> None:
    status, result, err = monuments(*argv, doc=doc)
    assert (status, result) == (2, None)
    assert err.splitlines() == [message]


def test_not_json() -> None:
    status, out, err = run_cli("monuments", "-", stdin="{")
    assert (status, out) == (2, "")
    assert "not valid JSON" in err


def test_console_script(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    path.write_text(json.dumps(TABLE), encoding="utf-8")
    script = Path(sys.executable).with_name("companion")
    done = subprocess.run(
        [str(script), "monuments", str(path), "--at", "A1"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["at"] == {"lots": ["A1"], "edge": True}
    assert set(result["players"]["blue"]["lighthouse"]) >= {"coins", "vp", "allowed"}
