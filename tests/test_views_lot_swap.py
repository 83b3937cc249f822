"""The road-board lot swap carried out on the draft screen (issue 13).

Rulebook 000's example at the south board: Blue, ranked first there, takes the
space that swaps 2 lots and swaps one of their lots with one of Red's (South
Road Board F-G). The lots are ticked on the board of the draft screen; the pick
and the swap are one step of the history.
"""

from __future__ import annotations

import copy
import gettext
import json
from collections.abc import Iterator
from typing import Any

import pytest
from bs4 import BeautifulSoup
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from .conftest import TableActions, require_shared
from .helpers import form_data, soup
from .scenario_match import expected_result
from .test_i18n import Pseudo, untranslated

SCENARIO = "rof-rulebook-worked-example"

# Lot markers the example's text does not place: Red's on I6 (the lot Red
# owns in G) and Green's on C3. Lot markers count for nothing in Era 1.
MARKERS = {"blue": ["H1", "J6"], "red": ["I6"], "green": ["C3"]}


def scenario() -> dict[str, Any]:
    path = require_shared() / "scenarios" / f"{SCENARIO}.json"
    document: dict[str, Any] = json.loads(path.read_text())
    return document


def at_the_swap(markers: dict[str, list[str]] | None = None) -> dict[str, Any]:
    """The example with only the north picks made: Blue picks first on the
    south board, where space 1 swaps 2 lots."""
    document = copy.deepcopy(scenario())
    north = document["road_boards"]["choices"]["north"]
    document["road_boards"]["choices"] = {"north": north}
    document["lot_markers"] = MARKERS if markers is None else markers
    return document


def draft(client: FlaskClient, table_id: str) -> BeautifulSoup:
    return soup(client.get(f"/t/{table_id}/roads"))


def send(
    client: FlaskClient,
    table_id: str,
    lots: list[str],
    button: tuple[str, str] = ("option", "0"),
    page: BeautifulSoup | None = None,
) -> TestResponse:
    """Tick ``lots`` on the draft's board and press ``button`` (name, value)."""
    page = page if page is not None else draft(client, table_id)
    data = form_data(page.select_one("form.options"))
    data["lots"] = lots
    data[button[0]] = button[1]
    return client.post(f"/t/{table_id}/roads", data=data)


def pick(client: FlaskClient, table_id: str, text: str) -> TestResponse:
    """Press the draft's button that says ``text`` (or pass)."""
    form = draft(client, table_id).select_one("form.options")
    data = form_data(form)
    button = next(
        b for b in form.select("button") if text in b.get_text(" ", strip=True)
    )
    data[button["name"]] = button["value"]
    return client.post(f"/t/{table_id}/roads", data=data)


def in_board_order(names: list[str]) -> list[str]:
    """The names among ``names`` of lots of the 10x10 board, row by row."""
    board = [f"{chr(ord('A') + c)}{r}" for r in range(1, 11) for c in range(10)]
    return [name for name in board if name in names]


@pytest.fixture
def table_id(actions: TableActions) -> str:
    return actions.import_id(json.dumps(at_the_swap()).encode())


def test_the_board_is_offered_with_the_swap_space(
    client: FlaskClient, table_id: str
) -> None:
    page = draft(client, table_id)
    assert page.select_one(".pick .whose-pick")["data-player"] == "blue"
    swap = page.select_one("form.options")
    heading = swap.select_one("h3.swap-space")
    assert heading.get_text(" ", strip=True) == "Space 1: a swap of 2 lots"
    # Every lot of the 10x10 board is a checkbox, none ticked yet.
    boxes = swap.select(".swap-board .board input[type=checkbox][name=lots]")
    assert len(boxes) == 100
    assert not any(box.has_attr("checked") for box in boxes)
    # Whose lot markers are where, in words beside the board.
    listed = [li.get_text(" ", strip=True) for li in swap.select(".swap-markers li")]
    assert listed == ["B Blue : H1, J6", "G Green : C3", "R Red : I6"]  # seats
    # Under the board, the swap and the space without it; then the other
    # spaces and the pass, as before.
    buttons = [b.get_text(" ", strip=True) for b in swap.select("button")]
    assert buttons == [
        "Space 1: swap the ticked lots",
        "Space 1 without a swap",
        "Space 2: 3 VP",
        "Space 3: the reward printed on the board",
        "Space 3: 2 VP (instead of the printed reward)",
        "Pass",
    ]


