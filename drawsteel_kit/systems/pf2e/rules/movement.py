"""Movement on the grid (diagonals, difficult terrain) and holding breath (seed 002: 147-154,
183-187, 239-241)."""

from __future__ import annotations

import re

from drawsteel_kit.systems.pf2e.errors import Pf2eError
from drawsteel_kit.systems.pf2e.rules.combatant import check_int, check_text
from drawsteel_kit.systems.pf2e.rules.encounter import Encounter, EncounterResult, Log, require_open

__all__ = [
    "AIR_BASE",
    "DIFFICULT_EXTRA",
    "GREATER_DIFFICULT_EXTRA",
    "SQUARE_FEET",
    "SUFFOCATION_DC",
    "breath_at_end_of_turn",
    "breathe",
    "hold_breath",
    "lose_air",
    "move",
    "movement_cost",
]

#: A square is 5 feet; the 1st diagonal of a turn costs 5 feet, the 2nd 10, and so on,
#: alternating; the count resets at the end of the turn (002: 153-154).
SQUARE_FEET = 5
DIAGONAL_EVEN_FEET = 10
#: Difficult terrain: 5 feet more per square, greater difficult 10 more; diagonals do not
#: raise it; one cannot Step into difficult terrain (002: 186).
DIFFICULT_EXTRA = 5
GREATER_DIFFICULT_EXTRA = 10
#: Holding breath: 5 + Constitution modifier rounds of air; 1 is lost at the end of each
#: turn, 2 if the creature attacked or cast a spell that turn (002: 240).
AIR_BASE = 5
AIR_PER_TURN, AIR_PER_BUSY_TURN = 1, 2
#: Out of air: unconscious, suffocating; at the end of each turn a DC 20 Fortitude save,
#: failure 1d10 damage, critical failure death; each later save DC +5 and 1d10 more (002: 241).
SUFFOCATION_DC, SUFFOCATION_DC_STEP = 20, 5
SUFFOCATION_DIE = 10

_SQUARE = re.compile(r"([sd])(!{0,2})")


def movement_cost(path: str, diagonals_before: int = 0, *, step: bool = False) -> tuple[
        int, int]:
    """Feet spent along ``path`` and the turn's diagonal count after it.

    ``path`` lists squares: ``s`` straight, ``d`` diagonal, ``!`` difficult terrain, ``!!``
    greater difficult terrain (``s d d! s!!``).
    """
    text = check_text("the path", path).lower()
    squares = [t for t in re.split(r"[\s,]+", text) if t]
    feet, diagonals = 0, check_int("the diagonals so far", diagonals_before, low=0)
    for token in squares:
        found = _SQUARE.fullmatch(token)
        if not found:
            raise Pf2eError(f"a square is s (straight) or d (diagonal), with ! for difficult "
                            f"terrain or !! for greater difficult terrain; got {token!r}")
        kind, rough = found.groups()
        if step and rough:
            raise Pf2eError("one cannot Step into difficult terrain")
        if kind == "d":
            diagonals += 1
            feet += DIAGONAL_EVEN_FEET if diagonals % 2 == 0 else SQUARE_FEET
        else:
            feet += SQUARE_FEET
        feet += {"": 0, "!": DIFFICULT_EXTRA, "!!": GREATER_DIFFICULT_EXTRA}[rough]
    return feet, diagonals


def move(state: Encounter, name: str, path: str, *, speed: int | None = None,
         step: bool = False) -> EncounterResult:
    """The current creature (or its mount) moves along ``path``: the feet it costs, refused
    beyond ``speed`` when given."""
    require_open(state)
    c = state.get(name)
    if state.current not in (name, c.rider) or state.current is None:
        raise Pf2eError(f"{name} moves on its own turn; it is "
                        f"{state.current or 'nobody'}'s turn")
    feet, diagonals = movement_cost(path, c.diagonals, step=step)
    if speed is not None and feet > check_int("the Speed", speed, low=0):
        raise Pf2eError(f"that path costs {feet} feet, more than {name}'s Speed of {speed} "
                        "feet")
    log = Log()
    squares = len([t for t in re.split(r"[\s,]+", path.strip()) if t])
    log.say(state, "{0} {verb} {n} square{s}: {feet} feet.", name,
            verb="Steps" if step else "moves", n=squares, s="" if squares == 1 else "s",
            feet=feet)
    return log.result(state.update(name, diagonals=diagonals))


def hold_breath(state: Encounter, name: str, constitution: int) -> EncounterResult:
    """A creature starts holding its breath: 5 + Constitution modifier rounds of air."""
    require_open(state)
    check_int("the Constitution modifier", constitution)
    check_int(f"{AIR_BASE} + the Constitution modifier (the rounds of air)",
              AIR_BASE + constitution)  # the air is kept: too much is refused for what was typed
    if state.get(name).air is not None:
        raise Pf2eError(f"{name} is already holding its breath")
    air = max(0, AIR_BASE + constitution)
    log = Log()
    log.say(state, "{0} holds its breath: {n} rounds of air.", name, n=air)
    return log.result(state.update(name, air=air, suffocation=0))


def lose_air(state: Encounter, name: str, rounds: int | None = None) -> EncounterResult:
    """Air lost at once: 1 round for a critical hit taken or a critical failure against a
    damaging effect, all of it for speaking (002: 240). ``rounds`` None: all."""
    require_open(state)
    c = state.get(name)
    if c.air is None:
        raise Pf2eError(f"{name} is not holding its breath")
    lost = c.air if rounds is None else check_int("the rounds of air lost", rounds, low=1)
    air = max(0, c.air - lost)
    log = Log()
    log.say(state, "{0} loses {n} round{s} of air: {a} left.", name, n=lost,
            s="" if lost == 1 else "s", a=air)
    if air == 0 and c.air:
        log.say(state, "{0} is out of air: unconscious and suffocating.", name)
    return log.result(state.update(name, air=air))


def breathe(state: Encounter, name: str) -> EncounterResult:
    """Air again: no longer suffocating, nor unconscious from it (002: 241)."""
    require_open(state)
    if state.get(name).air is None:
        raise Pf2eError(f"{name} is not holding its breath")
    log = Log()
    log.say(state, "{0} breathes again.", name)
    return log.result(state.update(name, air=None, suffocation=0))


def breath_at_end_of_turn(state: Encounter, name: str, log: Log, *, busy: bool) -> Encounter:
    """End of turn: air goes down (2 if ``busy``: attacked or cast a spell); out of air, the
    suffocation save with its DC and damage."""
    c = state.get(name)
    if c.air is None:
        return state
    if c.air > 0:
        air = max(0, c.air - (AIR_PER_BUSY_TURN if busy else AIR_PER_TURN))
        log.say(state, "{0} has {a} round{s} of air left.", name, a=air,
                s="" if air == 1 else "s")
        if air == 0:
            log.say(state, "{0} is out of air: unconscious and suffocating.", name)
        return state.update(name, air=air)
    dc = SUFFOCATION_DC + SUFFOCATION_DC_STEP * c.suffocation
    log.say(state, "{0} is suffocating: a Fortitude save against DC {dc}; failure: {n}d{d} "
            "damage; critical failure: death.", name, dc=dc, n=c.suffocation + 1,
            d=SUFFOCATION_DIE)
    return state.update(name, suffocation=c.suffocation + 1)
