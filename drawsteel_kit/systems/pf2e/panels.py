"""The GM's Pathfinder 2e panels: the encounter tracker at the table, and history with undo.

Every button gathers widget values and calls one ``campaign.pf2e`` method; errors show in
the message line and nothing is written.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as W

from drawsteel_kit.kit.ui.history import HistoryPanel
from drawsteel_kit.kit.ui.html import Markup, join
from drawsteel_kit.kit.ui.panels import ModeFields, Panel, html_table, split_list
from drawsteel_kit.systems.pf2e.campaign import Pf2eCampaign as Campaign
from drawsteel_kit.systems.pf2e.party_view import listing
from drawsteel_kit.systems.pf2e.rules.checks import target_ac
from drawsteel_kit.systems.pf2e.rules.combatant import COVERS
from drawsteel_kit.systems.pf2e.rules.conditions import VALUED

__all__ = ["PANELS", "EncounterPanel", "HistoryPanel"]


def _lines(happened: Any) -> str:
    return "\n".join(happened.details.get("lines") or [happened.summary])


def _typed(text: str) -> dict[str, str]:
    """``Ava=17, Goblin=d12`` as a dict (a malformed pair is left for the book to refuse)."""
    out: dict[str, str] = {}
    for pair in split_list(text):
        name, _, value = pair.partition("=")
        out[name.strip()] = value.strip()
    return out


class EncounterPanel(Panel["Campaign"]):
    """One encounter at a time: roster, initiative, turns, Delay, effects, the end."""

    title = "Encounter"

    def __init__(self, campaign: Campaign) -> None:
        super().__init__(campaign)
        b = self.button
        self.encounter = W.Dropdown(description="Encounter")
        self.encounter.observe(lambda _c: self.show(), names="value")
        self.new_name = W.Text(description="New")
        self.table = W.HTML()
        self.pc = W.Dropdown(description="PC")
        self.creature = W.Text(description="Creature")
        self.modifier = W.IntText(value=0, description="Initiative +")
        self.count = W.BoundedIntText(value=1, min=1, max=50, description="Count")
        self.shown_as = W.Text(description="Shown as")
        self.typed = W.Text(description="Typed", placeholder="Ava=17, Goblin=d12")
        self.tie_order = W.Text(description="Tie order", placeholder="Ava, Cressida")
        self.seed = W.Text(description="Seed", placeholder="(random)")
        self.who = W.Dropdown(description="Who")
        self.actions = W.BoundedIntText(value=1, min=1, max=3, description="Actions")
        self.what = W.Text(value="Strike", description="For")
        self.effect = W.Text(description="Effect")
        self.rounds = W.BoundedIntText(value=1, min=1, max=100, description="Rounds")
        self.ticks = W.Dropdown(options=["start", "end"], value="start", description="Ticks at")
        self.damage = W.Text(description="Damage", placeholder="1d6")
        self.damage_type = W.Text(description="Type", placeholder="fire")
        self.hp = W.BoundedIntText(value=0, min=0, max=999, description="HP")
        self.creature_hp = W.BoundedIntText(value=0, min=0, max=9999, description="HP (0: -)")
        self.creature_ac = W.BoundedIntText(value=0, min=0, max=99, description="AC (0: -)")
        self.amount = W.BoundedIntText(value=1, min=1, max=9999, description="Amount")
        self.critical = W.Checkbox(value=False, description="Critical hit")
        self.condition = W.Dropdown(options=list(VALUED), value="frightened",
                                    description="Condition")
        self.value = W.BoundedIntText(value=1, min=0, max=9, description="Value")
        self.roll_modifier = W.IntText(value=0, description="Modifier")
        self.dc = W.IntText(value=20, description="DC / AC")
        self.face = W.Text(description="d20", placeholder="(blank: rolled)")
        self.check_what = W.Text(value="Athletics", description="Check")
        self.target = W.Dropdown(description="Target")
        self.agile = W.Checkbox(value=False, description="Agile")
        self.cover = W.Dropdown(options=["none", *COVERS], value="none", description="Cover")
        self.xp = W.BoundedIntText(value=0, min=0, max=9999, description="XP each")
        self.treasure = W.Text(description="Treasure", placeholder="12 gp, a +1 dagger")
        # One kind of thing at a time, its fields alone (the table and who stay on top).
        self.action_fields = ModeFields.choice("Do", {
            "Roster": [W.HBox([self.new_name, b("New encounter", self.new, "success")]),
                       W.HBox([self.pc, b("Add PC", self.add_pc),
                               b("Add whole party", self.add_party)]),
                       W.HBox([self.creature, self.modifier, self.count, self.shown_as]),
                       W.HBox([self.creature_hp, self.creature_ac,
                               b("Add creature", self.add_creature)])],
            "Initiative": [W.HBox([self.typed, self.tie_order, self.seed]),
                           b("Roll initiative", self.roll, "primary")],
            "Turns": [W.HBox([b("Next turn", self.next_turn, "primary"),
                              b("Start turn", self.start), b("End turn", self.end_turn),
                              b("Delay", self.delay)]),
                      W.HBox([self.actions, self.what, b("Use actions", self.use_actions)]),
                      W.HBox([self.who, b("Return from Delay", self.back),
                              b("Reaction", self.reaction), b("Identify", self.identify),
                              b("Defeated", self.defeat)])],
            "Effects": [W.HBox([self.who, self.effect, self.rounds, self.ticks]),
                        W.HBox([b("Add effect", self.add_effect),
                                b("Remove effect", self.remove_effect)]),
                        W.HBox([self.damage, self.damage_type,
                                b("Persistent damage", self.persistent),
                                b("End persistent", self.end_persistent)])],
            "Damage & conditions": [
                W.HBox([self.who, self.amount, self.critical, b("Damage", self.take_damage),
                        b("Heal", self.heal)]),
                W.HBox([self.condition, self.value, b("Set condition", self.set_condition)]),
                W.HBox([self.cover, b("Set cover", self.set_cover), b("Flanked", self.flanked),
                        b("Not flanked", self.not_flanked)])],
            "Checks & strikes": [
                W.HBox([self.who, self.check_what, self.roll_modifier, self.dc, self.face,
                        b("Check", self.check)]),
                W.HBox([self.target, self.agile, b("Strike", self.strike),
                        b("Aid target", self.aid)])],
            "End": [W.HBox([self.pc, self.hp, b("Set PC's HP", self.set_hp)]),
                    W.HBox([self.xp, self.treasure, b("End encounter", self.end, "danger")])]})
        self._box = W.VBox([self.encounter, self.table, self.action_fields.widget,
                            self.message])
        self.refresh()

    @property
    def book(self) -> Any:
        return self.campaign.pf2e

    @property
    def ref(self) -> int | None:
        return self.encounter.value

    def refresh(self) -> None:
        infos = self.book.encounters()
        keep = self.encounter.value
        options = [(f"{i.number}. {i.name} ({i.status})", i.number) for i in infos]
        self.encounter.options = options
        numbers = [n for _, n in options]
        current = self.book.current()
        self.encounter.value = keep if keep in numbers else (
            current.number if current else (numbers[-1] if numbers else None))
        self.pc.options = self.campaign.members
        self.show()

    def show(self) -> None:
        """The chosen encounter's true state, for the GM."""
        if self.ref is None:
            self.table.value = Markup(
                "<p>No encounter yet: name one and press New encounter.</p>")
            self.who.options = []
            return
        info = self.book.encounter(self.ref)
        state = info.state
        listed = listing(state)
        rows = []
        for name in listed:
            c = state.get(name)
            rows.append((("▶ " if name == state.current else "") + c.name,
                         c.shown_as if c.hidden else "", c.initiative,
                         f"{c.hp}/{c.max_hp}" if c.hp is not None else "",
                         target_ac(c) if c.ac is not None else "",
                         ", ".join(f"{k} {v}" for k, v in c.conditions)
                         + (f", {c.cover} cover" if c.cover else "")
                         + (", off-guard" if c.off_guard else ""), c.actions,
                         "yes" if c.reaction else "no",
                         ", ".join(f"{e.name} ({e.rounds}, {e.ticks})" for e in c.effects),
                         ", ".join(f"{p.damage} {p.damage_type}" for p in c.persistent),
                         "delaying" if name in state.delayed else ("dying" if c.dying else "")))
        out = [c.name + f" ({c.status})" for c in state.combatants if c.status != "active"]
        self.table.value = join("", [
            Markup("<p>Round {} · {}</p>").format(state.round, info.status),
            html_table(["creature", "players see", "init", "HP", "AC", "conditions", "actions",
                        "reaction", "effects",
                        "persistent", ""], rows),
            Markup("<p>Out: {}</p>").format(", ".join(out)) if out else ""])
        keep = self.who.value
        self.who.options = [c.name for c in state.combatants]
        if keep in self.who.options:
            self.who.value = keep
        aim = self.target.value
        self.target.options = ["", *(c.name for c in state.combatants)]
        self.target.value = aim if aim in self.target.options else ""

    def _do(self, method: str, *args: Any, **kwargs: Any) -> Any:
        return self.run(lambda: getattr(self.book, method)(*args, **kwargs), _lines)

    def new(self) -> None:
        made = self._do("new_encounter", self.new_name.value)
        if made is not None:
            self.encounter.value = made.details["encounter"]

    def add_pc(self) -> None:
        self._do("add_pc", self.ref, self.pc.value or "")

    def add_party(self) -> None:
        for name in self.campaign.members:
            if self._do("add_pc", self.ref, name) is None:
                return

    def add_creature(self) -> None:
        self._do("add_creature", self.ref, self.creature.value, self.modifier.value,
                 count=self.count.value, shown_as=self.shown_as.value or None,
                 hp=self.creature_hp.value or None, ac=self.creature_ac.value or None)

    def roll(self) -> None:
        seed = self.seed.value.strip()
        if seed and not seed.isdecimal():
            self.say(f"the seed is a whole number, got {seed!r}", ok=False)
            return
        self._do("roll_initiative", self.ref, seed=int(seed) if seed else None,
                 typed=_typed(self.typed.value), tie_order=split_list(self.tie_order.value))

    def next_turn(self) -> None:
        """End the current turn if one is under way, then start the next."""
        info = self.attempt(lambda: self.book.encounter(self.ref))
        if info is None:
            return
        if info.state.current and self._do("end_turn", self.ref) is None:
            return
        self.start()

    def start(self) -> None:
        self._do("start_turn", self.ref)

    def end_turn(self) -> None:
        self._do("end_turn", self.ref)

    def delay(self) -> None:
        self._do("delay", self.ref)

    def use_actions(self) -> None:
        self._do("use_actions", self.ref, self.actions.value, self.what.value)

    def _named(self, method: str, *args: Any, **kwargs: Any) -> None:
        if not self.who.value:
            self.say("choose who first", ok=False)
            return
        self._do(method, self.ref, self.who.value, *args, **kwargs)

    def back(self) -> None:
        self._named("return_from_delay")

    def reaction(self) -> None:
        self._named("use_reaction", self.what.value or "a reaction")

    def identify(self) -> None:
        self._named("identify")

    def defeat(self) -> None:
        self._named("defeat")

    def add_effect(self) -> None:
        self._named("add_effect", self.effect.value, self.rounds.value, ticks=self.ticks.value)

    def remove_effect(self) -> None:
        self._named("remove_effect", self.effect.value)

    def persistent(self) -> None:
        self._named("add_persistent", self.damage.value, self.damage_type.value)

    def end_persistent(self) -> None:
        self._named("end_persistent", self.damage_type.value)

    def set_hp(self) -> None:
        self.run(lambda: self.book.adjust_hp(self.pc.value or "", self.hp.value))

    def end(self) -> None:
        self._do("end_encounter", self.ref, xp=self.xp.value,
                 treasure=split_list(self.treasure.value))

    def take_damage(self) -> None:
        self._named("damage", self.amount.value, critical=self.critical.value)

    def heal(self) -> None:
        self._named("heal", self.amount.value)

    def set_condition(self) -> None:
        self._named("set_condition", self.condition.value, self.value.value)

    def set_cover(self) -> None:
        self._named("cover", None if self.cover.value == "none" else self.cover.value)

    def flanked(self) -> None:
        self._named("flanked", True)

    def not_flanked(self) -> None:
        self._named("flanked", False)

    def _face(self) -> tuple[bool, int | None]:
        text = self.face.value.strip()
        if text and not (text.isdecimal() and text.isascii()):
            self.say(f"the d20 is a whole number from 1 to 20, got {text!r}", ok=False)
            return False, None
        return True, int(text) if text else None

    def check(self) -> None:
        ok, face = self._face()
        if ok:
            self._named("check", self.check_what.value, self.roll_modifier.value,
                        self.dc.value, face=face)

    def strike(self) -> None:
        ok, face = self._face()
        if ok:
            self._named("attack", self.roll_modifier.value, target=self.target.value or None,
                        ac=None if self.target.value else self.dc.value, agile=self.agile.value,
                        face=face)

    def aid(self) -> None:
        ok, face = self._face()
        if ok and not self.target.value:
            self.say("choose the ally to Aid as the target", ok=False)
        elif ok:
            self._named("aid", self.target.value, self.roll_modifier.value, face=face)


PANELS: tuple[type[Panel], ...] = (EncounterPanel, HistoryPanel)
