"""Tests of Pathfinder 2e (drawsteel_kit/systems/pf2e)."""
