"""The app on a phone through a Wi-Fi drop (issue 29): installable (manifest,
icons, a service worker that controls the pages), pages seen open offline
read-only with the time they are from, a page never seen is the app's own
offline page, rules answers seen answer, and a save made offline is kept on
the phone and sent, merged or refused when the connection is back. Times are
measured and printed, not asserted (the 15 s of the issue aside, which is the
worker's and page's promise, not the machine's speed)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from .conftest import CHROMIUM, CHROMIUM_ARGS, PHONE, screenshot, start_table

pytestmark = pytest.mark.browser

BACK_WITHIN = 15.0
"""Seconds within which a save kept offline is in the table file (issue 29)."""


@pytest.fixture
def phones(browser: Browser, live_server: str) -> Iterator[list[BrowserContext]]:
    """Two phones on one server (their own cookies and service workers); no
    page reports a script error."""
    contexts = [
        browser.new_context(
            viewport=PHONE,
            device_scale_factor=2,
            is_mobile=True,
            has_touch=True,
            base_url=live_server,
        )
        for _ in range(2)
    ]
    errors: list[str] = []

    def watch(page: Page) -> None:
        page.on("pageerror", lambda exc: errors.append(str(exc)))

    for context in contexts:
        context.on("page", watch)
    try:
        yield contexts
    finally:
        for context in contexts:
            context.close()
    assert errors == [], f"the pages reported errors: {errors}"


def controlled(page: Page) -> None:
    """Wait until the service worker is active and controls ``page``."""
    page.wait_for_function(
        "navigator.serviceWorker.ready"
        ".then(() => !!navigator.serviceWorker.controller)",
        timeout=15_000,
    )


def exported(page: Page, table_url: str) -> dict[str, Any]:
    """The table file as it is on the server (not through the phone's network)."""
    document: dict[str, Any] = page.request.get(f"{table_url}/export").json()
    return document


def names(page: Page, table_url: str) -> list[str]:
    return [p["name"] for p in exported(page, table_url)["players"]]


@pytest.fixture
def own_profile(
    browser: Browser, live_server: str, tmp_path: Path
) -> Iterator[BrowserContext]:
    """A phone with a profile of its own on disk: Chromium installs no app
    from an incognito context (which ``new_context`` makes)."""
    context = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"),
        executable_path=CHROMIUM,
        headless=True,
        args=CHROMIUM_ARGS,
        viewport=PHONE,
        is_mobile=True,
        has_touch=True,
        base_url=live_server,
    )
    try:
        yield context
    finally:
        context.close()


def test_the_manifest_and_icons_are_served_and_chromium_can_install_the_app(
    own_profile: BrowserContext,
) -> None:
    page = own_profile.new_page()
    page.goto("/")
    link = page.locator("link[rel=manifest]")
    manifest_url = link.get_attribute("href")
    assert manifest_url
    answer = page.request.get(manifest_url)
    assert answer.ok
    assert answer.headers["content-type"].startswith("application/manifest+json")
    manifest = answer.json()
    assert manifest["display"] == "standalone"
    assert manifest["name"] and manifest["short_name"] and manifest["start_url"]
    assert manifest["theme_color"] and manifest["background_color"]
    sizes = {}
    for icon in manifest["icons"]:
        got = page.request.get(icon["src"])
        assert got.ok and got.headers["content-type"] == "image/png", icon
        body = got.body()
        assert body.startswith(b"\x89PNG\r\n\x1a\n")
        width = int.from_bytes(body[16:20], "big")
        height = int.from_bytes(body[20:24], "big")
        assert icon["sizes"] == f"{width}x{height}"
        sizes.setdefault(icon["purpose"], set()).add(width)
    assert {192, 512} <= sizes["any"] and sizes["maskable"]
    description = page.locator("meta[name=description]").get_attribute("content")
    assert description and len(description) > 20

    controlled(page)
    cdp = page.context.new_cdp_session(page)
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    print(f"\nINSTALLABLE: Page.getInstallabilityErrors = {errors}")
    assert errors == []
    # Chromium read the same manifest and found no problem in it.
    found = cdp.send("Page.getAppManifest")
    assert found["url"].endswith(manifest_url) and not found["errors"]


