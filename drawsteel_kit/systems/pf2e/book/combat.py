"""The fight itself as campaign operations: hit points, conditions, checks, Aid, Strikes,
cover and flanking, movement and breath (``campaign.pf2e``, seed 002).

An area of :class:`~drawsteel_kit.systems.pf2e.book.EncounterTracker` (``tracker.combat``),
holding the tracker: each method is one step through its ``write_step`` (one Director event
and one party event, undone together). A d20
is typed in (``face``) or rolled from ``seed``, and recorded either way.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from drawsteel_kit.kit.book.base import check_text
from drawsteel_kit.kit.dice import Dice, dice_for
from drawsteel_kit.kit.limits import did_you_mean, same_name
from drawsteel_kit.systems.pf2e import rules
from drawsteel_kit.systems.pf2e.errors import Pf2eError
from drawsteel_kit.systems.pf2e.rules.encounter import Encounter, EncounterResult

if TYPE_CHECKING:
    from drawsteel_kit.kit.book.base import Happened
    from drawsteel_kit.systems.pf2e.book import EncounterTracker

__all__ = ["Combat", "Recorded", "Step", "who"]

Step = Callable[[Encounter], tuple[EncounterResult, str | None]]
#: What the table chooses for a foe at 0 HP (``settings.foes_at_zero_hp``).
FOES_DIE, FOES_DYING = "die", "dying"


class Recorded:
    """A dice source that keeps the faces it gave, for the event's record."""

    def __init__(self, dice: Dice) -> None:
        self.dice = dice
        self.faces: list[int] = []

    def roll(self, sides: int) -> int:
        face = self.dice.roll(sides)
        self.faces.append(face)
        return face


def with_faces(result: EncounterResult, faces: list[int]) -> EncounterResult:
    """The result with the faces rolled for it."""
    return replace(result, faces=tuple(faces)) if faces else result


def who(state: Encounter, name: object) -> str:
    """A combatant's real name from its name or the name players see (case-insensitive)."""
    # check_text refuses what is not text: a name typed anyhow is checked there
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
    raise Pf2eError(f"no combatant called {text!r} in {state.name}; combatants: {known}"
                    f"{did_you_mean(text, [c.name for c in state.combatants])}")


