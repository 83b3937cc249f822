"""Issue 21: PDFs never stall the tables: drawn in a child process of lower
priority, one at a time per server process; while another is drawn, a phone
is told its PDF is being prepared (202, the page asks again), and the PDF,
kept when drawn, is served on the next ask."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from flask import Flask
from flask_migrate import upgrade
from werkzeug.test import TestResponse

from companion.exports.pdf_pool import POOL

from .conftest import TableActions, make_app
from .test_finished_lock import FINISH


@pytest.fixture
def pooled(tmp_path: Path) -> Flask:
    app = make_app(tmp_path, f"sqlite:///{tmp_path / 'pool.sqlite3'}", PDF_POOL=True)
    with app.app_context():
        upgrade()
    return app


def asked_until_drawn(
    actions: TableActions, url: str, tries: int = 300
) -> TestResponse:
    """Ask for a PDF as the phone does: a 202 (still being drawn, as on a
    loaded machine past the wait) is asked again until the PDF comes, up to
    ``tries`` times 0.2 s apart."""
    for _ in range(tries):
        answer = actions.client.get(url)
        if answer.status_code != 202:
            return answer
        time.sleep(0.2)
    return answer


def test_a_pdf_is_drawn_in_the_child_and_kept(pooled: Flask) -> None:
    actions = TableActions(pooled.test_client())
    table_id = FINISH["all-roads"](actions)
    first = asked_until_drawn(actions, f"/t/{table_id}/report.pdf")
    assert first.status_code == 200 and first.data.startswith(b"%PDF")
    assert POOL.child_pid() is not None
    # kept: served again at once, the same bytes, with nothing drawn
    again = actions.client.get(f"/t/{table_id}/report.pdf")
    assert again.status_code == 200 and again.data == first.data
    assert not POOL.busy()


def test_while_another_is_drawn_the_phone_is_told_to_wait(
    pooled: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    actions = TableActions(pooled.test_client())
    table_id = FINISH["glory-to-rome"](actions)
    monkeypatch.setattr(POOL, "busy", lambda: True)
    waiting = actions.client.get(f"/t/{table_id}/report.pdf?paper=letter")
    assert waiting.status_code == 202
    page = waiting.get_data(as_text=True)
    assert 'http-equiv="refresh"' in page and "Preparing the PDF" in page
    monkeypatch.undo()
    # The PDF is drawn meanwhile and kept: the next ask gets it.
    ready = asked_until_drawn(
        actions, f"/t/{table_id}/report.pdf?paper=letter", tries=100
    )
    assert ready.status_code == 200 and ready.data.startswith(b"%PDF")
