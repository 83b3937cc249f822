"""Reading a table file's text: JSON that any input may hold, bounded.

Every way a table file comes in (the ``companion`` command, an import on the
web) reads its text here before the games read its values, so that no input
can break what comes after: a value nested a thousand levels deep (Python's
decoder would recurse until it fails), a number of thousands of digits
(Python refuses to turn one into text again, so it could never be shown), text
that is not text (a lone UTF-16 surrogate such as ``"\\ud800"`` cannot be
written as UTF-8, so every page that shows it would fail; a NUL cannot be
stored by PostgreSQL) and NaN or Infinity (not JSON) are refused here, each
problem at its JSON path, as the spec asks of every error.

Paths: the top level is ``$``; a key is ``.key`` after its parent, or
``["key"]`` (a JSON string) when it is not a plain word, so that an empty or
odd key is still a path (``$[""]``, ``camps["a b"]``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

from .base import (
    NOT_TEXT,
    JsonPath,
    Message,
    Problem,
    TableFileError,
    child_path,
    msg,
)

MAX_CHARACTERS: Final = 1_000_000
"""A table file's size at most: a 5-player game with every building and road
board is about 10,000 characters."""
MAX_DEPTH: Final = 16
"""Objects and lists inside one another at most: the deepest the spec nests
is 5 (``road_boards.choices[0].reward``)."""
MAX_DIGITS: Final = 15
"""Digits of a whole number at most: every count and score in a game is far
smaller, and 15 digits stay exact everywhere the file may go (a JavaScript
number, a database column)."""


@dataclass(frozen=True)
class _Refused:
    """A number the decoder read that the file may not hold: kept in place
    so that its path can be named once the whole file is read."""

    why: Message


def _whole_number(text: str) -> int | _Refused:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        return _Refused(
            msg(
                "a number of {n} digits; a table file's numbers have at most {most}",
                n=digits,
                most=MAX_DIGITS,
            )
        )
    return int(text)


def _not_json(name: str) -> _Refused:
    return _Refused(msg("{name} is not a number JSON allows", name=name))


class _Repeated(dict[str, object]):
    """An object in which a key is written more than once: the value kept is
    the last, as Python's decoder keeps it, and the keys repeated are noted
    so that their path can be named once the whole file is read."""

    def __init__(
        self, pairs: list[tuple[str, object]], repeated: dict[str, int]
    ) -> None:
        super().__init__(pairs)
        self.repeated = repeated
        """Each key written more than once, with how many times."""


def _object(pairs: list[tuple[str, object]]) -> dict[str, object]:
    """A decoded object: a plain ``dict``, or a :class:`_Repeated` when a key
    is written twice (it never leaves this module: the file is refused)."""
    keys = [key for key, _value in pairs]
    if len(set(keys)) == len(keys):
        return dict(pairs)
    repeated = {key: keys.count(key) for key in keys if keys.count(key) > 1}
    return _Repeated(pairs, repeated)


_SURROGATE: Final = re.compile("[\ud800-\udfff]")


def _text_problem(text: str) -> Message | None:
    """Why ``text`` cannot be kept as text, if it cannot: it holds a
    character that no form takes either (:data:`~companion.engines.base.NOT_TEXT`)."""
    if _SURROGATE.search(text):
        return msg(
            "the text holds a lone UTF-16 surrogate (an escape such as \\ud800 "
            "without its pair), which is not a character"
        )
    if "\x00" in text:
        return msg("the text holds a NUL character (\\u0000), which is not text")
    if bad := NOT_TEXT.search(text):
        return msg(
            "the text holds the control character U+{code}, which is not text "
            "and cannot be seen: remove it",
            code=f"{ord(bad.group()):04X}",
        )
    return None


def _too_deep(text: str, limit: int) -> JsonPath | None:
    """The path of the first object or list nested deeper than ``limit``, or
    ``None``: one pass over the text, no recursion (the decoder's recursion is
    what a deep file would break)."""
    # Per open container: its bracket, the key or index of the value being
    # read in it, and (objects) whether the next string is a key.
    stack: list[tuple[str, str | int, bool]] = []
    i, end = 0, len(text)
    while i < end:
        char = text[i]
        if char == '"':
            j = i + 1
            while j < end and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            if stack and stack[-1][2]:
                try:
                    key = json.loads(text[i : j + 1])
                except ValueError:
                    key = text[i + 1 : j]
                stack[-1] = ("{", str(key), False)
            i = j + 1
            continue
        if char in "[{":
            if len(stack) >= limit:
                return _path_of(stack)
            # A list's first value is at index 0; an object's first string
            # is a key.
            stack.append(("[", 0, False) if char == "[" else ("{", "", True))
        elif char in "]}" and stack:
            stack.pop()
        elif char == "," and stack:
            bracket, at, _key = stack[-1]
            if bracket == "[" and isinstance(at, int):
                stack[-1] = ("[", at + 1, False)
            else:
                stack[-1] = ("{", at, True)
        i += 1
    return None


def _path_of(stack: list[tuple[str, str | int, bool]]) -> JsonPath:
    path: JsonPath = ""
    for _bracket, at, _key in stack:
        path = child_path(path, at)
    return path


def _walk(value: object, path: JsonPath) -> Iterator[Problem]:
    """Every value of the decoded file that it may not hold, with its path."""
    if isinstance(value, _Refused):
        yield Problem(path, value.why)
    elif isinstance(value, str):
        if (why := _text_problem(value)) is not None:
            yield Problem(path, why)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _walk(item, child_path(path, index))
    elif isinstance(value, dict):
        repeated = value.repeated if isinstance(value, _Repeated) else {}
        for key, item in value.items():
            where = child_path(path, key)
            if key in repeated:
                yield Problem(
                    where,
                    msg(
                        "this key is written {n} times in its object, and a "
                        "reader would keep only one of its values: write it once",
                        n=repeated[key],
                    ),
                )
            if (why := _text_problem(key)) is not None:
                yield Problem(where, msg("this key: {why}", why=why))
            yield from _walk(item, where)


def load_table_text(text: str) -> object:
    """The JSON value of a table file's text, before any game reads it.

    :raises json.JSONDecodeError: the text is not JSON.
    :raises TableFileError: JSON the file may not hold: too long, nested too
        deep, a number too long, NaN or Infinity, text that is not text, a key
        repeated in an object; every problem at its JSON path (``$``: the
        whole file).
    """
    if len(text) > MAX_CHARACTERS:
        raise TableFileError.at(
            "",
            msg(
                "the file has {n} characters; a table file has at most {most}",
                n=len(text),
                most=MAX_CHARACTERS,
            ),
        )
    if (deep := _too_deep(text, MAX_DEPTH)) is not None:
        raise TableFileError.at(
            deep,
            msg(
                "nested more than {most} levels deep (a table file needs far fewer)",
                most=MAX_DEPTH,
            ),
        )
    value: object = json.loads(
        text,
        parse_int=_whole_number,
        parse_constant=_not_json,
        object_pairs_hook=_object,
    )
    problems = list(_walk(value, ""))
    if problems:
        raise TableFileError(problems)
    return value
