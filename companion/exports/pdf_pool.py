"""PDFs drawn away from the threads that serve pages.

WeasyPrint lays a report out in Python for a tenth of a second or more of
CPU; drawn in a worker's own threads, a burst of reports at the end of an
evening held every table's pages up for seconds (issue 21). Here each server
process hands its reports to one child process of its own
(:mod:`companion.exports.pdf_child`, so at most one report per process is
drawn at once) at a lower CPU priority, and a page that asks while another
report is being drawn is told the PDF is being prepared rather than being
held: it asks again, and the report kept when drawn (``store.keep_pdf``) is
served at once.

The child lives exactly as long as its server process (issue 31): it is
started as the process starts serving (:meth:`PdfPool.start`, so the first
report does not wait for WeasyPrint to load, issue 33), started again if it
dies, stopped when the process exits (reload, stop: :meth:`PdfPool.shutdown`
at exit, reports still waiting dropped) and, when the process is killed, it
stops by itself (its inbox ends; it watches its parent's process id).
"""

from __future__ import annotations

import atexit
import os
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping
from concurrent.futures import Future
from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any, Final, Literal

DRAWING_AT_ONCE: Final = 1
"""Reports one server process draws at a time (in its child process)."""

READY_TIMEOUT: Final = 120.0
"""Seconds a new child may take to load WeasyPrint before it counts as dead."""

STOP_TIMEOUT: Final = 3.0
"""Seconds a stopping process lets its child finish the report it draws."""

RESTART_PAUSE: Final = 1.0
"""Seconds between two starts of a child that died at once."""

PACKAGE_PARENT: Final = Path(__file__).resolve().parents[2]
"""The folder holding the ``companion`` package (for the child's import)."""

State = Literal["off", "starting", "ready", "down"]
"""The child as :meth:`PdfPool.state` tells it: never started in this
process, loading WeasyPrint, drawing or waiting for reports, or dead."""


class PdfChildError(RuntimeError):
    """The PDF child could not draw a report: it died, or the drawing failed
    (the message says which and why)."""


@dataclass
class _Job:
    key: str
    args: tuple[str, str, str, dict[str, str]]
    future: Future[bytes]
    kept: Callable[[bytes | None], None]

    def finish(self, pdf: bytes | None, error: BaseException | None = None) -> None:
        """Hand the PDF (None: not drawn) to ``kept``, then answer whoever
        waits: a page told its PDF is ready finds it kept."""
        try:
            self.kept(pdf)
        finally:
            if pdf is not None:
                self.future.set_result(pdf)
            elif error is not None:
                self.future.set_exception(error)
            else:
                self.future.cancel()


class _Child:
    """A running child and the two ends of its pipes this process holds."""

    def __init__(self) -> None:
        to_child_r, to_child_w = os.pipe()
        from_child_r, from_child_w = os.pipe()
        env = {
            **os.environ,
            "PYTHONPATH": os.pathsep.join(
                p for p in (str(PACKAGE_PARENT), os.environ.get("PYTHONPATH")) if p
            ),
        }
        try:
            self.process = subprocess.Popen(  # noqa: S603 - this Python, fixed args
                [
                    sys.executable,
                    "-m",
                    "companion.exports.pdf_child",
                    str(to_child_r),
                    str(from_child_w),
                    str(os.getpid()),
                ],
                pass_fds=(to_child_r, from_child_w),
                stdin=subprocess.DEVNULL,
                env=env,
            )
        finally:
            os.close(to_child_r)
            os.close(from_child_w)
        self.send = Connection(to_child_w, readable=False)
        self.receive = Connection(from_child_r, writable=False)

    @property
    def pid(self) -> int:
        return self.process.pid

    def alive(self) -> bool:
        return self.process.poll() is None

    def wait_ready(self, timeout: float) -> None:
        """Until the child says it is ready.

        :raises PdfChildError: it died or took longer than ``timeout``.
        """
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            try:
                if left <= 0 or not self.receive.poll(left):
                    raise PdfChildError("the PDF child did not get ready in time")
                message: Any = self.receive.recv()
            except (EOFError, OSError) as exc:
                raise PdfChildError("the PDF child stopped as it started") from exc
            if message[0] == "ready":
                return

    def close(self, timeout: float) -> None:
        """Close its inbox (it stops after the report it draws), wait for it
        up to ``timeout`` seconds, then kill it."""
        for end in (self.send, self.receive):
            try:
                end.close()
            except OSError:
                pass
        try:
            self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


