"""Bench campaigns with long histories: 10 heroes, 20 sage followers, years of play.

The campaign starts through the public API (``Campaign.init`` from campaign.yaml, followers added,
projects started and assigned). Its history is then played week by week through the real ledger
code: ``Ledger.append`` of the event kinds the campaign's operations write (``session_started``,
``victories_awarded``, ``tokens_spent``, ``session_ended``, ``day_advanced``, ``follower_roll``,
``project_roll``, ``respite``, ``renown_gained``, ``wealth_gained``, ``project_started``,
``follower_assigned``, ``hero_adjusted``), each with the ops those operations write, in large write
transactions. Rolls and respites are computed by ``drawsteel_kit.systems.draw_steel.rules``; the
events are what the operations would write, without their per-call checks, which is what makes a
million events take minutes instead of an hour.

A built ledger is kept in ``.bench/ledgers/`` under a name made of the target size and a
digest of this file and the ledger's schema, so a change to either builds it again.
"""

from __future__ import annotations

import hashlib
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from benchmarks.common import CACHE
from drawsteel_kit.kit.dice import SeededDice
from drawsteel_kit.kit.ledger import LEDGER_FILE, MIGRATIONS, insert_op, update_op
from drawsteel_kit.kit.progress import Progress
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.systems.draw_steel.rules import renown as renown_rules
from drawsteel_kit.systems.draw_steel.rules import wealth as wealth_rules
from drawsteel_kit.systems.draw_steel.rules.projects import project_roll
from drawsteel_kit.systems.draw_steel.rules.respite import RespiteHero, take_respite
from drawsteel_kit.systems.draw_steel.rules.tokens import (
    tokens_at_session_end,
    tokens_at_session_start,
)

__all__ = ["HEROES", "Built", "bench_campaign", "build", "builder_digest", "campaign_yaml"]

HEROES = ("Ash", "Bryn", "Cael", "Dara", "Emry", "Fen", "Gale", "Hale", "Isen", "Jory")
FOLLOWERS_PER_HERO = 2
DAYS_PER_WEEK = 7
#: The table's own research projects (campaign.yaml), started in turn as each is finished.
CUSTOM_PROJECTS = (
    {"name": "Chart the Timescape", "kind": "research", "goal": 3000,
     "characteristics": ["reason", "intuition"], "completion": "lore"},
    {"name": "Translate the Iron Codex", "kind": "research", "goal": 1500,
     "characteristics": ["reason"], "completion": "lore"},
    {"name": "Map the Underdark Roads", "kind": "research", "goal": 2000,
     "characteristics": ["reason", "intuition"], "completion": "lore"},
)
#: Events per write transaction while the history is played.
EVENTS_PER_COMMIT = 50_000
SAGE = {"skills": ("History", "Magic", "Nature", "Religion"),
        "languages": ("Caelian", "Anjali", "Voll")}


def builder_digest() -> str:
    """Changes whenever this builder or the ledger's schema does (the cache key)."""
    text = Path(__file__).read_bytes() + "|".join(
        m.name for m in MIGRATIONS._migrations).encode()
    return hashlib.sha256(text).hexdigest()[:12]


def campaign_yaml(name: str = "The Long Campaign") -> dict[str, Any]:
    """campaign.yaml of the bench campaign: ten heroes whose renown 6 keeps two followers."""
    heroes = [{
        "name": hero, "player": f"Player {i + 1}", "ancestry": "Human", "class": "Tactician",
        "level": 1, "victories": 0,
        "characteristics": {"might": 1, "agility": 1, "reason": 2, "intuition": 1,
                            "presence": 0},
        "max_stamina": 24, "max_recoveries": 8, "skills": ["History"],
        "languages": ["Caelian"], "renown": 6, "wealth": 1, "rewards_applied": True,
    } for i, hero in enumerate(HEROES)]
    return {"name": name, "system": "draw-steel",
            # projects start whenever: the builder starts them before any respite
            "settings": {"project_events": "off", "xp_track": "normal",
                         "project_starts": "any_time"},
            "heroes": heroes, "custom_projects": [dict(p) for p in CUSTOM_PROJECTS]}


@dataclass
class Built:
    """A bench campaign on disk and how it came to be."""

    folder: Path
    events: int
    seconds: float
    cached: bool
    weeks: int = 0
    projects: int = 0

    def open(self, *, readonly: bool = True) -> Campaign:
        """The campaign (read-only by default: what the player pages do)."""
        return Campaign.open(self.folder, readonly=readonly)


@dataclass
class _Work:
    """One hero's project under way and its last values, mirrored while playing."""

    id: int
    title: str
    goal: int
    points: int = 0
    done: bool = False


