"""Every scoring explanation links to the rules entry it cites, for every game."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask.testing import FlaskClient

from .conftest import TableActions, require_shared
from .helpers import soup
from .scenario_match import scenario_files


@pytest.mark.parametrize("path", scenario_files(), ids=lambda p: p.stem)
def test_every_citation_on_the_score_pages_links_to_an_entry(
    actions: TableActions, client: FlaskClient, path: Path
) -> None:
    require_shared()
    table_id = actions.import_id(path.read_bytes())
    pages = [f"/t/{table_id}"]
    if path.name.startswith(("for-", "rof-")):
        pages += [f"/t/{table_id}/era", f"/t/{table_id}/roads"]
    cites = []
    for page in pages:
        cites += soup(client.get(page)).select("cite")
    assert cites, "the score pages cite their rules"
    links = set()
    for cite in cites:
        link = cite.select_one("a")
        assert link is not None, f"not linked: {cite.get_text(' ', strip=True)}"
        links.add(link["href"])
    for href in sorted(links):
        assert client.get(href).status_code == 200, href
