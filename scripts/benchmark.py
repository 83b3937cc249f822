"""Issue 16, "cost that does not grow with the game": figures and ratios.

    .venv/bin/python scripts/benchmark.py [--quick] [--json]

In this one process, with Flask's test client on temporary SQLite databases
(nothing in ./instance is touched), it measures the median and the 95th
percentile over several requests of:

- the table page ``GET /t/<id>`` and the era page ``GET /t/<id>/era`` of a
  Foundations of Rome table (the 5-player worked example of the Roads of
  Fortune rulebook, ../shared/scenarios) at 5, 100 and 1,000 history steps,
  the history made through ``store.record`` (a player renamed back and forth);
- the home page ``GET /`` with 10 and with 5,000 tables, the shared list on
  (``SHARED_LIST``) so that the home lists every table;
- the report ``GET /t/<id>/report.pdf``: the first one of a fresh process (a
  subprocess, so that it really is the first), warm (a table this process has
  not printed yet), and a second download of an unchanged table.

It prints the figures (ms) and the goal ratios beside their goals. It never
fails because of a time: these are figures to read, not a test to pass (the
machine it runs on decides the milliseconds; the ratios are what to compare).
``run()`` returns the same figures as a dict (tests/test_benchmarks.py).
"""

from __future__ import annotations

import argparse
import copy
import gc
import json
import logging
import math
import operator
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SCENARIO = ROOT.parent / "shared" / "scenarios" / "rof-rulebook-worked-example.json"
"""The 5-player worked example (Foundations of Rome with road boards)."""
GAME = "foundations-of-rome"

STEPS = (5, 100, 1000)
"""History steps of the tables whose table and era pages are measured."""
TABLES = (10, 5000)
"""Tables on the home page (shared list)."""


@dataclass(frozen=True)
class Repetitions:
    pages: int
    """Timed requests of each page (table, era, home)."""
    pdf_first: int
    """Fresh processes, one first PDF each."""
    pdf_warm: int
    """Warm PDFs, each of a table this process has not printed yet."""
    pdf_cached: int
    """Second downloads of one unchanged table."""


FULL = Repetitions(pages=30, pdf_first=3, pdf_warm=5, pdf_cached=10)
QUICK = Repetitions(pages=7, pdf_first=1, pdf_warm=2, pdf_cached=3)

WARMUP = 2
"""Untimed requests of each page before its timed ones (templates compiled,
caches filled as after any first visit)."""


# --------------------------------------------------------------------------
# Figures
# --------------------------------------------------------------------------


@dataclass
class Figure:
    """The timed requests of one page in one situation."""

    label: str
    times_ms: list[float] = field(default_factory=list)
    statuses: list[int] = field(default_factory=list)
    mimetypes: set[str] = field(default_factory=set)
    sizes: list[int] = field(default_factory=list)
    """Bytes of each answer's body (a page that grew shows here)."""

    def add(self, ms: float, status: int, mimetype: str, size: int) -> None:
        self.times_ms.append(ms)
        self.statuses.append(status)
        self.mimetypes.add(mimetype)
        self.sizes.append(size)

    @property
    def median(self) -> float:
        return statistics.median(self.times_ms) if self.times_ms else math.nan

    @property
    def p95(self) -> float:
        """The 95th percentile, nearest rank (the slowest of fewer than 20)."""
        if not self.times_ms:
            return math.nan
        ordered = sorted(self.times_ms)
        return ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]

    def as_dict(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "median_ms": self.median,
            "p95_ms": self.p95,
            "runs": len(self.times_ms),
            "statuses": sorted(set(self.statuses)),
            "mimetypes": sorted(self.mimetypes),
            "kb": statistics.median(self.sizes) / 1024 if self.sizes else math.nan,
        }


@dataclass(frozen=True)
class Goal:
    label: str
    numerator: str
    denominator: str
    op: str
    """``<=`` or ``<``."""
    limit: float


GOALS: dict[str, Goal] = {
    "table_steps": Goal(
        "table page, 1,000 / 5 steps", "table@1000", "table@5", "<=", 1.2
    ),
    "era_steps": Goal("era page, 1,000 / 5 steps", "era@1000", "era@5", "<=", 1.2),
    "home_tables": Goal("home, 5,000 / 10 tables", "home@5000", "home@10", "<=", 1.2),
    "pdf_first": Goal("PDF, first / warm", "pdf_first", "pdf_warm", "<=", 1.3),
    "pdf_cached": Goal(
        "PDF again / table page (5 steps)", "pdf_cached", "table@5", "<", 1.5
    ),
}

OPS: dict[str, Callable[[float, float], bool]] = {"<=": operator.le, "<": operator.lt}


def ratios(figures: Mapping[str, Figure]) -> dict[str, dict[str, Any]]:
    found: dict[str, dict[str, Any]] = {}
    for key, goal in GOALS.items():
        top, bottom = figures[goal.numerator].median, figures[goal.denominator].median
        value = top / bottom if bottom and not math.isnan(bottom) else math.nan
        found[key] = {
            "label": goal.label,
            "value": value,
            "goal": f"{goal.op} {goal.limit}x",
            "met": bool(OPS[goal.op](value, goal.limit)),
        }
    return found


