"""Glory to Rome terms in English, Italian and Chinese.

Italian as rulebook 003 (Sit Gloria Romae) names them, Chinese as rulebook 004
(罗马荣光) names them. Neither rulebook names the six materials, and 003 does not
name the Statue, the camp or three of the roles; for those the entry carries our
own translation and says so (``it_in_rulebook`` / ``zh_in_rulebook`` is False),
so that the app can mark them as not official.

The same holds for the 44 order cards (:data:`CARD_NAMES`): 003 names three of
them (Catacomba, Foro, Muro: p.9 and p.16), 004 two (陵寝, 论坛: 游戏结束); every
other card's Italian and Chinese name is ours, the one the app's explanations
already use where they use one (Porta, Scalinata, Statua, Mercato, Prigione;
城门, 阶梯, 雕像, 城墙, 市场, 监狱). :func:`typed_card` finds a card by any of its
names, as a player types it.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType

from .glory import ALIASES, CARDS


class Lang(Enum):
    """A language the companion speaks."""

    EN = "en"
    """English: the card names of the English editions."""
    IT = "it"
    """Italian: as rulebook 003 names things."""
    ZH = "zh"
    """Chinese: as rulebook 004 names things."""


@dataclass(frozen=True)
class Term:
    """One term in the three languages."""

    en: str
    it: str
    zh: str
    it_in_rulebook: bool = True
    """False: 003 does not use this term; ``it`` is our translation."""
    zh_in_rulebook: bool = True
    """False: 004 does not use this term; ``zh`` is our translation."""

    def in_lang(self, lang: Lang) -> str:
        """The term in ``lang``."""
        text: str = getattr(self, lang.value)
        return text

    def from_rulebook(self, lang: Lang) -> bool:
        """Whether the rulebook in ``lang`` uses this word (English: always)."""
        if lang is Lang.IT:
            return self.it_in_rulebook
        if lang is Lang.ZH:
            return self.zh_in_rulebook
        return True


TERMS: Mapping[str, Term] = MappingProxyType(
    {
        # scoring (003 p.8-9; 004 5、出售建材, 计分和胜利条件)
        "influence": Term("Influence", "Influenza", "影响力"),
        "vault": Term("Vault", "Caveau", "金库"),
        "merchant bonus": Term("Merchant Bonus", "Bonus Mercante", "商人奖励"),
        "victory points": Term("Victory Points", "Punti Vittoria", "分"),
        "hand": Term("Hand", "mano", "手牌"),
        "stockpile": Term("Stockpile", "riserva", "仓库"),
        "material": Term("Material", "Materiale", "建材"),
        # cards and places (003 p.4-7; 004 游戏配件, 3、建造建筑)
        "jack": Term("Jack", "Jack", "百搭牌"),
        "client": Term("Client", "Cliente", "雇员"),
        "site": Term("Site", "Sito", "地点"),
        "out of town": Term("Out of town", "Fuori Città", "城外"),
        "foundation": Term("Foundation", "Fondazione", "地基"),
        "building": Term("Building", "Struttura", "建筑"),
        "deck": Term("Deck", "mazzo di pesca", "抽牌堆"),
        "pool": Term("Pool", "pool", "池", it_in_rulebook=False),
        "camp": Term("Camp", "accampamento", "营地", it_in_rulebook=False),
        "leader": Term("Leader", "Leader", "领袖"),
        "think": Term("Think", "Pensare", "思考"),
        # roles
        "architect": Term("Architect", "Architetto", "建筑师"),
        "craftsman": Term("Craftsman", "Artigiano", "工匠"),
        "merchant": Term("Merchant", "Mercante", "商人"),
        "laborer": Term("Laborer", "Manovale", "工人", it_in_rulebook=False),
        "legionary": Term("Legionary", "Legionario", "军团", it_in_rulebook=False),
        "patron": Term("Patron", "Patrono", "赞助人", it_in_rulebook=False),
        # buildings that score or end the game
        "Statue": Term("Statue", "Statua", "雕像", False, False),
        "Wall": Term("Wall", "Muro", "城墙", zh_in_rulebook=False),
        "Catacomb": Term("Catacomb", "Catacomba", "陵寝"),
        "Forum": Term("Forum", "Foro", "论坛"),
        # materials: named by neither rulebook
        "rubble": Term("Rubble", "Macerie", "碎石", False, False),
        "wood": Term("Wood", "Legno", "木材", False, False),
        "brick": Term("Brick", "Mattone", "砖块", False, False),
        "concrete": Term("Concrete", "Calcestruzzo", "混凝土", False, False),
        "stone": Term("Stone", "Pietra", "石材", False, False),
        "marble": Term("Marble", "Marmo", "大理石", False, False),
    }
)
"""The glossary, keyed by the English term as the engine and table file write it
(lowercase for game terms and materials, card names as printed)."""


def term(key: str, lang: Lang | str) -> str:
    """``key`` in ``lang`` (``"en"``, ``"it"``, ``"zh"`` or a :class:`Lang`).

    :raises KeyError: no such term.
    :raises ValueError: no such language.
    """
    return TERMS[key].in_lang(Lang(lang))


def _ours(it: str, zh: str) -> tuple[str, str, bool, bool]:
    """A card's Italian and Chinese name, neither in its rulebook: ours."""
    return (it, zh, False, False)


