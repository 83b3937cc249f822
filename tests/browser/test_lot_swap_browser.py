"""The road-board lot swap on a phone at 390x844 (issue 13): rulebook 000's
example at the south board, where Blue takes the space that swaps 2 lots and
swaps one of their lots with one of Red's (South Road Board F-G).

The swap screen fits the phone (the board scrolls sideways in its own frame),
every tap target is 44x44, axe finds no serious or critical violation, a
refusal is said beside the board, and the whole swap works without JavaScript.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from ..test_views_lot_swap import at_the_swap
from .conftest import PHONE, no_sideways_scroll, screenshot
from .test_axe import violations
from .test_tap_targets import small_targets

pytestmark = pytest.mark.browser


def import_at_the_swap(page: Page, tmp_path: Path) -> str:
    """The example with the north picks made, imported; the table's URL."""
    path = tmp_path / "example.json"
    path.write_text(json.dumps(at_the_swap()))
    page.goto("/")
    page.get_by_label("Table file (.json)").set_input_files(str(path))
    page.get_by_role("button", name="Import").click()
    expect(page.locator(".flashes")).to_contain_text("Imported.")
    return page.url


def lot(page: Page, name: str) -> Any:
    return page.locator(f"label.lot:has(input[value={name}])")


def exported(page: Page, table_url: str) -> dict[str, Any]:
    document: dict[str, Any] = page.request.get(f"{table_url}/export").json()
    return document


def test_the_swap_on_a_phone(phone: Page, tmp_path: Path) -> None:
    page = phone
    table_url = import_at_the_swap(page, tmp_path)
    page.goto(f"{table_url}/roads")
    expect(page.locator(".pick .whose-pick")).to_have_attribute("data-player", "blue")
    assert no_sideways_scroll(page)
    found = {"swap": violations(page, "road-board swap")}
    small = small_targets(page, "the road-board swap")

    # Two of Blue's own lots: refused beside the board, the ticks kept.
    lot(page, "H1").click()
    lot(page, "J6").click()
    page.get_by_role("button", name="Space 1: swap the ticked lots").click()
    refusal = page.locator("form.options > .problems")
    expect(refusal).to_contain_text("H1 and J6 are both Blue's lots")
    expect(lot(page, "H1").locator("input")).to_be_checked()
    assert no_sideways_scroll(page)
    found["refused"] = violations(page, "road-board swap, refused")
    screenshot(page, "roads-swap-refused-phone")

    # The example's swap from a fresh page: Blue's H1 for Red's I6, counted.
    page.goto(f"{table_url}/roads")
    page.wait_for_load_state("load")
    actions, loads = 0, 0

    def loaded(_page: object) -> None:
        nonlocal loads
        loads += 1

    page.on("load", loaded)
    for name in ("H1", "I6"):
        lot(page, name).click()
        actions += 1
    expect(lot(page, "I6").locator("input")).to_be_checked()
    screenshot(page, "roads-swap-phone")
    page.get_by_role("button", name="Space 1: swap the ticked lots").click()
    actions += 1
    expect(page.locator(".pick .whose-pick")).to_have_attribute("data-player", "purple")
    page.wait_for_load_state("load")
    print(f"\nLOT SWAP (390x844): {actions} actions, {loads} full page load")
    assert exported(page, table_url)["lot_markers"] == {
        "blue": ["I6", "J6"],
        "red": ["H1"],
        "green": ["C3"],
    }
    assert {screen: v for screen, v in found.items() if v} == {}
    assert small == []


@pytest.fixture
def no_script(browser: Browser, live_server: str) -> Iterator[Page]:
    """A phone with JavaScript switched off."""
    context = browser.new_context(
        viewport=PHONE,
        is_mobile=True,
        has_touch=True,
        java_script_enabled=False,
        base_url=live_server,
    )
    yield context.new_page()
    context.close()


def test_the_swap_without_javascript(no_script: Page, tmp_path: Path) -> None:
    page = no_script
    table_url = import_at_the_swap(page, tmp_path)
    page.goto(f"{table_url}/roads")
    lot(page, "H1").click()
    lot(page, "I6").click()
    page.get_by_role("button", name="Space 1: swap the ticked lots").click()
    expect(page.locator(".pick .whose-pick")).to_have_attribute("data-player", "purple")
    assert exported(page, table_url)["lot_markers"]["red"] == ["H1"]
    # Undo, from History: the pick and the swap go back together.
    page.goto(f"{table_url}/history")
    page.get_by_role("button", name="Undo").click()
    document = exported(page, table_url)
    assert document["lot_markers"] == at_the_swap()["lot_markers"]
    assert "south" not in document["road_boards"].get("choices", {})
