"""Dungeon World: its moves (rules/), the campaign's characters and town days (book),
player pages, the Director's panels and ``drawsteel-kit dw``. The folder's ``system.py``
declares it.
"""
