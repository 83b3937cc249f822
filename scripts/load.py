"""A load test: the app served as scripts/start.sh serves it, many phones at once.

    .venv/bin/python scripts/load.py [--seconds 30] [--concurrency 16]
    .venv/bin/python scripts/load.py --phones 8 [--seconds 30]

It makes a temporary folder with an SQLite database (./instance is not
touched), sets it up with the migrations (``flask --app companion db
upgrade``), puts a few tables in it (every scenario of ../shared/scenarios,
each with some history), starts gunicorn as start.sh does (``--workers 2
--threads 4``, the app factory ``companion:create_app``, on a free port, the
shared list on), then has ``--concurrency`` clients ask for pages for
``--seconds`` seconds: the home page, a table's page, its era page (Foundations
of Rome), its history, the live poll (sent with the version it last saw, as
static/live.js does), a rules search, and now and then the report PDF.

It prints, per page, the requests, the errors and the 50th and 95th
percentiles of the time to the whole answer, then the total of errors; it
exits 1 if there was any error (an unexpected status, a broken answer, a
timeout), 0 otherwise. gunicorn is stopped at the end whatever happens.

With ``--phones N``, N phones share ONE table instead, each its own client
(its own cookies, the CSRF token read from the page as a browser does): an
All Roads table's final tally, then a Glory to Rome table's camps, half of
``--seconds`` each. Each phone, in a loop: GET the form, think a moment (0.05
to 0.4 s, so other phones save meanwhile), change the one field it owns
(phone k: row k mod rows; no two phones share a field), POST, follow the 302
(its page says whether the edit was merged with another phone's change). Now
and then two more phones load the form at one version and change the same
field to two values: a deliberate, true conflict. Then the table file
(``/t/<id>/export``) is read and every refusal and acknowledged edit judged:

- a refusal (409, or 400 "someone changed this table" at the write) is a
  true conflict when another phone's acknowledged edit of the same field, to
  another value, may have been saved between this phone's GET and its
  answer (the requests' times decide); any other refusal is wrong;
- an edit is lost when a phone's last acknowledged (302) value of a field is
  not in the file though no acknowledged edit of that field was sent after
  it was answered (one sent while it was under way may have come last:
  either value is right), or a field changed that no acknowledged edit did.

It prints edits sent, saved (merged), refused (the share, 409s and 400s,
true conflicts, wrong ones) and lost edits, and exits 1 if an edit was lost,
a refusal was not a true conflict or a request failed: a correctness check,
no time is asserted.

The client is asyncio's own streams (HTTP/1.1, one kept-alive connection per
client, cookies kept as a browser keeps them): no dependency beyond Python.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import email.utils
import html.parser
import json
import math
import os
import random
import re
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ROOT.parent / "shared" / "scenarios"
HOST = "127.0.0.1"
HISTORY_STEPS = 30
"""History steps each table gets before the load (renames)."""
REQUEST_TIMEOUT = 60.0
"""Seconds an answer may take before it counts as an error."""
START_TIMEOUT = 60.0
"""Seconds gunicorn may take to answer its first page."""


# --------------------------------------------------------------------------
# A small HTTP/1.1 client on asyncio streams
# --------------------------------------------------------------------------


class StaleConnectionError(ConnectionError):
    """A kept-alive connection the server had closed: nothing was answered."""


@dataclass
class Answer:
    status: int
    headers: dict[str, list[str]]
    body: bytes

    def header(self, name: str) -> str | None:
        values = self.headers.get(name.lower())
        return values[-1] if values else None


class Connection:
    """One kept-alive connection to the server, as one phone's browser has;
    it sends back the cookies the server set."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.cookies: dict[str, str] = {}

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            try:
                await self.writer.wait_closed()
            except (ConnectionError, OSError):
                pass
        self.reader = self.writer = None

    async def get(self, path: str, headers: Mapping[str, str] | None = None) -> Answer:
        return await self.request("GET", path, headers)

    async def post(
        self,
        path: str,
        fields: Sequence[tuple[str, str]],
        headers: Mapping[str, str] | None = None,
    ) -> Answer:
        """POST ``fields`` as a browser sends a form (urlencoded)."""
        body = urllib.parse.urlencode(list(fields)).encode("ascii")
        sent = {
            "Content-Type": "application/x-www-form-urlencoded",
            **(headers or {}),
        }
        return await self.request("POST", path, sent, body)

    async def request(
        self,
        method: str,
        path: str,
        headers: Mapping[str, str] | None = None,
        body: bytes = b"",
    ) -> Answer:
        """Send one request; a kept-alive connection the server had closed
        before answering anything is opened again once (as a browser does),
        nothing else is retried."""
        reused = self.writer is not None
        try:
            return await self._exchange(method, path, headers or {}, body)
        except StaleConnectionError:
            await self.close()
            if not reused:
                raise
        return await self._exchange(method, path, headers or {}, body)

    async def _exchange(
        self, method: str, path: str, headers: Mapping[str, str], body: bytes
    ) -> Answer:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(
                self.host, self.port
            )
        if self.reader is None or self.writer is None:
            raise ConnectionError("not connected")
        lines = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}"]
        lines += [f"{name}: {value}" for name, value in headers.items()]
        if body or method == "POST":
            lines.append(f"Content-Length: {len(body)}")
        if self.cookies:
            jar = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
            lines.append(f"Cookie: {jar}")
        head = ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")
        try:
            self.writer.write(head + body)
            await self.writer.drain()
            status_line = await self.reader.readline()
        except ConnectionError as exc:
            raise StaleConnectionError(str(exc)) from exc
        if not status_line:
            raise StaleConnectionError("closed before answering")
        try:
            answer = await self._read_answer(status_line)
        except BaseException:
            await self.close()
            raise
        for cookie in answer.headers.get("set-cookie", []):
            self.keep_cookie(cookie)
        if (answer.header("connection") or "").lower() == "close":
            await self.close()
        return answer

    def keep_cookie(self, header: str) -> None:
        """Keep (or forget) a cookie as a browser does with ``Set-Cookie``: a
        cookie set with ``Max-Age`` 0 or less, or an ``Expires`` in the past
        (how Flask clears an emptied session), is removed. Every cookie of
        this app is for the path ``/`` of this one host: paths and domains
        are not told apart."""
        pair, *attributes = header.split(";")
        name, _, value = pair.partition("=")
        name, value = name.strip(), value.strip()
        expired = False
        for attribute in attributes:
            key, _, setting = attribute.strip().partition("=")
            key = key.lower()
            if key == "max-age":
                expired = setting.strip().lstrip("-").isdigit() and int(setting) <= 0
            elif key == "expires" and not any(
                a.strip().lower().startswith("max-age") for a in attributes
            ):
                try:
                    when = email.utils.parsedate_to_datetime(setting.strip())
                except (TypeError, ValueError):
                    continue
                expired = when.timestamp() <= time.time()
        if expired:
            self.cookies.pop(name, None)
        else:
            self.cookies[name] = value

    async def _read_answer(self, status_line: bytes) -> Answer:
        if self.reader is None:
            raise ConnectionError("not connected")
        version, status, *_reason = status_line.decode("latin-1").split(" ", 2)
        if not version.startswith("HTTP/1."):
            raise ConnectionError(f"not an HTTP answer: {status_line!r}")
        headers: dict[str, list[str]] = {}
        while (line := await self.reader.readline()) not in (b"\r\n", b"\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            headers.setdefault(name.strip().lower(), []).append(value.strip())
        code = int(status)
        answer = Answer(code, headers, b"")
        if code in (204, 304) or 100 <= code < 200:
            return answer
        if "chunked" in (answer.header("transfer-encoding") or "").lower():
            chunks = []
            while size := int((await self.reader.readline()).split(b";")[0], 16):
                chunks.append(await self.reader.readexactly(size))
                await self.reader.readexactly(2)
            while await self.reader.readline() not in (b"\r\n", b"\n", b""):
                pass  # trailers
            answer.body = b"".join(chunks)
        elif (length := answer.header("content-length")) is not None:
            answer.body = await self.reader.readexactly(int(length))
        else:
            answer.body = await self.reader.read()
            await self.close()
        return answer


# --------------------------------------------------------------------------
# The server
# --------------------------------------------------------------------------


def app_spec(secret_key: str) -> str:
    """The app factory as start.sh names it, given a secret key so that no
    key file is made in ./instance (the database comes from DATABASE_URL)."""
    return f"companion:create_app({{'SECRET_KEY': {secret_key!r}}})"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        port: int = probe.getsockname()[1]
        return port


def server_env(database_url: str) -> dict[str, str]:
    return {
        **os.environ,
        "DATABASE_URL": database_url,
        "COMPANION_SHARED_LIST": "1",
    }


def migrate(env: Mapping[str, str], spec: str) -> None:
    """``flask --app companion db upgrade`` on the temporary database."""
    done = subprocess.run(  # noqa: S603 - this Python, fixed arguments
        [sys.executable, "-m", "flask", "--app", spec, "db", "upgrade"],
        cwd=ROOT,
        env=dict(env),
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"db upgrade failed:\n{done.stdout}{done.stderr}")


@dataclass(frozen=True)
class TableRef:
    id: str
    game: str


def make_tables(database_url: str, secret_key: str) -> list[TableRef]:
    """Every scenario as a table (as /import makes it), each with
    ``HISTORY_STEPS`` steps of history: its first player renamed back and
    forth through the store."""
    from benchmark import grow_history

    from companion.engines import read_table
    from companion.storage import store

    tables: list[TableRef] = []
    with app_context(database_url, secret_key):
        for path in sorted(SCENARIOS.glob("*.json")):
            if path.name.endswith(".expected.json"):
                continue
            document = json.loads(path.read_text("utf-8"))
            game = read_table(document).game.slug
            table = store.create_table(
                game,
                document,
                options=import_options(game, document),
                action="import",
                details={"filename": path.name},
            )
            grow_history(table.id, HISTORY_STEPS)
            tables.append(TableRef(table.id, game))
    return tables


@contextmanager
def app_context(database_url: str, secret_key: str) -> Iterator[None]:
    """An app context on the server's database, to make its tables, with an
    instance folder of its own removed afterwards; its connections are closed
    before the server starts."""
    from companion import create_app
    from companion.storage.models import db

    folder = Path(tempfile.mkdtemp(prefix="companion-load-app-"))
    app = create_app({"SECRET_KEY": secret_key, "DATABASE_URL": database_url})
    app.instance_path = str(folder)
    try:
        with app.app_context():
            yield
            db.session.remove()
            db.engine.dispose()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def import_options(game: str, document: Mapping[str, Any]) -> dict[str, bool]:
    """The options /import gives a table file."""
    if game != "foundations-of-rome":
        return {}
    return {
        "roads": "road_boards" in document,
        "monuments": any(
            b.get("type") == "monument" for b in document.get("buildings", [])
        ),
    }


def start_gunicorn(
    env: Mapping[str, str], spec: str, port: int, log: Path, workers: int, threads: int
) -> subprocess.Popen[bytes]:
    with log.open("wb") as out:
        return subprocess.Popen(  # noqa: S603 - this Python, fixed arguments
            [
                sys.executable,
                "-m",
                "gunicorn",
                "--bind",
                f"{HOST}:{port}",
                "--workers",
                str(workers),
                "--threads",
                str(threads),
                spec,
            ],
            cwd=ROOT,
            env=dict(env),
            stdout=out,
            stderr=subprocess.STDOUT,
        )


def wait_until_up(server: subprocess.Popen[bytes], port: int) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"gunicorn stopped (exit {server.returncode})")
        try:
            home = f"http://{HOST}:{port}/"  # our own server, plain HTTP
            with urllib.request.urlopen(home, timeout=5) as page:  # noqa: S310
                if page.status == 200:
                    return
        except OSError:
            pass
        time.sleep(0.2)
    raise RuntimeError(f"gunicorn did not answer within {START_TIMEOUT:.0f} s")


