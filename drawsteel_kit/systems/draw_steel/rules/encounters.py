"""Victories from encounters (000: 815-825): what one logged encounter gives each hero.

Pure: no ledger. ``book.encounters`` records an encounter with what these functions say.

- 000:817  victories start at 0 each adventure (a respite turns them into XP: ``respite``).
- 000:821  a hero who *survives* a *combat* encounter in which the party's objective was met
           gains 1 victory; the Director may give none for a trivial one, more for a hard one.
- 000:825  a big *non-combat* challenge overcome (a deadly trap, a negotiation, a montage
           test, a puzzle, a clever plan that avoids a fight): the Director may give 1, and 1 or
           more for an especially hard one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from drawsteel_kit.kit.errors import RulesError

__all__ = ["CHALLENGE", "CHALLENGE_VICTORIES", "COMBAT", "COMBAT_VICTORIES", "KINDS",
           "Opponent", "parse_opponent", "victories_for"]

#: A combat encounter (000:819-821).
COMBAT = "combat"
#: A big challenge overcome without a fight (000:823-825).
CHALLENGE = "challenge"
KINDS = (COMBAT, CHALLENGE)
#: Victories for a combat encounter survived with the objective met (000:821).
COMBAT_VICTORIES = 1
#: Victories the Director gives for a big non-combat challenge overcome (000:825).
CHALLENGE_VICTORIES = 1

#: Our own sanity limits (not the book's): foes of one kind in one line, its name's length.
MAX_FOES = 999
MAX_FOE_NAME = 120

_COUNTED = re.compile(r"^\s*(\d+)\s*[x×]?\s+(.*\S)\s*$")


@dataclass(frozen=True)
class Opponent:
    """One line of the other side: how many, and what (free text: "goblin snipers")."""

    count: int
    name: str

    def as_dict(self) -> dict[str, object]:
        return {"count": self.count, "name": self.name}

    def __str__(self) -> str:
        return f"{self.count} {self.name}" if self.count != 1 else self.name


def check_kind(kind: str) -> str:
    """``combat`` or ``challenge``; anything else is named back with the choices."""
    if kind not in KINDS:
        raise RulesError(f"an encounter is {' or '.join(map(repr, KINDS))}, got {kind!r}")
    return kind


def parse_opponent(value: str | Opponent) -> Opponent:
    """One side's line: ``"4 goblins"``, ``"4x goblins"`` or ``"the bridge troll"`` (one)."""
    if isinstance(value, Opponent):
        count, name = value.count, value.name
    elif isinstance(value, str):
        found = _COUNTED.match(value)
        count, name = (int(found.group(1)), found.group(2)) if found else (1, value.strip())
    else:
        raise RulesError(f"an opponent is text like '4 goblins', got {value!r}")
    if not name:
        raise RulesError(f"an opponent needs a name ('4 goblins'), got {value!r}")
    if len(name) > MAX_FOE_NAME:
        raise RulesError(f"opponent {name[:30]!r}... is too long: keep it under "
                         f"{MAX_FOE_NAME} characters")
    if not 1 <= count <= MAX_FOES:
        raise RulesError(f"opponent {value!r}: a count from 1 to {MAX_FOES}, got {count}")
    return Opponent(count, name)


def victories_for(kind: str, objective_met: bool, survived: bool,
                  override: int | None = None) -> int:
    """The victories one hero gains from one encounter.

    Nothing unless the objective was met (000:821) or the challenge overcome (000:825), and
    nothing for a hero who did not survive it (fell, was taken out). Otherwise the book's
    award (:data:`COMBAT_VICTORIES`, :data:`CHALLENGE_VICTORIES`), or the Director's
    ``override``: 0 for a trivial one, more for a hard one (an override above 0 for an
    objective not met is refused: the book gives nothing then).
    """
    check_kind(kind)
    if not isinstance(objective_met, bool) or not isinstance(survived, bool):
        raise RulesError("objective met and survived are yes or no (True/False)")
    if override is not None and (not isinstance(override, int) or isinstance(override, bool)
                                 or override < 0):
        raise RulesError(f"the Director's victories are a whole number, 0 or more, "
                         f"got {override!r}")
    if override and not objective_met:
        # 000:821: victories come with the party's objective met.
        raise RulesError(f"the objective was not met, so the encounter gives no victories "
                         f"(the book's \"Victories\"): mark it met, or leave out the "
                         f"{override} victories")
    if not objective_met or not survived:
        return 0
    if override is not None:
        return override
    return COMBAT_VICTORIES if kind == COMBAT else CHALLENGE_VICTORIES
