"""What every campaign operation shares, in every game system: the one write path
(:func:`operation`, :class:`Writer`), :class:`Happened`, and the checks of typed text and counts.

A campaign's areas (Draw Steel's respites, projects, ...; another system's book) run their
operations inside :meth:`BaseCampaign.transaction
<drawsteel_kit.kit.book.campaign.BaseCampaign.transaction>`: all of an operation lands, or none.
"""

from __future__ import annotations

import functools
import unicodedata
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar, cast

from drawsteel_kit.kit.book.party import encodable, read_party
from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.kit.ledger import DIRECTOR, PARTY, Event, Op, update_op
from drawsteel_kit.kit.limits import control_problem

if TYPE_CHECKING:
    from drawsteel_kit.kit.book.campaign import BaseCampaign

__all__ = ["Discard", "Happened", "Writer", "check_count", "check_text",
           "check_visibility", "operation"]

#: Our own sanity limits (not the book's): larger numbers are typos, not awards.
MAX_AWARD = 1_000
MAX_DAYS_AT_ONCE = 3_650
MAX_TEXT = 500


@dataclass(frozen=True)
class Happened:
    """What an operation did: its events (one per hero touched) and a summary line."""

    kind: str
    summary: str
    events: tuple[Event, ...] = ()
    details: dict[str, Any] = field(default_factory=dict)

    @property
    def event_ids(self) -> tuple[int, ...]:
        """The ids of the events written (empty for a dry run or a no-op)."""
        return tuple(e.id for e in self.events)

    def __str__(self) -> str:
        return self.summary


def check_text(value: str, what: str, *, name: bool = False) -> str:
    """Text a user typed, stripped; ``name``: a name (of an NPC, a follower, an item, a
    battle ...), one line without invisible characters and NFC-normalised, so that it reads
    as it looks and equals the same name typed another way."""
    if not isinstance(value, str):
        raise RulesError(f"{what} must be text, got {value!r}")
    if not encodable(value):
        raise RulesError(f"{what} holds bytes that are not UTF-8 text ({value!r}); type it "
                         "again, or set the terminal to UTF-8")
    problem = control_problem(value.strip() if name else value, lines=not name)
    if problem:
        raise RulesError(f"{what} {problem}")
    value = unicodedata.normalize("NFC", value.strip()) if name else value.strip()
    if len(value) > MAX_TEXT:
        raise RulesError(f"{what} is {len(value)} characters long; keep it under {MAX_TEXT}")
    return value


def check_count(value: object, what: str, *, minimum: int = 1, maximum: int = MAX_AWARD) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not minimum <= value <= maximum:
        raise RulesError(
            f"{what} must be a whole number from {minimum} to {maximum}, got {value!r}"
        )
    return value


_Method = TypeVar("_Method", bound=Callable[..., Any])


def operation(method: _Method) -> _Method:
    """Run a whole operation (its reads, checks and writes) in one write transaction.

    Reading the state before taking the write lock let two writers compute from the
    same values and lose a change (two awards of one victory leaving one). A refused
    operation rolls back a transaction that wrote nothing.
    """

    @functools.wraps(method)
    def run(self: Any, *args: Any, **kwargs: Any) -> Any:
        if self.ledger.db.conn.in_transaction and not self.ledger.readonly:
            return method(self, *args, **kwargs)  # inside this operation's own write
        with self.ledger.write():  # read-only books (a players' copy too) refuse here
            return method(self, *args, **kwargs)

    return cast(_Method, run)


class Discard(Exception):
    """Raised inside a dry run's transaction so that it rolls back."""


class Writer:
    """Writes events inside one open transaction, stamping day, session and operation."""

    def __init__(self, campaign: BaseCampaign) -> None:
        self.campaign = campaign
        self.ledger = campaign.ledger
        party = read_party(campaign.ledger.db)
        self.day = party.day if party else 1
        self.session = (party.session or None) if party else None
        self.operation = uuid.uuid4().hex[:12]
        self.written: list[Event] = []

    def event(
        self, kind: str, ops: Sequence[Op], *, summary: str, actor: str | None = None,
        payload: Mapping[str, Any] | None = None, visibility: str = PARTY,
        session: int | None = None, seed: int | None = None, dice: Sequence[int] | None = None,
        undoes: int | None = None,
    ) -> Event:
        body = {"summary": summary, **(payload or {})}
        written = self.ledger.append(
            kind, day=self.day, session=session if session is not None else self.session,
            actor=actor, payload=body, ops=ops, seed=seed, dice=dice, visibility=visibility,
            undoes=undoes, operation=self.operation,
        )
        self.written.append(written)
        return written

    def party_event(self, kind: str, after: Mapping[str, Any], **kw: Any) -> Event:
        party = read_party(self.ledger.db)
        assert party is not None
        before = party.as_dict()
        return self.event(kind, [update_op("party", 1, before, after)], **kw)



def check_visibility(visibility: str) -> str:
    """Party (everyone) or the Director's eyes only."""
    if visibility not in (PARTY, DIRECTOR):
        raise RulesError(f"visibility must be {PARTY!r} or {DIRECTOR!r}, got {visibility!r}")
    return visibility
