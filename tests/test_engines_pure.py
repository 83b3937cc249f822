"""The engines are pure: importing them loads no web, PDF or database library."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import companion.engines

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
    for path in sorted(ENGINES.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            else:
                continue
            for name in names:
                assert name.split(".")[0] in allowed, f"{path.name} imports {name}"
        for banned in ("open(", "sqlite3", "urllib", "socket"):
            assert banned not in path.read_text(encoding="utf-8"), (path.name, banned)
