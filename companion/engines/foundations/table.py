"""Foundations of Rome in the table file: checks, reading, writing and ``score``.

Spec ``../shared/spec/table-file.md``, "Foundations of Rome": :func:`problems`
checks a city against every rule (road-board picks and monuments included),
:func:`read` and :func:`write` go between the file and a :class:`City`, and
:data:`ENGINE` is what the registry in ``companion.engines`` calls.

Pure: the standard library only; functions take values and return new ones.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Final

from ..base import (
    Engine,
    Node,
    Player,
    PlayerId,
    Problem,
    TableFileError,
    below_minimum,
    msg,
    not_a_player,
    per_player,
)
from ..facts import Expansion
from ..progress import EraScoring, Progress
from . import fortune, monuments, road_boards
from .city import (
    LOT_MARKERS,
    LOT_MARKERS_PER_PLAYER,
    SUPPLY,
    TRAY_SIZE_PER_TYPE,
    Building,
    BuildingType,
    City,
    Civic,
    CivicKind,
    Commercial,
    Monument,
    Residential,
    Values,
    covers_problem,
    not_connected,
    player_name,
    starting_coins,
    whose_building,
)
from .era import (
    Category,
    score,
    winners,
)
from .lots import (
    BOARD_SIZES,
    InvalidLotError,
    Lot,
    groups,
)

GAME: Final = "foundations-of-rome"
"""The ``game`` value of a Foundations of Rome table file."""

ERA_SCORING: Final = "fr-score"
"""The history step of an era scoring; its details name the ``era``."""

FINAL_ERA: Final = 3
"""The era whose scoring ends the game (rulebook 001, "End of Game")."""

ERAS: Final = EraScoring(action=ERA_SCORING, final_era=FINAL_ERA)
"""How the history keeps the era scorings (the registry's fact): each era's
latest scoring stands, and reopening the game takes back Era 3's, which is to
be made again (rulebook 001, "End of Game")."""


def is_over(progress: Progress, sheet: Callable[[], City]) -> bool:
    """Whether the game is over: Era 3 scored (rulebook 001, "End of Game")
    since the game was last reopened, if it ever was (reopening takes that
    scoring back: :mod:`companion.engines.progress`). The city is not read."""
    return any(e["era"] == FINAL_ERA for e in progress.era_scorings())


def _road_boards_in(document: Mapping[str, Any]) -> bool:
    return "road_boards" in document


def _monument_in(document: Mapping[str, Any]) -> bool:
    return any(b.get("type") == "monument" for b in document.get("buildings", []))


ROADS: Final = Expansion(
    key="roads",
    title=msg("Roads of Fortune"),
    option=msg("Roads of Fortune expansion (road boards)"),
    bgg_id=None,
    in_file=_road_boards_in,
)
"""Roads of Fortune (rulebook 000): a file shows it played once its road boards
are set up. No stored source gives it a BoardGameGeek id."""

MONUMENTS: Final = Expansion(
    key="monuments",
    title=msg("Monuments"),
    option=msg("Monuments expansion"),
    bgg_id=None,
    in_file=_monument_in,
)
"""The Monuments module: a file shows it played once a monument is built. No
stored source gives it a BoardGameGeek id."""

EXPANSIONS: Final = (ROADS, MONUMENTS)
"""The expansions a table may be played with, in the order the new-table page
offers them."""


def _value_problems(building: Building, path: str) -> Iterator[Problem]:
    values = building.values
    numbers: dict[str, int]
    if isinstance(values, Residential):
        numbers = {"citizens": values.citizens}
    elif isinstance(values, Commercial):
        numbers = {"silver": values.silver, "vp": values.vp}
    elif isinstance(values, Civic):
        numbers = {"civic.vp": values.vp}
    else:
        numbers = {}
    for key, number in numbers.items():
        if number < 0:
            yield Problem(f"{path}.{key}", below_minimum(number, 0))


def problems(city: City) -> tuple[Problem, ...]:
    """Every rule the city breaks, each with the JSON path of its table file.

    Checks (spec "Foundations of Rome"; rulebook 001): lots on the board in play,
    1 to 4 distinct orthogonally connected lots per building (1 to 6 for a
    monument), no lot shared by two buildings, lot markers only on unbuilt lots
    and never two on one lot, at most 8 lot markers and 8 buildings of each type
    per player, owners and keys that are players, era 1 to 3, no negative
    number. Monuments: a known card, each on the board once, at most 6 per
    player (``monuments.check``). With road boards,
    and when the city itself is sound, the picks recorded on them too
    (``fortune.resolve``: lot markers away since last era, rank order, free
    spaces, markers in hand).
    """
    found: list[Problem] = []
    ids = [p.id for p in city.players]
    if len(ids) not in BOARD_SIZES:
        return (Problem("players", msg("2 to 5 players play, not {n}", n=len(ids))),)
    if not 1 <= city.era <= 3:
        found.append(
            Problem("era", msg("{era} is not an era (1, 2 or 3)", era=city.era))
        )
    board = city.board
    covered: dict[Lot, int] = {}
    per_type: Counter[tuple[PlayerId, BuildingType]] = Counter()
    for i, building in enumerate(city.buildings):
        path = f"buildings[{i}]"
        if building.owner not in ids:
            found.append(Problem(f"{path}.owner", not_a_player(building.owner)))
        found.extend(_value_problems(building, path))
        covers = covers_problem(building.type is BuildingType.MONUMENT, building.size)
        if covers is not None:
            found.append(Problem(f"{path}.lots", covers))
        seen: set[Lot] = set()
        for j, lot in enumerate(building.lots):
            lot_path = f"{path}.lots[{j}]"
            if lot not in board:
                found.append(Problem(lot_path, board.off_board_message(lot)))
            if lot in seen:
                found.append(
                    Problem(lot_path, msg('"{lot}" is listed twice', lot=str(lot)))
                )
                continue
            seen.add(lot)
            other = covered.get(lot)
            if other is None:
                covered[lot] = i
            else:
                found.append(
                    Problem(
                        lot_path,
                        msg(
                            '"{lot}" is already covered by {building}; '
                            "two buildings never share a lot (build over instead)",
                            lot=str(lot),
                            building=whose_building(city, other),
                        ),
                    )
                )
        parts = groups(building.lots)
        if len(parts) > 1:
            found.append(Problem(f"{path}.lots", not_connected(parts)))
        if building.type is BuildingType.MONUMENT:
            continue  # not from a tray: monuments.check counts them
        per_type[(building.owner, building.type)] += 1
        count = per_type[(building.owner, building.type)]
        if count > TRAY_SIZE_PER_TYPE:
            found.append(
                Problem(
                    path,
                    msg(
                        "this is {player}'s {building} number {count}, but a tray "
                        "holds only {most} of each type ({source})",
                        player=player_name(city, building.owner),
                        building=building.type.building_words,
                        count=count,
                        most=TRAY_SIZE_PER_TYPE,
                        source=SUPPLY.as_message(),
                    ),
                )
            )
    found.extend(_marker_problems(city, covered))
    if any(b.type is BuildingType.MONUMENT for b in city.buildings):
        found.extend(monuments.check(city))
    for key in ("score_before", "population_tokens", "coins"):
        mapping: Mapping[PlayerId, int] = getattr(city, key)
        for pid, number in mapping.items():
            if pid not in ids:
                found.append(Problem(f"{key}.{pid}", not_a_player(pid)))
            elif number < 0 and key != "score_before":  # a total may be a loss
                found.append(Problem(f"{key}.{pid}", below_minimum(number, 0)))
    if not found and city.road_boards is not None:
        try:
            fortune.resolve(city, city.road_boards)
        except fortune.RoadBoardsError as exc:
            found.extend(exc.problems)
    return tuple(found)


def _marker_problems(city: City, covered: Mapping[Lot, int]) -> Iterator[Problem]:
    ids = [p.id for p in city.players]
    board = city.board
    marked: dict[Lot, str] = {}
    order = [*ids, *(pid for pid in city.lot_markers if pid not in ids)]
    for pid in order:
        lots = city.markers(pid)
        path = f"lot_markers.{pid}"
        if pid not in ids:
            yield Problem(path, not_a_player(pid))
            continue
        if len(lots) > LOT_MARKERS_PER_PLAYER:
            yield Problem(
                path,
                msg(
                    "{n} lot markers, but a player has only {most} ({source})",
                    n=len(lots),
                    most=LOT_MARKERS_PER_PLAYER,
                    source=LOT_MARKERS.as_message(),
                ),
            )
        for k, lot in enumerate(lots):
            lot_path = f"{path}[{k}]"
            if lot not in board:
                yield Problem(lot_path, board.off_board_message(lot))
            building = covered.get(lot)
            if building is not None:
                yield Problem(
                    lot_path,
                    msg(
                        '"{lot}" is built on ({building}); '
                        "a lot marker stays only on an unbuilt lot",
                        lot=str(lot),
                        building=whose_building(city, building),
                    ),
                )
            elif lot in marked:
                yield Problem(
                    lot_path,
                    msg(
                        '"{lot}" already has a lot marker ({path})',
                        lot=str(lot),
                        path=marked[lot],
                    ),
                )
            else:
                marked[lot] = lot_path


# --------------------------------------------------------------------------
# Reading a table file
# --------------------------------------------------------------------------

_COMMON_KEYS: Final = ("owner", "type", "lots")
_VALUE_KEYS: Final[Mapping[str, tuple[str, ...]]] = MappingProxyType(
    {
        "residential": ("citizens",),
        "commercial": ("silver", "vp"),
        "civic": ("civic",),
        "monument": ("monument",),
    }
)
BUILDING_NAME_MAX: Final = 40


def _read_lot(node: Node) -> Lot:
    try:
        return Lot.parse(node.str())
    except InvalidLotError as exc:
        raise node.fail(exc.message) from None


def _read_building(node: Node, ids: Sequence[PlayerId]) -> Building:
    raw = node.value
    kind_value = raw.get("type") if isinstance(raw, dict) else None
    if isinstance(kind_value, str) and kind_value in _VALUE_KEYS:
        required = (*_COMMON_KEYS, *_VALUE_KEYS[kind_value])
        optional: tuple[str, ...] = ("name",)
    else:
        # Not an object, or no known type: report unknown keys, then the type.
        required = _COMMON_KEYS
        optional = ("name", *(k for keys in _VALUE_KEYS.values() for k in keys))
    fields = node.object(required=required, optional=optional)
    kind = fields["type"].choice(tuple(_VALUE_KEYS))
    owner = fields["owner"].str()
    if owner not in ids:
        raise fields["owner"].fail(not_a_player(owner))
    listed = fields["lots"].list()
    # How many lots a building covers: the one rule, also the placement's.
    if (covers := covers_problem(kind == "monument", len(listed))) is not None:
        raise fields["lots"].fail(covers)
    lots = tuple(_read_lot(lot) for lot in listed)
    values: Values
    if kind == "residential":
        values = Residential(fields["citizens"].int(min=0))
    elif kind == "commercial":
        values = Commercial(fields["silver"].int(min=0), fields["vp"].int(min=0))
    elif kind == "civic":
        civic = fields["civic"].object(required=("per", "vp"))
        per = civic["per"].choice(tuple(k.value for k in CivicKind))
        values = Civic(CivicKind(per), civic["vp"].int(min=0))
    else:
        values = Monument(fields["monument"].str(min_len=1))
    name = None
    if "name" in fields:
        name = fields["name"].str(min_len=1, max_len=BUILDING_NAME_MAX)
        if not name.strip():
            raise fields["name"].fail(msg("must not be blank"))
    return Building(owner, lots, values, name)


def _read_counts(
    node: Node | None, players: Sequence[Player], *, least: int | None = 0
) -> dict[PlayerId, int]:
    if node is None:
        return {}
    return {
        player.id: child.int(min=least) for player, child in per_player(node, players)
    }


def _read_markers(
    node: Node | None, players: Sequence[Player]
) -> dict[PlayerId, tuple[Lot, ...]]:
    if node is None:
        return {}
    return {
        player.id: tuple(_read_lot(lot) for lot in child.list())
        for player, child in per_player(node, players)
    }


def read(fields: Mapping[str, Node], players: tuple[Player, ...]) -> City:
    """Read the Foundations of Rome part of a table file into a :class:`City`.

    A value of the wrong shape stops the reading at once; then every rule the
    city breaks (see :func:`problems`) is reported together.

    :raises TableFileError: naming the JSON path of each problem (road boards
        too: ``road_boards.choices.south[2].player``; monuments:
        ``buildings[4].monument``).
    """
    era = fields["era"].int(min=1, max=3)
    ids = [p.id for p in players]
    buildings = tuple(_read_building(b, ids) for b in fields["buildings"].list())
    city = City(
        players=players,
        era=era,
        buildings=buildings,
        # A running total may be below 0: a majority road board's penalty is a
        # loss (spec "Road boards"; rulebook 000 prints negative values).
        score_before=_read_counts(fields.get("score_before"), players, least=None),
        lot_markers=_read_markers(fields.get("lot_markers"), players),
        population_tokens=_read_counts(fields.get("population_tokens"), players),
        coins=_read_counts(fields.get("coins"), players),
        road_boards=(
            road_boards.read(fields["road_boards"], players)
            if "road_boards" in fields
            else None
        ),
    )
    found = problems(city)
    if found:
        raise TableFileError(found)
    return city


def write(city: City) -> dict[str, object]:
    """The Foundations of Rome part of the table file that describes ``city``:
    the inverse of :func:`read` (``read`` of it gives ``city`` back), e.g. to
    save a city after :func:`build`.

    Spec ``../shared/spec/table-file.md``, "Foundations of Rome": ``era`` and
    ``buildings`` always (each building's ``owner``, ``type``, ``lots``, its
    values and its ``name`` when it has one); ``score_before``,
    ``lot_markers``, ``population_tokens``, ``coins`` and ``road_boards``
    ("Road boards") only when they hold something, as a new table's file
    leaves them out (``coins`` keeps its zeros: "0 coins" is known, no entry
    is not).
    """

    def values(building: Building) -> dict[str, object]:
        v = building.values
        if isinstance(v, Residential):
            return {"citizens": v.citizens}
        if isinstance(v, Commercial):
            return {"silver": v.silver, "vp": v.vp}
        if isinstance(v, Monument):
            return {"monument": v.slug}
        return {"civic": {"per": v.per.value, "vp": v.vp}}

    doc: dict[str, object] = {"era": city.era}
    if city.score_before:
        doc["score_before"] = dict(city.score_before)
    doc["buildings"] = [
        {
            "owner": b.owner,
            "type": b.type.value,
            "lots": [str(lot) for lot in b.lots],
            **values(b),
            **({"name": b.name} if b.name is not None else {}),
        }
        for b in city.buildings
    ]
    if city.lot_markers:
        doc["lot_markers"] = {
            pid: [str(lot) for lot in lots] for pid, lots in city.lot_markers.items()
        }
    if city.population_tokens:
        doc["population_tokens"] = dict(city.population_tokens)
    if city.coins:
        doc["coins"] = dict(city.coins)
    if city.road_boards is not None:
        doc["road_boards"] = road_boards.to_json(city.road_boards)
    return doc


to_json = write
"""The former name of :func:`write`, kept for its many callers."""


def blank(players: tuple[Player, ...]) -> dict[str, object]:
    """The game keys of a new table: Era 1, nothing built yet, each player's
    starting silver in hand (rulebook 001, "Setup" 4)."""
    return {"era": 1, "buildings": [], "coins": starting_coins(players)}


_ROAD_CATEGORIES: Final[Mapping[str, str]] = MappingProxyType(
    {
        "coins": "roads-coins",
        "population": "roads-population",
        "note": "roads-notes",
    }
)
"""The explanation category of each kind of road board result but VP."""


def score_json(city: City) -> dict[str, object]:
    """The result ``companion score`` prints (spec: "Output of companion score"),
    with each player's ``coins`` and ``explanations``, with road boards the
    ``roads`` of each edge (spec: "Road boards") and, after Era 3, ``winners``.

    An explanation's ``category`` is a :class:`Category`, ``silver``, or for
    the road boards' other results ``roads-coins``, ``roads-population`` and
    ``roads-notes`` (their points are coins, population, and none).
    """
    result = score(city)
    players: dict[str, object] = {}
    for s in result.players:
        labelled = [
            (category, line)
            for category, tally in (
                *((c.value, s.category(c)) for c in Category),
                ("silver", s.silver),
            )
            for line in tally.lines
        ]
        if s.road is not None:
            # The road boards' VP are in ``roads`` above; the rest comes here.
            labelled += [
                (_ROAD_CATEGORIES[e.gain.value], e.line)
                for e in s.road.entries
                if e.gain is not fortune.Gain.VP
            ]
        explanations = [
            {
                "category": category,
                "points": line.points,
                "text": str(line.text),
                "source": str(line.source),
            }
            for category, line in labelled
        ]
        players[s.player.id] = {
            "population": s.population,
            "residential": s.residential.points,
            "civic": s.civic.points,
            "commercial": s.commercial.points,
            "silver": s.silver.points,
            "roads": s.roads.points,
            "empty_lots": s.empty_lots.points,
            "era_total": s.era_total,
            "total": s.total,
            "coins": s.coins,
            "explanations": explanations,
        }
    out: dict[str, object] = {"game": GAME, "era": result.era, "players": players}
    if result.roads is not None:
        out["roads"] = fortune.result_json(result.roads)
    if result.final:
        out["winners"] = [p.id for p in winners(result)]
    return out


ENGINE: Final = Engine(
    required_keys=("era", "buildings"),
    optional_keys=(
        "score_before",
        "lot_markers",
        "population_tokens",
        "coins",
        "road_boards",
    ),
    read=read,
    write=write,
    score_json=score_json,
    blank=blank,
)
