"""The games the companion knows, the one way in, :func:`read_table`, and the
way back out, :func:`write_table`.

Pure code: the standard library only, no I/O (see README.md in this folder).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TypeAlias

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

    @property
    def name(self) -> str:
        """The game's name in English (the command line, the rules search)."""
        return str(self.title)

    @property
    def supported(self) -> bool:
        return self.engine is not None


def _ids(*colours: Colour) -> tuple[str, ...]:
    """The player ids of a game whose players are colours, in its order."""
    return tuple(colour.value for colour in colours)


GAMES: tuple[Game, ...] = (
    Game(
        slug="foundations-of-rome",
        title=msg("Foundations of Rome"),
        min_players=2,
        max_players=5,
        colours=_ids(
            Colour.RED, Colour.BLUE, Colour.GREEN, Colour.PURPLE, Colour.YELLOW
        ),
        rulebooks=("001", "000"),
        engine=foundations.ENGINE,
    ),
    Game(
        slug="all-roads",
        title=msg("All Roads"),
        min_players=2,
        max_players=4,
        colours=_ids(Colour.RED, Colour.YELLOW, Colour.GREEN, Colour.BLUE),
        rulebooks=("002",),
        engine=all_roads.ENGINE,
    ),
    Game(
        slug="glory-to-rome",
        title=msg("Glory to Rome"),
        min_players=2,
        max_players=5,
        colours=None,
        rulebooks=("003", "004"),
        engine=glory.ENGINE,
    ),
)
"""Every game, in the order the app lists them."""

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
    "GAMES",
    "Game",
    "Sheet",
    "Table",
    "TableFileError",
    "UnknownGameError",
    "UnsupportedGameError",
    "find_game",
    "new_table_document",
    "read_table",
    "write_table",
]
