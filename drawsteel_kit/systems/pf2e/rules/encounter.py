"""The encounter state a GM keeps during play, and the roster steps (seed 002: 36-51, 72-76).

An :class:`Encounter` is immutable; every step returns an :class:`EncounterResult` with
the new state and two sets of log lines: ``lines`` for the GM, ``player_lines`` with the
names of unidentified enemies replaced by what the players see (002: 73).
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from drawsteel_kit.kit.limits import did_you_mean, name_key, same_name
from drawsteel_kit.systems.pf2e.errors import Pf2eError
from drawsteel_kit.systems.pf2e.rules.combatant import (
    DEFAULT_INITIATIVE_SKILL,
    PC,
    Combatant,
    check_int,
    check_text,
)

__all__ = [
    "Encounter",
    "EncounterResult",
    "add_combatant",
    "defeat",
    "identify",
    "new_encounter",
    "remove",
]


@dataclass(frozen=True)
class Encounter:
    """Who is in the encounter, the initiative order, the round and whose turn it is.

    ``order`` lists names highest result first; a delaying creature keeps its old slot
    in ``order`` while it is listed in ``delayed``. ``turn_index`` is the slot of the
    current (``in_turn``) or last turn, -1 before the first.
    """

    name: str
    combatants: tuple[Combatant, ...] = ()
    order: tuple[str, ...] = ()
    delayed: tuple[str, ...] = ()
    round: int = 0
    turn_index: int = -1
    in_turn: bool = False
    ended: bool = False

    def __post_init__(self) -> None:
        check_text("the encounter's name", self.name)
        names = [c.name for c in self.combatants]
        if len({name_key(n) for n in names}) != len(names):
            raise Pf2eError(f"combatant names must differ (case is ignored), got {names}")
        shown = [c.shown_as for c in self.combatants if c.shown_as]
        if len(set(shown)) != len(shown) or set(shown) & set(names):
            raise Pf2eError(f"names shown to players must be unique and not a real name: {shown}")
        active = {c.name for c in self.combatants if c.status == "active"}
        if not set(self.order) <= active or len(set(self.order)) != len(self.order):
            raise Pf2eError(f"the order must list active combatants once each, got {self.order}")
        if not set(self.delayed) <= set(self.order):
            raise Pf2eError(f"a delaying creature keeps its slot in the order: {self.delayed}")
        mounts = {c.name for c in self.combatants if c.rider is not None}
        if mounts & set(self.order) or not {c.rider for c in self.combatants
                                             if c.rider} <= set(names):
            raise Pf2eError("a mount acts on its rider's turns and has no place in the order")
        check_int("the round", self.round, low=0)
        check_int("the turn index", self.turn_index, low=-1)
        if self.turn_index >= max(len(self.order), 1):
            raise Pf2eError(f"the turn index {self.turn_index} is past the order's end")
        if not isinstance(self.in_turn, bool) or not isinstance(self.ended, bool):
            raise Pf2eError("in_turn and ended must be True or False")
        if self.in_turn and self.turn_index < 0:
            raise Pf2eError("a turn in progress needs a turn index")

    def get(self, name: str) -> Combatant:
        """The combatant called ``name`` (its real name)."""
        for c in self.combatants:
            if c.name == name:
                return c
        known = ", ".join(c.name for c in self.combatants) or "nobody yet"
        raise Pf2eError(f"no combatant called {name!r} in {self.name}; known: {known}"
                        f"{did_you_mean(name, [c.name for c in self.combatants])}")

    @property
    def current(self) -> str | None:
        """Whose turn it is, or None between turns."""
        return self.order[self.turn_index] if self.in_turn else None

    @property
    def rolled(self) -> bool:
        """Initiative has been rolled and the order set."""
        return any(c.initiative is not None for c in self.combatants)

    def with_combatant(self, combatant: Combatant) -> Encounter:
        """This state with one combatant replaced (matched by name)."""
        self.get(combatant.name)
        return replace(self, combatants=tuple(
            combatant if c.name == combatant.name else c for c in self.combatants))

    def update(self, name: str, **changes: Any) -> Encounter:
        """This state with fields of one combatant changed."""
        return self.with_combatant(replace(self.get(name), **changes))

    def as_dict(self) -> dict[str, Any]:
        """Plain JSON-ready values (lists for tuples)."""
        out: dict[str, Any] = {f.name: getattr(self, f.name) for f in fields(self)}
        out["combatants"] = [c.as_dict() for c in self.combatants]
        out["order"], out["delayed"] = list(self.order), list(self.delayed)
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Encounter:
        """Rebuild from :meth:`as_dict` output; a malformed dict raises :class:`Pf2eError`."""
        names = {f.name for f in fields(cls)}
        if not isinstance(data, dict) or set(data) != names:
            raise Pf2eError(f"an encounter needs exactly the keys {sorted(names)}")
        try:
            return cls(**{**data,
                          "combatants": tuple(Combatant.from_dict(c) for c in data["combatants"]),
                          "order": tuple(data["order"]), "delayed": tuple(data["delayed"])})
        except (TypeError, AttributeError) as exc:
            raise Pf2eError(f"not an encounter dict: {exc}") from exc


@dataclass(frozen=True)
class EncounterResult:
    """A step's outcome: the new state, GM and player log lines, and any dice faces."""

    state: Encounter
    lines: tuple[str, ...]
    player_lines: tuple[str, ...]
    faces: tuple[int, ...] = ()


