"""Live (issue 14): a cheap version check every page of a table makes; since
issue 27 it names every change after the position the asking page shows."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.web.views.live import MOST_CHANGES

from .conftest import TableActions
from .helpers import soup
from .test_views_foundations import City


def test_the_version_check_answers_304_until_the_table_changes(
    actions: TableActions, client: FlaskClient
) -> None:
    city = City(actions)
    first = client.get(f"/t/{city.id}/live")
    assert first.status_code == 200
    version = first.get_json()["version"]
    assert first.headers["ETag"] == f'"v{version}"'
    same = client.get(f"/t/{city.id}/live", headers={"If-None-Match": f'"v{version}"'})
    assert same.status_code == 304 and same.data == b""

    assert city.build(["B2"], "blue", "Domus").status_code == 302
    news = client.get(f"/t/{city.id}/live", headers={"If-None-Match": f'"v{version}"'})
    assert news.status_code == 200
    assert news.get_json() == {
        "version": version + 1,
        "what": "Bo built Domus on B2",
        "by": None,  # this phone has no name
        # Without ?since= the page said nothing of where it was: the latest.
        "changes": ["Bo built Domus on B2"],
        "more": 0,
    }


def test_an_unknown_table_has_no_version(client: FlaskClient) -> None:
    assert client.get("/t/no-such-table/live").status_code == 404


def test_every_page_of_a_table_asks(actions: TableActions) -> None:
    city = City(actions)
    for path in ("", "/board", "/era", "/history"):
        page = city.client.get(f"/t/{city.id}{path}").get_data(as_text=True)
        assert f'data-live="/t/{city.id}/live"' in page, path
        assert "live.js" in page, path
    home = city.client.get("/").get_data(as_text=True)
    assert "data-live=" not in home


def position(city: City, path: str = "") -> int:
    """The history position a page of the table says it shows."""
    main = soup(city.client.get(f"/t/{city.id}{path}")).select_one("main")
    assert main is not None
    return int(main["data-position"])


def live(city: City, **args: Any) -> dict[str, Any]:
    response = city.client.get(f"/t/{city.id}/live", query_string=args)
    assert response.status_code == 200
    answer: dict[str, Any] = response.get_json()
    return answer


def test_every_change_since_the_page_is_named_oldest_first(
    actions: TableActions,
) -> None:
    city = City(actions)
    seen = position(city, "/board")
    assert position(city) == seen  # every page says the same
    assert city.build(["B2"], "blue", "Domus").status_code == 302
    assert city.build(["C3"], "red", "Domus").status_code == 302
    news = live(city, since=seen)
    assert news["changes"] == ["Bo built Domus on B2", "Ana built Domus on C3"]
    assert news["more"] == 0
    assert news["what"] == "Ana built Domus on C3"
    # The page that shows the first build hears only of the second.
    assert live(city, since=seen + 1)["changes"] == ["Ana built Domus on C3"]


def test_many_changes_are_named_five_and_counted(actions: TableActions) -> None:
    city = City(actions)
    seen = position(city)
    lots = ["A1", "A3", "A5", "B2", "C1", "C3", "D2"]
    for lot in lots:
        assert city.tap([lot], "blue", "marker").status_code == 302
    news = live(city, since=seen)
    assert len(news["changes"]) == MOST_CHANGES
    assert all(lots[n] in said for n, said in enumerate(news["changes"]))
    assert news["more"] == len(lots) - MOST_CHANGES
    assert "D2" in news["what"]


def test_undo_names_the_step_now_current(actions: TableActions) -> None:
    city = City(actions)
    assert city.build(["B2"], "blue", "Domus").status_code == 302
    seen = position(city)
    assert city.actions.post_action(city.id, "undo").status_code == 302
    news = live(city, since=seen)
    assert news["changes"] == [news["what"]] and news["what"]
    assert news["more"] == 0


@pytest.mark.parametrize(
    "since", ["", "abc", "-1", "1.5", "٣", "99999999999999999999", "0x10"]
)
def test_a_garbled_since_is_as_if_none_were_given(
    actions: TableActions, since: str
) -> None:
    city = City(actions)
    assert city.build(["B2"], "blue", "Domus").status_code == 302
    news = live(city, since=since)
    assert news["changes"] == ["Bo built Domus on B2"]
    assert news["more"] == 0


def test_a_since_past_the_history_names_the_latest(actions: TableActions) -> None:
    city = City(actions)
    assert city.build(["B2"], "blue", "Domus").status_code == 302
    news = live(city, since=10_000)
    assert news["changes"] == ["Bo built Domus on B2"] and news["more"] == 0


def test_the_answer_to_since_is_one_small_query(
    app: Any, actions: TableActions
) -> None:
    """The 304 stays one query of the table's row; a 200 with ``since`` reads
    the few steps it names in one more, however long the history."""
    from .test_cost_per_request import statements

    city = City(actions)
    seen = position(city)
    for lot in ["A1", "A3", "A5", "B2", "C1", "C3", "D2"]:
        assert city.tap([lot], "blue", "marker").status_code == 302
    version = live(city)["version"]
    tag = {"If-None-Match": f'"v{version}"'}
    with statements(app) as unchanged:
        url = f"/t/{city.id}/live?since={seen}"
        assert city.client.get(url, headers=tag).status_code == 304
    assert [s for s in unchanged if s.startswith("SELECT")] == [
        s for s in unchanged if "game_tables" in s
    ]
    assert len([s for s in unchanged if s.startswith("SELECT")]) == 1
    with statements(app) as changed:
        assert city.client.get(f"/t/{city.id}/live?since={seen}").status_code == 200
    steps = [s for s in changed if "FROM history_steps" in s]
    assert len(steps) == 1 and "LIMIT" in steps[0]
