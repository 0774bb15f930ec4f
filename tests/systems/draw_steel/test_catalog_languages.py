"""The language catalog against the seed's three tables (000: 1231-1301), and language_fit."""

from __future__ import annotations

import dataclasses
from typing import get_args

import pytest

from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.systems.draw_steel.catalog import projects as project_catalog
from drawsteel_kit.systems.draw_steel.catalog.languages import (
    CAELIAN,
    Language,
    LanguageFit,
    UnknownLanguage,
    canonical_language,
    dead_languages_known,
    default_related_groups,
    hero_languages,
    is_dead,
    language,
    language_fit,
    languages,
    related_to,
)
from drawsteel_kit.systems.draw_steel.rules.projects import LANGUAGE_BANES

# The Dead Languages table (000: 1293-1301): language, its related living languages.
DEAD = {
    "Ananjali": ("Anjali",),
    "High Rhyvian": ("Hyrallic", "Yllyric"),
    "Khamish": ("Khoursirian",),
    "Kheltivari": ("Yllyric", "Khelt"),
    "Low Rhyvian": ("Hyrallic",),
    "Old Variac": ("Variac",),
    "Phorialtic": ("Low Kuric", "High Kuric"),
    "Rallarian": ("Zaliac",),
    "Ullorvic": ("Hyrallic", "Yllyric"),
}
# Languages by Ancestry (000: 1244-1268) and Vaslorian Human Languages (000: 1233-1241).
ANCESTRY = [
    "Anjali", "Axiomatic", "Caelian", "Filliaric", "First Language", "Hyrallic", "Illyvric",
    "Kalliak", "Kethaic", "Khelt", "Khoursirian", "High Kuric", "Low Kuric", "Mindspeech",
    "Proto-Ctholl", "Szetch", "Tholl", "Urollialic", "Variac", "Vastariax", "Vhoric", "Voll",
    "Yllyric", "Za'hariax", "Zaliac",
]  # fmt: skip
VASLORIAN = [
    "Uvalic", "Higaran", "Oaxuatl", "Khemharic", "Phaedran", "Riojan", "Vaniric", "Vaslorian",
]  # fmt: skip


def test_the_catalog_is_the_seed_tables_in_order() -> None:
    assert list(languages()) == [*ANCESTRY, *VASLORIAN, *DEAD]
    assert [entry.table for entry in languages().values()] == (
        ["ancestry"] * len(ANCESTRY) + ["vaslorian"] * len(VASLORIAN) + ["dead"] * len(DEAD)
    )


@pytest.mark.parametrize(("name", "related"), DEAD.items())
def test_dead_languages_and_their_related_ones(name: str, related: tuple[str, ...]) -> None:
    entry = language(name)
    assert entry.dead and is_dead(name) and is_dead(name.upper())
    assert entry.related == related
    assert entry.source.startswith("seed 000: 1") and "Dead Languages" in entry.source


def test_only_the_seed_dead_languages_are_dead() -> None:
    assert {entry.name for entry in languages().values() if entry.dead} == set(DEAD)
    # Khemharic is a living human language (000: 1236), whatever lists elsewhere say.
    assert not is_dead("Khemharic") and not is_dead("Caelian") and not is_dead("Klingon")


def test_related_is_both_ways_and_not_through_a_dead_language() -> None:
    assert language("Hyrallic").related == ("High Rhyvian", "Low Rhyvian", "Ullorvic")
    assert related_to("Yllyric") == ("High Rhyvian", "Kheltivari", "Ullorvic")
    # Hyrallic and Yllyric are both related to High Rhyvian, not to each other.
    assert "Yllyric" not in related_to("Hyrallic")
    assert language("Caelian").related == ("Kethaic",)
    assert language("Szetch").related == ()


# A language and the one it derives from, as the ancestry table's notes say (000: 1251-1264).
DERIVED = [("Kalliak", "Zaliac"), ("Kethaic", "Vastariax"), ("Kethaic", "Caelian"),
           ("Proto-Ctholl", "Tholl"), ("Vhoric", "High Kuric")]


def test_default_groups_are_the_seed_pairs() -> None:
    """000: 1289-1301 (dead languages and their kin), 000: 1251-1264 (offshoots, a patois,
    a precursor)."""
    groups = default_related_groups()
    dead_pairs = sum(len(r) for r in DEAD.values())
    assert dead_pairs == 13 and len(groups) == dead_pairs + len(DERIVED)
    assert ("Low Rhyvian", "Hyrallic") in groups and ("Old Variac", "Variac") in groups
    assert all(pair in groups for pair in DERIVED)
    # Khelt and Khoursirian come from dead languages whose rows already name them: once each.
    assert ("Kheltivari", "Khelt") in groups and ("Khelt", "Kheltivari") not in groups
    assert all(len(group) == 2 for group in groups)


@pytest.mark.parametrize(("offshoot", "origin"), DERIVED)
def test_a_language_and_the_one_it_derives_from_are_related(offshoot: str, origin: str) -> None:
    """000: 1251, 1252, 1258, 1264: related by default, both ways (000: 3792)."""
    assert language_fit([offshoot], [origin]) == "related"
    assert language_fit([origin], [offshoot]) == "related"
    assert origin in related_to(offshoot) and offshoot in related_to(origin)


def test_a_campaign_may_take_a_book_relation_apart() -> None:
    """000: 1252 relates Kethaic to Caelian; a table that says otherwise lists the pair under
    unrelated_languages, and only that pair goes."""
    apart = [["Kethaic", "caelian"]]
    assert language_fit(["Caelian"], ["Kethaic"], (), apart) == "unknown"
    assert language_fit(["Vastariax"], ["Kethaic"], (), apart) == "related"
    assert related_to("Kethaic", (), apart) == ("Vastariax",)
    # A group of the campaign's own still relates what it lists.
    assert language_fit(["Caelian"], ["Kethaic"], [["Kethaic", "Caelian"]], apart) == "related"
    # Dead-language pairs may be taken apart too.
    assert language_fit(["Hyrallic"], ["Low Rhyvian"], (), [["Low Rhyvian", "Hyrallic"]]) \
        == "unknown"


