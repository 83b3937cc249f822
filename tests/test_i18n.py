"""Every user-facing string goes through gettext.

The pages are rendered with a pseudo-translation that wraps every translated
string in ⟦ ⟧; any visible text outside the markers (other than the players' own
data, dates and numbers) was not translated.
"""

from __future__ import annotations

import gettext
import re
import unicodedata
from collections.abc import Iterator

import pytest
from bs4 import BeautifulSoup
from flask import Flask
from flask.testing import FlaskClient

from .conftest import TableActions
from .helpers import soup


class Pseudo(gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        return f"⟦{message}⟧"

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return f"⟦{singular if n == 1 else plural}⟧"

    def pgettext(self, context: str, message: str) -> str:
        return self.gettext(message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return self.ngettext(singular, plural, n)

    # The names Flask-Babel calls.
    ugettext = gettext
    ungettext = ngettext
    upgettext = pgettext
    unpgettext = npgettext


@pytest.fixture
def pseudo(app: Flask, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    from flask_babel import Domain

    monkeypatch.setattr(Domain, "get_translations", lambda self: Pseudo())
    # Glory to Rome terms come from the game's glossary in the reader's language,
    # not from gettext: mark them too, so that only untranslated words remain.
    from companion.web.views import glory

    real_term = glory.term
    monkeypatch.setattr(glory, "term", lambda key: f"⟦{real_term(key)}⟧")
    yield


DATA = (
    ".player-name",
    ".letter",  # a player's mark: their name's initial
    ".mark",  # the marks on the board's cells
    "article.entry",  # a rules entry: the reference's own words, per language
    ".hit h2",
    ".snippet",
    ".languages-of-entry a",
    ".card-name",  # monument cards: proper names, as printed
    ".players-line",
    ".watch .l",  # the report's seat letters, and its drawings' labels
    ".watch svg text",
    ".join-code strong",  # a table's code, its links: data
    ".share-link",
    ".watch-link",
    ".col-head",
    ".languages",
    ".mark",
    ".legend strong",
    ".scores thead th",
    ".scores tbody th[scope=row]:not(.row-name)",
    "time",
    "code",
    "option",
    "input",
    "select",
    "title",
)
"""Elements whose text is data the players typed or chose, not the app's words."""

INNERMOST = re.compile(r"⟦[^⟦⟧]*⟧")


def untranslated(html: str) -> list[str]:
    page = BeautifulSoup(html, "html.parser")
    for element in page.select(", ".join(DATA)):
        element.decompose()
    leftovers = []
    for text in page.body.find_all(string=True):
        rest, before = str(text), None
        while rest != before:  # translated strings may hold translated names
            before, rest = rest, INNERMOST.sub("", rest)
        rest = re.sub(r"[\s\d.,:;()·…/\-=+]+", "", rest)
        # Footnote marks and drawn keys (¹, ⌂, Ⅱ, ●) are not words.
        rest = "".join(c for c in rest if unicodedata.category(c)[0] not in "NS")
        if rest:
            leftovers.append(str(text).strip())
    return leftovers


def every_page(actions: TableActions) -> list[str]:
    """A path of every screen of the app, on new tables of every game."""
    table_id = actions.create_id(
        "foundations-of-rome", [("Ana", "red"), ("Bo", "blue")], options=("roads",)
    )
    actions.rename(table_id, ["Anna", "Bo"])
    pages = [
        "/",
        "/new/foundations-of-rome",
        "/new/glory-to-rome",
        f"/t/{table_id}",
        f"/t/{table_id}/history",
        f"/t/{table_id}/delete",
        f"/t/{table_id}/board",
        f"/t/{table_id}/build?owner=red&lots=A1,A2",
        f"/t/{table_id}/build?owner=red&lots=A1,A2&piece=2",
        "/t/nothing-here",
    ]
    roads = actions.create_id("all-roads", [("Ana", "red"), ("Bo", "blue")])
    pages += [f"/t/{roads}", f"/t/{roads}/tally", f"/t/{roads}/turn"]
    glory = actions.create_id("glory-to-rome", [("Ana", ""), ("Bo", "")])
    pages += [f"/t/{glory}", f"/t/{glory}/camps", f"/t/{glory}/end"]
    pages.append(f"/t/{table_id}/era")
    pages += [
        "/rules?q=merchant+bonus",
        "/rules?q=zzzz",
        "/rules/glory-to-rome.merchant-bonus.en",
        f"/t/{roads}/house-rules",
        f"/t/{table_id}/roads/setup",
        f"/t/{table_id}/roads/face",
        f"/t/{table_id}/monuments",
        f"/t/{table_id}/monuments/imperial-harbor?lots=D4&lots=D5",
        f"/t/{table_id}/share",
        "/join",
        "/offline",
    ]
    # The watch link of each game's table (read-only, by its own key).
    for watched in (table_id, roads, glory):
        share = soup(actions.client.get(f"/t/{watched}/share"))
        link = share.select_one("a.watch-link")["href"]
        pages.append(str(link).removeprefix("http://localhost"))
    return pages


@pytest.mark.usefixtures("pseudo")
def test_every_page_is_translated(actions: TableActions, client: FlaskClient) -> None:
    for path in every_page(actions):
        html = client.get(path).get_data(as_text=True)
        assert untranslated(html) == [], path
    bad = actions.import_file(b"{", "bad.json").get_data(as_text=True)
    assert untranslated(bad) == []
