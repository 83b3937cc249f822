"""Score a file of rules questions: top-1 and top-3 per language.

    PYTHONPATH=$PWD .venv/bin/python scripts/score_questions.py PATH [PATH ...]
        [--misses]

Each PATH is a ``.toml`` file in the format of tests/lookup/questions_new.toml
(``[[question]]`` with ``q``, ``lang``, ``game``, ``keys``, optional
``table``) or a ``.json`` file in the format of ../shared/rules-questions.json
(``any_of`` phrases). Every question is asked of the package's rules index as
the search page asks it (the table's game, the asker's language, three
results). It prints, per file, the share of questions whose first answer is
right (top-1) and whose first three hold a right one (top-3), per language,
and the search times; ``--misses`` lists the questions answered wrongly first.
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
    args = parser.parse_args(argv)
    index = package_index()
    for path in args.paths:
        try:
            questions = load(path)
        except (OSError, ValueError, KeyError) as exc:
            print(f"{path}: cannot read: {exc}", file=sys.stderr)
            return 2
        result = score(questions, index)
        print(f"{path} ({len(questions)} questions): {result.report()}")
        print(f"  {result.timing()}")
        if args.misses and result.misses:
            print("  first answer wrong:\n" + "\n".join(result.misses))
    return 0


if __name__ == "__main__":
    sys.exit(main())
