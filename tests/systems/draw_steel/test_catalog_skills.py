"""The skill groups against the seed's skill tables (000: 2063-2173)."""

from __future__ import annotations

import pytest

from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.systems.draw_steel.catalog.skills import (
    SKILL_GROUPS,
    canonical_skill,
    skill_group,
    skill_groups,
    skills_in_group,
)

# 000: 2077-2086, 2097-2106, 2117-2129, 2140-2151, 2162-2173.
SEED = {
    "crafting": [
        "Alchemy", "Architecture", "Blacksmithing", "Carpentry", "Cooking", "Fletching",
        "Forgery", "Jewelry", "Mechanics", "Tailoring",
    ],
    "exploration": [
        "Climb", "Drive", "Endurance", "Gymnastics", "Heal", "Jump", "Lift", "Navigate", "Ride",
        "Swim",
    ],
    "interpersonal": [
        "Brag", "Empathize", "Flirt", "Gamble", "Handle Animals", "Interrogate", "Intimidate",
        "Lead", "Lie", "Music", "Perform", "Persuade", "Read Person",
    ],
    "intrigue": [
        "Alertness", "Conceal Object", "Disguise", "Eavesdrop", "Escape Artist", "Hide",
        "Pick Lock", "Pick Pocket", "Sabotage", "Search", "Sneak", "Track",
    ],
    "lore": [
        "Criminal Underworld", "Culture", "History", "Magic", "Monsters", "Nature", "Psionics",
        "Religion", "Rumors", "Society", "Strategy", "Timescape",
    ],
}  # fmt: skip


def test_five_groups_in_the_book_order() -> None:
    assert SKILL_GROUPS == tuple(SEED) == tuple(skill_groups())
    assert [g.title for g in skill_groups().values()] == [
        "Crafting", "Exploration", "Interpersonal", "Intrigue", "Lore",
    ]  # fmt: skip


@pytest.mark.parametrize(("group", "skills"), SEED.items())
def test_each_group_lists_the_seed_skills(group: str, skills: list[str]) -> None:
    assert list(skills_in_group(group)) == skills
    assert skills_in_group(group.upper()) == skills_in_group(group)
    assert all(skill_group(skill) == group for skill in skills)
    assert skill_groups()[group].source.startswith("seed 000: 2")


def test_skill_lookup_ignores_case_and_spacing() -> None:
    assert skill_group("  criminal   UNDERWORLD ") == "lore"
    assert canonical_skill("handle animals") == "Handle Animals"


def test_skills_the_book_does_not_list_have_no_group() -> None:
    assert skill_group("Brewing") is None and skill_group("") is None
    assert canonical_skill(" Brewing  beer ") == "Brewing beer"


def test_unknown_group_names_the_groups() -> None:
    with pytest.raises(RulesError, match="crafting, exploration, interpersonal, intrigue, lore"):
        skills_in_group("Crafts")
