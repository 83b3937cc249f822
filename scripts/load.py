"""A load test: the app served as scripts/start.sh serves it, many phones at once.

    .venv/bin/python scripts/load.py [--seconds 30] [--concurrency 16]

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

The client is asyncio's own streams (HTTP/1.1, one kept-alive connection per
client, cookies kept as a browser keeps them): no dependency beyond Python.
"""

from __future__ import annotations

import argparse
import asyncio
import copy
import json
import math
import os
import random
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Mapping
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
        """GET ``path``; a kept-alive connection the server closed meanwhile
        is opened again once (as a browser does), nothing else is retried."""
        reused = self.writer is not None
        try:
            return await self._exchange(path, headers or {})
        except StaleConnectionError:
            await self.close()
            if not reused:
                raise
        return await self._exchange(path, headers or {})

    async def _exchange(self, path: str, headers: Mapping[str, str]) -> Answer:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(
                self.host, self.port
            )
        if self.reader is None or self.writer is None:
            raise ConnectionError("not connected")
        lines = [f"GET {path} HTTP/1.1", f"Host: {self.host}:{self.port}"]
        lines += [f"{name}: {value}" for name, value in headers.items()]
        if self.cookies:
            jar = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
            lines.append(f"Cookie: {jar}")
        try:
            self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1"))
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
            name, _, value = cookie.split(";", 1)[0].partition("=")
            self.cookies[name.strip()] = value.strip()
        if (answer.header("connection") or "").lower() == "close":
            await self.close()
        return answer

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
    from companion import create_app
    from companion.engines import read_table
    from companion.storage import store
    from companion.storage.models import db

    folder = Path(tempfile.mkdtemp(prefix="companion-load-app-"))
    app = create_app({"SECRET_KEY": secret_key, "DATABASE_URL": database_url})
    app.instance_path = str(folder)
    tables: list[TableRef] = []
    try:
        with app.app_context():
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
                rename_back_and_forth(table, HISTORY_STEPS)
                tables.append(TableRef(table.id, game))
            db.session.remove()
            db.engine.dispose()
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return tables


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


def rename_back_and_forth(table: Any, steps: int) -> None:
    from companion.storage import store

    original = store.current_document(table)["players"][0]["name"]
    while table.position < steps:
        document = copy.deepcopy(store.current_document(table))
        old = document["players"][0]["name"]
        new = f"{original} 2" if old == original else original
        document["players"][0]["name"] = new
        store.add_step(
            table,
            document,
            expected_version=table.version,
            action="rename",
            details={"old": old, "new": new},
        )


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
    args = parser.parse_args(argv)

    folder = Path(tempfile.mkdtemp(prefix="companion-load-"))
    database_url = f"sqlite:///{folder / 'load.sqlite3'}"
    secret_key = secrets.token_hex(32)
    spec = app_spec(secret_key)
    env = server_env(database_url)
    server: subprocess.Popen[bytes] | None = None
    log = folder / "gunicorn.log"
    try:
        print("setting up the database (flask db upgrade) ...", file=sys.stderr)
        migrate(env, spec)
        tables = make_tables(database_url, secret_key)
        print(f"{len(tables)} tables made; starting gunicorn ...", file=sys.stderr)
        port = free_port()
        server = start_gunicorn(env, spec, port, log, args.workers, args.threads)
        wait_until_up(server, port)
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
                    f"{len(figures.errors)} errors, p50 {figures.percentile(0.5):7.1f} "
                    f"ms, p95 {figures.percentile(0.95):7.1f} ms"
                )
            ratio = burst["table page, PDF burst"].percentile(0.95) / burst[
                "table page, quiet"
            ].percentile(0.95)
            print(f"table page p95, PDF burst / quiet: {ratio:.2f}x (goal: within 3x)")
            return 1 if any(f.errors for f in burst.values()) else 0
        stats, elapsed = asyncio.run(load(port, tables, args.seconds, args.concurrency))
        if any(s.errors for s in stats.values()):
            # What the server said about them (tracebacks of 500s).
            print(server_log(log), file=sys.stderr)
    except RuntimeError as exc:
        print(f"load test not run: {exc}", file=sys.stderr)
        print(server_log(log), file=sys.stderr)
        return 2
    finally:
        if server is not None:
            stop(server)
        shutil.rmtree(folder, ignore_errors=True)
    print(report(stats, elapsed, args.concurrency))
    total = sum(len(s.times_ms) for s in stats.values())
    return 1 if total == 0 or any(s.errors for s in stats.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
