"""Browser fixtures: the app on 127.0.0.1, Debian's Chromium through Playwright."""

from __future__ import annotations

import os
import shutil
import threading
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask_migrate import upgrade
from werkzeug.serving import make_server

from ..conftest import IN_CI, make_app

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
"""Flags from ../shared/tech-notes.md: headless as root, no calls to the internet."""

PHONE = {"width": 390, "height": 844}
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def closed_on_abort(app: Any) -> Any:
    """``app`` with every response body closed even when the client goes away
    mid-response. Werkzeug's development server closes the body after draining
    the socket, and a reset connection makes that drain raise first, so a file
    response (``static/live.js`` when Chromium cancels a load) stayed open
    until collected: a ResourceWarning in whichever test ran then. A generator
    closes what it wraps in its ``finally`` when it is dropped unfinished."""

    def wrapped(environ: dict[str, Any], start_response: Any) -> Iterable[bytes]:
        body = app(environ, start_response)

        def chunks() -> Iterator[bytes]:
            try:
                yield from body
            finally:
                if hasattr(body, "close"):
                    body.close()

        return chunks()

    return wrapped


@pytest.fixture
def live_server(tmp_path: Path) -> Iterator[str]:
    """The app on a fresh SQLite file, served from a thread; yields its base URL."""
    app = make_app(tmp_path, f"sqlite:///{tmp_path / 'browser.sqlite3'}")
    app.config["TESTING"] = False  # as a player would see it
    with app.app_context():
        upgrade()
    server = make_server("127.0.0.1", 0, closed_on_abort(app), threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=5)
        server.server_close()


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not (os.path.exists(CHROMIUM) or shutil.which("chromium")):
        if IN_CI:
            pytest.fail("CI must have Debian's chromium installed")
        pytest.skip("Debian's chromium is not installed")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        yield browser
        browser.close()


@pytest.fixture
def phone(browser: object, live_server: str) -> Iterator[object]:
    """A new page in a 390x844 phone viewport, pointed at the live server."""
    context = browser.new_context(  # type: ignore[attr-defined]
        viewport=PHONE,
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        accept_downloads=True,
        base_url=live_server,
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))

    def on_console(msg: object) -> None:
        # A refused form answers 4xx on purpose; any other console error is a bug.
        text = msg.text  # type: ignore[attr-defined]
        if msg.type == "error" and not text.startswith("Failed to load resource"):  # type: ignore[attr-defined]
            errors.append(text)

    page.on("console", on_console)
    yield page
    context.close()
    assert errors == [], f"the page reported errors: {errors}"


def no_sideways_scroll(page: object) -> bool:
    """Whether the page, once loaded, fits the phone's width."""
    page.wait_for_load_state("load")  # type: ignore[attr-defined]
    width: int = page.evaluate("document.documentElement.scrollWidth")  # type: ignore[attr-defined]
    return width <= PHONE["width"]


def screenshot(page: object, name: str) -> None:
    """Keep a picture of the page for people to look at (test-artifacts/)."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)  # type: ignore[attr-defined]


def fill_players(page: object, players: list[tuple[str, str]]) -> None:
    """Type each player's name and choose their colour ("" for none) on the
    new-table form, in seat order."""
    for n, (name, colour) in enumerate(players, start=1):
        page.get_by_label(f"Player {n} name").fill(name)  # type: ignore[attr-defined]
        if colour:
            page.get_by_label(f"Player {n} colour").select_option(colour)  # type: ignore[attr-defined]


def start_table(page: object, game: str, players: list[tuple[str, str]]) -> None:
    """Open the new-table form of ``game``, fill it in and start the table."""
    page.goto(f"/new/{game}")  # type: ignore[attr-defined]
    fill_players(page, players)
    page.get_by_role("button", name="Start the table").click()  # type: ignore[attr-defined]
