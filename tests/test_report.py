"""The end-of-game report's content (companion/exports/report.py): no WeasyPrint needed.

Places and tie-breaks in words, the score table per game (per era for
Foundations of Rome), every explained line with its rule, the SVG board and
chart (well-formed, escaped, letters as well as colours), and the HTML.
"""

from __future__ import annotations

import gettext
import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import replace
from datetime import date
from typing import Any

import pytest
from bs4 import BeautifulSoup
from flask import Flask
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engines import Table, read_table
from companion.engines import foundations as fr
from companion.engines.base import (
    Citation,
    Message,
    Player,
    competition_places,
    player_marks,
)
from companion.exports import report as rp

from .conftest import require_shared

DAY = date(2025, 3, 1)
SVG = "{http://www.w3.org/2000/svg}"
COLOURS = ("red", "blue", "green", "purple", "yellow")
EVIL = '<img src="file:///etc/passwd">'
"""A player name that is markup: it must print as these characters."""


def five_player_document(
    names: tuple[str, ...] = ("Ana", "王小明", "Chiara Nicolò", "Dario", EVIL),
    *,
    score_before: tuple[int, ...] = (40, 52, 38, 52, 20),
) -> dict[str, Any]:
    """A usual 5-player Foundations of Rome table at the Era 3 scoring: each
    player has a band of two columns with ten buildings and two lot markers
    (every tray piece used is within its supply)."""
    buildings: list[dict[str, Any]] = []

    def build(owner: str, kind: str, lots: list[str], **values: Any) -> None:
        buildings.append({"owner": owner, "type": kind, "lots": lots, **values})

    for i, owner in enumerate(COLOURS):
        a, b = "ABCDEFGHIJ"[2 * i], "ABCDEFGHIJ"[2 * i + 1]
        build(owner, "residential", [f"{a}1", f"{b}1", f"{a}2", f"{b}2"], citizens=6)
        build(owner, "residential", [f"{a}3", f"{a}4", f"{a}5"], citizens=4)
        build(owner, "commercial", [f"{b}3", f"{b}4"], silver=1, vp=2)
        build(owner, "civic", [f"{b}5"], civic={"per": "citizen", "vp": 1})
        build(owner, "commercial", [f"{a}6"], silver=1, vp=0, name="Bakery")
        build(owner, "civic", [f"{b}6", f"{b}7"], civic={"per": "building", "vp": 2})
        build(owner, "residential", [f"{a}7"], citizens=1, name="Domus")
        build(owner, "residential", [f"{a}8", f"{b}8"], citizens=2)
        build(owner, "civic", [f"{a}9"], civic={"per": "two-citizens", "vp": 1})
        build(owner, "commercial", [f"{b}9"], silver=1, vp=0, name="Bakery")
    return {
        "format": "rome-companion/1",
        "game": "foundations-of-rome",
        "players": [
            {"id": pid, "name": name} for pid, name in zip(COLOURS, names, strict=True)
        ],
        "era": 3,
        "score_before": dict(zip(COLOURS, score_before, strict=True)),
        "buildings": buildings,
        "lot_markers": {
            pid: [f"{'ABCDEFGHIJ'[2 * i]}10", f"{'ABCDEFGHIJ'[2 * i + 1]}10"]
            for i, pid in enumerate(COLOURS)
        },
    }


FIVE_HISTORY = (
    rp.EraTotals(1, {"red": 15, "blue": 20, "green": 18, "purple": 22, "yellow": 8}),
    rp.EraTotals(2, {"red": 40, "blue": 52, "green": 38, "purple": 52, "yellow": 20}),
)


def five_player_report() -> rp.Report:
    return rp.build_report(
        read_table(five_player_document()), on=DAY, history=FIVE_HISTORY
    )


