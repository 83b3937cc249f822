"""The shared scenarios (../shared/scenarios/README.md): where their files are,
what each expects, and how a result matches its .expected.json.

A list of files is empty where ../shared is missing, so that parametrised
tests still collect; each test calls ``require_shared()`` to say why.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.engines import read_table
from companion.engines.base import TableFileError

from .conftest import SHARED

SCENARIOS = SHARED / "scenarios"


NEXT = SCENARIOS / "next"
"""Scenarios for what the spec grew (Glory to Rome's ``ended``, Roads of
Fortune's ``lot_markers_away``): since issue 32 the suite runs them like the
others, wherever a test asks for the scenarios."""


def scenario_files(pattern: str = "*.json") -> list[Path]:
    """The valid scenarios whose file names match ``pattern`` (``next/``'s
    too), sorted by name."""
    found = [*SCENARIOS.glob(pattern), *NEXT.glob(pattern)]
    return sorted(
        (p for p in found if not p.name.endswith(".expected.json")),
        key=lambda p: p.name,
    )


def invalid_files(pattern: str = "*.json") -> list[Path]:
    """The scenarios that must be refused, whose names match ``pattern``
    (``next/invalid/``'s too), sorted by name."""
    found = [*(SCENARIOS / "invalid").glob(pattern), *(NEXT / "invalid").glob(pattern)]
    return sorted(found, key=lambda p: p.name)


def scored(path: Path) -> dict[str, Any]:
    """The table file at ``path``, scored: what ``companion score`` prints."""
    table = read_table(json.loads(path.read_text("utf-8")))
    result: dict[str, Any] = table.score_json()
    return result


def scored_as_expected(path: Path) -> dict[str, Any]:
    """The scenario at ``path``, scored, once it is checked to match its
    .expected.json."""
    result = scored(path)
    assert mismatches(expected_result(path), result) == []
    return result


def expected_result(path: Path) -> Any:
    """What the scenario at ``path`` must score: its .expected.json."""
    return json.loads(path.with_name(f"{path.stem}.expected.json").read_text("utf-8"))


def expected_error(path: Path) -> str:
    """What the refusal of the invalid scenario at ``path`` must say."""
    return path.with_suffix(".error.txt").read_text("utf-8").strip()


def assert_refused(path: Path) -> None:
    """The invalid scenario at ``path`` is refused with its .error.txt."""
    with pytest.raises(TableFileError) as caught:
        read_table(json.loads(path.read_text("utf-8")))
    assert expected_error(path) in str(caught.value)


def mismatches(expected: Any, actual: Any, path: str = "") -> list[str]:
    """Every place where ``actual`` does not contain ``expected``; [] when it does.

    More keys in ``actual`` are fine. Lists match in order, except ``winners``.
    An ``influence`` map may list more players, only with 0. A ``merchant_bonus``
    material that nobody wins may be left out.
    """
    key = path.rsplit(".", 1)[-1]
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{path}: expected an object, got {actual!r}"]
        problems: list[str] = []
        for name, value in expected.items():
            child = f"{path}.{name}" if path else name
            if name not in actual:
                if key == "merchant_bonus" and value is None:
                    continue
                problems.append(f"{child}: missing")
                continue
            problems += mismatches(value, actual[name], child)
        if key == "influence":
            for name, value in actual.items():
                if name not in expected and value != 0:
                    problems.append(f"{path}.{name}: unexpected influence {value}")
        return problems
    if isinstance(expected, list) and key == "winners":
        if not isinstance(actual, list) or sorted(expected) != sorted(actual):
            return [f"{path}: expected {sorted(expected)} in any order, got {actual!r}"]
        return []
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return [f"{path}: expected {expected!r}, got {actual!r}"]
        return [
            problem
            for index, (e, a) in enumerate(zip(expected, actual, strict=True))
            for problem in mismatches(e, a, f"{path}[{index}]")
        ]
    if type(expected) is not type(actual) or expected != actual:
        return [f"{path}: expected {expected!r}, got {actual!r}"]
    return []
