"""Rolling initiative and ranking the results (seed 002: 40-45, 49).

Everyone rolls once at the start of the encounter, usually Perception (002: 42); the GM
rolls for everyone but the PCs, and identical creatures may roll once as a group and act
in any order within it (002: 43). Highest result acts first (002: 44). On a tie an enemy
acts before a PC; tied PCs decide among themselves (002: 45). Initiative is not rolled
again between rounds (002: 49).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from drawsteel_kit.kit.dice import Dice
from drawsteel_kit.systems.pf2e.errors import PcTieUnresolved, Pf2eError
from drawsteel_kit.systems.pf2e.rules.combatant import (
    INITIATIVE_DIE,
    Combatant,
    check_int,
    check_text,
)
from drawsteel_kit.systems.pf2e.rules.encounter import (
    Encounter,
    EncounterResult,
    Log,
    require_open,
    slots,
)

__all__ = ["initiative_order", "roll_initiative"]


def _check_tie_order(tie_order: Sequence[str], known: Iterable[str]) -> dict[str, int]:
    if isinstance(tie_order, str) or not isinstance(tie_order, Sequence):
        raise Pf2eError(f"the tie order must be a list of names, got {tie_order!r}")
    names = set(known)
    rank: dict[str, int] = {}
    for i, name in enumerate(tie_order):
        if name not in names:
            raise Pf2eError(f"the tie order names {name!r}, who is not in the initiative order; "
                            f"known: {', '.join(sorted(names))}")
        if name in rank:
            raise Pf2eError(f"the tie order lists {name!r} twice")
        rank[name] = i
    return rank


def initiative_order(combatants: Sequence[Combatant], tie_order: Sequence[str] = ()) -> tuple[
        str, ...]:
    """Names in acting order: highest result first, enemies before PCs on a tie (002: 44-45).

    Tied PCs go in the order the players chose, given in ``tie_order``; every tied PC
    must be in it, else :class:`PcTieUnresolved`. Tied enemies go in ``tie_order`` order
    when listed (the GM's choice), else as added, a group's members together (002: 43).
    """
    active = [c for c in combatants if c.status == "active" and c.rider is None]
    for c in active:
        if c.initiative is None:
            raise Pf2eError(f"{c.name} has no initiative result yet; roll initiative first")
    rank = _check_tie_order(tie_order, (c.name for c in active))
    added = {c.name: i for i, c in enumerate(combatants)}
    group_first: dict[str, int] = {}
    for c in combatants:
        if c.group is not None:
            group_first.setdefault(c.group, added[c.name])

    def enemy_key(c: Combatant) -> tuple[int, int, int]:
        if c.name in rank:
            return (0, rank[c.name], 0)
        return (1, group_first.get(c.group or "", added[c.name]), added[c.name])

    order: list[str] = []
    for result in sorted({c.initiative for c in active if c.initiative is not None},
                         reverse=True):
        tied = [c for c in active if c.initiative == result]
        enemies = sorted((c for c in tied if not c.pc), key=enemy_key)
        pcs = [c for c in tied if c.pc]
        if len(pcs) > 1 and any(c.name not in rank for c in pcs):
            names = [c.name for c in pcs]
            raise PcTieUnresolved(
                f"{' and '.join(names)} tied at {result}: PCs decide among themselves who "
                f"acts first (Tracking Initiative); give the tie order with all of them in "
                f"the order they chose, e.g. {', '.join(names)}", tied=tuple(names))
        pcs.sort(key=lambda c: rank.get(c.name, 0))
        order.extend(c.name for c in (*enemies, *pcs))
    return tuple(order)


def _units(state: Encounter) -> dict[str, list[Combatant]]:
    """Who rolls: each combatant alone, or a group once (002: 43), in the order added."""
    units: dict[str, list[Combatant]] = {}
    for c in state.combatants:
        if c.status == "active" and c.rider is None:
            units.setdefault(c.group or c.name, []).append(c)
    return units


#: A combatant has its reaction as soon as initiative is rolled (see roll_initiative).
REACTION_ONCE_ROLLED = True


def roll_initiative(
    state: Encounter,
    dice: Dice,
    *,
    results: Mapping[str, int] | None = None,
    checks: Mapping[str, tuple[str, int]] | None = None,
    tie_order: Sequence[str] = (),
) -> EncounterResult:
    """Roll initiative for everyone once and set the order (002: 40-45).

    Each combatant (or group, by its group name) rolls d20 + its initiative modifier, or
    takes a typed-in total from ``results``. ``checks`` swaps the skill and modifier for
    this roll when the GM calls for another check (002: 42): ``{"Ava": ("Stealth", 7)}``.
    A PC tie without the players' order in ``tie_order`` raises :class:`PcTieUnresolved`,
    whose ``results`` hold the totals rolled, to pass back as ``results=`` with the order.
    """
    require_open(state)
    if state.rolled:
        raise Pf2eError(f"initiative was already rolled in {state.name}: it is not rolled "
                        "again; new rounds keep the same order (Begin the Next Round)")
    units = _units(state)
    if not units:
        raise Pf2eError(f"{state.name} has nobody in it yet; add combatants first")
    results = dict(results or {})
    checks = dict(checks or {})
    for key in (*results, *checks):
        if key not in units:
            group = next((c.group for c in state.combatants if c.name == key and c.group), None)
            hint = f"; {key} rolls with group {group!r}: use that name" if group else ""
            raise Pf2eError(f"{key!r} does not roll initiative in {state.name}{hint}; "
                            f"those who roll: {', '.join(units)}")
    new, log, faces = state, Log(), []
    totals: dict[str, int] = {}
    for key, members in units.items():
        first = members[0]
        skill, modifier = checks.get(key, (first.initiative_skill, first.initiative_modifier))
        check_text(f"{key}'s initiative skill", skill)
        check_int(f"{key}'s initiative modifier", modifier)
        face: int | None = None
        if key in results:
            total = check_int(f"{key}'s typed-in initiative", results[key])
            text = f"{total} (typed in)"
        else:
            face = dice.roll(INITIATIVE_DIE)
            faces.append(face)
            total = face + modifier
            text = f"d{INITIATIVE_DIE} {face} {modifier:+d} = {total}"
        totals[key] = total
        for m in members:
            # Creatures react on others' turns too (002: 37, 47); the published rules let a
            # creature use its reaction once initiative is rolled, before its first turn
            # (Player Core, "Step 1: Roll Initiative"). Its first turn then refreshes it.
            new = new.update(m.name, initiative=total, initiative_face=face,
                             reaction=REACTION_ONCE_ROLLED)
        who = slots(len(members)) + (" roll" if first.group else " rolls")
        grouped = " as one group" if first.group else ""
        log.say(new, who + " {skill} for initiative" + grouped + ": {text}.",
                *(m.name for m in members), players=who + " initiative" + grouped + ": {total}.",
                skill=skill, text=text, total=total)
    try:
        order = initiative_order(new.combatants, tie_order)
    except PcTieUnresolved as exc:
        raise PcTieUnresolved(str(exc), tied=exc.tied, results=totals) from None
    new = replace(new, order=order)
    _say_ties(new, log)
    listing = ", ".join(f"{{{i}}} ({new.get(n).initiative})" for i, n in enumerate(order))
    log.say(new, "Initiative order: " + listing + ".", *order)
    return log.result(new, tuple(faces))


def _say_ties(state: Encounter, log: Log) -> None:
    """Explain each tie the way the seed settles it (002: 45)."""
    by_result: dict[int, list[Combatant]] = {}
    for name in state.order:
        c = state.get(name)
        by_result.setdefault(c.initiative or 0, []).append(c)
    for result, tied in by_result.items():
        enemies = [c.name for c in tied if not c.pc]
        pcs = [c.name for c in tied if c.pc]
        if enemies and pcs:
            names = (*enemies, *pcs)
            log.say(state, f"Tie at {result} ({slots(len(names))}): enemies act before PCs.",
                    *names)
        if len(pcs) > 1:
            log.say(state, f"PCs tied at {result} chose their order: "
                    f"{slots(len(pcs), ' then ')}.", *pcs)