def fr_table(
    totals_before: dict[str, int],
    *,
    era: int = 3,
    buildings: list[dict[str, Any]] | None = None,
    names: dict[str, str] | None = None,
) -> Table:
    """A small Foundations of Rome table: nothing built unless said."""
    names = names or {}
    return read_table(
        {
            "format": "rome-companion/1",
            "game": "foundations-of-rome",
            "players": [
                {"id": pid, "name": names.get(pid, pid.title())}
                for pid in totals_before
            ],
            "era": era,
            "score_before": totals_before,
            "buildings": buildings or [],
        }
    )


def shared_table(name: str) -> Table:
    path = require_shared() / "scenarios" / f"{name}.json"
    return read_table(json.loads(path.read_text(encoding="utf-8")))


def english(text: rp.Text) -> str:
    return str(text)


# --------------------------------------------------------------------------
# Seats and places
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ids", "colours", "letters", "coloured"),
    [
        # Each player's mark is their name's initial (names here: the ids
        # capitalised), as on every screen; colours where the game has them.
        (("red", "blue", "yellow"), True, ("R", "B", "Y"), True),
        (("green", "purple"), True, ("G", "P"), True),
        # Ids that are not all colours: no colours, marks as ever.
        (("red", "anna"), True, ("R", "A"), False),
        # A game without player colours has none even if ids are colours.
        (("red", "blue"), False, ("R", "B"), False),
        # Two names with one initial: their second letters.
        (("anna", "alba"), False, ("An", "Al"), False),
    ],
)
def test_seats_have_a_letter_unique_at_the_table(
    ids: tuple[str, ...], colours: bool, letters: tuple[str, ...], coloured: bool
) -> None:
    seats = rp.seats_of([Player(pid, pid.title()) for pid in ids], colours=colours)
    assert tuple(s.letter for s in seats) == letters
    assert all((s.colour is not None) is coloured for s in seats)


def test_a_coloured_seat_has_its_colour_name_and_readable_ink() -> None:
    seats = rp.seats_of([Player("yellow", "Y"), Player("blue", "B")])
    assert [s.colour for s in seats] == ["#f9a825", "#1565c0"]
    assert [str(s.colour_name) for s in seats] == ["Yellow", "Blue"]
    assert [s.ink for s in seats] == ["#000000", "#ffffff"]


@pytest.mark.parametrize(
    ("totals", "most_wins", "places"),
    [
        ((10, 8, 6), True, [1, 2, 3]),
        ((10, 8, 10), True, [1, 3, 1]),  # shared first, the next place skips
        ((5, 5, 5, 1), True, [1, 1, 1, 4]),
        ((7, 7, 5), False, [2, 2, 1]),  # fewest wins (All Roads)
    ],
)
def test_competition_places(
    totals: tuple[int, ...], most_wins: bool, places: list[int]
) -> None:
    # One ranking for every game (engines.base): a lower key places higher.
    keys = [-total for total in totals] if most_wins else list(totals)
    assert list(competition_places(keys)) == places


@pytest.mark.parametrize(
    ("before", "era", "verdict", "decisions"),
    [
        ({"red": 30, "blue": 20}, 3, "Red wins with 30 VP.", []),
        (
            {"red": 30, "blue": 30, "green": 10},
            3,
            "Red and Blue share the victory with 30 VP each.",
            [
                "Red and Blue tie for first place with 30 VP each. The rules of "
                "Foundations of Rome give no tie-break, so they share the victory."
            ],
        ),
        (
            # A tie below first place is shared too, and said so.
            {"red": 40, "blue": 30, "green": 30},
            3,
            "Red wins with 40 VP.",
            [
                "Blue and Green tie with 30 VP each and share place 2: Foundations "
                "of Rome has no tie-break."
            ],
        ),
        # Before the end the report names the leader, not a winner.
        ({"red": 12, "blue": 20}, 2, "Blue leads with 20 VP.", []),
        (
            {"red": 20, "blue": 20, "green": 20},
            2,
            "Red, Blue and Green share the lead with 20 VP each.",
            [
                "Red, Blue and Green tie with 20 VP each and share place 1: "
                "Foundations of Rome has no tie-break."
            ],
        ),
    ],
)
def test_foundations_places_and_ties_in_words(
    before: dict[str, int], era: int, verdict: str, decisions: list[str]
) -> None:
    report = rp.build_report(fr_table(before, era=era), on=DAY)
    assert str(report.verdict) == verdict
    assert [str(d.text) for d in report.decisions] == decisions
    assert report.final is (era == 3)
    for decision in report.decisions:
        assert str(report.sources[decision.ref - 1]) == "Rulebook 001, End of Game"


