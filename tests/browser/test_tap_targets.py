"""Every control a thumb taps is at least 44x44 CSS px (WCAG 2.5.5, Apple HIG),
on the table page, the board with its tray and the era screen, at 390x844."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .test_axe import import_example

pytestmark = pytest.mark.browser

SMALL = """
() => {
  const small = [];
  const taps = "a[href], button, select, input:not([type=hidden]), label.lot, summary";
  for (const el of document.querySelector("main").querySelectorAll(taps)) {
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    if (box.width === 0 || box.height === 0 || style.visibility === "hidden") continue;
    if (el.closest("[popover]:not(:popover-open)")) continue;
    // WCAG 2.5.5's exception: a link inside a sentence (a citation) is text.
    if (el.matches("cite a")) continue;
    // A visually hidden input inside its label is tapped through the label.
    if (el.matches("label input") && style.opacity === "0") continue;
    if (el.matches("label.check input, label.player-choice input")) continue;
    if (box.width < 44 || box.height < 44) {
      const text = (el.textContent || el.value || el.name || "").trim();
      const size = `${Math.round(box.width)}x${Math.round(box.height)}`;
      small.push(`${el.tagName.toLowerCase()} "${text.slice(0, 30)}" ${size}`);
    }
  }
  return small;
}
"""


def small_targets(page: Page, screen: str) -> list[str]:
    # Sizes only mean something once the style sheet is applied.
    page.wait_for_load_state("load")
    found: list[str] = page.evaluate(SMALL)
    print(f"\ntap targets under 44x44 on {screen}: {len(found)}")
    for item in found:
        print(f"  {item}")
    return found


def test_every_tap_target_is_44_px(phone: Page, tmp_path: Path) -> None:
    page = phone
    import_example(page, tmp_path)
    table_url = page.url
    found = {"table": small_targets(page, "the table page")}
    page.get_by_role("link", name="City board").click()
    page.locator("label.lot:has(input[value=F5])").click()
    expect(page.locator("#tray button.piece").first).to_be_visible()
    found["board"] = small_targets(page, "the board with its tray")
    page.goto(table_url + "/era")
    found["era"] = small_targets(page, "the era screen")
    page.goto("/")  # this device's tables, each with "Forget this table"
    found["home"] = small_targets(page, "the home page")
    page.goto(table_url + "/share")
    found["share"] = small_targets(page, "the share page")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert {screen: v for screen, v in found.items() if v} == {}
