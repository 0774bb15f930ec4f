"""Draw Steel's player pages and charts (plotly), built from the ledger only.

Importing this package loads nothing heavy: import the module you need.
"""
