"""Checks typed in at the table: degrees of success, Aid, Strikes with the multiple attack
penalty, and what flanking and cover do to AC.

Seed 002 gives Aid (DC 20; success +1 to the triggering check, critical failure -1; 002:
81-88), the multiple attack penalty's place (a readied attack keeps the penalty held when
readying, 002: 104; an Attack of Opportunity is off its attacker's turn and takes none, 002:
146; a rider and mount share one, the mount's attack after the rider's is at -5, 002: 226),
flanking (off-guard: -2 AC, 002: 197) and cover (+1, +2, +4, 002: 199-205). It names degrees
of success (success, critical failure) without saying how they are reached: the rule used is
the published one (Player Core, "Degrees of Success"): 10 or more over the DC is a critical
success, 10 or more under a critical failure, and a natural 20 or 1 on the die moves the
result one step up or down. The full penalty ladder (-5, -10; agile -4, -8) and Aid's
critical success (+2) are Player Core's as well.
"""

from __future__ import annotations

from dataclasses import replace

from drawsteel_kit.systems.pf2e.errors import Pf2eError
from drawsteel_kit.systems.pf2e.rules.combatant import COVERS, Combatant, check_int, check_text
from drawsteel_kit.systems.pf2e.rules.encounter import Encounter, EncounterResult, Log, require_open

__all__ = [
    "AGILE_PENALTIES",
    "AID_CRITICAL_BONUS",
    "AID_DC",
    "AID_RESULTS",
    "ATTACK_PENALTIES",
    "CRITICAL_MARGIN",
    "DEGREES",
    "OFF_GUARD_AC",
    "aid",
    "attack",
    "attack_penalty",
    "check",
    "degree_of_success",
    "set_cover",
    "set_off_guard",
    "target_ac",
]

#: The four degrees of success, worst first.
DEGREES = ("critical failure", "failure", "success", "critical success")
#: A result 10 over the DC or more is a critical success, 10 under or more a critical
#: failure (Player Core; seed 002 names the degrees, 002: 87-88, 113-119).
CRITICAL_MARGIN = 10
#: A natural 20 moves the degree one step up, a natural 1 one step down (Player Core).
NATURAL_HIGH, NATURAL_LOW = 20, 1
#: Aid: the usual DC is 20 (002: 85); success +1 (002: 87), critical failure -1 (002: 88);
#: a critical success +2 (Player Core; +3 at master, +4 at legendary: ``critical_bonus``).
AID_DC = 20
AID_CRITICAL_BONUS = 2
AID_RESULTS = {"critical failure": -1, "failure": 0, "success": 1}
#: The multiple attack penalty for the 1st, 2nd, 3rd+ attack of a turn: -5 for the second
#: (002: 226), -10 from the third on; with an agile weapon -4 and -8 (Player Core).
ATTACK_PENALTIES = (0, -5, -10)
AGILE_PENALTIES = (0, -4, -8)
#: Flanked: off-guard to the flankers, a -2 circumstance penalty to AC (002: 197).
OFF_GUARD_AC = -2


def degree_of_success(total: int, dc: int, face: int | None = None) -> str:
    """The degree of success of a check: ``total`` against ``dc``, ``face`` the d20 shown."""
    check_int("the check's result", total)
    check_int("the DC", dc)
    step = 3 if total >= dc + CRITICAL_MARGIN else 2 if total >= dc else \
        0 if total <= dc - CRITICAL_MARGIN else 1
    if face is not None:
        check_int("the d20", face, low=1)
        if face > NATURAL_HIGH:
            raise Pf2eError(f"a d20 shows 1-20, got {face}")
        step += 1 if face == NATURAL_HIGH else -1 if face == NATURAL_LOW else 0
    return DEGREES[min(3, max(0, step))]


def _face(face: int) -> int:
    value = check_int("the d20", face, low=1)
    if value > NATURAL_HIGH:
        raise Pf2eError(f"a d20 shows 1-20, got {value}")
    return value


