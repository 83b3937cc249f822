"""Every POST route, fuzzed: the real form as a page shows it, then mutated.

Why: a phone sends what its page holds, but a stale page, a browser's autofill,
an extension, a proxy or a curious player can send anything. Whatever comes,
the app must answer in words and keep the table as it was, never crash. For
each POST route of ``app.url_map`` (a route left out fails
``test_every_post_route_is_fuzzed``), the test makes a table of the route's
game, reads the form from the page that holds it (a valid CSRF token and the
table's version), and lets Hypothesis change it: drop or repeat a field, add a
row beyond the rows (``players-5-house``) or leave a row out, put hostile text
in a value (huge, negative, "²", "٣", NUL, emoji, markup, bytes that are not
UTF-8), choose a choice not offered, press another button or one only
JavaScript sends, and use an address argument that names nothing (a lot
"Z99", a rule id of 2**63).

After every send:

- never a 5xx (in tests an unexpected exception propagates: it is the 500);
- the body never shows a traceback;
- a refusal (4xx, 409 stale or merge pages included) changes nothing: the
  table's file, every table's version and position, the saved civic tiles,
  road faces and house rules are as before;
- a 400 that shows the form again says what is wrong (beside a field, or in a
  problems box), never just the form;
- a send with a row of the form left out (all of ``players-0-...``) is not
  saved: the rows after it would be read as the rows before it;
- a redirect leads to a page that loads; after a change, the table's page,
  history, file and the form's own page still load.

Every failing example found is kept in ``tests/regressions/posts/`` (one JSON
file each) and replayed by ``test_post_regression`` with the same checks.

``COMPANION_FUZZ_EXAMPLES`` sets the examples per route (40 by default, about a
minute for the module); ``pytest -s`` prints what was sent and answered.
``COMPANION_FUZZ_SAVE`` names a folder where each failure is also written as a
regression file (to review, then copy into ``tests/regressions/posts/``);
``COMPANION_FUZZ_DATABASE_URL`` runs it on that PostgreSQL database instead of
SQLite (emptied first: give it a database of its own);
``COMPANION_FUZZ_SHRINK=0`` skips Hypothesis's shrinking and
``COMPANION_FUZZ_KEEP_GOING=1`` goes on after a failure, listing every cause
at the end (a quicker, wider hunt).
"""

from __future__ import annotations

import copy
import json
import os
import re
import traceback
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from io import BytesIO
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import quote, quote_plus, urlsplit

import pytest
from bs4 import BeautifulSoup, Tag
from flask import Flask
from flask.testing import FlaskClient
from flask_migrate import upgrade
from hypothesis import HealthCheck, Phase, given, note, settings
from hypothesis import strategies as st
from sqlalchemy import func, select
from werkzeug.test import TestResponse

from companion.storage.models import (
    CivicTile,
    GameTable,
    HistoryStep,
    HouseRule,
    RoadFace,
    db,
)

from .conftest import TableActions, empty_database, make_app, require_shared
from .helpers import form_data, soup
from .test_views_monuments import CITY as MONUMENTS_CITY

T = TypeVar("T")

EXAMPLES = int(os.environ.get("COMPANION_FUZZ_EXAMPLES", "40"))
SAVE = os.environ.get("COMPANION_FUZZ_SAVE")
REGRESSIONS = Path(__file__).resolve().parent / "regressions" / "posts"
DATABASE = os.environ.get("COMPANION_FUZZ_DATABASE_URL")

SHRINK = os.environ.get("COMPANION_FUZZ_SHRINK", "1") != "0"
KEEP_GOING = os.environ.get("COMPANION_FUZZ_KEEP_GOING") == "1"

FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    phases=[p for p in Phase if SHRINK or p not in (Phase.shrink, Phase.explain)],
)

PLUMBING = frozenset({"csrf_token", "version", "base", "once"})
"""Fields the page fills in for the app; a regression file keeps them as
``{page}``: the value the page gives when it is replayed."""

PAGE = "{page}"


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    """The app as conftest makes it (SQLite), or on the PostgreSQL database of
    ``COMPANION_FUZZ_DATABASE_URL``, emptied and migrated."""
    url = DATABASE or f"sqlite:///{tmp_path / 'test.sqlite3'}"
    app = make_app(tmp_path, url)
    with app.app_context():
        if DATABASE:
            empty_database()
        upgrade()
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


# --------------------------------------------------------------------------
# Hostile values
# --------------------------------------------------------------------------

HOSTILE: tuple[str | bytes, ...] = (
    "",
    " ",
    "0",
    "-1",
    "-0",
    "1",
    "99",
    "100",
    "1000",
    str(2**31),
    str(2**63 - 1),
    str(2**63),
    str(-(2**63) - 1),
    str(10**30),
    "²",
    "٣",
    "１",
    "𝟙",
    "1e3",
    " 3 ",
    "3.0",
    "+5",
    "0x10",
    "1_0",
    "NaN",
    "inf",
    "\x00",
    "a\x00b",
    "\x01\x1b[31m\x7f",
    "\u202e\u200bx",
    "\r\n",
    "💥🏛️",
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "%(player)s {0}",
    "{}",
    "[]",
    "null",
    "None",
    "true",
    "on",
    "y",
    "../..",
    "x" * 300,
    "é" * 5000,
    b"\xed\xa0\x80",  # a lone surrogate, as CESU-8 bytes
    b"\xff\xfe",
    b"\xc0\x80",  # an overlong NUL
)
"""Values no page offers: empty, out of range, numbers that are not ASCII digits
or not whole, control characters, markup, text too long, bytes not UTF-8."""


def hostile() -> st.SearchStrategy[str | bytes]:
    return st.one_of(
        st.sampled_from(HOSTILE),
        st.integers(min_value=-(2**70), max_value=2**70).map(str),
        st.text(max_size=12),
    )


