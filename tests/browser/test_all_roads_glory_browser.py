"""On a phone: a 4-player All Roads tally, and a 3-player Glory to Rome game."""

from __future__ import annotations

import pytest

from .conftest import no_sideways_scroll, screenshot, start_table

pytestmark = pytest.mark.browser


def test_all_roads_four_player_tally(phone) -> None:  # type: ignore[no-untyped-def]
    page = phone
    start_table(
        page,
        "all-roads",
        [("Chiara", "green"), ("Bo", "blue"), ("Ana", "red"), ("Emma", "yellow")],
    )
    page.get_by_role("link", name="Final tally").click()
    # Rulebook 002, Example of End Scoring, entered with the steppers.
    left = {
        0: {"Monuments": 1, "Villas": 1},
        1: {"Spas": 2, "Houses": 5},
        2: {"Monuments": 1, "Spas": 2, "Villas": 3, "Houses": 1},
    }
    rows = page.locator("fieldset.tally-row")
    for index in range(4):
        row = rows.nth(index)
        for label, full in (
            ("Monuments", 3),
            ("Spas", 3),
            ("Villas", 6),
            ("Houses", 7),
        ):
            target = left.get(index, {}).get(label, 0)
            if index == 3:
                continue
            minus = row.get_by_role("button", name=f"{label}: one less")
            for _ in range(full - target):
                minus.click()
    # Emma counts what she built instead.
    emma = rows.nth(3)
    emma.get_by_label("tokens built on the map").check()
    emma.get_by_label("Monuments", exact=True).fill("1")
    emma.get_by_label("Villas", exact=True).fill("6")
    emma.get_by_label("Houses", exact=True).fill("7")
    emma.get_by_label("Spas", exact=True).fill("0")
    assert no_sideways_scroll(page)
    screenshot(page, "all-roads-tally-phone")
    page.get_by_role("button", name="Save and show the result").click()

    def row(pid: str) -> tuple[str, str]:
        tr = page.locator(f"table.ar-result tr[data-player={pid}]")
        return (
            tr.locator(".place").inner_text().strip(),
            tr.locator(".points").inner_text().strip(),
        )

    assert [row(p) for p in ("green", "blue", "red", "yellow")] == [
        ("1", "6"),
        ("2", "11"),
        ("3", "17"),
        ("4", "17"),
    ]
    assert "Ana ahead of Emma" in page.locator(".tie-breaks").inner_text()
    screenshot(page, "all-roads-result-phone")


def test_glory_to_rome_three_players(phone) -> None:  # type: ignore[no-untyped-def]
    page = phone
    start_table(page, "glory-to-rome", [("Marco", ""), ("李雷", ""), ("Lucía", "")])
    page.get_by_role("link", name="Enter the camps").click()
    camps = page.locator("fieldset.camp")
    marco, li = camps.nth(0), camps.nth(1)
    marco.get_by_label("Influence", exact=True).fill("7")
    marco.locator("input[name='camps-0-vault_wood']").fill("2")
    marco.locator("input[name='camps-0-vault_stone']").fill("1")
    marco.get_by_label("Building 1", exact=True).fill("Statue")
    marco.get_by_label("Cards in hand (breaks ties)", exact=True).fill("4")
    li.get_by_label("Influence", exact=True).fill("5")
    li.locator("input[name='camps-1-vault_wood']").fill("1")
    li.locator("input[name='camps-1-vault_stone']").fill("1")
    li.get_by_label("Building 1", exact=True).fill("Wall")
    li.get_by_label("Stockpile", exact=True).fill("5")
    # Lucía's camp is as it started: entered as it is, with its box.
    camps.nth(2).get_by_label("This camp is entered").check()
    assert no_sideways_scroll(page)
    page.get_by_role("button", name="Save and score").click()

    def total(pid: str) -> str:
        return (
            page.locator(f"table.gtr-result td[data-player={pid}][data-category=total]")
            .inner_text()
            .strip()
        )

    assert [total(p) for p in ("p1", "p2", "p3")] == ["18", "11", "2"]
    assert "Marco wins." in page.locator(".winner").inner_text()
    page.locator("td[data-player=p1][data-category=total] button").click()
    assert "merchant" in page.locator(".explain:popover-open").inner_text().lower()
    screenshot(page, "glory-result-phone")
