"""The ``drawsteel-kit`` command line: one command per library call.

The campaign (a folder holding campaign.yaml, that file itself, its ledger.db,
or a name under ./campaigns) is always the first argument. Errors print one
line saying what to fix and exit with status 1; nothing is written.

Here: the campaign-wide commands (new, init, status, history, undo, backup, export, rebuild,
upgrade); the root group is in ``root``, and each system adds its own (``systems/<name>/cli``).
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
from pathlib import Path

import click

from drawsteel_kit.kit.commands import (
    MAX_ROW_ID,
    campaign_arg,
    force_option,
    friendly,
    open_campaign,
    say,
    template_dir,
)
from drawsteel_kit.kit.registry import SYSTEMS, default_system

#: This module's commands: the root group (``cli/root.py``) imports it when one runs.
commands = click.Group()


#: How many of SQLite's integrity problems `rebuild --check` prints.
PROBLEMS_SHOWN = 10


@commands.command()
@click.argument("name")
@click.option("--dir", "parent", default="campaigns", show_default=True,
              type=click.Path(file_okay=False), help="Folder to create the campaign in.")
@click.option("--system", "system_key", type=click.Choice(list(SYSTEMS)),
              default=lambda: default_system().key, show_default=default_system().key,
              help="The rule system it plays.")
@friendly
def new(name: str, parent: str, system_key: str) -> None:
    """Create a campaign folder from the starter template (of its rule system): a NAME goes
    under --dir (campaigns/the-iron-saints), a FOLDER path is made as it is.

    Example: drawsteel-kit new "The Iron Saints"  (creates campaigns/the-iron-saints);
    drawsteel-kit new ~/games/iron-saints  (creates that folder)
    """
    from drawsteel_kit.kit.folder import CAMPAIGN_FILE, slugify
    from drawsteel_kit.workbook.campaign_notebooks import campaign_notebooks, write_new

    if not name.strip():
        raise click.ClickException("the campaign needs a name or a folder: drawsteel-kit new "
                                   "\"The Iron Saints\"")
    if "/" in name or os.sep in name:  # a folder: made where it says, named by its last part
        dest = Path(name).expanduser()
        name = dest.name.replace("-", " ").replace("_", " ").strip().title()
        if not name:
            raise click.ClickException(f"{dest} names no folder: end it with the campaign's "
                                       "folder name")
    else:
        dest = Path(parent) / slugify(name)
    played = SYSTEMS[system_key]
    template = template_dir(played.campaign_template)
    if dest.exists():
        raise click.ClickException(f"{dest} already exists: pick another name or --dir")
    if not template.is_dir():
        raise click.ClickException(f"the starter template {template} is missing from this "
                                   "install: reinstall drawsteel-kit")
    import shutil

    shutil.copytree(template, dest, ignore=shutil.ignore_patterns("__*"))
    path = dest / CAMPAIGN_FILE
    # A JSON string is a valid YAML double-quoted scalar: any name survives, quotes included.
    text = path.read_text(encoding="utf-8").replace('"__CAMPAIGN_NAME__"', json.dumps(name))
    path.write_text(text, encoding="utf-8")
    notebooks = write_new(dest, campaign_notebooks(played))
    click.echo(f"Created {dest}: campaign.yaml and its notebooks ({', '.join(notebooks)}). "
               f"Edit {path} (your heroes), run drawsteel-kit init {dest}, then open the "
               f"notebooks with drawsteel-kit lab {dest}")


@commands.command()
@campaign_arg
@friendly
def init(campaign: str) -> None:
    """Build the ledger from campaign.yaml, or bring it up to date. Safe to run again.

    Example: drawsteel-kit init campaigns/demo
    """
    from drawsteel_kit.kit.book.campaign import BaseCampaign

    camp, happened = BaseCampaign.init(campaign)
    with camp:
        click.echo(happened.summary)
        for line in happened.details.get("applied", ()):
            click.echo(f"  applied: {line}")
        for line in happened.details["differences"]:
            click.echo(f"  note: {line}")
        for name in happened.details["missing_from_file"]:
            click.echo(f"  note: {name} is in the ledger but no longer in campaign.yaml")


@commands.command()
@campaign_arg
@click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
@friendly
def status(campaign: str, as_json: bool) -> None:
    """Show the party and every hero.

    Example: drawsteel-kit status campaigns/demo --json
    """
    with open_campaign(campaign, readonly=True) as camp:
        if as_json:
            click.echo(json.dumps(camp.status(), indent=2, ensure_ascii=False))
        elif camp.system.has("report"):  # the system's own report of its campaign
            click.echo(camp.system.part("report").status_text(camp))
        else:
            click.echo(camp.status_text())


@commands.command()
@campaign_arg
@click.option("--kind", default=None,
              help='Only events of this kind, by name ("Project roll", "Respite", "Undo").')
@click.option("--hero", default=None, help="Only this hero's events.")
@click.option("--limit", type=click.IntRange(1, MAX_ROW_ID), default=50, show_default=True,
              help="How many events a page lists.")
@click.option("--page", type=click.IntRange(1, MAX_ROW_ID), default=1, show_default=True,
              help="Which page: 1 is the newest events, 2 the ones before them, ...")
@click.option("--as", "viewer", default=None, metavar="party|HERO",
              help="Show only what the party, or one hero's player, may see.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
@friendly
def history(campaign: str, kind: str | None, hero: str | None, limit: int, page: int,
            viewer: str | None, as_json: bool) -> None:
    """Show what happened, newest first, one sentence an event.

    Example: drawsteel-kit history campaigns/demo --hero Val --limit 10 --page 2
    """
    from drawsteel_kit.kit.book.sentences import sentence

    if viewer is not None and not viewer.strip():
        raise click.BadParameter("it names no one: give party or a hero's name",
                                 param_hint="--as")
    with open_campaign(campaign, readonly=True) as camp, contextlib.ExitStack() as held:
        if viewer is not None:  # what players see: their books, hidden changes as adjustments
            from drawsteel_kit.kit.book.party_view import PartyView

            view = held.enter_context(PartyView.of(camp, viewer))  # closed with the command
            camp, viewer = view.books, view.viewer
        offset = min((page - 1) * limit, MAX_ROW_ID)
        events = camp.history(kind=kind, hero=hero, limit=limit, visible_to=viewer,
                              offset=offset)
        older = bool(camp.history(kind=kind, hero=hero, limit=1, visible_to=viewer,
                                  offset=min(offset + limit, MAX_ROW_ID)))
        if as_json:
            click.echo(json.dumps([e.as_dict() for e in events], indent=2, ensure_ascii=False))
            return
        undone = camp.ledger.undone_ids()
        played = camp.system
        for ev in events:
            mark = " (undone)" if ev.id in undone else ""
            hidden = " [director]" if ev.visibility == "director" else ""
            click.echo(f"#{ev.id:<5} day {ev.day:<4} {sentence(ev, played)}{mark}{hidden}")
        if not events:
            click.echo("No events on this page." if offset else "No events to show.")
        elif page > 1 or older:
            from drawsteel_kit.kit.book.paging import page_note

            total = camp.history_count(kind=kind, hero=hero, visible_to=viewer)
            click.echo(page_note(offset, len(events), total)
                       + (f"; older ones: --page {page + 1}" if older else ""))


@commands.command()
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


@commands.command()
@campaign_arg
@click.argument("dest", required=False, type=click.Path(dir_okay=False))
@friendly
def backup(campaign: str, dest: str | None) -> None:
    """Copy the ledger safely, even while others write (default: CAMPAIGN/backups/).

    Example: drawsteel-kit backup campaigns/demo ~/ledger-before-finale.db
    """
    from drawsteel_kit.kit.book.campaign import BaseCampaign

    click.echo(f"Backed up to {BaseCampaign.backup_ledger(campaign, dest)}")


@commands.command()
@campaign_arg
@click.option("--out", type=click.Path(), default=None,
              help="Write to this file (csv: this folder) instead of standard output.")
@click.option("--party-only", is_flag=True, help="Leave out what is for the Director only.")
@click.option("--format", "fmt", type=click.Choice(["json", "csv"]), default="json",
              show_default=True, help="json: one file; csv: one CSV per table, for "
              "spreadsheets, into the --out folder.")
@force_option
@friendly
def export(campaign: str, out: str | None, party_only: bool, fmt: str, force: bool) -> None:
    """Export history and state as JSON, or as CSV files (one per table).

    An existing --out file is refused unless --force.

    \b
    Example: drawsteel-kit export campaigns/demo --out demo.json
    Example: drawsteel-kit export campaigns/demo --format csv --out demo-tables
    """
    from drawsteel_kit.kit.outputs import write_new_file

    if fmt == "csv" and not out:
        raise click.UsageError("--format csv writes a folder of CSV files: name it with "
                               "--out FOLDER")
    with open_campaign(campaign, readonly=True) as camp:
        folder = camp.folder
        if fmt == "csv":
            data = camp.export(include_director=not party_only)
        else:
            text = camp.export_json(include_director=not party_only)
    if fmt == "csv":
        from drawsteel_kit.kit.ledger.books import export_csv

        written = export_csv(data, out or "", force=force, campaign=folder)
        click.echo(f"Exported {len(written)} CSV files to {out}")
    elif out:
        write_new_file(out, text + "\n", force=force, campaign=folder)
        click.echo(f"Exported to {out}")
    else:
        click.echo(text)


@commands.command()
@campaign_arg
@click.option("--check", is_flag=True, help="Only check; change nothing.")
@friendly
def rebuild(campaign: str, check: bool) -> None:
    """Rebuild the current state by replaying every event (or --check that it matches).

    --check also compares the ledger's schema with the one this version makes, and names
    any trigger, view, index, table or column added or dropped with another tool.

    Example: drawsteel-kit rebuild campaigns/demo --check
    """
    with open_campaign(campaign, readonly=check) as camp:
        if check:
            problems = camp.ledger.integrity()
            for problem in problems[:PROBLEMS_SHOWN]:
                click.echo(f"SQLite's check: {problem}")
            if problems:
                sys.exit(1)
            from drawsteel_kit.kit.ledger.schema_check import said

            schema = camp.ledger.schema_problems()
            if schema:
                click.echo(f"Schema differs from what this version makes: {said(schema)} "
                           "(back the ledger up and restore that backup: a restore brings "
                           "in only its rows)")
            ok = camp.ledger.verify()
            click.echo("State matches history." if ok else "State differs from history!")
            sys.exit(0 if ok and not schema else 1)
        click.echo(f"Replayed {camp.ledger.rebuild()} events.")


@commands.command()
@campaign_arg
@friendly
def upgrade(campaign: str) -> None:
    """Bring an older ledger's schema up to date in place, keeping a copy from before.

    Every command that writes does this by itself; player pages, which open the ledger
    read-only, need it done first.

    Example: drawsteel-kit upgrade campaigns/demo
    """
    from drawsteel_kit.kit.book.campaign import BaseCampaign

    copy, applied = BaseCampaign.upgrade(campaign)
    if not applied:
        click.echo("The ledger is already on the current schema; nothing to do.")
        return
    click.echo(f"Upgraded through {', '.join(applied)}; the copy from before is {copy}")
