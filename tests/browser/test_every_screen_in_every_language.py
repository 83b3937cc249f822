"""Every screen of every game in the reader's language, at 390x844 (issue 17).

Each screen a GET route answers (the table page, history, board and tray,
build, a building's values, era, road boards and their setup, monuments, civic
tiles, tally, turn, camps, end, share, watch, house rules, delete; the rules
search and an entry, home, the new-table forms, join, the import screen, an
error page) is opened in Chromium at
390x844 in English, Italian and Chinese, on tables in interesting states: the
shared scenarios imported and played on (eras scored, road picks made, a
building built, players renamed, camps entered, tallies and turns in), and a
new table of each game started through the new-table form in each language.
(Not screens: the report PDFs, the table file's download, the live-version
JSON, /lang/<code> (a redirect) and the tray fragment, which the board with
tapped lots shows.) On each screen, with every ``<details>`` opened and every
popover (the explanations) shown in turn, the test fails on:

(a) horizontal overflow: the page scrolls sideways, or an element's right
    edge is past the viewport (tag, class, text; also inside a box that
    scrolls sideways, except the city board's frame: see ``SCROLLS_BY_DESIGN``);
(b) an English word in an Italian or Chinese page: a word of the app's own
    English messages (``messages.pot``) that is not also Italian, beyond the
    players' names and what they typed, and beyond the proper nouns of
    ``PROPER_NOUNS`` (each with its reason); the tab's title counts, and
    markup shown in it is a problem too;
(c) a missing plural form: "1" before a plural noun ("1 lots", "1 punti");
    and in Italian, a preposition left apart from its article ("di il").

Each screen must answer as it should (200; the refused import 400, the
unknown table 404) in the reader's language, without a redirect. Every
problem of every screen of one part (the screens of no table, or one game's
tables) is listed in one assertion: first each distinct problem with how many
screens have it, then screen by screen with its URL. The same report is
written to test-artifacts/every-screen-<lang>-<part>.txt, and a screen that
overflows leaves a screenshot there.
"""

from __future__ import annotations

import copy
import json
import logging
import re
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

import pytest
from babel.messages.pofile import read_po
from flask import Flask
from flask_migrate import upgrade
from werkzeug.serving import make_server

from companion.engines.foundations.monument_cards import CATALOGUE
from companion.web.device import COOKIE_NAME
from companion.web.views.foundations import PIECE_NAMES

from ..conftest import TableActions, make_app, require_shared
from ..helpers import form_data, soup
from .conftest import ARTIFACTS, PHONE

pytestmark = pytest.mark.browser

POT = Path(__file__).resolve().parents[2] / "companion/translations/messages.pot"

LANGUAGES = ("en", "it", "zh")
TRANSLATED = ("it", "zh")
WITH_PLURALS = ("en", "it")

# --------------------------------------------------------------------------
# What the players typed: names that are clearly not English words
# --------------------------------------------------------------------------

NAMES = ("Zoë", "Kwame", "Ilaria", "明", "Oluwaseun")
"""The players, seat by seat, at every table (a scenario's names replaced)."""

RENAMED = "Oluwaseun Adé"
"""A player renamed once, so that History has a rename."""

HAND_NAMES = (
    "Nymphaeum",
    "Bibliotheca",
    "Hortus",
    "Macellum",
    "Thermae",
    "Taberna",
    "Horreum",
    "Castellum",
)
"""Names for the buildings a scenario names by hand (its civic tiles, a
"Market Stall"): what a group types, in Latin rather than in English. The tray
pieces keep their names (``PIECE_NAMES``): the app translates those."""

TILE_NAME = "Nymphaeum Magnum"
"""A civic tile described and saved by the group."""

DEVICE_NAME = "Kwame"
"""The phone's name, beside each step it records."""

HOUSE_RULE = ("Regula Zoë", "Zoë incipit; Kwame numerat.")
"""A house rule as a group typed it (Latin: no one's reading language)."""

TYPED = (*NAMES, RENAMED, *HAND_NAMES, TILE_NAME, DEVICE_NAME, *HOUSE_RULE)

# --------------------------------------------------------------------------
# (b) English words: the app's own English, less what is legitimately there
# --------------------------------------------------------------------------

PROPER_NOUNS: dict[str, str] = {
    "Foundations of Rome": "a game's name, a proper noun (issue 17)",
    "All Roads": "a game's name, a proper noun (issue 17)",
    "Glory to Rome": "a game's name, a proper noun (issue 17)",
    "Sit Gloria Romae": "Glory to Rome's Latin name (issue 17)",
    "Roads of Fortune": "an expansion's name, a proper noun (issue 17)",
    "Rome table companion": "the app's own name; it.po and zh.po keep it",
    "BG Stats": "an app's name, a proper noun (issue 18: Send to BG Stats)",
    ".bgsplay": "the BG Stats play file's extension, as the file is named",
    "US Letter": "a paper size's name (ANSI Letter); both catalogues keep it",
    "Letter": "the paper size's name (zh.po: 美国 Letter)",
    "“merchant bonus”": "the search box's example of a question in English, "
    "beside one in Italian and one in Chinese, on purpose",
    "“bonus mercante”": "the search box's example of a question in Italian",
    **{
        card.name: "a monument card's name as printed, a proper name "
        "(tests/test_i18n.py DATA: .card-name)"
        for card in CATALOGUE.values()
    },
}
"""Text that is English (or Latin) on purpose in an Italian or Chinese page,
each with its reason. Matched as written (case-sensitive), before any word
is looked up."""

