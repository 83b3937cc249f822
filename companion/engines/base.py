"""Shared building blocks of the game engines: players, errors, strict JSON reading,
and the words they say.

Everything here is pure: standard library only, no I/O. The engines take plain
values (the decoded JSON of a table file) and return frozen dataclasses.

Every sentence a player reads is a :class:`Message` built with :func:`msg` or
:func:`nmsg` (the web layer translates it; ``str()`` gives English): explanation
lines (:class:`Line`, with a :class:`Citation`), rule errors
(:attr:`RuleError.message`), the problems of a table file (:class:`Problem`),
and the shared pieces :func:`and_list`, :func:`comma_list`, :func:`ordinal` and
:func:`display_names`. JSON paths and the file's own keys and values stay as
the file spells them.
"""

from __future__ import annotations

import builtins
import json
import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from functools import lru_cache
from types import MappingProxyType
from typing import Any, Final, Protocol, TypeAlias, TypeVar

JsonPath: TypeAlias = str
"""A JSON path in the form the spec uses: ``buildings[3].lots[1]``, ``unbuilt.red``."""

PlayerId: TypeAlias = str
Points: TypeAlias = int

FORMAT = "rome-companion/1"
"""The table file format this version reads and writes."""

PLAYER_ID_RE = re.compile(r"^[a-z][a-z0-9-]{0,19}\Z")
"""A player id is a short lowercase word (spec: "Common envelope")."""

NAME_MAX = 40

NOT_TEXT: Final = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff]")
"""Characters no text takes, in a form's field or a table file: NUL
(PostgreSQL cannot store it), the other control characters but tab and line
breaks (ESC, backspace, DEL...: invisible, so a name holding one could never
be typed again), and lone UTF-16 surrogates (not characters; they cannot be
written as UTF-8)."""


MessageArg: TypeAlias = "str | int | Message"


@dataclass(frozen=True)
class Message:
    """Words for a person, kept translatable.

    ``template`` is English with ``{named}`` fields; ``plural`` is its plural form,
    chosen by the integer field ``count`` (``n`` unless said). ``str()`` gives the
    English text; the web layer translates the template (gettext, or ngettext
    when there is a plural) and then fills the fields, which may be Messages
    themselves. Build them with :func:`msg` and :func:`nmsg`, the names the
    string extractor looks for (``babel.cfg``).
    """

    template: str
    args: tuple[tuple[str, MessageArg], ...] = ()
    plural: str | None = None
    count: str = "n"
    editions: tuple[tuple[str, Message], ...] = ()
    """Other words for a reader of a language (``"it"``): a citation of a rule
    printed in the Italian and the Chinese rulebooks cites, for an Italian
    reader, the Italian one only (:meth:`Citation.as_message`)."""

    @property
    def fields(self) -> dict[str, MessageArg]:
        return dict(self.args)

    def render(
        self,
        translate: Callable[[Message], str] | None = None,
        *,
        lang: str | None = None,
    ) -> str:
        """The text, with ``translate(message) -> template`` choosing the words
        (English when ``None``) and ``lang`` the reader's language, for the
        messages that have words of their own for it (:attr:`editions`)."""
        if lang is not None:
            for code, words in self.editions:
                if code == lang:
                    return words.render(translate, lang=lang)
        fields = self.fields
        if translate is not None:
            template = translate(self)
        elif self.plural is not None and fields.get(self.count) != 1:
            template = self.plural
        else:
            template = self.template
        values = {
            key: value.render(translate, lang=lang)
            if isinstance(value, Message)
            else value
            for key, value in fields.items()
        }
        return template.format(**values)

    def __str__(self) -> str:
        return self.render()


def msg(template: str, /, **args: MessageArg) -> Message:
    """A translatable message: ``msg("{name} at {lots}", name=..., lots=...)``."""
    return Message(template, tuple(args.items()))


def nmsg(singular: str, plural: str, /, n: int, **args: MessageArg) -> Message:
    """A translatable message with a plural, chosen by ``n`` (also a field)."""
    return Message(singular, (("n", n), *args.items()), plural)


