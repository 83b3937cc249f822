"""Lot markers away since last era, on a phone (390x844): the board and the
road boards say who has how many available, readable without colour, with no
serious accessibility violation and no sideways scroll."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from ..conftest import require_shared
from .conftest import no_sideways_scroll, screenshot
from .test_axe import violations

pytestmark = pytest.mark.browser

SAID = "Ana has 1 lot marker on a road board from era 1: 7 available"


def test_the_board_and_the_road_boards_say_the_marker_away(phone: Page) -> None:
    shared = require_shared()
    path = shared / "scenarios" / "next" / "rof-3p-era2-lot-marker-away-from-era-1.json"
    page = phone
    page.goto("/")
    page.get_by_label("Table file (.json)").set_input_files(str(Path(path)))
    page.get_by_role("button", name="Import").click()
    expect(page.locator(".flashes")).to_contain_text("Imported.")
    table_url = page.url

    page.goto(table_url + "/board")
    note = page.locator(".lot-markers-away")
    expect(note).to_have_text(SAID)
    assert note.is_visible()
    assert no_sideways_scroll(page)
    assert violations(page, "board with a marker away") == []
    screenshot(page, "lot-markers-away-board")

    page.goto(table_url + "/roads")
    item = page.locator(".lot-markers-away li")
    expect(item).to_have_count(1)
    # The player is named in the words and marked by a letter, not colour alone.
    expect(item.locator(".said")).to_have_text(SAID)
    expect(item.locator(".letter")).not_to_be_empty()
    assert no_sideways_scroll(page)
    assert violations(page, "road boards with a marker away") == []
    screenshot(page, "lot-markers-away-roads")
