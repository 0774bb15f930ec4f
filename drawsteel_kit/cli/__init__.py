"""The ``drawsteel-kit`` command line: one command per library call.

The campaign (a folder holding campaign.yaml, that file itself, its ledger.db,
or a name under ./campaigns) is always the first argument. Errors print one
line saying what to fix and exit with status 1; nothing is written.

The root group is in ``root``: it imports a command's module only when that command runs.
The campaign-wide commands are here (``core``, ``books``, ``jupyter``, ``plans``,
``workbook``); each game system's are in ``systems/<name>/cli``, found through the registry.
"""

from drawsteel_kit.cli.root import main

__all__ = ["main"]
