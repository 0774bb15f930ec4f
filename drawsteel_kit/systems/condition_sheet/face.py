"""What players see of a condition-sheet battle: the GM's characters without their profiles.

At the table the players see a foe's name, its condition sheet (slots, damage, curses and
blesses drawn on it), whether it is down or gone, and where it stands in the initiative
order. Its cast, guard, fixed values, mana, emotions, preparations and curse and bless
recipes stay the GM's (004: 43-45, 68). The players' books (``ledger.party``) pass every
condition-sheet sheet through :func:`party_face` before a page or the party export sees it.
A table that plays with its foes open sets ``reveal_foes: true`` in campaign.yaml's
settings: then the players see the profiles too (the foe sheets kept for the GM between
battles still stay the GM's).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from drawsteel_kit.systems.condition_sheet.rules.character import PC

__all__ = ["PROFILE", "REVEAL", "party_face"]

#: The setting that shows the GM's characters' profiles to the players (default: hidden).
REVEAL = "reveal_foes"

#: A GM character's fields that stay the GM's, with the neutral value players get instead.
PROFILE: dict[str, Any] = {
    "cast": 0, "guard": 0, "mana": 0, "fixed_cast": None, "fixed_guard": None,
    "fixed_initiative": None, "curse_recipes": [], "bless_recipes": [], "emotions": {},
    "preparations": [], "curses": {}, "blesses": {},
}


def _faced(character: dict[str, Any]) -> dict[str, Any]:
    if character.get("side") == PC:
        return character
    return {**character, **{k: v for k, v in PROFILE.items() if k in character}}


def party_face(kind: str, data: dict[str, Any],
               settings: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """``data`` of a sheet of this ``kind`` as players may see it under the campaign's
    ``settings`` (``reveal_foes``)."""
    if (settings or {}).get(REVEAL) is True:
        return data
    if kind == "character":
        return _faced(data)
    if kind != "battle" or not isinstance(data.get("battle"), dict):
        return data
    battle = data["battle"]
    characters = [_faced(c) if isinstance(c, dict) else c
                  for c in battle.get("characters", [])]
    pcs = {c.get("name") for c in characters if isinstance(c, dict) and c.get("side") == PC}
    rounds = [{**r, "mana": {n: v for n, v in r.get("mana", {}).items() if n in pcs}}
              if isinstance(r, dict) and isinstance(r.get("mana"), dict) else r
              for r in data.get("rounds", [])]
    return {**data, "battle": {**battle, "characters": characters}, "rounds": rounds}
