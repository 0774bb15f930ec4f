"""drawsteel-kit: a campaign workbook for the Draw Steel tabletop RPG.

Three layers (docs/architecture.md): the shared kit (``drawsteel_kit.kit``), the game systems
(``drawsteel_kit.systems.<name>``, each declaring itself in its ``system.py``), and the front
ends (``drawsteel_kit.cli``, ``drawsteel_kit.workbook``).

``drawsteel_kit.open(folder)`` opens a campaign folder as the campaign of the system it plays
(``readonly=True`` to only read). The package import stays light: it loads no plotly,
ipywidgets or papermill, and no system until one is used.
"""

__version__ = "0.1.0"

__all__ = ["__version__", "open"]

#: Where the kit's registry finds the systems that ship with the package (each folder's
#: system.py), on first use: ``module:function`` returning ``System`` declarations.
SYSTEM_SOURCES = ("drawsteel_kit.systems:found",)


def __getattr__(name: str) -> object:
    """``open``: the kit's ``open_campaign``, imported when first asked for."""
    if name == "open":
        from drawsteel_kit.kit.book.campaign import open_campaign

        return open_campaign
    raise AttributeError(f"module 'drawsteel_kit' has no attribute {name!r}")