# --------------------------------------------------------------------------
# The app on a temporary database
# --------------------------------------------------------------------------


def scenario() -> dict[str, Any]:
    document: dict[str, Any] = json.loads(SCENARIO.read_text("utf-8"))
    return document


def table_options(document: Mapping[str, Any]) -> dict[str, bool]:
    """The options an imported Foundations of Rome file gets (as /import)."""
    return {
        "roads": "road_boards" in document,
        "monuments": any(
            b.get("type") == "monument" for b in document.get("buildings", [])
        ),
    }


def make_app(folder: Path) -> Any:
    """The app on a fresh SQLite file in ``folder``, the shared list on, the
    schema made by the migrations (as the tests make it)."""
    from flask_migrate import upgrade

    from companion import create_app

    folder.mkdir(parents=True, exist_ok=True)
    app = create_app(database_config(folder))
    app.instance_path = str(folder)
    with app.app_context(), quiet_logs():
        upgrade()
    return app


def database_config(folder: Path) -> dict[str, Any]:
    return {
        "TESTING": True,
        "SECRET_KEY": "benchmark",
        "DATABASE_URL": f"sqlite:///{folder / 'benchmark.sqlite3'}",
        "SHARED_LIST": True,
    }


@contextmanager
def quiet_logs() -> Iterator[None]:
    """No INFO lines (Alembic says each migration it runs)."""
    before = logging.root.manager.disable
    logging.disable(max(before, logging.INFO))
    try:
        yield
    finally:
        logging.disable(before)


@contextmanager
def setup_session() -> Iterator[None]:
    """Making many rows in one session, in an app context: the session keeps
    what it loaded across commits (so that a store that reads a table's whole
    history reads it once, not once per step). Forgotten afterwards: every
    measured request starts from nothing, as in a server."""
    from companion.storage.models import db

    session = db.session()
    session.expire_on_commit = False
    try:
        yield
    finally:
        session.expire_on_commit = True
        db.session.remove()


def new_table(document: Mapping[str, Any]) -> str:
    from companion.storage import store

    return str(store.create_table(GAME, document, options=table_options(document)).id)


def grow_history(table_id: str, steps: int) -> None:
    """Bring the table to ``steps`` history steps: its first player renamed
    back and forth, each one a step recorded through the store."""
    from companion.storage import store

    table = store.get_table(table_id)
    if table is None:
        raise LookupError(table_id)
    players = [dict(p) for p in store.current_document(table)["players"]]
    original = players[0]["name"]
    for n in range(steps - table.position):
        document = copy.deepcopy(store.current_document(table))
        old = document["players"][0]["name"]
        new = f"{original} {n % 2 + 1}" if old == original else original
        document["players"][0]["name"] = new
        store.add_step(
            table,
            document,
            expected_version=table.version,
            action="rename",
            details={"old": old, "new": new},
        )


def renamed(document: Mapping[str, Any], suffix: str) -> dict[str, Any]:
    """``document`` with its first player's name ending in ``suffix``: a
    table no cache can have seen."""
    copied = copy.deepcopy(dict(document))
    copied["players"][0]["name"] = f"{copied['players'][0]['name']} {suffix}"
    return copied


# --------------------------------------------------------------------------
# Timing
# --------------------------------------------------------------------------


def timed_get(client: Any, url: str, figure: Figure | None) -> Any:
    """GET ``url`` whole (body read); the time goes to ``figure``, if any."""
    started = time.perf_counter()
    response = client.get(url)
    body = response.get_data()
    elapsed = (time.perf_counter() - started) * 1000
    if figure is not None:
        figure.add(elapsed, response.status_code, response.mimetype or "", len(body))
    return response


def measure_round_robin(
    client: Any, pages: Mapping[str, tuple[str, str]], runs: int
) -> dict[str, Figure]:
    """Time each of ``pages`` (key: (label, url)) ``runs`` times, one of each
    in turn, so that a slow moment of the machine falls on all alike."""
    figures = {key: Figure(label) for key, (label, _url) in pages.items()}
    for _label, url in pages.values():
        for _ in range(WARMUP):
            timed_get(client, url, None)
    gc.collect()
    for _ in range(runs):
        for key, (_label, url) in pages.items():
            timed_get(client, url, figures[key])
    return figures


@contextmanager
def stopwatch(setup: dict[str, float], key: str) -> Iterator[None]:
    started = time.perf_counter()
    try:
        yield
    finally:
        setup[key] = time.perf_counter() - started


def say(message: str, *, verbose: bool) -> None:
    if verbose:
        print(message, file=sys.stderr, flush=True)


# --------------------------------------------------------------------------
# The benchmarks
# --------------------------------------------------------------------------


