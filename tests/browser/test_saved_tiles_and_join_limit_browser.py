"""Issue 31 at 390x844: the group's civic tiles with a way to change and
delete each, the change screen, and the join page refusing codes for a while
(429) pass axe, fit the phone's width and have 44x44 px tap targets."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .conftest import no_sideways_scroll
from .test_axe import import_example, violations
from .test_tap_targets import small_targets

pytestmark = pytest.mark.browser


def test_tiles_list_change_and_delete(phone: Page, tmp_path: Path) -> None:
    page = phone
    import_example(page, tmp_path)
    page.goto(page.url.rstrip("/") + "/civic-tiles")
    page.get_by_label("Name on the tile").fill("Aqueduct")
    page.locator("input[name=per][value=civic]").check()
    page.get_by_role("button", name="Save the tile").click()
    expect(page.locator(".flashes")).to_contain_text("Civic tile “Aqueduct” saved.")
    found = {"list": violations(page, "civic tiles with one saved")}
    small = small_targets(page, "civic tiles with one saved")
    assert no_sideways_scroll(page)
    page.get_by_role("link", name="Change Aqueduct").click()
    expect(page.get_by_label("Name on the tile")).to_have_value("Aqueduct")
    found["change"] = violations(page, "change a civic tile")
    small += small_targets(page, "change a civic tile")
    assert no_sideways_scroll(page)
    page.get_by_label("Name on the tile").fill("Great Aqueduct")
    page.get_by_role("button", name="Save the tile").click()
    expect(page.locator(".civic-tiles .tile-name")).to_have_text(["Great Aqueduct"])
    page.get_by_role("button", name="Delete Great Aqueduct").click()
    expect(page.locator(".civic-tiles")).to_have_count(0)
    assert small == []
    assert {screen: v for screen, v in found.items() if v} == {}


def test_the_join_page_refusing_codes(phone: Page) -> None:
    page = phone
    page.goto("/join")
    for _ in range(21):
        page.get_by_label("Table code").fill("ZZZZZZZ")
        page.get_by_role("button", name="Open the table").click()
    refused = page.locator("#join-refused")
    expect(refused).to_contain_text("try again in")
    assert violations(page, "join refused") == []
    assert small_targets(page, "join refused") == []
    assert no_sideways_scroll(page)
