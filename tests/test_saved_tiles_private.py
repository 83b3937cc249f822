"""Saved civic tiles and road faces are their group's (issue 31): a device of
another group cannot see, use, change or delete them by any address or form,
and can save its own of the same name; the group's phones see them at the
table and at their later tables; a change or delete checks the version.

Every test runs on SQLite and on PostgreSQL."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from werkzeug.test import TestResponse

from companion.storage.models import CivicTile, GameTable, RoadFace, db

from .conftest import TableActions
from .helpers import form_data, soup
from .test_views_civic import LIBRARY, Table

FACE = {"name": "3B", "kind": "majority"}
FR_GAME = "foundations-of-rome"


@pytest.fixture
def app(any_db_app: Flask) -> Flask:
    return any_db_app


class RoadsTable(Table):
    """A Foundations of Rome table with the Roads of Fortune expansion."""

    def __init__(self, actions: TableActions) -> None:
        self.actions = actions
        self.client = actions.client
        self.id = actions.create_id(self.game, self.seats, options=("roads",))

    def save_face(self, face: dict[str, str]) -> TestResponse:
        path = f"/t/{self.id}/roads/face"
        data = self.actions.form(path)
        data.update(face)
        return self.client.post(path, data=data)

    def face_values(self) -> dict[str, str]:
        """The saved faces the setup offers: value -> words."""
        page = soup(self.client.get(f"/t/{self.id}/roads/setup"))
        return {
            i["value"]: i.find_parent("label").get_text(" ", strip=True)
            for i in page.select("fieldset#west input[name=west]")
            if i["value"].startswith("saved:")
        }

    def use_face(self, value: str) -> TestResponse:
        path = f"/t/{self.id}/roads/setup"
        data = form_data(soup(self.client.get(path)).select_one("main form"))
        data["west"] = value
        return self.client.post(path, data=data)

    def listed(self) -> list[str]:
        page = soup(self.client.get(self.tiles_path))
        return [s.get_text() for s in page.select(".civic-tiles .tile-name")]

    def tray_keys(self) -> list[str]:
        return [b["value"] for b in self.tray("red", "D4").select("button[name=tile]")]


@dataclass
class Saved:
    key: str
    version: int
    face: str


def saved_at(app: Flask, table_id: str) -> Saved:
    with app.app_context():
        tile = db.session.scalars(
            db.select(CivicTile).where(CivicTile.table_id == table_id)
        ).one()
        face = db.session.scalars(
            db.select(RoadFace).where(RoadFace.table_id == table_id)
        ).one()
        return Saved(tile.key, tile.version, face.key)


def a_and_b(app: Flask) -> tuple[RoadsTable, RoadsTable, Saved]:
    """Device A's table with a saved tile and face; device B's own table."""
    a = RoadsTable(TableActions(app.test_client()))
    assert a.describe(LIBRARY).status_code == 302
    assert a.save_face(FACE).status_code == 302
    b = RoadsTable(TableActions(app.test_client()))
    return a, b, saved_at(app, a.id)


def delete_post(table: RoadsTable, key: str, version: int) -> TestResponse:
    return table.client.post(
        f"/t/{table.id}/civic-tiles/{key}/delete",
        data={"csrf_token": table.actions.csrf(table.tiles_path), "version": version},
    )


def edit_post(table: RoadsTable, key: str, version: int) -> TestResponse:
    data = {
        "csrf_token": table.actions.csrf(table.tiles_path),
        "version": str(version),
        "name": "Mine now",
        "per": "silver",
        "vp": "9",
    }
    return table.client.post(f"/t/{table.id}/civic-tiles/{key}/edit", data=data)


def edit_page(table: RoadsTable, key: str) -> TestResponse:
    return table.client.get(f"/t/{table.id}/civic-tiles/{key}/edit")


def tile_row(app: Flask, key: str) -> tuple[str, str, int] | None:
    with app.app_context():
        tile = db.session.scalars(
            db.select(CivicTile).where(CivicTile.key == key)
        ).first()
        return None if tile is None else (tile.name, tile.per, tile.vp)


# Every route that takes a tile or face, as device B tries it from its own
# table: (what, the request, the status B must get).
ATTEMPTS: list[tuple[str, Callable[[RoadsTable, Saved], TestResponse], int]] = [
    ("edit page", lambda b, s: edit_page(b, s.key), 404),
    ("edit", lambda b, s: edit_post(b, s.key, s.version), 404),
    ("delete", lambda b, s: delete_post(b, s.key, s.version), 404),
    ("build from the tray", lambda b, s: b.tap(["D4"], "red", tile=s.key), 400),
    ("set up with the face", lambda b, s: b.use_face(f"saved:{s.face}"), 400),
]


def test_another_device_sees_none_of_them(app: Flask) -> None:
    a, b, mine = a_and_b(app)
    assert b.listed() == []
    assert b.tray_keys() == []
    assert b.face_values() == {}
    page = b.client.get(b.tiles_path).get_data(as_text=True)
    assert mine.key not in page
    # A sees its own, by key and not by row number.
    assert a.listed() == ["Library"]
    assert a.tray_keys() == [mine.key]
    assert list(a.face_values()) == [f"saved:{mine.face}"]


@pytest.mark.parametrize(
    ("what", "attempt", "status"), ATTEMPTS, ids=[a[0] for a in ATTEMPTS]
)
def test_another_device_cannot_use_change_or_delete_them(
    app: Flask,
    what: str,
    attempt: Callable[[RoadsTable, Saved], TestResponse],
    status: int,
) -> None:
    a, b, mine = a_and_b(app)
    before = b.document()
    response = attempt(b, mine)
    assert response.status_code == status, what
    assert b.document() == before
    assert tile_row(app, mine.key) == ("Library", "two-citizens", 1)
    assert a.listed() == ["Library"] and a.tray_keys() == [mine.key]


@pytest.mark.parametrize("guess", ["1", "2", "0", "999999", "A" * 16, "x" * 300])
def test_row_numbers_and_made_up_keys_name_nothing(app: Flask, guess: str) -> None:
    """The attack of issue 31: ``/civic-tiles/1/delete`` from B's own table."""
    a, b, mine = a_and_b(app)
    assert delete_post(b, guess, 1).status_code == 404
    assert delete_post(a, guess, 1).status_code == 404
    assert b.client.get(f"/t/{b.id}/civic-tiles/{guess}/edit").status_code == 404
    assert tile_row(app, mine.key) is not None


