"""On a phone: going back five steps in History, by Undo and by one tap."""

from __future__ import annotations

import pytest

from .conftest import no_sideways_scroll, screenshot, start_table

pytestmark = pytest.mark.browser


def names(page) -> list[str]:  # type: ignore[no-untyped-def]
    # A click returns once the next page starts: read it once it has loaded.
    page.wait_for_load_state("load")
    return page.locator(".players .player-name").all_inner_texts()  # type: ignore[no-any-return]


def test_back_five_steps_in_one_tap(phone) -> None:  # type: ignore[no-untyped-def]
    page = phone
    start_table(page, "all-roads", [("Ana", "red"), ("Bo", "blue")])
    for n in range(1, 6):
        page.locator("#rename summary").click()
        page.get_by_label("Seat 1 (Red)").fill(f"Ana{n}")
        page.get_by_role("button", name="Save names").click()
    assert names(page)[0] == "Ana5"
    page.get_by_role("link", name="History").click()

    # Before: one Undo per step, a page load each.
    undo_taps = 0
    for _ in range(5):
        with page.expect_navigation():
            page.get_by_role("button", name="Undo", exact=True).click()
        undo_taps += 1
    assert "Undone: Renamed Ana to Ana1" in page.locator(".flashes").inner_text()

    # Back to the last step in one tap (five redone), then back five in one.
    with page.expect_navigation():
        page.locator("li[value='6'] button").click()
    assert "5 steps redone" in page.locator(".flashes").inner_text()
    taps = 0
    with page.expect_navigation():
        page.locator("li[value='1'] button").click()
    taps += 1
    assert "5 steps undone. The table is as after: Table created" in (
        page.locator(".flashes").inner_text()
    )
    assert page.locator("li.current").get_attribute("value") == "1"
    print(f"back 5 steps in History: {undo_taps} taps with Undo, {taps} tap now")
    box = page.locator("li[value='2'] button").bounding_box()
    assert box is not None and box["height"] >= 44
    assert no_sideways_scroll(page)
    screenshot(page, "history-phone")
    page.get_by_role("link", name="Back to the table").click()
    assert names(page)[0] == "Ana"
