"""The app on a phone's home screen (issue 29), as the server answers: the
manifest in the reader's language, the service worker from the root with
the app's version, the offline page, and what every page links to."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.web.views import phone_app

from .conftest import make_app
from .helpers import soup

ROOT = Path(__file__).resolve().parents[1]


def test_the_manifest_names_the_app_and_its_icons(client: FlaskClient) -> None:
    answer = client.get("/manifest.webmanifest")
    assert answer.status_code == 200
    assert answer.mimetype == "application/manifest+json"
    manifest = json.loads(answer.get_data(as_text=True))
    assert manifest["name"] == "Rome table companion"
    assert manifest["start_url"] == manifest["scope"] == "/"
    assert manifest["display"] == "standalone"
    assert manifest["theme_color"] == phone_app.THEME_COLOUR
    purposes = {icon["purpose"] for icon in manifest["icons"]}
    assert purposes == {"any", "maskable"}
    for icon in manifest["icons"]:
        with client.get(icon["src"]) as png:
            assert png.status_code == 200 and png.mimetype == "image/png"


def test_the_manifest_speaks_the_language_chosen(client: FlaskClient) -> None:
    client.get("/lang/it")
    manifest = json.loads(client.get("/manifest.webmanifest").get_data(as_text=True))
    assert manifest["lang"] == "it"
    assert "ogni punto spiegato" in manifest["description"]


def test_the_worker_is_served_from_the_root_with_the_apps_version(
    client: FlaskClient,
) -> None:
    answer = client.get("/sw.js")
    assert answer.status_code == 200
    assert answer.mimetype == "text/javascript"
    assert answer.headers["Cache-Control"] == "no-cache"
    first, _, rest = answer.get_data(as_text=True).partition("\n")
    settings = json.loads(first.removeprefix("self.SETTINGS = ").removesuffix(";"))
    assert settings["offline"] == "/offline"
    assert settings["shell"] == ["/offline", "/manifest.webmanifest"]
    assert settings["static"] == "/static/"
    assert settings["version"].startswith("0.1.0-")
    assert rest == (ROOT / "static" / "sw.js").read_text()


def test_the_version_changes_with_what_the_worker_keeps(tmp_path: Path) -> None:
    folder = tmp_path / "static"
    folder.mkdir()
    (folder / "style.css").write_text("a {}")
    before = phone_app._digest((str(folder),))
    (folder / "style.css").write_text("a { color: red }")
    phone_app._digest.cache_clear()
    after = phone_app._digest((str(folder),))
    assert before != after
    phone_app._digest.cache_clear()


def test_the_worker_and_manifest_need_no_database(tmp_path: Path) -> None:
    """Served before the migrations are applied, as static files are: a phone's
    worker checks for a new version even while the database is being set up."""
    app = make_app(tmp_path, f"sqlite:///{tmp_path / 'empty.sqlite3'}")
    client = app.test_client()
    assert client.get("/sw.js").status_code == 200
    assert client.get("/manifest.webmanifest").status_code == 200
    assert client.get("/").status_code == 503


def test_the_offline_page(client: FlaskClient) -> None:
    page = soup(client.get("/offline"))
    assert page.select_one("main h1").get_text() == "No connection"
    assert page.select_one("#kept-pages[hidden]") is not None
    assert page.select_one("#offline")["data-fallback"] == "1"


@pytest.mark.parametrize("path", ["/", "/rules?q=tie", "/offline", "/join"])
def test_every_page_links_the_manifest_worker_and_says_what_it_is(
    app: Flask, client: FlaskClient, path: str
) -> None:
    answer = client.get(path)
    assert answer.headers["Content-Language"] == "en"
    page = soup(answer)
    assert page.select_one("link[rel=manifest]")["href"] == "/manifest.webmanifest"
    assert page.select_one("meta[name=theme-color]")["content"]
    description = page.select_one("meta[name=description]")["content"]
    assert "every point explained" in description
    assert page.select_one("#offline")["data-worker"] == "/sw.js"
    assert page.select_one("script[src^='/static/offline.js']") is not None


def test_a_refused_csrf_token_says_so_in_a_header(app: Flask) -> None:
    """static/offline.js sends a kept save again with a fresh token when the
    answer says the token was refused, and only then."""
    app.config["WTF_CSRF_ENABLED"] = True
    client = app.test_client()
    answer = client.post("/import", data={"csrf_token": "stale"})
    assert answer.status_code == 400
    assert answer.headers["X-CSRF-Refused"] == "1"
