"""The games the companion knows, the one way in, :func:`read_table`, and the
way back out, :func:`write_table`.

Each game's entry in :data:`GAMES` holds every fact about the game the rest of
the app asks: its engine, its expansions, whether the lowest score wins, its
BoardGameGeek item, how its history records era scorings and when a table of
it is over. No code outside this folder (but the migrations, which are
history) spells a game's or an expansion's slug: it reads these entries or the
game modules' constants (``tests/test_game_facts.py`` checks).

Pure code: the standard library only, no I/O (see README.md in this folder).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, TypeAlias

from . import all_roads, foundations, glory
from .base import (
    FORMAT,
    Colour,
    Engine,
    Message,
    Node,
    Player,
    TableFileError,
    UnknownGameError,
    UnsupportedGameError,
    comma_list,
    msg,
    read_players,
)
from .facts import Expansion
from .progress import EraScoring, Progress


@dataclass(frozen=True)
class Game:
    """One game in the registry."""

    slug: str
    """The ``game`` value of the table file and the URL part."""
    title: Message
    """The game's name in words (the screens and the report translate it)."""
    min_players: int
    max_players: int
    colours: tuple[str, ...] | None
    """Player colours, which are also the player ids; ``None``: the game has none."""
    rulebooks: tuple[str, ...]
    """The rulebooks in ../shared/rulebooks this game is built from."""
    engine: Engine | None
    """The scoring engine, or ``None`` while the game's files are not supported yet."""
    lower_wins: bool
    """Whether the lowest score wins (All Roads: the fewest unbuilt points)."""
    expansions: tuple[Expansion, ...]
    """The expansions a table may be played with, in the order offered."""
    bgg_id: int | None
    """The game's BoardGameGeek id (``None``: none known; BG Stats writes 0,
    not linked, and the player may link it in the app)."""
    bgg_year: int | None
    """The year BoardGameGeek gives it (``None`` exactly when ``bgg_id`` is)."""
    era_scoring: EraScoring | None
    """How its history records era scorings (``None``: it is not scored era
    by era): what the history's fold keeps (:mod:`.progress`)."""
    is_over: Callable[[Progress, Callable[[], Any]], bool]
    """Whether a table of this game is over, from what its history recorded
    up to its current step and its current sheet (a call that reads it: most
    rules do not need it). Pure; each game's module states its rule."""

    def __post_init__(self) -> None:
        """Refuse an entry that leaves a fact out or states one wrongly.

        :raises ValueError: the fact missing or wrong.
        """
        if not isinstance(self.lower_wins, bool):
            raise ValueError(f"{self.slug}: lower_wins must be True or False")
        if not isinstance(self.expansions, tuple) or not all(
            isinstance(e, Expansion) for e in self.expansions
        ):
            raise ValueError(f"{self.slug}: expansions must be a tuple of Expansion")
        keys = [e.key for e in self.expansions]
        if len(set(keys)) != len(keys):
            raise ValueError(f"{self.slug}: two expansions with one key")
        for bgg_id in (self.bgg_id, *(e.bgg_id for e in self.expansions)):
            if bgg_id is not None and (not isinstance(bgg_id, int) or bgg_id <= 0):
                raise ValueError(f"{self.slug}: a BoardGameGeek id is a positive int")
        if (self.bgg_id is None) != (self.bgg_year is None):
            raise ValueError(f"{self.slug}: a BoardGameGeek id comes with its year")
        if self.era_scoring is not None and not isinstance(
            self.era_scoring, EraScoring
        ):
            raise ValueError(f"{self.slug}: era_scoring must be an EraScoring")
        if not callable(self.is_over):
            raise ValueError(f"{self.slug}: is_over must say when the game is over")

    @property
    def name(self) -> str:
        """The game's name in English (the command line, the rules search)."""
        return str(self.title)

    @property
    def supported(self) -> bool:
        return self.engine is not None

    def expansions_in(self, keys: Iterable[str]) -> tuple[Expansion, ...]:
        """The game's expansions named by ``keys`` (table options), in their
        order; a key that is not one of them is left out."""
        by_key = {expansion.key: expansion for expansion in self.expansions}
        return tuple(by_key[key] for key in keys if key in by_key)


def _ids(*colours: Colour) -> tuple[str, ...]:
    """The player ids of a game whose players are colours, in its order."""
    return tuple(colour.value for colour in colours)


GAMES: tuple[Game, ...] = (
    Game(
        slug=foundations.GAME,
        title=msg("Foundations of Rome"),
        min_players=2,
        max_players=5,
        colours=_ids(
            Colour.RED, Colour.BLUE, Colour.GREEN, Colour.PURPLE, Colour.YELLOW
        ),
        rulebooks=("001", "000"),
        engine=foundations.ENGINE,
        lower_wins=False,
        expansions=foundations.EXPANSIONS,
        # Found in two or more public game catalogues.
        bgg_id=284189,
        bgg_year=2022,
        era_scoring=foundations.ERAS,
        is_over=foundations.is_over,
    ),
    Game(
        slug=all_roads.GAME,
        title=msg("All Roads"),
        min_players=2,
        max_players=4,
        colours=_ids(Colour.RED, Colour.YELLOW, Colour.GREEN, Colour.BLUE),
        rulebooks=("002",),
        engine=all_roads.ENGINE,
        # The fewest unbuilt points wins (rulebook 002, "End of the Game").
        lower_wins=True,
        expansions=(),
        # No stored source gives it a BoardGameGeek id.
        bgg_id=None,
        bgg_year=None,
        era_scoring=None,
        is_over=all_roads.is_over,
    ),
    Game(
        slug=glory.GAME,
        title=msg("Glory to Rome"),
        min_players=2,
        max_players=5,
        colours=None,
        rulebooks=("003", "004"),
        engine=glory.ENGINE,
        lower_wins=False,
        expansions=(),
        # Found in two or more public game catalogues.
        bgg_id=19857,
        bgg_year=2005,
        era_scoring=None,
        is_over=glory.is_over,
    ),
)
"""Every game, in the order the app lists them."""


