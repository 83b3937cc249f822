"""The rules lookup: entries in our own words, searched with SQLite FTS5.

- :mod:`.entries`: what an entry is; reading a game's data file; house rules.
- :mod:`.glossary`: the terms joined across English, Italian and Chinese.
- :mod:`.text`, :mod:`.query`, :mod:`.typos`: how questions and entries are
  read (folding, stems, Chinese pairs, typo tolerance).
- :mod:`.index`: the FTS5 index and its ranking (``sqlite3`` in memory).
- :mod:`.resources`: the package's data files (the only file reading).
- :mod:`.output`: results as the ``companion rules`` command prints them.

Everything but :mod:`.index` (sqlite3) and :mod:`.resources` (package files)
is pure: the standard library, and the Snowball stemmers in :mod:`.text`.
The app calls :func:`open_index` once at start, then
:meth:`RulesIndex.search`::

    index = open_index(house_rules)
    for hit in index.search("金库上限", game="glory-to-rome", lang="zh"):
        hit.entry.title, hit.snippet.parts(), hit.entry.source_text
"""

from __future__ import annotations

from .entries import (
    Entry,
    InvalidEntryError,
    RulesDataError,
    UnknownEntryError,
    house_rule,
    load_entries,
    parse_citations,
)
from .glossary import Glossary, GlossaryError, load_glossary
from .index import Hit, Marked, RulesIndex, build_index
from .output import results_json, results_text
from .query import Query, normalise_query
from .resources import RulesData, load_rules, open_index, package_index

__all__ = [
    "Entry",
    "Glossary",
    "GlossaryError",
    "Hit",
    "InvalidEntryError",
    "Marked",
    "Query",
    "RulesData",
    "RulesDataError",
    "RulesIndex",
    "UnknownEntryError",
    "build_index",
    "house_rule",
    "load_entries",
    "load_glossary",
    "load_rules",
    "normalise_query",
    "open_index",
    "package_index",
    "parse_citations",
    "results_json",
    "results_text",
]
