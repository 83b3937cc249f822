"""Every shared scenario through the ``companion score`` command, as the spec says.

A game whose engine is not in this build must refuse its files with "not
supported yet" (exit 2); a scenario that needs a part of a game still being
built is listed in NOT_YET as a strict xfail, so it fails loudly once it passes.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.engines import find_game

from .conftest import require_shared
from .helpers import run_cli
from .scenario_match import (
    expected_error,
    expected_result,
    invalid_files,
    mismatches,
    scenario_files,
)

VALID = scenario_files()
INVALID = invalid_files()

NOT_YET: dict[str, str] = {}
"""Scenario name -> the issue that brings what it needs."""


def mark(path: Path) -> object:
    reason = NOT_YET.get(path.name.removesuffix(".json"))
    if reason:
        return pytest.param(
            path, id=path.stem, marks=pytest.mark.xfail(reason=reason, strict=True)
        )
    return pytest.param(path, id=path.stem)


def test_scenarios_are_there() -> None:
    require_shared()
    assert len(VALID) >= 10 and len(INVALID) >= 5


@pytest.mark.parametrize("path", [mark(p) for p in VALID])
def test_scenario_scores_as_expected(path: Path) -> None:
    require_shared()
    game = find_game(json.loads(path.read_text())["game"])
    status, out, err = run_cli("score", str(path))
    if not game.supported:
        assert (status, out) == (2, "")
        assert "not supported yet" in err
        return
    assert status == 0, err
    assert err == ""
    assert mismatches(expected_result(path), json.loads(out)) == []


@pytest.mark.parametrize("path", [mark(p) for p in INVALID])
def test_invalid_scenario_fails_with_its_error(path: Path) -> None:
    require_shared()
    game = find_game(json.loads(path.read_text())["game"])
    status, out, err = run_cli("score", str(path))
    assert status == 2
    assert out == ""
    if not game.supported:
        assert "not supported yet" in err
        return
    assert expected_error(path) in err
