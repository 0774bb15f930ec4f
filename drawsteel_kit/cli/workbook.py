"""Commands for sharing with the players: serve the dashboard, publish it as static HTML."""

from __future__ import annotations

import click

from drawsteel_kit.cli.common import campaign_arg, force_option, friendly, open_campaign
from drawsteel_kit.cli.core import main


@main.command("serve")
@campaign_arg
@click.option("--port", type=click.IntRange(1, 65535), default=8866, show_default=True,
              help="The port to serve on.")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on (0.0.0.0: every network, think twice).")
@click.option("--token", default=None,
              help="A token visitors must give (?token=T) to see the pages.")
@click.option("--no-browser", is_flag=True, help="Do not open the dashboard in a browser.")
@friendly
def serve(campaign: str, port: int, host: str, token: str | None, no_browser: bool) -> None:
    """Serve the players' dashboard (read-only) through Voila until Ctrl-C.

    Only notebooks/players/ is served; sources and tracebacks are hidden; the campaign is
    fixed here, and a visitor can only pick a hero (?hero=NAME).

    Example: drawsteel-kit serve campaigns/demo --port 8866 --no-browser
    """
    from drawsteel_kit.serve import serve as run

    run(campaign, host=host, port=port, token=token or None, open_browser=not no_browser,
        echo=click.echo)


@main.command("publish")
@campaign_arg
@click.option("--out", "out", required=True, type=click.Path(file_okay=False),
              help="The folder to write index.html and the heroes' pages into.")
@force_option
@friendly
def publish(campaign: str, out: str, force: bool) -> None:
    """Write the players' pages as static HTML that opens with no server and no network.

    --out must be a new or empty folder, or an earlier publish's (its pages are replaced);
    any other folder only with --force.

    Example: drawsteel-kit publish campaigns/demo --out site/
    """
    from drawsteel_kit.outputs import write_site
    from drawsteel_kit.views.publish import publish as write

    with open_campaign(campaign, readonly=True) as camp:
        files = write_site(out, lambda folder: write(camp, folder), force=force)
    click.echo(f"Wrote {len(files)} page(s) to {out}: open {files[0]}")
    for path in files[1:]:
        click.echo(f"  {path.name}")