def bench_history(
    folder: Path, reps: Repetitions, setup: dict[str, float], verbose: bool
) -> tuple[dict[str, Figure], Any]:
    """Table and era pages at each of ``STEPS``; also returns the app (the
    PDF benchmarks use the same database)."""
    app = make_app(folder)
    document = scenario()
    ids: dict[str, str] = {}
    with app.app_context(), setup_session():
        for steps in STEPS:
            say(f"making a table of {steps} steps ...", verbose=verbose)
            with stopwatch(setup, f"{steps:,} steps"):
                ids[f"{steps}"] = new_table(document)
                grow_history(ids[f"{steps}"], steps)
    pages: dict[str, tuple[str, str]] = {}
    for steps in STEPS:
        table_id = ids[f"{steps}"]
        pages[f"table@{steps}"] = (f"table page, {steps:,} steps", f"/t/{table_id}")
        pages[f"era@{steps}"] = (f"era page, {steps:,} steps", f"/t/{table_id}/era")
    say("timing the table and era pages ...", verbose=verbose)
    return measure_round_robin(app.test_client(), pages, reps.pages), app


def bench_home(
    folder: Path, reps: Repetitions, setup: dict[str, float], verbose: bool
) -> dict[str, Figure]:
    """The home page with each of ``TABLES`` tables, on a database of its own."""
    app = make_app(folder)
    document = scenario()
    client = app.test_client()
    figures: dict[str, Figure] = {}
    made = 0
    try:
        for count in TABLES:
            say(f"making {count:,} tables ...", verbose=verbose)
            with (
                app.app_context(),
                setup_session(),
                stopwatch(setup, f"{count:,} tables"),
            ):
                for _ in range(count - made):
                    new_table(document)
            made = count
            say(f"timing the home page with {count:,} tables ...", verbose=verbose)
            pages = {f"home@{count}": (f"home, {count:,} tables", "/")}
            figures.update(measure_round_robin(client, pages, reps.pages))
    finally:
        dispose(app)
    return figures


def bench_pdf(
    app: Any,
    folder: Path,
    reps: Repetitions,
    setup: dict[str, float],
    verbose: bool,
) -> dict[str, Figure]:
    """The report PDF: first of a process, warm, and downloaded again."""
    document = scenario()
    with app.app_context(), setup_session(), stopwatch(setup, "PDF tables"):
        first_ids = [
            new_table(renamed(document, f"F{n}")) for n in range(reps.pdf_first)
        ]
        warm_ids = [
            new_table(renamed(document, f"W{n}")) for n in range(reps.pdf_warm + 1)
        ]
        cached_id = new_table(renamed(document, "C"))
    first = Figure("PDF, first of a fresh process")
    for n, table_id in enumerate(first_ids, 1):
        say(f"first PDF in a fresh process ({n}/{len(first_ids)}) ...", verbose=verbose)
        first.add(*first_pdf_in_subprocess(folder, table_id))
    say("timing warm and cached PDFs ...", verbose=verbose)
    client = app.test_client()
    # The first PDF of this process (WeasyPrint imported), not timed.
    timed_get(client, f"/t/{warm_ids[0]}/report.pdf", None)
    warm = Figure("PDF, warm (a table not printed yet)")
    for table_id in warm_ids[1:]:
        timed_get(client, f"/t/{table_id}/report.pdf", warm)
    cached = Figure("PDF, again (unchanged table)")
    timed_get(client, f"/t/{cached_id}/report.pdf", None)  # its first download
    gc.collect()
    for _ in range(reps.pdf_cached):
        timed_get(client, f"/t/{cached_id}/report.pdf", cached)
    return {"pdf_first": first, "pdf_warm": warm, "pdf_cached": cached}


