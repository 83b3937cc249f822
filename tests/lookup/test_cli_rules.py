"""``companion rules``: output, options and the error contract (a bad option
exits 2 with the problem on standard error and nothing on standard output)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from ..helpers import run_cli


def run(*argv: str) -> tuple[int, str, str]:
    """``companion rules ARGV``: exit status, standard output, standard error."""
    return run_cli("rules", *argv)


def test_json_has_the_spec_shape() -> None:
    status, out, err = run("merchant", "bonus", "--json", "--limit", "2")
    assert (status, err) == (0, "")
    results = json.loads(out)["results"]
    assert len(results) == 2
    assert all(set(r) == {"game", "title", "text", "source"} for r in results)
    assert results[0] == {
        "game": "glory-to-rome",
        "title": "Merchant Bonus",
        "text": results[0]["text"],
        "source": "rulebook 003, Mercante, p. 8; rulebook 004, 5、出售建材",
    }


@pytest.mark.parametrize(
    ("argv", "game", "title_in"),
    [
        (
            ("金库上限", "--lang", "zh", "--game", "glory-to-rome"),
            "glory-to-rome",
            "上限",
        ),
        (
            ("vault limit", "--lang", "it", "--game", "glory-to-rome"),
            "glory-to-rome",
            "Caveau",
        ),
        (("monuments", "--game", "all-roads"), "all-roads", "Monuments"),
        (
            ("monuments", "--game", "foundations-of-rome"),
            "foundations-of-rome",
            "Monument",
        ),
    ],
)
def test_options_choose_language_and_game(
    argv: tuple[str, ...], game: str, title_in: str
) -> None:
    status, out, _ = run(*argv, "--json")
    assert status == 0
    first = json.loads(out)["results"][0]
    assert first["game"] == game and title_in in first["title"]


def test_text_output_for_a_person() -> None:
    status, out, err = run("dead", "end", "--limit", "1")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "1. Dead ends  [all-roads.dead-ends.en]"
    assert lines[-1] == "   Source: rulebook 002, Dead Ends"


@pytest.mark.parametrize("query", ["", "?!", "the of"])
def test_nothing_found_is_not_an_error(query: str) -> None:
    assert run(query, "--json") == (0, '{\n  "results": []\n}\n', "")
    status, out, _ = run(query)
    assert status == 0 and out.startswith("No rules entry matches")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("x", "--game", "chess"), "argument --game: invalid choice: 'chess'"),
        (("x", "--lang", "fr"), "argument --lang: invalid choice: 'fr'"),
        (("x", "--limit", "0"), "argument --limit: 0 is not between 1 and 100"),
        (("x", "--limit", "ten"), "argument --limit: 'ten' is not a whole number"),
        ((), "the following arguments are required: QUERY"),
    ],
)
def test_bad_options_exit_2_with_the_problem_on_stderr(
    argv: tuple[str, ...], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:  # argparse's own way out
        run(*argv)
    captured = capsys.readouterr()
    assert (exit_.value.code, captured.out) == (2, "")
    assert message in captured.err


def test_query_syntax_is_only_data() -> None:
    status, out, err = run('"vault* OR NEAR(a b) : -x', "--json")
    assert (status, err) == (0, "")
    assert "results" in json.loads(out)


def test_console_script(tmp_path: Path) -> None:
    script = Path(sys.executable).with_name("companion")
    done = subprocess.run(
        [str(script), "rules", "商人奖励", "--lang", "zh", "--json", "--limit", "1"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    (result,) = json.loads(done.stdout)["results"]
    assert result["title"] == "商人奖励"
