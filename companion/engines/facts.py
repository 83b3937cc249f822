"""What a game's registry entry says beside its engine: its expansions.

Pure: the standard library only (see README.md in this folder).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .base import Message


@dataclass(frozen=True)
class Expansion:
    """An expansion a table of its game may be played with.

    Every fact is required: an expansion registered without one is refused
    when it is built.
    """

    key: str
    """Its slug: the table option that turns it on (``GameTable.options``)."""
    title: Message
    """Its name in words, without the game's (``Roads of Fortune``)."""
    option: Message
    """What the new-table page offers to turn it on."""
    bgg_id: int | None
    """Its BoardGameGeek id (``None``: none known; BG Stats then writes 0,
    not linked)."""
    in_file: Callable[[Mapping[str, Any]], bool]
    """Whether a decoded table file shows it played (a file carries state, not
    settings: road boards set up, a monument built)."""

    @property
    def name(self) -> str:
        """Its name in English (BG Stats, the group's record)."""
        return str(self.title)


__all__ = ["Expansion"]
