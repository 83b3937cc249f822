"""Foundations of Rome: the lots of the City board and the shapes they make.

Lot names, the board in play for each player count (rulebook 001, "Setup"),
connected groups of lots and the tray's shapes (``../shared/game-data.md`` 1.2).
The lowest layer of the package: it imports nothing from its siblings.

Pure: the standard library only; functions take values and return new ones.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType
from typing import Final

from ..base import (
    Message,
    RuleError,
    comma_list,
    msg,
)

# --------------------------------------------------------------------------
# Errors
# --------------------------------------------------------------------------


class InvalidLotError(RuleError):
    """Text that is not a lot name such as ``B7``."""


# --------------------------------------------------------------------------
# The board
# --------------------------------------------------------------------------

_LOT_RE: Final = re.compile(r"([A-Z])([1-9][0-9]?)")

BOARD_SIZES: Final[Mapping[int, int]] = MappingProxyType({2: 7, 3: 8, 4: 9, 5: 10})
"""Side of the square board in play by player count: 7x7, 8x8, 9x9, 10x10
(rulebook 001, "Setup" step 5 and "Board Size Adjustment")."""


@dataclass(frozen=True, order=True, slots=True)
class Lot:
    """A lot of the City board: ``column`` 0 is ``A``, ``row`` 1 is the top row.

    ``A1`` is the top-left (north-west) corner (spec: "Foundations of Rome").
    """

    column: int
    row: int

    def __post_init__(self) -> None:
        if not (0 <= self.column < 26 and 1 <= self.row <= 99):
            raise InvalidLotError(
                msg(
                    "no lot at column {column}, row {row}",
                    column=self.column,
                    row=self.row,
                )
            )

    @classmethod
    def parse(cls, text: str) -> Lot:
        """The lot named ``text``: a capital column letter then a row number.

        :raises InvalidLotError: not a lot name. Whether the lot is on the board
            in play is the :class:`Board`'s business.
        """
        match = _LOT_RE.fullmatch(text)
        if match is None:
            raise InvalidLotError(
                msg(
                    "{text} is not a lot name (a column letter and a row number, "
                    'like "B7")',
                    text=json.dumps(text, ensure_ascii=False),
                )
            )
        return cls(ord(match[1]) - ord("A"), int(match[2]))

    def __str__(self) -> str:
        return f"{chr(ord('A') + self.column)}{self.row}"

    def __repr__(self) -> str:
        return f"Lot.parse({str(self)!r})"

    def neighbours(self) -> tuple[Lot, ...]:
        """The lots sharing an edge with this one (north, west, east, south)."""
        steps = ((0, -1), (-1, 0), (1, 0), (0, 1))
        return tuple(
            Lot(self.column + dc, self.row + dr)
            for dc, dr in steps
            if 0 <= self.column + dc < 26 and 1 <= self.row + dr <= 99
        )

    def touches(self, other: Lot) -> bool:
        """Whether the two lots share an edge."""
        return abs(self.column - other.column) + abs(self.row - other.row) == 1


def format_lots(lots: Iterable[Lot]) -> str:
    """``A1, B1, A2``: lots in the order given."""
    return ", ".join(str(lot) for lot in lots)


def lots_words(lots: Iterable[Lot]) -> Message:
    """``A1, B1, A2`` as a message: the lots are data, the commas are words."""
    return comma_list([str(lot) for lot in lots])


@dataclass(frozen=True)
class Board:
    """The square of lots in play for a player count (rulebook 001, "Setup" 5)."""

    players: int

    def __post_init__(self) -> None:
        if self.players not in BOARD_SIZES:
            raise ValueError(
                f"Foundations of Rome is for 2 to 5 players, not {self.players}"
            )

    @property
    def size(self) -> int:
        return BOARD_SIZES[self.players]

    def __str__(self) -> str:
        return f"{self.size}x{self.size}"

    def __contains__(self, lot: object) -> bool:
        return isinstance(lot, Lot) and lot.column < self.size and lot.row <= self.size

    def lots(self) -> tuple[Lot, ...]:
        """Every lot in play, row by row from ``A1``."""
        return tuple(
            Lot(column, row)
            for row in range(1, self.size + 1)
            for column in range(self.size)
        )

    def is_edge(self, lot: Lot) -> bool:
        """Whether ``lot`` is in the first or last row or column in play
        (rulebook 000, "Setup": the outermost lots for the player count)."""
        last = self.size
        return lot in self and (lot.column in (0, last - 1) or lot.row in (1, last))

    def neighbours(self, lot: Lot) -> tuple[Lot, ...]:
        """The lots in play that share an edge with ``lot``."""
        return tuple(n for n in lot.neighbours() if n in self)

    def off_board_message(self, lot: Lot) -> Message:
        """The message for a lot outside this board."""
        return msg(
            '"{lot}" is off the {board} board used by {players} players',
            lot=str(lot),
            board=str(self),
            players=self.players,
        )


def groups(lots: Iterable[Lot]) -> list[list[Lot]]:
    """The orthogonally connected groups of ``lots`` (first-seen order)."""
    remaining = list(dict.fromkeys(lots))
    found: list[list[Lot]] = []
    while remaining:
        group = [remaining.pop(0)]
        i = 0
        while i < len(group):
            near = [lot for lot in remaining if lot.touches(group[i])]
            for lot in near:
                remaining.remove(lot)
            group.extend(near)
            i += 1
        found.append(group)
    return found


class Shape(Enum):
    """The shape of 1 to 4 connected lots, whatever its rotation or reflection."""

    MONO = "1x1"
    DOMINO = "1x2"
    I3 = "straight 3"
    L3 = "L of 3"
    I4 = "straight 4"
    O4 = "2x2 square"
    L4 = "L of 4"
    T4 = "T of 4"
    S4 = "S of 4"

    @classmethod
    def of(cls, lots: Sequence[Lot]) -> Shape:
        """The shape of ``lots``.

        :raises ValueError: not 1 to 4 distinct, orthogonally connected lots.
        """
        cells = set(lots)
        if not 1 <= len(cells) <= 4 or len(cells) != len(lots):
            raise ValueError("a shape is 1 to 4 distinct lots")
        if len(groups(cells)) != 1:
            raise ValueError("the lots are not orthogonally connected")
        columns = {lot.column for lot in cells}
        rows = {lot.row for lot in cells}
        straight = len(columns) == 1 or len(rows) == 1
        n = len(cells)
        if n == 1:
            return cls.MONO
        if n == 2:
            return cls.DOMINO
        if n == 3:
            return cls.I3 if straight else cls.L3
        if straight:
            return cls.I4
        if len(columns) == 2 and len(rows) == 2:
            return cls.O4
        degrees = [sum(a.touches(b) for b in cells) for a in cells]
        if 3 in degrees:
            return cls.T4
        # In a 2x3 box an L has three lots in one line; an S never does.
        lines = Counter(lot.row for lot in cells) + Counter(
            lot.column + 100 for lot in cells
        )
        return cls.L4 if 3 in lines.values() else cls.S4

    @property
    def size(self) -> int:
        """The number of lots of this shape."""
        sizes = {Shape.MONO: 1, Shape.DOMINO: 2, Shape.I3: 3, Shape.L3: 3}
        return sizes.get(self, 4)

    @property
    def words(self) -> Message:
        """The shape's name for a player (``value`` in English, translatable)."""
        return _SHAPE_WORDS[self]


_SHAPE_WORDS: Final[Mapping[Shape, Message]] = MappingProxyType(
    {
        Shape.MONO: msg("1x1"),
        Shape.DOMINO: msg("1x2"),
        Shape.I3: msg("straight 3"),
        Shape.L3: msg("L of 3"),
        Shape.I4: msg("straight 4"),
        Shape.O4: msg("2x2 square"),
        Shape.L4: msg("L of 4"),
        Shape.T4: msg("T of 4"),
        Shape.S4: msg("S of 4"),
    }
)
