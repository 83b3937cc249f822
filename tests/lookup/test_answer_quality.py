"""The measurement of issue 17: is the FIRST answer the right one?

Our own questions (questions_new.toml, written from the rulebooks before the
search was tuned to them) are asked as the web asks them: from the table of
the game in question (``game`` and the asker's language given), from another
game's table when the question names its game, or from the home page. The
share whose first result is one of the expected entries (top 1), and whose
first three hold one (top 3), is printed per language; targets: top 1 at
least 90 % and top 3 at least 97 % in each language.

The held-out set ../shared/rules-questions.json is measured apart
(test_rules_questions.py); nothing here is tuned to it. Issue 30's tuner
wrote questions_tuner.toml (not blind: printed with a floor, no target).
Any file in this format is scored from the command line by
``scripts/score_questions.py`` (the helpers are in scoring.py).
"""

from __future__ import annotations

import importlib.util
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest

from companion.engines import GAMES
from companion.engines.glory_terms import Lang
from companion.lookup import package_index

from . import scoring
from .scoring import score

QUESTIONS_FILE = Path(__file__).with_name("questions_new.toml")
TUNER_FILE = Path(__file__).with_name("questions_tuner.toml")
TARGET_TOP1 = 0.90
TARGET_TOP3 = 0.97
PER_LANGUAGE = 25
"""Questions each language has at least."""
BLIND_FILE = Path(__file__).with_name("questions_blind.toml")
BLIND_FLOOR = {Lang.EN: (0.88, 0.97), Lang.IT: (0.87, 0.96), Lang.ZH: (0.88, 0.97)}
"""(top 1, top 3) per language on questions_blind.toml after issue 30's third
round (ranking: numbers and conditions as the case asked, terms within a
sentence, Chinese fillers and variants), its fourth (words read in their own
language, single cards as reference entries, the rulebooks' colours of the
building types), its entries (players' keywords, the accuracy review) and
its facets (26 focused entries, ranked below their general rule unless the
question says their case; the question files re-keyed to them by a session
that judged from the texts alone), with set 3 (90 more, measured once
before it was added: en 90/100, it 87/97, zh 80/90), then raised after
the causes of set 3's misses were fixed (questions read in their own
language, glossary verbs by their own stems, English irregular pasts,
Chinese counts and ordinals, per-player counts, requirement questions not
modal; en 71/80, 78/80; it 69/80, 77/80; zh 71/80, 78/80), and after set 4's
causes (tune5: it 70/80): a later change may raise them, not lower them.
Short of issue 30's 90% / 97%."""
SETS_1_TO_3 = 240
"""questions_blind.toml's questions of sets 1 to 3; set 4 follows."""
SETS_1_TO_4 = 330
"""... and of sets 1 to 4; set 5 follows."""
SETS_1_TO_5 = 420
"""... and of sets 1 to 5; set 6 follows."""
SETS_1_TO_6 = 540
"""... and of sets 1 to 6; set 7 follows."""
SETS_1_TO_7 = 660
"""... and of sets 1 to 7; set 8 follows."""
SETS_1_TO_8 = 780
"""... and of sets 1 to 8; set 9 follows."""
SETS_1_TO_9 = 900
"""... and of sets 1 to 9; set 10 follows."""
SETS_1_TO_10 = 1020
"""... and of sets 1 to 10; set 11 follows."""
SETS_1_TO_11 = 1140
"""... and of sets 1 to 11; set 12 follows."""
SETS_1_TO_12 = 1260
"""... and of sets 1 to 12; set 13 follows."""
SETS_1_TO_13 = 1380
"""... and of sets 1 to 13; set 14 follows."""
SETS_1_TO_14 = 1500
"""... and of sets 1 to 14; set 15 follows."""
SETS_1_TO_15 = 1620
"""... and of sets 1 to 15; set 16 follows."""
SETS_1_TO_16 = 1740
"""... and of sets 1 to 16; set 17 follows."""
SETS_1_TO_17 = 1860
"""... and of sets 1 to 17; set 18 follows."""
SETS_1_TO_18 = 1980
"""... and of sets 1 to 18; set 19 follows."""
SET5_FLOOR = {Lang.EN: (0.93, 1.0), Lang.IT: (0.93, 0.93), Lang.ZH: (1.0, 1.0)}
"""(top 1, top 3) per language on blind set 5 (90 questions, 30 a
language), measured once before it was added (en 27/30, 30/30; it 28/30,
28/30; zh 26/30, 27/30), raised after its misses' causes were fixed (tune6:
en 28/30, 30/30; zh 30/30, 30/30): a later change may raise them, not lower
them."""
SET6_FLOOR = {Lang.EN: (0.90, 0.97), Lang.IT: (0.85, 0.92), Lang.ZH: (0.65, 0.92)}
"""(top 1, top 3) per language on blind set 6 (120 questions, 40 a
language), measured once before it was added (en 36/40, 39/40; it 34/40,
37/40; zh 26/40, 37/40; the floors are those shares rounded down to the
hundredth): a later change may raise them, not lower them."""
SET7_FLOOR = {Lang.EN: (0.85, 0.97), Lang.IT: (0.87, 0.97), Lang.ZH: (0.85, 0.92)}
"""(top 1, top 3) per language on blind set 7 (120 questions, 40 a
language), measured once before it was added (en 33/40, 39/40; it 30/40,
39/40; zh 33/40, 36/40), raised after its misses' causes were fixed (en
34/40, it 35/40, zh 34/40, 37/40; shares rounded down to the hundredth): a
later change may raise them, not lower them."""
SET8_FLOOR = {Lang.EN: (0.90, 0.97), Lang.IT: (0.85, 0.95), Lang.ZH: (0.85, 0.95)}
"""(top 1, top 3) per language on blind set 8 (120 questions, 40 a
language), measured once before it was added (en 33/40, 37/40; it 33/40,
38/40; zh 32/40, 36/40), raised after its misses' causes were fixed (en
36/40, 39/40; it 34/40, 38/40; zh 34/40, 38/40; shares rounded down to the
hundredth): a later change may raise them, not lower them."""
SET9_FLOOR = {Lang.EN: (0.75, 0.92), Lang.IT: (0.72, 0.92), Lang.ZH: (0.77, 0.90)}
"""(top 1, top 3) per language on blind set 9 (120 questions, 40 a
language), measured once before it was added (en 28/40, 34/40; it 26/40,
33/40; zh 22/40, 29/40), raised after some of its misses' causes were fixed
(it 26/40, 34/40; zh 25/40, 32/40), and after the lists across the
alternate Monuments and facets first when their case is asked (en 30/40,
36/40; it 27/40, 35/40; zh 30/40, 35/40), and after the fixes of sets 13
to 15's round (en 37/40 in the top 3; zh 31/40, 36/40; shares rounded down
to the hundredth): a later change may raise them, not lower them."""
SET10_FLOOR = {Lang.EN: (0.82, 0.95), Lang.IT: (0.77, 0.97), Lang.ZH: (0.80, 0.97)}
"""(top 1, top 3) per language on blind set 10 (120 questions, 40 a
language), measured once before it was added (en 30/40, 38/40; it 25/40,
36/40; zh 26/40, 36/40), raised after the same fixes as set 9's (it 27/40,
37/40; zh 28/40, 39/40), and after summaries gave way to the one part asked,
the Roads of Fortune turns and empty dead ends (en 31/40, 38/40; it 28/40,
38/40; zh 30/40, 39/40), and after the fixes of sets 13 to 15's round (en
33/40; it 30/40, 39/40; zh 32/40; shares rounded down to the hundredth): a
later change may raise them, not lower them."""
SET11_FLOOR = {Lang.EN: (0.70, 0.92), Lang.IT: (0.75, 0.90), Lang.ZH: (0.77, 0.92)}
"""(top 1, top 3) per language on blind set 11 (120 questions, 40 a
language), measured once before it was added (en 26/40, 34/40; it 27/40,
35/40; zh 28/40, 36/40), raised after summaries gave way to the one part
asked, the Roads of Fortune turns and empty dead ends (it 28/40, 36/40; zh
29/40), and after the fixes of sets 13 to 15's round (en 28/40, 37/40; zh
31/40, 37/40; shares rounded down to the hundredth): a later change may
raise them, not lower them."""
SET12_FLOOR = {Lang.EN: (0.90, 0.95), Lang.IT: (0.90, 1.0), Lang.ZH: (0.90, 1.0)}
"""(top 1, top 3) per language on blind set 12 (120 questions, 40 a
language, asked for as players most often ask them), measured once before
it was added (en 30/40, 37/40; it 33/40, 39/40; zh 36/40, 37/40), raised
after the fixes of its round (en 32/40, 38/40; zh 39/40 in the top 3),
and after those of sets 13 to 15's round (en 35/40; it 36/40, 40/40; zh
36/40, 40/40; shares rounded down to the hundredth): a later change may
raise them, not lower them."""
SET13_FLOOR = {Lang.EN: (0.77, 0.95), Lang.IT: (0.90, 0.97), Lang.ZH: (0.80, 0.90)}
"""(top 1, top 3) per language on blind set 13 (120 questions, 40 a
language, mostly worked examples from a player's board), held out while
sets 14 and 15 were tuned on and measured once before it was added (en
29/40, 37/40; it 36/40, 38/40; zh 31/40, 35/40), raised after the numbers
were read with what they count (en 30/40; it 39/40 in the top 3; shares
rounded down to the hundredth): a later change may raise them, not lower
them."""
SET14_FLOOR = {Lang.EN: (0.80, 0.95), Lang.IT: (0.85, 0.95), Lang.ZH: (0.82, 0.95)}
"""(top 1, top 3) per language on blind set 14 (120 questions, 40 a
language), measured once before it was tuned on (en 30/40, 38/40; it
29/40, 37/40; zh 27/40, 34/40), then after the fixes of its round (en
31/40; it 32/40, 38/40; zh 31/40, 36/40; shares rounded down to the
hundredth): a later change may raise them, not lower them."""
SET15_FLOOR = {Lang.EN: (0.82, 1.0), Lang.IT: (0.82, 0.90), Lang.ZH: (0.77, 0.90)}
"""(top 1, top 3) per language on blind set 15 (120 questions, 40 a
language, asked as new players learning ask), measured once before it was
tuned on (en 30/40, 39/40; it 28/40, 36/40; zh 28/40, 35/40), raised after
the numbers were read with what they count (en 31/40; it 29/40; shares
rounded down to the hundredth): a later change may raise them, not lower
them."""
SET16_FLOOR = {Lang.EN: (0.85, 0.92), Lang.IT: (0.72, 0.90), Lang.ZH: (0.80, 0.95)}
"""(top 1, top 3) per language on blind set 16 (120 questions, 40 a
language, many with numbers from a player's board), held out while sets 13
to 15 were tuned on and measured once before it was added (en 33/40,
37/40; it 25/40, 31/40; zh 28/40, 36/40), raised after it was tuned on
while set 17 was held out (en 34/40; it 29/40, 36/40; zh 32/40, 38/40;
shares rounded down to the hundredth): a later change may raise them, not
lower them.

Sets 9 to 15's floors were raised at the same commit to what they answer
then (tests/lookup/questions_blind.toml, ``--slice`` of
scripts/score_questions.py)."""
SET17_FLOOR = {Lang.EN: (0.77, 0.90), Lang.IT: (0.90, 1.0), Lang.ZH: (0.82, 0.92)}
"""(top 1, top 3) per language on blind set 17 (120 questions, 40 a
language, mostly concrete situations, about 30% with a board's numbers),
held out while sets 13 to 16 were tuned on and measured once before it was
added (en 31/40, 36/40; it 33/40, 39/40; zh 31/40, 36/40), raised after it
was tuned on while set 18 was held out (it 36/40, 40/40; zh 33/40, 37/40;
shares rounded down to the hundredth): a later change may raise them, not
lower them."""
SET18_FLOOR = {Lang.EN: (0.87, 0.95), Lang.IT: (0.80, 0.97), Lang.ZH: (0.90, 0.95)}
"""(top 1, top 3) per language on blind set 18 (120 questions, 40 a
language, written by one session a language; many concrete situations and
numbers from a board), held out while sets 13 to 17 were tuned on and
measured once before it was added (en 33/40, 38/40; it 28/40, 36/40; zh
30/40, 36/40), then tuned on (en 35/40, 38/40; it 32/40, 39/40; zh 36/40,
38/40; shares rounded down to the hundredth): a later change may raise
them, not lower them."""
SET19_FLOOR = {Lang.EN: (0.70, 0.97), Lang.IT: (0.65, 0.87), Lang.ZH: (0.65, 0.82)}
"""(top 1, top 3) per language on blind set 19 (120 questions, 40 a
language, mostly situations joining two or three rules), held out while set
18 was tuned on and measured once before it was added (en 27/40, 38/40; it
26/40, 35/40; zh 25/40, 30/40), raised after the first of its causes were
fixed (en 28/40, 39/40; zh 26/40, 33/40; shares rounded down to the
hundredth): a later change may raise them, not lower them."""
SET4_FLOOR = {Lang.EN: (0.96, 1.0), Lang.IT: (0.90, 1.0), Lang.ZH: (0.86, 1.0)}
"""(top 1, top 3) per language on blind set 4 (90 questions, 30 a
language), measured once before it was added (en 29/30, 30/30; it 24/30,
28/30; zh 21/30, 28/30), raised after its misses' causes were fixed (tune5:
it 27/30, 30/30; zh 26/30, 30/30; its colour question keyed to components,
which then first said the colours): a later change may raise them, not lower
them."""
TUNER_FLOOR = {Lang.EN: (0.95, 0.95), Lang.IT: (0.84, 0.94), Lang.ZH: (0.94, 0.97)}
"""(top 1, top 3) per language on questions_tuner.toml after issue 30's second round
done: a later change may raise them, not lower them."""


