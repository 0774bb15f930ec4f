"""The ``drawsteel-kit`` command line: one command per library call.

The campaign (a folder holding campaign.yaml, that file itself, its ledger.db,
or a name under ./campaigns) is always the first argument. Errors print one
line saying what to fix and exit with status 1; nothing is written.
"""

from __future__ import annotations

import json
import shutil
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click

from drawsteel_kit import __version__
from drawsteel_kit.cli.common import (
    TEMPLATE_DIR,
    campaign_arg,
    force_option,
    friendly,
    hero_changes,
    open_campaign,
    pairs,
    say,
)
from drawsteel_kit.kit.ledger import MAX_ROW_ID
from drawsteel_kit.systems.registry import DEFAULT_SYSTEM, SYSTEMS


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="drawsteel-kit")
def main() -> None:
    """Keep a Draw Steel party's books: sessions, victories, respites, XP, hero tokens.

    CAMPAIGN is a campaign folder (holding campaign.yaml and ledger.db), or a name
    under ./campaigns. Start with `drawsteel-kit new "My Campaign"`, edit its
    campaign.yaml, then `drawsteel-kit init campaigns/my-campaign`.
    """


#: How many of SQLite's integrity problems `rebuild --check` prints.
PROBLEMS_SHOWN = 10


@main.command()
@click.argument("name")
@click.option("--dir", "parent", default="campaigns", show_default=True,
              type=click.Path(file_okay=False), help="Folder to create the campaign in.")
@click.option("--system", "system_key", type=click.Choice(list(SYSTEMS)),
              default=DEFAULT_SYSTEM, show_default=True, help="The rule system it plays.")
@friendly
def new(name: str, parent: str, system_key: str) -> None:
    """Create a campaign folder from the starter template (of its rule system).

    Example: drawsteel-kit new "The Iron Saints"  (creates campaigns/the-iron-saints)
    """
    from drawsteel_kit.systems.draw_steel.campaign_file.model import CAMPAIGN_FILE, slugify
    from drawsteel_kit.workbook.campaign_notebooks import campaign_notebooks, write_new

    played = SYSTEMS[system_key]
    template = TEMPLATE_DIR if played.is_default else (
        TEMPLATE_DIR.parent / f"campaign-{played.module.replace('_', '-')}")
    dest = Path(parent) / slugify(name)
    if dest.exists():
        raise click.ClickException(f"{dest} already exists: pick another name or --dir")
    if not template.is_dir():
        raise click.ClickException(f"the starter template {template} is missing from this "
                                   "install: reinstall drawsteel-kit")
    shutil.copytree(template, dest, ignore=shutil.ignore_patterns("__*"))
    path = dest / CAMPAIGN_FILE
    # A JSON string is a valid YAML double-quoted scalar: any name survives, quotes included.
    text = path.read_text(encoding="utf-8").replace('"__CAMPAIGN_NAME__"', json.dumps(name))
    path.write_text(text, encoding="utf-8")
    notebooks = write_new(dest, campaign_notebooks(played.key, played.module, played.is_default))
    click.echo(f"Created {dest}: campaign.yaml and its notebooks ({', '.join(notebooks)}). "
               f"Edit {path} (your heroes), run drawsteel-kit init {dest}, then open the "
               f"notebooks with drawsteel-kit lab {dest}")


@main.command()
@campaign_arg
@friendly
def init(campaign: str) -> None:
    """Build the ledger from campaign.yaml, or bring it up to date. Safe to run again.

    Example: drawsteel-kit init campaigns/demo
    """
    from drawsteel_kit.systems.draw_steel.campaign import Campaign

    camp, happened = Campaign.init(campaign)
    with camp:
        click.echo(happened.summary)
        for line in happened.details.get("applied", ()):
            click.echo(f"  applied: {line}")
        for line in happened.details["differences"]:
            click.echo(f"  note: {line}")
        for name in happened.details["missing_from_file"]:
            click.echo(f"  note: {name} is in the ledger but no longer in campaign.yaml")


@main.command()
@campaign_arg
@click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
@friendly
def status(campaign: str, as_json: bool) -> None:
    """Show the party and every hero.

    Example: drawsteel-kit status campaigns/demo --json
    """
    from drawsteel_kit.systems.draw_steel.report import status_text

    with open_campaign(campaign, readonly=True) as camp:
        if as_json:
            click.echo(json.dumps(camp.status(), indent=2, ensure_ascii=False))
        else:
            click.echo(status_text(camp))


@main.command()
@click.argument("action", type=click.Choice(["start", "end"]))
@campaign_arg
@friendly
def session(action: str, campaign: str) -> None:
    """Start or end a session (the hero-token pool refills or vanishes).

    Example: drawsteel-kit session start campaigns/demo
    """
    with open_campaign(campaign) as camp:
        say(campaign, camp.start_session() if action == "start" else camp.end_session())


@main.command()
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


