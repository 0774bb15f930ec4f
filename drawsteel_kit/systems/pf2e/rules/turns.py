"""Rounds and turns: start of turn, actions, end of turn (seed 002: 46-49, 52-71).

A round starts when the highest in the order begins its turn and ends when the lowest
ends its turn; the next round keeps the same order (002: 47-49).
"""

from __future__ import annotations

import re
from dataclasses import replace

from drawsteel_kit.kit.dice import Dice
from drawsteel_kit.systems.pf2e.errors import Pf2eError
from drawsteel_kit.systems.pf2e.rules.combatant import (
    ACTIONS_PER_TURN,
    TICK_END,
    TICK_START,
    Effect,
    PersistentDamage,
    check_int,
    check_text,
)
from drawsteel_kit.systems.pf2e.rules.conditions import (
    SELF,
    damage,
    end_of_turn_conditions,
    recovery_check,
)
from drawsteel_kit.systems.pf2e.rules.encounter import Encounter, EncounterResult, Log, require_open
from drawsteel_kit.systems.pf2e.rules.movement import breath_at_end_of_turn

__all__ = [
    "add_effect",
    "add_persistent",
    "end_persistent",
    "end_turn",
    "remove_effect",
    "start_turn",
    "use_actions",
    "use_reaction",
]

#: The flat check to end persistent damage after taking it (002: 69) succeeds on 15 or more
#: (Player Core, "Persistent Damage"; the seed does not give the DC).
PERSISTENT_FLAT_DC = 15
_DAMAGE = re.compile(r"(\d{1,2})d(\d{1,3})(?:\s*([+-])\s*(\d{1,3}))?|(\d{1,3})")


def _tick(state: Encounter, name: str, when: str, log: Log) -> Encounter:
    """Count down the holder's durations of one kind; an effect at 0 ends (002: 56, 68)."""
    kept: list[Effect] = []
    for e in state.get(name).effects:
        if e.ticks != when:
            kept.append(e)
            continue
        on = f" on {e.on}" if e.on else ""
        if e.rounds - 1 == 0:
            log.say(state, "{0}'s {effect}{on} ends.", name, effect=e.name, on=on)
        else:
            kept.append(replace(e, rounds=e.rounds - 1))
            log.say(state, "{0}'s {effect}{on}: {n} more.", name, effect=e.name, on=on,
                    n=e.rounds - 1)
    return state.update(name, effects=tuple(kept))


def _active(state: Encounter, name: str) -> None:
    if state.get(name).status != "active":
        raise Pf2eError(f"{name} is {state.get(name).status} and no longer in the encounter")


def start_turn(
    state: Encounter, *, can_act: bool = True, action_adjustment: int = 0,
    recovery: int | None = None,
) -> EncounterResult:
    """Begin the next creature's turn; after the last, a new round in the same order (002: 49).

    Start of turn (002: 55-61): its durations count down and those at 0 end; a readied
    action not used lapses (002: 103); a dying creature is reminded of its recovery check;
    last, it regains 3 actions and 1 reaction. ``action_adjustment`` is what conditions
    such as quickened change (slowed and stunned are counted from their values); a creature
    that ``can_act`` not, or is unconscious (dying, or out of air), regains nothing.
    ``recovery`` is the d20 of a dying creature's recovery check (else a reminder).
    A delaying creature whose slot comes round again acts there (see :mod:`.delay`).
    """
    require_open(state)
    if not state.order:
        raise Pf2eError(f"nobody is in {state.name}'s initiative order: roll initiative first"
                        if not state.rolled else f"nobody is left in {state.name}'s order")
    if state.in_turn:
        raise Pf2eError(f"it is still {state.current}'s turn: end it first")
    if not isinstance(can_act, bool):
        raise Pf2eError(f"can_act must be True or False, got {can_act!r}")
    check_int("the action adjustment", action_adjustment)
    log, slot, round_ = Log(), state.turn_index + 1, max(state.round, 1)
    if slot >= len(state.order):
        slot, round_ = 0, state.round + 1
    if round_ != state.round:
        log.say(state, "Round {r} begins.", r=round_)
    name = state.order[slot]
    new = replace(state, round=round_, turn_index=slot, in_turn=True)
    if name in new.delayed:
        new = replace(new, delayed=tuple(d for d in new.delayed if d != name))
        log.say(new, "{0} delayed a whole round without returning: the delayed turn is lost; "
                "{0} acts now at its original place in the order.", name)
    log.say(new, "{0}'s turn (round {r}).", name, r=round_)
    new = _tick(new, name, TICK_START, log)
    c = new.get(name)
    if c.readied is not None:
        log.say(new, "{0}'s readied {action} lapses unused.", name, action=c.readied.action)
    if c.dying and recovery is None:
        log.say(new, "{0} is dying: roll a recovery check.", name)
    elif c.dying and recovery is not None:
        done = recovery_check(new, name, recovery)
        new, log.gm, log.players = (done.state, [*log.gm, *done.lines],
                                    [*log.players, *done.player_lines])
        if new.get(name).status != "active":
            return log.result(new)
    elif recovery is not None:
        raise Pf2eError(f"{name} is not dying: no recovery check to roll")
    c = new.get(name)
    if c.dying or c.air == 0 or (c.hp == 0 and c.hp is not None):
        can_act = False
        log.say(new, "{0} is unconscious.", name)
    actions = max(0, ACTIONS_PER_TURN + action_adjustment) if can_act else 0
    stunned = new.get(name).condition("stunned")
    if can_act:
        actions, stunned = _slowed_and_stunned(new, name, actions, log)
    c = new.get(name).with_condition("stunned", stunned)
    new = new.with_combatant(c)
    new = new.update(name, readied=None, actions=actions, reaction=can_act,
                     turns_taken=c.turns_taken + 1, attacks=0, diagonals=0)
    for mount in (m for m in new.combatants if m.rider == name and m.status == "active"):
        new = new.update(mount.name, reaction=can_act, attacks=0)
    if can_act:
        log.say(new, "{0} has {n} action{s} and 1 reaction.", name, n=actions,
                s="" if actions == 1 else "s")
    else:
        log.say(new, "{0} cannot act: no actions and no reaction this turn.", name)
    return log.result(new)


