"""drawsteel-kit: a campaign workbook for the Draw Steel tabletop RPG.

The package import stays light: it loads no plotly, ipywidgets or papermill.
Import the pieces you need (``drawsteel_kit.campaign``, ``drawsteel_kit.rules``).
"""

__version__ = "0.1.0"

__all__ = ["__version__"]
