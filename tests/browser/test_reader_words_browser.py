"""On a phone, in the reader's language (issue 28): Glory to Rome cards typed
by their Italian names, a refused camps form that opens on what is wrong, the
way back from a rules answer to the table, citations in Italian, and road-board
faces named whole at 390 px."""

from __future__ import annotations

import json
import re
import time

import pytest

from .conftest import PHONE, no_sideways_scroll, screenshot

pytestmark = pytest.mark.browser

CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")


def italian_glory_table(page) -> str:  # type: ignore[no-untyped-def]
    page.goto("/lang/it?next=/new/glory-to-rome")
    page.locator("input[name=players-0-name]").fill("Marco")
    page.locator("input[name=players-1-name]").fill("Lucía")
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(re.compile(r"/t/[\w-]+$"))
    return str(page.url.rsplit("/t/", 1)[1])


def test_italian_card_names_on_an_italian_camps_screen(phone, live_server) -> None:  # type: ignore[no-untyped-def]
    page = phone
    table_id = italian_glory_table(page)
    page.goto(f"/t/{table_id}/camps")
    assert page.locator("html").get_attribute("lang") == "it"
    # the suggestions are the Italian names, the English one beside each
    values = page.locator("datalist#gtr-cards option").evaluate_all(
        "os => os.map(o => [o.value, o.label])"
    )
    suggested = dict(values)
    assert {"Porta", "Statua", "Scalinata", "Mercato", "Muro"} <= set(suggested)
    assert suggested["Muro"] == "Wall" and suggested["Porta"] == "Gate *"
    typed = {
        "Struttura 1": "Porta",
        "Struttura 2": "statua",  # as a thumb types it
        "Struttura 3": "Scalinata",
    }
    marco = page.locator("fieldset.camp").nth(0)
    start = time.perf_counter()
    for label, name in typed.items():
        if label == "Struttura 3":  # the third slot waits under "more"
            marco.locator("summary", has_text="Altre strutture").click()
        marco.get_by_label(label, exact=True).fill(name)
    lucia = page.locator("fieldset.camp").nth(1)
    lucia.get_by_label("Struttura 1", exact=True).fill("Mercato")
    lucia.get_by_label("Struttura 2", exact=True).fill("  MURO ")
    for camp in (marco, lucia):
        camp.get_by_label("Questo accampamento è inserito").check()
    with page.expect_navigation():
        page.get_by_role("button", name="Salva e conteggia").click()
    print(
        f"\nfive Italian names typed and saved in {time.perf_counter() - start:.2f} s"
    )
    assert page.url.endswith(f"/t/{table_id}")
    document = json.loads(page.request.get(f"{live_server}/t/{table_id}/export").text())
    assert document["camps"]["p1"]["buildings"] == ["Gate", "Statue", "Stairway"]
    assert document["camps"]["p2"]["buildings"] == ["Market", "Wall"]
    # shown again by their Italian names
    page.goto(f"/t/{table_id}/camps")
    marco = page.locator("fieldset.camp").nth(0)
    shown = [marco.get_by_label(label, exact=True).input_value() for label in typed]
    assert shown == ["Porta", "Statua", "Scalinata"]
    assert no_sideways_scroll(page)


def test_a_refused_camp_opens_on_its_summary(phone) -> None:  # type: ignore[no-untyped-def]
    page = phone
    table_id = italian_glory_table(page)
    page.goto(f"/t/{table_id}/camps")
    lucia = page.locator("fieldset.camp").nth(1)
    lucia.get_by_label("Struttura 1", exact=True).fill("Portone")
    with page.expect_navigation():
        page.get_by_role("button", name="Salva e conteggia").click()
    summary = page.locator("#error-summary")
    assert summary.is_visible()
    focused = page.evaluate("document.activeElement && document.activeElement.id")
    assert focused == "error-summary"
    box = summary.bounding_box()
    assert box is not None and 0 <= box["y"] < PHONE["height"]
    link = summary.get_by_role("link")
    assert "Lucía" in link.inner_text() and "Struttura 1" in link.inner_text()
    screenshot(page, "glory-camps-refused-italian-phone")
    link.click()
    field = page.locator("#camps-1-buildings-0-name")
    assert page.evaluate("document.activeElement.id") == "camps-1-buildings-0-name"
    assert field.input_value() == "Portone"
    field_box = field.bounding_box()
    assert field_box is not None  # in view, even if at its very top
    assert field_box["y"] + field_box["height"] > 0 and field_box["y"] < PHONE["height"]


def test_a_rules_answer_leads_back_to_its_table_in_italian(phone) -> None:  # type: ignore[no-untyped-def]
    page = phone
    table_id = italian_glory_table(page)
    page.get_by_role("searchbox").fill("bonus mercante")
    with page.expect_navigation():
        page.get_by_role("searchbox").press("Enter")
    for cite in page.locator(".hit cite").all_inner_texts():
        assert CJK.search(cite) is None, cite
    with page.expect_navigation():
        page.locator(".hit h2 a").first.click()
    cite = page.locator("article.entry cite").inner_text()
    assert "003" in cite and CJK.search(cite) is None, cite
    back = page.get_by_role("link", name="Torna al tavolo")
    box = back.bounding_box()
    assert box is not None and box["y"] < PHONE["height"]
    assert no_sideways_scroll(page)
    screenshot(page, "rules-answer-back-to-table-italian-phone")
    with page.expect_navigation():
        back.click()
    assert page.url.endswith(f"/t/{table_id}")


@pytest.mark.parametrize("lang", ["en", "it", "zh"])
def test_road_board_faces_are_named_whole(phone, lang) -> None:  # type: ignore[no-untyped-def]
    page = phone
    page.goto(f"/lang/{lang}?next=/new/foundations-of-rome")
    page.locator("input[name=players-0-name]").fill("Ana")
    page.locator("input[name=players-1-name]").fill("Bo")
    page.locator("input[name=option_roads]").check()
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(re.compile(r"/t/[\w-]+$"))
    table_id = page.url.rsplit("/t/", 1)[1]
    page.goto(f"/t/{table_id}/roads/setup")
    assert page.locator("main select").count() == 0
    names = page.locator(".face-choice .face-name")
    assert names.count() >= 16  # four faces on each of four edges
    cut = names.evaluate_all(
        """els => els.filter(e => e.scrollWidth > e.clientWidth + 1
            || e.getBoundingClientRect().right > window.innerWidth)
            .map(e => e.textContent)"""
    )
    print(f"\n{lang}: {names.count()} face names, {len(cut)} cut")
    assert cut == []
    assert no_sideways_scroll(page)
    screenshot(page, f"road-faces-{lang}-phone")
    # one tap chooses a face, and it is saved
    page.locator(".face-choice").nth(0).locator("label").nth(1).click()
    with page.expect_navigation():
        page.locator("main form button[type=submit]").click()
    page.goto(f"/t/{table_id}/roads/setup")
    north = page.locator("input[name=north]:checked").get_attribute("value")
    assert north == "preset:worked-example-east"
