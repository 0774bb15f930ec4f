"""Exceptions, named for what went wrong. Each message says what to do next."""

from __future__ import annotations

import sqlite3


class DrawSteelKitError(Exception):
    """Base class of every error drawsteel-kit raises on purpose."""


class RulesError(DrawSteelKitError, ValueError):
    """A value outside what the rules allow (a negative victory count, level 11, ...)."""


class DiceExhausted(DrawSteelKitError):
    """Scripted dice were asked for more rolls than were typed in."""


class CampaignFileError(DrawSteelKitError):
    """campaign.yaml is missing, unreadable or invalid. The message names file and field."""


class CampaignNotFound(DrawSteelKitError):
    """No campaign folder, campaign.yaml or ledger where one was named."""


class UnknownHero(DrawSteelKitError, KeyError):
    """A hero name that is not in the campaign."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else "unknown hero"


class SessionError(DrawSteelKitError):
    """A session operation out of order (ending a session that was never started, ...)."""


class LedgerError(DrawSteelKitError):
    """The ledger file cannot be used (corrupt, not a ledger, too new a schema)."""


class LedgerLocked(LedgerError):
    """Another process held the ledger longer than the busy timeout."""


class LedgerReadOnly(LedgerError):
    """A write was attempted through a read-only ledger connection."""


class LedgerFull(LedgerError):
    """The disk holding the ledger is full: the write was rolled back, nothing was written."""


class LedgerDamaged(LedgerError, sqlite3.DatabaseError):
    """SQLite found the ledger file damaged (a malformed page, text that is not UTF-8).

    Also a ``sqlite3.DatabaseError``, so code that handles SQLite's errors still sees one."""


class LedgerNeedsUpgrade(LedgerError):
    """A read-only opening met a ledger of an older schema, which only a write can upgrade."""


class UndoError(DrawSteelKitError):
    """An event cannot be undone (unknown id, already undone, or later events depend on it)."""


class PlanError(DrawSteelKitError):
    """A downtime plan is invalid. The message names the file, line's hero and field."""


class WrongSystem(RulesError):
    """An operation of one rule system asked of a campaign that plays another."""


class UnknownSheet(DrawSteelKitError, KeyError):
    """A character, encounter or battle the campaign does not have."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""


class OutputExists(DrawSteelKitError):
    """An output file or folder (``--out``) is already there and is not to be clobbered."""
