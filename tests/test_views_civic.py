"""Civic tiles: described once (name, shape, rule, VP), saved for later tables,
offered by the board's tray where their shape fits, built with one tap."""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask import Flask
from flask_migrate import downgrade, upgrade
from sqlalchemy import inspect
from werkzeug.test import TestResponse

from companion.storage.models import CivicTile, db

from .conftest import TableActions, TableScreens
from .helpers import soup
from .test_accessibility import unnamed_controls
from .test_i18n import pseudo, untranslated  # noqa: F401 - pseudo is a fixture

TWO = [("Ana", "red"), ("Bo", "blue")]

LIBRARY = {"name": "Library", "shape": ["A1"], "per": "two-citizens", "vp": "1"}
MARKET = {"name": "Marketplace", "shape": ["A1", "B1"], "per": "silver", "vp": "2"}
FOUNTAIN = {"name": "Fountain", "shape": [], "per": "building", "vp": "1"}


class Table(TableScreens):
    """A Foundations of Rome table, its board, its tray and the tile screen."""

    game = "foundations-of-rome"
    seats = TWO

    @property
    def tiles_path(self) -> str:
        return f"/t/{self.id}/civic-tiles"

    def describe(self, tile: dict[str, Any], query: str = "") -> TestResponse:
        """Fill the describe form (the grid as the page shows it, then ``tile``)."""
        path = self.tiles_path + query
        data = self.actions.form(path, "main form[method=post]:not([action])")
        data.pop("shape", None)
        data.update(tile)
        return self.client.post(path, data=data)

    def tray(self, owner: str, lots: str) -> Any:
        path = f"/t/{self.id}/board/tray?owner={owner}&lots={lots}"
        response = self.client.get(path)
        assert response.status_code == 200
        return soup(response)

    def tap(self, lots: list[str], owner: str, **button: str) -> TestResponse:
        """The board form posted with ``lots`` tapped and a tray ``button``."""
        data = self.actions.form(f"/t/{self.id}/board", "form.board-form")
        data.update({"lots": lots, "owner": owner, **button})
        return self.client.post(f"/t/{self.id}/board", data=data)


def saved_tiles(app: Flask) -> list[tuple[str, str | None, str, int]]:
    with app.app_context():
        return [
            (t.name, t.shape, t.per, t.vp)
            for t in db.session.scalars(db.select(CivicTile).order_by(CivicTile.name))
        ]


def tile_key(app: Flask, name: str) -> str:
    """The key a saved tile is sent by (never its row number)."""
    with app.app_context():
        tile = db.session.scalar(db.select(CivicTile).where(CivicTile.name == name))
        assert tile is not None
        return str(tile.key)


def test_describe_and_save_tiles(app: Flask, actions: TableActions) -> None:
    table = Table(actions)
    page = soup(table.client.get(table.tiles_path))
    # The shape is a grid of 16 squares to tap; the rule one of the five.
    assert len(page.select("input[name=shape]")) == 16
    assert len(page.select("input[name=per]")) == 5
    for tile in (LIBRARY, MARKET, FOUNTAIN):
        response = table.describe(tile)
        assert response.status_code == 302, response.get_data(as_text=True)
        assert response.headers["Location"].endswith(table.tiles_path)
    assert saved_tiles(app) == [
        ("Fountain", None, "building", 1),
        ("Library", "MONO", "two-citizens", 1),
        ("Marketplace", "DOMINO", "silver", 2),
    ]
    listed = soup(table.client.get(table.tiles_path)).select(".civic-tiles li")
    assert [li.select_one(".tile-name").get_text() for li in listed] == [
        "Fountain",
        "Library",
        "Marketplace",
    ]
    assert "2 VP per adjacent silver · 1x2" in listed[2].get_text()
    assert "any shape" in listed[0].get_text()


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        # the name of a tile saved already
        ({"name": "Library"}, "name", "A saved civic tile already has this name."),
        ({"name": "   "}, "name", "A name cannot be blank."),
        # squares that share no edge: not one tile
        ({"shape": ["A1", "C1"]}, "shape", "share edges"),
        # five squares: a tray building covers at most 4 lots
        ({"shape": ["A1", "A2", "A3", "A4", "B4"]}, "shape", "at most 4 lots"),
        ({"shape": ["E9"]}, "shape", "not a valid choice"),  # off the grid
        ({"vp": "0"}, "vp", "between 1 and 99"),
        ({"vp": "100"}, "vp", "between 1 and 99"),
        ({"per": ""}, "per", "Choose what the tile scores for."),
        ({"per": "silver-and-gold"}, "per", "Choose what the tile scores for."),
    ],
)
def test_bad_input_is_refused_beside_its_field(
    app: Flask, actions: TableActions, change: dict[str, Any], field: str, message: str
) -> None:
    table = Table(actions)
    assert table.describe(LIBRARY).status_code == 302
    before = saved_tiles(app)
    response = table.describe({**MARKET, **change})
    assert response.status_code == 400
    page = soup(response)
    control = page.select_one(f"main form:not([action]) [name={field}]")
    beside = control.find_parent(class_="has-errors")
    assert beside is not None, f"no error beside {field}"
    assert message in beside.select_one(".errors").get_text()
    assert saved_tiles(app) == before
    # what was typed is kept
    assert page.select_one("input[name=name]")["value"] == change.get(
        "name", MARKET["name"]
    )