class PdfPool:
    """One process's PDF child, and the reports asked of it."""

    def __init__(self) -> None:
        self._exit_registered = False
        self._forget()

    def _forget(self) -> None:
        """Start afresh: in a process made by fork the parent's child and
        thread are not this process's (``os.register_at_fork``)."""
        self._lock = threading.Condition()
        self._waiting: deque[_Job] = deque()
        self._jobs: dict[str, Future[bytes]] = {}
        self._thread: threading.Thread | None = None
        self._child: _Child | None = None
        self._ready = False
        self._closed = False
        self.children_started = 0
        """How many children this process started (a restart adds one)."""

    # -- starting and stopping -------------------------------------------

    def start(self) -> None:
        """Start the child now (as a server's process starts), so the first
        report does not wait for it; a pool stopped before starts again."""
        with self._lock:
            self._closed = False
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(
                    target=self._run, name="pdf-pool", daemon=True
                )
                self._thread.start()
            if not self._exit_registered:
                atexit.register(self.shutdown)
                self._exit_registered = True

    def shutdown(self, timeout: float = STOP_TIMEOUT) -> None:
        """Stop the child (as the process exits): reports still waiting are
        dropped (their pages ask again and another process draws them); the
        one being drawn gets ``timeout`` seconds to finish."""
        with self._lock:
            self._closed = True
            waiting = list(self._waiting)
            self._waiting.clear()
            child, self._child = self._child, None
            self._ready = False
            self._lock.notify_all()
        for job in waiting:
            job.finish(None)
        if child is not None:
            child.close(timeout)
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout)

    # -- what the health URL and the pages ask ---------------------------

    def state(self) -> State:
        """Whether the child lives: ``off`` (never started here),
        ``starting``, ``ready`` or ``down``."""
        with self._lock:
            if self._thread is None:
                return "off"
            if self._closed:
                return "down"
            child = self._child
            if child is None:
                # Just started: the pool's thread is about to spawn the child.
                return "starting" if self._thread.is_alive() else "down"
            if not child.alive():
                return "down"
            return "ready" if self._ready else "starting"

    def child_pid(self) -> int | None:
        """The running child's process id, if one runs."""
        with self._lock:
            child = self._child
            return child.pid if child is not None and child.alive() else None

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
        kept: Callable[[bytes | None], None],
    ) -> Future[bytes]:
        """The report ``key`` (a table version, paper, language and report
        code) drawn in the child: the job already asked for under that key,
        or a new one. ``kept`` receives the PDF once it is over (None when
        it failed or was dropped: to keep it, or let another draw it), in a
        thread of this process, before the job is done."""
        self.start()
        with self._lock:
            job = self._jobs.get(key)
            if job is not None and not job.done():
                return job
            future: Future[bytes] = Future()
            self._jobs[key] = future
            self._waiting.append(
                _Job(key, (html, base_url, paper, dict(drawings)), future, kept)
            )
            self._lock.notify_all()

        def done(finished: Future[bytes]) -> None:
            with self._lock:
                if self._jobs.get(key) is finished:
                    del self._jobs[key]

        future.add_done_callback(done)
        return future

    # -- the thread that talks to the child ------------------------------

    def _run(self) -> None:
        while True:
            with self._lock:
                if self._closed:
                    return
                child = self._child
            if child is None or not child.alive():
                child = self._restart(child)
                if child is None:
                    continue
            job = self._next_job(child)
            if job is None:
                continue
            if not job.future.set_running_or_notify_cancel():
                continue
            try:
                child.send.send(job.args)
                answer: Any = child.receive.recv()
            except (EOFError, OSError):
                if not self._closed:
                    child.close(0)
                job.finish(None, PdfChildError("the PDF child stopped while drawing"))
                continue
            if answer[0] == "ok":
                job.finish(answer[1])
            else:
                job.finish(None, PdfChildError(str(answer[1])))

    def _restart(self, dead: _Child | None) -> _Child | None:
        """A new, ready child in place of ``dead`` (or the first), or None
        (stopping, or it failed: tried again after a pause)."""
        if dead is not None:
            dead.close(0)
        with self._lock:
            self._ready = False
            if self._closed:
                return None
        try:
            child = _Child()
        except OSError:
            time.sleep(RESTART_PAUSE)
            return None
        with self._lock:
            if self._closed:
                child.close(0)
                return None
            self._child = child
            self.children_started += 1
        try:
            child.wait_ready(READY_TIMEOUT)
        except PdfChildError:
            time.sleep(RESTART_PAUSE)
            return None
        with self._lock:
            self._ready = self._child is child
        return child

    def _next_job(self, child: _Child) -> _Job | None:
        """The next report to draw, or None after a second without one (so
        a child that died meanwhile is noticed and started again)."""
        with self._lock:
            if not self._waiting and not self._closed:
                self._lock.wait(1.0)
            if self._closed or not self._waiting or not child.alive():
                return None
            return self._waiting.popleft()


POOL: Final = PdfPool()
"""This process's pool (a server process has one; each gunicorn worker is a
process of its own)."""

os.register_at_fork(after_in_child=POOL._forget)