def first_pdf_in_subprocess(folder: Path, table_id: str) -> tuple[float, int, str, int]:
    """The first PDF of a new process: (ms, status, mimetype, bytes)."""
    done = subprocess.run(  # noqa: S603 - our own script, no shell
        [sys.executable, __file__, "--first-pdf", str(folder), table_id],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    if done.returncode != 0:
        raise RuntimeError(f"the first-PDF process failed:\n{done.stderr}")
    answer = json.loads(done.stdout.strip().splitlines()[-1])
    return (
        float(answer["ms"]),
        int(answer["status"]),
        str(answer["mimetype"]),
        int(answer["size"]),
    )


def first_pdf(folder: Path, table_id: str) -> dict[str, Any]:
    """In a fresh process (``--first-pdf``): the app started as a server
    starts it, one page opened as a player opens it, then the first PDF of
    the process, timed."""
    from companion import create_app

    # As a server starts a worker: WeasyPrint and the report's fonts are
    # loaded in the background as it starts (companion.web.views.report.init_app),
    # done long before a game's end; waited for here.
    app = create_app({**database_config(folder), "PDF_WARM_UP": True})
    app.instance_path = str(folder)
    app.extensions["pdf_warm_up_thread"].join()
    client = app.test_client()
    timed_get(client, f"/t/{table_id}", None)
    figure = Figure("first")
    timed_get(client, f"/t/{table_id}/report.pdf", figure)
    return {
        "ms": figure.times_ms[0],
        "status": figure.statuses[0],
        "mimetype": figure.mimetypes.pop(),
        "size": figure.sizes[0],
    }


def run(*, quick: bool = False, verbose: bool = False) -> dict[str, Any]:
    """Run every benchmark; the figures as a dict:

    ``figures``: key -> label, median_ms, p95_ms, runs, statuses, mimetypes
    (keys ``table@5`` ... ``era@1000``, ``home@10``, ``home@5000``,
    ``pdf_first``, ``pdf_warm``, ``pdf_cached``); ``ratios``: key -> label,
    value, goal, met; ``setup_s``: seconds each setup took; ``quick``.
    """
    reps = QUICK if quick else FULL
    setup: dict[str, float] = {}
    figures: dict[str, Figure] = {}
    folder = Path(tempfile.mkdtemp(prefix="companion-benchmark-"))
    # Alembic says INFO lines on a database's first request: not those.
    with quiet_logs():
        try:
            history, app = bench_history(folder / "history", reps, setup, verbose)
            figures.update(history)
            try:
                pdf = bench_pdf(app, folder / "history", reps, setup, verbose)
                figures.update(pdf)
            finally:
                dispose(app)
            figures.update(bench_home(folder / "home", reps, setup, verbose))
        finally:
            shutil.rmtree(folder, ignore_errors=True)
    return {
        "figures": {key: figure.as_dict() for key, figure in figures.items()},
        "ratios": ratios(figures),
        "setup_s": setup,
        "quick": quick,
    }


def dispose(app: Any) -> None:
    from companion.storage.models import db

    with app.app_context():
        db.session.remove()
        db.engine.dispose()


# --------------------------------------------------------------------------
# Served: the app beside the floor app, on gunicorn, many clients (issue 33)
# --------------------------------------------------------------------------

CLIENTS = 8
"""Clients asking at once in the served benchmark (issue 33: 8)."""
SERVED_SECONDS = 10.0
"""Seconds each page is asked for by the clients (``--seconds``)."""
FIRST_VIEWS = 9
"""Changes made, each followed by the first view of the changed table."""
FLOOR_TEMPLATE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{{ row.name }}</title></head>
<body><h1>{{ row.name }}</h1><p>Row {{ row.id }}: {{ row.name }}.</p></body></html>
"""
RECORD_GAMES = (5, 50)
"""Finished games on the record page, measured side by side."""
FINISHED_FILES = (
    "all-roads-rulebook-end-scoring.json",
    "all-roads-3p-tie-broken-by-spas.json",
)
"""Scenario files imported as finished games (an imported All Roads file is
a final result)."""


def floor_app() -> Any:
    """The floor (issue 33): the least a page of this stack costs: a minimal
    Flask app reading one row through Flask-SQLAlchemy and rendering a small
    template. Its database is ``FLOOR_DATABASE_URL`` (the one row is made
    beforehand by :func:`make_floor_database`)."""
    import os

    from flask import Flask, render_template
    from flask_sqlalchemy import SQLAlchemy
    from jinja2 import DictLoader

    db = SQLAlchemy()

    class Row(db.Model):  # type: ignore[name-defined,misc]
        __tablename__ = "rows"
        id = db.Column(db.Integer, primary_key=True)
        name = db.Column(db.String(40), nullable=False)

    app = Flask("floor")
    app.jinja_loader = DictLoader({"row.html": FLOOR_TEMPLATE})
    app.config["SQLALCHEMY_DATABASE_URI"] = os.environ["FLOOR_DATABASE_URL"]
    db.init_app(app)
    app.extensions["floor_row"] = Row

    @app.get("/")
    def one_row() -> str:
        row = db.session.get(Row, 1)
        return render_template("row.html", row=row)

    return app


def make_floor_database(url: str) -> None:
    """The floor's one row (made once, before its workers start)."""
    import os

    from flask_sqlalchemy import SQLAlchemy

    os.environ["FLOOR_DATABASE_URL"] = url
    app = floor_app()
    db: SQLAlchemy = app.extensions["sqlalchemy"]
    row = app.extensions["floor_row"]
    with app.app_context():
        db.create_all()
        db.session.add(row(id=1, name="Roma"))
        db.session.commit()
        db.engine.dispose()


def load_module() -> Any:
    """scripts/load.py (its HTTP client and gunicorn helpers)."""
    sys.path.insert(0, str(ROOT / "scripts"))
    import load

    return load


def floor_config(folder: Path) -> Path:
    """A gunicorn config that is the app's own (``gunicorn.conf.py``: the
    README's settings, as ``scripts/start.sh`` reads them) without its
    worker hook, which starts the app's rules index and PDF child."""
    path = folder / "floor.gunicorn.conf.py"
    path.write_text(
        f"exec(open({str(ROOT / 'gunicorn.conf.py')!r}).read())\n"
        "del post_worker_init\n",
        "utf-8",
    )
    return path


def serve(
    load: Any, env: Mapping[str, str], argv: list[str], port: int, log: Path
) -> Any:
    """gunicorn (``python -m gunicorn`` + ``argv``) in the repository root,
    so that it reads ``gunicorn.conf.py`` as ``scripts/start.sh`` does."""
    with log.open("wb") as out:
        server = subprocess.Popen(  # noqa: S603 - this Python, fixed arguments
            [sys.executable, "-m", "gunicorn", *argv],
            cwd=ROOT,
            env={**env, "HOST": load.HOST, "PORT": str(port)},
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    try:
        load.wait_until_up(server, port)
    except BaseException:
        load.stop(server)
        raise
    return server


@dataclass
class Rate:
    """Requests answered by ``CLIENTS`` clients asking one page for a while."""

    label: str
    answered: int = 0
    seconds: float = 0.0
    statuses: set[int] = field(default_factory=set)
    times_ms: list[float] = field(default_factory=list)
    turns: list[float] = field(default_factory=list)
    """Requests a second of each turn (:func:`interleaved`), in order."""
    cpu_ms: list[float] = field(default_factory=list)
    """CPU ms a request of each turn: what the server's processes used
    (:func:`cpu_seconds`) over the requests answered."""

    @property
    def per_second(self) -> float:
        return self.answered / self.seconds if self.seconds else math.nan

    def as_dict(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "requests": self.answered,
            "per_second": self.per_second,
            "median_ms": statistics.median(self.times_ms)
            if self.times_ms
            else math.nan,
            "statuses": sorted(self.statuses),
            "cpu_ms": statistics.median(self.cpu_ms) if self.cpu_ms else math.nan,
        }


def cpu_seconds(pid: int) -> float:
    """CPU seconds (user and system, every thread) used so far by the process
    ``pid`` and every process below it (a gunicorn server: its master, its
    workers and their children), read from ``/proc``; NaN without it."""
    below: dict[int, list[int]] = {}
    used: dict[int, float] = {}
    tick = os.sysconf("SC_CLK_TCK")
    try:
        entries = os.listdir("/proc")
    except OSError:
        return math.nan
    for entry in entries:
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue  # gone meanwhile
        # After the name in brackets: state, ppid, ..., utime (12th), stime.
        fields = stat[stat.rindex(")") + 2 :].split()
        below.setdefault(int(fields[1]), []).append(int(entry))
        used[int(entry)] = (int(fields[11]) + int(fields[12])) / tick
    total, todo = 0.0, [pid]
    while todo:
        at = todo.pop()
        total += used.get(at, 0.0)
        todo += below.get(at, [])
    return total


async def ask_for_a_while(
    load: Any,
    port: int,
    path: str,
    headers: Mapping[str, str],
    seconds: float,
    clients: int,
    rate: Rate,
    server_pid: int | None = None,
) -> None:
    """``clients`` clients, each on its own kept-alive connection, asking
    for ``path`` one request after another for ``seconds``: added to
    ``rate`` (a page's turns add up)."""
    import asyncio

    async def one(_n: int) -> None:
        connection = load.Connection(load.HOST, port)
        try:
            while time.perf_counter() < deadline:
                asked = time.perf_counter()
                answer = await connection.get(path, dict(headers))
                rate.times_ms.append((time.perf_counter() - asked) * 1000)
                rate.statuses.add(answer.status)
                rate.answered += 1
        finally:
            await connection.close()

    # Untimed first: every worker's first answer (templates compiled, the
    # derived values of this version made) is not what is measured. As many
    # connections as clients, at once: one connection stays with one worker,
    # and the other worker's first answers (50 games' record lines) fell in
    # the first turn measured.
    async def warm(_n: int) -> None:
        connection = load.Connection(load.HOST, port)
        try:
            for _ in range(4):
                await connection.get(path, dict(headers))
        finally:
            await connection.close()

    await asyncio.gather(*(warm(n) for n in range(clients)))
    before = rate.answered
    cpu = cpu_seconds(server_pid) if server_pid else math.nan
    started = time.perf_counter()
    deadline = started + seconds
    await asyncio.gather(*(one(n) for n in range(clients)))
    took = time.perf_counter() - started
    rate.seconds += took
    answered = rate.answered - before
    rate.turns.append(answered / took)
    if server_pid:
        rate.cpu_ms.append((cpu_seconds(server_pid) - cpu) * 1000 / answered)


def turn_ratios(rate: Rate, beside: Rate) -> dict[str, float]:
    """``rate`` over ``beside``: the median of their turns' ratios (each turn
    of one beside the other's turn next to it), so that the machine's busy
    moments, which fall on some turns only, move it less than a ratio of
    totals; with the lowest and highest turn's, and the ratio of totals."""
    return _spread(
        [a / b for a, b in zip(rate.turns, beside.turns, strict=True)],
        rate.per_second / beside.per_second,
    )


def cpu_ratios(rate: Rate, beside: Rate) -> dict[str, float]:
    """The CPU time a request of ``rate`` over one of ``beside``, turn by
    turn as :func:`turn_ratios` (the last: the ratio of their medians): what
    the server spends, which the machine's other work moves less than it
    moves requests a second."""
    return _spread(
        [a / b for a, b in zip(rate.cpu_ms, beside.cpu_ms, strict=True)],
        statistics.median(rate.cpu_ms) / statistics.median(beside.cpu_ms),
    )


def _spread(each: list[float], of_totals: float) -> dict[str, float]:
    return {
        "value": statistics.median(each),
        "lowest": min(each),
        "highest": max(each),
        "of_totals": of_totals,
    }


def one_at_a_time(
    load: Any, port: int, path: str, runs: int, headers: Mapping[str, str] | None = None
) -> list[float]:
    """``runs`` requests of ``path`` one after another (one client): ms each."""
    import asyncio

    async def go() -> list[float]:
        connection = load.Connection(load.HOST, port)
        times = []
        try:
            for _ in range(runs):
                asked = time.perf_counter()
                await connection.get(path, dict(headers or {}))
                times.append((time.perf_counter() - asked) * 1000)
        finally:
            await connection.close()
        return times

    return asyncio.run(go())


def device_cookie(secret_key: str, ids: list[str]) -> dict[str, str]:
    """The Cookie header of a device that knows ``ids`` (as the app signs
    its list of tables: ``companion.web.device``)."""
    from itsdangerous import URLSafeSerializer

    from companion.web import device

    signed = URLSafeSerializer(secret_key, salt=device._SALT).dumps({"t": ids})  # noqa: SLF001
    return {"Cookie": f"{device.COOKIE_NAME}={signed}"}


@dataclass(frozen=True)
class ServedTables:
    example: str
    """Rulebook 000's worked example (Roads of Fortune, 5 players)."""
    home: list[str]
    """The tables the home page's device knows."""
    finished: list[str]
    """Finished games, newest first (``RECORD_GAMES``' largest)."""


def make_served_tables(database_url: str, secret_key: str) -> ServedTables:
    load = load_module()
    from companion import edits

    finished: list[str] = []
    with load.app_context(database_url, secret_key), setup_session():
        example = new_table(scenario())
        grow_history(example, 30)
        home = [example]
        for n in range(9):
            home.append(new_table(renamed(scenario(), f"H{n}")))
        documents = [
            json.loads((SCENARIO.parent / name).read_text("utf-8"))
            for name in FINISHED_FILES
        ]
        for n in range(max(RECORD_GAMES)):
            table = edits.create(
                documents[n % len(documents)],
                action="import",
                details={"filename": FINISHED_FILES[n % len(documents)]},
            )
            finished.append(table.id)
    return ServedTables(example, home, finished[::-1])


def change_example(database_url: str, secret_key: str, table_id: str, n: int) -> None:
    """A change to the example table through the app's one write path
    (``companion.edits.save``): its first player renamed."""
    load = load_module()
    from companion import edits
    from companion.storage import store

    with load.app_context(database_url, secret_key):
        table = store.get_table(table_id, to_change=True)
        if table is None:
            raise LookupError(table_id)
        names = store.names_of(table.document)
        old = names[0]
        names[0] = f"{old.split(' #')[0]} #{n}"
        edits.save(
            table,
            seen=table.version,
            action="rename",
            details={"old": old, "new": names[0]},
            names=names,
        )


SERVED_PAGES = ("table", "era", "home", "rules", "live")
SERVED_GOALS: dict[str, tuple[str, str, float]] = {
    # key: (label, op, limit): requests a second, of the floor's.
    "table": ("table page / floor (req/s)", ">=", 1 / 3),
    "era": ("era page / floor (req/s)", ">=", 1 / 4),
    "home": ("home / floor (req/s)", ">=", 1 / 2),
    "rules": ("rules search / floor (req/s)", ">=", 1 / 3),
    "live": ("live poll / floor (req/s)", "", 0.0),
}


ROUNDS = 10
"""Each page's time is cut into this many turns, each turn the floor's then
the page's: a busy moment of the machine falls on both alike (the ratio is
the median of the turns' ratios, :func:`turn_ratio`)."""


def interleaved(
    load: Any,
    floor_port: int,
    port: int,
    label: str,
    path: str,
    *,
    seconds: float,
    clients: int,
    headers: Mapping[str, str] | None = None,
    beside: tuple[str, str, Mapping[str, str]] | None = None,
    pids: Mapping[int, int] | None = None,
) -> tuple[Rate, Rate]:
    """The page and the floor (or, ``beside``, another page of the app:
    label, path, headers), ``ROUNDS`` turns each, one after the other;
    ``pids``: each port's server process, whose CPU time is counted."""
    page = Rate(label)
    if beside is None:
        floor, other = Rate(f"floor app, beside the {label}"), (floor_port, "/", {})
    else:
        floor, other = Rate(beside[0]), (port, beside[1], beside[2])
    import asyncio

    for _ in range(ROUNDS):
        for rate, at, url, sent in (
            (floor, *other),
            (page, port, path, headers or {}),
        ):
            turn = seconds / ROUNDS
            server = (pids or {}).get(at)
            asyncio.run(
                ask_for_a_while(load, at, url, sent, turn, clients, rate, server)
            )
    return page, floor


def run_served(
    *, seconds: float = SERVED_SECONDS, clients: int = CLIENTS, verbose: bool = False
) -> dict[str, Any]:
    """The floor app and the app, each on gunicorn with the README's settings
    (``gunicorn.conf.py``, as ``scripts/start.sh`` serves it: 2 workers x 4
    threads here), both running, asked in turns by ``clients`` clients;
    every ratio of issue 33 (the PDF's aside: :func:`run` measures it)."""
    import secrets

    load = load_module()
    folder = Path(tempfile.mkdtemp(prefix="companion-served-"))
    database_url = f"sqlite:///{folder / 'served.sqlite3'}"
    floor_url = f"sqlite:///{folder / 'floor.sqlite3'}"
    secret_key = secrets.token_hex(32)
    spec = load.app_spec(secret_key)
    env = {**os.environ, "DATABASE_URL": database_url, "FLOOR_DATABASE_URL": floor_url}
    env.pop("COMPANION_SHARED_LIST", None)
    rates: dict[str, Rate] = {}
    floors: dict[str, Rate] = {}
    single: dict[str, list[float]] = {}
    servers: list[Any] = []
    try:
        say("the floor app on gunicorn ...", verbose=verbose)
        make_floor_database(floor_url)
        floor_port = load.free_port()
        floor_argv = ["--config", str(floor_config(folder)), "--pythonpath"]
        floor_argv += [str(ROOT / "scripts"), "benchmark:floor_app()"]
        servers.append(serve(load, env, floor_argv, floor_port, folder / "floor.log"))
        say("setting up the app's database ...", verbose=verbose)
        load.migrate(env, spec)
        tables = make_served_tables(database_url, secret_key)
        port = load.free_port()
        say("the app on gunicorn ...", verbose=verbose)
        servers.append(serve(load, env, [spec], port, folder / "app.log"))
        pids = {floor_port: servers[0].pid, port: servers[1].pid}
        example = f"/t/{tables.example}"
        etag = _etag(load, port, f"{example}/live")
        pages: dict[str, tuple[str, str, Mapping[str, str]]] = {
            "table": ("table page, rulebook 000's example", example, {}),
            "era": ("era page, rulebook 000's example", f"{example}/era", {}),
            "home": (
                "home, 10 tables",
                "/",
                device_cookie(secret_key, tables.home),
            ),
            "rules": ("rules search", "/rules?q=tie", {}),
            "live": (
                "live poll, unchanged",
                f"{example}/live",
                {"If-None-Match": etag},
            ),
        }
        for key, (label, path, headers) in pages.items():
            say(f"{clients} clients: the {label}, and the floor ...", verbose=verbose)
            rates[key], floors[key] = interleaved(
                load,
                floor_port,
                port,
                label,
                path,
                seconds=seconds,
                clients=clients,
                headers=headers,
                pids=pids,
            )
        # The record page with the most games in turns with the fewest: their
        # costs compared with each other.
        few, most = RECORD_GAMES
        say(
            f"{clients} clients: the record page, {most} and {few} games ...",
            verbose=verbose,
        )
        rates[f"record@{most}"], rates[f"record@{few}"] = interleaved(
            load,
            floor_port,
            port,
            f"record page, {most} finished games",
            "/record",
            seconds=seconds,
            clients=clients,
            headers=device_cookie(secret_key, tables.finished[:most]),
            beside=(
                f"record page, {few} finished games",
                "/record",
                device_cookie(secret_key, tables.finished[:few]),
            ),
            pids=pids,
        )
        say("the first views after a change ...", verbose=verbose)
        single["floor"] = []
        for key, path in (("table", example), ("era", f"{example}/era")):
            times = []
            for n in range(FIRST_VIEWS):
                change_example(database_url, secret_key, tables.example, n)
                times += one_at_a_time(load, port, path, 1)
                single["floor"] += one_at_a_time(load, floor_port, "/", 3)
            single[f"first {key}"] = times
    finally:
        for server in servers:
            load.stop(server)
        shutil.rmtree(folder, ignore_errors=True)
    return {
        "rates": {key: rate.as_dict() for key, rate in rates.items()},
        "floors": {key: rate.as_dict() for key, rate in floors.items()},
        "single_ms": {key: statistics.median(t) for key, t in single.items()},
        "ratios": served_ratios(rates, floors, single),
        "clients": clients,
        "seconds": seconds,
    }


def _etag(load: Any, port: int, path: str) -> str:
    import asyncio

    async def go() -> str:
        connection = load.Connection(load.HOST, port)
        try:
            answer = await connection.get(path)
        finally:
            await connection.close()
        return str(answer.header("etag") or "")

    return asyncio.run(go())


def served_ratios(
    rates: Mapping[str, Rate],
    floors: Mapping[str, Rate],
    single: Mapping[str, list[float]],
) -> dict[str, dict[str, Any]]:
    """Each page's requests a second over the floor's (measured in turns
    with it); the first views' time over the floor's (one client); the
    record page's cost with the most games over its cost with the fewest."""
    found: dict[str, dict[str, Any]] = {}
    for key, (label, op, limit) in SERVED_GOALS.items():
        turns = turn_ratios(rates[key], floors[key])
        value = turns["value"]
        found[key] = {
            "label": label,
            **turns,
            "goal": f"{op} {limit:.3f}x" if op else "",
            "met": value >= limit if op else None,
        }
    floor_ms = statistics.median(single["floor"])
    for key in ("table", "era"):
        times = single[f"first {key}"]
        value = statistics.median(times) / floor_ms
        found[f"first {key}"] = {
            "label": f"first {key} view after a change / floor (ms)",
            "value": value,
            "lowest": min(times) / floor_ms,
            "highest": max(times) / floor_ms,
            "goal": "<= 12x",
            "met": value <= 12,
        }
    few, most = RECORD_GAMES
    # The cost of a request: the CPU time the server spends on it (the two
    # measured in turns with each other); and, as the ratio was first
    # measured, 1 / requests a second.
    cpu = cpu_ratios(rates[f"record@{most}"], rates[f"record@{few}"])
    found["record"] = {
        "label": f"record page, {most} / {few} games (CPU a request)",
        **cpu,
        "goal": "<= 1.2x",
        "met": cpu["value"] <= 1.2,
    }
    by_rate = turn_ratios(rates[f"record@{few}"], rates[f"record@{most}"])
    found["record_by_rate"] = {
        "label": f"record page, {most} / {few} games (1 / req/s)",
        **by_rate,
        "goal": "<= 1.2x",
        "met": by_rate["value"] <= 1.2,
    }
    return found


def served_report(result: Mapping[str, Any]) -> str:
    lines = [
        f"gunicorn as scripts/start.sh serves it, {result['clients']} clients,"
        f" {result['seconds']:.0f} s a page",
        f"{'page':<44} {'requests':>8} {'req/s':>8} {'p50 ms':>8} {'CPU ms':>7}"
        " statuses",
        "-" * 88,
    ]
    for key, rate in result["rates"].items():
        beside = result["floors"].get(key)
        for shown in (rate, beside) if beside else (rate,):
            lines.append(
                f"{shown['label'][:44]:<44} {shown['requests']:>8}"
                f" {shown['per_second']:>8.1f} {shown['median_ms']:>8.1f}"
                f" {shown['cpu_ms']:>7.2f} {shown['statuses']}"
            )
    lines += [
        "(CPU ms: what the server's processes spent a request, median of turns)",
        "",
        "one client, one request at a time (median ms):",
    ]
    for key, ms in result["single_ms"].items():
        lines.append(f"  {key:<42} {ms:>8.1f}")
    lines += [
        "",
        "ratio: the median of the turns' (first views: of the views over the"
        " floor's median), the lowest and highest, the ratio of totals",
        f"{'ratio':<46} {'value':>7} {'turns':>13} {'totals':>7} {'goal':>9}",
        "-" * 90,
    ]
    for ratio in result["ratios"].values():
        verdict = {True: "met", False: "NOT MET", None: ""}[ratio["met"]]
        turns = f"{ratio['lowest']:.2f}-{ratio['highest']:.2f}x"
        totals = f"{ratio['of_totals']:.3f}x" if "of_totals" in ratio else ""
        lines.append(
            f"{ratio['label']:<46} {ratio['value']:>6.3f}x {turns:>13}"
            f" {totals:>7} {ratio['goal']:>9}  {verdict}"
        )
    return "\n".join(lines)


# --------------------------------------------------------------------------
# Printing
# --------------------------------------------------------------------------


def report(result: Mapping[str, Any]) -> str:
    """The figures and ratios as a table to read."""
    lines = [
        f"{'figure':<40} {'median ms':>10} {'p95 ms':>10} {'runs':>5} {'kB':>6}",
        "-" * 75,
    ]
    for figure in result["figures"].values():
        lines.append(
            f"{figure['label']:<40} {figure['median_ms']:>10.1f}"
            f" {figure['p95_ms']:>10.1f} {figure['runs']:>5} {figure['kb']:>6.1f}"
        )
    lines += [
        "",
        f"{'ratio (of medians)':<40} {'value':>10} {'goal':>10}",
        "-" * 75,
    ]
    for ratio in result["ratios"].values():
        verdict = "met" if ratio["met"] else "NOT MET"
        lines.append(
            f"{ratio['label']:<40} {ratio['value']:>9.3f}x {ratio['goal']:>10}"
            f"  {verdict}"
        )
    setup = ", ".join(f"{key} {s:.1f} s" for key, s in result["setup_s"].items())
    lines += ["", f"setup: {setup}"]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    parser.add_argument("--json", action="store_true", help="print JSON instead")
    parser.add_argument(
        "--served",
        action="store_true",
        help="the app beside the floor app on gunicorn, many clients (issue 33)",
    )
    parser.add_argument("--seconds", type=float, default=SERVED_SECONDS)
    parser.add_argument("--clients", type=int, default=CLIENTS)
    parser.add_argument(
        "--first-pdf", nargs=2, metavar=("FOLDER", "TABLE"), help=argparse.SUPPRESS
    )
    args = parser.parse_args(argv)
    if args.first_pdf:
        folder, table_id = args.first_pdf
        print(json.dumps(first_pdf(Path(folder), table_id)))
        return 0
    if args.served:
        served = run_served(seconds=args.seconds, clients=args.clients, verbose=True)
        print(json.dumps(served, indent=2) if args.json else served_report(served))
        return 0
    result = run(quick=args.quick, verbose=True)
    print(json.dumps(result, indent=2) if args.json else report(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