@dataclass(frozen=True)
class Question:
    q: str
    lang: Lang
    game: str
    keys: tuple[str, ...]
    table: str | None
    """The game of the table asked from; ``None``: the home page."""

    @property
    def wanted(self) -> set[str]:
        return {f"{self.game}.{key}" for key in self.keys}


def load_questions() -> list[Question]:
    data = tomllib.loads(QUESTIONS_FILE.read_text(encoding="utf-8"))
    slugs = {game.slug for game in GAMES}
    questions = []
    for item in data["question"]:
        assert set(item) <= {"q", "lang", "game", "keys", "table", "source"}, item
        assert item["game"] in slugs and item["keys"], item
        table = item.get("table", item["game"])
        assert table == "" or table in slugs, item
        questions.append(
            Question(
                q=item["q"],
                lang=Lang(item["lang"]),
                game=item["game"],
                keys=tuple(item["keys"]),
                table=table or None,
            )
        )
    return questions


QUESTIONS = load_questions()


def test_the_question_set_is_large_enough_and_complete() -> None:
    for lang in Lang:
        assert sum(q.lang is lang for q in QUESTIONS) >= PER_LANGUAGE, lang
    assert {q.game for q in QUESTIONS} == {game.slug for game in GAMES}
    assert len({(q.q, q.table) for q in QUESTIONS}) == len(QUESTIONS)


