"""The browser tests' server closes a response body its server dropped
unfinished (``tests/browser/conftest.closed_on_abort``).

Werkzeug's development server closes a body only after draining the socket;
when the client resets the connection just after the response (Chromium
cancelling a load), that drain raises first and the body, a file for a static
response, stays open until collected: a ResourceWarning, an error under
``filterwarnings = error``, in whichever test runs then."""

from __future__ import annotations

import gc
from collections.abc import Iterable, Iterator
from typing import Any

from .browser.conftest import closed_on_abort


class Body:
    """A response body of two chunks that records whether it was closed."""

    def __init__(self) -> None:
        self.closed = False

    def __iter__(self) -> Iterator[bytes]:
        yield b"first"
        yield b"second"

    def close(self) -> None:
        self.closed = True


def test_a_body_dropped_after_its_first_chunk_is_closed() -> None:
    body = Body()

    def app(environ: dict[str, Any], start_response: Any) -> Iterable[bytes]:
        start_response("200 OK", [])
        return body

    chunks = iter(closed_on_abort(app)({}, lambda *args: None))
    assert next(chunks) == b"first"
    del chunks  # the server's frame goes, close() never called
    gc.collect()
    assert body.closed


def test_a_body_read_whole_and_closed_is_closed_once() -> None:
    closes = []

    class Counted(Body):
        def close(self) -> None:
            closes.append(1)

    def app(environ: dict[str, Any], start_response: Any) -> Iterable[bytes]:
        start_response("200 OK", [])
        return Counted()

    chunks = closed_on_abort(app)({}, lambda *args: None)
    assert b"".join(chunks) == b"firstsecond"
    chunks.close()
    assert closes == [1]
