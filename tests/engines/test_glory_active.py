"""Issue 20: Glory to Rome scored from the camp as it lies: a building is
active for a player when it is one of their completed buildings, a public
building of any camp, or one of their incomplete marble buildings while a Gate
is active for them; each once per player. The same rulings as cloaca's
``_active_buildings`` (mhmurray/cloaca, ``cloaca/game.py``), the peer these
cases agree with."""

from __future__ import annotations

import copy
import json
from dataclasses import replace
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given

from companion.engines import TableFileError, read_table
from companion.engines import glory as gtr
from companion.exports.report import build_report

from ..conftest import require_shared
from .strategies_glory import documents

NAMES = {"red": "Aurelia", "blue": "Bruno", "green": "Chiara", "yellow": "Dario"}


def camp(**changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "influence": 2,
        "vault": {},
        "buildings": [],
        "stockpile": 0,
        "hand": 0,
    }
    base.update(changes)
    return base


def table(**camps: dict[str, Any]) -> dict[str, Any]:
    ids = list(camps) if len(camps) >= 2 else [*camps, "green"]
    return {
        "format": "rome-companion/1",
        "game": "glory-to-rome",
        "players": [{"id": pid, "name": NAMES[pid]} for pid in ids],
        "camps": {pid: camps.get(pid, camp()) for pid in ids},
    }


def scored(document: dict[str, Any]) -> gtr.GameResult:
    sheet = read_table(document).sheet
    assert isinstance(sheet, gtr.ScoreSheet)
    return gtr.score(sheet)


def buildings(document: dict[str, Any]) -> dict[str, int]:
    return {r.player.id: r.buildings for r in scored(document).players}


def texts(document: dict[str, Any], pid: str) -> list[str]:
    return [str(line.text) for line in scored(document).player(pid).lines]


# Each card's reach: (what, table file, building points per player, a line).
REACH = [
    (
        "a Gate wakes a started Statue",
        table(red=camp(buildings=["Gate"], incomplete=["Statue"]), blue=camp()),
        {"red": 3, "blue": 0},
        ("red", "Statue, started: active through your Gate: 3 points"),
    ),
    (
        "a Gate does not wake a started Wall (concrete, not marble)",
        table(red=camp(buildings=["Gate"], incomplete=["Wall"], stockpile=6)),
        {"red": 0, "green": 0},
        None,
    ),
    (
        "a started Statue without a Gate does nothing",
        table(red=camp(incomplete=["Statue"]), blue=camp()),
        {"red": 0, "blue": 0},
        None,
    ),
    (
        "a Gate wakes a started Stairway, which makes a Statue public",
        table(
            red=camp(buildings=["Gate"], incomplete=["Stairway"]),
            blue=camp(buildings=["Statue"], public=["Statue"]),
            green=camp(),
        ),
        {"red": 3, "blue": 3, "green": 3},
        ("green", "Statue of Bruno, made public by Aurelia's Stairway: 3 points"),
    ),
    (
        "a public Wall counts each player's own stockpile",
        table(
            red=camp(buildings=["Stairway"], stockpile=7),
            blue=camp(buildings=["Wall"], public=["Wall"], stockpile=2),
            green=camp(stockpile=5),
        ),
        {"red": 3, "blue": 1, "green": 2},
        (
            "red",
            "Wall of Bruno, made public by Aurelia's Stairway: 7 materials in the "
            "stockpile, 1 point per 2 = 3",
        ),
    ),
    (
        "a public Gate wakes every player's started marble buildings",
        table(
            red=camp(buildings=["Stairway"]),
            blue=camp(buildings=["Gate"], public=["Gate"]),
            green=camp(incomplete=["Statue"]),
        ),
        {"red": 0, "blue": 0, "green": 3},
        ("green", "Statue, started: active through Bruno's public Gate: 3 points"),
    ),
    (
        "their own Statue and a public one count once",
        table(
            red=camp(buildings=["Stairway", "Statue"]),
            blue=camp(buildings=["Statue"], public=["Statue"]),
        ),
        {"red": 3, "blue": 3},
        None,
    ),
]


@pytest.mark.parametrize(
    ("what", "document", "points", "line"), REACH, ids=[c[0] for c in REACH]
)
def test_each_cards_reach(
    what: str,
    document: dict[str, Any],
    points: dict[str, int],
    line: tuple[str, str] | None,
) -> None:
    assert buildings(document) == points
    if line is not None:
        pid, text = line
        assert text in texts(document, pid)


def test_a_public_market_raises_every_vault_limit() -> None:
    document = table(
        red=camp(buildings=["Stairway"], vault={"wood": 4}),
        blue=camp(buildings=["Market"], public=["Market"]),
    )
    assert scored(document).checks == ()
    without = copy.deepcopy(document)
    without["camps"]["blue"]["public"] = []
    assert [c.path for c in scored(without).checks] == ["camps.red.vault"]


