"""Pathfinder 2e encounter tracking as campaign operations (``campaign.pf2e``, seed 002).

An encounter is two sheets: ``encounter:<n>`` (the Director's: the true state, real names)
and ``encounter-view:<n>`` (the party's: what players see, unidentified enemies under the
names they know). Every step is one operation writing a Director event (the GM's lines, the
state before/after, the dice and seed) and a party event (the players' lines, the view
before/after) with one operation id, so undoing either undoes both, and a player page or a
party export never holds a hidden name. The rules themselves are
:mod:`drawsteel_kit.systems.pf2e`'s.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from drawsteel_kit.kit.book.base import Happened, check_count, check_text, operation
from drawsteel_kit.kit.book.sheets import (
    RUNNING,
    SheetState,
    SystemBook,
    insert_sheet_op,
    update_sheet_op,
)
from drawsteel_kit.kit.dice import Dice, dice_for
from drawsteel_kit.kit.ledger import DIRECTOR, PARTY
from drawsteel_kit.kit.limits import same_name
from drawsteel_kit.kit.words import plural
from drawsteel_kit.systems.pf2e import rules
from drawsteel_kit.systems.pf2e.book.combat import Combat, who
from drawsteel_kit.systems.pf2e.book.turns import Turns
from drawsteel_kit.systems.pf2e.party_view import encounter_lines, party_record, view_data
from drawsteel_kit.systems.pf2e.rules import Encounter, EncounterResult, PcTieUnresolved, Pf2eError

if TYPE_CHECKING:
    from drawsteel_kit.kit.book.campaign import BaseCampaign

__all__ = ["ENCOUNTER", "RUNNING", "VIEW", "EncounterInfo", "EncounterTracker"]

ENCOUNTER, VIEW = "encounter", "encounter-view"
ENDED = "ended"
#: Ours: most identical creatures added in one go; bounds that catch typos in a foe's numbers
#: (the published creatures stay well inside).
MAX_COUNT = 50
MAX_HP, MAX_AC = 9999, 99

Step = Callable[[Encounter], tuple[EncounterResult, str | None]]


@dataclass(frozen=True)
class EncounterInfo:
    """One encounter as the Director sees it: its number, state and (once ended) record."""

    number: int
    name: str
    status: str
    state: Encounter
    record: dict[str, Any] | None = None


def _typed(state: Encounter, typed: Mapping[str, int | str]) -> dict[str, int]:
    """Typed-in initiative: a total (17) or the d20 face rolled at the table ('d12')."""
    if not isinstance(typed, Mapping):
        raise Pf2eError(f"typed initiative is NAME=TOTAL pairs, got {typed!r}")
    units = {c.group or c.name: c for c in state.combatants if c.status == "active"}
    out: dict[str, int] = {}
    for key, value in typed.items():
        text = check_text(key, "a name in typed initiative")
        unit = next((u for u in units if same_name(u, text)), None)
        unit = unit or who(state, text)
        if isinstance(value, str) and value.strip().lower().startswith("d"):
            face = value.strip()[1:]
            if not face.isdecimal() or not 1 <= int(face) <= rules.INITIATIVE_DIE:
                raise Pf2eError(f"{text}: a d{rules.INITIATIVE_DIE} shows 1-"
                                f"{rules.INITIATIVE_DIE}, got {value!r}")
            out[unit] = int(face) + units.get(unit, state.get(unit)).initiative_modifier
        elif isinstance(value, str) and re.fullmatch(r"-?\d+", value.strip()):
            out[unit] = int(value.strip())
        elif isinstance(value, int) and not isinstance(value, bool):
            out[unit] = value
        else:
            raise Pf2eError(f"{text}'s typed initiative is a total (17) or the die rolled "
                            f"(d12), got {value!r}")
    return out


class EncounterTracker(SystemBook):
    """Pathfinder 2e encounters: roster, initiative, turns, durations, Delay, the record.

    The area a Pathfinder 2e campaign holds as ``campaign.book``; it holds two areas of its
    own, the turns (``turns``) and the fight (``combat``), whose steps it hands on."""

    SYSTEM = "pf2e"
    MEMBER_KIND = "character"

    def __init__(self, campaign: BaseCampaign) -> None:
        super().__init__(campaign)
        self.turns = Turns(self)
        self.combat = Combat(self)

    # -- reading ---------------------------------------------------------------------------
    def encounters(self) -> list[EncounterInfo]:
        """Every encounter, oldest first, as the Director sees it."""
        return [self._info(s) for s in self.sheets(ENCOUNTER)]

    def current(self) -> EncounterInfo | None:
        """The newest running encounter, or None."""
        running = [s for s in self.sheets(ENCOUNTER) if s.status == RUNNING]
        return self._info(running[-1]) if running else None

    def encounter(self, ref: int | str | None = None) -> EncounterInfo:
        """One encounter by number or name (None: the current one)."""
        return self._info(self._find(ref))

    def status_lines(self) -> list[str]:
        lines = [f"{s.name}: {s.data['hp']}/{s.data['max_hp']} HP, level {s.data['level']}"
                 for s in self.sheets(self.MEMBER_KIND)]
        for info in self.encounters():
            if info.status == RUNNING:
                lines.append(f"Encounter {info.number} ({info.name}): "
                             + "; ".join(encounter_lines(info.state)))
            else:
                lines.append(f"Encounter {info.number} ({info.name}): ended after "
                             f"{plural((info.record or {}).get('rounds', 0), 'round')}")
        return lines

    def _info(self, sheet: SheetState) -> EncounterInfo:
        return EncounterInfo(int(sheet.key.split(":")[1]), sheet.name, sheet.status,
                             Encounter.from_dict(sheet.data["state"]), sheet.data.get("record"))

    def _find(self, ref: int | str | None) -> SheetState:
        return self.numbered_sheet(ENCOUNTER, ref, noun="encounter", starter="new_encounter",
                                   error=Pf2eError)

    # -- the write path --------------------------------------------------------------------
    @operation
    def write_step(self, ref: int | str | None, kind: str, step: Step, *,
                   seed: int | None = None, ending: bool = False) -> Happened:
        """One step of an encounter (``step``: the rules' change) as one operation: the
        Director's event and the party's, undone together."""
        sheet = self._find(ref)
        view = self.sheet(f"{VIEW}:{sheet.key.split(':')[1]}")
        if sheet.status != RUNNING:
            raise Pf2eError(f"{sheet.name} has ended; start a new encounter")
        before = self._pcs_from_sheets(Encounter.from_dict(sheet.data["state"]))
        result, subject = step(before)
        state, record = result.state, getattr(result, "record", None)
        full = record.as_dict() if record is not None else None
        shown = party_record(full, state) if full is not None else None
        status = ENDED if ending else None
        pc_ops = self._pc_sheet_ops(state, (full or {}).get("xp", 0))
        reveal = bool(self.campaign.settings.get("reveal_foes", False))
        members = set(self.campaign.members)
        actor = subject if subject in members else None
        number = int(sheet.key.split(":")[1])
        extra = {"record": full} if full else {}
        with self._writing() as w:
            w.event(kind, [update_sheet_op(sheet, data={"state": state.as_dict(),
                                                        "record": full}, status=status)],
                    summary=_summary(sheet.name, result.lines), actor=actor,
                    payload={"encounter": number, "lines": list(result.lines), **extra},
                    visibility=DIRECTOR, seed=seed, dice=list(result.faces) or None)
            w.event(kind, [update_sheet_op(view, data=view_data(state, shown, reveal_foes=reveal),
                                           status=status), *pc_ops],
                    summary=_summary(sheet.name, result.player_lines), actor=actor,
                    payload={"encounter": number, "lines": list(result.player_lines),
                             **({"record": shown} if shown else {})}, visibility=PARTY)
        return Happened(kind, _summary(sheet.name, result.lines), tuple(w.written),
                        {"encounter": number, "lines": list(result.lines),
                         "player_lines": list(result.player_lines),
                         "faces": list(result.faces), "record": full})

    def _pcs_from_sheets(self, state: Encounter) -> Encounter:
        """A PC's hit points are its sheet's (``pf2e hp`` may have changed them)."""
        members = set(self.campaign.members)
        for c in state.combatants:
            if c.pc and c.hp is not None and c.status == "active" and c.name in members:
                data = self.member_sheet(c.name).data
                hp, top = int(data["hp"]), int(data["max_hp"])
                if (hp, top) != (c.hp, c.max_hp):
                    state = state.update(c.name, hp=min(hp, top), max_hp=top)
        return state

    def _pc_sheet_ops(self, state: Encounter, xp: int) -> list[Any]:
        """The PCs' sheets brought in line: hit points taken in the fight, XP awarded."""
        ops = []
        fighting = {c.name: c.hp for c in state.combatants if c.pc and c.hp is not None}
        for sheet in self.sheets(self.MEMBER_KIND):
            data = dict(sheet.data)
            if fighting.get(sheet.name) is not None:
                data["hp"] = fighting[sheet.name]
            if xp:
                data["xp"] = int(data.get("xp", 0)) + xp
            if data != sheet.data:
                ops.append(update_sheet_op(sheet, data=data))
        return ops

    @operation
    def new_encounter(self, name: str) -> Happened:
        """Start an encounter (its two sheets); add combatants, then roll initiative."""
        state = rules.new_encounter(check_text(name, "the encounter's name", name=True))
        clash = [s for s in self.sheets(ENCOUNTER, status=RUNNING)
                 if same_name(s.name, state.name)]
        if clash:
            raise Pf2eError(f"encounter {clash[0].key.split(':')[1]} is already called "
                            f"{state.name!r} and still running; end it or pick another name")
        number = 1 + max((int(s.key.split(":")[1]) for s in self.sheets()
                          if s.kind == ENCOUNTER), default=0)
        with self._writing() as w:
            for key, kind, data, seen in (
                    (f"{ENCOUNTER}:{number}", ENCOUNTER, {"state": state.as_dict(),
                                                          "record": None}, DIRECTOR),
                    (f"{VIEW}:{number}", VIEW, view_data(state, None), PARTY)):
                w.event("pf2e_encounter_started", [insert_sheet_op(
                    key, self.SYSTEM, kind, state.name, data, day=w.day, status=RUNNING,
                    visibility=seen)], summary=f"Encounter {number} begins: {state.name}",
                    payload={"encounter": number}, visibility=seen)
        return Happened("pf2e_encounter_started", f"Encounter {number} begins: {state.name}",
                        tuple(w.written), {"encounter": number})

    # -- the roster ------------------------------------------------------------------------
    def add_pc(self, encounter: int | str | None, name: str, *,
               skill: str | None = None) -> Happened:
        """Add a PC from campaign.yaml, rolling ``skill`` (the table's initiative check)."""
        pc = self.member_sheet(name)
        check = check_text(skill or str(self.campaign.settings.get(
            "initiative_skill", rules.DEFAULT_INITIATIVE_SKILL)), "the initiative skill")
        skills = {rules.DEFAULT_INITIATIVE_SKILL: pc.data["perception"],
                  **pc.data.get("initiative_skills", {})}
        found = [s for s in skills if s.casefold() == check.casefold()]
        if not found:
            raise Pf2eError(f"{pc.name} has no {check!r} modifier in campaign.yaml; they roll "
                            f"{', '.join(skills)}")
        return self.write_step(encounter, "pf2e_combatant_added", lambda s: (rules.add_combatant(
            s, pc.name, rules.PC, initiative_modifier=skills[found[0]],
            initiative_skill=found[0], hp=int(pc.data["hp"]), max_hp=int(pc.data["max_hp"]),
            ac=pc.data.get("ac")), pc.name))

    def add_creature(self, encounter: int | str | None, name: str, modifier: int, *,
                     group: str | None = None, shown_as: str | None = None, count: int = 1,
                     skill: str = rules.DEFAULT_INITIATIVE_SKILL, hp: int | None = None,
                     ac: int | None = None, rider: str | None = None) -> Happened:
        """Add an enemy, or ``count`` identical ones (``Name 1``..., one initiative group);
        ``shown_as`` is what players call it until identified; ``hp`` and ``ac`` are the
        GM's to track; ``rider`` makes it that combatant's mount."""
        if hp is not None:
            hp = check_count(hp, "the creature's hit points", maximum=MAX_HP)
        if ac is not None:
            ac = check_count(ac, "the creature's AC", minimum=0, maximum=MAX_AC)
        if rider is not None and count != 1:
            raise Pf2eError("a rider has one mount: add it with --count 1")
        count = check_count(count, "the number of creatures", maximum=MAX_COUNT)
        name = check_text(name, "the creature's name", name=True)
        group = (check_text(group, "the group's name", name=True) or None
                 if group is not None else None)
        shown = (check_text(shown_as, "the name players see", name=True) or None
                 if shown_as else None)
        if count > 1:
            group = group or name

        def step(state: Encounter) -> tuple[EncounterResult, str | None]:
            gm: list[str] = []
            players: list[str] = []
            for i in range(1, count + 1):
                suffix = f" {i}" if count > 1 else ""
                mounted = state.get(who(state, rider)) if rider is not None else None
                done = rules.add_combatant(
                    state, name + suffix, mounted.side if mounted else rules.ENEMY,
                    initiative_modifier=modifier,
                    initiative_skill=check_text(skill, "the initiative skill"), group=group,
                    shown_as=shown + suffix if shown else None, hp=hp, ac=ac,
                    rider=mounted.name if mounted else None)
                state, gm, players = (done.state, [*gm, *done.lines],
                                      [*players, *done.player_lines])
            return EncounterResult(state, tuple(gm), tuple(players)), None

        return self.write_step(encounter, "pf2e_combatant_added", step)

    def identify(self, encounter: int | str | None, name: str) -> Happened:
        """The PCs identify a creature: players see its real name from now on (002: 73)."""
        return self.write_step(encounter, "pf2e_identified",
                          lambda s: (rules.identify(s, who(s, name)), None))

    def defeat(self, encounter: int | str | None, name: str) -> Happened:
        """A creature is defeated: out of the order, kept in the record."""
        return self.write_step(encounter, "pf2e_defeated",
                          lambda s: (rules.defeat(s, n := who(s, name)), n))

    def remove(self, encounter: int | str | None, name: str) -> Happened:
        """A creature leaves the encounter (flees, is dismissed)."""
        return self.write_step(encounter, "pf2e_removed",
                          lambda s: (rules.remove(s, n := who(s, name)), n))

    def set_dying(self, encounter: int | str | None, name: str, dying: bool = True) -> Happened:
        """Mark a creature dying (or no longer): its turns start with a recovery check."""
        return self.write_step(encounter, "pf2e_dying",
                          lambda s: (rules.set_dying(s, n := who(s, name), dying), n))

    # -- initiative ------------------------------------------------------------------------
    def roll_initiative(self, encounter: int | str | None = None, *, seed: int | None = None,
                        dice: Dice | None = None, typed: Mapping[str, int | str] | None = None,
                        tie_order: Sequence[str] = ()) -> Happened:
        """Everyone rolls once, usually Perception: d20 + modifier (002: 42), or a total or
        die typed in from the table. Tied PCs need ``tie_order`` (PcTieUnresolved says so,
        with the seed that gives the same rolls again)."""
        rolling, used = dice_for(seed, dice)
        if isinstance(tie_order, str):
            tie_order = [t for t in tie_order.split(",") if t.strip()]

        def step(state: Encounter) -> tuple[EncounterResult, str | None]:
            order = [who(state, n) for n in tie_order]
            try:
                return rules.roll_initiative(state, rolling, results=_typed(state, typed or {}),
                                             tie_order=order), None
            except PcTieUnresolved as exc:
                again = f"seed={used}" if used is not None else "the same dice"
                raise PcTieUnresolved(f"{exc} (roll again with {again} to keep these results; "
                                      f"results: {exc.results})", tied=exc.tied,
                                      results=exc.results) from None

        return self.write_step(encounter, "pf2e_initiative", step, seed=used)

    # -- the end ---------------------------------------------------------------------------
    def end_encounter(self, encounter: int | str | None = None, *, xp: int = 0,
                      treasure: Sequence[str] = ()) -> Happened:
        """End the encounter and keep its record (both sheets: ``ended``); ``xp`` is added
        to every PC's sheet, ``treasure`` kept in the record for the party to share."""
        xp = check_count(xp, "the XP", minimum=0)
        if isinstance(treasure, str):
            treasure = [treasure]
        found = [check_text(t, "a find") for t in treasure]
        return self.write_step(encounter, "pf2e_encounter_ended",
                          lambda s: (rules.end_encounter(s, xp=xp, treasure=found), None),
                          ending=True)

    @operation
    def adjust_hp(self, name: str, hp: int, *, reason: str = "") -> Happened:
        """Set a PC's current hit points (0 to max_hp), for the page and its chart."""
        pc = self.member_sheet(name)
        hp = check_count(hp, f"{pc.name}'s hit points", minimum=0,
                         maximum=int(pc.data["max_hp"]))
        reason = check_text(reason, "reason")
        summary = f"{pc.name}: {pc.data['hp']} -> {hp} HP" + (f" ({reason})" if reason else "")
        with self._writing() as w:
            w.event("pf2e_hp", [update_sheet_op(pc, data={**pc.data, "hp": hp})],
                    summary=summary, actor=pc.name, payload={"reason": reason or summary})
        return Happened("pf2e_hp", summary, tuple(w.written))

    # -- turns (book/turns.py) -------------------------------------------------
    def start_turn(self, encounter: int | str | None = None, *, can_act: bool = True,
                   action_adjustment: int = 0, recovery: int | None = None,
                   seed: int | None = None, dice: Dice | None = None) -> Happened:
        """The next creature's turn: durations count down, a dying creature's recovery check
        (``recovery``: the d20 typed in, else rolled), 3 actions and 1 reaction back."""
        return self.turns.start_turn(
            encounter, can_act=can_act, action_adjustment=action_adjustment, recovery=recovery,
            seed=seed, dice=dice)

    def end_turn(self, encounter: int | str | None = None, *, cast_spell: bool = False,
                 seed: int | None = None, dice: Dice | None = None) -> Happened:
        """End the current turn in the text's order: persistent damage (rolled) and its flat
        check, saves, then conditions (frightened -1, air) and end-of-turn durations."""
        return self.turns.end_turn(encounter, cast_spell=cast_spell, seed=seed, dice=dice)

    def use_actions(self, encounter: int | str | None, count: int = 1,
                    what: str = "an action") -> Happened:
        """The current creature spends actions (its turn ends when none are left)."""
        return self.turns.use_actions(encounter, count, what)

    def use_reaction(self, encounter: int | str | None, name: str,
                     what: str = "a reaction") -> Happened:
        """A creature uses its one reaction."""
        return self.turns.use_reaction(encounter, name, what)

    def delay(self, encounter: int | str | None = None) -> Happened:
        """The current creature Delays: out of the order until it returns."""
        return self.turns.delay(encounter)

    def return_from_delay(self, encounter: int | str | None, name: str) -> Happened:
        """A delaying creature returns after another's turn and keeps that place."""
        return self.turns.return_from_delay(encounter, name)

    def ready(self, encounter: int | str | None, action: str, trigger: str, *,
              attack_penalty: int | None = None,
              free_action_with_trigger: bool = False) -> Happened:
        """Ready (2 actions): an action for a trigger; the turn ends. A readied attack keeps
        the multiple attack penalty held now (``attack_penalty``: that of the turn so far).
        A free action that already has a trigger is refused."""
        return self.turns.ready(
            encounter, action, trigger, attack_penalty=attack_penalty,
            free_action_with_trigger=free_action_with_trigger)

    def use_readied(self, encounter: int | str | None, name: str, note: str = "") -> Happened:
        """The trigger came: the readied action is used as a reaction."""
        return self.turns.use_readied(encounter, name, note)

    def add_effect(self, encounter: int | str | None, holder: str, effect: str, rounds: int, *,
                   ticks: str = rules.TICK_START, on: str | None = None,
                   save: str | None = None) -> Happened:
        """Track an effect on the creature whose turns count it down; ``save``: the save
        its holder attempts at the end of each turn ("Fortitude DC 16")."""
        return self.turns.add_effect(
            encounter, holder, effect, rounds, ticks=ticks, on=on, save=save)

    def remove_effect(self, encounter: int | str | None, holder: str, effect: str) -> Happened:
        """End a tracked effect early."""
        return self.turns.remove_effect(encounter, holder, effect)

    def add_persistent(self, encounter: int | str | None, name: str, damage: str,
                       damage_type: str) -> Happened:
        """Persistent damage: a reminder at the end of each of its turns."""
        return self.turns.add_persistent(encounter, name, damage, damage_type)

    def end_persistent(self, encounter: int | str | None, name: str,
                       damage_type: str) -> Happened:
        """Persistent damage ends (the flat check succeeded, or it was treated)."""
        return self.turns.end_persistent(encounter, name, damage_type)

    # -- the fight (book/combat.py) --------------------------------------------
    @property
    def foes_die(self) -> bool:
        """A foe at 0 HP dies (the table's default), or is dying like a PC."""
        return self.combat.foes_die

    def damage(self, encounter: int | str | None, name: str, amount: int, *,
               critical: bool = False) -> Happened:
        """A creature takes damage; at 0 HP a PC is knocked out and dying (its place moves
        before the creature whose turn it is), a foe dies (or is dying, as the table chose)."""
        return self.combat.damage(encounter, name, amount, critical=critical)

    def heal(self, encounter: int | str | None, name: str, amount: int) -> Happened:
        """A creature regains hit points (a dying one stops dying and is wounded 1 more)."""
        return self.combat.heal(encounter, name, amount)

    def set_condition(self, encounter: int | str | None, name: str, condition: str,
                      value: int) -> Happened:
        """Give a creature a condition with a value, change it, or end it (0)."""
        return self.combat.set_condition(encounter, name, condition, value)

    def check(self, encounter: int | str | None, name: str, what: str, modifier: int,
              dc: int, *, face: int | None = None, seed: int | None = None,
              dice: Dice | None = None) -> Happened:
        """Any check: d20 + modifier (+ Aid) against a DC, with its degree of success."""
        return self.combat.check(
            encounter, name, what, modifier, dc, face=face, seed=seed, dice=dice)

    def aid(self, encounter: int | str | None, helper: str, ally: str, modifier: int, *,
            dc: int = rules.AID_DC, critical_bonus: int = 2, face: int | None = None,
            seed: int | None = None, dice: Dice | None = None) -> Happened:
        """Aid (the helper's reaction): the ally's next check or attack takes the result."""
        return self.combat.aid(
            encounter, helper, ally, modifier, dc=dc, critical_bonus=critical_bonus, face=face,
            seed=seed, dice=dice)

    def attack(self, encounter: int | str | None, name: str, modifier: int, *,
               target: str | None = None, ac: int | None = None, agile: bool = False,
               what: str = "Strike", readied: bool = False, face: int | None = None,
               seed: int | None = None, dice: Dice | None = None) -> Happened:
        """An attack roll with the multiple attack penalty of the turn (shared with a
        mount); off the attacker's turn it is a reaction with none."""
        return self.combat.attack(
            encounter, name, modifier, target=target, ac=ac, agile=agile, what=what,
            readied=readied, face=face, seed=seed, dice=dice)

    def cover(self, encounter: int | str | None, name: str, cover: str | None) -> Happened:
        """Record a creature's cover (lesser, standard, greater; None: none)."""
        return self.combat.cover(encounter, name, cover)

    def flanked(self, encounter: int | str | None, name: str, flanked: bool = True) -> Happened:
        """Record a creature flanked (off-guard, -2 AC), or no longer."""
        return self.combat.flanked(encounter, name, flanked)

    def move(self, encounter: int | str | None, name: str, path: str, *,
             speed: int | None = None, step: bool = False) -> Happened:
        """The current creature moves square by square: the feet it costs."""
        return self.combat.move(encounter, name, path, speed=speed, step=step)

    def hold_breath(self, encounter: int | str | None, name: str, constitution: int) -> Happened:
        """A creature holds its breath: 5 + Constitution modifier rounds of air."""
        return self.combat.hold_breath(encounter, name, constitution)

    def lose_air(self, encounter: int | str | None, name: str,
                 rounds: int | None = None) -> Happened:
        """Air lost at once (a critical hit: 1; speaking: all, ``rounds`` None)."""
        return self.combat.lose_air(encounter, name, rounds)

    def breathe(self, encounter: int | str | None, name: str) -> Happened:
        """A creature has air again."""
        return self.combat.breathe(encounter, name)


def _summary(encounter: str, lines: Sequence[str]) -> str:
    return f"{encounter}: " + " ".join(lines) if lines else encounter
