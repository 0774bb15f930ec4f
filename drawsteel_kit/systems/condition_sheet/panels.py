"""The GM's condition-sheet panels: the battle at the table, and history with undo.

Every button gathers widget values and calls one ``campaign.condition_sheet`` method; the
dice are the faces typed in the Dice box (as rolled at the table), else generated from the
Seed box, else random. Errors show in the message line and nothing is written.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as W

from drawsteel_kit.kit.ui.history import HistoryPanel
from drawsteel_kit.kit.ui.html import Markup, join
from drawsteel_kit.kit.ui.panels import ModeFields, Panel, html_table, split_list
from drawsteel_kit.systems.condition_sheet.campaign import ConditionSheetCampaign as Campaign
from drawsteel_kit.systems.condition_sheet.rules.readings import WITHDRAW_DIFFICULTY

__all__ = ["PANELS", "BattlePanel", "BetweenBattlesPanel", "HistoryPanel"]


def _lines(happened: Any) -> str:
    return "\n".join(happened.details.get("lines") or [happened.summary])


def _pairs(text: str) -> dict[str, str]:
    """``Ava=Bram, Cleo=Bram`` as a dict (a malformed pair is left for the book to refuse)."""
    out: dict[str, str] = {}
    for pair in split_list(text):
        key, _, value = pair.partition("=")
        out[key.strip()] = value.strip()
    return out


class BattlePanel(Panel["Campaign"]):
    """One battle at a time: new, rounds, order, checks, round actions, specials, the end."""

    title = "Battle"

    def __init__(self, campaign: Campaign) -> None:
        super().__init__(campaign)
        b = self.button
        self.battle = W.Dropdown(description="Battle")
        self.battle.observe(lambda _c: self.show(), names="value")
        self.new_name = W.Text(description="New")
        self.members = W.SelectMultiple(description="Characters", rows=4)
        self.foes = W.SelectMultiple(description="Foes", rows=4)
        self.table = W.HTML()
        self.dice = W.Text(description="Dice", placeholder="4,3 (typed) or empty")
        self.seed = W.Text(description="Seed", placeholder="(random)")
        self.preps = W.Text(description="Preparations", placeholder="Ava=Studied the wards")
        self.tie_order = W.Text(description="Tie order", placeholder="Bram, Ava")
        self.who = W.Dropdown(description="Who")
        self.kind = W.Dropdown(options=["cast", "guard", "withdraw", "initiative"],
                               description="Check")
        self.keep = W.Dropdown(options=[("keep the better roll", "better"),
                                        ("keep the new roll", "new"),
                                        ("keep the old roll", "old")], value="better",
                               description="Reroll")
        self.bonus = W.Checkbox(description="+1 to the cast (chain combo, counter)", value=True)
        self.targets = W.Text(description="Targets", placeholder="Imp (or Imp, Warden)")
        self.effect = W.Text(value="damage", description="Effect",
                             placeholder="damage, add_curse:Poison, heal_damage ...")
        self.boost = W.Text(description="Boost", placeholder="(a second effect, 1 mana)")
        self.covers = W.Text(description="Covers", placeholder="Ava=Bram")
        self.emotion = W.Checkbox(description="Pay with an emotion", value=False)
        self.ally = W.Dropdown(description="Ally")
        self.value = W.IntText(value=0, description="Ability")
        self.difficulty = W.IntText(value=int(campaign.settings.get(
            "withdraw_difficulty", WITHDRAW_DIFFICULTY)),
                                    description="Difficulty")
        # A withdraw check counts the ability's value; the other checks do not.
        self.check_value = W.HBox([self.value])
        self.actions = ModeFields.choice("Do", {
            "New battle": [W.HBox([self.new_name, self.members, self.foes,
                                   b("New battle", self.new, "success")])],
            "Round": [W.HBox([self.preps, b("Start round", self.start_round, "primary")]),
                      W.HBox([self.tie_order, b("Settle order", self.settle_order, "primary")])],
            "Check": [W.HBox([self.who, self.kind, self.check_value,
                              b("Roll check", self.roll_check)]),
                      W.HBox([self.keep, b("Reroll (mana)", self.reroll_check)])],
            "Act": [W.HBox([self.who, self.targets, self.effect, self.boost]),
                    W.HBox([self.covers, self.emotion, self.ally, self.bonus]),
                    W.HBox([b("Attack", self.attack, "primary"), b("Support", self.support),
                            b("Chain combo", self.chain), b("Counter", self.counter),
                            b("Pass", self.pass_turn), b("Last Stand", self.last_stand)])],
            "Withdraw or end": [W.HBox([self.who, self.value, self.difficulty,
                                        b("Withdraw", self.withdraw)]),
                                b("End battle", self.end, "danger")]})
        self.actions.nest(ModeFields(self.kind, {"withdraw": [self.check_value]}))
        self._box = W.VBox([self.battle, self.table, W.HBox([self.dice, self.seed]),
                            self.actions.widget, self.message])
        self.refresh()

    @property
    def book(self) -> Any:
        return self.campaign.condition_sheet

    @property
    def ref(self) -> int | None:
        return self.battle.value

    def refresh(self) -> None:
        infos = self.book.battles()
        keep = self.battle.value
        options = [(f"{i.number}. {i.name} ({i.status})", i.number) for i in infos]
        self.battle.options = options
        numbers = [n for _, n in options]
        current = self.book.current()
        self.battle.value = keep if keep in numbers else (
            current.number if current else (numbers[-1] if numbers else None))
        self.members.options = self.campaign.members
        self.foes.options = [s.name for s in self.book.sheets("foe")]
        self.show()

    def show(self) -> None:
        """The chosen battle as the GM sees it: everyone's sheet, mana, the order."""
        if self.ref is None:
            self.table.value = Markup(
                "<p>No battle yet: name one, choose who fights, New battle.</p>")
            self.who.options = self.ally.options = []
            return
        info = self.book.battle(self.ref)
        b = info.state
        values = dict(b.initiative)
        rows = [(("▶ " if c.name == b.current else "") + c.name, c.side, values.get(c.name, "-"),
                 c.mana, ", ".join(f"{t} {n}" for t, n in c.emotions),
                 f"{c.sheet.damage}/{c.sheet.slots}", ", ".join(m.name for m in c.sheet.curses),
                 ", ".join(m.name for m in c.sheet.blesses),
                 "knocked down" if c.knocked_down else "withdrew" if c.withdrawn else
                 "acted" if c.name in b.acted else "")
                for c in sorted(b.characters, key=lambda c: (
                    b.order.index(c.name) if c.name in b.order else len(b.order)))]
        waiting = [Markup("<p>Waiting: {}'s {} {}</p>").format(w.who, w.kind, w.text())
                   for w in info.checks]
        self.table.value = join("", [
            Markup("<p>Round {} · {} · {}</p><p>Played with {}</p>").format(
                b.round, b.phase, info.status, b.rules.text()),
            html_table(["fighter", "side", "init", "mana", "emotions", "damage", "curses",
                        "blesses", ""], rows), *waiting])
        names = [c.name for c in b.characters]
        for box in (self.who, self.ally):
            keep = box.value
            box.options = names
            box.value = keep if keep in names else (b.current if b.current in names else None)

    def _roll(self) -> dict[str, Any] | None:
        typed, seed = self.dice.value.strip(), self.seed.value.strip()
        if typed:
            return {"typed": typed}
        if seed and not seed.isdecimal():
            self.say(f"the seed is a whole number, got {seed!r}", ok=False)
            return None
        return {"seed": int(seed)} if seed else {}

    def _do(self, method: str, *args: Any, rolls: bool = False, **kwargs: Any) -> Any:
        if args[1:2] == ("",):  # after the battle comes who acts: none chosen
            self.say("choose who first", ok=False)
            return None
        roll = self._roll() if rolls else {}
        if roll is None:
            return None
        done = self.run(lambda: getattr(self.book, method)(*args, **kwargs, **roll), _lines)
        if done is not None and rolls:
            self.dice.value = ""  # typed faces are used once
        return done

    def new(self) -> None:
        made = self._do("new_battle", self.new_name.value, list(self.members.value) or None,
                        foes=list(self.foes.value))
        if made is not None:
            self.battle.value = made.details["battle"]

    def start_round(self) -> None:
        self._do("start_round", self.ref, preparations=_pairs(self.preps.value), rolls=True)

    def settle_order(self) -> None:
        self._do("settle_order", self.ref, tie_order=split_list(self.tie_order.value),
                 rolls=True)

    def roll_check(self) -> None:
        self._do("roll_check", self.ref, self.who.value or "", self.kind.value,
                 value=self.value.value if self.kind.value == "withdraw" else None, rolls=True)

    def reroll_check(self) -> None:
        if self.kind.value == "initiative":
            self._do("reroll_initiative", self.ref, self.who.value or "",
                     keep=self.keep.value, rolls=True)
        else:
            self._do("reroll_check", self.ref, self.who.value or "", self.kind.value,
                     keep=self.keep.value, rolls=True)

    def attack(self) -> None:
        covers = _pairs(self.covers.value)
        self._do("attack", self.ref, self.who.value or "", self.targets.value,
                 self.effect.value, boost=self.boost.value or None, covers=covers,
                 cover_with_emotion=list(covers.values()) if self.emotion.value else [],
                 rolls=True)

    def support(self) -> None:
        targets = split_list(self.targets.value)
        self._do("support", self.ref, self.who.value or "", targets, self.effect.value,
                 boost=self.boost.value or None,
                 emotion_for=targets[0] if self.emotion.value and targets else None)

    def chain(self) -> None:
        self._do("chain_combo", self.ref, self.who.value or "", self.ally.value or "",
                 self.effect.value, boost=self.boost.value or None,
                 pay_with_emotion=self.emotion.value, bonus=self.bonus.value, rolls=True)

    def counter(self) -> None:
        self._do("counter", self.ref, self.who.value or "", self.effect.value,
                 boost=self.boost.value or None, bonus=self.bonus.value, rolls=True)

    def withdraw(self) -> None:
        self._do("withdraw", self.ref, self.who.value or "", value=self.value.value,
                 difficulty=self.difficulty.value, rolls=True)

    def pass_turn(self) -> None:
        self._do("pass_turn", self.ref, self.who.value or None)

    def last_stand(self) -> None:
        self._do("last_stand", self.ref, self.who.value or "")

    def end(self) -> None:
        self._do("end_battle", self.ref)


