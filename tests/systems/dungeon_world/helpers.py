"""Shared by the Dungeon World tests: the demo, scripted dice, Ava's sheet."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from drawsteel_kit.kit.dice import ScriptedDice
from drawsteel_kit.systems.dungeon_world.rules.character import Character

DEMO = Path("campaigns/dungeon-world-demo")
#: Ava's ability scores (DEX 9: a -0 modifier, WIS 13: +1).
SCORES = {"STR": 16, "DEX": 9, "CON": 15, "INT": 8, "WIS": 13, "CHA": 12}


def dice(*faces: int) -> ScriptedDice:
    return ScriptedDice(faces)


def character(**changes: Any) -> Character:
    """Ava at 20 of 23 HP, ``changes`` applied."""
    values = {"name": "Ava", "scores": SCORES, "max_hp": 23, "hp": 20} | changes
    return Character(**values)
