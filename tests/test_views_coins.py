"""Coins as a running balance (issue 13): starting silver, income in one tap,
the era's silver and road-board coins added when it is scored."""

from __future__ import annotations

from .conftest import TableActions
from .helpers import soup
from .test_views_foundations import City

FIVE = [
    ("Ana", "red"),
    ("Bo", "blue"),
    ("Chiara", "green"),
    ("Dario", "purple"),
    ("Emma", "yellow"),
]


def test_a_new_table_starts_with_each_seats_silver(actions: TableActions) -> None:
    city = City(actions, FIVE)
    # Rulebook 001, Setup 4: 5 for the first player, one more each seat.
    assert city.document()["coins"] == {
        "red": 5,
        "blue": 6,
        "green": 7,
        "purple": 8,
        "yellow": 9,
    }


def income_form(city: City, player: str) -> dict[str, str]:
    page = soup(city.client.get(f"/t/{city.id}/monuments?player={player}"))
    form = next(
        f
        for f in page.select("form[action$='/coins/income']")
        if f.select_one("input[name=player]")["value"] == player
    )
    return {i["name"]: i["value"] for i in form.select("input")}


def test_taking_income_adds_5_and_commercial_silver(actions: TableActions) -> None:
    city = City(actions)
    assert city.build(["C3", "C4"], "red", "Pottery Studio").status_code == 302
    data = income_form(city, "red")
    response = city.client.post(f"/t/{city.id}/coins/income", data=data)
    assert response.status_code == 302
    page = soup(city.client.get(response.headers["Location"]))
    assert "Ana took income: 6 silver, 11 in hand." in page.select_one(".flashes").text
    assert city.document()["coins"]["red"] == 5 + 5 + 1
    history = soup(city.client.get(f"/t/{city.id}/history")).get_text(" ")
    assert "Ana took income: 6 silver" in history
    # One step: undo gives the coins back.
    assert actions.post_action(city.id, "undo").status_code == 302
    assert city.document()["coins"]["red"] == 5


def test_a_stale_income_tap_is_refused(actions: TableActions) -> None:
    city = City(actions)
    data = income_form(city, "blue")
    assert city.build(["C3"], "red", "Domus").status_code == 302
    response = city.client.post(f"/t/{city.id}/coins/income", data=data)
    page = soup(city.client.get(response.headers["Location"]))
    assert "another device" in page.select_one(".flashes").text
    assert city.document()["coins"]["blue"] == 6


def test_the_era_scoring_adds_its_silver_to_the_coins(actions: TableActions) -> None:
    city = City(actions)
    assert city.build(["C3", "C4"], "red", "Pottery Studio").status_code == 302
    era = actions.form(f"/t/{city.id}/era", "main form[method=post]")
    assert city.client.post(f"/t/{city.id}/era", data=era).status_code == 302
    # Pottery Studio's 1 silver is coins in era 1 (rulebook 001).
    assert city.document()["coins"]["red"] == 5 + 1
    assert city.document()["coins"]["blue"] == 6