def server_log(log: Path, chars: int = 6000) -> str:
    """The end of gunicorn's log (its errors' tracebacks)."""
    if not log.exists():
        return ""
    text = log.read_text("utf-8", "replace")
    return f"--- the end of gunicorn's log ---\n{text[-chars:]}"


def stop(server: subprocess.Popen[bytes]) -> None:
    """Stop gunicorn (the process this script started) gracefully, or kill it."""
    if server.poll() is not None:
        return
    server.send_signal(signal.SIGTERM)
    try:
        server.wait(timeout=20)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


@dataclass
class Scratch:
    """A run's own folder (its SQLite database, gunicorn's log), its secret key
    and the gunicorn it serves with, once started."""

    folder: Path
    secret_key: str = field(default_factory=lambda: secrets.token_hex(32))
    """The app's secret key for this run."""
    server: subprocess.Popen[bytes] | None = None

    def sqlite(self, name: str) -> str:
        """The URL of the SQLite database ``name`` in the folder."""
        return f"sqlite:///{self.folder / name}"

    @property
    def log(self) -> Path:
        """gunicorn's log."""
        return self.folder / "gunicorn.log"

    def serving(
        self, server: subprocess.Popen[bytes], port: int
    ) -> subprocess.Popen[bytes]:
        """``server`` (just started, logging to :attr:`log`) once it answers on
        ``port``; it is stopped when the run ends."""
        self.server = server
        wait_until_up(server, port)
        return server


@contextmanager
def scratch(prefix: str) -> Iterator[Scratch]:
    """A run in a folder of its own: afterwards, whatever happened, its server
    is stopped and the folder removed."""
    run = Scratch(Path(tempfile.mkdtemp(prefix=prefix)))
    try:
        yield run
    finally:
        if run.server is not None:
            stop(run.server)
        shutil.rmtree(run.folder, ignore_errors=True)


def not_run(exc: RuntimeError, log: Path) -> int:
    """Say why the load test could not run, with the end of gunicorn's log
    (exit status 2)."""
    print(f"load test not run: {exc}", file=sys.stderr)
    print(server_log(log), file=sys.stderr)
    return 2


# --------------------------------------------------------------------------
# The load
# --------------------------------------------------------------------------


@dataclass
class Stats:
    times_ms: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def percentile(self, fraction: float) -> float:
        if not self.times_ms:
            return math.nan
        ordered = sorted(self.times_ms)
        return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)]


@dataclass(frozen=True)
class Kind:
    """A page of the mix: how often it is asked for, its address for a
    table, and which statuses are right."""

    name: str
    weight: int
    path: Callable[[TableRef], str]
    ok: frozenset[int] = frozenset({200})
    foundations_only: bool = False


MIX = (
    Kind("home", 15, lambda t: "/"),
    Kind("table", 25, lambda t: f"/t/{t.id}"),
    Kind("era", 12, lambda t: f"/t/{t.id}/era", foundations_only=True),
    Kind("history", 10, lambda t: f"/t/{t.id}/history"),
    Kind("live", 30, lambda t: f"/t/{t.id}/live", ok=frozenset({200, 304})),
    Kind("rules", 6, lambda t: "/rules?q=tie"),
    # 202: the PDF is being prepared (another is drawn): the page asks again.
    Kind("pdf", 1, lambda t: f"/t/{t.id}/report.pdf", ok=frozenset({200, 202})),
)


FAILURES = (TimeoutError, OSError, ValueError, asyncio.IncompleteReadError)
"""What a request may fail with: counted as an error of its page."""


def check(kind: Kind, answer: Answer) -> str | None:
    """What is wrong with ``answer``, if anything."""
    if answer.status not in kind.ok:
        return f"status {answer.status}"
    if (
        kind.name == "pdf"
        and answer.status == 200
        and not answer.body.startswith(b"%PDF")
    ):
        return "not a PDF"
    if kind.name == "live" and answer.status == 200:
        try:
            json.loads(answer.body)
        except ValueError:
            return "live answer is not JSON"
    return None


