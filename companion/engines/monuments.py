"""Deprecated: moved to companion.engines.foundations.monument_cards and .monuments.

Kept for one release so that code importing ``companion.engines.monuments`` keeps
working; every name read from here warns with :class:`DeprecationWarning` and
says where it lives now. It will be removed in version 0.3.
"""

from __future__ import annotations

import warnings

from .foundations import monument_cards, monuments

_MOVED = {
    "BASE_INCOME": monuments,
    "BUILDING_OVER": monuments,
    "BankCoins": monument_cards,
    "CARDS": monument_cards,
    "CATALOGUE": monument_cards,
    "CIVIC_SCORING": monuments,
    "COMMERCIAL_SCORING": monuments,
    "CONSTRUCT": monuments,
    "CardText": monument_cards,
    "Catalogue": monument_cards,
    "Cell": monument_cards,
    "CoinsPerAdjacent": monument_cards,
    "Compare": monument_cards,
    "END_OF_GAME": monuments,
    "Effect": monument_cards,
    "Eligibility": monuments,
    "FollowUpBuild": monument_cards,
    "Footer": monument_cards,
    "Footprint": monument_cards,
    "GENERAL_READINGS": monument_cards,
    "GiveVP": monument_cards,
    "IllegalMonumentError": monuments,
    "LOTS_AND_SHAPES": monument_cards,
    "MAX_LOTS": monument_cards,
    "MONUMENTS_EXPANSION": monuments,
    "MONUMENT_MARKERS": monuments,
    "MONUMENT_MARKERS_PER_PLAYER": monuments,
    "Measure": monument_cards,
    "MonumentCard": monument_cards,
    "MonumentError": monument_cards,
    "MonumentScore": monuments,
    "NAME_MAX": monument_cards,
    "Owns": monument_cards,
    "OwnsEveryType": monument_cards,
    "PayPlayers": monument_cards,
    "PerAdjacent": monument_cards,
    "Placement": monuments,
    "Profile": monuments,
    "RESIDENTIAL_SCORING": monument_cards,
    "Rank": monument_cards,
    "Recipients": monument_cards,
    "Requirement": monument_cards,
    "SLUGS": monument_cards,
    "TAKE_INCOME": monument_cards,
    "Transfer": monuments,
    "UnknownMonumentError": monument_cards,
    "UnknownPlayerError": monuments,
    "Where": monument_cards,
    "adjacency_units": monuments,
    "build_monument": monuments,
    "card_json": monument_cards,
    "card_text": monument_cards,
    "check": monuments,
    "coins_known": monuments,
    "effect_words": monument_cards,
    "eligibilities": monuments,
    "eligibility": monuments,
    "footer_words": monument_cards,
    "markers_left": monuments,
    "measure": monuments,
    "monument_score": monuments,
    "monument_scores": monuments,
    "monument_slug": monuments,
    "monument_values": monument_cards,
    "monuments_json": monuments,
    "on_board": monuments,
    "placement": monuments,
    "placement_json": monuments,
    "pool": monuments,
    "profiles": monuments,
    "requirement_words": monument_cards,
    "shape_words": monument_cards,
    "unit_words": monument_cards,
    "with_overrides": monument_cards,
}


def __getattr__(name: str) -> object:
    try:
        module = _MOVED[name]
    except KeyError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    warnings.warn(
        f"companion.engines.monuments.{name} moved to {module.__name__}.{name}",
        DeprecationWarning,
        stacklevel=2,
    )
    return getattr(module, name)
