"""The ``drawsteel-kit`` command line: one command per library call.

The campaign (a folder holding campaign.yaml, that file itself, its ledger.db,
or a name under ./campaigns) is always the first argument. Errors print one
line saying what to fix and exit with status 1; nothing is written.
"""

from drawsteel_kit.cli import projects as _projects  # noqa: F401  (registers commands)
from drawsteel_kit.cli import rewards as _rewards  # noqa: F401  (registers commands)
from drawsteel_kit.cli import workbook as _workbook  # noqa: F401  (registers commands)
from drawsteel_kit.cli.core import main

__all__ = ["main"]
