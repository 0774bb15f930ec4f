"""The careers table (catalog/data/careers.yaml) against REFERENCE.md "Careers"."""

from __future__ import annotations

import dataclasses

import pytest

from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.systems.draw_steel.catalog.careers import Career, career, careers

# REFERENCE.md "Careers: what they add at creation", the dash written as 0:
# name, renown, wealth, project points, career skills.
REFERENCE_ROWS = [
    ("Agent", 0, 0, 0, 3),
    ("Aristocrat", 1, 1, 0, 2),
    ("Artisan", 0, 0, 240, 2),
    ("Beggar", 0, 0, 0, 3),
    ("Criminal", 0, 0, 120, 3),
    ("Disciple", 0, 0, 240, 3),
    ("Explorer", 0, 0, 0, 3),
    ("Farmer", 0, 0, 120, 3),
    ("Gladiator", 2, 0, 0, 2),
    ("Laborer", 0, 0, 120, 3),
    ("Mage's Apprentice", 1, 0, 0, 3),
    ("Performer", 2, 0, 0, 3),
    ("Politician", 1, 1, 0, 2),
    ("Sage", 0, 0, 240, 2),
    ("Sailor", 0, 0, 0, 3),
    ("Soldier", 1, 0, 0, 2),
    ("Warden", 0, 0, 120, 3),
    ("Watch Officer", 0, 0, 0, 3),
]


@pytest.mark.parametrize(("name", "renown", "wealth", "points", "skills"), REFERENCE_ROWS)
def test_row_matches_reference(name: str, renown: int, wealth: int, points: int, skills: int):
    assert career(name) == Career(name, renown, wealth, points, skills, "REFERENCE.md Careers")


def test_the_table_has_exactly_the_reference_careers_in_order():
    assert list(careers()) == [row[0] for row in REFERENCE_ROWS]


def test_lookup_ignores_case_spacing_and_curly_apostrophes():
    assert career("sage").name == "Sage"
    assert career("  WATCH   officer ").name == "Watch Officer"
    assert career("Mage\u2019s apprentice").name == "Mage's Apprentice"


@pytest.mark.parametrize("bad", ["Pirate", "", "Sage of the Sea"])
def test_unknown_career_lists_the_allowed_ones(bad: str):
    with pytest.raises(RulesError) as info:
        career(bad)
    message = str(info.value)
    assert repr(bad) in message
    assert all(row[0] in message for row in REFERENCE_ROWS)


def test_careers_returns_a_fresh_dict_of_frozen_entries():
    table = careers()
    table.pop("Sage")
    assert "Sage" in careers()
    with pytest.raises(dataclasses.FrozenInstanceError):
        career("Sage").renown = 5  # type: ignore[misc]
