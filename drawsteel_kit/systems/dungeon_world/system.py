"""Dungeon World: its moves (rules/), the campaign's characters and town days."""

from drawsteel_kit.kit.registry import System

SYSTEM = System(
    "dungeon-world", "Dungeon World", __name__.rsplit(".", 1)[0],
    campaign="campaign:DungeonWorldCampaign", book="DungeonWorldBook", command="dw",
    source="Dungeon World: Basic Moves, Special Moves",
    parts=(("plans", "plans"),), commands=(("dw", "cli"),))
