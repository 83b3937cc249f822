"""Every shared scenario through the web import, as a phone sends it: a valid
one opens as a table whose exported file scores as its .expected.json says; an
invalid one is refused on the import page with its .error.txt, and no table is
made. (``companion score`` runs them in test_scenarios.py.)"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from companion.engines import find_game, read_table

from .conftest import TableActions, require_shared
from .scenario_match import (
    expected_error,
    expected_result,
    invalid_files,
    mismatches,
    scenario_files,
)


def tables_listed(actions: TableActions) -> set[str]:
    """The tables this phone's home page links to."""
    return set(re.findall(r'href="/t/([^"/?#]+)"', actions.client.get("/").text))


def supported(path: Path) -> bool:
    return find_game(json.loads(path.read_text("utf-8"))["game"]).supported


@pytest.mark.parametrize("path", scenario_files(), ids=lambda p: p.stem)
def test_a_valid_scenario_imports_and_exports_as_it_scores(
    actions: TableActions, path: Path
) -> None:
    require_shared()
    if not supported(path):
        pytest.skip("a game the app does not support yet")
    table_id = actions.import_id(path.read_bytes())
    assert actions.client.get(f"/t/{table_id}").status_code == 200
    assert table_id in tables_listed(actions)  # what the refusals are checked by
    exported = actions.document(table_id)
    result = read_table(exported).score_json()
    assert mismatches(expected_result(path), result) == []


@pytest.mark.parametrize("path", invalid_files(), ids=lambda p: p.stem)
def test_an_invalid_scenario_is_refused_at_import_with_its_error(
    actions: TableActions, path: Path
) -> None:
    require_shared()
    if not supported(path):
        pytest.skip("a game the app does not support yet")
    before = tables_listed(actions)
    response = actions.import_file(path.read_bytes(), path.name)
    assert response.status_code == 400
    page = html.unescape(response.get_data(as_text=True))
    assert expected_error(path) in page
    assert tables_listed(actions) == before
