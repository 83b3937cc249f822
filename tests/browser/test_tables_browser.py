"""On a phone: create a table, add players, export its file, import it back."""

from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import fill_players, no_sideways_scroll, screenshot

pytestmark = pytest.mark.browser


def badges(page) -> list[str]:  # type: ignore[no-untyped-def]
    """The players as shown: name and colour in words (once the page that a
    click opened has loaded)."""
    page.wait_for_load_state("load")
    texts = page.locator(".players .player").all_inner_texts()
    return [" ".join(text.split()) for text in texts]


def test_create_export_import_on_a_phone(phone, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    page = phone
    page.goto("/")
    page.get_by_role("link", name="Foundations of Rome").click()
    fill_players(page, [("Ana", "red"), ("李雷", "blue"), ("Lucía", "purple")])
    screenshot(page, "new-table-phone")
    page.get_by_role("button", name="Start the table").click()

    assert badges(page) == ["Ana (Red)", "李雷 (Blue)", "Lucía (Purple)"]
    # Nothing is wider than the phone: no sideways scrolling.
    assert no_sideways_scroll(page)
    screenshot(page, "table-phone")

    with page.expect_download() as info:
        page.get_by_role("link", name="Export table file").click()
    exported = tmp_path / "exported.json"
    info.value.save_as(exported)
    assert info.value.suggested_filename.startswith("foundations-of-rome-")

    page.goto("/")
    page.get_by_label("Table file (.json)").set_input_files(str(exported))
    page.get_by_role("button", name="Import").click()
    assert "Imported." in page.locator(".flashes").inner_text()
    assert badges(page) == ["Ana (Red)", "李雷 (Blue)", "Lucía (Purple)"]
    with page.expect_download() as again:
        page.get_by_role("link", name="Export table file").click()
    reimported = tmp_path / "reimported.json"
    again.value.save_as(reimported)
    assert reimported.read_bytes() == exported.read_bytes()

    page.goto("/")
    assert page.locator(".table-list li").count() == 2


def test_import_error_on_a_phone(phone, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    page = phone
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "rome-companion/1", "game": "all-roads", "players": 3}')
    page.goto("/")
    page.get_by_label("Table file (.json)").set_input_files(str(bad))
    page.get_by_role("button", name="Import").click()
    alert = page.get_by_role("alert")
    assert "players: expected a list" in alert.inner_text()
    assert "nothing was changed" in alert.inner_text()
    screenshot(page, "import-error-phone")
