"""Glory to Rome terms in English, Italian and Chinese.

Italian as rulebook 003 (Sit Gloria Romae) names them, Chinese as rulebook 004
(罗马荣光) names them. Neither rulebook names the six materials, and 003 does not
name the Statue, the camp or three of the roles; for those the entry carries our
own translation and says so (``it_in_rulebook`` / ``zh_in_rulebook`` is False),
so that the app can mark them as not official.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType


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


__all__ = ["TERMS", "Lang", "Term", "term"]
