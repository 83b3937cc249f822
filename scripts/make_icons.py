"""Draw the app's home-screen icons (static/icons/*.png) from static/favicon.svg.

Run from the repository root after changing the favicon:
``.venv/bin/python scripts/make_icons.py``. Debian's Chromium draws the SVG
(Playwright drives it, as in the browser tests), so the PNGs look exactly as
the favicon does in a browser. The PNG files are committed: serving the app
needs no browser.

- ``icon-192.png`` and ``icon-512.png``: the favicon as it is (its rounded
  square, transparent corners), for a launcher that shows an icon as given.
- ``maskable-512.png``: the favicon's square filled out to the edges with its
  own colour and its drawing shrunk into the middle 70 %, so a launcher that
  cuts the icon into a circle or a squircle cuts only background (the safe
  zone of a maskable icon is the centred circle of 80 % of the width).
"""

from __future__ import annotations

import base64
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FAVICON = ROOT / "static" / "favicon.svg"
ICONS = ROOT / "static" / "icons"
CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

PAGE = """<!doctype html><html><head><style>
html, body {{ margin: 0; padding: 0; background: {background}; }}
img {{ display: block; position: absolute; width: {inner}px; height: {inner}px;
      left: {offset}px; top: {offset}px; }}
</style></head><body><img src="data:image/svg+xml;base64,{svg}" alt=""></body></html>"""


def background_colour(svg: str) -> str:
    """The fill of the favicon's first shape: the maskable icon's background."""
    found = re.search(r'<rect[^>]*\bfill="(#[0-9a-fA-F]{3,6})"', svg)
    if found is None:
        raise SystemExit(f"{FAVICON}: no <rect fill=...> to take the colour from")
    return found.group(1)


def main() -> None:
    from playwright.sync_api import sync_playwright

    svg = FAVICON.read_text()
    encoded = base64.b64encode(svg.encode()).decode()
    ICONS.mkdir(exist_ok=True)
    colour = background_colour(svg)
    wanted = [
        ("icon-192.png", 192, 1.0, "transparent"),
        ("icon-512.png", 512, 1.0, "transparent"),
        ("maskable-512.png", 512, 0.7, colour),
    ]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=ARGS
        )
        for name, size, part, background in wanted:
            page = browser.new_page(viewport={"width": size, "height": size})
            inner = round(size * part)
            page.set_content(
                PAGE.format(
                    background=background,
                    inner=inner,
                    offset=(size - inner) // 2,
                    svg=encoded,
                )
            )
            page.wait_for_load_state("load")
            path = ICONS / name
            page.screenshot(path=str(path), omit_background=background == "transparent")
            page.close()
            shown = path.relative_to(ROOT)
            print(f"{shown}: {size}x{size}, {path.stat().st_size} bytes")
        browser.close()


if __name__ == "__main__":
    sys.exit(main())
