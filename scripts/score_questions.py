"""Score a file of rules questions: top-1 and top-3 per language.

    PYTHONPATH=$PWD .venv/bin/python scripts/score_questions.py PATH [PATH ...]
        [--misses] [--slice START:END]

Each PATH is a ``.toml`` file in the format of tests/lookup/questions_new.toml
(``[[question]]`` with ``q``, ``lang``, ``game``, ``keys``, optional
``table``) or a ``.json`` file in the format of ../shared/rules-questions.json
(``any_of`` phrases). Every question is asked of the package's rules index as
the search page asks it (the table's game, the asker's language, three
results). It prints, per file, the share of questions whose first answer is
right (top-1) and whose first three hold a right one (top-3), per language,
and the search times; ``--misses`` lists the questions answered wrongly first.
``--slice 0:75`` scores only those questions of each file, in file order (a
held-out half: questions_blind.toml's set 1 is ``0:75``, set 2 ``75:``).
It never fails on a figure: the exit status is 0 unless a file cannot be read.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from companion.lookup import package_index
from tests.lookup.scoring import load, score


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="+", type=Path, metavar="PATH")
    parser.add_argument("--misses", action="store_true", help="list wrong answers")
    parser.add_argument(
        "--slice",
        type=_slice,
        default=slice(None),
        metavar="START:END",
        help="score only these questions of each file (0:75, 75:)",
    )
    args = parser.parse_args(argv)
    index = package_index()
    for path in args.paths:
        try:
            questions = load(path)[args.slice]
        except (OSError, ValueError, KeyError) as exc:
            print(f"{path}: cannot read: {exc}", file=sys.stderr)
            return 2
        result = score(questions, index)
        print(f"{path} ({len(questions)} questions): {result.report()}")
        print(f"  {result.timing()}")
        if args.misses and result.misses:
            print("  first answer wrong:\n" + "\n".join(result.misses))
    return 0


def _slice(text: str) -> slice:
    """``START:END`` (either may be left out) as a slice of questions."""
    start, sep, end = text.partition(":")
    if not sep:
        raise argparse.ArgumentTypeError(f"not START:END: {text!r}")
    try:
        return slice(int(start) if start else None, int(end) if end else None)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not START:END: {text!r}") from None


if __name__ == "__main__":
    sys.exit(main())