def test_a_forum_through_a_stairway_wins_the_forum_victory() -> None:
    sheet = read_table(
        table(
            red=camp(buildings=["Stairway"]),
            blue=camp(buildings=["Forum"], public=["Forum"]),
        )
    ).sheet
    assert isinstance(sheet, gtr.ScoreSheet)
    result = gtr.score(replace(sheet, ended=gtr.GameEnd(gtr.EndCondition.FORUM, "red")))
    assert result.winners == ("red",)
    # The file says so too: red's Forum is blue's, made public.
    ended = table(
        red=camp(buildings=["Stairway"]),
        blue=camp(buildings=["Forum"], public=["Forum"]),
    )
    ended["ended"] = {"how": "forum", "winner": "red"}
    assert read_table(ended).score_json()["winners"] == ["red"]


def test_the_clientele_limit_reads_active_buildings() -> None:
    document = table(
        red=camp(buildings=["Stairway"], influence=3),
        blue=camp(buildings=["Insula"]),
    )
    sheet = read_table(document).sheet
    assert isinstance(sheet, gtr.ScoreSheet)
    red = sheet.camps[0]
    assert gtr.check_clientele(red, 4, gtr.active_buildings(sheet, red)) is not None
    document["camps"]["blue"]["public"] = ["Insula"]
    sheet = read_table(document).sheet
    assert isinstance(sheet, gtr.ScoreSheet)
    red = sheet.camps[0]
    assert gtr.check_clientele(red, 5, gtr.active_buildings(sheet, red)) is None


def test_influence_speaks_of_the_site_cards_held() -> None:
    document = table(red=camp(sites=["stone", "stone"]), blue=camp())
    del document["camps"]["red"]["influence"]
    assert any("site cards held" in t for t in texts(document, "red"))


# Bad input: the path and the rule in words, nothing scored.
REFUSED = [
    (
        "a public building with no Stairway in another camp",
        table(red=camp(buildings=["Statue"], public=["Statue"]), blue=camp()),
        "camps.red.public[0]",
        "no other camp has an active Stairway",
    ),
    (
        "its own Stairway does not make its buildings public",
        table(
            red=camp(buildings=["Statue", "Stairway"], public=["Statue"]), blue=camp()
        ),
        "camps.red.public[0]",
        "no other camp has an active Stairway",
    ),
    (
        "a name both completed and started",
        table(red=camp(buildings=["Statue"], incomplete=["Statue"]), blue=camp()),
        "camps.red.incomplete[0]",
        "both in buildings and incomplete",
    ),
    (
        "public naming a building the camp has not completed",
        table(red=camp(buildings=["Stairway"]), blue=camp(public=["Statue"])),
        "camps.blue.public[0]",
        "not one of this camp's completed buildings",
    ),
    (
        "more copies started or completed than the deck holds",
        table(
            red=camp(buildings=["Statue"]),
            blue=camp(incomplete=["Statue"]),
            green=camp(incomplete=["Statue"]),
            yellow=camp(buildings=["Statue"]),
        ),
        "camps.yellow.buildings[0]",
        "started or completed in 4 camps",
    ),
]


@pytest.mark.parametrize(
    ("what", "document", "path", "words"), REFUSED, ids=[c[0] for c in REFUSED]
)
def test_refused_with_path_and_rule(
    what: str, document: dict[str, Any], path: str, words: str
) -> None:
    with pytest.raises(TableFileError) as caught:
        read_table(document)
    problems = caught.value.problems
    assert [p.path for p in problems][:1] == [path], problems
    assert words in str(problems[0].message)


# A file without incomplete or public scores as before.


def with_empty_lists(document: dict[str, Any]) -> dict[str, Any]:
    changed = copy.deepcopy(document)
    for entry in changed["camps"].values():
        entry["incomplete"] = []
        entry["public"] = []
    return changed


@given(documents())
def test_empty_lists_change_nothing(
    case: tuple[gtr.ScoreSheet, dict[str, Any]],
) -> None:
    _sheet, document = case
    assert scored(with_empty_lists(document)).as_json() == scored(document).as_json()


def test_every_scenario_scores_alike_with_empty_lists() -> None:
    for path in sorted((require_shared() / "scenarios").glob("gtr-*.json")):
        if path.name.endswith(".expected.json"):
            continue
        document = json.loads(Path(path).read_text())
        assert (
            scored(with_empty_lists(document)).as_json() == scored(document).as_json()
        ), path.name


def test_the_report_explains_why_each_building_counts() -> None:
    """The PDF and the watch page say it as the table page does."""
    document = table(
        red=camp(buildings=["Gate", "Stairway"], incomplete=["Statue"]),
        blue=camp(buildings=["Wall"], public=["Wall"], stockpile=4),
    )
    report = build_report(read_table(document), on=date(2026, 12, 1), over=True)
    lines = [str(line.text) for seat in report.explanations for line in seat.lines]
    assert "Statue, started: active through your Gate: 3 points" in lines
    assert any(t.startswith("Wall of Bruno, made public by Aurelia's") for t in lines)