def check_registry(games: Iterable[Game]) -> None:
    """Refuse a registry in which two games share a slug or an era-scoring
    step (the history's fold keeps every game's era scorings by its step), or
    two expansions share a key (a table's options name them by key).

    :raises ValueError: what is shared.
    """
    slugs: set[str] = set()
    steps: set[str] = set()
    expansions: set[str] = set()
    for game in games:
        if game.slug in slugs:
            raise ValueError(f"two games {game.slug!r}")
        slugs.add(game.slug)
        if game.era_scoring is not None:
            if game.era_scoring.action in steps:
                raise ValueError(f"two games score eras by {game.era_scoring.action!r}")
            steps.add(game.era_scoring.action)
        for expansion in game.expansions:
            if expansion.key in expansions:
                raise ValueError(f"two expansions {expansion.key!r}")
            expansions.add(expansion.key)


check_registry(GAMES)

ERA_SCORINGS: tuple[EraScoring, ...] = tuple(
    game.era_scoring for game in GAMES if game.era_scoring is not None
)
"""The era scorings of every game: what the history's fold keeps
(``companion.storage.progress``)."""

_BY_SLUG = {game.slug: game for game in GAMES}


def find_game(slug: str) -> Game:
    """The game with this slug.

    :raises UnknownGameError: no such game.
    """
    try:
        return _BY_SLUG[slug]
    except KeyError:
        raise UnknownGameError.at(
            "game",
            msg(
                "unknown game {slug} (known: {known})",
                slug=repr(slug),
                known=comma_list(list(_BY_SLUG)),
            ),
        ) from None


Sheet: TypeAlias = foundations.City | all_roads.ScoreSheet | glory.ScoreSheet
"""A game's own sheet: what its engine reads from the game's part of a file."""


@dataclass(frozen=True)
class Table:
    """A read and checked table file: the game, the seats and the game's sheet."""

    game: Game
    players: tuple[Player, ...]
    sheet: Sheet
    """The game module's own sheet type (e.g. ``foundations.City``)."""

    def score_json(self) -> dict[str, object]:
        """The result the ``companion score`` command prints."""
        if self.game.engine is None:  # read_table refuses these: never here
            raise UnsupportedGameError.at(
                "game", msg("{game} is not supported", game=self.game.title)
            )
        return self.game.engine.score_json(self.sheet)


def read_table(data: object) -> Table:
    """Read a decoded table file strictly (spec: ../shared/spec/table-file.md).

    :raises TableFileError: with the JSON path of every problem; its subclasses
        :class:`UnknownGameError` and :class:`UnsupportedGameError` say that the
        game itself is the problem.
    """
    root = Node(data)
    if not isinstance(data, Mapping):
        raise root.fail(msg("a table file is a JSON object"))
    for key in ("format", "game"):
        if key not in data:
            raise TableFileError.at(key, msg("is required but missing"))
    fmt = root.child("format", data["format"]).str()
    if fmt != FORMAT:
        raise TableFileError.at(
            "format",
            msg(
                "{format} is not a format this app reads (expected {expected})",
                format=repr(fmt),
                expected=repr(FORMAT),
            ),
        )
    game = find_game(root.child("game", data["game"]).str())
    if game.engine is None:
        raise UnsupportedGameError.at(
            "game", msg("{game} table files are not supported yet", game=game.title)
        )
    fields = root.object(
        required=("format", "game", "players", *game.engine.required_keys),
        optional=game.engine.optional_keys,
    )
    players = read_players(
        fields["players"],
        min_players=game.min_players,
        max_players=game.max_players,
        ids=game.colours,
    )
    sheet = game.engine.read(fields, players)
    return Table(game=game, players=players, sheet=sheet)


def _envelope(game: Game, players: tuple[Player, ...]) -> dict[str, object]:
    """The keys every table file has (spec: "Common envelope")."""
    return {
        "format": FORMAT,
        "game": game.slug,
        "players": [{"id": p.id, "name": p.name} for p in players],
    }


def new_table_document(game: Game, players: tuple[Player, ...]) -> dict[str, object]:
    """The table file of a new table of ``game`` with these players.

    :raises UnsupportedGameError: the game has no engine yet.
    """
    if game.engine is None:
        raise UnsupportedGameError.at(
            "game", msg("{game} is not supported yet", game=game.title)
        )
    doc = _envelope(game, players)
    doc.update(game.engine.blank(players))
    return doc


def write_table(table: Table) -> dict[str, object]:
    """The table file of ``table``: the inverse of :func:`read_table` (spec
    ../shared/spec/table-file.md: the "Common envelope" and the game's part,
    as its engine's ``write`` gives it), so that ``read_table`` of it is an
    equal :class:`Table`.

    :raises UnsupportedGameError: the game has no engine (``read_table``
        never gives such a table).
    """
    if table.game.engine is None:
        raise UnsupportedGameError.at(
            "game", msg("{game} is not supported yet", game=table.game.title)
        )
    doc = _envelope(table.game, table.players)
    doc.update(table.game.engine.write(table.sheet))
    return doc


__all__ = [
    "ERA_SCORINGS",
    "GAMES",
    "EraScoring",
    "Expansion",
    "Game",
    "Progress",
    "Sheet",
    "Table",
    "TableFileError",
    "UnknownGameError",
    "UnsupportedGameError",
    "check_registry",
    "find_game",
    "new_table_document",
    "read_table",
    "write_table",
]
