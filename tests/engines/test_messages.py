"""Every sentence an engine says is a translatable Message.

Issue: "every user-facing string through gettext". The engines build their
explanation lines, checks and rule errors with ``msg()``/``nmsg()``
(``companion/engines/base.py``); the web layer translates the templates. These
tests walk what the engines produce for every shared scenario and for many
generated sheets, and check each message: its fields are given, its plural
names the same fields, it renders through a translator as it does in English,
and ``pybabel extract`` (the command in ``babel.cfg``) finds its template.
"""

from __future__ import annotations

import gettext
import json
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from string import Formatter
from typing import Any

import pytest
from babel.messages.pofile import read_po
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engines import TableFileError, read_table
from companion.engines import all_roads as ar
from companion.engines import foundations as fr
from companion.engines import glory as gtr
from companion.engines.base import (
    Citation,
    Line,
    Message,
    Player,
    RuleError,
    and_list,
    comma_list,
    display_names,
    msg,
    nmsg,
    ordinal,
)

from ..conftest import require_shared
from ..scenario_match import invalid_files, scenario_files
from . import strategies as for_strategies
from . import strategies_all_roads as ar_strategies
from . import strategies_glory as gtr_strategies

ROOT = Path(__file__).resolve().parents[2]
PROPERTY = settings(max_examples=80, deadline=None)

VERBATIM = "{text}"
"""The one template that is not extracted: text already in its final words."""


# --------------------------------------------------------------------------
# Checking one message
# --------------------------------------------------------------------------


def named_fields(template: str) -> set[str]:
    """The fields a ``str.format`` template names (``{player}``, ``{n}``)."""
    names = set()
    for _, name, _, _ in Formatter().parse(template):
        if name is not None:
            assert name, f"positional field in {template!r}: name every field"
            names.add(name)
    return names


def null_translate(message: Message) -> str:
    """A translator with no catalogue: gettext returns each template unchanged
    (and ngettext picks the English singular or plural)."""
    null = gettext.NullTranslations()
    if message.plural is not None:
        count = message.fields[message.count]
        assert isinstance(count, int)
        return null.ngettext(message.template, message.plural, count)
    return null.gettext(message.template)


def bracket_translate(message: Message) -> str:
    """A pseudo-translation that marks each template it was asked for."""
    return f"⟦{null_translate(message)}⟧"


def templates(message: Message) -> Iterator[tuple[str, str | None]]:
    """``(template, plural)`` of ``message`` and of every message nested in it."""
    yield message.template, message.plural
    for value in message.fields.values():
        if isinstance(value, Message):
            yield from templates(value)


def translations_asked(message: Message) -> int:
    """How many templates rendering ``message`` translates: its own, and each
    nested message as often as its field appears in the English template."""
    asked = 1
    for _, name, _, _ in Formatter().parse(null_translate(message)):
        value = message.fields.get(name) if name else None
        if isinstance(value, Message):
            asked += translations_asked(value)
    return asked


def check_message(message: object, where: str = "message") -> None:
    """``message`` is a Message whose every part is sound (see module doc)."""
    assert isinstance(message, Message), f"{where}: {message!r} is not a Message"
    fields = message.fields
    assert len(fields) == len(message.args), f"{where}: a field given twice"
    missing = named_fields(message.template) - set(fields)
    assert not missing, f"{where}: {message.template!r} lacks {missing}"
    if message.plural is not None:
        assert named_fields(message.plural) == named_fields(message.template), (
            f"{where}: the plural {message.plural!r} names other fields than "
            f"{message.template!r}"
        )
        count = fields.get(message.count)
        assert isinstance(count, int) and not isinstance(count, bool), where
    for key, value in message.args:
        assert isinstance(value, str | int | Message), f"{where}.{key}: {value!r}"
        assert not isinstance(value, bool), f"{where}.{key}: a bool is no word"
        if isinstance(value, Message):
            check_message(value, f"{where}.{key}")
    # The words for a reader of one language (a citation's own edition) are
    # sound messages too.
    for lang, words in message.editions:
        assert lang in ("en", "it", "zh"), f"{where}: no such language {lang!r}"
        check_message(words, f"{where}[{lang}]")
    english = str(message)
    assert message.render(null_translate) == english, where
    # Every template, nested ones too, goes through the translator once.
    marked = message.render(bracket_translate)
    assert marked.replace("⟦", "").replace("⟧", "") == english, where
    assert marked.count("⟦") == translations_asked(message), where
    for template, plural in templates(message):
        if template != VERBATIM:
            assert extracted(template, plural), (
                f"{where}: pybabel does not find {template!r}: build it with a "
                "literal template in msg() or nmsg()"
            )


