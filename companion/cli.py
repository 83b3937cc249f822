"""The ``companion`` command (spec: ../shared/spec/table-file.md, "The command").

A thin adapter: read the file, hand it to the engines, print JSON. Problems go
to standard error, one line each, with exit status 2 and nothing on standard
output.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from datetime import date
from typing import Any, TextIO, TypeAlias

from .engines import (
    GAMES,
    TableFileError,
    find_game,
    foundations,
    read_table,
)
from .engines.base import RuleError, msg
from .engines.foundations import monuments
from .engines.json_text import load_table_text

EXIT_OK = 0
EXIT_INVALID = 2
EXIT_FAILED = 1
"""The output could not be written."""


class InputError(Exception):
    """The file could not be read as JSON at all."""


def load_json(path: str, stdin: TextIO) -> Any:
    """Decode the table file at ``path`` (``-``: standard input).

    :raises InputError: not UTF-8 text, or not JSON.
    :raises TableFileError: JSON a table file may not hold (see
        :func:`companion.engines.json_text.load_table_text`).
    """
    try:
        if path == "-":
            # As a file is read (utf-8-sig): a byte order mark is not JSON.
            text = stdin.read().removeprefix("\ufeff")
        else:
            with open(path, encoding="utf-8-sig") as fh:
                text = fh.read()
    except OSError as exc:
        raise InputError(f"{path}: cannot read the file ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise InputError(f"{path}: the file is not UTF-8 text") from None
    try:
        return load_table_text(text)
    except json.JSONDecodeError as exc:
        raise InputError(
            f"{path}: not valid JSON: {exc.msg} at line {exc.lineno}, "
            f"column {exc.colno}"
        ) from None


def print_json(result: object, out: TextIO) -> int:
    """Print a command's result as JSON, as the spec shows it: made whole
    first, then written in one go, so that a failure never leaves half a
    result on standard output."""
    out.write(json.dumps(result, ensure_ascii=False, indent=2) + "\n")
    return EXIT_OK


def cmd_score(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Score a table file and print the result as JSON."""
    table = read_table(load_json(args.file, sys.stdin))
    return print_json(table.score_json(), out)