def _slowed_and_stunned(state: Encounter, name: str, actions: int, log: Log) -> tuple[
        int, int]:
    """Slowed N: N fewer actions; stunned N: N actions lost, and stunned goes down as much
    (Player Core; seed 002: 61 says conditions change the actions regained)."""
    c = state.get(name)
    slowed, stunned = c.condition("slowed"), c.condition("stunned")
    if slowed:
        actions = max(0, actions - slowed)
        log.say(state, "{0} is slowed {v}: {v} action{s} fewer.", name, v=slowed,
                s="" if slowed == 1 else "s")
    if stunned:
        lost = min(actions, stunned)
        actions -= lost
        log.say(state, "{0} is stunned {v}: loses {n} action{s}.", name, v=stunned, n=lost,
                s="" if lost == 1 else "s")
        stunned -= lost
    return actions, stunned


def _persistent(state: Encounter, name: str, dice: Dice, log: Log, foes_die: bool) -> \
        Encounter:
    """Each persistent damage: taken (rolled when it is dice), then the flat check (002: 69)."""
    new = state
    for p in state.get(name).persistent:
        found = _DAMAGE.fullmatch(p.damage.strip().lower())
        c = new.get(name)
        if found and c.hp is not None:
            count, sides, sign, plus, flat = found.groups()
            faces = [dice.roll(int(sides)) for _ in range(int(count))] if count else []
            total = sum(faces) + (int(flat) if flat else 0) + (
                int(plus) * (-1 if sign == "-" else 1) if plus else 0)
            rolled = f" ({'+'.join(map(str, faces))})" if faces else ""
            log.say(new, "{0} takes {damage}{rolled} persistent {kind} damage.", name,
                    damage=p.damage, rolled=rolled, kind=p.damage_type)
            if total > 0:
                done = damage(new, name, total, by=SELF, foes_die=foes_die)
                new, log.gm, log.players = (done.state, [*log.gm, *done.lines],
                                            [*log.players, *done.player_lines])
                if new.get(name).status != "active":
                    return new
        else:
            log.say(new, "{0} takes {damage} persistent {kind} damage.", name, damage=p.damage,
                    kind=p.damage_type)
        face = dice.roll(20)
        ended = face >= PERSISTENT_FLAT_DC
        log.say(new, "{0}'s flat check against persistent {kind}: d20 {f} against DC {dc}, "
                "{what}.", name, kind=p.damage_type, f=face, dc=PERSISTENT_FLAT_DC,
                what="it ends" if ended else "it goes on")
        if ended:
            kept = tuple(x for x in new.get(name).persistent if x != p)
            new = new.update(name, persistent=kept)
    return new


def end_turn(state: Encounter, dice: Dice | None = None, *, cast_spell: bool = False,
             foes_die: bool = True) -> EncounterResult:
    """End the current turn (002: 66-71): unused actions are lost, reactions are kept.

    In the order the text gives (002: 69): each persistent damage is taken, then its flat
    check (rolled with ``dice``; without them, a reminder); then the saves against ongoing
    effects (reminders); then the conditions that change at the end of the turn (frightened
    -1, air while holding breath: 2 rounds if the creature attacked or ``cast_spell``) and
    the durations that count the creature's own turns (002: 68).
    """
    require_open(state)
    name = state.current
    if name is None:
        raise Pf2eError("no turn is in progress: start one first")
    log = Log()
    new = state
    if dice is not None:
        new = _persistent(new, name, dice, log, foes_die)
        if new.get(name).status != "active":
            log.say(new, "{0}'s turn ends.", name)
            return log.result(new)
    else:
        for p in new.get(name).persistent:
            log.say(new, "{0} takes {damage} persistent {kind} damage, then attempts a flat "
                    "check to end it.", name, damage=p.damage, kind=p.damage_type)
    for e in new.get(name).effects:
        if e.save:
            log.say(new, "{0} attempts {save} ({effect}).", name, save=e.save, effect=e.name,
                    players=None if new.get(name).pc else "{0} attempts a save ({effect}).")
    new = end_of_turn_conditions(new, name, log)
    busy = cast_spell or new.get(name).attacks > 0
    new = breath_at_end_of_turn(new, name, log, busy=busy)
    new = _tick(new, name, TICK_END, log)
    new = replace(new.update(name, actions=0, attacks=0, diagonals=0), in_turn=False)
    log.say(new, "{0}'s turn ends.", name)
    return log.result(new)