def test_a_forged_list_of_tables_does_not_let_b_in(app: Flask) -> None:
    """B claims to know A's table with a cookie the app did not sign: the list
    counts as empty, so the group is B's table alone."""
    a, b, mine = a_and_b(app)
    b.client.set_cookie("companion_tables", f'{{"t": ["{a.id}"]}}')
    assert b.listed() == []
    assert delete_post(b, mine.key, mine.version).status_code == 404
    assert tile_row(app, mine.key) is not None


def test_b_saves_its_own_of_the_same_name(app: Flask) -> None:
    a, b, mine = a_and_b(app)
    assert b.describe({**LIBRARY, "vp": "3"}).status_code == 302
    assert b.save_face(FACE).status_code == 302
    theirs = saved_at(app, b.id)
    assert theirs.key != mine.key and theirs.face != mine.face
    assert b.listed() == ["Library"] and b.tray_keys() == [theirs.key]
    assert a.tray_keys() == [mine.key]
    assert tile_row(app, mine.key) == ("Library", "two-citizens", 1)
    assert tile_row(app, theirs.key) == ("Library", "two-citizens", 3)
    # Within one group a name is still used once.
    assert b.describe(LIBRARY).status_code == 400
    assert b.save_face(FACE).status_code == 400


def test_the_group_sees_them_at_the_table_and_at_its_later_tables(
    app: Flask,
) -> None:
    a, _b, mine = a_and_b(app)
    # A phone that opens A's table by its address (the table's key) plays
    # there: it sees and uses the table's tiles.
    guest = RoadsTable.__new__(RoadsTable)
    guest.actions = TableActions(app.test_client())
    guest.client, guest.id = guest.actions.client, a.id
    assert guest.tray_keys() == [mine.key]
    assert guest.tap(["D4"], "red", tile=mine.key).status_code == 302
    # A phone that joined by the code knows the table: at the next table it
    # starts, the group's tile and face are there.
    code = soup(guest.client.get(f"/t/{a.id}/share")).select_one(".join-code strong")
    joined = TableActions(app.test_client())
    sent = {"csrf_token": joined.csrf("/join"), "code": code.get_text()}
    assert joined.client.post("/join", data=sent).status_code == 302
    later = RoadsTable(joined)
    assert later.listed() == ["Library"]
    assert later.tray_keys() == [mine.key]
    assert list(later.face_values()) == [f"saved:{mine.face}"]
    assert later.tap(["D4"], "red", tile=mine.key).status_code == 302
    assert later.document()["buildings"][0]["name"] == "Library"


