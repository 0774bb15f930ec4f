"""Tests of the shared kit (drawsteel_kit/kit)."""
