"""Words as the rules search sees them: folding, stems, Chinese character pairs.

The same functions read the entries and the players' questions, so the two
always meet on equal terms. Pure: the standard library and the Snowball
stemmers (``snowballstemmer``, pure Python), no I/O.

- Latin text (English, Italian) is folded (NFKC, case, accents removed), split
  into words (apostrophes and hyphens split: ``dell'era`` is ``dell`` + ``era``)
  and each word is cut to a stem shared by both languages by the Snowball
  stemmers (``lotti`` and ``lotto`` give ``lott``, ``houses`` and ``house``
  give ``hous``).
- Chinese has no spaces: a run of Chinese characters becomes its overlapping
  character pairs (``金库上限`` gives ``金库 库上 上限``), and a single character
  stays itself. Pairs find two-character words, which SQLite's own tokenizers
  miss (../shared/tech-notes.md, "SQLite full-text search").
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache

import snowballstemmer

from ..engines.glory_terms import Lang

_CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
TOKEN_RE = re.compile(rf"[{_CJK}]+|[^\W_{_CJK}]+")
"""A run of Chinese characters, or a run of other letters and digits."""
CJK_RE = re.compile(rf"[{_CJK}]")


class Script(Enum):
    """How a token is written."""

    LATIN = "latin"
    """Letters and digits of an alphabet (English and Italian here)."""
    CJK = "cjk"
    """Chinese characters: no spaces between words."""


@dataclass(frozen=True)
class Token:
    """A word (or a run of Chinese characters) found in a text, with its place."""

    text: str
    """The folded form: lowercase, no accents (Chinese as written, but for
    its variants, :data:`ZH_VARIANTS`)."""
    start: int
    end: int
    """Offsets in the original text, ``text[start:end]``."""
    script: Script

    @property
    def stem(self) -> str:
        """The light stem of a Latin word; a Chinese run as it is."""
        return stem(self.text) if self.script is Script.LATIN else self.text

    def stem_in(self, lang: Lang | None) -> str:
        """The stem of a Latin word read as a word of ``lang``
        (:func:`stem_in`); a Chinese run as it is."""
        return stem_in(self.text, lang) if self.script is Script.LATIN else self.text


ZH_VARIANTS: dict[int, str] = str.maketrans({"板": "版"})
"""Chinese characters players write for one another, each to the one the
entries use: 板 for 版 in a board (路板, 城市板 are 道路版图, 城市版图). Entries
and questions are read alike, so a word with the other character (板块, a
tile) still meets only itself."""


ZH_NUMERALS: str = "0123456789０１２３４５６７８９零一二两三四五六七八九十"
"""The characters a number written in Chinese text is made of (digits, full
width too, and the Chinese numerals)."""


_ZH_PEOPLE = re.compile("(?<=[0-9一二两三四五六七八九十])个人")
"""A number of people said with the measure word (4个人, 三个人): the same as
without it (4人, 三人), the way the glossary writes player counts."""


def fold(text: str) -> str:
    """``text`` in lowercase without accents, full-width forms made plain,
    Chinese variants (:data:`ZH_VARIANTS`) made one, and a number of people
    said with its measure word said without it (4个人 is 4人).

    >>> fold("Città PIÙ Ｂ面 路板 四个人")
    'citta piu b面 路版 四人'
    """
    text = unicodedata.normalize("NFKC", text).casefold()
    decomposed = unicodedata.normalize("NFKD", text)
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    plain = unicodedata.normalize("NFC", bare).translate(ZH_VARIANTS)
    return _ZH_PEOPLE.sub("人", plain) if "个人" in plain else plain


def tokens(text: str) -> Iterator[Token]:
    """The words and Chinese runs of ``text``, in order, with their offsets."""
    for match in TOKEN_RE.finditer(text):
        raw = match.group()
        if CJK_RE.match(raw):
            yield Token(
                raw.translate(ZH_VARIANTS), match.start(), match.end(), Script.CJK
            )
            continue
        if raw.isascii():
            folded = raw.lower()
        else:
            folded = "".join(ch for ch in fold(raw) if ch.isalnum())
        if folded:
            yield Token(folded, match.start(), match.end(), Script.LATIN)


def has_cjk(text: str) -> bool:
    """Whether ``text`` has any Chinese character."""
    return CJK_RE.search(text) is not None


NUMBER_WORDS: dict[str, str] = {
    word: str(n)
    for words in (
        "_ _ two three four five six seven eight nine ten eleven twelve",
        "_ _ due tre quattro cinque sei sette otto nove dieci undici dodici",
    )
    for n, word in enumerate(words.split())
    if word != "_"
}
"""Numbers written as words, English and Italian (folded), and their digits.
"One" and "uno" are not here: they are as often "a" or "the one" as 1."""

IRREGULAR: dict[str, str] = {
    past: base
    for base, forms in {
        "build": "built",
        "buy": "bought",
        "choose": "chose chosen",
        "deal": "dealt",
        "draw": "drew drawn",
        "give": "gave given",
        "hold": "held",
        "keep": "kept",
        "lead": "led",
        "lose": "lost",
        "pay": "paid",
        "run": "ran",
        "sell": "sold",
        "spend": "spent",
        "take": "took taken",
        "think": "thought",
        "throw": "threw thrown",
        "win": "won",
    }.items()
    for past in forms.split()
}
"""English irregular past forms of the games' verbs, and their base, which
the stemmer does not make one ("I was dealt an edge lot" says *deal*, "we
drew" says *draw*). Not "left": it is as often "remaining" ("none left")."""

_ENGLISH = snowballstemmer.stemmer("english")
_ITALIAN = snowballstemmer.stemmer("italian")


@lru_cache(maxsize=1 << 16)
def stem(word: str) -> str:
    """A stem of a folded Latin word, the same for English and Italian.

    The Snowball stemmers (a well-kept library, ``snowballstemmer``): the
    English one, then the Italian one on what it leaves, so that a word meets
    its forms in either language (``tied`` and ``tying``, ``pareggio`` and
    ``pareggi``, ``civic`` and ``civici``). A number written as a word is
    its digits (``eight``, ``otto`` and ``8`` are one word: "all 8 lot
    markers" meets "only eight each"). Other numbers and words of three
    letters or fewer stay as they are.

    >>> [stem(w) for w in ("buildings", "houses", "lotti", "lotto", "era", "bonus")]
    ['build', 'hous', 'lott', 'lott', 'era', 'bonus']
    >>> [stem(w) for w in ("eight", "otto", "8", "two", "due")]
    ['8', '8', '8', '2', '2']
    """
    word = IRREGULAR.get(word, word)
    kept = _unstemmed(word)
    if kept is not None:
        return kept
    return str(_ITALIAN.stemWord(_ENGLISH.stemWord(word)))


def _unstemmed(word: str) -> str | None:
    """What a word is without a stemmer: a number word's digits, a short or
    not alphabetic word itself; ``None``: a word to stem."""
    digits = NUMBER_WORDS.get(word)
    if digits is not None:
        return digits
    if len(word) <= 3 or not word.isalpha():
        return word
    return None


_STEMMERS = {Lang.EN: _ENGLISH, Lang.IT: _ITALIAN}


@lru_cache(maxsize=1 << 16)
def stem_in(word: str, lang: Lang | None) -> str:
    """The stem of a folded Latin word of ``lang``, by that language's
    Snowball stemmer alone: a word meets its own language's forms of it,
    never a false friend that :func:`stem` makes one with it (English
    "during" and Italian "dura", "durare"). A text of no Latin language
    (Chinese, or a language not known) gets :func:`stem`.

    >>> [stem_in(w, Lang.EN) for w in ("during", "tied", "tying", "eight")]
    ['dure', 'tie', 'tie', '8']
    >>> [stem_in(w, Lang.IT) for w in ("dura", "durante", "pareggi", "pareggio")]
    ['dur', 'durant', 'paregg', 'paregg']
    """
    stemmer = _STEMMERS.get(lang) if lang is not None else None
    if stemmer is None:
        return stem(word)
    if lang is Lang.EN:
        word = IRREGULAR.get(word, word)
    kept = _unstemmed(word)
    return kept if kept is not None else str(stemmer.stemWord(word))


NEGATING_PREFIXES: dict[Lang, tuple[str, ...]] = {
    Lang.EN: ("non", "un", "in", "im", "il", "ir"),
    Lang.IT: ("non", "in", "im", "il", "ir"),
}
"""The prefixes that make a word its opposite, per language: unlimited,
illimitato, impossibile, irregolare, inutile."""


def unnegated(word: str, lang: Lang | None) -> list[str]:
    """The words a folded Latin ``word`` of ``lang`` may be the negation of,
    its negating prefix (:data:`NEGATING_PREFIXES`) taken off: a question
    about the unlimited asks about the limit. Only a rest of four letters or
    more; ``il``, ``im`` and ``ir`` only before the letter they double or
    stand before (illimitata, impossibile, irregolare).

    >>> unnegated("illimitata", Lang.IT), unnegated("unlimited", Lang.EN)
    (['limitata'], ['limited'])
    >>> unnegated("inizio", Lang.IT), unnegated("ilk", Lang.EN)
    (['izio'], [])
    """
    found: list[str] = []
    for prefix in NEGATING_PREFIXES.get(lang, ()) if lang is not None else ():
        rest = word[len(prefix) :]
        if not word.startswith(prefix) or len(rest) < 4 or not rest.isalpha():
            continue
        if prefix in ("il", "ir") and rest[0] != prefix[1]:
            continue
        if prefix == "im" and rest[0] not in "bmp":
            continue
        found.append(rest)
    return found


def cjk_pairs(run: str) -> list[str]:
    """The overlapping character pairs of a Chinese run (one character: itself).

    >>> cjk_pairs("金库上限")
    ['金库', '库上', '上限']
    """
    if len(run) < 2:
        return [run] if run else []
    return [run[i : i + 2] for i in range(len(run) - 1)]


STOPWORDS: dict[Lang, frozenset[str]] = {
    Lang.EN: frozenset(
        """a an the and or of to in on at for from by with as into onto about
        is are was were be been being am do does did done can could will would
        shall should may might must has have had having get gets got
        i me my mine you your yours we us our he him his she her it its they
        them their this that these those there here what which who whom whose
        how when where why if then than so such also just only still yet
        there's it's i've i'm don't doesn't all any some one ones thing things
        happen happens happened someone something anything everyone everybody
        anyone anybody down up go goes going many much
        allowed let lets guy guys really actually ever even please want wants
        ok okay game games player players rule rules off toward towards each
        every but u ur ya""".split()
    ),
    Lang.IT: frozenset(
        """il lo la i gli le l un una uno un' di a da in con su per tra fra e ed
        o od che chi cosa come quando quanto quanta quanti quante quale quali
        del dello della dei degli delle dell al allo alla ai agli alle all
        dal dallo dalla dai dagli dalle dall nel nello nella nei negli nelle
        nell sul sullo sulla sui sugli sulle sull col coi c ci si ne mi ti vi
        d s mio mia miei mie tuo tua tuoi tue suo sua suoi sue loro nostro
        nostra vostro vostra questo questa questi queste quello quella quelli
        quelle e è sono sei siamo siete ho hai ha abbiamo avete hanno
        posso puoi puo può possiamo potete possono devo devi deve dobbiamo
        devono se ma anche ancora gia già poi qui qua li là la dove perche
        perché cio ciò essere avere fare fa succede ogni ciascun ciascuno
        ciascuna tutto tutti tutta tutte molto molti molta serve servono giu giù
        fino davvero proprio caso casi partita partite gioco
        giocatore giocatori regola regole prendo prendi prende prendono
        prendere ottengo ottieni ottiene ottengono ottenere qualcosa qualcuno
        potere aver faccio fai fanno facciamo fate fatto fatta fatti fatte farlo
        farmi farti farsi farci farvi
        farla farli farne voglio vuoi vuole vogliamo volete vogliono
        io tu lui lei noi voi anch quand dov cos com quest quell m t n po
        va vanno vai vado andare""".split()
    ),
    Lang.ZH: frozenset(),
}
"""Words that carry no rule in a question, folded (accents removed as well).
Casual verbs and particles are here too ("put it down", "mettere giù"): they
say nothing an entry's words should match. The two lists say the same words
(the Italian for "something", "want", "do", "done", "I" as the English, and
the elided forms of little words: ``anch'io``, ``dov'è``, ``quell'edificio``),
and a player's chat spelling of them too ("u", "ur")."""

ZH_FILLERS: tuple[str, ...] = tuple(
    "什么样 怎么样 为什么 什么 时候 怎么 怎样 如何 可以 是否 一个 这个 那个 哪个 这张"
    " 那张 我们 你们 他们 咋办 怎么办 干嘛 咋 啥 谁 哪 但 和 跟 或 与 这 那 他 她 它"
    " 游戏 玩家 每个 每位 多少 一共 总共 几 要 能 会 还 都 也 就 是 有 在 把 被 让 得"
    " 分别 到底 究竟 哪些 我 你 吗 呢 吧 啊 呀 么 了 的".split()
)
"""Question words and particles of Chinese, cut out of a question's runs of
characters before they are made into pairs: ``什么时候游戏结束`` is read as
``游戏结束``, not also as ``么时`` and ``候游``. The colloquial 咋 and 啥 are
how and what too; and, or and but (和, 或, 但) are fillers as in English and
Italian, so that no pair is made across them (建筑师和工匠 is not 师和, 和工);
一共 and 总共 ("in all") only say that a count is asked."""
ZH_COUNT_WORD = "(?:[一几]|多少)[个张块枚座格名位份种次件条]"
"""One or "how many" said with a measure word (一张, 一条, 几个): a question's
pairs across it (买一, 张地) are noise, and what is counted is read apart
(:attr:`.query.Query.counted_cjk`). Other numbers stay: 两个军团 says the
case asked about."""
_ZH_FILLER_RE = re.compile(
    "|".join([ZH_COUNT_WORD, *sorted(ZH_FILLERS, key=len, reverse=True)])
)
"""The count words first: 几个 is one filler, not 几 and a stray 个."""


def filler_spans(run: str) -> list[tuple[int, int]]:
    """Where a run of Chinese characters has fillers (:data:`ZH_FILLERS`), as
    (start, end) offsets.

    >>> filler_spans("金库里的牌")
    [(3, 4)]
    """
    return [match.span() for match in _ZH_FILLER_RE.finditer(run)]


def cjk_runs(run: str) -> list[str]:
    """A question's run of Chinese characters without its fillers
    (:data:`ZH_FILLERS`), as the runs left between them.

    >>> cjk_runs("金库里的牌自己能看吗")
    ['金库里', '牌自己', '看']
    """
    return [part for part in _ZH_FILLER_RE.split(run) if part]


_FOLDED_STOP: frozenset[str] = frozenset(
    fold(word) for words in STOPWORDS.values() for word in words
)


def is_stopword(word: str) -> bool:
    """Whether a folded Latin word carries no meaning for the search."""
    return word in _FOLDED_STOP


_IT_HINTS = frozenset(fold(w) for w in STOPWORDS[Lang.IT] - STOPWORDS[Lang.EN])
_EN_HINTS = frozenset(fold(w) for w in STOPWORDS[Lang.EN] - STOPWORDS[Lang.IT])


def detect_lang(text: str) -> Lang:
    """A good guess at the language of a question: Chinese if it has Chinese
    characters, Italian if it has more Italian than English little words."""
    if has_cjk(text):
        return Lang.ZH
    words = [t.text for t in tokens(text)]
    italian = sum(w in _IT_HINTS for w in words)
    english = sum(w in _EN_HINTS for w in words)
    return Lang.IT if italian > english else Lang.EN


PLAYER_WORDS: frozenset[str] = frozenset(
    "player players people persone giocatore giocatori".split()
)
"""The words for the people playing (little words in a question, but what a
"how many" question counts: "how many players", "quanti giocatori")."""
PLAYERS = "player"
"""What a number of players counts (:attr:`.query.Query.counted`)."""
ZH_PLAYERS: tuple[str, ...] = ("人", "玩家")
"""What a Chinese number of players counts: 4人, 4名玩家 (几个人 is 几人)."""

LANG_HINTS: int = 2
"""Little words of the other Latin language a question must have (and more
than twice its asker's) to be read as that language (:func:`words_lang`)."""


def words_lang(text: str, lang: Lang) -> Lang:
    """The language a question's words are written in, for reading them: the
    asker's ``lang`` (the page's), unless they clearly are another's. An
    English question from an Italian page (at least :data:`LANG_HINTS`
    English little words, more than twice its Italian ones) is English, and
    the other way round; one with no Chinese from a Chinese page is
    :func:`detect_lang`'s guess.

    >>> words_lang("can I build on another player's lot?", Lang.IT)
    <Lang.EN: 'en'>
    >>> words_lang("posso costruire sul lotto di un altro?", Lang.EN)
    <Lang.IT: 'it'>
    >>> words_lang("Merchant bonus", Lang.IT)
    <Lang.IT: 'it'>
    """
    if lang is Lang.ZH:
        return lang if has_cjk(text) else detect_lang(text)
    words = [t.text for t in tokens(text)]
    italian = sum(w in _IT_HINTS for w in words)
    english = sum(w in _EN_HINTS for w in words)
    own, other = (english, italian) if lang is Lang.EN else (italian, english)
    if other >= LANG_HINTS and other > 2 * own:
        return Lang.IT if lang is Lang.EN else Lang.EN
    return lang


def fts_phrase(term: str) -> str:
    """``term`` as an FTS5 phrase: quoted, inner quotes doubled, so that no
    character in it is read as query syntax (``"``, ``*``, ``-``, ``:``...)."""
    return '"' + term.replace('"', '""') + '"'


__all__ = [
    "NUMBER_WORDS",
    "PLAYERS",
    "PLAYER_WORDS",
    "STOPWORDS",
    "ZH_PLAYERS",
    "Script",
    "Token",
    "cjk_pairs",
    "cjk_runs",
    "detect_lang",
    "filler_spans",
    "fold",
    "fts_phrase",
    "has_cjk",
    "is_stopword",
    "stem",
    "stem_in",
    "tokens",
    "unnegated",
    "words_lang",
]
