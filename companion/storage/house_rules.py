"""House rules in the database: each belongs to one table, and only that table
shows it, finds it in a search and may delete it.

A thin adapter between the views and the database, as ``store`` is for the
tables themselves. Adding a rule is done once per form (its one-time token,
``HouseRule.form_token``); a new table may start with a copy of an earlier
table's rules.
"""

from __future__ import annotations

from collections.abc import Collection

from sqlalchemy import func, select

from .models import GameTable, HouseRule, db, once


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

    def add() -> HouseRule:
        db.session.add(rule)
        db.session.commit()
        return rule

    return once(add, lambda: made_by(token))


def delete(rule: HouseRule) -> None:
    db.session.delete(rule)
    db.session.commit()


def counts(table_ids: Collection[str]) -> dict[str, int]:
    """How many house rules each of these tables has (tables with none are
    left out)."""
    if not table_ids:
        return {}
    query = (
        select(HouseRule.table_id, func.count(HouseRule.id))
        .where(HouseRule.table_id.in_(table_ids))
        .group_by(HouseRule.table_id)
    )
    return {table_id: int(n) for table_id, n in db.session.execute(query).all()}


def copy_rules(source_id: str, table: GameTable) -> int:
    """Give ``table`` a copy of each house rule of the table ``source_id``
    (a game's own rules only: another game's are left out), in one
    transaction; how many were copied. The copies are the new table's own:
    changing either table's rules later leaves the other's as they are."""
    query = (
        select(HouseRule)
        .where(HouseRule.table_id == source_id, HouseRule.game == table.game)
        .order_by(HouseRule.id)
    )
    copies = [
        HouseRule(
            table_id=table.id,
            game=table.game,
            title=rule.title,
            text=rule.text,
            lang=rule.lang,
        )
        for rule in db.session.scalars(query)
    ]
    db.session.add_all(copies)
    db.session.commit()
    return len(copies)