class Combat:
    """Hit points, conditions, checks, Strikes, cover, movement and breath."""

    def __init__(self, tracker: EncounterTracker) -> None:
        self.tracker = tracker

    def _step(self, ref: int | str | None, kind: str, step: Step, *,
              seed: int | None = None) -> Happened:
        """One step through the tracker's write path (:meth:`EncounterTracker.write_step`)."""
        return self.tracker.write_step(ref, kind, step, seed=seed)

    @property
    def foes_die(self) -> bool:
        """A foe at 0 HP dies (the table's default), or is dying like a PC."""
        return self.tracker.campaign.settings.get("foes_at_zero_hp", FOES_DIE) != FOES_DYING

    def _d20(self, face: int | None, seed: int | None, dice: Dice | None) -> tuple[
            Recorded | None, int | None]:
        if face is not None:
            return None, None
        rolling, used = dice_for(seed, dice)
        return Recorded(rolling), used

    def _rolled(self, ref: int | str | None, kind: str, face: int | None, seed: int | None,
                dice: Dice | None, run: Callable[[Encounter, int], tuple[EncounterResult,
                                                                         str | None]]
                ) -> Happened:
        """A step that needs one d20: typed in, or rolled and recorded."""
        recorded, used = self._d20(face, seed, dice)

        def step(s: Encounter) -> tuple[EncounterResult, str | None]:
            value = face if face is not None else recorded.roll(20)  # type: ignore[union-attr]  # _d20 records when no face
            done, subject = run(s, value)
            return with_faces(done, recorded.faces if recorded else [value]), subject

        return self._step(ref, kind, step, seed=used)

    # -- hit points and conditions ---------------------------------------------------------
    def damage(self, encounter: int | str | None, name: str, amount: int, *,
               critical: bool = False) -> Happened:
        """A creature takes damage; at 0 HP a PC is knocked out and dying (its place moves
        before the creature whose turn it is), a foe dies (or is dying, as the table chose)."""
        return self._step(encounter, "pf2e_damage", lambda s: (rules.damage(
            s, n := who(s, name), amount, critical=critical, foes_die=self.foes_die), n))

    def heal(self, encounter: int | str | None, name: str, amount: int) -> Happened:
        """A creature regains hit points (a dying one stops dying and is wounded 1 more)."""
        return self._step(encounter, "pf2e_healed",
                          lambda s: (rules.heal(s, n := who(s, name), amount), n))

    def set_condition(self, encounter: int | str | None, name: str, condition: str,
                      value: int) -> Happened:
        """Give a creature a condition with a value, change it, or end it (0)."""
        return self._step(encounter, "pf2e_condition", lambda s: (rules.set_condition(
            s, n := who(s, name), condition, value), n))

    # -- checks ----------------------------------------------------------------------------
    def check(self, encounter: int | str | None, name: str, what: str, modifier: int,
              dc: int, *, face: int | None = None, seed: int | None = None,
              dice: Dice | None = None) -> Happened:
        """Any check: d20 + modifier (+ Aid) against a DC, with its degree of success."""
        what = check_text(what, "what the check is")
        return self._rolled(encounter, "pf2e_check", face, seed, dice, lambda s, f: (
            rules.check(s, n := who(s, name), what, modifier, f, dc), n))

    def aid(self, encounter: int | str | None, helper: str, ally: str, modifier: int, *,
            dc: int = rules.AID_DC, critical_bonus: int = 2, face: int | None = None,
            seed: int | None = None, dice: Dice | None = None) -> Happened:
        """Aid (the helper's reaction): the ally's next check or attack takes the result."""
        return self._rolled(encounter, "pf2e_aid", face, seed, dice, lambda s, f: (
            rules.aid(s, n := who(s, helper), who(s, ally), modifier, f, dc=dc,
                      critical_bonus=critical_bonus), n))

    def attack(self, encounter: int | str | None, name: str, modifier: int, *,
               target: str | None = None, ac: int | None = None, agile: bool = False,
               what: str = "Strike", readied: bool = False, face: int | None = None,
               seed: int | None = None, dice: Dice | None = None) -> Happened:
        """An attack roll with the multiple attack penalty of the turn (shared with a
        mount); off the attacker's turn it is a reaction with none."""
        what = check_text(what, "the attack")
        return self._rolled(encounter, "pf2e_attack", face, seed, dice, lambda s, f: (
            rules.attack(s, n := who(s, name), modifier, f,
                         target=who(s, target) if target is not None else None, ac=ac,
                         agile=agile, what=what, readied=readied), n))

    def cover(self, encounter: int | str | None, name: str, cover: str | None) -> Happened:
        """Record a creature's cover (lesser, standard, greater; None: none)."""
        if cover is not None:
            cover = check_text(cover, "the cover").lower()
            cover = None if cover == "none" else cover
        return self._step(encounter, "pf2e_cover",
                          lambda s: (rules.set_cover(s, n := who(s, name), cover), n))

    def flanked(self, encounter: int | str | None, name: str, flanked: bool = True) -> Happened:
        """Record a creature flanked (off-guard, -2 AC), or no longer."""
        return self._step(encounter, "pf2e_flanked",
                          lambda s: (rules.set_off_guard(s, n := who(s, name), flanked), n))

    # -- movement and breath ---------------------------------------------------------------
    def move(self, encounter: int | str | None, name: str, path: str, *,
             speed: int | None = None, step: bool = False) -> Happened:
        """The current creature moves square by square: the feet it costs."""
        path = check_text(path, "the path")
        return self._step(encounter, "pf2e_moved", lambda s: (rules.move(
            s, n := who(s, name), path, speed=speed, step=step), n))

    def hold_breath(self, encounter: int | str | None, name: str, constitution: int) -> Happened:
        """A creature holds its breath: 5 + Constitution modifier rounds of air."""
        return self._step(encounter, "pf2e_breath", lambda s: (rules.hold_breath(
            s, n := who(s, name), constitution), n))

    def lose_air(self, encounter: int | str | None, name: str,
                 rounds: int | None = None) -> Happened:
        """Air lost at once (a critical hit: 1; speaking: all, ``rounds`` None)."""
        return self._step(encounter, "pf2e_air_lost",
                          lambda s: (rules.lose_air(s, n := who(s, name), rounds), n))

    def breathe(self, encounter: int | str | None, name: str) -> Happened:
        """A creature has air again."""
        return self._step(encounter, "pf2e_breathes",
                          lambda s: (rules.breathe(s, n := who(s, name)), n))


def refuse_triggered_free_action(action: str, free_action_with_trigger: bool) -> None:
    """Ready takes a single action or a free action without a trigger of its own (002: 103)."""
    if not isinstance(free_action_with_trigger, bool):
        raise Pf2eError("say whether the action is a free action with a trigger: True or False")
    if free_action_with_trigger:
        raise Pf2eError(f"{action} is a free action that already has a trigger: it cannot be "
                        "readied; use it when its own trigger comes")
