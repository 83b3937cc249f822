"""Fuzzing the two doors a table file comes in by: ``companion score -`` and
the web import (spec: ../shared/spec/table-file.md).

A table file is whatever a player, a script or an older app wrote, so no text
may break either door. Each example starts from a worked example of
``../shared/scenarios`` (valid, or ``invalid/``, whose messages quote the file)
and changes its JSON structure (a hostile value at a random path, a key
deleted, renamed or added, a list item repeated, two values swapped, a part of
another example grafted in, a top level that is not an object; or, a seventh
of the time, one value that may still be valid, so that imported tables are
common enough), then writes the JSON text itself, so that what ``json.dumps``
cannot write is still tried: digits past Python's 4,300-digit limit, nesting a
thousand levels deep, ``NaN``, lone UTF-16 surrogates kept as ``\\ud800``,
bytes that are not UTF-8.

What must hold for any such text:

- the command exits 0 with JSON on standard output, or 2 with nothing on
  standard output and every line of standard error naming a JSON path
  (``$``, ``players[0].name``, ``camps["a b"]``; ``-:`` for text that is not
  JSON at all), never 1 and never a traceback;
- the import answers 302 (a new table) or 400 (refused, the problems listed,
  no table made), never 5xx; a table it made shows every page, its export
  (which the command scores) and its history (and, for a sample, its PDF)
  without a 5xx, each within ``PAGE_SECONDS``;
- both doors agree: the command scores a file exactly when the web imports it.

Every failing example found is kept in ``regressions/table_files/`` and
replayed through both doors by ``test_regression_files_pass_both_doors``.
``COMPANION_FUZZ_EXAMPLES`` sets the examples per fuzz test (150).
"""

from __future__ import annotations

import copy
import io
import json
import os
import re
import signal
import sys
import threading
import traceback
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select

from companion import cli
from companion.storage.models import GameTable, db

from .conftest import TableActions, require_shared
from .helpers import run_cli, soup

REGRESSIONS = Path(__file__).resolve().parent / "regressions" / "table_files"
MAX_UPLOAD = 1024 * 1024
"""The app's upload limit (``MAX_CONTENT_LENGTH``): a larger body is 413."""

