"""The campaign facade: the one door for every change to a Draw Steel campaign.

Each method validates its input, computes with ``rules/``, then writes its events and their
projection changes in one ``BEGIN IMMEDIATE`` transaction, and returns what happened.
Widgets, notebooks and the CLI call these methods; none of them writes SQL. The methods
live in mixins by area (``drawsteel_kit.systems.draw_steel.book``); :class:`Campaign`
composes them over the kit's :class:`~drawsteel_kit.kit.book.campaign.BaseCampaign`
(opening, history, undo, backup, export), which every system's campaign shares.
"""

from __future__ import annotations

from typing import Any

from drawsteel_kit.kit.book.campaign import NOT_UNDOABLE, BaseCampaign
from drawsteel_kit.kit.folder import find_campaign_dir
from drawsteel_kit.systems.draw_steel.book.adventures import ADVENTURE_EVENTS
from drawsteel_kit.systems.draw_steel.book.base import Happened, Writer
from drawsteel_kit.systems.draw_steel.book.encounters import EncounterOps
from drawsteel_kit.systems.draw_steel.book.followers import FollowerOps
from drawsteel_kit.systems.draw_steel.book.npcs import NpcOps
from drawsteel_kit.systems.draw_steel.book.respites import RespiteOps
from drawsteel_kit.systems.draw_steel.book.sessions import SessionOps

__all__ = ["NOT_UNDOABLE", "Campaign", "Happened", "Writer", "find_campaign_dir"]


class Campaign(EncounterOps, SessionOps, RespiteOps, FollowerOps, NpcOps, BaseCampaign):
    """One campaign: its folder, its ledger, and every operation on them (Draw Steel's
    mixins first: theirs are the sessions and days of a Draw Steel campaign)."""

    #: An adventure's start or end changes no row (victories are set by their own events),
    #: yet undoing it is meaningful: the adventure did not start or end.
    undoable_without_changes = frozenset(ADVENTURE_EVENTS)

    @property
    def members(self) -> list[str]:
        """The names with a player page and a history of their own: the heroes, by name."""
        return [r["name"] for r in self.ledger.db.query("SELECT name FROM heroes "
                                                      "ORDER BY name COLLATE NOCASE")]

    @property
    def roster(self) -> list[str]:
        """The heroes in the order they joined: the order of their colours on every chart,
        table, report and page."""
        return [r["name"] for r in self.ledger.db.query("SELECT name FROM heroes ORDER BY rowid")]

    def member(self, name: str) -> str:
        """A hero's name as the ledger spells it (case-insensitive); UnknownHero lists them."""
        return self.hero(name).name

    def status(self) -> dict[str, Any]:
        """The party and every hero, JSON-ready (``drawsteel-kit status --json``)."""
        core = super().status()
        return {
            **{k: core[k] for k in ("campaign", "system", "party")},
            "heroes": [h.as_dict() for h in self.heroes.values()],
            "followers": [f.as_dict() for f in self.followers()],
            "follower_caps": {h: {"cap": c.cap, "kept": c.kept, "bonus": c.bonus, "over": c.over}
                              for h in self.heroes for c in [self.follower_cap(h)]},
            "titles": [t.as_dict() for t in self.titles()],
            "inventory": [i.as_dict() for i in self.inventory()],
            "sheets": core["sheets"],
            "events": core["events"],
        }
