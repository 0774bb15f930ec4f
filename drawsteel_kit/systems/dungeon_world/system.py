"""Dungeon World: its basic and special moves, the town days between adventures."""

from drawsteel_kit.kit.registry import System

SYSTEM = System(
    "dungeon-world", "Dungeon World", __name__.rsplit(".", 1)[0], book="DungeonWorldBook",
    command="dw", source="Dungeon World: Basic Moves, Special Moves",
    parts=(("plans", "plans"),), commands=(("dw", "cli"),))