ITALIAN_PROPER_NOUNS: dict[str, str] = {
    "Domus Maximus": "Latin, printed on the piece: it.po keeps it (zh.po "
    "glosses it, 大宅邸（Domus Maximus）, see ``ZH_GLOSS``)",
    "Domus": "Latin, printed on the piece: it.po keeps it (zh.po: 宅邸（Domus）)",
}
"""As ``PROPER_NOUNS``, on an Italian page only."""

ITALIAN_PATTERNS: dict[str, str] = {
    r"(?<!Grand )\bInsula\b": "Latin, printed on the piece: it.po keeps it "
    "(but Grande Insula: “Grand Insula” is reported; zh.po: 公寓楼（Insula）)",
}
"""As ``ALLOWED_PATTERNS``, on an Italian page only."""

ALLOWED_PATTERNS: dict[str, str] = {
    r"\bEnglish(?=\s+Italiano\s+中文)": "a choice of language: each language "
    "named in its own words (the house-rule form)",
}
"""As ``PROPER_NOUNS``, where a phrase is allowed in one place only."""

ACRONYMS = ("PDF", "JSON", "QR", "UTF", "URL", "CSV", "SVG", "HTML")
"""Upper-case abbreviations that every language writes so (matched as written)."""

NOT_ENGLISH = {
    "mercante": "Italian: an English message quotes the Italian query, and "
    "rulebook 003 (Italian) has a section 'Mercante'",
}
"""Words of the English messages that are not English."""

ITALIAN_TOO: dict[str, str] = {
    "era": "Italian 'era' (the game's eras: l'Era 2)",
    "come": "Italian 'come' (as, like)",
    "per": "Italian 'per' (for, each)",
    "case": "Italian 'case' (houses)",
    "data": "Italian 'data' (date)",
    "note": "Italian 'note' (notes)",
    "non": "Italian 'non' (not)",
    "file": "Italian loanword 'il file'",
    "app": "Italian loanword 'l'app'",
    "link": "Italian loanword 'il link'",
    "server": "Italian loanword 'il server'",
    "database": "Italian loanword 'il database'",
    "bonus": "Italian loanword 'il bonus' (Bonus Mercante)",
    "extra": "Italian 'extra'",
    "villa": "Italian 'villa' (All Roads)",
    "spa": "Italian loanword 'spa' (All Roads)",
    "slot": "Italian loanword 'lo slot'",
    "negative": "Italian 'negative' (feminine plural)",
    "sono": "Italian 'sono' (are)",
    "con": "Italian 'con' (with)",
    "dove": "Italian 'dove' (where)",
    "ore": "Italian 'ore' (hours)",
    "tale": "Italian 'tale' (such)",
    "vale": "Italian 'vale' (is worth)",
    "male": "Italian 'male' (badly)",
    "sale": "Italian 'sale' (goes up)",
    "mano": "Italian 'mano' (hand)",
    "fine": "Italian 'fine' (end)",
    "base": "Italian 'base'",
    "area": "Italian 'area'",
    "idea": "Italian 'idea'",
    "pro": "Italian 'pro'",
    "media": "Italian 'media'",
    "tre": "Italian 'tre' (three)",
    "due": "Italian 'due' (two)",
    "sei": "Italian 'sei' (six; you are)",
}
"""English words that are Italian words too: not reported on an Italian page
(a word only matters if the English messages have it)."""

SHORT_WORDS = frozenset("a an as at by in is it of on or to".split())
"""Short English words that may stand inside an English phrase ("End of
Game"): never reported alone."""

ELISIONS = frozenset("l d un dell all dall nell sull coll quest quell c n s".split())
"""Italian elided words, read before an apostrophe (all'interno, dell'Era):
the English "all" is reported, the Italian "all'" is not."""

PLACEHOLDER = re.compile(r"%\(\w+\)[sdif]|%[sdif]|\{[^{}]*\}|<[^>]+>|&\w+;")
WORD = re.compile(r"[A-Za-z]+")


def english_words() -> frozenset[str]:
    """The words of 3+ letters of the app's English messages (msgid and
    msgid_plural of messages.pot), lower case, placeholders left out."""
    with POT.open("rb") as pot:
        catalog = read_po(pot)
    found: set[str] = set()
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        for text in ids:
            found.update(w.lower() for w in WORD.findall(PLACEHOLDER.sub(" ", text)))
    return frozenset(w for w in found if len(w) >= 3 and w not in NOT_ENGLISH)


URL_RE = re.compile(r"https?://\S+|/[tw]/[\w\-/?=&.,%]+")
FILE_RE = re.compile(r"(?:\b[\w\-]+)?\.(?:md|json|pdf|toml|txt|js|css)\b")
"""A file's name or extension: game-data.md, (.json)."""
JSON_PATH_RE = re.compile(r"\b[a-z_]+(?:\[\d+\])+(?:\.[a-z_]+(?:\[\d+\])*)*")
"""A path in a table file, as an import problem gives it: buildings[4].lots."""
ZH_GLOSS = re.compile(r"(?<=[\u3400-\u9fff])[（(][A-Za-z][^（）()]*[）)]")
"""A Chinese name's original in brackets right after it: 大宅邸（Domus Maximus）."""
GAP = re.compile(r"[ \u00a0\-–—&/']+")
"""What may stand between two words of one English phrase (besides short
words), on one line: "End of Era Scoring - Residential Building Scoring"."""


