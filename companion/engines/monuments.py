"""Deprecated: the monument names, now in ``foundations.monument_cards``,
``foundations.monuments`` and ``foundations.city``; readable here with a
warning until version 0.3.
"""

from __future__ import annotations

from ._moved import forward
from .foundations import city, monument_cards, monuments

_MOVED = {
    name: module
    for module, names in {
        city: (
            "BUILDING_OVER CIVIC_SCORING COMMERCIAL_SCORING CONSTRUCT END_OF_GAME "
            "RESIDENTIAL_SCORING"
        ),
        monument_cards: (
            "BankCoins CARDS CATALOGUE CardText Catalogue Cell CoinsPerAdjacent "
            "Compare Effect FollowUpBuild Footer Footprint GENERAL_READINGS GiveVP "
            "LOTS_AND_SHAPES MAX_LOTS Measure MonumentCard MonumentError NAME_MAX "
            "Owns OwnsEveryType PayPlayers PerAdjacent Rank Recipients Requirement "
            "SLUGS TAKE_INCOME UnknownMonumentError Where card_json card_text "
            "effect_words footer_words monument_values requirement_words "
            "shape_words unit_words with_overrides"
        ),
        monuments: (
            "BASE_INCOME Eligibility IllegalMonumentError MONUMENTS_EXPANSION "
            "MONUMENT_MARKERS MONUMENT_MARKERS_PER_PLAYER MonumentScore Placement "
            "Profile Transfer UnknownPlayerError adjacency_units build_monument "
            "check coins_known eligibilities eligibility markers_left measure "
            "monument_score monument_scores monument_slug monuments_json on_board "
            "placement placement_json pool profiles"
        ),
    }.items()
    for name in names.split()
}

__getattr__ = forward(__name__, _MOVED)
