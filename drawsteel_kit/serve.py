"""``drawsteel-kit serve``: the players' dashboard through Voila, locked down.

Voila serves ``notebooks/players/`` and nothing else, on localhost unless the Director says
otherwise, with code cells' sources stripped, tracebacks hidden, and templates and themes
fixed (a query string cannot change them). The campaign is fixed when the server starts and
reaches each page's kernel through ``$DRAWSTEEL_KIT_CAMPAIGN``; a visitor's query string can
pick a hero (``?hero=Val``), never a file or a campaign. The pages open the ledger read-only.
"""

from __future__ import annotations

import errno
import os
import socket
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import quote

from drawsteel_kit.errors import DrawSteelKitError
from drawsteel_kit.resources import notebooks_dir
from drawsteel_kit.workbook import CAMPAIGN_ENV

__all__ = [
    "DASHBOARD",
    "DEFAULT_HOST",
    "DEFAULT_PORT",
    "PLAYERS_DIR",
    "ServeError",
    "dashboard_url",
    "serve",
    "voila_argv",
]

#: The only folder Voila serves, and the page in it.
PLAYERS_DIR = notebooks_dir() / "players"
DASHBOARD = "dashboard.ipynb"
DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8866
#: A page's kernel idle this long with its page closed is shut down.
CULL_IDLE_SECONDS = 600


class ServeError(DrawSteelKitError):
    """The dashboard cannot be served (port taken, notebooks missing)."""


def voila_argv(*, host: str = DEFAULT_HOST, port: int = DEFAULT_PORT,
               token: str | None = None, players_dir: Path = PLAYERS_DIR) -> list[str]:
    """Voila's command line for the player pages (see the module doc for why each)."""
    argv = [
        str(players_dir),
        "--no-browser",  # `serve` opens the dashboard itself, not the folder listing
        f"--Voila.ip={host}",
        f"--Voila.port={port}",
        "--Voila.port_retries=0",  # the printed address is the one served, or an error
        "--VoilaConfiguration.strip_sources=True",
        "--VoilaConfiguration.show_tracebacks=False",
        "--VoilaConfiguration.allow_template_override=NO",
        "--VoilaConfiguration.allow_theme_override=NO",
        "--VoilaConfiguration.file_allowlist=^$",  # no file of the folder is served as is
        # Each page view runs a kernel; one whose page was closed is shut down once idle.
        f"--MappingKernelManager.cull_idle_timeout={CULL_IDLE_SECONDS}",
        "--MappingKernelManager.cull_interval=60",
    ]
    if token:
        argv.append(f"--Voila.token={token}")
    return argv


def dashboard_url(host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, *,
                  token: str | None = None, hero: str | None = None) -> str:
    """The dashboard's address (a hero's page when ``hero`` is given)."""
    shown = f"[{host}]" if ":" in host else host
    query = [f"hero={quote(hero, safe='')}"] if hero else []
    if token:
        query.append(f"token={quote(token, safe='')}")
    return f"http://{shown}:{port}/voila/render/{DASHBOARD}" + (
        "?" + "&".join(query) if query else "")


def _check_port(host: str, port: int) -> None:
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


def _has_display() -> bool:
    """Whether a graphical browser can open here (never a text browser in the terminal)."""
    return sys.platform in ("darwin", "win32") or bool(
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def serve(campaign: str | Path, *, host: str = DEFAULT_HOST, port: int = DEFAULT_PORT,
          token: str | None = None, open_browser: bool = True,
          echo: Callable[[str], Any] = print) -> None:
    """Serve the player dashboard for ``campaign`` until interrupted (Ctrl-C)."""
    from drawsteel_kit.campaign import Campaign

    with Campaign.open(campaign, readonly=True) as camp:  # refuse a missing ledger now
        folder = camp.folder.resolve()
        heroes = camp.members
    if not (PLAYERS_DIR / DASHBOARD).is_file():
        raise ServeError(f"{PLAYERS_DIR / DASHBOARD} is missing from this install of "
                         "drawsteel-kit: pip install --force-reinstall drawsteel-kit")
    _check_port(host, port)
    os.environ[CAMPAIGN_ENV] = str(folder)
    url = dashboard_url(host, port, token=token)
    echo(f"Serving the players' dashboard of {folder} (read-only) at:")
    echo(f"  {url}")
    if heroes:
        echo(f"  a hero's page: {dashboard_url(host, port, token=token, hero=heroes[0])}")
    echo("Press Ctrl-C to stop.")
    sys.stdout.flush()
    if open_browser and _has_display():
        import threading
        import webbrowser

        threading.Timer(1.5, webbrowser.open, [url]).start()
    from voila.app import Voila

    Voila.launch_instance(argv=voila_argv(host=host, port=port, token=token))