def blanked(text: str, patterns: list[re.Pattern[str]]) -> str:
    """``text`` with what each pattern matches blanked out (the same length,
    so that a word's place in it gives its context)."""
    for pattern in patterns:
        text = pattern.sub(lambda m: " " * len(m.group()), text)
    return text


def context(text: str, start: int, end: int, wide: int = 45) -> str:
    """``text[start:end]`` in brackets, with what stands around it, one line."""
    around = max(0, start - wide), end + wide
    shown = f"{text[around[0] : start]}[{text[start:end]}]{text[end : around[1]]}"
    return "…" + " ".join(shown.split()) + "…"


@dataclass
class Lexicon:
    """The English words to look for on a page in ``lang``."""

    words: frozenset[str]
    every_word: frozenset[str]
    allowed: list[re.Pattern[str]]
    """What is blanked out before words are looked up: URLs, file names,
    table-file paths, Chinese glosses, the allowed patterns, and the allowed
    phrases as whole words."""

    @classmethod
    def of(cls, lang: str) -> Lexicon:
        every_word = english_words() | SHORT_WORDS
        phrases = {*TYPED, *PROPER_NOUNS, *ACRONYMS}
        patterns = list(ALLOWED_PATTERNS)
        words = every_word
        if lang == "it":
            words -= set(ITALIAN_TOO)
            phrases.update(ITALIAN_PROPER_NOUNS)
            patterns += ITALIAN_PATTERNS
        # Longest first: "Domus Maximus" before "Domus".
        longest = sorted(phrases, key=len, reverse=True)
        as_words = "|".join(re.escape(p) for p in longest)
        allowed = [URL_RE, FILE_RE, JSON_PATH_RE, ZH_GLOSS]
        allowed += [re.compile(p) for p in patterns]
        allowed.append(re.compile(rf"(?<![A-Za-z])(?:{as_words})(?![A-Za-z])"))
        return cls(words, every_word, allowed)

    def is_hit(self, blank: str, match: re.Match[str]) -> bool:
        word = match.group()
        if len(word) < 3 or word.lower() not in self.words:
            return False
        after = blank[match.end() : match.end() + 2]
        elided = len(after) == 2 and after[0] in "'’" and after[1].isalpha()
        return not (elided and word.lower() in ELISIONS)

    def joins(self, gap: str) -> bool:
        """Whether ``gap`` between two English words is inside one phrase."""
        rest = WORD.sub(
            lambda m: " " if m.group().lower() in self.every_word else "#", gap
        )
        return len(gap) <= 16 and "#" not in rest and GAP.fullmatch(rest) is not None

    def hits(self, text: str) -> list[tuple[str, str]]:
        """Each English phrase of ``text`` (run of English words), in context."""
        blank = blanked(text, self.allowed)
        runs: list[list[int]] = []
        for match in WORD.finditer(blank):
            if not self.is_hit(blank, match):
                continue
            if runs and self.joins(blank[runs[-1][1] : match.start()]):
                runs[-1][1] = match.end()
            else:
                runs.append([match.start(), match.end()])
        return [(" ".join(text[a:b].split()), context(text, a, b)) for a, b in runs]


# --------------------------------------------------------------------------
# (c) plurals after "1"
# --------------------------------------------------------------------------

ENGLISH_PLURALS = (
    "buildings cards citizens clients coins eras houses lots markers materials "
    "milestones monuments pairs players points rules sites spas steps tables "
    "tiles tokens villas"
).split()
ITALIAN_PLURALS = (
    "carte case cittadini clienti coppie edifici ere giocatori lotti materiali "
    "monete monumenti passi pietre punti regole segnalini siti tavoli tessere "
    "ville"
).split()
"""The nouns the app counts, in the plural (English and Italian; Chinese has
no plural)."""

ONE_PLURAL = re.compile(
    r"(?<![\w.,/\-])1[ \u00a0\u202f]+(?:[a-zà-ù]+[ \u00a0\u202f]+)?"
    rf"(?:{'|'.join(ENGLISH_PLURALS + ITALIAN_PLURALS)})\b"
)
""""1" (not part of 11, 2.1 or A1) and a plural noun, perhaps after one word
("1 adjacent buildings"); only spaces between, never a table cell's tab. In
lower case: "1 Coins collected" is a line's point, then its heading."""


UNJOINED = re.compile(r"\b(?:di|a|da|in|su) (?:il|lo|la|i|gli|le)\b")
"""Italian: a preposition and an article left apart where Italian joins them
("al posto di il" for "al posto del"): a message put together from parts."""


def matches(pattern: re.Pattern[str], text: str) -> list[tuple[str, str]]:
    return [
        (m.group(), context(text, m.start(), m.end())) for m in pattern.finditer(text)
    ]


# --------------------------------------------------------------------------
# (a) overflow, and the words shown: measured in the page
# --------------------------------------------------------------------------

SCROLLS_BY_DESIGN = {
    "board-frame": "the city board scrolls sideways inside its frame on a "
    "phone held upright, its lots 44 px tap targets and its row numbers in "
    "view (static/style.css, issue 13)",
}
"""Boxes that scroll sideways on purpose: what overflows inside them is not
reported (anything else that needs a sideways scroll is)."""

