"""The project, treasure and event catalog against REFERENCE.md and the seed."""

from __future__ import annotations

from collections import Counter

import pytest

from drawsteel_kit.kit.dice import ScriptedDice
from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.systems.draw_steel.catalog import projects as cat
from drawsteel_kit.systems.draw_steel.rules import projects as rules

M, A, R, I, P = "might", "agility", "reason", "intuition", "presence"  # noqa: E741

OFFICIAL = [
    "Build Airship", "Build or Repair Road", "Craft Teleportation Platform", "Craft Treasure",
    "Find a Cure", "Imbue Treasure", "Discover Lore", "Go Undercover", "Hone Career Skills",
    "Learn From a Master", "Learn New Language", "Learn New Skill", "Perfect New Recipe",
    "Community Service", "Fishing", "Spend Time With Loved Ones",
]  # fmt: skip


def test_every_official_project_once_in_book_order() -> None:
    assert [t.name for t in cat.projects()] == OFFICIAL
    kinds = Counter(t.kind for t in cat.projects())
    assert kinds == {"crafting": 6, "research": 7, "other": 3}


# name, kind, goal parameters, goal, characteristics, prerequisite fragment, languages, completion
PROJECTS = [
    ("Build Airship", "crafting", {}, 3000, (M, R, P), "Wind Crystal of Quintessence",
     ("Low Rhyvian",), "item"),
    ("Build or Repair Road", "crafting", {"miles": 10}, 100, (M, R, P), "guild writs",
     ("Caelian",), "renown"),
    ("Build or Repair Road", "crafting", {"miles": 10, "repair": True}, 50, (M, R, P),
     "guild writs", ("Caelian",), "renown"),
    ("Craft Teleportation Platform", "crafting", {}, 1500, (R,), "spatial navigator", ("Voll",),
     "item"),
    ("Craft Treasure", "crafting", {"kind": "trinket", "echelon": 2}, 300, ("per_treasure",),
     "rare component", (), "treasure"),
    ("Find a Cure", "crafting", {"creature_level": 4}, 200, (R, I), "remains", (), "cure"),
    ("Find a Cure", "crafting", {"creature_level": 4, "later_dose": True}, 100, (R, I),
     "remains", (), "cure"),
    ("Imbue Treasure", "crafting", {"enhancements": 2}, 300, (M, A, R, I), "treasure", (),
     "imbue"),
    ("Discover Lore", "research", {"kind": "forbidden"}, 240, (R,), None, (), "lore"),
    ("Discover Lore", "research", {"kind": "common"}, 15, (R,), None, (), "lore"),
    ("Go Undercover", "research", {"repeats": 1}, 45, (I, P), None, (), "secrets"),
    ("Hone Career Skills", "research", {"skills": 3}, 360, (I,), None, (), "career_skills"),
    ("Learn From a Master", "research", {"kind": "acquire an ability"}, 1000, ("highest",), None,
     (), "ability"),
    ("Learn New Language", "research", {}, 120, (R, I), None, (), "learn_language"),
    ("Learn New Skill", "research", {}, 120, (R, I), None, (), "learn_skill"),
    ("Perfect New Recipe", "research", {}, 100, (R, I), None, (), "recipe"),
    ("Community Service", "other", {}, 75, ("director",), None, (), "director"),
    ("Spend Time With Loved Ones", "other", {}, 60, (P,), None, (), "stamina_bonus"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("name", "kind", "params", "goal", "chars", "prereq", "languages", "completion"), PROJECTS
)
def test_official_project(name, kind, params, goal, chars, prereq, languages, completion) -> None:
    template = cat.project(name)
    assert template.kind == kind
    assert template.goal_for(**params) == goal
    assert template.characteristics == chars
    if prereq is None:
        assert template.item_prerequisite is None
    else:
        assert prereq in template.item_prerequisite
    assert template.source_languages == languages
    assert template.completion == completion
    assert template.source  # every entry says where its figures come from


def test_fixed_goals_match_the_rules_constants() -> None:
    assert cat.project("Learn New Language").goal == rules.LEARN_LANGUAGE_GOAL
    assert cat.project("Learn New Skill").goal == rules.LEARN_SKILL_GOAL


def test_goal_rules_follow_the_rules_module() -> None:
    for template in cat.projects():
        if template.goal_rule is not None:
            assert template.goal is None
            assert cat.GOAL_RULES[template.goal_rule] is getattr(rules, template.goal_rule)
            assert template.goal_parameters


@pytest.mark.parametrize(
    ("item", "chars"), [("armor", (M, R, I)), ("implement", (A, R, I)), ("weapon", (M, R, I))]
)
def test_imbue_characteristics_by_treasure_kind(item: str, chars: tuple) -> None:
    assert cat.project("Imbue Treasure").characteristics_for(item) == chars
    with pytest.raises(RulesError, match="armor, implement, weapon"):
        cat.project("Imbue Treasure").characteristics_for("trinket")


def test_fishing_and_loved_ones_details() -> None:
    fishing = cat.project("fishing")
    assert fishing.goal is None and fishing.tackle_costs == (50, 100, 120, 200, 300)
    assert fishing.fishing_stop_at_or_below == 11
    with pytest.raises(RulesError, match="no goal"):
        fishing.goal_for()
    assert cat.project("Spend Time With Loved Ones").limit == "once a month"


@pytest.mark.parametrize(
    ("name", "params", "message"),
    [
        ("Build Airship", {"miles": 3}, "fixed goal of 3000"),
        ("Discover Lore", {"miles": 3}, "takes kind"),
        ("Discover Lore", {}, "depends on kind: give --param kind=..."),
        ("Discover Lore", {"kind": "ancient"}, "common, obscure, lost, forbidden"),
    ],
)
def test_goal_for_rejects_wrong_parameters(name: str, params: dict, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        cat.project(name).goal_for(**params)


@pytest.mark.parametrize("name", ["build airship", "BUILD AIRSHIP", "  Build   Airship "])
def test_project_lookup_ignores_case_and_spacing(name: str) -> None:
    assert cat.project(name).name == "Build Airship"


def test_unknown_project_lists_close_matches() -> None:
    with pytest.raises(cat.UnknownProject, match="Build Airship") as caught:
        cat.project("Bild Airshp")
    assert isinstance(caught.value, RulesError) and isinstance(caught.value, KeyError)
    assert str(caught.value).startswith("no project named 'Bild Airshp'")
    with pytest.raises(cat.UnknownProject, match=r"use treasure\('healing potion'\)"):
        cat.project("healing potion")


# --- treasures -----------------------------------------------------------------------------


def test_treasure_counts_by_kind_and_echelon() -> None:
    counts = Counter((t.kind, t.echelon) for t in cat.treasures())
    assert counts == {
        ("consumable", 1): 16, ("consumable", 2): 9, ("consumable", 3): 8, ("consumable", 4): 4,
        ("trinket", 1): 12, ("trinket", 2): 8, ("trinket", 3): 5, ("trinket", 4): 2,
        ("armor", 1): 10, ("implement", 1): 6, ("other", 1): 5, ("weapon", 1): 14,
    }  # fmt: skip
    names = [t.name for t in cat.treasures()]
    assert len(names) == len(set(names)) == 99


# name, kind, echelon, characteristics, languages, goal, yields
TREASURES = [
    ("Black Ash Dart", "consumable", 1, (A, I), ("Szetch",), 45, "1d3"),
    ("Lachomp Tooth", "consumable", 1, (R, I), ("Caelian",), 45, "1d3"),
    ("Snapdragon", "consumable", 1, (R, I), ("Yllyric",), 45, "1d6+1"),
    ("Portable Cloud", "consumable", 1, (R, I), ("Caelian",), 30, "1"),
    ("Portable Cloud (Thunderhead)", "consumable", 1, (R, I), ("Caelian",), 45, "1"),
    ("Pocket Homunculus", "consumable", 1, (R,), ("Zaliac",), 45, "1"),
    ("Professor Veratismo's Quaff 'n Huff Snuff", "consumable", 1, (R,), ("Caelian",), 45, "1"),
    ("Float Powder", "consumable", 2, (I, P), ("Khelt",), 90, "1d3"),
    ("Purified Jelly", "consumable", 2, (R, I), ("Yllyric",), 90, "1d3"),
    ("Scroll of Resurrection", "consumable", 2, (I, P), ("First Language",), 90, "1"),
    ("Personal Effigy", "consumable", 3, (R, I), ("Khemharic",), 120, "1"),
    ("Anamorphic Larva", "consumable", 3, (M, I), ("Variac",), 180, "1"),
    ("Elixir of Saint Elspeth", "consumable", 4, (P,), ("Caelian",), 360, "1"),
    ("Page From the Infinite Library: Solaris", "consumable", 4, (R, I), ("First Language",),
     360, "1"),
    ("Hellcharger Helm", "trinket", 1, (M, R), ("Anjali", "Caelian"), 150, "1"),
    ("Color Cloak (Red)", "trinket", 1, (R, I), ("Anjali",), 150, "1"),
    ("Bastion Belt", "trinket", 2, (M, I), ("High Kuric",), 300, "1"),
    ("Shifting Ring", "trinket", 3, (A, I), ("Khelt",), 450, "1"),
    ("Psi Blade", "trinket", 4, (A, P), ("Mindspeech",), 600, "1"),
    ("King's Roar", "armor", 1, (R, I, P), ("High Rhyvian",), 450, "1"),
    ("Words Become Wonders at Next Breath", "implement", 1, (R, I), ("Hyrallic",), 450, "1"),
    ("Bloody Hand Wraps", "other", 1, (M, A, I), ("Caelian",), 450, "1"),
    ("Steeltongue", "weapon", 1, (M, R, I), ("Caelian", "Kalliak"), 450, "1"),
    ("Lance of the Sundered Star", "weapon", 1, (A, P), ("Hyrallic",), 450, "1"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("name", "kind", "echelon", "chars", "languages", "goal", "yields"), TREASURES
)
def test_treasure(name, kind, echelon, chars, languages, goal, yields) -> None:
    t = cat.treasure(name)
    assert (t.kind, t.echelon, t.characteristics, t.languages) == (kind, echelon, chars, languages)
    assert (t.goal, t.yields) == (goal, yields)
    assert t.leveled is (kind in {"armor", "implement", "weapon", "other"})


def test_goals_follow_the_table_except_the_two_exceptions() -> None:
    exceptions = {"Portable Cloud": 30, "Personal Effigy": 120}
    for t in cat.treasures():
        assert t.goal == exceptions.get(t.name, rules.treasure_goal(t.kind, t.echelon)), t.name


def test_only_the_named_consumables_make_several() -> None:
    several = {t.name: t.yields for t in cat.treasures() if t.yields != "1"}
    assert several == {
        "Black Ash Dart": "1d3", "Lachomp Tooth": "1d3", "Snapdragon": "1d6+1",
        "Float Powder": "1d3", "Purified Jelly": "1d3",
    }  # fmt: skip


def test_treasure_as_project_and_yield() -> None:
    template = cat.treasure("snapdragon").as_project()
    assert (template.kind, template.goal, template.completion) == ("crafting", 45, "treasure")
    assert template.characteristics == (R, I) and template.source_languages == ("Yllyric",)
    assert template.completion_note == "1d6+1 x Snapdragon"
    assert template.goal_for() == 45
    assert cat.treasure("Snapdragon").roll_yield(ScriptedDice([4])) == 5
    assert cat.treasure("Healing Potion").roll_yield(ScriptedDice([])) == 1


def test_unknown_treasure_lists_close_matches() -> None:
    with pytest.raises(cat.UnknownTreasure, match="Healing Potion"):
        cat.treasure("Healing Potato")


def test_search() -> None:
    assert [t.name for t in cat.search("airship")] == ["Build Airship"]
    caelian = {t.name for t in cat.search("caelian")}
    assert {"Build or Repair Road", "Healing Potion", "Steeltongue"} <= caelian
    assert "Psi Blade" not in caelian
    assert {t.name for t in cat.search("WEAPON")} >= {"Steeltongue", "Wetwork"}
    assert cat.search("zzz") == ()


# --- events --------------------------------------------------------------------------------


def test_event_table_covers_1_to_100_exactly_once() -> None:
    events = cat.project_events()
    assert len(events) == 50
    hits = Counter()
    for d100 in range(1, 101):
        event = cat.event_for_roll(d100)
        assert event.low <= d100 <= event.high and event.high - event.low == 1
        hits[event.rolls] += 1
    assert set(hits.values()) == {2} and len(hits) == 50


def test_event_entries_are_valid_and_varied() -> None:
    events = cat.project_events()
    for e in events:
        assert e.timing in ("before", "after")
        assert e.amount in cat.EVENT_EFFECTS[e.effect]
        assert 10 < len(e.prompt) < 120
    assert {e.effect for e in events} == set(cat.EVENT_EFFECTS)  # every effect is used
    assert {e.amount for e in events if e.effect == "goal_up"} == {20, 50}
    assert len({e.prompt for e in events}) == 50


def test_event_roll_and_bounds() -> None:
    assert cat.roll_project_event(ScriptedDice([38])).rolls == "37-38"
    assert cat.event_for_roll(1).rolls == "1-2" and cat.event_for_roll(100).rolls == "99-100"
    for bad in (0, 101, 2.5, True):
        with pytest.raises(RulesError, match="d100"):
            cat.event_for_roll(bad)


# --- custom projects -------------------------------------------------------------------------


def test_custom_project() -> None:
    t = cat.custom_project(
        "Tame a  Griffon", kind="other", goal=200, characteristics=["Presence", "might"],
        source_languages=["Khelt"],
    )  # fmt: skip
    assert (t.name, t.goal, t.characteristics, t.custom) == ("Tame a Griffon", 200, (P, M), True)
    assert t.source_languages == ("Khelt",) and t.goal_for() == 200
    assert (
        cat.custom_project("Study", kind="research", goal=30, characteristics="reason").goal == 30
    )


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"kind": "hobby"}, "crafting, research, other"),
        ({"goal": 0}, "goal"),
        ({"goal": 2.5}, "goal"),
        ({"characteristics": ["luck"]}, "might, agility"),
        ({"characteristics": []}, "characteristics"),
        ({"completion": "gold"}, "completion"),
        ({"name": "  "}, "needs a name"),
        ({"name": "build airship"}, "official project"),
    ],
)
def test_custom_project_is_validated(kwargs: dict, message: str) -> None:
    args = {"name": "Tame a Griffon", "kind": "other", "goal": 100, "characteristics": ["might"]}
    args.update(kwargs)
    with pytest.raises(RulesError, match=message):
        cat.custom_project(args.pop("name"), **args)