def test_the_pick_and_the_swap_are_one_step_and_undo_takes_both_back(
    actions: TableActions, client: FlaskClient, table_id: str
) -> None:
    before = actions.document(table_id)
    version = actions.version(table_id)

    response = send(client, table_id, ["H1", "I6"])
    assert response.status_code == 302, response.get_data(as_text=True)

    after = actions.document(table_id)
    assert actions.version(table_id) == version + 1  # one step
    # Blue's H1 is Red's now and Red's I6 Blue's, in the place H1 had.
    assert after["lot_markers"] == {
        "blue": ["I6", "J6"],
        "red": ["H1"],
        "green": ["C3"],
    }
    assert after["road_boards"]["choices"]["south"] == [
        {"player": "blue", "slot": 0, "take": "reward", "marker": "milestone"}
    ]
    # Nothing else changed.
    rest = {k: v for k, v in after.items() if k not in ("lot_markers", "road_boards")}
    assert rest == {
        k: v for k, v in before.items() if k not in ("lot_markers", "road_boards")
    }
    history = soup(client.get(f"/t/{table_id}/history")).select_one("li.current")
    assert (
        "Blue picked on the South road board and swapped lots: H1 ↔ I6 (Red)"
        in history.get_text(" ", strip=True)
    )
    # The next pick is Purple's, and the board shows the swapped markers.
    page = draft(client, table_id)
    assert page.select_one(".pick .whose-pick")["data-player"] == "purple"

    assert actions.post_action(table_id, "undo").status_code == 302
    assert actions.document(table_id) == before
    assert draft(client, table_id).select_one(".whose-pick")["data-player"] == "blue"


def test_the_swap_is_optional(
    actions: TableActions, client: FlaskClient, table_id: str
) -> None:
    """F: the space is one "allowing them to swap"; a space may be taken for a
    reward its picker does not use (rulebook 000, "Alternate Rewards")."""
    before = actions.document(table_id)
    # Lots ticked and then "without a swap": the ticks are left aside.
    response = send(client, table_id, ["H1", "I6"], button=("keep", "0"))
    assert response.status_code == 302, response.get_data(as_text=True)
    after = actions.document(table_id)
    assert after["lot_markers"] == before["lot_markers"]
    assert after["road_boards"]["choices"]["south"] == [
        {"player": "blue", "slot": 0, "take": "reward", "marker": "milestone"}
    ]
    history = soup(client.get(f"/t/{table_id}/history")).select_one("li.current")
    assert "Blue picked on the South road board" in history.get_text(" ", strip=True)
    assert "swapped" not in history.get_text(" ", strip=True)


BESIDE = "form.options > .problems"
"""Where a refusal is said: under the swap space's words, above the board."""