async def client(
    number: int,
    port: int,
    tables: list[TableRef],
    deadline: float,
    stats: dict[str, Stats],
) -> None:
    """One phone: pages one after another until ``deadline``."""
    chooser = random.Random(number)  # noqa: S311 - a load mix, not a secret
    foundations = [t for t in tables if t.game == "foundations-of-rome"]
    seen: dict[str, str] = {}
    """The ETag each live poll last got, per table (as live.js sends it)."""
    connection = Connection(HOST, port)
    weights = [k.weight for k in MIX]
    try:
        while time.monotonic() < deadline:
            kind = chooser.choices(MIX, weights)[0]
            table = chooser.choice(foundations if kind.foundations_only else tables)
            headers = {}
            if kind.name == "live" and table.id in seen:
                headers["If-None-Match"] = seen[table.id]
            started = time.perf_counter()
            try:
                answer = await asyncio.wait_for(
                    connection.get(kind.path(table), headers), REQUEST_TIMEOUT
                )
            except FAILURES as exc:
                await connection.close()
                stats[kind.name].errors.append(f"{type(exc).__name__}: {exc}")
                continue
            elapsed = (time.perf_counter() - started) * 1000
            stats[kind.name].times_ms.append(elapsed)
            if (problem := check(kind, answer)) is not None:
                stats[kind.name].errors.append(f"{kind.path(table)}: {problem}")
            if kind.name == "live" and (tag := answer.header("etag")):
                seen[table.id] = tag
    finally:
        await connection.close()


async def load(
    port: int, tables: list[TableRef], seconds: float, concurrency: int
) -> tuple[dict[str, Stats], float]:
    stats = {kind.name: Stats() for kind in MIX}
    started = time.monotonic()
    deadline = started + seconds
    await asyncio.gather(
        *(client(n, port, tables, deadline, stats) for n in range(concurrency))
    )
    return stats, time.monotonic() - started


async def table_pages(
    port: int, tables: list[TableRef], until: asyncio.Event, stats: Stats, seed: int
) -> None:
    """One phone reading table pages, one after another, until ``until``."""
    chooser = random.Random(seed)  # noqa: S311 - a load mix, not a secret
    connection = Connection(HOST, port)
    try:
        while not until.is_set():
            started = time.perf_counter()
            answer = await asyncio.wait_for(
                connection.get(f"/t/{chooser.choice(tables).id}"), REQUEST_TIMEOUT
            )
            stats.times_ms.append((time.perf_counter() - started) * 1000)
            if answer.status != 200:
                stats.errors.append(f"status {answer.status}")
    finally:
        await connection.close()


async def one_pdf(port: int, path: str, language: str, stats: Stats) -> None:
    """One phone downloading a report: asked again every second while the
    server says it is being prepared (202), as the page does."""
    connection = Connection(HOST, port)
    started = time.perf_counter()
    try:
        while True:
            answer = await asyncio.wait_for(
                connection.get(path, {"Accept-Language": language}), REQUEST_TIMEOUT
            )
            if answer.status != 202:
                break
            await asyncio.sleep(1)
        stats.times_ms.append((time.perf_counter() - started) * 1000)
        if answer.status != 200 or not answer.body.startswith(b"%PDF"):
            stats.errors.append(f"{path}: status {answer.status}")
    finally:
        await connection.close()


async def pdf_burst(port: int, tables: list[TableRef], count: int) -> dict[str, Stats]:
    """A table page's times on a quiet server, then while ``count`` phones
    download reports at once (each a report not drawn before: another
    table, paper or language)."""
    quiet, busy, pdfs = Stats(), Stats(), Stats()
    stop_quiet = asyncio.Event()
    readers = [
        asyncio.create_task(table_pages(port, tables, stop_quiet, quiet, n))
        for n in range(4)
    ]
    await asyncio.sleep(10)
    stop_quiet.set()
    await asyncio.gather(*readers)
    asks = [
        (f"/t/{t.id}/report.pdf?paper={paper}", language)
        for language in ("en", "it", "zh")
        for paper in ("a4", "letter")
        for t in tables
    ][:count]
    stop_busy = asyncio.Event()
    readers = [
        asyncio.create_task(table_pages(port, tables, stop_busy, busy, n))
        for n in range(4)
    ]
    await asyncio.gather(*(one_pdf(port, path, lang, pdfs) for path, lang in asks))
    stop_busy.set()
    await asyncio.gather(*readers)
    return {"table page, quiet": quiet, "table page, PDF burst": busy, "PDF": pdfs}


# --------------------------------------------------------------------------
# A table's PDF while another phone changes it (--pdf-churn)
# --------------------------------------------------------------------------

CSRF_FIELD = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"')
VERSION_FIELD = re.compile(r'name="version"[^>]*value="(\d+)"')
PDF_RETRY_SECONDS = 3.0
"""How long the "being prepared" page waits before asking again (its
``<meta http-equiv="refresh" content="3">``)."""
PDF_GOAL_SECONDS = 30.0
"""Issue 31: a phone's PDF arrives within 30 s while the table changes."""


async def table_version(connection: Connection, table_id: str) -> tuple[str, str]:
    """The CSRF token and the version the table page shows."""
    page = await asyncio.wait_for(connection.get(f"/t/{table_id}"), REQUEST_TIMEOUT)
    text = page.body.decode("utf-8", "replace")
    csrf, version = CSRF_FIELD.search(text), VERSION_FIELD.search(text)
    if page.status != 200 or csrf is None or version is None:
        raise ValueError(f"/t/{table_id}: status {page.status}, no form")
    return csrf.group(1), version.group(1)


async def changer(
    port: int, table_id: str, names: Sequence[str], until: asyncio.Event
) -> list[float]:
    """Another phone changing the table every second (its first player
    renamed back and forth, as the players form sends it); when each
    change was saved."""
    connection = Connection(HOST, port)
    saved: list[float] = []
    try:
        for n in range(10**6):
            if until.is_set():
                break
            csrf, version = await table_version(connection, table_id)
            fields = [("csrf_token", csrf), ("version", version)]
            fields += [
                (f"players-{i}-name", f"{name} {n % 2}" if i == 0 else name)
                for i, name in enumerate(names)
            ]
            path = f"/t/{table_id}/players"
            answer = await asyncio.wait_for(
                connection.post(path, fields, {"Referer": f"http://{HOST}{path}"}),
                REQUEST_TIMEOUT,
            )
            if answer.status == 302:
                saved.append(time.monotonic())
            await asyncio.sleep(1)
    finally:
        await connection.close()
    return saved


async def pdf_of_the_version_seen(
    port: int, table_id: str, paper: str, language: str, stats: Stats, waits: Stats
) -> None:
    """One phone: the table page (the version it sees), then that version's
    report, asked again every 3 s while it is being prepared (202), as the
    page does; the time to the PDF in ``stats``, each 202's in ``waits``."""
    connection = Connection(HOST, port)
    try:
        _, version = await table_version(connection, table_id)
        path = f"/t/{table_id}/report.pdf?paper={paper}&v={version}"
        started = time.perf_counter()
        while True:
            asked = time.perf_counter()
            answer = await asyncio.wait_for(
                connection.get(path, {"Accept-Language": language}), REQUEST_TIMEOUT
            )
            if answer.status != 202:
                break
            waits.times_ms.append((time.perf_counter() - asked) * 1000)
            if time.perf_counter() - started > 3 * PDF_GOAL_SECONDS:
                stats.errors.append(f"{path}: still being prepared after 90 s")
                return
            await asyncio.sleep(PDF_RETRY_SECONDS)
        stats.times_ms.append((time.perf_counter() - started) * 1000)
        if answer.status != 200 or not answer.body.startswith(b"%PDF"):
            stats.errors.append(f"{path}: status {answer.status}")
    finally:
        await connection.close()


