"""Civic tiles at 390x844: described from the board's tray, back to the board
with the same lots and player, then built with one tap and no page load; the
describe screen passes axe and every tap target is 44x44 px."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .test_axe import import_example, violations
from .test_tap_targets import small_targets

pytestmark = pytest.mark.browser


def test_a_tile_described_from_the_tray_is_built_with_one_tap(
    phone: Page, tmp_path: Path
) -> None:
    page = phone
    import_example(page, tmp_path)
    page.get_by_role("link", name="City board").click()
    page.locator(".players-bar input[value=blue]").locator("xpath=..").click()
    for lot in ("F5", "F6"):
        page.locator(f"label.lot:has(input[value={lot}])").click()
    describe = page.get_by_role("link", name="Describe a civic tile for these lots…")
    expect(describe).to_be_visible()
    # The link a quick thumb meets is the one for both lots, never the one
    # the first tap's tray offered (board.js keeps a busy tray from taps).
    expect(describe).to_have_attribute("href", re.compile(r"lots=F5(,|%2C)F6"))
    describe.click()

    # The grid starts with the tapped shape; the screen passes axe and taps.
    expect(page.locator(".tile-grid input:checked")).to_have_count(2)
    found = {"describe": violations(page, "civic tile screen")}
    small = small_targets(page, "the civic tile screen")
    page.get_by_label("Name on the tile").fill("Aqueduct")
    page.locator("input[name=per][value=civic]").check()
    page.get_by_label("Victory points", exact=True).fill("3")
    page.get_by_role("button", name="Save the tile").click()

    # Back on the board, the same lots tapped for the same player.
    expect(page.locator(".flashes")).to_contain_text("Aqueduct")
    expect(page.locator("label.lot:has(input[value=F6]) input")).to_be_checked()
    expect(page.locator(".players-bar input[value=blue]")).to_be_checked()
    tile = page.locator("#tray button.tile", has_text="Aqueduct")
    expect(tile).to_be_visible()
    found["tray"] = violations(page, "board with a tile in the tray")
    loads: list[str] = []
    page.on("load", lambda _page: loads.append(page.url))
    tile.click()
    expect(page.locator("label.lot:has(input[value=F5])")).to_have_class(
        re.compile(r"\bbuilding\b")
    )
    expect(page.locator(".flashes")).to_contain_text("built Aqueduct on F5, F6")
    assert loads == []
    assert small == []
    assert {screen: v for screen, v in found.items() if v} == {}


def test_a_tray_still_on_its_way_takes_no_tap(phone: Page, tmp_path: Path) -> None:
    """Between a tap on a lot and the tray's answer, the tray on screen is for
    the lots ticked before: its links and pieces wait (CI once opened the
    civic tile screen for F5 alone after F5 and F6 were tapped)."""
    page = phone
    import_example(page, tmp_path)
    page.get_by_role("link", name="City board").click()
    page.locator(".players-bar input[value=blue]").locator("xpath=..").click()
    page.locator("label.lot:has(input[value=F5])").click()
    describe = page.get_by_role("link", name="Describe a civic tile for these lots…")
    expect(describe).to_have_attribute("href", re.compile(r"lots=F5$"))
    expect(page.locator("#tray")).not_to_have_attribute("aria-busy", "true")

    held: list[object] = []
    page.route("**/board/tray?*", lambda route: held.append(route))
    page.locator("label.lot:has(input[value=F6])").click()
    expect(page.locator("#tray")).to_have_attribute("aria-busy", "true")
    with pytest.raises(Exception, match="Timeout"):
        describe.click(timeout=700)
    assert "/civic-tiles" not in page.url

    for route in held:
        route.continue_()  # type: ignore[attr-defined]
    page.unroute("**/board/tray?*")
    expect(page.locator("#tray")).not_to_have_attribute("aria-busy", "true")
    expect(describe).to_have_attribute("href", re.compile(r"lots=F5(,|%2C)F6"))
    describe.click()
    expect(page.locator(".tile-grid input:checked")).to_have_count(2)
