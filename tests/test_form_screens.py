"""Every form screen works one way (views.tables.form_screen): a valid edit is
one history step; anything refused is said beside the form, the input kept and
nothing saved."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from companion.storage.models import RoadFace, db

from .conftest import TableActions
from .helpers import soup

PLAYERS = [("Ana", "red"), ("Bo", "blue")]


def test_a_saved_face_that_no_longer_reads_is_refused_by_its_path(
    app: Flask, actions: TableActions, client: FlaskClient
) -> None:
    table_id = actions.create_id("foundations-of-rome", PLAYERS, options=("roads",))
    with app.app_context():
        face = RoadFace(
            table_id=table_id,
            name="Broken",
            board={"kind": "majority", "most": [1, 2, 3]},
        )
        db.session.add(face)
        db.session.commit()
        key = f"saved:{face.key}"
    path = f"/t/{table_id}/roads/setup"
    data = actions.form(path)
    data["north"] = key
    before = actions.document(table_id)
    response = client.post(path, data=data)
    assert response.status_code == 400
    problems = soup(response).select_one(".problems").get_text(" ", strip=True)
    assert "road_boards.north" in problems and "none" in problems
    assert actions.document(table_id) == before
    # what was chosen is kept
    assert soup(response).select_one("input[name=north][checked]")["value"] == key


def test_a_forum_victory_without_a_forum_is_refused(
    actions: TableActions, client: FlaskClient
) -> None:
    table_id = actions.create_id("glory-to-rome", [("Ana", ""), ("Bo", "")])
    path = f"/t/{table_id}/end"
    data = actions.form(path)
    ids = [
        o["value"] for o in soup(client.get(path)).select("select[name=winner] option")
    ]
    data["how"], data["winner"] = "forum", ids[1]
    version = actions.version(table_id)
    response = client.post(path, data=data)
    assert response.status_code == 400
    assert soup(response).select_one(".problems") is not None
    assert actions.version(table_id) == version


def test_a_stale_tally_is_refused_and_keeps_the_input(
    actions: TableActions, client: FlaskClient
) -> None:
    """A stale tally that changes the field another phone changed (a true
    conflict, issue 27) is refused with what was typed kept."""
    table_id = actions.create_id("all-roads", [("Ana", "red"), ("Bo", "yellow")])
    path = f"/t/{table_id}/tally"
    stale = actions.form(path)
    fresh = actions.form(path)
    fresh["players-0-house"] = "3"
    assert client.post(path, data=fresh).status_code == 302
    saved = actions.document(table_id)
    stale["players-0-house"] = "5"
    response = client.post(path, data=stale)
    assert response.status_code == 409
    page = soup(response)
    assert "another phone" in page.get_text()
    assert page.select_one("input[name=players-0-house]")["value"] == "5"
    assert actions.document(table_id) == saved
    assert actions.version(table_id) == int(stale["version"]) + 1
