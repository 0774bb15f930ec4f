"""``drawsteel-kit heroes import|export``: heroes in from Forge Steel or Foundry VTT and back
out."""

from __future__ import annotations

import click

from drawsteel_kit.kit.commands import campaign_arg, friendly
from drawsteel_kit.systems.draw_steel.cli.options import open_campaign

__all__ = ["heroes", "heroes_export", "heroes_import"]

#: What this module adds to ``drawsteel-kit``: the root group mounts it through the registry.
commands = click.Group()


@commands.group()
def heroes() -> None:
    """Heroes from Forge Steel (.ds-hero) or Foundry VTT (.json) in, and back out with the
    workbook's numbers."""


@heroes.command("import")
@campaign_arg
@click.argument("files", nargs=-1, required=True, metavar="FILE|FOLDER...")
@click.option("--dry-run", is_flag=True, help="Show what would change; write nothing.")
@friendly
def heroes_import(campaign: str, files: tuple[str, ...], dry_run: bool) -> None:
    """Add or update heroes from Forge Steel hero files (.ds-hero) or Foundry VTT actor
    exports (.json, from Export Data), showing each change. A folder stands for every hero
    file in it (the party's exports at once); a file's content, not its name, says which
    kind it is.

    Every file is checked before anything is written. A field the file changed since the
    hero's last import takes the file's value; one only the workbook changed keeps the
    ledger's. An unchanged file writes nothing.

    \b
    Example: drawsteel-kit heroes import campaigns/demo Ilsa.ds-hero --dry-run
    Example: drawsteel-kit heroes import campaigns/demo exports/
    """
    with open_campaign(campaign) as camp:
        from drawsteel_kit.systems.draw_steel.foundry.formats import import_any

        happened = import_any(camp, list(files), dry_run=dry_run)
    for name, plan in happened.details["plans"].items():
        if plan["unchanged"]:
            click.echo(f"{name}: {plan['file']} is unchanged since its last import")
            continue
        click.echo(f"{name} ({'new' if plan['new'] else 'update'}, from {plan['file']}):")
        for line in plan["changes"] or ["nothing the workbook keeps changed"]:
            click.echo(f"  {line}")
        for line in plan["kept"]:
            click.echo(f"  kept: {line}")
    click.echo(happened.summary)
    if happened.events:
        click.echo(f"(undo with: drawsteel-kit undo {campaign} {happened.events[0].id})")


@heroes.command("export")
@campaign_arg
@click.argument("hero")
@click.option("--to", "dest", required=True, type=click.Path(dir_okay=False),
              metavar="FILE", help="The hero file to write (.ds-hero or .json).")
@click.option("--format", "fmt", type=click.Choice(["forge-steel", "foundry"]), default=None,
              help="forge-steel (.ds-hero) or foundry (an actor export for Foundry's Import "
              "Data); by default the format the hero was last imported from.")
@click.option("--force", is_flag=True,
              help="Replace an existing --to file (never one of the campaign's own).")
@friendly
def heroes_export(campaign: str, hero: str, dest: str, fmt: str | None, force: bool) -> None:
    """Write a hero's Forge Steel file (or Foundry actor export) with the workbook's numbers.

    XP, victories, renown, wealth, project points, projects and their progress, and titles
    come from the workbook; everything else is the file last imported, as it was. A hero
    who never came from Forge Steel (one of campaign.yaml) goes out as a new Forge Steel
    hero: name, class, ancestry, career, level, characteristics, skills and languages, and
    the same numbers; the rest (culture, subclass, kit, abilities) is chosen there.

    \b
    Example: drawsteel-kit heroes export campaigns/demo Ilsa --to Ilsa.ds-hero
    Example: drawsteel-kit heroes export campaigns/demo Ilsa --to Ilsa.json --format foundry
    """
    from drawsteel_kit.systems.draw_steel.forge_steel import export_notes
    from drawsteel_kit.systems.draw_steel.foundry.formats import write_any

    with open_campaign(campaign, readonly=True) as camp:
        path, fmt = write_any(camp, hero, dest, fmt=fmt, force=force)
        notes = export_notes(camp, hero) if fmt == "forge-steel" else []
    if fmt == "foundry":
        click.echo(f"Wrote {path}: in Foundry, right-click the hero, Import Data, choose it")
        return
    click.echo(f"Wrote {path}: open it in Forge Steel (Heroes, Import a Hero File)")
    for line in notes:
        click.echo(f"  {line}")
