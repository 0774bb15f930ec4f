"""``drawsteel-kit serve``: the players' dashboard through Voila, locked down.

Voila serves ``notebooks/players/`` and nothing else, on localhost unless the Director says
otherwise, with code cells' sources stripped, tracebacks hidden, and templates and themes
fixed (a query string cannot change them). The campaign is fixed when the server starts and
reaches each page's kernel through ``$DRAWSTEEL_KIT_CAMPAIGN``; a visitor's query string can
pick a hero (``?hero=Val&key=K``: a hero's page needs its player's key, see ``links``),
never a file or a campaign. The pages open the ledger read-only.

The server holds under load (``serve_guard``): at most ``max_kernels`` page kernels alive,
a per-address page rate, a time limit on each cell of a page, and the kernel of a page its
visitor leaves shut down at once (or, when the browser never says so, once nobody is at it),
each page's places its own, a page's kernel ended when its key is rotated, no key in a log.
"""

from __future__ import annotations

import errno
import os
import socket
import sys
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import quote

from drawsteel_kit.kit.errors import DrawSteelKitError
from drawsteel_kit.kit.resources import notebooks_dir
from drawsteel_kit.workbook import CAMPAIGN_ENV
from drawsteel_kit.workbook.links import LINKS_FILE, PAGES_PER_HERO, ensure_links, hero_query
from drawsteel_kit.workbook.serve_page import EXTENSIONS, FILTER

__all__ = [
    "DASHBOARD",
    "DEFAULT_HOST",
    "DEFAULT_PORT",
    "PLAYERS_DIR",
    "ServeError",
    "check_port",
    "dashboard_url",
    "default_max_pages",
    "has_display",
    "serve",
    "use_offline_template",
    "voila_argv",
]

#: The only folder Voila serves, and the page in it.
PLAYERS_DIR = notebooks_dir() / "players"
#: The Voila template the pages are rendered with: Voila's lab template loading nothing from
#: another host (a Jupyter data folder, found through $JUPYTER_PATH).
TEMPLATE = "dsk-offline"
TEMPLATE_ROOT = Path(str(resources.files("drawsteel_kit.workbook"))) / "jupyter"
DASHBOARD = "dashboard.ipynb"
DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8866
#: A page's kernel ends after this long with no sign of a person at its page (checked every
#: CULL_INTERVAL seconds; ``serve --idle-seconds``): a page nobody connected to, idle this long;
#: a connected page whose browser has not said a person is at it (focus, input, in view) for
#: this long. A page left in a browser ends its kernel at once, and a page no browser opened
#: (a program fetched it) ends CONNECT_SECONDS after it was sent (serve_guard): so this covers
#: a browser that went away, or a page still loading after its cells ran on a slow phone or a
#: loaded machine (40 s, then 90 s, were once too short: the page's controls lost their
#: kernel, "model not found").
CULL_IDLE_SECONDS = 300
CULL_INTERVAL = 5
#: Live page kernels per page (each hero's and the party's) when --max-pages is not given.
#: Pages one address may open per minute.
PAGES_PER_MINUTE = 30
#: A cell of a page still running after this many seconds ends the page with a plain line.
RENDER_SECONDS = 60
#: How long a cell's last outputs may trail its reply (see voila_argv).
IOPUB_SECONDS = 30
#: What a visitor reads when a cell fails or runs out of time (Voila's own lines name its
#: command-line options).
CELL_ERROR = "This part of the page could not be shown."
CELL_TIMEOUT = "The page took too long: reload it in a minute."


class ServeError(DrawSteelKitError):
    """The dashboard cannot be served (port taken, notebooks missing)."""


def voila_argv(*, host: str = DEFAULT_HOST, port: int = DEFAULT_PORT,
               token: str | None = None, players_dir: Path = PLAYERS_DIR,
               max_kernels: int = 12, pages_per_minute: int = PAGES_PER_MINUTE,
               per_page: int = PAGES_PER_HERO,
               render_seconds: int = RENDER_SECONDS,
               idle_seconds: int = CULL_IDLE_SECONDS) -> list[str]:
    """Voila's command line for the player pages (see the module doc for why each).

    Puts the package's Voila template on $JUPYTER_PATH, where Voila looks for templates."""
    use_offline_template()
    argv = [
        str(players_dir),
        "--no-browser",  # `serve` opens the dashboard itself, not the folder listing
        f"--Voila.ip={host}",
        f"--Voila.port={port}",
        "--Voila.port_retries=0",  # the printed address is the one served, or an error
        "--VoilaConfiguration.strip_sources=True",
        "--VoilaConfiguration.show_tracebacks=False",
        f"--VoilaConfiguration.template={TEMPLATE}",  # the pages load nothing from the web
        "--VoilaConfiguration.allow_template_override=NO",
        "--VoilaConfiguration.allow_theme_override=NO",
        "--VoilaConfiguration.file_allowlist=^$",  # no file of the folder is served as is
        # Each page view runs a kernel; one whose page was closed is shut down once idle (a
        # connected one with nobody at it: serve_guard's cull).
        f"--MappingKernelManager.cull_idle_timeout={idle_seconds}",
        f"--MappingKernelManager.cull_interval={CULL_INTERVAL}",
        "--MappingKernelManager.cull_connected=False",
        # A ceiling on live kernels and a per-address page rate (serve_guard).
        "--VoilaConfiguration.multi_kernel_manager_class="
        "drawsteel_kit.workbook.serve_guard.CappedKernelManager",
        f"--CappedKernelManager.max_kernels={max_kernels}",
        f"--CappedKernelManager.pages_per_minute={pages_per_minute}",
        f"--CappedKernelManager.per_page={per_page}",
        # A time limit on each cell of a page; what a visitor reads when one fails.
        f"--VoilaExecutor.timeout={render_seconds}",
        # A cell's last outputs (a page's controls: many widget messages) may trail its reply
        # on a loaded machine; nbclient's 4 s default drops them without a word.
        f"--VoilaExecutor.iopub_timeout={IOPUB_SECONDS}",
        f"--VoilaExecutor.cell_timeout_instruction={CELL_TIMEOUT}",
        f"--VoilaExecutor.cell_error_instruction={CELL_ERROR}",
        # A page's HTML outputs written into the page as it streams (serve_page), and only
        # the labextensions its controls need.
        f"--VoilaExporter.filters={FILTER[0]}={FILTER[1]}",
        *(f"--VoilaConfiguration.extension_allowlist={name}" for name in EXTENSIONS),
    ]
    if token:
        argv.append(f"--Voila.token={token}")
    return argv


