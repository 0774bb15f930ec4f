"""The Director's panels for a Dungeon World campaign: the party, moves, town days, history.

Each callback gathers widget values and calls one ``campaign.dungeon_world`` method (or
``plans.resolve`` for a plan); a preview runs the same call rolled back
(:func:`kit.ui.panels.preview`), so it shows exactly what doing it writes.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as W
import yaml

from drawsteel_kit.kit.dice import ScriptedDice
from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.kit.ui.history import HistoryPanel
from drawsteel_kit.kit.ui.html import Markup
from drawsteel_kit.kit.ui.panels import Panel, html_table, preview, split_list
from drawsteel_kit.kit.yaml_read import SafeLoader
from drawsteel_kit.systems.dungeon_world.campaign import DungeonWorldCampaign as Campaign
from drawsteel_kit.systems.dungeon_world.entries import hold_text, load_text, move_options
from drawsteel_kit.systems.dungeon_world.rules.moves import MOVE_NAMES

__all__ = ["PANELS", "HoldPanel", "MovesPanel", "PartyPanel", "TownDaysPanel"]


class PartyPanel(Panel["Campaign"]):
    """Every character's numbers, read from the ledger."""

    title = "Party"

    def __init__(self, campaign: Campaign) -> None:
        super().__init__(campaign)
        self.table = W.HTML()
        self._box = W.VBox([self.table, self.message])
        self.refresh()

    def refresh(self) -> None:
        book = self.campaign.dungeon_world
        self.table.value = html_table(
            ["Character", "Playbook", "Level", "XP", "HP", "Coin", "Rations", "Preparation",
             "Hold", "Load", "Ammo", "Debilities", "Fate"],
            [(c.name, c.playbook, c.level, f"{c.xp}/{c.level + 7}", f"{c.hp}/{c.max_hp}",
              c.coin, c.rations, c.preparation, hold_text(c), load_text(c), c.ammo,
              ", ".join(c.debilities) or "-",
              f"{c.fate}" + (f": {c.bargain}" if c.bargain else ""))
             for c in book.characters().values()])


def _options(text: str) -> dict[str, Any]:
    """The options box: YAML, a mapping (``coin: 200``) or nothing."""
    try:
        data = yaml.load(text, Loader=SafeLoader) if text.strip() else {}  # yaml.safe_load
    except yaml.YAMLError as exc:
        raise RulesError(f"options are YAML such as `coin: 200` ({exc.problem})") from None
    except (ValueError, RecursionError):  # a number too long to read, or nested too deeply
        raise RulesError("options are YAML such as `coin: 200`: a value is too long or "
                         "nested too deeply to read") from None
    if not isinstance(data, dict):
        raise RulesError("options are a mapping such as `coin: 200`, one `key: value` a line")
    return data


def _dice(text: str) -> ScriptedDice | None:
    """Faces typed in (``4, 5``), or None to generate them."""
    if not text.strip():
        return None
    try:
        return ScriptedDice(int(part) for part in text.replace(" ", "").split(",") if part)
    except ValueError:
        raise RulesError(f"dice are faces like 4, 5; got {text!r}") from None


class MovesPanel(Panel["Campaign"]):
    """Pick a move, who makes it, its options and the dice; preview it, then do it."""

    title = "Moves"

    def __init__(self, campaign: Campaign) -> None:
        super().__init__(campaign)
        self.move = W.Dropdown(options=[(name, m.value) for m, name in MOVE_NAMES.items()],
                               value="carouse", description="Move")
        self.who = W.SelectMultiple(description="Who", rows=5)
        self.options = W.Textarea(description="Options")
        # The options box names the chosen move's own options.
        self.move.observe(lambda _c: self._hint(), names="value")
        self._hint()
        self.dice = W.Text(description="Dice", placeholder="typed in: 4, 5 (or leave empty)")
        self.seed = W.Text(description="Seed", placeholder="empty: a new one")
        self.lines = W.HTML()
        self.preview_button = self.button("Preview", self.show_preview)
        self.do_button = self.button("Make the move", self.do, "primary")
        self._box = W.VBox([W.HBox([self.move, self.who]), self.options,
                            W.HBox([self.dice, self.seed]),
                            W.HBox([self.preview_button, self.do_button]), self.lines,
                            self.message])
        self.refresh()

    def _hint(self) -> None:
        self.options.placeholder = ("one a line, such as "
                                    + ", ".join(f"{o}: ..." for o in move_options(self.move.value)))

    def refresh(self) -> None:
        names = list(self.campaign.members)
        keep = tuple(n for n in self.who.value if n in names)
        self.who.options = names
        self.who.value = keep

    def _call(self) -> Any:
        seed_text = self.seed.value.strip()
        if seed_text and not seed_text.isdecimal():
            raise RulesError(f"the seed is a whole number, got {seed_text!r}")
        return self.campaign.dungeon_world.move(
            self.move.value, list(self.who.value) or None,
            seed=int(seed_text) if seed_text else None, dice=_dice(self.dice.value),
            **_options(self.options.value))

    def _show(self, happened: Any) -> None:
        self.lines.value = html_table(["What happened"],
                                      [(line,) for line in happened.details["lines"]])

    def show_preview(self) -> None:
        happened = self.attempt(lambda: preview(self.campaign, self._call))
        if happened is not None:
            self._show(happened)
            self.say(f"Preview (nothing written): {happened.summary}")

    def do(self) -> None:
        happened = self.run(self._call)
        if happened is not None:
            self._show(happened)


