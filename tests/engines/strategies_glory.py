"""Hypothesis builders of valid-by-construction Glory to Rome camps and files.

Every count stays within the cards in the box (see ``glory.deck_problems``): a
budget of order cards per material, building copies and sites is drawn down as
the camps are built.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

from hypothesis import strategies as st

from companion.engines.glory import (
    CARDS,
    FORUMS,
    GATE,
    JACKS,
    MAX_SITE_INFLUENCE,
    ORDER_CARDS_TOTAL,
    SITES_PER_MATERIAL,
    STAIRWAY,
    STARTING_INFLUENCE,
    Camp,
    EndCondition,
    GameEnd,
    Material,
    ScoreSheet,
    active_buildings,
    made_public_by,
    orders_of,
)

from . import strategies

IDS = ("red", "blue", "green", "yellow", "purple", "ana", "bo", "p-3")
NAMES = st.sampled_from(("Ana", "Bo", "Chiara", "Emma", "李雷", "Marco Aurelio", "Bo"))
"""Player names, one repeated: names need not be unique."""
SCORING = ("Statue", "Wall", "Market", "Insula", "Aqueduct")
"""Buildings drawn more often, because they score or change a limit."""
STARTED = (*SCORING, GATE, STAIRWAY)
"""With ``started``: also the buildings that make others active (a Gate wakes
incomplete marble buildings, a Stairway makes buildings public)."""
ENDING = (*FORUMS, "Catacomb")
"""Buildings drawn more often too, because an ending needs them (``ended``)."""


@st.composite
def score_sheets(
    draw: st.DrawFn, max_vault: int = 4, started: bool = False
) -> ScoreSheet:
    """Camps within the box: a vault, some buildings, sites or influence; with
    ``started`` also ``incomplete`` buildings and ``public`` ones (only where
    another camp's Stairway is active to make them so)."""
    often = (*(STARTED if started else SCORING), *ENDING)
    seats = draw(strategies.seats(IDS, NAMES, max_size=5))
    orders = Counter({m: orders_of(m) for m in Material})
    copies = Counter({name: card.copies for name, card in CARDS.items()})
    sites_left = Counter(dict.fromkeys(Material, SITES_PER_MATERIAL))
    site_influence_left = MAX_SITE_INFLUENCE
    cards_left = ORDER_CARDS_TOTAL
    hands_left = JACKS
    camps = []
    for player in seats:
        names = draw(
            st.lists(
                st.one_of(st.sampled_from(often), st.sampled_from(sorted(CARDS))),
                max_size=4,
                unique=True,
            )
        )
        buildings = []
        for name in names:
            material = CARDS[name].material
            if copies[name] and orders[material] and cards_left >= 2:
                copies[name] -= 1
                orders[material] -= 1
                cards_left -= 2
                buildings.append(name)
        incomplete = []
        public: list[str] = []
        if started:
            for name in draw(
                st.lists(
                    st.one_of(st.sampled_from(often), st.sampled_from(sorted(CARDS))),
                    max_size=2,
                    unique=True,
                )
            ):
                material = CARDS[name].material
                if name in buildings or not (copies[name] and orders[material]):
                    continue
                if cards_left >= 1:
                    copies[name] -= 1
                    orders[material] -= 1
                    cards_left -= 1
                    incomplete.append(name)
            if buildings:
                public = draw(
                    st.lists(st.sampled_from(buildings), max_size=2, unique=True)
                )
        vault = {}
        for material in Material:
            top = min(max_vault, orders[material], cards_left)
            n = draw(st.integers(0, top))
            orders[material] -= n
            cards_left -= n
            if n or draw(st.booleans()):
                vault[material] = n
        stockpile = draw(st.integers(0, min(12, cards_left)))
        cards_left -= stockpile
        hand = draw(st.integers(0, min(8, cards_left + hands_left)))
        from_jacks = min(hand, hands_left)
        hands_left -= from_jacks
        cards_left -= hand - from_jacks
        if draw(st.booleans()):
            available = sorted(m.value for m in Material if sites_left[m])
            sites = [
                Material(v)
                for v in draw(
                    st.lists(st.sampled_from(available), max_size=5)
                    if available
                    else st.just([])
                )
            ]
            kept = []
            for m in sites:
                if sites_left[m]:
                    sites_left[m] -= 1
                    site_influence_left -= m.points
                    kept.append(m)
            camps.append(
                Camp.from_sites(
                    player, kept, vault, buildings, stockpile=stockpile, hand=hand
                )
            )
        else:
            extra = draw(st.integers(0, min(16, site_influence_left)))
            site_influence_left -= extra
            camps.append(
                Camp(
                    player,
                    STARTING_INFLUENCE + extra,
                    vault,
                    tuple(buildings),
                    stockpile,
                    hand,
                )
            )
        if incomplete or public:
            camps[-1] = replace(
                camps[-1], incomplete=tuple(incomplete), public=tuple(public)
            )
    # A camp's public buildings need another camp's active Stairway; leaving
    # them out may put out a Gate that woke a Stairway, so until none is left.
    while unmade := [
        i
        for i, camp in enumerate(camps)
        if camp.public and made_public_by(ScoreSheet(tuple(camps)), camp) is None
    ]:
        for i in unmade:
            camps[i] = replace(camps[i], public=())
    sheet = ScoreSheet(tuple(camps))
    return replace(sheet, ended=draw(endings(sheet)))


def endings(sheet: ScoreSheet) -> st.SearchStrategy[GameEnd | None]:
    """How the game may have ended with these camps (spec: ``ended``): not
    said, the deck, the sites, a surrender to anyone; the Catacomb only when a
    camp completed it, a Forum victory only by a player whose Forum (or Forum
    Romanum) is active."""
    ids = [camp.player.id for camp in sheet.camps]
    options: list[st.SearchStrategy[GameEnd | None]] = [
        st.none(),
        st.just(GameEnd(EndCondition.DECK)),
        st.just(GameEnd(EndCondition.SITES)),
        st.sampled_from(ids).map(lambda pid: GameEnd(EndCondition.SURRENDER, pid)),
    ]
    if any(camp.has("Catacomb") for camp in sheet.camps):
        options.append(st.just(GameEnd(EndCondition.CATACOMB)))
    forum = [
        camp.player.id
        for camp in sheet.camps
        if set(FORUMS) & set(active_buildings(sheet, camp))
    ]
    if forum:
        options.append(
            st.sampled_from(forum).map(lambda pid: GameEnd(EndCondition.FORUM, pid))
        )
    return st.one_of(options)


def document(sheet: ScoreSheet) -> dict[str, Any]:
    """The table file of ``sheet``."""
    camps: dict[str, Any] = {}
    for camp in sheet.camps:
        entry: dict[str, Any] = {
            "vault": {m.value: n for m, n in camp.vault.items() if n},
            "buildings": list(camp.buildings),
            "stockpile": camp.stockpile,
            "hand": camp.hand,
        }
        if camp.sites is None:
            entry["influence"] = camp.influence
        else:
            entry["sites"] = [m.value for m in camp.sites]
        if camp.incomplete:
            entry["incomplete"] = list(camp.incomplete)
        if camp.public:
            entry["public"] = list(camp.public)
        camps[camp.player.id] = entry
    doc: dict[str, Any] = {
        "format": "rome-companion/1",
        "game": "glory-to-rome",
        "players": [{"id": p.id, "name": p.name} for p in sheet.players],
        "camps": camps,
    }
    if sheet.ended is not None:
        doc["ended"] = {"how": sheet.ended.how.value}
        if sheet.ended.winner is not None:
            doc["ended"]["winner"] = sheet.ended.winner
    return doc


@st.composite
def documents(draw: st.DrawFn) -> tuple[ScoreSheet, dict[str, Any]]:
    """A sheet and its table file."""
    sheet = draw(score_sheets())
    return sheet, document(sheet)
