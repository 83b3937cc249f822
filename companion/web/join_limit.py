"""How many wrong join codes a client may type: a limit that holds across
workers and machines, kept in the app's own database.

A join code opens a table with every right (``views/share.py``), and there
are 32**7 (about 34 billion) codes. Unlimited, one client made about 99
wrong guesses a second (issue 31): with 1,000 tables on a server, a hit in
about 4 days. So:

- **Per client**: a client (an address; an IPv6 one by its /64, the block
  one machine usually has) that typed :data:`PER_CLIENT` wrong codes in the
  last :data:`WINDOW` is refused (429, with when to try again) until the
  oldest of them is a minute old. Its codes are not even looked up while
  refused, so nothing is learnt from them. At 20 a minute, one client needs
  about 3 years on average to hit one of 1,000 tables.
- **Over the whole server**: a wrong code names no table, so no count can
  be kept per table; what a botnet guessing at one table (or at any) gets
  is bounded by the server's count instead. Once the server saw
  :data:`PER_SERVER` wrong codes in the last minute, every client may type
  only :data:`PER_CLIENT_UNDER_ATTACK` wrong code a minute. A player who
  types the right code the first time joins at once, attack or not; one
  who mistypes then waits a minute or opens the table by its link or QR
  code (the Share page).

The right code is never counted: the players of a table join at once
however many of them do.

Storage: each wrong code is a row of ``join_misses`` (``models.JoinMiss``),
counted with one indexed query and deleted once a minute old. Flask-Limiter
keeps its counts in memory, Redis, Memcached or MongoDB (through ``limits``):
memory is one worker's, and the others are a service every deployment would
have to add. The database is already shared by every worker and machine of
a deployment, on SQLite and PostgreSQL alike. Counting and recording are
two statements, not one: requests that arrive at the same instant may each
pass the count before any is recorded, so a client gets at most as many
extra codes as requests it has in flight at once (gunicorn's threads).
"""

from __future__ import annotations

import ipaddress
import math
from datetime import UTC, datetime, timedelta
from typing import Final

from flask import current_app, request
from sqlalchemy import delete, func, select

from ..storage.models import JOIN_CLIENT_MAX, JoinMiss, db, utcnow

WINDOW: Final = timedelta(minutes=1)
PER_CLIENT: Final = 20
"""Wrong codes a client may type in :data:`WINDOW` (``JOIN_MISSES_PER_CLIENT``)."""
PER_SERVER: Final = 200
"""Wrong codes in :data:`WINDOW`, from every client together, above which
each client may type only :data:`PER_CLIENT_UNDER_ATTACK`
(``JOIN_MISSES_PER_SERVER``). A club evening's typos are far fewer."""
PER_CLIENT_UNDER_ATTACK: Final = 1


def client() -> str:
    """Who is typing: the client's address (the proxy's ``X-Forwarded-For``
    when ``COMPANION_PROXIES`` trusts it), an IPv6 address by its /64."""
    address = request.remote_addr or "unknown"
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return address[:JOIN_CLIENT_MAX]
    if isinstance(parsed, ipaddress.IPv6Address):
        if parsed.ipv4_mapped is not None:  # ::ffff:10.0.0.2 is 10.0.0.2
            return str(parsed.ipv4_mapped)
        return str(ipaddress.IPv6Network(f"{parsed}/64", strict=False))
    return str(parsed)


def _aware(moment: datetime) -> datetime:
    """SQLite gives back the UTC time it was given without its zone."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def wait(now: datetime | None = None) -> int | None:
    """Seconds until this client may type a code again; ``None``: now."""
    now = now or utcnow()
    since = now - WINDOW
    config = current_app.config
    server = db.session.scalar(
        select(func.count()).select_from(JoinMiss).where(JoinMiss.at > since)
    )
    limit = (
        config.get("JOIN_MISSES_PER_CLIENT", PER_CLIENT)
        if (server or 0) < config.get("JOIN_MISSES_PER_SERVER", PER_SERVER)
        else PER_CLIENT_UNDER_ATTACK
    )
    mine = list(
        db.session.scalars(
            select(JoinMiss.at)
            .where(JoinMiss.client == client(), JoinMiss.at > since)
            .order_by(JoinMiss.at.desc())
            .limit(limit)
        )
    )
    if len(mine) < limit:
        return None
    # Free again once the oldest of its last ``limit`` misses is a minute old.
    free_at = _aware(mine[-1]) + WINDOW
    return max(1, math.ceil((free_at - now).total_seconds()))


def missed(now: datetime | None = None) -> None:
    """Count a wrong code from this client; forget those a minute old."""
    now = now or utcnow()
    db.session.execute(delete(JoinMiss).where(JoinMiss.at <= now - WINDOW))
    db.session.add(JoinMiss(client=client(), at=now))
    db.session.commit()
