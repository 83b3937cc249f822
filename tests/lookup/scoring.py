"""Scoring a set of rules questions: top-1 and top-3 per language.

Two formats are read:

- ``.toml`` in the format of ``questions_new.toml``: ``[[question]]`` tables
  with ``q``, ``lang``, ``game``, ``keys`` (the entries of that game that
  answer it) and optionally ``table`` (the game of the table asked from;
  ``""`` for the home page; left out: the question's own game). Other fields
  (``source``, notes) are ignored.
- ``.json`` in the format of ``../shared/rules-questions.json``: a list of
  ``{"q", "lang", "game", "any_of"}``; a result answers when it is of the
  question's game and its title or text holds one of the ``any_of`` phrases.
  Asked as from a table of the question's game.

Used by ``test_answer_quality.py`` and by ``scripts/score_questions.py``
(a held-out set measured from the command line).
"""

from __future__ import annotations

import json
import statistics
import time
import tomllib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.engines.glory_terms import Lang
from companion.lookup import Hit, RulesIndex


@dataclass(frozen=True)
class Question:
    """One question, where it is asked from, and how to tell a right answer."""

    q: str
    lang: Lang
    game: str
    table: str | None
    """The game of the table asked from; ``None``: the home page."""
    keys: tuple[str, ...] = ()
    """Rule keys (of ``game``) that answer it (the ``.toml`` format)."""
    any_of: tuple[str, ...] = ()
    """Phrases one of which a right answer says (the ``.json`` format)."""

    @property
    def wanted(self) -> set[str]:
        return {f"{self.game}.{key}" for key in self.keys}

    def answers(self, hit: Hit) -> bool:
        if self.keys:
            return hit.entry.rule_id in self.wanted
        if hit.entry.game != self.game:
            return False
        said = f"{hit.entry.title} {hit.entry.text}".casefold()
        return any(phrase.casefold() in said for phrase in self.any_of)


def load_toml(path: Path) -> list[Question]:
    """The questions of a file in the format of ``questions_new.toml``."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    questions = []
    for item in data["question"]:
        table = item.get("table", item["game"])
        questions.append(
            Question(
                q=item["q"],
                lang=Lang(item["lang"]),
                game=item["game"],
                table=table or None,
                keys=tuple(item["keys"]),
            )
        )
    return questions


def load_json(path: Path) -> list[Question]:
    """The questions of a file in the format of ``rules-questions.json``."""
    data: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))
    return [
        Question(
            q=item["q"],
            lang=Lang(item["lang"]),
            game=item["game"],
            table=item["game"],
            any_of=tuple(item["any_of"]),
        )
        for item in data
    ]


def load(path: Path) -> list[Question]:
    """The questions of a ``.toml`` or ``.json`` file (see the module)."""
    return load_json(path) if path.suffix == ".json" else load_toml(path)


@dataclass
class Score:
    """Which questions were answered first and in the top 3, per language."""

    top1: dict[Lang, list[bool]] = field(default_factory=dict)
    top3: dict[Lang, list[bool]] = field(default_factory=dict)
    misses: list[str] = field(default_factory=list)
    """A line per question whose first answer is wrong."""
    ms: list[float] = field(default_factory=list)
    """Each search's time in milliseconds."""

    def share(self, lang: Lang, *, top: int) -> float:
        found = (self.top1 if top == 1 else self.top3).get(lang, [])
        return sum(found) / len(found) if found else 0.0

    def report(self) -> str:
        """``en top-1 34/37 = 92%, top-3 97%; it ...``, languages asked only."""
        parts = []
        for lang in Lang:
            firsts = self.top1.get(lang)
            if not firsts:
                continue
            parts.append(
                f"{lang.value} top-1 {sum(firsts)}/{len(firsts)} = "
                f"{self.share(lang, top=1):.0%}, top-3 {self.share(lang, top=3):.0%}"
            )
        return "; ".join(parts)

    def timing(self) -> str:
        if not self.ms:
            return "no searches"
        return (
            f"search median {statistics.median(self.ms):.1f} ms, "
            f"slowest {max(self.ms):.1f} ms over {len(self.ms)} questions"
        )


def score(
    questions: Sequence[Question],
    index: RulesIndex,
    *,
    clock: Callable[[], float] = time.perf_counter,
) -> Score:
    """Ask each question as the search page does (its table's game, the
    asker's language, three results) and score the answers."""
    result = Score()
    for question in questions:
        start = clock()
        hits = index.search(
            question.q, game=question.table, lang=question.lang, limit=3
        )
        result.ms.append((clock() - start) * 1000)
        ok = [question.answers(hit) for hit in hits]
        first = bool(ok) and ok[0]
        result.top1.setdefault(question.lang, []).append(first)
        result.top3.setdefault(question.lang, []).append(any(ok))
        if not first:
            shown = [hit.entry.rule_id for hit in hits]
            result.misses.append(f"  [{question.lang.value}] {question.q!r} -> {shown}")
    return result


__all__ = ["Question", "Score", "load", "load_json", "load_toml", "score"]