@pytest.mark.parametrize(
    ("listed", "known"),
    [
        ([], ("Caelian",)),
        (["Khelt"], ("Caelian", "Khelt")),
        (["Khelt", "caelian"], ("Khelt", "caelian")),  # already there: kept as written
        ("Voll", ("Caelian", "Voll")),
    ],
)
def test_every_hero_knows_caelian(listed: list[str], known: tuple[str, ...]) -> None:
    """000: 1219: every player character knows Caelian, whatever the sheet lists."""
    assert hero_languages(listed) == known
    assert language_fit(hero_languages(listed), ["Caelian"]) == "known"


def test_every_project_and_treasure_language_is_in_the_catalog() -> None:
    used = {n for t in project_catalog.treasures() for n in t.languages}
    used |= {n for p in project_catalog.projects() for n in p.source_languages}
    assert used and all(canonical_language(n) == n and language(n).name == n for n in used)


def test_lookup_ignores_case_spacing_apostrophes_and_knows_variant_spellings() -> None:
    assert language("  low   RHYVIAN ").name == "Low Rhyvian"
    assert language("Low Rhivian").name == "Low Rhyvian"
    assert language("The First Language").name == "First Language"
    assert language("za\u2019hariax").name == "Za'hariax"
    assert language("Zahariax").name == "Za'hariax"


@pytest.mark.parametrize("bad", ["Hyralic", "", "Elvish"])
def test_unknown_language_is_an_error_that_says_campaigns_may_use_it(bad: str) -> None:
    with pytest.raises(UnknownLanguage) as info:
        language(bad)
    assert isinstance(info.value, RulesError) and repr(bad) in str(info.value)
    assert "may still use it" in str(info.value) and "Caelian" in str(info.value)


def test_unknown_language_suggests_close_spellings() -> None:
    with pytest.raises(UnknownLanguage, match="close matches: Hyrallic"):
        language("hyralic")


def test_canonical_language_keeps_unknown_names() -> None:
    assert canonical_language("caelian") == CAELIAN
    assert canonical_language("  Old   Tongue ") == "Old Tongue"


def test_languages_are_frozen_and_the_dict_is_fresh() -> None:
    entry = language("Voll")
    with pytest.raises(dataclasses.FrozenInstanceError):
        entry.dead = True  # type: ignore[misc]
    languages().clear()
    assert language("Voll") is entry and isinstance(entry, Language)


# --- language_fit (000: 3790-3792) ----------------------------------------------------------


def test_fit_values_are_the_keys_of_the_language_banes() -> None:
    assert set(get_args(LanguageFit)) == set(LANGUAGE_BANES)


@pytest.mark.parametrize(
    ("known", "needed", "groups", "fit"),
    [
        (["Caelian"], ["Caelian"], (), "known"),
        (["caelian"], "CAELIAN", (), "known"),
        # A treasure with two source languages: either one is enough (our reading).
        (["Caelian"], ["Anjali", "Caelian"], (), "known"),
        (["Anjali"], ["Anjali", "Caelian"], (), "known"),
        (["Caelian", "Hyrallic"], ["Low Rhyvian"], (), "related"),
        (["Hyrallic"], ["Low Rhivian"], (), "related"),
        (["Low Rhyvian"], ["Hyrallic"], (), "related"),  # related both ways
        (["Yllyric"], ["Hyrallic"], (), "unknown"),  # no relation through High Rhyvian
        (["Caelian"], ["Low Rhyvian"], (), "unknown"),
        (["Kalliak"], ["Zaliac"], (), "related"),  # an offshoot and its origin (000: 1251)
        (["Szetch"], ["Zaliac"], (), "unknown"),
        (["Kalliak"], ["Zaliac"], [["Zaliac", "Kalliak"]], "related"),
        (["kalliak"], ["ZALIAC"], [("Zaliac", "Kalliak", "Rallarian")], "related"),
        (["Dwarvish Cant"], ["Zaliac"], [["Zaliac", "dwarvish cant"]], "related"),
        (["Dwarvish Cant"], ["dwarvish  cant"], (), "known"),
        ([], ["Caelian"], (), "unknown"),
        (["Caelian"], [], (), "known"),  # nothing to read: no bane
        (["Zaliac"], ["Anjali", "Old Variac"], [["Old Variac", "Zaliac"]], "related"),
    ],
)
def test_language_fit(known: list[str], needed: list[str], groups: list, fit: str) -> None:
    assert language_fit(known, needed, groups) == fit


def test_a_group_relates_all_its_members_but_not_beyond_it() -> None:
    groups = [["A", "B", "C"], ["C", "D"]]
    assert language_fit(["A"], ["C"], groups) == "related"
    assert language_fit(["A"], ["D"], groups) == "unknown"
    assert related_to("c", groups) == ("A", "B", "D")


# --- dead languages known (Ancient Loremaster) ----------------------------------------------


@pytest.mark.parametrize(
    ("known", "count"),
    [
        ([], 0),
        (["Caelian", "Hyrallic"], 0),
        (["Caelian", "Khamish"], 1),
        (["Low Rhyvian", "low rhivian", "LOW RHYVIAN"], 1),  # one language, three spellings
        (list(DEAD), len(DEAD)),
        ("Rallarian", 1),  # a bare name is one language
    ],
)
def test_dead_languages_known(known: list[str], count: int) -> None:
    assert dead_languages_known(known) == count