OVERFLOW_JS = """
(byDesign) => {
  const vw = document.documentElement.clientWidth;
  const found = [];
  const reported = new Set();
  const named = (el) => {
    const cls = (el.getAttribute("class") || "").trim().split(/\\s+/).filter(Boolean);
    return el.tagName.toLowerCase() + cls.map((c) => "." + c).join("");
  };
  const clipper = (el) => {
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      if (getComputedStyle(a).overflowX !== "visible") return a;
    }
    return null;
  };
  const check = (root, where) => {
    for (const el of root.querySelectorAll("*")) {
      if (reported.has(el)) continue;  // seen in an earlier pass
      if (el.closest("svg") && el.tagName.toLowerCase() !== "svg") continue;
      if (el.closest("details:not([open]) > :not(summary)")) continue;  // shut
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.right <= vw + 1) continue;
      if (getComputedStyle(el).visibility === "hidden") continue;
      const clip = clipper(el);
      if (clip) {
        const c = clip.getBoundingClientRect();
        if (c.width <= 1 || c.height <= 1) continue;  // visually hidden text
        if (byDesign.some((name) => clip.classList.contains(name))) continue;
      }
      let inner = false;
      for (let a = el.parentElement; a; a = a.parentElement) {
        if (reported.has(a)) { inner = true; break; }
      }
      reported.add(el);
      if (inner) continue;  // its overflowing ancestor says it
      const text = (el.innerText || el.textContent || "").replace(/\\s+/g, " ").trim();
      found.push({
        where,
        element: named(el),
        text: text.slice(0, 60),
        right: Math.round(box.right),
        inside: clip ? named(clip) : "",
      });
    }
  };
  const scroller = document.scrollingElement;
  check(document.body, "as loaded");
  const page = {
    scrollWidth: scroller.scrollWidth,
    clientWidth: scroller.clientWidth,
    lang: document.documentElement.lang,
  };
  for (const d of document.querySelectorAll("details:not([open])")) d.open = true;
  check(document.body, "<details> opened");
  page.scrollWidth = Math.max(page.scrollWidth, scroller.scrollWidth);
  const popovers = [];
  for (const p of document.querySelectorAll("[popover]")) {
    try { p.showPopover(); } catch (e) { continue; }
    check(p, "popover #" + p.id);
    popovers.push({id: p.id, text: p.innerText});
    p.hidePopover();
  }
  return {page, found, popovers};
}
"""
"""The page's width, what overflows it (as loaded, with every <details> open,
in each popover shown), the language it says it is in, and each popover's
text (shown only on a tap, so not in the page's innerText)."""

TEXT_JS = """
(lang) => {
  const named = (el) => {
    const cls = (el.getAttribute("class") || "").trim().split(/\\s+/).filter(Boolean);
    return el.tagName.toLowerCase() + cls.map((c) => "." + c).join("");
  };
  // Text marked as another language is that language on purpose (the
  // language switch, "Also in", a house rule written in English).
  for (const el of document.body.querySelectorAll("[lang]")) {
    if (!el.lang.startsWith(lang)) el.setAttribute("data-other-lang", el.lang);
  }
  const attrs = [];
  for (const el of document.body.querySelectorAll("*")) {
    if (el.closest("[data-other-lang], code, script, style, template")) continue;
    for (const a of ["aria-label", "title", "placeholder", "alt"]) {
      const v = el.getAttribute(a);
      if (v) attrs.push({where: named(el) + "[" + a + "]", text: v});
    }
    if (el.matches("input[type=submit], input[type=button]") && el.value) {
      attrs.push({where: named(el) + "[value]", text: el.value});
    }
  }
  // What the players typed into fields is theirs (inputs' values are not in
  // innerText); code (a join code, a file's path) is not words.
  for (const el of document.body.querySelectorAll(
    "[data-other-lang], code, .join-code strong"
  )) el.remove();
  for (const d of document.querySelectorAll("details")) d.open = true;
  return {body: document.body.innerText, title: document.title, attrs};
}
"""
"""The words the page shows: its innerText with every <details> open, its
title, and the words of its attributes that a reader sees or hears."""

# --------------------------------------------------------------------------
# The tables: scenarios imported and played on, through the app's own forms
# --------------------------------------------------------------------------


def scenario(name: str, *, picks: bool = True) -> dict[str, Any]:
    """A shared scenario with this test's player names (seat by seat) and
    Latin names for the buildings a group names by hand."""
    shared = require_shared()
    document: dict[str, Any] = copy.deepcopy(
        json.loads((shared / "scenarios" / f"{name}.json").read_text())
    )
    for seat, player in enumerate(document["players"]):
        player["name"] = NAMES[seat]
    typed = iter(HAND_NAMES)
    renames: dict[str, str] = {}
    for building in document.get("buildings", []):
        name = building.get("name")
        if name and name not in PIECE_NAMES:
            building["name"] = renames.setdefault(name, next(typed))
    if not picks:
        del document["road_boards"]["choices"]
    return document


def empty_pair(document: dict[str, Any]) -> tuple[str, str]:
    """Two side-by-side lots with nothing on them (nor a lot marker)."""
    size = len(document["players"]) + 5  # 2 players: A-G x 1-7, ...
    taken = {lot for b in document.get("buildings", []) for lot in b["lots"]}
    for lots in document.get("lot_markers", {}).values():
        taken.update(lots)
    for row in range(1, size + 1):
        for column in range(size - 1):
            a, b = f"{chr(65 + column)}{row}", f"{chr(66 + column)}{row}"
            if a not in taken and b not in taken:
                return a, b
    raise AssertionError("no two empty lots side by side")


@dataclass
class Table:
    """A table of the world, and the path of each of its screens."""

    label: str
    game: str
    id: str
    screens: list[str]


@dataclass(repr=False)
class World:
    """The app served on 127.0.0.1, its tables, the cookie of the phone that
    made them (the home page lists them), a table with a house rule."""

    base_url: str
    tables: list[Table]
    cookies: list[dict[str, Any]]
    house_rule_table: str

    def __repr__(self) -> str:
        return f"World({self.base_url}, {len(self.tables)} tables)"


