"""How a result matches a scenario's .expected.json (../shared/scenarios/README.md)."""

from __future__ import annotations

from typing import Any


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
