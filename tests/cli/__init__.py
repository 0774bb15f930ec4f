"""Tests of the command line (drawsteel_kit/cli)."""
