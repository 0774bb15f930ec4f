"""Tests of the workbook: notebooks, served and published pages (drawsteel_kit/workbook)."""
