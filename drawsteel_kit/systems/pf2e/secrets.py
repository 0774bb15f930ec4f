"""The names a PF2e encounter keeps from the players: a creature the PCs have not identified
goes by the name they know (002: 73), and its true name is blanked wherever a visible text
mentions it (``kit.ledger.party_names``)."""

from __future__ import annotations

from typing import Any

__all__ = ["sheet_names"]


def _combatants(data: Any, *path: str) -> list[dict[str, Any]]:
    for key in path:
        data = data.get(key) if isinstance(data, dict) else None
    return [c for c in data if isinstance(c, dict)] if isinstance(data, list) else []


def sheet_names(kind: str, data: Any, hidden: bool) -> tuple[list[str], list[str]]:
    """(secret names, shown names) of one sheet: the Director's encounter names its
    unidentified creatures (and the group of identical ones: "Mitflit" of "Mitflit 2");
    the players' view and the shown names are theirs."""
    if kind == "encounter":
        fighters = _combatants(data, "state", "combatants")
        unknown = [c for c in fighters if c.get("shown_as") and not c.get("identified", True)]
        secret = [str(n) for c in unknown for n in (c.get("name"), c.get("group")) if n]
        shown = [str(c.get("shown_as") if c in unknown else c.get("name")) for c in fighters]
        return secret, shown
    if kind == "encounter-view" and not hidden:
        return [], [str(c.get("name")) for c in _combatants(data, "combatants")]
    return [], []