@dataclass
class _Player:
    """What the bulk play keeps in memory instead of reading the projections back."""

    camp: Campaign
    dice: SeededDice
    rows: dict[str, dict[str, Any]]  # a template project row per custom project
    day: int
    session: int
    tokens: int
    heroes: dict[str, dict[str, Any]]
    work: dict[str, _Work]
    followers: list[tuple[int, str, str, int]]  # id, name, hero, reason score
    next_project: int
    started: int = 0
    weeks: int = 0
    events: int = 0
    op: int = 0
    counts: dict[str, int] = field(default_factory=dict)

    def append(self, kind: str, ops: list[dict[str, Any]], summary: str, *,
               actor: str | None = None, payload: dict[str, Any] | None = None,
               visibility: str = "party", seed: int | None = None,
               dice: list[int] | None = None, session: int | None = -1) -> None:
        self.camp.ledger.append(
            kind, day=self.day, session=self.session if session == -1 else session,
            actor=actor, payload={"summary": summary, **(payload or {})}, ops=ops,
            seed=seed, dice=dice, visibility=visibility, operation=f"bench{self.op:09d}")
        self.events += 1
        self.counts[kind] = self.counts.get(kind, 0) + 1

    def next_op(self) -> None:
        self.op += 1

    # -- a week of play ----------------------------------------------------------------
    def session_week(self) -> None:
        """A session: tokens, victories, a spend or two, the end; then a week of downtime."""
        self.next_op()
        pool = tokens_at_session_start(len(self.heroes), self.tokens, reset=True,
                                       first_session=self.session == 0)
        self.session += 1
        self.append("session_started", [update_op(
            "party", 1, {"session_open": 0, "session": self.session - 1,
                         "hero_tokens": self.tokens},
            {"session_open": 1, "session": self.session, "hero_tokens": pool})],
            f"Session {self.session} started with {pool} hero tokens",
            payload={"number": self.session, "tokens": pool})
        self.tokens = pool
        count = 1 + self.dice.roll(3)
        self.next_op()
        for name, hero in self.heroes.items():
            self.append("victories_awarded", [update_op(
                "heroes", name, {"victories": hero["victories"]},
                {"victories": hero["victories"] + count})],
                f"{name} gains {count} victories: the week's fights", actor=name,
                payload={"count": count, "reason": "the week's fights"})
            hero["victories"] += count
        for _ in range(self.dice.roll(3)):
            self.next_op()
            self.append("tokens_spent", [update_op("party", 1, {"hero_tokens": self.tokens},
                                                   {"hero_tokens": self.tokens - 1})],
                        "The party spends 1 hero token(s): surges",
                        payload={"spend": "surges", "cost": 1, "reason": "", "surges": 2})
            self.tokens -= 1
        end = tokens_at_session_end(self.tokens, reset=True)
        self.next_op()
        self.append("session_ended", [update_op(
            "party", 1, {"session_open": 1, "hero_tokens": self.tokens},
            {"session_open": 0, "hero_tokens": end.kept})],
            f"Session {self.session} ended; {end.vanished} unused hero token(s) vanished",
            payload={"number": self.session, "kept": end.kept, "vanished": end.vanished})
        self.tokens = end.kept
        for _ in range(DAYS_PER_WEEK):
            self.next_day()
        self.respite()
        self.rewards()
        self.weeks += 1

    def next_day(self) -> None:
        """The calendar moves; every follower makes its daily roll."""
        self.next_op()
        self.day += 1
        self.append("day_advanced", [update_op("party", 1, {"day": self.day - 1},
                                               {"day": self.day})],
                    f"Day {self.day} begins", payload={"days": 1, "reason": ""})
        for fid, name, hero, score in self.followers:
            work = self.work[hero]
            if not work.done:
                self.roll("follower_roll", hero, work, score,
                          f"{name} (sage of {hero}) works on {work.title!r}",
                          {"follower_id": fid, "follower": name})

    def roll(self, kind: str, hero: str, work: _Work, score: int, text: str,
             extra: dict[str, Any]) -> None:
        """One project roll by the rules, and the project's change (finished at its goal)."""
        result = project_roll(score, dice=self.dice)
        before, after = work.points, work.points + result.points
        change: dict[str, Any] = {"points": after}
        if after >= work.goal:
            change.update(status="complete", completed_day=self.day)
        self.append(kind, [update_op(
            "projects", work.id, {"points": before, "status": "active", "completed_day": None},
            change)],
            f"{text}: +{result.points} ({after}/{work.goal})"
            + ("; complete!" if after >= work.goal else ""), actor=hero,
            seed=self.op, dice=[f for r in result.rolls for f in r.faces],
            payload={**extra, "project_id": work.id, "points": result.points,
                     "before": before, "after": after, "goal": work.goal,
                     "naturals": list(result.naturals), "breakthroughs": result.breakthroughs,
                     "characteristic": "reason", "completed": after >= work.goal,
                     "lines": []})
        work.points = after
        work.done = after >= work.goal

    def respite(self) -> None:
        """The week's respite: each hero's project roll, then victories become XP."""
        self.next_op()
        for name, hero in self.heroes.items():
            work = self.work[name]
            if not work.done:
                self.roll("project_roll", name, work, 2, f"{name} rolls on {work.title!r}",
                          {"project": work.title})
            rest = take_respite(RespiteHero(
                level=hero["level"], xp=hero["xp"], victories=hero["victories"],
                stamina=hero["max_stamina"], max_stamina=hero["max_stamina"],
                recoveries=hero["max_recoveries"], max_recoveries=hero["max_recoveries"]))
            after = rest.after
            text = f"{name} completes a respite: +{rest.xp_gained} XP"
            if rest.levels_gained:
                text += f", reaches level {after.level}"
            self.append("respite", [update_op(
                "heroes", name, {"xp": hero["xp"], "victories": hero["victories"],
                                 "level": hero["level"]},
                {"xp": after.xp, "victories": 0, "level": after.level})], text, actor=name,
                payload={"activity": "project roll", "reason": "", "xp_gained": rest.xp_gained,
                         "levels_gained": rest.levels_gained})
            old = hero["level"]
            hero.update(xp=after.xp, victories=0, level=after.level)
            if rest.levels_gained:
                for what, gain in (("renown", renown_rules.level_renown(old, after.level)),
                                   ("wealth", wealth_rules.level_wealth(old, after.level))):
                    if gain:
                        self.score(name, what, gain, f"reached level {after.level}", "level")

    def score(self, name: str, what: str, amount: int, reason: str, source: str,
              visibility: str = "party") -> None:
        hero = self.heroes[name]
        now = hero[what]
        verb = "gains" if amount >= 0 else "loses"
        self.append(f"{what}_{'gained' if amount >= 0 else 'lost'}", [update_op(
            "heroes", name, {what: now}, {what: now + amount})],
            f"{name} {verb} {abs(amount)} {what} ({reason}): now {now + amount}", actor=name,
            visibility=visibility, payload={"reason": reason, "source": source,
                                            "amount": amount})
        hero[what] = now + amount

    def rewards(self) -> None:
        """Renown and wealth that come and go; finished projects replaced by the next."""
        names = list(self.heroes)
        who = names[self.weeks % len(names)]
        self.next_op()
        if self.weeks % 3 == 0:
            up = self.heroes[who]["renown"] < 12
            self.score(who, "renown", 1 if up else -1,
                       "the bards sing of the week" if up else "an old rumour resurfaces",
                       "adventure")
        elif self.weeks % 3 == 1:
            up = self.heroes[who]["wealth"] < 6
            self.score(who, "wealth", 1 if up else -1,
                       "treasure from the ruins" if up else "the stronghold's repairs",
                       "treasure", visibility="party" if up else f"hero:{who}")
        if self.weeks % 52 == 51:  # the Director's own bookkeeping, once a year
            self.next_op()
            hero = self.heroes[who]
            self.append("hero_adjusted", [update_op("heroes", who, {"max_stamina": hero[
                "max_stamina"]}, {"max_stamina": hero["max_stamina"] + 1})],
                f"{who}: max_stamina {hero['max_stamina']} → {hero['max_stamina'] + 1} "
                "(a curse the players do not know of)", actor=who, visibility="director",
                payload={"reason": "a curse the players do not know of"})
            hero["max_stamina"] += 1
        for name in names:
            if self.work[name].done:
                self.start_next(name)

    def start_next(self, name: str) -> None:
        """The hero's next project, and their followers put to work on it."""
        self.next_op()
        spec = CUSTOM_PROJECTS[self.started % len(CUSTOM_PROJECTS)]
        self.started += 1
        pid = self.next_project
        self.next_project += 1
        title = f"{spec['name']} ({name}, #{pid})"
        row = {**self.rows[spec["name"]], "hero": name, "title": title,
               "started_day": self.day}
        self.append("project_started", [insert_op("projects", pid, row)],
                    f"{name} starts {title!r} (goal {spec['goal']})", actor=name,
                    payload={"project_id": pid, "template": spec["name"],
                             "goal": spec["goal"], "milestones": []})
        old = self.work[name]
        self.work[name] = _Work(pid, title, int(spec["goal"]))
        for fid, follower, hero, _ in self.followers:
            if hero == name:
                self.append("follower_assigned", [update_op(
                    "followers", fid, {"project_id": old.id}, {"project_id": pid})],
                    f"{follower} works on {title!r} every day", actor=name,
                    payload={"follower_id": fid, "project_id": pid, "skill_applies": 0})


