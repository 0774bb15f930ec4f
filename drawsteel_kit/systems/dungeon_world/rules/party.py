"""Helpers for moves that touch several characters: checking the party and its names."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from drawsteel_kit.kit.limits import did_you_mean
from drawsteel_kit.systems.dungeon_world.errors import DungeonWorldError, UnknownCharacter
from drawsteel_kit.systems.dungeon_world.rules.character import Character

__all__ = ["check_party", "find", "names_in"]


def check_party(party: Sequence[Character]) -> tuple[Character, ...]:
    """The characters as a tuple: at least one, each a Character, names unique."""
    if isinstance(party, Character | str | bytes | Mapping):
        raise DungeonWorldError(f"a party must be a list of characters, got {party!r}")
    characters = tuple(party)
    if not characters:
        raise DungeonWorldError("the move needs at least one character")
    for character in characters:
        if not isinstance(character, Character):
            raise DungeonWorldError(
                f"a party holds Characters, got {type(character).__name__}"
            )
    names = [c.name for c in characters]
    repeated = sorted({n for n in names if names.count(n) > 1})
    if repeated:
        raise DungeonWorldError(f"each character appears once; repeated: {', '.join(repeated)}")
    return characters


def names_in(party: Sequence[Character], names: Iterable[str], what: str) -> list[str]:
    """``names`` as a list, each one a character of ``party`` (and none twice)."""
    if isinstance(names, str):
        names = [names]
    listed = list(names)
    known = [c.name for c in party]
    for name in listed:
        if name not in known:
            raise UnknownCharacter(
                f"{what} names {name!r}, who is not here; characters: {', '.join(known)}"
                f"{did_you_mean(name, known)}"
            )
    if len(set(listed)) != len(listed):
        raise DungeonWorldError(f"{what} names someone twice: {listed!r}")
    return listed


def find(party: Sequence[Character], name: str, what: str = "the move") -> Character:
    """The character called ``name``."""
    names_in(party, [name], what)
    return next(c for c in party if c.name == name)