def check_line(line: object, where: str) -> None:
    """A shared :class:`Line` with a sound message and a citation."""
    assert isinstance(line, Line), f"{where}: {line!r} is not base.Line"
    assert isinstance(line.source, Citation), where
    check_message(line.text, f"{where}.text")
    assert line.text.template != VERBATIM, f"{where}: plain text, not msg()"
    check_message(line.source.as_message(), f"{where}.source")
    assert line.to_json()["text"] == str(line.text)


def check_error(error: RuleError, where: str = "error") -> None:
    """A rule error that tells the player in a sound message (not plain text)."""
    check_message(error.message, where)
    assert error.message.template != VERBATIM, f"{where}: {str(error)!r} is plain text"
    assert str(error) == str(error.message)


# --------------------------------------------------------------------------
# What pybabel extracts
# --------------------------------------------------------------------------

EXTRACT = (
    *("extract", "-F", "babel.cfg", "-k", "_l", "-k", "_lp:1c,2"),
    *("-k", "msg", "-k", "nmsg:1,2"),
)
"""The command of ``babel.cfg`` (without the output file)."""


def _pybabel() -> list[str]:
    script = Path(sys.executable).with_name("pybabel")
    if script.exists():
        return [str(script)]
    return [sys.executable, "-m", "babel.messages.frontend"]


@cache
def catalogue() -> dict[str, str | None]:
    """Every msgid that ``pybabel extract`` finds, with its plural (run once)."""
    with tempfile.TemporaryDirectory() as tmp:
        pot = Path(tmp) / "messages.pot"
        subprocess.run(
            [*_pybabel(), *EXTRACT, "-o", str(pot), "."],
            cwd=ROOT,
            check=True,
            capture_output=True,
        )
        with pot.open("rb") as handle:
            found = read_po(handle)
    ids: dict[str, str | None] = {}
    for entry in found:
        if isinstance(entry.id, tuple):
            ids[entry.id[0]] = entry.id[1]
        elif entry.id:
            ids[entry.id] = None
    return ids


def extracted(template: str, plural: str | None) -> bool:
    ids = catalogue()
    return template in ids and ids[template] == plural


@pytest.mark.parametrize(
    ("template", "plural"),
    (
        ("Population 0: no points from the population track", None),
        (
            "{building}: {n} adjacent building x {vp} VP",
            "{building}: {n} adjacent buildings x {vp} VP",
        ),
        ("{building} at {lots}", None),
        ("civic building", None),
        ("{n} monument", "{n} monuments"),
        (
            "{tokens} left unbuilt: {count} x {each} = {n} point",
            "{tokens} left unbuilt: {count} x {each} = {n} points",
        ),
        ("{player} builds a {token} {where}", None),
        ("Vault: {cards} x {value} = {points}", None),
        ("{n} {material} card", "{n} {material} cards"),
        ("The game ended: {how}", None),
        ("{first} and {last}", None),
        ("{n}nd", None),
        ("rulebook {rulebook}, {section}", None),
        # a rule error the board screen shows
        ("no {building} in a tray has this shape ({shape})", None),
    ),
)
def test_pybabel_finds_engine_templates(template: str, plural: str | None) -> None:
    ids = catalogue()
    assert template in ids, template
    assert ids[template] == plural


def test_pybabel_leaves_out_the_verbatim_template() -> None:
    assert VERBATIM not in catalogue()


# --------------------------------------------------------------------------
# Walking what the engines say
# --------------------------------------------------------------------------


