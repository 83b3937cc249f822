"""What is derived from a table version, made once per version (issue 33).

A table's page is a function of the table as one version holds it (its
file, what its history recorded, its options) and of who reads it (the
language, the time zone, the page asked for). So what a page works out from
a version (the city read from the file, the road-board picks, the scores and
their explanation lines, the rendered page) is kept here, keyed by the
table's id **and version**, and made again only for a new version:

- every change to a table raises its version (``GameTable.version``, checked
  by SQLAlchemy in the ``UPDATE`` itself: two saves cannot both write one
  version), undo and redo included; a key holding the version can never be
  served for another state of the table, in this process or in another one
  (each gunicorn worker keeps its own, and none of them needs to be told);
- every change still makes the process that saved it forget the table's
  entries (the one write path, :mod:`companion.edits`, and undo, redo and
  delete commit through the store, which says so: ``store.CHANGE_LISTENERS``):
  they can never be asked for again, and their memory is given back at once;
- memory is bounded: the entries least recently used go first
  (:data:`MAX_ENTRIES`).

Only answers to ``GET`` requests are kept, made from what the database
holds committed, on SQLite and PostgreSQL alike. A kept page has no CSRF
token of its own: it is rendered with a placeholder, and each request's
token is put in its place (:func:`cached_page`), and each copy gets
one-time form tokens of its own, so a form on a kept page works for
whoever gets it as it did.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, Final, TypeVar

from flask import Flask, current_app, g, request, session
from flask_wtf.csrf import generate_csrf

from ..storage import store
from ..storage.models import GameTable
from .forms import ONCE_PLACEHOLDER, new_form_token
from .local_time import zone_in_use
from .serving import static_files

T = TypeVar("T")

MAX_ENTRIES: Final = 512
"""Entries a process keeps at most: a page of a few dozen kB each, and the
values behind it; about 16 MiB at worst."""

_EXTENSION: Final = "companion_derived"
_CSRF_FIELD: Final = "csrf_token"
"""Where Flask-WTF keeps a request's token (``g.csrf_token``)."""


class VersionCache:
    """A bounded, thread-safe map of keys to values, the least recently used
    dropped first; each key starts with a table's id (see :func:`key_of`)."""

    def __init__(self, size: int = MAX_ENTRIES) -> None:
        self.size = size
        self._entries: OrderedDict[tuple[Hashable, ...], Any] = OrderedDict()
        self._lock = threading.Lock()
        self.made = 0
        """How many values were made (a miss); for tests and benchmarks."""

    def __len__(self) -> int:
        return len(self._entries)

    def get_or_make(self, key: tuple[Hashable, ...], make: Callable[[], T]) -> T:
        """The value kept for ``key``, or ``make()`` kept for it. Two threads
        missing at once both make it (the same value); one is kept."""
        with self._lock:
            if key in self._entries:
                self._entries.move_to_end(key)
                found: T = self._entries[key]
                return found
        value = make()
        with self._lock:
            self.made += 1
            self._entries[key] = value
            self._entries.move_to_end(key)
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)
        return value

    def forget(self, table_id: str) -> None:
        """Drop every entry of ``table_id`` (its versions are history)."""
        with self._lock:
            for key in [k for k in self._entries if k[0] == table_id]:
                del self._entries[key]

    def peek(self, key: tuple[Hashable, ...]) -> Any:
        """The value kept for ``key`` (``None``: none), as it is: for tests."""
        with self._lock:
            return self._entries.get(key)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()

    def keys(self) -> list[tuple[Hashable, ...]]:
        with self._lock:
            return list(self._entries)


def cache_of(app: Flask) -> VersionCache:
    """The app's cache (one per app, so one per process and per test app)."""
    found = app.extensions.get(_EXTENSION)
    if found is None:
        found = app.extensions.setdefault(_EXTENSION, VersionCache())
    cache: VersionCache = found
    return cache


def key_of(table: GameTable, name: str, *parts: Hashable) -> tuple[Hashable, ...]:
    """The key of what ``name`` derives from ``table`` as it is now: its id,
    its version, then ``parts``."""
    return (table.id, table.version, name, *parts)


def derived(table: GameTable, name: str, make: Callable[[], T], *parts: Hashable) -> T:
    """``make()``, made once per version of ``table`` (and ``parts``): what
    ``name`` derives from the table as it is now. The value is shared by
    every request of the version: it must not be changed by its user."""
    if not table.id or table.version is None:
        return make()
    return cache_of(current_app).get_or_make(key_of(table, name, *parts), make)


def forget(table_id: str) -> None:
    """Forget what was derived from ``table_id`` in this process: called
    after every change to it is committed (or given up), by the store that
    the one write path (:mod:`companion.edits`) and undo, redo and delete
    save through (``store.CHANGE_LISTENERS``)."""
    if current_app:
        cache_of(current_app).forget(table_id)


def init_app(app: Flask) -> None:
    """The app's cache, and the store told to forget a changed table in it."""
    cache_of(app)
    if forget not in store.CHANGE_LISTENERS:
        store.CHANGE_LISTENERS.append(forget)


_PLACEHOLDER: Final = f"csrf-placeholder-{secrets.token_hex(16)}"
"""What a kept page has for a CSRF token (random per process, so no text a
player types can be it)."""
_ONCE: Final = f"once{secrets.token_hex(12)}"
"""What a kept page has for a form's one-time token (``forms.OnceForm``):
each copy served gets a token of its own, so two phones' forms stay two."""


def reader_key() -> tuple[Hashable, ...]:
    """What a page depends on beyond what its caller names: the page asked
    for (path and query), the reader's language and time zone."""
    from flask_babel import get_locale

    # The static files' stamp: a page's static URLs carry their files'
    # fingerprints, so a changed file (a developer's CSS) makes pages anew.
    files = static_files(current_app).stamp()
    return (request.full_path, str(get_locale() or "en"), zone_in_use(), files)


def cached_page(
    table: GameTable | None, render: Callable[[], str], *parts: Hashable
) -> str:
    """The page ``render()`` makes, kept for the table's version (or, with
    no table, for ``parts`` alone), the reader's language and time zone and
    the address asked for; made again otherwise. Made fresh, and not kept,
    for anything but a ``GET`` or when a message is waiting to be shown
    (``flash``): what that page shows is the moment's, not the version's."""
    if request.method != "GET" or session.get("_flashes"):
        return render()
    if table is not None:
        key = key_of(table, "page", *reader_key(), *parts)
    else:
        key = ("", None, "page", *reader_key(), *parts)
    page = cache_of(current_app).get_or_make(key, lambda: _with_placeholder(render))
    if _ONCE in page:
        page = page.replace(_ONCE, new_form_token())
    if _PLACEHOLDER in page:
        page = page.replace(_PLACEHOLDER, generate_csrf())
    return page


def _with_placeholder(render: Callable[[], str]) -> str:
    """``render()`` with the placeholder for every CSRF token in it."""
    had = g.get(_CSRF_FIELD)
    setattr(g, _CSRF_FIELD, _PLACEHOLDER)
    setattr(g, ONCE_PLACEHOLDER, _ONCE)
    try:
        return render()
    finally:
        g.pop(ONCE_PLACEHOLDER, None)
        if had is None:
            g.pop(_CSRF_FIELD, None)
        else:
            setattr(g, _CSRF_FIELD, had)
