"""Tests of the game systems (drawsteel_kit/systems), one package per system."""