def test_every_expected_entry_exists() -> None:
    index = package_index()
    missing = sorted(
        {rule for q in QUESTIONS for rule in q.wanted if not index.translations(rule)}
    )
    assert not missing, f"no such entries (yet): {missing}"


def test_first_answers_per_language(capsys: pytest.CaptureFixture[str]) -> None:
    result = score(scoring.load_toml(QUESTIONS_FILE), package_index())
    with capsys.disabled():
        print(f"\nanswer quality (questions_new.toml): {result.report()}")
        if result.misses:
            print("first answer wrong:\n" + "\n".join(result.misses))
    for lang in Lang:
        assert result.share(lang, top=1) >= TARGET_TOP1, (lang, result.misses)
        assert result.share(lang, top=3) >= TARGET_TOP3, (lang, result.misses)


def check_floor(
    path: Path,
    floor: dict[Lang, tuple[float, float]],
    capsys: pytest.CaptureFixture[str],
    part: slice = slice(None),
) -> None:
    """The figures on the questions of ``path`` (``part`` of them), printed,
    none below ``floor``."""
    result = score(scoring.load_toml(path)[part], package_index())
    with capsys.disabled():
        where = f"{path.name} {part.start or ''}:{part.stop or ''}"
        print(f"\nanswer quality ({where}): {result.report()}")
        if result.misses:
            print("first answer wrong:\n" + "\n".join(result.misses))
    for lang, (top1, top3) in floor.items():
        assert result.share(lang, top=1) >= top1, (lang, result.misses)
        assert result.share(lang, top=3) >= top3, (lang, result.misses)