def test_a_change_or_delete_for_an_older_version_is_refused(app: Flask) -> None:
    a, _b, mine = a_and_b(app)
    page = soup(a.client.get(f"/t/{a.id}/civic-tiles/{mine.key}/edit"))
    data = form_data(page.select_one("main form[novalidate]"))
    assert data["version"] == str(mine.version)
    ticked = [i["value"] for i in page.select("input[name=shape][checked]")]
    assert data["name"] == "Library" and ticked == ["A1"]
    stale = dict(data)
    data.update(name="Great Library", vp="2")
    changed = a.client.post(f"/t/{a.id}/civic-tiles/{mine.key}/edit", data=data)
    assert changed.status_code == 302
    assert tile_row(app, mine.key) == ("Great Library", "two-citizens", 2)
    # Another phone still had the first version: its change and its delete
    # are refused, with what it typed kept.
    stale.update(name="Small Library")
    again = a.client.post(f"/t/{a.id}/civic-tiles/{mine.key}/edit", data=stale)
    assert again.status_code == 409
    assert "changed on another phone" in again.get_data(as_text=True)
    assert soup(again).select_one("input[name=name]")["value"] == "Small Library"
    gone = delete_post(a, mine.key, mine.version)
    assert gone.status_code == 409
    assert "changed on another phone" in gone.get_data(as_text=True)
    assert tile_row(app, mine.key) == ("Great Library", "two-citizens", 2)
    # With the version it shows now, it goes.
    form = soup(a.client.get(a.tiles_path)).select_one(".civic-tiles form")
    assert a.client.post(form["action"], data=form_data(form)).status_code == 302
    assert tile_row(app, mine.key) is None


def test_keys_are_random_and_not_row_numbers(app: Flask) -> None:
    table = RoadsTable(TableActions(app.test_client()))
    for n in range(5):
        assert table.describe({**LIBRARY, "name": f"Tile {n}"}).status_code == 302
    with app.app_context():
        tiles = list(db.session.scalars(db.select(CivicTile)))
        keys = [t.key for t in tiles]
    assert len(set(keys)) == 5
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{16}", k) for k in keys)
    assert not {str(t.id) for t in tiles} & set(keys)


def _shape_squares(shape: Any) -> list[str]:
    from companion.web.views.civic import OUTLINES

    return list(OUTLINES[shape])


def test_each_shape_is_drawn_back_as_itself() -> None:
    """The edit screen ticks a saved shape's squares from the grid's corner."""
    from companion.engines.foundations.lots import Lot, Shape

    for shape in Shape:
        lots = [Lot.parse(name) for name in _shape_squares(shape)]
        assert Shape.of(lots) is shape


def delete_table(table: RoadsTable) -> TestResponse:
    path = f"/t/{table.id}/delete"
    return table.client.post(path, data=table.actions.form(path))