class Setup:
    """The steps a group takes on its phone, as requests."""

    def __init__(self, app: Flask) -> None:
        self.client = app.test_client()
        self.actions = TableActions(self.client)

    def get(self, path: str) -> Any:
        response = self.client.get(path)
        assert response.status_code == 200, (path, response.status_code)
        return soup(response)

    def post_form(
        self, path: str, selector: str = "main form[method=post]", **values: Any
    ) -> None:
        """Send the form at ``selector`` of the page at ``path`` as shown,
        with ``values`` changed."""
        form = self.get(path).select_one(selector)
        assert form is not None, f"no {selector} on {path}"
        data = form_data(form)
        data.update(values)
        response = self.client.post(str(form.get("action") or path), data=data)
        assert response.status_code == 302, (path, response.get_data(as_text=True))

    def import_(self, document: dict[str, Any]) -> str:
        return self.actions.import_id(json.dumps(document).encode())

    def create(self, game: str, colours: tuple[str, ...]) -> str:
        return self.actions.create_id(game, list(zip(NAMES, colours, strict=False)))

    def build_on_board(self, table_id: str, owner: str, lots: tuple[str, ...]) -> None:
        """Tap ``lots`` on the board, then the first tray piece that fits."""
        joined = ",".join(lots)
        tray = self.get(f"/t/{table_id}/board/tray?owner={owner}&lots={joined}")
        piece = tray.select_one("button.piece[name=piece]")
        assert piece is not None, tray.get_text(" ", strip=True)
        self.post_form(
            f"/t/{table_id}/board",
            "form.board-form",
            lots=list(lots),
            owner=owner,
            piece=piece["value"],
        )

    def marker(self, table_id: str, owner: str, lot: str) -> None:
        """A lot marker put on ``lot`` from the board."""
        self.post_form(
            f"/t/{table_id}/board",
            "form.board-form",
            lots=[lot],
            owner=owner,
            marker="y",
        )

    def pick(self, table_id: str, space: str) -> None:
        """The player whose road-board pick it is takes the space whose
        button starts with ``space``."""
        form = self.get(f"/t/{table_id}/roads").select_one("form.options")
        assert form is not None
        data = form_data(form)
        buttons = form.select("button[name=option]")
        texts = [b.get_text(" ", strip=True) for b in buttons]
        chosen = [
            b for b, text in zip(buttons, texts, strict=True) if text.startswith(space)
        ]
        assert chosen, f"no {space} among {texts}"
        data["option"] = chosen[0]["value"]
        response = self.client.post(f"/t/{table_id}/roads", data=data)
        assert response.status_code == 302, response.get_data(as_text=True)

    def watch_path(self, table_id: str) -> str:
        link = self.get(f"/t/{table_id}/share").select_one("a.watch-link")
        assert link is not None
        return urlsplit(str(link["href"])).path

    def first_link(self, path: str, pattern: str) -> str:
        """The first link on the page at ``path`` whose path matches ``pattern``."""
        for a in self.get(path).select("a[href]"):
            href = urlsplit(str(a["href"]))
            if re.fullmatch(pattern, href.path):
                return href.path + (f"?{href.query}" if href.query else "")
        raise AssertionError(f"no link like {pattern} on {path}")


def common_screens(setup: Setup, table_id: str) -> list[str]:
    """The screens every table has (its report is a PDF: left out)."""
    t = f"/t/{table_id}"
    return [
        t,
        f"{t}/history",
        f"{t}/share",
        f"{t}/house-rules",
        f"{t}/delete",
        setup.watch_path(table_id),
    ]


def foundations_screens(
    setup: Setup, table_id: str, document: dict[str, Any], *, roads: bool, cards: bool
) -> list[str]:
    """A Foundations of Rome table's screens: the board with the tray (for
    two empty lots, then for a building), build, a building's values, era,
    civic tiles, road boards, monuments."""
    t = f"/t/{table_id}"
    owner = document["players"][0]["id"]
    a, b = empty_pair(document)
    lot = next(b["lots"][0] for b in document["buildings"] if b["type"] != "monument")
    screens = [
        *common_screens(setup, table_id),
        f"{t}/board",
        f"{t}/board?owner={owner}&lots={a},{b}",  # the tray: the pieces that fit
        f"{t}/board?owner={owner}&lots={lot}",  # the tray: a building tapped
        f"{t}/build?owner={owner}&lots={a},{b}",
        f"{t}/build?owner={owner}&lots={a},{b}&piece=0",
        f"{t}/build?owner={owner}&lots={a}",  # one lot
        f"{t}/building/{lot}",  # a building's printed values, to correct
        f"{t}/era",
        f"{t}/civic-tiles",
        f"{t}/roads/setup",
        f"{t}/roads/face",
    ]
    if roads:
        screens.append(f"{t}/roads")
    if cards:
        screens.append(f"{t}/monuments")
        screens.append(
            setup.first_link(f"{t}/monuments", rf"{re.escape(t)}/monuments/[\w\-]+")
        )
    return screens


