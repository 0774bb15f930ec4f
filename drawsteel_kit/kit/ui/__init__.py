"""The page and panel toolkit every system builds its pages and panels on.

It sits in the kit, below the systems, so that a system's pages and panels can import it
without reaching up into a front end. Importing this package loads nothing heavy: each module
loads plotly or ipywidgets itself.
"""
