"""A group's record: its finished games, and each player's games, wins,
average and best score per game, with small charts drawn as SVG.

Every number comes from the finished tables' own files (their final
results, as the reports compute them), so nothing here lives only in the
database: only each game's date is the table's. Players are the same person
across games when their names are (ignoring case and spaces around).

Pure: values in, values and SVG text out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from html import escape
from typing import Final


@dataclass(frozen=True)
class Placed:
    """A player's final place and total in one game."""

    name: str
    place: int
    total: int


@dataclass(frozen=True)
class FinishedGame:
    """One finished game of the record."""

    table_id: str
    game: str
    """The game's slug."""
    day: date
    expansions: tuple[str, ...]
    """The expansions played (their names)."""
    places: tuple[Placed, ...]
    """In place order."""
    highest_wins: bool = True
    """False where the fewest points win (All Roads)."""


@dataclass(frozen=True)
class PlayerRecord:
    """One player's record at one game."""

    name: str
    game: str
    games: int
    wins: int
    """Games where they were first (a shared victory counts for each)."""
    average: float
    best: int
    """Their best total: the highest, or the lowest where the fewest win."""


def _same(name: str) -> str:
    return " ".join(name.split()).casefold()


def player_records(games: Sequence[FinishedGame]) -> list[PlayerRecord]:
    """Each player's record at each game they played, by game, then by wins,
    then by average (the better first), then by name."""
    found: dict[tuple[str, str], list[tuple[Placed, bool]]] = {}
    shown: dict[str, str] = {}
    for game in games:
        for placed in game.places:
            key = (game.game, _same(placed.name))
            shown.setdefault(key[1], placed.name)
            found.setdefault(key, []).append((placed, game.highest_wins))
    records = []
    for (slug, who), results in found.items():
        totals = [placed.total for placed, _ in results]
        highest = results[0][1]
        records.append(
            PlayerRecord(
                name=shown[who],
                game=slug,
                games=len(results),
                wins=sum(placed.place == 1 for placed, _ in results),
                average=sum(totals) / len(totals),
                best=max(totals) if highest else min(totals),
            )
        )
    return sorted(
        records,
        key=lambda r: (
            r.game,
            -r.wins,
            -r.average if _highest(games, r.game) else r.average,
            _same(r.name),
        ),
    )


def _highest(games: Sequence[FinishedGame], slug: str) -> bool:
    return next((g.highest_wins for g in games if g.game == slug), True)


BAR_HEIGHT: Final = 22
LABEL_WIDTH: Final = 120
CHART_WIDTH: Final = 340


def bars_svg(
    rows: Sequence[tuple[str, float, str]], *, label: str, width: int = CHART_WIDTH
) -> str:
    """A small horizontal bar chart: one bar per row (name, value, the value
    in words, drawn at the bar's end), the longest bar the largest value.
    Names are written beside their bars: nothing is told by colour alone.
    ``label`` is what the chart shows, for a screen reader."""
    top = max((value for _, value, _ in rows), default=0) or 1
    room = width - LABEL_WIDTH - 40
    height = BAR_HEIGHT * len(rows) + 4
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" '
        f'aria-label="{escape(label)}" viewBox="0 0 {width} {height}" '
        f'width="100%" class="record-chart">'
    ]
    for i, (name, value, words) in enumerate(rows):
        y = 2 + i * BAR_HEIGHT
        bar = max(1.0, room * value / top) if value > 0 else 0.0
        shown = name if len(name) <= 16 else name[:15] + "…"
        parts.append(
            f'<text x="{LABEL_WIDTH - 6}" y="{y + 15}" text-anchor="end">'
            f"{escape(shown)}</text>"
            f'<rect x="{LABEL_WIDTH}" y="{y + 3}" width="{bar:.1f}" '
            f'height="{BAR_HEIGHT - 8}" rx="3"></rect>'
            f'<text x="{LABEL_WIDTH + bar + 4:.1f}" y="{y + 15}">{escape(words)}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)
