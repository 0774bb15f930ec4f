"""Between battles: a character's mana, emotions and preparation effects (seed 004: 158-163).

Mana pays for support, the special actions and rerolls (004: 160); an emotion (感情) toward a
character stands in for mana when supporting, covering or chain-comboing with that character
(004: 161); a preparation effect (準備効果) adds one die to one check, once (004: 163). The
seed says how each is spent in battle, not how it is gained: that happens in the story
between battles, and the GM writes it down here. Each grant is one operation and one event
on the character's sheet; none is allowed while the character is in a running battle
(what a battle spends is written back when it ends).
"""

from __future__ import annotations

from typing import Any

from drawsteel_kit.kit.fields import check_label
from drawsteel_kit.kit.limits import same_name
from drawsteel_kit.systems.condition_sheet.campaign_file import EMOTION_MAX, MANA_MAX
from drawsteel_kit.systems.condition_sheet.errors import ConditionSheetError
from drawsteel_kit.systems.draw_steel.book.base import Happened, check_count, check_text, operation
from drawsteel_kit.systems.draw_steel.book.sheets import (
    RUNNING,
    SheetState,
    SystemBook,
    update_sheet_op,
)

__all__ = ["BetweenBattles"]


class BetweenBattles(SystemBook):
    """The condition-sheet book's operations between battles (its book builds on this)."""

    def battles(self) -> list[Any]:
        """Every battle (the book reads them)."""
        raise NotImplementedError

    def _idle(self, name: str, what: str) -> SheetState:
        """A character's sheet, refused while the character is in a running battle."""
        sheet = self.member_sheet(name)
        for info in self.battles():
            if info.status == RUNNING and any(c.name == sheet.name
                                              for c in info.state.characters):
                raise ConditionSheetError(
                    f"{sheet.name} is in a running battle ({info.name}): {what} change "
                    "there; change them after the battle ends (drawsteel-kit sheet end)")
        return sheet

    def _grant(self, sheet: SheetState, kind: str, data: dict[str, Any], summary: str,
               reason: str, payload: dict[str, Any]) -> Happened:
        summary += f" ({reason})" if reason else ""
        with self._writing() as w:
            w.event(kind, [update_sheet_op(sheet, data=data)], summary=summary,
                    actor=sheet.name, payload={**payload, "reason": reason or summary})
        return Happened(kind, summary, tuple(w.written), payload)

    @operation
    def set_mana(self, name: str, mana: int, *, reason: str = "") -> Happened:
        """Set a character's mana between battles (rest, a ritual, the GM's award)."""
        sheet = self._idle(name, "its mana and emotions")
        mana = check_count(mana, f"{sheet.name}'s mana", minimum=0, maximum=MANA_MAX)
        reason = check_text(reason, "reason")
        summary = f"{sheet.name}: mana {sheet.data['mana']} -> {mana}"
        return self._grant(sheet, "cs_mana_set", {**sheet.data, "mana": mana}, summary,
                           reason, {"mana": mana})

    def _toward(self, sheet: SheetState, toward: object) -> str:
        """Whom an emotion is toward: another character or foe of the campaign, as spelled."""
        text = check_text(toward, "whom the emotion is toward", name=True)  # type: ignore[arg-type]
        if same_name(text, sheet.name):
            raise ConditionSheetError(f"{sheet.name} holds emotions toward others, not toward "
                                      f"{sheet.name}")
        known = [s.name for s in (*self.sheets("character"), *self.sheets("foe"))]
        for n in known:
            if same_name(n, text):
                return n
        raise ConditionSheetError(f"no character called {text!r} in campaign.yaml to hold an "
                                  f"emotion toward (characters: {', '.join(known)})")

    @operation
    def grant_emotion(self, name: str, toward: str, count: int = 1, *,
                      reason: str = "") -> Happened:
        """``name`` gains ``count`` emotions toward ``toward`` between battles; each can pay
        for one support, cover or chain combo with that character instead of mana."""
        sheet = self._idle(name, "its mana and emotions")
        whom = self._toward(sheet, toward)
        count = check_count(count, "the number of emotions gained", maximum=EMOTION_MAX)
        reason = check_text(reason, "reason")
        held = dict(sheet.data["emotions"])
        now = held.get(whom, 0) + count
        if now > EMOTION_MAX:
            raise ConditionSheetError(f"{sheet.name} would hold {now} emotions toward {whom}; "
                                      f"at most {EMOTION_MAX}")
        held[whom] = now
        summary = (f"{sheet.name} gains {count} emotion{'s' if count != 1 else ''} toward "
                   f"{whom}, now {now}")
        return self._grant(sheet, "cs_emotion_granted",
                           {**sheet.data, "emotions": dict(sorted(held.items()))}, summary,
                           reason, {"toward": whom, "count": count})

    @operation
    def grant_preparation(self, name: str, effect: str, *, reason: str = "") -> Happened:
        """``name`` gains a preparation effect between battles: one more die on one check,
        used once."""
        sheet = self._idle(name, "its preparation effects")
        text = check_label(effect, "the preparation effect")
        reason = check_text(reason, "reason")
        have = list(sheet.data["preparations"])
        if any(same_name(p, text) for p in have):
            raise ConditionSheetError(f"{sheet.name} already has the preparation effect "
                                      f"{text!r}: name the new one differently")
        summary = f"{sheet.name} gains the preparation effect {text}"
        return self._grant(sheet, "cs_preparation_granted",
                           {**sheet.data, "preparations": [*have, text]}, summary, reason,
                           {"preparation": text})
