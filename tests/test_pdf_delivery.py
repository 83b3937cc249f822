"""Issue 31, item 3: a phone asking for the report of the version it sees gets
that PDF (kept while asked for) or the newest, within a bounded number of
asks however often the table changes; one drawing per table at a time,
whichever process asks; a "being prepared" answer (202) builds nothing.

The PDF child is stood in for by :class:`HeldPool`, which keeps each drawing
until the test lets it finish, so every order of events is chosen here."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import delete

from companion.storage import store
from companion.storage.models import ReportDrawing, db, utcnow
from companion.web.views import report

from .conftest import TableActions, migrated_sqlite_app
from .test_finished_lock import FINISH


@dataclass
class Drawing:
    key: str
    kept: Callable[[bytes | None], None]
    future: Future[bytes]

    @property
    def version(self) -> int:
        return int(self.key.split("/")[1])

    def finish(self) -> bytes:
        pdf = f"%PDF drawn for {self.key}".encode()
        self.kept(pdf)
        self.future.set_result(pdf)
        return pdf


class HeldPool:
    """Stands for this process's PDF child: records each drawing asked of
    it, and draws one only when told (:meth:`Drawing.finish`)."""

    def __init__(self) -> None:
        self.drawings: list[Drawing] = []

    def busy(self) -> bool:
        return any(not d.future.done() for d in self.drawings)

    def draw(self, key: str, html: str, *, kept: Any, **_: Any) -> Future[bytes]:
        assert html.startswith("<!doctype html>")
        drawing = Drawing(key, kept, Future())
        self.drawings.append(drawing)
        return drawing.future

    def pending(self) -> list[Drawing]:
        return [d for d in self.drawings if not d.future.done()]


@pytest.fixture
def pool(monkeypatch: pytest.MonkeyPatch) -> HeldPool:
    held = HeldPool()
    monkeypatch.setattr(report, "POOL", held)
    monkeypatch.setattr(report, "WAIT_FOR_PDF", 0)
    return held


@pytest.fixture
def built(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The table version of each report page built for drawing."""
    versions: list[int] = []
    real = report._report_html

    def counted(table: Any, paper: str) -> Any:
        versions.append(table.version)
        return real(table, paper)

    monkeypatch.setattr(report, "_report_html", counted)
    return versions


@pytest.fixture
def pooled(tmp_path: Path) -> Iterator[Flask]:
    yield from migrated_sqlite_app(tmp_path, "d.sqlite3", PDF_POOL=True)


PLAYERS = [("Ana", "red"), ("Bo", "blue")]


def change(actions: TableActions, table_id: str, n: int) -> int:
    """Another phone changes the table (a rename); its new version."""
    assert actions.rename(table_id, [f"Ana{n}", "Bo"]).status_code == 302
    return actions.version(table_id)


def ask(actions: TableActions, table_id: str, version: int | None) -> Any:
    query = "" if version is None else f"?v={version}"
    return actions.client.get(f"/t/{table_id}/report.pdf{query}")


def test_the_table_page_links_the_version_it_shows(
    pooled: Flask, pool: HeldPool
) -> None:
    actions = TableActions(pooled.test_client())
    table_id = FINISH["all-roads"](actions)
    page = actions.client.get(f"/t/{table_id}").get_data(as_text=True)
    links = re.findall(r'href="([^"]*report\.pdf[^"]*)"', page)
    version = actions.version(table_id)
    assert len(links) == 2
    assert all(f"v={version}" in link for link in links)


def test_one_drawing_per_table_and_a_202_builds_nothing(
    pooled: Flask, pool: HeldPool, built: list[int]
) -> None:
    actions = TableActions(pooled.test_client())
    other = TableActions(pooled.test_client())
    table_id = actions.create_id("all-roads", PLAYERS)
    seen = actions.version(table_id)
    first = ask(actions, table_id, seen)
    assert first.status_code == 202
    page = first.get_data(as_text=True)
    assert f"v={seen}" in page and 'http-equiv="refresh"' in page
    # The table changes, phones ask for the old version, the new one, none:
    # still the one drawing, and no report page built for any of them.
    newer = change(actions, table_id, 1)
    for phone, version in ((actions, seen), (other, newer), (other, None)):
        assert ask(phone, table_id, version).status_code == 202
    assert len(pool.drawings) == 1 and built == [seen]
    # Another paper or language of the same table waits for it too.
    assert (
        actions.client.get(f"/t/{table_id}/report.pdf?paper=letter").status_code == 202
    )
    assert len(pool.drawings) == 1