def _start(folder: Path, seed: int) -> _Player:
    """The campaign's first day through the public API; the player that continues it."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "campaign.yaml").write_text(yaml.safe_dump(campaign_yaml(), sort_keys=False),
                                          encoding="utf-8")
    camp, _ = Campaign.init(folder)
    rows: dict[str, dict[str, Any]] = {}
    with camp.transaction(rollback=True):  # the rows start_project writes, written nowhere
        for spec in CUSTOM_PROJECTS:
            happened = camp.start_project(HEROES[0], spec["name"])
            rows[spec["name"]] = happened.events[0].ops[0]["row"]
    work: dict[str, _Work] = {}
    followers = []
    for i, name in enumerate(HEROES):
        spec = CUSTOM_PROJECTS[i % len(CUSTOM_PROJECTS)]
        pid = camp.start_project(name, spec["name"], title=f"{spec['name']} ({name})"
                                 ).details["project_id"]
        work[name] = _Work(pid, f"{spec['name']} ({name})", int(spec["goal"]))
        for j in range(FOLLOWERS_PER_HERO):
            sage = f"{name}'s sage {j + 1}"
            camp.add_follower(name, sage, "sage", ancestry="Human", skills=list(SAGE["skills"]),
                              languages=list(SAGE["languages"]))
            follower = camp.assign_follower(sage, pid)
            fid = follower.events[0].payload["follower_id"]
            followers.append((fid, sage, name, camp.follower(fid).reason))
    camp.start_project(HEROES[0], "Discover Lore", title="The lich's true name",
                       params={"kind": "forbidden"}, visibility="director")
    heroes = {h.name: {"level": h.level, "xp": h.xp, "victories": h.victories,
                       "renown": h.renown, "wealth": h.wealth, "max_stamina": h.max_stamina,
                       "max_recoveries": h.max_recoveries} for h in camp.heroes.values()}
    party = camp.party
    player = _Player(camp, SeededDice(seed), rows, party.day, party.session,
                     party.hero_tokens, heroes, work, followers,
                     next_project=max(p.id for p in camp.projects()) + 1)
    player.events = camp.ledger.event_count()
    return player


def build(folder: str | Path, events: int, *, seed: int = 1,
          progress: Progress | None = None) -> Built:
    """A bench campaign in ``folder``, ``events`` events or more (whole weeks), counted."""
    folder, told, start, shown = Path(folder), progress or Progress(False), time.perf_counter(), 0
    player = _start(folder, seed)
    camp, step = player.camp, max(1, events // 10)
    try:
        while player.events < events:
            with camp.ledger.write():
                target = min(events, player.events + EVENTS_PER_COMMIT)
                while player.events < target:
                    player.session_week()
                    if player.events >= min(events, shown + step):
                        shown = min(events, player.events // step * step)
                        told.count(shown, events, "events")
        count = camp.ledger.event_count()
        projects = len(camp.projects())
    finally:
        camp.close()
    return Built(folder, count, time.perf_counter() - start, False, player.weeks, projects)


def bench_campaign(events: int, *, seed: int = 1, cache: Path | None = None,
                   progress: Progress | None = None) -> Built:
    """The bench campaign of ``events`` events, built once (told) and then cached."""
    root = (cache or CACHE) / "ledgers"
    folder = root / f"long-{events}-{builder_digest()}-s{seed}"
    done = folder / "built.yaml"
    if done.is_file() and (folder / LEDGER_FILE).is_file():
        info = yaml.safe_load(done.read_text(encoding="utf-8"))
        return Built(folder, info["events"], info["seconds"], True, info["weeks"],
                     info["projects"])
    for old in root.glob(f"long-{events}-*-s{seed}"):
        shutil.rmtree(old, ignore_errors=True)  # an older builder's ledger
    told = progress if progress is not None else Progress()
    told.stage(f"Building a bench ledger of {events:,} events (kept in {root} afterwards)")
    built = build(folder, events, seed=seed, progress=told)
    done.write_text(yaml.safe_dump({"events": built.events, "seconds": built.seconds,
                                    "weeks": built.weeks, "projects": built.projects}),
                    encoding="utf-8")
    return built
