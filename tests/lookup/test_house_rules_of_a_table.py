"""House rules of a table in the index: only a search from that table finds
them or reads its typos with their words; a rule of no table (the command
line's) is found by every search."""

from __future__ import annotations

import pytest

from companion.lookup import InvalidEntryError, house_rule, open_index
from companion.lookup.index import TABLE_VOCABULARIES

A = "all-roads"


def house_ids(index, text: str, **kw: object) -> list[str]:  # type: ignore[no-untyped-def]
    return [h.entry.id for h in index.search(text, **kw) if h.entry.is_house_rule]


@pytest.mark.parametrize(
    ("table", "found"),
    [
        ("t1", ["house.1", "house.0"]),  # its own, and the rule of no table
        ("t2", ["house.2", "house.0"]),
        ("t3", ["house.0"]),  # a table without house rules
        (None, ["house.0"]),  # a search from no table
    ],
)
def test_a_search_finds_its_tables_house_rules_only(
    table: str | None, found: list[str]
) -> None:
    index = open_index(
        [
            house_rule("0", game=A, title="Zebra of all", text="Zebra everywhere."),
            house_rule("1", game=A, title="Zebra one", text="Zebra.", table="t1"),
            house_rule("2", game=A, title="Zebra two", text="Zebra.", table="t2"),
        ]
    )
    assert sorted(house_ids(index, "zebra", table=table)) == sorted(found)


def test_a_tables_words_correct_typos_at_that_table_only() -> None:
    index = open_index()
    index.add_house_rule(
        house_rule("q", game=A, title="Quokka", text="A quokka.", table="t1")
    )
    assert house_ids(index, "quokak", table="t1") == ["house.q"]
    # Corrected to the stem of the table's word ("quokk").
    assert index.query("quokak", table="t1").corrections == (("quokak", "quokk"),)
    assert index.query("quokak", table="t2").corrections == ()
    assert index.query("quokak").corrections == ()


def test_update_adds_and_removes_and_keeps_vocabularies_current() -> None:
    index = open_index()
    assert index.query("wombta", table="t1").corrections == ()  # cached now
    index.update_house_rules(
        add=[house_rule("5", game=A, title="Wombat", text="W.", table="t1")]
    )
    assert index.query("wombta", table="t1").corrections == (("wombta", "wombat"),)
    index.update_house_rules(remove=["5", "no-such-rule"])
    assert index.query("wombta", table="t1").corrections == ()
    assert index.house_rules == ()


def test_update_refuses_a_bad_batch_and_changes_nothing() -> None:
    index = open_index([house_rule("1", game=A, title="Zebra", text="Z.", table="t")])
    rule = house_rule("2", game=A, title="Yak", text="Y.", table="t")
    with pytest.raises(InvalidEntryError):
        index.update_house_rules(add=[rule, rule], remove=["1"])
    assert [r.id for r in index.house_rules] == ["house.1"]


def test_many_tables_keep_a_bounded_number_of_vocabularies() -> None:
    index = open_index()
    for n in range(TABLE_VOCABULARIES + 5):
        index.query("zebra", table=f"t{n}")
    assert len(index._table_vocabularies) == TABLE_VOCABULARIES
