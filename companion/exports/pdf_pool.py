"""PDFs drawn away from the threads that serve pages.

WeasyPrint lays a report out in Python for a tenth of a second or more of
CPU; drawn in a worker's own threads, a burst of reports at the end of an
evening held every table's pages up for seconds (issue 21). Here each server
process hands its reports to one child process of its own (so at most one
report per process is drawn at once) at a lower CPU priority, and a page that
asks while another report is being drawn is told the PDF is being prepared
rather than being held: it asks again, and the report kept for its table
version (``store.keep_pdf``) is served at once.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Mapping
from concurrent.futures import Future, ProcessPoolExecutor
from multiprocessing import get_context
from typing import Final

DRAWING_AT_ONCE: Final = 1
"""Reports one server process draws at a time (in its child process)."""

NICENESS: Final = 10
"""How much lower the child's CPU priority is than the pages'."""


def _start_child() -> None:  # pragma: no cover - runs in the child process
    """The child: lower its priority, then load WeasyPrint and the fonts."""
    os.nice(NICENESS)
    from .pdf import warm_up

    warm_up()


def _draw(  # pragma: no cover - runs in the child process
    html: str, base_url: str, paper: str, drawings: Mapping[str, str]
) -> bytes:
    from .pdf import render_pdf

    return render_pdf(html, base_url=base_url, paper=paper, drawings=drawings)


class PdfPool:
    """One process's child that draws reports, and the reports asked of it."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._executor: ProcessPoolExecutor | None = None
        self._jobs: dict[str, Future[bytes]] = {}

    def _pool(self) -> ProcessPoolExecutor:
        if self._executor is None:
            # A fresh interpreter ("spawn"), not a fork of a process whose
            # threads may hold locks.
            self._executor = ProcessPoolExecutor(
                max_workers=DRAWING_AT_ONCE,
                mp_context=get_context("spawn"),
                initializer=_start_child,
            )
        return self._executor

    def start(self) -> None:
        """Start the child now (as a server's process starts), so the first
        report does not wait for it."""
        with self._lock:
            self._pool()

    def busy(self) -> bool:
        """Whether a report is being drawn or waits to be."""
        with self._lock:
            return any(not job.done() for job in self._jobs.values())

    def draw(
        self,
        key: str,
        html: str,
        *,
        base_url: str,
        paper: str,
        drawings: Mapping[str, str],
        kept: Callable[[bytes], None],
    ) -> Future[bytes]:
        """The report ``key`` (a table version, paper, language and report
        code) drawn in the child: the job already asked for under that key,
        or a new one. ``kept`` receives the PDF when it is drawn (to keep it
        for the next download), in a thread of this process."""
        with self._lock:
            job = self._jobs.get(key)
            if job is not None and not (job.done() and job.exception()):
                return job
            job = self._pool().submit(_draw, html, base_url, paper, dict(drawings))
            self._jobs[key] = job

        def done(finished: Future[bytes]) -> None:
            with self._lock:
                if self._jobs.get(key) is finished:
                    del self._jobs[key]
            if not finished.cancelled() and finished.exception() is None:
                kept(finished.result())

        job.add_done_callback(done)
        return job


POOL: Final = PdfPool()
"""This process's pool (a server process has one; each gunicorn worker is a
process of its own)."""