def cmd_rules(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Search the rules reference and print the ranked entries."""
    # Imported here: only this command needs the rules index.
    from . import lookup

    query = " ".join(args.query)
    try:
        hits = lookup.package_index().search(
            query, game=args.game, lang=args.lang, limit=args.limit
        )
    except lookup.RulesDataError as exc:
        for line in str(exc).splitlines():
            print(line, file=err)
        return EXIT_INVALID
    if args.json:
        json.dump(lookup.results_json(hits), out, ensure_ascii=False, indent=2)
        out.write("\n")
    else:
        out.write(lookup.results_text(hits, query))
    return EXIT_OK


def _limit(text: str) -> int:
    """An argparse type: a whole number of results, 1 to 100."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if not 1 <= value <= 100:
        raise argparse.ArgumentTypeError(f"{value} is not between 1 and 100")
    return value


def cmd_monuments(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Say who may build which monument now (and, with --at, what it costs)."""
    table = read_table(load_json(args.file, sys.stdin))
    if not isinstance(table.sheet, foundations.City):
        raise TableFileError.at(
            "game",
            msg(
                "monuments belong to {game}, not {other}",
                game=find_game(foundations.GAME).title,
                other=table.game.title,
            ),
        )
    at = None
    if args.at is not None:
        try:
            at = [foundations.Lot.parse(x.strip()) for x in args.at.split(",")]
        except RuleError as exc:
            raise TableFileError.at("--at", exc.message) from None
    try:
        result = monuments.monuments_json(table.sheet, player=args.player, at=at)
    except monuments.UnknownPlayerError as exc:
        raise TableFileError.at("--player", exc.message) from None
    return print_json(result, out)


def cmd_report(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Write the end-of-game report of a table file as a PDF."""
    # Imported here: WeasyPrint loads only when a report is asked for.
    from .exports import pdf, report

    table = read_table(load_json(args.file, sys.stdin))
    html, drawings = report.render_html(
        report.build_report(table, on=date.today()), paper=args.paper
    )
    data = pdf.render_pdf(html, paper=args.paper, drawings=drawings)
    try:
        with open(args.output, "wb") as fh:
            fh.write(data)
    except OSError as exc:
        print(f"{args.output}: cannot write the file ({exc.strerror})", file=err)
        return EXIT_FAILED
    return EXIT_OK


Handler: TypeAlias = Callable[[argparse.Namespace, TextIO, TextIO], int]
"""A command: its arguments, standard output and error; returns the exit status."""


def _command(
    commands: argparse._SubParsersAction[argparse.ArgumentParser],
    name: str,
    handler: Handler,
    *,
    summary: str,
    description: str,
    reads_file: bool = True,
) -> argparse.ArgumentParser:
    """The subcommand ``name``, run by ``handler``; one that ``reads_file``
    takes the table file as its first argument."""
    parser = commands.add_parser(name, help=summary, description=description)
    if reads_file:
        parser.add_argument(
            "file", metavar="FILE", help="the table file; - reads standard input"
        )
    parser.set_defaults(handler=handler)
    return parser


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="companion",
        description="Score Roman-themed board games from a table file "
        "(format rome-companion/1).",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    _command(
        commands,
        "score",
        cmd_score,
        summary="score a table file and print the result as JSON",
        description="Score a table file and print the result as JSON. A file "
        "that breaks a rule exits 2 with one line per problem on standard error.",
    )
    rules = _command(
        commands,
        "rules",
        cmd_rules,
        summary="look up the rules: ranked entries for a question",
        description="Search the rules reference (English, Italian, Chinese) and "
        "print the best entries first, each with its rulebook source.",
        reads_file=False,
    )
    rules.add_argument("query", nargs="+", metavar="QUERY", help="the question")
    rules.add_argument(
        "--game", choices=[game.slug for game in GAMES], help="prefer this game"
    )
    rules.add_argument(
        "--lang", choices=("en", "it", "zh"), help="show entries in this language"
    )
    rules.add_argument(
        "--limit", type=_limit, default=10, metavar="N", help="at most N (10)"
    )
    rules.add_argument("--json", action="store_true", help="print JSON")
    monument = _command(
        commands,
        "monuments",
        cmd_monuments,
        summary="say who may build which monument (Foundations of Rome)",
        description="For each player, each monument not yet on the board: "
        "whether they may build it now and why. With --at, also the coins and VP "
        "that building it on those lots would cost or give to each player.",
    )
    monument.add_argument("--player", metavar="ID", help="only this player")
    monument.add_argument(
        "--at", metavar="LOTS", help="lots to build on, e.g. A1,A2 (comma-separated)"
    )
    report = _command(
        commands,
        "report",
        cmd_report,
        summary="write the end-of-game report as a PDF",
        description="Write the end-of-game report of a table file as a PDF: "
        "places with the tie-breaks, the scores and every point explained.",
    )
    report.add_argument(
        "-o", "--output", metavar="OUT.pdf", required=True, help="the PDF to write"
    )
    report.add_argument(
        "--paper", choices=("a4", "letter"), default="a4", help="paper size (a4)"
    )
    return parser


def main(
    argv: Sequence[str] | None = None,
    *,
    out: TextIO | None = None,
    err: TextIO | None = None,
) -> int:
    """Run the command; returns the exit status."""
    args = build_parser().parse_args(argv)
    err = err or sys.stderr
    try:
        status: int = args.handler(args, out or sys.stdout, err)
    except InputError as exc:
        print(exc, file=err)
        return EXIT_INVALID
    except TableFileError as exc:
        # One line per problem, each naming its JSON path (spec: "The command").
        for problem in exc.problems:
            print(problem, file=err)
        return EXIT_INVALID
    return status


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
