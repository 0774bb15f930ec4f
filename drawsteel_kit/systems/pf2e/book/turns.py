"""Turns as campaign operations: start and end of turn, actions, reactions, Delay and Ready,
durations and persistent damage (``campaign.pf2e``, seed 002: 52-71, 75-76, 102-104).

An area of :class:`~drawsteel_kit.systems.pf2e.book.EncounterTracker` (``tracker.turns``),
holding the tracker; each method is one step through its ``write_step``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from drawsteel_kit.kit.book.base import check_text
from drawsteel_kit.kit.dice import Dice, dice_for
from drawsteel_kit.systems.pf2e import rules
from drawsteel_kit.systems.pf2e.book.combat import (
    Recorded,
    Step,
    refuse_triggered_free_action,
    who,
    with_faces,
)
from drawsteel_kit.systems.pf2e.rules.encounter import Encounter, EncounterResult

if TYPE_CHECKING:
    from drawsteel_kit.kit.book.base import Happened
    from drawsteel_kit.systems.pf2e.book import EncounterTracker

__all__ = ["Turns"]


class Turns:
    """Turns, Delay and Ready, durations and persistent damage."""

    def __init__(self, tracker: EncounterTracker) -> None:
        self.tracker = tracker

    def _step(self, ref: int | str | None, kind: str, step: Step, *,
              seed: int | None = None) -> Happened:
        """One step through the tracker's write path (:meth:`EncounterTracker.write_step`)."""
        return self.tracker.write_step(ref, kind, step, seed=seed)

    # -- turns -----------------------------------------------------------------------------
    def start_turn(self, encounter: int | str | None = None, *, can_act: bool = True,
                   action_adjustment: int = 0, recovery: int | None = None,
                   seed: int | None = None, dice: Dice | None = None) -> Happened:
        """The next creature's turn: durations count down, a dying creature's recovery check
        (``recovery``: the d20 typed in, else rolled), 3 actions and 1 reaction back."""
        rolling, used = dice_for(seed, dice)
        recorded = Recorded(rolling)

        def step(s: Encounter) -> tuple[EncounterResult, str | None]:
            face = recovery
            if face is None and s.order and not s.in_turn:
                slot = s.turn_index + 1 if s.turn_index + 1 < len(s.order) else 0
                if s.get(s.order[slot]).dying:
                    face = recorded.roll(20)
            done = rules.start_turn(s, can_act=can_act, action_adjustment=action_adjustment,
                                    recovery=face)
            return with_faces(done, recorded.faces), done.state.current
        return self._step(encounter, "pf2e_turn_started", step, seed=used)

    def end_turn(self, encounter: int | str | None = None, *, cast_spell: bool = False,
                 seed: int | None = None, dice: Dice | None = None) -> Happened:
        """End the current turn in the text's order: persistent damage (rolled) and its flat
        check, saves, then conditions (frightened -1, air) and end-of-turn durations."""
        rolling, used = dice_for(seed, dice)
        recorded = Recorded(rolling)

        def step(s: Encounter) -> tuple[EncounterResult, str | None]:
            done = rules.end_turn(s, recorded, cast_spell=cast_spell,
                                  foes_die=self.tracker.combat.foes_die)
            return with_faces(done, recorded.faces), s.current
        return self._step(encounter, "pf2e_turn_ended", step, seed=used)

    def use_actions(self, encounter: int | str | None, count: int = 1,
                    what: str = "an action") -> Happened:
        """The current creature spends actions (its turn ends when none are left)."""
        what = check_text(what, "what the actions are for")
        return self._step(encounter, "pf2e_actions",
                          lambda s: (rules.use_actions(s, count, what), s.current))

    def use_reaction(self, encounter: int | str | None, name: str,
                     what: str = "a reaction") -> Happened:
        """A creature uses its one reaction."""
        what = check_text(what, "what the reaction is")
        return self._step(encounter, "pf2e_reaction",
                          lambda s: (rules.use_reaction(s, n := who(s, name), what), n))

    def delay(self, encounter: int | str | None = None) -> Happened:
        """The current creature Delays: out of the order until it returns."""
        return self._step(encounter, "pf2e_delayed", lambda s: (rules.delay(s), s.current))

    def return_from_delay(self, encounter: int | str | None, name: str) -> Happened:
        """A delaying creature returns after another's turn and keeps that place."""
        return self._step(encounter, "pf2e_returned",
                          lambda s: (rules.return_from_delay(s, n := who(s, name)), n))

    def ready(self, encounter: int | str | None, action: str, trigger: str, *,
              attack_penalty: int | None = None,
              free_action_with_trigger: bool = False) -> Happened:
        """Ready (2 actions): an action for a trigger; the turn ends. A readied attack keeps
        the multiple attack penalty held now (``attack_penalty``: that of the turn so far).
        A free action that already has a trigger is refused."""
        action = check_text(action, "the readied action")
        trigger = check_text(trigger, "the trigger")
        refuse_triggered_free_action(action, free_action_with_trigger)

        def step(s: Encounter) -> tuple[EncounterResult, str | None]:
            held = attack_penalty
            if held is None:
                held = rules.attack_penalty(s, s.current) if s.current else 0
            return rules.ready(s, action, trigger, attack_penalty=held), s.current
        return self._step(encounter, "pf2e_readied", step)

    def use_readied(self, encounter: int | str | None, name: str, note: str = "") -> Happened:
        """The trigger came: the readied action is used as a reaction."""
        note = check_text(note, "the note")
        return self._step(encounter, "pf2e_readied_used",
                          lambda s: (rules.use_readied(s, n := who(s, name), note), n))

    # -- durations -------------------------------------------------------------------------
    def add_effect(self, encounter: int | str | None, holder: str, effect: str, rounds: int, *,
                   ticks: str = rules.TICK_START, on: str | None = None,
                   save: str | None = None) -> Happened:
        """Track an effect on the creature whose turns count it down; ``save``: the save
        its holder attempts at the end of each turn ("Fortitude DC 16")."""
        effect = check_text(effect, "the effect's name")
        save = check_text(save, "the save") or None if save is not None else None
        return self._step(encounter, "pf2e_effect_added", lambda s: (rules.add_effect(
            s, n := who(s, holder), effect, rounds, ticks=ticks,
            on=who(s, on) if on else None, save=save), n))

    def remove_effect(self, encounter: int | str | None, holder: str, effect: str) -> Happened:
        """End a tracked effect early."""
        effect = check_text(effect, "the effect's name")
        return self._step(encounter, "pf2e_effect_removed", lambda s: (rules.remove_effect(
            s, n := who(s, holder), effect), n))

    def add_persistent(self, encounter: int | str | None, name: str, damage: str,
                       damage_type: str) -> Happened:
        """Persistent damage: a reminder at the end of each of its turns."""
        damage = check_text(damage, "the persistent damage")
        damage_type = check_text(damage_type, "the damage type")
        return self._step(encounter, "pf2e_persistent_added", lambda s: (rules.add_persistent(
            s, n := who(s, name), damage, damage_type), n))

    def end_persistent(self, encounter: int | str | None, name: str,
                       damage_type: str) -> Happened:
        """Persistent damage ends (the flat check succeeded, or it was treated)."""
        damage_type = check_text(damage_type, "the damage type")
        return self._step(encounter, "pf2e_persistent_ended", lambda s: (rules.end_persistent(
            s, n := who(s, name), damage_type), n))
