"""A finished game on a phone (issue 14, "Finished is finished"): the notice
beside the table page, read by axe, its button a 44 px tap target; reopening
and undoing it as a player taps them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .test_axe import violations

pytestmark = pytest.mark.browser

TALLY = {
    "format": "rome-companion/1",
    "game": "all-roads",
    "players": [{"id": "red", "name": "Ana"}, {"id": "yellow", "name": "Bo"}],
    "unbuilt": {
        "red": {"monument": 1, "spa": 0, "villa": 2, "house": 3},
        "yellow": {"monument": 0, "spa": 2, "villa": 1, "house": 5},
    },
}
"""An All Roads table file with its final tally: imported, the game is over."""


def test_reopen_and_undo_on_a_phone(phone: Page, tmp_path: Path) -> None:
    page = phone
    path = tmp_path / "tally.json"
    path.write_text(json.dumps(TALLY))
    page.goto("/")
    page.get_by_label("Table file (.json)").set_input_files(str(path))
    page.get_by_role("button", name="Import").click()
    notice = page.get_by_role("complementary", name="The game is over")
    expect(notice).to_contain_text("nothing on this table can change")
    assert violations(page, "a finished table") == []
    reopen = notice.get_by_role("button", name="Reopen the game")
    page.wait_for_load_state("load")
    box = reopen.bounding_box()
    assert box is not None and box["width"] >= 44 and box["height"] >= 44

    reopen.click()
    expect(page.locator(".flashes")).to_contain_text("The game is reopened")
    expect(notice).to_have_count(0)
    expect(page.get_by_role("button", name="Reopen the game")).to_have_count(0)

    page.get_by_role("button", name="Undo").click()
    expect(page.locator(".flashes")).to_contain_text("Undone: Game reopened")
    expect(notice).to_be_visible()
