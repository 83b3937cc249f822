"""House rules in the database: each belongs to one table, and only that table
shows it, finds it in a search and may delete it.

A thin adapter between the views and the database, as ``store`` is for the
tables themselves. Adding a rule is done once per form (its one-time token,
``HouseRule.form_token``).
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

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


def made_by(token: str) -> HouseRule | None:
    """The house rule the form send with this key added, if any."""
    query = select(HouseRule).where(HouseRule.form_token == token)
    return db.session.scalars(query).first()


def add_once(
    table: GameTable, *, title: str, text: str, lang: str, token: str
) -> tuple[HouseRule, bool]:
    """Add a house rule to ``table`` as the form send with the key ``token``
    (``forms.OnceForm.once_key``), unless a send with that key already added
    one: (the rule, whether this call added it).

    Two sends at once both try; the database's unique index on the key lets
    one through and the other finds its rule, on any worker.
    """
    rule = HouseRule(
        table_id=table.id,
        game=table.game,
        title=title,
        text=text,
        lang=lang,
        form_token=token,
    )
    db.session.add(rule)
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        earlier = made_by(token)
        if earlier is None:
            raise
        return earlier, False
    return rule, True


def delete(rule: HouseRule) -> None:
    db.session.delete(rule)
    db.session.commit()
