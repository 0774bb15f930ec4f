"""A stretch of town days: entries (who makes which move with which choices) resolved in order
with one dice source. Pure: the plan file format and the ledger come later.

An entry in plain form is flat: ``{"day": 2, "move": "carouse", "who": "Ava", "coin": 200,
"choices": ["befriend_npc", "hear_rumors", "useful_information"]}``; every key besides
``day``, ``move`` and ``who`` is an option of the move's function.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from drawsteel_kit.kit.dice import Dice
from drawsteel_kit.kit.errors import DiceExhausted, RulesError
from drawsteel_kit.systems.dungeon_world.errors import DungeonWorldError
from drawsteel_kit.systems.dungeon_world.rules.advancement import Rest, end_of_session, level_up
from drawsteel_kit.systems.dungeon_world.rules.basic import (
    aid_or_interfere,
    discern_realities,
    last_breath,
)
from drawsteel_kit.systems.dungeon_world.rules.camp import make_camp, perilous_journey, take_watch
from drawsteel_kit.systems.dungeon_world.rules.character import Character
from drawsteel_kit.systems.dungeon_world.rules.checks import (
    check_bool,
    check_int,
    coerce_enum,
    to_plain,
)
from drawsteel_kit.systems.dungeon_world.rules.combat import (
    defend,
    hack_and_slash,
    lose_hold_by_moving,
    volley,
)
from drawsteel_kit.systems.dungeon_world.rules.downtime import bolster, recover, recruit
from drawsteel_kit.systems.dungeon_world.rules.moves import ROLLED_MOVES, Move, move_name
from drawsteel_kit.systems.dungeon_world.rules.party import check_party, names_in
from drawsteel_kit.systems.dungeon_world.rules.roll import MoveResult, roll_move
from drawsteel_kit.systems.dungeon_world.rules.town import carouse, outstanding_warrants, supply

__all__ = ["TOWN_DAY_MOVES", "TownDaysResult", "TownEntry", "TownStep", "resolve_town_days"]

#: Moves made by each character named in ``who``, one after another.
_SINGLE: dict[Move, Callable[..., MoveResult]] = {
    Move.MAKE_CAMP: make_camp,
    Move.LEVEL_UP: level_up,
    Move.CAROUSE: carouse,
    Move.SUPPLY: supply,
    Move.RECOVER: recover,
    Move.RECRUIT: recruit,
    Move.OUTSTANDING_WARRANTS: outstanding_warrants,
    Move.BOLSTER: bolster,
    Move.HACK_AND_SLASH: hack_and_slash,
    Move.VOLLEY: volley,
    Move.DEFEND: defend,
    Move.DISCERN_REALITIES: discern_realities,
    Move.LAST_BREATH: last_breath,
}
#: Moves made by a group at once: ``who`` is the group (everyone if left out).
_GROUP: dict[Move, Callable[..., MoveResult]] = {
    Move.PERILOUS_JOURNEY: perilous_journey,
    Move.END_OF_SESSION: end_of_session,
}
#: Every move an entry may name: the special moves, and any other rolled move (plain roll).
TOWN_DAY_MOVES: frozenset[Move] = frozenset({*_SINGLE, *_GROUP, Move.TAKE_WATCH, *ROLLED_MOVES})
#: Parameters the campaign fills in (the table's rules and the dice), never an option.
_DRIVEN = {"dice", "xp_on_miss", "round_half_up"}


@dataclass(frozen=True)
class TownEntry:
    """One line of a plan: ``who`` makes ``move`` (on ``day``) with ``options``."""

    move: Move
    who: tuple[str, ...] = ()
    day: int | None = None
    options: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        move = coerce_enum(Move, self.move, "an entry's move")
        if move not in TOWN_DAY_MOVES:
            raise DungeonWorldError(f"{move_name(move)} cannot be planned")
        object.__setattr__(self, "move", move)
        who = (self.who,) if isinstance(self.who, str) else tuple(self.who)
        if not all(isinstance(n, str) and n for n in who):
            raise DungeonWorldError(f"who must be a name or a list of names, got {self.who!r}")
        object.__setattr__(self, "who", who)
        if self.day is not None:
            check_int("day", self.day, minimum=1)
        if not isinstance(self.options, Mapping):
            raise DungeonWorldError(f"options must be a mapping, got {self.options!r}")
        object.__setattr__(self, "options", dict(self.options))

    def label(self) -> str:
        day = f"day {self.day}, " if self.day is not None else ""
        return f"{day}{self.move.value}" + (f" by {', '.join(self.who)}" if self.who else "")

    def as_dict(self) -> dict[str, Any]:
        """The flat plain form (see the module docstring)."""
        plain: dict[str, Any] = {"move": self.move.value}
        if self.day is not None:
            plain["day"] = self.day
        if self.who:
            plain["who"] = list(self.who)
        plain.update(to_plain(dict(self.options)))
        return plain

    @classmethod
    def from_dict(cls, data: object) -> TownEntry:
        if isinstance(data, TownEntry):
            return data
        if not isinstance(data, Mapping) or "move" not in data:
            raise DungeonWorldError(f"an entry is a mapping with a 'move', got {data!r}")
        options = {k: v for k, v in data.items() if k not in ("move", "who", "day")}
        return cls(
            move=data["move"], who=data.get("who", ()), day=data.get("day"), options=options
        )


@dataclass(frozen=True)
class TownStep:
    """One entry and what it did (several results when several characters made the move)."""

    entry: TownEntry
    results: tuple[MoveResult, ...]


@dataclass(frozen=True)
class TownDaysResult:
    """The party before and after the stretch, each step, every line and every face."""

    before: tuple[Character, ...]
    after: tuple[Character, ...]
    steps: tuple[TownStep, ...]
    lines: tuple[str, ...]

    @property
    def faces(self) -> tuple[int, ...]:
        return tuple(f for s in self.steps for r in s.results for f in r.faces)


def _call(
    fn: Callable[..., MoveResult], first: Any, entry: TownEntry, dice: Dice,
    table: Mapping[str, bool], extra: Mapping[str, Any] | None = None,
) -> MoveResult:
    params = list(inspect.signature(fn).parameters)
    allowed = [p for p in params[1:] if p not in _DRIVEN and p not in (extra or {})]
    unknown = sorted(set(entry.options) - set(allowed))
    if unknown:
        raise DungeonWorldError(
            f"{move_name(entry.move)} has no option {', '.join(unknown)}; "
            f"options: {', '.join(allowed)}"
        )
    kwargs = dict(entry.options) | dict(extra or {})
    if "dice" in params:
        kwargs["dice"] = dice
    kwargs.update({k: v for k, v in table.items() if k in params})
    return fn(first, **kwargs)


def _resolve(
    state: dict[str, Character], entry: TownEntry, dice: Dice, table: Mapping[str, bool]
) -> list[MoveResult]:
    party = list(state.values())
    names_in(party, entry.who, entry.move.value)
    if entry.move in _GROUP:
        group = [state[n] for n in entry.who] if entry.who else party
        return [_call(_GROUP[entry.move], group, entry, dice, table)]
    if not entry.who:
        raise DungeonWorldError(f"{move_name(entry.move)} needs who: the characters making it")
    if entry.move is Move.TAKE_WATCH:
        if len(entry.who) != 1:
            raise DungeonWorldError("Take Watch has one watcher; the others sleep in camp")
        options = dict(entry.options)
        camp_names = options.pop("camp", [n for n in state if n != entry.who[0]])
        camp = [state[n] for n in names_in(party, camp_names, "camp")]
        plain = TownEntry(entry.move, entry.who, entry.day, options)
        return [_call(take_watch, state[entry.who[0]], plain, dice, table, {"camp": camp})]
    if entry.move is Move.AID_OR_INTERFERE:
        return _aid(state, entry, dice, table)
    if entry.move is Move.LEVEL_UP and entry.day is not None and "rest" not in entry.options:
        # a plan's days are days in town: Level Up there rests for days (003: 330)
        entry = TownEntry(entry.move, entry.who, entry.day,
                          {**entry.options, "rest": Rest.DAYS.value})
    results = []
    for name in entry.who:
        if entry.move in _SINGLE:
            result = _call(_SINGLE[entry.move], state[name], entry, dice, table)
        else:
            result = _call(roll_move, state[name], entry, dice, table, {"move": entry.move})
        state[name] = result.after[0]
        results.append(result)
    return results


def _aid(state: dict[str, Character], entry: TownEntry, dice: Dice,
         table: Mapping[str, bool]) -> list[MoveResult]:
    """Each helper in ``who`` aids or interferes with the ``target``, one after another."""
    options = dict(entry.options)
    target = options.pop("target", None)
    if not isinstance(target, str):
        raise DungeonWorldError("Aid or Interfere needs target: whom the roll helps or "
                                "hinders")
    names_in(list(state.values()), [target], "target")
    plain = TownEntry(entry.move, entry.who, entry.day, options)
    results = []
    for name in entry.who:
        result = _call(aid_or_interfere, state[name], plain, dice, table,
                       {"target": state[target]})
        for character in result.after:
            state[character.name] = character
        results.append(result)
    return results


def resolve_town_days(
    party: Sequence[Character],
    entries: Sequence[TownEntry | Mapping[str, Any]],
    *,
    dice: Dice,
    xp_on_miss: bool = False,
    round_half_up: bool = False,
) -> TownDaysResult:
    """Resolve ``entries`` in order, each on the party as the entries before left it.

    Days must not go backwards. An invalid entry raises the move's error, prefixed with
    the entry's number and label; nothing is returned for a stretch that fails.
    """
    characters = check_party(party)
    check_bool("xp_on_miss", xp_on_miss)
    check_bool("round_half_up", round_half_up)
    table = {"xp_on_miss": xp_on_miss, "round_half_up": round_half_up}
    state = {c.name: c for c in characters}
    steps: list[TownStep] = []
    lines: list[str] = []
    last_day = 0
    for number, raw in enumerate(entries, start=1):
        entry = TownEntry.from_dict(raw)
        try:
            if entry.day is not None:
                if entry.day < last_day:
                    raise DungeonWorldError(f"day {entry.day} comes after day {last_day}")
                last_day = entry.day
            movers = entry.who or tuple(state)
            results = [lose_hold_by_moving(r, movers)
                       for r in _resolve(state, entry, dice, table)]
        except (RulesError, DiceExhausted) as err:
            raise type(err)(f"entry {number} ({entry.label()}): {err}") from err
        for result in results:
            for character in result.after:
                state[character.name] = character
        steps.append(TownStep(entry=entry, results=tuple(results)))
        prefix = f"Day {entry.day}: " if entry.day is not None else ""
        lines.extend(prefix + line for r in results for line in r.lines)
    return TownDaysResult(
        before=characters, after=tuple(state.values()), steps=tuple(steps), lines=tuple(lines)
    )