def test_standings_are_in_place_order_then_seating_order() -> None:
    report = rp.build_report(
        fr_table({"red": 10, "blue": 30, "green": 10, "purple": 30}), on=DAY
    )
    assert [(s.place, s.seat.id, s.total) for s in report.standings] == [
        (1, "blue", 30),
        (1, "purple", 30),
        (3, "red", 10),
        (3, "green", 10),
    ]
    assert [s.id for s in report.winners] == ["blue", "purple"]


# --------------------------------------------------------------------------
# Foundations of Rome: the per-era table
# --------------------------------------------------------------------------


def rows_by_label(report: rp.Report) -> dict[str, tuple[int | None, ...]]:
    return {english(row.label): row.cells for row in report.rows}


@pytest.mark.parametrize(
    ("era", "history", "earlier"),
    [
        (1, (), {}),
        # Only the file: the eras before come from score_before, merged.
        (3, (), {"Eras 1 to 2": (30, 20)}),
        (2, (), {"Era 1": (30, 20)}),
        # The history gives each era; the last one before is still the file's.
        (
            3,
            (rp.EraTotals(1, {"red": 12, "blue": 9}),),
            {"Era 1": (12, 9), "Era 2": (18, 11)},
        ),
        # A history entry for the era being scored (or later) is not used.
        (
            2,
            (
                rp.EraTotals(1, {"red": 30, "blue": 20}),
                rp.EraTotals(2, {"red": 99, "blue": 99}),
            ),
            {"Era 1": (30, 20)},
        ),
        # A history entry missing a player is not used.
        (3, (rp.EraTotals(1, {"red": 12}),), {"Eras 1 to 2": (30, 20)}),
    ],
)
def test_earlier_eras_come_from_the_history_or_the_file(
    era: int, history: tuple[rp.EraTotals, ...], earlier: dict[str, tuple[int, ...]]
) -> None:
    before = {"red": 30, "blue": 20} if era > 1 else {}
    table = fr_table({"red": 0, "blue": 0} | before, era=era)
    report = rp.build_report(table, on=DAY, history=history)
    rows = rows_by_label(report)
    era_rows = {
        english(r.label): r.cells
        for r in report.rows
        if r.kind is rp.RowKind.POINTS and english(r.label) != f"Era {era}"
    }
    assert era_rows == earlier
    assert rows["Total"] == tuple(before.get(pid, 0) for pid in ("red", "blue"))


def test_the_five_player_table_has_every_category_and_adds_up() -> None:
    report = five_player_report()
    labels = [english(row.label) for row in report.rows]
    assert labels == [
        "Era 1",
        "Era 2",
        "Era 3",
        "Population (citizens and tokens)",
        "Residential",
        "Civic",
        "Commercial",
        "Empty lots",
        "Total",
    ]
    rows = rows_by_label(report)
    result = fr.score(read_table(five_player_document()).sheet)
    assert rows["Total"] == tuple(s.total for s in result.players)
    assert rows["Era 3"] == tuple(s.era_total for s in result.players)
    for i in range(5):
        eras = sum(r.cells[i] or 0 for r in report.rows if r.kind is rp.RowKind.POINTS)
        parts = sum(r.cells[i] or 0 for r in report.rows if r.kind is rp.RowKind.PART)
        assert eras == rows["Total"][i]
        assert parts == rows["Era 3"][i]