def test_offline_a_seen_page_and_rules_answer_open_and_a_new_page_is_the_apps_own(
    phones: list[BrowserContext],
) -> None:
    context = phones[0]
    page = context.new_page()
    start_table(page, "all-roads", [("Ana", "red"), ("Bo", "yellow")])
    table_url = page.url
    controlled(page)
    page.reload()  # now through the worker, which keeps it
    page.goto("/rules?q=merchant+bonus")
    answer = page.locator(".hit h2").first.inner_text()
    clock = "new Date().toTimeString().slice(0, 5)"
    before = page.evaluate(clock)
    page.goto(table_url)
    fetched = {before, page.evaluate(clock)}

    context.set_offline(True)
    page.reload()
    banner = page.locator("#offline")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("Offline: this is the table as of")
    shown = banner.inner_text()
    print(f"\nOFFLINE banner: {shown!r} (page fetched at {fetched})")
    # The time is the phone's clock (its own zone) when the page came.
    assert any(f"as of {hhmm}." in shown for hhmm in fetched), fetched
    expect(page.locator("main h1")).to_contain_text("All Roads")
    # Read-only: the forms are off.
    rename = page.locator("details#rename button[type=submit]")
    expect(rename).to_be_disabled()
    screenshot(page, "offline-table-page")

    page.goto("/rules?q=merchant+bonus")
    expect(page.locator(".hit h2").first).to_have_text(answer)
    expect(banner).to_contain_text("Offline: this page is as it was at")

    page.goto(f"{table_url}/history")  # never opened on this phone
    expect(page.locator("main h1")).to_have_text("No connection")
    kept = page.locator("#kept-pages a")
    expect(kept.first).to_be_visible()
    assert kept.count() >= 2
    screenshot(page, "offline-never-seen")

    # Back online: the kept page shows itself as it is now, forms on.
    page.goto(table_url)
    expect(rename).to_be_disabled()
    context.set_offline(False)
    expect(rename).to_be_enabled(timeout=10_000)
    expect(banner).to_be_hidden()


def open_rename(page: Page) -> None:
    box = page.locator("details#rename")
    if box.get_attribute("open") is None:
        box.locator("summary").click()


def test_a_save_made_offline_is_sent_and_merged_when_the_connection_is_back(
    phones: list[BrowserContext],
) -> None:
    a_context, b_context = phones
    a = a_context.new_page()
    start_table(a, "all-roads", [("Ana", "red"), ("Bo", "yellow")])
    table_url = a.url
    controlled(a)
    b = b_context.new_page()
    b.goto(table_url)

    a_context.set_offline(True)
    open_rename(a)
    a.get_by_label("Seat 1 (Red)").fill("Anna")
    a.get_by_role("button", name="Save names").click()
    notice = a.locator("#offline")
    expect(notice).to_contain_text("is kept on this phone")
    expect(notice).to_contain_text("One save is kept on this phone")
    # Nothing typed is lost: the page stayed, with the name typed.
    assert a.url == table_url
    expect(a.get_by_label("Seat 1 (Red)")).to_have_value("Anna")
    assert names(a, table_url) == ["Ana", "Bo"]
    screenshot(a, "offline-save-kept")

    # Meanwhile another phone renames the other player.
    open_rename(b)
    b.get_by_label("Seat 2 (Yellow)").fill("Bob")
    b.get_by_role("button", name="Save names").click()
    expect(b.locator(".flash").first).to_have_text("Saved.")

    a_context.set_offline(False)
    back = time.monotonic()
    while names(a, table_url) != ["Anna", "Bob"]:
        assert time.monotonic() - back < BACK_WITHIN, names(a, table_url)
        time.sleep(0.2)
    took = time.monotonic() - back
    print(f"\nOFFLINE save in the table file {took:.2f} s after the connection")
    expect(notice).to_contain_text("Sent now that the connection is back")
    expect(notice).to_contain_text("Saved together with another phone's change")
    expect(notice).not_to_contain_text("is kept on this phone")
    expect(a.get_by_label("Seat 2 (Yellow)")).to_have_value("Bob", timeout=10_000)
    screenshot(a, "offline-save-sent")


