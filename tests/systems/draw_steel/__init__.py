"""Tests of Draw Steel (drawsteel_kit/systems/draw_steel)."""
