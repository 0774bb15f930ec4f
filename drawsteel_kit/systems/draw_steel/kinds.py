"""Draw Steel's event kinds, by the name a history shows (the kit adds its own: sessions,
days, notes, plans, undo); and the kinds whose sentence is made from the event itself."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from drawsteel_kit.kit.book.sentences import Sentence
    from drawsteel_kit.kit.ledger import Event

__all__ = ["KINDS", "SENTENCES"]

KINDS: Mapping[str, str] = {
    # heroes
    "hero_added": "Hero joined",
    "hero_imported": "Hero imported",
    "hero_adjusted": "Hero adjusted",
    "career_applied": "Career applied",
    "renown_gained": "Renown gained",
    "renown_lost": "Renown lost",
    "wealth_gained": "Wealth gained",
    "wealth_lost": "Wealth lost",
    "purchase": "Purchase",
    "shopping_trip": "Shopping trip",
    "title_granted": "Title earned",
    "title_revoked": "Title revoked",
    # sessions, adventures, encounters
    "tokens_awarded": "Hero tokens gained",
    "tokens_spent": "Hero tokens spent",
    "victories_awarded": "Victories",
    "victories_reset": "Victories reset",
    "adventure_started": "Adventure begun",
    "adventure_ended": "Adventure ended",
    "encounter_logged": "Encounter",
    "party_moved": "Party moved",
    # respites and projects
    "respite": "Respite",
    "respite_interrupted": "Respite interrupted",
    "stamina_bonus_ended": "Stamina bonus ended",
    "project_started": "Project started",
    "project_roll": "Project roll",
    "project_points_spent": "Project points spent",
    "project_event_check": "Project event check",
    "activity_not_needed": "Roll not needed",
    "guide_studied": "Guide studied",
    "source_found": "Source found",
    "source_served": "Source used",
    "source_left_behind": "Source left behind",
    "source_at_hand": "Source at hand",
    "traveling_work": "Work on the road",
    "faction_rolls": "Faction's rolls",
    # followers, NPCs, items
    "follower_added": "Follower joined",
    "follower_assigned": "Follower assigned",
    "follower_dismissed": "Follower dismissed",
    "follower_placed": "Follower placed",
    "follower_roll": "Follower's roll",
    "follower_idle": "Follower idle",
    "npc_added": "NPC met",
    "npc_knows": "NPC's standing",
    "item_added": "Item gained",
    "item_used": "Item used",
    "item_given": "Item given",
    "item_removed": "Item removed",
}


def _event_check(event: Event) -> str:
    """The d6 of a project event check, and what came of it (no event on a miss)."""
    face = int(event.payload["face"])
    if event.payload.get("happened"):
        return str(event.payload["summary"])
    return f"Project event check: the d6 shows {face}, no project event"


def _respite(event: Event) -> str:
    """A respite without a "+0 XP" when no XP came of it."""
    said = str(event.payload["summary"])
    if event.payload.get("xp_gained") == 0:
        said = said.replace(": +0 XP; activity:", "; activity:").replace(": +0 XP", "")
    return said


SENTENCES: Mapping[str, Sentence] = {
    "project_event_check": _event_check,
    "respite": _respite,
    "respite_interrupted": _respite,
}
