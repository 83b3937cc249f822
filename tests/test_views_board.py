"""The one-screen board (issue 13): the tray under the board, one-tap builds,
lot markers said in words, and a late edit told what the other phone did."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from companion.engines.foundations import monument_cards as cards

from .conftest import TableActions
from .helpers import L, soup
from .test_views_foundations import City


def tray_text(city: City, owner: str, lots: str) -> tuple[int, str, list[str]]:
    response = city.client.get(f"/t/{city.id}/board/tray?owner={owner}&lots={lots}")
    page = soup(response)
    pieces = [b.strong.get_text() for b in page.select("button.piece")]
    return response.status_code, page.get_text(" ", strip=True), pieces


@pytest.mark.parametrize(
    ("lots", "pieces", "words"),
    [
        ("C3", ["Domus", "Bakery", "Civic building"], "3 pieces of Ana's tray fit C3"),
        ("C3,C4", ["Domus Maximus", "Pottery Studio", "Civic building"], "fit C3, C4"),
        # an L of three, turned: still the Insula's and Artisan Forum's shape
        ("C3,D3,D4", ["Insula", "Artisan Forum", "Civic building"], "fit"),
        # a T of four is no tray piece's shape but a civic tile's
        ("B2,C2,D2,C3", ["Civic building"], "One piece of Ana's tray fits"),
        ("A1,C3", [], "must be orthogonally connected"),
        ("A1,A2,A3,A4,A5", [], "1 to 4 lots, not 5"),
        ("", [], "drag a finger across them"),
    ],
)
def test_the_tray_shows_what_fits_the_tapped_lots(
    actions: TableActions, lots: str, pieces: list[str], words: str
) -> None:
    status, text, shown = tray_text(City(actions), "red", lots)
    assert status == 200
    assert shown == pieces
    assert words in text


def test_the_tray_of_a_built_lot_names_the_building(actions: TableActions) -> None:
    city = City(actions)
    assert city.build(["B2"], "blue", "Domus").status_code == 302
    status, text, shown = tray_text(city, "red", "B2")
    assert (status, shown) == (200, [])
    assert "Bo's Domus on B2." in text


@pytest.mark.parametrize(
    ("query", "status"),
    [("owner=nobody&lots=A1", 400), ("owner=red&lots=Z99", 400)],
)
def test_the_tray_refuses_a_bad_request(
    actions: TableActions, query: str, status: int
) -> None:
    city = City(actions)
    assert city.client.get(f"/t/{city.id}/board/tray?{query}").status_code == status


def piece_index(city: City, owner: str, lots: str, name: str) -> str:
    page = soup(city.client.get(f"/t/{city.id}/board/tray?owner={owner}&lots={lots}"))
    return next(
        b["value"] for b in page.select("button.piece") if b.strong.get_text() == name
    )


def test_one_tap_on_a_piece_builds_it_with_the_tray_values(
    actions: TableActions,
) -> None:
    city = City(actions)
    k = piece_index(city, "red", "C3,C4", "Pottery Studio")
    response = city.tap(["C3", "C4"], "red", "none", piece=k)
    assert response.status_code == 302
    board = soup(city.client.get(response.headers["Location"]))
    assert "Ana built Pottery Studio on C3, C4." in board.select_one(".flashes").text
    (building,) = city.document()["buildings"]
    assert building == {
        "owner": "red",
        "type": "commercial",
        "lots": ["C3", "C4"],
        "silver": 1,
        "vp": 2,
        "name": "Pottery Studio",
    }
    # One step of the history: undo takes it away.
    assert actions.post_action(city.id, "undo").status_code == 302
    assert city.document()["buildings"] == []


def test_a_civic_tile_asks_for_its_printed_values(actions: TableActions) -> None:
    city = City(actions)
    k = piece_index(city, "red", "C3", "Civic building")
    response = city.tap(["C3"], "red", "none", piece=k)
    assert response.status_code == 302
    assert f"/build?lots=C3&owner=red&piece={k}" in response.headers["Location"]
    assert city.document()["buildings"] == []


def test_a_piece_of_another_shape_is_refused_in_words(actions: TableActions) -> None:
    city = City(actions)
    k = piece_index(city, "red", "C3", "Domus")
    response = city.tap(["C3", "C4"], "red", "none", piece=k)
    assert response.status_code == 400
    assert (
        "A Domus does not cover C3, C4." in soup(response).select_one(".problems").text
    )
    assert city.document()["buildings"] == []


def test_lot_markers_say_what_they_did(actions: TableActions) -> None:
    city = City(actions)
    response = city.tap(["H1", "H2"], "red", "marker")
    board = soup(city.client.get(response.headers["Location"]))
    assert "Ana's lot marker is on H1, H2." in board.select_one(".flashes").text
    response = city.tap(["H2"], "red", "marker")
    board = soup(city.client.get(response.headers["Location"]))
    assert "Ana's lot marker is off H2." in board.select_one(".flashes").text


def test_a_late_edit_says_what_the_other_phone_did(
    actions: TableActions, client: FlaskClient
) -> None:
    city = City(actions)
    late = actions.form(f"/t/{city.id}/board", "form.board-form")
    k = piece_index(city, "red", "C3", "Bakery")
    assert city.build(["C3"], "blue", "Domus").status_code == 302
    late.update({"lots": ["C3"], "owner": "red", "piece": k})
    response = client.post(f"/t/{city.id}/board", data=late)
    assert response.status_code == 409
    text = soup(response).select_one(".conflict").get_text(" ", strip=True)
    assert "C3 is Bo's Domus now." in text
    assert "buildings[" not in text
    assert [b["owner"] for b in city.document()["buildings"]] == ["blue"]


def test_a_buildings_printed_values_change_as_one_step(actions: TableActions) -> None:
    city = City(actions)
    assert city.build(["C3", "C4"], "blue", "Pottery Studio").status_code == 302
    _status, text, _pieces = tray_text(city, "blue", "C4")
    tray = soup(city.client.get(f"/t/{city.id}/board/tray?owner=blue&lots=C4"))
    link = tray.select_one("a.button[href*='/building/']")["href"]
    assert link.endswith("/building/C3")
    data = actions.form(link, "main form")
    data.update({"silver": "2", "vp": "3", "name": "Vasaio"})
    response = city.client.post(link, data=data)
    assert response.status_code == 302
    assert response.headers["Location"].endswith(f"/t/{city.id}/board?owner=blue")
    (building,) = city.document()["buildings"]
    assert (building["silver"], building["vp"], building["name"]) == (2, 3, "Vasaio")
    assert building["lots"] == ["C3", "C4"]
    history = soup(city.client.get(f"/t/{city.id}/history")).get_text(" ")
    assert "Values of Bo's Vasaio on C3, C4 changed" in history
    assert actions.post_action(city.id, "undo").status_code == 302
    assert city.document()["buildings"][0]["silver"] == 1


@pytest.mark.parametrize(
    ("field", "value"), [("vp", "-1"), ("silver", "x"), ("name", "n" * 41)]
)
def test_bad_values_are_refused_beside_their_field(
    actions: TableActions, field: str, value: str
) -> None:
    city = City(actions)
    assert city.build(["C3"], "blue", "Bakery").status_code == 302
    path = f"/t/{city.id}/building/C3"
    data = actions.form(path, "main form")
    data[field] = value
    response = city.client.post(path, data=data)
    assert response.status_code == 400
    page = soup(response)
    assert page.select_one(f".has-errors [name={field}]") is not None
    assert city.document()["buildings"][0]["silver"] == 1


def test_no_values_screen_for_an_empty_lot_or_a_monument(actions: TableActions) -> None:
    city = City(actions)
    assert city.client.get(f"/t/{city.id}/building/C3").status_code == 404
    assert city.client.get(f"/t/{city.id}/building/Z1").status_code == 404


def test_the_board_goes_straight_to_the_road_picks_when_they_are_due(
    actions: TableActions,
) -> None:
    table_id = actions.create_id(
        "foundations-of-rome", [("Ana", "red"), ("Bo", "blue")], options=("roads",)
    )
    setup = actions.form(f"/t/{table_id}/roads/setup", "main form")
    assert actions.client.post(f"/t/{table_id}/roads/setup", data=setup).status_code
    city = City.__new__(City)  # the board steps, on this table with road boards
    city.actions, city.client, city.id = actions, actions.client, table_id
    assert city.build(["A1"], "red", "Domus").status_code == 302  # on the north edge
    board = soup(actions.client.get(f"/t/{table_id}/board"))
    link = board.select_one(f"p.links a.button[href='/t/{table_id}/roads']")
    assert link is not None
    assert "road-board picks first" in link.get_text()


# --------------------------------------------------------------------------
# Issue 28: building over from the tray, a civic building's rule and VP in
# one tap, lot markers by player
# --------------------------------------------------------------------------


def test_the_tray_offers_the_bigger_pieces_over_your_own_building(
    actions: TableActions,
) -> None:
    city = City(actions)
    assert city.build(["C3"], "red", "Domus").status_code == 302
    status, text, shown = tray_text(city, "red", "C3,C4")
    assert status == 200
    assert shown == ["Domus Maximus", "Pottery Studio", "Civic building"]
    assert "Over Ana's Domus on C3:" in text
    # one tap: the Domus Maximus stands on both lots, the Domus back in the tray
    k = piece_index(city, "red", "C3,C4", "Domus Maximus")
    assert city.tap(["C3", "C4"], "red", "none", piece=k).status_code == 302
    (building,) = city.document()["buildings"]
    assert (building["name"], building["lots"]) == ("Domus Maximus", ["C3", "C4"])
    assert "Domus" in tray_text(city, "red", "F6")[2]
    # tapping the building alone shows it, as before
    assert "Ana's Domus Maximus on C3, C4." in tray_text(city, "red", "C4")[1]


@pytest.mark.parametrize(
    ("owner", "lots", "words"),
    [
        # Bo cannot build over Ana's Domus
        ("blue", "C3,C4", "a player builds over their own buildings only"),
        # two lots are not bigger than Ana's Domus Maximus on D3, D4
        ("red", "C4,D4", "cannot build over the Domus Maximus at D3, D4"),
    ],
)
def test_the_tray_says_why_nothing_goes_over_a_building(
    actions: TableActions, owner: str, lots: str, words: str
) -> None:
    city = City(actions)
    assert city.build(["C3"], "red", "Domus").status_code == 302
    assert city.build(["D3", "D4"], "red", "Domus Maximus").status_code == 302
    status, text, shown = tray_text(city, owner, lots)
    assert (status, shown) == (200, [])
    assert "No piece fits" in text and words in text


@pytest.mark.parametrize(
    ("value", "per", "vp"),
    [("two-citizens:1", "two-citizens", 1), ("silver:2", "silver", 2)],
)
def test_a_civic_rule_and_vp_tapped_in_the_tray_builds_it(
    actions: TableActions, value: str, per: str, vp: int
) -> None:
    city = City(actions)
    page = soup(city.client.get(f"/t/{city.id}/board/tray?owner=red&lots=C3,C4"))
    button = page.select_one(f"button[name=civic][value='{value}']")
    assert button is not None and button["aria-label"].startswith(f"{vp} VP per")
    response = city.tap(["C3", "C4"], "red", "none", civic=value)
    assert response.status_code == 302
    (building,) = city.document()["buildings"]
    assert building["civic"] == {"per": per, "vp": vp}
    assert (building["owner"], building["lots"]) == ("red", ["C3", "C4"])
    board = soup(city.client.get(response.headers["Location"]))
    assert "Ana built Civic building on C3, C4." in board.select_one(".flashes").text


@pytest.mark.parametrize("value", ["nope:1", "silver:", "silver:x", "silver:100"])
def test_a_civic_rule_or_vp_that_is_none_is_refused(
    actions: TableActions, value: str
) -> None:
    city = City(actions)
    response = city.tap(["C3"], "red", "none", civic=value)
    assert response.status_code == 400
    assert city.document()["buildings"] == []


def test_scattered_lots_ask_whose_lot_markers(actions: TableActions) -> None:
    city = City(actions)
    page = soup(city.client.get(f"/t/{city.id}/board/tray?owner=red&lots=A1,C3"))
    whose = {
        b["value"]: b["aria-label"] for b in page.select("button[name=marker_for]")
    }
    assert whose == {
        "red": "Ana's lot markers on or off",
        "blue": "Bo's lot markers on or off",
        "green": "Chiara's lot markers on or off",
    }
    response = city.tap(["A1", "C3"], "red", "none", marker_for="blue")
    assert response.status_code == 302
    assert "owner=blue" in response.headers["Location"]
    assert city.document()["lot_markers"] == {"blue": ["A1", "C3"]}
    # one building's lots ask no such thing; nor does a player of no table
    page = soup(city.client.get(f"/t/{city.id}/board/tray?owner=red&lots=E5"))
    assert page.select("button[name=marker_for]") == []
    assert city.tap(["E5"], "red", "none", marker_for="nobody").status_code == 400


def test_the_tray_offers_the_monuments_of_the_tapped_shape(
    actions: TableActions,
) -> None:
    table_id = actions.create_id(
        "foundations-of-rome", [("Ana", "red"), ("Bo", "blue")], options=("monuments",)
    )
    client = actions.client
    for lots, size in (("C3", 1), ("C3,D3,C4,D4", 4), ("C3,D3,E3,C4,E4", 5)):
        page = soup(client.get(f"/t/{table_id}/board/tray?owner=blue&lots={lots}"))
        shown = [a.get_text(strip=True) for a in page.select(".monuments-fit a")]
        wanted = [
            card.name
            for card in cards.CATALOGUE.values()
            if (
                card.footprint.matches(L(lots.replace(",", " ")))
                if card.footprint
                else card.lots == size
            )
        ]
        assert shown == wanted and shown, lots
    # each goes to its card, with the player and the lots, at what it costs
    link = page.select_one(".monuments-fit a")["href"]
    assert "player=blue" in link and "lots=C3" in link and link.endswith("#cost")
    card = soup(client.get(link))
    assert card.select_one("section.placement") is not None
    # a table without the expansion offers none
    city = City(actions)
    page = soup(city.client.get(f"/t/{city.id}/board/tray?owner=red&lots=C3"))
    assert page.select(".monuments-fit a") == []
