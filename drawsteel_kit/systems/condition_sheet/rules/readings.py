"""The readings made where seed 004 is silent: each a table's choice (campaign.yaml settings).

* Lucky and fumble (ラッキー♪, ファンブル) decide attacks (004: 70-74) but are never
  defined: read as the usual 2d6 convention, two or more dice showing 6 (lucky) or 1
  (fumble). ``lucky_sixes`` and ``fumble_ones`` set how many (0: never); a roll that is
  both by the table's counts (6+1 when one die is enough) is neither.
* Special actions cost mana (004: 124), and rerolls are paid with it (004: 47, 160), but
  only support (1, 004: 91), Boost (1, 004: 130) and Expand (1 per target, 004: 133) have
  an amount: cover, chain combo, counter, last stand and a reroll are read as 1 mana each,
  like every amount the seed does give.

A battle keeps the readings it started with (:class:`TableRules` in ``Battle.rules``), so
changing campaign.yaml mid-battle changes the next battle, not this one. The withdraw
check's default difficulty is a setting too (``withdraw_difficulty``, read by the book):
the seed leaves the difficulty to the GM each time (004: 106).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any

from drawsteel_kit.systems.condition_sheet.errors import ConditionSheetError
from drawsteel_kit.systems.condition_sheet.rules.sheet import check_int

__all__ = [
    "CHAIN_COMBO_MANA",
    "COUNTER_MANA",
    "COVER_MANA",
    "FUMBLE_FACE",
    "LAST_STAND_MANA",
    "LUCKY_FACE",
    "LUCK_MATCHES",
    "MAX_LUCK_DICE",
    "MAX_SPECIAL_MANA",
    "REROLL_MANA",
    "WITHDRAW_DIFFICULTY",
    "TableRules",
]

#: Lucky and fumble are used at 004: 70-74 and never defined: read as two or more dice
#: showing 6 (lucky) or 1 (fumble).
LUCKY_FACE = 6
FUMBLE_FACE = 1
LUCK_MATCHES = 2
#: A check rolls 2d6, one more with a preparation effect (004: 41, 163): at most 3 dice.
MAX_LUCK_DICE = 3
#: The seed names no amount for these (004: 124, 140, 145, 150, 154, 160): read as 1 mana,
#: like support, Boost and Expand's per target (004: 91, 130, 133).
REROLL_MANA = 1
COVER_MANA = 1
CHAIN_COMBO_MANA = 1
COUNTER_MANA = 1
LAST_STAND_MANA = 1
#: Ours: the most a table may set one of these costs to.
MAX_SPECIAL_MANA = 10
#: The GM sets the withdraw check's difficulty each time (004: 106); ours: the default
#: when the GM names none, 9 (2d6 + an ability of 2 reaches it a little over half the time).
WITHDRAW_DIFFICULTY = 9


@dataclass(frozen=True)
class TableRules:
    """The table's readings a battle plays by (defaults: this module's constants)."""

    lucky_sixes: int = LUCK_MATCHES
    fumble_ones: int = LUCK_MATCHES
    reroll_mana: int = REROLL_MANA
    cover_mana: int = COVER_MANA
    chain_combo_mana: int = CHAIN_COMBO_MANA
    counter_mana: int = COUNTER_MANA
    last_stand_mana: int = LAST_STAND_MANA

    def __post_init__(self) -> None:
        for f in fields(self):
            value = check_int(f.name.replace("_", " "), getattr(self, f.name), low=0)
            top = MAX_LUCK_DICE if f.name in ("lucky_sixes", "fumble_ones") else \
                MAX_SPECIAL_MANA
            if value > top:
                raise ConditionSheetError(f"{f.name.replace('_', ' ')} is at most {top}, "
                                          f"got {value}")

    def as_dict(self) -> dict[str, Any]:
        """Plain JSON-ready values."""
        return asdict(self)

    def text(self) -> str:
        """These readings in the table's words: ``lucky on 2 sixes · fumble on 2 ones ...``."""
        lucky = (f"lucky on {self.lucky_sixes} six{'es' if self.lucky_sixes > 1 else ''}"
                 if self.lucky_sixes else "no lucky rolls")
        fumble = (f"fumble on {self.fumble_ones} one{'s' if self.fumble_ones > 1 else ''}"
                  if self.fumble_ones else "no fumbles")
        return (f"{lucky} · {fumble} · mana: reroll {self.reroll_mana}, cover "
                f"{self.cover_mana}, chain combo {self.chain_combo_mana}, counter "
                f"{self.counter_mana}, last stand {self.last_stand_mana}")

    @classmethod
    def from_settings(cls, settings: Mapping[str, Any]) -> TableRules:
        """The readings among a campaign's settings (or a battle's saved ones); a setting
        left out takes its default, so older campaigns and ledgers keep working."""
        if not isinstance(settings, Mapping):
            raise ConditionSheetError(f"a battle's rules are a mapping, got {settings!r}")
        return cls(**{f.name: settings[f.name] for f in fields(cls) if f.name in settings})