def use_offline_template() -> None:
    """Let Voila find the package's template (first on $JUPYTER_PATH, added once)."""
    paths = [p for p in os.environ.get("JUPYTER_PATH", "").split(os.pathsep) if p]
    if str(TEMPLATE_ROOT) not in paths:
        os.environ["JUPYTER_PATH"] = os.pathsep.join([str(TEMPLATE_ROOT), *paths])


def dashboard_url(host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, *,
                  token: str | None = None, hero: str | None = None,
                  key: str | None = None) -> str:
    """The dashboard's address (a hero's page, with its player's key, when ``hero`` is given)."""
    shown = f"[{host}]" if ":" in host else host
    query = [hero_query(hero, key or "") if key else f"hero={quote(hero, safe='')}"] \
        if hero else []
    if token:
        query.append(f"token={quote(token, safe='')}")
    return f"http://{shown}:{port}/voila/render/{DASHBOARD}" + (
        "?" + "&".join(query) if query else "")


def check_port(host: str, port: int) -> None:
    """Refuse (ServeError, one line) a port already taken or one that cannot be served on,
    before a server starts: a server that starts and dies says it less clearly."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                raise ServeError(f"port {port} on {host} is already in use: pick another "
                                 "with --port") from None
            raise ServeError(f"cannot serve on {host}:{port}: {exc.strerror or exc}") from None


def has_display() -> bool:
    """Whether a graphical browser can open here (never a text browser in the terminal)."""
    return sys.platform in ("darwin", "win32") or bool(
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def default_max_pages(heroes: int) -> int:
    """The kernel cap when --max-pages is not given: a few pages per hero and the party's."""
    return PAGES_PER_HERO * (heroes + 1)


def serve(campaign: str | Path, *, host: str = DEFAULT_HOST, port: int = DEFAULT_PORT,
          token: str | None = None, open_browser: bool = True, max_pages: int | None = None,
          pages_per_minute: int = PAGES_PER_MINUTE, idle_seconds: int | None = None,
          echo: Callable[[str], Any] = print) -> None:
    """Serve the player dashboard for ``campaign`` until interrupted (Ctrl-C)."""
    from drawsteel_kit.kit.book.campaign import open_campaign

    with open_campaign(campaign, readonly=True) as camp:  # refuse a missing ledger now
        folder = camp.folder.resolve()
        heroes = camp.members
    if not (PLAYERS_DIR / DASHBOARD).is_file():
        raise ServeError(f"{PLAYERS_DIR / DASHBOARD} is missing from this install of "
                         "drawsteel-kit: pip install --force-reinstall drawsteel-kit")
    if folder.is_relative_to(PLAYERS_DIR.resolve()):
        raise ServeError(f"{folder} is inside the served folder {PLAYERS_DIR}: move the "
                         "campaign elsewhere")
    check_port(host, port)
    keys = ensure_links(folder, heroes)
    cap = max_pages if max_pages is not None else default_max_pages(len(heroes))
    os.environ[CAMPAIGN_ENV] = str(folder)
    url = dashboard_url(host, port, token=token)
    echo(f"Serving the players' dashboard of {folder} (read-only).")
    echo(f"The party's page (for everyone):\n  {url}")
    if heroes:
        echo(f"Each player's own page (send each player only theirs; keys in {LINKS_FILE}):")
        for hero in heroes:
            echo(f"  {hero}: {dashboard_url(host, port, token=token, hero=hero, key=keys[hero])}")
    echo(f"At most {cap} pages open at once (--max-pages); a visitor over it sees a "
         "'busy' page.")
    echo("Press Ctrl-C to stop.")
    sys.stdout.flush()
    if open_browser and has_display():
        import threading
        import webbrowser

        threading.Timer(1.5, webbrowser.open, [url]).start()
    from drawsteel_kit.workbook.schema_formats import skip_unused_formats

    skip_unused_formats()
    from traitlets.config import Config

    from drawsteel_kit.workbook.serve_app import ServeVoila
    from drawsteel_kit.workbook.serve_guard import prelaunch

    hook = Config({"VoilaConfiguration": {"prelaunch_hook": prelaunch}})
    ServeVoila.launch_instance(
        argv=voila_argv(host=host, port=port, token=token, max_kernels=cap,
                        pages_per_minute=pages_per_minute,
                        idle_seconds=idle_seconds or CULL_IDLE_SECONDS),
        config=hook)
