"""The ``drawsteel-kit`` command line: one command per library call.

The campaign (a folder holding campaign.yaml, that file itself, its ledger.db,
or a name under ./campaigns) is always the first argument. Errors print one
line saying what to fix and exit with status 1; nothing is written.
"""

from drawsteel_kit.cli import condition_sheet as _condition_sheet  # noqa: F401  (registers commands)
from drawsteel_kit.cli import dungeon_world as _dungeon_world  # noqa: F401  (registers commands)
from drawsteel_kit.cli import encounters as _encounters  # noqa: F401  (registers commands)
from drawsteel_kit.cli import jupyter as _jupyter  # noqa: F401  (registers commands)
from drawsteel_kit.cli import pf2e as _pf2e  # noqa: F401  (registers commands)
from drawsteel_kit.cli import projects as _projects  # noqa: F401  (registers commands)
from drawsteel_kit.cli import rewards as _rewards  # noqa: F401  (registers commands)
from drawsteel_kit.cli import workbook as _workbook  # noqa: F401  (registers commands)
from drawsteel_kit.cli.core import main

__all__ = ["main"]