def slots(count: int, sep: str = ", ", start: int = 0) -> str:
    """``{0}, {1}, ...``: name placeholders for :meth:`Log.say`."""
    return sep.join(f"{{{i}}}" for i in range(start, start + count))


class Log:
    """Builds the GM's and the players' lines together (internal helper)."""

    def __init__(self) -> None:
        self.gm: list[str] = []
        self.players: list[str] = []

    def say(self, state: Encounter, template: str, *names: str, players: str | None = None,
            **values: object) -> None:
        """``{0}``, ``{1}`` ... are combatant names; players see their shown names.

        ``players`` is another template for the players' line (to leave out GM details).
        """
        self.gm.append(template.format(*names, **values))
        shown = [state.get(n).display_name for n in names]
        self.players.append((players or template).format(*shown, **values))

    def gm_only(self, text: str) -> None:
        """A line players do not get (it would reveal something hidden)."""
        self.gm.append(text)

    def result(self, state: Encounter, faces: tuple[int, ...] = ()) -> EncounterResult:
        """The step's result."""
        return EncounterResult(state, tuple(self.gm), tuple(self.players), faces)


def require_open(state: Encounter) -> None:
    """Refuse steps on an encounter that has ended (002: 51)."""
    if not isinstance(state, Encounter):
        raise Pf2eError(f"expected an Encounter, got {type(state).__name__}")
    if state.ended:
        raise Pf2eError(f"{state.name} has ended; start a new encounter")


def new_encounter(name: str) -> Encounter:
    """An empty encounter: add combatants, then roll initiative (002: 40)."""
    return Encounter(name=name)