def test_the_tray_offers_the_tiles_that_fit(actions: TableActions) -> None:
    table = Table(actions)
    for tile in (LIBRARY, MARKET, FOUNTAIN):
        table.describe(tile)
    # Two lots side by side: the Marketplace (turned any way) and the Fountain.
    for lots in ("B3,C3", "C2,C3"):
        tray = table.tray("red", lots)
        names = [b.get_text() for b in tray.select("button[name=tile] .tile-name")]
        assert names == ["Fountain", "Marketplace"]
    # One lot: the Library and the Fountain, not the Marketplace.
    tray = table.tray("red", "D4")
    names = [b.get_text() for b in tray.select("button[name=tile] .tile-name")]
    assert names == ["Fountain", "Library"]
    # The tray's own civic piece, with values typed, is still there.
    pieces = [b.get_text(" ", strip=True) for b in tray.select("button[name=piece]")]
    assert any(p.startswith("Civic building") for p in pieces)


def test_a_tap_on_a_tile_builds_it_as_one_undoable_step(
    app: Flask, actions: TableActions
) -> None:
    table = Table(actions)
    table.describe(MARKET)
    version = actions.version(table.id)
    marketplace = tile_key(app, "Marketplace")
    response = table.tap(["C5", "C6"], "blue", tile=marketplace)
    assert response.status_code == 302
    assert response.headers["Location"].endswith(f"/t/{table.id}/board?owner=blue")
    assert table.document()["buildings"] == [
        {
            "owner": "blue",
            "type": "civic",
            "lots": ["C5", "C6"],
            "civic": {"per": "silver", "vp": 2},
            "name": "Marketplace",
        }
    ]
    assert actions.version(table.id) == version + 1
    history = soup(table.client.get(f"/t/{table.id}/history")).get_text(" ")
    assert "Bo built Marketplace on C5, C6" in history
    assert actions.post_action(table.id, "undo").status_code == 302
    assert table.document()["buildings"] == []


@pytest.mark.parametrize(
    ("lots", "tile", "message"),
    [
        # the Marketplace covers two lots, not one
        (["C5"], "Marketplace", "do not make the shape of the Marketplace tile"),
        # a tile deleted since the tray was shown
        (["C5"], "deleted", "That civic tile is not saved any more"),
    ],
)
def test_a_tile_that_cannot_be_built_is_explained(
    app: Flask, actions: TableActions, lots: list[str], tile: str, message: str
) -> None:
    table = Table(actions)
    table.describe(MARKET)
    ident = tile_key(app, "Marketplace") if tile != "deleted" else "no-such-tile"
    before = table.document()
    response = table.tap(lots, "red", tile=ident)
    assert response.status_code == 400
    assert message in soup(response).select_one(".problems").get_text()
    assert table.document() == before


def test_no_tile_once_the_civic_pieces_are_all_built(actions: TableActions) -> None:
    table = Table(actions)
    table.describe(LIBRARY)
    document = table.document()
    document["buildings"] = [
        {
            "owner": "red",
            "type": "civic",
            "lots": [f"{column}{row}"],
            "civic": {"per": "civic", "vp": 1},
        }
        for column, row in zip("ABCDABCD", (1, 1, 1, 1, 3, 3, 3, 3), strict=True)
    ]
    full = Table.__new__(Table)
    full.actions, full.client = actions, actions.client
    full.id = actions.import_id(json.dumps(document).encode())
    assert full.tray("red", "F6").select("button[name=tile]") == []
    assert full.tray("blue", "F6").select("button[name=tile]") != []


