"""The engines are pure: importing them loads no web, PDF or database library."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import companion.engines

from .helpers import absolute_imports

ENGINES = Path(companion.engines.__file__).parent
FORBIDDEN = ("flask", "wtforms", "weasyprint", "sqlalchemy", "flask_babel", "jinja2")


def test_importing_the_engines_loads_no_framework() -> None:
    code = (
        "import sys, companion.engines, companion.engines.base\n"
        f"print(','.join(m for m in {FORBIDDEN!r} if m in sys.modules))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == ""


def test_engine_modules_import_only_the_standard_library() -> None:
    allowed = set(sys.stdlib_module_names) | {"__future__"}
    for path in sorted(ENGINES.rglob("*.py")):
        for name in absolute_imports(path.read_text(encoding="utf-8")):
            assert name.split(".")[0] in allowed, f"{path} imports {name}"
        for banned in ("open(", "sqlite3", "urllib", "socket"):
            assert banned not in path.read_text(encoding="utf-8"), (path.name, banned)


def test_no_engine_module_imports_inside_a_function() -> None:
    """Every import of an engine module is at its top, where a reader sees what
    it builds on; an import in a function body hides a cycle."""
    for path in sorted(ENGINES.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for func in ast.walk(tree):
            if not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for node in ast.walk(func):
                assert not isinstance(node, ast.Import | ast.ImportFrom), (
                    f"{path.relative_to(ENGINES)}:{node.lineno} imports in a function"
                )


def test_no_engine_module_imports_only_for_type_checking() -> None:
    for path in sorted(ENGINES.rglob("*.py")):
        assert "TYPE_CHECKING" not in path.read_text(encoding="utf-8"), path


FOUNDATIONS_LAYERS = (
    "lots",
    "road_boards",
    "city",
    "fortune",
    "monument_cards",
    "monuments",
    "era",
    "table",
)
"""The Foundations of Rome modules, each allowed to import only those before it
(the order ``companion/engines/foundations/__init__.py`` documents)."""


def test_foundations_modules_import_in_one_direction() -> None:
    package = ENGINES / "foundations"
    assert {p.stem for p in package.glob("*.py")} == {"__init__", *FOUNDATIONS_LAYERS}
    for index, name in enumerate(FOUNDATIONS_LAYERS):
        tree = ast.parse((package / f"{name}.py").read_text(encoding="utf-8"))
        for node in tree.body:
            if not isinstance(node, ast.ImportFrom) or node.level != 1:
                continue
            targets = (
                [alias.name for alias in node.names]
                if node.module is None
                else [node.module]
            )
            for target in targets:
                assert target in FOUNDATIONS_LAYERS[:index], (
                    f"foundations/{name}.py imports .{target}, which is not above it"
                )
