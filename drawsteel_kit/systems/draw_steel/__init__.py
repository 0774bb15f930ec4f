"""Draw Steel, the first game system and the default: its rules, reference data, campaign file,
book (``Campaign``), plans, forecasts, commands, pages, panels and demo.

Importing this package loads nothing: import the module you need.
"""
