"""Issue 16: a table version's report PDF is made once and served again while
nothing it shows changed; a change, another paper or language, or another
release of the report's code makes it again. And a worker loads WeasyPrint
as it starts."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from companion.exports import pdf
from companion.storage import store
from companion.storage.models import ReportPdf, db
from companion.web.views import report

from .conftest import TableActions, make_app
from .test_views_watch import watch_link


@pytest.fixture
def renders(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Each PDF WeasyPrint is asked to draw: its paper."""
    drawn: list[str] = []
    real: Callable[..., bytes] = report.render_pdf

    def counted(html: str, **kw: Any) -> bytes:
        drawn.append(str(kw.get("paper")))
        return real(html, **kw)

    monkeypatch.setattr(report, "render_pdf", counted)
    return drawn


def kept(app: Flask) -> list[tuple[int, str, str]]:
    with app.app_context():
        rows = db.session.execute(
            select(ReportPdf.version, ReportPdf.paper, ReportPdf.lang).order_by(
                ReportPdf.id
            )
        )
        return [tuple(r) for r in rows]  # type: ignore[misc]


def test_an_unchanged_table_is_drawn_once(
    app: Flask, client: FlaskClient, actions: TableActions, renders: list[str]
) -> None:
    table_id = actions.create_id("all-roads", [("Ana", "red"), ("Bo", "blue")])
    url = f"/t/{table_id}/report.pdf"
    first, second = client.get(url), client.get(url)
    assert first.status_code == second.status_code == 200
    assert second.data == first.data
    assert second.headers["Content-Disposition"] == first.headers["Content-Disposition"]
    assert len(renders) == 1
    # Each paper and each language is its own PDF, each drawn once.
    client.get(url + "?paper=letter")
    client.get(url + "?paper=letter")
    client.get(url, headers={"Accept-Language": "it"})
    client.get(url, headers={"Accept-Language": "it"})
    assert len(renders) == 3
    version = actions.version(table_id)
    assert kept(app) == [
        (version, "a4", "en"),
        (version, "letter", "en"),
        (version, "a4", "it"),
    ]


def test_a_change_draws_it_again_and_drops_the_old_ones(
    app: Flask,
    client: FlaskClient,
    actions: TableActions,
    renders: list[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    table_id = actions.create_id("all-roads", [("Ana", "red"), ("Bo", "blue")])
    url = f"/t/{table_id}/report.pdf"
    before = client.get(url).data
    client.get(url + "?paper=letter")
    assert actions.rename(table_id, ["Anna", "Bo"]).status_code == 302
    after = client.get(url).data
    assert len(renders) == 3
    assert after != before
    # The same paper and language: the earlier version goes at once. The
    # letter of the earlier version stays a while: a phone that asked for
    # the version it saw comes back for it (issue 31).
    version = actions.version(table_id)
    assert kept(app) == [(version - 1, "letter", "en"), (version, "a4", "en")]
    # Undo is a change too: the table's version moved on. Once nobody asked
    # for the old letter for a while, it goes as well.
    monkeypatch.setattr(store, "KEEP_ASKED_SECONDS", -1)
    actions.post_action(table_id, "undo")
    client.get(url)
    assert len(renders) == 4
    assert kept(app) == [(actions.version(table_id), "a4", "en")]


def test_another_release_draws_it_again(
    app: Flask,
    client: FlaskClient,
    actions: TableActions,
    renders: list[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    table_id = actions.create_id("all-roads", [("Ana", "red"), ("Bo", "blue")])
    url = f"/t/{table_id}/report.pdf"
    client.get(url)
    monkeypatch.setattr(report, "report_revision", lambda: "another-release")
    client.get(url)
    client.get(url)
    assert len(renders) == 2
    assert len(kept(app)) == 1


def test_deleting_the_table_deletes_its_pdfs(
    app: Flask, client: FlaskClient, actions: TableActions
) -> None:
    table_id = actions.create_id("all-roads", [("Ana", "red"), ("Bo", "blue")])
    client.get(f"/t/{table_id}/report.pdf")
    assert len(kept(app)) == 1
    assert actions.post_action(table_id, "delete").status_code == 302
    with app.app_context():
        assert db.session.scalar(select(func.count(ReportPdf.id))) == 0


def test_the_watch_link_shares_the_kept_pdf(
    client: FlaskClient, actions: TableActions, renders: list[str]
) -> None:
    table_id = actions.create_id("all-roads", [("Ana", "red"), ("Bo", "blue")])
    played = client.get(f"/t/{table_id}/report.pdf").data
    watched = client.get(watch_link(client, table_id) + "/report.pdf")
    assert watched.status_code == 200
    assert watched.data == played
    assert len(renders) == 1


def test_the_revision_is_a_fingerprint_of_the_report_code() -> None:
    revision = report.report_revision()
    assert len(revision) == 16
    assert revision == report.report_revision()


def test_warm_up_draws_a_page_with_the_report_fonts() -> None:
    fetcher = pdf.url_fetcher(drawings={"warm.svg": pdf.WARM_UP_SVG})
    drawn = pdf.render_pdf(
        pdf.WARM_UP_HTML, drawings={"warm.svg": pdf.WARM_UP_SVG}, fetcher=fetcher
    )
    assert drawn.startswith(b"%PDF")
    assert fetcher.refused == []
    assert any(url.endswith("print.css") for url in fetcher.fetched)


def test_a_warm_worker_compiles_no_template_for_its_first_report(
    app: Flask, actions: TableActions, renders: list[str]
) -> None:
    """Issue 33: a fresh worker's first PDF costs what a warm one does. The
    warm-up compiles the report's templates, those it includes too (Jinja
    would compile an included one as the first report is rendered)."""
    table_id = actions.create_id("all-roads", [("Ana", "red"), ("Bo", "blue")])
    report.warm_up(app)
    app.extensions["pdf_warm_up_thread"].join(timeout=60)
    compiled: list[str] = []
    loader = app.jinja_env.loader
    assert loader is not None
    real = loader.get_source

    def counted(environment: Any, name: str) -> Any:
        compiled.append(name)
        return real(environment, name)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(loader, "get_source", counted)
        assert actions.client.get(f"/t/{table_id}/report.pdf").status_code == 200
    assert renders == ["a4"]
    assert compiled == []


def test_a_serving_worker_warms_up_in_the_background(tmp_path: Path) -> None:
    app = make_app(tmp_path, f"sqlite:///{tmp_path / 'w.sqlite3'}", PDF_WARM_UP=True)
    thread = app.extensions["pdf_warm_up_thread"]
    thread.join(timeout=60)
    assert not thread.is_alive()
    # Tests make apps without it unless asked.
    other = make_app(tmp_path, f"sqlite:///{tmp_path / 'x.sqlite3'}")
    assert "pdf_warm_up_thread" not in other.extensions