def add_combatant(
    state: Encounter,
    name: str,
    side: str,
    *,
    initiative_modifier: int = 0,
    initiative_skill: str = DEFAULT_INITIATIVE_SKILL,
    group: str | None = None,
    shown_as: str | None = None,
    hp: int | None = None,
    max_hp: int | None = None,
    ac: int | None = None,
    rider: str | None = None,
) -> EncounterResult:
    """Add a PC or an enemy before initiative is rolled (002: 40-43).

    ``hp`` (of ``max_hp``, the same when left out) and ``ac`` are tracked when given. A
    mount names its ``rider``: it acts on the rider's initiative (002: 223), so it rolls
    none and has no place of its own in the order, and the two share one multiple attack
    penalty (002: 226).

    ``group`` joins identical creatures that roll initiative once for the group (002: 43);
    ``shown_as`` hides an enemy's name from the players until it is identified (002: 73).
    """
    require_open(state)
    if state.rolled:
        raise Pf2eError(f"initiative is already rolled in {state.name} and is not rolled "
                        "again (Begin the Next Round); add combatants before rolling")
    if side == PC and (group is not None or shown_as is not None):
        raise Pf2eError(f"{name} is a PC: only creatures the GM rolls for form a group "
                        "(Roll Initiative), and the players know their own names")
    if rider is not None:
        mounted = state.get(rider)
        if mounted.rider is not None or any(c.rider == rider for c in state.combatants):
            raise Pf2eError(f"{rider} already rides a mount or is one")
        if group is not None:
            raise Pf2eError(f"{name} is a mount: it acts on {rider}'s initiative, in no group")
    combatant = Combatant(name=name, side=side, initiative_modifier=initiative_modifier,
                          initiative_skill=initiative_skill, group=group, shown_as=shown_as,
                          identified=shown_as is None, hp=hp,
                          max_hp=max_hp if max_hp is not None else hp, ac=ac, rider=rider)
    twin = next((c.name for c in state.combatants if same_name(c.name, combatant.name)), None)
    if twin is not None:
        raise Pf2eError(f"{twin!r} is already in {state.name}: combatant names must be unique "
                        f"(case is ignored), so give {combatant.name!r} another name")
    if group is not None:
        mates = [c for c in state.combatants if c.group == group]
        if group in {c.name for c in state.combatants} | {name}:
            raise Pf2eError(f"the group name {group!r} is also a combatant's name; pick another")
        for mate in mates:
            if (mate.side, mate.initiative_modifier, mate.initiative_skill) != (
                    side, initiative_modifier, initiative_skill):
                raise Pf2eError(
                    f"group {group!r} is for identical creatures: {mate.name} rolls "
                    f"{mate.initiative_skill} {mate.initiative_modifier:+d} as a {mate.side}, "
                    f"{name} would roll {initiative_skill} {initiative_modifier:+d} as a {side}")
    elif name in {c.group for c in state.combatants}:
        raise Pf2eError(f"{name!r} is the name of a group; pick another name")
    new = replace(state, combatants=(*state.combatants, combatant))
    log = Log()
    log.say(new, "{0} joins {enc} ({side}).", name, enc=state.name, side=side)
    extra = f", rolling once for group {group}" if group else ""
    if rider is None:
        log.gm_only(f"{name} rolls {initiative_skill} {initiative_modifier:+d} for "
                    f"initiative{extra}.")
    if shown_as:
        log.gm_only(f"Players see {name} as {shown_as!r} until it is identified.")
    if hp is not None or ac is not None:
        log.gm_only(f"{name}: " + ", ".join(
            ([f"{hp}/{combatant.max_hp} HP"] if hp is not None else [])
            + ([f"AC {ac}"] if ac is not None else [])) + ".")
    if rider is not None:
        log.say(new, "{0} is {1}'s mount: it acts on {1}'s turns.", name, rider)
    return log.result(new)


def identify(state: Encounter, name: str) -> EncounterResult:
    """The PCs identify a creature: from now on players see its real name (002: 73)."""
    require_open(state)
    c = state.get(name)
    if not c.hidden:
        raise Pf2eError(f"{name} is not hidden from the players; nothing to identify")
    new = state.update(name, identified=True)
    log = Log()
    log.say(new, "{shown} is identified: it is {0}.", name, shown=c.shown_as)
    return log.result(new)


def _drop(state: Encounter, name: str, status: str, verb: str) -> EncounterResult:
    require_open(state)
    c = state.get(name)
    if c.status != "active":
        raise Pf2eError(f"{name} is already {c.status}")
    order, index, in_turn = list(state.order), state.turn_index, state.in_turn
    log = Log()
    if name in order:
        slot = order.index(name)
        if slot == index and in_turn:
            in_turn = False
            log.say(state, "{0}'s turn ends.", name)
        if slot <= index:
            index -= 1
        order.remove(name)
    log.say(state, "{0} " + verb + ".", name)
    new = replace(state, order=tuple(order), turn_index=index, in_turn=in_turn,
                  delayed=tuple(d for d in state.delayed if d != name))
    new = new.update(name, status=status, actions=0, reaction=False, readied=None)
    return log.result(new)


def defeat(state: Encounter, name: str) -> EncounterResult:
    """A creature is defeated: it leaves the initiative order and stays in the record."""
    return _drop(state, name, "defeated", "is defeated and leaves the initiative order")


def remove(state: Encounter, name: str) -> EncounterResult:
    """A creature leaves the encounter (flees, is dismissed): out of the order, in the record."""
    return _drop(state, name, "removed", "leaves the encounter")