def test_the_version_asked_for_is_kept_though_the_table_changed(
    pooled: Flask, pool: HeldPool
) -> None:
    actions = TableActions(pooled.test_client())
    table_id = actions.create_id("all-roads", PLAYERS)
    seen = actions.version(table_id)
    assert ask(actions, table_id, seen).status_code == 202
    change(actions, table_id, 1)
    change(actions, table_id, 2)
    drawn = pool.drawings[0].finish()  # drawn for `seen`, the table moved on
    again = ask(actions, table_id, seen)
    assert (again.status_code, again.data) == (200, drawn)
    assert len(pool.drawings) == 1


def test_the_newest_kept_is_served_to_a_phone_behind_it(
    pooled: Flask, pool: HeldPool
) -> None:
    actions = TableActions(pooled.test_client())
    table_id = actions.create_id("all-roads", PLAYERS)
    old = actions.version(table_id)
    newest = change(actions, table_id, 1)
    assert ask(actions, table_id, newest).status_code == 202
    drawn = pool.drawings[0].finish()
    # A phone whose page is older gets the newer report at once.
    behind = ask(actions, table_id, old)
    assert (behind.status_code, behind.data) == (200, drawn)
    # A phone ahead of what is kept has it drawn (one more drawing).
    ahead = change(actions, table_id, 2)
    assert ask(actions, table_id, ahead).status_code == 202
    assert [d.version for d in pool.drawings] == [newest, ahead]


@pytest.mark.parametrize("changes_per_drawing", [1, 2, 5])
def test_a_phone_gets_its_pdf_however_often_the_table_changes(
    pooled: Flask, pool: HeldPool, changes_per_drawing: int
) -> None:
    """A drawing takes as long as ``changes_per_drawing`` changes of the
    table; the phone asks again after each change (as its 202 page does).
    It gets a PDF of its version or newer within the drawing under way and
    its own: at most two drawings' time."""
    actions = TableActions(pooled.test_client())
    table_id = actions.create_id("all-roads", PLAYERS)
    changes = 0
    # Another phone's report is being drawn as this phone asks.
    assert ask(actions, table_id, actions.version(table_id)).status_code == 202
    change(actions, table_id, changes := changes + 1)
    seen = actions.version(table_id)
    ticks = 0
    while True:
        answer = ask(actions, table_id, seen)
        if answer.status_code == 200:
            break
        assert answer.status_code == 202
        ticks += 1
        assert ticks <= 2 * changes_per_drawing + 1, "the PDF never came"
        change(actions, table_id, changes := changes + 1)
        if ticks % changes_per_drawing == 0:
            for drawing in pool.pending():
                drawing.finish()
    version = int(answer.data.decode().split("/")[1])
    assert version >= seen
    assert all(not d.future.done() or d.future.result() for d in pool.drawings)


def test_a_drawing_whose_process_died_is_taken_over(
    pooled: Flask, pool: HeldPool
) -> None:
    actions = TableActions(pooled.test_client())
    table_id = actions.create_id("all-roads", PLAYERS)
    version = actions.version(table_id)
    host = store.this_process().rpartition(":")[0]
    with pooled.app_context():
        # Another machine's drawing, started now: it holds the table.
        db.session.add(
            ReportDrawing(
                table_id=table_id,
                version=version,
                by="elsewhere:1",
                started_at=utcnow(),
            )
        )
        db.session.commit()
    assert ask(actions, table_id, version).status_code == 202
    assert pool.drawings == []
    with pooled.app_context():
        db.session.execute(delete(ReportDrawing))
        # A worker of this machine that no longer runs (killed while drawing).
        db.session.add(
            ReportDrawing(
                table_id=table_id,
                version=version,
                by=f"{host}:{2**22 + 12345}",
                started_at=utcnow(),
            )
        )
        db.session.commit()
    assert ask(actions, table_id, version).status_code == 202
    assert len(pool.drawings) == 1
    pool.drawings[0].finish()
    assert ask(actions, table_id, version).status_code == 200
    with pooled.app_context():
        assert db.session.get(ReportDrawing, table_id) is None