def _verbatim(value: MessageArg) -> Message:
    """``value`` as a message whose template says nothing of its own: text that
    is already in its final words (a name, a lot, a translated sentence).

    Built without :func:`msg` on purpose: the template ``{text}`` is no words to
    translate, and a translator that does not know it returns it unchanged.
    """
    return Message("{text}", (("text", value),))


def and_list(items: Sequence[MessageArg]) -> Message:
    """``a``, ``a and b``, ``a, b and c``: items joined as a list in words.

    :raises ValueError: no items.
    """
    if not items:
        raise ValueError("a list in words needs at least one item")
    if len(items) == 1:
        return _verbatim(items[0])
    if len(items) == 2:
        return msg("{first} and {last}", first=items[0], last=items[1])
    return msg("{first}, {rest}", first=items[0], rest=and_list(items[1:]))


def comma_list(items: Sequence[MessageArg]) -> Message:
    """``a``, ``a, b``, ``a, b, c``: items listed with commas only (lots, ids).

    :raises ValueError: no items.
    """
    if not items:
        raise ValueError("a list in words needs at least one item")
    if len(items) == 1:
        return _verbatim(items[0])
    return msg("{first}, {rest}", first=items[0], rest=comma_list(items[1:]))


def ordinal(n: int) -> Message:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ``11th``, ``21st``: ``n`` as a place.

    One template per English ending, so that a language with a single form
    (``{n}º``, ``第{n}``) translates each alike.
    """
    if n % 100 not in (11, 12, 13):
        if n % 10 == 1:
            return msg("{n}st", n=n)
        if n % 10 == 2:
            return msg("{n}nd", n=n)
        if n % 10 == 3:
            return msg("{n}rd", n=n)
    return msg("{n}th", n=n)


ENGLISH_ONLY: Final = frozenset({"000", "001", "002"})
"""The rulebooks with no Italian or Chinese edition."""

SECTION_TITLES: Final[dict[str, Message]] = {
    message.template: message
    for message in (
        msg("5th Player Expansion"),
        msg("Action 1: Take Income"),
        msg("Action 2: Buy a Deed"),
        msg("Action 3: Construct a Building"),
        msg("Alternate Monuments"),
        msg("Alternate Rewards"),
        msg("Board Size Adjustment"),
        msg("Building Over"),
        msg("Building Types"),
        msg("Civic Building Scoring"),
        msg("Commercial Building Scoring"),
        msg("Components"),
        msg("Course of the Game"),
        msg("Dead Ends"),
        msg("Deed Board Depletion"),
        msg("Deed Drafting"),
        msg("Determining Influence"),
        msg("East Road Board"),
        msg("End of Era Scoring"),
        msg("End of Game"),
        msg("End of the Game"),
        msg("Example of End Scoring"),
        msg("Gameplay Example"),
        msg("Gameplay Overview"),
        msg("Garden of Ceres Setup"),
        msg("Goal of the Game"),
        msg("Holes Inside Road Loops?"),
        msg("How to Build?"),
        msg("I. Play 2 Tiles From Your Hand"),
        msg("II. Build New Tokens and/or Upgrade Existing Tokens"),
        msg("II.1 Build Houses"),
        msg("II.2 Build Villas & Spas"),
        msg("II.3 Upgrade Houses"),
        msg("II.4 Build Monuments"),
        msg("II.5 Claim Trade Routes"),
        msg("III. Draw 2 Tiles From Your Draw Stack"),
        msg("Limited Building Supply"),
        msg("Lot Markers"),
        msg("Monument Markers"),
        msg("Monuments Expansion"),
        msg("North Road Board"),
        msg("Out of Tokens?"),
        msg("Overview"),
        msg("Player Reference"),
        msg("Population Tokens"),
        msg("Residential Building Scoring"),
        msg("Road Loops"),
        msg("Setup"),
        msg("South Road Board"),
        msg("Special Rules & Edge Cases"),
        msg("Turn Structure"),
        msg("West Road Board"),
    )
}
"""Each part of a section title of the rulebooks written only in English, as
a message to translate (ours: the rulebooks 003 and 004 are cited in their
own words). A title ``A - B`` is its parts; a monument's name stays as
printed."""


def section_words(section: str) -> Message:
    """``section`` of an English-only rulebook as a message in the reader's
    words: each part of ``A - B`` its translated title, or as printed where
    none is listed (a monument's name)."""
    parts = [
        SECTION_TITLES.get(part) or _as_printed(part) for part in section.split(" - ")
    ]
    words = parts[0]
    for part in parts[1:]:
        words = msg("{first} - {then}", first=words, then=part)
    return words


def _as_printed(part: str) -> Message:
    """A part with no words of ours (a monument's name): as printed."""
    return Message("{text}", (("text", part),))


EDITIONS: Final[Mapping[str, str]] = MappingProxyType({"003": "it", "004": "zh"})
"""The rulebooks in one language other than English, and that language: Sit
Gloria Romae (003, Italian) and 罗马荣光 (004, Chinese) print the same game."""

EDITION_SECTIONS: Final[Mapping[tuple[str, str], Message]] = MappingProxyType(
    {
        ("003", "Esempio di punteggio del Muro"): msg("Wall Scoring Example"),
        ("003", "Fine partita"): msg("End of Game"),
        ("003", "Fine partita e punteggio"): msg("End of Game and Scoring"),
        ("003", "Fondazione"): msg("Foundation"),
        ("003", "Guidare e seguire"): msg("Leading and Following"),
        ("003", "Mercante"): msg("Merchant"),
        ("003", "Muro"): msg("Wall"),
        ("003", "Pensare"): msg("Thinking"),
        ("003", "Struttura completata"): msg("Completed Structure"),
        ("004", "1、雇佣雇员"): msg("1. Hiring Clients"),
        ("004", "2、收集建材"): msg("2. Gathering Materials"),
        ("004", "3、建造建筑"): msg("3. Constructing Buildings"),
        ("004", "3.1 放置地基"): msg("3.1 Laying a Foundation"),
        ("004", "3.2 给建筑增加建材"): msg("3.2 Adding Materials to a Building"),
        ("004", "3.3 完成建筑"): msg("3.3 Completing a Building"),
        ("004", "3.3-3.4 完成建筑"): msg("3.3-3.4 Completing a Building"),
        ("004", "3.4 建筑的好处"): msg("3.4 What a Building Gives"),
        ("004", "4、征集建材"): msg("4. Demanding Materials"),
        ("004", "5、出售建材"): msg("5. Selling Materials"),
        ("004", "军团雇员"): msg("Legionary Clients"),
        ("004", "思考"): msg("Thinking"),
        ("004", "游戏准备"): msg("Setup"),
        ("004", "游戏时长"): msg("Playing Time"),
        ("004", "游戏目标"): msg("Goal of the Game"),
        ("004", "游戏结束"): msg("End of Game"),
        ("004", "游戏进程"): msg("Course of the Game"),
        ("004", "游戏配件"): msg("Components"),
        ("004", "计分和胜利条件"): msg("Scoring and Victory"),
        ("004", "适合年龄"): msg("Suggested Age"),
        ("004", "设计师"): msg("Designer"),
    }
)
"""The sections of rulebooks 003 and 004 that the app cites, in English words
(ours, translated like any message) for a reader of another language; a
section not listed is cited as printed."""


OUR_NOTES: Final[Mapping[tuple[str, str], Message]] = MappingProxyType(
    {
        ("game-data.md", "1.5 Monuments catalogue"): msg(
            "from the only list of the Monuments cards we found"
        ),
        ("game-data.md", ""): msg("card texts as we list them (not in the rulebooks)"),
    }
)
"""Sources that are not a rulebook, by the file a :class:`Citation` names
(``rulebook``) and the start of its section, the most specific first: our
notes on the components (``../shared/game-data.md``) and the unofficial
Monuments card list they hold. Cited in words by what they are, never by
the name of a file of ours."""


def _our_notes(rulebook: str, section: str) -> Message | None:
    """The words of a citation of our notes (:data:`OUR_NOTES`), if it is one."""
    for (book, start), words in OUR_NOTES.items():
        if rulebook == book and section.startswith(start):
            return words
    return None


@dataclass(frozen=True)
class Citation:
    """Where a rule is written: a rulebook in ``../shared/rulebooks`` (``"001"``),
    the section as the rulebook names it, and the page where it gives one.

    ``rulebook`` may also name another file of ``../shared`` (``"game-data.md"``,
    the component data) where no rulebook gives a number. ``also`` lists further
    places that state the same rule (the other edition's rulebook, the card
    text), cited after this one.
    """

    rulebook: str
    section: str
    page: int | None = None
    also: tuple[Citation, ...] = ()

    def as_message(self) -> Message:
        """The citation in words: ``rulebook 001, End of Game, p. 9``, then the
        places in ``also``, separated by ``;``.

        Each section as printed; but a reader of Italian or Chinese, where
        rulebook 003 or 004 is in their language, reads only the places in
        that one (and in the rest: the English rulebooks, our notes), the
        other edition's left out; and where neither is, as an English
        reader, both editions' sections in their own words
        (:data:`EDITION_SECTIONS`), none in a language they may not read.
        """
        plain = self._words()
        parts = self.parts()
        if not any(part.rulebook in EDITIONS for part in parts):
            return plain
        editions = tuple(
            (lang, _joined([part._one(lang) for part in _for_reader(parts, lang)]))
            for lang in ("en", *EDITIONS.values())
        )
        return replace(plain, editions=editions)

    def parts(self) -> tuple[Citation, ...]:
        """This place and every place in ``also``, each on its own."""
        head = replace(self, also=())
        return (head, *(part for other in self.also for part in other.parts()))

    def _one(self, lang: str) -> Message:
        """This place alone, for a reader of ``lang``: a section of another
        language's edition in words of theirs where we have them."""
        if self.rulebook in EDITIONS and EDITIONS[self.rulebook] != lang:
            words = EDITION_SECTIONS.get((self.rulebook, self.section))
            if words is not None:
                where = msg(
                    "rulebook {rulebook}, {section}",
                    rulebook=self.rulebook,
                    section=words,
                )
                if self.page is not None:
                    where = msg("{where}, p. {page}", where=where, page=self.page)
                return where
        return replace(self, also=())._words()

    def _words(self) -> Message:
        """The citation in words, every section as printed."""
        where: Message
        if self.rulebook.isdigit():
            section: MessageArg = self.section
            if self.rulebook in ENGLISH_ONLY:
                section = section_words(self.section)
            where = msg(
                "rulebook {rulebook}, {section}",
                rulebook=self.rulebook,
                section=section,
            )
        elif (notes := _our_notes(self.rulebook, self.section)) is not None:
            where = notes
        else:
            where = _verbatim(f"{self.rulebook}, {self.section}")
        if self.page is not None:
            where = msg("{where}, p. {page}", where=where, page=self.page)
        for other in self.also:
            where = msg("{first}; {then}", first=where, then=other._words())
        return where

    def __str__(self) -> str:
        return str(self.as_message())


def _for_reader(parts: Sequence[Citation], lang: str) -> list[Citation]:
    """The places a reader of ``lang`` reads: where some are in the edition of
    their language, those and the places in no edition (the English
    rulebooks, our notes); otherwise all of them."""
    if not any(EDITIONS.get(part.rulebook) == lang for part in parts):
        return list(parts)
    return [part for part in parts if EDITIONS.get(part.rulebook, lang) == lang]


def _joined(places: Sequence[Message]) -> Message:
    """Places cited one after the other, separated by ``;``."""
    where = places[0]
    for other in places[1:]:
        where = msg("{first}; {then}", first=where, then=other)
    return where


@dataclass(frozen=True)
class Line:
    """One explained source of points, or one decision (a tie-break, a bonus).

    ``points`` is ``None`` on a line that decides an order rather than adds
    points; ``text`` says it in words; ``source`` is the rule behind it.
    """

    points: int | None
    text: Message
    source: Citation

    def to_json(self) -> dict[str, object]:
        """The line as the ``companion`` command prints it (English)."""
        return {
            "points": self.points,
            "text": str(self.text),
            "source": str(self.source),
        }


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a table file, and where it is.

    ``str()`` gives ``path: message`` in English, as the ``companion`` command
    prints it; the web layer translates ``message`` and keeps the path.
    """

    path: JsonPath
    message: Message

    def __str__(self) -> str:
        return one_line(f"{shown_path(self.path)}: {self.message}")


class RuleError(ValueError):
    """Base class of every error an engine raises about its input.

    ``message`` says what is wrong in words a player reads: a :class:`Message`
    (translatable), or plain text, which is kept as it is. ``str()`` gives the
    English.
    """

    def __init__(self, message: str | Message = "") -> None:
        self.message: Message = (
            message if isinstance(message, Message) else _verbatim(message)
        )
        super().__init__(message)

    def __str__(self) -> str:
        return str(self.message)


class TableFileError(RuleError):
    """A table file that breaks the spec or a game rule.

    Carries one or more :class:`Problem`, each naming its JSON path; ``str()``
    gives one line per problem, as the ``companion`` command prints them.
    """

    def __init__(self, problems: Sequence[Problem]) -> None:
        if not problems:
            raise ValueError("TableFileError needs at least one problem")
        self.problems: tuple[Problem, ...] = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))

    @classmethod
    def at(cls, path: JsonPath, message: Message) -> TableFileError:
        """An error with a single problem at ``path``."""
        return cls([Problem(path, message)])


class UnknownGameError(TableFileError):
    """The file names a game the app does not know."""


class UnsupportedGameError(TableFileError):
    """The game is known, but its scoring engine is not available yet."""


ROOT: Final = "$"
"""How a path shows the whole file (the top level): ``$: expected an object``."""

_PLAIN_KEY: Final = re.compile(r"^[\w-]+\Z")
"""A key a path shows as it is: letters, digits, ``_`` and ``-`` (every key
and id the spec has: ``score_before``, ``red``, ``C3``, ``tower-of-wonders``)."""


def one_line(text: str) -> str:
    """``text`` on one line: every character that ends a line (a newline, a
    carriage return, U+2028 ...) or controls a terminal, written as its
    escape (``\\n``, ``\\u2028``). A problem quotes what the file holds, and
    one problem is one line (spec: "The command"), whatever a name holds."""
    return "".join(_escape(c) for c in text)


_ESCAPES: Final = {"\n": "\\n", "\r": "\\r"}


def _escape(char: str) -> str:
    if char == "\t" or unicodedata.category(char) not in ("Cc", "Zl", "Zp"):
        return char
    return _ESCAPES.get(char) or f"\\u{ord(char):04x}"


def shown_path(path: JsonPath) -> str:
    """A path as an error line starts with it: ``$`` for the whole file."""
    return path or ROOT


def child_path(parent: JsonPath, key: str | int) -> JsonPath:
    """The path of ``key`` in ``parent``: ``a.b``, ``a[2]``, or ``b`` at the
    root; any other key (empty, with a space, a dot, a quote, a character
    that is not text) as a JSON string in brackets, every character printable:
    ``a[""]``, ``$["a b"]``, ``$["\\u0000"]``."""
    if isinstance(key, int):
        return f"{parent or ROOT}[{key}]"
    if not _PLAIN_KEY.match(key):
        return f"{parent or ROOT}[{json.dumps(key)}]"
    return f"{parent}.{key}" if parent else key


def not_a_player(pid: str) -> Message:
    """The problem of a key or owner that names nobody at the table."""
    return msg("{id} is not a player at this table", id=repr(pid))


def below_minimum(value: int, least: int) -> Message:
    """The problem of a number under its lower bound (a count below 0)."""
    return msg("{value} is below the minimum {least}", value=value, least=least)


def not_one_of(value: str, options: Sequence[str]) -> Message:
    """The problem of a value that is none of the allowed words."""
    return msg(
        "{value} is not one of: {options}",
        value=repr(value),
        options=comma_list(options),
    )


def _kind(value: object) -> Message:
    """The JSON name of a value's type, for messages."""
    if value is None:
        return _verbatim("null")
    if isinstance(value, bool):
        return _verbatim("true/false")
    if isinstance(value, int | float):
        return msg("a number")
    if isinstance(value, str):
        return msg("text")
    if isinstance(value, list):
        return msg("a list")
    if isinstance(value, dict):
        return msg("an object")
    return _verbatim(type(value).__name__)


@dataclass(frozen=True)
class Node:
    """A decoded JSON value together with its path, read strictly.

    Every accessor checks the type (and bounds) it asks for and raises
    :class:`TableFileError` naming this node's path when the value does not fit.
    """

    value: object
    path: JsonPath = ""

    def fail(self, message: Message) -> TableFileError:
        """An error about this node (to ``raise``)."""
        return TableFileError.at(self.path, message)

    def child(self, key: builtins.str | builtins.int, value: object) -> Node:
        return Node(value, child_path(self.path, key))

    def object(
        self,
        *,
        required: Sequence[builtins.str] = (),
        optional: Sequence[builtins.str] = (),
    ) -> dict[str, Node]:
        """This value as an object with exactly these keys.

        :raises TableFileError: not an object, a required key missing, or an
            unknown key (a typo must never silently score 0).
        """
        if not isinstance(self.value, dict):
            raise self.fail(
                msg("expected an object, got {kind}", kind=_kind(self.value))
            )
        known = set(required) | set(optional)
        for key in self.value:
            if key not in known:
                allowed = comma_list(sorted(known)) if known else msg("none")
                raise TableFileError.at(
                    child_path(self.path, str(key)),
                    msg(
                        "unknown key {key} (allowed here: {allowed})",
                        key=repr(str(key)),
                        allowed=allowed,
                    ),
                )
        for key in required:
            if key not in self.value:
                raise TableFileError.at(
                    child_path(self.path, key), msg("is required but missing")
                )
        return {key: self.child(key, val) for key, val in self.value.items()}

    def mapping(self) -> dict[str, Node]:
        """This value as an object with free keys (e.g. keyed by player id)."""
        if not isinstance(self.value, dict):
            raise self.fail(
                msg("expected an object, got {kind}", kind=_kind(self.value))
            )
        return {str(key): self.child(str(key), val) for key, val in self.value.items()}

    def list(
        self, *, min_len: builtins.int = 0, max_len: builtins.int | None = None
    ) -> builtins.list[Node]:
        """This value as a list of ``min_len`` to ``max_len`` items."""
        if not isinstance(self.value, list):
            raise self.fail(msg("expected a list, got {kind}", kind=_kind(self.value)))
        n = len(self.value)
        if n < min_len or (max_len is not None and n > max_len):
            if max_len is None:
                expected = msg(
                    "expected at least {least} items, got {n}", least=min_len, n=n
                )
            elif min_len == max_len:
                expected = msg(
                    "expected exactly {count} items, got {n}", count=min_len, n=n
                )
            else:
                expected = msg(
                    "expected {least} to {most} items, got {n}",
                    least=min_len,
                    most=max_len,
                    n=n,
                )
            raise self.fail(expected)
        return [self.child(i, item) for i, item in enumerate(self.value)]

    def int(
        self, *, min: builtins.int | None = None, max: builtins.int | None = None
    ) -> builtins.int:  # noqa: A002
        """This value as a whole number within ``min``..``max``."""
        value = self.value
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(
                msg("expected a whole number, got {kind}", kind=_kind(value))
            )
        if min is not None and value < min:
            raise self.fail(below_minimum(value, min))
        if max is not None and value > max:
            raise self.fail(
                msg("{value} is above the maximum {most}", value=value, most=max)
            )
        return value

    def bool(self) -> builtins.bool:
        if not isinstance(self.value, bool):
            raise self.fail(
                msg("expected true or false, got {kind}", kind=_kind(self.value))
            )
        return self.value

    def str(
        self, *, min_len: builtins.int = 0, max_len: builtins.int | None = None
    ) -> builtins.str:
        """This value as text of ``min_len`` to ``max_len`` characters."""
        if not isinstance(self.value, str):
            raise self.fail(msg("expected text, got {kind}", kind=_kind(self.value)))
        n = len(self.value)
        if n < min_len:
            raise self.fail(
                msg("must not be empty") if min_len == 1 else msg("is too short")
            )
        if max_len is not None and n > max_len:
            raise self.fail(
                msg("is {n} characters long; at most {most} allowed", n=n, most=max_len)
            )
        return self.value

    def choice(self, options: Sequence[builtins.str]) -> builtins.str:
        """This value as one of ``options``."""
        value = self.str()
        if value not in options:
            raise self.fail(not_one_of(value, options))
        return value


@dataclass(frozen=True)
class Player:
    """A seat at the table: ``id`` is the short word used in the file."""

    id: PlayerId
    name: str


def player_marks(players: Iterable[Player]) -> dict[PlayerId, str]:
    """Each player's mark on the board and the charts: the initial of their
    name (``Gina``: ``G``; ``李雷``: ``李``; a name with no letter or digit:
    its first character), with the next letter of the name where two
    initials are the same (``Ga``, ``Gi``), else the initial and a number
    (``G1``, ``G2``, in the order of the players' ids).

    Made from the names the players typed, never from words of a language,
    so every phone at the table reads the same mark, whatever its language;
    and from the set of players, not their order, so a list in any order
    (seats, places) marks each player alike.
    """
    everyone = sorted(players, key=lambda p: p.id)

    def letters(name: str) -> str:
        return "".join(c for c in name if c.isalnum())

    initial = {
        p.id: (letters(p.name)[:1] or p.name.strip()[:1] or "?").upper()
        for p in everyone
    }
    marks: dict[PlayerId, str] = {}
    for p in everyone:
        same = [q for q in everyone if initial[q.id] == initial[p.id]]
        if len(same) == 1:
            marks[p.id] = initial[p.id]
            continue
        # A second letter, never a digit: "G2" is only ever a number.
        seconds = [letters(q.name)[1:2].lower() for q in same]
        mine = letters(p.name)[1:2].lower()
        if mine.isalpha() and seconds.count(mine) == 1:
            marks[p.id] = initial[p.id] + mine
        else:
            marks[p.id] = f"{initial[p.id]}{same.index(p) + 1}"
    return marks


class Colour(Enum):
    """A player colour; in a game with colours it is also the player's id in
    the file (spec: "Common envelope")."""

    RED = "red"
    BLUE = "blue"
    GREEN = "green"
    PURPLE = "purple"
    YELLOW = "yellow"

    @property
    def title(self) -> Message:
        """The colour in words (``Red``): a colour is never shown by its swatch
        alone."""
        match self:
            case Colour.RED:
                return msg("Red")
            case Colour.BLUE:
                return msg("Blue")
            case Colour.GREEN:
                return msg("Green")
            case Colour.PURPLE:
                return msg("Purple")
            case Colour.YELLOW:
                return msg("Yellow")


class _Ordered(Protocol):
    def __lt__(self, other: Any, /) -> bool: ...


OrderedT = TypeVar("OrderedT", bound=_Ordered)


def competition_places(keys: Sequence[OrderedT]) -> tuple[int, ...]:
    """Each key's place, a lower key placing higher: equal keys share a place
    and the next place is skipped (1, 1, 3), as every game here ranks."""
    return tuple(1 + sum(other < key for other in keys) for key in keys)


class _Seated(Protocol):
    @property
    def player(self) -> Player: ...


SeatedT = TypeVar("SeatedT", bound=_Seated)


def for_player(results: Iterable[SeatedT], player_id: PlayerId) -> SeatedT:
    """The one of ``results`` (a player's score, result ...) for ``player_id``.

    :raises KeyError: no such player.
    """
    for result in results:
        if result.player.id == player_id:
            return result
    raise KeyError(player_id)


def read_players(
    node: Node,
    *,
    min_players: int,
    max_players: int,
    ids: Sequence[str] | None = None,
) -> tuple[Player, ...]:
    """Read the seating order (spec: "Common envelope").

    :param ids: the only ids allowed (a game whose ids are colours), or ``None``
        for any short lowercase word.
    :raises TableFileError: wrong count, a bad or repeated id, a bad name.
    """
    players: list[Player] = []
    seen: set[str] = set()
    for item in node.list(min_len=min_players, max_len=max_players):
        fields = item.object(required=("id", "name"))
        pid = fields["id"].str()
        if ids is not None and pid not in ids:
            raise fields["id"].fail(not_one_of(pid, ids))
        if not PLAYER_ID_RE.match(pid):
            raise fields["id"].fail(
                msg(
                    "{id} is not a short lowercase word (a-z, digits, '-')",
                    id=repr(pid),
                )
            )
        if pid in seen:
            raise fields["id"].fail(msg("player id {id} is used twice", id=repr(pid)))
        seen.add(pid)
        name = fields["name"].str(min_len=1, max_len=NAME_MAX)
        if not name.strip():
            raise fields["name"].fail(msg("must not be blank"))
        players.append(Player(pid, name))
    return tuple(players)


def display_names(players: Iterable[Player]) -> dict[PlayerId, str | Message]:
    """The name to show for each player: the name, with the id added where two
    players share a name (names are free text and need not be unique)."""
    return dict(_display_names(tuple(players)))


@lru_cache(maxsize=256)
def _display_names(players: tuple[Player, ...]) -> dict[PlayerId, str | Message]:
    # Asked for every line that names a player (thousands on an era page):
    # worked out once per table of players. Callers get a copy.
    count = Counter(p.name for p in players)
    return {
        p.id: p.name
        if count[p.name] == 1
        else msg("{name} ({id})", name=p.name, id=p.id)
        for p in players
    }


def per_player(node: Node, players: Sequence[Player]) -> Iterator[tuple[Player, Node]]:
    """The entries of an object keyed by player id, each checked to be a player."""
    by_id = {p.id: p for p in players}
    for key, child in node.mapping().items():
        if key not in by_id:
            raise child.fail(not_a_player(key))
        yield by_id[key], child


@dataclass(frozen=True)
class Engine:
    """What a game module gives the registry: how to read, write, score and start
    a file.

    Each game module builds one ``ENGINE``; the typed API of the module itself
    (its sheet and result dataclasses) is what views and tests use directly.
    """

    required_keys: tuple[str, ...]
    """Top-level keys of the table file this game requires (besides the envelope)."""
    optional_keys: tuple[str, ...]
    read: Callable[[Mapping[str, Node], tuple[Player, ...]], Any]
    """Read the file's game part into the game's sheet; raises TableFileError."""
    write: Callable[[Any], dict[str, object]]
    """The inverse of ``read``: the game's part of the table file for a sheet, in
    the spec's shape (only the game's own top-level keys, a subset of
    ``required_keys`` + ``optional_keys``; never ``format``, ``game`` or
    ``players``), optional keys left out when they hold nothing, so that
    ``read(write(sheet))`` is ``sheet`` again."""
    score_json: Callable[[Any], dict[str, object]]
    """Score a sheet and return the JSON the ``companion score`` command prints."""
    blank: Callable[[tuple[Player, ...]], dict[str, object]]
    """The game-specific keys of a new table with these players (a valid file)."""


# --------------------------------------------------------------------------
# Values that never change
# --------------------------------------------------------------------------

K = TypeVar("K")
V = TypeVar("V")


class FrozenMap(Mapping[K, V]):
    """A read-only mapping that can be hashed, copied and pickled (unlike
    ``MappingProxyType``), so that a :class:`City` is a plain value."""

    __slots__ = ("_data",)

    def __init__(self, data: Mapping[K, V] | None = None) -> None:
        self._data: dict[K, V] = dict(data or {})

    def __getitem__(self, key: K) -> V:
        return self._data[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __hash__(self) -> int:
        return hash(frozenset(self._data.items()))

    def __repr__(self) -> str:
        return f"FrozenMap({self._data!r})"

    def __reduce__(self) -> tuple[type[FrozenMap[K, V]], tuple[dict[K, V]]]:
        return (type(self), (self._data,))