async def pdf_churn(
    port: int, table_id: str, names: Sequence[str], phones: int, rounds: int
) -> dict[str, Any]:
    """``phones`` phones at once ask for the report of the version they see
    (each its own paper and language), ``rounds`` times, while another
    phone changes the table every second."""
    pdfs, waits = Stats(), Stats()
    until = asyncio.Event()
    changing = asyncio.create_task(changer(port, table_id, names, until))
    await asyncio.sleep(2)
    asks = [(p, lang) for lang in ("en", "it", "zh") for p in ("a4", "letter")]
    for _ in range(rounds):
        await asyncio.gather(
            *(
                pdf_of_the_version_seen(
                    port, table_id, *asks[n % len(asks)], pdfs, waits
                )
                for n in range(phones)
            )
        )
    until.set()
    saved = await changing
    return {"pdfs": pdfs, "waits": waits, "changes": len(saved)}


async def cost_of_a_202(port: int, table_id: str, repeats: int) -> tuple[Stats, Stats]:
    """A 202 ("being prepared") answer and a live poll, asked in turn on one
    connection, ``repeats`` times each: the table's drawing is held (by
    :func:`hold_drawing`), so every report ask is a 202."""
    connection = Connection(HOST, port)
    prepared, live = Stats(), Stats()
    tag: str | None = None
    try:
        for _ in range(repeats):
            started = time.perf_counter()
            answer = await connection.get(f"/t/{table_id}/report.pdf?v=1")
            prepared.times_ms.append((time.perf_counter() - started) * 1000)
            if answer.status != 202:
                prepared.errors.append(f"status {answer.status}")
            started = time.perf_counter()
            answer = await connection.get(
                f"/t/{table_id}/live", {"If-None-Match": tag} if tag else {}
            )
            live.times_ms.append((time.perf_counter() - started) * 1000)
            tag = answer.header("etag") or tag
            if answer.status not in (200, 304):
                live.errors.append(f"status {answer.status}")
    finally:
        await connection.close()
    return prepared, live


def hold_drawing(database_url: str, secret_key: str, table_id: str) -> list[str]:
    """Mark the table's report as being drawn by another machine (as when
    another app server draws it), so that every ask answers 202; the
    table's player names."""
    from companion.storage import store
    from companion.storage.models import ReportDrawing, db, utcnow

    with app_context(database_url, secret_key):
        table = store.get_table(table_id)
        if table is None:
            raise RuntimeError(f"no table {table_id}")
        names = [p["name"] for p in table.document["players"]]
        db.session.merge(
            ReportDrawing(
                table_id=table_id,
                version=1,
                by="another-machine:1",
                started_at=utcnow(),
            )
        )
        db.session.commit()
    return names


def release_drawing(database_url: str, secret_key: str) -> None:
    from sqlalchemy import delete

    from companion.storage.models import ReportDrawing, db

    with app_context(database_url, secret_key):
        db.session.execute(delete(ReportDrawing))
        db.session.commit()


def churn_main(
    phones: int, rounds: int, workers: int, threads: int, database_url: str | None
) -> int:
    """``--pdf-churn``: the cost of a 202 against a live poll, then PDFs
    while the table changes every second; 1 when a PDF failed, never for a
    time (the times are printed beside their goals)."""
    with scratch("companion-churn-") as run:
        url = database_url or run.sqlite("churn.sqlite3")
        spec = app_spec(run.secret_key)
        env = server_env(url)
        try:
            if database_url:
                empty_database(url, run.secret_key)
            migrate(env, spec)
            tables = make_tables(url, run.secret_key)
            table = next(t for t in tables if t.game == "foundations-of-rome")
            names = hold_drawing(url, run.secret_key, table.id)
            port = free_port()
            run.serving(
                start_gunicorn(env, spec, port, run.log, workers, threads), port
            )
            print(
                f"gunicorn {workers} workers x {threads} threads on {url.split(':')[0]}"
            )
            asyncio.run(cost_of_a_202(port, table.id, 20))  # warm
            prepared, live = asyncio.run(cost_of_a_202(port, table.id, 300))
            release_drawing(url, run.secret_key)
            ratio = prepared.percentile(0.5) / live.percentile(0.5)
            print(
                f"202 answer p50 {prepared.percentile(0.5):.2f} ms, live poll p50"
                f" {live.percentile(0.5):.2f} ms: {ratio:.2f}x (goal: at most 3x)"
            )
            result = asyncio.run(pdf_churn(port, table.id, names, phones, rounds))
            pdfs, waits = result["pdfs"], result["waits"]
            print(
                f"{len(pdfs.times_ms)} PDFs while the table changed"
                f" {result['changes']} times (about once a second): p50"
                f" {pdfs.percentile(0.5) / 1000:.1f} s,"
                f" p95 {pdfs.percentile(0.95) / 1000:.1f} s, slowest"
                f" {max(pdfs.times_ms, default=math.nan) / 1000:.1f} s (goal: within"
                f" {PDF_GOAL_SECONDS:.0f} s); {len(waits.times_ms)} answers 202 on the"
                f" way, p50 {waits.percentile(0.5):.1f} ms; {len(pdfs.errors)} errors"
            )
            for error in (prepared.errors + live.errors + pdfs.errors)[:10]:
                print(f"  {error}")
            return 1 if pdfs.errors or prepared.errors or live.errors else 0
        except RuntimeError as exc:
            return not_run(exc, run.log)


def empty_database(database_url: str, secret_key: str) -> None:
    """Drop every table of a PostgreSQL database given to the script."""
    from sqlalchemy import MetaData

    from companion.storage.models import db

    with app_context(database_url, secret_key):
        empty = MetaData()
        empty.reflect(bind=db.engine)
        empty.drop_all(bind=db.engine)


# --------------------------------------------------------------------------
# PDF children across reloads, stops and killed workers (--pdf-lifetime), and
# the first PDF of a fresh worker (--first-pdf)
# --------------------------------------------------------------------------

PDF_CHILD = "companion.exports.pdf_child"
"""What a PDF child's command line names (its last argument: its parent)."""


