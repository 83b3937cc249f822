"""The words of the games' domain have one home, the engines, and read the same
in every language wherever they are shown.

Game names, player colours, building types and score categories are each a
``title`` Message in ``companion.engines`` (``Game``, ``Colour``,
``BuildingType``, ``Category``); the web's lazy names, the Foundations of Rome
screens and the report read them there. The rows below pin the words the
Italian and Chinese catalogues gave before the words moved (issue 12), so a
msgid that drifted from its translation would show here.
"""

from __future__ import annotations

from datetime import date

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.engines import GAMES, find_game, new_table_document, read_table
from companion.engines import foundations as fr
from companion.engines.base import Colour, Message, Player
from companion.exports import report as rp
from companion.web import plumbing as web


def title(kind: str, key: str) -> Message:
    """The engine's word for ``key`` of ``kind``."""
    if kind == "game":
        return find_game(key).title
    if kind == "colour":
        return Colour(key).title
    if kind == "type":
        return fr.BuildingType(key).title
    assert kind == "category"
    return fr.Category(key).title


VOCABULARY = [
    # (kind, key, English, Italian, Chinese)
    ("game", "foundations-of-rome", "Foundations of Rome", "Foundations of Rome",
     "Foundations of Rome"),
    ("game", "all-roads", "All Roads", "All Roads", "All Roads"),
    ("game", "glory-to-rome", "Glory to Rome", "Glory to Rome (Sit Gloria Romae)",
     "罗马荣光（Glory to Rome）"),
    ("colour", "red", "Red", "Rosso", "红色"),
    ("colour", "blue", "Blue", "Blu", "蓝色"),
    ("colour", "green", "Green", "Verde", "绿色"),
    ("colour", "purple", "Purple", "Viola", "紫色"),
    ("colour", "yellow", "Yellow", "Giallo", "黄色"),
    ("type", "residential", "Residential", "Residenziale", "住宅"),
    ("type", "commercial", "Commercial", "Commerciale", "商业"),
    ("type", "civic", "Civic", "Civico", "市政"),
    ("type", "monument", "Monument", "Monumento", "纪念碑"),
    ("category", "residential", "Residential", "Residenziale", "住宅"),
    ("category", "civic", "Civic", "Civico", "市政"),
    ("category", "commercial", "Commercial", "Commerciale", "商业"),
    ("category", "roads", "Road boards", "Plance strada", "道路版图"),
    ("category", "empty_lots", "Empty lots", "Lotti vuoti", "空地块"),
]  # fmt: skip
"""Every word of the vocabulary, as each language said it before issue 12."""

LANGS = ("en", "it", "zh")


def test_the_vocabulary_is_complete() -> None:
    """Every game, colour, building type and category has a row above."""
    listed = {(kind, key) for kind, key, *_ in VOCABULARY}
    assert listed == (
        {("game", game.slug) for game in GAMES}
        | {("colour", colour.value) for colour in Colour}
        | {("type", kind.value) for kind in fr.BuildingType}
        | {("category", category.value) for category in fr.Category}
    )


@pytest.mark.parametrize(("kind", "key", "en", "it", "zh"), VOCABULARY)
def test_each_word_reads_as_before(
    app: Flask, kind: str, key: str, en: str, it: str, zh: str
) -> None:
    """The engine's word, and each name the pages show, in each language."""
    from companion.web.views import foundations as fr_views

    shown = {
        "game": web.GAME_NAMES,
        "colour": web.COLOUR_NAMES,
        "type": fr_views.TYPE_NAMES,
        "category": fr_views.CATEGORY_NAMES,
    }[kind]
    assert str(title(kind, key)) == en
    for lang, expected in zip(LANGS, (en, it, zh), strict=True):
        with app.test_request_context(headers={"Accept-Language": lang}):
            assert web.words(title(kind, key)) == expected
            assert str(shown[key]) == expected


def test_english_names_stay_plain_text() -> None:
    """``Game.name`` is the English title (the command line, the rules search)."""
    assert [game.name for game in GAMES] == [
        "Foundations of Rome",
        "All Roads",
        "Glory to Rome",
    ]


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("it", ("Glory to Rome (Sit Gloria Romae)", "All Roads")),
        ("zh", ("罗马荣光（Glory to Rome）", "Foundations of Rome")),
    ],
)
def test_the_home_page_names_the_games(
    client: FlaskClient, lang: str, words: tuple[str, ...]
) -> None:
    page = client.get("/", headers={"Accept-Language": lang}).get_data(as_text=True)
    for word in words:
        assert word in page


def test_the_report_reads_its_words_from_the_engines(app: Flask) -> None:
    """The report's game name, seat colours, category rows and board key are
    the engines' words, rendered in the reader's language."""
    game = find_game("foundations-of-rome")
    seats = (Player("red", "Ana"), Player("blue", "Bo"))
    table = read_table(new_table_document(game, seats))
    report = rp.build_report(table, on=date(2025, 3, 1))
    assert report.game_name == game.title
    assert [seat.colour_name for seat in report.seats] == [
        Colour.RED.title,
        Colour.BLUE.title,
    ]
    assert fr.Category.RESIDENTIAL.title in [row.label for row in report.rows]
    with app.test_request_context(headers={"Accept-Language": "zh"}):
        context = rp.template_context(report, words=web.words)
        assert context["type_icons"] == [("⌂", "住宅"), ("○", "商业"), ("Ⅱ", "市政")]
        assert web.words(report.game_name) == "Foundations of Rome"
        assert web.words(report.seats[0].colour_name) == "红色"
