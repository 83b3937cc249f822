"""Issue 29: responses compressed however the app is served (Flask-Compress,
not only behind nginx), and static URLs fingerprinted with a year's cache, so
a repeat visit costs one request."""

from __future__ import annotations

import gzip
import re
import shutil
import statistics
import time
from pathlib import Path

import brotli
import pytest
from flask import Flask, Response, send_file, stream_with_context
from flask.testing import FlaskClient

from companion.web import serving
from companion.web.serving import StaticFiles, fingerprint

from .conftest import TableActions
from .helpers import soup

STATIC = Path(__file__).resolve().parents[1] / "static"
YEAR = 31_536_000
THIRTY_DAYS = 2_592_000
STATIC_URL = re.compile(r"^/static/(?P<file>[^?]+)\?v=(?P<v>[0-9a-f]{12})$")


def decoded(response: Response | object) -> bytes:
    data: bytes = response.data  # type: ignore[attr-defined]
    encoding = response.headers.get("Content-Encoding")  # type: ignore[attr-defined]
    if encoding == "gzip":
        return gzip.decompress(data)
    if encoding == "br":
        return bytes(brotli.decompress(data))
    assert encoding is None, encoding
    return data


def static_url(client: FlaskClient, page: str, name: str) -> str:
    """The URL a page gives for the static file ``name``."""
    html = soup(client.get(page))
    for tag in html.select("[href^='/static/'], [src^='/static/']"):
        url = str(tag.get("href") or tag.get("src"))
        if url.startswith(f"/static/{name}?"):
            return url
    raise AssertionError(f"{page} names no {name}")


@pytest.fixture
def table_id(actions: TableActions) -> str:
    return actions.create_id(
        "foundations-of-rome",
        [("Ana", "red"), ("Bo", "blue"), ("Cy", "yellow"), ("Di", "green")],
    )


@pytest.mark.parametrize("encoding", ["gzip", "br"])
def test_html_css_and_js_arrive_compressed(
    client: FlaskClient, table_id: str, encoding: str
) -> None:
    urls = {
        "table page": f"/t/{table_id}",
        "city board page": f"/t/{table_id}/board",
        "style.css": static_url(client, f"/t/{table_id}", "style.css"),
        "live.js": static_url(client, f"/t/{table_id}", "live.js"),
    }
    for what, url in urls.items():
        plain = client.get(url)
        packed = client.get(url, headers={"Accept-Encoding": encoding})
        assert plain.status_code == packed.status_code == 200, url
        assert "Content-Encoding" not in plain.headers
        assert packed.headers["Content-Encoding"] == encoding, what
        assert "Accept-Encoding" in packed.headers["Vary"]
        assert int(packed.headers["Content-Length"]) == len(packed.data)
        if what.endswith((".css", ".js")):
            assert decoded(packed) == plain.data, what
        else:  # a page: the same page, with forms' tokens of its own
            assert decoded(packed).startswith(b"<!doctype html>")
            assert len(decoded(packed)) == pytest.approx(len(plain.data), rel=0.01)
        assert len(packed.data) < len(plain.data) / 2, what
        print(
            f"{what} ({encoding}): {len(plain.data):,} -> {len(packed.data):,} bytes"
            f" ({len(packed.data) / len(plain.data):.0%})"
        )


def test_what_compressing_a_page_costs(client: FlaskClient, table_id: str) -> None:
    """Measured, never asserted: the table page's time with and without."""
    times: dict[str, list[float]] = {"": [], "gzip": [], "br": []}
    for _ in range(15):
        for encoding, kept in times.items():
            start = time.perf_counter()
            client.get(f"/t/{table_id}", headers={"Accept-Encoding": encoding})
            kept.append(time.perf_counter() - start)
    medians = {k: statistics.median(v) * 1000 for k, v in times.items()}
    print(
        "table page, median of 15: "
        + ", ".join(f"{k or 'plain'} {v:.1f} ms" for k, v in medians.items())
    )


def test_a_browser_gets_brotli_and_any_client_gzip(client: FlaskClient) -> None:
    chromium = "gzip, deflate, br, zstd"
    assert client.get("/", headers={"Accept-Encoding": chromium}).headers[
        "Content-Encoding"
    ] == ("br")
    only = client.get("/", headers={"Accept-Encoding": "gzip"})
    assert only.headers["Content-Encoding"] == "gzip"
    none = client.get("/", headers={"Accept-Encoding": "identity"})
    assert "Content-Encoding" not in none.headers


def test_pdfs_and_tiny_answers_go_as_they_are(
    client: FlaskClient, table_id: str
) -> None:
    health = client.get("/health", headers={"Accept-Encoding": "gzip"})
    assert health.status_code == 200 and "Content-Encoding" not in health.headers
    pdf = client.get(f"/t/{table_id}/report.pdf", headers={"Accept-Encoding": "gzip"})
    assert pdf.status_code == 200 and pdf.mimetype == "application/pdf"
    assert "Content-Encoding" not in pdf.headers and pdf.data.startswith(b"%PDF")


def test_the_live_poll_still_answers_304(client: FlaskClient, table_id: str) -> None:
    first = client.get(f"/t/{table_id}/live", headers={"Accept-Encoding": "gzip"})
    assert first.status_code == 200
    version = first.json["version"] if first.json else None
    again = client.get(
        f"/t/{table_id}/live",
        headers={"Accept-Encoding": "gzip", "If-None-Match": f'"v{version}"'},
    )
    assert again.status_code == 304 and again.data == b""