def processes() -> dict[int, tuple[int, list[str]]]:
    """Every process: pid -> (parent pid, command line)."""
    found: dict[int, tuple[int, list[str]]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            argv = (entry / "cmdline").read_bytes().split(b"\0")
            stat = (entry / "stat").read_text()
        except OSError:
            continue  # gone meanwhile
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        found[int(entry.name)] = (
            ppid,
            [a.decode("utf-8", "replace") for a in argv if a],
        )
    return found


def pdf_children(started_by: Iterable[int]) -> list[int]:
    """The running PDF children started by any of the processes
    ``started_by`` (whether or not those still live)."""
    parents = {str(pid) for pid in started_by}
    return [
        pid
        for pid, (_, argv) in processes().items()
        if PDF_CHILD in argv and argv[-1] in parents
    ]


def workers_of(master: int) -> set[int]:
    return {pid for pid, (ppid, _) in processes().items() if ppid == master}


def serve_as_configured(
    env: Mapping[str, str], port: int, log: Path, workers: int
) -> subprocess.Popen[bytes]:
    """gunicorn as scripts/start.sh runs it: ``gunicorn`` with no arguments,
    reading gunicorn.conf.py (HOST, PORT, WEB_CONCURRENCY, THREADS)."""
    settings = {"HOST": HOST, "PORT": str(port), "WEB_CONCURRENCY": str(workers)}
    with log.open("ab") as out:
        return subprocess.Popen(  # noqa: S603 - this Python, fixed arguments
            [sys.executable, "-m", "gunicorn"],
            cwd=ROOT,
            env={**env, **settings, "THREADS": "2"},
            stdout=out,
            stderr=subprocess.STDOUT,
        )


def wait_for(what: str, ready: Callable[[], bool], timeout: float = 60.0) -> float:
    """Seconds until ``ready()``. :raises RuntimeError: not within ``timeout``."""
    started = time.monotonic()
    while not ready():
        if time.monotonic() - started > timeout:
            raise RuntimeError(f"{what}: not within {timeout:.0f} s")
        time.sleep(0.1)
    return time.monotonic() - started


def new_workers_ready(master: int, old: set[int], count: int) -> set[int]:
    """Once ``count`` workers not in ``old`` run, each with its PDF child."""
    found: set[int] = set()

    def ready() -> bool:
        found.clear()
        found.update(workers_of(master) - old)
        return len(found) >= count and len(pdf_children(found)) >= count

    wait_for("new workers with their PDF children", ready)
    return set(found)


def ask_in_background(port: int, paths: Sequence[str]) -> None:
    """Ask for ``paths`` at once without waiting for the answers (PDFs
    queued as a reload or a stop comes)."""

    def get(path: str) -> None:
        try:
            with urllib.request.urlopen(f"http://{HOST}:{port}{path}", timeout=30):  # noqa: S310
                pass
        except OSError:
            pass  # the worker stopped under it: what this run is about

    for path in paths:
        threading.Thread(target=get, args=(path,), daemon=True).start()


def pdf_lifetime(reloads: int = 2, workers: int = 2) -> dict[str, Any]:
    """Serve as configured; ``reloads`` reloads (HUP) with PDFs queued, a
    worker killed (``kill -9``), then a stop (TERM): the PDF children left
    after each (none is the goal), and every worker seen."""
    left: dict[str, list[int]] = {}
    seen: set[int] = set()
    with scratch("companion-lifetime-") as run:
        url = run.sqlite("lifetime.sqlite3")
        env = {**server_env(url), "SECRET_KEY": run.secret_key}
        migrate(env, "companion")
        tables = make_tables(url, run.secret_key)
        paths = [
            f"/t/{t.id}/report.pdf?paper={p}" for t in tables for p in ("a4", "letter")
        ]
        port = free_port()
        server = run.serving(serve_as_configured(env, port, run.log, workers), port)
        current = new_workers_ready(server.pid, set(), workers)
        seen |= current
        for n in range(1, reloads + 1):
            ask_in_background(port, paths[(n - 1) * 8 : n * 8])
            time.sleep(0.5)
            server.send_signal(signal.SIGHUP)
            current = new_workers_ready(server.pid, seen, workers)
            seen |= current
            old = seen - current
            with contextlib.suppress(RuntimeError):
                wait_for("old children gone", lambda: not pdf_children(old), 40)  # noqa: B023
            left[f"after reload {n}"] = pdf_children(old)
        victim = min(current)
        victims_child = pdf_children([victim])
        os.kill(victim, signal.SIGKILL)
        with contextlib.suppress(RuntimeError):
            wait_for(
                "killed worker's child gone", lambda: not pdf_children([victim]), 10
            )
        left["after kill -9 of a worker"] = pdf_children([victim])
        left["its child, before"] = victims_child
        current = new_workers_ready(server.pid, seen, 1)
        seen |= current
        ask_in_background(port, paths[-8:])
        time.sleep(0.5)
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=60)
        with contextlib.suppress(RuntimeError):
            wait_for("children gone after the stop", lambda: not pdf_children(seen), 10)
        left["after the stop"] = pdf_children(seen)
        stop(server)
        log_text = server_log(run.log)
    return {"left": left, "workers": sorted(seen), "log": log_text}


def first_pdf_of_a_fresh_worker(warm: int = 5) -> dict[str, float]:
    """One worker served as configured: how long after its first page its
    PDF child is ready, the first PDF it draws (asked once /health says the
    child is ready), and ``warm`` more (other tables): milliseconds."""
    with scratch("companion-first-pdf-") as run:
        url = run.sqlite("first.sqlite3")
        env = {**server_env(url), "SECRET_KEY": run.secret_key}
        migrate(env, "companion")
        tables = [
            t
            for t in make_tables(url, run.secret_key)
            if t.game == "foundations-of-rome"
        ]
        port = free_port()
        run.serving(serve_as_configured(env, port, run.log, 1), port)

        def child_ready() -> bool:
            try:
                with urllib.request.urlopen(
                    f"http://{HOST}:{port}/health", timeout=5
                ) as r:  # noqa: S310
                    return bool(json.loads(r.read()).get("pdf") == "ready")
            except OSError:
                return False

        ready_after = wait_for("the PDF child ready", child_ready) * 1000

        def timed(path: str) -> float:
            started = time.perf_counter()
            with urllib.request.urlopen(f"http://{HOST}:{port}{path}", timeout=60) as r:  # noqa: S310
                body = r.read()
                if r.status != 200 or not body.startswith(b"%PDF"):
                    raise RuntimeError(f"{path}: status {r.status}")
            return (time.perf_counter() - started) * 1000

        paths = [
            f"/t/{t.id}/report.pdf?paper={p}" for p in ("a4", "letter") for t in tables
        ]
        first = timed(paths[0])
        warm_ms = [timed(path) for path in paths[1 : warm + 1]]
    return {
        "child ready after first page ms": ready_after,
        "first ms": first,
        "warm median ms": statistics.median(warm_ms),
    }


# --------------------------------------------------------------------------
# Phones at one table (--phones): edits from stale pages, merged or refused
# --------------------------------------------------------------------------

PHONE_SCENARIOS = (
    "all-roads-rulebook-end-scoring.json",
    "gtr-4p-merchant-ties-statue-wall-hand.json",
)
"""The tables the phones share: an All Roads table (its final tally) and a
Glory to Rome table (its camps), four players each."""
THINK_SECONDS = (0.05, 0.4)
"""How long a phone's player looks at the form before sending it: other
phones save meanwhile, so most sends come from a page already stale."""
MAX_EDITS_PER_PHONE = 1000
"""A bound on the requests whatever ``--seconds`` says."""
DELIBERATE_CONFLICTS = 3
"""Pairs of sends, per screen, of two phones changing one field to two
values from pages of the same version: true conflicts, to be refused."""
MERGED_WORDS = re.compile(
    r"Saved together with another phone(?:'|&#39;|&#x27;)s change"
)
STALE_WORDS = "Someone changed this table on another device"
"""What a send refused at the last moment says (another save came between
the merge and the write: the form comes back, 400)."""


