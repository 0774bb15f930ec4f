"""``drawsteel-kit lab``: JupyterLab on a campaign folder, its notebooks at hand.

The server's root is the campaign folder, so the Director sees its notebooks, campaign.yaml
and plans, and each notebook's kernel starts in that folder (where ``campaign = "."`` points).
It listens on localhost with a token of its own, printed in the address.
"""

from __future__ import annotations

import json
import os
import secrets
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

__all__ = ["ANNOUNCEMENTS", "DEFAULT_PORT", "lab", "lab_argv", "lab_url", "quiet_page_config"]

DEFAULT_PORT = 8888
HOST = "127.0.0.1"


def lab_url(port: int, token: str, first: str = "director.ipynb") -> str:
    """The address that opens ``first`` (a notebook of the folder) in JupyterLab."""
    return f"http://{HOST}:{port}/lab/tree/{first}?token={token}"


def lab_argv(folder: Path, *, port: int, token: str, open_browser: bool,
             first: str = "director.ipynb") -> list[str]:
    """JupyterLab's command line for ``folder`` (see the module doc for why each)."""
    return [
        f"--ServerApp.root_dir={folder}",
        f"--ServerApp.ip={HOST}",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",  # the printed address is the one served, or an error
        f"--IdentityProvider.token={token}",
        f"--ServerApp.open_browser={open_browser}",
        f"--LabApp.default_url=/lab/tree/{first}",
        "--ServerApp.allow_root=True",  # a container's root user is still the Director
        # Quiet: no news pop-up or update check (the Director opened a workbook, not a
        # newsreader), and a terminal that shows warnings and errors, not every request.
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        "--ServerApp.log_level=WARN",
        "--LabApp.log_level=WARN",
    ]


def lab(campaign: str | Path, *, port: int = DEFAULT_PORT, open_browser: bool = True,
        echo: Callable[[str], Any] = print) -> None:
    """Run JupyterLab on the campaign's folder until interrupted (Ctrl-C)."""
    from drawsteel_kit.kit.folder import find_campaign_dir
    from drawsteel_kit.workbook.campaign_notebooks import require_campaign_file
    from drawsteel_kit.workbook.serve import check_port, has_display

    folder = require_campaign_file(find_campaign_dir(campaign), campaign).resolve()
    first = "director.ipynb" if (folder / "director.ipynb").is_file() else ""
    check_port(HOST, port)
    token = secrets.token_urlsafe(18)
    echo(f"JupyterLab on {folder} at:")
    echo(f"  {lab_url(port, token, first)}")
    if first:  # JupyterLab has no setting that runs a notebook as it opens
        echo("In director.ipynb: Run > Run All Cells opens the panels (the Party tab first).")
    else:
        echo(f"  (no director.ipynb here: drawsteel-kit notebooks refresh {campaign} writes it)")
    echo("Press Ctrl-C to stop.")
    sys.stdout.flush()
    from drawsteel_kit.workbook.schema_formats import skip_unused_formats

    skip_unused_formats()
    from jupyterlab.labapp import LabApp

    with quiet_page_config():
        LabApp.launch_instance(argv=lab_argv(folder, port=port, token=token, first=first,
                                             open_browser=open_browser and has_display()))


#: JupyterLab's plugin that asks "Would you like to get notified about official Jupyter
#: news?" on every fresh profile (whatever the server's news_url), and checks for updates.
ANNOUNCEMENTS = "@jupyterlab/apputils-extension:announcements"


@contextmanager
def quiet_page_config() -> Iterator[Path]:
    """A Jupyter config folder, first on ``JUPYTER_CONFIG_PATH`` while JupyterLab runs, whose
    page config turns the announcements plugin off (as `jupyter labextension disable` would,
    but for this run only: nothing of the Director's own Jupyter setup is changed)."""
    old = os.environ.get("JUPYTER_CONFIG_PATH")
    with tempfile.TemporaryDirectory(prefix="drawsteel-kit-lab-") as config:
        labconfig = Path(config) / "labconfig"
        labconfig.mkdir()
        (labconfig / "page_config.json").write_text(
            json.dumps({"disabledExtensions": {ANNOUNCEMENTS: True}}), encoding="utf-8")
        os.environ["JUPYTER_CONFIG_PATH"] = os.pathsep.join(filter(None, (config, old)))
        try:
            yield Path(config)
        finally:
            if old is None:
                os.environ.pop("JUPYTER_CONFIG_PATH", None)
            else:
                os.environ["JUPYTER_CONFIG_PATH"] = old
