"""axe-core on the board, tray and era screens at 390x844 (issue 13): no serious
or critical accessibility violation. axe-core comes inside the
axe-playwright-python wheel, so nothing is fetched at run time."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from ..conftest import require_shared

pytestmark = pytest.mark.browser

BLOCKING = {"serious", "critical"}


def violations(page: Page, screen: str) -> list[str]:
    """axe's violations on the page as it is now; every one is printed."""
    from axe_playwright_python.sync_playwright import Axe

    page.wait_for_load_state("load")  # the page a click opened, whole
    found = Axe().run(page).response["violations"]
    impacts = Counter(v["impact"] for v in found)
    print(f"\naxe {screen}: {dict(impacts) or 'no violations'}")
    for v in found:
        print(f"  {v['impact']}: {v['id']} ({len(v['nodes'])}): {v['help']}")
    return [f"{v['id']}: {v['help']}" for v in found if v["impact"] in BLOCKING]


def import_example(page: Page, tmp_path: Path) -> None:
    """The rulebook 000 example, without its picks, imported as a group would."""
    shared = require_shared()
    doc = json.loads(
        (shared / "scenarios" / "rof-rulebook-worked-example.json").read_text()
    )
    del doc["road_boards"]["choices"]
    path = tmp_path / "example.json"
    path.write_text(json.dumps(doc))
    page.goto("/")
    page.get_by_label("Table file (.json)").set_input_files(str(path))
    page.get_by_role("button", name="Import").click()
    expect(page.locator(".flashes")).to_contain_text("Imported.")


def test_board_tray_and_era_screens_pass_axe(phone: Page, tmp_path: Path) -> None:
    page = phone
    import_example(page, tmp_path)
    table_url = page.url
    found = {"table": violations(page, "table page")}

    page.get_by_role("link", name="City board").click()
    found["board"] = violations(page, "board")

    # The tray: two empty lots tapped (pieces that fit), then a built lot.
    page.locator("label.lot:has(input[value=F5])").click()
    page.locator("label.lot:has(input[value=F6])").click()
    expect(page.locator("#tray button.piece").first).to_be_visible()
    found["tray"] = violations(page, "board with the tray")
    page.locator("label.lot:has(input[value=F5])").click()
    page.locator("label.lot:has(input[value=F6])").click()
    page.locator("label.lot:has(input[value=D1])").click()
    expect(page.locator("#tray")).to_contain_text("Grand Insula")
    found["built lot"] = violations(page, "board, a building tapped")

    page.goto(table_url + "/era")
    found["era"] = violations(page, "era scoring")
    page.goto(table_url + "/roads")
    found["road picks"] = violations(page, "road-board picks")
    page.goto(table_url + "/share")
    found["share"] = violations(page, "share this table")
    watch_url = page.locator("a.watch-link").get_attribute("href")
    assert watch_url
    page.goto(watch_url)
    found["watch"] = violations(page, "watch link")
    page.goto("/join")
    found["join"] = violations(page, "join a table")
    assert {screen: v for screen, v in found.items() if v} == {}


def test_axe_sees_a_control_with_no_name(phone: Page, tmp_path: Path) -> None:
    """The check above can fail: an unlabelled input on the board is caught."""
    page = phone
    import_example(page, tmp_path)
    page.get_by_role("link", name="City board").click()
    page.wait_for_load_state("load")
    page.evaluate(
        "document.querySelector('main').appendChild(document.createElement('input'))"
    )
    assert any(v.startswith("label:") for v in violations(page, "broken board"))