URL_HOSTILE: dict[str, tuple[str, ...]] = {
    "table_id": ("nope", "x" * 300, "٣", "%00", ".."),
    "lot": ("Z99", "A0", "A11", "K1", "a1", "A01", " A1", "A²", "A٣", "A1,B1", "1A"),
    "slug": ("the-moon", "x" * 300, "FORUM-ROMANUM", "forum_romanum", "٣", "%00"),
    "rule_id": ("0", "999999", str(2**31), str(2**63 - 1), str(2**63), str(10**30)),
    # a saved tile's key: never a row number; too long; not ASCII; a made-up one
    "tile_key": ("1", "999999", str(2**63), "x" * 300, "٣", "%00", "A" * 16),
}
"""Address arguments that name nothing, per argument of the POST routes."""

ROW_INDEXES = (2, 3, 4, 5, 7, 9, 99, 2**31, "٣", "00")
"""Row numbers beyond the rows a page shows (some not ASCII digits)."""

ROW_FIELD = re.compile(r"^([a-z_]+)-(\d+)-([a-z_]+)$")


# --------------------------------------------------------------------------
# Tables to fuzz
# --------------------------------------------------------------------------

CITY: dict[str, Any] = {
    **MONUMENTS_CITY,
    "buildings": [
        *MONUMENTS_CITY["buildings"],
        {"owner": "blue", "type": "residential", "lots": ["F2", "F3"], "citizens": 2},
    ],
}
"""A Foundations of Rome city with a building of each type, lot markers and
coins: every board action, the monuments and the coins have something to do."""

ALL_ROADS_OVER: dict[str, Any] = {
    "format": "rome-companion/1",
    "game": "all-roads",
    "players": [{"id": "red", "name": "Ana"}, {"id": "yellow", "name": "Bo"}],
    "unbuilt": {
        "red": {"monument": 1, "spa": 0, "villa": 2, "house": 3},
        "yellow": {"monument": 0, "spa": 1, "villa": 1, "house": 0},
    },
}
"""An All Roads table whose tally is in: finished, so it can be reopened."""

ROF_DRAFT = "rof-3p-era2-token-majority-coins.json"
"""A shared scenario with road boards: without its picks, the draft is open."""

ROF_SWAP = "rof-rulebook-worked-example.json"
SWAP_MARKERS = {"blue": ["H1", "J6"], "red": ["I6"], "green": ["C3"]}
"""The rulebook's example with its north picks made: Blue picks on the south
board, whose space 1 swaps 2 lots (as tests/test_views_lot_swap.py)."""

FR_PLAYERS = [("Ana", "red"), ("Bo", "blue")]
AR_PLAYERS = [("Ana", "red"), ("Bo", "yellow")]
GTR_PLAYERS = [("Ana", ""), ("Bo", "")]


class Maker:
    """The tables (and saved things) one route needs, made afresh on request.

    Each maker returns the address arguments a page needs (``table_id``, and
    ``tile_key``, ``rule_id`` ... where the route names one) and the values
    worth trying in some fields (``offers``).
    """

    def __init__(self, actions: TableActions) -> None:
        self.actions = actions
        self.client = actions.client
        self.made = 0

    def unique(self, stem: str) -> str:
        self.made += 1
        return f"{stem} {self.made}"

    def city(self) -> dict[str, Any]:
        return {"table_id": self.actions.import_id(json.dumps(CITY).encode())}

    def roads(self) -> dict[str, Any]:
        table_id = self.actions.create_id(
            "foundations-of-rome", FR_PLAYERS, options=("roads",)
        )
        # A saved face, so that the setup offers "saved:<id>" too.
        data = self.actions.form(f"/t/{table_id}/roads/face")
        data.update(name=self.unique("Face"), kind="majority")
        response = self.client.post(f"/t/{table_id}/roads/face", data=data)
        assert response.status_code == 302, response.get_data(as_text=True)
        return {"table_id": table_id}

    def draft(self) -> dict[str, Any]:
        """Two drafts: one with a majority board, one at a space that swaps
        lots (``swap_id``: the lots are ticked on a board in the form)."""
        scenarios = require_shared() / "scenarios"
        document = json.loads((scenarios / ROF_DRAFT).read_text("utf-8"))
        document["road_boards"].pop("choices", None)
        swap = json.loads((scenarios / ROF_SWAP).read_text("utf-8"))
        north = swap["road_boards"]["choices"]["north"]
        swap["road_boards"]["choices"] = {"north": north}
        swap["lot_markers"] = SWAP_MARKERS
        return {
            "table_id": self.actions.import_id(json.dumps(document).encode()),
            "swap_id": self.actions.import_id(json.dumps(swap).encode()),
        }

    def all_roads(self) -> dict[str, Any]:
        return {"table_id": self.actions.create_id("all-roads", AR_PLAYERS)}

    def all_roads_half_tallied(self) -> dict[str, Any]:
        """A tally with the first row entered and the others not yet."""
        table_id = self.actions.create_id("all-roads", AR_PLAYERS)
        path = f"/t/{table_id}/tally"
        data = self.actions.form(path)
        data["players-0-house"] = "1"
        assert self.actions.client.post(path, data=data).status_code == 302
        return {"table_id": table_id}

    def all_roads_over(self) -> dict[str, Any]:
        document = json.dumps(ALL_ROADS_OVER).encode()
        return {"table_id": self.actions.import_id(document)}

    def glory(self) -> dict[str, Any]:
        return {"table_id": self.actions.create_id("glory-to-rome", GTR_PLAYERS)}

    def history(self) -> dict[str, Any]:
        """A table with steps to go back and forth: two renames, one undone."""
        table_id = self.actions.create_id("glory-to-rome", GTR_PLAYERS)
        for names in (["Ana", "Bea"], ["Ada", "Bea"]):
            assert self.actions.rename(table_id, names).status_code == 302
        assert self.actions.post_action(table_id, "undo").status_code == 302
        return {"table_id": table_id}

    def civic_tile(self) -> dict[str, Any]:
        args = self.city()
        path = f"/t/{args['table_id']}/civic-tiles"
        data = self.actions.form(path, "main form[novalidate]")
        data.update(name=self.unique("Library"), per="building", vp="2")
        response = self.client.post(path, data=data)
        assert response.status_code == 302, response.get_data(as_text=True)
        with self.client.application.app_context():
            tile = db.session.scalars(
                select(CivicTile).order_by(CivicTile.id.desc())
            ).first()
            assert tile is not None
            args["tile_key"] = tile.key
        return args

    def house_rule(self) -> dict[str, Any]:
        args = self.all_roads()
        rule = self.actions.house_rule_id(args["table_id"], "Ours", "We play it so.")
        return {**args, "rule_id": str(rule)}

    def join_code(self) -> dict[str, Any]:
        args = self.all_roads()
        page = soup(self.client.get(f"/t/{args['table_id']}/share"))
        code = page.select_one(".join-code")
        text = code.get_text(strip=True) if code is not None else ""
        return {**args, "offers": {"code": [text, text.lower(), f" {text} "]}}

    def nothing(self) -> dict[str, Any]:
        return {}


