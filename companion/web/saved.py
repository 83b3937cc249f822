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
