"""Dungeon World's campaign operations: each move of seed 003 played on the ledger.

A move is resolved by the pure rules (``systems.dungeon_world``) on the characters the ledger
holds, then written as one event per character it changed (or who rolled): the sheet before
and after, the dice faces, the seed, and the move's lines. History, undo, rebuild, the
timeline and the player pages then serve it like any other event. A refused move (an unknown
character, move or option, too little coin) writes nothing.

``campaign.dungeon_world`` (or ``campaign.book``) is a :class:`DungeonWorldBook`.
Town-day plans (several moves over several days, one seed) are in
:mod:`drawsteel_kit.systems.dungeon_world.plans`.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from drawsteel_kit.kit.book.base import Happened, Writer, check_text, operation
from drawsteel_kit.kit.book.sheets import SystemBook, update_sheet_op
from drawsteel_kit.kit.dice import Dice, ScriptedDice, dice_for
from drawsteel_kit.kit.errors import DiceExhausted, PlanError, RulesError, UnknownSheet
from drawsteel_kit.kit.ledger import Event
from drawsteel_kit.kit.words import plural
from drawsteel_kit.systems.dungeon_world.entries import (
    MOVE_FUNCTIONS,
    NAME_OPTIONS,
    check_options,
    describe_changes,
    move_options,
    sheet_extras,
)
from drawsteel_kit.systems.dungeon_world.rules import (
    Character,
    DungeonWorldError,
    Move,
    MoveResult,
    TownEntry,
    resolve_town_days,
)
from drawsteel_kit.systems.dungeon_world.rules.checks import to_plain
from drawsteel_kit.systems.dungeon_world.rules.combat import end_defense, spend_hold
from drawsteel_kit.systems.dungeon_world.rules.moves import MOVE_NAMES

if TYPE_CHECKING:
    from drawsteel_kit.kit.book.campaign import BaseCampaign

__all__ = ["MOVE_FUNCTIONS", "DungeonWorldBook", "describe_changes", "move_options"]

#: Moves the whole group makes (``who`` left out: everyone).
GROUP_MOVES = frozenset({Move.PERILOUS_JOURNEY, Move.END_OF_SESSION})
class DungeonWorldBook(SystemBook):
    """Dungeon World's moves on a campaign's characters (``campaign.dungeon_world``)."""

    SYSTEM = "dungeon-world"
    MEMBER_KIND = "character"
    #: The campaign this book plays on: the kit's whole campaign (its calendar too).
    campaign: BaseCampaign

    # -- reading -------------------------------------------------------------------------
    def characters(self, *, visible_to: str | None = None) -> dict[str, Character]:
        """Every character's sheet, by name, in the order they joined."""
        return {s.name: Character.from_dict(s.data)
                for s in self.sheets(self.MEMBER_KIND, visible_to=visible_to)}

    def character(self, name: str) -> Character:
        """One character (case-insensitive); UnknownSheet lists them."""
        return Character.from_dict(self.member_sheet(name).data)

    @property
    def xp_on_miss(self) -> bool:
        """The table's rule: mark 1 XP on a 6- (campaign.yaml ``settings.xp_on_miss``)."""
        return bool(self.campaign.settings.get("xp_on_miss", False))

    @property
    def round_half_up(self) -> bool:
        """The table's rule: Make Camp's half max HP rounds up (``settings.half_hp: up``)."""
        return self.campaign.settings.get("half_hp", "down") == "up"

    def player(self, name: str) -> str:
        """Who plays ``name`` (campaign.yaml's ``player``), or ""."""
        return str(self.campaign.settings.get("players", {}).get(name, ""))

    def status_lines(self) -> list[str]:
        """One line per character: playbook, level, HP, XP, coin, rations, preparation."""
        out = []
        for c in self.characters().values():
            line = (f"{c.name} ({c.playbook or 'no playbook'}, level {c.level}): HP "
                    f"{c.hp}/{c.max_hp}, XP {c.xp}/{c.level + 7}, coin {c.coin}, rations "
                    f"{c.rations}, preparation {c.preparation}")
            out.append(line + "".join(f", {extra}" for extra in sheet_extras(c)))
        return out

    # -- building an entry ---------------------------------------------------------------
    def _name(self, name: object) -> str:
        if not isinstance(name, str):
            raise DungeonWorldError(f"a character's name must be text, got {name!r}")
        return self.member_sheet(name).name

    def entry(self, move: Move | str, who: str | Sequence[str] | None = None,
              options: Mapping[str, Any] | None = None, *, day: int | None = None
              ) -> TownEntry:
        """A checked entry: the move, its characters as the ledger spells them, its options."""
        if isinstance(move, str) and not isinstance(move, Move):
            try:
                move = Move(move.strip().lower().replace(" ", "_").replace("-", "_"))
            except ValueError:
                raise DungeonWorldError(f"unknown move {move!r}; moves: "
                                        f"{', '.join(m.value for m in Move)}") from None
        if who is not None and not isinstance(who, str | list | tuple):
            raise DungeonWorldError(f"who must be text (a name) or a list of names, got {who!r}")
        names = [] if who is None else [who] if isinstance(who, str) else list(who)
        opts = dict(options or {})
        for key in NAME_OPTIONS:
            value = opts.get(key)
            if isinstance(value, str):
                opts[key] = self._name(value)
            elif isinstance(value, list | tuple):
                opts[key] = [self._name(v) for v in value]
        if move is Move.PERILOUS_JOURNEY and isinstance(opts.get("spend_preparation"),
                                                        list | tuple):
            opts["spend_preparation"] = [self._name(v) for v in opts["spend_preparation"]]
        if move is Move.END_OF_SESSION and isinstance(opts.get("bonds"), Mapping):
            opts["bonds"] = {self._name(k): v for k, v in opts["bonds"].items()}
        entry = TownEntry(move=move, who=tuple(self._name(n) for n in names), day=day,
                          options=opts)
        check_options(entry)
        if not entry.who and entry.move not in GROUP_MOVES:
            raise DungeonWorldError(f"{MOVE_NAMES[entry.move]} needs who: the characters "
                                    "making it")
        return entry

    # -- playing a move ------------------------------------------------------------------
    @operation
    def move(self, move: Move | str, who: str | Sequence[str] | None = None, *,
             seed: int | None = None, dice: Dice | None = None, **options: Any) -> Happened:
        """``who`` makes ``move`` with ``options`` (the move function's keywords), with dice
        generated from ``seed`` (a fresh one, recorded, if None) or typed in
        (``dice=ScriptedDice([4, 5])``, every face used)."""
        entry = self.entry(move, who, options)
        dice, seed = dice_for(seed, dice)
        return self.play(entry, dice, seed, whole_dice=True)

    def play(self, entry: TownEntry, dice: Dice, seed: int | None, *,
             whole_dice: bool = False) -> Happened:
        """Resolve one checked entry on the characters now and write its events."""
        party = list(self.characters().values())
        if not party:
            raise UnknownSheet("this campaign has no characters yet: add them to campaign.yaml")
        try:
            step = resolve_town_days(party, [entry], dice=dice, xp_on_miss=self.xp_on_miss,
                                     round_half_up=self.round_half_up).steps[0]
        except (RulesError, DiceExhausted) as exc:  # the move's own words, not "entry 1"
            cause = exc.__cause__
            raise (cause if isinstance(cause, RulesError | DiceExhausted) else exc) from None
        if whole_dice and isinstance(dice, ScriptedDice) and dice.remaining:
            used = sum(len(r.faces) for r in step.results)
            raise DungeonWorldError(f"{plural(dice.remaining, 'typed-in face')} left over: "
                                    f"{MOVE_NAMES[entry.move]} rolled {used} dice; type in "
                                    "exactly the faces rolled")
        with self._writing() as w:
            events = [e for r in step.results for e in self._record(w, entry, r, seed)]
        names = ", ".join(entry.who) or "the party"
        said = events[0].summary if len(events) == 1 else (
            f"{MOVE_NAMES[entry.move]} by {names}: "
            + "; ".join(f"{e.actor} {e.summary.partition(': ')[2]}" for e in events))
        results = step.results
        return Happened(
            f"dw_{entry.move.value}", said,
            tuple(events),
            {"move": entry.move.value, "who": list(entry.who), "seed": seed,
             "faces": [f for r in results for f in r.faces],
             "bands": [str(roll.band) for r in results for roll in r.rolls],
             "choices": [c for r in results for c in r.choices],
             "lines": [line for r in results for line in r.lines]})

    def _record(self, w: Writer, entry: TownEntry, result: MoveResult,
                seed: int | None) -> list[Event]:
        """One event per character the move changed or who rolled (at least one)."""
        before = {c.name: c for c in result.before}
        rollers = {roll.who for roll in result.rolls if not roll.assumed}
        touched = [c for c in result.after if c != before[c.name] or c.name in rollers]
        if not touched:
            touched = [result.after[0]]
        out: list[Event] = []
        for i, after in enumerate(touched):
            old = before[after.name]
            rolls = [r for r in result.rolls if r.who == after.name]
            faces = [f for r in rolls for f in r.faces]
            band = f"{rolls[0].band}, " if len(rolls) == 1 else ""
            ops = ([update_sheet_op(self.member_sheet(after.name), data=after.as_dict())]
                   if after != old else [])
            payload: dict[str, Any] = {
                "move": result.move.value, "who": list(entry.who),
                "options": to_plain(dict(entry.options)), "choices": list(result.choices),
                "rolls": [r.as_dict() for r in rolls]}
            if i == 0:
                payload["lines"] = list(result.lines)
            out.append(w.event(
                f"dw_{result.move.value}", ops, actor=after.name, payload=payload,
                summary=f"{MOVE_NAMES[result.move]} by {after.name}: {band}"
                f"{describe_changes(old, after)}",
                seed=seed if faces else None, dice=faces or None))
        return out

    # -- the moves by name ---------------------------------------------------------------
    def roll(self, move: Move | str, who: str, **kw: Any) -> Happened:
        """A plain rolled move (Hack and Slash, Defy Danger with ``stat=``, ...)."""
        return self.move(move, who, **kw)

    def make_camp(self, who: str | Sequence[str], **kw: Any) -> Happened:
        return self.move(Move.MAKE_CAMP, who, **kw)

    def take_watch(self, who: str, **kw: Any) -> Happened:
        return self.move(Move.TAKE_WATCH, who, **kw)

    def perilous_journey(self, who: Sequence[str] | None = None, **kw: Any) -> Happened:
        return self.move(Move.PERILOUS_JOURNEY, who, **kw)

    def end_of_session(self, who: Sequence[str] | None = None, **kw: Any) -> Happened:
        return self.move(Move.END_OF_SESSION, who, **kw)

    def level_up(self, who: str, stat: str | None, **kw: Any) -> Happened:
        return self.move(Move.LEVEL_UP, who, stat=stat, **kw)

    def carouse(self, who: str, **kw: Any) -> Happened:
        return self.move(Move.CAROUSE, who, **kw)

    def supply(self, who: str, **kw: Any) -> Happened:
        return self.move(Move.SUPPLY, who, **kw)

    def recover(self, who: str, **kw: Any) -> Happened:
        return self.move(Move.RECOVER, who, **kw)

    def recruit(self, who: str, **kw: Any) -> Happened:
        return self.move(Move.RECRUIT, who, **kw)

    def outstanding_warrants(self, who: str, **kw: Any) -> Happened:
        return self.move(Move.OUTSTANDING_WARRANTS, who, **kw)

    def bolster(self, who: str, **kw: Any) -> Happened:
        return self.move(Move.BOLSTER, who, **kw)

    def defend(self, who: str, **kw: Any) -> Happened:
        return self.move(Move.DEFEND, who, **kw)

    def aid_or_interfere(self, who: str | Sequence[str], **kw: Any) -> Happened:
        return self.move(Move.AID_OR_INTERFERE, who, **kw)

    def last_breath(self, who: str, **kw: Any) -> Happened:
        return self.move(Move.LAST_BREATH, who, **kw)

    # -- Defend's hold -------------------------------------------------------------------
    @operation
    def spend_hold(self, who: str, choices: Sequence[str] | str, *, ally: str | None = None,
                   attacker: str = "") -> Happened:
        """Spend Defend's hold, 1 per choice (redirect, halve, open_up, damage), when
        ``who`` or what they defend is attacked; ``open_up`` gives ``ally`` +1 forward."""
        if isinstance(choices, str):
            choices = [choices]
        attacker = check_text(attacker, "attacker")
        defender = self.character(self._name(who))
        helped = None if ally is None else self.character(self._name(ally))
        return self._write_hold("dw_hold_spent", spend_hold(
            defender, list(choices), ally=helped, attacker=attacker))

    @operation
    def end_defense(self, who: str) -> Happened:
        """``who`` leaves what they defend (or stops watching it): the hold left is lost."""
        return self._write_hold("dw_hold_lost", end_defense(self.character(self._name(who))))

    def _write_hold(self, kind: str, result: MoveResult) -> Happened:
        with self._writing() as w:
            events = []
            for i, (old, new) in enumerate(zip(result.before, result.after, strict=True)):
                ops = [update_sheet_op(self.member_sheet(new.name), data=new.as_dict())]
                payload: dict[str, Any] = {"choices": list(result.choices)}
                if i == 0:
                    payload["lines"] = list(result.lines)
                events.append(w.event(kind, ops, actor=new.name, payload=payload,
                                      summary=f"Defend's hold, {new.name}: "
                                      f"{describe_changes(old, new)}"))
        said = f"Defend's hold: {result.lines[-1]}"
        return Happened(kind, said, tuple(events),
                        {"choices": list(result.choices), "lines": list(result.lines)})

    # -- changes by hand -----------------------------------------------------------------
    @operation
    def adjust(self, who: str, *, reason: str = "", **changes: Any) -> Happened:
        """Set fields of a sheet by hand (HP lost in a fight, loot, a debility taken):
        ``adjust("Ava", hp=12, reason="the ogre's club")``; checked like the sheet itself."""
        sheet = self.member_sheet(who)
        reason = check_text(reason, "reason")
        if not changes:
            raise DungeonWorldError("name at least one field to change, such as hp=12")
        if "name" in changes:
            raise DungeonWorldError("a character's name is kept; it names their history")
        old = Character.from_dict(sheet.data)
        new = Character.from_dict({**old.as_dict(), **changes})
        new = replace(new, name=old.name)
        weighed = changes.get("weights")
        if isinstance(weighed, Mapping):
            stray = [item for item in weighed if item not in new.gear]
            if stray:
                raise DungeonWorldError(f"weights name {', '.join(map(repr, stray))}, which "
                                        f"{old.name} does not carry (gear: "
                                        f"{', '.join(new.gear) or 'none'})")
        if new == old:
            raise DungeonWorldError(f"nothing to change: {old.name}'s sheet already has "
                                    f"{', '.join(f'{k}={v!r}' for k, v in changes.items())}")
        said = describe_changes(old, new)
        ops = [update_sheet_op(sheet, data=new.as_dict())]
        with self._writing() as w:
            event = w.event("dw_adjusted", ops, actor=old.name,
                            summary=f"{old.name}: {said}" + (f" ({reason})" if reason else ""),
                            payload={"reason": reason, "changes": to_plain(changes)})
        return Happened("dw_adjusted", event.summary, (event,), {"changes": to_plain(changes)})

    # -- town-day plans ------------------------------------------------------------------
    def load_plan(self, path: object) -> Any:
        """A town-days plan file, checked on its own (see ``systems.dungeon_world.plans``)."""
        from drawsteel_kit.systems.dungeon_world.plans import load_plan

        if not isinstance(path, str | os.PathLike):
            raise PlanError(f"a plan is named by its file's path, got {path!r}")
        return load_plan(path, campaign=self.campaign.folder)

    def resolve_plan(self, plan: Any, *, seed: int, dry_run: bool = True,
                     again: bool = False) -> Any:
        """Resolve a plan in one transaction (a ``downtime.Resolution``)."""
        from drawsteel_kit.systems.dungeon_world.plans import resolve_plan

        return resolve_plan(self, plan, seed=seed, dry_run=dry_run, again=again)
