"""The moves of seed 003: their names (English and Japanese), seed lines, and what each rolls.

Basic moves (基本ムーヴ, 003: 1-248) are here so a roll can name them; the special moves
(特殊ムーヴ, 003: 251-387) are the ones with bookkeeping, each a function in this package.
"""

from __future__ import annotations

from enum import StrEnum
from types import MappingProxyType

from drawsteel_kit.systems.dungeon_world.rules.stats import Stat

__all__ = [
    "CHOSEN_STAT",
    "MOVE_LINES",
    "MOVE_NAMES",
    "MOVE_NAMES_JA",
    "MOVE_STAT",
    "ROLLED_MOVES",
    "UNMODIFIED_MOVES",
    "Move",
    "move_name",
]


class Move(StrEnum):
    """A move of seed 003, by an English key."""

    HACK_AND_SLASH = "hack_and_slash"
    VOLLEY = "volley"
    DEFY_DANGER = "defy_danger"
    DEFEND = "defend"
    SPOUT_LORE = "spout_lore"
    DISCERN_REALITIES = "discern_realities"
    PARLEY = "parley"
    AID_OR_INTERFERE = "aid_or_interfere"
    LAST_BREATH = "last_breath"
    MAKE_CAMP = "make_camp"
    TAKE_WATCH = "take_watch"
    PERILOUS_JOURNEY = "perilous_journey"
    END_OF_SESSION = "end_of_session"
    LEVEL_UP = "level_up"
    CAROUSE = "carouse"
    SUPPLY = "supply"
    RECOVER = "recover"
    RECRUIT = "recruit"
    OUTSTANDING_WARRANTS = "outstanding_warrants"
    BOLSTER = "bolster"


#: The English names of the moves (Dungeon World core book), for lines and widgets.
MOVE_NAMES: MappingProxyType[Move, str] = MappingProxyType(
    {
        Move.HACK_AND_SLASH: "Hack and Slash",
        Move.VOLLEY: "Volley",
        Move.DEFY_DANGER: "Defy Danger",
        Move.DEFEND: "Defend",
        Move.SPOUT_LORE: "Spout Lore",
        Move.DISCERN_REALITIES: "Discern Realities",
        Move.PARLEY: "Parley",
        Move.AID_OR_INTERFERE: "Aid or Interfere",
        Move.LAST_BREATH: "Last Breath",
        Move.MAKE_CAMP: "Make Camp",
        Move.TAKE_WATCH: "Take Watch",
        Move.PERILOUS_JOURNEY: "Undertake a Perilous Journey",
        Move.END_OF_SESSION: "End of Session",
        Move.LEVEL_UP: "Level Up",
        Move.CAROUSE: "Carouse",
        Move.SUPPLY: "Supply",
        Move.RECOVER: "Recover",
        Move.RECRUIT: "Recruit",
        Move.OUTSTANDING_WARRANTS: "Outstanding Warrants",
        Move.BOLSTER: "Bolster",
    }
)

#: The seed's names, for reference (003, the 《...》 headings).
MOVE_NAMES_JA: MappingProxyType[Move, str] = MappingProxyType(
    {
        Move.HACK_AND_SLASH: "ハックアンドスラッシュ",
        Move.VOLLEY: "射撃",
        Move.DEFY_DANGER: "危機打開",
        Move.DEFEND: "防御",
        Move.SPOUT_LORE: "物言う知見",
        Move.DISCERN_REALITIES: "事実の識別",
        Move.PARLEY: "交渉",
        Move.AID_OR_INTERFERE: "手助け/妨害",
        Move.LAST_BREATH: "死に際",
        Move.MAKE_CAMP: "キャンプ",
        Move.TAKE_WATCH: "見張り",
        Move.PERILOUS_JOURNEY: "危険に満ちた旅路",
        Move.END_OF_SESSION: "セッション終了",
        Move.LEVEL_UP: "レベルアップ",
        Move.CAROUSE: "酒宴",
        Move.SUPPLY: "補給",
        Move.RECOVER: "回復",
        Move.RECRUIT: "徴募",
        Move.OUTSTANDING_WARRANTS: "未解決の手配書",
        Move.BOLSTER: "増強",
    }
)

#: Where each move's rule text is in seed 003 (first and last line).
MOVE_LINES: MappingProxyType[Move, tuple[int, int]] = MappingProxyType(
    {
        Move.HACK_AND_SLASH: (14, 26),
        Move.VOLLEY: (47, 59),
        Move.DEFY_DANGER: (74, 85),
        Move.DEFEND: (112, 129),
        Move.SPOUT_LORE: (149, 151),
        Move.DISCERN_REALITIES: (176, 195),
        Move.PARLEY: (207, 209),
        Move.AID_OR_INTERFERE: (233, 243),
        Move.LAST_BREATH: (255, 261),
        Move.MAKE_CAMP: (282, 288),
        Move.TAKE_WATCH: (291, 293),
        Move.PERILOUS_JOURNEY: (296, 310),
        Move.END_OF_SESSION: (315, 325),
        Move.LEVEL_UP: (328, 336),
        Move.CAROUSE: (338, 347),
        Move.SUPPLY: (350, 352),
        Move.RECOVER: (355, 357),
        Move.RECRUIT: (360, 369),
        Move.OUTSTANDING_WARRANTS: (372, 380),
        Move.BOLSTER: (385, 387),
    }
)

#: The player picks the stat by how they act: Defy Danger (003: 76-83).
CHOSEN_STAT = "chosen"

#: What each rolled move adds to 2d6. ``None``: no stat (Aid adds the bond count, 003: 235;
#: Carouse 1 per extra 100 coin, 003: 340; Recruit its +1 conditions, 003: 362-367;
#: Last Breath nothing at all, 003: 257).
MOVE_STAT: MappingProxyType[Move, Stat | str | None] = MappingProxyType(
    {
        Move.HACK_AND_SLASH: Stat.STR,  # 003: 16
        Move.VOLLEY: Stat.DEX,  # 003: 49
        Move.DEFY_DANGER: CHOSEN_STAT,  # 003: 76-83
        Move.DEFEND: Stat.CON,  # 003: 114
        Move.SPOUT_LORE: Stat.INT,  # 003: 151
        Move.DISCERN_REALITIES: Stat.WIS,  # 003: 178
        Move.PARLEY: Stat.CHA,  # 003: 209
        Move.AID_OR_INTERFERE: None,  # 003: 235
        Move.LAST_BREATH: None,  # 003: 257
        Move.TAKE_WATCH: Stat.WIS,  # 003: 293
        Move.PERILOUS_JOURNEY: Stat.WIS,  # 003: 298
        Move.CAROUSE: None,  # 003: 340
        Move.SUPPLY: Stat.CHA,  # 003: 352
        Move.RECRUIT: None,  # 003: 362
        Move.OUTSTANDING_WARRANTS: Stat.CHA,  # 003: 374
    }
)
#: The moves that roll 2d6.
ROLLED_MOVES: frozenset[Move] = frozenset(MOVE_STAT)
#: Rolled with nothing added: "2d6を素で振り何も加えない" (003: 257).
UNMODIFIED_MOVES: frozenset[Move] = frozenset({Move.LAST_BREATH})


def move_name(move: Move) -> str:
    """The English name, for lines: ``"Take Watch"``."""
    return MOVE_NAMES[move]