def test_a_save_kept_offline_with_an_expired_token_or_a_clash_is_told(
    phones: list[BrowserContext],
) -> None:
    """Sent with a token the server no longer knows (the cookies were cleared
    meanwhile), the save takes a fresh one and lands; sent when another
    phone changed the same field, it is refused, the player told why, and
    the form shows what was typed beside the other phone's value."""
    a_context, b_context = phones
    a = a_context.new_page()
    start_table(a, "all-roads", [("Ana", "red"), ("Bo", "yellow")])
    table_url = a.url
    controlled(a)

    a_context.set_offline(True)
    open_rename(a)
    a.get_by_label("Seat 1 (Red)").fill("Anna")
    a.get_by_role("button", name="Save names").click()
    expect(a.locator("#offline")).to_contain_text("is kept on this phone")
    a_context.clear_cookies()
    a_context.set_offline(False)
    expect(a.locator("#offline")).to_contain_text(
        "Sent now that the connection is back", timeout=BACK_WITHIN * 1000
    )
    assert names(a, table_url) == ["Anna", "Bo"]

    a.goto(table_url)
    b = b_context.new_page()
    b.goto(table_url)
    a_context.set_offline(True)
    open_rename(a)
    a.get_by_label("Seat 2 (Yellow)").fill("Bobby")
    a.get_by_role("button", name="Save names").click()
    expect(a.locator("#offline")).to_contain_text("is kept on this phone")
    open_rename(b)
    b.get_by_label("Seat 2 (Yellow)").fill("Bob")
    b.get_by_role("button", name="Save names").click()
    expect(b.locator(".flash").first).to_have_text("Saved.")
    a_context.set_offline(False)
    refused = a.locator("#offline .offline-note.refused")
    expect(refused).to_contain_text(
        "Not saved now that the connection is back", timeout=BACK_WITHIN * 1000
    )
    # The form is the server's answer, which says why.
    expect(a.locator("main .conflict")).to_contain_text(
        "Both phones changed the marked fields"
    )
    # Mine kept, theirs said.
    expect(a.get_by_label("Seat 2 (Yellow)")).to_have_value("Bobby")
    expect(a.locator("details#rename")).to_contain_text("Another phone changed this")
    assert names(a, table_url) == ["Anna", "Bob"]
    screenshot(a, "offline-save-refused")


def test_a_send_the_network_drops_leaves_the_page_and_is_kept(
    phones: list[BrowserContext],
) -> None:
    """The phone thinks it is online, the send fails on the way: the worker
    keeps the page on screen (a 204), the page keeps the save."""
    context = phones[0]
    page = context.new_page()
    start_table(page, "all-roads", [("Ana", "red"), ("Bo", "yellow")])
    table_url = page.url
    controlled(page)
    context.set_offline(True)
    page.evaluate("Object.defineProperty(navigator, 'onLine', {get: () => true})")
    open_rename(page)
    page.get_by_label("Seat 1 (Red)").fill("Anna")
    page.get_by_role("button", name="Save names").click()
    expect(page.locator("#offline")).to_contain_text("is kept on this phone")
    assert page.url == table_url
    expect(page.get_by_label("Seat 1 (Red)")).to_have_value("Anna")
    context.set_offline(False)
    back = time.monotonic()
    while names(page, table_url) != ["Anna", "Bo"]:
        assert time.monotonic() - back < BACK_WITHIN, names(page, table_url)
        time.sleep(0.2)
    print(f"\nOFFLINE dropped send in the file {time.monotonic() - back:.2f} s later")


def test_the_worker_replaces_itself_and_its_caches_when_the_app_is_upgraded(
    phones: list[BrowserContext], monkeypatch: pytest.MonkeyPatch
) -> None:
    from companion.web.views import phone_app

    page = phones[0].new_page()
    page.goto("/")
    controlled(page)
    caches = "caches.keys().then(names => names.sort())"
    before = page.evaluate(caches)
    monkeypatch.setattr(phone_app, "app_version", lambda: "9.9.9-upgraded")
    page.evaluate(
        """() => new Promise(resolve => {
            navigator.serviceWorker.addEventListener("controllerchange", resolve);
            navigator.serviceWorker.ready.then(r => r.update());
        })"""
    )
    waited = time.monotonic()
    after = page.evaluate(caches)
    while not all(name.endswith("-9.9.9-upgraded") for name in after):
        assert time.monotonic() - waited < 10, after
        time.sleep(0.1)
        after = page.evaluate(caches)
    print(f"\nOFFLINE caches before the upgrade {before}, after {after}")
    assert after and not set(before) & set(after)
    page.reload()
    expect(page.locator("main h1").first).to_be_visible()