def test_road_boards_and_coins_rows_only_where_they_mean_something() -> None:
    final = rows_by_label(rp.build_report(fr_table({"red": 1, "blue": 2}), on=DAY))
    assert "Road boards" not in final  # no road boards at this table
    assert "Coins collected" not in final  # silver is VP in the final era
    assert "Empty lots" in final
    era2 = rows_by_label(
        rp.build_report(fr_table({"red": 1, "blue": 2}, era=2), on=DAY)
    )
    assert "Coins collected" in era2
    assert "Empty lots" not in era2


@given(
    st.lists(st.integers(0, 60), min_size=2, max_size=2),
    st.lists(st.integers(0, 60), min_size=2, max_size=2),
    st.booleans(),
)
@settings(max_examples=50, deadline=None)
def test_era_rows_always_add_up_to_the_total(
    era1: list[int], era2: list[int], with_history: bool
) -> None:
    after2 = {"red": era1[0] + era2[0], "blue": era1[1] + era2[1]}
    history = (
        (rp.EraTotals(1, {"red": era1[0], "blue": era1[1]}),) if with_history else ()
    )
    report = rp.build_report(fr_table(after2), on=DAY, history=history)
    totals = rows_by_label(report)["Total"]
    for i in range(2):
        points = [r.cells[i] for r in report.rows if r.kind is rp.RowKind.POINTS]
        assert sum(p or 0 for p in points) == totals[i]
        chart = report.chart[("red", "blue")[i]]
        assert chart[0] == rp.ChartPoint(0, 0)
        assert chart[-1] == rp.ChartPoint(3, totals[i])


def test_every_engine_line_is_explained_with_its_rule() -> None:
    report = five_player_report()
    result = fr.score(read_table(five_player_document()).sheet)
    for block, score in zip(report.explanations, result.players, strict=True):
        engine_lines = [
            line for category in fr.Category for line in score.category(category).lines
        ] + list(score.silver.lines)
        assert [english(x.text) for x in block.lines] == [
            str(line.text) for line in engine_lines
        ]
        for explained, line in zip(block.lines, engine_lines, strict=True):
            assert english(report.sources[explained.ref - 1]) == (
                f"Rulebook {line.source.rulebook}, {line.source.section}"
            )
            assert explained.mark == str(explained.ref).translate(
                str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
            )
    assert len(set(map(str, report.sources))) == len(report.sources)


@pytest.mark.parametrize(
    ("source", "words"),
    [
        (fr.END_OF_GAME, "Rulebook 001, End of Game"),
        (
            Citation("003", "Fine partita e punteggio", 9),
            "Rulebook 003, Fine partita e punteggio, p. 9",
        ),
        # An engine's own text is kept as it is.
        ("002 (All Roads), End of the Game", "002 (All Roads), End of the Game"),
    ],
)
def test_citations_in_words(source: object, words: str) -> None:
    assert str(rp.cite(source)) == words


# --------------------------------------------------------------------------
# All Roads and Glory to Rome: their own breakdowns
# --------------------------------------------------------------------------


def test_all_roads_report_gives_the_tie_break_that_decided() -> None:
    report = rp.build_report(shared_table("all-roads-3p-tie-broken-by-spas"), on=DAY)
    expected = json.loads(
        (
            require_shared() / "scenarios/all-roads-3p-tie-broken-by-spas.expected.json"
        ).read_text()
    )
    places = {s.seat.id: s.place for s in report.standings}
    assert places == {pid: v["place"] for pid, v in expected["players"].items()}
    assert [s.id for s in report.winners] == expected["winners"]
    assert english(report.unit) == "unbuilt points"
    assert any("spas built" in english(d.text) for d in report.decisions)
    rows = rows_by_label(report)
    assert rows["Unbuilt points (fewest wins)"] == tuple(
        expected["players"][s.id]["unbuilt_points"] for s in report.seats
    )
    assert set(rows) >= {
        "Monuments left unbuilt",
        "Spas built (2nd tie-break)",
        "Villas built (3rd tie-break)",
    }


