"""Dungeon World's event kinds, by the name a history shows: one per move (``dw_`` and the
move's key, named as the book names the move), and the sheet changes outside moves."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from drawsteel_kit.systems.dungeon_world.rules.moves import MOVE_NAMES

if TYPE_CHECKING:
    from drawsteel_kit.kit.book.sentences import Sentence
    from drawsteel_kit.kit.ledger import Event

__all__ = ["KINDS", "SENTENCES"]

KINDS: Mapping[str, str] = {
    **{f"dw_{move.value}": name for move, name in MOVE_NAMES.items()},
    "dw_adjusted": "Sheet adjusted",
    "dw_hold_spent": "Defend's hold spent",
    "dw_hold_lost": "Defend's hold lost",
}


def _move_names(event: Event) -> str:
    """The stored summary, a move's key in it (an older ledger's "+1 forward
    (hack_and_slash)") named as the book names the move."""
    said = str(event.payload["summary"])
    for move, name in MOVE_NAMES.items():
        said = said.replace(f"({move.value})", f"({name})")
    return said


SENTENCES: Mapping[str, Sentence] = {kind: _move_names for kind in KINDS}
