"""Glory to Rome cards by name in English, Italian and Chinese (issue 28).

Every order card is found by each of its three names and its other printed
spellings, however it is cased, accented or spaced; the rulebook marks say
truly which names rulebooks 003 and 004 print; the names the app's own
explanations use are the cards' names.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from companion.engines.glory import ALIASES, CARDS
from companion.engines.glory_terms import (
    CARD_NAMES,
    SPELLINGS,
    TERMS,
    Lang,
    card_name,
    fold,
    typed_card,
)

from ..conftest import require_shared

TRANSLATIONS = Path(__file__).resolve().parents[2] / "companion" / "translations"

EVERY_NAME = [
    pytest.param(card, lang, CARD_NAMES[card].in_lang(lang), id=f"{card}-{lang.value}")
    for card in CARDS
    for lang in Lang
]
"""Each card in each language: 44 x 3."""


def test_every_card_has_a_name_in_each_language() -> None:
    assert set(CARD_NAMES) == set(CARDS)
    assert len(CARD_NAMES) == 44
    for words in CARD_NAMES.values():
        assert all(words.in_lang(lang).strip() for lang in Lang)
    # The glossary's cards are the same entries, not a second translation.
    for name in ("Statue", "Wall", "Catacomb", "Forum"):
        assert CARD_NAMES[name] is TERMS[name]


def test_no_name_is_two_cards() -> None:
    """Folded, every name of every card is one card's only: a name typed can
    never be taken for another card."""
    seen: dict[str, str] = {}
    clashes = []
    for card, words in CARD_NAMES.items():
        for lang in Lang:
            key = fold(words.in_lang(lang))
            if seen.setdefault(key, card) != card:
                clashes.append((words.in_lang(lang), seen[key], card))
    assert clashes == []
    print(f"\n{len(SPELLINGS)} spellings for {len(CARD_NAMES)} cards")


@pytest.mark.parametrize(("card", "lang", "name"), EVERY_NAME)
def test_each_name_is_its_card(card: str, lang: Lang, name: str) -> None:
    assert typed_card(name) == card
    assert card_name(card, lang) == name


@pytest.mark.parametrize(("card", "lang", "name"), EVERY_NAME)
def test_typed_any_case_spacing_or_width(card: str, lang: Lang, name: str) -> None:
    for typed in (
        name.upper(),
        name.lower(),
        f"  {name}  ",
        name.replace(" ", "  "),
        name.replace(" ", ""),
        # full-width letters, as some Chinese keyboards type them
        "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in name),
    ):
        assert typed_card(typed) == card, typed


@pytest.mark.parametrize(
    ("typed", "card"),
    [
        ("Pòrta", "Gate"),  # an accent the name does not have
        ("SCALINATA", "Stairway"),
        ("statua", "Statue"),
        ("Mercato", "Market"),
        ("muro", "Wall"),
        ("Catacomba", "Catacomb"),  # 003 p.9
        ("Foro", "Forum"),  # 003 p.9
        ("Foro Romano", "Forum Romanum"),
        ("circo massimo", "Circus Maximus"),
        ("Colosseum", "Coliseum"),  # another spelling in print (game-data.md 3.3)
        ("colosseo", "Coliseum"),
        ("Ludus Magnus", "Ludus Magna"),
        ("城门", "Gate"),
        ("城 门", "Gate"),
        ("雕像", "Statue"),
        ("陵寝", "Catacomb"),  # 004, 游戏结束
        ("论坛", "Forum"),  # 004, 游戏结束
        ("Statuette", None),
        ("", None),
        ("城", None),
    ],
)
def test_typed_names(typed: str, card: str | None) -> None:
    assert typed_card(typed) == card


def test_aliases_are_spellings() -> None:
    for other, card in ALIASES.items():
        assert SPELLINGS[fold(other)] == card


def _catalogue(lang: str) -> Catalog:
    with (TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po").open("rb") as po:
        return read_po(po, locale=lang)


def _rulebook(number: str) -> str:
    shared = require_shared()
    (path,) = (shared / "rulebooks").glob(f"{number}_*.txt")
    return path.read_text(encoding="utf-8")


@pytest.mark.parametrize(("lang", "rulebook"), [(Lang.IT, "003"), (Lang.ZH, "004")])
def test_rulebook_marks_say_which_names_are_printed(lang: Lang, rulebook: str) -> None:
    """A name marked as the rulebook's is in its text, and a name marked as
    ours is not (003: Catacomba, Foro, Muro; 004: 陵寝, 论坛)."""
    text = _rulebook(rulebook)
    printed = []
    for card, words in CARD_NAMES.items():
        name = words.in_lang(lang)
        found = (
            name in text
            if lang is Lang.ZH
            else re.search(rf"\b{re.escape(name)}\b", text) is not None
        )
        assert found == words.from_rulebook(lang), (card, name)
        if found:
            printed.append(name)
    print(f"\nrulebook {rulebook} prints {len(printed)} card names: {printed}")
    assert printed


@pytest.mark.parametrize("lang", ["it", "zh"])
def test_the_apps_explanations_use_the_cards_names(lang: str) -> None:
    """Where the app's translated words name a card (the msgid is its English
    name: "Gate", "Statue"), that translation is the card's name here, and
    typed, it is that card."""
    catalogue = _catalogue(lang)
    named = {}
    for card in CARDS:
        message = catalogue.get(card)
        if message is None or not message.string:
            continue
        translation = str(message.string)
        # Foundations of Rome's own buildings may add the English: 公寓楼（Insula）
        translation = re.sub(r"（.*?）|\(.*?\)", "", translation).strip()
        named[card] = translation
        assert typed_card(translation) == card, (card, translation)
        assert card_name(card, lang) == translation
    print(f"\n{lang}: the app's words name {len(named)} cards: {named}")
    assert {"Gate", "Stairway", "Statue", "Wall"} <= set(named)


@pytest.mark.parametrize(
    ("lang", "msgid", "card"),
    [
        # cards named inside the app's sentences, in its translations
        ("it", "{building}, started: active through your Gate", "Gate"),
        ("it", "Made public by %(player)s's Stairway.", "Stairway"),
        ("it", "A player completed the Catacomb", "Catacomb"),
        ("it", "A player won with the Forum", "Forum"),
        ("zh", "{building}, started: active through your Gate", "Gate"),
        ("zh", "Made public by %(player)s's Stairway.", "Stairway"),
        ("zh", "A player completed the Catacomb", "Catacomb"),
        ("zh", "A player won with the Forum", "Forum"),
    ],
)
def test_names_in_the_apps_sentences_are_the_cards(
    lang: str, msgid: str, card: str
) -> None:
    catalogue = _catalogue(lang)
    message = catalogue.get(msgid)
    assert message is not None
    assert card_name(card, lang) in str(message.string)


@pytest.mark.parametrize(
    ("lang", "card", "fragment"),
    [
        ("it", "Market", "per il Mercato"),
        ("zh", "Market", "市场"),
        ("it", "Prison", "una Prigione"),
        ("zh", "Prison", "监狱"),
    ],
)
def test_cards_named_in_longer_sentences(lang: str, card: str, fragment: str) -> None:
    """The Market (vault limit) and the Prison (sites held) are named in
    sentences of the app: by the name the cards have here."""
    catalogue = _catalogue(lang)
    sentences = [
        str(m.string if isinstance(m.string, str) else m.string[0])
        for m in catalogue
        if m.id and card in str(m.id if isinstance(m.id, str) else m.id[0])
    ]
    assert any(fragment in s for s in sentences), sentences
    assert card_name(card, lang) in fragment


@pytest.mark.parametrize("lang", ["it", "zh"])
def test_no_translation_leaves_a_card_in_english(lang: str) -> None:
    """The Italian and Chinese words never name these cards in English (the
    Stairway made a building public "da una Stairway" before issue 28)."""
    cards = (
        "Catacomb",
        "Forum",
        "Gate",
        "Market",
        "Prison",
        "Stairway",
        "Statue",
        "Wall",
    )
    left = [
        (card, form)
        for message in _catalogue(lang)
        if message.id
        for form in (
            (message.string,) if isinstance(message.string, str) else message.string
        )
        for card in cards
        if re.search(rf"\b{card}\b", form)
    ]
    assert left == []
