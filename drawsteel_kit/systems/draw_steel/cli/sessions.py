"""Draw Steel's commands for play: a session's start and end, victories, hero tokens, a respite
(with each hero's activity), a day passing, and adjusting a hero by hand. Each is one call
into ``Campaign``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import click

from drawsteel_kit.kit.commands import (
    campaign_arg,
    friendly,
    pairs,
    say,
)
from drawsteel_kit.systems.draw_steel.cli.options import hero_changes, id_or_name, open_campaign

__all__ = ["adjust", "adventure", "day", "respite", "session", "tokens", "victories"]


#: What this module adds to ``drawsteel-kit``: the root group mounts these through the
#: registry (``drawsteel_kit.cli``).
commands = click.Group()


@commands.command()
@click.argument("action", type=click.Choice(["start", "end"]))
@campaign_arg
@friendly
def session(action: str, campaign: str) -> None:
    """Start or end a session (the hero-token pool refills or vanishes).

    Example: drawsteel-kit session start campaigns/demo
    """
    with open_campaign(campaign) as camp:
        say(campaign, camp.start_session() if action == "start" else camp.end_session())


@commands.group()
def adventure() -> None:
    """Adventures: start one (every hero's victories go back to 0), end it, list them."""


@adventure.command("start")
@campaign_arg
@click.argument("name")
@click.option("--reason", default="")
@friendly
def adventure_start(campaign: str, name: str, reason: str) -> None:
    """Start an adventure: victories start at 0 each adventure.

    Example: drawsteel-kit adventure start campaigns/demo "The Drowned Chapel"
    """
    with open_campaign(campaign) as camp:
        say(campaign, camp.start_adventure(name, reason=reason))


@adventure.command("end")
@campaign_arg
@click.option("--reason", default="")
@friendly
def adventure_end(campaign: str, reason: str) -> None:
    """End the adventure under way.

    Example: drawsteel-kit adventure end campaigns/demo --reason "The chapel's bells are still"
    """
    with open_campaign(campaign) as camp:
        say(campaign, camp.end_adventure(reason=reason))


@adventure.command("list")
@campaign_arg
@friendly
def adventure_list(campaign: str) -> None:
    """List the campaign's adventures, the one under way last.

    Example: drawsteel-kit adventure list campaigns/demo
    """
    with open_campaign(campaign, readonly=True) as camp:
        found = camp.adventures()
    if not found:
        click.echo("No adventure yet: start one with `drawsteel-kit adventure start`.")
    for a in found:
        until = f"to day {a.ended_day}" if a.ended_day is not None else "under way"
        click.echo(f"{a.name}: day {a.started_day} {until}")


@commands.command()
@campaign_arg
@click.argument("count", type=int)
@click.option("--hero", "heroes", multiple=True, help="A hero to award (repeat; default: all).")
@click.option("--reason", default="", help="Why (the encounter, the challenge).")
@friendly
def victories(campaign: str, count: int, heroes: Sequence[str], reason: str) -> None:
    """Award victories to some or all heroes.

    Example: drawsteel-kit victories campaigns/demo 2 --reason "Ambush at the mill"
    """
    with open_campaign(campaign) as camp:
        say(campaign, camp.award_victories(count, heroes or None, reason=reason))


@commands.command()
@campaign_arg
@click.argument("action", type=click.Choice(["show", "award", "spend"]), default="show")
@click.argument("what", required=False)
@click.option("--hero", default=None,
              help="The hero spending (needed for 'stamina' and for a turn).")
@click.option("--reason", default="")
@click.option("--round", "round_", type=int, default=None,
              help="Spend: on the hero's turn in this round of the encounter under way.")
@click.option("--test", default=None, help="Spend: on this test (\"climb the cliff\").")
@friendly
def tokens(campaign: str, action: str, what: str | None, hero: str | None, reason: str,
           round_: int | None, test: str | None) -> None:
    """Show, award or spend the party's hero tokens.

    \b
    Spends: surges (1), save (1), reroll (1), stamina (2). Each spend names the turn
    (--round, with --hero) or the test (--test) it is for: one benefit per turn or per test.
    Examples:
      drawsteel-kit tokens campaigns/demo
      drawsteel-kit tokens campaigns/demo award 1 --reason "Held the bridge"
      drawsteel-kit tokens campaigns/demo spend stamina --hero Val --round 2
      drawsteel-kit tokens campaigns/demo spend reroll --hero Val --test "climb the cliff"
    """
    if action == "show":
        with open_campaign(campaign, readonly=True) as camp:
            click.echo(f"Hero tokens: {camp.party.hero_tokens}")
        return
    if what is None:
        raise click.UsageError(f"say what to {action}: a count for award, a spend for spend")
    with open_campaign(campaign) as camp:
        if action == "award":
            try:
                count = int(what)
            except ValueError:
                raise click.UsageError(f"award takes a count, got {what!r}") from None
            say(campaign, camp.award_tokens(count, reason=reason))
        else:
            say(campaign, camp.spend_tokens(what, hero=hero, reason=reason, round=round_,
                                            test=test))


def _int(value: str, what: str) -> int:
    try:
        return int(value)
    except ValueError:
        raise click.UsageError(f"{what} must be a whole number, got {value!r}") from None


def _activities(
    texts: Sequence[str], rolls: Sequence[str], edges: Sequence[str], banes: Sequence[str],
    skills: Sequence[str], chars: Sequence[str], faces: Sequence[str], guides: Sequence[str],
    finds: Sequence[str], serves: Sequence[str], inspired: Sequence[str] = (),
    skill_allowed: Sequence[str] = (),
) -> dict[str, Any]:
    """Build each hero's one activity from the respite options."""
    out: dict[str, Any] = {}

    def put(hero: str, activity: Any) -> None:
        if hero in out:
            raise click.UsageError(f"{hero} has two activities: one respite activity each")
        out[hero] = activity

    for hero, text in pairs(texts, "--activity").items():
        put(hero, text)
    modifiers = {o: pairs(v, o) for o, v in (("--edges", edges), ("--banes", banes),
                                              ("--skill", skills), ("--char", chars),
                                              ("--dice", faces))}
    modifiers["--inspired"] = {hero: "yes" for hero in inspired}
    modifiers["--skill-allowed"] = {hero: "yes" for hero in skill_allowed}
    for option, given in modifiers.items():
        stray = set(given) - set(pairs(rolls, "--roll"))
        if stray:
            raise click.UsageError(f"{option} is for a hero making a --roll: {', '.join(stray)}")
    if not (rolls or guides or finds or serves):  # text only: no activity rules to load
        return out
    from drawsteel_kit.systems.draw_steel.activities import (
        FindSource,
        ProjectRoll,
        ServeAsSource,
        StudyGuide,
    )

    for hero, project in pairs(rolls, "--roll").items():
        typed = modifiers["--dice"].get(hero)
        put(hero, ProjectRoll(
            id_or_name(project),
            characteristic=modifiers["--char"].get(hero),
            edges=_int(modifiers["--edges"].get(hero, "0"), "--edges"),
            banes=_int(modifiers["--banes"].get(hero, "0"), "--banes"),
            skill=modifiers["--skill"].get(hero),
            skill_allowed=hero in modifiers["--skill-allowed"],
            dice=tuple(_int(f, "--dice") for f in typed.split(",")) if typed else None,
            inspired=hero in modifiers["--inspired"],
        ))
    for hero, spec in pairs(guides, "--guide").items():
        parts = spec.split("|")
        if len(parts) not in (3, 4):
            raise click.UsageError("--guide takes HERO=PROJECT|GUIDE|KNOWLEDGE[|LANGUAGE]")
        knowledge = _int(parts[2], "--guide's KNOWLEDGE (HERO=PROJECT|GUIDE|KNOWLEDGE"
                         "[|LANGUAGE]: a guide's name cannot hold |)")
        put(hero, StudyGuide(id_or_name(parts[0]), parts[1], knowledge,
                             parts[3] if len(parts) == 4 else None))
    for hero, project in pairs(finds, "--find-source").items():
        put(hero, FindSource(id_or_name(project)))
    for hero, project in pairs(serves, "--serve").items():
        put(hero, ServeAsSource(id_or_name(project)))
    return out


@commands.command()
@campaign_arg
@click.option("--hero", "heroes", multiple=True, help="A hero resting (repeat; default: all).")
@click.option("--activity", "texts", multiple=True, metavar="HERO=TEXT",
              help="Any other activity, recorded as text (changing kit, ...).")
@click.option("--roll", "rolls", multiple=True, metavar="HERO=PROJECT",
              help="A project roll (PROJECT: title or #id; another hero's project too).")
@click.option("--edges", multiple=True, metavar="HERO=N", help="Edges on that hero's roll.")
@click.option("--banes", multiple=True, metavar="HERO=N", help="Banes on that hero's roll.")
@click.option("--skill", "skills", multiple=True, metavar="HERO=SKILL",
              help="A skill of the hero's that applies to the roll (+2): Crafting or Lore.")
@click.option("--skill-allowed", "skill_allowed", multiple=True, metavar="HERO",
              help="The Director allows that hero's --skill from another group on this roll.")
@click.option("--char", "chars", multiple=True, metavar="HERO=CHARACTERISTIC",
              help="The characteristic to roll (default: the best the project allows).")
@click.option("--dice", "faces", multiple=True, metavar="HERO=F,F,...",
              help="Faces rolled at the table: two d10s per roll, more after a breakthrough.")
@click.option("--inspired", multiple=True, metavar="HERO",
              help="Inspired Artisan: a hero token buys that hero one more roll.")
@click.option("--guide", "guides", multiple=True, metavar="HERO=PROJECT|GUIDE|KNOWLEDGE",
              help="Study a guide for a project (optionally |LANGUAGE of the guide).")
@click.option("--find-source", "finds", multiple=True, metavar="HERO=PROJECT",
              help="Find a common source for a project.")
@click.option("--serve", "serves", multiple=True, metavar="HERO=PROJECT",
              help="Serve as the source of another hero's project.")
@click.option("--recruit", "recruiting", multiple=True,
              metavar="HERO=NAME|ROLE[|ancestry=A|skills=S,S,...|languages=L,L|at=PLACE]",
              help="Recruit a follower (the hero's activity; repeat for several).")
@click.option("--start", "starting", multiple=True,
              metavar="HERO=PROJECT[|title=TITLE|NAME=VALUE...]",
              help="Start a project in this respite (not the hero's activity: the hero may "
                   "roll on it too). NAME=VALUE: title, learns, treasure, language, source, "
                   "prerequisite, prerequisite-item, at-stronghold, director-only, or a goal "
                   "parameter such as kind=obscure.")
@click.option("--buy", "buying", multiple=True, metavar="HERO=ITEM[|count=N|tier=N]",
              help="A purchase on the respite's day (not the hero's activity).")
@click.option("--seed", type=click.IntRange(0), default=None,
              help="Seed for the rolls (default: a new one, shown in history).")
@click.option("--interrupted", is_flag=True, help="The respite was interrupted: no benefits.")
@click.option("--reason", default="")
@friendly
def respite(campaign: str, heroes: Sequence[str], texts: Sequence[str], rolls: Sequence[str],
            edges: Sequence[str], banes: Sequence[str], skills: Sequence[str],
            chars: Sequence[str], faces: Sequence[str], inspired: Sequence[str],
            skill_allowed: Sequence[str], guides: Sequence[str], finds: Sequence[str],
            serves: Sequence[str], recruiting: Sequence[str], starting: Sequence[str],
            buying: Sequence[str], seed: int | None, interrupted: bool, reason: str) -> None:
    """Take a respite: one activity each, then Stamina and recoveries back, victories to XP.

    A respite is the party's day: the first of a day moves the calendar; heroes who rest
    later that day (and have not rested yet) join it, and the calendar stays.

    \b
    Examples:
      drawsteel-kit respite campaigns/demo --activity "Yorn=Changes kit"
      drawsteel-kit respite campaigns/demo --roll "Val=The mill's cellar" --edges Val=1 \\
          --guide "Bran Ironvein=Healing Potion|The Alchemist's Primer|20" --seed 7
      drawsteel-kit respite campaigns/demo \\
          --start "Val=Discover Lore|kind=obscure|title=The mill's cellar" \\
          --roll "Val=The mill's cellar" --buy "Bran Ironvein=horse and cart" \\
          --recruit "Quillon=Hesk|sage|skills=History,Magic,Rumors,Society|languages=Khelt,Voll"
    """
    from drawsteel_kit.systems.draw_steel.cli import respite_day

    acts = _activities(texts, rolls, edges, banes, skills, chars, faces, guides, finds, serves,
                       inspired, skill_allowed)
    for hero, act in respite_day.recruits(recruiting).items():
        if hero in acts:
            raise click.UsageError(f"{hero} has two activities: one respite activity each")
        acts[hero] = act
    starts, purchases = respite_day.starts(starting), respite_day.purchases(buying)
    with open_campaign(campaign) as camp:
        say(campaign, camp.take_respite(heroes or None, activities=acts, starts=starts,
                                        purchases=purchases, interrupted=interrupted,
                                        reason=reason, seed=seed))


@commands.command()
@campaign_arg
@click.argument("days", type=int, default=1)
@click.option("--reason", default="")
@click.option("--seed", type=click.IntRange(0), default=None,
              help="Seed for the followers' daily rolls (default: a new one).")
@friendly
def day(campaign: str, days: int, reason: str, seed: int | None) -> None:
    """Advance the campaign day; each day, artisans and sages roll on their projects.

    Example: drawsteel-kit day campaigns/demo 3 --reason "Travel to Capital"
    """
    with open_campaign(campaign) as camp:
        say(campaign, camp.advance_day(days, reason=reason, seed=seed))


@commands.command()
@campaign_arg
@click.argument("place")
@click.option("--reason", default="")
@friendly
def move(campaign: str, place: str, reason: str) -> None:
    """The party moves on to PLACE: a common source found elsewhere is needed again.

    Example: drawsteel-kit move campaigns/demo "The Old Mill" --reason "chasing the bandits"
    """
    with open_campaign(campaign) as camp:
        say(campaign, camp.move_party(place, reason=reason))


@commands.command()
@campaign_arg
@click.argument("hero")
@click.argument("changes", nargs=-1, required=True, metavar="FIELD=VALUE...")
@click.option("--reason", required=True, help="Why the hero is changed by hand.")
@click.option("--director-only", is_flag=True, help="Hide this change from the players.")
@friendly
def adjust(campaign: str, hero: str, changes: Sequence[str], reason: str,
           director_only: bool) -> None:
    """Change a hero by hand, with a reason (values are JSON: 3, "text", ["a","b"]).

    Example: drawsteel-kit adjust campaigns/demo Val stamina=12 --reason "Fell in the pit"
    """
    values = hero_changes(changes)
    with open_campaign(campaign) as camp:
        say(campaign, camp.adjust_hero(hero, reason=reason,
                              visibility="director" if director_only else "party", **values))