def make_world(app: Flask, base_url: str) -> World:
    """The tables every language reads, made by one phone."""
    setup = Setup(app)
    tables: list[Table] = []

    # The phone's name, beside every step it records.
    first = setup.create("glory-to-rome", ("", ""))
    setup.post_form(f"/t/{first}/share", "form.device-name-form", name=DEVICE_NAME)

    # Foundations of Rome: era 3 scored, the game over; a house rule.
    doc = scenario("for-4p-era3-final-scoring")
    final = setup.import_(doc)
    setup.actions.post_action(final, "era")
    house = setup.actions.house_rule(
        final, title=HOUSE_RULE[0], text=HOUSE_RULE[1], lang="it"
    )
    assert house.status_code == 302, house.get_data(as_text=True)
    rule = int(house.headers["Location"].rsplit("#rule-", 1)[1])
    screens = foundations_screens(setup, final, doc, roads=False, cards=False)
    screens.append(f"/t/{final}/house-rules/{rule}")
    tables.append(Table("era 3 scored", "foundations-of-rome", final, screens))

    # Five players, every civic kind: a building built, a lot marker, a
    # rename, a civic tile saved, then era 2 scored (History has each).
    doc = scenario("for-5p-era2-every-civic-kind")
    five = setup.import_(doc)
    setup.build_on_board(five, "red", empty_pair(doc))
    setup.marker(five, "blue", empty_pair(setup.actions.document(five))[0])
    assert setup.actions.rename(five, [*NAMES[:4], RENAMED]).status_code == 302
    setup.post_form(
        f"/t/{five}/civic-tiles",
        "main form[method=post]:not([action])",
        name=TILE_NAME,
        shape=["A1", "B1"],
        per="building",
        vp="2",
    )
    setup.actions.post_action(five, "era")
    doc = setup.actions.document(five)
    screens = foundations_screens(setup, five, doc, roads=False, cards=False)
    # The saved tile, to change.
    screens.append(
        setup.first_link(
            f"/t/{five}/civic-tiles", rf"/t/{re.escape(five)}/civic-tiles/[\w\-]+/edit"
        )
    )
    tables.append(
        Table("5 players, era 2 scored", "foundations-of-rome", five, screens)
    )

    # Monuments: a commercial monument, silver as coins.
    doc = scenario("for-2p-era2-commercial-monument-silver-as-coins")
    cards = setup.import_(doc)
    screens = foundations_screens(setup, cards, doc, roads=False, cards=True)
    tables.append(Table("monuments", "foundations-of-rome", cards, screens))

    # Roads of Fortune, the rulebook's example: four picks made (one the
    # reward printed on the board), the next one a swap. (The table with
    # every pick made has rewards taken instead of the printed ones.)
    doc = scenario("rof-rulebook-worked-example", picks=False)
    example = setup.import_(doc)
    for space in (
        "Space 1: a population token",
        "Space 2: 3 VP",
        "Space 3: the reward printed on the board",
        "Space 2: 3 VP",
    ):
        setup.pick(example, space)
    screens = foundations_screens(setup, example, doc, roads=True, cards=False)
    tables.append(
        Table("road picks under way", "foundations-of-rome", example, screens)
    )

    # Roads of Fortune, every pick made.
    doc = scenario("rof-3p-era2-token-majority-coins")
    picked = setup.import_(doc)
    screens = foundations_screens(setup, picked, doc, roads=True, cards=False)
    tables.append(Table("every road pick made", "foundations-of-rome", picked, screens))

    # All Roads: a tie broken by spas (imported: the game is over), the
    # rulebook's end scoring tallied on a new table, and turns recorded.
    tie = setup.import_(scenario("all-roads-3p-tie-broken-by-spas"))
    tallied = setup.create("all-roads", ("green", "blue", "red", "yellow"))
    rows = (
        ("unbuilt", {"monument": 1, "villa": 1}),
        ("unbuilt", {"spa": 2, "house": 5}),
        ("unbuilt", {"monument": 1, "spa": 2, "villa": 3, "house": 1}),
        ("built", {"monument": 1, "villa": 6, "house": 7}),
    )
    tally: dict[str, str] = {}
    for i, (given, counts) in enumerate(rows):
        tally[f"players-{i}-given"] = given
        for key in ("monument", "spa", "villa", "house"):
            tally[f"players-{i}-{key}"] = str(counts.get(key, 0))
    setup.post_form(f"/t/{tallied}/tally", **tally)
    turns = setup.create("all-roads", ("red", "yellow", "green"))
    setup.post_form(f"/t/{turns}/turn", player="red", dead_end="2")
    setup.post_form(f"/t/{turns}/turn", player="yellow", lake_dead_end="4")
    for label, table_id in (
        ("a tie broken by spas", tie),
        ("tallied", tallied),
        ("turns recorded", turns),
    ):
        t = f"/t/{table_id}"
        screens = [*common_screens(setup, table_id), f"{t}/tally", f"{t}/turn"]
        tables.append(Table(label, "all-roads", table_id, screens))

    # Glory to Rome: camps entered and the end noted; influence from sites.
    ended = setup.import_(scenario("gtr-4p-merchant-ties-statue-wall-hand"))
    setup.post_form(f"/t/{ended}/camps")
    setup.post_form(f"/t/{ended}/end", how="deck")
    sites = setup.import_(scenario("gtr-3p-sites-instead-of-influence"))
    for label, table_id in (("camps entered, game over", ended), ("sites", sites)):
        t = f"/t/{table_id}"
        screens = [*common_screens(setup, table_id), f"{t}/camps", f"{t}/end"]
        tables.append(Table(label, "glory-to-rome", table_id, screens))

    cookie = setup.client.get_cookie(COOKIE_NAME)
    assert cookie is not None
    cookies = [{"name": COOKIE_NAME, "value": cookie.value, "url": base_url}]
    return World(base_url, tables, cookies, final)


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    """The app on a fresh SQLite file, served from a thread, with its tables."""
    tmp = tmp_path_factory.mktemp("every-screen")
    app = make_app(tmp, f"sqlite:///{tmp / 'screens.sqlite3'}")
    app.config["TESTING"] = False  # as a player would see it
    with app.app_context():
        upgrade()
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    # Some 500 requests: their log lines would bury a failure's report.
    requests_log = logging.getLogger("werkzeug")
    level = requests_log.level
    requests_log.setLevel(logging.WARNING)
    try:
        yield make_world(app, f"http://127.0.0.1:{server.server_port}")
    finally:
        requests_log.setLevel(level)
        server.shutdown()
        thread.join(timeout=5)
        server.server_close()


