"""Followers: the renown cap, recruiting, retainers, assignments and daily project rolls.

A hero keeps as many followers as renown allows (000: 3928-3933; titles may add more). Recruiting is
a respite activity (:class:`~drawsteel_kit.systems.draw_steel.activities.Recruit`), only where
followers can be found; a follower can be dismissed and replaced at any time. An artisan makes one
project roll per day on a project its hero picked, a sage too, whatever the heroes are doing (000:
3943-3959): the rolls happen when the campaign day advances. A retainer's level is its mentor's and
never drops; one per hero unless the Director allows more (000: 3951, 4736-4773).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.kit.ledger import insert_op, update_op
from drawsteel_kit.kit.limits import did_you_mean, names_meant, one_of, same_name
from drawsteel_kit.kit.words import plural
from drawsteel_kit.systems.draw_steel.book.base import (
    DrawSteelArea,
    Happened,
    Writer,
    check_count,
    check_text,
    operation,
)
from drawsteel_kit.systems.draw_steel.errors import FollowerCapReached
from drawsteel_kit.systems.draw_steel.rules import followers as follower_rules
from drawsteel_kit.systems.draw_steel.rules.advancement import MAX_LEVEL, MIN_LEVEL
from drawsteel_kit.systems.draw_steel.state import (
    CHARACTERISTICS,
    FollowerState,
    HeroState,
    read_followers,
)

if TYPE_CHECKING:
    from drawsteel_kit.systems.draw_steel.activities import NewFollower, ProjectRef, Recruit

__all__ = ["FollowerCap", "Followers"]


@dataclass(frozen=True)
class FollowerCap:
    """A hero's follower cap: renown's (000: 3928-3933), titles' bonus, and who counts."""

    hero: str
    renown: int
    base: int
    bonus: int
    cap: int
    kept: int

    @property
    def room(self) -> int:
        """How many more may join (0 when at or over the cap)."""
        return max(0, self.cap - self.kept)

    @property
    def over(self) -> bool:
        """More followers than the cap allows (renown fell, or a title was lost): they stay,
        but no new one can join."""
        return self.kept > self.cap

    def __str__(self) -> str:
        text = (f"{self.hero}: {self.kept} of {plural(self.cap, 'follower')} (renown {self.renown}"
                + (f", titles +{self.bonus}" if self.bonus else "") + ")")
        if self.over:
            text += "; over the cap: those kept stay, but no new follower can join"
        elif not self.room:
            text += "; at the cap"
        return text


