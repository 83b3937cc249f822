"""Live (issue 14): a cheap version check every page of a table makes."""

from __future__ import annotations

from flask.testing import FlaskClient

from .conftest import TableActions
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
