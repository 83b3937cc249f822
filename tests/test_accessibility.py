"""Every control on every screen has a name a screen reader can say.

Style: "labels on every input". A control is named by a ``<label for>``, by a
label around it, or by ``aria-label``/``aria-labelledby``; a button by its text
or ``aria-label``.
"""

from __future__ import annotations

from bs4 import BeautifulSoup, Tag
from flask.testing import FlaskClient

from .conftest import TableActions
from .test_i18n import every_page

UNNAMED_TYPES = {"hidden", "submit", "button", "reset", "image"}


def unnamed_controls(html: str) -> list[str]:
    page = BeautifulSoup(html, "html.parser")
    labelled = {label.get("for") for label in page.select("label[for]")}
    found = []
    for control in page.select("input, select, textarea"):
        assert isinstance(control, Tag)
        if control.name == "input" and control.get("type", "text") in UNNAMED_TYPES:
            continue
        named = (
            control.get("id") in labelled
            or control.find_parent("label") is not None
            or control.get("aria-label")
            or control.get("aria-labelledby")
        )
        if not named:
            found.append(str(control)[:120])
    for button in page.select("button"):
        if not (button.get_text(strip=True) or button.get("aria-label")):
            found.append(str(button)[:120])
    return found


def test_every_control_has_a_name(actions: TableActions, client: FlaskClient) -> None:
    pages = every_page(actions)
    assert len(pages) > 20
    for path in pages:
        html = client.get(path).get_data(as_text=True)
        assert unnamed_controls(html) == [], path


def test_a_control_without_a_label_is_found() -> None:
    html = '<form><input name="x"><label>Y <input name="y"></label></form>'
    assert unnamed_controls(html) == ['<input name="x"/>']
