"""The Director's side in Jupyter: JupyterLab on a campaign, the campaign's notebooks."""

from __future__ import annotations

import click

from drawsteel_kit.kit.commands import campaign_arg, friendly

#: This module's commands: the root group (``cli/root.py``) imports it when one runs.
commands = click.Group()


@commands.command("lab")
@campaign_arg
@click.option("--port", type=click.IntRange(1, 65535), default=8888, show_default=True,
              help="The port JupyterLab listens on (localhost only).")
@click.option("--no-browser", is_flag=True, help="Do not open JupyterLab in a browser.")
@friendly
def lab(campaign: str, port: int, no_browser: bool) -> None:
    """Open the campaign folder in JupyterLab (its director.ipynb first) until Ctrl-C.

    Example: drawsteel-kit lab campaigns/the-iron-saints --port 8888
    """
    from drawsteel_kit.workbook.lab import lab as run

    run(campaign, port=port, open_browser=not no_browser, echo=click.echo)


@commands.group("notebooks")
def notebooks() -> None:
    """The campaign's own copies of the Director's notebooks (written by `new`)."""


@notebooks.command("refresh")
@campaign_arg
@friendly
def refresh(campaign: str) -> None:
    """Bring the campaign's notebooks up to this version; one you edited is kept as it is.

    An edited notebook (its cells changed, not just run) is never overwritten: the new
    version is written beside it as NAME.new.ipynb.

    Example: drawsteel-kit notebooks refresh campaigns/the-iron-saints
    """
    from drawsteel_kit.kit.campaign_file import load_campaign_file
    from drawsteel_kit.kit.folder import CAMPAIGN_FILE, find_campaign_dir
    from drawsteel_kit.kit.registry import system
    from drawsteel_kit.workbook.campaign_notebooks import campaign_notebooks, require_campaign_file
    from drawsteel_kit.workbook.campaign_notebooks import refresh as write

    folder = require_campaign_file(find_campaign_dir(campaign), campaign)
    played = system(load_campaign_file(folder / CAMPAIGN_FILE).system)
    for done in write(folder, campaign_notebooks(played)):
        click.echo(done.line)
