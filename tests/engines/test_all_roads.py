"""All Roads engine: the final tally, its tie-breaks, the supply and the turn record.

Pure and table-driven: one row per rule case (rulebook 002), the rulebook's
worked examples from golden/all_roads.toml, Hypothesis properties, and the
shared scenarios.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.engines import find_game, new_table_document, read_table
from companion.engines.all_roads import (
    FULL_SUPPLY_POINTS,
    Action,
    Build,
    Entry,
    Given,
    NoHouseForTradeRouteError,
    NoHouseToUpgradeError,
    NotAtTableError,
    ScoreSheet,
    Space,
    Supply,
    SupplyError,
    Token,
    TurnError,
    Upgrade,
    apply_turn,
    blank,
    places,
    rank_key,
    score,
    token_to_place,
)
from companion.engines.base import Citation, Player, RuleError, TableFileError

from ..conftest import require_shared
from ..helpers import golden
from ..scenario_match import (
    assert_refused,
    mismatches,
    scenario_files,
    scored_as_expected,
)
from .strategies_all_roads import documents, score_sheets, turns

GOLDEN = golden("all_roads")
SEATS = (
    Player("red", "Ana"),
    Player("blue", "Bo"),
    Player("green", "Chiara"),
    Player("yellow", "Emma"),
)


def supply(m: int = 0, s: int = 0, v: int = 0, h: int = 0) -> Supply:
    """An unbuilt supply, by counts of monuments, spas, villas, houses."""
    return Supply(monument=m, spa=s, villa=v, house=h)


def sheet(*supplies: Supply) -> ScoreSheet:
    return ScoreSheet(tuple(Entry(p, s) for p, s in zip(SEATS, supplies, strict=False)))


def doc(**part: Any) -> dict[str, Any]:
    players = part.pop("players", [{"id": p.id, "name": p.name} for p in SEATS[:2]])
    return {
        "format": "rome-companion/1",
        "game": "all-roads",
        "players": players,
        **part,
    }


# --- the final tally ---


@pytest.mark.parametrize(
    ("supplies", "points", "expected_places"),
    (
        # fewest unbuilt points wins
        ((supply(h=1), supply(v=1)), (1, 2), (1, 2)),
        (
            (supply(m=1), supply(s=1, h=1)),
            (4, 4),
            (2, 1),
        ),  # tie: red built fewer monuments
        # depth 1: more monuments built
        ((supply(m=1, h=1), supply(s=1, v=1)), (5, 5), (2, 1)),
        # depth 2: monuments equal, more spas built
        ((supply(s=1, h=1), supply(v=2)), (4, 4), (2, 1)),
        # depth 3: monuments and spas equal, more villas built
        ((supply(v=1, h=2), supply(h=4)), (4, 4), (2, 1)),
        # still tied after every tie-break: shared, and the next place skips
        ((supply(v=1), supply(v=1), supply(v=2)), (2, 2, 4), (1, 1, 3)),
        (
            (supply(h=1), supply(v=1), supply(v=1), supply(s=1)),
            (1, 2, 2, 3),
            (1, 2, 2, 4),
        ),
        ((supply(), supply(), supply(), supply()), (0, 0, 0, 0), (1, 1, 1, 1)),
        # three tied on points, decided at different depths
        (
            (supply(m=1), supply(s=1, h=1), supply(v=2)),
            (4, 4, 4),
            (3, 2, 1),  # green built the most monuments and spas: 1st
        ),
        # the full supply: 40 unbuilt points
        ((Supply.full(), supply()), (FULL_SUPPLY_POINTS, 0), (2, 1)),
    ),
)
def test_points_and_places(
    supplies: tuple[Supply, ...],
    points: tuple[int, ...],
    expected_places: tuple[int, ...],
) -> None:
    result = score(sheet(*supplies))
    assert tuple(r.unbuilt_points for r in result.players) == points
    assert tuple(r.place for r in result.players) == expected_places
    assert set(result.winners) == {r.player.id for r in result.players if r.place == 1}


@pytest.mark.parametrize(
    ("supplies", "places"),
    (
        # tied on 4 points, decided at the end by what was built: shared now
        ((supply(m=1), supply(s=1, h=1), supply(v=2)), (1, 1, 1)),
        ((supply(h=1), supply(v=1), supply(v=1), supply(s=1)), (1, 2, 2, 4)),
        ((Supply.full(), supply()), (2, 1)),
    ),
)
def test_places_so_far_share_every_tie(
    supplies: tuple[Supply, ...], places: tuple[int, ...]
) -> None:
    """During the game no tie-break applies (002, "End of the Game")."""
    so_far = score(sheet(*supplies)).places_so_far()
    assert tuple(so_far.values()) == places


@pytest.mark.parametrize(
    ("supplies", "lines"),
    (
        ((supply(h=1), supply(v=1)), []),  # no tie, nothing to explain
        (
            (supply(m=1, h=1), supply(s=1, v=1)),
            ["Bo ahead of Ana at 5 unbuilt points: 3 monuments built against 2"],
        ),
        (
            (supply(s=1, h=1), supply(v=2)),
            [
                "Bo ahead of Ana at 4 unbuilt points: 3 spas built against 2 "
                "(monuments built: 3 each)"
            ],
        ),
        (
            (supply(v=1, h=2), supply(h=4)),
            [
                "Bo ahead of Ana at 4 unbuilt points: 6 villas built against 5 "
                "(monuments built: 3 each; spas built: 3 each)"
            ],
        ),
        (
            (supply(v=1), supply(v=1), supply(v=2)),
            [
                "Ana and Bo share the victory: 2 unbuilt points each and the same "
                "tokens built (3 monuments, 3 spas, 5 villas)"
            ],
        ),
        (
            (supply(h=1), supply(v=1), supply(v=1), supply(s=1)),
            [
                "Bo and Chiara share 2nd place: 2 unbuilt points each and the same "
                "tokens built (3 monuments, 3 spas, 5 villas)"
            ],
        ),
        (
            # two tied players ahead of a third, all on 4 points
            (supply(v=2), supply(v=2), supply(m=1)),
            [
                "Ana and Bo ahead of Chiara at 4 unbuilt points: 3 monuments built "
                "against 2",
                "Ana and Bo share the victory: 4 unbuilt points each and the same "
                "tokens built (3 monuments, 3 spas, 4 villas)",
            ],
        ),
    ),
)
def test_tie_break_sentences(supplies: tuple[Supply, ...], lines: list[str]) -> None:
    result = score(sheet(*supplies))
    assert [str(line.text) for line in result.lines] == lines
    assert all(line.points is None for line in result.lines)
    assert all(
        line.source == Citation("002", "End of the Game") for line in result.lines
    )


def test_same_names_are_told_apart_by_id() -> None:
    tally = ScoreSheet(
        (
            Entry(Player("red", "Ana"), supply(m=1)),
            Entry(Player("blue", "Ana"), supply(s=1, h=1)),
        )
    )
    (line,) = score(tally).lines
    assert str(line.text).startswith("Ana (blue) ahead of Ana (red)")


def test_player_lines_explain_every_point() -> None:
    (red, _) = score(sheet(supply(m=1, s=2, v=3, h=1), supply())).players
    assert [(line.points, str(line.text)) for line in red.lines] == [
        (4, "1 monument left unbuilt: 4 points"),
        (6, "2 spas left unbuilt: 2 x 3 = 6 points"),
        (6, "3 villas left unbuilt: 3 x 2 = 6 points"),
        (1, "1 house left unbuilt: 1 point"),
    ]
    assert sum(line.points or 0 for line in red.lines) == red.unbuilt_points == 17


@pytest.mark.parametrize(
    ("keys", "expected"),
    (
        ([(1,), (2,)], (1, 2)),
        ([(2,), (2,), (1,)], (2, 2, 1)),
        ([(5,), (5,), (5,)], (1, 1, 1)),
        ([(1,), (2,), (2,), (3,)], (1, 2, 2, 4)),
    ),
)
def test_places_are_competition_ranks(
    keys: list[tuple[int, ...]], expected: tuple[int, ...]
) -> None:
    assert places(keys) == expected


def test_score_json_has_the_spec_shape() -> None:
    out = score(sheet(supply(h=1), supply(v=1))).as_json()
    assert out["game"] == "all-roads"
    assert out["winners"] == ["red"]
    players = out["players"]
    assert isinstance(players, dict)
    assert players["red"]["unbuilt_points"] == 1
    assert players["blue"]["place"] == 2
    json.dumps(out)  # plain JSON values only


# --- reading the table file ---


@pytest.mark.parametrize(
    ("part", "path", "message"),
    (
        # counts above the supply, either way
        ({"unbuilt": {"red": {"villa": 7}, "blue": {}}}, "unbuilt.red.villa", "only 6"),
        ({"unbuilt": {"red": {"house": 8}, "blue": {}}}, "unbuilt.red.house", "only 7"),
        ({"built": {"red": {"spa": 4}, "blue": {}}}, "built.red.spa", "only 3"),
        (
            {"unbuilt": {"red": {"monument": 4}, "blue": {}}},
            "unbuilt.red.monument",
            "only 3",
        ),
        ({"unbuilt": {"red": {"house": -1}, "blue": {}}}, "unbuilt.red.house", "below"),
        (
            {"unbuilt": {"red": {"house": 1.5}, "blue": {}}},
            "unbuilt.red.house",
            "whole",
        ),
        (
            {"unbuilt": {"red": {"house": True}, "blue": {}}},
            "unbuilt.red.house",
            "whole",
        ),
        # a typo never scores 0
        (
            {"unbuilt": {"red": {"vila": 1}, "blue": {}}},
            "unbuilt.red.vila",
            "unknown key",
        ),
        # not both, and every player somewhere
        (
            {"unbuilt": {"red": {}, "blue": {}}, "built": {"red": {}}},
            "built.red",
            "not both",
        ),
        ({"unbuilt": {"red": {}}}, "unbuilt.blue", "missing"),
        ({}, "unbuilt.red", "missing"),
        (
            {"unbuilt": {"red": {}, "blue": {}, "green": {}}},
            "unbuilt.green",
            "not a player",
        ),
        ({"unbuilt": {"red": [], "blue": {}}}, "unbuilt.red", "expected an object"),
    ),
)
def test_read_errors_name_their_path(
    part: dict[str, Any], path: str, message: str
) -> None:
    with pytest.raises(TableFileError) as caught:
        read_table(doc(**part))
    assert str(caught.value).startswith(f"{path}: ")
    assert message in str(caught.value)


def test_a_kind_left_out_counts_zero_and_built_is_the_complement() -> None:
    table = read_table(
        doc(unbuilt={"red": {"spa": 1}}, built={"blue": {"monument": 3, "spa": 3}})
    )
    red, blue = table.sheet.entries
    assert red.unbuilt == supply(s=1) and red.given_as is Given.UNBUILT
    assert blue.unbuilt == supply(v=6, h=7) and blue.given_as is Given.BUILT
    assert [r.unbuilt_points for r in score(table.sheet).players] == [3, 19]


def test_reading_does_not_change_the_document() -> None:
    original = doc(unbuilt={"red": {"spa": 1}}, built={"blue": {"house": 2}})
    kept = copy.deepcopy(original)
    read_table(original).score_json()
    assert original == kept


def test_blank_is_a_valid_new_table_with_full_supplies() -> None:
    players = SEATS[:3]
    part = blank(players)
    assert part == {"unbuilt": {p.id: supply(3, 3, 6, 7).as_json() for p in players}}
    out = read_table(new_table_document(find_game("all-roads"), players)).score_json()
    assert {p["unbuilt_points"] for p in out["players"].values()} == {40}
    assert sorted(out["winners"]) == sorted(p.id for p in players)


def test_a_sheet_built_by_hand_is_checked_too() -> None:
    with pytest.raises(RuleError, match="2 to 4 players"):
        ScoreSheet((Entry(SEATS[0], supply()),))
    with pytest.raises(RuleError, match="twice"):
        ScoreSheet((Entry(SEATS[0], supply()), Entry(SEATS[0], supply())))
    result = score(sheet(supply(h=1), supply()))
    assert result.player("blue").place == 1
    with pytest.raises(KeyError):
        result.player("green")


# --- the supply ---


@pytest.mark.parametrize(
    "counts",
    (
        {"monument": 4, "spa": 0, "villa": 0, "house": 0},
        {"monument": 0, "spa": 0, "villa": 7, "house": 0},
        {"monument": 0, "spa": 0, "villa": 0, "house": -1},
        {"monument": 0, "spa": 4, "villa": 0, "house": 0},
        {"monument": 0, "spa": 0, "villa": 0, "house": True},  # not a count
        {"monument": 0, "spa": 0, "villa": "1", "house": 0},
    ),
)
def test_supply_bounds(counts: dict[str, int]) -> None:
    with pytest.raises(SupplyError):
        Supply(**counts)


def test_supply_take_and_give_back() -> None:
    full = Supply.full()
    assert full.points == FULL_SUPPLY_POINTS == 40
    assert full.take(Token.SPA).count(Token.SPA) == 2
    assert full.take(Token.HOUSE).built(Token.HOUSE) == 1
    with pytest.raises(SupplyError):
        full.give_back(Token.HOUSE)
    with pytest.raises(SupplyError):
        supply().take(Token.VILLA)
    assert Supply.from_built({Token.VILLA: 6}) == supply(3, 3, 0, 7)
    with pytest.raises(SupplyError):
        Supply.from_built({Token.VILLA: 7})


# --- substitution when a kind runs out ---


@pytest.mark.parametrize(
    ("unbuilt", "wanted", "placed"),
    (
        (supply(1, 1, 1, 1), Token.SPA, Token.SPA),
        (supply(1, 0, 1, 1), Token.SPA, Token.VILLA),  # no spa left: a villa
        (supply(1, 0, 0, 1), Token.SPA, Token.HOUSE),  # no spa, no villa: a house
        (supply(1, 0, 0, 0), Token.SPA, None),  # nothing to place: left empty
        (supply(0, 1, 1, 1), Token.VILLA, Token.VILLA),
        (
            supply(0, 1, 0, 1),
            Token.VILLA,
            Token.HOUSE,
        ),  # no villa: a house, never a spa
        (supply(0, 1, 0, 0), Token.VILLA, None),
        (supply(0, 1, 1, 1), Token.HOUSE, Token.HOUSE),
        (supply(1, 1, 1, 0), Token.HOUSE, None),  # a house is never upgraded to fit
        (supply(0, 3, 6, 7), Token.MONUMENT, None),  # monuments are never replaced
        (supply(1, 0, 0, 0), Token.MONUMENT, Token.MONUMENT),
    ),
)
def test_substitution(unbuilt: Supply, wanted: Token, placed: Token | None) -> None:
    assert token_to_place(unbuilt, wanted) is placed


def up(owner: str, lake: bool = False) -> Upgrade:
    return Upgrade(owner, at_lake=lake)


DEAD, LOOP, LAKE, EMPTY, TRADE = (
    Build(Space.DEAD_END),
    Build(Space.LOOP_DEAD_END),
    Build(Space.LAKE_DEAD_END),
    Build(Space.EMPTY_LOOP),
    Build(Space.TRADE_ROUTE),
)


@pytest.mark.parametrize(
    ("red", "blue", "actions", "placed", "red_after", "blue_after"),
    (
        # each space calls for its token
        (
            Supply.full(),
            Supply.full(),
            [DEAD, LOOP, LAKE, EMPTY, TRADE],
            [Token.HOUSE, Token.VILLA, Token.SPA, Token.MONUMENT, Token.HOUSE],
            supply(2, 2, 5, 5),
            Supply.full(),
        ),
        # out of spas: a villa; then out of villas: a house
        (
            supply(0, 0, 1, 1),
            Supply.full(),
            [LAKE, LAKE],
            [Token.VILLA, Token.HOUSE],
            supply(0, 0, 0, 0),
            Supply.full(),
        ),
        # out of everything: the dead end stays empty, the monument loop too
        (
            supply(0, 0, 0, 0),
            Supply.full(),
            [DEAD, EMPTY],
            [None, None],
            supply(),
            Supply.full(),
        ),
        # upgrading another player's house: their spa, their house back
        (
            Supply.full(),
            supply(3, 3, 6, 6),
            [up("blue", lake=True)],
            [Token.SPA],
            Supply.full(),
            supply(3, 2, 6, 7),
        ),
        # the house owner has no spa: a villa; no villa either: the house stays
        (
            Supply.full(),
            supply(3, 0, 1, 5),
            [up("blue", True), up("blue", True)],
            [Token.VILLA, Token.HOUSE],
            Supply.full(),
            supply(3, 0, 0, 6),
        ),
        # a returned house fills the dead end left empty earlier this turn
        (
            supply(0, 0, 1, 0),
            Supply.full(),
            [DEAD, up("red")],
            [Token.HOUSE, Token.VILLA],
            supply(0, 0, 0, 0),
            Supply.full(),
        ),
        # ... also one that wanted a villa (out of villas: the house)
        (
            supply(0, 1, 0, 0),
            Supply.full(),
            [LOOP, up("red", lake=True)],
            [Token.HOUSE, Token.SPA],
            supply(),
            Supply.full(),
        ),
        # a monument loop left empty is not filled by a returned house
        (
            supply(0, 0, 1, 0),
            Supply.full(),
            [EMPTY, up("red")],
            [None, Token.VILLA],
            supply(0, 0, 0, 1),
            Supply.full(),
        ),
    ),
)
def test_apply_turn(
    red: Supply,
    blue: Supply,
    actions: list[Action],
    placed: list[Token | None],
    red_after: Supply,
    blue_after: Supply,
) -> None:
    before = {"red": red, "blue": blue}
    kept = dict(before)
    record = apply_turn(before, "red", actions)
    assert [p.placed for p in record.placements] == placed
    assert record.supplies == {"red": red_after, "blue": blue_after}
    assert before == kept  # the input is not changed


@pytest.mark.parametrize(
    ("supplies", "active", "actions", "error", "message"),
    (
        ({"red": Supply.full()}, "blue", [], NotAtTableError, "'blue' is not a player"),
        (
            {"red": Supply.full()},
            "red",
            [up("green")],
            NotAtTableError,
            "'green' is not a player",
        ),
        (
            {"red": Supply.full(), "blue": Supply.full()},
            "red",
            [up("blue")],
            NoHouseToUpgradeError,
            "blue has no house on the map",
        ),
        (
            {"red": supply(1, 1, 1, 0)},
            "red",
            [TRADE],
            NoHouseForTradeRouteError,
            "claiming is optional",
        ),
    ),
)
def test_apply_turn_errors(
    supplies: dict[str, Supply],
    active: str,
    actions: list[Action],
    error: type[TurnError],
    message: str,
) -> None:
    with pytest.raises(error, match=message):
        apply_turn(supplies, active, actions)


def test_turn_lines_cite_the_substitution_rule() -> None:
    record = apply_turn({"red": supply(0, 0, 1, 1)}, "red", [LAKE, EMPTY])
    villa, monument = record.lines
    assert str(villa.text).endswith("no spa left, so a villa is placed instead")
    assert villa.source == Citation("002", "Out of Tokens?")
    assert str(villa.source) == "rulebook 002, Out of Tokens?"
    assert "never replaced" in str(monument.text)
    assert record.placements[0].substituted


@pytest.mark.parametrize(
    "actions",
    ([TRADE, up("red")], [up("red"), TRADE]),
    ids=("claim-first", "upgrade-first"),
)
def test_a_trade_route_may_be_claimed_with_the_house_an_upgrade_returns(
    actions: list[Action],
) -> None:
    """002, II: the actions come "in any order"; with no house in supply, a claim
    takes the house an upgrade returns this turn, whichever the form lists first."""
    record = apply_turn({"red": supply(3, 3, 6, 0)}, "red", actions)
    assert record.supplies["red"] == supply(3, 3, 5, 0)  # a villa out, the house out
    claim = next(p for p in record.placements if p.action == TRADE)
    assert claim.placed is Token.HOUSE
    assert str(claim.line.text).endswith("with a house returned by an upgrade") == (
        actions[0] == TRADE
    )
    assert claim.line.source == Citation("002", "II.5 Claim Trade Routes")


def test_a_trade_route_claim_with_no_house_at_all_is_refused() -> None:
    # Only a villa upgrade of another player: no house comes back to red.
    supplies = {"red": supply(3, 3, 6, 0), "blue": supply(3, 3, 6, 6)}
    with pytest.raises(NoHouseForTradeRouteError, match="Ana has no house left"):
        apply_turn(supplies, "red", [TRADE, up("blue")], {"red": "Ana", "blue": "Bo"})


def test_turn_lines_name_the_players() -> None:
    record = apply_turn(
        {"red": supply(0, 0, 0, 3), "blue": supply(3, 3, 6, 6)},
        "red",
        [LAKE, up("blue")],
        {"red": "Ana", "blue": "Bo"},
    )
    house, upgrade = (str(line.text) for line in record.lines)
    assert house.startswith("Ana builds a house")
    # The chain of substitutions, said whole: neither a spa nor a villa was left.
    assert house.endswith("no spa and no villa left, so a house is placed instead")
    assert upgrade.startswith("Bo's house is upgraded to a villa")


# --- golden examples from rulebook 002 ---


@pytest.mark.parametrize(
    "example", GOLDEN["example"], ids=[e["name"] for e in GOLDEN["example"]]
)
def test_golden_examples(example: dict[str, Any]) -> None:
    assert example["source"].startswith("rulebook 002, ")
    result = read_table(doc(**example["table"])).score_json()
    expected = {k: v for k, v in example["expected"].items() if k != "lines"}
    assert mismatches(expected, result) == []
    texts = [line["text"] for line in result["lines"]]
    assert texts == example["expected"]["lines"]


def _action(text: str) -> Action:
    words = text.split()
    if words[0] == "upgrade":
        return Upgrade(words[1], at_lake=words[-1] == "lake")
    return Build(Space(text))


@pytest.mark.parametrize(
    "turn", GOLDEN["turn"], ids=[t["name"] for t in GOLDEN["turn"]]
)
def test_golden_turns(turn: dict[str, Any]) -> None:
    assert turn["source"].startswith("rulebook 002, ")
    supplies = {pid: Supply.full() for pid in turn["players"]}
    for step in turn["step"]:
        record = apply_turn(
            supplies, step["active"], [_action(a) for a in step["actions"]]
        )
        assert [p.line.points for p in record.placements] == step["points"]
        assert not any(p.substituted for p in record.placements)
        supplies = dict(record.supplies)
    assert {pid: s.as_json() for pid, s in supplies.items()} == turn["expected"]


# --- properties ---


@given(score_sheets())
def test_points_are_never_negative_and_lines_add_up(tally: ScoreSheet) -> None:
    for result in score(tally).players:
        assert 0 <= result.unbuilt_points <= FULL_SUPPLY_POINTS
        assert sum(line.points or 0 for line in result.lines) == result.unbuilt_points


@given(score_sheets(), st.randoms(use_true_random=False))
def test_seat_order_changes_no_points_or_places(
    tally: ScoreSheet, rnd: random.Random
) -> None:
    entries = list(tally.entries)
    rnd.shuffle(entries)
    before, after = score(tally), score(ScoreSheet(tuple(entries)))
    assert {r.player.id: (r.unbuilt_points, r.place) for r in before.players} == {
        r.player.id: (r.unbuilt_points, r.place) for r in after.players
    }
    assert set(before.winners) == set(after.winners)


@given(score_sheets())
def test_places_agree_with_points(tally: ScoreSheet) -> None:
    results = score(tally).players
    for a in results:
        better = [b for b in results if rank_key(b.unbuilt) < rank_key(a.unbuilt)]
        assert a.place == 1 + len(better)
        for b in results:
            if a.unbuilt_points < b.unbuilt_points:
                assert a.place < b.place
            if rank_key(a.unbuilt) == rank_key(b.unbuilt):
                assert a.place == b.place
    assert min(r.place for r in results) == 1


@given(documents())
def test_files_score_like_their_sheets(case: tuple[ScoreSheet, dict[str, Any]]) -> None:
    tally, document = case
    kept = copy.deepcopy(document)
    table = read_table(document)
    assert table.sheet == tally
    assert table.score_json() == score(tally).as_json()
    assert document == kept


@given(turns())
def test_turns_keep_every_token_and_explain_the_change(
    case: tuple[dict[str, Supply], str, list[Action]],
) -> None:
    supplies, active, actions = case
    kept = dict(supplies)
    try:
        record = apply_turn(supplies, active, actions)
    except (NoHouseToUpgradeError, NoHouseForTradeRouteError):
        return
    assert supplies == kept
    assert set(record.supplies) == set(supplies)
    for pid, after in record.supplies.items():
        drop = supplies[pid].points - after.points
        explained = sum(p.line.points or 0 for p in record.placements if p.owner == pid)
        assert drop == explained >= 0


# --- the shared scenarios ---


@pytest.mark.parametrize(
    "name",
    [p.stem for p in scenario_files("all-roads-*.json")] or ["all-roads-(missing)"],
)
def test_shared_scenarios(name: str) -> None:
    scored_as_expected(require_shared() / "scenarios" / f"{name}.json")


@pytest.mark.parametrize("name", ["all-roads-villas-above-supply"])
def test_shared_invalid_scenarios(name: str) -> None:
    assert_refused(require_shared() / "scenarios" / "invalid" / f"{name}.json")