class BetweenBattlesPanel(Panel["Campaign"]):
    """Between battles: each character's mana, emotions and preparation effects, and the
    buttons that set mana and grant emotions and preparation effects."""

    title = "Between battles"

    def __init__(self, campaign: Campaign) -> None:
        super().__init__(campaign)
        b = self.button
        self.table = W.HTML()
        self.who = W.Dropdown(description="Who")
        self.mana = W.IntText(value=0, description="Mana")
        self.toward = W.Dropdown(description="Toward")
        self.count = W.IntText(value=1, description="Emotions")
        self.preparation = W.Text(description="Preparation", placeholder="Studied the wards")
        self.reason = W.Text(description="Reason", placeholder="(shown in the history)")
        self.actions = ModeFields.choice("Do", {
            "Set mana": [W.HBox([self.mana, b("Set mana", self.set_mana)])],
            "Grant emotion": [W.HBox([self.toward, self.count,
                                      b("Grant emotion", self.grant_emotion)])],
            "Grant preparation": [W.HBox([self.preparation,
                                          b("Grant preparation", self.grant_preparation)])]})
        self._box = W.VBox([self.table, W.HBox([self.who, self.reason]), self.actions.widget,
                            self.message])
        self.refresh()

    @property
    def book(self) -> Any:
        return self.campaign.condition_sheet

    def refresh(self) -> None:
        sheets = self.book.sheets("character")
        self.table.value = html_table(
            ["character", "mana", "emotions", "preparation effects"],
            [(s.name, s.data["mana"],
              ", ".join(f"{t} {n}" for t, n in s.data["emotions"].items()) or "-",
              ", ".join(s.data["preparations"]) or "-") for s in sheets])
        names = [s.name for s in sheets]
        others = names + [s.name for s in self.book.sheets("foe")]
        for box, options in ((self.who, names), (self.toward, others)):
            keep = box.value
            box.options = options
            box.value = keep if keep in options else (options[0] if options else None)

    def _do(self, method: str, *args: Any) -> None:
        if not self.who.value:
            self.say("choose who first", ok=False)
            return
        if self.run(lambda: getattr(self.book, method)(self.who.value, *args,
                                                       reason=self.reason.value), _lines):
            self.reason.value = ""

    def set_mana(self) -> None:
        self._do("set_mana", self.mana.value)

    def grant_emotion(self) -> None:
        self._do("grant_emotion", self.toward.value or "", self.count.value)

    def grant_preparation(self) -> None:
        self._do("grant_preparation", self.preparation.value)


PANELS: tuple[type[Panel], ...] = (BattlePanel, BetweenBattlesPanel, HistoryPanel)
