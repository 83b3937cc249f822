"""The PDF child: a process of its own that draws reports for one server process.

Started by :class:`companion.exports.pdf_pool.PdfPool` as
``python -m companion.exports.pdf_child READ_FD WRITE_FD PARENT_PID``. It
lowers its CPU priority, loads WeasyPrint and the report's fonts, says it is
ready, then draws each report it is sent, one at a time.

It never outlives its parent (issue 31: children of about 100 MB each stayed
alive after a reload, a stop or a killed worker): it stops when its inbox
reaches its end (the parent closed it, or died, which closes it whatever way
it died, ``kill -9`` included), and a watcher thread stops it as soon as its
parent's process id is no longer its parent's (the parent died while a report
was being drawn).
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from multiprocessing.connection import Connection
from typing import Any, Final

NICENESS: Final = 10
"""How much lower the child's CPU priority is than the pages'."""

PARENT_CHECK_SECONDS: Final = 0.5
"""How often the child looks whether its parent is still alive."""


def watch_parent(
    parent_pid: int, every: float = PARENT_CHECK_SECONDS
) -> threading.Thread:
    """A daemon thread that ends this process once ``parent_pid`` is no longer
    its parent (the parent died and the process was adopted by another)."""

    def run() -> None:
        while os.getppid() == parent_pid:
            time.sleep(every)
        os._exit(0)

    thread = threading.Thread(target=run, name="pdf-child-parent-watch", daemon=True)
    thread.start()
    return thread


def serve(inbox: Connection, outbox: Connection) -> None:
    """Say ``("ready",)`` once warm, then answer each job ``(html, base_url,
    paper, drawings)`` with ``("ok", pdf)`` or ``("error", words)`` until the
    inbox ends."""
    from .pdf import render_pdf, warm_up

    try:
        warm_up()
    except Exception as exc:  # noqa: BLE001 - each report then says what fails
        outbox.send(("error", f"warm-up failed: {type(exc).__name__}: {exc}"))
    outbox.send(("ready",))
    while True:
        try:
            job: Any = inbox.recv()
        except (EOFError, OSError):
            return
        html, base_url, paper, drawings = job
        try:
            pdf = render_pdf(html, base_url=base_url, paper=paper, drawings=drawings)
        except Exception as exc:  # noqa: BLE001 - told to the page that asked
            outbox.send(("error", f"{type(exc).__name__}: {exc}"))
        else:
            outbox.send(("ok", pdf))


def main(argv: list[str]) -> int:  # pragma: no cover - runs in the child process
    read_fd, write_fd, parent_pid = (int(a) for a in argv)
    # Ctrl+C in a terminal reaches the whole process group: the worker stops,
    # and this child with it (its inbox ends), without a traceback of its own.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if os.getppid() != parent_pid:
        return 0  # the parent died before this child even started
    watch_parent(parent_pid)
    os.nice(NICENESS)
    inbox = Connection(read_fd, writable=False)
    outbox = Connection(write_fd, readable=False)
    try:
        serve(inbox, outbox)
    except (BrokenPipeError, EOFError, OSError):
        pass  # the parent is gone: nobody to answer
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
