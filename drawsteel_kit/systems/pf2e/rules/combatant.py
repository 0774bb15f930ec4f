"""One participant of a Pathfinder 2e encounter, and the book's numbers for a turn.

Seed 002 (Pathfinder 2e, encounter mode): 36-51 (structure), 52-71 (turns),
72-76 (tracking and changing the initiative order), 102-104 (Ready).
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, field, fields, replace
from typing import Any

from drawsteel_kit.kit.limits import check_name, check_whole
from drawsteel_kit.systems.pf2e.errors import Pf2eError

__all__ = [
    "ACTIONS_PER_TURN",
    "COVERS",
    "DEFAULT_INITIATIVE_SKILL",
    "EFFECT_TICKS",
    "ENEMY",
    "INITIATIVE_DIE",
    "MODIFIER_LIMIT",
    "PC",
    "REACTIONS_PER_TURN",
    "READY_ACTIONS",
    "ROUND_SECONDS",
    "SIDES",
    "STATUSES",
    "TICK_END",
    "TICK_START",
    "Combatant",
    "Effect",
    "PersistentDamage",
    "Readied",
]

#: A round is 6 seconds of game time (002: 37).
ROUND_SECONDS = 6
#: At the start of each turn a creature regains 3 actions and 1 reaction; an unused
#: reaction is lost, nothing is saved up (002: 61).
ACTIONS_PER_TURN = 3
REACTIONS_PER_TURN = 1
#: Ready is a two-action activity (002: 14, 102).
READY_ACTIONS = 2
#: Initiative is usually a Perception check (002: 42); the GM may call for another
#: skill (Stealth while Avoiding Notice, Deception or Diplomacy in social encounters).
DEFAULT_INITIATIVE_SKILL = "Perception"
#: A Pathfinder check is a d20 plus a modifier. Seed 002 says "check" (002: 42) and ranks
#: the results (002: 44); the d20 itself is the issue's wording, not restated in the seed.
INITIATIVE_DIE = 20
#: Ours, not a rule: the largest initiative modifier either way. The published creatures' and
#: characters' Perception and skill modifiers stay below +50; beyond 100 is a typo.
MODIFIER_LIMIT = 100
#: The two sides the tie rule knows: an enemy acts before a PC on the same result (002: 45).
PC = "pc"
ENEMY = "enemy"
SIDES = (PC, ENEMY)
#: Durations you created count down at the start of your turn (002: 56); effects that last
#: a number of your turns (often from enemies) count down at the end of it (002: 68).
TICK_START = "start"
TICK_END = "end"
EFFECT_TICKS = (TICK_START, TICK_END)
#: Cover and the circumstance bonus it gives to AC (002: 199-205): lesser +1 (AC only),
#: standard +2 and greater +4 (AC, Reflex saves against area effects, Stealth).
COVERS = {"lesser": 1, "standard": 2, "greater": 4}
#: A creature is in the encounter, defeated (out of the order, kept in the record) or
#: removed (left the encounter, kept in the record).
STATUSES = ("active", "defeated", "removed")


def check_int(what: str, value: object, *, low: int | None = None) -> int:
    """A whole number (not a bool), at least ``low`` when given (systems.limits bounds it)."""
    return check_whole(what, value, low=low, error=Pf2eError)


def check_text(what: str, value: object) -> str:
    """A non-empty string without surrounding spaces (systems.limits bounds it)."""
    return check_name(what, value, error=Pf2eError)


@dataclass(frozen=True)
class Effect:
    """An effect lasting ``rounds`` more turns of its holder, counted down as ``ticks`` says.

    ``on`` names who the effect is on when that is not the holder (a spell the holder
    cast on an ally still counts down on the caster's turn, 002: 56).
    """

    name: str
    rounds: int
    ticks: str = TICK_START
    on: str | None = None
    save: str | None = None

    def __post_init__(self) -> None:
        check_text("an effect's name", self.name)
        if self.save is not None:
            check_text(f"the save against {self.name}", self.save)
        check_int(f"{self.name}'s rounds", self.rounds, low=1)
        if self.ticks not in EFFECT_TICKS:
            raise Pf2eError(f"{self.name} ticks at 'start' or 'end' of a turn, got {self.ticks!r}")
        if self.on is not None:
            check_text(f"who {self.name} is on", self.on)


@dataclass(frozen=True)
class PersistentDamage:
    """Persistent damage: taken at the end of each turn, then a flat check to end it (002: 69)."""

    damage: str
    damage_type: str

    def __post_init__(self) -> None:
        check_text("the persistent damage (e.g. '1d6')", self.damage)
        check_text("the persistent damage type (e.g. 'fire')", self.damage_type)


@dataclass(frozen=True)
class Readied:
    """A readied action: used as a reaction if its trigger comes before the next turn (002: 103).

    ``attack_penalty`` is the multiple attack penalty held when readying, which a readied
    attack keeps (002: 104); 0 for none, negative otherwise.
    """

    action: str
    trigger: str
    attack_penalty: int = 0

    def __post_init__(self) -> None:
        check_text("the readied action", self.action)
        check_text("the readied action's trigger", self.trigger)
        if check_int("the multiple attack penalty", self.attack_penalty) > 0:
            raise Pf2eError(f"a multiple attack penalty is 0 or negative, got "
                            f"{self.attack_penalty}")


@dataclass(frozen=True)
class Combatant:
    """A PC or enemy in the encounter: initiative, the turn's economy and what lasts on it.

    ``shown_as`` is what players see until the PCs identify the creature (002: 73);
    ``initiative`` is the ranked result once rolled or typed in, ``initiative_face`` the d20.
    """

    name: str
    side: str
    initiative_modifier: int = 0
    initiative_skill: str = DEFAULT_INITIATIVE_SKILL
    group: str | None = None
    shown_as: str | None = None
    identified: bool = True
    initiative: int | None = None
    initiative_face: int | None = None
    actions: int = 0
    reaction: bool = False
    effects: tuple[Effect, ...] = field(default=())
    persistent: tuple[PersistentDamage, ...] = field(default=())
    readied: Readied | None = None
    status: str = "active"
    turns_taken: int = 0
    hp: int | None = None
    max_hp: int | None = None
    ac: int | None = None
    conditions: tuple[tuple[str, int], ...] = field(default=())
    attacks: int = 0
    aid: int = 0
    cover: str | None = None
    off_guard: bool = False
    rider: str | None = None
    air: int | None = None
    suffocation: int = 0
    diagonals: int = 0

    def __post_init__(self) -> None:
        check_text("a combatant's name", self.name)
        if self.side not in SIDES:
            raise Pf2eError(f"{self.name}'s side must be 'pc' or 'enemy', got {self.side!r}")
        modifier = check_int(f"{self.name}'s initiative modifier", self.initiative_modifier)
        if abs(modifier) > MODIFIER_LIMIT:
            raise Pf2eError(f"{self.name}'s initiative modifier must be from -{MODIFIER_LIMIT} "
                            f"to +{MODIFIER_LIMIT}, got {modifier}")
        check_text(f"{self.name}'s initiative skill", self.initiative_skill)
        if self.group is not None:
            check_text(f"{self.name}'s group", self.group)
        if self.shown_as is not None:
            check_text(f"the name players see for {self.name}", self.shown_as)
        for flag in ("identified", "reaction", "off_guard"):
            if not isinstance(getattr(self, flag), bool):
                raise Pf2eError(f"{self.name}'s {flag} must be True or False")
        if self.initiative is not None:
            check_int(f"{self.name}'s initiative", self.initiative)
        if self.initiative_face is not None:
            face = check_int(f"{self.name}'s initiative die", self.initiative_face, low=1)
            if face > INITIATIVE_DIE:
                raise Pf2eError(f"a d{INITIATIVE_DIE} shows 1-{INITIATIVE_DIE}, got {face}")
        check_int(f"{self.name}'s actions", self.actions, low=0)
        check_int(f"{self.name}'s turns taken", self.turns_taken, low=0)
        for what in ("max_hp", "ac", "air"):
            if getattr(self, what) is not None:
                check_int(f"{self.name}'s {what.replace('_', ' ')}", getattr(self, what),
                          low=1 if what == "max_hp" else 0)
        if self.hp is not None and (self.max_hp is None or not 0 <= check_int(
                f"{self.name}'s HP", self.hp) <= self.max_hp):
            raise Pf2eError(f"{self.name}'s HP must be from 0 to its maximum HP, "
                                f"got {self.hp}")
        for what in ("attacks", "suffocation", "diagonals"):
            check_int(f"{self.name}'s {what}", getattr(self, what), low=0)
        check_int(f"{self.name}'s aid", self.aid)
        for cond, value in self.conditions:
            check_text("a condition", cond)
            check_int(f"{self.name}'s {cond} value", value, low=1)
        if self.cover is not None and self.cover not in COVERS:
            raise Pf2eError(f"cover is {', '.join(COVERS)}, got {self.cover!r}")
        if self.rider is not None:
            check_text(f"{self.name}'s rider", self.rider)
        if self.status not in STATUSES:
            raise Pf2eError(f"{self.name}'s status must be one of {', '.join(STATUSES)}, "
                            f"got {self.status!r}")

    @property
    def pc(self) -> bool:
        """A player character (PCs choose among themselves on a tie, 002: 45)."""
        return self.side == PC

    @property
    def dying(self) -> bool:
        """At 0 HP and dying (the dying condition has a value)."""
        return self.condition("dying") > 0

    def condition(self, name: str) -> int:
        """The value of a condition (0: does not have it)."""
        return dict(self.conditions).get(name, 0)

    def with_condition(self, name: str, value: int) -> Combatant:
        """This combatant with ``name`` at ``value`` (0 removes it), kept sorted by name."""
        kept = {**dict(self.conditions), name: value}
        return replace(self, conditions=tuple(sorted((k, v) for k, v in kept.items() if v > 0)))

    @property
    def hidden(self) -> bool:
        """Players see ``shown_as`` instead of the name (002: 73)."""
        return self.shown_as is not None and not self.identified

    @property
    def display_name(self) -> str:
        """The name players see."""
        return self.shown_as if self.hidden and self.shown_as else self.name

    def as_dict(self) -> dict[str, Any]:
        """Plain JSON-ready values."""
        out: dict[str, Any] = {f.name: getattr(self, f.name) for f in fields(self)}
        out["effects"] = [vars(e).copy() for e in self.effects]
        out["persistent"] = [vars(p).copy() for p in self.persistent]
        out["readied"] = vars(self.readied).copy() if self.readied else None
        out["conditions"] = dict(self.conditions)
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Combatant:
        """Rebuild from :meth:`as_dict` output (refuses unknown or missing keys).

        A state written before conditions, hit points and the rest were kept has ``dying``
        (True or False) and none of the later keys: it reads with their defaults.
        """
        names = {f.name for f in fields(cls)}
        if isinstance(data, dict) and "dying" in data and "conditions" not in data:
            old = {k: v for k, v in data.items() if k != "dying"}
            data = {**old, "conditions": {"dying": 1} if data["dying"] is True else {}}
            data = {**{k: _DEFAULTS[k] for k in LATER_KEYS}, **data}
        if not isinstance(data, dict) or set(data) != names:
            got = sorted(data) if isinstance(data, dict) else type(data).__name__
            raise Pf2eError(f"a combatant needs exactly the keys {sorted(names)}, got {got}")
        values = dict(data)
        if not isinstance(data["conditions"], dict):
            raise Pf2eError("a combatant's conditions are NAME: VALUE pairs")
        values["conditions"] = tuple(sorted(data["conditions"].items()))
        values["effects"] = tuple(Effect(**e) for e in data["effects"])
        values["persistent"] = tuple(PersistentDamage(**p) for p in data["persistent"])
        values["readied"] = Readied(**data["readied"]) if data["readied"] else None
        return cls(**values)


#: The keys a combatant gained after the first release, with the values old states read as.
LATER_KEYS = ("hp", "max_hp", "ac", "conditions", "attacks", "aid", "cover", "off_guard",
              "rider", "air", "suffocation", "diagonals")
_DEFAULTS: dict[str, Any] = {f.name: (f.default if f.default is not MISSING else ())
                             for f in fields(Combatant) if f.name in LATER_KEYS}
