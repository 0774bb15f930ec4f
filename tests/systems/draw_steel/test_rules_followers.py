"""Followers: the renown cap, the artisan and sage templates, retainer advancement."""

from __future__ import annotations

import dataclasses

import pytest

from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.systems.draw_steel.catalog.skills import skills_in_group
from drawsteel_kit.systems.draw_steel.rules import followers as fr
from drawsteel_kit.systems.draw_steel.rules.followers import (
    FollowerSpec,
    follower_cap,
    follower_may_roll,
    make_artisan,
    make_retainer,
    make_sage,
    retainer_level,
    retainer_stats,
    validate_follower,
)

CRAFT = ["Alchemy", "Blacksmithing", "Mechanics", "Jewelry"]
LORE = ["History", "Magic", "Religion", "Timescape"]


def artisan(**changes: object) -> FollowerSpec:
    fields: dict = {
        "ancestry": "Dwarf",
        "physical": "might",
        "skills": CRAFT,
        "languages": ["Zaliac", "Hyrallic"],
    }
    fields.update(changes)
    return make_artisan("Mira", **fields)


def sage(**changes: object) -> FollowerSpec:
    fields: dict = {"ancestry": "Human", "skills": LORE, "languages": ["Khamish", "Variac"]}
    fields.update(changes)
    return make_sage("Oss", **fields)


# --- the cap (000: 3928-3933) -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("renown", "cap"),
    [(0, 0), (2, 0), (3, 1), (5, 1), (6, 2), (8, 2), (9, 3), (11, 3), (12, 4), (40, 4)],
)
def test_follower_cap_follows_the_table(renown: int, cap: int) -> None:
    assert follower_cap(renown) == cap


def test_titles_add_to_the_cap() -> None:
    assert follower_cap(6, bonus=2) == 4 and follower_cap(0, 2) == 2


@pytest.mark.parametrize(("renown", "bonus"), [(-1, 0), (3, -1), (2.5, 0), (True, 0), (3, None)])
def test_follower_cap_refuses_nonsense(renown: object, bonus: object) -> None:
    with pytest.raises(RulesError, match="whole number of 0 or more"):
        follower_cap(renown, bonus)  # type: ignore[arg-type]


# --- artisans and sages (000: 3943-3959) --------------------------------------------------------


def test_book_constants() -> None:
    assert fr.FOLLOWER_ROLLS_PER_DAY == 1 and fr.FOLLOWER_SKILLS == 4
    assert fr.FOLLOWER_LANGUAGES_BEYOND_CAELIAN == 2
    assert dict(fr.ROLE_PROJECT_KIND) == {"artisan": "crafting", "sage": "research"}
    assert dict(fr.ROLE_SKILL_GROUP) == {"artisan": "crafting", "sage": "lore"}


@pytest.mark.parametrize("physical", ["might", "agility"])
def test_an_artisan(physical: str) -> None:
    spec = artisan(physical=physical, skills=["alchemy", " Blacksmithing", "MECHANICS", "Jewelry"])
    assert spec.role == "artisan" and spec.name == "Mira" and spec.ancestry == "Dwarf"
    other = "agility" if physical == "might" else "might"
    assert spec.characteristics == {
        physical: 1,
        other: 0,
        "reason": 1,
        "intuition": 0,
        "presence": 0,
    }
    assert spec.skills == tuple(CRAFT)  # spelled as the book spells them
    assert spec.languages == ("Caelian", "Zaliac", "Hyrallic")


def test_a_sage() -> None:
    spec = sage(languages=["Caelian", "khamish", "Low Rhivian"])
    assert spec.characteristics == {
        "might": 0,
        "agility": 0,
        "reason": 1,
        "intuition": 1,
        "presence": 0,
    }
    assert spec.skills == tuple(LORE) and spec.languages == ("Caelian", "Khamish", "Low Rhyvian")


def test_languages_the_book_does_not_list_are_fine() -> None:
    assert artisan(languages=["Dwarvish Cant", "Zaliac"]).languages[1] == "Dwarvish Cant"