class FormReader(html.parser.HTMLParser):
    """The fields a browser sends from each ``<form method="post">`` of a
    page, left as the page shows them: an input's value, a checkbox or radio
    only when checked, a select's selected option (its first when none is),
    a textarea's text; never a disabled control or a button."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.forms: list[list[tuple[str, str]]] = []
        self._form: list[tuple[str, str]] | None = None
        self._select: tuple[str, list[tuple[str, bool]]] | None = None
        self._option: list[str] | None = None
        self._textarea: tuple[str, list[str]] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {key: value or "" for key, value in attrs}
        if tag == "form":
            if a.get("method", "get").lower() == "post":
                self._form = []
                self.forms.append(self._form)
            return
        if self._form is None or "disabled" in a or not (name := a.get("name")):
            if tag == "option" and self._select is not None:
                self._option_start(a)
            return
        if tag == "input":
            kind = a.get("type", "text").lower()
            if kind in ("checkbox", "radio"):
                if "checked" in a:
                    self._form.append((name, a.get("value", "on")))
            elif kind not in ("submit", "button", "reset", "image", "file"):
                self._form.append((name, a.get("value", "")))
        elif tag == "select":
            self._select = (name, [])
        elif tag == "textarea":
            self._textarea = (name, [])

    def _option_start(self, a: dict[str, str]) -> None:
        if self._select is not None and "disabled" not in a:
            self._select[1].append((a.get("value", ""), "selected" in a))

    def handle_data(self, data: str) -> None:
        if self._textarea is not None:
            self._textarea[1].append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._form = None
        elif tag == "select" and self._select is not None:
            name, options = self._select
            chosen = [value for value, selected in options if selected] or [
                value for value, _selected in options[:1]
            ]
            if self._form is not None:
                self._form += [(name, value) for value in chosen]
            self._select = None
        elif tag == "textarea" and self._textarea is not None:
            name, text = self._textarea
            if self._form is not None:
                self._form.append((name, "".join(text).removeprefix("\n")))
            self._textarea = None


def edit_form(page: bytes) -> list[tuple[str, str]]:
    """The form a screen saves with (the post form carrying ``base``)."""
    reader = FormReader()
    reader.feed(page.decode("utf-8", "replace"))
    for fields in reader.forms:
        if any(name == "base" for name, _value in fields):
            return fields
    raise ValueError("no edit form (a post form with a base) on the page")


def with_value(
    fields: Sequence[tuple[str, str]], name: str, value: str
) -> list[tuple[str, str]]:
    if not any(key == name for key, _old in fields):
        raise ValueError(f"the form has no field {name}")
    return [(key, value if key == name else old) for key, old in fields]


def value_of(fields: Sequence[tuple[str, str]], name: str) -> str:
    for key, value in fields:
        if key == name:
            return value
    raise ValueError(f"the form has no field {name}")


@dataclass(frozen=True)
class Slot:
    """One field of a screen's form and where the table file keeps it."""

    name: str
    """The form field: ``players-0-villa``."""
    keys: tuple[str, ...]
    """Its value's path in the table file: ``("unbuilt", "green", "villa")``."""
    low: int
    high: int

    def read(self, document: Mapping[str, Any]) -> str:
        node: Any = document
        for key in self.keys:
            node = node[key]
        return str(node)


@dataclass(frozen=True)
class Screen:
    name: str
    path: str
    slots: tuple[Slot, ...]
    """Ordered so that phone ``k`` owns ``slots[k]``: row ``k mod rows``."""


def tally_screen(table_id: str, document: Mapping[str, Any]) -> Screen:
    """The All Roads final tally: one row per player, each its four counts.
    Every row but the last is edited: the game ends once every row is
    entered, and a finished game refuses every change."""
    from companion.engines import all_roads as ar

    players = [p["id"] for p in document["players"]]
    rows = [i for i, pid in enumerate(players) if pid in document["unbuilt"]]
    rows = [i for i in rows if i < len(players) - 1]
    slots = tuple(
        Slot(
            f"players-{i}-{token.value}",
            ("unbuilt", players[i], token.value),
            0,
            token.per_player,
        )
        for token in ar.Token
        for i in rows
    )
    return Screen("All Roads tally", f"/t/{table_id}/tally", slots)


def camps_screen(table_id: str, document: Mapping[str, Any]) -> Screen:
    """Glory to Rome's camps: influence, stockpile and hand of each camp
    (small numbers: the cards of all camps together stay within the deck)."""
    players = [p["id"] for p in document["players"]]
    parts = (("influence", 2, 20), ("stockpile", 0, 9), ("hand", 0, 9))
    slots = tuple(
        Slot(f"camps-{i}-{part}", ("camps", pid, part), low, high)
        for part, low, high in parts
        for i, pid in enumerate(players)
    )
    return Screen("Glory to Rome camps", f"/t/{table_id}/camps", slots)


@dataclass
class Send:
    """One edit a phone sent: what it changed, from which page, the answer."""

    phone: int
    field: str
    value: str
    loaded: str
    """The field's value on the page the phone sent it from."""
    get_sent: float
    """When the page was asked for (monotonic seconds)."""
    get_done: float = math.nan
    """When the page was answered."""
    post_sent: float = math.nan
    post_done: float = math.nan
    status: int = 0
    merged: bool = False
    deliberate: bool = False
    error: str | None = None

    @property
    def saved(self) -> bool:
        return self.status == 302

    @property
    def refused(self) -> bool:
        return self.status == 409 or (self.status == 400 and self.error is None)


@dataclass
class ScreenRun:
    screen: Screen
    phones: int
    seconds: float
    sends: list[Send] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    initial: dict[str, str] = field(default_factory=dict)
    final: dict[str, str] = field(default_factory=dict)
    deliberate: int = 0
    """Deliberate conflicts sent (the first send saved, the second sent)."""

    def acknowledged(self, name: str) -> list[Send]:
        return [s for s in self.sends if s.saved and s.field == name]

    def true_conflict(self, send: Send) -> bool:
        """Whether another phone's acknowledged edit of the same field, to
        another value, may have been saved after this phone's page was read
        and before its send was answered."""
        return any(
            other.phone != send.phone
            and other.value != send.value
            and other.post_done > send.get_sent
            and other.post_sent < send.post_done
            for other in self.acknowledged(send.field)
        )

    def lost(self) -> list[str]:
        """Acknowledged edits the table file does not hold though no later
        acknowledged edit of the field overwrote them, and fields the file
        changed that no acknowledged edit changed."""
        problems = []
        for slot in self.screen.slots:
            saved = self.acknowledged(slot.name)
            now = self.final.get(slot.name)
            if not saved and now != self.initial[slot.name]:
                problems.append(
                    f"{slot.name}: {self.initial[slot.name]} -> {now}, changed by"
                    " no acknowledged edit"
                )
            for send in saved:
                # Saved from a page drawn before another phone's edit of the
                # field was saved: that edit was overwritten unseen.
                problems += [
                    f"{slot.name}: phone {other.phone}'s {other.value} overwritten"
                    f" by phone {send.phone}'s {send.value}, sent from a page"
                    " that did not show it"
                    for other in saved
                    if other.phone != send.phone
                    and other.value != send.value
                    and other.post_sent > send.get_done
                    and other.post_done < send.post_sent
                ]
            for phone in sorted({s.phone for s in saved}):
                last = [s for s in saved if s.phone == phone][-1]
                if any(s.post_sent > last.post_done for s in saved):
                    continue  # overwritten by a later acknowledged edit
                # Acknowledged edits overlapping it may have been saved after.
                could_be = {s.value for s in saved if s.post_done > last.post_sent} | {
                    last.value
                }
                if now not in could_be:
                    problems.append(
                        f"{slot.name}: phone {phone}'s {last.value} lost"
                        f" (the file holds {now})"
                    )
        return problems


async def export(port: int, table_id: str) -> dict[str, Any]:
    connection = Connection(HOST, port)
    try:
        answer = await asyncio.wait_for(
            connection.get(f"/t/{table_id}/export"), REQUEST_TIMEOUT
        )
    finally:
        await connection.close()
    if answer.status != 200:
        raise ValueError(f"export: status {answer.status}")
    document: dict[str, Any] = json.loads(answer.body)
    return document


async def send_edit(
    connection: Connection,
    run: ScreenRun,
    send: Send,
    fields: Sequence[tuple[str, str]],
) -> None:
    """POST the form; on 302 follow it as a browser does (the page then
    shows the flash: merged with another phone's change, or not)."""
    path = run.screen.path
    send.post_sent = time.monotonic()
    answer = await asyncio.wait_for(
        connection.post(path, fields, {"Referer": f"http://{HOST}{path}"}),
        REQUEST_TIMEOUT,
    )
    send.post_done = time.monotonic()
    send.status = answer.status
    run.sends.append(send)
    if answer.status == 302:
        location = urllib.parse.urlsplit(answer.header("location") or "/")
        page = await asyncio.wait_for(
            connection.get(location.path or "/"), REQUEST_TIMEOUT
        )
        if page.status != 200:
            send.error = f"after saving, {location.path}: status {page.status}"
        send.merged = bool(MERGED_WORDS.search(page.body.decode("utf-8", "replace")))
    elif answer.status == 400 and STALE_WORDS not in answer.body.decode(
        "utf-8", "replace"
    ):
        send.error = "refused as a bad form (400)"
    elif answer.status not in (400, 409):
        send.error = f"status {answer.status}"
    if send.error is not None:
        run.errors.append(f"phone {send.phone}, {send.field}: {send.error}")


