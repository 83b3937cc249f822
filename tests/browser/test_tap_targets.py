"""Every control a thumb taps is at least 44x44 CSS px (WCAG 2.5.5, Apple HIG),
at 390x844, on the 11 screens of issue 28: home, the table page, the board with
its tray, era scoring, the road boards, the monuments, the All Roads table and
tally, the Glory to Rome table and camps, and the rules answers; besides them
a road board's faces, a monument's card, a rule's entry, the share page and a
finished table (its result, Reopen and BG Stats). The whole page is measured,
as a player counts it: the site header (its link and the rules search) and the
footer's language links too, not only ``main``; with every ``<details>``
opened, and in each popover (an explanation) shown in turn.

Only a link inside running text is exempt (WCAG 2.5.8's inline exception: its
height is the line's): an inline link with words of its paragraph around it.
A link on its own, such as a citation on its line under the sentence it backs,
is a target like any button."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from ..conftest import require_shared
from .conftest import start_table
from .test_axe import import_example

pytestmark = pytest.mark.browser

SMALL = """
() => {
  const taps = "a[href], button, select, textarea, input:not([type=hidden]), "
    + "label.lot, label.check, label.player-choice, summary";
  // Text a control shows is its own; text around it is what makes a sentence.
  const control = "a, button, select, input, label, summary, option, textarea";
  const inline = new Set(["inline", "contents"]);
  function blockOf(el) {
    let node = el.parentElement;
    while (node && inline.has(getComputedStyle(node).display)) {
      node = node.parentElement;
    }
    return node;
  }
  function inSentence(el) {
    // WCAG 2.5.8's exception: an inline link among words of running text.
    if (el.tagName !== "A" || getComputedStyle(el).display !== "inline") return false;
    const block = blockOf(el);
    if (!block || !block.matches("p, li, td, dd, figcaption, blockquote")) return false;
    const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      if (text.parentElement.closest(control)) continue;
      if (/[\\p{L}\\p{N}]{2}/u.test(text.data)) return true;
    }
    return false;
  }
  const small = [];
  const seen = new Set();
  function measure(root, where) {
    for (const el of root.querySelectorAll(taps)) {
      if (seen.has(el)) continue;
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (box.width === 0 || box.height === 0) continue;
      if (style.visibility === "hidden") continue;
      if (el.closest("[popover]:not(:popover-open)")) continue;
      seen.add(el);
      if (inSentence(el)) continue;
      // A visually hidden input inside its label is tapped through the label.
      if (el.matches("label input") && style.opacity === "0") continue;
      if (el.matches("label.check input, label.player-choice input")) continue;
      if (box.width < 44 || box.height < 44) {
        const text = (el.textContent || el.value || el.name || "").trim();
        const size = `${Math.round(box.width)}x${Math.round(box.height)}`;
        const site = el.closest("header, footer") ? "site " : "";
        const tag = el.tagName.toLowerCase();
        small.push(`${where}${site}${tag} "${text.slice(0, 30)}" ${size}`);
      }
    }
  }
  measure(document.body, "");
  // What a tap opens: every <details>, then each popover (an explanation).
  for (const d of document.querySelectorAll("details:not([open])")) d.open = true;
  measure(document.body, "(opened) ");
  for (const p of document.querySelectorAll("[popover]")) {
    try { p.showPopover(); } catch (e) { continue; }
    measure(p, `(popover #${p.id}) `);
    p.hidePopover();
  }
  return small;
}
"""


def small_targets(page: Page, screen: str) -> list[str]:
    """The targets under 44x44 on the page as it is now; each is printed."""
    # Sizes only mean something once the style sheet is applied.
    page.wait_for_load_state("load")
    found: list[str] = page.evaluate(SMALL)
    print(f"\ntap targets under 44x44 on {screen}: {len(found)}")
    for item in found:
        print(f"  {item}")
    return found


def import_scenario(page: Page, tmp_path: Path, name: str) -> str:
    """A shared scenario imported from the home page; the table's URL."""
    shared = require_shared()
    path = tmp_path / f"{name}.json"
    path.write_text((shared / "scenarios" / f"{name}.json").read_text())
    page.goto("/")
    page.get_by_label("Table file (.json)").set_input_files(str(path))
    page.get_by_role("button", name="Import").click()
    expect(page.locator(".flashes")).to_contain_text("Imported.")
    return page.url