def test_specs_are_frozen_and_hashable() -> None:
    spec = sage()
    with pytest.raises(dataclasses.FrozenInstanceError):
        spec.name = "Other"  # type: ignore[misc]
    with pytest.raises(TypeError):
        spec.characteristics["reason"] = 5  # type: ignore[index]
    assert hash(spec) == hash(sage()) and spec == sage()


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        (
            {"skills": ["Alchemy", "Blacksmithing", "Mechanics", "History"]},
            "'History' is a Lore skill; an artisan's skills come from the Crafting group: "
            "Alchemy, Architecture, Blacksmithing, Carpentry, Cooking, Fletching, Forgery, "
            "Jewelry, Mechanics, Tailoring",
        ),
        ({"skills": [*CRAFT[:3], "Brewing"]}, "'Brewing' is not a book skill"),
        ({"skills": CRAFT[:3]}, "needs exactly 4 skills from the Crafting group, got 3"),
        ({"skills": [*CRAFT, "Cooking"]}, "needs exactly 4 skills from the Crafting group, got 5"),
        ({"skills": ["Alchemy", "alchemy", *CRAFT[2:]]}, "lists the skill 'Alchemy' twice"),
        ({"languages": ["Zaliac"]}, "knows Caelian and exactly 2 other languages, got 1 other"),
        ({"languages": ["Zaliac", "Voll", "Anjali"]}, "exactly 2 other languages, got 3"),
        ({"languages": ["Zaliac", "zaliac"]}, "lists Zaliac more than once"),
        ({"languages": ["Zaliac", "Low Rhyvian", "Low Rhivian"]}, "Low Rhyvian more than once"),
        ({"physical": "reason"}, "physical is might or agility, got 'reason'"),
        ({"physical": ""}, "physical is might or agility"),
        ({"ancestry": " "}, "needs an ancestry"),
    ],
)
def test_artisan_problems_say_what_is_allowed(changes: dict, message: str) -> None:
    with pytest.raises(RulesError) as info:
        artisan(**changes)
    assert message in str(info.value)


def test_a_sage_with_crafting_skills_is_told_the_lore_skills() -> None:
    with pytest.raises(RulesError) as info:
        sage(skills=["History", "Magic", "Religion", "Alchemy"])
    text = str(info.value)
    assert text.startswith("sage 'Oss': 'Alchemy' is a Crafting skill")
    assert ", ".join(skills_in_group("lore")) in text


@pytest.mark.parametrize(
    ("characteristics", "role"),
    [
        ({"might": 1, "agility": 1, "reason": 1}, "artisan"),  # might OR agility
        ({"might": 1}, "artisan"),
        ({"reason": 1, "intuition": 1}, "artisan"),
        ({"might": 1, "reason": 1}, "sage"),
        ({"reason": 1, "intuition": 1, "presence": 1}, "sage"),
        ({"reason": 2, "intuition": 1}, "sage"),
    ],
)
def test_wrong_characteristics_are_named_with_the_allowed_arrays(
    characteristics: dict, role: str
) -> None:
    skills = CRAFT if role == "artisan" else LORE
    spec = FollowerSpec(
        "X",
        role,
        "Elf",
        characteristics,
        tuple(skills),  # type: ignore[arg-type]
        ("Caelian", "Voll", "Anjali"),
    )
    with pytest.raises(RulesError) as info:
        validate_follower(spec)
    text = str(info.value)
    assert "characteristics must be" in text
    might, agility = "might 1, agility 0", "might 0, agility 1"
    if role == "artisan":
        rest = "reason 1, intuition 0, presence 0"
        assert f"{might}, {rest} or {agility}, {rest} (the Heroes book, " in text
    else:
        assert "might 0, agility 0, reason 1, intuition 1, presence 0 (the Heroes book" in text
    assert "000" not in text  # the book's section, never a seed line (000: 3947, 3959)


def test_caelian_is_required_when_typed_by_hand() -> None:
    spec = FollowerSpec(
        "X", "sage", "Elf", {"reason": 1, "intuition": 1}, tuple(LORE), ("Voll", "Anjali")
    )
    with pytest.raises(RulesError, match=r"must know Caelian \(every sage does\)"):
        validate_follower(spec)


def test_every_problem_is_listed_at_once() -> None:
    spec = FollowerSpec("X", "sage", "", {"luck": 3}, ("History",), ("Voll",))
    with pytest.raises(RulesError) as info:
        validate_follower(spec)
    text = str(info.value)
    for part in (
        "needs an ancestry",
        "unknown characteristic 'luck'",
        "got 1",
        "must know Caelian",
        "got 1 other",
    ):
        assert part in text, part


