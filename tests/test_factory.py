"""The app factory: embedded defaults, configuration, headers, error pages."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask

from companion import create_app, database_uri
from companion.web.plumbing import CONTENT_SECURITY_POLICY


def test_testing_config() -> None:
    assert not create_app({"SECRET_KEY": "x", "DATABASE_URL": "sqlite://"}).testing
    assert create_app(
        {"TESTING": True, "SECRET_KEY": "x", "DATABASE_URL": "sqlite://"}
    ).testing


def test_embedded_defaults_live_in_the_instance_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setattr(Flask, "instance_path", str(tmp_path), raising=False)

    def instance(self: Flask, *args: object, **kwargs: object) -> str:
        return str(tmp_path / "instance")

    monkeypatch.setattr(Flask, "auto_find_instance_path", instance)
    first = create_app()
    key = (tmp_path / "instance" / "secret_key").read_text()
    assert len(key) == 64
    assert (tmp_path / "instance" / "secret_key").stat().st_mode & 0o077 == 0
    assert first.config["SECRET_KEY"] == key
    assert first.config["SQLALCHEMY_DATABASE_URI"] == (
        f"sqlite:///{tmp_path / 'instance' / 'companion.sqlite3'}"
    )
    # The key is kept: a restart does not log everybody out.
    assert create_app().config["SECRET_KEY"] == key


def test_database_url_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_URL", "postgresql://u:p@db.example/rome")
    app = create_app({"SECRET_KEY": "x"})
    assert app.config["SQLALCHEMY_DATABASE_URI"] == (
        "postgresql+psycopg://u:p@db.example/rome"
    )


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("sqlite:////tmp/x.db", "sqlite:////tmp/x.db"),
        ("postgres://u@h/d", "postgresql+psycopg://u@h/d"),
        ("postgresql://u@h/d", "postgresql+psycopg://u@h/d"),
        ("postgresql+psycopg://u@h/d", "postgresql+psycopg://u@h/d"),
    ],
)
def test_database_uri(url: str, expected: str) -> None:
    assert database_uri(url) == expected


def test_base_template_is_mobile_first_and_local(client) -> None:  # type: ignore[no-untyped-def]
    response = client.get("/")
    text = response.get_data(as_text=True)
    assert 'name="viewport" content="width=device-width, initial-scale=1"' in text
    assert "/static/style.css" in text
    # No CDN: nothing on the page points off the app.
    assert "http://" not in text and "https://" not in text and "//cdn" not in text
    assert "<script>" not in text  # no inline script, as the CSP demands
    with client.get("/static/style.css") as css:
        assert css.status_code == 200


def test_security_headers(client) -> None:  # type: ignore[no-untyped-def]
    headers = client.get("/").headers
    assert headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
    assert "script-src 'self'" in CONTENT_SECURITY_POLICY
    assert "unsafe-inline" not in CONTENT_SECURITY_POLICY
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["X-Frame-Options"] == "DENY"


def test_dark_mode_follows_the_system(client) -> None:  # type: ignore[no-untyped-def]
    with client.get("/static/style.css") as response:
        css = response.get_data(as_text=True)
    assert "@media (prefers-color-scheme: dark)" in css


@pytest.mark.parametrize(
    ("code", "title"), [(404, "Not found"), (405, "Not allowed here")]
)
def test_error_pages(client, code: int, title: str) -> None:  # type: ignore[no-untyped-def]
    response = client.get("/nowhere") if code == 404 else client.get("/import")
    assert response.status_code == code
    assert title in response.get_data(as_text=True)


def test_unexpected_error_page_keeps_the_input(app: Flask) -> None:
    app.config["PROPAGATE_EXCEPTIONS"] = False
    app.config["WTF_CSRF_ENABLED"] = False

    @app.post("/boom")
    def boom() -> str:
        raise RuntimeError("boom")

    response = app.test_client().post("/boom", data={"players-0-name": "Lucía"})
    assert response.status_code == 500
    text = response.get_data(as_text=True)
    assert "Something went wrong" in text and "Lucía" in text


def test_too_large_upload(app: Flask) -> None:
    app.config["WTF_CSRF_ENABLED"] = False
    response = app.test_client().post(
        "/import", data=b"x" * (1024 * 1024 + 1), content_type="application/json"
    )
    assert response.status_code == 413
    assert "larger than 1 MB" in response.get_data(as_text=True)


@pytest.mark.parametrize(
    ("target", "expected"),
    [
        ("/t/abc", "/t/abc"),
        ("https://evil.example/", "/"),
        ("//evil.example/", "/"),
        ("/\\evil.example", "/"),
        # Found by the fuzz of issue 15: a tab or a newline a browser drops.
        ("/%09/evil.example", "/"),
        ("/%0A/evil.example", "/"),
        ("/%0d%0aSet-Cookie:x=1", "/"),
        ("%2F%2Fevil.example", "/"),
        ("/%5Cevil.example", "/"),
        ("javascript:alert(1)", "/"),
        ("", "/"),
        # Paths here, with their query, stay as they are.
        ("/rules%3Fq%3D%25E4%25B8%25AD", "/rules?q=%E4%B8%AD"),
        ("/t/abc/history", "/t/abc/history"),
    ],
)
def test_language_choice_is_kept_and_redirects_only_here(
    client, target: str, expected: str
) -> None:  # type: ignore[no-untyped-def]
    response = client.get(f"/lang/it?next={target}")
    assert response.status_code == 302
    assert response.headers["Location"] == expected
    assert 'lang="it"' in client.get("/").get_data(as_text=True)


def test_unknown_language_is_ignored(client) -> None:  # type: ignore[no-untyped-def]
    client.get("/lang/xx?next=/")
    assert '<html lang="en"' in client.get("/").get_data(as_text=True)
