"""The board from several phones (issue 27): a build or a lot marker sent from
a page loaded before another phone's change is saved when its lots still hold
what that page showed; only a change to the same lots asks, and then nothing
the player entered is lost (lots, piece, values and name)."""

from __future__ import annotations

from flask.testing import FlaskClient

from .conftest import TableActions
from .helpers import form_data, soup
from .test_views_board import piece_index
from .test_views_foundations import City


def owners(city: City) -> list[tuple[str, list[str]]]:
    return [(b["owner"], b["lots"]) for b in city.document()["buildings"]]


def test_a_late_tap_on_other_lots_is_saved(
    actions: TableActions, client: FlaskClient
) -> None:
    city = City(actions)
    late = actions.form(f"/t/{city.id}/board", "form.board-form")
    k = piece_index(city, "red", "C5", "Bakery")
    assert city.build(["C3"], "blue", "Domus").status_code == 302  # another phone
    late.update({"lots": ["C5"], "owner": "red", "piece": k})
    response = client.post(f"/t/{city.id}/board", data=late)
    assert response.status_code == 302, response.get_data(as_text=True)
    assert owners(city) == [("blue", ["C3"]), ("red", ["C5"])]
    said = soup(client.get(response.headers["Location"])).select_one(".flashes")
    assert "Bo built Domus on C3" in said.get_text(" ")


def test_a_late_lot_marker_on_other_lots_is_saved(
    actions: TableActions, client: FlaskClient
) -> None:
    city = City(actions)
    late = actions.form(f"/t/{city.id}/board", "form.board-form")
    assert city.build(["C3"], "blue", "Domus").status_code == 302
    late.update({"lots": ["H2"], "owner": "red", "marker": "y"})
    assert client.post(f"/t/{city.id}/board", data=late).status_code == 302
    assert city.document()["lot_markers"] == {"red": ["H2"]}


def test_a_late_marker_on_the_same_lot_asks_and_keeps_the_tap(
    actions: TableActions, client: FlaskClient
) -> None:
    city = City(actions)
    late = actions.form(f"/t/{city.id}/board", "form.board-form")
    assert city.build(["C3"], "blue", "Domus").status_code == 302
    before = city.document()
    late.update({"lots": ["C3"], "owner": "red", "marker": "y"})
    response = client.post(f"/t/{city.id}/board", data=late)
    assert response.status_code == 409
    page = soup(response)
    assert page.select_one("input[name=lots][value=C3]").has_attr("checked")
    assert city.document() == before


def build_screen(city: City, lots: str, owner: str, piece: str) -> str:
    """The no-JavaScript build screen of ``piece`` on ``lots``."""
    k = piece_index(city, owner, lots, piece)
    return f"/t/{city.id}/build?lots={lots}&owner={owner}&piece={k}"


def test_a_stale_build_screen_on_other_lots_is_saved(
    actions: TableActions, client: FlaskClient
) -> None:
    city = City(actions)
    screen = build_screen(city, "C5", "red", "Bakery")
    late = actions.form(screen, "main form")
    late["name"] = "Forno di Ana"
    assert city.build(["C3"], "blue", "Domus").status_code == 302
    assert client.post(screen, data=late).status_code == 302
    names = [b.get("name") for b in city.document()["buildings"]]
    assert "Forno di Ana" in names


def test_a_stale_build_screen_on_the_same_lots_keeps_piece_values_and_name(
    actions: TableActions, client: FlaskClient
) -> None:
    """Without JavaScript: the screen comes back (not the board), with what
    was typed, and says what stands on the lots now; nothing is saved."""
    city = City(actions)
    screen = build_screen(city, "C3", "red", "Bakery")
    late = actions.form(screen, "main form")
    late["name"] = "Forno di Ana"
    assert city.build(["C3"], "blue", "Domus").status_code == 302
    before = city.document()
    response = client.post(screen, data=late)
    assert response.status_code == 409
    page = soup(response)
    assert "C3 is Bo's Domus now." in page.get_text(" ")
    kept = form_data(page.select_one("main form"))
    assert kept["name"] == "Forno di Ana"
    assert city.document() == before