def test_every_tap_target_is_44_px(phone: Page, tmp_path: Path) -> None:
    page = phone
    found: dict[str, list[str]] = {}

    # Foundations of Rome with Roads of Fortune: rulebook 000's example.
    import_example(page, tmp_path)
    table_url = page.url
    found["table"] = small_targets(page, "the table page")
    page.get_by_role("link", name="City board").click()
    page.locator("label.lot:has(input[value=F5])").click()
    expect(page.locator("#tray button.piece").first).to_be_visible()
    found["board"] = small_targets(page, "the board with its tray")
    page.goto(table_url + "/board")
    page.locator("label.lot:has(input[value=D1])").click()
    expect(page.locator("#tray")).to_contain_text("Grand Insula")
    found["board, a building"] = small_targets(page, "the board, a building tapped")
    page.goto(table_url + "/era")
    found["era"] = small_targets(page, "the era screen")
    page.goto(table_url + "/roads")
    found["road boards"] = small_targets(page, "the road boards")
    page.goto(table_url + "/roads/setup")
    found["road faces"] = small_targets(page, "the road boards' faces")
    page.goto(table_url + "/share")
    found["share"] = small_targets(page, "the share page")
    page.goto("/")  # this device's tables, each with "Forget this table"
    found["home"] = small_targets(page, "the home page")

    # Monuments: a table that has built one.
    monuments = import_scenario(
        page, tmp_path, "for-2p-era2-commercial-monument-silver-as-coins"
    )
    page.goto(monuments + "/monuments")
    found["monuments"] = small_targets(page, "the monuments")
    page.locator("ul.monuments a").first.click()
    found["a monument"] = small_targets(page, "a monument's card")

    # All Roads: a new table and its final tally.
    start_table(page, "all-roads", [("Ana", "red"), ("Bo", "blue"), ("Cy", "green")])
    found["all roads table"] = small_targets(page, "the All Roads table page")
    page.get_by_role("link", name="Final tally").click()
    found["all roads tally"] = small_targets(page, "the All Roads tally")

    # Glory to Rome: a table scored from its camps, sites for influence.
    glory = import_scenario(page, tmp_path, "gtr-3p-sites-instead-of-influence")
    found["glory table"] = small_targets(page, "the Glory to Rome table page")
    page.goto(glory + "/camps")
    found["glory camps"] = small_targets(page, "the Glory to Rome camps")

    # A finished game: its result first, Reopen, BG Stats and the CSV.
    finished = import_scenario(page, tmp_path, "all-roads-3p-tie-broken-by-spas")
    expect(page.locator("section.final-result")).to_be_visible()
    found["finished table"] = small_targets(page, "a finished table's page")
    page.goto(finished + "/tally")
    found["finished tally"] = small_targets(page, "a finished table's tally")

    # The rules answers, asked from a table (its game's answers first).
    page.goto(table_url)
    page.locator("header.site").get_by_role("searchbox").fill("tie")
    page.locator("header.site").get_by_role("button", name="Search").click()
    expect(page.locator("ol.hits li").first).to_be_visible()
    found["rules"] = small_targets(page, "the rules answers")
    page.locator("ol.hits h2 a").first.click()
    found["a rule"] = small_targets(page, "a rule's entry")

    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    total = sum(len(v) for v in found.values())
    print(f"\ntap targets under 44x44 on {len(found)} screens: {total}")
    assert {screen: v for screen, v in found.items() if v} == {}


def test_the_measure_sees_a_small_link(phone: Page) -> None:
    """The check above can fail: a stand-alone link 20 px high is counted,
    the same link inside a sentence is not."""
    page = phone
    page.goto("/")
    page.wait_for_load_state("load")
    page.evaluate(
        """() => {
          const main = document.querySelector("main");
          main.insertAdjacentHTML("beforeend",
            '<p><a href="/rules">Rulebook 001, End of Game</a></p>'
            + '<p>As <a href="/rules">the rulebook</a> says.</p>');
        }"""
    )
    found = page.evaluate(SMALL)
    assert [item for item in found if "Rulebook 001" in item] != []
    assert [item for item in found if '"the rulebook"' in item] == []