def test_deleting_a_table_hands_its_tiles_to_the_groups_next_table(
    app: Flask,
) -> None:
    a, b, mine = a_and_b(app)
    later = RoadsTable(a.actions)  # A's next table, the same phone
    assert later.describe({**LIBRARY, "name": "Forum"}).status_code == 302
    page = soup(a.client.get(f"/t/{a.id}/delete")).get_text(" ")
    assert "stay with your group" in page
    assert delete_table(a).status_code == 302
    assert later.listed() == ["Forum", "Library"]
    assert mine.key in later.tray_keys()
    assert list(later.face_values()) == [f"saved:{mine.face}"]
    # B's group still sees none of them.
    assert b.listed() == [] and b.face_values() == {}


def test_a_name_the_next_table_has_goes_with_the_deleted_one(app: Flask) -> None:
    first = RoadsTable(TableActions(app.test_client()))
    assert first.describe(LIBRARY).status_code == 302
    # A device that knows only the later table saves its own Library there.
    other = TableActions(app.test_client())
    later = RoadsTable(other)
    assert later.describe({**LIBRARY, "vp": "4"}).status_code == 302
    code = soup(other.client.get(f"/t/{later.id}/share")).select_one(
        ".join-code strong"
    )
    sent = {"csrf_token": first.actions.csrf("/join"), "code": code.get_text()}
    assert first.client.post("/join", data=sent).status_code == 302
    assert delete_table(first).status_code == 302
    with app.app_context():
        left = [(t.table_id, t.vp) for t in db.session.scalars(db.select(CivicTile))]
    assert left == [(later.id, 4)]


def test_with_no_other_table_they_go_with_the_table(app: Flask) -> None:
    a, _b, mine = a_and_b(app)
    page = soup(a.client.get(f"/t/{a.id}/delete")).get_text(" ")
    assert "go with it" in page
    assert delete_table(a).status_code == 302
    assert tile_row(app, mine.key) is None


TABLES = ("t0", "t1", "t2", "t3")
NAMES = ("Forum", "Library", "Baths")


# Each example cleans up what it saved: the app may be shared.
@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    saved=st.dictionaries(
        st.sampled_from(TABLES), st.sets(st.sampled_from(NAMES)), max_size=4
    ),
    at=st.sampled_from(TABLES),
    known=st.lists(st.sampled_from(TABLES), unique=True, max_size=4),
)
def test_the_group_sees_exactly_its_tables_tiles_once_per_name(
    app: Flask,
    monkeypatch: pytest.MonkeyPatch,
    saved: dict[str, set[str]],
    at: str,
    known: list[str],
) -> None:
    """Whatever is saved where and whatever the device knows: the group at
    ``at`` sees one tile per name of its tables (``at`` first, then the
    device's tables in order) and nothing of any other table."""
    from companion.storage import store
    from companion.web import device
    from companion.web import saved as group_saved

    with app.test_request_context():
        ids = {}
        for name in TABLES:
            ids[name] = store.create_table(FR_GAME, {"game": FR_GAME}).id
        for table, names in saved.items():
            for name in names:
                db.session.add(
                    CivicTile(table_id=ids[table], name=name, per="silver", vp=1)
                )
        db.session.commit()
        monkeypatch.setattr(device, "existing_ids", lambda: [ids[k] for k in known])
        table = db.session.get(GameTable, ids[at])
        seen = group_saved.seen(CivicTile, table)
        group = list(dict.fromkeys([at, *known]))
        expected = {}
        for member in group:
            for name in saved.get(member, ()):
                expected.setdefault(name, ids[member])
        assert {row.name: row.table_id for row in seen} == expected
        assert [row.name for row in seen] == sorted(expected, key=str.casefold)
        for row in db.session.scalars(db.select(CivicTile)):
            found = group_saved.find(CivicTile, table, row.key)
            assert (found is not None) == (expected.get(row.name) == row.table_id)
        db.session.execute(db.delete(CivicTile))
        db.session.execute(db.delete(GameTable))
        db.session.commit()
