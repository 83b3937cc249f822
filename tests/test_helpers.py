"""The shared test helpers: a form is read as a browser submits it."""

from __future__ import annotations

from typing import Any

import pytest
from bs4 import BeautifulSoup

from .helpers import edited, form_data


@pytest.mark.parametrize(
    ("controls", "expected"),
    [
        # text, number and hidden inputs send their value, "" when it has none
        ('<input name="a" value="x">', {"a": "x"}),
        ('<input type="number" name="n" value="3">', {"n": "3"}),
        ('<input type="hidden" name="csrf_token" value="t">', {"csrf_token": "t"}),
        ('<input type="text" name="a">', {"a": ""}),
        ('<input value="x">', {}),  # no name: not sent
        # a checkbox is sent only when checked; "on" when it has no value
        ('<input type="checkbox" name="c" value="y" checked>', {"c": "y"}),
        ('<input type="checkbox" name="c" value="y">', {}),
        ('<input type="checkbox" name="c" checked>', {"c": "on"}),
        (
            '<input type="checkbox" name="lots" value="A1" checked>'
            '<input type="checkbox" name="lots" value="A2">'
            '<input type="checkbox" name="lots" value="A3" checked>',
            {"lots": ["A1", "A3"]},
        ),
        # a radio group sends its checked one, or nothing
        (
            '<input type="radio" name="r" value="a">'
            '<input type="radio" name="r" value="b" checked>',
            {"r": "b"},
        ),
        ('<input type="radio" name="r" value="a">', {}),
        # a select sends its selected option, else its first enabled one
        (
            '<select name="s"><option value="a">A</option>'
            '<option value="b" selected>B</option></select>',
            {"s": "b"},
        ),
        (
            '<select name="s"><option value="a" disabled>A</option>'
            '<option value="b">B</option></select>',
            {"s": "b"},
        ),
        ('<select name="s"><option> Two  words </option></select>', {"s": "Two words"}),
        ('<select name="s"></select>', {}),
        (
            '<select name="m" multiple><option value="a" selected>A</option>'
            '<option value="b">B</option><option value="c" selected>C</option>'
            "</select>",
            {"m": ["a", "c"]},
        ),
        ('<select name="m" multiple><option value="a">A</option></select>', {}),
        # a textarea sends its text, without the newline after the tag (which
        # WTForms writes as CR LF), each line break as CR LF
        (
            '<textarea name="t">\r\nline 1\nline 2</textarea>',
            {"t": "line 1\r\nline 2"},
        ),
        ('<textarea name="t">\n\nline 2</textarea>', {"t": "\r\nline 2"}),
        ('<textarea name="t"></textarea>', {"t": ""}),
        # disabled controls, and those in a disabled fieldset, are not sent
        ('<input name="a" value="x" disabled>', {}),
        ('<input type="checkbox" name="c" value="y" checked disabled>', {}),
        ('<select name="s" disabled><option value="a">A</option></select>', {}),
        ('<textarea name="t" disabled>x</textarea>', {}),
        (
            '<select name="s"><option value="a" selected disabled>A</option>'
            '<option value="b">B</option></select>',
            {},
        ),
        (
            '<fieldset disabled><legend><input name="in_legend" value="1">'
            '</legend><input name="a" value="x"></fieldset>',
            {"in_legend": "1"},
        ),
        # buttons, and submit, reset, image, button and file inputs: the
        # caller adds the button it presses
        (
            '<button name="b" value="1">B</button>'
            '<input type="submit" name="s" value="S">'
            '<input type="reset" name="r"><input type="image" name="i">'
            '<input type="button" name="b2" value="2"><input type="file" name="f">',
            {},
        ),
    ],
)
def test_form_data_is_what_a_browser_sends(
    controls: str, expected: dict[str, Any]
) -> None:
    form = BeautifulSoup(f"<form method=post>{controls}</form>", "html.parser").form
    assert form_data(form) == expected


def test_form_data_keeps_page_order_across_kinds_of_control() -> None:
    page = BeautifulSoup(
        '<form><select name="x"><option value="1">1</option></select>'
        '<input name="x" value="2"><textarea name="x">3</textarea></form>',
        "html.parser",
    )
    assert form_data(page.form) == {"x": ["1", "2", "3"]}


@pytest.mark.parametrize(
    ("path", "value", "expected"),
    [
        ("era", 2, {"era": 2, "buildings": [{"lots": ["A1"]}]}),
        ("buildings.0.lots", ["B2"], {"era": 1, "buildings": [{"lots": ["B2"]}]}),
        ("buildings.0.lots.0", "C3", {"era": 1, "buildings": [{"lots": ["C3"]}]}),
        ("era", ..., {"buildings": [{"lots": ["A1"]}]}),  # ... deletes the key
        ("buildings.0", ..., {"era": 1, "buildings": []}),
    ],
)
def test_edited_changes_a_copy_at_a_dotted_path(
    path: str, value: Any, expected: dict[str, Any]
) -> None:
    doc = {"era": 1, "buildings": [{"lots": ["A1"]}]}
    assert edited(doc, path, value) == expected
    assert doc == {"era": 1, "buildings": [{"lots": ["A1"]}]}