def foundations_lines(result: fr.EraResult) -> Iterator[tuple[str, Line]]:
    for s in result.players:
        for category in fr.Category:
            for i, line in enumerate(s.category(category).lines):
                yield f"{s.player.id}.{category.value}[{i}]", line
        for i, line in enumerate(s.silver.lines):
            yield f"{s.player.id}.silver[{i}]", line


def all_roads_lines(result: ar.GameResult) -> Iterator[tuple[str, Line]]:
    for r in result.players:
        for i, line in enumerate(r.lines):
            yield f"{r.player.id}.lines[{i}]", line
    for i, line in enumerate(result.lines):
        yield f"lines[{i}]", line


def glory_lines(result: gtr.GameResult) -> Iterator[tuple[str, Line]]:
    for r in result.players:
        for i, line in enumerate(r.lines):
            yield f"{r.player.id}.lines[{i}]", line
    for i, line in enumerate(result.lines):
        yield f"lines[{i}]", line


def lines_of(sheet: Any) -> list[tuple[str, Line]]:
    """Every line that scoring ``sheet`` explains, with where it is."""
    if isinstance(sheet, fr.City):
        return list(foundations_lines(fr.score(sheet)))
    if isinstance(sheet, ar.ScoreSheet):
        return list(all_roads_lines(ar.score(sheet)))
    if isinstance(sheet, gtr.ScoreSheet):
        return list(glory_lines(gtr.score(sheet)))
    raise AssertionError(f"no walker for {type(sheet).__name__}")


def test_there_are_scenarios_to_walk() -> None:
    require_shared()
    assert len(scenario_files()) >= 12


@pytest.mark.parametrize("path", scenario_files(), ids=lambda p: p.stem)
def test_every_line_of_every_scenario_is_a_sound_message(path: Path) -> None:
    try:
        table = read_table(json.loads(path.read_text("utf-8")))
    except TableFileError as exc:
        # Road boards are refused as not supported yet: nothing is scored.
        assert "not supported yet" in str(exc)
        pytest.skip(str(exc))
    lines = lines_of(table.sheet)
    assert lines, "a scored table explains its points"
    for where, line in lines:
        check_line(line, f"{path.stem}:{where}")
    # The JSON the command prints says the same words.
    printed = json.dumps(table.score_json(), ensure_ascii=False)
    for _, line in lines:
        assert json.dumps(str(line.text), ensure_ascii=False) in printed


@PROPERTY
@given(for_strategies.for_cities())
def test_foundations_lines_are_sound_messages(city: fr.City) -> None:
    for where, line in lines_of(city):
        check_line(line, where)


@PROPERTY
@given(ar_strategies.score_sheets())
def test_all_roads_lines_are_sound_messages(sheet: ar.ScoreSheet) -> None:
    for where, line in lines_of(sheet):
        check_line(line, where)


@PROPERTY
@given(ar_strategies.turns())
def test_all_roads_turn_lines_and_errors_are_sound_messages(
    turn: tuple[dict[str, ar.Supply], str, list[ar.Action]],
) -> None:
    supplies, active, actions = turn
    try:
        record = ar.apply_turn(supplies, active, actions)
    except ar.TurnError as exc:
        check_error(exc)
        return
    for i, line in enumerate(record.lines):
        check_line(line, f"placements[{i}].line")


@PROPERTY
@given(gtr_strategies.score_sheets())
def test_glory_lines_and_checks_are_sound_messages(sheet: gtr.ScoreSheet) -> None:
    for where, line in lines_of(sheet):
        check_line(line, where)
    # The sheets end every way a file may say (``ended``), or not at all.
    result = gtr.score(sheet)
    for where, line in glory_lines(result):
        check_line(line, where)
    for check in result.checks:
        check_message(check.message, check.path)
        check_message(check.source.as_message(), check.path)
        assert check.as_json()["message"] == str(check.message)
    for camp in sheet.camps:
        found = gtr.check_clientele(camp, 99)
        assert found is not None
        check_message(found.message, found.path)


