"""The other systems' panels follow the chosen action too (real ipywidgets, each system's demo
campaign in tmp_path): the condition sheet's battle and between-battles panels, the PF2e
encounter panel, and Dungeon World's moves (the options box names the move's own)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

import ipywidgets as W
from systems.draw_steel.test_panel_modes import displayed

from drawsteel_kit.kit.book.campaign import BaseCampaign
from drawsteel_kit.kit.ui.panels import Panel
from drawsteel_kit.systems.condition_sheet.panels import BattlePanel, BetweenBattlesPanel
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.systems.dungeon_world.entries import move_options
from drawsteel_kit.systems.dungeon_world.panels import MovesPanel
from drawsteel_kit.systems.pf2e.panels import EncounterPanel


def opened(tmp_path: Path, demo: str) -> Iterator[Campaign]:
    dest = tmp_path / demo
    dest.mkdir()
    shutil.copy(f"campaigns/{demo}/campaign.yaml", dest / "campaign.yaml")
    BaseCampaign.init(dest)[0].close()
    with BaseCampaign.open(dest) as camp:
        yield camp


@pytest.fixture
def cs(tmp_path: Path) -> Iterator[Campaign]:
    yield from opened(tmp_path, "condition-sheet-demo")


@pytest.fixture
def pf(tmp_path: Path) -> Iterator[Campaign]:
    yield from opened(tmp_path, "pf2e-demo")


def drawn(panel: Panel) -> tuple[set[str], set[str]]:
    """The panel's controls a browser draws: attribute names, and button descriptions."""
    ids = displayed(panel.widget)
    names = {n for n, w in vars(panel).items() if isinstance(w, W.Widget) and id(w) in ids}
    buttons: set[str] = set()

    def walk(widget: W.Widget) -> None:
        if id(widget) not in ids:
            return
        if isinstance(widget, W.Button):
            buttons.add(widget.description)
        for child in getattr(widget, "children", ()):
            walk(child)

    walk(panel.widget)
    return names, buttons


#: Each action: the controls (attribute names) and buttons it shows.
BATTLE = {
    "New battle": ({"new_name", "members", "foes"}, {"New battle"}),
    "Round": ({"preps", "tie_order"}, {"Start round", "Settle order"}),
    "Check": ({"who", "kind", "keep"}, {"Roll check", "Reroll (mana)"}),
    "Act": ({"who", "targets", "effect", "boost", "covers", "emotion", "ally", "bonus"},
            {"Attack", "Support", "Chain combo", "Counter", "Pass", "Last Stand"}),
    "Withdraw or end": ({"who", "value", "difficulty"}, {"Withdraw", "End battle"}),
}
BETWEEN = {
    "Set mana": ({"mana"}, {"Set mana"}),
    "Grant emotion": ({"toward", "count"}, {"Grant emotion"}),
    "Grant preparation": ({"preparation"}, {"Grant preparation"}),
}
ENCOUNTER = {
    "Roster": ({"new_name", "pc", "creature", "modifier", "count", "shown_as", "creature_hp",
                "creature_ac"}, {"New encounter", "Add PC", "Add whole party", "Add creature"}),
    "Initiative": ({"typed", "tie_order", "seed"}, {"Roll initiative"}),
    "Turns": ({"actions", "what", "who"}, {"Next turn", "Start turn", "End turn", "Delay",
                                           "Use actions", "Return from Delay", "Reaction",
                                           "Identify", "Defeated"}),
    "Effects": ({"who", "effect", "rounds", "ticks", "damage", "damage_type"},
                {"Add effect", "Remove effect", "Persistent damage", "End persistent"}),
    "Damage & conditions": ({"who", "amount", "critical", "condition", "value", "cover"},
                            {"Damage", "Heal", "Set condition", "Set cover", "Flanked",
                             "Not flanked"}),
    "Checks & strikes": ({"who", "check_what", "roll_modifier", "dc", "face", "target",
                          "agile"}, {"Check", "Strike", "Aid target"}),
    "End": ({"pc", "hp", "xp", "treasure"}, {"Set PC's HP", "End encounter"}),
}


def check_modes(panel: Panel, picker: W.ToggleButtons, modes: dict, always: set[str]) -> None:
    every = set().union(*(names for names, _ in modes.values()))
    every_button = set().union(*(buttons for _, buttons in modes.values()))
    assert list(picker.options) == list(modes)
    for mode, (names, buttons) in modes.items():
        picker.value = mode
        shown, pressed = drawn(panel)
        assert shown & every == names, mode
        assert pressed & every_button == buttons, mode
        assert always <= shown, mode


def test_the_battle_panel_shows_one_action_at_a_time(cs: Campaign) -> None:
    panel = BattlePanel(cs)
    check_modes(panel, panel.actions.picker, BATTLE, {"battle", "table", "dice", "seed",
                                                      "message"})
    panel.actions.picker.value = "Check"
    for kind in panel.kind.options:  # the ability's value counts for a withdraw check only
        panel.kind.value = kind
        assert ("value" in drawn(panel)[0]) is (kind == "withdraw"), kind
    panel.actions.picker.value = "Act"
    panel.targets.value = "Imp"
    panel.actions.picker.value = "Round"
    panel.refresh()
    panel.actions.picker.value = "Act"
    assert panel.targets.value == "Imp" and "targets" in drawn(panel)[0]


def test_between_battles_shows_one_grant_at_a_time(cs: Campaign) -> None:
    panel = BetweenBattlesPanel(cs)
    check_modes(panel, panel.actions.picker, BETWEEN, {"table", "who", "reason", "message"})


def test_the_pf2e_encounter_panel_shows_one_kind_of_thing_at_a_time(pf: Campaign) -> None:
    panel = EncounterPanel(pf)
    check_modes(panel, panel.action_fields.picker, ENCOUNTER,
                {"encounter", "table", "message"})
    panel.action_fields.picker.value = "End"
    panel.treasure.value = "12 gp"
    panel.action_fields.picker.value = "Turns"
    panel.action_fields.picker.value = "End"
    assert panel.treasure.value == "12 gp" and "treasure" in drawn(panel)[0]


@pytest.fixture
def dw(tmp_path: Path) -> Iterator[Campaign]:
    yield from opened(tmp_path, "dungeon-world-demo")


def test_the_dungeon_world_options_box_names_the_moves_own_options(dw: Campaign) -> None:
    panel = MovesPanel(dw)
    for move in ("carouse", "hack_and_slash", "make_camp"):
        panel.move.value = move
        for option in move_options(move):
            assert f"{option}: ..." in panel.options.placeholder
        others = set(move_options("supply")) - set(move_options(move))
        assert not any(f"{o}: ..." in panel.options.placeholder for o in others)