def test_streamed_and_file_answers_are_sent_whole_and_closed(
    app: Flask, tmp_path: Path
) -> None:
    """Nothing streams today (the live view polls); a streamed answer or a
    ``send_file`` one that comes later is sent as it is, its file closed
    (filterwarnings = error: an unclosed file fails the test)."""
    big = tmp_path / "big.txt"
    big.write_text("a line of text\n" * 5000)

    @app.get("/test-stream")
    def streamed() -> Response:
        def lines():  # type: ignore[no-untyped-def]
            for n in range(2000):
                yield f"event: tick\ndata: {n}\n\n"

        return Response(stream_with_context(lines()), mimetype="text/event-stream")

    @app.get("/test-file")
    def a_file() -> Response:
        return send_file(big, mimetype="text/plain")

    client = app.test_client()
    with client.get("/test-stream", headers={"Accept-Encoding": "gzip, br"}) as sent:
        assert sent.status_code == 200 and "Content-Encoding" not in sent.headers
        assert sent.data.count(b"event: tick") == 2000
    with client.get("/test-file", headers={"Accept-Encoding": "gzip, br"}) as sent:
        assert sent.status_code == 200 and "Content-Encoding" not in sent.headers
        assert sent.data == big.read_bytes()


PAGES = ("/", "/new/foundations-of-rome", "/record", "/rules?q=tie", "/join")


def static_urls(client: FlaskClient, paths: list[str]) -> set[str]:
    found = set()
    for path in paths:
        page = soup(client.get(path))
        for tag in page.select(
            "[href*='/static/'], [src*='/static/'], [data-worker*='/static/']"
        ):
            for attribute in ("href", "src", "data-worker"):
                if "/static/" in str(tag.get(attribute, "")):
                    found.add(str(tag[attribute]))
    return found


def test_every_static_url_carries_its_hash_and_is_kept_a_year(
    client: FlaskClient, actions: TableActions, table_id: str
) -> None:
    screens = ("", "/board", "/era", "/history", "/share", "/house-rules")
    tally = actions.create_id("all-roads", [("Ana", "red"), ("Bo", "blue")])
    pages = [*PAGES, *(f"/t/{table_id}{s}" for s in screens), f"/t/{tally}/tally"]
    urls = static_urls(client, pages)
    names = set()
    for url in sorted(urls):
        match = STATIC_URL.match(url)
        assert match, f"not fingerprinted: {url}"
        name = match["file"]
        assert match["v"] == fingerprint((STATIC / name).read_bytes()), url
        answer = client.get(url)
        assert answer.status_code == 200, url
        control = answer.headers["Cache-Control"]
        assert "immutable" in control and "public" in control, control
        max_age = int(re.search(r"max-age=(\d+)", control)[1])  # type: ignore[index]
        assert max_age >= THIRTY_DAYS and max_age == YEAR
        names.add(name)
    print(f"static files on {len(pages)} pages: {sorted(names)}")
    assert {"style.css", "favicon.svg", "tz.js", "tz-worker.js", "live.js"} <= names
    assert "board.js" in names
    assert "steppers.js" in names


def test_a_plain_or_old_static_url_is_checked_every_time(client: FlaskClient) -> None:
    current = static_url(client, "/", "style.css")
    for url in ("/static/style.css", "/static/style.css?v=000000000000"):
        answer = client.get(url)
        assert answer.status_code == 200
        assert answer.headers["Cache-Control"] == "no-cache"
        tag = answer.headers["ETag"]
        # Kept, then checked: unchanged is a 304 with no body, whatever
        # encoding the browser kept.
        for encoding in ("", "gzip", "br"):
            again = client.get(
                url, headers={"If-None-Match": tag, "Accept-Encoding": encoding}
            )
            assert again.status_code == 304 and again.data == b""
    assert client.get(current).data == client.get("/static/style.css").data


@pytest.mark.parametrize(
    "url",
    [
        "/static/../pyproject.toml",
        "/static/%2e%2e/pyproject.toml",
        "/static/..%2fpyproject.toml",
        "/static//etc/passwd",
        "/static/nothing.css",
        "/static/",
        "/static/nul%00.css",
    ],
)
def test_nothing_outside_the_static_folder_is_served(
    client: FlaskClient, url: str
) -> None:
    # A doubled slash is first sent to the single-slashed path (308).
    assert client.get(url, follow_redirects=True).status_code == 404


def test_a_changed_file_gets_a_new_url(
    app: Flask, client: FlaskClient, tmp_path: Path
) -> None:
    folder = tmp_path / "static"
    shutil.copytree(STATIC, folder)
    app.extensions["companion_static_files"] = StaticFiles(str(folder))
    before = static_url(client, "/", "style.css")
    assert client.get(before).headers["Cache-Control"] == serving.IMMUTABLE
    css = folder / "style.css"
    css.write_text(css.read_text() + "\n.changed { color: red; }\n")
    after = static_url(client, "/", "style.css")
    assert after != before
    assert STATIC_URL.match(after)["v"] == fingerprint(css.read_bytes())  # type: ignore[index]
    served = client.get(after)
    assert served.headers["Cache-Control"] == serving.IMMUTABLE
    assert b".changed" in served.data
    # The old page's URL still answers, with the new file, checked each time.
    old = client.get(before)
    assert old.status_code == 200 and b".changed" in old.data
    assert old.headers["Cache-Control"] == "no-cache"
    # Unchanged files keep their URLs.
    assert static_url(client, "/", "tz.js") == static_url(client, "/", "tz.js")
