"""House rules in the database: each belongs to one table, and only that table
shows it, finds it in a search and may delete it.

A thin adapter between the views and the database, as ``store`` is for the
tables themselves.
"""

from __future__ import annotations

from sqlalchemy import select

from .models import GameTable, HouseRule, db


def rules_of(table: GameTable) -> list[HouseRule]:
    """The table's house rules, in the order they were added."""
    query = (
        select(HouseRule).where(HouseRule.table_id == table.id).order_by(HouseRule.id)
    )
    return list(db.session.scalars(query))


def rule_of(table: GameTable, rule_id: int) -> HouseRule | None:
    """The house rule ``rule_id`` if it is this table's; ``None`` otherwise
    (another table's rule is as unknown as one that never was)."""
    rule = db.session.get(HouseRule, rule_id)
    return rule if rule is not None and rule.table_id == table.id else None


def add(table: GameTable, *, title: str, text: str, lang: str) -> HouseRule:
    """Add a house rule to ``table``."""
    rule = HouseRule(
        table_id=table.id, game=table.game, title=title, text=text, lang=lang
    )
    db.session.add(rule)
    db.session.commit()
    return rule


def delete(rule: HouseRule) -> None:
    db.session.delete(rule)
    db.session.commit()
