"""Conditions with values, and hit points: damage, knocked out, dying and wounded.

Seed 002 names frightened as a condition whose value drops at the end of its holder's turn,
after persistent damage and saves (002: 69); a dying creature rolls a recovery check at the
start of its turn (002: 58); a creature knocked out changes its place in the initiative order
(002: 76, which sends the reader to "Knocked Out and Dying"). The numbers of that section
(dying 1, or 2 on a critical hit, plus the wounded value; death at dying 4; the recovery
check DC 10 + dying; wounded 1 more when dying ends; the new place directly before the
creature whose turn knocked it out) are not in the seed: they are the published Pathfinder
2e rule (Player Core, "Knocked Out and Dying"), kept here and listed in docs/other-systems.md.
"""

from __future__ import annotations

from dataclasses import replace

from drawsteel_kit.systems.pf2e.errors import Pf2eError
from drawsteel_kit.systems.pf2e.rules.checks import degree_of_success
from drawsteel_kit.systems.pf2e.rules.combatant import Combatant, check_int, check_text
from drawsteel_kit.systems.pf2e.rules.encounter import (
    Encounter,
    EncounterResult,
    Log,
    defeat,
    require_open,
)

__all__ = [
    "DROPS_AT_END_OF_TURN",
    "DYING_CRITICAL",
    "DYING_DEATH",
    "DYING_START",
    "RECOVERY_DC_BASE",
    "VALUED",
    "damage",
    "end_of_turn_conditions",
    "heal",
    "recovery_check",
    "set_condition",
    "set_dying",
]

#: Conditions that carry a value (002: 69 names frightened; the rest are the book's).
VALUED = ("clumsy", "doomed", "drained", "dying", "enfeebled", "frightened", "sickened",
          "slowed", "stunned", "stupefied", "wounded")
#: Frightened goes down by 1 at the end of its holder's turn, after persistent damage and
#: saves (002: 69). The others stay until their effect or the GM ends them.
DROPS_AT_END_OF_TURN = ("frightened",)
#: Knocked out to 0 HP: dying 1, dying 2 from a critical hit, plus the wounded value; more
#: damage while dying adds 1 (2 on a critical hit) (Player Core, via 002: 76).
DYING_START, DYING_CRITICAL = 1, 2
#: Dying 4 is death; doomed lowers it by its value (Player Core, via 002: 58, 76).
DYING_DEATH = 4
#: The recovery check is a flat check against DC 10 + the dying value (002: 58 + Player Core).
RECOVERY_DC_BASE = 10
#: Recovery check: critical success -2, success -1, failure +1, critical failure +2.
RECOVERY_CHANGE = {"critical success": -2, "success": -1, "failure": 1,
                   "critical failure": 2}
#: Damage a creature's persistent damage or a failed suffocation save deals is its own turn's:
#: nobody else "knocked it out", so its place stays.
SELF = "itself"


def _valued(name: str) -> str:
    key = check_text("the condition", name).casefold()
    if key not in VALUED:
        raise Pf2eError(f"{name!r} is not a condition with a value; those are: "
                        f"{', '.join(VALUED)}")
    return key


def set_condition(state: Encounter, name: str, condition: str, value: int) -> EncounterResult:
    """Give a creature a condition at a value, or change it (0 removes it)."""
    require_open(state)
    key = _valued(condition)
    check_int(f"the {key} value", value, low=0)
    c = state.get(name)
    if c.status != "active":
        raise Pf2eError(f"{name} is {c.status} and no longer in the encounter")
    if c.condition(key) == value:
        raise Pf2eError(f"{name} is already {key} {value}" if value else
                        f"{name} is not {key}")
    log = Log()
    if key == "dying" and value:
        return _dying(state, name, value, log, by=state.current)
    new = state.with_combatant(c.with_condition(key, value))
    if value:
        log.say(new, "{0} is {cond} {v}.", name, cond=key, v=value)
    else:
        log.say(new, "{0} is no longer {cond}.", name, cond=key)
        if key == "dying":
            new = _wounded_after_dying(new, name, log)
    return log.result(new)


def _death_at(c: Combatant) -> int:
    return max(1, DYING_DEATH - c.condition("doomed"))


def _move_before(state: Encounter, name: str, by: str | None, log: Log) -> Encounter:
    """Knocked out during another creature's turn: its place in the order moves to directly
    before that creature (002: 76). On its own turn, or between turns, it keeps its place."""
    current = state.current
    if current is None or by != current or by == name or name not in state.order:
        return state
    order = [n for n in state.order if n != name]
    order.insert(order.index(by), name)
    log.say(state, "{0} is knocked out: its place in the initiative order is now directly "
            "before {1}.", name, by)
    return replace(state, order=tuple(order), turn_index=order.index(current))


def _dying(state: Encounter, name: str, value: int, log: Log, *, by: str | None) -> \
        EncounterResult:
    c = state.get(name)
    was = c.condition("dying")
    new = state.with_combatant(c.with_condition("dying", value))
    if not was:
        new = _move_before(new, name, by, log)
    return log.result(_dead_or_dying(new, name, log))


def _dead_or_dying(state: Encounter, name: str, log: Log) -> Encounter:
    c = state.get(name)
    value = c.condition("dying")
    if value >= _death_at(c):
        log.say(state, "{0} reaches dying {v} and dies.", name, v=value)
        return defeat(state, name).state
    log.say(state, "{0} is dying {v} (dies at dying {d}).", name, v=value, d=_death_at(c))
    return state


