"""Every scoring explanation links to the rules entry it cites, for every game."""

from __future__ import annotations

from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from flask.testing import FlaskClient

from .conftest import SHARED, TableActions, require_shared

SCENARIOS = sorted(
    p
    for p in (SHARED / "scenarios").glob("*.json")
    if not p.name.endswith(".expected.json")
)


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_every_citation_on_the_score_pages_links_to_an_entry(
    actions: TableActions, client: FlaskClient, path: Path
) -> None:
    require_shared()
    response = actions.import_file(path.read_bytes())
    assert response.status_code == 302
    table_id = response.headers["Location"].rsplit("/", 1)[-1]
    pages = [f"/t/{table_id}"]
    if path.name.startswith(("for-", "rof-")):
        pages += [f"/t/{table_id}/era", f"/t/{table_id}/roads"]
    cites = []
    for page in pages:
        cites += BeautifulSoup(client.get(page).data, "html.parser").select("cite")
    assert cites, "the score pages cite their rules"
    links = set()
    for cite in cites:
        link = cite.select_one("a")
        assert link is not None, f"not linked: {cite.get_text(' ', strip=True)}"
        links.add(link["href"])
    for href in sorted(links):
        assert client.get(href).status_code == 200, href
