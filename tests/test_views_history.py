"""History on the web: tapping a step brings the table back (or forward) to it."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.storage import store

from .conftest import TableActions
from .helpers import form_data, soup

PLAYERS = [("Ana", "red"), ("Bo", "blue")]


def six_steps(actions: TableActions) -> str:
    """A table whose history is: created, then five renames of Ana."""
    table_id = actions.create_id("all-roads", PLAYERS)
    for n in range(1, 6):
        assert actions.rename(table_id, [f"Ana{n}", "Bo"]).status_code == 302
    return table_id


def first_name(client: FlaskClient, table_id: str) -> str:
    page = soup(client.get(f"/t/{table_id}"))
    return page.select(".players .player-name")[0].get_text()


def step_form(
    client: FlaskClient, table_id: str, seq: int
) -> tuple[str, dict[str, Any]]:
    """The action and what the browser sends on a tap on step ``seq`` in
    History: the form's fields and the button's ``seq``."""
    page = soup(client.get(f"/t/{table_id}/history"))
    button = page.select_one(f"li[value='{seq}'] button[name=seq]")
    assert button is not None, f"step {seq} has no button"
    form = button.find_parent("form")
    assert form is not None and form["method"] == "post"
    return str(form["action"]), {**form_data(form), "seq": button["value"]}


def test_every_step_but_the_current_one_is_a_button(
    actions: TableActions, client: FlaskClient
) -> None:
    table_id = six_steps(actions)
    page = soup(client.get(f"/t/{table_id}/history"))
    steps = page.select("ol.history > li")
    assert [li["value"] for li in steps] == ["6", "5", "4", "3", "2", "1"]
    current = page.select_one("li.current")
    assert current["value"] == "6" and current.select_one("button") is None
    for li in steps[1:]:
        button = li.select_one("button[type=submit][name=seq]")
        assert button["value"] == li["value"]
        assert "tap to go back to here" in button.get_text(" ")
    fields = form_data(page.select_one("form:has(ol.history)"))
    assert fields["version"] == "6" and fields["csrf_token"]


def test_back_five_steps_in_one_tap_then_forward_again(
    actions: TableActions, client: FlaskClient
) -> None:
    table_id = six_steps(actions)
    action, data = step_form(client, table_id, 1)
    response = client.post(action, data=data)
    assert response.status_code == 302
    assert response.headers["Location"].endswith(f"/t/{table_id}/history")
    page = soup(client.get(f"/t/{table_id}/history"))
    assert "5 steps undone. The table is as after: Table created" in page.get_text(" ")
    assert page.select_one("li.current")["value"] == "1"
    assert len(page.select("li.undone")) == 5
    assert "undone: tap to redo up to here" in page.select_one("li.undone").get_text()
    assert first_name(client, table_id) == "Ana"

    # One tap forward to step 4 (the third rename) redoes three steps.
    action, data = step_form(client, table_id, 4)
    client.post(action, data=data)
    text = soup(client.get(f"/t/{table_id}/history")).get_text(" ")
    assert "3 steps redone. The table is as after: Renamed Ana2 to Ana3" in text
    assert first_name(client, table_id) == "Ana3"
    # Undo and redo still work one step at a time from there.
    actions.post_action(table_id, "redo")
    assert first_name(client, table_id) == "Ana4"


def test_one_step_back_in_the_singular(
    actions: TableActions, client: FlaskClient
) -> None:
    table_id = six_steps(actions)
    action, data = step_form(client, table_id, 5)
    client.post(action, data=data)
    text = soup(client.get(f"/t/{table_id}/history")).get_text(" ")
    assert "1 step undone. The table is as after: Renamed Ana3 to Ana4" in text


def test_a_stale_history_page_is_refused(
    actions: TableActions, client: FlaskClient
) -> None:
    table_id = six_steps(actions)
    action, data = step_form(client, table_id, 2)
    # Another phone renames meanwhile: the page's version is stale.
    assert actions.rename(table_id, ["Zoe", "Bo"]).status_code == 302
    response = client.post(action, data=data)
    assert response.status_code == 409
    assert "Someone changed this table on another device" in response.get_data(
        as_text=True
    )
    assert first_name(client, table_id) == "Zoe"


@pytest.mark.parametrize(
    ("fields", "status"),
    [
        ({"version": ""}, 400),  # an incomplete form
        ({"seq": ""}, 400),
        ({"seq": "0"}, 400),  # steps count from 1
        ({"seq": "two"}, 400),
        ({"csrf_token": "forged"}, 400),
    ],
)
def test_a_broken_form_changes_nothing(
    actions: TableActions, client: FlaskClient, fields: dict[str, str], status: int
) -> None:
    table_id = six_steps(actions)
    action, data = step_form(client, table_id, 1)
    assert client.post(action, data={**data, **fields}).status_code == status
    assert first_name(client, table_id) == "Ana5"


def test_a_step_that_is_not_there_is_404(
    actions: TableActions, client: FlaskClient
) -> None:
    table_id = six_steps(actions)
    action, data = step_form(client, table_id, 1)
    assert client.post(action, data={**data, "seq": "9"}).status_code == 404
    assert first_name(client, table_id) == "Ana5"


def test_the_current_step_posted_again_changes_nothing(
    actions: TableActions, client: FlaskClient
) -> None:
    table_id = six_steps(actions)
    action, data = step_form(client, table_id, 1)
    client.post(action, data={**data, "seq": "6"})
    assert "Nothing to change." in client.get(f"/t/{table_id}/history").get_data(
        as_text=True
    )
    assert actions.version(table_id) == 6


def test_a_long_history_is_shown_a_page_at_a_time(
    app: Any, client: FlaskClient, actions: TableActions
) -> None:
    """45 steps: 20 on a page, the last first; a step on page 2 is tapped
    like one on page 1."""
    table_id = actions.create_id("all-roads", PLAYERS)
    with app.app_context():
        table = store.get_table(table_id)
        for n in range(44):
            document = {**table.document}
            document["players"] = [
                {**document["players"][0], "name": f"Ana{n}"},
                document["players"][1],
            ]
            store.add_step(
                table,
                document,
                expected_version=table.version,
                action="rename",
                details={"old": "x", "new": f"Ana{n}"},
            )
    shown = []
    for number, count, older in [(1, 20, True), (2, 20, True), (3, 5, False)]:
        page = soup(client.get(f"/t/{table_id}/history?page={number}"))
        seqs = [int(li["value"]) for li in page.select("ol.history > li")]
        assert len(seqs) == count
        assert seqs == sorted(seqs, reverse=True)
        assert (page.select_one("nav.pages a[rel=next]") is not None) is older
        assert (page.select_one("nav.pages a[rel=prev]") is not None) is (number > 1)
        shown += seqs
    assert shown == list(range(45, 0, -1))
    assert client.get(f"/t/{table_id}/history?page=4").status_code == 404
    assert client.get(f"/t/{table_id}/history?page=0").status_code == 404
    # Back to step 10, which page 2 lists (step k named Ana k-2).
    page = soup(client.get(f"/t/{table_id}/history?page=2"))
    button = page.select_one("li[value='10'] button[name=seq]")
    assert button is not None
    form = button.find_parent("form")
    response = client.post(
        str(form["action"]), data={**form_data(form), "seq": button["value"]}
    )
    assert response.status_code == 302
    assert first_name(client, table_id) == "Ana8"
