"""Helpers shared by the tests that need no app: read a page as a browser
would, run the command, load worked examples, edit a table file, list a
source's imports.

They are plain functions in a module, not fixtures: each takes values and
returns values, so a test imports it by name and a reader can see where it
comes from. What needs a client (make a table, post an action) is a step of
``TableActions`` in conftest.py, after flaskr's ``AuthActions``; the steps of
one game's screens are a class in that game's test module.
"""

from __future__ import annotations

import ast
import copy
import importlib.util
import io
import sys
import tomllib
from pathlib import Path
from types import ModuleType
from typing import Any

from bs4 import BeautifulSoup, Tag
from werkzeug.test import TestResponse

from companion import cli
from companion.engines.foundations.lots import Lot

# --------------------------------------------------------------------------
# Pages and forms
# --------------------------------------------------------------------------


def soup(response: TestResponse) -> BeautifulSoup:
    """The HTML of ``response``, parsed."""
    return BeautifulSoup(response.get_data(as_text=True), "html.parser")


NOT_SENT = frozenset({"submit", "image", "reset", "button", "file"})
"""Input types a plain submission leaves out: the button pressed is the
caller's to add, and a file needs a multipart body."""


def form_data(form: Tag) -> dict[str, Any]:
    """What a browser sends when ``form`` is submitted as the page shows it.

    Sent, in page order: an input's value ("" when it has none); a checkbox or
    radio only when checked ("on" when it has no value); the selected options
    of a select (a single select with none selected sends its first enabled
    option); a textarea's text (see ``textarea_value``). Not sent: controls
    with no name, disabled ones (also inside a disabled fieldset), buttons,
    and the input types in ``NOT_SENT``. A name sent more than once maps to
    the list of its values, which the test client sends as a browser does.
    Controls outside the form that name it with ``form=`` are not looked for.
    """
    pairs: list[tuple[str, str]] = []
    for control in form.find_all(("input", "select", "textarea")):
        name = control.get("name")
        if not name or disabled(control):
            continue
        if control.name == "select":
            pairs += [(name, value) for value in selected_values(control)]
        elif control.name == "textarea":
            pairs.append((name, textarea_value(control)))
        else:
            kind = control.get("type", "text").lower()
            if kind in ("checkbox", "radio"):
                if control.has_attr("checked"):
                    pairs.append((name, control.get("value", "on")))
            elif kind not in NOT_SENT:
                pairs.append((name, control.get("value", "")))
    data: dict[str, Any] = {}
    for name, value in pairs:
        if name not in data:
            data[name] = value
        elif isinstance(data[name], list):
            data[name].append(value)
        else:
            data[name] = [data[name], value]
    return data


def disabled(control: Tag) -> bool:
    """Whether a browser leaves ``control`` out as disabled: its own attribute,
    or a disabled fieldset around it (unless it is in that fieldset's legend)."""
    if control.has_attr("disabled"):
        return True
    for fieldset in control.find_parents("fieldset"):
        if fieldset.has_attr("disabled"):
            legend = fieldset.find("legend", recursive=False)
            if legend is None or legend not in control.parents:
                return True
    return False


def textarea_value(textarea: Tag) -> str:
    """A textarea's text as a browser sends it: the newline just after the
    tag dropped, and every line break sent as CR LF."""
    text = textarea.get_text().replace("\r\n", "\n").replace("\r", "\n")
    return text.removeprefix("\n").replace("\n", "\r\n")


def selected_values(select: Tag) -> list[str]:
    """The values a select sends: its selected options that are enabled; a
    single select with none selected sends its first enabled option (the one
    a browser shows). An option without a value sends its text."""
    options = select.find_all("option")
    chosen = [o for o in options if o.has_attr("selected")]
    if not select.has_attr("multiple"):
        enabled = [o for o in options if not o.has_attr("disabled")]
        chosen = chosen[-1:] or enabled[:1]
    return [
        o.get("value", " ".join(o.get_text().split()))
        for o in chosen
        if not o.has_attr("disabled")
    ]


# --------------------------------------------------------------------------
# The command
# --------------------------------------------------------------------------


def run_cli(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    """``companion ARGV`` run in this process, reading ``stdin`` as its input:
    the exit status, standard output and standard error."""
    out, err = io.StringIO(), io.StringIO()
    old = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        status = cli.main(list(argv), out=out, err=err)
    finally:
        sys.stdin = old
    return status, out.getvalue(), err.getvalue()


# --------------------------------------------------------------------------
# Table files, worked examples and sources
# --------------------------------------------------------------------------

GOLDEN = Path(__file__).resolve().parent / "engines" / "golden"


def golden(name: str) -> dict[str, Any]:
    """The worked examples of ``engines/golden/<name>.toml``."""
    return tomllib.loads((GOLDEN / f"{name}.toml").read_text("utf-8"))


def edited(doc: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    """A copy of ``doc`` with the value at a dotted path (``buildings.0.lots``)
    set; ``...`` as the value deletes it."""
    new = copy.deepcopy(doc)
    *parents, last = path.split(".")
    node: Any = new
    for key in parents:
        node = node[int(key)] if isinstance(node, list) else node[key]
    key_: Any = int(last) if isinstance(node, list) else last
    if value is ...:
        del node[key_]
    else:
        node[key_] = value
    return new


def absolute_imports(source: str) -> list[str]:
    """Every module named by an absolute import anywhere in ``source``
    (``import a.b`` and ``from a.b import c`` both name ``a.b``)."""
    names: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            names.append(node.module or "")
    return names


def L(names: str) -> tuple[Lot, ...]:  # noqa: N802 - reads like a lot list
    """Lots written as on the board: ``L("A1 B2")``."""
    return tuple(Lot.parse(name) for name in names.split())


SCRIPTS = Path(__file__).resolve().parents[1] / "scripts"


def script_module(script: str) -> ModuleType:
    """``scripts/<script>.py`` as a module (scripts/ is no package), loaded
    once per test process."""
    name = f"companion_{script}_script"
    if name in sys.modules:
        return sys.modules[name]
    # As when the script is run: its own folder first on the path, so that
    # one script can import another (load.py reuses benchmark.py's tables).
    if str(SCRIPTS) not in sys.path:
        sys.path.insert(0, str(SCRIPTS))
    spec = importlib.util.spec_from_file_location(name, SCRIPTS / f"{script}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module
