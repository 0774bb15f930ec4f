"""The ``drawsteel-kit`` command line: one command per library call.

The campaign (a folder holding campaign.yaml, that file itself, its ledger.db,
or a name under ./campaigns) is always the first argument. Errors print one
line saying what to fix and exit with status 1; nothing is written.
"""

import importlib

from drawsteel_kit.cli import projects as _projects  # noqa: F401  (registers commands)
from drawsteel_kit.cli import rewards as _rewards  # noqa: F401  (registers commands)
from drawsteel_kit.cli import workbook as _workbook  # noqa: F401  (registers commands)
from drawsteel_kit.cli.core import main

# TEMPORARY while issue 7's command groups are being written: each registers itself when
# its module exists. Replaced by plain imports once all four are in.
for _name in ("encounters", "dungeon_world", "pf2e", "condition_sheet"):
    try:
        importlib.import_module(f"drawsteel_kit.cli.{_name}")
    except ModuleNotFoundError as _exc:
        if _exc.name != f"drawsteel_kit.cli.{_name}":
            raise

__all__ = ["main"]
