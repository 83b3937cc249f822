"""gunicorn's threaded worker, made to hold out against slow clients.

gunicorn's ``gthread`` worker gives a connection a thread as soon as its first
byte arrives, and the thread then waits for the rest of the request head.
A client that sends its head one byte every few seconds thus holds a thread
for as long as it likes: eight of them held every thread of 2 workers x 4
threads, and a phone got 1 answer in 25 s (issue 31). gunicorn expects a
buffering proxy in front (nginx, README "A club's server"); this worker is
for a server that phones reach directly, on the table's own network.

Here a thread takes what has arrived without waiting, and gives the
connection back to the worker's poller until the head is whole: a slow head
costs a moment of a thread per piece, never a thread. A head still not
whole :data:`HEAD_TIMEOUT` seconds after its first byte is answered 408 and
closed. Only plain HTTP/1 is handled so (gunicorn's own HTTPS or HTTP/2 keep
the stock behaviour: run them behind nginx).
"""

from __future__ import annotations

import contextlib
import socket
import time
from typing import Any

from gunicorn.workers.gthread import _DEFER, DEFAULT_WORKER_DATA_TIMEOUT, ThreadWorker

HEAD_TIMEOUT = 10.0
"""Seconds from a request head's first byte to its end. A phone sends its
head, a few hundred bytes, in one packet; even a resent one arrives in a
second or two."""

HEAD_LIMIT = 64 * 1024
"""Past this many bytes without an end of head the parser takes over (and
refuses the head by gunicorn's own limits on lines and fields)."""

LINGER = 2.0
"""Seconds a closed connection waits for the client to close its side."""

HEAD_ENDS = (b"\r\n\r\n", b"\n\n")
_TIMED_OUT_TEXT = b"The request head took too long to arrive.\n"
TIMED_OUT = (
    b"HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n"
    b"Content-Type: text/plain; charset=utf-8\r\n"
    b"Content-Length: "
    + str(len(_TIMED_OUT_TEXT)).encode()
    + b"\r\n\r\n"
    + _TIMED_OUT_TEXT
)


class WholeHeadWorker(ThreadWorker):  # type: ignore[misc]
    """``gthread``, except that a thread starts on a request only once its
    head has arrived whole (see the module's docstring)."""

    def handle(self, conn: Any) -> Any:
        result = self._handle(conn)
        if result is False:
            # gunicorn closes the connection next, on its main thread, and
            # waits there up to 2 s for the client to close its side: a
            # client that never does stalled every other connection of the
            # worker (pages of 1-2 s with 16 slow sockets). The wait is done
            # here, in this thread, so that the main thread's close is quick.
            self._linger(conn.sock)
        return result

    def _handle(self, conn: Any) -> Any:
        if not self._plain_http1():
            return super().handle(conn)
        if not conn.initialized:
            # As gunicorn does: a connection with nothing to read yet goes
            # back to the poller rather than holding this thread.
            if not conn.data_ready and not conn.wait_for_data(
                DEFAULT_WORKER_DATA_TIMEOUT
            ):
                return _DEFER
            conn.init()
        held = self._take_what_arrived(conn)
        if held is None:  # the head is whole, or the client is gone
            conn.head_since = None
            return super().handle(conn)
        now = time.monotonic()
        since = getattr(conn, "head_since", None) or now
        conn.head_since = since
        if now - since > HEAD_TIMEOUT or not self.alive:
            # Too slow, or this worker is stopping: no more waiting, and no
            # lingering for a client this slow (what it sent is all read,
            # so the close is a clean one).
            self._answer_timed_out(conn)
            return None
        # Back to the poller until more arrives (gunicorn's own path for a
        # connection with no data yet); the next piece comes back here.
        conn.data_ready = False
        return _DEFER

    def _plain_http1(self) -> bool:
        cfg = self.cfg
        return (
            not cfg.is_ssl
            and getattr(cfg, "protocol", "http") == "http"
            and getattr(cfg, "http2_cleartext", "off") == "off"
        )

    @staticmethod
    def _take_what_arrived(conn: Any) -> bytes | None:
        """Read what the socket holds without waiting and keep it in the
        parser's buffer. None when the head is whole (or the client closed
        or sent too much: the parser then answers as it always does), else
        the bytes held so far."""
        unreader = conn.parser.unreader
        held = bytearray(unreader.take_buffered())
        closed = False
        conn.sock.setblocking(False)
        try:
            while len(held) <= HEAD_LIMIT:
                try:
                    piece = conn.sock.recv(16 * 1024)
                except (BlockingIOError, InterruptedError):
                    break
                except OSError:
                    closed = True
                    break
                if not piece:
                    closed = True
                    break
                held += piece
        finally:
            conn.sock.setblocking(True)
        unreader.unread(bytes(held))
        # Blank lines before a request line are allowed (RFC 9112 2.2).
        head = bytes(held).lstrip(b"\r\n")
        if closed or len(held) > HEAD_LIMIT or any(end in head for end in HEAD_ENDS):
            return None
        return bytes(held)

    @staticmethod
    def _answer_timed_out(conn: Any) -> None:
        """408, then no more reading: gunicorn's close (the answer None, as
        False) then has nothing to wait for."""
        with contextlib.suppress(OSError):
            conn.sock.sendall(TIMED_OUT)
        with contextlib.suppress(OSError):
            conn.sock.shutdown(socket.SHUT_RDWR)

    @staticmethod
    def _linger(sock: socket.socket | None, timeout: float = LINGER) -> None:
        """Close our side and read what the client still sends until it
        closes its own, for ``timeout`` seconds at most (RFC 9112 9.6, as
        gunicorn's ``close_graceful``); then stop reading, so that gunicorn's
        own close finds nothing to wait for."""
        if sock is None:
            return
        try:
            sock.shutdown(socket.SHUT_WR)
            deadline = time.monotonic() + timeout
            while (left := deadline - time.monotonic()) > 0:
                sock.settimeout(left)
                if not sock.recv(4096):
                    break
        except OSError:  # closed, reset, or timed out: nothing to wait for
            pass
        with contextlib.suppress(OSError):
            sock.shutdown(socket.SHUT_RD)
