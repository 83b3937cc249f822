"""On a phone: ask a rules question from a table, in Italian, and open the answer."""

from __future__ import annotations

import pytest

from .conftest import no_sideways_scroll, screenshot

pytestmark = pytest.mark.browser


def test_rules_question_from_a_table_in_italian(phone) -> None:  # type: ignore[no-untyped-def]
    page = phone
    page.goto("/lang/it?next=/new/glory-to-rome")
    page.locator("input[name=players-0-name]").fill("Marco")
    page.locator("input[name=players-1-name]").fill("Lucía")
    page.locator("main form button[type=submit]").click()
    page.get_by_role("searchbox").fill("bonus mercante pareggio")
    with page.expect_navigation():
        page.get_by_role("searchbox").press("Enter")
    first = page.locator(".hit").first
    assert "Mercante" in first.inner_text()
    assert first.locator("mark").count() > 0
    assert no_sideways_scroll(page)
    screenshot(page, "rules-search-italian-phone")
    with page.expect_navigation():
        first.locator("h2 a").click()
    assert page.locator("article.entry h1").inner_text()
    assert "003" in page.locator("article.entry cite").inner_text()