# --------------------------------------------------------------------------
# A reader: one phone (a browser context) per language
# --------------------------------------------------------------------------


@dataclass(repr=False)
class Reader:
    """A phone whose browser speaks ``lang``, and what it found on each screen:
    by screen, each problem (its summary, then its context) and how often."""

    lang: str
    page: Any
    lexicon: Lexicon
    tmp: Path
    problems: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    screens: int = 0
    seconds: float = 0.0

    def __repr__(self) -> str:
        return f"Reader({self.lang})"

    def visit(self, path: str, *, status: int = 200, label: str = "") -> None:
        """Open ``path`` and check the screen."""
        started = time.perf_counter()
        response = self.page.goto(path)
        self.check(path, response, status, label)
        self.seconds += time.perf_counter() - started

    def note(self, screen: str, summary: str, detail: str = "") -> None:
        self.problems.setdefault(screen, {}).setdefault(summary, []).append(detail)

    def check(self, path: str, response: Any, status: int, label: str = "") -> None:
        """Check the screen the page shows now; ``path``: the one asked for
        ("": whichever the page went to)."""
        self.screens += 1
        page = self.page
        url = urlsplit(page.url)
        shown = url.path + (f"?{url.query}" if url.query else "")
        screen = f"{label}: {shown}" if label else shown
        self.problems.pop(screen, None)  # a screen seen again is checked again
        got = None if response is None else response.status
        if got != status:
            self.note(screen, f"answered {got}, not {status}")
        if path and shown != path:
            self.note(screen, f"went to {shown}, not {path}")
        page.wait_for_load_state("load")
        measured = page.evaluate(OVERFLOW_JS, list(SCROLLS_BY_DESIGN))
        sizes = measured["page"]
        if sizes["lang"] != self.lang:
            self.note(screen, f"the page is in “{sizes['lang']}”, not {self.lang}")
        wide = sizes["scrollWidth"] > sizes["clientWidth"]
        if wide:
            self.note(
                screen,
                f"overflow: the page scrolls sideways ({sizes['scrollWidth']} px "
                f"wide on a {sizes['clientWidth']} px screen)",
            )
        for o in measured["found"]:
            inside = (
                f", inside <{o['inside']}> (scrolls sideways)" if o["inside"] else ""
            )
            self.note(
                screen,
                f"overflow: <{o['element']}>{inside}",
                f"ends at {o['right']} px ({o['where']}): “{o['text']}”",
            )
        if wide or measured["found"]:
            ARTIFACTS.mkdir(exist_ok=True)
            name = re.sub(r"\W+", "-", shown).strip("-") or "home"
            page.screenshot(
                path=str(ARTIFACTS / f"every-screen-{self.lang}-{name}.png"),
                full_page=True,
            )
        text = page.evaluate(TEXT_JS, self.lang)
        if "<" in text["title"] or ">" in text["title"]:
            self.note(screen, "the tab's title shows markup", f"“{text['title']}”")
        texts = [("", text["body"]), (" (tab title)", text["title"])]
        texts += [(f" (popover #{p['id']})", p["text"]) for p in measured["popovers"]]
        texts += [(f" ({a['where']})", a["text"]) for a in text["attrs"]]
        for where, words in texts:
            if self.lang in TRANSLATED:
                for phrase, seen in self.lexicon.hits(words):
                    self.note(screen, f"English “{phrase}”", seen + where)
            if self.lang in WITH_PLURALS:
                for phrase, seen in matches(ONE_PLURAL, words):
                    self.note(screen, f"plural “{phrase}”", seen + where)
            if self.lang == "it":
                for phrase, seen in matches(UNJOINED, words):
                    self.note(screen, f"Italian “{phrase}” unjoined", seen + where)

    def report(self) -> str:
        """Each distinct problem with how many screens have it, then every
        screen with each of its problems (where it was first seen, and how
        often)."""
        screens_with: dict[str, list[str]] = {}
        for screen, found in self.problems.items():
            for summary in found:
                screens_with.setdefault(summary, []).append(screen)
        lines = [f"{len(screens_with)} distinct problems:"]
        for summary, screens in sorted(screens_with.items()):
            n = len(screens)
            many = f"{n} screens" if n > 1 else "1 screen"
            lines.append(f"  {summary}: on {many}, e.g. {screens[0]}")
        lines.append("")
        lines.append(f"{len(self.problems)} screens with problems:")
        for screen, found in self.problems.items():
            lines.append(f"{screen}")
            for summary, details in found.items():
                times = f" (×{len(details)})" if len(details) > 1 else ""
                first = f" — {details[0]}" if details[0] else ""
                lines.append(f"  - {summary}{times}{first}")
        return "\n".join(lines)


