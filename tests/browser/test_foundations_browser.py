"""On a phone: place buildings for three players, score era 1, read the numbers."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import no_sideways_scroll, screenshot, start_table

pytestmark = pytest.mark.browser


def tap_lots(page, lots: list[str]) -> None:  # type: ignore[no-untyped-def]
    for lot in lots:
        page.locator(f"input[name=lots][value={lot}]").check(force=True)


def build(page, player: str, lots: list[str], piece: str, **values: str) -> None:  # type: ignore[no-untyped-def]
    tap_lots(page, lots)
    page.locator(".players-bar label", has_text=player).click()
    page.get_by_role("button", name="Build on these lots…").click()
    page.locator(".pieces a", has_text=piece).first.click()
    for label, value in values.items():
        page.get_by_label(label, exact=True).fill(value)
    page.get_by_role("button", name="Build it").click()
    assert "Built." in page.locator(".flashes").inner_text()


def test_three_players_build_and_score_era_1(phone) -> None:  # type: ignore[no-untyped-def]
    page = phone
    start_table(
        page,
        "foundations-of-rome",
        [("Ana", "red"), ("Bo", "blue"), ("Chiara", "green")],
    )
    page.get_by_role("link", name="City board").click()
    expect(page.locator("input[name=lots]")).to_have_count(64)  # 8x8 for 3 players

    build(page, "Ana", ["A1", "A2", "A3"], "Insula")
    build(page, "Bo", ["C2", "C3"], "Domus Maximus")
    build(page, "Chiara", ["B2"], "Civic building", **{"Victory points": "2"})
    build(page, "Bo", ["D2"], "Bakery")
    # Lot markers by tap: Chiara owns H8.
    tap_lots(page, ["H8"])
    page.locator(".players-bar label", has_text="Chiara").click()
    page.get_by_role("button", name="Lot marker on / off").click()
    # Sent without leaving the page: the board comes back in place.
    expect(page.locator("label:has(input[value=H8])")).to_contain_text(
        "Chiara's lot marker"
    )
    assert no_sideways_scroll(page)
    screenshot(page, "foundations-board-phone")

    page.get_by_role("link", name="Score era 1").click()

    def cell(player: str, category: str) -> str:
        return (
            page.locator(f"td[data-player={player}][data-category={category}]")
            .inner_text()
            .strip()
        )

    # Ana: population 4, the most: 4 + 4. Bo: 2, directly behind Ana: 4.
    assert cell("red", "residential") == "8"
    assert cell("blue", "residential") == "4"
    # Chiara's civic at B2 touches A2 (Ana), C2 (Bo): 2 buildings x 2 VP.
    assert cell("green", "civic") == "4"
    assert cell("blue", "silver") == "1"
    assert [cell(p, "total") for p in ("red", "blue", "green")] == ["8", "4", "4"]
    screenshot(page, "foundations-era-phone")

    # A tap on a number shows where it comes from, with the rule.
    page.locator("td[data-player=green][data-category=civic] button").click()
    popover = page.locator(".explain:popover-open")
    assert "2 adjacent buildings x 2 VP" in popover.inner_text()
    assert "rulebook 001" in popover.inner_text()
    screenshot(page, "foundations-explain-phone")
    popover.get_by_role("button", name="Close").click()

    page.get_by_role("button", name="Score this era").click()
    assert "Era 1 scored" in page.locator(".flashes").inner_text()
    assert page.get_by_role("heading", name="Era 2").is_visible()
