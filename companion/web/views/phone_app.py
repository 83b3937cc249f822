"""The app on a phone's home screen (issue 29): its web app manifest, its service
worker and the page the worker shows offline for a page never opened here.

The worker's script is ``static/sw.js``, plain JavaScript, served from the root
(``/sw.js``) so that it controls every page of the app. Its first line, added
here, says what it needs to know of this app: its version (a digest of what
the pages and the offline page are made of, so the worker replaces itself and
its caches when the app is upgraded) and the addresses it keeps for offline,
made by ``url_for``, so that it follows however static URLs are spelt."""

from __future__ import annotations

import hashlib
import json
from functools import cache
from importlib import metadata
from pathlib import Path

from flask import Blueprint, Response, current_app, render_template, url_for
from flask.typing import ResponseReturnValue
from flask_babel import get_locale
from flask_babel import gettext as _

from ..plumbing import BACKGROUND_COLOUR, DESCRIPTION, THEME_COLOUR

bp = Blueprint("phone_app", __name__)

ICONS = (
    ("icons/icon-192.png", "192x192", "any"),
    ("icons/icon-512.png", "512x512", "any"),
    ("icons/maskable-512.png", "512x512", "maskable"),
)
"""The home-screen icons (drawn by scripts/make_icons.py from the favicon)."""

WORKER = "sw.js"
"""The worker's script, in the static folder (served from ``/sw.js``)."""


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    """The web app manifest, in the reader's language."""
    home = url_for("tables.index")
    data = {
        "id": home,
        "name": _("Rome table companion"),
        "short_name": _("Rome table"),
        "description": str(DESCRIPTION),
        "lang": str(get_locale()),
        "start_url": home,
        "scope": home,
        "display": "standalone",
        "orientation": "any",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "icons": [
            {
                "src": url_for("static", filename=name),
                "sizes": sizes,
                "type": "image/png",
                "purpose": purpose,
            }
            for name, sizes, purpose in ICONS
        ],
    }
    return current_app.response_class(
        json.dumps(data, ensure_ascii=False, indent=1),
        mimetype="application/manifest+json",
    )


@bp.get("/sw.js")
def service_worker() -> Response:
    """The service worker, with what it needs to know of this app on its first
    line. Browsers check it for a new version on every visit (``no-cache``)."""
    static = Path(current_app.static_folder or "static")
    settings = {
        "version": app_version(),
        "offline": url_for("phone_app.offline"),
        "shell": [url_for("phone_app.offline"), url_for("phone_app.manifest")],
        "static": (current_app.static_url_path or "/static").rstrip("/") + "/",
    }
    script = f"self.SETTINGS = {json.dumps(settings)};\n" + (
        (static / WORKER).read_text(encoding="utf-8")
    )
    response = current_app.response_class(script, mimetype="text/javascript")
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/offline")
def offline() -> ResponseReturnValue:
    """What the worker shows offline for a page this phone never opened."""
    return render_template("offline.html")


def app_version() -> str:
    """The app's version and a digest of everything the worker keeps offline
    is made of (static files, templates, translations): it changes whenever
    the app is upgraded, and so does the worker's script, which makes the
    browser install the new worker."""
    roots = (
        current_app.static_folder,
        current_app.template_folder,
        Path(current_app.root_path) / "translations",
    )
    folders = tuple(
        str(Path(current_app.root_path, folder))
        for folder in roots
        if folder is not None
    )
    return _digest(folders)


@cache
def _digest(folders: tuple[str, ...]) -> str:
    """The package version and a digest of every file under ``folders``,
    once per process."""
    try:
        version = metadata.version("rome-companion")
    except metadata.PackageNotFoundError:
        version = "0"
    digest = hashlib.sha256(version.encode())
    for folder in folders:
        for path in sorted(Path(folder).rglob("*")):
            if path.is_file() and path.suffix not in (".pot", ".po"):
                digest.update(str(path.relative_to(folder)).encode() + b"\0")
                digest.update(path.read_bytes())
    return f"{version}-{digest.hexdigest()[:12]}"