def use_actions(state: Encounter, count: int = 1, what: str = "an action") -> EncounterResult:
    """The current creature spends actions; with none left its turn ends (002: 65)."""
    require_open(state)
    name = state.current
    if name is None:
        raise Pf2eError("no turn is in progress: actions are spent on one's own turn")
    left = state.get(name).actions
    check_int("the number of actions", count, low=1)
    check_text("what the actions are for", what)
    if count > left:
        raise Pf2eError(f"{name} has {left} action{'s' if left != 1 else ''} left, "
                        f"not {count}, for {what}")
    new, log = state.update(name, actions=left - count), Log()
    log.say(new, "{0} uses {n} action{s}: {what} ({left} left).", name, n=count,
            s="" if count == 1 else "s", what=what, left=left - count)
    if left - count == 0:
        ended = end_turn(new)
        return EncounterResult(ended.state, (*log.gm, *ended.lines),
                               (*log.players, *ended.player_lines))
    return log.result(new)


def use_reaction(state: Encounter, name: str, what: str = "a reaction") -> EncounterResult:
    """A creature uses its one reaction, on its turn or another's (002: 52, 61)."""
    require_open(state)
    _active(state, name)
    check_text("what the reaction is", what)
    if not state.get(name).reaction:
        raise Pf2eError(f"{name} has no reaction left; it comes back at the start of "
                        f"{name}'s next turn")
    log = Log()
    log.say(state, "{0} uses its reaction: {what}.", name, what=what)
    return log.result(state.update(name, reaction=False))


def add_effect(state: Encounter, holder: str, effect: str, rounds: int, *,
               ticks: str = TICK_START, on: str | None = None,
               save: str | None = None) -> EncounterResult:
    """Track a duration on the creature whose turns count it down (002: 56, 68)."""
    require_open(state)
    _active(state, holder)
    if on is not None:
        state.get(on)
    e = Effect(name=effect, rounds=rounds, ticks=ticks, on=on, save=save)
    c = state.get(holder)
    if any(x.name == effect and x.on == on for x in c.effects):
        raise Pf2eError(f"{holder} already tracks {effect}; end it first to start it again")
    log = Log()
    when = "start" if ticks == TICK_START else "end"
    target = " on {1}" if on else ""
    text = "{0}'s {effect}" + target + ": {rounds}, counted down at the {when} of {0}'s turns"
    log.say(state, text + "{save}.", holder, *((on,) if on else ()), effect=effect,
            rounds=rounds, when=when, save=f"; {save} at the end of each" if save else "",
            players=None if c.pc or not save else text + "; a save at the end of each.")
    return log.result(state.update(holder, effects=(*c.effects, e)))


def remove_effect(state: Encounter, holder: str, effect: str) -> EncounterResult:
    """End a tracked effect early (dismissed, dispelled)."""
    require_open(state)
    c = state.get(holder)
    kept = tuple(e for e in c.effects if e.name != effect)
    if len(kept) == len(c.effects):
        have = ", ".join(e.name for e in c.effects) or "none"
        raise Pf2eError(f"{holder} tracks no effect called {effect!r}; tracked: {have}")
    log = Log()
    log.say(state, "{0}'s {effect} ends.", holder, effect=effect)
    return log.result(state.update(holder, effects=kept))


def add_persistent(state: Encounter, name: str, damage: str, damage_type: str) -> EncounterResult:
    """Give a creature persistent damage, reminded at the end of each of its turns (002: 69)."""
    require_open(state)
    _active(state, name)
    p = PersistentDamage(damage=damage, damage_type=damage_type)
    c = state.get(name)
    for have in c.persistent:
        if have.damage_type == damage_type:
            raise Pf2eError(f"{name} already has persistent {damage_type} damage ({have.damage});"
                            " end it first to track a new amount")
    log = Log()
    log.say(state, "{0} has {damage} persistent {kind} damage.", name, damage=damage,
            kind=damage_type)
    return log.result(state.update(name, persistent=(*c.persistent, p)))


def end_persistent(state: Encounter, name: str, damage_type: str) -> EncounterResult:
    """Persistent damage ends (the flat check after it succeeded, 002: 69, or it was treated)."""
    require_open(state)
    c = state.get(name)
    kept = tuple(p for p in c.persistent if p.damage_type != damage_type)
    if len(kept) == len(c.persistent):
        have = ", ".join(p.damage_type for p in c.persistent) or "none"
        raise Pf2eError(f"{name} has no persistent {damage_type!r} damage; has: {have}")
    log = Log()
    log.say(state, "{0}'s persistent {kind} damage ends.", name, kind=damage_type)
    return log.result(state.update(name, persistent=kept))