def new_value(chooser: random.Random, slot: Slot, *avoid: str) -> str:
    values = [str(v) for v in range(slot.low, slot.high + 1) if str(v) not in avoid]
    return chooser.choice(values)


async def phone(number: int, port: int, run: ScreenRun, deadline: float) -> None:
    """One phone in a loop: the form, a moment to think, its own field
    changed, sent."""
    chooser = random.Random(1000 + number)  # noqa: S311 - a load mix
    slot = run.screen.slots[number]
    connection = Connection(HOST, port)
    try:
        for _ in range(MAX_EDITS_PER_PHONE):
            if time.monotonic() >= deadline:
                break
            try:
                get_sent = time.monotonic()
                page = await asyncio.wait_for(
                    connection.get(run.screen.path), REQUEST_TIMEOUT
                )
                if page.status != 200:
                    raise ValueError(f"{run.screen.path}: status {page.status}")
                get_done = time.monotonic()
                fields = edit_form(page.body)
                await asyncio.sleep(chooser.uniform(*THINK_SECONDS))
                loaded = value_of(fields, slot.name)
                value = new_value(chooser, slot, loaded)
                send = Send(number, slot.name, value, loaded, get_sent, get_done)
                await send_edit(
                    connection, run, send, with_value(fields, slot.name, value)
                )
            except FAILURES as exc:
                await connection.close()
                run.errors.append(f"phone {number}: {type(exc).__name__}: {exc}")
    finally:
        await connection.close()


async def deliberate_conflicts(
    port: int, run: ScreenRun, spare: Sequence[Slot], started: float
) -> None:
    """Two more phones, now and then, both load the form at one version and
    change one field (no looping phone's) to two values: once the first is
    saved, the second must be refused as a true conflict. (When the first
    is refused, which a looping phone's save can cause, both try again.)"""
    first, second = Connection(HOST, port), Connection(HOST, port)
    try:
        for n in range(DELIBERATE_CONFLICTS):
            when = started + run.seconds * (n + 1) / (DELIBERATE_CONFLICTS + 1)
            await asyncio.sleep(max(0.0, when - time.monotonic()))
            for _attempt in range(20):
                if await conflict_pair(run, first, second, spare[n % len(spare)]):
                    run.deliberate += 1
                    break
            else:
                run.errors.append("a deliberate conflict's first send never saved")
    except FAILURES as exc:
        run.errors.append(f"deliberate conflict: {type(exc).__name__}: {exc}")
    finally:
        await first.close()
        await second.close()


async def conflict_pair(
    run: ScreenRun, first: Connection, second: Connection, slot: Slot
) -> bool:
    """One deliberate conflict; whether it was sent (the two pages were of
    one version, the first send was saved, the second was sent)."""
    chooser = random.Random(run.deliberate)  # noqa: S311 - a load mix
    get_sent = time.monotonic()
    pages = await asyncio.gather(
        *(
            asyncio.wait_for(c.get(run.screen.path), REQUEST_TIMEOUT)
            for c in (first, second)
        )
    )
    get_done = time.monotonic()
    forms = [edit_form(p.body) for p in pages]
    if value_of(forms[0], "version") != value_of(forms[1], "version"):
        return False
    loaded = value_of(forms[0], slot.name)
    mine = new_value(chooser, slot, loaded)
    theirs = new_value(chooser, slot, loaded, mine)
    for number, (connection, fields, value) in enumerate(
        ((first, forms[0], mine), (second, forms[1], theirs))
    ):
        send = Send(
            run.phones + number,
            slot.name,
            value,
            loaded,
            get_sent,
            get_done,
            deliberate=True,
        )
        await send_edit(connection, run, send, with_value(fields, slot.name, value))
        if not send.saved:
            return number == 1
    return True


async def phones_at(
    port: int, screen: Screen, phones: int, seconds: float
) -> ScreenRun:
    """``phones`` phones on one screen of one table for ``seconds``."""
    spare = [s for s in screen.slots[phones:] if s.high - s.low >= 2]
    if not spare:
        raise RuntimeError(
            f"{screen.name}: at most {len(screen.slots) - 1} phones (each owns a"
            " field; one field is kept for the deliberate conflicts)"
        )
    run = ScreenRun(screen, phones, seconds)
    table_id = screen.path.split("/")[2]
    initial = await export(port, table_id)
    run.initial = {s.name: s.read(initial) for s in screen.slots}
    started = time.monotonic()
    await asyncio.gather(
        *(phone(n, port, run, started + seconds) for n in range(phones)),
        deliberate_conflicts(port, run, spare, started),
    )
    final = await export(port, table_id)
    run.final = {s.name: s.read(final) for s in screen.slots}
    return run


def make_phone_tables(database_url: str, secret_key: str) -> list[Screen]:
    """The tables the phones share, as a new table is made (not imported: an
    imported All Roads file is a finished game)."""
    from companion.storage import store

    screens = []
    with app_context(database_url, secret_key):
        for name, screen in zip(
            PHONE_SCENARIOS, (tally_screen, camps_screen), strict=True
        ):
            document = json.loads((SCENARIOS / name).read_text("utf-8"))
            table = store.create_table(document["game"], document)
            screens.append(screen(table.id, document))
    return screens


def measure_phones(
    phones: int, seconds: float, workers: int = 2, threads: int = 4
) -> list[ScreenRun]:
    """The app served as start.sh serves it; ``phones`` phones on each
    screen in turn, ``seconds`` in all.

    :raises RuntimeError: the server could not be set up or started.
    """
    with scratch("companion-load-") as run:
        database_url = run.sqlite("load.sqlite3")
        spec = app_spec(run.secret_key)
        env = server_env(database_url)
        try:
            migrate(env, spec)
            screens = make_phone_tables(database_url, run.secret_key)
            port = free_port()
            run.serving(
                start_gunicorn(env, spec, port, run.log, workers, threads), port
            )
            print(
                f"gunicorn on {HOST}:{port} ({workers} workers x {threads} threads);"
                f" {phones} phones on one table, {seconds / len(screens):.0f} s per"
                " screen ...",
                file=sys.stderr,
            )
            runs = [
                asyncio.run(phones_at(port, screen, phones, seconds / len(screens)))
                for screen in screens
            ]
            if any(s.errors for s in runs):
                print(server_log(run.log), file=sys.stderr)
            return runs
        except RuntimeError:
            print(server_log(run.log), file=sys.stderr)
            raise


@dataclass(frozen=True)
class Tally:
    sent: int
    saved: int
    merged: int
    refused: int
    conflicts: int
    """Refused as a conflict (409); the others were refused as stale at the
    write (400: another phone's save came between the merge and the write)."""
    true_conflicts: int
    wrong_refusals: int
    deliberate: int
    lost: list[str]
    errors: list[str]

    @classmethod
    def of(cls, runs: Sequence[ScreenRun]) -> Tally:
        sends = [s for run in runs for s in run.sends]
        refused = [(run, s) for run in runs for s in run.sends if s.refused]
        true = sum(1 for run, s in refused if run.true_conflict(s))
        return cls(
            sent=len(sends),
            saved=sum(1 for s in sends if s.saved),
            merged=sum(1 for s in sends if s.saved and s.merged),
            refused=len(refused),
            conflicts=sum(1 for _run, s in refused if s.status == 409),
            true_conflicts=true,
            wrong_refusals=len(refused) - true,
            deliberate=sum(run.deliberate for run in runs),
            lost=[f"{run.screen.name}: {p}" for run in runs for p in run.lost()],
            errors=[e for run in runs for e in run.errors],
        )

    @property
    def ok(self) -> bool:
        return self.sent > 0 and not (self.lost or self.wrong_refusals or self.errors)