@main.command()
@campaign_arg
@click.argument("action", type=click.Choice(["show", "award", "spend"]), default="show")
@click.argument("what", required=False)
@click.option("--hero", default=None, help="The hero spending (needed for 'stamina').")
@click.option("--reason", default="")
@friendly
def tokens(campaign: str, action: str, what: str | None, hero: str | None, reason: str) -> None:
    """Show, award or spend the party's hero tokens.

    \b
    Spends: surges (1), save (1), reroll (1), stamina (2).
    Examples:
      drawsteel-kit tokens campaigns/demo
      drawsteel-kit tokens campaigns/demo award 1 --reason "Held the bridge"
      drawsteel-kit tokens campaigns/demo spend stamina --hero Val
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
            say(campaign, camp.spend_tokens(what, hero=hero, reason=reason))


def _int(value: str, what: str) -> int:
    try:
        return int(value)
    except ValueError:
        raise click.UsageError(f"{what} must be a whole number, got {value!r}") from None


def _activities(
    texts: Sequence[str], rolls: Sequence[str], edges: Sequence[str], banes: Sequence[str],
    skills: Sequence[str], chars: Sequence[str], faces: Sequence[str], guides: Sequence[str],
    finds: Sequence[str], serves: Sequence[str], inspired: Sequence[str] = (),
) -> dict[str, Any]:
    """Build each hero's one activity from the respite options."""
    from drawsteel_kit.systems.draw_steel.activities import (
        FindSource,
        ProjectRoll,
        ServeAsSource,
        StudyGuide,
    )

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
    for option, given in modifiers.items():
        stray = set(given) - set(pairs(rolls, "--roll"))
        if stray:
            raise click.UsageError(f"{option} is for a hero making a --roll: {', '.join(stray)}")
    for hero, project in pairs(rolls, "--roll").items():
        typed = modifiers["--dice"].get(hero)
        put(hero, ProjectRoll(
            _ref(project),
            characteristic=modifiers["--char"].get(hero),
            edges=_int(modifiers["--edges"].get(hero, "0"), "--edges"),
            banes=_int(modifiers["--banes"].get(hero, "0"), "--banes"),
            skill=modifiers["--skill"].get(hero),
            dice=tuple(_int(f, "--dice") for f in typed.split(",")) if typed else None,
            inspired=hero in modifiers["--inspired"],
        ))
    for hero, spec in pairs(guides, "--guide").items():
        parts = spec.split("|")
        if len(parts) not in (3, 4):
            raise click.UsageError("--guide takes HERO=PROJECT|GUIDE|KNOWLEDGE[|LANGUAGE]")
        knowledge = _int(parts[2], "--guide's KNOWLEDGE (HERO=PROJECT|GUIDE|KNOWLEDGE"
                         "[|LANGUAGE]: a guide's name cannot hold |)")
        put(hero, StudyGuide(_ref(parts[0]), parts[1], knowledge,
                             parts[3] if len(parts) == 4 else None))
    for hero, project in pairs(finds, "--find-source").items():
        put(hero, FindSource(_ref(project)))
    for hero, project in pairs(serves, "--serve").items():
        put(hero, ServeAsSource(_ref(project)))
    return out


def _ref(project: str) -> int | str:
    """A project named by id (``#3`` or ``3``) or by title."""
    text = project.strip().removeprefix("#")
    return int(text) if text.isdecimal() else project.strip()


@main.command()
@campaign_arg
@click.option("--hero", "heroes", multiple=True, help="A hero resting (repeat; default: all).")
@click.option("--activity", "texts", multiple=True, metavar="HERO=TEXT",
              help="Any other activity, recorded as text (changing kit, ...).")
@click.option("--roll", "rolls", multiple=True, metavar="HERO=PROJECT",
              help="A project roll (PROJECT: title or #id; another hero's project too).")
@click.option("--edges", multiple=True, metavar="HERO=N", help="Edges on that hero's roll.")
@click.option("--banes", multiple=True, metavar="HERO=N", help="Banes on that hero's roll.")
@click.option("--skill", "skills", multiple=True, metavar="HERO=SKILL",
              help="A skill of the hero's that applies to the roll (+2).")
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
@click.option("--seed", type=click.IntRange(0), default=None,
              help="Seed for the rolls (default: a new one, shown in history).")
@click.option("--interrupted", is_flag=True, help="The respite was interrupted: no benefits.")
@click.option("--reason", default="")
@friendly
def respite(campaign: str, heroes: Sequence[str], texts: Sequence[str], rolls: Sequence[str],
            edges: Sequence[str], banes: Sequence[str], skills: Sequence[str],
            chars: Sequence[str], faces: Sequence[str], inspired: Sequence[str],
            guides: Sequence[str], finds: Sequence[str], serves: Sequence[str],
            seed: int | None, interrupted: bool, reason: str) -> None:
    """Take a respite: one activity each, then Stamina and recoveries back, victories to XP.

    \b
    Examples:
      drawsteel-kit respite campaigns/demo --activity "Yorn=Changes kit"
      drawsteel-kit respite campaigns/demo --roll "Val=The mill's cellar" --edges Val=1 \\
          --guide "Bran Ironvein=Healing Potion|The Alchemist's Primer|20" --seed 7
    """
    acts = _activities(texts, rolls, edges, banes, skills, chars, faces, guides, finds, serves,
                       inspired)
    with open_campaign(campaign) as camp:
        say(campaign, camp.take_respite(heroes or None, activities=acts,
                                        interrupted=interrupted, reason=reason, seed=seed))