def _wounded_after_dying(state: Encounter, name: str, log: Log) -> Encounter:
    """Losing the dying condition adds 1 to wounded (Player Core, "Wounded")."""
    c = state.get(name)
    wounded = c.condition("wounded") + 1
    log.say(state, "{0} is wounded {v}.", name, v=wounded)
    return state.with_combatant(c.with_condition("wounded", wounded))


def damage(state: Encounter, name: str, amount: int, *, critical: bool = False,
           by: str | None = None, foes_die: bool = True) -> EncounterResult:
    """``name`` takes ``amount`` damage; at 0 HP a PC is knocked out and dying, a foe dies
    unless ``foes_die`` is off (then it is dying too).

    ``by`` is whose turn dealt it (default: the current turn's creature): a creature knocked
    out moves to directly before it in the order (002: 76).
    """
    require_open(state)
    check_int("the damage", amount, low=1)
    if not isinstance(critical, bool):
        raise Pf2eError("critical must be True or False")
    c = state.get(name)
    if c.status != "active":
        raise Pf2eError(f"{name} is {c.status} and no longer in the encounter")
    if c.hp is None:
        raise Pf2eError(f"{name}'s hit points are not tracked; give them when adding it")
    by = state.current if by is None else by
    hp = max(0, c.hp - amount)
    log = Log()
    new = state.update(name, hp=hp)
    log.say(new, "{0} takes {n} damage{crit}: {hp}/{max} HP.", name, n=amount,
            crit=" (critical hit)" if critical else "", hp=hp, max=c.max_hp,
            players="{0} takes {n} damage{crit}.")
    if hp > 0:
        return log.result(new)
    if c.dying:
        more = DYING_CRITICAL if critical else DYING_START
        return _dying(new, name, c.condition("dying") + more, log, by=by)
    if c.hp > 0 and not c.pc and foes_die:
        log.say(new, "{0} drops to 0 HP and dies.", name)
        done = defeat(new, name)
        return EncounterResult(done.state, (*log.gm, *done.lines[-1:]),
                               (*log.players, *done.player_lines[-1:]))
    start = (DYING_CRITICAL if critical else DYING_START) + c.condition("wounded")
    log.say(new, "{0} is knocked out at 0 HP.", name)
    return _dying(new, name, start, log, by=by)


def heal(state: Encounter, name: str, amount: int) -> EncounterResult:
    """``name`` regains ``amount`` HP (up to its maximum); healed above 0 a dying creature
    loses dying and is wounded 1 more."""
    require_open(state)
    check_int("the healing", amount, low=1)
    c = state.get(name)
    if c.status != "active":
        raise Pf2eError(f"{name} is {c.status} and no longer in the encounter")
    if c.hp is None or c.max_hp is None:
        raise Pf2eError(f"{name}'s hit points are not tracked; give them when adding it")
    hp = min(c.max_hp, c.hp + amount)
    log = Log()
    new = state.update(name, hp=hp)
    log.say(new, "{0} regains {n} HP: {hp}/{max} HP.", name, n=hp - c.hp, hp=hp, max=c.max_hp,
            players="{0} regains {n} HP.")
    if c.dying and hp > 0:
        new = new.with_combatant(new.get(name).with_condition("dying", 0))
        log.say(new, "{0} is no longer dying.", name)
        new = _wounded_after_dying(new, name, log)
    return log.result(new)


def recovery_check(state: Encounter, name: str, face: int) -> EncounterResult:
    """The recovery check of a dying creature at the start of its turn (002: 58): a flat d20
    against DC 10 + dying; dying changes by the degree of success."""
    require_open(state)
    c = state.get(name)
    if not c.dying:
        raise Pf2eError(f"{name} is not dying: no recovery check")
    dc = RECOVERY_DC_BASE + c.condition("dying")
    degree = degree_of_success(face, dc, face)
    value = max(0, c.condition("dying") + RECOVERY_CHANGE[degree])
    log = Log()
    log.say(state, "{0}'s recovery check: d20 {f} against DC {dc}, {deg}.", name, f=face,
            dc=dc, deg=degree)
    new = state.with_combatant(c.with_condition("dying", value))
    if value == 0:
        log.say(new, "{0} is no longer dying (still unconscious at 0 HP)." if not c.hp else
                "{0} is no longer dying.", name)
        return log.result(_wounded_after_dying(new, name, log))
    return log.result(_dead_or_dying(new, name, log))


def end_of_turn_conditions(state: Encounter, name: str, log: Log) -> Encounter:
    """Conditions that change at the end of the holder's turn: frightened -1 (002: 69)."""
    c = state.get(name)
    for key in DROPS_AT_END_OF_TURN:
        value = c.condition(key)
        if value:
            c = c.with_condition(key, value - 1)
            log.say(state, "{0}'s {cond} drops to {v}." if value > 1 else
                    "{0} is no longer {cond}.", name, cond=key, v=value - 1)
    return state.with_combatant(c)


def set_dying(state: Encounter, name: str, dying: bool = True) -> EncounterResult:
    """Knocked out by hand: dying 1 plus the wounded value, its place moved before the
    current turn's creature (002: 76); ``dying=False``: it stops dying and is wounded 1 more.

    Each turn of a dying creature starts with its recovery check (002: 58).
    """
    require_open(state)
    if not isinstance(dying, bool):
        raise Pf2eError(f"dying must be True or False, got {dying!r}")
    c = state.get(name)
    if c.dying == dying:
        raise Pf2eError(f"{name} is {'already' if dying else 'not'} dying")
    if not dying:
        return set_condition(state, name, "dying", 0)
    return set_condition(state, name, "dying", DYING_START + c.condition("wounded"))