def phones_report(runs: Sequence[ScreenRun]) -> str:
    lines = [
        f"{'screen':<20} {'sent':>5} {'saved':>6} {'merged':>7} {'refused':>8}"
        f" {'409':>4} {'400':>4} {'true':>5} {'wrong':>6} {'lost':>5}",
        "-" * 78,
    ]
    for run in runs:
        tally = Tally.of([run])
        lines.append(
            f"{run.screen.name:<20} {tally.sent:>5} {tally.saved:>6}"
            f" {tally.merged:>7} {tally.refused:>8} {tally.conflicts:>4}"
            f" {tally.refused - tally.conflicts:>4} {tally.true_conflicts:>5}"
            f" {tally.wrong_refusals:>6} {len(tally.lost):>5}"
        )
    total = Tally.of(runs)
    share = 100 * total.refused / total.sent if total.sent else math.nan
    phones = runs[0].phones if runs else 0
    lines += [
        "-" * 78,
        f"{phones} phones on one table (each screen in turn), plus"
        f" {total.deliberate} deliberate conflicts (two more phones, one field)",
        f"edits sent: {total.sent}; saved: {total.saved} (merged with another"
        f" phone's change: {total.merged}); refused: {total.refused} ({share:.1f}%:"
        f" {total.conflicts} as a conflict, 409; {total.refused - total.conflicts}"
        " as stale at the write, 400), of which true conflicts:"
        f" {total.true_conflicts}, wrong refusals: {total.wrong_refusals};"
        f" lost edits: {len(total.lost)}; errors: {len(total.errors)}",
    ]
    for problem in [*total.lost, *total.errors][:10]:
        lines.append(f"  {problem}")
    return "\n".join(lines)


def report(stats: Mapping[str, Stats], elapsed: float, concurrency: int) -> str:
    lines = [
        f"{'page':<10} {'count':>7} {'errors':>7} {'p50 ms':>9} {'p95 ms':>9}",
        "-" * 46,
    ]
    for name, figures in stats.items():
        lines.append(
            f"{name:<10} {len(figures.times_ms):>7} {len(figures.errors):>7}"
            f" {figures.percentile(0.5):>9.1f} {figures.percentile(0.95):>9.1f}"
        )
    every = [ms for s in stats.values() for ms in s.times_ms]
    errors = [e for s in stats.values() for e in s.errors]
    median = statistics.median(every) if every else math.nan
    lines += [
        "-" * 46,
        f"{len(every)} requests in {elapsed:.1f} s ({len(every) / elapsed:.0f}/s),"
        f" concurrency {concurrency}, median {median:.1f} ms",
        f"total errors: {len(errors)}",
    ]
    lines += [f"  {error}" for error in errors[:10]]
    if len(errors) > 10:
        lines.append(f"  ... and {len(errors) - 10} more")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers")
    parser.add_argument("--threads", type=int, default=4, help="threads per worker")
    parser.add_argument(
        "--pdf-burst",
        type=int,
        default=0,
        metavar="N",
        help="instead of the mix: table pages quiet, then during N PDFs at once",
    )
    parser.add_argument(
        "--phones",
        type=int,
        default=0,
        metavar="N",
        help="instead of the mix: N phones editing one table at once (an All"
        " Roads tally, then Glory to Rome camps; --seconds in all)",
    )
    parser.add_argument(
        "--pdf-churn",
        type=int,
        default=0,
        metavar="N",
        help="instead of the mix: the cost of a 202 against a live poll, then N"
        " phones asking for the PDF of the version they see while another phone"
        " changes the table every second (--rounds times)",
    )
    parser.add_argument("--rounds", type=int, default=3, help="with --pdf-churn")
    parser.add_argument(
        "--database-url",
        default=None,
        help="with --pdf-churn: this (emptied!) database instead of a new SQLite file",
    )
    parser.add_argument(
        "--pdf-lifetime",
        action="store_true",
        help="instead of the mix: two reloads, a killed worker and a stop with"
        " PDFs queued; the PDF children left after each (none is the goal)",
    )
    parser.add_argument(
        "--first-pdf",
        action="store_true",
        help="instead of the mix: a fresh worker's first PDF against warm ones",
    )
    args = parser.parse_args(argv)
    if args.pdf_lifetime:
        lifetime = pdf_lifetime()
        for phase, pids in lifetime["left"].items():
            print(f"PDF children {phase}: {len(pids)} {pids}")
        print(f"workers seen: {len(lifetime['workers'])}")
        bad = {k: v for k, v in lifetime["left"].items() if v and "before" not in k}
        return 1 if bad else 0
    if args.first_pdf:
        figures = first_pdf_of_a_fresh_worker()
        ratio = figures["first ms"] / figures["warm median ms"]
        print(
            f"PDF child ready {figures['child ready after first page ms']:.0f} ms"
            f" after the worker's first page; first PDF of the fresh worker"
            f" {figures['first ms']:.0f} ms, warm {figures['warm median ms']:.0f} ms"
            f" (median of 5): {ratio:.2f}x (goal: at most 1.3x)"
        )
        return 0
    if args.pdf_churn:
        return churn_main(
            args.pdf_churn, args.rounds, args.workers, args.threads, args.database_url
        )
    if args.phones:
        return phones_main(args.phones, args.seconds, args.workers, args.threads)

    with scratch("companion-load-") as run:
        database_url = run.sqlite("load.sqlite3")
        spec = app_spec(run.secret_key)
        env = server_env(database_url)
        try:
            print("setting up the database (flask db upgrade) ...", file=sys.stderr)
            migrate(env, spec)
            tables = make_tables(database_url, run.secret_key)
            print(f"{len(tables)} tables made; starting gunicorn ...", file=sys.stderr)
            port = free_port()
            run.serving(
                start_gunicorn(env, spec, port, run.log, args.workers, args.threads),
                port,
            )
            print(
                f"gunicorn on {HOST}:{port} ({args.workers} workers x {args.threads}"
                f" threads); {args.concurrency} clients for {args.seconds:.0f} s ...",
                file=sys.stderr,
            )
            if args.pdf_burst:
                burst = asyncio.run(pdf_burst(port, tables, args.pdf_burst))
                for name, figures in burst.items():
                    print(
                        f"{name:24} {len(figures.times_ms):5} asked, "
                        f"{len(figures.errors)} errors, p50"
                        f" {figures.percentile(0.5):7.1f} ms, p95"
                        f" {figures.percentile(0.95):7.1f} ms"
                    )
                ratio = burst["table page, PDF burst"].percentile(0.95) / burst[
                    "table page, quiet"
                ].percentile(0.95)
                print(
                    f"table page p95, PDF burst / quiet: {ratio:.2f}x (goal: within 3x)"
                )
                return 1 if any(f.errors for f in burst.values()) else 0
            stats, elapsed = asyncio.run(
                load(port, tables, args.seconds, args.concurrency)
            )
            if any(s.errors for s in stats.values()):
                # What the server said about them (tracebacks of 500s).
                print(server_log(run.log), file=sys.stderr)
        except RuntimeError as exc:
            return not_run(exc, run.log)
    print(report(stats, elapsed, args.concurrency))
    total = sum(len(s.times_ms) for s in stats.values())
    return 1 if total == 0 or any(s.errors for s in stats.values()) else 0


def phones_main(phones: int, seconds: float, workers: int, threads: int) -> int:
    """``--phones``: 0 when no edit was lost and every refusal was a true
    conflict (and nothing failed), 1 otherwise, 2 when nothing could run."""
    print("setting up the database (flask db upgrade) ...", file=sys.stderr)
    try:
        runs = measure_phones(phones, seconds, workers, threads)
    except RuntimeError as exc:
        print(f"load test not run: {exc}", file=sys.stderr)
        return 2
    print(phones_report(runs))
    return 0 if Tally.of(runs).ok else 1


if __name__ == "__main__":
    sys.exit(main())
