"""Names that moved to another module, still readable where they were.

Pure: the standard library only.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Mapping
from types import ModuleType


def forward(old: str, homes: Mapping[str, ModuleType]) -> Callable[[str], object]:
    """A module ``__getattr__`` for the old module ``old``: each name in
    ``homes`` is read from its new module with a :class:`DeprecationWarning`
    that says where it lives now (PEP 562).
    """

    def __getattr__(name: str) -> object:
        try:
            module = homes[name]
        except KeyError:
            raise AttributeError(f"module {old!r} has no attribute {name!r}") from None
        warnings.warn(
            f"{old}.{name} moved to {module.__name__}.{name}",
            DeprecationWarning,
            stacklevel=2,
        )
        return getattr(module, name)

    return __getattr__
