"""Changing the initiative order: Delay, and Ready, which does not change it (002: 72-76, 102-104).

Seed 002 lists Delay as a free action (002: 90) but gives no text for it; what it does say is
that a creature changes its place in the order with Delay, leaving the list until it returns
to the order (002: 75-76). How a return and a whole delayed round work here follows the
published Pathfinder 2e rule, since the seed is silent:

- A creature delays during its turn; the rest of that turn (its remaining actions) is
  suspended, and it is out of the order.
- It returns after any other creature's turn ends: it acts at once, and the place it
  returned to is its place in the order from then on (002: 76, "change its initiative").
- If its old place comes round again before it returns, the delayed turn is lost and it
  takes its new turn at its original place (handled by :func:`~.turns.start_turn`).
"""

from __future__ import annotations

from dataclasses import replace

from drawsteel_kit.systems.pf2e.errors import Pf2eError
from drawsteel_kit.systems.pf2e.rules.combatant import READY_ACTIONS, Readied, check_text
from drawsteel_kit.systems.pf2e.rules.encounter import Encounter, EncounterResult, Log, require_open
from drawsteel_kit.systems.pf2e.rules.turns import end_turn

__all__ = ["delay", "ready", "return_from_delay", "use_readied"]


def delay(state: Encounter) -> EncounterResult:
    """The current creature Delays: it leaves the order until it returns (002: 76, 90)."""
    require_open(state)
    name = state.current
    if name is None:
        raise Pf2eError("no turn is in progress: a creature Delays on its own turn")
    log = Log()
    left = state.get(name).actions
    log.say(state, "{0} delays ({n} action{s} kept for when it returns) and leaves the "
            "initiative order.", name, n=left, s="" if left == 1 else "s")
    return log.result(replace(state, delayed=(*state.delayed, name), in_turn=False))


def return_from_delay(state: Encounter, name: str) -> EncounterResult:
    """A delaying creature re-enters after another's turn ends and acts now (002: 76).

    Its new place, right after the creature whose turn just ended, is kept in later rounds.
    """
    require_open(state)
    if name not in state.delayed:
        waiting = ", ".join(state.delayed) or "nobody"
        raise Pf2eError(f"{name} is not delaying; delaying now: {waiting}")
    if state.in_turn:
        raise Pf2eError(f"it is {state.current}'s turn: {name} can return from Delay when "
                        "that turn ends")
    if state.turn_index >= 0 and state.order[state.turn_index] == name:
        raise Pf2eError(f"{name} just delayed: it returns after another creature's turn ends")
    order = [n for n in state.order if n != name]
    index = state.turn_index - (1 if state.order.index(name) <= state.turn_index else 0)
    order.insert(index + 1, name)
    new = replace(state, order=tuple(order), delayed=tuple(d for d in state.delayed if d != name),
                  turn_index=index + 1, in_turn=True)
    log = Log()
    if index >= 0:
        log.say(new, "{0} returns from Delay and acts now, after {1}; that is its place in the "
                "order from now on.", name, order[index])
    else:
        log.say(new, "{0} returns from Delay and acts now, first in the order from now on.",
                name)
    left = new.get(name).actions
    log.say(new, "{0} has {n} action{s} left.", name, n=left, s="" if left == 1 else "s")
    return log.result(new)


def ready(
    state: Encounter,
    action: str,
    trigger: str,
    *,
    attack_penalty: int = 0,
    free_action_with_trigger: bool = False,
) -> EncounterResult:
    """Ready (two actions): name an action and a trigger; the turn ends (002: 102-104).

    If the trigger comes before the creature's next turn starts, it may use the action as
    a reaction (:func:`use_readied`). A free action that already has a trigger cannot be
    readied. A readied attack keeps the multiple attack penalty held now (002: 104).
    Ready does not change the initiative order (002: 76).
    """
    require_open(state)
    name = state.current
    if name is None:
        raise Pf2eError("no turn is in progress: a creature Readies on its own turn")
    if free_action_with_trigger:
        raise Pf2eError(f"{action} is a free action that already has a trigger: it cannot be "
                        "readied (Ready)")
    readied = Readied(action=action, trigger=trigger, attack_penalty=attack_penalty)
    left = state.get(name).actions
    if left < READY_ACTIONS:
        raise Pf2eError(f"Ready takes {READY_ACTIONS} actions; {name} has {left} left")
    new = state.update(name, actions=left - READY_ACTIONS, readied=readied)
    log = Log()
    penalty = f" (multiple attack penalty {attack_penalty})" if attack_penalty else ""
    log.say(new, "{0} readies {action}{penalty} for when {trigger}.", name, action=action,
            penalty=penalty, trigger=trigger)
    ended = end_turn(new)
    return EncounterResult(ended.state, (*log.gm, *ended.lines),
                           (*log.players, *ended.player_lines))


def use_readied(state: Encounter, name: str, note: str = "") -> EncounterResult:
    """The trigger came: the readied action is used as the creature's reaction (002: 103)."""
    require_open(state)
    c = state.get(name)
    if c.readied is None:
        raise Pf2eError(f"{name} has no readied action (it lapses when {name}'s next turn starts)")
    if not c.reaction:
        raise Pf2eError(f"{name} has no reaction left to use the readied {c.readied.action}")
    if note:
        check_text("the note", note)
    log = Log()
    penalty = (f" with multiple attack penalty {c.readied.attack_penalty}"
               if c.readied.attack_penalty else "")
    log.say(state, "{0} uses its readied {action} as a reaction ({trigger}){penalty}{note}.",
            name, action=c.readied.action, trigger=c.readied.trigger, penalty=penalty,
            note=f": {note}" if note else "")
    return log.result(state.update(name, readied=None, reaction=False))
