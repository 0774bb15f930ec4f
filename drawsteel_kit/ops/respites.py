"""Respites and hand adjustments of heroes."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from drawsteel_kit.errors import RulesError
from drawsteel_kit.ledger import DIRECTOR, PARTY
from drawsteel_kit.ops.base import CampaignBase, Happened, check_text, hero_row, operation
from drawsteel_kit.rules import respite as respite_rules

__all__ = ["RespiteOps"]


class RespiteOps(CampaignBase):
    """Respites (with one activity per hero) and the Director's hand adjustments."""

    @operation
    def take_respite(
        self,
        heroes: Iterable[str] | None = None,
        *,
        activities: Mapping[str, str] | None = None,
        interrupted: bool = False,
        reason: str = "",
    ) -> Happened:
        """A respite for some heroes (None: all): each may do at most one activity.

        A completed respite restores Stamina and recoveries and turns victories into
        XP (levelling up where the XP allows). An interrupted one gives nothing.
        """
        reason = check_text(reason, "reason")
        chosen = self._resolve_heroes(heroes)
        chosen_names = {h.name for h in chosen}
        planned: dict[str, str] = {}
        for name, activity in (activities or {}).items():
            hero = self.hero(name)
            if hero.name not in chosen_names:
                raise RulesError(f"{hero.name} has an activity but is not taking this respite")
            if hero.name in planned:
                raise RulesError(f"{hero.name} can do only one respite activity per respite")
            planned[hero.name] = check_text(activity, f"{hero.name}'s activity")
        track = str(self.settings.get("xp_track", "normal"))
        results = {
            h.name: respite_rules.take_respite(
                respite_rules.RespiteHero(
                    level=h.level, xp=h.xp, victories=h.victories, stamina=h.stamina,
                    max_stamina=h.max_stamina, recoveries=h.recoveries,
                    max_recoveries=h.max_recoveries,
                ),
                track=track, interrupted=interrupted,
            )
            for h in chosen
        }
        with self._writing() as w:
            events = []
            for h in chosen:
                r = results[h.name]
                activity = planned.get(h.name, "")
                if interrupted:
                    text = f"{h.name}'s respite was interrupted: no benefits"
                    text += f" ({reason})" if reason else ""
                    events.append(w.hero_event(
                        "respite_interrupted", h, {}, summary=text,
                        payload={"reason": reason, "activity": activity},
                    ))
                    continue
                after = r.after
                text = f"{h.name} completes a respite: +{r.xp_gained} XP"
                if r.levels_gained:
                    text += f", reaches level {after.level}"
                if activity:
                    text += f"; activity: {activity}"
                events.append(w.hero_event(
                    "respite", h,
                    {"xp": after.xp, "victories": after.victories, "level": after.level,
                     "stamina": after.stamina, "recoveries": after.recoveries},
                    summary=text,
                    payload={"activity": activity, "reason": reason, "xp_gained": r.xp_gained,
                             "levels_gained": r.levels_gained},
                ))
        kind = "respite_interrupted" if interrupted else "respite"
        done = ", ".join(h.name for h in chosen)
        summary = (f"Respite interrupted for {done}: no benefits" if interrupted
                   else f"Respite completed by {done}")
        return Happened(kind, summary, tuple(events), {"results": results})

    # -- by hand, and undo ---------------------------------------------------
    @operation
    def adjust_hero(
        self, name: str, *, reason: str, visibility: str = PARTY, **changes: Any
    ) -> Happened:
        """Change a hero by hand (the Director's fix-up), always with a reason."""
        from drawsteel_kit.setup import validate_hero_changes

        reason = check_text(reason, "reason")
        if not reason:
            raise RulesError("say why (a reason) when adjusting a hero by hand")
        if visibility not in (PARTY, DIRECTOR):
            raise RulesError(f"visibility must be {PARTY!r} or {DIRECTOR!r}, got {visibility!r}")
        hero = self.hero(name)
        new = validate_hero_changes(hero, changes)
        if not any(new[k] != hero_row(hero)[k] for k in new):
            raise RulesError(f"nothing to change: {hero.name} already has those values")
        listed = ", ".join(f"{k} {hero_row(hero)[k]} → {v}" for k, v in new.items()
                           if hero_row(hero)[k] != v)
        summary = f"{hero.name} adjusted by hand ({reason}): {listed}"
        with self._writing() as w:
            ev = w.hero_event("hero_adjusted", hero, new, summary=summary,
                              payload={"reason": reason, "changes": new}, visibility=visibility)
        return Happened("hero_adjusted", summary, (ev,))

