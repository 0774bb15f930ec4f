"""What the players' sheet of an encounter holds: :func:`~.record.player_view` plus, for each
combatant in the order, the turn's economy, effects and persistent damage, all under the
names the players know (002: 61, 68-69, 73), and the record with hidden names kept hidden.
"""

from __future__ import annotations

from typing import Any

from drawsteel_kit.kit.words import plural
from drawsteel_kit.systems.pf2e.rules.checks import attack_penalty
from drawsteel_kit.systems.pf2e.rules.encounter import Encounter
from drawsteel_kit.systems.pf2e.rules.record import player_view

__all__ = ["encounter_lines", "listing", "party_record", "view_data"]

#: The record's lists of names, each turned into the names players know.
RECORD_NAMES = ("acted", "identified", "unidentified", "defeated", "removed")


def _shown(state: Encounter) -> dict[str, str]:
    return {c.name: c.display_name for c in state.combatants}


def listing(state: Encounter) -> tuple[str, ...]:
    """The rows of the tracker: the order (before initiative: as added), each mount after
    its rider."""
    listed = [n for n in state.order] if state.rolled else [
        c.name for c in state.combatants if c.status == "active" and c.rider is None]
    out: list[str] = []
    for name in listed:
        out.append(name)
        out += [c.name for c in state.combatants if c.rider == name and c.status == "active"]
    return tuple(out)


def view_data(state: Encounter, record: dict[str, Any] | None, *,
              reveal_foes: bool = False) -> dict[str, Any]:
    """The players' sheet data: nothing in it names a creature they have not identified.

    A foe's hit points and AC are the GM's: they are left out unless ``reveal_foes``.
    """
    shown = _shown(state)
    rows = []
    for name in listing(state):
        c = state.get(name)
        readied = None
        if c.readied is not None:  # a PC's readied action is the players' own plan
            readied = c.readied.action if c.pc else "an action"
        rows.append({
            "name": c.display_name, "side": c.side, "initiative": c.initiative,
            "actions": c.actions, "reaction": c.reaction, "dying": c.dying,
            "delaying": name in state.delayed, "acting": name == state.current,
            "readied": readied,
            "effects": [{"name": e.name, "rounds": e.rounds, "ticks": e.ticks,
                         "on": shown[e.on] if e.on else None} for e in c.effects],
            "persistent": [{"damage": p.damage, "type": p.damage_type} for p in c.persistent],
            "conditions": dict(c.conditions), "cover": c.cover, "off_guard": c.off_guard,
            "air": c.air, "mount_of": shown[c.rider] if c.rider else None,
            "attack_penalty": attack_penalty(state, name) if name == state.current else None,
            **({"hp": c.hp, "max_hp": c.max_hp, "ac": c.ac} if c.pc or reveal_foes else {}),
        })
    return {**player_view(state).as_dict(), "rolled": state.rolled, "ended": state.ended,
            "combatants": rows, "record": record}


def party_record(record: dict[str, Any], state: Encounter) -> dict[str, Any]:
    """The record as players may read it: unidentified creatures under their shown names."""
    shown = _shown(state)
    out = {k: v for k, v in record.items() if k not in (*RECORD_NAMES, "turns")}
    for key in RECORD_NAMES:
        out[key] = [shown[n] for n in record[key]]
    out["turns"] = {shown[n]: t for n, t in record["turns"].items()}
    return out


def encounter_lines(state: Encounter) -> list[str]:
    """One short status for the Director: round, whose turn, who delays."""
    if not state.rolled:
        return [f"{plural(len(state.combatants), 'combatant')}, initiative not rolled"]
    out = [f"round {state.round}"]
    out.append(f"{state.current}'s turn" if state.current else "between turns")
    if state.delayed:
        out.append("delaying: " + ", ".join(state.delayed))
    return out
