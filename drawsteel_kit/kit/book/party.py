"""The party row every campaign has (``party``, id 1): its name, calendar and settings."""

from __future__ import annotations

import json
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

from drawsteel_kit.kit.ledger import memo

if TYPE_CHECKING:
    from drawsteel_kit.kit.ledger.reader import LedgerDb

__all__ = ["PartyState", "encodable", "read_party", "visible_where"]


@dataclass(frozen=True)
class PartyState:
    """The party row: campaign name, day, session, hero tokens, settings, stronghold."""

    name: str
    day: int
    session: int
    session_open: bool
    hero_tokens: int
    settings: dict[str, Any]
    stronghold: dict[str, Any] | None
    location: str = ""  # where the party is ('' not said; schema 0005)

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {f.name: getattr(self, f.name) for f in fields(self)}


def read_party(db: LedgerDb) -> PartyState | None:
    """The party row, or None before the campaign is initialised."""
    return memo.remember(db, "party", None, lambda: _read_party(db))


def _read_party(db: LedgerDb) -> PartyState | None:
    rows = memo.rows(db, "SELECT * FROM party WHERE id = 1")
    if not rows:
        return None
    row = rows[0]
    return PartyState(
        name=row["name"], day=row["day"], session=row["session"],
        session_open=bool(row["session_open"]), hero_tokens=row["hero_tokens"],
        settings=json.loads(row["settings"] or "{}"),
        stronghold=json.loads(row["stronghold"]) if row["stronghold"] else None,
        location=row.get("location") or "",
    )


def encodable(text: str) -> bool:
    """False for text SQLite cannot store: lone surrogates (bytes that were not UTF-8)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def visible_where(visible_to: str | None) -> tuple[str, list[Any]]:
    """A WHERE clause for a row's ``visibility``: None is the Director (everything);
    ``"party"`` party rows only; a member's name adds that member's own rows."""
    if visible_to is None:
        return "1", []
    if visible_to == "party":
        return "visibility = 'party'", []
    return "(visibility = 'party' OR visibility = ?)", [f"hero:{visible_to}"]
