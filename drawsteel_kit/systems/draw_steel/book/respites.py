"""Respites: each hero's one activity, starts and purchases, and what the respite gives
(a hero's changes by hand are in ``book.heroes``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from drawsteel_kit.kit.dice import Dice, dice_for
from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.kit.ledger import PARTY, update_op
from drawsteel_kit.systems.draw_steel.book.base import (
    DrawSteelArea,
    Happened,
    check_text,
    operation,
)
from drawsteel_kit.systems.draw_steel.book.party_day import JOINED
from drawsteel_kit.systems.draw_steel.rules import respite as respite_rules

if TYPE_CHECKING:
    from drawsteel_kit.systems.draw_steel.activities import Activity, Buy, StartProject

__all__ = ["HIDDEN_PROJECT", "Respites"]

#: How a party-visible line names a project kept for the Director's eyes.
HIDDEN_PROJECT = "a project of the Director's"


class Respites(DrawSteelArea):
    """Respites, with one activity per hero, and projects started in one."""

    def _checked_today(self) -> bool:
        """Whether today's respite already made its "roll" mode project event check (once
        per respite in which heroes make project rolls, 000: 3806)."""
        undone = self.ledger.undone_ids()
        return any(ev.id not in undone for ev in
                   self.ledger.events(kind="project_event_check", day=self.party.day))

    @operation
    def take_respite(
        self,
        heroes: Iterable[str] | None = None,
        *,
        activities: Mapping[str, Activity | str] | None = None,
        starts: Sequence[StartProject] = (),
        purchases: Sequence[Buy] = (),
        interrupted: bool = False,
        reason: str = "",
        seed: int | None = None,
        dice: Dice | None = None,
        join: bool = True,
    ) -> Happened:
        """A respite for some heroes (None: all): each may do at most one activity.

        A respite is the party's 24 hours (000: 861). The first respite of a day moves the
        calendar one day and followers make their daily rolls on it, as with ``advance_day``;
        heroes who have not rested yet on a day that began with a respite join that respite
        instead (the calendar stays: ``book/party_day.py``). ``join=False`` always begins a
        new day (a plan's days do). Then the projects in ``starts`` are
        started (projects start during a respite, 000: 3746), the activities (project rolls,
        guides, sources, recruits: ``drawsteel_kit.systems.draw_steel.activities``) are
        resolved, each as its own event, the ``purchases`` (``Buy``) of the day are made,
        and the respite ends: Stamina and recoveries come back and victories become XP
        (levelling up where the XP allows).
        An interrupted respite ends early: it gives nothing, moves no day, and its
        activities, starts and purchases are not resolved.
        """
        reason = check_text(reason, "reason")
        chosen = self.areas.heroes.resolve_heroes(heroes)
        resting = {h.name for h in chosen}
        starts, purchases = tuple(starts), tuple(purchases)
        if activities or starts or purchases:  # a respite without them loads none of their rules
            from drawsteel_kit.systems.draw_steel.activities import (
                Buy,
                Other,
                Recruit,
                StartProject,
                activity_label,
            )
        for buy in purchases:
            if not isinstance(buy, Buy):
                raise RulesError(f"a purchase made in a respite is a Buy, got {buy!r}")
            if self.campaign.hero(buy.hero).name not in resting:
                raise RulesError(f"{self.campaign.hero(buy.hero).name} buys {buy.item!r} but is "
                                 "not taking this respite: buy it with `drawsteel-kit buy`")
        for start in starts:
            if not isinstance(start, StartProject):
                raise RulesError(f"a project started in a respite is a StartProject, got "
                                 f"{start!r}")
            if self.campaign.hero(start.hero).name not in resting:
                raise RulesError(f"{self.campaign.hero(start.hero).name} starts a project but is "
                                 "not taking this respite: projects are started during a respite")
        if interrupted and (starts or purchases):
            raise RulesError("an interrupted respite starts no project and buys nothing: "
                             "start or buy in the next respite")
        # The projects it starts may be rolled on: its activities are checked after them.
        plans = (self.areas.activities.plan_activities(chosen, activities or {}) if interrupted
                 else [])
        rolling = isinstance(activities, Mapping) and any(
            not isinstance(a, str | Other | Recruit) for a in activities.values())
        # Loved Ones bonuses held before this respite end with it (one it brings stays).
        ending = {h.name: self.areas.projects.stamina_bonuses(h.name)
                  for h in chosen}
        joined = self.areas.days.joins(resting) if join and not interrupted else None
        if not interrupted and (rolling or (joined is None
                                            and self.areas.follower_work.workers_today())):
            dice, seed = dice_for(seed, dice)
        with self.writing() as w:
            if not interrupted:
                if joined is None:  # the first respite of a day begins it
                    self.areas.sessions.begin_day(w, reason, dice, seed, respite=True)
                for start in starts:
                    self.areas.projects.start(w, self.campaign.hero(start.hero), start.project,
                                              during_respite=True, **start.options())
                plans = self.areas.activities.plan_activities(chosen, activities or {})
            # The respite event is the party's: a project the Director hides is not named in it.
            labels = {p.hero.name: activity_label(
                p.activity, None if p.project is None else p.project.title
                if p.project.visibility == PARTY else HIDDEN_PROJECT) for p in plans}
            effects: dict[str, dict[str, Any]] = {}
            if not interrupted and rolling:
                assert dice is not None
                effects = self.areas.activities.respite_activities(
                    w, plans, dice, seed, event_check=joined is None or not self._checked_today())
            if not interrupted:
                for p in plans:
                    if isinstance(p.activity, Recruit):
                        self.areas.followers.recruit(w, p.hero, p.activity)
                for buy in purchases:
                    self.areas.rewards.purchase(w, buy.hero, buy.item, tier=buy.tier,
                                                count=buy.count, reason=reason)
            events = []
            results = {}
            notes: list[str] = []
            for h in chosen:
                h = self.campaign.hero(h.name)  # fresh: its activity may have changed it
                activity = labels.get(h.name, "")
                if interrupted:
                    text = f"{h.name}'s respite was interrupted: no benefits"
                    text += f" ({reason})" if reason else ""
                    events.append(w.hero_event(
                        "respite_interrupted", h, {}, summary=text,
                        payload={"reason": reason, "activity": activity},
                    ))
                    continue
                bonus = sum(b for _, b in ending[h.name])
                for project, b in ending[h.name]:
                    w.event("stamina_bonus_ended", [update_op(
                        "projects", project.id, {"completion_detail": project.completion_detail},
                        {"completion_detail": {**project.completion_detail,
                                               "bonus_ended": w.day}})],
                        actor=h.name, visibility=project.visibility,
                        summary=f"{h.name}'s maximum Stamina bonus from {project.title!r} "
                                f"(+{b}) ends with this respite",
                        payload={"project_id": project.id, "bonus": b})
                r = respite_rules.take_respite(
                    respite_rules.RespiteHero(
                        level=h.level, xp=h.xp, victories=h.victories,
                        stamina=min(h.stamina, h.max_stamina - bonus),
                        max_stamina=h.max_stamina - bonus, recoveries=h.recoveries,
                        max_recoveries=h.max_recoveries,
                    ),
                    track=str(self.settings.get("xp_track", "normal")),
                )
                results[h.name] = r
                after = r.after
                change = {"xp": after.xp, "victories": after.victories, "level": after.level,
                          "stamina": after.stamina, "recoveries": after.recoveries,
                          "max_stamina": h.max_stamina - bonus}
                side = effects.get(h.name, {})
                gains = [f"+{r.xp_gained} XP"] if r.xp_gained else []  # no "+0 XP"
                if r.levels_gained:
                    gains.append(f"reaches level {after.level}")
                    more, said = self.areas.heroes.level_stamina(h.name, h.hero_class, h.level,
                                                                 after.level)
                    notes += said
                    if more:  # the class's Stamina per level, and Stamina restored to it
                        change["max_stamina"] += more
                        change["stamina"] = after.stamina + more
                        gains.append(f"maximum Stamina +{more} ({h.hero_class})")
                text = f"{h.name} completes a respite" + (f": {', '.join(gains)}" if gains
                                                          else "")
                if activity:
                    text += f"; activity: {activity}"
                if side.get("lose_recovery"):  # an event's cost outlasts the respite
                    change["recoveries"] = max(0, after.recoveries - side["lose_recovery"])
                    text += "; one recovery short (a project event)"
                if side.get("renown"):
                    change["renown"] = h.renown + side["renown"]
                    text += f"; renown +{side['renown']} (a project event)"
                if joined is not None:
                    text += f" (joining day {w.day}'s respite)"
                events.append(w.hero_event(
                    "respite", h, change, summary=text,
                    payload={"activity": activity, "reason": reason, "xp_gained": r.xp_gained,
                             "levels_gained": r.levels_gained,
                             **({JOINED: joined.id} if joined is not None else {})},
                ))
                if r.levels_gained and self.settings.get("level_rewards", True):
                    self.areas.rewards.level_rewards(w, h.name, h.level, after.level)
                if side.get("hero_token"):
                    pool = self.party.hero_tokens
                    events.append(w.party_event(
                        "tokens_awarded", {"hero_tokens": pool + side["hero_token"]},
                        summary=f"The party gains {side['hero_token']} hero token "
                                f"(a project event of {h.name}'s)",
                        payload={"count": side["hero_token"], "reason": "project event"}))
        kind = "respite_interrupted" if interrupted else "respite"
        done = ", ".join(h.name for h in chosen)
        summary = (f"Respite interrupted for {done}: no benefits" if interrupted
                   else f"Respite completed by {done}" + (
                       f", joining day {w.day}'s respite (the calendar stays)" if joined
                       else f" (day {w.day})"))
        return Happened(kind, summary, tuple(w.written),
                        {"results": results, "seed": seed, "day": w.day,
                         "joined": joined.id if joined is not None else None,
                         **({"warnings": notes} if notes else {})})

    @operation
    def start_in_respite(self, start: StartProject, *, reason: str = "") -> Happened:
        """Start a project in its hero's respite of today (000: 3746): the one the hero took
        (the project just starts), else the hero rests now, joining the party's respite of
        today where there is one (else that respite begins a new day)."""
        from drawsteel_kit.systems.draw_steel.activities import StartProject

        if not isinstance(start, StartProject):
            raise RulesError(f"a project started in a respite is a StartProject, got {start!r}")
        who = self.campaign.hero(start.hero)
        if who.name in self.areas.days.rested_today():
            return self.areas.projects.start_project(who.name, start.project,
                                                     **start.options())
        return self.take_respite([who.name], starts=[start], reason=reason)