FUZZ = settings(
    max_examples=int(os.environ.get("COMPANION_FUZZ_EXAMPLES", "150")),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

TALLY: Counter[str] = Counter()
"""Examples tried and how each door answered, printed at the end (``-s``)."""


# --------------------------------------------------------------------------
# JSON text with parts json.dumps cannot write
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class Raw:
    """JSON text spliced in as it is: a huge number, deep nesting, NaN."""

    text: str


def deep(depth: int, kind: str) -> Raw:
    """``depth`` lists or objects inside one another."""
    if kind == "[":
        return Raw("[" * depth + "]" * depth)
    return Raw('{"a":' * depth + "1" + "}" * depth)


RAW_VALUES = [
    Raw("1" + "0" * 5000),  # 10**5000, past the 4,300-digit limit
    Raw("-" + "9" * 4301),
    Raw("9" * 4300),
    Raw("1" + "0" * 20),
    Raw("1e400"),  # decodes to inf
    Raw("-1e400"),
    Raw("1e-400"),
    Raw("NaN"),
    Raw("Infinity"),
    Raw("-Infinity"),
    Raw("-0"),
    Raw("1.0"),
    Raw("1E2"),
    Raw("0.000"),
    deep(1000, "["),
    deep(1000, "{"),
    deep(17, "["),
    deep(100, "{"),
    deep(50_000, "["),
]

HOSTILE_STRINGS = [
    "",
    " ",
    "\ud800",
    "\udfff",
    "a\ud800b",
    "\x00",
    "a\x00",
    "\n",
    "a\nb",
    "red\n",  # a pattern ending in $ matches before a final newline
    "ana\n",
    "A1\n",
    "Statue\n",
    "a\rb",
    "\r\n",
    "\u2028",
    "\u202e",
    "\ufeff",
    "NaN",
    "Infinity",
    "-1",
    "1",
    "2",
    "١",  # an Arabic-Indic digit: int() reads it as 1
    "½",
    "0x10",
    " 1",
    "{name}",
    "{0}",
    "%(x)s",
    "%s",
    "{{7*7}}",
    "<script>alert(1)</script>",
    "a" * 41,
    "é" * 40,
    "e\u0301" * 21,
    "🏛" * 41,
    "x" * 100_000,
    "李雷",
]

WORDS = [
    "rome-companion/1",
    "rome-companion/2",
    "foundations-of-rome",
    "all-roads",
    "glory-to-rome",
    "red",
    "blue",
    "green",
    "purple",
    "yellow",
    "Red",
    "ana",
    "A1",
    "J10",
    "G7",
    "H8",
    "K1",
    "A11",
    "A0",
    "a1",
    "A01",
    "residential",
    "commercial",
    "civic",
    "monument",
    "citizen",
    "two-citizens",
    "silver",
    "building",
    "forum-romanum",
    "the-pantheon",
    "temple-of-mars",
    "tower-of-wonders",
    "circus-maximus",
    "majority",
    "milestones",
    "reward",
    "or",
    "pass",
    "milestone",
    "lot",
    "north",
    "east",
    "south",
    "west",
    "vp",
    "population_token",
    "coins_from_each",
    "first_player",
    "swap_lots",
    "other",
    "rubble",
    "wood",
    "brick",
    "concrete",
    "stone",
    "marble",
    "Statue",
    "Wall",
    "Gate",
    "Stairway",
    "Prison",
    "Insula",
    "Market",
    "monument",
    "spa",
    "villa",
    "house",
]
"""Words the spec gives meaning to: a value in the wrong place that is a
right value somewhere else reaches further into the engines than noise."""

HOSTILE_KEYS = [
    "",
    " ",
    "x",
    "\ud800",
    "\x00",
    "a\nb",
    "red\n",
    "x\n",
    "a\rb",
    'a"b',
    "a.b",
    "a[0]",
    "$",
    "0",
    "__proto__",
    "k" * 2000,
    *WORDS,
]

numbers = st.one_of(
    st.integers(-3, 12),
    st.sampled_from(
        [999_999_999_999_999, 2**31, 2**53 + 1, 2**63, 10**15, 10**16, -(10**16)]
    ),
    st.integers(),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from([0.5, 1.0, -0.0, 1e308, 5e-324]),
)
strings = st.one_of(
    st.sampled_from(HOSTILE_STRINGS),
    st.sampled_from(WORDS),
    st.text(max_size=50),
)
scalars = st.one_of(st.none(), st.booleans(), numbers, strings)
hostile_values = st.one_of(
    st.sampled_from(HOSTILE_STRINGS),
    st.sampled_from(RAW_VALUES),
    scalars,
    st.lists(scalars, max_size=3),
    st.dictionaries(st.sampled_from(HOSTILE_KEYS), scalars, max_size=2),
)

ODD_CHARACTERS = ["\n", "\r", "\u2028", "\x85", "\t", "\x1b", "\x00", "\ud800", " "]
"""Characters that end a line somewhere, or are not text, or hide."""


@st.composite
def spliced(draw: st.DrawFn, text: str) -> str:
    """``text`` with one odd character put in: a word that still reads as
    itself to a pattern that stops early (``red\n``), or a name that breaks a
    line of the message quoting it."""
    at = draw(st.sampled_from(sorted({0, len(text) // 2, len(text)})))
    return text[:at] + draw(st.sampled_from(ODD_CHARACTERS)) + text[at:]


Path_ = tuple[str | int, ...]


def paths(node: Any, at: Path_ = ()) -> Iterator[Path_]:
    """Every path in a decoded document, the top level (``()``) first."""
    yield at
    if isinstance(node, dict):
        for key, value in node.items():
            yield from paths(value, (*at, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from paths(value, (*at, index))


def get(root: list[Any], path: Path_) -> Any:
    node = root[0]
    for key in path:
        node = node[key]
    return node


def get_or_none(root: list[Any], path: Path_) -> Any:
    """The value at ``path``, or ``None`` where the path leads nowhere."""
    try:
        return get(root, path)
    except (KeyError, IndexError, TypeError):
        return None


def put(root: list[Any], path: Path_, value: Any) -> None:
    if not path:
        root[0] = value
    else:
        get(root, path[:-1])[path[-1]] = value


def dumps(doc: Any, *, ascii_only: bool) -> str:
    """The JSON text of ``doc``, its :class:`Raw` parts spliced in as written.

    A lone surrogate stays the escape ``\\ud800`` even without ``ascii_only``
    (it has no UTF-8 form)."""
    raws: list[str] = []

    def mark(node: Any) -> Any:
        if isinstance(node, Raw):
            raws.append(node.text)
            return f"\x01RAW{len(raws) - 1}\x01"
        if isinstance(node, dict):
            return {key: mark(value) for key, value in node.items()}
        if isinstance(node, list):
            return [mark(value) for value in node]
        return node

    marked = mark(doc)
    text = json.dumps(marked, ensure_ascii=ascii_only)
    if not ascii_only:
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            text = json.dumps(marked, ensure_ascii=True)
    for index, raw in enumerate(raws):
        text = text.replace(json.dumps(f"\x01RAW{index}\x01"), raw, 1)
    return text


# --------------------------------------------------------------------------
# Mutations
# --------------------------------------------------------------------------


@st.composite
def mutate(draw: st.DrawFn, root: list[Any], donors: list[tuple[Path_, Any]]) -> str:
    """Change ``root[0]`` in place in one structure-aware way; what was done.

    ``donors`` are the values of every worked example at their paths: a part
    of another game's file (road boards, a camp) grafted in where it may fit
    gets further than noise."""
    every = list(paths(root[0]))
    inner = [p for p in every if p]
    dict_paths = [p for p in every if isinstance(get(root, p), dict)]
    list_paths = [p for p in every if isinstance(get(root, p), list) and get(root, p)]
    leaves = [p for p in inner if isinstance(get(root, p), (str, int))]
    kinds = ["replace", "replace", "top", "graft", "graft"]
    if leaves:
        kinds += ["same_type"] * 4
    if inner:
        kinds += ["delete", "copy", "swap"]
    if dict_paths:
        kinds += ["add_key", "rename_key"]
    if list_paths:
        kinds.append("duplicate")
    kind = draw(st.sampled_from(kinds))
    if kind == "top":
        value = draw(
            st.one_of(
                st.sampled_from([[], [{}], 0, "", None, True, "rome-companion/1"]),
                st.sampled_from(RAW_VALUES),
                st.builds(lambda doc: [doc], st.just(copy.deepcopy(root[0]))),
            )
        )
        put(root, (), value)
        return f"top level -> {type(value).__name__}"
    if kind == "replace":
        path = draw(st.sampled_from(every))
        value = draw(hostile_values)
        put(root, path, value)
        return f"replace {path}"
    if kind == "graft":
        path, value = draw(st.sampled_from(donors))
        parent = get_or_none(root, path[:-1])
        if isinstance(parent, dict) and isinstance(path[-1], str):
            parent[path[-1]] = copy.deepcopy(value)
        elif isinstance(parent, list) and isinstance(path[-1], int):
            parent.insert(min(path[-1], len(parent)), copy.deepcopy(value))
        else:
            return f"graft skipped ({path} does not fit)"
        return f"graft {path}"
    if kind == "same_type":
        path = draw(st.sampled_from(leaves))
        old_value = get(root, path)
        if isinstance(old_value, bool):
            value = draw(st.booleans())
        elif isinstance(old_value, int):
            value = draw(numbers.filter(lambda n: isinstance(n, int)))
        else:
            value = draw(st.one_of(strings, spliced(old_value)))
        put(root, path, value)
        return f"same type at {path}"
    if kind == "delete":
        path = draw(st.sampled_from(inner))
        del get(root, path[:-1])[path[-1]]
        return f"delete {path}"
    if kind == "copy":
        source, target = draw(st.sampled_from(inner)), draw(st.sampled_from(inner))
        put(root, target, copy.deepcopy(get(root, source)))
        return f"copy {source} to {target}"
    if kind == "swap":
        one, two = draw(st.sampled_from(inner)), draw(st.sampled_from(inner))
        if one[: len(two)] == two or two[: len(one)] == one:
            return "swap skipped (nested paths)"
        first, second = get(root, one), get(root, two)
        put(root, one, second)
        put(root, two, first)
        return f"swap {one} and {two}"
    if kind == "add_key":
        path = draw(st.sampled_from(dict_paths))
        key = draw(st.sampled_from(HOSTILE_KEYS))
        get(root, path)[key] = draw(hostile_values)
        return f"add key {key[:20]!r} at {path}"
    if kind == "rename_key":
        path = draw(st.sampled_from(dict_paths))
        node = get(root, path)
        if not node:
            return "rename skipped (empty object)"
        old = draw(st.sampled_from(sorted(node)))
        new = draw(st.one_of(st.sampled_from(HOSTILE_KEYS), spliced(old)))
        node[new] = node.pop(old)
        return f"rename {old!r} to {new[:20]!r} at {path}"
    path = draw(st.sampled_from(list_paths))
    items = get(root, path)
    index = draw(st.integers(0, len(items) - 1))
    items.insert(draw(st.integers(0, len(items))), copy.deepcopy(items[index]))
    return f"duplicate {path}[{index}]"


@st.composite
def plausible_change(draw: st.DrawFn, root: list[Any]) -> str:
    """Change one number or text in ``root[0]`` to one that may still be
    valid (a count from 0 to 12 or the largest 15-digit one, a word of the
    spec): a file that is imported reaches every page of its table."""
    leaves = [
        p
        for p in paths(root[0])
        if p
        and isinstance(get(root, p), (str, int))
        and not isinstance(get(root, p), bool)
    ]
    path = draw(st.sampled_from(leaves))
    if isinstance(get(root, path), int):
        value: Any = draw(st.one_of(st.integers(0, 12), st.just(999_999_999_999_999)))
    else:
        value = draw(st.sampled_from([*WORDS, "Ana", "李雷", "x" * 40]))
    put(root, path, value)
    return f"plausible change at {path}"


@dataclass(frozen=True)
class Case:
    """One mutated table file: where it came from, what was done, its bytes."""

    scenario: str
    steps: tuple[str, ...]
    content: bytes

    @property
    def text(self) -> str:
        return self.content.decode("utf-8", "replace")

    def __repr__(self) -> str:
        shown = self.text if len(self.text) < 600 else self.text[:600] + "..."
        return f"Case({self.scenario}, {list(self.steps)}, {shown!r})"


@st.composite
def mutated_files(draw: st.DrawFn, scenarios: dict[str, Any]) -> Case:
    """A worked example, changed one to three times, as the bytes of a file."""
    name = draw(st.sampled_from(sorted(scenarios)))
    root = [copy.deepcopy(scenarios[name])]
    donors = [
        (path, get([doc], path))
        for doc in scenarios.values()
        for path in paths(doc)
        if path
    ]
    count = draw(st.sampled_from([0, 1, 1, 1, 2, 2, 3]))
    steps = [draw(mutate(root, donors)) for _ in range(count)]
    if not count:  # a file the app may well accept: its pages get a go too
        steps = [draw(plausible_change(root))]
    text = dumps(root[0], ascii_only=draw(st.booleans()))
    content = text.encode("utf-8")
    encoding = draw(st.sampled_from(["utf-8"] * 8 + ["bom", "latin-1", "cut"]))
    if encoding == "bom":
        content = b"\xef\xbb\xbf" + content
    elif encoding == "latin-1":
        content = content.replace(b'"', b'"\xe9', 1)
    elif encoding == "cut":
        content = content[: draw(st.integers(0, len(content)))]
    if encoding != "utf-8":
        steps.append(f"bytes: {encoding}")
    return Case(name, tuple(steps), content)


# --------------------------------------------------------------------------
# The two doors
# --------------------------------------------------------------------------

WORD = r"[\w-]+"
SEGMENT = rf'(?:\.{WORD}|\[\d+\]|\["(?:[^"\\]|\\.)*"\])'
PROBLEM_LINE = re.compile(rf"^(?:\$|{WORD}|\[\"(?:[^\"\\]|\\.)*\"\]){SEGMENT}*: \S")
"""A problem as the spec writes it: a JSON path, ``: `` and the words."""
INPUT_LINE = re.compile(r"^-: (?:not valid JSON|the file is not UTF-8 text)")
"""A problem with the text itself, named by the file (``-``: standard input)."""


def crash(exc: BaseException) -> str:
    """An exception in one line: its type, message and where it was raised."""
    frames = traceback.extract_tb(exc.__traceback__)
    where = f"{Path(frames[-1].filename).name}:{frames[-1].lineno}" if frames else "?"
    first = (str(exc).splitlines() or [""])[0][:120]
    return f"{type(exc).__name__} at {where}: {first}"


def cli_stdin(content: bytes) -> tuple[int, str, str]:
    """``companion score -`` reading ``content`` as a UTF-8 standard input
    would, undecodable bytes included (``run_cli`` takes text)."""
    out, err = io.StringIO(), io.StringIO()
    old = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(content), encoding="utf-8")
    try:
        status = cli.main(["score", "-"], out=out, err=err)
    finally:
        sys.stdin = old
    return status, out.getvalue(), err.getvalue()


def command_problems(content: bytes) -> tuple[bool | None, list[str]]:
    """Run ``companion score -`` on ``content``: whether it scored (``None``
    when it broke) and what is wrong with how it answered."""
    try:
        text = content.decode("utf-8")
    except UnicodeDecodeError:
        text = None
    try:
        if text is None:
            status, out, err = cli_stdin(content)
        else:
            status, out, err = run_cli("score", "-", stdin=text)
    except Exception as exc:  # noqa: BLE001 - any exception is the finding
        return None, [f"command: traceback, {crash(exc)}"]
    if "Traceback" in err:
        return None, [f"command: traceback on stderr: {err[-300:]!r}"]
    if status == 0:
        try:
            json.loads(out)
            out.encode("utf-8")
        except ValueError as exc:
            return True, [f"command: exit 0 but stdout is not UTF-8 JSON ({exc})"]
        return True, []
    if status != 2:
        return None, [f"command: exit {status}, stderr {err[:300]!r}"]
    problems = []
    if out:
        problems.append(f"command: exit 2 with stdout {out[:100]!r}")
    # Lines as str.splitlines() cuts them: a reader in Python (or a terminal,
    # for a carriage return) breaks a line at U+2028 or \r as well as at \n.
    lines = [line for line in err.splitlines() if line.strip()]
    if not lines:
        problems.append("command: exit 2 with nothing on stderr")
    for line in lines:
        if not (PROBLEM_LINE.match(line) or INPUT_LINE.match(line)):
            problems.append(f"command: stderr line without a JSON path: {line[:200]!r}")
    return False, problems


SCREENS = [
    "",
    "/export",
    "/history",
    "/live",
    "/share",
    "/delete",
    "/house-rules",
    "/board",
    "/board/tray",
    "/build",
    "/era",
    "/roads/setup",
    "/roads/face",
    "/roads",
    "/monuments",
    "/civic-tiles",
    "/tally",
    "/turn",
    "/camps",
    "/end",
]
"""Every page of a table that needs nothing but its id (another game's
screens answer 404, which is fine)."""


def document_screens(content: bytes) -> list[str]:
    """Pages of a Foundations of Rome table named by what its file holds: a
    building's values (by its first lot) and monument cards for a player."""
    document = json.loads(content.decode("utf-8-sig"))
    screens = []
    for building in document.get("buildings", [])[:3]:
        screens.append(f"/building/{quote(building['lots'][0], safe='')}")
    slugs = ["forum-romanum"]
    slugs += [b["monument"] for b in document.get("buildings", []) if "monument" in b]
    for player in document["players"][:2]:
        for slug in slugs[:2]:
            screens.append(f"/monuments/{slug}?player={quote(player['id'], safe='')}")
    return screens


PAGE_SECONDS = 30
"""The longest a page of one table may take: a file that makes a page take
minutes, or all the memory, is a denial of service, and stopping it keeps the
test run alive. Not a speed check (scripts/benchmark.py measures those): a
warm PDF takes about 0.2 s, but a process's first one sets WeasyPrint up
(about 4 s of CPU), which on a busy two-core machine passed a 5 s limit."""


class TooSlowError(BaseException):
    """A page did not answer within its time (not an ``Exception``, so that
    no ``except Exception`` on the way, WeasyPrint's among them, keeps it)."""


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Interrupt the block after ``seconds`` with :class:`TooSlowError`, and
    again every 0.1 s until it stops (where there is SIGALRM and this is the
    main thread; else no limit)."""
    if not hasattr(signal, "SIGALRM") or (
        threading.current_thread() is not threading.main_thread()
    ):
        yield
        return

    def stop(_signum: int, _frame: object) -> None:
        raise TooSlowError

    old = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds, 0.1)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def table_count(app: Flask) -> int:
    with app.app_context():
        return int(db.session.scalar(select(func.count()).select_from(GameTable)))


def web_problems(
    app: Flask, content: bytes, *, pdf: bool, lang: str = "en"
) -> tuple[bool | None, list[str]]:
    """Import ``content`` on the web: whether a table was made (``None`` when
    the import broke) and what is wrong with how the app answered.

    Each file comes from a new device (client) reading ``lang``: the home page
    lists the tables of its device, so one table that breaks a page must not
    break the examples after it."""
    client: FlaskClient = app.test_client()
    actions = TableActions(client)
    client.get(f"/lang/{lang}")
    before = table_count(app)
    try:
        response = actions.import_file(content, "t.json")
    except Exception as exc:  # noqa: BLE001 - propagated from the view: a 500
        return None, [f"import: 500, {crash(exc)}"]
    status = response.status_code
    made = table_count(app) - before
    if status == 413 and len(content) > MAX_UPLOAD:
        return False, [] if made == 0 else [f"import: 413 but {made} table(s) made"]
    if status == 400:
        problems = []
        box = soup(response).select_one(".problems")
        if box is None or not box.select("ul.errors li"):
            problems.append("import: 400 without a list of problems")
        if made:
            problems.append(f"import: 400 but {made} table(s) made")
        return False, problems
    if status != 302:
        return None, [f"import: answered {status}"]
    if made != 1:
        return True, [f"import: 302 but {made} table(s) made"]
    table_id = response.headers["Location"].rsplit("/", 1)[-1]
    pages = ["/", *(f"/t/{table_id}{screen}" for screen in SCREENS)]
    pages += [f"/t/{table_id}{screen}" for screen in document_screens(content)]
    if pdf:
        pages.append(f"/t/{table_id}/report.pdf")
    problems = []
    for page in pages:
        shown = page.replace(table_id, "<id>")
        try:
            with time_limit(PAGE_SECONDS):
                answer = client.get(page)
        except TooSlowError:
            problems.append(f"GET {shown}: no answer within {PAGE_SECONDS} s")
            continue
        except Exception as exc:  # noqa: BLE001 - propagated from the view
            problems.append(f"GET {shown}: 500, {crash(exc)}")
            continue
        if answer.status_code >= 500:
            problems.append(f"GET {shown}: {answer.status_code}")
        elif page.endswith("/export"):
            scored, again = command_problems(answer.data)
            if again or not scored:
                problems.append(f"GET {shown}: the command does not score it")
    return True, problems


LANGUAGES = ["en", "it", "zh"]
OUTCOME = {True: "accepted", False: "refused", None: "broke"}


def both_doors(app: Flask, content: bytes, *, pdf: bool, lang: str = "en") -> list[str]:
    """Every problem with how the command and the import answer ``content``."""
    scored, problems = command_problems(content)
    imported, web = web_problems(app, content, pdf=pdf, lang=lang)
    problems += web
    TALLY["both-door examples"] += 1
    TALLY[f"command: {OUTCOME[scored]}"] += 1
    TALLY[f"web: {OUTCOME[imported]}"] += 1
    if scored is not None and imported is not None and scored != imported:
        problems.append(
            f"doors disagree: command {'scored' if scored else 'refused'}, "
            f"import {'made a table' if imported else 'refused'}"
        )
    return problems


# --------------------------------------------------------------------------
# Tests
# --------------------------------------------------------------------------


class Scenarios(dict[str, Any]):
    """The worked examples by name; shown short in Hypothesis's reports."""

    def __repr__(self) -> str:
        return f"<{len(self)} worked examples>"


@pytest.fixture(scope="module")
def scenarios() -> Scenarios:
    """Every worked example of ../shared/scenarios, decoded: the valid ones,
    and the invalid ones (``invalid/NAME``), whose problems are the messages
    that quote a file's own text back (a name, a lot)."""
    folder = require_shared() / "scenarios"
    found = Scenarios(
        {
            str(path.relative_to(folder).with_suffix("")): json.loads(
                path.read_text("utf-8")
            )
            for path in sorted([*folder.glob("*.json"), *folder.glob("invalid/*.json")])
            if not path.name.endswith(".expected.json")
        }
    )
    assert any("/" not in name for name in found), f"no worked examples in {folder}"
    return found


@pytest.fixture(scope="module", autouse=True)
def tally() -> Iterator[None]:
    """Print how many examples were tried and how each door answered."""
    TALLY.clear()
    yield
    print("\nfuzzed table files:", dict(sorted(TALLY.items())))


@FUZZ
@given(data=st.data())
def test_command_answers_every_mutated_file(
    scenarios: Scenarios, data: st.DataObject
) -> None:
    """``companion score -`` exits 0 with JSON or 2 with one path-named line
    per problem, whatever the file holds: a player's script reads stderr."""
    case = data.draw(mutated_files(scenarios), label="case")
    _scored, problems = command_problems(case.content)
    TALLY["command-only examples"] += 1
    assert not problems, "\n".join(problems)


@FUZZ
@given(data=st.data())
def test_import_answers_every_mutated_file(
    app: Flask, scenarios: Scenarios, data: st.DataObject
) -> None:
    """The import makes a table (302) or refuses with the problems listed and
    nothing made (400), never 5xx; a table it made opens, exports and shows
    its history (and a fifth of the time its PDF) without 5xx, in each of the
    app's languages; and the command scores exactly the files the import
    accepts."""
    case = data.draw(mutated_files(scenarios), label="case")
    pdf = data.draw(st.integers(0, 4), label="pdf") == 0
    lang = data.draw(st.sampled_from(LANGUAGES), label="lang")
    problems = both_doors(app, case.content, pdf=pdf, lang=lang)
    assert not problems, "\n".join(problems)


def regression_files() -> list[Path]:
    return sorted(REGRESSIONS.glob("*.json"))


@pytest.mark.parametrize("path", regression_files(), ids=lambda path: path.stem)
def test_regression_files_pass_both_doors(app: Flask, path: Path) -> None:
    """Every failing example the fuzzing found, kept as the bytes that broke
    things, answers both doors as any file must (PDF included)."""
    problems = both_doors(app, path.read_bytes(), pdf=True)
    assert not problems, "\n".join(problems)