@PROPERTY
@given(for_strategies.for_city_and_new_building(), st.data())
def test_foundations_build_and_remove_errors_are_sound_messages(
    case: tuple[fr.City, fr.Building], data: st.DataObject
) -> None:
    city, new = case
    owner = data.draw(st.sampled_from([p.id for p in city.players]))
    lots = data.draw(
        st.lists(st.sampled_from(city.board.lots()), min_size=1, max_size=4)
    )
    # Any lots and owner: often illegal, which is what this looks at.
    attempts: list[Callable[[], object]] = [
        lambda: fr.build(city, new),
        lambda: fr.build(city, fr.Building(owner, tuple(lots), new.values)),
        lambda: fr.remove(city, data.draw(st.integers(-1, len(city.buildings)))),
        lambda: fr.remove(city, 0, keep_lots=True),
    ]
    for attempt in attempts:
        try:
            attempt()
        except RuleError as exc:
            check_error(exc, type(exc).__name__)


# --------------------------------------------------------------------------
# Rule errors a player sees, one row per kind
# --------------------------------------------------------------------------

SEATS = (Player("red", "Ana"), Player("blue", "Bo"))


def _city(**kwargs: Any) -> fr.City:
    return fr.City(players=SEATS, era=1, **kwargs)


def _res(owner: str, lots: str, citizens: int = 1) -> fr.Building:
    return fr.Building(
        owner, tuple(fr.Lot.parse(x) for x in lots.split()), fr.Residential(citizens)
    )


def _marked(*lots: str) -> dict[str, tuple[fr.Lot, ...]]:
    return {"red": tuple(fr.Lot.parse(x) for x in lots)}


def _camp(**kwargs: Any) -> gtr.Camp:
    values: dict[str, Any] = {"player": SEATS[0], "influence": 2, "vault": {}}
    return gtr.Camp(**{**values, **kwargs})


ERRORS: tuple[tuple[str, Callable[[], object], type[RuleError], str], ...] = (
    ("lot name", lambda: fr.Lot.parse("7B"), fr.InvalidLotError, "not a lot name"),
    (
        "off the board",
        lambda: fr.build(_city(), _res("red", "H1")),
        fr.IllegalBuildError,
        '"H1" is off the 7x7 board used by 2 players',
    ),
    (
        "lots apart",
        lambda: fr.build(_city(lot_markers=_marked("A1", "C1")), _res("red", "A1 C1")),
        fr.IllegalBuildError,
        "but C1 shares no edge with A1",
    ),
    (
        "not owned",
        lambda: fr.build(_city(), _res("red", "A1")),
        fr.LotNotOwnedError,
        'Ana does not own "A1" (it has no lot marker)',
    ),
    (
        # a building of 1 lot is never built over by another of 1 lot
        "building over",
        lambda: fr.build(
            _city(buildings=(_res("red", "A1"),)), _res("red", "A1", citizens=1)
        ),
        fr.BuildingOverError,
        "it covers 1 lot and the new building 1",
    ),
    (
        "shape",
        lambda: fr.build(
            _city(lot_markers=_marked("A1", "B1", "C1", "B2")),
            _res("red", "A1 B1 C1 B2", 6),
        ),
        fr.NotInTrayError,
        "no residential building in a tray has this shape (T of 4)",
    ),
    (
        "no such building",
        lambda: fr.remove(_city(buildings=(_res("red", "A1"),)), 3),
        fr.NoSuchBuildingError,
        "the city has 1 building",
    ),
    (
        "lot markers",
        lambda: fr.remove(
            _city(
                buildings=(_res("red", "A1 A2", 2),),
                lot_markers=_marked(*(f"{c}7" for c in "ABCDEFG")),
            ),
            0,
            keep_lots=True,
        ),
        fr.LotMarkerError,
        "Ana would need 9 lot markers, but has only 8",
    ),
    (
        "winners before era 3",
        lambda: fr.winners(fr.score(_city())),
        fr.GameNotOverError,
        "not Era 1",
    ),
    (
        "supply",
        lambda: ar.Supply(monument=4, spa=0, villa=0, house=0),
        ar.SupplyError,
        "monument: 4 is outside 0..3, the monuments each player owns",
    ),
    (
        "take",
        lambda: ar.Supply.from_unbuilt({}).take(ar.Token.SPA),
        ar.SupplyError,
        "no spa left in the supply",
    ),
    (
        "upgrade",
        lambda: ar.apply_turn({"red": ar.Supply.full()}, "red", [ar.Upgrade("red")]),
        ar.NoHouseToUpgradeError,
        "red has no house on the map to upgrade (all 7 are in the supply)",
    ),
    (
        "trade route",
        lambda: ar.apply_turn(
            {"red": ar.Supply.from_unbuilt({})},
            "red",
            [ar.Build(ar.Space.TRADE_ROUTE)],
        ),
        ar.NoHouseForTradeRouteError,
        "red has no house left to claim a trade route space",
    ),
    (
        "not at the table",
        lambda: ar.apply_turn({}, "red", []),
        ar.NotAtTableError,
        "'red' is not a player at this table",
    ),
    (
        "camp influence",
        lambda: _camp(influence=1),
        gtr.CampError,
        "influence 1 is below the starting 2",
    ),
    (
        "camp sites",
        lambda: _camp(influence=4, sites=(gtr.Material.STONE,)),
        gtr.CampError,
        "influence 4 does not match the sites (2 + their values = 5)",
    ),
    (
        "camp building",
        lambda: _camp(buildings=("Statua",)),
        gtr.CampError,
        "'Statua' is not a Glory to Rome building",
    ),
    (
        "deck ending with a winner",
        lambda: gtr.GameEnd(gtr.EndCondition.DECK, "red"),
        gtr.EndOfGameError,
        "only a Forum victory or a surrender names a winner; when the draw deck "
        "ran out, the scores decide (rulebook 004, 计分和胜利条件)",
    ),
    (
        "forum without a winner",
        lambda: gtr.GameEnd(gtr.EndCondition.FORUM),
        gtr.EndOfGameError,
        "a Forum victory or a surrender names its winner: choose them",
    ),
    (
        "unknown winner",
        lambda: gtr.ScoreSheet(
            (_camp(), _camp(player=SEATS[1])),
            ended=gtr.GameEnd(gtr.EndCondition.SURRENDER, "green"),
        ),
        gtr.EndOfGameError,
        "'green' is not a player at this table",
    ),
)


