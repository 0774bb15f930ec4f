"""What players may see of an encounter, and its record when it ends (002: 50-51, 72-73).

Players usually know the initiative order (they watch who acts when), but the GM may keep
the names of enemies the PCs have not identified hidden (002: 73).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from drawsteel_kit.systems.pf2e.errors import Pf2eError
from drawsteel_kit.systems.pf2e.rules.combatant import ROUND_SECONDS, check_int, check_text
from drawsteel_kit.systems.pf2e.rules.encounter import (
    Encounter,
    EncounterResult,
    Log,
    require_open,
    slots,
)

__all__ = ["EncounterRecord", "EndResult", "PlayerView", "end_encounter", "player_view"]


@dataclass(frozen=True)
class PlayerView:
    """The tracker as players see it: shown names only, no modifiers or hidden notes."""

    encounter: str
    round: int
    order: tuple[str, ...]
    acting: str | None
    delaying: tuple[str, ...]
    out: tuple[str, ...]

    def as_dict(self) -> dict[str, Any]:
        """Plain JSON-ready values."""
        return {"encounter": self.encounter, "round": self.round, "order": list(self.order),
                "acting": self.acting, "delaying": list(self.delaying), "out": list(self.out)}


def player_view(state: Encounter) -> PlayerView:
    """The order with unidentified enemies under the names players know them by (002: 73)."""
    shown = {c.name: c.display_name for c in state.combatants}
    return PlayerView(
        encounter=state.name,
        round=state.round,
        order=tuple(shown[n] for n in state.order if n not in state.delayed),
        acting=shown[state.current] if state.current else None,
        delaying=tuple(shown[n] for n in state.delayed),
        out=tuple(shown[c.name] for c in state.combatants if c.status != "active"),
    )


@dataclass(frozen=True)
class EncounterRecord:
    """The encounter for the session log: how long it ran, who acted, what was identified."""

    encounter: str
    rounds: int
    seconds: int
    acted: tuple[str, ...]
    turns: tuple[tuple[str, int], ...]
    identified: tuple[str, ...]
    unidentified: tuple[str, ...]
    defeated: tuple[str, ...]
    removed: tuple[str, ...]
    xp: int = 0
    treasure: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        """Plain JSON-ready values."""
        return {"encounter": self.encounter, "rounds": self.rounds, "seconds": self.seconds,
                "acted": list(self.acted), "turns": {n: t for n, t in self.turns},
                "identified": list(self.identified), "unidentified": list(self.unidentified),
                "defeated": list(self.defeated), "removed": list(self.removed),
                "xp": self.xp, "treasure": list(self.treasure)}


@dataclass(frozen=True)
class EndResult(EncounterResult):
    """The ended encounter with its record."""

    record: EncounterRecord | None = None


def end_encounter(state: Encounter, *, xp: int = 0, treasure: Sequence[str] = ()) -> EndResult:
    """End the encounter: nobody follows the order any more (002: 50-51); keep its record.

    ``rounds`` is the last round reached, ``seconds`` the game time at 6 seconds a round
    (002: 37). ``identified`` lists the enemies shown under another name that the PCs
    identified; ``unidentified`` those they never did. ``xp`` is what the GM awards the party
    and ``treasure`` what it finds to share (002: 51): each PC gains the same XP.
    """
    require_open(state)
    check_int("the XP", xp, low=0)
    if isinstance(treasure, str):
        raise Pf2eError("treasure is a list of finds")
    found = tuple(check_text("a find", t) for t in treasure)
    cs = state.combatants
    record = EncounterRecord(
        encounter=state.name,
        rounds=state.round,
        seconds=state.round * ROUND_SECONDS,
        acted=tuple(c.name for c in cs if c.turns_taken),
        turns=tuple((c.name, c.turns_taken) for c in cs),
        identified=tuple(c.name for c in cs if c.shown_as and c.identified),
        unidentified=tuple(c.name for c in cs if c.hidden),
        defeated=tuple(c.name for c in cs if c.status == "defeated"),
        removed=tuple(c.name for c in cs if c.status == "removed"),
        xp=xp,
        treasure=found,
    )
    new = replace(state, in_turn=False, ended=True, delayed=())
    log = Log()
    s = "" if state.round == 1 else "s"
    log.say(state, "{enc} ends after {r} round{s} ({sec} seconds).", enc=state.name,
            r=state.round, s=s, sec=record.seconds)
    for key, label in (("acted", "Acted"), ("identified", "Identified"),
                       ("defeated", "Defeated"), ("removed", "Left")):
        names = getattr(record, key)
        if names:
            log.say(state, label + ": " + slots(len(names)) + ".", *names)
    if xp:
        log.say(state, "The party earns {xp} XP each.", xp=xp)
    if found:
        log.say(state, "Treasure to share: {t}.", t="; ".join(found))
    base = log.result(new)
    return EndResult(base.state, base.lines, base.player_lines, (), record)
