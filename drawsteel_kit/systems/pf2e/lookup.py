"""Finding a combatant from what the GM typed: its real name or the name players know."""

from __future__ import annotations

from drawsteel_kit.kit.limits import same_name
from drawsteel_kit.systems.draw_steel.book.base import check_text
from drawsteel_kit.systems.pf2e.encounter import Encounter
from drawsteel_kit.systems.pf2e.errors import Pf2eError

__all__ = ["who"]


def who(state: Encounter, name: object) -> str:
    """A combatant's real name from its name or the name players see (case-insensitive)."""
    text = check_text(name, "a combatant's name")  # type: ignore[arg-type]
    known = ", ".join(c.name for c in state.combatants) or "nobody yet"
    if not text:
        raise Pf2eError(f"name a combatant of {state.name}: {known}")
    for pick in (lambda c: c.name == text, lambda c: same_name(c.name, text),
                 lambda c: c.shown_as is not None
                 and same_name(c.shown_as, text)):
        found = [c.name for c in state.combatants if pick(c)]
        if found:
            return found[0]
    raise Pf2eError(f"no combatant called {text!r} in {state.name}; combatants: {known}")