class HoldPanel(Panel["Campaign"]):
    """Defend's hold at the table: spend it (1 per choice) when the defender or what they
    defend is attacked, or drop it when they leave."""

    title = "Defend's hold"

    def __init__(self, campaign: Campaign) -> None:
        super().__init__(campaign)
        self.who = W.Dropdown(description="Defender")
        self.choices = W.Text(description="Choices", placeholder="redirect, halve, open_up, "
                              "damage")
        self.ally = W.Dropdown(description="Ally")
        self.attacker = W.Text(description="Attacker", placeholder="the barrow-wight")
        self.spend_button = self.button("Spend hold", self.spend, "primary")
        self.drop_button = self.button("Drop the hold", self.drop)
        self._box = W.VBox([W.HBox([self.who, self.ally]), self.choices, self.attacker,
                            W.HBox([self.spend_button, self.drop_button]), self.message])
        self.refresh()

    def refresh(self) -> None:
        names = list(self.campaign.members)
        holding = [n for n, c in self.campaign.dungeon_world.characters().items() if c.hold]
        keep = self.who.value if self.who.value in names else None
        self.who.options = names
        self.who.value = keep or (holding[0] if holding else (names[0] if names else None))
        self.ally.options = [("(none)", ""), *((n, n) for n in names)]

    def spend(self) -> None:
        self.run(lambda: self.campaign.dungeon_world.spend_hold(
            self.who.value, list(split_list(self.choices.value)),
            ally=self.ally.value or None, attacker=self.attacker.value))

    def drop(self) -> None:
        self.run(lambda: self.campaign.dungeon_world.end_defense(self.who.value))


class TownDaysPanel(Panel["Campaign"]):
    """A town-days plan file: preview it with a seed, then resolve it."""

    title = "Town days"

    def __init__(self, campaign: Campaign) -> None:
        super().__init__(campaign)
        self.plan = W.Text(description="Plan", placeholder="a file, or its name in plans/")
        self.seed = W.BoundedIntText(value=1, min=0, max=2**31 - 1, description="Seed")
        self.report = W.HTML()
        self.preview_button = self.button("Preview", lambda: self.resolve(dry_run=True))
        self.resolve_button = self.button("Resolve", lambda: self.resolve(dry_run=False),
                                          "primary")
        self._box = W.VBox([W.HBox([self.plan, self.seed]),
                            W.HBox([self.preview_button, self.resolve_button]), self.report,
                            self.message])

    def _resolve(self, dry_run: bool) -> Any:
        from drawsteel_kit.kit.book.plans import find_plan, plan_seed

        book = self.campaign.dungeon_world
        plan = book.load_plan(find_plan(self.campaign.folder, self.plan.value.strip()))
        return book.resolve_plan(plan, seed=plan_seed(self.seed.value), dry_run=dry_run)

    def resolve(self, *, dry_run: bool) -> None:
        result = (self.attempt(lambda: self._resolve(True)) if dry_run
                  else self.run(lambda: self._resolve(False), lambda r: r.summary[-2]))
        if result is not None:
            self.report.value = Markup("<pre>{}</pre>").format("\n".join(result.lines()))
            if dry_run:
                self.say("Preview: nothing was written; Resolve with this seed writes this.")


PANELS: tuple[type[Panel], ...] = (PartyPanel, MovesPanel, HoldPanel, TownDaysPanel,
                                   HistoryPanel)
