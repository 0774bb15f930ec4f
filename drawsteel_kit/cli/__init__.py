"""The ``drawsteel-kit`` command line: one command per library call.

The campaign (a folder holding campaign.yaml, that file itself, its ledger.db,
or a name under ./campaigns) is always the first argument. Errors print one
line saying what to fix and exit with status 1; nothing is written.

The root group and the campaign-wide commands are here (``core``, ``jupyter``,
``workbook``); each game system's commands are in ``systems/<name>/cli``, found
through the registry, and mounted on the root group (``core.RootGroup``).
"""

from drawsteel_kit.cli import books as _books  # noqa: F401  (registers commands)
from drawsteel_kit.cli import jupyter as _jupyter  # noqa: F401  (registers commands)
from drawsteel_kit.cli import plans as _plans  # noqa: F401  (registers commands)
from drawsteel_kit.cli import workbook as _workbook  # noqa: F401  (registers commands)
from drawsteel_kit.cli.core import main  # each system's commands join it when first read

__all__ = ["main"]
