"""Issue 29 in Chromium: a phone in Rome sees the history in Rome's time and
gets a BG Stats play file with its local date and time; pages, CSS and
JavaScript arrive compressed; static files come from the phone's cache on
the next page (one request: the page)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from babel.dates import format_datetime
from playwright.sync_api import Browser, Page, expect

from .conftest import PHONE, screenshot
from .test_finished_browser import TALLY

pytestmark = pytest.mark.browser

ROME = ZoneInfo("Europe/Rome")
TEXT_KINDS = ("Document", "Stylesheet", "Script")


@pytest.fixture
def rome_phone(browser: Browser, live_server: str) -> Iterator[Page]:
    """A phone whose clock is set to Rome's time zone."""
    context = browser.new_context(
        viewport=PHONE,
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        accept_downloads=True,
        base_url=live_server,
        timezone_id="Europe/Rome",
        locale="en-US",
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    context.close()
    assert errors == [], errors


def finished_table(page: Page, tmp_path: Path) -> None:
    """Import a finished All Roads table (its final tally in the file)."""
    path = tmp_path / "tally.json"
    path.write_text(json.dumps(TALLY))
    page.goto("/")
    page.get_by_label("Table file (.json)").set_input_files(str(path))
    page.get_by_role("button", name="Import").click()
    expect(page.get_by_role("complementary", name="The game is over")).to_be_visible()


def test_a_phone_in_rome_sees_rome_time_and_sends_it_to_bg_stats(
    rome_phone: Page, tmp_path: Path
) -> None:
    page = rome_phone
    finished_table(page, tmp_path)
    cookies = {c["name"]: c["value"] for c in page.context.cookies()}
    assert cookies.get("tz") == "Europe/Rome"  # static/tz.js said so

    page.get_by_role("link", name="History").click()
    page.wait_for_load_state("load")
    shown = page.locator("ol li.current time")
    stamp = shown.get_attribute("datetime")
    assert stamp is not None
    moment = datetime.fromisoformat(stamp)
    now = datetime.now(UTC)
    assert abs((now - moment).total_seconds()) < 600, (stamp, now)
    assert moment.utcoffset() == now.astimezone(ROME).utcoffset()
    expected = format_datetime(moment, "short", tzinfo=ROME, locale="en")
    assert shown.inner_text().strip() == expected
    utc_words = format_datetime(moment, "short", tzinfo=UTC, locale="en")
    print(f"history in Rome: {shown.inner_text()!r} (UTC would say {utc_words!r})")
    screenshot(page, "history-rome")

    page.get_by_role("link", name="Back to the table").click()
    with page.expect_download() as info:
        page.get_by_role("button", name="Send to BG Stats (.bgsplay)").click()
    saved = tmp_path / "play.bgsplay"
    info.value.save_as(saved)
    (play,) = json.loads(saved.read_text())["plays"]
    local = moment.astimezone(ROME)
    assert play["playDate"] == f"{local:%Y-%m-%d %H:%M:%S}"
    assert play["playDateYmd"] == int(f"{local:%Y%m%d}")
    assert (
        info.value.suggested_filename == f"all-roads-play{local:%y%m%d%H%M%S}.bgsplay"
    )
    print(f"BG Stats playDate in Rome: {play['playDate']}")


def test_compressed_and_cached_on_the_next_page(
    rome_phone: Page, tmp_path: Path
) -> None:
    page = rome_phone
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    seen: list[dict[str, Any]] = []
    cached: set[str] = set()
    cdp.on("Network.responseReceived", lambda e: seen.append(e))
    cdp.on("Network.requestServedFromCache", lambda e: cached.add(e["requestId"]))

    def from_network() -> list[dict[str, Any]]:
        return [
            e
            for e in seen
            if not e["response"].get("fromDiskCache") and e["requestId"] not in cached
        ]

    # First visit: the home page, then the table it imports.
    finished_table(page, tmp_path)
    page.wait_for_load_state("load")
    checked = []
    for event in from_network():
        response, kind = event["response"], event["type"]
        url = response["url"]
        headers = {k.lower(): v for k, v in response["headers"].items()}
        if response["status"] != 200 or kind not in (
            "Document",
            "Stylesheet",
            "Script",
        ):
            continue
        size = int(headers.get("content-length", "0"))
        encoding = headers.get("content-encoding")
        if kind == "Document" or size >= 500:
            assert encoding in ("br", "gzip"), (url, headers)
        if kind != "Document":
            assert "?v=" in url, url
            assert "max-age=31536000" in headers["cache-control"], url
            assert "immutable" in headers["cache-control"], url
        checked.append(f"{url.split('/', 3)[-1]} {encoding} {size} B")
    print("first visit:", checked)
    assert any("style.css?v=" in c for c in checked)
    assert any("live.js?v=" in c for c in checked)

    # The next pages: one request each, the page; every file from the cache.
    seen.clear()
    table_url = page.url
    page.get_by_role("link", name="History").click()
    page.wait_for_load_state("load")
    page.goto(table_url)
    page.wait_for_load_state("load")
    asked = [
        e["response"]["url"].split("/", 3)[-1]
        for e in from_network()
        if e["type"] == "Document" or "/static/" in e["response"]["url"]
    ]
    print(f"next two pages asked the server for: {asked}")
    assert len(asked) == 2 and not any(u.startswith("static/") for u in asked)