@pytest.mark.parametrize(
    ("lots", "button", "words"),
    [
        (
            ["H1", "E5"],
            ("option", "0"),
            "E5 holds no lot marker: a swap exchanges two players' lot markers",
        ),
        (
            ["H1", "J6"],
            ("option", "0"),
            "H1 and J6 are both Blue's lots: a swap exchanges one of Blue's lots "
            "with another player's",
        ),
        (
            ["H1", "I5"],
            ("option", "0"),
            "I5 is built on (Red's Foundry): a swap moves lot markers, which stand "
            "on unbuilt lots only",
        ),
        (
            ["H1", "K3"],  # sent by hand: the board has no column K
            ("option", "0"),
            '"K3" is off the 10x10 board used by 5 players',
        ),
        (
            ["H1", "H1"],  # sent by hand: a checkbox sends its lot once
            ("option", "0"),
            "H1 is given twice: a swap exchanges two different lots",
        ),
        (
            ["C3", "I6"],
            ("option", "0"),
            "C3 is Green's lot, not Blue's: Blue swaps one of their own lots",
        ),
        (
            ["I6", "C3"],
            ("option", "0"),
            "I6 is Red's lot, not Blue's: Blue swaps one of their own lots",
        ),
        (
            [],
            ("option", "0"),
            "Tick the lots to swap on the board: one of Blue's lot markers and "
            "one of another player's. Or take the space without a swap.",
        ),
        (
            ["H1"],
            ("option", "0"),
            "A swap is of two lots, one of Blue's lot markers and one of another "
            "player's, but 1 lot is ticked.",
        ),
        (
            ["H1", "I6", "C3"],
            ("option", "0"),
            "A swap is of two lots, one of Blue's lot markers and one of another "
            "player's, but 3 lots are ticked.",
        ),
        (
            ["H1", "I6"],  # ticked, then another space tapped
            ("option", "1"),
            "Lots are ticked on the board, but this pick swaps none: untick them, "
            "or swap them with the space that swaps lots.",
        ),
        (
            ["H1", "I6"],
            ("option", "pass"),
            "Lots are ticked on the board, but this pick swaps none: untick them, "
            "or swap them with the space that swaps lots.",
        ),
        (
            ["H1", "Q"],  # sent by hand: not a lot name
            ("option", "0"),
            '"Q" is not a lot name (a column letter and a row number, like "B7")',
        ),
    ],
)
def test_a_bad_swap_is_refused_beside_the_board_and_nothing_is_saved(
    actions: TableActions,
    client: FlaskClient,
    table_id: str,
    lots: list[str],
    button: tuple[str, str],
    words: str,
) -> None:
    before, version = actions.document(table_id), actions.version(table_id)
    response = send(client, table_id, lots, button)
    assert response.status_code == 400
    page = soup(response)
    beside = page.select_one(BESIDE)
    assert beside is not None and beside["role"] == "alert"
    assert words in beside.get_text(" ", strip=True)
    # Right above the board, and said once.
    assert "swap-board" in beside.find_next_sibling()["class"]
    assert len(page.select(".problems")) == 1
    # The lots ticked stay ticked, to correct.
    checked = [i["value"] for i in page.select(".board input[name=lots][checked]")]
    assert checked == in_board_order(lots)
    assert actions.document(table_id) == before
    assert actions.version(table_id) == version


def test_a_stale_page_is_refused_and_nothing_is_saved(
    actions: TableActions, client: FlaskClient, table_id: str
) -> None:
    page = draft(client, table_id)  # Blue's phone loads the draft
    # Meanwhile another phone renames a player (a step of its own).
    assert (
        actions.rename(
            table_id, ["Blue", "Greta", "Red", "Purple", "Yellow"]
        ).status_code
        == 302
    )
    before, version = actions.document(table_id), actions.version(table_id)

    response = send(client, table_id, ["H1", "I6"], page=page)
    assert response.status_code == 400
    refused = soup(response)
    beside = refused.select_one(BESIDE)
    assert "Someone changed this table on another device" in beside.get_text()
    assert actions.document(table_id) == before
    assert actions.version(table_id) == version
    # The page now goes against the table as it is; sent again, it is saved.
    checked = [i["value"] for i in refused.select(".board input[name=lots][checked]")]
    assert checked == ["H1", "I6"]
    assert send(client, table_id, ["H1", "I6"], page=refused).status_code == 302
    assert actions.document(table_id)["lot_markers"]["red"] == ["H1"]


@pytest.mark.parametrize(
    ("markers", "words"),
    [
        (
            {"red": ["I6"]},
            "Blue has no lot marker on the board: there is nothing to swap.",
        ),
        (
            {"blue": ["H1", "J6"]},  # the example as its file records it
            "No other player has a lot marker on the board: there is nothing to swap.",
        ),
    ],
)
def test_with_nothing_to_swap_the_space_is_taken_without_a_swap(
    actions: TableActions,
    client: FlaskClient,
    markers: dict[str, list[str]],
    words: str,
) -> None:
    table_id = actions.import_id(json.dumps(at_the_swap(markers)).encode())
    page = draft(client, table_id)
    swap = page.select_one("form.options")
    assert words in swap.select_one(".swap-help").get_text(" ", strip=True)
    assert swap.select_one(".board") is None
    assert [b.get_text(strip=True) for b in swap.select("button")][:2] == [
        "Space 1 without a swap",
        "Space 2: 3 VP",
    ]
    assert pick(client, table_id, "Space 1 without a swap").status_code == 302
    assert actions.document(table_id).get("lot_markers", {}) == markers


