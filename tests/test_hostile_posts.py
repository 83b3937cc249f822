"""Hand-made sends (issue 15): extra, missing or odd fields get the form again
with a message, never a server error, and change nothing."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from flask.testing import FlaskClient

from .conftest import TableActions
from .helpers import soup


@dataclass(frozen=True)
class RowScreen:
    """A form with one row per player (or camp)."""

    name: str
    game: str
    seats: list[tuple[str, str]]
    page: str
    selector: str
    post: str
    rows: str
    """The row list's field name (``players``: ``players-0-...``)."""
    import_file: Callable[[], bytes] | None = None


AR = [("Ana", "red"), ("Bo", "yellow")]
GTR = [("Ana", ""), ("Bo", "")]
FR = [("Ana", "red"), ("Bo", "blue")]
MAIN = "main form[method=post]:not([action])"

ROW_SCREENS = [
    RowScreen("tally", "all-roads", AR, "/tally", MAIN, "/tally", "players"),
    RowScreen("turn", "all-roads", AR, "/turn", MAIN, "/turn", "upgrades"),
    RowScreen("camps", "glory-to-rome", GTR, "/camps", MAIN, "/camps", "camps"),
    RowScreen(
        "coins",
        "foundations-of-rome",
        FR,
        "/monuments",
        "details form[action$='/coins']",
        "/coins",
        "players",
    ),
    RowScreen(
        "rename", "all-roads", AR, "", "form[action*='/players']", "/players", "players"
    ),
]


def sent_form(actions: TableActions, screen: RowScreen) -> tuple[str, dict[str, Any]]:
    table_id = actions.create_id(screen.game, screen.seats)
    return table_id, actions.form(f"/t/{table_id}{screen.page}", screen.selector)


def row_fields(data: dict[str, Any], rows: str, index: int) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k.startswith(f"{rows}-{index}-")}


@pytest.mark.parametrize("screen", ROW_SCREENS, ids=lambda s: s.name)
@pytest.mark.parametrize("how", ["extra row", "far row", "missing row", "third row"])
def test_rows_that_are_not_the_tables_get_the_form_again(
    actions: TableActions, client: FlaskClient, screen: RowScreen, how: str
) -> None:
    table_id, data = sent_form(actions, screen)
    before = actions.document(table_id)
    first = row_fields(data, screen.rows, 0)
    assert first, f"no {screen.rows} rows in {sorted(data)}"
    if how == "extra row":  # a row with a number past the players
        data.update({k.replace("-0-", "-5-"): v for k, v in first.items()})
    elif how == "far row":
        data.update({k.replace("-0-", "-63-"): v for k, v in first.items()})
    elif how == "third row":  # the next row: a player the table does not have
        data.update({k.replace("-0-", "-2-"): v for k, v in first.items()})
    else:
        for key in row_fields(data, screen.rows, 1):
            del data[key]
    response = client.post(f"/t/{table_id}{screen.post}", data=data)
    assert response.status_code == 400, response.get_data(as_text=True)[:400]
    page = soup(response)
    if how == "missing row":
        # The list is filled up to its players: each field left out is marked.
        assert page.select(f"[name^={screen.rows}-1-][aria-invalid=true]")
    else:
        assert "not this table's" in page.get_text(" ")
    names = {
        i["name"].split("-")[1]
        for i in page.select(f"[name^={screen.rows}-]")
        if i.get("name", "").count("-") >= 2
    }
    assert names == {"0", "1"}, "the form shown again has this table's rows"
    assert actions.document(table_id) == before
