"""The measurement of issue 17: is the FIRST answer the right one?

Our own questions (questions_new.toml, written from the rulebooks before the
search was tuned to them) are asked as the web asks them: from the table of
the game in question (``game`` and the asker's language given), from another
game's table when the question names its game, or from the home page. The
share whose first result is one of the expected entries (top 1), and whose
first three hold one (top 3), is printed per language; targets: top 1 at
least 90 % and top 3 at least 97 % in each language.

The held-out set ../shared/rules-questions.json is measured apart
(test_rules_questions.py); nothing here is tuned to it.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest

from companion.engines import GAMES
from companion.engines.glory_terms import Lang
from companion.lookup import package_index

QUESTIONS_FILE = Path(__file__).with_name("questions_new.toml")
TARGET_TOP1 = 0.90
TARGET_TOP3 = 0.97
PER_LANGUAGE = 25
"""Questions each language has at least."""


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


def ranked(question: Question) -> list[str]:
    """The first three results' rule ids, as the search page asks."""
    hits = package_index().search(
        question.q, game=question.table, lang=question.lang, limit=3
    )
    return [hit.entry.rule_id for hit in hits]


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
    top1: dict[Lang, list[bool]] = {lang: [] for lang in Lang}
    top3: dict[Lang, list[bool]] = {lang: [] for lang in Lang}
    misses: list[str] = []
    for question in QUESTIONS:
        found = ranked(question)
        first = bool(found) and found[0] in question.wanted
        top1[question.lang].append(first)
        top3[question.lang].append(bool(question.wanted & set(found)))
        if not first:
            misses.append(f"  [{question.lang.value}] {question.q!r} -> {found}")
    report = "; ".join(
        f"{lang.value} top-1 {sum(top1[lang])}/{len(top1[lang])} = "
        f"{sum(top1[lang]) / len(top1[lang]):.0%}, top-3 "
        f"{sum(top3[lang]) / len(top3[lang]):.0%}"
        for lang in Lang
    )
    with capsys.disabled():
        print(f"\nanswer quality (questions_new.toml): {report}")
        if misses:
            print("first answer wrong:\n" + "\n".join(misses))
    for lang in Lang:
        assert sum(top1[lang]) / len(top1[lang]) >= TARGET_TOP1, (lang, misses)
        assert sum(top3[lang]) / len(top3[lang]) >= TARGET_TOP3, (lang, misses)