@main.command()
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


@main.command()
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


@main.command()
@campaign_arg
@click.option("--kind", default=None, help="Only events of this kind (respite, undo, ...).")
@click.option("--hero", default=None, help="Only this hero's events.")
@click.option("--limit", type=click.IntRange(1, MAX_ROW_ID), default=50, show_default=True)
@click.option("--as", "viewer", default=None, metavar="party|HERO",
              help="Show only what the party, or one hero's player, may see.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
@friendly
def history(campaign: str, kind: str | None, hero: str | None, limit: int,
            viewer: str | None, as_json: bool) -> None:
    """Show what happened, newest first.

    Example: drawsteel-kit history campaigns/demo --hero Val --limit 10
    """
    with open_campaign(campaign, readonly=True) as camp:
        if viewer is not None:  # what players see: their books, hidden changes as adjustments
            from drawsteel_kit.systems.draw_steel.party_view import PartyView

            view = PartyView.of(camp, viewer)
            camp, viewer = view.books, view.viewer
        events = camp.history(kind=kind, hero=hero, limit=limit, visible_to=viewer)
        if as_json:
            click.echo(json.dumps([e.as_dict() for e in events], indent=2, ensure_ascii=False))
            return
        undone = camp.ledger.undone_ids()
        for ev in events:
            mark = " (undone)" if ev.id in undone else ""
            hidden = " [director]" if ev.visibility == "director" else ""
            click.echo(f"#{ev.id:<5} day {ev.day:<4} {ev.kind:<20} {ev.summary}{mark}{hidden}")


@main.command()
@campaign_arg
@click.argument("event_id", type=click.IntRange(1, MAX_ROW_ID))
@click.option("--reason", default="")
@friendly
def undo(campaign: str, event_id: int, reason: str) -> None:
    """Undo an event (and the rest of its operation) by appending compensating events.

    Example: drawsteel-kit undo campaigns/demo 42 --reason "Wrong hero"
    """
    with open_campaign(campaign) as camp:
        say(campaign, camp.undo(event_id, reason=reason))


@main.command()
@campaign_arg
@click.argument("dest", required=False, type=click.Path(dir_okay=False))
@friendly
def backup(campaign: str, dest: str | None) -> None:
    """Copy the ledger safely, even while others write (default: CAMPAIGN/backups/).

    Example: drawsteel-kit backup campaigns/demo ~/ledger-before-finale.db
    """
    from drawsteel_kit.systems.draw_steel.campaign import Campaign

    click.echo(f"Backed up to {Campaign.backup_ledger(campaign, dest)}")


@main.command()
@campaign_arg
@click.option("--out", type=click.Path(dir_okay=False), default=None,
              help="Write to this file instead of standard output.")
@click.option("--party-only", is_flag=True, help="Leave out what is for the Director only.")
@force_option
@friendly
def export(campaign: str, out: str | None, party_only: bool, force: bool) -> None:
    """Export history and state as JSON.

    An existing --out file is refused unless --force.

    Example: drawsteel-kit export campaigns/demo --out demo.json
    """
    from drawsteel_kit.kit.outputs import write_new_file

    with open_campaign(campaign, readonly=True) as camp:
        text = camp.export_json(include_director=not party_only)
    if out:
        write_new_file(out, text + "\n", force=force)
        click.echo(f"Exported to {out}")
    else:
        click.echo(text)


@main.command()
@campaign_arg
@click.option("--check", is_flag=True, help="Only check; change nothing.")
@friendly
def rebuild(campaign: str, check: bool) -> None:
    """Rebuild the current state by replaying every event (or --check that it matches).

    Example: drawsteel-kit rebuild campaigns/demo --check
    """
    with open_campaign(campaign, readonly=check) as camp:
        if check:
            problems = camp.ledger.integrity()
            for problem in problems[:PROBLEMS_SHOWN]:
                click.echo(f"SQLite's check: {problem}")
            ok = not problems and camp.ledger.verify()
            if not problems:
                click.echo("State matches history." if ok else "State differs from history!")
            sys.exit(0 if ok else 1)
        click.echo(f"Replayed {camp.ledger.rebuild()} events.")


@main.command()
@campaign_arg
@friendly
def upgrade(campaign: str) -> None:
    """Bring an older ledger's schema up to date in place, keeping a copy from before.

    Every command that writes does this by itself; player pages, which open the ledger
    read-only, need it done first.

    Example: drawsteel-kit upgrade campaigns/demo
    """
    from drawsteel_kit.systems.draw_steel.campaign import Campaign

    copy, applied = Campaign.upgrade(campaign)
    if not applied:
        click.echo("The ledger is already on the current schema; nothing to do.")
        return
    click.echo(f"Upgraded through {', '.join(applied)}; the copy from before is {copy}")
