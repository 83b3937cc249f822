"""On a phone: the era screen of a 5-player table fits 390 px, no sideways scroll."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import expect

from companion.engines.base import Player, player_marks

from ..conftest import require_shared
from .conftest import PHONE, screenshot

pytestmark = pytest.mark.browser

OUTSIDE = """() => {
  const out = [];
  for (const el of document.querySelectorAll('.era-scores, .era-scores *')) {
    const box = el.getBoundingClientRect();
    if (box.width > 0 && (box.right > innerWidth + 0.5 || box.left < -0.5
                          || box.width > innerWidth)) {
      out.push(`${el.tagName}.${el.className} ${box.left}..${box.right}`);
    }
  }
  return out;
}"""
"""Every element of the era table wider than the viewport or reaching past it."""

SMALL = """() => [...document.querySelectorAll('.era-scores button.number')]
  .map(b => b.getBoundingClientRect())
  .filter(box => box.width < 44 || box.height < 44).length"""
"""How many explained numbers are smaller than a 44x44 px tap target."""


@pytest.mark.parametrize(
    "names",
    [
        None,  # as the file names them: Blue, Green, Red, Purple, Yellow
        ["Maximiliano", "王小明", "Francesca", "Lucía", "Bartholomew"],
    ],
    ids=["file-names", "long-names"],
)
def test_era_screen_of_five_players_fits_a_phone(
    phone,  # type: ignore[no-untyped-def]
    tmp_path: Path,
    names: list[str] | None,
) -> None:
    path = require_shared() / "scenarios" / "rof-rulebook-worked-example.json"
    document = json.loads(path.read_text())
    for player, name in zip(document["players"], names or [], strict=False):
        player["name"] = name
    upload = tmp_path / "table.json"
    upload.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")

    page = phone
    page.goto("/")
    page.get_by_label("Table file (.json)").set_input_files(str(upload))
    page.get_by_role("button", name="Import").click()
    page.get_by_role("link", name="Score era 1").click()
    page.wait_for_load_state("load")

    width = page.evaluate("document.scrollingElement.scrollWidth")
    print(f"era screen, 5 players, {PHONE['width']} px: scrollWidth {width}")
    screenshot(page, f"era-five-players-{'long-names' if names else 'phone'}")
    assert width <= PHONE["width"]
    assert page.evaluate(OUTSIDE) == []
    assert page.evaluate(SMALL) == 0
    # Every column says whose it is: swatch, mark and name.
    marks = player_marks([Player(p["id"], p["name"]) for p in document["players"]])
    for player in document["players"]:
        head = page.locator(f".era-scores thead th[data-player={player['id']}]")
        assert head.locator(f".swatch-{player['id']}").count() == 1
        assert head.locator(".letter").inner_text() == marks[player["id"]]
        assert head.locator(".player-name").inner_text() == player["name"]
    # Every framed number still opens its explanation.
    page.locator("td[data-player=yellow][data-category=residential] button").click()
    popover = page.locator(".explain:popover-open")
    assert "rulebook 001" in popover.inner_text()
    popover.get_by_role("button", name="Close").click()


def test_final_places_on_a_phone(phone, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Era 3 of the worked example, two players level: places 1..5 with the
    shared one said in words, on the era screen and on the table page."""
    path = require_shared() / "scenarios" / "rof-rulebook-worked-example.json"
    document = json.loads(path.read_text())
    document["era"] = 3
    # From this board Era 3 gives Green 29 VP and Red 16: level them at 45.
    document["score_before"] = {"green": 16, "red": 29, "blue": 5, "purple": 1}
    upload = tmp_path / "table.json"
    upload.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")

    page = phone
    page.goto("/")
    page.get_by_label("Table file (.json)").set_input_files(str(upload))
    page.get_by_role("button", name="Import").click()
    page.get_by_role("link", name="Score era 3").click()
    places = page.locator(".places-list li")
    # The link's click does not wait for the era page: the count waits for it.
    expect(places).to_have_count(5)
    assert [places.nth(i).locator(".place").inner_text() for i in range(5)][:2] == [
        "1st",
        "1st",
    ]
    assert "share the victory" in page.locator(".places .tie-breaks").inner_text()
    assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    screenshot(page, "era-3-places-phone")

    page.get_by_role("button", name="Score this era").click()
    assert "Era 3 scored" in page.locator(".flashes").inner_text()
    expect(page.locator(".places-list li")).to_have_count(5)
    assert "Shared victory" in page.locator(".places [role=status]").inner_text()
    screenshot(page, "final-result-phone")
