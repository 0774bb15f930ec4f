"""Dungeon World's event kinds, by the name a history shows: one per move (``dw_`` and the
move's key, named as the book names the move), and the sheet changes outside moves."""

from __future__ import annotations

from collections.abc import Mapping

from drawsteel_kit.systems.dungeon_world.moves import MOVE_NAMES

__all__ = ["KINDS"]

KINDS: Mapping[str, str] = {
    **{f"dw_{move.value}": name for move, name in MOVE_NAMES.items()},
    "dw_adjusted": "Sheet adjusted",
    "dw_hold_spent": "Defend's hold spent",
    "dw_hold_lost": "Defend's hold lost",
}