def test_validate_returns_the_spec_tidied() -> None:
    skills = ("history", "magic", "religion", "rumors")
    spec = FollowerSpec(
        " X ", "sage", " Elf ", {"reason": 1, "intuition": 1}, skills, ("caelian", "voll", "anjali")
    )
    tidy = validate_follower(spec)
    assert (tidy.name, tidy.ancestry) == ("X", "Elf")
    assert tidy.skills == ("History", "Magic", "Religion", "Rumors")
    assert tidy.languages == ("Caelian", "Voll", "Anjali")


def test_validate_refuses_what_is_not_a_spec_or_role() -> None:
    with pytest.raises(RulesError, match="expected a FollowerSpec"):
        validate_follower({"name": "X"})  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="role must be artisan, sage or retainer"):
        validate_follower(FollowerSpec("X", "bard", "Elf", {}))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("role", "kind", "may"),
    [
        ("artisan", "crafting", True),
        ("artisan", "research", True),  # both contribute to research or crafting (000: 3945)
        ("sage", "research", True),
        ("sage", "crafting", True),  # (000: 3957)
        ("sage", "other", False),
        ("retainer", "crafting", False),
    ],
)
def test_which_projects_a_follower_may_roll_on(role: str, kind: str, may: bool) -> None:
    assert follower_may_roll(role, kind) is may


# --- retainers (000: 3949-3953, 4770; REFERENCE.md "Retainers") ------------------------------


def test_a_retainer_keeps_its_stat_block() -> None:
    spec = make_retainer(
        "Grik", ancestry="Goblin", characteristics={"agility": 2}, languages=["szetch", "Caelian"]
    )
    assert spec.role == "retainer" and spec.characteristics["agility"] == 2
    assert spec.languages == ("Szetch", "Caelian")
    with pytest.raises(RulesError, match="from -5 to 5"):
        make_retainer("Grik", ancestry="Goblin", characteristics={"might": 9})


def test_retainer_constants() -> None:
    assert fr.RETAINERS_PER_HERO == 1 and fr.RETAINER_RECOVERIES == 6


@pytest.mark.parametrize(
    ("level", "stamina", "chars", "free", "abilities", "t1", "t23"),
    [
        (1, 21, (), 0, (), 0, 0),
        (2, 30, ((2, "one", 2),), 0, (), 1, 1),
        (3, 39, ((2, "one", 2),), 2, (), 1, 2),
        # The Monsters book's example: a level 1 goblin guide joins a level 4 hero.
        (4, 48, ((2, "one", 2),), 2, (4,), 2, 3),
        (5, 57, ((2, "one", 2), (5, "all", 3)), 2, (4,), 2, 4),
        (10, 102, ((2, "one", 2), (5, "all", 3), (8, "one", 4)), 6, (4, 7, 10), 5, 9),
    ],
)
def test_retainer_advancement_table(
    level: int, stamina: int, chars: tuple, free: int, abilities: tuple, t1: int, t23: int
) -> None:
    stats = retainer_stats(level)
    assert stats.custom_stamina == stamina and stats.stamina_bonus == stamina - 21
    assert stats.characteristic_increases == chars
    assert stats.free_strike_bonus == free and stats.ability_levels == abilities
    assert (stats.signature_bonus_tier1, stats.signature_bonus_tier23) == (t1, t23)
    assert stats.recoveries == 6


def test_a_retainer_that_starts_above_level_1_gains_only_later_levels() -> None:
    # The book's griffon: a level 2 creature that reaches level 4.
    stats = retainer_stats(4, start_level=2)
    assert stats.custom_stamina == 48 and stats.stamina_bonus == 18
    assert stats.characteristic_increases == () and stats.free_strike_bonus == 2
    assert (stats.signature_bonus_tier1, stats.signature_bonus_tier23) == (1, 2)


@pytest.mark.parametrize(("level", "start"), [(0, 1), (11, 1), (3, 4), (True, 1), (2, 0)])
def test_retainer_stats_refuses_impossible_levels(level: object, start: object) -> None:
    with pytest.raises(RulesError):
        retainer_stats(level, start_level=start)  # type: ignore[arg-type]


def test_retainer_level_follows_the_mentor_and_never_drops() -> None:
    assert retainer_level(4) == 4
    assert retainer_level(6, current=3) == 6
    assert retainer_level(2, current=5) == 5
    with pytest.raises(RulesError, match="mentor's level"):
        retainer_level(11)
