"""The package's folders are its layers (README "Layout"): a few modules at the
top, storage that knows no game's rules, and views that leave the rules'
words to the engines."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "companion"

TOP_LEVEL_AT_MOST = 8


def test_the_top_level_holds_a_few_modules() -> None:
    modules = sorted(path.name for path in PACKAGE.glob("*.py"))
    assert len(modules) <= TOP_LEVEL_AT_MOST, modules


def _imported(path: Path) -> set[str]:
    """The modules ``path`` imports from, relative ones as written (``..x``)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            names.add("." * node.level + (node.module or ""))
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


def test_the_database_models_know_no_game_engine() -> None:
    """The models are rows; turning a row into a game's value is the web's
    (``views.foundations.tile_of``)."""
    imported = _imported(PACKAGE / "storage" / "models.py")
    assert not [name for name in imported if "engines" in name]


WEB_WORDS = {"_", "_l", "gettext", "lazy_gettext", "ngettext"}
"""The web layer's translation functions."""

FORM_ERRORS = {"ValidationError", "StopValidation"}
"""WTForms' own errors: a form's shape checks speak web words."""


def test_no_view_raises_an_error_in_web_words() -> None:
    """A rule refused is the engine's error with the engine's message; a view
    raising an error built from web text is a rule that lives in the wrong
    layer (WTForms' validation errors aside)."""
    found = []
    for path in (PACKAGE / "web").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if not (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)):
                continue
            func = node.exc.func
            name = (
                func.attr
                if isinstance(func, ast.Attribute)
                else (func.id if isinstance(func, ast.Name) else "")
            )
            if name in FORM_ERRORS:
                continue
            words = [
                arg
                for arg in node.exc.args
                if isinstance(arg, ast.Call)
                and isinstance(arg.func, ast.Name)
                and arg.func.id in WEB_WORDS
            ]
            if words:
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno} {name}")
    assert found == []
