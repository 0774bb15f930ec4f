"""Small validators and the plain-value converter the Dungeon World modules share."""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping
from typing import Any, TypeVar

from drawsteel_kit.kit.limits import shown, text_problem, whole_problem
from drawsteel_kit.systems.dungeon_world.errors import DungeonWorldError

E = TypeVar("E", bound=enum.Enum)


def check_int(
    name: str, value: object, *, minimum: int | None = None, maximum: int | None = None
) -> int:
    """A whole number (not a bool), optionally within bounds; the message says the bounds."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise DungeonWorldError(f"{name} must be a whole number, got {value!r}")
    if minimum is not None and value < minimum:
        upper = f" to {maximum}" if maximum is not None else " or more"
        raise DungeonWorldError(f"{name} must be {minimum}{upper}, got {value}")
    if maximum is not None and value > maximum:
        lower = f"{minimum} to " if minimum is not None else "at most "
        raise DungeonWorldError(f"{name} must be {lower}{maximum}, got {value}")
    problem = whole_problem(value)
    if problem:
        raise DungeonWorldError(f"{name} {problem}")
    return value


def check_bool(name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise DungeonWorldError(f"{name} must be True or False, got {value!r}")
    return value


def check_text(name: str, value: object, *, allow_empty: bool = False) -> str:
    if not isinstance(value, str) or (not allow_empty and not value.strip()):
        kind = "text" if allow_empty else "non-empty text"
        raise DungeonWorldError(f"{name} must be {kind}, got {shown(value)}")
    problem = text_problem(value)
    if problem:
        raise DungeonWorldError(f"{name} {problem}")
    return value


def coerce_enum(enum_cls: type[E], value: object, what: str) -> E:
    """``value`` as a member of ``enum_cls``, from the member itself or its value."""
    if isinstance(value, enum_cls):
        return value
    for member in enum_cls:
        if value == member.value:
            return member
    allowed = ", ".join(repr(m.value) for m in enum_cls)
    raise DungeonWorldError(f"{what} must be one of {allowed}; got {value!r}")


def coerce_enums(enum_cls: type[E], values: object, what: str) -> tuple[E, ...]:
    """A sequence of enum members without repeats (a bare string is refused)."""
    if isinstance(values, str | bytes | Mapping) or not hasattr(values, "__iter__"):
        raise DungeonWorldError(f"{what} must be a list, got {values!r}")
    members = tuple(coerce_enum(enum_cls, v, what) for v in values)
    if len(set(members)) != len(members):
        raise DungeonWorldError(f"{what} may name each option once, got {list(values)!r}")
    return members


def text_tuple(name: str, values: object) -> tuple[str, ...]:
    if isinstance(values, str | bytes | Mapping) or not hasattr(values, "__iter__"):
        raise DungeonWorldError(f"{name} must be a list of text, got {values!r}")
    return tuple(check_text(name, v) for v in values)


def to_plain(value: Any) -> Any:
    """Dataclasses, enums, tuples and mappings as JSON-able dicts, strings and lists."""
    if isinstance(value, enum.Enum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        if hasattr(value, "as_dict"):
            return value.as_dict()
        return fields_as_plain(value)
    if isinstance(value, Mapping):
        return {str(to_plain(k)): to_plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple | frozenset | set):
        return [to_plain(v) for v in value]
    return value


def fields_as_plain(value: Any) -> dict[str, Any]:
    """A dataclass's fields as a plain dict (what ``as_dict`` methods return)."""
    return {f.name: to_plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