@dataclass(frozen=True)
class Route:
    """How to reach one POST route: the table to make, the page that holds
    its form and the form's CSS selector (both may name address arguments,
    ``{table_id}``, and query values drawn from ``queries``)."""

    make: Callable[[Maker], dict[str, Any]]
    game: str
    page: str
    selector: str
    queries: tuple[dict[str, str], ...] = ({},)
    """Query values of the page (one drawn per example): which lots, which
    piece, which card."""
    offers: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Values worth trying beyond what the page offers (ids, lots, players)."""
    extra_pages: tuple[tuple[str, str], ...] = ()
    """Pages whose buttons JavaScript brings into the form (the board's tray)."""
    upload: bool = False
    """The form sends a file (import)."""
    whole_rows: bool = True
    """A row left out must not be saved (not so for a new table's seats,
    where a blank row is left out anyway)."""


LOTS = ("E5", "F5", "A1", "B1", "C1", "D4", "F2", "G7", "H8", "J10", "A0", "Z99")
PLAYERS = ("red", "blue", "yellow", "green", "black", "p1", "p9")
FR = "foundations-of-rome"

ROUTES: dict[str, Route] = {
    "share.name_device": Route(
        Maker.all_roads, "all-roads", "/t/{table_id}/share", "form.device-name-form"
    ),
    "share.join": Route(
        Maker.join_code, "all-roads", "/join", "main form[method=post]"
    ),
    "tables.import_table": Route(
        Maker.nothing, "", "/", 'form[action="/import"]', upload=True
    ),
    "tables.new_table": Route(
        Maker.nothing,
        "",
        "/new/{slug}",
        "main form[method=post]",
        queries=tuple({"slug": s} for s in (FR, "all-roads", "glory-to-rome")),
        offers={"house_rules_from": ("nope", "x" * 40)},
        whole_rows=False,
    ),
    "tables.forget": Route(
        Maker.all_roads, "all-roads", "/", 'form[action="/t/{table_id}/forget"]'
    ),
    "tables.rename_players": Route(
        Maker.glory,
        "glory-to-rome",
        "/t/{table_id}",
        'form[action^="/t/{table_id}/players"]',
    ),
    "tables.undo": Route(
        Maker.history,
        "glory-to-rome",
        "/t/{table_id}/history",
        'form[action$="/undo"]',
        offers={"next": ("history", "board", "show", "//example.com", "")},
    ),
    "tables.redo": Route(
        Maker.history,
        "glory-to-rome",
        "/t/{table_id}/history",
        'form[action$="/redo"]',
        offers={"next": ("history", "board", "show", "//example.com", "")},
    ),
    "tables.go_to": Route(
        Maker.history,
        "glory-to-rome",
        "/t/{table_id}/history",
        'form[action$="/history"]',
        offers={"seq": ("1", "2", "3", "4", "0", str(2**31), str(2**63))},
    ),
    "tables.delete": Route(
        Maker.all_roads, "all-roads", "/t/{table_id}/delete", "main form[method=post]"
    ),
    "finished.reopen": Route(
        Maker.all_roads_over,
        "all-roads",
        "/t/{table_id}",
        'form[action$="/reopen"]',
        offers={
            "next": (
                "/t/{table_id}/history",
                "/t/{table_id}/../x",
                "//example.com/t/{table_id}",
                "/t/{table_id}\\..",
                "https://example.com",
            )
        },
    ),
    "foundations.board_action": Route(
        Maker.civic_tile,
        FR,
        "/t/{table_id}/board?owner={owner}&lots={lots}",
        "#board-form",
        queries=(
            {"owner": "red", "lots": "E5"},
            {"owner": "red", "lots": "E5,F5"},
            {"owner": "blue", "lots": "A1"},
            {"owner": "red", "lots": ""},
        ),
        offers={
            "lots": LOTS,
            "owner": PLAYERS,
            "move_from": LOTS,
            "piece": ("0", "1", "6", "7", "12", "13", "99", "100", "-1"),
            "tile": ("{tile_key}", "1", "999999", str(2**63), "x" * 17, "A" * 16),
        },
        extra_pages=(("/t/{table_id}/board/tray?owner={owner}&lots={lots}", "#tray"),),
    ),
    "foundations.build": Route(
        Maker.city,
        FR,
        "/t/{table_id}/build?owner={owner}&lots={lots}&piece={piece}",
        "main form[method=post]",
        queries=(
            {"owner": "red", "lots": "E5", "piece": "0"},
            {"owner": "red", "lots": "E5", "piece": "6"},
            {"owner": "red", "lots": "E5", "piece": "12"},
            {"owner": "blue", "lots": "E5,F5", "piece": "1"},
            {"owner": "red", "lots": "E5,F5", "piece": "7"},
        ),
        offers={
            "lots": ("E5", "E5,F5", "A1", "E5,E5", "A1,J10", "Z99", ",", "E5,,F5"),
            "owner": PLAYERS,
            "piece": ("0", "1", "2", "6", "12", "13", "99", str(2**63)),
        },
    ),
    "foundations.values": Route(
        Maker.city,
        FR,
        "/t/{table_id}/building/{lot}",
        "main form[method=post]",
        queries=tuple({"lot": lot} for lot in ("A1", "B1", "C1", "F3")),
    ),
    "foundations.era": Route(
        Maker.city, FR, "/t/{table_id}/era", "main form[method=post]"
    ),
    "civic.tiles": Route(
        Maker.city,
        FR,
        "/t/{table_id}/civic-tiles?owner=red&lots={lots}",
        "main form[novalidate]",
        queries=({"lots": "E5"}, {"lots": "E5,F5"}, {"lots": "Z99"}),
    ),
    "civic.delete": Route(
        Maker.civic_tile,
        FR,
        "/t/{table_id}/civic-tiles",
        'form[action^="/t/{table_id}/civic-tiles/{tile_key}/delete"]',
    ),
    "civic.edit": Route(
        Maker.civic_tile,
        FR,
        "/t/{table_id}/civic-tiles/{tile_key}/edit",
        "main form[novalidate]",
    ),
    "monuments.coins": Route(
        Maker.city,
        FR,
        "/t/{table_id}/monuments?player=red",
        'form[action$="/coins"]',
        offers={"player": PLAYERS},
    ),
    "monuments.income": Route(
        Maker.city,
        FR,
        "/t/{table_id}/monuments?player=red",
        'form[action$="/coins/income"]',
        offers={"player": PLAYERS},
    ),
    "monuments.build": Route(
        Maker.city,
        FR,
        "/t/{table_id}/monuments/{slug}?player=red&lots=D4",
        "section.placement form[method=post]",
        queries=({"slug": "tower-of-wonders"},),
        offers={"lots": LOTS, "player": PLAYERS},
    ),
    "monuments.values": Route(
        Maker.city,
        FR,
        "/t/{table_id}/monuments/{slug}?player=red",
        'form[action$="/values"]',
        queries=tuple(
            {"slug": slug}
            for slug in (
                "tower-of-wonders",
                "temple-of-minerva",
                "temple-of-vulcan",
                "forum-romanum",
                "regia",
            )
        ),
        offers={"player": PLAYERS, "reset": ("1",)},
    ),
    "roads.setup": Route(
        Maker.roads,
        FR,
        "/t/{table_id}/roads/setup",
        "main form[method=post]",
        offers={
            edge: ("preset:nope", "saved:0", "saved:999999", f"saved:{2**63}", ":")
            for edge in ("north", "east", "south", "west")
        },
    ),
    "roads.face": Route(
        Maker.roads, FR, "/t/{table_id}/roads/face", "main form[method=post]"
    ),
    "roads.draft": Route(
        Maker.draft,
        FR,
        "/t/{table_id}/roads",
        "form.options",
        queries=({}, {"table_id": "{swap_id}"}),
        offers={
            "option": ("0", "1", "5", "99", "pass", str(2**63), "٣"),
            "keep": ("0", "1", "99", "٣"),
            "lots": (*LOTS, "H1", "J6", "I6", "C3", "I7"),
        },
    ),
    "all_roads.tally": Route(
        Maker.all_roads, "all-roads", "/t/{table_id}/tally", "main form[method=post]"
    ),
    "all_roads.end_tally": Route(
        Maker.all_roads_half_tallied,
        "all-roads",
        "/t/{table_id}/tally/end",
        "main form[method=post]",
    ),
    "all_roads.turn": Route(
        Maker.all_roads,
        "all-roads",
        "/t/{table_id}/turn",
        "main form[method=post]",
        offers={"player": PLAYERS},
    ),
    "glory.camps": Route(
        Maker.glory, "glory-to-rome", "/t/{table_id}/camps", "main form[method=post]"
    ),
    "glory.end": Route(
        Maker.glory,
        "glory-to-rome",
        "/t/{table_id}/end",
        "main form[method=post]",
        offers={
            "how": ("deck", "sites", "catacomb", "forum", "surrender", "resign", ""),
            "winner": ("p1", "p2", "p3", "red", "p9", ""),
        },
    ),
    "lookup.house_rules": Route(
        Maker.all_roads,
        "all-roads",
        "/t/{table_id}/house-rules",
        "main form[method=post]:not([action])",
        offers={"lang": ("en", "it", "zh", "fr", "EN", "")},
    ),
    "lookup.delete_house_rule": Route(
        Maker.house_rule,
        "all-roads",
        "/t/{table_id}/house-rules",
        'form[action="/t/{table_id}/house-rules/{rule_id}/delete"]',
    ),
}
"""Every POST route (by endpoint) and how to reach its form."""


def post_rules(app: Flask) -> dict[str, str]:
    """Every POST route of the app: endpoint -> its rule as a template
    (``/t/{table_id}/house-rules/{rule_id}/delete``)."""
    return {
        rule.endpoint: re.sub(r"<(?:[^:<>]+:)?(\w+)>", r"{\1}", rule.rule)
        for rule in app.url_map.iter_rules()
        if "POST" in (rule.methods or ())
    }


# --------------------------------------------------------------------------
# Table files to import
# --------------------------------------------------------------------------

JSON_HOSTILE: tuple[Any, ...] = (
    None,
    -1,
    0,
    2**63,
    10**30,
    1.5,
    1e308,
    True,
    "",
    "²",
    "٣",
    "\x00",
    "x" * 5000,
    [],
    {},
    [[[[[[[[]]]]]]]],
    {"": None},
)

RAW_FILES: tuple[bytes, ...] = (
    b"",
    b"\xff\xfe",
    b"{",
    b"[]",
    b"null",
    b"\xef\xbb\xbf{}",
    b'{"format": "rome-companion/1"}',
    b"[" * 5000 + b"]" * 5000,
    b'{"a": NaN}',
    b'"\\ud800"',
)


def leaves(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every path into a JSON value (containers and leaves)."""
    yield path
    if isinstance(node, dict):
        for key, value in node.items():
            yield from leaves(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from leaves(value, (*path, index))


def replaced(document: Any, path: tuple[Any, ...], value: Any) -> Any:
    """A copy of ``document`` with the value at ``path`` replaced."""
    if not path:
        return value
    new = copy.deepcopy(document)
    node = new
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return new


@st.composite
def table_files(draw: st.DrawFn) -> bytes:
    """A table file: a good one with one value made hostile, or raw bytes."""
    if draw(st.integers(0, 4)) == 0:
        return draw(st.sampled_from(RAW_FILES))
    document = draw(st.sampled_from((CITY, ALL_ROADS_OVER)))
    for _ in range(draw(st.integers(0, 2))):
        path = draw(st.sampled_from(list(leaves(document))))
        document = replaced(document, path, draw(st.sampled_from(JSON_HOSTILE)))
    return json.dumps(document, ensure_ascii=draw(st.booleans())).encode()


# --------------------------------------------------------------------------
# What is sent, and what the app answers
# --------------------------------------------------------------------------

Pairs = list[tuple[str, str | bytes]]


@dataclass
class Send:
    """One request: where, the fields in order, and a file for an upload."""

    endpoint: str
    path: str
    """The address sent to (address arguments filled in)."""
    route: str
    """The same with the table's own arguments left as ``{table_id}`` ...,
    for a regression file."""
    pairs: Pairs
    page_pairs: Pairs
    """What the page's form held, before any change."""
    query: dict[str, str] = field(default_factory=dict)
    """The page's query values (``Route.queries``) the form was read with."""
    file: tuple[bytes, str] | None = None


def pairs_of(data: dict[str, Any]) -> Pairs:
    pairs: Pairs = []
    for name, value in data.items():
        for one in value if isinstance(value, list) else [value]:
            pairs.append((name, one))
    return pairs


def encode(pairs: Pairs) -> bytes:
    """The form as a browser encodes it; bytes values go as they are."""
    return "&".join(f"{quote_plus(k)}={quote_plus(v)}" for k, v in pairs).encode()


def post(client: FlaskClient, send: Send) -> TestResponse:
    if send.file is not None:
        data: dict[str, Any] = {}
        for name, value in send.pairs:
            text = value.decode("latin-1") if isinstance(value, bytes) else value
            data.setdefault(name, []).append(text)
        content, filename = send.file
        data["file"] = (BytesIO(content), filename)
        return client.post(send.path, data=data, content_type="multipart/form-data")
    return client.post(
        send.path,
        data=encode(send.pairs),
        content_type="application/x-www-form-urlencoded",
    )


def fingerprint(app: Flask, client: FlaskClient, table_id: str | None) -> Any:
    """What a refusal must leave as it was: the table's file, every table's
    version and position, the history's length, and the saved civic tiles,
    road faces and house rules."""
    with app.app_context():
        tables = [
            tuple(row)
            for row in db.session.execute(
                select(GameTable.id, GameTable.version, GameTable.position).order_by(
                    GameTable.id
                )
            )
        ]
        steps = db.session.scalar(select(func.count(HistoryStep.id)))
        saved = [
            list(db.session.scalars(select(model.id).order_by(model.id)))
            for model in (CivicTile, RoadFace, HouseRule)
        ]
        db.session.remove()
    document = None
    if table_id is not None:
        response = client.get(f"/t/{table_id}/export")
        document = (
            response.get_data(as_text=True) if response.status_code == 200 else None
        )
    return tables, steps, saved, document


def local(location: str) -> str:
    """A redirect's target as a path and query (its fragment dropped)."""
    parts = urlsplit(location)
    return parts.path + (f"?{parts.query}" if parts.query else "")


def values_of(pairs: Pairs) -> dict[str, list[str | bytes]]:
    found: dict[str, list[str | bytes]] = {}
    for name, value in pairs:
        found.setdefault(name, []).append(value)
    return found


def changes(send: Send) -> list[str]:
    """What differs from the page's form, in short: ``-name`` (left out),
    ``+name='value'`` (added), ``name: 'page' -> 'sent'``."""
    page, sent = values_of(send.page_pairs), values_of(send.pairs)
    said = []
    for name in page.keys() | sent.keys():
        was, now = page.get(name, []), sent.get(name, [])
        if was == now:
            continue
        if not now:
            said.append(f"-{name}")
        elif not was:
            said.append(f"+{name}={short_values(now)}")
        else:
            said.append(f"{name}: {short_values(was)} -> {short_values(now)}")
    return sorted(said)


def short_values(values: list[str | bytes]) -> str:
    shown = [
        v if isinstance(v, bytes) or len(v) <= 40 else f"{v[:20]}…{v[-5:]}"
        for v in values
    ]
    return repr(shown[0]) if len(shown) == 1 else repr(shown)


def changed_fields(send: Send) -> str:
    """The kinds of field the send changed, as a name for its failures: the
    plumbing (alone: a page never sends it changed), else rows beyond the
    page's, fields not on the page, and each field of the page changed (by
    its name in the row: ``players-1-given``: ``given``)."""
    page, sent = values_of(send.page_pairs), values_of(send.pairs)
    kinds = set()
    for name in page.keys() | sent.keys():
        if page.get(name, []) == sent.get(name, []):
            continue
        if name in PLUMBING:
            kinds.add("plumbing")
        elif name not in page:
            kinds.add("row" if ROW_FIELD.match(name) else "unknown")
        else:
            match = ROW_FIELD.match(name)
            kinds.add(match.group(3) if match else name)
    if "plumbing" in kinds:
        return "plumbing"
    return "+".join(sorted(kinds)) or "none"


def rows_left_out(send: Send) -> list[str]:
    """The rows of the page's form (``players-1``) of which nothing was sent:
    WTForms numbers the rows it gets from 0, so the rows after a missing one
    would be read as the rows before it (Bo's coins saved as Ana's)."""

    def rows(pairs: Pairs) -> set[str]:
        return {
            f"{match.group(1)}-{match.group(2)}"
            for name, _value in pairs
            if (match := ROW_FIELD.match(name))
        }

    return sorted(rows(send.page_pairs) - rows(send.pairs))


class Refused(AssertionError):
    """A check of the answer failed (the message says which and why)."""


_SAYS_NOTHING: dict[str, type[Refused]] = {}


def says_nothing(kinds: str) -> type[Refused]:
    """A failure class per kind of change: Hypothesis keeps apart failures
    of different classes, so one cause does not hide another."""
    if kinds not in _SAYS_NOTHING:
        _SAYS_NOTHING[kinds] = type(f"SaysNothing[{kinds}]", (Refused,), {})
    return _SAYS_NOTHING[kinds]


def message_shown(page: BeautifulSoup) -> bool:
    """Whether a page says what is wrong: an error beside a field, the form's
    own errors, a problems box or a conflict note."""
    boxes = page.select(".errors li, .problems, .conflict, .form-errors li")
    return any(box.get_text(strip=True) for box in boxes)


def check_answer(
    client: FlaskClient,
    send: Send,
    response: TestResponse,
    before: Any,
    after: Any,
    selector: str,
    table_id: str | None,
    form_page: str,
    whole_rows: bool = True,
) -> None:
    """The checks of every send (see the module's docstring)."""
    status = response.status_code
    body = response.get_data(as_text=True)
    if status >= 500:
        raise Refused(f"{status} from {send.path}")
    if "Traceback" in body:
        raise Refused(f"a traceback in the {status} page of {send.path}")
    if 400 <= status < 500 and after != before:
        raise Refused(f"{status} from {send.path}, yet something changed")
    if after != before and whole_rows and (missing := rows_left_out(send)):
        raise Refused(f"{status} from {send.path} saved it without rows {missing}")
    page = BeautifulSoup(body, "html.parser")
    if status in (200, 400) and page.select_one("p.error-message") is None:
        if page.select_one(selector) is not None and not message_shown(page):
            raise says_nothing(changed_fields(send))(
                f"{status} from {send.path} shows the form again, saying nothing"
            )
    if status == 400 and page.select_one("p.error-message") is not None:
        if not page.select_one("p.error-message").get_text(strip=True):
            raise Refused(f"400 from {send.path}: an error page without words")
    target = response.headers.get("Location") if status in (301, 302, 303) else None
    for _hop in range(5):
        if target is None:
            break
        followed = client.get(local(target))
        text = followed.get_data(as_text=True)
        if followed.status_code >= 500 or "Traceback" in text:
            raise Refused(f"{send.path} led to {target}, which answers {followed}")
        target = (
            followed.headers.get("Location")
            if followed.status_code in (301, 302, 303)
            else None
        )
    if after != before and table_id is not None:
        for path in (
            f"/t/{table_id}",
            f"/t/{table_id}/history",
            f"/t/{table_id}/export",
            form_page,
        ):
            seen = client.get(path)
            if seen.status_code >= 500 or "Traceback" in seen.get_data(as_text=True):
                raise Refused(f"after {send.path} changed it, {path} answers {seen}")


# --------------------------------------------------------------------------
# The fuzz: one route's bench
# --------------------------------------------------------------------------


def pick(data: st.DataObject, items: Sequence[T]) -> T:
    """One of ``items``, drawn as a number: these lists come from pages,
    whose length may change between runs (a tile saved by an earlier
    example), and Hypothesis wants the same draws to replay an example."""
    return items[data.draw(st.integers(0, 255)) % len(items)]


def fill(template: str, values: dict[str, Any]) -> str:
    """``template`` with ``{name}`` filled from ``values`` (others kept)."""
    return re.sub(
        r"\{(\w+)\}", lambda m: str(values.get(m.group(1), m.group(0))), template
    )


def candidates(form: Tag) -> tuple[dict[str, list[str]], list[tuple[str, str]]]:
    """Every value the form offers per field (unchecked boxes, options not
    chosen, hidden values), and its buttons as (name, value)."""
    offered: dict[str, list[str]] = {}
    buttons: list[tuple[str, str]] = []
    for control in form.find_all(("input", "select", "textarea", "button")):
        name = control.get("name")
        if not name:
            continue
        kind = control.get("type", "text").lower()
        if control.name == "button" or kind in ("submit", "image"):
            buttons.append((name, control.get("value", "")))
            continue
        values = offered.setdefault(name, [])
        if control.name == "select":
            values += [
                o.get("value", o.get_text(strip=True)) for o in control("option")
            ]
        elif control.name == "input":
            values.append(control.get("value", "on"))
    return offered, buttons


def saved_form(send: Send) -> dict[str, Any]:
    """The fields sent, as a regression file keeps them: plumbing left as the
    page gave it is ``{page}``; bytes are ``{"hex": ...}``."""
    form: dict[str, Any] = {}
    for name, value in send.pairs:
        if isinstance(value, bytes):
            kept: Any = {"hex": value.hex()}
        elif name in PLUMBING and value in values_of(send.page_pairs).get(name, []):
            kept = PAGE
        else:
            kept = value
        if name in form:
            form[name] = (
                [*form[name], kept]
                if isinstance(form[name], list)
                else [
                    form[name],
                    kept,
                ]
            )
        else:
            form[name] = kept
    return form


class Bench:
    """One route under fuzz: its tables (made again after a send changed
    them, so that every example starts alike), the sends and their counts."""

    def __init__(
        self, endpoint: str, app: Flask, client: FlaskClient, actions: TableActions
    ) -> None:
        self.endpoint = endpoint
        self.spec = ROUTES[endpoint]
        self.rule = post_rules(app)[endpoint]
        self.app = app
        self.client = client
        self.maker = Maker(actions)
        self.args: dict[str, Any] | None = None
        self.counts: Counter[str] = Counter()
        self.failures: dict[str, str] = {}
        """Each cause of failure found, with its first example."""

    def fresh_args(self) -> dict[str, Any]:
        if self.args is None:
            self.args = self.spec.make(self.maker)
        return self.args

    def page_form(self, values: dict[str, Any]) -> tuple[str, Tag]:
        page = fill(self.spec.page, values)
        response = self.client.get(page)
        assert response.status_code == 200, (page, response.status)
        form = soup(response).select_one(fill(self.spec.selector, values))
        assert form is not None, f"no {self.spec.selector} on {page}"
        return page, form

    def build(self, data: st.DataObject) -> tuple[Send, str, dict[str, Any]]:
        """The form the page shows, with Hypothesis's changes; the page and
        the values its address was filled with."""
        args = self.fresh_args()
        query = data.draw(st.sampled_from(self.spec.queries))
        values = {**args, **{key: fill(v, args) for key, v in query.items()}}
        page, form = self.page_form(values)
        pairs = pairs_of(form_data(form))
        page_pairs = list(pairs)
        offered, buttons = candidates(form)
        for extra_page, extra_selector in self.spec.extra_pages:
            extra = soup(self.client.get(fill(extra_page, values)))
            part = extra.select_one(extra_selector)
            if part is not None:
                more_offered, more_buttons = candidates(part)
                buttons += more_buttons
                for name, more in more_offered.items():
                    offered.setdefault(name, []).extend(more)
        chosen = sorted(
            (name, fill(v, values))
            for name, more in {**self.spec.offers, **args.get("offers", {})}.items()
            for v in more
        )
        for name, value in chosen:
            offered.setdefault(name, []).append(value)
        offered = {name: sorted(set(v)) for name, v in offered.items() if v}
        # The button pressed, as a browser sends it or as board.js does
        # (its name, and its value or "y"); or none, as Enter sends.
        if buttons:
            if data.draw(st.booleans()):
                pressed = pick(data, sorted(set(buttons)))
                js = data.draw(st.booleans())
                pairs.append((pressed[0], (pressed[1] or "y") if js else pressed[1]))
        url_args = dict(values)
        for _ in range(data.draw(st.integers(0, 4))):
            self.mutate(data, pairs, offered, chosen, buttons, url_args)
        file = None
        if self.spec.upload:
            name = data.draw(st.sampled_from(["table.json", "", "ü.json", "x" * 300]))
            file = (data.draw(table_files()), name)
        path_values = {k: quote(str(v), safe="") for k, v in url_args.items()}
        kept = {k: v for k, v in url_args.items() if k in args and v == values[k]}
        route = fill(self.rule, {k: v for k, v in path_values.items() if k not in kept})
        send = Send(
            self.endpoint,
            fill(self.rule, path_values),
            route,
            pairs,
            page_pairs,
            dict(query),
            file,
        )
        return send, page, values

    def mutate(
        self,
        data: st.DataObject,
        pairs: Pairs,
        offered: dict[str, list[str]],
        chosen: list[tuple[str, str]],
        buttons: list[tuple[str, str]],
        url_args: dict[str, Any],
    ) -> None:
        """One change to the form or the address. ``offered``: the values
        the page and the route offer, by field; ``chosen``: the route's own
        (``Route.offers``), tried as often as all the page's together."""
        names = sorted({name for name, _value in pairs})
        url_names = sorted(set(URL_HOSTILE) & set(re.findall(r"\{(\w+)\}", self.rule)))
        kinds = ["set", "offer", "add", "row", "button"]
        if names:
            kinds += ["drop", "dup", "droprow"]
        if url_names:
            kinds.append("url")
        kind = data.draw(st.sampled_from(kinds))
        if kind == "drop":
            name = pick(data, names)
            pairs[:] = [(n, v) for n, v in pairs if n != name]
        elif kind == "dup":
            name = pick(data, names)
            pairs.append((name, data.draw(hostile())))
        elif kind == "set":
            name = pick(data, names or ["name"])
            value = data.draw(hostile())
            pairs[:] = [(n, v) for n, v in pairs if n != name] + [(name, value)]
        elif kind in ("offer", "add") and offered:
            if chosen and data.draw(st.booleans()):
                name = pick(data, sorted({n for n, _v in chosen}))
                value = pick(data, [v for n, v in chosen if n == name])
            else:
                name = pick(data, sorted(offered))
                value = pick(data, offered[name])
            if kind == "offer":
                pairs[:] = [(n, v) for n, v in pairs if n != name]
            pairs.append((name, value))
        elif kind == "droprow":
            rows = sorted(
                {
                    m.group(1) + "-" + m.group(2)
                    for n in names
                    if (m := ROW_FIELD.match(n))
                }
            )
            if rows:
                row = pick(data, rows)
                pairs[:] = [(n, v) for n, v in pairs if not n.startswith(row + "-")]
        elif kind == "row":
            rows = sorted(
                {(m.group(1), m.group(3)) for n in names if (m := ROW_FIELD.match(n))}
            )
            if rows:
                prefix, sub = pick(data, rows)
                index = data.draw(st.sampled_from(ROW_INDEXES))
                value = data.draw(st.sampled_from(["0", "1", "y"]) | hostile())
                pairs.append((f"{prefix}-{index}-{sub}", value))
        elif kind == "button" and buttons:
            name, value = pick(data, sorted(set(buttons)))
            pairs.append((name, data.draw(st.sampled_from([value, "y", ""]))))
        elif kind == "url":
            name = pick(data, url_names)
            url_args[name] = data.draw(st.sampled_from(URL_HOSTILE[name]))

    def run(self, data: st.DataObject) -> None:
        send, page, values = self.build(data)
        table_id = values.get("table_id")
        selector = fill(self.spec.selector, values)
        note(f"POST {send.path}")
        note(f"form: {send.pairs!r}"[:3000])
        note(f"changed: {changes(send)}")
        if send.file is not None:
            note(f"file {send.file[1]!r}: {send.file[0][:500]!r}")
        before = fingerprint(self.app, self.client, table_id)
        self.counts["sends"] += 1
        try:
            response = post(self.client, send)
        except Exception as exc:
            self.counts["5xx (raised)"] += 1
            self.args = None
            self.record(send, None, f"raised {short(exc)}")
            if KEEP_GOING:
                return
            raise
        self.counts[f"{response.status_code // 100}xx"] += 1
        self.counts[str(response.status_code)] += 1
        after = fingerprint(self.app, self.client, table_id)
        if after != before:
            self.counts["changed"] += 1
        if after != before or response.status_code < 400:
            # The next example starts from a fresh table (and a table this
            # device still knows, had this send forgotten it).
            self.args = None
        try:
            check_answer(
                self.client,
                send,
                response,
                before,
                after,
                selector,
                table_id,
                page,
                self.spec.whole_rows,
            )
        except Exception as exc:
            self.counts["failures"] += 1
            self.record(send, response.status_code, short(exc))
            if KEEP_GOING:
                return
            raise

    def record(self, send: Send, status: int | None, why: str) -> None:
        """Keep the failure (``KEEP_GOING``) and write the failing send as a
        regression file (``COMPANION_FUZZ_SAVE``)."""
        cause = re.sub(r"/t/[^/ ]+", "/t/…", why)
        self.failures.setdefault(cause, f"{changes(send)} -> {status}")
        if not SAVE:
            return
        folder = Path(SAVE)
        folder.mkdir(parents=True, exist_ok=True)
        found: dict[str, Any] = {
            "endpoint": send.endpoint,
            "route": send.route,
            "game": self.spec.game,
            "page": send.query,
            "form": saved_form(send),
            "changes": changes(send),
            "status": status,
            "why": why,
        }
        if send.file is not None:
            found["file"] = {"hex": send.file[0].hex(), "filename": send.file[1]}
        number = len(list(folder.glob("*.json"))) + 1
        name = f"{number:04d}-{send.endpoint.replace('.', '-')}.json"
        (folder / name).write_text(
            json.dumps(found, ensure_ascii=False, indent=1) + "\n", "utf-8"
        )

    def report(self) -> str:
        counts = ", ".join(f"{k} {v}" for k, v in sorted(self.counts.items()))
        return f"fuzz {self.endpoint}: {counts}"


def short(exc: BaseException) -> str:
    """An exception as its traceback's last line."""
    return traceback.format_exception_only(type(exc), exc)[-1].strip()[:500]


# --------------------------------------------------------------------------
# The tests
# --------------------------------------------------------------------------


def test_every_post_route_is_fuzzed(app: Flask) -> None:
    """A POST route the fuzz does not know fails here: add it to ``ROUTES``
    (its table, page and form), and any new address argument to
    ``URL_HOSTILE``."""
    rules = post_rules(app)
    assert sorted(rules) == sorted(ROUTES), (
        f"not fuzzed: {sorted(set(rules) - set(ROUTES))}; "
        f"gone: {sorted(set(ROUTES) - set(rules))}"
    )
    arguments = {
        name for rule in rules.values() for name in re.findall(r"{(\w+)}", rule)
    }
    assert arguments <= set(URL_HOSTILE) | {"slug"}, arguments - set(URL_HOSTILE)


@pytest.mark.parametrize("endpoint", sorted(ROUTES))
def test_post_route_fuzzed(
    endpoint: str, app: Flask, client: FlaskClient, actions: TableActions
) -> None:
    """The route's real form, mutated by Hypothesis: every answer passes the
    checks of ``check_answer``."""
    bench = Bench(endpoint, app, client, actions)

    @FUZZ
    @given(data=st.data())
    def one_send(data: st.DataObject) -> None:
        bench.run(data)

    try:
        one_send()
    finally:
        print(bench.report())
    if bench.failures:
        pytest.fail(
            "\n".join(f"{why}\n    {sent}" for why, sent in bench.failures.items())
        )


def regression_files() -> list[Path]:
    return sorted(REGRESSIONS.glob("*.json")) if REGRESSIONS.is_dir() else []


def replayed_value(value: Any, page: list[str | bytes], index: int) -> str | bytes:
    if isinstance(value, dict):
        return bytes.fromhex(value["hex"])
    if value == PAGE:
        return page[min(index, len(page) - 1)] if page else ""
    return str(value)


@pytest.mark.parametrize("path", regression_files(), ids=lambda p: p.stem)
def test_post_regression(
    path: Path, app: Flask, client: FlaskClient, actions: TableActions
) -> None:
    """A failing example the fuzz found, sent again with the same checks: the
    fields of the file, with ``{page}`` taken from the page's form."""
    found = json.loads(path.read_text("utf-8"))
    bench = Bench(found["endpoint"], app, client, actions)
    args = bench.fresh_args()
    names = set(re.findall(r"\{(\w+)\}", bench.spec.page))
    query = {**bench.spec.queries[0], **found.get("page", {})}
    values = {**args, **{key: fill(v, args) for key, v in query.items()}}
    assert names <= set(values), f"{path.name}: the page needs {names - set(values)}"
    page, form = bench.page_form(values)
    shown = pairs_of(form_data(form))
    page_values = values_of(shown)
    pairs: Pairs = []
    for name, value in found["form"].items():
        for index, one in enumerate(value if isinstance(value, list) else [value]):
            kept = fill(one, values) if isinstance(one, str) and one != PAGE else one
            pairs.append((name, replayed_value(kept, page_values.get(name, []), index)))
    file = None
    if "file" in found:
        file = (bytes.fromhex(found["file"]["hex"]), found["file"]["filename"])
    route = fill(found["route"], {k: quote(str(v), safe="") for k, v in values.items()})
    send = Send(found["endpoint"], route, found["route"], pairs, shown, file=file)
    table_id = values.get("table_id")
    before = fingerprint(app, client, table_id)
    response = post(client, send)
    after = fingerprint(app, client, table_id)
    selector = fill(bench.spec.selector, values)
    check_answer(
        client,
        send,
        response,
        before,
        after,
        selector,
        table_id,
        page,
        bench.spec.whole_rows,
    )