def test_a_tile_described_from_the_board_comes_back_to_it(
    app: Flask, actions: TableActions
) -> None:
    table = Table(actions)
    tray = table.tray("blue", "E3,E4")
    link = tray.find("a", string=lambda s: s and "Describe a civic tile" in s)
    assert link is not None
    path = link["href"]
    assert "owner=blue" in path and "lots=E3" in path
    # The grid starts with the tapped shape, moved to its corner.
    page = soup(table.client.get(path))
    ticked = [i["value"] for i in page.select("input[name=shape][checked]")]
    assert ticked == ["A1", "A2"]
    query = path[path.index("?") :]
    response = table.describe({**MARKET, "shape": ticked}, query)
    assert response.status_code == 302
    back = response.headers["Location"]
    assert back.startswith(f"/t/{table.id}/board?")
    assert "owner=blue" in back and "lots=E3" in back
    board = soup(table.client.get(back))
    assert [i["value"] for i in board.select("input[name=lots][checked]")] == [
        "E3",
        "E4",
    ]
    assert board.select_one("input[name=owner][value=blue]").has_attr("checked")
    assert board.select_one("#tray button[name=tile]") is not None


def test_a_tile_is_shared_by_later_tables(app: Flask, actions: TableActions) -> None:
    first = Table(actions)
    first.describe(LIBRARY)
    later = Table(actions, [("Chiara", "green"), ("Dario", "purple")])
    tray = later.tray("purple", "G7")
    (button,) = tray.select("button[name=tile]")
    assert button.select_one(".tile-name").get_text() == "Library"
    assert later.tap(["G7"], "purple", tile=button["value"]).status_code == 302
    assert later.document()["buildings"][0]["name"] == "Library"


def test_delete_a_tile(app: Flask, actions: TableActions) -> None:
    table = Table(actions)
    table.describe(LIBRARY)
    page = soup(table.client.get(table.tiles_path))
    form = page.select_one(".civic-tiles form")
    data = actions.form(table.tiles_path, ".civic-tiles form")
    response = table.client.post(form["action"], data=data)
    assert response.status_code == 302
    assert saved_tiles(app) == []
    gone = table.client.post(form["action"], data=data)
    assert gone.status_code == 404


@pytest.mark.usefixtures("pseudo")
def test_the_tile_screens_are_translated_and_named(actions: TableActions) -> None:
    table = Table(actions)
    table.describe(LIBRARY)
    # (WTForms' own messages, like "Number must be between...", come from its
    # catalogues, not the app's: a refusal of the app's words only.)
    refused = table.describe({**MARKET, "shape": ["A1", "C1"], "per": ""})
    tray = table.client.get(f"/t/{table.id}/board/tray?owner=red&lots=A1")
    pages = [
        table.client.get(table.tiles_path).get_data(as_text=True),
        refused.get_data(as_text=True),
        f"<body>{tray.get_data(as_text=True)}</body>",  # a fragment of the board
        table.client.get(f"/t/{table.id}/board?owner=red&lots=A1").get_data(
            as_text=True
        ),
    ]
    for html in pages:
        # the tiles' names are the group's words, not the app's
        assert untranslated(html.replace("Library", "")) == []
        assert unnamed_controls(html) == []


def test_migration_adds_and_drops_the_tiles(any_db_app: Flask) -> None:
    with any_db_app.app_context():
        assert "civic_tiles" in inspect(db.engine).get_table_names()
        downgrade(revision="0003")
        tables = inspect(db.engine).get_table_names()
        assert "civic_tiles" not in tables and "road_faces" in tables
        upgrade()
        assert "civic_tiles" in inspect(db.engine).get_table_names()


def test_tiles_are_stored_on_any_database(any_db_app: Flask) -> None:
    client = any_db_app.test_client()
    table = Table(TableActions(client))
    assert table.describe(FOUNTAIN).status_code == 302
    assert table.describe(FOUNTAIN).status_code == 400  # the name is taken
    assert saved_tiles(any_db_app) == [("Fountain", None, "building", 1)]
    tray = table.tray("red", "A1,B1,C1,B2")
    (button,) = tray.select("button[name=tile]")
    assert (
        table.tap(["A1", "B1", "C1", "B2"], "red", tile=button["value"]).status_code
        == 302
    )
    assert table.document()["buildings"][0]["civic"] == {"per": "building", "vp": 1}
