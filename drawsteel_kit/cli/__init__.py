"""The ``drawsteel-kit`` command line: one command per library call.

The campaign (a folder holding campaign.yaml, that file itself, its ledger.db,
or a name under ./campaigns) is always the first argument. Errors print one
line saying what to fix and exit with status 1; nothing is written.
"""

from drawsteel_kit.cli import jupyter as _jupyter  # noqa: F401  (registers commands)
from drawsteel_kit.cli import workbook as _workbook  # noqa: F401  (registers commands)
from drawsteel_kit.cli.core import main
from drawsteel_kit.systems.condition_sheet import (  # noqa: F401  (registers commands)
    cli as _condition_sheet,
)
from drawsteel_kit.systems.draw_steel.cli import (  # noqa: F401  (registers commands)
    encounters as _encounters,
)
from drawsteel_kit.systems.draw_steel.cli import (  # noqa: F401  (registers commands)
    projects as _projects,
)
from drawsteel_kit.systems.draw_steel.cli import (  # noqa: F401  (registers commands)
    rewards as _rewards,
)
from drawsteel_kit.systems.dungeon_world import (  # noqa: F401  (registers commands)
    cli as _dungeon_world,
)
from drawsteel_kit.systems.pf2e import cli as _pf2e  # noqa: F401  (registers commands)

__all__ = ["main"]
