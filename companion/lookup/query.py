"""A player's question made into search terms.

What a question is understood to ask:

- the game it names, in any language (``Sit Gloria Romae``, 罗马荣耀,
  ``Fondamenta di Roma``; see ``data/glossary.toml``), which then wins over
  the table's game; a name that stays in the question (``Roads of
  Fortune``) says the scope, not the subject (:attr:`Query.scope`);
- the glossary terms it says, everyday words included (coins are Silver,
  盖 is to build, "finire un edificio" is to complete one), each with the
  words that said it (:attr:`Query.covers`);
- whether it asks if something must or may be done ("is X optional?",
  "devo per forza", 必须...吗): then those words are left out, and the answer
  is the entry about X (:attr:`Query.modal`);
- the rest: other words (typos corrected), word beginnings, and Chinese
  character pairs and characters that no term took, without question words
  and particles (什么, 吗).

Questions are data: any characters are safe. Nothing of the question reaches
SQLite as syntax; every term is quoted as an FTS5 phrase (:func:`.text.fts_phrase`).

Pure: standard library only, no I/O.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from ..engines.glory_terms import Lang
from .glossary import Glossary, Words, concept_token
from .text import (
    PLAYER_WORDS,
    PLAYERS,
    ZH_NUMERALS,
    ZH_PLAYERS,
    Script,
    Token,
    cjk_runs,
    detect_lang,
    filler_spans,
    fold,
    fts_phrase,
    has_cjk,
    is_stopword,
    stem,
    stem_in,
    tokens,
    unnegated,
    words_lang,
)
from .typos import Vocabulary

MAX_QUERY: int = 500
"""Characters of a question that are read; the rest is ignored."""
MAX_TERMS: int = 40
"""Terms of each kind sent to the index at most (a pasted page stays fast)."""
QUERY_GAP: int = 1
"""Other meaningful words allowed between the words of a glossary term in a
question: one ("merchant Vault bonus" still says *merchant bonus*); more
let words a term has nothing to do with make it."""
PARTICLE_GAP: int = 4
"""... and before the particle that ends a phrasal verb
(:data:`.glossary.PARTICLES`), whose object comes between: ``build a 2 lot
civic over`` says *build over*."""
MODAL_TERMS: Final = ("compulsory", "obligation")
"""The glossary terms that say whether something must or may be done
(compulsory, optional, skip; obbligatorio, facoltativo; 必须, 可选)."""
_MODAL_CUES: Final = re.compile(
    r"\b(?:(?:have|has|had|need|needs|got) to|must|obliged|forced to"
    r"|devo|devi|deve|dobbiamo|dovete|devono|bisogna|per forza|obbligat\w*"
    r"|costrett\w*)\b|一定要|必须|非得|要不要|可以不|选择不|不一定|强制"
)
"""Ways of asking whether something must be done that the glossary cannot
hold (its words must carry meaning; "have to" and "devo" are little words)."""
_WH_WORDS: Final = frozenset(
    {"what", "which", "che", "quale", "quali", "qual", "quanto", "quanta"}
)
"""The words that ask for a thing by its name right after them ("what
colour", "quale plancia"), folded."""
_ZH_WH: Final = ("什么", "哪种", "哪个", "哪些", "哪块", "哪张")
"""... and in Chinese (什么颜色, 哪种建筑)."""
_WH_NEED: Final = re.compile(
    r"^\W*(?:what|which|how many|how much)\b[^?]*?\b(?:need|needs|have|has) to\b"
)
"""A question that asks what one needs ("what kind of loop do I need to
build a monument?"): what is required, not whether something must be done."""
_ZH_MODAL: Final = ("一定要", "非得", "要不要", "不一定", "是不是", "可以选择", "选择")
"""Chinese words of a question asking whether something must be done that
are cut out of it once it is (选择 of 可以选择不建: the 不建 stays, what is
asked about)."""
CONDITION_TERMS: Final = frozenset({"run-out", "tie", "without", "hole", "corner"})
"""The glossary terms that say a case of a rule rather than its topic (none
left, a tie, a board without milestones): a question that says one asks
about that case, and the entry for the case should answer it before the
topic's main entry (:data:`.index.CONDITION_WEIGHT`)."""
RUN_OUT: Final = "run-out"
"""The glossary term for none left of something."""
_ZH_NONE_LEFT: Final = re.compile(r"没[^有了]{1,4}了|没有[^了]{1,4}了|[不没]剩")
"""没X了 ("no more X", 池子里没牌了), 不剩: none left, said around the thing
(the glossary holds the words said together: 用完, 没了)."""
TIE: Final = "tie"
"""The glossary term for a tie."""
_SAME_SCORE: Final = re.compile(
    r"\bboth\b[^.?!]{0,20}?\b\d+\s*(?:points?|pts|vp|influence|citizens?|unbuilt)\b"
    r"|\b(?:both|all)\b[^.?!,]{0,20}?\b(?:on|at)\s+\d+\b"
    r"|\b(?:have|has|got|on|with|at)\s+\d+\s*"
    r"(?:points?|pts|vp|influence|citizens?)?\s+each\b"
    r"|\b(?:entrambi|tutti)\b[^.?!]{0,20}?\b\d+\s*"
    r"(?:punti|pv|influenza|cittadini)\b"
    r"|\b[a-z]{2,} (?:e|and) [a-z]{2,} (?:a|on|at) \d+\b"
    r"|\b\d+\s*(?:punti|pv|di influenza|cittadini)?\s+(?:a testa|ciascuno)\b"
    rf"|[都也](?:是|剩|剩了)?[{ZH_NUMERALS}]+(?:分|点|个?市民|个?人口|$|[\s，。？！,.?!])"
)
"""Players with the same score, influence or Citizens, said with the number
("we both have 9 points", "two others have 2 each", "sara e tom 4 a testa",
"we all ended on 7", "tutti a 4 punti", "io e bruno a 4", 我们都是15分,
我和C都是2, 我跟小王都剩6分, 我5 小王也5): a tie (the glossary holds the words for one:
"same score", 同分). Not a price ("pay 3 each")."""
BUILD_OVER: Final = "build-over"
"""The glossary term for building over a building."""
_BUILDING_WORDS: Final = (
    r"(?:shops?|houses?|buildings?|residentials?|commercials?|civics?|"
    r"commercial[ei]|residenzial[ei]|civic[oi]|edifici|edificio|cas[ae]|"
    r"bottega|botteghe)"
)
_COVERED_WITH: Final = re.compile(
    rf"\bcover(?:s|ed|ing)?\b[^.?!;]{{0,30}}?\b{_BUILDING_WORDS}\b[^.?!;]{{0,30}}?\bwith\b"
    rf"|\b{_BUILDING_WORDS}\b[^.?!;]{{0,20}}?\bcovered by\b"
    rf"|\bcop(?:ro|re|ri|rire|riamo|rite|rono)\b[^.?!;]{{0,30}}?\b{_BUILDING_WORDS}\b"
    r"[^.?!;]{0,30}?\bcon\b"
    r"|\bcopert[oaie]\s+da\b"
)
"""A building covered with another ("cover my shop with a bigger house",
"copro il mio commerciale con un residenziale"): building over it. Not
lots covered by a building ("a size 3 covers 3 lots"): that is where it
stands."""
_ZH_COVERED: Final = re.compile(
    r"把[^，,。？?！!\s把]{1,10}盖(?:了|掉|住)"
    r"|盖在[^，,。？?\s]{0,8}(?:住宅|商业|市政|建筑|房子)上"
)
"""A building put over another, in Chinese: 把那个住宅盖了 ("cover that
Residential"), 盖在我的商业上面 ("build it on my Commercial")."""
PLACE: Final = "place"
"""The glossary term for putting a thing somewhere."""
_WHERE_IT_GOES: Final = re.compile(
    r"\bwhere (?:do|does|did|should|would|can|will)\b[^.?!;]{1,40}?\bgo\b"
)
"""Where a thing goes ("where do the road boards go"): where it is put, as
"where do I put it" asks."""
_COUNT_CUES: Final = re.compile(r"\b(?:how many|how much|quant[oiae])\b")
"""A question asking how many (the noun after the cue is what is counted)."""
_ZH_COUNT: Final = re.compile(r"(?:几|多少)[个张块枚座格名位份点种次件]?")
_ZH_WHICH: Final = "哪"
"""Before a count cue, makes it ask which ones (哪几种, 哪几个), not how many."""
_ZH_BEFORE_COUNT: Final = re.compile(r"(?:一共|总共|共|有|要|能|可以|最多|\s)+$")
"""Words between what is counted and the cue when it comes first (地契一共几张)."""


@dataclass(frozen=True)
class Query:
    """What a question asks, as index terms.

    ``words`` are stems of the meaningful Latin words (typos corrected),
    ``prefixes`` unknown words that begin known ones (a word being typed),
    ``pairs`` and ``chars`` the Chinese character pairs and lone characters
    that no glossary term took, ``concepts`` the glossary terms named, and
    ``covers`` which of the words said each term.
    """

    text: str
    lang: Lang
    """The language asked in: given, or guessed from the question."""
    game: str | None
    """The game the question names itself, if any."""
    words_lang: Lang | None = None
    """The language its words are written in, when it is not :attr:`lang`
    (an English question from an Italian page, :func:`.words_lang`): they
    are read as words of it."""
    words: tuple[str, ...] = ()
    prefixes: tuple[str, ...] = ()
    pairs: tuple[str, ...] = ()
    chars: tuple[str, ...] = ()
    concepts: tuple[str, ...] = ()
    scope: tuple[str, ...] = ()
    """The concepts of a game name that stays in the question (``Roads of
    Fortune: ...``): they say which rules are asked about, so they count
    less than what is asked."""
    covers: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Each concept with the stems of the question's words that said it
    (none for Chinese): they and the term are one thing asked, not two."""
    corrections: tuple[tuple[str, str], ...] = ()
    """(typed, known) for each word the typo tolerance replaced."""
    counted: tuple[str, ...] = ()
    """For a question asking how many ("how many deeds", "quante plance",
    几张地契): the glossary terms of the noun counted, or else its stem; the
    entry that gives a number with that noun answers ("6 Deeds", not
    "8 Lot markers")."""
    counted_cjk: tuple[str, ...] = ()
    """The Chinese characters right after 几/多少 (and a measure word) when no
    glossary term starts there."""
    focus: tuple[str, ...] = ()
    """The glossary terms a question asks for by name ("what colour",
    "quale plancia", 什么颜色): the thing the answer must say, not only a
    word of the question."""
    modal: bool = False
    """The question asks whether something must or may be done ("is X
    optional?", "do I have to ...", "必须...吗"). Its words for that are left
    out of the terms: every game has rules that are optional and rules that
    are compulsory, and the answer is the entry about X, whichever it says
    (the index prefers, a little, an entry that says which)."""

    @property
    def empty(self) -> bool:
        """True when nothing in the question can match (only little words,
        punctuation, or words no entry has)."""
        return not (
            self.words or self.prefixes or self.pairs or self.chars or self.concepts
        )

    def fts(self) -> str | None:
        """The FTS5 MATCH expression: every term quoted, alternatives joined by
        OR, each kind limited to its columns; ``None`` when :attr:`empty`."""
        parts: list[str] = []
        text_terms = [fts_phrase(w) for w in (*self.words, *self.pairs)]
        text_terms += [fts_phrase(p) + " *" for p in self.prefixes]
        if text_terms:
            parts.append("{title body} : (" + " OR ".join(text_terms) + ")")
        if self.concepts:
            concept_terms = (fts_phrase(concept_token(c)) for c in self.concepts)
            parts.append("{tconcepts concepts} : (" + " OR ".join(concept_terms) + ")")
        if self.chars:
            parts.append(
                "chars : (" + " OR ".join(fts_phrase(c) for c in self.chars) + ")"
            )
        return " OR ".join(parts) if parts else None


def _unknown_word(
    word: str, lang: Lang, vocabulary: Vocabulary
) -> tuple[str, str, bool] | None:
    """How a folded Latin ``word`` no entry says is read: as the known word
    it is the negation of (``unlimited`` asks about the limit), else as the
    word its typo is of; as its stem (:func:`.stem`), its stem in ``lang``
    and whether it is a typo's correction. ``None``: neither."""
    for base in unnegated(word, lang):
        joint = stem(base)
        if joint in vocabulary:
            return joint, stem_in(base, lang), False
    fixed = vocabulary.correct_word(word, lang=lang)
    return (*fixed, True) if fixed is not None else None


def _unique(items: list[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(items))[:MAX_TERMS]


def normalise_query(
    text: str,
    glossary: Glossary,
    vocabulary: Vocabulary | None = None,
    *,
    lang: Lang | None = None,
    game: str | None = None,
) -> Query:
    """Read a question: its language and game, its words, stems and terms.

    :param vocabulary: the index's words, for typo tolerance and word
        beginnings; ``None`` takes every word as it is.
    :param lang: the language of the person asking; ``None`` guesses it.
    :param game: the game of the table asked from: the terms of other games
        are not read, unless the question names a game (then that game's
        are); ``None``: every game's are.
    """
    text = text[:MAX_QUERY]
    shown_in = lang if lang is not None else detect_lang(text)
    named, rest, name_kept = glossary.game_in(text)
    # the game's name says nothing of the language ("Foundations of Rome:
    # quando finisce un'era?")
    asked_in = words_lang(rest, shown_in)
    found = list(tokens(rest))
    words: list[str] = []
    prefixes: list[str] = []
    corrections: list[tuple[str, str]] = []
    raw: list[tuple[str, int]] = []
    # Terms are found by the stems of both languages (:func:`.stem`), words
    # are matched as stems of the question's language (:func:`.stem_in`).
    in_lang: dict[str, str] = {}
    for token in found:
        if token.script is Script.CJK or is_stopword(token.text):
            raw.append((token.stem if token.script is Script.LATIN else "", -1))
            continue
        word = token.stem
        own = token.stem_in(asked_in)
        if vocabulary is not None and word not in vocabulary:
            read = _unknown_word(token.text, asked_in, vocabulary)
            if read is None:
                if len(word) >= 3 and vocabulary.completions(word):
                    prefixes.append(word)
                raw.append((word, -1))
                continue
            word, own, corrected = read
            if corrected:
                corrections.append((token.text, word))
        raw.append((word, len(words)))
        words.append(word)
        in_lang.setdefault(word, own)
    concepts = _find_by_clause(glossary, rest, found, words, raw, named or game)
    _drop_other_things(concepts, found, raw)
    _add_cued(fold(rest), glossary, concepts, named or game)
    lone = _lone_words(glossary, concepts, words)
    covers = {
        term: [
            words[i]
            for start, end in spans
            for i in range(start, end + 1)
            if i >= 0 and i not in lone
        ]
        for term, spans in concepts.items()
    }
    runs = [t.text for t in found if t.script is Script.CJK]
    runs = _without_name(runs, name_kept, bool(words))
    modal = (states_modality(fold(rest)) and not _WH_NEED.search(fold(rest))) or bool(
        set(MODAL_TERMS) & set(concepts)
    )
    if modal:
        # "Is X optional?" is about X: the modality words leave the terms,
        # unless the question says nothing else.
        kept = {c: spans for c, spans in concepts.items() if c not in MODAL_TERMS}
        said = {
            i
            for c in MODAL_TERMS
            for s, e in concepts.get(c, ())
            for i in range(s, e + 1)
        }
        _, modal_cjk = glossary.forms(MODAL_TERMS)
        cut = [_cut(run, (*modal_cjk, *_ZH_MODAL)) for run in runs]
        left = [w for i, w in enumerate(words) if i not in said | lone]
        if kept or left or prefixes or any(c.strip() for c in cut):
            concepts, words, runs, lone = kept, left, cut, set()
        else:
            modal = False
    words = [w for i, w in enumerate(words) if i not in lone]
    # Chinese said by a term is that term; the rest is matched as characters,
    # and so is a pair across two terms' words (金库上限: 库上 says they are
    # side by side).
    _, said_cjk = glossary.forms(concepts)
    pairs: list[str] = []
    chars: list[str] = []
    for run in runs:
        for piece in run.split():
            inside = _inside(piece, said_cjk)
            filler = _fillers(piece, inside)
            free = {i for i in range(len(piece)) if i not in inside and i not in filler}
            pairs.extend(
                piece[i : i + 2]
                for i in range(len(piece) - 1)
                if i not in filler
                and i + 1 not in filler
                and (i in free or i + 1 in free or inside[i] != inside[i + 1])
            )
            # a character no term took, with no such character beside it
            chars.extend(
                piece[i]
                for i in sorted(free)
                if i - 1 not in free and i + 1 not in free
            )
    counted, counted_cjk = _counted(fold(rest), found, raw, concepts, glossary)
    focus = _focus(fold(rest), found, raw, concepts, glossary)
    return Query(
        text=text,
        lang=shown_in,
        words_lang=asked_in if asked_in is not shown_in else None,
        game=named,
        words=_unique([in_lang.get(w, w) for w in words]),
        prefixes=_unique(prefixes),
        pairs=_unique(pairs),
        chars=_unique(chars),
        concepts=_unique(list(concepts)),
        scope=tuple(c for c in glossary.find(Words.of(name_kept)) if c in concepts),
        covers=tuple(
            (term, tuple(dict.fromkeys(in_lang.get(w, w) for w in covers[term])))
            for term in _unique(list(concepts))
        ),
        corrections=tuple(corrections),
        counted=counted,
        counted_cjk=counted_cjk,
        focus=focus,
        modal=modal,
    )


def _lone_words(
    glossary: Glossary, concepts: dict[str, list[tuple[int, int]]], words: list[str]
) -> set[int]:
    """The words (indexes into ``words``) that are all a term said in several
    words kept, the others being little words, when that word is a fragment
    of another term (:meth:`Glossary.fragment`) and no other term took it:
    "game over" is the end of the game, not a word "over" to find by itself
    (in "Building over")."""
    terms_at: dict[int, set[str]] = {}
    for term, found in concepts.items():
        for start, end in found:
            for i in range(max(start, 0), end + 1):
                terms_at.setdefault(i, set()).add(term)
    return {
        start
        for term, found in concepts.items()
        for start, end in found
        if start >= 0
        and start == end
        and terms_at[start] == {term}
        and glossary.fragment(term, words[start])
    }


_CLAUSE_END: Final = re.compile(r"[;.!?；。！？…]")
"""What ends a clause of a question: the words of one term are never said
across it ("end of era, who gets the bonus" says no *era bonus*)."""


def _find_by_clause(
    glossary: Glossary,
    text: str,
    found: list[Token],
    words: list[str],
    raw: list[tuple[str, int]],
    game: str | None = None,
) -> dict[str, list[tuple[int, int]]]:
    """The glossary terms of a question (see :meth:`.Glossary.find`), of
    ``game`` and of no one game, each clause read apart
    (:data:`_CLAUSE_END`); spans index into ``words``."""
    clauses: list[tuple[int, int]] = []
    first = 0
    for i in range(1, len(found) + 1):
        between = text[found[i - 1].end : found[i].start] if i < len(found) else ""
        if i == len(found) or _CLAUSE_END.search(between):
            clauses.append((first, i))
            first = i
    concepts: dict[str, list[tuple[int, int]]] = {}
    for begin, end in clauses or [(0, 0)]:
        inside = [at for _, at in raw[begin:end] if at >= 0]
        shift = inside[0] if inside else 0
        piece = Words(
            tuple(words[shift : shift + len(inside)]),
            tuple((stem, at - shift if at >= 0 else -1) for stem, at in raw[begin:end]),
            fold(text[found[begin].start : found[end - 1].end]) if end > begin else "",
        )
        for term, spans in glossary.find(
            piece, gap=QUERY_GAP, particle_gap=PARTICLE_GAP, game=game
        ).items():
            concepts.setdefault(term, []).extend(
                (s + shift, e + shift) if s >= 0 else (s, e) for s, e in spans
            )
    return concepts


OTHER_WORDS: Final = frozenset({"other", "another", "altro", "altra", "altri", "altre"})
"""Words that say another player (:data:`OWNER`) when they stand alone ("di
un altro", "someone else's"), and another thing when a noun follows them
("un altro colore", "another colour")."""
OWNER: Final = "owner"


def _drop_other_things(
    concepts: dict[str, list[tuple[int, int]]],
    found: list[Token],
    raw: list[tuple[str, int]],
) -> None:
    """Take out of ``concepts`` the :data:`OWNER` said by an "other" word
    that a meaningful word follows: another thing, not another player."""
    spans = concepts.get(OWNER)
    if not spans:
        return
    after = {
        at: raw[k + 1][1] >= 0
        for k, (_, at) in enumerate(raw)
        if at >= 0 and found[k].text in OTHER_WORDS and k + 1 < len(raw)
    }
    kept = [(s, e) for s, e in spans if not (s == e and after.get(s, False))]
    if kept:
        concepts[OWNER] = kept
    else:
        del concepts[OWNER]


def _focus(
    folded: str,
    found: list[Token],
    raw: list[tuple[str, int]],
    concepts: dict[str, list[tuple[int, int]]],
    glossary: Glossary,
) -> tuple[str, ...]:
    """The terms a question asks for by name (:attr:`Query.focus`): said by
    the word right after a word of :data:`_WH_WORDS`, or by a Chinese word
    right after one of :data:`_ZH_WH`."""
    starts = {
        raw[k + 1][1]
        for k in range(len(raw) - 1)
        if raw[k][1] < 0 and found[k].text in _WH_WORDS and raw[k + 1][1] >= 0
    }
    focus = [
        term
        for term, spans in concepts.items()
        if any(start in starts for start, _ in spans)
    ]
    if any(wh in folded for wh in _ZH_WH):
        focus += [
            term
            for term in concepts
            if term not in focus
            and any(
                wh + word in folded
                for word in glossary.forms([term])[1]
                for wh in _ZH_WH
            )
        ]
    return tuple(focus)


def _counted(
    folded: str,
    found: list[Token],
    raw: list[tuple[str, int]],
    concepts: dict[str, list[tuple[int, int]]],
    glossary: Glossary,
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """What a "how many" question counts: (glossary terms or a stem, Chinese
    characters); empty when it asks no such thing."""
    if _COUNT_CUES.search(folded):
        cue = next(
            (
                i
                for i, t in enumerate(found)
                if t.text in ("many", "much") or t.text.startswith("quant")
            ),
            None,
        )
        if cue is None:
            return (), ()
        # how many players, "in quanti" (how many of us)
        following = found[cue + 1].text if cue + 1 < len(found) else ""
        if following in PLAYER_WORDS or (
            cue > 0 and found[cue - 1].text == "in" and found[cue].text == "quanti"
        ):
            return (PLAYERS,), ()
        for stem, at in raw[cue + 1 :]:
            if at < 0:
                continue
            terms = [
                c
                for c, spans in concepts.items()
                if any(s <= at <= e for s, e in spans)
            ]
            return (tuple(terms) if terms else (stem,)), ()
        return (), ()
    counted: list[str] = []
    cjk: list[str] = []
    for match in _ZH_COUNT.finditer(folded):
        if folded[: match.start()].endswith(_ZH_WHICH):
            # 哪几种计分方式 (which kinds of scoring) asks for the kinds, not
            # a number: an entry with a number of points is no answer to it
            continue
        found_terms, found_cjk = _counted_cjk(folded, match, concepts, glossary)
        counted.extend(found_terms)
        cjk.extend(found_cjk)
    return tuple(dict.fromkeys(counted)), tuple(dict.fromkeys(cjk))


_ZH_CLAUSE_BREAK: Final = re.compile(r"[\s?？,，。;；!！、]")
"""What ends the words around a Chinese count cue (its clause)."""


def _counted_cjk(
    folded: str,
    match: re.Match[str],
    concepts: dict[str, list[tuple[int, int]]],
    glossary: Glossary,
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """What one Chinese count cue (几张, 多少) counts, within its clause:
    (glossary terms, Chinese characters)."""
    after = _ZH_CLAUSE_BREAK.split(folded[match.end() :], maxsplit=1)[0]
    if after.startswith(ZH_PLAYERS) and match.group()[-1] in "几少个名位":
        # 几个人, 几名玩家; not 几种玩家颜色 (how many kinds of colour)
        return (), ZH_PLAYERS
    # what is counted comes after the cue (几张地契) or, when nothing named
    # does, before it (地契一共几张, 地契有几张)
    before = _ZH_BEFORE_COUNT.sub("", folded[: match.start()])
    before = _ZH_CLAUSE_BREAK.split(before)[-1]
    for at_cue in (after.startswith, before.endswith):
        terms = [
            concept
            for concept in concepts
            if any(at_cue(word) for word in glossary.forms([concept])[1])
        ]
        if terms:
            return tuple(terms), ()
    # the noun after the cue: two characters, or one that ends the clause
    # (多少张牌)
    head = after[:2] if len(after) >= 2 else after
    return (), ((head,) if head and all(has_cjk(ch) for ch in head) else ())


_CLAUSE_SPLIT: Final = re.compile(
    r"[?？;；。!！]+\s*(?=\S)|(?<=[\u3400-\u9fff])\s+(?=[\u3400-\u9fff])"
)
"""Where a question goes on to another clause: after a question mark or a
full stop with more after it; in Chinese, a space between two characters
(出售区翻几张 剩下的地契怎么分: Chinese has no spaces between words)."""


def _add_cued(
    folded: str,
    glossary: Glossary,
    concepts: dict[str, list[tuple[int, int]]],
    game: str | None = None,
) -> None:
    """Add to a question's terms those said in ways no glossary word holds:
    none left said around the thing (:data:`_ZH_NONE_LEFT`), a tie said with
    the score (:data:`_SAME_SCORE`) or by the same number for two players
    (:func:`_same_number_twice`), a building covered with another
    (:data:`_COVERED_WITH`, a term of ``game``'s or of every game's), where
    a thing goes (:data:`_WHERE_IT_GOES`); each
    at no word of the question (``(-1, -1)``, as a Chinese match is)."""
    for cue, term in (
        (_ZH_NONE_LEFT, RUN_OUT),
        (_SAME_SCORE, TIE),
        (_COVERED_WITH, BUILD_OVER),
        (_ZH_COVERED, BUILD_OVER),
        (_WHERE_IT_GOES, PLACE),
    ):
        if cue.search(folded) and glossary.read_at(term, game):
            concepts.setdefault(term, []).append((-1, -1))
    if (
        glossary.has(TIE)
        and not _SCORED.isdisjoint(concepts)
        and _same_number_twice(folded)
    ):
        concepts.setdefault(TIE, []).append((-1, -1))


_SCORED: Final = frozenset({"influence", "points", "population"})
"""The glossary terms of what players are ranked by: a number said for two
players of a question about one of them is a tie (:func:`_same_number_twice`)."""
_NAMED_NUMBER: Final = re.compile(
    r"\b([a-z]{2,})\s+(\d+)(?=\s*[,，.;?)]|\s+(?:e|and|ed)\s|\s*$)"
    r"|([\u4e00-\u9fff]{1,3})(\d+)(?=[\s，,。；？()（）]|$)"
)
"""A number said right after who has it, in a list: "anna 5,", "bo 2 and",
小王4 (Latin: a word of two letters or more, so a lot's name, E1, is none;
Chinese: the number right after the characters)."""
_NOT_NAMES: Final = frozenset(
    {"era", "size", "da", "row", "column", "riga", "colonna", "on", "is", "of"}
    | {"di", "con", "with", "influenza", "influence", "是", "有", "第", "时代"}
)
"""Words before a number that say what it is, not whose (Era 2, size 3)."""


def _same_number_twice(folded: str) -> bool:
    """Whether a folded question gives the same number to two players in a
    list ("anna 5, bruno 2, carla 2", 我6影响力 小王4 小李4): a tie said
    without a word for one."""
    whose: dict[str, set[str]] = {}
    for match in _NAMED_NUMBER.finditer(folded):
        who = match.group(1) or match.group(3)
        number = match.group(2) or match.group(4)
        if who not in _NOT_NAMES:
            whose.setdefault(number, set()).add(who)
    return any(len(players) > 1 for players in whose.values())


def clauses(text: str) -> list[str]:
    """The clauses of a question (:data:`_CLAUSE_SPLIT`), non-empty."""
    return [c for c in _CLAUSE_SPLIT.split(text[:MAX_QUERY]) if c.strip()]


def states_modality(folded: str) -> bool:
    """Whether a folded text says that something must, may or need not be
    done in the words the glossary cannot hold ("have to", "devono", 一定要);
    the rest is the :data:`MODAL_TERMS`."""
    return bool(_MODAL_CUES.search(folded))


def _inside(run: str, words: tuple[str, ...]) -> dict[int, int]:
    """Which characters of a Chinese run belong to one of ``words`` (longest
    first, not overlapping): character index -> the occurrence's start."""
    taken: dict[int, int] = {}
    for word in sorted(words, key=len, reverse=True):
        at = run.find(word)
        while at >= 0:
            span = range(at, at + len(word))
            if not any(i in taken for i in span):
                taken.update((i, at) for i in span)
            at = run.find(word, at + 1)
    return taken


def _fillers(run: str, inside: dict[int, int]) -> set[int]:
    """The characters of a Chinese run that are question words or particles
    (:data:`.text.ZH_FILLERS`) outside any term's word."""
    found: set[int] = set()
    for start, end in filler_spans(run):
        if not any(i in inside for i in range(start, end)):
            found.update(range(start, end))
    return found


def _without_name(runs: list[str], name: str, has_words: bool) -> list[str]:
    """A question's Chinese runs without a kept Chinese game name (道路扩展,
    财富之路): it is the scope, said by its terms (:attr:`Query.scope`), and
    its characters make no pairs of their own; unless nothing else is asked
    (财富之路怎么玩: no other words, no two characters beside fillers)."""
    if not has_cjk(name):
        return runs
    cut = [_cut(run, (name, fold(name))) for run in runs]
    if has_words or any(len(r) > 1 for c in cut for r in cjk_runs(c)):
        return cut
    return runs


def _cut(run: str, words: tuple[str, ...]) -> str:
    """A run of Chinese characters with these words cut out (a space where
    each was, so no pair is made across it)."""
    for word in sorted(words, key=len, reverse=True):
        run = run.replace(word, " ")
    return run


__all__ = [
    "CONDITION_TERMS",
    "MAX_QUERY",
    "MODAL_TERMS",
    "Query",
    "clauses",
    "normalise_query",
    "states_modality",
]
