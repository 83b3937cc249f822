"""Private by default: a device lists the tables it started or imported (a
signed cookie) and forgets one when asked; a new table may start with a copy of
the house rules of an earlier table this device knows. The shared list
(``COMPANION_SHARED_LIST``) lists every table, as before."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from flask_migrate import upgrade
from sqlalchemy import select

from companion import create_app
from companion.storage import store
from companion.storage.models import HouseRule, db
from companion.web import device

from .conftest import TableActions, make_app
from .helpers import form_data, soup


@pytest.fixture
def app(any_db_app: Flask) -> Flask:
    """Every test here runs on SQLite and on PostgreSQL (issue 14)."""
    return any_db_app


ROOT = Path(__file__).resolve().parents[1]
PLAYERS = [("Ana", "red"), ("Bo", "blue")]


def listed(client: FlaskClient) -> list[str]:
    """The ids of the tables the home page lists."""
    page = soup(client.get("/"))
    return [a["href"].rsplit("/", 1)[-1] for a in page.select(".table-list li > a")]


# -- the home page ------------------------------------------------------------


def test_a_device_lists_its_own_tables_not_anothers(
    phones: tuple[TableActions, TableActions],
) -> None:
    ana, bo = phones
    hers = ana.create_id("all-roads", PLAYERS)
    his = bo.create_id("glory-to-rome", [("Bo", ""), ("Cy", "")])
    assert listed(ana.client) == [hers]
    assert listed(bo.client) == [his]
    # The address is the key for now: whoever has it opens the table.
    assert bo.client.get(f"/t/{hers}").status_code == 200
    assert listed(bo.client) == [his]  # opening it does not list it


def test_an_imported_table_is_listed_on_the_device_that_imported_it(
    phones: tuple[TableActions, TableActions],
) -> None:
    ana, bo = phones
    hers = ana.create_id("all-roads", PLAYERS)
    copy = bo.import_id(ana.client.get(f"/t/{hers}/export").data)
    assert listed(bo.client) == [copy]


def test_the_home_page_says_the_address_is_the_key(client: FlaskClient) -> None:
    text = soup(client.get("/")).select_one(".help").get_text()
    assert "Anyone who has a table's address can open it" in text
    assert f"the last {device.MAX_TABLES}" in text


def test_forget_takes_a_table_off_this_device_only(
    phones: tuple[TableActions, TableActions],
) -> None:
    ana, _bo = phones
    first = ana.create_id("all-roads", PLAYERS)
    second = ana.create_id("all-roads", PLAYERS)
    assert set(listed(ana.client)) == {first, second}
    form = soup(ana.client.get("/")).select_one(f"form[action='/t/{first}/forget']")
    assert form.select_one("button").get_text() == "Forget this table"
    response = ana.client.post(form["action"], data=form_data(form))
    assert response.status_code == 302
    assert listed(ana.client) == [second]
    assert ana.client.get(f"/t/{first}").status_code == 200  # the table stays


def test_forget_needs_the_csrf_token(
    actions: TableActions, client: FlaskClient
) -> None:
    table_id = actions.create_id("all-roads", PLAYERS)
    assert client.post(f"/t/{table_id}/forget").status_code == 400
    assert listed(client) == [table_id]


def test_a_deleted_table_leaves_the_list(
    actions: TableActions, client: FlaskClient
) -> None:
    table_id = actions.create_id("all-roads", PLAYERS)
    assert actions.post_action(table_id, "delete").status_code == 302
    assert listed(client) == []
    assert "No tables yet" in client.get("/").get_data(as_text=True)


def test_an_altered_cookie_lists_nothing(
    actions: TableActions, client: FlaskClient
) -> None:
    table_id = actions.create_id("all-roads", PLAYERS)
    cookie = client.get_cookie(device.COOKIE_NAME)
    assert cookie is not None
    value = cookie.value
    altered = value[:-2] + ("AA" if value[-2:] != "AA" else "BB")
    client.set_cookie(device.COOKIE_NAME, altered)
    assert listed(client) == []
    client.set_cookie(device.COOKIE_NAME, value)
    assert listed(client) == [table_id]


def test_the_list_is_bounded_and_its_cookie_small(app: Flask) -> None:
    ids = [store.new_table_id() for _ in range(device.MAX_TABLES + 10)]
    with app.test_request_context("/"):
        for table_id in ids:
            device.remember(table_id)
        response = device._write_cookie(app.response_class())
        assert device.known_ids() == ids[::-1][: device.MAX_TABLES]
    header = response.headers["Set-Cookie"]
    value = re.match(rf"{device.COOKIE_NAME}=([^;]+);", header)
    assert value is not None
    # The measure in device.MAX_TABLES's docstring; 4096 bytes is what
    # browsers keep of one cookie.
    assert len(value.group(1)) <= 1100
    assert len(header) < 4096


# -- the shared list -----------------------------------------------------------


def test_the_shared_list_lists_every_table(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    app = make_app(tmp_path, url, SHARED_LIST=True)
    with app.app_context():
        upgrade()
    ana, bo = TableActions(app.test_client()), TableActions(app.test_client())
    hers = ana.create_id("all-roads", PLAYERS)
    his = bo.create_id("all-roads", PLAYERS)
    assert set(listed(ana.client)) == set(listed(bo.client)) == {hers, his}
    page = soup(bo.client.get("/"))
    assert "the shared list is on" in page.get_text()
    assert not page.select("form[action$='/forget']")


@pytest.mark.parametrize(
    ("value", "shared"),
    [("1", True), ("yes", True), ("0", False), ("", False), ("off", False)],
)
def test_the_shared_list_is_set_in_the_environment(
    monkeypatch: pytest.MonkeyPatch, value: str, shared: bool
) -> None:
    monkeypatch.setenv("COMPANION_SHARED_LIST", value)
    app = create_app({"TESTING": True, "SECRET_KEY": "x", "DATABASE_URL": "sqlite://"})
    assert app.config["SHARED_LIST"] is shared


def test_the_shared_list_is_documented_under_run() -> None:
    readme = (ROOT / "README.md").read_text()
    run, _sep, rest = readme.partition("## Test")
    assert "COMPANION_SHARED_LIST=1" in run and "## Install and run" in run


# -- a new table may start with an earlier table's house rules ------------------


def sources(client: FlaskClient, slug: str) -> dict[str, str]:
    """The earlier tables the new-table form offers to copy house rules from."""
    page = soup(client.get(f"/new/{slug}"))
    select_ = page.select_one("select[name=house_rules_from]")
    if select_ is None:
        return {}
    return {o["value"]: o.get_text() for o in select_.select("option")}


def test_a_new_table_may_copy_the_house_rules_of_an_earlier_one(
    app: Flask, phones: tuple[TableActions, TableActions]
) -> None:
    ana, bo = phones
    first = ana.create_id("all-roads", PLAYERS)
    assert sources(ana.client, "all-roads") == {}  # no table with house rules yet
    ana.house_rule_id(first, "Zebra crossing", "A zebra tile bridges two roads.")
    ana.house_rule_id(first, "Lake", "The lake is a road.")
    other_game = ana.create_id("glory-to-rome", [("Ana", ""), ("Bo", "")])
    ana.house_rule_id(other_game, "Quokka", "A quokka counts double.")

    offered = sources(ana.client, "all-roads")
    assert list(offered) == ["", first]
    assert offered[first].startswith("Ana, Bo (changed ")
    assert offered[first].endswith(": 2 house rules")
    assert sources(bo.client, "all-roads") == {}  # not a table Bo's device knows

    data = form_data(soup(ana.client.get("/new/all-roads")).select_one("main form"))
    data.update({"players-0-name": "Cy", "players-1-name": "Di"})
    data["house_rules_from"] = first
    response = ana.client.post("/new/all-roads", data=data)
    assert response.status_code == 302
    new = response.headers["Location"].rsplit("/", 1)[-1]
    shown = ana.client.get(f"/t/{new}").get_data(as_text=True)
    assert "The table starts with 2 house rules, copied." in shown
    rules = soup(ana.client.get(f"/t/{new}/house-rules"))
    assert [h.get_text() for h in rules.select(".house-rules h2")] == [
        "Zebra crossing",
        "Lake",
    ]
    # A copy: deleting it at the new table leaves the first table's rule.
    delete = rules.select_one(".house-rules form")
    assert ana.client.post(delete["action"], data=form_data(delete)).status_code == 302
    with app.app_context():
        left = db.session.scalars(select(HouseRule.table_id))
        assert sorted(left) == sorted([first, first, new, other_game])


def test_only_an_offered_table_may_be_copied_from(
    app: Flask, phones: tuple[TableActions, TableActions]
) -> None:
    ana, bo = phones
    hers = ana.create_id("all-roads", PLAYERS)
    ana.house_rule_id(hers, "Zebra crossing", "A zebra tile bridges two roads.")
    data = form_data(soup(bo.client.get("/new/all-roads")).select_one("main form"))
    data.update({"players-0-name": "Cy", "players-1-name": "Di"})
    data["house_rules_from"] = hers  # an address Bo's device does not know
    response = bo.client.post("/new/all-roads", data=data)
    assert response.status_code == 400  # refused, shown again
    assert "Not a valid choice" in response.get_data(as_text=True)
    with app.app_context():
        assert len(db.session.scalars(select(HouseRule)).all()) == 1
