"""The ``drawsteel-kit`` command line: one command per library call.

The campaign (a folder holding campaign.yaml, that file itself, its ledger.db,
or a name under ./campaigns) is always the first argument. Errors print one
line saying what to fix and exit with status 1; nothing is written.
"""

from __future__ import annotations

import functools
import json
import shutil
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import click

from drawsteel_kit import __version__
from drawsteel_kit.errors import DrawSteelKitError

F = TypeVar("F", bound=Callable[..., Any])

#: Where `drawsteel-kit new` copies its starter campaign from.
TEMPLATE_DIR = Path(__file__).resolve().parent.parent / "templates" / "campaign"


def _friendly(fn: F) -> F:
    """Turn our own errors into one clear line and exit status 1."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except DrawSteelKitError as exc:
            raise click.ClickException(str(exc)) from None

    return wrapper  # type: ignore[return-value]


def _open(campaign: str, readonly: bool = False) -> Any:
    from drawsteel_kit.campaign import Campaign

    return Campaign.open(campaign, readonly=readonly)


def _say(campaign: str, happened: Any) -> None:
    click.echo(happened.summary)
    for ev in happened.events:
        if len(happened.events) > 1 or ev.summary != happened.summary:
            click.echo(f"  #{ev.id} {ev.summary}")
    if happened.events:
        click.echo(f"(undo with: drawsteel-kit undo {campaign} {happened.events[0].id})")


campaign_arg = click.argument("campaign", metavar="CAMPAIGN")


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="drawsteel-kit")
def main() -> None:
    """Keep a Draw Steel party's books: sessions, victories, respites, XP, hero tokens.

    CAMPAIGN is a campaign folder (holding campaign.yaml and ledger.db), or a name
    under ./campaigns. Start with `drawsteel-kit new "My Campaign"`, edit its
    campaign.yaml, then `drawsteel-kit init campaigns/my-campaign`.
    """


@main.command()
@click.argument("name")
@click.option("--dir", "parent", default="campaigns", show_default=True,
              type=click.Path(file_okay=False), help="Folder to create the campaign in.")
@_friendly
def new(name: str, parent: str) -> None:
    """Create a campaign folder from the starter template.

    Example: drawsteel-kit new "The Iron Saints"  (creates campaigns/the-iron-saints)
    """
    from drawsteel_kit.config import CAMPAIGN_FILE, slugify

    dest = Path(parent) / slugify(name)
    if dest.exists():
        raise click.ClickException(f"{dest} already exists: pick another name or --dir")
    if not TEMPLATE_DIR.is_dir():
        raise click.ClickException(f"the starter template is missing ({TEMPLATE_DIR})")
    shutil.copytree(TEMPLATE_DIR, dest)
    path = dest / CAMPAIGN_FILE
    # A JSON string is a valid YAML double-quoted scalar: any name survives, quotes included.
    text = path.read_text(encoding="utf-8").replace('"__CAMPAIGN_NAME__"', json.dumps(name))
    path.write_text(text, encoding="utf-8")
    click.echo(f"Created {dest}. Edit {path} (your heroes), then: drawsteel-kit init {dest}")


@main.command()
@campaign_arg
@_friendly
def init(campaign: str) -> None:
    """Build the ledger from campaign.yaml, or bring it up to date. Safe to run again.

    Example: drawsteel-kit init campaigns/demo
    """
    from drawsteel_kit.campaign import Campaign

    camp, happened = Campaign.init(campaign)
    with camp:
        click.echo(happened.summary)
        for line in happened.details["differences"]:
            click.echo(f"  note: {line}")
        for name in happened.details["missing_from_file"]:
            click.echo(f"  note: {name} is in the ledger but no longer in campaign.yaml")


@main.command()
@campaign_arg
@click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
@_friendly
def status(campaign: str, as_json: bool) -> None:
    """Show the party and every hero.

    Example: drawsteel-kit status campaigns/demo --json
    """
    from drawsteel_kit.report import status_text

    with _open(campaign, readonly=True) as camp:
        if as_json:
            click.echo(json.dumps(camp.status(), indent=2, ensure_ascii=False))
        else:
            click.echo(status_text(camp))


@main.command()
@click.argument("action", type=click.Choice(["start", "end"]))
@campaign_arg
@_friendly
def session(action: str, campaign: str) -> None:
    """Start or end a session (the hero-token pool refills or vanishes).

    Example: drawsteel-kit session start campaigns/demo
    """
    with _open(campaign) as camp:
        _say(campaign, camp.start_session() if action == "start" else camp.end_session())


@main.command()
@campaign_arg
@click.argument("count", type=int)
@click.option("--hero", "heroes", multiple=True, help="A hero to award (repeat; default: all).")
@click.option("--reason", default="", help="Why (the encounter, the challenge).")
@_friendly
def victories(campaign: str, count: int, heroes: Sequence[str], reason: str) -> None:
    """Award victories to some or all heroes.

    Example: drawsteel-kit victories campaigns/demo 2 --reason "Ambush at the mill"
    """
    with _open(campaign) as camp:
        _say(campaign, camp.award_victories(count, heroes or None, reason=reason))


@main.command()
@campaign_arg
@click.argument("action", type=click.Choice(["show", "award", "spend"]), default="show")
@click.argument("what", required=False)
@click.option("--hero", default=None, help="The hero spending (needed for 'stamina').")
@click.option("--reason", default="")
@_friendly
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
        with _open(campaign, readonly=True) as camp:
            click.echo(f"Hero tokens: {camp.party.hero_tokens}")
        return
    if what is None:
        raise click.UsageError(f"say what to {action}: a count for award, a spend for spend")
    with _open(campaign) as camp:
        if action == "award":
            try:
                count = int(what)
            except ValueError:
                raise click.UsageError(f"award takes a count, got {what!r}") from None
            _say(campaign, camp.award_tokens(count, reason=reason))
        else:
            _say(campaign, camp.spend_tokens(what, hero=hero, reason=reason))


def _activities(pairs: Sequence[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for pair in pairs:
        hero, sep, activity = pair.partition("=")
        if not sep or not hero.strip() or not activity.strip():
            raise click.UsageError(f"--activity takes HERO=ACTIVITY, got {pair!r}")
        out[hero.strip()] = activity.strip()
    return out


@main.command()
@campaign_arg
@click.option("--hero", "heroes", multiple=True, help="A hero resting (repeat; default: all).")
@click.option("--activity", "activities", multiple=True, metavar="HERO=ACTIVITY",
              help="One respite activity for a hero (repeat for each hero).")
@click.option("--interrupted", is_flag=True, help="The respite was interrupted: no benefits.")
@click.option("--reason", default="")
@_friendly
def respite(campaign: str, heroes: Sequence[str], activities: Sequence[str],
            interrupted: bool, reason: str) -> None:
    """Take a respite: Stamina and recoveries back, victories become XP.

    Example: drawsteel-kit respite campaigns/demo --activity "Val=Discover Lore"
    """
    with _open(campaign) as camp:
        _say(campaign, camp.take_respite(heroes or None, activities=_activities(activities),
                               interrupted=interrupted, reason=reason))


@main.command()
@campaign_arg
@click.argument("days", type=int, default=1)
@click.option("--reason", default="")
@_friendly
def day(campaign: str, days: int, reason: str) -> None:
    """Advance the campaign day.

    Example: drawsteel-kit day campaigns/demo 3 --reason "Travel to Capital"
    """
    with _open(campaign) as camp:
        _say(campaign, camp.advance_day(days, reason=reason))


def _parse_value(raw: str) -> Any:
    try:
        return json.loads(raw)
    except ValueError:
        return raw


@main.command()
@campaign_arg
@click.argument("hero")
@click.argument("changes", nargs=-1, required=True, metavar="FIELD=VALUE...")
@click.option("--reason", required=True, help="Why the hero is changed by hand.")
@click.option("--director-only", is_flag=True, help="Hide this change from the players.")
@_friendly
def adjust(campaign: str, hero: str, changes: Sequence[str], reason: str,
           director_only: bool) -> None:
    """Change a hero by hand, with a reason (values are JSON: 3, "text", ["a","b"]).

    Example: drawsteel-kit adjust campaigns/demo Val stamina=12 --reason "Fell in the pit"
    """
    values: dict[str, Any] = {}
    for pair in changes:
        key, sep, raw = pair.partition("=")
        if not sep:
            raise click.UsageError(f"changes are FIELD=VALUE, got {pair!r}")
        values[key.strip()] = _parse_value(raw)
    with _open(campaign) as camp:
        _say(campaign, camp.adjust_hero(hero, reason=reason,
                              visibility="director" if director_only else "party", **values))


@main.command()
@campaign_arg
@click.option("--kind", default=None, help="Only events of this kind (respite, undo, ...).")
@click.option("--hero", default=None, help="Only this hero's events.")
@click.option("--limit", type=click.IntRange(1), default=50, show_default=True)
@click.option("--as", "viewer", default=None, metavar="party|HERO",
              help="Show only what the party, or one hero's player, may see.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
@_friendly
def history(campaign: str, kind: str | None, hero: str | None, limit: int,
            viewer: str | None, as_json: bool) -> None:
    """Show what happened, newest first.

    Example: drawsteel-kit history campaigns/demo --hero Val --limit 10
    """
    with _open(campaign, readonly=True) as camp:
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
@click.argument("event_id", type=int)
@click.option("--reason", default="")
@_friendly
def undo(campaign: str, event_id: int, reason: str) -> None:
    """Undo an event (and the rest of its operation) by appending compensating events.

    Example: drawsteel-kit undo campaigns/demo 42 --reason "Wrong hero"
    """
    with _open(campaign) as camp:
        _say(campaign, camp.undo(event_id, reason=reason))


@main.command()
@campaign_arg
@click.argument("dest", required=False, type=click.Path(dir_okay=False))
@_friendly
def backup(campaign: str, dest: str | None) -> None:
    """Copy the ledger safely, even while others write (default: CAMPAIGN/backups/).

    Example: drawsteel-kit backup campaigns/demo ~/ledger-before-finale.db
    """
    with _open(campaign, readonly=True) as camp:
        click.echo(f"Backed up to {camp.backup(dest)}")


@main.command()
@campaign_arg
@click.option("--out", type=click.Path(dir_okay=False), default=None,
              help="Write to this file instead of standard output.")
@click.option("--party-only", is_flag=True, help="Leave out what is for the Director only.")
@_friendly
def export(campaign: str, out: str | None, party_only: bool) -> None:
    """Export history and state as JSON.

    Example: drawsteel-kit export campaigns/demo --out demo.json
    """
    with _open(campaign, readonly=True) as camp:
        text = camp.export_json(include_director=not party_only)
    if out:
        Path(out).write_text(text + "\n", encoding="utf-8")
        click.echo(f"Exported to {out}")
    else:
        click.echo(text)


@main.command()
@campaign_arg
@click.option("--check", is_flag=True, help="Only check; change nothing.")
@_friendly
def rebuild(campaign: str, check: bool) -> None:
    """Rebuild the current state by replaying every event (or --check that it matches).

    Example: drawsteel-kit rebuild campaigns/demo --check
    """
    with _open(campaign, readonly=check) as camp:
        if check:
            ok = camp.ledger.verify()
            click.echo("State matches history." if ok else "State differs from history!")
            sys.exit(0 if ok else 1)
        click.echo(f"Replayed {camp.ledger.rebuild()} events.")