def test_glory_report_gives_merchant_bonuses_and_the_hand_tie_break() -> None:
    table = shared_table("gtr-4p-merchant-ties-statue-wall-hand")
    report = rp.build_report(table, on=DAY)
    expected = json.loads(
        (
            require_shared()
            / "scenarios/gtr-4p-merchant-ties-statue-wall-hand.expected.json"
        ).read_text()
    )
    rows = rows_by_label(report)
    assert rows["Total"] == tuple(
        expected["players"][s.id]["total"] for s in report.seats
    )
    assert rows["Merchant bonuses"] == tuple(
        expected["players"][s.id]["merchant_bonus"] for s in report.seats
    )
    decisions = [english(d.text) for d in report.decisions]
    assert any("in hand" in d for d in decisions)
    assert any("Merchant bonus" in d for d in decisions)
    # Glory to Rome has no player colours: seats are marked by name alone.
    assert [s.letter for s in report.seats] == [
        player_marks([s.player for s in report.seats])[s.id] for s in report.seats
    ]
    assert all(s.colour is None for s in report.seats)


def test_road_boards_are_in_the_table_and_each_edge_is_ranked() -> None:
    name = "rof-rulebook-worked-example"
    report = rp.build_report(shared_table(name), on=DAY)
    expected = json.loads(
        (require_shared() / f"scenarios/{name}.expected.json").read_text()
    )
    rows = rows_by_label(report)
    assert rows["Road boards"] == tuple(
        expected["players"][s.id]["roads"] for s in report.seats
    )
    assert [english(edge.road) for edge in report.roads] == [
        "North road",
        "East road",
        "South road",
        "West road",
    ]
    for edge in report.roads:
        key = english(edge.road).split()[0].lower()
        assert [seat.id for seat, _ in edge.ranking] == expected["roads"][key]["order"]
        assert {seat.id: n for seat, n in edge.ranking} == (
            expected["roads"][key]["influence"]
        )
    # Coins won on a road board are explained, as coins, beside the VP.
    blue = report.explanations[0]
    assert any(
        english(line.category or "") == "Road boards: coins" for line in blue.lines
    )
    assert any(
        "tie" in english(t.text) or "before" in english(t.text)
        for edge in report.roads
        for t in edge.tie_breaks
    )


def test_a_game_without_a_report_is_refused() -> None:
    table = fr_table({"red": 1, "blue": 2})
    other = replace(table, game=replace(table.game, slug="chess"))
    with pytest.raises(ValueError, match="no report for the game 'chess'"):
        rp.build_report(other, on=DAY)


# --------------------------------------------------------------------------
# The drawings
# --------------------------------------------------------------------------


def parse_svg(svg: str) -> ET.Element:
    """Our own drawing, parsed: it must be well-formed XML."""
    return ET.fromstring(svg)  # noqa: S314 (the app's own output, in a test)


def texts_of(svg: str) -> str:
    root = parse_svg(svg)
    return "".join(t.text or "" for t in root.iter(f"{SVG}text"))


def test_board_svg_draws_every_building_and_marker_with_the_owners_letter() -> None:
    report = five_player_report()
    assert report.city is not None
    svg = rp.board_svg(report.city, report.seats)
    root = parse_svg(svg)
    assert root.get("viewBox") == "0 0 258 258"  # 16 + 10 x 24 + 2
    texts = texts_of(svg)
    assert texts.startswith("ABCDEFGHIJ12345678910")  # the 10x10 board's labels
    for seat in report.seats:
        built = sum(1 for b in report.city.buildings if b.owner == seat.id)
        markers = len(report.city.markers(seat.id))
        assert texts.count(seat.letter) >= built + markers
        assert seat.colour is not None
        assert f'stroke="{seat.colour}"' in svg  # outlines in the owner's colour