def _active(state: Encounter, name: str) -> Combatant:
    c = state.get(name)
    if c.status != "active":
        raise Pf2eError(f"{name} is {c.status} and no longer in the encounter")
    return c


def _with_aid(c: Combatant, log: Log, state: Encounter) -> tuple[int, Combatant]:
    if c.aid:
        log.say(state, "{0}'s Aid counts: {a:+d}.", c.name, a=c.aid)
    return c.aid, replace(c, aid=0)


def check(state: Encounter, name: str, what: str, modifier: int, face: int,
          dc: int) -> EncounterResult:
    """A check typed in: d20 + modifier (+ a pending Aid) against a DC, and its degree."""
    require_open(state)
    c = _active(state, name)
    check_text("what the check is", what)
    check_int("the modifier", modifier)
    face, log = _face(face), Log()
    bonus, c = _with_aid(c, log, state)
    total = face + modifier + bonus
    degree = degree_of_success(total, check_int("the DC", dc), face)
    log.say(state, "{0}'s {what}: d20 {f} {m:+d}{b} = {t} against DC {dc}: {deg}.", name,
            what=what, f=face, m=modifier, b=f" {bonus:+d}" if bonus else "", t=total, dc=dc,
            deg=degree)
    return log.result(state.with_combatant(c))


def aid(state: Encounter, helper: str, ally: str, modifier: int, face: int, *,
        dc: int = AID_DC, critical_bonus: int = AID_CRITICAL_BONUS) -> EncounterResult:
    """Aid (a reaction, 002: 81-88): the helper's check against DC 20 gives the ally's next
    check +1 on a success, ``critical_bonus`` on a critical success, -1 on a critical
    failure."""
    require_open(state)
    h = _active(state, helper)
    _active(state, ally)
    if helper == ally:
        raise Pf2eError(f"{helper} cannot Aid themself: Aid helps an ally")
    if not h.reaction:
        raise Pf2eError(f"{helper} has no reaction left for Aid; it comes back at the start "
                        f"of {helper}'s next turn")
    check_int("Aid's critical bonus", critical_bonus, low=1)
    face, log = _face(face), Log()
    total = face + check_int("the modifier", modifier)
    degree = degree_of_success(total, check_int("the DC", dc), face)
    given = critical_bonus if degree == "critical success" else AID_RESULTS[degree]
    log.say(state, "{0} Aids {1}: d20 {f} {m:+d} = {t} against DC {dc}: {deg}; {1}'s next "
            "check {eff}.", helper, ally, f=face, m=modifier, t=total, dc=dc, deg=degree,
            eff=f"takes {given:+d}" if given else "is unchanged")
    new = state.update(helper, reaction=False)
    return log.result(new.update(ally, aid=given) if given else new)


def _holder(state: Encounter, name: str) -> str:
    """Whose count the multiple attack penalty follows: a mount shares its rider's (002: 226)."""
    return state.get(name).rider or name


def attack_penalty(state: Encounter, name: str, *, agile: bool = False) -> int:
    """The multiple attack penalty ``name``'s next attack on its turn takes now."""
    held = state.get(_holder(state, name)).attacks
    ladder = AGILE_PENALTIES if agile else ATTACK_PENALTIES
    return ladder[min(held, len(ladder) - 1)]


def target_ac(c: Combatant) -> int | None:
    """A creature's AC with its cover and off-guard counted (002: 197, 199-205)."""
    if c.ac is None:
        return None
    return c.ac + (COVERS[c.cover] if c.cover else 0) + (OFF_GUARD_AC if c.off_guard else 0)


