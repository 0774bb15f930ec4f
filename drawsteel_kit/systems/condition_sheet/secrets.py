"""The names a condition-sheet campaign shows its players: every character of a battle they
see. A foe the GM keeps (a hidden ``foe`` sheet) is a secret until a battle brings it to the
table (``kit.ledger.party_names`` blanks a hidden foe's name in visible text)."""

from __future__ import annotations

from typing import Any

__all__ = ["sheet_names"]


def sheet_names(kind: str, data: Any, hidden: bool) -> tuple[list[str], list[str]]:
    """(secret names, shown names) of one sheet: a visible battle shows its characters."""
    battle = data.get("battle") if isinstance(data, dict) else None
    if kind != "battle" or hidden or not isinstance(battle, dict):
        return [], []
    fighters = battle.get("characters")
    return [], [str(c.get("name")) for c in fighters or [] if isinstance(c, dict)]