@pytest.fixture(scope="module", params=LANGUAGES)
def reader(
    request: pytest.FixtureRequest,
    world: World,
    browser: Any,
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[Reader]:
    """A phone whose browser speaks one language and knows the world's tables."""
    lang = request.param
    context = browser.new_context(
        viewport=PHONE,
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        base_url=world.base_url,
        locale={"en": "en-GB", "it": "it-IT", "zh": "zh-CN"}[lang],
        extra_http_headers={"Accept-Language": lang},
    )
    context.add_cookies(world.cookies)
    yield Reader(
        lang, context.new_page(), Lexicon.of(lang), tmp_path_factory.mktemp(lang)
    )
    context.close()


# --------------------------------------------------------------------------
# The walks
# --------------------------------------------------------------------------

SEARCHES = {"en": "merchant bonus", "it": "bonus mercante", "zh": "金库上限"}
"""A question in each language that the rules answer."""


def send_file(reader: Reader, document: dict[str, Any], name: str) -> Any:
    """Import ``document`` with the home page's form; the answer."""
    path = reader.tmp / name
    path.write_text(json.dumps(document))
    page = reader.page
    page.goto("/")
    page.locator("form[action='/import'] input[type=file]").set_input_files(str(path))
    with page.expect_navigation() as navigation:
        page.locator("form[action='/import'] button[type=submit]").click()
    return navigation.value


def walk_no_table(reader: Reader, world: World) -> None:
    """Home (both pages of its list), join, the rules, an error page, import."""
    page = reader.page
    for path in ("/", "/?page=2", "/join", "/rules", "/record"):
        reader.visit(path)
    for game in ("foundations-of-rome", "all-roads", "glory-to-rome"):
        reader.visit(f"/new/{game}")
    reader.visit(f"/rules?q={quote(SEARCHES[reader.lang])}")
    hit = page.locator("ol.hits li.hit h2 a")
    assert hit.count() > 0, f"the rules answer nothing to {SEARCHES[reader.lang]}"
    reader.visit(str(hit.first.get_attribute("href")))
    # From a table: its own house rule comes first.
    reader.visit(f"/rules?q={quote(HOUSE_RULE[0])}&t={world.house_rule_table}")
    reader.visit("/t/no-such-table", status=404)
    # The import screen: a file the app refuses (buildings overlap).
    shared = require_shared()
    bad = json.loads(
        (shared / "scenarios" / "invalid" / "buildings-overlap.json").read_text()
    )
    for seat, player in enumerate(bad["players"]):
        player["name"] = NAMES[seat]
    for building in bad["buildings"]:
        if building.get("name") not in PIECE_NAMES:
            building["name"] = HAND_NAMES[0]
    answer = send_file(reader, bad, "refused.json")
    reader.check("/import", answer, 400, label="a refused import")
    # A file it takes: the new table opens, saying so.
    answer = send_file(reader, scenario("for-2p-era1-basics"), "imported.json")
    reader.check("", answer, 200, label="an import")


def start_table(reader: Reader, game: str, seats: int) -> str:
    """A new table of ``game`` started with the new-table form, its options
    ticked; the new table's id."""
    page = reader.page
    page.goto(f"/new/{game}")
    for seat in range(seats):
        page.locator(f"input[name='players-{seat}-name']").fill(NAMES[seat])
    for box in page.locator("input[type=checkbox][name^=option_]").all():
        box.check()
    page.locator("main form[method=post] button[type=submit]").last.click()
    page.wait_for_url(re.compile(r"/t/[\w\-]+$"))
    return str(page.url).rsplit("/", 1)[1]


def walk_game(reader: Reader, world: World, game: str) -> None:
    """Every screen of the world's tables of ``game``, then of a new table."""
    for table in world.tables:
        if table.game == game:
            for path in table.screens:
                reader.visit(path, label=table.label)
    seats = {"foundations-of-rome": 3, "all-roads": 2, "glory-to-rome": 2}[game]
    t = f"/t/{start_table(reader, game, seats)}"
    screens = [t, f"{t}/history", f"{t}/share", f"{t}/house-rules", f"{t}/delete"]
    if game == "foundations-of-rome":  # with both options
        screens += [
            f"{t}/board",
            f"{t}/board?owner=red&lots=A1,B1",
            f"{t}/build?owner=red&lots=A1,B1",
            f"{t}/build?owner=red&lots=A1",
            f"{t}/era",
            f"{t}/roads/setup",
            f"{t}/monuments",
        ]
    elif game == "all-roads":
        screens += [f"{t}/tally", f"{t}/turn"]
    else:
        screens += [f"{t}/camps", f"{t}/end"]
    for path in screens:
        reader.visit(path, label="a new table")


PARTS = ("no table", "foundations-of-rome", "all-roads", "glory-to-rome")


@pytest.mark.parametrize("part", PARTS)
def test_every_screen_in_every_language(
    reader: Reader, world: World, part: str
) -> None:
    reader.problems, reader.screens, reader.seconds = {}, 0, 0.0
    if part == "no table":
        walk_no_table(reader, world)
    else:
        walk_game(reader, world, part)
    report = reader.report()
    ARTIFACTS.mkdir(exist_ok=True)
    slug = re.sub(r"\W+", "-", part)
    (ARTIFACTS / f"every-screen-{reader.lang}-{slug}.txt").write_text(report + "\n")
    print(
        f"\n{reader.lang}, {part}: {reader.screens} screens in {reader.seconds:.1f} s"
    )
    if reader.problems:
        pytest.fail(
            f"{reader.lang}, {part}: {len(reader.problems)} of {reader.screens} "
            f"screens have problems.\n{report}",
            pytrace=False,
        )
