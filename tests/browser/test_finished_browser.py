"""A finished game on a phone (issue 14, "Finished is finished"): the notice
beside the table page, read by axe, its button a 44 px tap target; reopening
and undoing it as a player taps them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from ..conftest import require_shared
from .conftest import PHONE
from .test_axe import violations

pytestmark = pytest.mark.browser

TALLY = {
    "format": "rome-companion/1",
    "game": "all-roads",
    "players": [{"id": "red", "name": "Ana"}, {"id": "yellow", "name": "Bo"}],
    "unbuilt": {
        "red": {"monument": 1, "spa": 0, "villa": 2, "house": 3},
        "yellow": {"monument": 0, "spa": 2, "villa": 1, "house": 5},
    },
}
"""An All Roads table file with its final tally: imported, the game is over."""


def test_reopen_and_undo_on_a_phone(phone: Page, tmp_path: Path) -> None:
    page = phone
    path = tmp_path / "tally.json"
    path.write_text(json.dumps(TALLY))
    page.goto("/")
    page.get_by_label("Table file (.json)").set_input_files(str(path))
    page.get_by_role("button", name="Import").click()
    notice = page.get_by_role("complementary", name="The game is over")
    expect(notice).to_contain_text("nothing on this table can change")
    assert violations(page, "a finished table") == []
    reopen = notice.get_by_role("button", name="Reopen the game")
    page.wait_for_load_state("load")
    box = reopen.bounding_box()
    assert box is not None and box["width"] >= 44 and box["height"] >= 44

    reopen.click()
    expect(page.locator(".flashes")).to_contain_text("The game is reopened")
    expect(notice).to_have_count(0)
    expect(page.get_by_role("button", name="Reopen the game")).to_have_count(0)

    page.get_by_role("button", name="Undo").click()
    expect(page.locator(".flashes")).to_contain_text("Undone: Game reopened")
    expect(notice).to_be_visible()


# --------------------------------------------------------------------------
# The winner first (issue 28): on a phone's first screen of every page of a
# finished game, before the notice and the BG Stats block.
# --------------------------------------------------------------------------

FINISHED_SCREENS = {
    "foundations-of-rome": ("", "/board", "/era", "/history"),
    "all-roads": ("", "/tally", "/turn", "/history"),
    "glory-to-rome": ("", "/camps", "/end", "/history"),
}
"""The screens of a finished table of each game (tests/test_finished_lock.py
has them all)."""

SCENARIOS = {
    "foundations-of-rome": "for-4p-era3-final-scoring",
    "all-roads": "all-roads-3p-tie-broken-by-spas",
    "glory-to-rome": "gtr-4p-merchant-ties-statue-wall-hand",
}


def winners(name: str) -> list[str]:
    """The names of a scenario's winners, from its expected result (the
    ``winners``, else the highest total after Era 3)."""
    shared = require_shared() / "scenarios"
    players = json.loads((shared / f"{name}.json").read_text())["players"]
    expected = json.loads((shared / f"{name}.expected.json").read_text())
    ids = expected.get("winners")
    if ids is None:
        totals = {pid: p["total"] for pid, p in expected["players"].items()}
        ids = [pid for pid, total in totals.items() if total == max(totals.values())]
    return [p["name"] for p in players if p["id"] in ids]


def finish(page: Page, tmp_path: Path, game: str) -> str:
    """A scenario of ``game`` imported and finished as its players do; the
    table's URL."""
    name = SCENARIOS[game]
    path = tmp_path / f"{name}.json"
    path.write_text((require_shared() / "scenarios" / f"{name}.json").read_text())
    page.goto("/")
    page.get_by_label("Table file (.json)").set_input_files(str(path))
    page.get_by_role("button", name="Import").click()
    table_url = page.url
    if game == "foundations-of-rome":  # Era 3 scored: the game is over
        page.goto(table_url + "/era")
        page.get_by_role("button", name="Score this era").click()
    elif game == "glory-to-rome":  # the camps are in; the deck ran out
        page.goto(table_url + "/end")
        page.get_by_label("The draw deck ran out").check()
        page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("complementary", name="The game is over")).to_be_visible()
    return table_url


def first_screen(page: Page, screen: str, names: list[str]) -> float:
    """Where the winner's name ends on the page as loaded (px from the top);
    checks the places and that the BG Stats block comes after them."""
    page.wait_for_load_state("load")
    assert page.evaluate("window.scrollY") == 0
    result = page.get_by_role("region", name=RESULT[lang_of(page)])
    winner = result.locator(".winner")
    for name in names:
        expect(winner).to_contain_text(name)
    places = result.locator(".final-places")
    box, listed = winner.bounding_box(), places.bounding_box()
    after = page.locator(".after-game-box").bounding_box()
    assert box is not None and listed is not None and after is not None
    print(
        f"{screen}: the winner ends at {box['y'] + box['height']:.0f} px, "
        f"the places at {listed['y'] + listed['height']:.0f} px, "
        f"BG Stats starts at {after['y']:.0f} px (of {PHONE['height']})"
    )
    assert listed["y"] + listed["height"] <= PHONE["height"], screen
    assert after["y"] >= listed["y"] + listed["height"], screen
    return box["y"] + box["height"]


RESULT = {"en": "Who won", "it": "Chi ha vinto", "zh": "谁赢了"}
"""The name of the result's region, in each language."""


def lang_of(page: Page) -> str:
    return str(page.evaluate("document.documentElement.lang"))


@pytest.mark.parametrize("game", sorted(FINISHED_SCREENS))
def test_the_winner_is_on_the_first_screen(
    phone: Page, tmp_path: Path, game: str
) -> None:
    page = phone
    table_url = finish(page, tmp_path, game)
    names = winners(SCENARIOS[game])
    print()
    for screen in FINISHED_SCREENS[game]:
        page.goto(table_url + screen)
        bottom = first_screen(page, f"{game}{screen or ' (table)'}", names)
        assert bottom <= PHONE["height"], screen
    assert violations(page, f"a finished {game} table's history") == []


def test_the_winner_first_in_italian_and_chinese(phone: Page, tmp_path: Path) -> None:
    page = phone
    table_url = finish(page, tmp_path, "glory-to-rome")
    names = winners(SCENARIOS["glory-to-rome"])
    print()
    for lang, wins in (("it", "vince con"), ("zh", "获胜")):
        page.goto(f"/lang/{lang}?next=/")
        for screen in FINISHED_SCREENS["glory-to-rome"]:
            page.goto(table_url + screen)
            assert lang_of(page) == lang
            bottom = first_screen(page, f"{lang} glory-to-rome{screen}", names)
            assert bottom <= PHONE["height"], (lang, screen)
            expect(page.locator(".final-result .winner")).to_contain_text(wins)
