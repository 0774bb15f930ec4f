"""What the workbook shows: charts (plotly), player pages (HTML blocks and figures), widgets.

Importing this package loads nothing heavy: import the module you need
(``drawsteel_kit.views.charts``, ``drawsteel_kit.views.dashboard``), each of which
loads plotly or ipywidgets itself.
"""

__all__: list[str] = []
