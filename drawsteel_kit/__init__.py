"""drawsteel-kit: a campaign workbook for the Draw Steel tabletop RPG.

Three layers (docs/architecture.md): the shared kit (``drawsteel_kit.kit``), the game systems
(``drawsteel_kit.systems.<name>``, Draw Steel first), and the front ends (``drawsteel_kit.cli``,
``drawsteel_kit.workbook``). The package import stays light: it loads no plotly, ipywidgets or
papermill. Import the pieces you need (``drawsteel_kit.campaign``, ``drawsteel_kit.workbook``).
"""

from drawsteel_kit import _moved

__version__ = "0.1.0"

__all__ = ["__version__"]

_moved.install()  # old module paths keep working for one release