@pytest.mark.parametrize(("players", "labels"), [(2, "ABCDEFG"), (4, "ABCDEFGHI")])
def test_board_svg_shows_the_board_in_play(players: int, labels: str) -> None:
    table = fr_table({c: 0 for c in COLOURS[:players]}, era=1)
    assert table.sheet.board.size == len(labels)
    seats = rp.seats_of(table.players)
    assert texts_of(rp.board_svg(table.sheet, seats)).startswith(labels)


def test_board_svg_escapes_every_player_string() -> None:
    table = fr_table(
        {"red": 0, "blue": 0},
        era=1,
        buildings=[
            {
                "owner": "red",
                "type": "residential",
                "lots": ["A1"],
                "citizens": 1,
                "name": "</desc><script>x</script>&",
            }
        ],
        names={"red": EVIL, "blue": 'Bo "&" <b>'},
    )
    svg = rp.board_svg(table.sheet, rp.seats_of(table.players))
    root = parse_svg(svg)  # well-formed: nothing broke out
    assert [e.tag for e in root.iter() if "script" in e.tag or e.tag == "img"] == []
    desc = root.find(f"{SVG}desc")
    assert desc is not None and desc.text is not None
    assert EVIL in desc.text and "</desc><script>x</script>&" in desc.text
    assert "<script>" not in svg and "<img" not in svg


def test_a_monument_is_drawn_with_its_card_and_a_star_in_the_key() -> None:
    table = read_table(
        {
            "format": "rome-companion/1",
            "game": "foundations-of-rome",
            "players": [{"id": "red", "name": "Ana"}, {"id": "blue", "name": "Bo"}],
            "era": 3,
            "buildings": [
                {
                    "owner": "red",
                    "type": "monument",
                    "monument": "temple-of-mars",
                    "lots": ["A1", "A2"],
                },
                {"owner": "blue", "type": "residential", "lots": ["C3"], "citizens": 1},
            ],
        }
    )
    report = rp.build_report(table, on=DAY)
    context = rp.template_context(report)
    assert ("★", "Monument") in context["type_icons"]
    desc = parse_svg(context["drawings"]["board.svg"]).find(f"{SVG}desc")
    assert desc is not None and desc.text is not None
    assert desc.text.startswith("Ana's Temple of Mars at A1, A2;")


def test_chart_svg_dashes_an_unknown_era_and_labels_every_seat() -> None:
    seats = rp.seats_of([Player("red", "Ana"), Player("blue", "Bo")])
    full = {
        "red": tuple(rp.ChartPoint(e, t) for e, t in enumerate((0, 10, 20, 35))),
        "blue": tuple(rp.ChartPoint(e, t) for e, t in enumerate((0, 12, 20, 35))),
    }
    gap = {pid: (p[0], p[2], p[3]) for pid, p in full.items()}
    solid = rp.chart_svg(full, seats)
    dashed = rp.chart_svg(gap, seats)
    parse_svg(solid)
    assert "stroke-dasharray" not in solid
    assert dashed.count("stroke-dasharray") == 2
    # Equal totals: both letters are drawn, apart from each other.
    ends = re.findall(r'<text x="[^"]*" y="([^"]*)">([AB]{2})</text>', solid)
    assert len(ends) == 1
    ys = [float(y) for y in ends[0][0].split()]
    assert abs(ys[0] - ys[1]) >= 9
    assert texts_of(solid).count("Era") == 3


def test_chart_words_go_through_the_words_function() -> None:
    seats = rp.seats_of([Player("red", "Ana"), Player("blue", "Bo")])
    svg = rp.chart_svg(
        {"red": (rp.ChartPoint(0, 0),), "blue": (rp.ChartPoint(0, 0),)},
        seats,
        lambda m: f"<{m}>",
    )
    assert "&lt;Era 1&gt;" in svg and "&lt;Start&gt;" in svg and "&lt;VP&gt;" in svg