class Followers(DrawSteelArea):
    """Followers: the cap, recruiting, retainers, assignments (their daily rolls are
    ``follower_work``'s)."""

    def followers(self, hero: str | None = None) -> list[FollowerState]:
        """Active followers, oldest first (one hero's when named)."""
        return read_followers(self.ledger.db, hero=self.campaign.hero(hero).name if hero else None)

    def follower(self, ref: int | str) -> FollowerState:
        """An active follower by id or name (case-insensitive)."""
        every = read_followers(self.ledger.db)
        if isinstance(ref, int) and not isinstance(ref, bool):
            found = [f for f in every if f.id == ref]
        else:  # the name as typed, or a unique start of it ("Mirela" for "Mirela Dask")
            meant = names_meant(ref, [f.name for f in every])
            if len(meant) > 1:
                raise RulesError(f"{ref!r} could be {one_of(meant)}: type more of the name, "
                                 "or give the follower's id")
            found = [f for f in every if meant and same_name(f.name, meant[0])]
        if found:
            return found[0]
        names = ", ".join(f"#{f.id} {f.name} ({f.hero})" for f in every) or "none"
        raise RulesError(f"no follower {ref!r}; the followers are: {names}"
                         f"{did_you_mean(ref, [f.name for f in every])}")

    # -- how many --------------------------------------------------------------------------
    def follower_cap(self, hero: str) -> FollowerCap:
        """How many followers a hero may keep: the renown table plus their titles' bonus
        (when the campaign's title_followers rule is on), against those they keep now."""
        who = self.campaign.hero(hero)
        bonus = (self.areas.titles.title_bonus(who.name, "followers")
                 if self.settings.get("title_followers", True) else 0)
        kept = [f for f in self.followers(who.name) if f.counts]
        return FollowerCap(who.name, who.renown, follower_rules.follower_cap(who.renown),
                           bonus, follower_rules.follower_cap(who.renown, bonus), len(kept))

    def retainer_limit(self, hero: str) -> int:
        """Retainers a hero may have at once: the campaign's retainers_per_hero (the book: 1,
        unless the Director allows more) plus their titles' (Fleet Admiral's retainer)."""
        per_hero = int(self.settings.get("retainers_per_hero", follower_rules.RETAINERS_PER_HERO))
        return per_hero + self.areas.titles.title_bonus(self.campaign.hero(hero).name, "retainers")

    def party_retainer_limit(self) -> int | None:
        """Retainers the whole party may have: the campaign's party_retainers (the book lets
        the Director allow one for a large party, or none); None: no party-wide limit."""
        limit = self.settings.get("party_retainers")
        return None if limit is None else int(limit)

    def recruiting_places(self) -> list[str]:
        """Where followers can be recruited or contacted: the stronghold and the campaign's
        recruit_at places."""
        places = list(self.settings.get("recruit_at", []))
        stronghold = (self.party.stronghold or {}).get("name")
        return ([stronghold] if stronghold else []) + places

    def _recruit_place(self, at: str | None) -> str:
        places = self.recruiting_places()
        if not places:
            raise RulesError("followers can be recruited only where they can be found or "
                             "contacted, and this campaign names no such place: give the party "
                             "a stronghold, or list places under settings.recruit_at in "
                             "campaign.yaml")
        if at is None:
            return places[0]
        for place in places:
            if same_name(place, at):
                return place
        raise RulesError(f"followers cannot be recruited at {at!r}; this campaign names: "
                         f"{', '.join(places)} (settings.recruit_at in campaign.yaml)")

    # -- joining ----------------------------------------------------------------------------
    def _spec(self, who: HeroState, new: NewFollower) -> follower_rules.FollowerSpec:
        name = check_text(new.name, "follower name", name=True)
        check_text(new.ancestry, "ancestry")
        spelled: dict[str, tuple[str, ...]] = {}
        for kind, label, names in (("skills", "skill", new.skills),
                                   ("languages", "language", new.languages)):
            if isinstance(names, str):
                raise RulesError(f"{name}'s {kind} must be a list of names, got {names!r}")
            spelled[kind] = tuple(
                self.areas.heroes.book_name(kind, check_text(item, label, name=True),
                                            f"{name}'s {label}") for item in names)
        # spelled holds only skills and languages, both tuples of names
        new = replace(new, **spelled)  # type: ignore[arg-type]
        if new.role == "artisan":
            spec = follower_rules.make_artisan(
                # physical: might or agility; make_artisan refuses another word
                name, ancestry=new.ancestry, physical=new.physical or "",  # type: ignore[arg-type]
                skills=list(new.skills), languages=list(new.languages))
        elif new.role == "sage":
            spec = follower_rules.make_sage(name, ancestry=new.ancestry, skills=list(new.skills),
                                            languages=list(new.languages))
        elif new.role == "retainer":
            spec = follower_rules.make_retainer(
                name, ancestry=new.ancestry, characteristics=dict(new.characteristics or {}),
                skills=list(new.skills), languages=list(new.languages))
        else:
            raise RulesError(f"a follower is an artisan, a sage or a retainer, not {new.role!r}")
        if new.role != "retainer" and (new.level is not None or new.stat_block):
            raise RulesError(f"{name} is {'an' if new.role == 'artisan' else 'a'} {new.role}: "
                             "a level and a stat block are for retainers")
        if new.role != "retainer" and new.characteristics is not None:
            given = {c: new.characteristics.get(c, 0) for c in CHARACTERISTICS}
            if given != dict(spec.characteristics):
                raise RulesError(f"{name}'s characteristics are set by the {new.role} template: "
                                 f"{dict(spec.characteristics)}")
        return spec

    def _join(self, w: Writer, who: HeroState, new: NewFollower, *, counts: bool, origin: str,
              leaving: FollowerState | None = None, location: str | None = None) -> str:
        """Check one new follower against the cap and the retainer limit; write it."""
        spec = self._spec(who, new)
        taken = [f for f in read_followers(self.ledger.db)
                 if same_name(f.name, spec.name)
                 and (leaving is None or f.id != leaving.id)]
        if taken:
            raise RulesError(f"{taken[0].name} already follows {taken[0].hero}: give the new "
                             "follower another name (followers are found by name)")
        cap = self.follower_cap(who.name)
        kept = cap.kept - (1 if leaving is not None and leaving.counts else 0)
        if counts and kept + 1 > cap.cap:
            raise FollowerCapReached(
                f"{who.name} keeps {plural(kept, 'follower')} and renown {who.renown} allows "
                f"{cap.cap}{f' (titles +{cap.bonus})' if cap.bonus else ''}: no new follower "
                f"can join until renown grows"
                + (" (those beyond the cap stay)" if kept > cap.cap else "")
                + "; or dismiss one first")
        level = start = None
        if spec.role == "retainer":
            active = [f for f in self.followers(who.name) if f.role == "retainer"
                      and (leaving is None or f.id != leaving.id)]
            limit = self.retainer_limit(who.name)
            if len(active) + 1 > limit:
                raise RulesError(
                    f"{who.name} already has {plural(len(active), 'retainer')} "
                    f"({', '.join(f.name for f in active)}); a hero has {limit} at a time unless "
                    "the Director allows more (settings.retainers_per_hero)")
            self._check_party_retainers(spec.name, leaving)
            start = check_count(new.level or MIN_LEVEL, "the retainer's stat block level",
                                minimum=MIN_LEVEL, maximum=MAX_LEVEL)
            if start > who.level:
                raise RulesError(f"{spec.name}'s stat block is for level {start}, above "
                                 f"{who.name}'s level {who.level}: a retainer's level is its "
                                 "mentor's; pick a stat block of that level or lower")
            level = follower_rules.retainer_level(who.level)
        row: dict[str, Any] = {
            "hero": who.name, "name": spec.name, "role": spec.role, "ancestry": spec.ancestry,
            **{c: spec.characteristics.get(c, 0) for c in CHARACTERISTICS},
            "skills": list(spec.skills), "languages": list(spec.languages),
            "project_id": None, "skill_applies": 0, "active": 1, "level": level,
            "start_level": start, "stat_block": check_text(new.stat_block, "stat block"),
            "counts": int(counts), "origin": origin, "joined_day": w.day,
            "location": location, "materials": 1,
        }
        follower_id = self.campaign.next_id("followers")
        what = f"{spec.role}" + (f", level {level}" if level else "")
        summary = f"{spec.name} ({what}) now follows {who.name}" + (
            f" ({origin})" if origin not in ("recruited", "") else "")
        w.event("follower_added", [insert_op("followers", follower_id, row)],
                summary=summary, actor=who.name,
                payload={"follower_id": follower_id, "origin": origin, "counts": counts})
        return summary

    def _check_party_retainers(self, name: str, leaving: FollowerState | None,
                               adding: int = 1) -> None:
        """Refuse a retainer past the campaign's party_retainers (000: 3951)."""
        limit = self.party_retainer_limit()
        if limit is None:
            return
        every = [f for f in read_followers(self.ledger.db) if f.role == "retainer"
                 and (leaving is None or f.id != leaving.id)]
        if len(every) + adding <= limit:
            return
        if limit == 0:
            raise RulesError(f"{name} cannot join: this campaign allows no retainers "
                             "(settings.party_retainers: 0, the Director's choice for a "
                             "large party)")
        taken = (f"and {every[0].name} ({every[0].hero}'s) is it; dismiss or replace them "
                 "first" if every else "so recruit only one")
        raise RulesError(f"{name} cannot join: this campaign allows {limit} retainer for the "
                         f"whole party (settings.party_retainers), {taken}")

    @operation
    def add_follower(
        self,
        hero: str,
        name: str,
        role: str,
        *,
        ancestry: str = "",
        skills: tuple[str, ...] | list[str] = (),
        languages: tuple[str, ...] | list[str] = (),
        physical: str | None = None,
        characteristics: Mapping[str, int] | None = None,
        level: int | None = None,
        stat_block: str = "",
        beyond_cap: str = "",
        at: str | None = None,
    ) -> Happened:
        """A follower joins a hero, checked against the book's template, the renown cap and
        (for a retainer) one retainer per hero. ``beyond_cap``: the reason this one does not
        count toward the cap (a title's gift, a rescued prisoner the Director allows).
        ``at``: where the follower is (see ``place_follower``; None: not recorded)."""
        who = self.campaign.hero(hero)
        beyond_cap = check_text(beyond_cap, "beyond_cap reason")
        for what, names in (("skills", skills), ("languages", languages)):
            if not isinstance(names, list | tuple) or not all(isinstance(n, str) for n in names):
                raise RulesError(f"a follower's {what} are a list of names, got {names!r}")
        if characteristics is not None and not isinstance(characteristics, Mapping):
            raise RulesError("a retainer's characteristics map each characteristic to its "
                             f"score, such as {{'might': 2}}, got {characteristics!r}")
        from drawsteel_kit.systems.draw_steel.activities import NewFollower

        new = NewFollower(name, role, ancestry, tuple(skills), tuple(languages), physical,
                          dict(characteristics) if characteristics is not None else None,
                          level, stat_block)
        location = self.areas.follower_work.location(at) if at is not None else None
        with self.writing() as w:
            summary = self._join(w, who, new, counts=not beyond_cap,
                                 origin=beyond_cap or "added", location=location)
        return Happened("follower_added", summary, tuple(w.written),
                        {"follower_id": w.written[-1].payload["follower_id"]})

    @operation
    def replace_follower(self, follower: int | str, new: NewFollower, *,
                         reason: str = "") -> Happened:
        """Dismiss a follower and take a new one in their place, at any time (000: 3928)."""
        old = self.follower(follower)
        who = self.campaign.hero(old.hero)
        with self.writing() as w:
            self._leave(w, old, reason or f"replaced by {new.name}")
            summary = self._join(w, who, new, counts=old.counts, origin="replacement",
                                 leaving=old)
        return Happened("follower_replaced", f"{old.name} leaves; {summary}", tuple(w.written))

    def recruit(self, w: Writer, who: HeroState, act: Recruit) -> list[str]:
        """The Recruit respite activity: new followers up to the cap, where they can be found."""
        place = self._recruit_place(act.at)
        # recruited at home: they stay there
        home = place == self.areas.follower_work.stronghold_name()
        return [self._join(w, self.campaign.hero(who.name), new, counts=True,
                           origin=f"recruited at {place}",
                           location=follower_rules.AT_STRONGHOLD if home else None)
                for new in act.followers]

    def check_recruit(self, who: HeroState, act: Recruit) -> None:
        """Refuse a Recruit activity before the respite writes anything."""
        self._recruit_place(act.at)
        if not act.followers:
            raise RulesError(f"{who.name} recruits no one: name at least one follower")
        for new in act.followers:
            self._spec(who, new)
        retainers = [new.name for new in act.followers if new.role == "retainer"]
        if retainers:
            self._check_party_retainers(retainers[0], None, adding=len(retainers))
        cap = self.follower_cap(who.name)
        if cap.kept + len(act.followers) > cap.cap:
            raise FollowerCapReached(
                f"{who.name} keeps {plural(cap.kept, 'follower')} and renown {who.renown} allows "
                f"{cap.cap}: recruiting {len(act.followers)} more is over the cap")

    @operation
    def assign_follower(
        self, follower: int | str, project: ProjectRef | None, *, skill_applies: bool = False
    ) -> Happened:
        """Point an artisan at a crafting project or a sage at a research one (None: rest)."""
        f = self.follower(follower)
        after: dict[str, Any] = {"project_id": None, "skill_applies": 0}
        summary = f"{f.name} stops working on projects"
        if project is not None:
            target = self.areas.projects.active(project)
            wanted = " or ".join(follower_rules.FOLLOWER_PROJECT_KINDS)
            if not follower_rules.follower_may_roll(f.role, target.kind):
                raise RulesError(f"{f.name} is a{'n' if f.role == 'artisan' else ''} {f.role}: "
                                 f"they work on {wanted} projects, and {target.title!r} is "
                                 f"{target.kind}")
            after = {"project_id": target.id, "skill_applies": int(bool(skill_applies))}
            summary = f"{f.name} works on {target.title!r} every day"
        with self.writing() as w:
            w.event("follower_assigned",
                    [update_op("followers", f.id, {"project_id": f.project_id,
                                                   "skill_applies": int(f.skill_applies)}, after)],
                    summary=summary, actor=f.hero, payload={"follower_id": f.id, **after})
        return Happened("follower_assigned", summary, tuple(w.written))

    @operation
    def dismiss_follower(self, follower: int | str, *, reason: str = "") -> Happened:
        """A follower leaves (they can be replaced at any time)."""
        f = self.follower(follower)
        with self.writing() as w:
            summary = self._leave(w, f, check_text(reason, "reason"))
        return Happened("follower_dismissed", summary, tuple(w.written))

    def _leave(self, w: Writer, f: FollowerState, reason: str) -> str:
        summary = f"{f.name} no longer follows {f.hero}" + (f": {reason}" if reason else "")
        w.event("follower_dismissed",
                [update_op("followers", f.id, {"active": 1, "project_id": f.project_id},
                           {"active": 0, "project_id": None})],
                summary=summary, actor=f.hero, payload={"follower_id": f.id, "reason": reason})
        return summary
