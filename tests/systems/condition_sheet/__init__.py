"""Tests of the condition sheet (drawsteel_kit/systems/condition_sheet)."""