@pytest.mark.parametrize(
    ("call", "error", "english"),
    [row[1:] for row in ERRORS],
    ids=[row[0] for row in ERRORS],
)
def test_rule_errors_tell_the_player_in_messages(
    call: Callable[[], object], error: type[RuleError], english: str
) -> None:
    with pytest.raises(error) as caught:
        call()
    check_error(caught.value)
    assert english in str(caught.value)


# --------------------------------------------------------------------------
# Problems of a table file
# --------------------------------------------------------------------------


def check_problems(error: TableFileError, where: str) -> None:
    """Each problem of a refused file says what is wrong in a sound message, and
    prints as ``path: message`` (the command's error contract)."""
    assert error.problems, where
    for i, problem in enumerate(error.problems):
        check_message(problem.message, f"{where}.problems[{i}]")
        assert problem.message.template != VERBATIM, f"{where}: {problem} is plain"
        english = str(problem.message)
        assert str(problem) == (
            f"{problem.path}: {english}" if problem.path else english
        ), where
    assert str(error) == "\n".join(str(p) for p in error.problems)


def test_there_are_invalid_files_to_walk() -> None:
    require_shared()
    assert len(invalid_files()) >= 10


@pytest.mark.parametrize("path", invalid_files(), ids=lambda p: p.stem)
def test_every_invalid_scenario_is_refused_in_sound_messages(path: Path) -> None:
    with pytest.raises(TableFileError) as caught:
        read_table(json.loads(path.read_text("utf-8")))
    check_problems(caught.value, path.stem)


def json_paths(value: object, path: tuple[str | int, ...] = ()) -> Iterator[tuple]:
    """Every place in a decoded JSON value, the root included."""
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from json_paths(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from json_paths(item, (*path, i))


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-3, max_value=200)
    | st.sampled_from(["", " ", "red", "A1", "Z99", "gold", "Statue", "vp", "x"]),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(
            st.sampled_from(["vp", "lots", "red", "zz"]), inner, max_size=2
        )
    ),
    max_leaves=4,
)


