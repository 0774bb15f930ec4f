"""The books in and out: ``restore`` a backup, ``import`` an export into a new folder."""

from __future__ import annotations

import click

from drawsteel_kit.kit.commands import campaign_arg, friendly

__all__ = ["import_books", "restore"]

#: This module's commands: the root group (``cli/root.py``) imports it when one runs.
commands = click.Group()


@commands.command()
@campaign_arg
@click.argument("backup", type=click.Path(dir_okay=False))
@friendly
def restore(campaign: str, backup: str) -> None:
    """Put a backup back in place as the campaign's ledger, checked first.

    Only the backup's rows are brought in, into a ledger this version builds: a trigger,
    view or index the backup carries is left out (and named). The backup must pass SQLite's
    check, be of this campaign (its history, or its name and system), its history must
    replay event by event and its state must equal that replay; the current ledger is kept
    in the campaign's backups/. Close the notebooks and pages that have the campaign open
    first.

    \b
    Example: drawsteel-kit restore campaigns/demo campaigns/demo/backups/ledger-120-1a2b3c.db
    """
    from drawsteel_kit.kit.folder import find_campaign_dir
    from drawsteel_kit.kit.ledger.restore import restore as restore_backup
    from drawsteel_kit.kit.ledger.schema_check import said

    folder = find_campaign_dir(campaign)
    done = restore_backup(folder, backup)
    click.echo(f"Restored {backup} ({done.count} events) as {folder}'s ledger"
               + (f"; the ledger from before is {done.kept}" if done.kept else ""))
    if done.left_out:
        click.echo(f"Only its rows were restored, into the schema this version makes (the "
                   f"backup's differed: {said(done.left_out)})")


@commands.command("import")
@click.argument("export_file", metavar="EXPORT.json", type=click.Path(dir_okay=False))
@click.argument("folder", type=click.Path(file_okay=False))
@friendly
def import_books(export_file: str, folder: str) -> None:
    """Bring a campaign's export (`drawsteel-kit export --out FILE`) into a new folder.

    The events are written as they were and replayed; the import is refused unless the
    state they give is the export's, so exporting the new folder gives the same file.

    \b
    Example: drawsteel-kit import demo.json campaigns/demo-copy
    """
    from drawsteel_kit.kit.ledger.books import import_export

    count = import_export(export_file, folder)
    click.echo(f"Imported {count} events into {folder}; its ledger is the campaign "
               f"(`drawsteel-kit status {folder}`)")
