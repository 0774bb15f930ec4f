"""Commands for sharing with the players: serve the dashboard, publish it as static HTML."""

from __future__ import annotations

import click

from drawsteel_kit.kit.commands import (
    campaign_arg,
    force_option,
    friendly,
    open_campaign,
    progress_option,
)

#: This module's commands: the root group (``cli/root.py``) imports it when one runs.
commands = click.Group()


@commands.command("serve")
@campaign_arg
@click.option("--port", type=click.IntRange(1, 65535), default=8866, show_default=True,
              help="The port to serve on.")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on (0.0.0.0: every network, think twice).")
@click.option("--token", default=None,
              help="A token visitors must give (?token=T) to see the pages.")
@click.option("--no-browser", is_flag=True, help="Do not open the dashboard in a browser.")
@click.option("--max-pages", type=click.IntRange(1, 1000), default=None,
              help="Pages open at once, at most (each is a ~100 MB process); "
                   "default: 3 per hero and 3 for the party page.")
@click.option("--pages-per-minute", type=click.IntRange(0, 10_000), default=30,
              show_default=True, help="Pages one address may open per minute (0: no limit).")
@click.option("--idle-seconds", type=click.IntRange(10, 86_400), default=None,
              help="How long a page nobody is at (no focus, no input, out of view) keeps "
                   "its place (a page left in a browser frees it at once); default: five "
                   "minutes.")
@friendly
def serve(campaign: str, port: int, host: str, token: str | None, no_browser: bool,
          max_pages: int | None, pages_per_minute: int,
          idle_seconds: int | None) -> None:
    """Serve the players' dashboard (read-only) through Voila until Ctrl-C.

    Only notebooks/players/ is served; sources and tracebacks are hidden; the campaign is
    fixed here. Prints the party's link and one link per player: a hero's page opens only
    with its player's key (see `drawsteel-kit links`).

    Example: drawsteel-kit serve campaigns/demo --port 8866 --no-browser
    """
    from drawsteel_kit.workbook.serve import serve as run

    run(campaign, host=host, port=port, token=token or None, open_browser=not no_browser,
        max_pages=max_pages, pages_per_minute=pages_per_minute, idle_seconds=idle_seconds,
        echo=click.echo)


@commands.command("links")
@campaign_arg
@click.option("--rotate", "rotate", multiple=True, metavar="HERO",
              help="Give this hero a new key (their old link stops working); repeatable.")
@click.option("--rotate-all", is_flag=True, help="Give every hero a new key.")
@click.option("--port", type=click.IntRange(1, 65535), default=8866, show_default=True,
              help="The port the links point to (as given to serve).")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address the links point to (the one players reach the server at).")
@click.option("--token", default=None, help="The --token serve is given, if any.")
@friendly
def links(campaign: str, rotate: tuple[str, ...], rotate_all: bool, port: int,
          host: str, token: str | None) -> None:
    """Print each player's link to their hero's page (creating keys as needed).

    The keys are kept in player-links.yaml in the campaign folder (private to you).

    Example: drawsteel-kit links campaigns/demo --rotate Val
    """
    from drawsteel_kit.workbook.links import LINKS_FILE, ensure_links
    from drawsteel_kit.workbook.links import rotate as new_keys
    from drawsteel_kit.workbook.serve import dashboard_url

    with open_campaign(campaign, readonly=True) as camp:
        folder, heroes = camp.folder, camp.members
    which = list(heroes) if rotate_all else list(dict.fromkeys(rotate))
    keys = new_keys(folder, heroes, which) if which else ensure_links(folder, heroes)
    if which:
        click.echo(f"New key for {', '.join(which)}: the old link no longer opens the page.")
    click.echo(f"The party's page: {dashboard_url(host, port, token=token)}")
    for hero in heroes:
        click.echo(f"  {hero}: {dashboard_url(host, port, token=token, hero=hero, key=keys[hero])}")
    if not heroes:
        click.echo("  (no heroes yet: each gets a link once added)")
    click.echo(f"Keys: {folder / LINKS_FILE} (keep it private)")


@commands.command("publish")
@campaign_arg
@click.option("--out", "out", required=True, type=click.Path(file_okay=False),
              help="The folder to write index.html and the heroes' pages into.")
@force_option
@progress_option
@friendly
def publish(campaign: str, out: str, force: bool, progress: bool | None) -> None:
    """Write the players' pages as static HTML that opens with no server and no network.

    --out must be a new or empty folder, or an earlier publish's (its pages are replaced);
    any other folder only with --force.

    Example: drawsteel-kit publish campaigns/demo --out site/
    """
    from drawsteel_kit.kit.outputs import write_site
    from drawsteel_kit.kit.progress import Progress
    from drawsteel_kit.kit.words import plural
    from drawsteel_kit.workbook.publish import publish as write

    told = Progress(progress)
    with open_campaign(campaign, readonly=True) as camp:
        files = write_site(out, lambda folder: write(camp, folder, progress=told), force=force,
                           campaign=camp.folder)
    click.echo(f"Wrote {plural(len(files), 'page')} to {out}: open {files[0]}")
    for path in files[1:]:
        click.echo(f"  {path.name}")
