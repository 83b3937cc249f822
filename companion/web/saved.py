"""The civic tiles and road-board faces a group saved, and who sees them.

A saved tile or face belongs to the table it was saved at
(``CivicTile.table_id``, ``RoadFace.table_id``). The *group* at a table is
that table and every table this device knows (started, imported or joined:
:mod:`companion.web.device`). So:

- every phone at a table sees the tiles saved at it, however it opened the
  table (its address is the table's key);
- a group that plays again sees its tiles at the next table: the phones
  that played at the earlier one know it;
- a phone of another group sees none of them, whatever it sends: addresses
  and forms name a tile by its random key (``models.new_saved_key``), and
  a key is looked up only among the tiles the group sees.

Deleting a table hands what was saved at it to the newest other table this
device knows (:func:`hand_over`), so the group keeps its tiles; with no other
table, or where that table has one of the same name, they go with it.

A name is used once in a group: saving refuses a name the group sees
already. Two tables a device knows may each have one of a name (saved
before the device knew both); the group then sees one, the table open now
first, then the table the device knows best (newest on its list).
"""

from __future__ import annotations

from typing import TypeVar

from sqlalchemy import select

from ..storage.models import SAVED_KEY_MAX, CivicTile, GameTable, RoadFace, db
from . import device

Saved = TypeVar("Saved", CivicTile, RoadFace)


def group_ids(table: GameTable) -> list[str]:
    """The tables whose saved tiles and faces are seen at ``table`` from this
    device: that table first, then the ones the device knows, newest first."""
    return list(dict.fromkeys([table.id, *device.existing_ids()]))


def seen(model: type[Saved], table: GameTable) -> list[Saved]:
    """The tiles (or faces) the group at ``table`` sees, one per name, by name
    (one query: a device knows at most ``device.MAX_TABLES`` tables)."""
    ids = group_ids(table)
    rank = {table_id: place for place, table_id in enumerate(ids)}
    rows = db.session.scalars(select(model).where(model.table_id.in_(ids)))
    found: dict[str, Saved] = {}
    for row in sorted(rows, key=lambda r: (rank[r.table_id], r.id)):
        found.setdefault(row.name, row)
    return sorted(found.values(), key=lambda r: (r.name.casefold(), r.name))


def find(model: type[Saved], table: GameTable, key: str | None) -> Saved | None:
    """The tile (or face) with ``key`` among those the group at ``table``
    sees; ``None`` for any other key (another group's, a made-up one)."""
    if not key or len(key) > SAVED_KEY_MAX:
        return None
    return next((row for row in seen(model, table) if row.key == key), None)


def name_taken(model: type[Saved], table: GameTable, name: str) -> bool:
    """Whether the group at ``table`` sees a tile (or face) named ``name``."""
    return any(row.name == name for row in seen(model, table))


def heir(table: GameTable) -> str | None:
    """The table that gets what was saved at ``table`` when it is deleted:
    the newest other one this device knows, if any."""
    return next((i for i in device.existing_ids() if i != table.id), None)


def saved_at(table: GameTable) -> int:
    """How many tiles and faces were saved at ``table`` (its own, not its
    group's)."""
    return sum(
        len(db.session.scalars(select(m.id).where(m.table_id == table.id)).all())
        for m in (CivicTile, RoadFace)
    )


def hand_over(table: GameTable) -> None:
    """Give what was saved at ``table`` to its :func:`heir` (in the session,
    sent to the database before the table is deleted, in the same
    transaction: a delete refused as stale takes this back too)."""
    to = heir(table)
    if to is None:
        return
    _move(CivicTile, table.id, to)
    _move(RoadFace, table.id, to)
    db.session.flush()


def _move(model: type[Saved], from_id: str, to: str) -> None:
    """Move ``from_id``'s rows to ``to``, but for names ``to`` has already."""
    taken = set(db.session.scalars(select(model.name).where(model.table_id == to)))
    for row in db.session.scalars(select(model).where(model.table_id == from_id)):
        if row.name not in taken:
            row.table_id = to