def test_the_tuners_questions(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 30's questions, written by the engineer who then tuned the
    search to them (questions_tuner.toml): figures printed, no target (they
    are not blind), but none may fall below the share measured when the
    tuning was done."""
    check_floor(TUNER_FILE, TUNER_FLOOR, capsys)


def test_the_blind_questions(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 30's first three blind sets (questions_blind.toml's first
    ``SETS_1_TO_3``), held out no longer: figures printed, and none may fall
    below the share measured when the third was added (and raised since)."""
    check_floor(BLIND_FILE, BLIND_FLOOR, capsys, slice(0, SETS_1_TO_3))


def test_the_fourth_blind_set(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 30's blind set 4 (questions_blind.toml's next 90), held out no
    longer: none may fall below the share measured once before it was added
    (and raised since)."""
    check_floor(BLIND_FILE, SET4_FLOOR, capsys, slice(SETS_1_TO_3, SETS_1_TO_4))


def test_the_fifth_blind_set(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 30's blind set 5 (questions_blind.toml's next 90), held out no
    longer: none may fall below the share measured once before it was added
    (and raised since)."""
    check_floor(BLIND_FILE, SET5_FLOOR, capsys, slice(SETS_1_TO_4, SETS_1_TO_5))


def test_the_sixth_blind_set(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 30's blind set 6 (questions_blind.toml's next 120), held out
    no longer: none may fall below the share measured once before it was
    added."""
    check_floor(BLIND_FILE, SET6_FLOOR, capsys, slice(SETS_1_TO_5, SETS_1_TO_6))


def test_the_seventh_blind_set(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 30's blind set 7 (questions_blind.toml's next 120), held out
    no longer: none may fall below the share measured once before it was
    added (and raised since)."""
    check_floor(BLIND_FILE, SET7_FLOOR, capsys, slice(SETS_1_TO_6, SETS_1_TO_7))


def test_the_eighth_blind_set(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 30's blind set 8 (questions_blind.toml's next 120), held out
    no longer: none may fall below the share measured once before it was
    added (and raised since)."""
    check_floor(BLIND_FILE, SET8_FLOOR, capsys, slice(SETS_1_TO_7, SETS_1_TO_8))


def test_the_ninth_blind_set(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 30's blind set 9, held out no longer: none may fall below the
    share measured once before it was added (and raised since)."""
    check_floor(BLIND_FILE, SET9_FLOOR, capsys, slice(SETS_1_TO_8, SETS_1_TO_9))


def test_the_tenth_blind_set(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 30's blind set 10, held out no longer: none may fall below the
    share measured once before it was added (and raised since)."""
    check_floor(BLIND_FILE, SET10_FLOOR, capsys, slice(SETS_1_TO_9, SETS_1_TO_10))


def test_the_eleventh_blind_set(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 30's blind set 11, held out no longer: none may fall below the
    share measured once before it was added (and raised since)."""
    check_floor(BLIND_FILE, SET11_FLOOR, capsys, slice(SETS_1_TO_10, SETS_1_TO_11))


def test_the_twelfth_blind_set(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 30's blind set 12, held out no longer: none may fall below the
    share measured once before it was added (and raised since)."""
    check_floor(BLIND_FILE, SET12_FLOOR, capsys, slice(SETS_1_TO_11, SETS_1_TO_12))


def test_the_thirteenth_blind_set(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 30's blind set 13, held out while sets 14 and 15 were tuned on
    and held out no longer: none may fall below the share measured once
    before it was added."""
    check_floor(BLIND_FILE, SET13_FLOOR, capsys, slice(SETS_1_TO_12, SETS_1_TO_13))


def test_the_fourteenth_blind_set(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 30's blind set 14, tuned on: none may fall below the share it
    was tuned to."""
    check_floor(BLIND_FILE, SET14_FLOOR, capsys, slice(SETS_1_TO_13, SETS_1_TO_14))


def test_the_fifteenth_blind_set(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 30's blind set 15, tuned on briefly: none may fall below the
    share measured before (and raised since)."""
    check_floor(BLIND_FILE, SET15_FLOOR, capsys, slice(SETS_1_TO_14, SETS_1_TO_15))


def test_the_sixteenth_blind_set(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 30's blind set 16, held out while sets 13 to 15 were tuned on,
    then tuned on: none may fall below the share it was tuned to."""
    check_floor(BLIND_FILE, SET16_FLOOR, capsys, slice(SETS_1_TO_15, SETS_1_TO_16))


def test_the_seventeenth_blind_set(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 30's blind set 17, held out while sets 13 to 16 were tuned on,
    then tuned on: none may fall below the share it was tuned to."""
    check_floor(BLIND_FILE, SET17_FLOOR, capsys, slice(SETS_1_TO_16, SETS_1_TO_17))


def test_the_eighteenth_blind_set(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 30's blind set 18, held out while sets 13 to 17 were tuned on,
    then tuned on: none may fall below the share it was tuned to."""
    check_floor(BLIND_FILE, SET18_FLOOR, capsys, slice(SETS_1_TO_17, SETS_1_TO_18))


def test_the_nineteenth_blind_set(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 30's blind set 19 (the rest of questions_blind.toml), held out
    while set 18 was tuned on and held out no longer: none may fall below the
    share measured once before it was added."""
    check_floor(BLIND_FILE, SET19_FLOOR, capsys, slice(SETS_1_TO_18, None))


def test_the_script_scores_a_slice_of_a_file(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """scripts/score_questions.py --slice scores only those questions (a
    held-out half of a file)."""
    path = Path(__file__).parents[2] / "scripts" / "score_questions.py"
    spec = importlib.util.spec_from_file_location("score_questions", path)
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    assert script.main([str(BLIND_FILE), "--slice", "0:4"]) == 0
    assert "(4 questions)" in capsys.readouterr().out
    last_four = len(scoring.load_toml(BLIND_FILE)) - 4
    assert script.main([str(BLIND_FILE), "--slice", f"{last_four}:"]) == 0
    assert "(4 questions)" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        script.main([str(BLIND_FILE), "--slice", "4"])
