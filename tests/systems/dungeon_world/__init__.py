"""Tests of Dungeon World (drawsteel_kit/systems/dungeon_world)."""
