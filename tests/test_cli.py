"""The ``companion`` command: exit codes and streams as the spec says."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from .helpers import run_cli as run

AR = {
    "format": "rome-companion/1",
    "game": "all-roads",
    "players": [{"id": "red", "name": "Ana"}, {"id": "blue", "name": "李雷"}],
    "unbuilt": {"red": {"house": 2}, "blue": {"villa": 1, "house": 1}},
}


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (
            "{",
            "not valid JSON: Expecting property name enclosed in double quotes "
            "at line 1, column 2",
        ),
        ("[1]", "a table file is a JSON object"),
        ('{"game": "all-roads"}', "format: is required but missing"),
        ('{"format": "rome-companion/1", "game": "go"}', "game: unknown game 'go'"),
        (json.dumps({**AR, "extra": 1}), "extra: unknown key 'extra'"),
        (
            json.dumps({**AR, "players": AR["players"][:1]}),
            "players: expected 2 to 4 items, got 1",
        ),
    ],
)
def test_bad_files_exit_2_with_the_problem_on_stderr(
    content: str, message: str
) -> None:
    status, out, err = run("score", "-", stdin=content)
    assert (status, out) == (2, "")
    assert message in err
    assert err.endswith("\n")


def test_missing_file(tmp_path: Path) -> None:
    status, out, err = run("score", str(tmp_path / "nope.json"))
    assert (status, out) == (2, "")
    assert "cannot read the file" in err


def test_score_from_stdin_prints_json() -> None:
    status, out, err = run("score", "-", stdin=json.dumps(AR))
    assert status == 0 and err == ""
    result = json.loads(out)
    assert result["game"] == "all-roads"
    assert set(result["players"]) == {"red", "blue"}


def test_console_script_is_installed(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    path.write_text(json.dumps(AR), encoding="utf-8")
    script = Path(sys.executable).with_name("companion")
    done = subprocess.run(
        [str(script), "score", str(path)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["game"] == "all-roads"
    bad = subprocess.run(
        [str(script), "score", "-"],
        input="{}",
        capture_output=True,
        text=True,
        check=False,
    )
    assert (bad.returncode, bad.stdout) == (2, "")
    assert bad.stderr.strip() == "format: is required but missing"
