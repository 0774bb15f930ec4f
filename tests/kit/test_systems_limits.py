"""The sanity bounds every other system shares (drawsteel_kit.kit.limits): a number 20 digits
long or a name with a control character pasted in is refused by name, in every system, and the
ledger stays exactly as it was (before these bounds, a Dungeon World coin of 10**20 reached
SQLite and crashed with OverflowError)."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import REPO, ledger_fingerprint

from drawsteel_kit.kit import limits
from drawsteel_kit.kit.errors import DrawSteelKitError, RulesError
from drawsteel_kit.systems.condition_sheet.rules import ConditionSheetError
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.systems.draw_steel.rules.project_goals import MAX_WHOLE
from drawsteel_kit.systems.dungeon_world.rules import DungeonWorldError
from drawsteel_kit.systems.pf2e.rules import Pf2eError
from drawsteel_kit.systems.pf2e.rules.combatant import MODIFIER_LIMIT, Combatant

HUGE = 10**20


def test_the_bounds_are_named_and_as_documented() -> None:
    assert limits.WHOLE_LIMIT == MAX_WHOLE == 1_000_000
    assert limits.TEXT_LIMIT == 200
    assert MODIFIER_LIMIT == 100


@pytest.mark.parametrize("value, bad", [(0, False), (MAX_WHOLE, False), (-MAX_WHOLE, False),
                                        (MAX_WHOLE + 1, True), (-MAX_WHOLE - 1, True),
                                        (2**63, True)])
def test_whole_problem_marks_the_bound_exactly(value: int, bad: bool) -> None:
    problem = limits.whole_problem(value)
    assert (problem is not None) == bad
    if bad:
        assert "1,000,000" in problem and f"{len(str(abs(value)))} digits" in problem


@pytest.mark.parametrize("text, lines, found", [
    ("Goblin 1", False, None), ("x" * 200, False, None), ("x" * 201, False, "200 characters"),
    ("Gob\x01lin", False, "U+0001"), ("a\nb", False, "U+000A"), ("a\nb\tc", True, None),
    ("a\x1fb", True, "U+001F"), ("\ud800", False, "U+D800"), ("🐉 שירה", False, None),
    ("a\u2028b", False, "U+2028"), ("a\u2028b", True, None),
])
def test_text_problem_names_the_character_or_length(text: str, lines: bool,
                                                    found: str | None) -> None:
    problem = limits.text_problem(text, lines=lines)
    assert (problem is None) == (found is None)
    if found:
        assert found in problem


def test_a_pf2e_modifier_beyond_the_limit_is_refused() -> None:
    Combatant(name="Dragon", side="enemy", initiative_modifier=MODIFIER_LIMIT)
    Combatant(name="Slug", side="enemy", initiative_modifier=-MODIFIER_LIMIT)
    with pytest.raises(Pf2eError, match=r"initiative modifier must be from -100 to \+100"):
        Combatant(name="Typo", side="enemy", initiative_modifier=MODIFIER_LIMIT + 1)


def _demo(tmp_path: Path, demo: str, module: str) -> Campaign:
    import importlib

    folder = tmp_path / demo
    shutil.copytree(REPO / "campaigns" / demo, folder)
    return importlib.import_module(f"drawsteel_kit.systems.{module}.demo").build(folder, echo=False)


def _refused(camp: Campaign, act: Callable[[], object], error: type[Exception],
             *words: str) -> None:
    before = ledger_fingerprint(camp.ledger.path)
    with pytest.raises(error) as caught:
        act()
    assert isinstance(caught.value, DrawSteelKitError)
    for word in words:
        assert word in str(caught.value), str(caught.value)
    assert ledger_fingerprint(camp.ledger.path) == before
    assert camp.ledger.verify()


def test_dungeon_world_refuses_a_number_sqlite_cannot_keep(tmp_path: Path) -> None:
    camp = _demo(tmp_path, "dungeon-world-demo", "dungeon_world")
    dw = camp.dungeon_world
    _refused(camp, lambda: dw.adjust("Ava", coin=HUGE, reason="x"), DungeonWorldError,
             "coin", "21 digits")
    _refused(camp, lambda: dw.adjust("Ava", coin=MAX_WHOLE + 1, reason="x"), DungeonWorldError,
             "coin")
    dw.adjust("Ava", coin=MAX_WHOLE, reason="a dragon's hoard")
    assert dw.character("Ava").coin == MAX_WHOLE
    _refused(camp, lambda: dw.adjust("Ava", playbook="fight\x07er", reason="x"),
             DungeonWorldError, "playbook", "U+0007")


def test_pf2e_refuses_huge_rounds_and_control_characters(tmp_path: Path) -> None:
    camp = _demo(tmp_path, "pf2e-demo", "pf2e")
    pf = camp.pf2e
    _refused(camp, lambda: pf.add_effect(2, "Ava", "Bless", HUGE), Pf2eError, "rounds")
    _refused(camp, lambda: pf.new_encounter("Am\x1bbush"), RulesError, "U+001B")
    _refused(camp, lambda: pf.add_effect(2, "Ava", "B" * 201, 3), Pf2eError, "200 characters")
    pf.new_encounter("Ambush")
    _refused(camp, lambda: pf.add_creature("Ambush", "Gob", MODIFIER_LIMIT + 1), Pf2eError,
             "modifier")


def test_pf2e_a_blank_name_is_refused_not_matched_to_someone(tmp_path: Path) -> None:
    """A blank name once matched the first combatant players see under its own name."""
    camp = _demo(tmp_path, "pf2e-demo", "pf2e")
    _refused(camp, lambda: camp.pf2e.identify(2, "   "), Pf2eError, "name a combatant")


def test_condition_sheet_refuses_huge_values_and_blank_foes(tmp_path: Path) -> None:
    camp = _demo(tmp_path, "condition-sheet-demo", "condition_sheet")
    cs = camp.condition_sheet
    cs.end_battle()
    _refused(camp, lambda: cs.new_battle("Gate", ["Bram"], foes=" , "), ConditionSheetError,
             "name the foe")
    _refused(camp, lambda: cs.new_battle("Ga\x00te", ["Bram"]), RulesError, "U+0000")
    cs.new_battle("Gate", ["Bram"], foes=["Imp"])
    cs.start_round(typed=[6, 6])
    cs.settle_order()
    _refused(camp, lambda: cs.withdraw(None, "Bram", value=-HUGE, typed=[3, 3]),
             ConditionSheetError, "digits long")
    _refused(camp, lambda: cs.attack(None, "Bram", " ", "damage", typed=[3, 3]),
             ConditionSheetError, "name a target")
    _refused(camp, lambda: cs.settle_order(), ConditionSheetError,
             "round 1's order is already settled: ")
