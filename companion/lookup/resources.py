"""The package's rules data, read from ``companion/lookup/data``.

The only module of :mod:`companion.lookup` that reads files: one TOML file per
game and the glossary, parsed once per process.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from importlib import resources

from ..engines import GAMES
from .entries import Entry, check_unique, load_entries
from .glossary import Glossary, load_glossary
from .index import RulesIndex, build_index

GLOSSARY_FILE = "glossary.toml"


@dataclass(frozen=True)
class RulesData:
    """Every package entry (games in registry order) and the glossary."""

    entries: tuple[Entry, ...]
    glossary: Glossary


def data_file(name: str) -> str:
    """The text of a file in ``companion/lookup/data``."""
    return resources.files(__package__).joinpath("data", name).read_text("utf-8")


@cache
def load_rules() -> RulesData:
    """Read and check the package's data files (once per process).

    :raises RulesDataError: a data file breaks its format.
    """
    entries: list[Entry] = []
    for game in GAMES:
        name = f"{game.slug}.toml"
        entries.extend(load_entries(data_file(name), name=name))
    check_unique(entries)
    return RulesData(tuple(entries), load_glossary(data_file(GLOSSARY_FILE)))


def open_index(house_rules: Iterable[Entry] = ()) -> RulesIndex:
    """A new index of the package's entries and these house rules, joined by
    the package's glossary: what the app builds at start."""
    data = load_rules()
    return build_index(data.entries, house_rules, glossary=data.glossary)


@cache
def package_index() -> RulesIndex:
    """One index of the package's entries for this process, without house
    rules (the ``companion rules`` command); built on first use."""
    return open_index()


__all__ = [
    "GLOSSARY_FILE",
    "RulesData",
    "data_file",
    "load_rules",
    "open_index",
    "package_index",
]
