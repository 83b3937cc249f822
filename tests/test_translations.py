"""The Italian and Chinese catalogues: complete, sound, compiled, and in use.

Every message has a translation (no empty msgstr, no fuzzy entry), keeps exactly
the placeholders of its English (``{named}`` fields of the engines' messages,
``%(named)s`` fields of the pages), the committed ``.mo`` is what the ``.po``
compiles to, and pages and engine explanations come out in the reader's language.
"""

from __future__ import annotations

import gettext
import re
import string
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from flask import Flask
from flask.testing import FlaskClient

from companion.engines.base import Player
from companion.engines.glory import Camp, Material, ScoreSheet, score
from companion.web.plumbing import words

from .conftest import TableActions

TRANSLATIONS = Path(__file__).resolve().parents[1] / "companion" / "translations"

LANGUAGES = {"it": 2, "zh": 1}
"""Each language and its number of plural forms."""


def catalogue(lang: str) -> Catalog:
    with (TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po").open("rb") as po:
        return read_po(po, locale=lang)


def entries(lang: str) -> list[Message]:
    return [message for message in catalogue(lang) if message.id]


def _forms(text: str | tuple[str, ...] | list[str]) -> tuple[str, ...]:
    return (text,) if isinstance(text, str) else tuple(text)


PERCENT_FIELD = re.compile(r"%\((\w+)\)([-#0 +]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa])")


def placeholders(text: str) -> tuple[frozenset[str], frozenset[str]]:
    """The ``{named}`` fields and the ``%(named)X`` fields of ``text``.

    :raises ValueError: braces that ``str.format`` cannot read (a stray ``{``).
    """
    brace = frozenset(
        field.split(".")[0].split("[")[0]
        for _, field, _, _ in string.Formatter().parse(text)
        if field is not None
    )
    percent = frozenset(
        f"{name}:{kind[-1]}" for name, kind in PERCENT_FIELD.findall(text)
    )
    return brace, percent


def placeholder_problems(source: str, translation: str) -> list[str]:
    """How ``translation`` differs from ``source`` in its placeholders."""
    try:
        want, got = placeholders(source), placeholders(translation)
    except ValueError as exc:
        return [f"unreadable braces: {exc}"]
    problems = []
    for kind, expected, found in zip(("{}", "%()"), want, got, strict=True):
        if expected != found:
            missing, extra = sorted(expected - found), sorted(found - expected)
            problems.append(f"{kind} fields: missing {missing}, extra {extra}")
    return problems


@pytest.mark.parametrize(
    ("source", "translation", "expected"),
    [
        ("{n} VP", "{n} PV", []),
        ("{first} before {second}", "{second} dopo {first}", []),  # any order
        ("%(n)d left", "ne restano %(n)d", []),
        ("Seat %(n)d", "第 %(n)d 座", []),
        ("{n} VP", "{m} PV", ["{} fields: missing ['n'], extra ['m']"]),
        ("{n} VP", "PV", ["{} fields: missing ['n'], extra []"]),
        ("Done", "Fatto {x}", ["{} fields: missing [], extra ['x']"]),
        ("%(n)d left", "%(n)s rimasti", ["%() fields: missing ['n:d'], extra ['n:s']"]),
        ("%(game)s", "gioco", ["%() fields: missing ['game:s'], extra []"]),
        # a stray brace would make str.format fail when the engine's line renders
        ("{n} VP", "{n PV", ["unreadable braces: expected '}' before end of string"]),
    ],
)
def test_placeholder_check(source: str, translation: str, expected: list[str]) -> None:
    assert placeholder_problems(source, translation) == expected


@pytest.mark.parametrize(("lang", "plurals"), LANGUAGES.items())
def test_every_message_is_translated(lang: str, plurals: int) -> None:
    cat = catalogue(lang)
    assert cat.num_plurals == plurals
    messages = entries(lang)
    assert len(messages) > 500
    untranslated = [
        message.id
        for message in messages
        if message.fuzzy
        or not all(_forms(message.string))
        or (message.pluralizable and len(_forms(message.string)) != plurals)
    ]
    assert untranslated == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_obsolete_entries(lang: str) -> None:
    """Entries of strings the app no longer has are dropped, not kept as #~."""
    assert dict(catalogue(lang).obsolete) == {}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_placeholders_match(lang: str) -> None:
    problems = []
    for message in entries(lang):
        for source in _forms(message.id):
            for translation in _forms(message.string):
                problems += [
                    f"{source!r} -> {translation!r}: {problem}"
                    for problem in placeholder_problems(source, translation)
                ]
    assert problems == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_mo_is_compiled_from_po(lang: str, tmp_path: Path) -> None:
    fresh = tmp_path / "messages.mo"
    with fresh.open("wb") as mo:
        write_mo(mo, catalogue(lang))
    committed = TRANSLATIONS / lang / "LC_MESSAGES" / "messages.mo"
    with fresh.open("rb") as a, committed.open("rb") as b:
        compiled, shipped = gettext.GNUTranslations(a), gettext.GNUTranslations(b)
    assert shipped._catalog == compiled._catalog  # type: ignore[attr-defined]


TABLES = {
    "glory": ("glory-to-rome", [("Ana", ""), ("Bo", "")], ""),
    "roads": ("all-roads", [("Ana", "red"), ("Bo", "blue")], "/tally"),
    "foundations": ("foundations-of-rome", [("Ana", "red"), ("Bo", "blue")], "/board"),
}
"""A new table of each game, and the page of it to read."""


@pytest.mark.parametrize(
    ("lang", "page", "expected", "english"),
    [
        ("it", "home", ["Inizia un tavolo", "Importa un file del tavolo"], "Tables"),
        ("zh", "home", ["开始一个对局", "导入对局文件"], "Tables"),
        # Glory to Rome: words of the page, and terms of the rulebook of 003/004
        (
            "it",
            "glory",
            ["Inserisci gli accampamenti", "Caveau", "Bonus Mercante"],
            "Vault",
        ),
        ("zh", "glory", ["录入营地", "金库", "商人奖励"], "Vault"),
        # an engine's explanation lines on the page, through the words filter
        ("it", "glory", ["Influenza 2, 1 punto ciascuna"], "1 point each"),
        ("zh", "glory", ["影响力 2，每点 1 分"], "1 point each"),
        ("it", "roads", ["Conteggio finale", "Case"], "Final tally"),
        ("zh", "roads", ["最终统计", "房屋"], "Final tally"),
        (
            "it",
            "foundations",
            ["Plancia città", "Costruisci su questi lotti…"],
            "City board",
        ),
        ("zh", "foundations", ["城市版图", "在这些地块上建造…"], "City board"),
    ],
)
def test_pages_speak_the_language(
    client: FlaskClient,
    actions: TableActions,
    lang: str,
    page: str,
    expected: list[str],
    english: str,
) -> None:
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = lang
    path = "/"
    if page in TABLES:
        slug, players, suffix = TABLES[page]
        path = f"/t/{actions.create_id(slug, players)}{suffix}"
    html = client.get(path).get_data(as_text=True)
    assert f'lang="{lang}"' in html
    for text in expected:
        assert text in html
    assert english not in html


def _glory_lines() -> list[str]:
    ana, bo = Player("ana", "Ana"), Player("bo", "Bo")
    result = score(
        ScoreSheet(
            (
                Camp(ana, 5, {Material.STONE: 2}, buildings=("Statue",), hand=3),
                Camp(bo, 2, {}, hand=1),
            )
        )
    )
    return [words(line.text) for line in result.player("ana").lines]


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "en",  # the msgids themselves: what the other languages translate
            ["Vault: 2 stone cards x 3 = 6", "Statue: 3 points"],
        ),
        ("it", ["Caveau: 2 carte pietra x 3 = 6", "Statua: 3 punti"]),
        ("zh", ["金库：2 张石材牌 × 3 = 6", "雕像：3 分"]),
    ],
)
def test_engine_lines_in_words(app: Flask, lang: str, expected: list[str]) -> None:
    with app.test_request_context(headers={"Accept-Language": lang}):
        lines = _glory_lines()
    for text in expected:
        assert text in lines
