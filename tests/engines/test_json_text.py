"""Reading a table file's text (issue 15): any input gets an answer with a path,
and nothing a file holds can break what comes after it."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.engines.base import (
    NOT_TEXT,
    PLAYER_ID_RE,
    Problem,
    TableFileError,
    child_path,
    msg,
    one_line,
    shown_path,
)
from companion.engines.json_text import (
    MAX_CHARACTERS,
    MAX_DEPTH,
    MAX_DIGITS,
    load_table_text,
)


def problems(text: str) -> list[str]:
    with pytest.raises(TableFileError) as caught:
        load_table_text(text)
    return [str(p) for p in caught.value.problems]


@pytest.mark.parametrize(
    ("text", "line"),
    [
        (
            '{"players": [{"name": "A\\ud800na"}]}',
            "players[0].name: the text holds a lone UTF-16 surrogate",
        ),
        ('{"a\\udfffb": 1}', '$["a\\udfffb"]: this key: the text holds a lone'),
        ('{"name": "A\\u0000"}', "name: the text holds a NUL character"),
        (
            '{"name": "A\\u001b[31mna"}',
            "name: the text holds the control character U+001B",
        ),
        ('{"a\\u007fb": 1}', '$["a\\u007fb"]: this key: the text holds the control'),
        ('{"era": 2, "era": 3}', "era: this key is written 2 times in its object"),
        (
            '{"players": [{"id": "a", "id": "b", "id": "c"}]}',
            "players[0].id: this key is written 3 times",
        ),
        ('{"era": ' + "9" * (MAX_DIGITS + 1) + "}", "era: a number of 16 digits"),
        ('{"era": -' + "9" * 5000 + "}", "era: a number of 5000 digits"),
        ('{"era": NaN}', "era: NaN is not a number JSON allows"),
        ('{"x": [Infinity]}', "x[0]: Infinity is not a number JSON allows"),
        ('{"x": -Infinity}', "x: -Infinity is not a number JSON allows"),
        (
            '{"a": {"b": [' + "[" * 20 + "]" * 20 + "]}}",
            "a.b[0][0][0][0][0][0][0][0][0][0][0][0][0][0]: nested more than 16",
        ),
        ("[" * 1000 + "]" * 1000, "$[0][0][0][0][0][0][0][0][0][0][0][0][0][0][0]"),
        ("{" + '"k": {' * 1000 + "}" * 1001, "k.k.k.k.k.k.k.k.k.k.k.k.k.k.k.k: nested"),
    ],
)
def test_what_a_table_file_may_not_hold_is_refused_at_its_path(
    text: str, line: str
) -> None:
    found = problems(text)
    assert any(p.startswith(line) for p in found), found


def test_every_bad_value_is_named_not_only_the_first() -> None:
    found = problems('{"a": "\\ud800", "b": [1, "\\u0000"], "c": NaN}')
    assert [p.split(":")[0] for p in found] == ["a", "b[1]", "c"]


def test_a_file_too_long_is_refused_before_it_is_read() -> None:
    assert problems(" " * (MAX_CHARACTERS + 1))[0].startswith("$: the file has")


def test_the_limits_themselves_are_fine() -> None:
    deep = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    assert load_table_text(deep) == json.loads(deep)
    assert load_table_text('{"n": -' + "9" * MAX_DIGITS + "}") == {
        "n": -int("9" * MAX_DIGITS)
    }
    # Text with every other kind of character, a paired surrogate escape too.
    text = '{"name": "Zoë 张伟 \\ud83c\\udfdb\\ufe0f <b>&amp;", "tab": "a\\tb"}'
    assert load_table_text(text) == json.loads(text)


def test_not_json_is_the_decoders_error() -> None:
    with pytest.raises(json.JSONDecodeError):
        load_table_text('{"a": ')


@pytest.mark.parametrize(
    ("parent", "key", "path"),
    [
        ("", "game", "game"),
        ("players", 0, "players[0]"),
        ("", 3, "$[3]"),
        ("score_before", "red", "score_before.red"),
        ("", "", '$[""]'),
        ("camps", "a b", 'camps["a b"]'),
        ("x", "a.b", 'x["a.b"]'),
        ("x", 'q"', 'x["q\\""]'),
        ("unbuilt", "张", "unbuilt.张"),
        ("", "\x00", '$["\\u0000"]'),
    ],
)
def test_every_key_is_a_path(parent: str, key: str | int, path: str) -> None:
    assert child_path(parent, key) == path


def test_the_whole_file_is_dollar() -> None:
    assert shown_path("") == "$"
    assert str(TableFileError.at("", "expected an object").problems[0]).startswith(
        "$: "
    )
    assert str(Problem("era", "x")) == "era: x"  # type: ignore[arg-type]


TEXT = st.characters(blacklist_categories=("Cs",)).filter(
    lambda c: not NOT_TEXT.match(c)
)
"""Any character but those a table file may not hold (surrogates, NUL and
the other control characters but tab and line breaks)."""

JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**MAX_DIGITS) + 1, max_value=10**MAX_DIGITS - 1)
    | st.text(TEXT),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text(TEXT, max_size=5), inner, max_size=4)
    ),
    max_leaves=20,
)


@given(st.dictionaries(st.text(TEXT, max_size=8), JSON, max_size=5))
def test_any_json_within_the_limits_reads_as_the_decoder_reads_it(
    value: dict[str, object],
) -> None:
    for text in (json.dumps(value), json.dumps(value, ensure_ascii=False)):
        if text.count("[") + text.count("{") <= MAX_DEPTH:  # depth at most this
            assert load_table_text(text) == value


def test_a_problem_is_one_line_whatever_the_file_quotes() -> None:
    problem = Problem("players[1].name", msg("{name} overlaps", name="B\no\r\u2028x"))
    assert str(problem) == "players[1].name: B\\no\\r\\u2028x overlaps"
    assert one_line("tab\tstays, \x1b[31m goes") == "tab\tstays, \\u001b[31m goes"


@pytest.mark.parametrize("key", ["x\n", "red\n", "a\u2028"])
def test_a_key_ending_in_a_line_break_is_bracketed(key: str) -> None:
    path = child_path("camps", key)
    assert path.startswith('camps["') and "\n" not in path and "\u2028" not in path


def test_a_player_id_ending_in_a_newline_is_no_id() -> None:
    assert PLAYER_ID_RE.match("red") and not PLAYER_ID_RE.match("red\n")


def test_every_repeated_key_is_named_once() -> None:
    found = problems('{"a": 1, "b": {"c": 1, "c": 2}, "a": 2, "a": 3}')
    assert [p.split(":")[0] for p in found] == ["a", "b.c"]


def test_a_file_without_repeated_keys_reads_as_plain_dicts() -> None:
    value = load_table_text('{"a": {"b": [{"c": 1}]}}')
    assert type(value) is dict
    assert type(value["a"]["b"][0]) is dict  # type: ignore[index]
