"""The tables this device knows and the device's name, kept in a signed
cookie of its own.

The home page lists these tables and not everyone's. A table is remembered
when this device starts it or imports it (a join link will call
:func:`remember` too); "Forget this table" takes it off the list and leaves
the table as it is. The cookie holds table ids only (their address, which is
also the key to them), newest first, :data:`MAX_TABLES` at most; it is signed
with the app's secret key so that only this app writes it. It is not Flask's
session: it lasts :data:`MAX_AGE`, the session only until the browser closes.

A view changes the list with :func:`remember` or :func:`forget`; the cookie is
written once, as the response leaves (:func:`init_app`).

The device may have a name ("Bo's phone", :func:`set_name`): every history
step made from it says so (``HistoryStep.by``), so the other phones at the
table read who changed what.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from datetime import timedelta
from functools import lru_cache
from typing import Final

from flask import Flask, Response, current_app, g, request
from itsdangerous import BadSignature, URLSafeSerializer
from sqlalchemy import select

from ..storage.models import DEVICE_NAME_MAX, GameTable, db, made_from

COOKIE_NAME: Final = "companion_tables"
MAX_TABLES: Final = 50
"""Tables remembered at most; remembering one more forgets the one remembered
longest ago. 50 ids of 16 characters make a cookie value of about 1 kB
(993 characters measured), well under the 4 kB a browser keeps for one
cookie."""
MAX_AGE: Final = timedelta(days=400)
"""How long the cookie lasts after the last change to the list (400 days:
the most a browser allows)."""
_SALT: Final = "companion.web.device-tables"
_ID_RE: Final = re.compile(r"^[A-Za-z0-9_-]{1,32}\Z")
_CHANGED: Final = "device_tables"
"""Where a view's change to the list waits for the response (``flask.g``)."""
COOKIES_KEPT: Final = 1024
"""Devices' cookies kept checked (:func:`_checked`), the most recently used:
about 2 kB each at most."""
_RENAMED: Final = "device_name"
"""Where a view's change of the device's name waits for the response."""
NAME_MAX: Final = DEVICE_NAME_MAX
"""Characters of a device's name at most."""


def _serializer() -> URLSafeSerializer:
    return URLSafeSerializer(current_app.config["SECRET_KEY"], salt=_SALT)


@dataclass(frozen=True)
class _Content:
    """What a cookie says, once its signature and each part are checked."""

    ids: tuple[str, ...] = ()
    """The tables, newest first, without repeats or malformed ids."""
    name: str | None = None


@lru_cache(maxsize=COOKIES_KEPT)
def _checked(secret_key: str, raw: str) -> _Content:
    """The content of the cookie ``raw`` signed with ``secret_key``; an
    unsigned, altered or malformed cookie counts as empty. Kept for the next
    request of the same device: its cookie is the same until its list
    changes, and checking it (the signature, then each of up to 50 ids) is
    what made a page cost more the more tables the device knows."""
    try:
        data = URLSafeSerializer(secret_key, salt=_SALT).loads(raw)
    except BadSignature:
        return _Content()
    if not isinstance(data, dict):
        return _Content()
    ids = data.get("t")
    found = (
        [i for i in ids if isinstance(i, str) and _ID_RE.match(i)]
        if isinstance(ids, list)
        else []
    )
    called = data.get("n")
    if not (isinstance(called, str) and 0 < len(called) <= NAME_MAX):
        called = None
    return _Content(ids=tuple(dict.fromkeys(found))[:MAX_TABLES], name=called)


def _cookie() -> _Content:
    """The cookie this request sent, checked (:func:`_checked`)."""
    raw = request.cookies.get(COOKIE_NAME)
    if not raw:
        return _Content()
    return _checked(current_app.config["SECRET_KEY"], raw)


def name() -> str | None:
    """This device's name, if it was given one."""
    if _RENAMED in g:
        given: str | None = g.get(_RENAMED)
        return given
    return _cookie().name


def set_name(new: str | None) -> None:
    """Name this device (``None`` or blank: no name)."""
    setattr(g, _RENAMED, (new or "").strip()[:NAME_MAX] or None)


def known_ids() -> list[str]:
    """The ids of the tables this device knows, newest first; an unsigned,
    altered or malformed cookie counts as none."""
    if _CHANGED in g:
        return list(g.get(_CHANGED))
    return list(_cookie().ids)


def _keep(ids: Iterable[str]) -> None:
    setattr(g, _CHANGED, list(dict.fromkeys(ids))[:MAX_TABLES])


def remember(table_id: str) -> None:
    """Put a table first on this device's list."""
    _keep([table_id, *known_ids()])


def forget(table_id: str) -> None:
    """Take a table off this device's list (the table itself stays)."""
    _keep(i for i in known_ids() if i != table_id)


def knows(table_id: str) -> bool:
    return table_id in known_ids()


def existing_ids() -> list[str]:
    """The ids of the tables this device knows that still exist (one query
    of at most ``MAX_TABLES`` ids); ids of deleted tables are dropped from
    the cookie on the way."""
    ids = known_ids()
    if not ids:
        return []
    query = select(GameTable.id).where(GameTable.id.in_(ids))
    return keep_existing(ids, set(db.session.scalars(query)))


def keep_existing(ids: Sequence[str], there: Collection[str]) -> list[str]:
    """``ids`` (this device's, :func:`known_ids`) but those not ``there``:
    tables deleted meanwhile, dropped from the cookie too."""
    kept = [i for i in ids if i in there]
    if len(kept) < len(ids):
        _keep(kept)
    return kept


def _write_cookie(response: Response) -> Response:
    """Send the list and the name as they are now, if a view changed them."""
    if _CHANGED not in g and _RENAMED not in g:
        return response
    ids = known_ids()
    called = name()
    content: dict[str, object] = {"t": ids}
    if called:
        content["n"] = called
    samesite = current_app.config.get("SESSION_COOKIE_SAMESITE") or "Lax"
    secure = bool(current_app.config.get("SESSION_COOKIE_SECURE"))
    if ids or called:
        response.set_cookie(
            COOKIE_NAME,
            _serializer().dumps(content),
            max_age=MAX_AGE,
            path="/",
            secure=secure,
            httponly=True,
            samesite=samesite,
        )
    else:
        response.delete_cookie(
            COOKIE_NAME, path="/", secure=secure, httponly=True, samesite=samesite
        )
    return response


def _sign_steps() -> None:
    """Every history step this request makes carries this device's name."""
    made_from(name())


def init_app(app: Flask) -> None:
    app.before_request(_sign_steps)
    app.after_request(_write_cookie)
    # Steps made after the request (a command, a test) are no one's.
    app.teardown_request(lambda _error: made_from(None))
