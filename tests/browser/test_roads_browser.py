"""On a phone: the whole road-board draft of an era, then its scoring."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ..conftest import require_shared
from .conftest import no_sideways_scroll, screenshot

pytestmark = pytest.mark.browser


def test_whole_draft_on_a_phone(phone, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    shared = require_shared()
    path = shared / "scenarios" / "rof-3p-era2-token-majority-coins.json"
    document = json.loads(path.read_text())
    expected = json.loads(path.with_name(path.stem + ".expected.json").read_text())
    del document["road_boards"]["choices"]
    upload = tmp_path / "table.json"
    upload.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")

    page = phone
    page.goto("/")
    page.get_by_label("Table file (.json)").set_input_files(str(upload))
    page.get_by_role("button", name="Import").click()
    page.locator("a", has_text="Road boards:").click()

    for label in (
        "Space 2: 3 VP",
        "Space 1",
        "Space 1: 1 coin from every other player",
        "Pass",
        "Space 1: 1 VP",
        "Space 2: 2 VP",
    ):
        heading = page.locator(".pick h2").inner_text()
        assert "picks on the" in heading
        with page.expect_navigation():
            if label == "Pass":
                page.get_by_role("button", name="Pass").click()
            else:
                page.locator("form.options button", has_text=label).first.click()
        if label == "Space 2: 3 VP":
            assert no_sideways_scroll(page)
            screenshot(page, "roads-draft-phone")
    # (The page's first status is the offline banner, hidden while online.)
    done = page.locator(".pick-done, .winner[role=status]")
    assert "Every pick is made." in done.first.inner_text()
    # The tie-break on the south edge is said in words.
    page.locator("#edge-south").scroll_into_view_if_needed()
    page.get_by_role("link", name="Score era 2").click()
    for pid, values in expected["players"].items():
        cell = page.locator(f"td[data-player={pid}][data-category=total]")
        assert cell.inner_text().strip() == str(values["total"])
    screenshot(page, "roads-era-phone")
    page.get_by_role("button", name="Score this era").click()
    assert "Era 2 scored" in page.locator(".flashes").inner_text()