# --------------------------------------------------------------------------
# The HTML
# --------------------------------------------------------------------------


def test_the_html_names_nothing_but_the_stylesheet_and_its_drawings() -> None:
    html, drawings = rp.render_html(five_player_report(), paper="letter")
    page = BeautifulSoup(html, "html.parser")
    urls = [
        element.get("src") or element.get("href")
        for element in page.find_all(True)
        if element.get("src") or element.get("href")
    ]
    assert urls == ["print.css", "report:board.svg", "report:chart.svg"]
    assert set(drawings) == {"board.svg", "chart.svg"}
    assert page.body is not None and "paper-letter" in page.body["class"]


def test_a_name_that_is_markup_stays_text_in_the_html() -> None:
    html, _ = rp.render_html(five_player_report())
    assert EVIL not in html
    assert "&lt;img src=&#34;file:///etc/passwd&#34;&gt;" in html
    text = BeautifulSoup(html, "html.parser").get_text()
    assert text.count(EVIL) >= 5  # seats, places, table, explanations


class Pseudo(gettext.NullTranslations):
    """Wraps every translated template in ⟦ ⟧ (as tests/test_i18n.py does)."""

    def gettext(self, message: str) -> str:
        return f"⟦{message}⟧"

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return f"⟦{singular if n == 1 else plural}⟧"

    ugettext = gettext
    ungettext = ngettext


@pytest.fixture
def pseudo(app: Flask, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    from flask_babel import Domain

    monkeypatch.setattr(Domain, "get_translations", lambda self: Pseudo())
    yield


@pytest.mark.usefixtures("pseudo")
@pytest.mark.parametrize(
    "scenario",
    [
        "gtr-4p-merchant-ties-statue-wall-hand",
        "all-roads-3p-tie-broken-by-spas",
        "rof-rulebook-worked-example",
        "for-2p-era2-unicode-names",
    ],
)
def test_every_word_of_the_report_is_translated(app: Flask, scenario: str) -> None:
    from flask import render_template

    from companion.web.plumbing import words

    table = shared_table(scenario)
    report = rp.build_report(table, on=DAY)
    with app.test_request_context():
        html = render_template(
            rp.TEMPLATE, **rp.template_context(report, words=words), lang="en"
        )
    page = BeautifulSoup(html, "html.parser")
    for element in page.select(".l, title"):
        element.decompose()  # seat letters
    text = page.get_text()
    for player in table.players:
        text = text.replace(player.name, "")
    while True:
        stripped = re.sub(r"⟦[^⟦⟧]*⟧", "", text)
        if stripped == text:
            break
        text = stripped
    # Left: white space, numbers, punctuation, reference marks and the shapes
    # of the keys (⌂ ○ Ⅱ ◯ ● ■ ▲ ◆ ▼), which are drawings, not words.
    leftover = re.sub(r"[\s\d.,:;()·…/\-=+⁰¹²³⁴⁵⁶⁷⁸⁹⌂○Ⅱ◯●■▲◆▼]+", "", text)
    assert leftover == ""


def test_every_report_sentence_is_a_message() -> None:
    report = five_player_report()
    texts: list[rp.Text] = [report.status, report.verdict, report.unit]
    texts += [d.text for d in report.decisions] + list(report.notes)
    texts += [row.label for row in report.rows]
    assert all(isinstance(t, Message) for t in texts)


@pytest.mark.parametrize("top", [0, 7, 150, 1400, 10**7, 10**15])
def test_the_chart_grid_has_at_most_6_lines_whatever_the_scores(top: int) -> None:
    """Issue 15: a file may hold a 15-digit score; the chart's grid (one line
    per step) must not grow with it (it drew one line per 1,000 VP)."""
    step = rp._nice_step(top)
    assert top / step <= 6
    assert step == 1 or top / step > 1 or top < 6
