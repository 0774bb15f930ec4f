"""What comes next for the party, as the Party tab says it: who levels at the next respite
and how much XP each hero still needs, what is waiting (project events, an open session,
heroes who have not joined today's respite), who rested today, and the projects close to
done. Plain text from the campaign's reads; the panel only lays it out."""

from __future__ import annotations

from dataclasses import dataclass

from drawsteel_kit.kit.words import plural
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.systems.draw_steel.rules.advancement import MAX_LEVEL, xp_for_level
from drawsteel_kit.systems.draw_steel.state import HeroState

__all__ = ["CLOSE_SHOWN", "CLOSE_TO_DONE", "NextSteps", "next_level", "next_steps"]

#: Ours: a project is "close to done" from this share of its goal on.
CLOSE_TO_DONE = 0.75
#: Ours: how many of those the Party tab names (the closest first).
CLOSE_SHOWN = 3


def next_level(hero: HeroState, track: str, *, short: bool = False) -> str:
    """The hero's way to the next level: "12 XP to level 2", "level 2 at the next respite"
    (victories become XP then), or "top level"; ``short``: a table's cell ("12 XP", "next
    respite")."""
    if hero.level >= MAX_LEVEL:
        return "top level"
    need = xp_for_level(hero.level + 1, track) - hero.xp
    if need <= 0:  # XP already there (changed by hand): the level was not raised
        return ("raise the level" if short else
                f"XP reaches level {hero.level + 1}: raise the level (adjust)")
    if hero.victories >= need:
        return "next respite" if short else f"level {hero.level + 1} at the next respite"
    return f"{need} XP" if short else f"{need} XP to level {hero.level + 1}"


@dataclass(frozen=True)
class NextSteps:
    """The Party tab's lines, each group in the order it is shown (empty: nothing to say)."""

    levels: tuple[str, ...]
    waiting: tuple[str, ...]
    today: str
    close: tuple[str, ...]

    def lines(self) -> list[tuple[str, tuple[str, ...]]]:
        """(heading, lines) for every group that has something to say."""
        groups = [("Levels", self.levels), ("Waiting", self.waiting), ("Today", (self.today,)),
                  ("Close to done", self.close)]
        return [(head, items) for head, items in groups if items]


def next_steps(campaign: Campaign) -> NextSteps:
    """What comes next for ``campaign``'s party (see the module doc)."""
    party, heroes = campaign.party, campaign.heroes
    track = str(campaign.settings.get("xp_track", "normal"))
    levels = tuple(f"{h.name}: {next_level(h, track)}" for h in heroes.values()
                   if next_level(h, track).startswith(("level", "XP reaches")))
    climbing = [h for h in heroes.values() if h.level < MAX_LEVEL]
    if not levels and climbing:  # no one levels at the next respite: who is closest
        closest = min(climbing, key=lambda h: (xp_for_level(h.level + 1, track) - h.xp
                                               - h.victories, h.name))
        levels = (f"no hero levels at the next respite; the closest: {closest.name}, "
                  f"{next_level(closest, track)}",)
    active = campaign.projects(status="active")
    waiting = [f"{p.title!r} ({p.hero}'s): {plural(p.event_pending, 'project event')} "
               "waiting for a hero's roll" for p in active if p.event_pending]
    if party.session_open:
        waiting.append(f"Session {party.session} is open: end it in the Session tab when the "
                       "evening ends")
    rested = campaign.rested_today()
    if campaign.day_respite() is not None:
        others = [h for h in heroes if h not in rested]
        today = (f"Day {party.day}: {', '.join(rested) or 'no one'} rested today"
                 + (f"; {', '.join(others)} can still join today's respite (Respite tab)"
                    if others else "; the whole party rested"))
    else:
        today = (f"Day {party.day}: no respite today" + (
            f" ({', '.join(rested)} rested)" if rested else "")
            + f"; the next respite begins day {party.day + 1}")
    near = sorted((p for p in active if p.goal and p.points >= CLOSE_TO_DONE * p.goal),
                  key=lambda p: (p.goal - p.points, p.id))  # the fewest points to go first
    close = tuple(f"{p.title!r} ({p.hero}'s): {p.points}/{p.goal}, {p.goal - p.points} to go"
                  for p in near[:CLOSE_SHOWN])
    return NextSteps(levels, tuple(waiting), today, close)