def attack(state: Encounter, attacker: str, modifier: int, face: int, *,
           target: str | None = None, ac: int | None = None, agile: bool = False,
           what: str = "Strike", readied: bool = False) -> EncounterResult:
    """An attack roll typed in: d20 + modifier + the multiple attack penalty (+ Aid).

    On the attacker's turn (or its rider's, for a mount) the penalty counts that turn's
    attacks. Off its turn the attack is a reaction and takes none (002: 146), unless it is
    the ``readied`` attack, which keeps the penalty held when readying (002: 104). Against
    ``target`` with a tracked AC the result is graded (cover and off-guard counted), or
    against ``ac`` typed in.
    """
    require_open(state)
    c = _active(state, attacker)
    check_text("the attack", what)
    check_int("the attack modifier", modifier)
    face, log = _face(face), Log()
    holder = _holder(state, attacker)
    own_turn = state.current is not None and state.current == holder and not readied
    if readied:
        if c.readied is None:
            raise Pf2eError(f"{attacker} has no readied action")
        if not c.reaction:
            raise Pf2eError(f"{attacker} has no reaction left to use the readied action")
        penalty, note = c.readied.attack_penalty, "readied"
    elif own_turn:
        penalty = attack_penalty(state, attacker, agile=agile)
        note = ["first attack", "second attack", "third attack or more"][
            min(state.get(holder).attacks, 2)]
    else:
        if not c.reaction:
            raise Pf2eError(f"it is not {attacker}'s turn, so the attack is a reaction, and "
                            f"{attacker} has none left")
        penalty, note = 0, "a reaction: no multiple attack penalty"
    bonus, c = _with_aid(c, log, state)
    new = state.with_combatant(c)
    total = face + modifier + penalty + bonus
    defender = new.get(target) if target is not None else None
    if defender is not None:
        _active(new, defender.name)
    graded = ac if ac is not None else (target_ac(defender) if defender else None)
    vs = degree = ""
    if graded is not None:
        degree = ": " + degree_of_success(total, check_int("the AC", graded), face)
        vs = f" against AC {graded}"
    names = (attacker, *([target] if target else []))
    log.say(new, "{0}'s {what}" + (" at {1}" if target else "") +
            " ({note}): d20 {f} {m:+d}{p}{b} = {t}{vs}{deg}.", *names, what=what, note=note,
            f=face, m=modifier, p=f" {penalty:+d}" if penalty else "",
            b=f" {bonus:+d}" if bonus else "", t=total, vs=vs, deg=degree,
            players="{0}'s {what}" + (" at {1}" if target else "") + ": {t}{deg}.")
    if readied:
        new = new.update(attacker, readied=None, reaction=False)
    elif own_turn:
        new = new.update(holder, attacks=new.get(holder).attacks + 1)
    else:
        new = new.update(attacker, reaction=False)
    return log.result(new)


def set_cover(state: Encounter, name: str, cover: str | None) -> EncounterResult:
    """Record the cover a creature has against the attacks now made (002: 199-207)."""
    require_open(state)
    c = _active(state, name)
    if cover is not None and cover not in COVERS:
        raise Pf2eError(f"cover is {', '.join(COVERS)} (or none), got {cover!r}")
    if c.cover == cover:
        raise Pf2eError(f"{name} already has {cover or 'no'} cover")
    log = Log()
    if cover:
        extra = "" if cover == "lesser" else ", Reflex saves against areas and Stealth"
        log.say(state, "{0} has {cover} cover: +{n} to AC{extra}.", name, cover=cover,
                n=COVERS[cover], extra=extra)
    else:
        log.say(state, "{0} has no cover now.", name)
    return log.result(state.update(name, cover=cover))


def set_off_guard(state: Encounter, name: str, off_guard: bool = True) -> EncounterResult:
    """Record a creature flanked (off-guard, -2 AC, 002: 197) or no longer."""
    require_open(state)
    c = _active(state, name)
    if not isinstance(off_guard, bool):
        raise Pf2eError("off-guard is True or False")
    if c.off_guard == off_guard:
        raise Pf2eError(f"{name} is {'already' if off_guard else 'not'} off-guard")
    log = Log()
    log.say(state, "{0} is flanked: off-guard, -2 to AC." if off_guard else
            "{0} is no longer off-guard.", name)
    return log.result(state.update(name, off_guard=off_guard))