@PROPERTY
@given(st.data())
def test_a_broken_table_file_is_refused_in_sound_messages(data: st.DataObject) -> None:
    """Any one value of a scenario replaced, or any key dropped: either the file
    still reads, or every problem is a sound message with its path."""
    require_shared()
    path = data.draw(st.sampled_from(scenario_files()), label="scenario")
    document = json.loads(path.read_text("utf-8"))
    where = data.draw(st.sampled_from(list(json_paths(document))[1:]), label="at")
    parent: Any = document
    for key in where[:-1]:
        parent = parent[key]
    if data.draw(st.booleans(), label="drop") and isinstance(parent, dict):
        del parent[where[-1]]
    else:
        parent[where[-1]] = data.draw(JSON_VALUES, label="value")
    try:
        read_table(document)
    except TableFileError as exc:
        check_problems(exc, f"{path.stem} at {where}")
    except RuleError as exc:  # a value the reader let through, refused by a rule
        check_error(exc, f"{path.stem} at {where}")


# --------------------------------------------------------------------------
# The shared helpers of base.py
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("items", "with_and", "with_commas"),
    (
        (["a"], "a", "a"),
        (["a", "b"], "a and b", "a, b"),
        (["a", "b", "c"], "a, b and c", "a, b, c"),
        # items may be messages themselves, and numbers
        ([msg("{n}st", n=1), 2, "x"], "1st, 2 and x", "1st, 2, x"),
    ),
)
def test_lists_in_words(items: list[Any], with_and: str, with_commas: str) -> None:
    assert str(and_list(items)) == with_and
    assert str(comma_list(items)) == with_commas
    check_message(and_list(items))
    check_message(comma_list(items))


def test_lists_need_an_item() -> None:
    with pytest.raises(ValueError):
        and_list([])
    with pytest.raises(ValueError):
        comma_list([])


@pytest.mark.parametrize(
    ("n", "english"),
    (
        (1, "1st"),
        (2, "2nd"),
        (3, "3rd"),
        (4, "4th"),
        (11, "11th"),  # the teens take "th"
        (12, "12th"),
        (13, "13th"),
        (21, "21st"),
        (22, "22nd"),
        (111, "111th"),
    ),
)
def test_ordinal(n: int, english: str) -> None:
    assert str(ordinal(n)) == english
    check_message(ordinal(n))


def test_display_names_tell_apart_shared_names() -> None:
    names = display_names(
        (Player("red", "Ana"), Player("blue", "Ana"), Player("green", "Bo"))
    )
    assert {pid: str(name) for pid, name in names.items()} == {
        "red": "Ana (red)",
        "blue": "Ana (blue)",
        "green": "Bo",
    }
    assert names["green"] == "Bo"  # a unique name is data, not words
    check_message(names["red"])


@pytest.mark.parametrize(
    ("citation", "english"),
    (
        (Citation("001", "End of Game"), "rulebook 001, End of Game"),
        (Citation("003", "Mercante", 8), "rulebook 003, Mercante, p. 8"),
        (
            Citation("003", "Mercante", 8, also=(Citation("004", "5、出售建材"),)),
            "rulebook 003, Mercante, p. 8; rulebook 004, 5、出售建材",
        ),
        # our notes on the components are no rulebook: said by what they are,
        # never by the name of a file of ours
        (
            Citation("game-data.md", "3.4"),
            "card texts as we list them (not in the rulebooks)",
        ),
    ),
)
def test_citations_in_words(citation: Citation, english: str) -> None:
    assert str(citation) == english
    check_message(citation.as_message())


@pytest.mark.parametrize(
    "given_text",
    ("plain text", "{braces} stay as they are", nmsg("{n} pair", "{n} pairs", n=2)),
)
def test_rule_error_keeps_its_message(given_text: str | Message) -> None:
    error = RuleError(given_text)
    assert str(error) == str(given_text)
    check_message(error.message)
    assert error.message.render(bracket_translate)


def test_nmsg_picks_the_plural_by_n() -> None:
    assert str(nmsg("{n} pair", "{n} pairs", n=1)) == "1 pair"
    assert str(nmsg("{n} pair", "{n} pairs", n=0)) == "0 pairs"
