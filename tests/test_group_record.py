"""Issue 18: the group's record: this device's finished games, and each
player's games, wins, average and best score per game, with SVG charts."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

import pytest
from flask.testing import FlaskClient

from companion.exports import group_record as record
from companion.exports.group_record import FinishedGame, Placed

from .conftest import TableActions
from .helpers import soup
from .test_finished_lock import FINISH, tally


def game(
    slug: str, *places: tuple[str, int, int], highest: bool = True
) -> FinishedGame:
    return FinishedGame(
        "t", slug, date(2026, 12, 1), (), tuple(Placed(*p) for p in places), highest
    )


def test_records_per_player_and_game() -> None:
    games = [
        game("glory-to-rome", ("Ana", 1, 20), ("Bo", 2, 12)),
        game("glory-to-rome", ("Bo", 1, 30), ("ana ", 1, 30)),  # same Ana, shared win
        game("all-roads", ("Ana", 1, 5), ("Bo", 2, 9), highest=False),
    ]
    records = {(r.game, r.name): r for r in record.player_records(games)}
    ana = records[("glory-to-rome", "Ana")]
    assert (ana.games, ana.wins, ana.average, ana.best) == (2, 2, 25.0, 30)
    bo = records[("glory-to-rome", "Bo")]
    assert (bo.games, bo.wins, bo.average, bo.best) == (2, 1, 21.0, 30)
    # All Roads: the fewest unbuilt points win, so the best is the lowest.
    assert records[("all-roads", "Bo")].best == 9
    assert records[("all-roads", "Ana")].best == 5
    assert len(records) == 4


def test_the_chart_names_every_bar() -> None:
    svg = record.bars_svg(
        [("李雷", 3, "3"), ("Zoë <b>", 0, "0")], label="Glory to Rome: wins"
    )
    assert 'role="img"' in svg and 'aria-label="Glory to Rome: wins"' in svg
    assert "李雷" in svg and "Zoë &lt;b&gt;" in svg  # escaped, never markup
    assert svg.count("<rect") == 2


def test_the_record_page(actions: TableActions, client: FlaskClient) -> None:
    finished = [FINISH["all-roads"](actions), FINISH["glory-to-rome"](actions)]
    second = actions.create_id("all-roads", [("Ana", "red"), ("Cy", "blue")])
    assert tally(actions, second, house=3) == 302
    open_table = actions.create_id("all-roads", [("Dee", "red"), ("Eve", "blue")])
    page = soup(client.get("/record"))
    listed = [a["href"].rsplit("/", 1)[-1] for a in page.select(".record-list a")]
    assert set(listed) == {*finished, second}
    assert open_table not in listed
    ar = page.select_one("#record-all-roads").find_parent("section")
    rows = {
        tr.select_one(".player-name").get_text(): {
            td["data-stat"]: td.get_text() for td in tr.select("td")
        }
        for tr in ar.select("tbody tr")
    }
    assert rows["Ana"]["games"] == "2"
    assert rows["Bo"]["games"] == rows["Cy"]["games"] == "1"
    charts = ar.select("svg.record-chart")
    assert len(charts) == 2
    assert all(c.get("role") == "img" and c.get("aria-label") for c in charts)
    home = soup(client.get("/"))
    assert home.select_one("a[href='/record']") is not None


def test_no_finished_game_yet(client: FlaskClient, actions: TableActions) -> None:
    actions.create_id("all-roads", [("Dee", "red"), ("Eve", "blue")])
    page = soup(client.get("/record"))
    assert page.select_one(".nothing-yet") is not None
    assert page.select_one("svg") is None


@pytest.mark.parametrize("lang", ["it", "zh"])
def test_the_record_in_the_readers_language(
    client: FlaskClient, actions: TableActions, lang: str
) -> None:
    FINISH["glory-to-rome"](actions)
    client.get(f"/lang/{lang}")
    page = client.get("/record").get_data(as_text=True)
    assert "Our record" not in page and "Average" not in page


def test_the_list_shows_the_newest_and_the_rest_is_one_tap_away(
    actions: TableActions, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The list holds ``RECENT_GAMES`` games (the page's size and cost do not
    grow with the record), every player's record counts every game, and the
    link lists them all."""
    from companion.web.views import record as record_view

    monkeypatch.setattr(record_view, "RECENT_GAMES", 2)
    finished = {FINISH["all-roads"](actions) for _ in range(3)}
    page = soup(client.get("/record"))
    listed = [a["href"].rsplit("/", 1)[-1] for a in page.select(".record-list a")]
    assert len(listed) == 2 and set(listed) < finished
    ana = page.select_one("#record-all-roads").find_parent("section")
    assert ana.select_one("td[data-stat='games']").get_text() == "3"
    more = page.select_one("a[href='/record?all=1']")
    assert more is not None and "3" in more.get_text()
    everything = soup(client.get("/record?all=1"))
    shown = [a["href"].rsplit("/", 1)[-1] for a in everything.select(".record-list a")]
    assert set(shown) == finished
    assert everything.select_one("a[href='/record?all=1']") is None


def listed_games(client: FlaskClient) -> set[str]:
    page = soup(client.get("/record?all=1"))
    return {a["href"].rsplit("/", 1)[-1] for a in page.select(".record-list a")}


def test_the_record_follows_every_change_to_the_devices_tables(
    actions: TableActions, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The page is kept for the count and versions of the device's tables
    (``store.versions_stamp``): a game that finishes, one deleted, appear
    and go at the next view, and the deleted one leaves the device's list.
    The changes are made as another worker makes them: this worker is not
    told (no ``store.CHANGE_LISTENERS``), its kept page must see them."""
    from companion.storage import store
    from companion.web import device

    monkeypatch.setattr(store, "CHANGE_LISTENERS", [])

    first = FINISH["all-roads"](actions)
    second = actions.create_id("all-roads", [("Ana", "red"), ("Cy", "blue")])
    assert listed_games(client) == {first}

    def as_another_phone(change: Callable[[], object]) -> str:
        """``change`` made, and this device's cookies (its list, its session
        with no message waiting) as they were before."""
        cookies = {
            name: client.get_cookie(name)
            for name in (
                device.COOKIE_NAME,
                client.application.config["SESSION_COOKIE_NAME"],
            )
        }
        change()
        for name, cookie in cookies.items():
            assert cookie is not None
            client.set_cookie(name, cookie.value)
        return cookies[device.COOKIE_NAME].value

    as_another_phone(lambda: tally(actions, second, house=3))
    assert listed_games(client) == {first, second}
    before = as_another_phone(lambda: actions.post_action(first, "delete"))
    assert listed_games(client) == {second}
    kept = client.get_cookie(device.COOKIE_NAME)
    assert kept is not None and kept.value != before  # forgotten
    assert listed_games(client) == {second}
