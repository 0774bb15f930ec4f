"""Between battles: a character's mana, emotions and preparation effects (seed 004: 158-163).

Mana pays for support, the special actions and rerolls (004: 160); an emotion (感情) toward a
character stands in for mana when supporting, covering or chain-comboing with that character
(004: 161); a preparation effect (準備効果) adds one die to one check, once (004: 163). The
seed says how each is spent in battle, not how it is gained: that happens in the story
between battles, and the GM writes it down here. Each grant is one operation and one event
on the character's sheet; none is allowed while the character is in a running battle
(what a battle spends is written back when it ends).

An area of the book (:class:`~.book.ConditionSheetBook`, ``book.between``), holding it: the
book hands these operations on to it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from drawsteel_kit.kit.book.base import Happened, operation
from drawsteel_kit.kit.book.base import check_text as check_reason
from drawsteel_kit.kit.book.sheets import RUNNING, SheetState, update_sheet_op
from drawsteel_kit.kit.fields import check_label
from drawsteel_kit.kit.limits import did_you_mean, same_name
from drawsteel_kit.systems.condition_sheet.campaign_file import EMOTION_MAX, MANA_MAX
from drawsteel_kit.systems.condition_sheet.errors import ConditionSheetError
from drawsteel_kit.systems.condition_sheet.rules.sheet import check_text

if TYPE_CHECKING:
    from drawsteel_kit.kit.ledger import Ledger
    from drawsteel_kit.systems.condition_sheet.book import ConditionSheetBook

__all__ = ["BetweenBattles", "whole"]


def whole(value: object, what: str, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high``, else an error saying so."""
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ConditionSheetError(f"{what} must be a whole number from {low} to {high}, got "
                                  f"{value!r}")
    return value


class BetweenBattles:
    """The condition-sheet book's operations between battles."""

    def __init__(self, book: ConditionSheetBook) -> None:
        self.book = book

    @property
    def ledger(self) -> Ledger:
        """The campaign's ledger (what :func:`operation` reads)."""
        return self.book.ledger

    def _idle(self, name: str, what: str) -> SheetState:
        """A character's sheet, refused while the character is in a running battle."""
        sheet = self.book.member_sheet(name)
        for info in self.book.battles():
            if info.status == RUNNING and any(c.name == sheet.name
                                              for c in info.state.characters):
                raise ConditionSheetError(
                    f"{sheet.name} is in a running battle ({info.name}): {what} change there; "
                    "change them after the battle ends (drawsteel-kit sheet end)")
        return sheet

    def _grant(self, sheet: SheetState, kind: str, data: dict[str, Any], summary: str,
               reason: str, payload: dict[str, Any]) -> Happened:
        """One event on a character's sheet, between battles."""
        reason = check_reason(reason, "reason")
        summary += f" ({reason})" if reason else ""
        with self.book.writing() as w:
            w.event(kind, [update_sheet_op(sheet, data=data)], summary=summary,
                    actor=sheet.name, payload={**payload, "reason": reason or summary})
        return Happened(kind, summary, tuple(w.written), payload)

    @operation
    def set_mana(self, name: str, mana: int, *, reason: str = "") -> Happened:
        """Set a character's mana between battles (rest, a ritual, the GM's award)."""
        sheet = self._idle(name, "its mana and emotions")
        mana = whole(mana, f"{sheet.name}'s mana", 0, MANA_MAX)
        summary = f"{sheet.name}: mana {sheet.data['mana']} -> {mana}"
        return self._grant(sheet, "cs_mana_set", {**sheet.data, "mana": mana}, summary,
                           reason, {"mana": mana})

    def _toward(self, sheet: SheetState, toward: object) -> str:
        """Whom an emotion is toward: another character or foe of the campaign, as spelled."""
        text = check_text("whom the emotion is toward",
                          toward.strip() if isinstance(toward, str) else toward)
        if same_name(text, sheet.name):
            raise ConditionSheetError(f"{sheet.name} holds emotions toward others, not toward "
                                      f"{sheet.name}")
        known = [s.name for s in (*self.book.sheets("character"), *self.book.sheets("foe"))]
        for n in known:
            if same_name(n, text):
                return n
        raise ConditionSheetError(f"no character called {text!r} in campaign.yaml to hold an "
                                  f"emotion toward (characters: {', '.join(known)})"
                                  f"{did_you_mean(text, known)}")

    @operation
    def grant_emotion(self, name: str, toward: str, count: int = 1, *,
                      reason: str = "") -> Happened:
        """``name`` gains ``count`` emotions toward ``toward`` between battles; each can pay
        for one support, cover or chain combo with that character instead of mana."""
        sheet = self._idle(name, "its mana and emotions")
        whom = self._toward(sheet, toward)
        gained = whole(count, "the number of emotions gained", 1, EMOTION_MAX)
        held = dict(sheet.data["emotions"])
        now = held.get(whom, 0) + gained
        if now > EMOTION_MAX:
            raise ConditionSheetError(f"{sheet.name} would hold {now} emotions toward {whom}; "
                                      f"at most {EMOTION_MAX}")
        held[whom] = now
        summary = (f"{sheet.name} gains {gained} emotion{'s' if gained != 1 else ''} toward "
                   f"{whom}, now {now}")
        return self._grant(sheet, "cs_emotion_granted",
                           {**sheet.data, "emotions": dict(sorted(held.items()))}, summary,
                           reason, {"toward": whom, "count": gained})

    @operation
    def grant_preparation(self, name: str, effect: str, *, reason: str = "") -> Happened:
        """``name`` gains a preparation effect between battles: one more die on one check,
        used once."""
        sheet = self._idle(name, "its preparation effects")
        text = check_label(effect, "the preparation effect")
        have = list(sheet.data["preparations"])
        if any(same_name(p, text) for p in have):
            raise ConditionSheetError(f"{sheet.name} already has the preparation effect "
                                      f"{text!r}: name the new one differently")
        summary = f"{sheet.name} gains the preparation effect {text}"
        return self._grant(sheet, "cs_preparation_granted",
                           {**sheet.data, "preparations": [*have, text]}, summary, reason,
                           {"preparation": text})
