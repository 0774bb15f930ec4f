"""A Dungeon World character's sheet as an immutable state, with its JSON-able dict form.

What the special moves read and change (003: 282-387): stats and modifiers, HP, level,
XP, coin, rations (uses), bonds, alignment, debilities, preparation (〔備え〕, 003: 387),
forward modifiers (〔次回+1〕, 003: 118, 178, 293, 369) and ongoing ones (〔継続-1〕, 003: 274),
Defend's hold (〔ホールド〕, 003: 114-121), ammo (〔矢弾〕, 003: 53), the load carried (003:
271-277) and what Last Breath left (003: 257).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from drawsteel_kit.kit.words import noun
from drawsteel_kit.systems.dungeon_world.errors import DungeonWorldError
from drawsteel_kit.systems.dungeon_world.rules.checks import (
    check_int,
    check_text,
    coerce_enum,
    coerce_enums,
    fields_as_plain,
    text_tuple,
)
from drawsteel_kit.systems.dungeon_world.rules.moves import Move
from drawsteel_kit.systems.dungeon_world.rules.stats import (
    DEBILITY_PENALTY,
    DEBILITY_STAT,
    Debility,
    Stat,
    StatBlock,
    stat_modifier,
)

__all__ = [
    "MIN_LEVEL",
    "Alignment",
    "Bond",
    "Character",
    "Fate",
    "Modifier",
]

#: Characters start at level 1 (Dungeon World core book; seed 003 only raises it, 003: 333).
MIN_LEVEL = 1


class Alignment(StrEnum):
    """The five alignments (属性, 003: 319; the list is the Dungeon World core book's)."""

    GOOD = "good"
    LAWFUL = "lawful"
    NEUTRAL = "neutral"
    CHAOTIC = "chaotic"
    EVIL = "evil"


class Fate(StrEnum):
    """Where Last Breath left a character (《死に際》, 003: 257).

    ``offered``: a 7-9 whose bargain is not answered yet; ``bargained``: alive, the
    bargain's terms kept in ``bargain``; ``marked``: a miss, Death's own, alive until the GM
    says the time has come; ``dead``: through the Black Gates (a refused bargain).
    """

    ALIVE = "alive"
    OFFERED = "offered"
    BARGAINED = "bargained"
    MARKED = "marked"
    DEAD = "dead"


@dataclass(frozen=True)
class Bond:
    """A bond (縁故, 003: 317): a line of the sheet about another character."""

    target: str
    text: str

    def __post_init__(self) -> None:
        check_text("a bond's target", self.target)
        check_text("a bond's text", self.text)

    def as_dict(self) -> dict[str, Any]:
        return fields_as_plain(self)

    @classmethod
    def from_dict(cls, data: object) -> Bond:
        if isinstance(data, Bond):
            return data
        if not isinstance(data, Mapping) or set(data) != {"target", "text"}:
            raise DungeonWorldError(f"a bond needs exactly 'target' and 'text', got {data!r}")
        return cls(target=data["target"], text=data["text"])


@dataclass(frozen=True)
class Modifier:
    """A forward (next roll) or ongoing (every roll) bonus or penalty.

    ``move`` limits it to one move (Recruit's -1 forward applies to the next Recruit,
    003: 369); ``None`` applies to any roll (Take Watch's +1 forward, 003: 293).
    """

    amount: int
    move: Move | None = None
    source: str = ""

    def __post_init__(self) -> None:
        check_int("a modifier's amount", self.amount)
        if self.amount == 0:
            raise DungeonWorldError("a forward or ongoing modifier must not be 0")
        if self.move is not None:
            object.__setattr__(self, "move", coerce_enum(Move, self.move, "a modifier's move"))
        check_text("a modifier's source", self.source, allow_empty=True)

    def applies_to(self, move: Move) -> bool:
        return self.move is None or self.move is move

    def as_dict(self) -> dict[str, Any]:
        return fields_as_plain(self)

    @classmethod
    def from_dict(cls, data: object) -> Modifier:
        if isinstance(data, Modifier):
            return data
        if not isinstance(data, Mapping) or not {"amount"} <= set(data) <= {
            "amount", "move", "source"
        }:
            raise DungeonWorldError(
                f"a modifier needs 'amount' and may have 'move' and 'source', got {data!r}"
            )
        return cls(
            amount=data["amount"], move=data.get("move"), source=data.get("source", "")
        )


def _weights(name: str, weights: object, gear: tuple[str, ...]) -> Mapping[str, int]:
    """Whole weights of 0 or more; an item no longer carried drops out (gear put down
    lightens the load)."""
    if not isinstance(weights, Mapping):
        raise DungeonWorldError(f"{name}'s weights map gear to weights, like "
                                f"{{'great axe': 2}}; got {weights!r}")
    for item, weight in weights.items():
        check_text(f"an item of {name}'s weights", item)
        check_int(f"the weight of {name}'s {item}", weight, minimum=0)
    return MappingProxyType({item: weights[item] for item in gear if item in weights})


def _tuple_of(cls: Any, name: str, values: object) -> tuple[Any, ...]:
    if isinstance(values, str | bytes | Mapping) or not hasattr(values, "__iter__"):
        raise DungeonWorldError(f"{name} must be a list, got {values!r}")
    return tuple(cls.from_dict(v) for v in values)


@dataclass(frozen=True)
class Character:
    """One character's sheet. Build it with plain values; lists become tuples."""

    name: str
    scores: StatBlock
    max_hp: int
    hp: int
    playbook: str = ""
    level: int = MIN_LEVEL
    xp: int = 0
    coin: int = 0
    rations: int = 0
    alignment: Alignment = Alignment.NEUTRAL
    bonds: tuple[Bond, ...] = ()
    debilities: tuple[Debility, ...] = ()
    preparation: int = 0
    forward: tuple[Modifier, ...] = ()
    ongoing: tuple[Modifier, ...] = ()
    moves: tuple[str, ...] = ()
    gear: tuple[str, ...] = ()
    #: Defend's hold left, and what is being defended (003: 114, 121).
    hold: int = 0
    defending: str = ""
    #: Uses of ammunition (〔矢弾〕: Volley's 7-9 may mark one, 003: 53).
    ammo: int = 0
    #: The playbook's base load; None: the core book's for the playbook (see ``load``).
    load: int | None = None
    #: The weight of each gear item that weighs something (by its name in ``gear``).
    weights: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    fate: Fate = Fate.ALIVE
    #: The terms of Death's bargain, once accepted (003: 257).
    bargain: str = ""

    def __post_init__(self) -> None:
        def put(field: str, value: object) -> None:
            object.__setattr__(self, field, value)

        check_text("a character's name", self.name)
        check_text(f"{self.name}'s playbook", self.playbook, allow_empty=True)
        put("scores", StatBlock.from_mapping(self.scores))
        check_int(f"{self.name}'s level", self.level, minimum=MIN_LEVEL)
        check_int(f"{self.name}'s max_hp", self.max_hp, minimum=1)
        check_int(f"{self.name}'s hp", self.hp, minimum=0, maximum=self.max_hp)
        for key in ("xp", "coin", "rations", "preparation"):
            check_int(f"{self.name}'s {key}", getattr(self, key), minimum=0)
        put("alignment", coerce_enum(Alignment, self.alignment, f"{self.name}'s alignment"))
        put("bonds", _tuple_of(Bond, f"{self.name}'s bonds", self.bonds))
        debilities = coerce_enums(Debility, self.debilities, f"{self.name}'s debilities")
        put("debilities", tuple(d for d in Debility if d in debilities))
        put("forward", _tuple_of(Modifier, f"{self.name}'s forward", self.forward))
        put("ongoing", _tuple_of(Modifier, f"{self.name}'s ongoing", self.ongoing))
        put("moves", text_tuple(f"{self.name}'s moves", self.moves))
        put("gear", text_tuple(f"{self.name}'s gear", self.gear))
        for key in ("hold", "ammo"):
            check_int(f"{self.name}'s {key}", getattr(self, key), minimum=0)
        check_text(f"{self.name}'s defending", self.defending, allow_empty=True)
        if self.hold and not self.defending:
            raise DungeonWorldError(f"{self.name} holds {self.hold} from Defend: say what is "
                                    "defended (defending)")
        if self.load is not None:
            check_int(f"{self.name}'s load", self.load, minimum=0)
        put("weights", _weights(self.name, self.weights, self.gear))
        put("fate", coerce_enum(Fate, self.fate, f"{self.name}'s fate"))
        check_text(f"{self.name}'s bargain", self.bargain, allow_empty=True)
        if self.fate is Fate.BARGAINED and not self.bargain.strip():
            raise DungeonWorldError(f"{self.name} bargained with Death: write the terms "
                                    "(bargain)")

    # --- reading the sheet --------------------------------------------------------------

    def score(self, stat: Stat | str) -> int:
        return self.scores[stat]

    def modifier(self, stat: Stat | str) -> int:
        """The stat's modifier, less 1 if a debility weakens it (see ``stats``)."""
        stat = coerce_enum(Stat, stat, "a stat")
        weakened = any(DEBILITY_STAT[d] is stat for d in self.debilities)
        return stat_modifier(self.scores[stat]) - (DEBILITY_PENALTY if weakened else 0)

    @property
    def damage(self) -> int:
        """HP missing from the maximum."""
        return self.max_hp - self.hp

    # --- small changes the moves share ------------------------------------------------

    def with_forward(self, modifier: Modifier) -> Character:
        return replace(self, forward=(*self.forward, modifier))

    def with_ongoing(self, modifier: Modifier) -> Character:
        return replace(self, ongoing=(*self.ongoing, modifier))

    def without_ongoing(self, source: str) -> Character:
        """Ends every ongoing modifier from ``source`` (e.g. once the load is lightened)."""
        if not any(m.source == source for m in self.ongoing):
            sources = ", ".join(repr(m.source) for m in self.ongoing) or "none"
            raise DungeonWorldError(
                f"{self.name} has no ongoing modifier from {source!r}; sources: {sources}"
            )
        return replace(self, ongoing=tuple(m for m in self.ongoing if m.source != source))

    def with_debility(self, debility: Debility | str) -> Character:
        debility = coerce_enum(Debility, debility, "a debility")
        if debility in self.debilities:
            raise DungeonWorldError(f"{self.name} is already {debility}")
        return replace(self, debilities=(*self.debilities, debility))

    # --- plain form -------------------------------------------------------------------

    def as_dict(self) -> dict[str, Any]:
        """The sheet as JSON-able values; :meth:`from_dict` reads it back."""
        return fields_as_plain(self)

    @classmethod
    def from_dict(cls, data: object) -> Character:
        if isinstance(data, Character):
            return data
        if not isinstance(data, Mapping):
            raise DungeonWorldError(f"a character must be a mapping, got {data!r}")
        allowed = set(cls.__dataclass_fields__)
        unknown = sorted(set(data) - allowed)
        if unknown:
            raise DungeonWorldError(
                f"unknown character {noun(len(unknown), 'field')} {', '.join(unknown)}; "
                f"allowed: {', '.join(sorted(allowed))}"
            )
        missing = sorted({"name", "scores", "max_hp", "hp"} - set(data))
        if missing:
            raise DungeonWorldError(f"a character needs {', '.join(missing)}")
        return cls(**dict(data))
