"""The players' own time: every time and date a page, a report or an export
shows is in the phone's time zone (issue 29).

The phone says its zone itself: ``static/tz.js`` writes the browser's
(``Intl.DateTimeFormat().resolvedOptions().timeZone``) into the ``tz``
cookie, kept for :data:`MAX_AGE` and written again only when it changes (a
phone that travels). Flask-Babel's time-zone selector (:func:`select_timezone`)
reads it, so ``format_datetime`` shows local times, and :func:`local` turns a
stored moment (UTC) into the reader's local one for what Babel does not
format: the report's date, the BG Stats play file, the files' names.

The cookie is the phone's word, not ours: anything but a zone both Python's
``zoneinfo`` and Flask-Babel's ``pytz`` know (a path, an unknown name, 10 kB
of text) counts as no zone, and the page shows UTC, never an error. The
first page a phone ever opens, before the script ran, is in UTC too.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from typing import Final
from zoneinfo import ZoneInfo

import pytz
from flask import Flask, has_request_context, request
from flask_babel import get_timezone, to_user_timezone

COOKIE: Final = "tz"
"""The cookie ``static/tz.js`` writes: the phone's IANA zone name."""
MAX_AGE: Final = 400 * 24 * 3600
"""Seconds the cookie is kept (400 days, the most a browser allows); tz.js
says the same."""
MAX_ZONE_NAME: Final = 64
"""Characters of a zone's name at most (the longest IANA name has 32)."""
_ZONE_NAME: Final = re.compile(r"[A-Za-z][A-Za-z0-9_+\-]*(?:/[A-Za-z0-9_+\-]+){0,2}")
"""What an IANA zone's name looks like: one to three parts, no dots, so no
``..`` and no absolute path."""


def zone_name(raw: str | None) -> str | None:
    """``raw`` if it names a time zone that can show a time, else ``None``.

    Checked before anything reads a file: at most :data:`MAX_ZONE_NAME`
    characters of a zone's shape; then ``zoneinfo`` must find it (any error,
    whatever it is, means no), and Flask-Babel's ``pytz``, which converts the
    times, must know it too (``zoneinfo`` also finds ``localtime``).
    """
    if not raw or len(raw) > MAX_ZONE_NAME or not _ZONE_NAME.fullmatch(raw):
        return None
    try:
        ZoneInfo(raw)
    except Exception:  # ValueError, ZoneInfoNotFoundError, OSError, ...: no zone
        return None
    return raw if raw in pytz.all_timezones_set else None


def select_timezone() -> str | None:
    """Flask-Babel's time-zone selector: the zone this phone said it is in
    (the ``tz`` cookie), or ``None`` (Babel's default, UTC), as outside a
    request (the ``companion`` command, a report made by a tool)."""
    if not has_request_context():
        return None
    return zone_name(request.cookies.get(COOKIE))


def local(moment: datetime) -> datetime:
    """``moment`` (aware, or naive in UTC as SQLite gives it back) in the
    reader's time zone, aware."""
    converted: datetime = to_user_timezone(moment)
    return converted


def local_day(moment: datetime) -> date:
    """The reader's calendar day at ``moment``: a game that ends at 23:30
    UTC ended on the next day in Rome."""
    return local(moment).date()


def zone_in_use() -> str:
    """The name of the zone this request shows times in (``UTC`` by
    default)."""
    return str(get_timezone())


def init_app(app: Flask) -> None:
    """Templates write a moment's ``datetime`` attribute with ``local``."""
    app.jinja_env.globals["local"] = local