def test_the_example_scores_as_its_scenario_after_the_swap(
    actions: TableActions, client: FlaskClient, table_id: str
) -> None:
    """The swap moves lot markers only: the example's Era 1 scores as the
    shared scenario says, every pick made on the draft screen."""
    expected = expected_result(require_shared() / "scenarios" / f"{SCENARIO}.json")
    assert send(client, table_id, ["H1", "I6"]).status_code == 302
    for text in (
        "Space 2: 3 VP",  # south: Purple
        "Space 3: 2 VP (instead of the printed reward)",  # south: Green
        "Space 2: 2 coins from every other player",  # west: Blue, a lot marker
        "Space 1: the first player marker",  # west: Yellow
        "Space 3: 3 VP",  # west: Red
    ):
        response = pick(client, table_id, text)
        assert response.status_code == 302, (text, response.get_data(as_text=True))
    document = actions.document(table_id)
    assert document["road_boards"]["choices"] == scenario()["road_boards"]["choices"]
    era = soup(client.get(f"/t/{table_id}/era"))
    for pid, values in expected["players"].items():
        total = era.select_one(f"td[data-player={pid}][data-category=total]")
        assert total.get_text(strip=True) == str(values["total"]), pid


@pytest.fixture
def pseudo(app: Flask, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    from flask_babel import Domain

    def translations(self: Domain) -> gettext.NullTranslations:
        return Pseudo()

    monkeypatch.setattr(Domain, "get_translations", translations)
    yield


@pytest.mark.usefixtures("pseudo")
def test_every_word_of_the_swap_is_translated(
    client: FlaskClient, table_id: str
) -> None:
    assert untranslated(client.get(f"/t/{table_id}/roads").get_data(as_text=True)) == []
    refused = send(client, table_id, ["H1", "J6"]).get_data(as_text=True)
    assert untranslated(refused) == []


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("it", ["Spazio 1: scambia i lotti spuntati", "Spazio 1 senza scambio"]),
        ("zh", ["第 1 格：交换勾选的地块", "第 1 格，不交换"]),
    ],
)
def test_the_swap_speaks_the_language(
    client: FlaskClient, table_id: str, lang: str, expected: list[str]
) -> None:
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = lang
    swap = draft(client, table_id).select_one("form.options")
    text = swap.get_text(" ", strip=True)
    for words in expected:
        assert words in text
    refused = soup(send(client, table_id, ["H1", "J6"])).select_one(BESIDE)
    assert "H1" in refused.get_text() and "swap" not in refused.get_text()


def four_lot_swap() -> dict[str, Any]:
    """A face of the group's own whose first south space swaps 4 lot markers:
    two exchanges (``swap_exchanges``)."""
    document = at_the_swap({**MARKERS, "purple": ["D5"]})
    document["road_boards"]["south"]["slots"][0] = {"reward": {"swap_lots": 4}}
    return document


@pytest.mark.parametrize(
    ("lots", "markers", "words"),
    [
        # Blue's lots pair with the others' in page order: H1 with C3, J6 with I6.
        (
            ["H1", "J6", "C3", "I6"],
            {"blue": ["C3", "I6"], "red": ["J6"], "green": ["H1"], "purple": ["D5"]},
            None,
        ),
        (
            ["H1", "C3", "I6"],
            None,
            "This space swaps up to 2 pairs of lots, each one of Blue's lot markers "
            "and one of another player's, but 3 lots are ticked.",
        ),
        (
            ["H1", "C3", "I6", "D5"],
            None,
            "Tick as many of Blue's lot markers as of other players': 1 and 3 are "
            "ticked.",
        ),
        (
            ["H1", "J6", "C3", "E5"],  # the engine judges each pair
            None,
            "E5 holds no lot marker: a swap exchanges two players' lot markers",
        ),
    ],
)
def test_a_space_of_four_lot_markers_swaps_two_pairs(
    actions: TableActions,
    client: FlaskClient,
    lots: list[str],
    markers: dict[str, list[str]] | None,
    words: str | None,
) -> None:
    table_id = actions.import_id(json.dumps(four_lot_swap()).encode())
    page = draft(client, table_id)
    assert "Tick up to 2 of Blue's lot markers" in page.select_one(".swap-help").text
    before = actions.document(table_id)
    response = send(client, table_id, lots, page=page)
    if markers is not None:
        assert response.status_code == 302, response.get_data(as_text=True)
        assert actions.document(table_id)["lot_markers"] == markers
        return
    assert response.status_code == 400
    assert words in soup(response).select_one(BESIDE).get_text(" ", strip=True)
    assert actions.document(table_id) == before