_CARD_WORDS: Mapping[str, tuple[str, str, bool, bool]] = {
    # rubble
    "Bar": _ours("Taverna", "酒馆"),
    "Insula": _ours("Insula", "公寓楼"),
    "Latrine": _ours("Latrina", "厕所"),
    "Road": _ours("Strada", "道路"),
    # wood
    "Circus": _ours("Circo", "竞技场"),
    "Crane": _ours("Gru", "起重机"),
    "Dock": _ours("Molo", "码头"),
    "Market": _ours("Mercato", "市场"),
    "Palisade": _ours("Palizzata", "栅栏"),
    # brick
    "Academy": _ours("Accademia", "学院"),
    "Archway": _ours("Arco", "拱门"),
    "Atrium": _ours("Atrio", "中庭"),
    "Bath": _ours("Terme", "浴场"),
    "Foundry": _ours("Fonderia", "铸造厂"),
    "Gate": _ours("Porta", "城门"),
    "School": _ours("Scuola", "学校"),
    "Shrine": _ours("Santuario", "神龛"),
    # concrete
    "Amphitheatre": _ours("Anfiteatro", "圆形剧场"),
    "Aqueduct": _ours("Acquedotto", "引水渠"),
    "Bridge": _ours("Ponte", "桥梁"),
    "Senate": _ours("Senato", "元老院"),
    "Storeroom": _ours("Magazzino", "储藏室"),
    "Tower": _ours("Torre", "塔楼"),
    "Tribunal": _ours("Tribunale", "法庭"),
    "Vomitorium": _ours("Vomitorio", "出口通道"),
    # stone
    "Circus Maximus": _ours("Circo Massimo", "大竞技场"),
    "Coliseum": _ours("Colosseo", "斗兽场"),
    "Domus Aurea": _ours("Domus Aurea", "金宫"),
    "Garden": _ours("Giardino", "花园"),
    "Prison": _ours("Prigione", "监狱"),
    "Scriptorium": _ours("Scrittorio", "缮写室"),
    "Sewer": _ours("Cloaca", "下水道"),
    "Villa": _ours("Villa", "别墅"),
    # marble
    "Basilica": _ours("Basilica", "会堂"),
    "Forum Romanum": _ours("Foro Romano", "罗马论坛"),
    "Fountain": _ours("Fontana", "喷泉"),
    "Ludus Magna": _ours("Ludus Magnus", "大角斗学校"),
    "Palace": _ours("Palazzo", "宫殿"),
    "Stairway": _ours("Scalinata", "阶梯"),
    "Temple": _ours("Tempio", "神庙"),
}

CARD_NAMES: Mapping[str, Term] = MappingProxyType(
    {
        name: TERMS[name]
        if name in TERMS
        else Term(name, *_CARD_WORDS[name][:2], *_CARD_WORDS[name][2:])
        for name in CARDS
    }
)
"""Every order card's name in the three languages, keyed by its English name as
printed (the table file's name). The Statue, Wall, Catacomb and Forum are the
glossary's own entries (:data:`TERMS`)."""


def fold(text: str) -> str:
    """``text`` as names are compared: no case, no accents, no spaces, and
    full-width letters as plain ones (``"  Città "`` and ``"citta"`` match)."""
    plain = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", text))
    kept = "".join(c for c in plain if not unicodedata.combining(c))
    return "".join(kept.casefold().split())


def _spellings() -> Mapping[str, str]:
    """Each folded name of a card, in any language or printed spelling, and the
    card's English name."""
    found: dict[str, str] = {}
    for name, words in CARD_NAMES.items():
        for spelling in (name, words.it, words.zh):
            found[fold(spelling)] = name
    for other, name in ALIASES.items():
        found[fold(other)] = name
    return MappingProxyType(found)


SPELLINGS: Mapping[str, str] = _spellings()
"""Every name a card is typed by (folded, see :func:`fold`), and its English
name: the English, Italian and Chinese names and the other printed spellings."""


def typed_card(text: str) -> str | None:
    """The English name of the card called ``text`` in any of the three
    languages or another printed spelling, however it is cased, accented or
    spaced; ``None`` when no card is called so."""
    return SPELLINGS.get(fold(text))


def card_name(name: str, lang: Lang | str) -> str:
    """The card ``name`` (its English name) in ``lang``.

    :raises KeyError: no such card.
    """
    return CARD_NAMES[name].in_lang(Lang(lang))


__all__ = [
    "CARD_NAMES",
    "SPELLINGS",
    "TERMS",
    "Lang",
    "Term",
    "card_name",
    "fold",
    "term",
    "typed_card",
]
