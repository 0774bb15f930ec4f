"""``init``: build a campaign's ledger from its campaign.yaml, or bring it up to date.

The file is read and checked first (:mod:`drawsteel_kit.kit.campaign_file`), so a broken
file writes nothing. A system with its own ``init`` part (Draw Steel: heroes, careers,
starting rewards) builds its ledger itself; every other system's campaign.yaml describes
sheets (its characters), added here once each.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from drawsteel_kit.kit.book.base import Happened
from drawsteel_kit.kit.book.init_report import applied_changes, sheet_differences
from drawsteel_kit.kit.book.party import read_party
from drawsteel_kit.kit.book.sheets import insert_sheet_op, read_sheet
from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.kit.folder import CAMPAIGN_FILE
from drawsteel_kit.kit.ledger import LEDGER_FILE, Ledger, insert_op
from drawsteel_kit.kit.limits import name_key
from drawsteel_kit.kit.registry import SYSTEMS, default_system
from drawsteel_kit.kit.words import plural

if TYPE_CHECKING:
    from drawsteel_kit.kit.book.campaign import BaseCampaign

__all__ = ["init_campaign", "init_sheets", "same_system"]


def init_campaign(cls: type[BaseCampaign], folder: Path,
                  cf: Any) -> tuple[BaseCampaign, Happened]:
    """Build or update ``folder``'s ledger from its campaign.yaml (``cf``, already read and
    checked), in one transaction, as a campaign of class ``cls``."""
    played = SYSTEMS[cf.system]
    if played.has("init"):
        result: tuple[BaseCampaign, Happened] = played.part("init").init_campaign(cls, folder, cf)
        return result
    return init_sheets(cls, folder, cf)


def same_system(folder: Path, settings: Mapping[str, Any], wanted: str) -> None:
    played = settings.get("system", default_system().key)
    if played != wanted:
        raise RulesError(
            f"{folder / CAMPAIGN_FILE} says system: {wanted}, but the ledger plays {played}: "
            "a campaign keeps its system. Start a new campaign folder for the other system")


def _system_party_row(cf: Any) -> dict[str, Any]:
    module = SYSTEMS[cf.system].part("campaign_file")
    return {"name": cf.name, "settings": {"system": cf.system, **module.party_settings(cf)},
            "stronghold": None}


def init_sheets(cls: type[BaseCampaign], folder: Path, cf: Any) -> tuple[BaseCampaign, Happened]:
    """Build or update the ledger of a system that keeps sheets: the party row names the system, and
    each sheet campaign.yaml describes (its characters) is added once. Running it again adds
    new sheets and applies changed settings; a sheet already in the ledger is kept, and how
    the file differs from it is reported."""
    module = SYSTEMS[cf.system].part("campaign_file")
    specs = module.sheets(cf)  # checked before the ledger is touched
    ledger = Ledger.open(folder / LEDGER_FILE, system=cf.system)
    campaign = cls(folder, ledger)
    added: list[str] = []
    differences: list[str] = []
    applied: list[str] = []
    try:
        with ledger.write():
            writer = campaign.writer_class(campaign)
            party = read_party(ledger.db)
            wanted = _system_party_row(cf)
            if party is None:
                row = {"id": 1, "day": 1, "session": 0, "session_open": 0, "hero_tokens": 0,
                       **wanted}
                writer.event("campaign_created", [insert_op("party", 1, row)],
                             summary=f"Campaign {cf.name!r} ({SYSTEMS[cf.system].title}) "
                             f"created from {CAMPAIGN_FILE}")
            else:
                same_system(folder, party.settings, cf.system)
                applied = applied_changes({k: getattr(party, k) for k in wanted}, wanted)
                if {k: getattr(party, k) for k in wanted} != wanted:
                    writer.party_event("campaign_configured", wanted,
                                       summary=f"Settings updated from {CAMPAIGN_FILE}")
            for spec in specs:
                have = read_sheet(ledger.db, spec.key)
                if have is None:
                    writer.event("sheet_added", [insert_sheet_op(
                        spec.key, cf.system, spec.kind, spec.name, spec.data,
                        day=writer.day, visibility=spec.visibility)],
                        summary=f"{spec.name} joins the party", actor=spec.name,
                        visibility=spec.visibility)
                    added.append(spec.name)
                elif have.data != spec.data:
                    differences += sheet_differences(have.name, spec.data, have.data) or [
                        f"{spec.name}: {CAMPAIGN_FILE} differs from the ledger (the ledger is "
                        "kept: it holds what play has changed since)"]
    except BaseException:
        ledger.close()
        raise
    events = tuple(writer.written)
    if events:
        summary = f"{cf.name}: {plural(len(events), 'change')} from {CAMPAIGN_FILE}"
        if added:
            summary += f"; added: {', '.join(added)}"
    else:
        summary = f"{cf.name}: the ledger is already up to date with {CAMPAIGN_FILE}"
    named = {name_key(s.name) for s in specs}
    missing = [n for n in campaign.members if name_key(n) not in named]
    return campaign, Happened("init", summary, events,
                              {"added": added, "differences": differences,
                               "missing_from_file": missing, "applied": applied})
