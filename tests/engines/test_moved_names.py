"""Names that moved into ``companion.engines.foundations`` still import from
where they were, for one release, with a warning that says where they are now."""

from __future__ import annotations

import importlib

import pytest

from companion.engines import foundations
from companion.engines.foundations import (
    fortune,
    monument_cards,
    monuments,
    road_boards,
)


@pytest.mark.parametrize(
    ("old", "name", "new"),
    [
        ("roads", "Edge", road_boards),
        ("roads", "RoadBoards", road_boards),
        ("roads", "resolve", fortune),
        ("roads", "influence", fortune),
        ("monuments", "CATALOGUE", monument_cards),
        ("monuments", "with_overrides", monument_cards),
        ("monuments", "eligibility", monuments),
        ("monuments", "placement", monuments),
    ],
)
def test_a_moved_name_still_imports_and_says_where_it_went(old, name, new) -> None:
    module = importlib.import_module(f"companion.engines.{old}")
    with pytest.warns(DeprecationWarning, match=rf"{new.__name__}\.{name}"):
        value = getattr(module, name)
    assert value is getattr(new, name)


def test_every_old_name_of_the_shims_resolves() -> None:
    for old in ("roads", "monuments"):
        module = importlib.import_module(f"companion.engines.{old}")
        for name in module._MOVED:
            with pytest.warns(DeprecationWarning):
                getattr(module, name)


def test_an_unknown_name_is_an_attribute_error() -> None:
    module = importlib.import_module("companion.engines.roads")
    with pytest.raises(AttributeError, match="no_such_name"):
        module.no_such_name  # noqa: B018


def test_the_package_keeps_the_names_of_the_old_module() -> None:
    for name in (
        "City",
        "Lot",
        "build",
        "remove",
        "score",
        "winners",
        "read",
        "to_json",
        "problems",
        "ENGINE",
        "Category",
        "TRAY",
    ):
        assert name in foundations.__all__
        assert hasattr(foundations, name)
