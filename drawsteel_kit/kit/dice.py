"""Dice sources: seeded (reproducible) or scripted (typed in from the table).

Every rules function that rolls takes a dice source: any object with
``roll(sides) -> int``. Both sources here also remember the faces they gave
(``faces``), so the ledger can store exactly what was rolled.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Protocol, runtime_checkable

from drawsteel_kit.kit.errors import DiceExhausted, RulesError

__all__ = ["MAX_SEED", "Dice", "ScriptedDice", "SeededDice", "dice_for", "roll_many"]


@runtime_checkable
class Dice(Protocol):
    """Anything that can roll one die with the given number of sides."""

    def roll(self, sides: int) -> int: ...


def _check_sides(sides: int) -> None:
    if not isinstance(sides, int) or isinstance(sides, bool) or sides < 2:
        raise RulesError(f"a die needs at least 2 sides, got {sides!r}")


class SeededDice:
    """Reproducible dice: the same seed always gives the same faces."""

    def __init__(self, seed: int) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RulesError(f"a dice seed must be a whole number, got {seed!r}")
        self.seed = seed
        self._rng = random.Random(seed)
        self.faces: list[int] = []

    def roll(self, sides: int) -> int:
        _check_sides(sides)
        face = self._rng.randint(1, sides)
        self.faces.append(face)
        return face

    def __repr__(self) -> str:
        return f"SeededDice(seed={self.seed}, rolled={len(self.faces)})"


class ScriptedDice:
    """Dice that give the faces they were handed, in order.

    For tests, and for results rolled with physical dice at the table and typed in.
    Raises :class:`DiceExhausted` when asked for more faces than it holds, and
    :class:`RulesError` when a face cannot come from the die being rolled.
    """

    def __init__(self, faces: Iterable[int]) -> None:
        self._script = list(faces)
        for face in self._script:
            if not isinstance(face, int) or isinstance(face, bool) or face < 1:
                raise RulesError(f"a die face must be a whole number of 1 or more, got {face!r}")
        self._next = 0
        self.faces: list[int] = []

    @property
    def remaining(self) -> int:
        """How many typed-in faces have not been used yet."""
        return len(self._script) - self._next

    def roll(self, sides: int) -> int:
        _check_sides(sides)
        if self._next >= len(self._script):
            raise DiceExhausted(
                f"ran out of typed-in dice after {len(self._script)} faces, but a d{sides} "
                "is still needed: type in one more face (or let the dice be generated)"
            )
        face = self._script[self._next]
        if face > sides:
            raise RulesError(
                f"typed-in face {face} (roll {self._next + 1}) cannot come from a d{sides}: "
                f"enter a number from 1 to {sides}"
            )
        self._next += 1
        self.faces.append(face)
        return face

    def __repr__(self) -> str:
        return f"ScriptedDice({self._script!r}, used={self._next})"


def roll_many(dice: Dice, count: int, sides: int) -> tuple[int, ...]:
    """Roll ``count`` dice of ``sides`` sides (``roll_many(d, 2, 10)`` is 2d10)."""
    if not isinstance(count, int) or isinstance(count, bool) or count < 0:
        raise RulesError(f"the number of dice must be a whole number of 0 or more, got {count!r}")
    return tuple(dice.roll(sides) for _ in range(count))


#: The largest seed an operation records (SQLite's largest integer).
MAX_SEED = 2**63 - 1


def dice_for(seed: int | None, dice: Dice | None) -> tuple[Dice, int | None]:
    """The dice an operation rolls with, and the seed to record (a fresh one if none).

    Every system's book rolls through this, so a seed means the same in each."""
    if dice is not None:
        return dice, getattr(dice, "seed", None)
    if seed is None:  # from the system's randomness, as secrets.randbelow (without its imports)
        seed = random.SystemRandom().randrange(2**31)
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise RulesError(f"seed must be a whole number from 0 to {MAX_SEED}, got {seed!r}")
    return SeededDice(seed), seed
