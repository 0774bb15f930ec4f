"""campaign.yaml: the schema, the loader's messages, the starter template and the demo."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from typing import Any, get_args

import pytest
import yaml
from conftest import REPO, examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from drawsteel_kit.kit.campaign_file import load_campaign_file, parse_campaign_text
from drawsteel_kit.kit.errors import CampaignFileError
from drawsteel_kit.kit.limits import mixed_scripts, name_key
from drawsteel_kit.systems.draw_steel.campaign_file import (
    CAMPAIGN_FILE,
    COUNT_LIMIT,
    MAX_PROBLEMS_SHOWN,
    CampaignFile,
    Characteristics,
    CustomProjectSpec,
    HeroSpec,
    Settings,
    dump_campaign_file,
    slugify,
)
from drawsteel_kit.systems.draw_steel.catalog import projects as cat
from drawsteel_kit.systems.draw_steel.catalog.book_names import in_book
from drawsteel_kit.systems.draw_steel.catalog.careers import career, careers
from drawsteel_kit.systems.draw_steel.catalog.languages import language_fit, languages
from drawsteel_kit.systems.draw_steel.catalog.titles import (
    Benefit,
    choose_benefit,
    is_book_title,
    title,
)
from drawsteel_kit.systems.draw_steel.rules.advancement import level_for_xp, xp_for_level
from systems.draw_steel.helpers import yaml_data

ROOT = REPO
DEMO = ROOT / "campaigns" / "demo" / CAMPAIGN_FILE
TEMPLATE = ROOT / "templates" / "campaign" / CAMPAIGN_FILE


def hero(name: str = "Val", **fields: Any) -> dict[str, Any]:
    return {"name": name, "max_stamina": 20, "max_recoveries": 8, **fields}


def campaign(*heroes: dict[str, Any], **fields: Any) -> dict[str, Any]:
    return {"name": "Test", "heroes": list(heroes) or [hero()], **fields}


def write(tmp_path: Path, data: Any, name: str = CAMPAIGN_FILE) -> Path:
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    text = data if isinstance(data, str) else yaml.safe_dump(data, sort_keys=False)
    path.write_text(text, encoding="utf-8")
    return path


def problems(tmp_path: Path, data: Any) -> list[str]:
    """The lines of the CampaignFileError that loading ``data`` from a real file raises."""
    path = write(tmp_path, data)
    with pytest.raises(CampaignFileError) as info:
        load_campaign_file(path)
    lines = str(info.value).splitlines()
    assert all(line.startswith(f"{path}: ") for line in lines), lines
    return [line.removeprefix(f"{path}: ") for line in lines]


# --- the demo and the template ---------------------------------------------------------------


def test_demo_campaign_loads_and_shows_off_the_workbook():
    cf = load_campaign_file(DEMO)
    assert cf.name == "The Lantern Company"
    assert cf.stronghold is not None and cf.stronghold.name
    assert cf.settings.project_events == "roll"
    assert len(cf.heroes) == 5
    assert cf.heroes[2].name == "Yorn"
    for field in ("hero_class", "ancestry", "career"):
        assert len({getattr(h, field) for h in cf.heroes}) == 5, field
    assert any(h.victories for h in cf.heroes)
    assert any(h.titles for h in cf.heroes) and any(h.perks for h in cf.heroes)
    for h in cf.heroes:
        assert 1 <= h.level <= 3
        assert h.xp is not None and level_for_xp(h.xp, "normal") == h.level, h.name
        assert 18 <= h.max_stamina <= 30 and 8 <= h.max_recoveries <= 12
        assert max(h.characteristics.model_dump().values()) == 2
        assert "Caelian" in h.languages and len(h.languages) >= 2
        assert h.skills
        # Written before the career: init adds it once (the demo's heroes say so).
        assert h.project_points == 0 and not h.rewards_applied
        assert h.renown >= 0 and h.wealth >= 1


def test_demo_has_heroes_who_level_up_at_the_next_respite():
    # RULES.md: at the end of a respite victories become XP.
    cf = load_campaign_file(DEMO)
    rising = [h.name for h in cf.heroes if level_for_xp((h.xp or 0) + h.victories) > h.level]
    assert rising == ["Yorn", "Pip Thistledown"]


def test_demo_renown_lets_someone_recruit_a_follower():
    # RULES.md: renown 3 allows one follower; the demo's downtime plan recruits one. Renown
    # after init: what campaign.yaml says, plus the career and the titles.
    def renown(h: Any) -> int:
        titles = sum((choose_benefit(title(t.name), t.benefit) or Benefit("", "")).renown
                     for t in h.titles)
        return h.renown + career(h.career).renown + titles

    assert {h.name: renown(h) for h in load_campaign_file(DEMO).heroes if renown(h) >= 3} == {
        "Yorn": 3, "Quillon Ashmark": 4}


def test_template_loads_with_the_name_placeholder_and_one_hero():
    cf = load_campaign_file(TEMPLATE)
    assert cf.name == "__CAMPAIGN_NAME__"  # `drawsteel-kit new` replaces it
    assert len(cf.heroes) == 1


def test_template_shows_every_setting_at_its_default():
    raw = yaml.safe_load(TEMPLATE.read_text(encoding="utf-8"))
    shown = Settings.model_validate(raw["settings"])
    assert set(raw["settings"]) == set(Settings.model_fields)
    assert shown == Settings()


def test_template_hero_shows_every_hero_field():
    raw = yaml.safe_load(TEMPLATE.read_text(encoding="utf-8"))
    keys = {info.alias or name for name, info in HeroSpec.model_fields.items()}
    assert set(raw["heroes"][0]) == keys
    text = TEMPLATE.read_text(encoding="utf-8")
    assert all(f"{key}:" in text for key in CampaignFile.model_fields)


@pytest.mark.parametrize("path", [DEMO, TEMPLATE], ids=["demo", "template"])
def test_round_trip_of_the_shipped_files(path: Path):
    cf = load_campaign_file(path)
    assert parse_campaign_text(dump_campaign_file(cf)) == cf


# --- defaults --------------------------------------------------------------------------------


def test_defaults_follow_the_book(tmp_path: Path):
    cf = load_campaign_file(write(tmp_path, campaign()))
    assert cf.system == "draw-steel"
    assert cf.settings == Settings(
        xp_track="normal",
        project_events="off",
        hero_tokens_reset=True,
        stretch_purchases=False,
        title_followers=True,
    )
    assert cf.stronghold is None and cf.notes == ""
    h = cf.heroes[0]
    assert (h.level, h.xp, h.victories) == (1, 0, 0)
    assert (h.renown, h.wealth, h.project_points) == (0, 1, 0)
    assert h.languages == ["Caelian"] and h.skills == [] and h.titles == [] and h.perks == []
    assert h.characteristics == Characteristics(
        might=0, agility=0, reason=0, intuition=0, presence=0
    )
    assert h.career is None and h.hero_class == ""


@pytest.mark.parametrize(
    ("track", "level", "xp"),
    [("normal", 3, 32), ("fast", 3, 16), ("slow", 3, 64), ("normal", 10, 144)],
)
def test_missing_xp_is_the_least_the_level_needs_on_the_track(
    tmp_path: Path, track: str, level: int, xp: int
):
    data = campaign(hero(level=level), settings={"xp_track": track})
    assert load_campaign_file(write(tmp_path, data)).heroes[0].xp == xp


def test_given_xp_is_kept(tmp_path: Path):
    cf = load_campaign_file(write(tmp_path, campaign(hero(level=2, xp=30))))
    assert cf.heroes[0].xp == 30


def test_bare_off_is_read_as_off(tmp_path: Path):
    text = (
        "name: T\nsettings:\n  project_events: off\n"
        "heroes: [{name: A, max_stamina: 5, max_recoveries: 1}]\n"
    )
    assert load_campaign_file(write(tmp_path, text)).settings.project_events == "off"


def test_class_is_written_as_class_and_readable_as_hero_class(tmp_path: Path):
    cf = load_campaign_file(write(tmp_path, campaign(hero(**{"class": "Fury"}))))
    assert cf.heroes[0].hero_class == "Fury"
    assert "class: Fury" in dump_campaign_file(cf) and "hero_class" not in dump_campaign_file(cf)
    assert (
        HeroSpec(name="A", hero_class="Null", max_stamina=1, max_recoveries=0).hero_class == "Null"
    )


def test_career_is_matched_case_insensitively_to_its_canonical_name(tmp_path: Path):
    cf = load_campaign_file(write(tmp_path, campaign(hero(career="mage's APPRENTICE"))))
    assert cf.heroes[0].career == "Mage's Apprentice"


@pytest.mark.parametrize("blank", ["", "  ", None])
def test_a_blank_career_is_no_career(tmp_path: Path, blank: str | None):
    assert (
        load_campaign_file(write(tmp_path, campaign(hero(career=blank)))).heroes[0].career is None
    )


def test_names_are_stripped_and_odd_unicode_is_welcome(tmp_path: Path):
    names = ["  Zoë  ", "龍之介", "Ælfwyn 🐉", "שירה", "Ŝ̷ķ̶ȳ̵", "Mx. O'Neil-Ngũgĩ"]
    cf = load_campaign_file(write(tmp_path, campaign(*(hero(n) for n in names))))
    assert [h.name for h in cf.heroes][:2] == ["Zoë", "龍之介"]
    assert parse_campaign_text(dump_campaign_file(cf)) == cf


def test_models_are_frozen_and_forbid_extra_fields():
    s = Settings()
    with pytest.raises(ValidationError):
        s.xp_track = "fast"  # type: ignore[misc]
    with pytest.raises(ValidationError):
        Settings(speed="fast")  # type: ignore[call-arg]


# --- what a Director gets wrong, and what the message says ------------------------------------


def test_the_message_names_file_hero_field_and_range(tmp_path: Path):
    heroes = [hero("Val"), hero("Bran"), hero("Yorn", characteristics={"might": 9})]
    path = write(tmp_path, campaign(*heroes), name="campaigns/demo/campaign.yaml")
    with pytest.raises(CampaignFileError) as info:
        load_campaign_file(path)
    assert str(info.value) == (
        f"{path}: heroes[2] (Yorn): characteristics.might: must be from -5 to 5, got 9"
    )
    assert info.value.__cause__ is None and info.value.__suppress_context__


def test_a_hero_without_a_name_is_named_by_position(tmp_path: Path):
    nameless = {"max_stamina": 5, "max_recoveries": 1, "level": 12}
    lines = problems(tmp_path, campaign(hero("Val"), nameless))
    assert (
        "heroes[1]: name: is required: the hero's name, 1-60 characters, unique in the party"
        in lines
    )
    assert "heroes[1]: level: must be from 1 to 10, got 12" in lines


def test_several_problems_are_listed_one_a_line(tmp_path: Path):
    data = campaign(
        hero("Val", level=0, wealth=-1),
        hero("Yorn", characteristics={"reason": -6}),
        settings={"xp_track": "quick"},
    )
    assert problems(tmp_path, data) == [
        "settings.xp_track: must be one of normal, fast, slow, got 'quick'",
        "heroes[0] (Val): level: must be from 1 to 10, got 0",
        "heroes[0] (Val): wealth: must be from 0 to 999999, got -1",
        "heroes[1] (Yorn): characteristics.reason: must be from -5 to 5, got -6",
    ]


def test_a_flood_of_problems_is_cut_short(tmp_path: Path):
    data = campaign(*(hero(f"H{i}", level=99) for i in range(MAX_PROBLEMS_SHOWN + 5)))
    lines = problems(tmp_path, data)
    assert len(lines) == MAX_PROBLEMS_SHOWN + 1
    assert lines[-1] == "... and 5 more problems"


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (
            campaign(settingz={}),
            "settingz: unknown field; did you mean 'settings'? Allowed: "
            "name, system, settings, stronghold, custom, heroes, custom_projects, wealth_items, "
            "notes",
        ),
        (
            campaign(hero(clas="Fury")),
            "heroes[0] (Val): clas: unknown field; did you mean 'class'?",
        ),
        (
            campaign(settings={"xp_trak": "fast"}),
            "settings.xp_trak: unknown field; did you mean 'xp_track'?",
        ),
        (
            campaign(hero(characteristics={"strength": 2})),
            "heroes[0] (Val): characteristics.strength: "
            "unknown field. Allowed: might, agility, reason, intuition, presence",
        ),
        (campaign(stronghold={"name": "Keep", "size": 3}), "stronghold.size: unknown field."),
    ],
    ids=["top", "hero", "settings", "characteristics", "stronghold"],
)
def test_unknown_fields_are_named_with_the_allowed_ones(tmp_path: Path, data: Any, expected: str):
    assert any(line.startswith(expected) for line in problems(tmp_path, data))


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        ({"level": "3"}, "level: must be a whole number, got '3'"),
        ({"level": 2.0}, "level: must be a whole number, got 2.0"),
        ({"xp": True}, "xp: must be a whole number, got true"),
        ({"max_stamina": None}, "max_stamina: must be a whole number, got an empty value"),
        ({"player": 1984}, "player: must be text, got 1984 (put it in quotes)"),
        (
            {"skills": "Alertness"},
            "skills: must be a list (one `- item` line each), got 'Alertness'",
        ),
        ({"skills": ["Alertness", 3]}, "skills[1]: must be text, got 3 (put it in quotes)"),
        (
            {"characteristics": [2, 1]},
            "characteristics: must be a mapping (`key: value` lines), got a list",
        ),
        ({"career": 7}, "career: must be text, got 7 (put it in quotes)"),
    ],
)
def test_wrong_types_say_what_is_wanted(tmp_path: Path, fields: dict[str, Any], expected: str):
    assert f"heroes[0] (Val): {expected}" in problems(tmp_path, campaign(hero(**fields)))


@pytest.mark.parametrize(
    ("settings_", "expected"),
    [
        (
            {"hero_tokens_reset": "yes please"},
            "settings.hero_tokens_reset: must be true or false, got 'yes please'",
        ),
        ({"stretch_purchases": 1}, "settings.stretch_purchases: must be true or false, got 1"),
        (
            {"project_events": True},
            "settings.project_events: must be one of off, roll or "
            "milestones, got true (YAML reads a bare on, yes or true as true)",
        ),
        (
            {"project_events": "rol"},
            "settings.project_events: must be one of off, roll, "
            "milestones, got 'rol'; did you mean 'roll'?",
        ),
        ([], "settings: must be a mapping (`key: value` lines), got a list"),
    ],
)
def test_settings_errors(tmp_path: Path, settings_: Any, expected: str):
    assert expected in problems(tmp_path, campaign(settings=settings_))


def test_system_must_be_one_the_workbook_keeps(tmp_path: Path):
    assert problems(tmp_path, campaign(system="dnd5e")) == [
        "system: must be one of draw-steel, condition-sheet, dungeon-world, pf2e, got 'dnd5e'"
    ]


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        ({"level": 11}, "level: must be from 1 to 10, got 11"),
        ({"max_stamina": 0}, "max_stamina: must be from 1 to 999, got 0"),
        ({"max_stamina": 1000}, "max_stamina: must be from 1 to 999, got 1000"),
        ({"max_recoveries": -1}, "max_recoveries: must be from 0 to 99, got -1"),
        ({"max_recoveries": 100}, "max_recoveries: must be from 0 to 99, got 100"),
        ({"victories": -1}, "victories: must be from 0 to 999999, got -1"),
        ({"renown": COUNT_LIMIT + 1}, "renown: must be from 0 to 999999, got 1000000"),
        ({"project_points": -5}, "project_points: must be from 0 to 999999, got -5"),
        ({"wealth": 10**40}, "wealth: must be from 0 to 999999, got a number 41 digits long"),
        (
            {"characteristics": {"presence": -6}},
            "characteristics.presence: must be from -5 to 5, got -6",
        ),
    ],
)
def test_out_of_range_numbers_give_the_range(tmp_path: Path, fields: dict[str, Any], expected: str):
    assert problems(tmp_path, campaign(hero(**fields))) == [f"heroes[0] (Val): {expected}"]


def test_huge_number_literal_does_not_crash(tmp_path: Path):
    text = f"name: T\nheroes: [{{name: A, max_stamina: {'9' * 5000}, max_recoveries: 1}}]\n"
    [line] = problems(tmp_path, text)
    assert line.startswith("YAML error at line 2, column 33: cannot read '999")
    assert line.endswith("a number too long to read")


def test_xp_below_the_level_says_the_minimum(tmp_path: Path):
    data = campaign(hero("Val", level=3, xp=10), settings={"xp_track": "slow"})
    assert problems(tmp_path, data) == [
        "heroes[0] (Val): xp: must be at least 64 for level 3 on the slow XP track, got 10"
    ]


def test_duplicate_hero_names_ignore_case(tmp_path: Path):
    assert problems(tmp_path, campaign(hero("Val"), hero("Yorn"), hero("VAL"))) == [
        "heroes[2] (VAL): name: 'VAL' is already the name of heroes[0] (Val); "
        "hero names must differ (case is ignored)"
    ]


def test_unknown_career_lists_the_allowed_ones_and_the_closest(tmp_path: Path):
    [line] = problems(tmp_path, campaign(hero(career="Saylor")))
    assert line.startswith(
        "heroes[0] (Val): career: unknown career 'Saylor'; did you mean 'Sailor'?"
    )
    assert line.endswith("Allowed: " + ", ".join(careers()))


@pytest.mark.parametrize("field", ["skills", "languages"])
def test_no_duplicate_skills_or_languages(tmp_path: Path, field: str):
    assert problems(tmp_path, campaign(hero(**{field: ["Caelian", "Khelt", "khelt"]}))) == [
        f"heroes[0] (Val): {field}: lists 'khelt' twice (entries [1] and [2]; case is ignored)"
    ]


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("", "name: must not be blank"),
        ("   ", "name: must not be blank"),
        ("\u200b", "name: must not be blank"),
        ("x" * 61, "name: must be at most 60 characters, got 61"),
        ("Val\nYorn", "name: must be one line without control characters, found U+000A"),
        ("Bell\x07", "name: must be one line without control characters, found U+0007"),
        ("Val\u202e", "name: must be one line without invisible formatting characters "
                      "(right-to-left overrides, zero-width spaces), found U+202E "
                      "(RIGHT-TO-LEFT OVERRIDE)"),
    ],
)
def test_bad_hero_names(tmp_path: Path, name: str, expected: str):
    [line] = problems(tmp_path, campaign(hero(name)))
    assert line.startswith("heroes[0]") and line.endswith(expected)


def test_campaign_and_stronghold_names_are_checked_too(tmp_path: Path):
    data = campaign(name=" ", stronghold={"location": "Capital"})
    assert problems(tmp_path, data) == [
        "name: must not be blank",
        "stronghold.name: is required: the stronghold's name",
    ]


def test_notes_may_span_lines_but_hold_no_control_characters(tmp_path: Path):
    ok = campaign(notes="Line one\n\tLine two\n", stronghold={"name": "K", "notes": "a\nb"})
    assert load_campaign_file(write(tmp_path, ok)).notes == "Line one\n\tLine two\n"
    bad = campaign(notes="a\x85b", stronghold={"name": "K", "location": "\x1b[31m"})
    assert problems(tmp_path, bad) == [
        "stronghold.location: must not contain control characters, found U+001B",
        "notes: must not contain control characters, found U+0085",
    ]


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ({"name": "T"}, ["heroes: is required: the party: a list of heroes, at least one"]),
        (campaign(heroes=[]), ["heroes: needs at least one hero"]),
        (
            campaign(heroes={"Val": {}}),
            ["heroes: must be a list (one `- item` line each), got a mapping"],
        ),
        (
            campaign(heroes=["Val"]),
            ["heroes[0]: must be a mapping (`key: value` lines), got 'Val'"],
        ),
        ({"heroes": [hero()]}, ["name: is required: the campaign's name"]),
    ],
)
def test_party_shape(tmp_path: Path, data: Any, expected: list[str]):
    assert problems(tmp_path, data) == expected


def test_keys_that_are_not_text(tmp_path: Path):
    text = "name: T\n1: x\nheroes: [{name: A, max_stamina: 5, max_recoveries: 1, null: 2}]\n"
    assert problems(tmp_path, text) == [
        "heroes[0] (A): field names must be text, got an empty value",
        "field names must be text, got 1",
    ]


# --- related languages and the Director's own projects ---------------------------------------


def project(name: str = "Tame a Griffon", **fields: Any) -> dict[str, Any]:
    return {"name": name, "kind": "other", "goal": 200, "characteristics": ["presence"], **fields}


def test_related_languages_and_custom_projects_default_to_none(tmp_path: Path):
    cf = load_campaign_file(write(tmp_path, campaign()))
    assert cf.settings.related_languages == [] and cf.custom_projects == []


def test_related_languages_are_spelled_as_the_catalog_spells_them(tmp_path: Path):
    groups = [["kalliak", " Zaliac "], ["Low Rhivian", "High Rhyvian", "Dwarvish Cant"]]
    data = campaign(settings={"related_languages": groups})
    data["custom"] = {"languages": ["Dwarvish Cant"]}  # not the book's: the campaign's own
    cf = load_campaign_file(write(tmp_path, data))
    assert cf.settings.related_languages == [
        ["Kalliak", "Zaliac"],
        ["Low Rhyvian", "High Rhyvian", "Dwarvish Cant"],
    ]
    assert language_fit(["Kalliak"], ["Zaliac"], cf.settings.related_languages) == "related"


@pytest.mark.parametrize(
    ("groups", "expected"),
    [
        ([["Zaliac"]], "settings.related_languages[0]: a group of related languages needs at "
         "least 2 different languages, got Zaliac"),
        ([["Voll", "Anjali"], []], "settings.related_languages[1]: a group of related languages "
         "needs at least 2 different languages, got none"),
        ([["Zaliac", "zaliac"]], "settings.related_languages[0]: lists 'zaliac' twice "
         "(entries [0] and [1]; case is ignored)"),
        ([["Low Rhyvian", "Low Rhivian"]], "settings.related_languages[0]: lists 'Low Rhivian' "
         "twice (entries [0] and [1]; case is ignored)"),
        (["Zaliac"], "settings.related_languages[0]: must be a list (one `- item` line each), "
         "got 'Zaliac'"),
        ([["Voll", 7]], "settings.related_languages[0][1]: must be text, got 7 (put it in quotes)"),
        ([["Voll", " "]], "settings.related_languages[0][1]: must not be blank"),
    ],
)  # fmt: skip
def test_related_language_groups_are_checked(tmp_path: Path, groups: Any, expected: str):
    assert problems(tmp_path, campaign(settings={"related_languages": groups})) == [expected]


def test_a_custom_project_becomes_a_catalog_template(tmp_path: Path):
    spec = project(
        "Chart  the Sunken Library", kind="research", goal=90,
        characteristics=["reason", "intuition"], project_source="the drowned index",
        source_language="low rhivian", completion="lore",
    )  # fmt: skip
    cf = load_campaign_file(write(tmp_path, campaign(custom_projects=[spec, project()])))
    first = cf.custom_projects[0]
    assert (first.name, first.source_language) == ("Chart the Sunken Library", "Low Rhyvian")
    template = first.as_project()
    assert template == cat.custom_project(
        "Chart the Sunken Library", kind="research", goal=90,
        characteristics=["reason", "intuition"], project_source="the drowned index",
        source_languages=["Low Rhyvian"], completion="lore", source="campaign.yaml custom_projects",
    )  # fmt: skip
    assert template.custom and template.goal_for() == 90 and template.item_prerequisite is None
    second = cf.custom_projects[1].as_project()
    assert (second.completion, second.source_languages) == ("director", ())


def test_a_blank_source_language_is_none(tmp_path: Path):
    data = campaign(custom_projects=[project(source_language="")])
    cf = load_campaign_file(write(tmp_path, data))
    assert cf.custom_projects[0].source_language is None


def test_custom_project_choices_are_the_catalogs():
    fields = CustomProjectSpec.model_fields
    assert get_args(fields["kind"].annotation) == cat.PROJECT_KINDS
    assert get_args(get_args(fields["characteristics"].annotation)[0]) == cat.CHARACTERISTICS
    [check] = [m for m in fields["completion"].metadata if hasattr(m, "func")]
    for completion in cat.COMPLETIONS:
        assert check.func(completion) == completion


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        (project("discover  LORE"), "name: 'discover LORE' is an official project in the "
         "catalog: give the custom project another name"),
        (project("Healing Potion"), "name: 'Healing Potion' is a treasure in the catalog: give "
         "the custom project another name"),
        (project(kind="hobby"), "kind: must be one of crafting, research, other, got 'hobby'"),
        (project(goal=0), "goal: must be from 1 to 1000000, got 0"),
        (project(goal=1_000_001), "goal: must be from 1 to 1000000, got 1000001"),
        (project(goal=2.5), "goal: must be a whole number, got 2.5"),
        (project(characteristics=[]), "characteristics: must name at least one of might, "
         "agility, reason, intuition, presence"),
        (project(characteristics=["luck"]), "characteristics[0]: must be one of might, agility, "
         "reason, intuition, presence, got 'luck'"),
        (project(characteristics="might"), "characteristics: must be a list (one `- item` line "
         "each), got 'might'"),
        (project(characteristics=["might", "might"]), "characteristics: lists 'might' twice "
         "(entries [0] and [1]; case is ignored)"),
        (project(completion="gold"), "completion: must be one of " + ", ".join(
            sorted(cat.COMPLETIONS)) + ", got 'gold'"),
        (project(source_language=3), "source_language: must be text, got 3 (put it in quotes)"),
        (project(item_prerequisite="x" * 201), "item_prerequisite: must be at most 200 "
         "characters, got 201"),
        (project(colour="red"), "colour: unknown field. Allowed: name, kind, goal, "
         "characteristics, item_prerequisite, project_source, source_language, completion"),
    ],
)  # fmt: skip
def test_custom_project_problems(tmp_path: Path, spec: dict[str, Any], expected: str):
    assert problems(tmp_path, campaign(custom_projects=[spec])) == [
        f"custom_projects[0] ({spec['name']}): {expected}"  # named as the file writes it
    ]


def test_custom_project_names_must_differ(tmp_path: Path):
    data = campaign(custom_projects=[project("Tame"), project("Study"), project("TAME")])
    assert problems(tmp_path, data) == [
        "custom_projects[2] (TAME): name: 'TAME' is already the name of custom_projects[0] "
        "(Tame); "
        "project names must differ (case is ignored)"
    ]


def test_a_nameless_custom_project_is_named_by_position(tmp_path: Path):
    assert problems(tmp_path, campaign(custom_projects=[{"kind": "other", "goal": 5,
                                                        "characteristics": ["might"]}])) == [
        "custom_projects[0]: name: is required: the project's name, unique, not an official "
        "project's"
    ]  # fmt: skip


def test_hero_problems_stay_in_file_order(tmp_path: Path):
    data = campaign(hero("Val", level=2, xp=3), hero("val", level=2, xp=3))
    assert problems(tmp_path, data) == [
        "heroes[0] (Val): xp: must be at least 16 for level 2 on the normal XP track, got 3",
        "heroes[1] (val): xp: must be at least 16 for level 2 on the normal XP track, got 3",
        "heroes[1] (val): name: 'val' is already the name of heroes[0] (Val); "
        "hero names must differ (case is ignored)",
    ]


def uncomment_example(text: str, key: str) -> str:
    """The template with the commented ``key:`` example in place of the live ``key: []``."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.lstrip() == f"# {key}:")
    indent = lines[start].index("#")
    end = start
    while lines[end + 1].startswith(" " * indent + "#   "):
        end += 1
    example = [line[:indent] + line[indent + 2 :] for line in lines[start : end + 1]]
    live = lines.index(" " * indent + f"{key}: []")
    return "\n".join(lines[:start] + example + lines[end + 1 : live] + lines[live + 1 :])


def test_the_template_examples_are_valid_when_uncommented():
    text = TEMPLATE.read_text(encoding="utf-8")
    for key in ("related_languages", "unrelated_languages", "project_skills",
                "custom_projects"):
        text = uncomment_example(text, key)
    cf = parse_campaign_text(text)
    assert cf.settings.related_languages == [["Szetch", "Variac"]]
    assert cf.settings.unrelated_languages == [["Kethaic", "Caelian"]]
    assert cf.settings.project_skills == ["Navigate"]
    [spec] = cf.custom_projects
    assert spec.as_project().source_languages == ("Low Rhyvian",) and spec.completion == "lore"


# --- files that cannot be read ----------------------------------------------------------------


def test_missing_file_says_how_to_make_one(tmp_path: Path):
    path = tmp_path / "nowhere" / CAMPAIGN_FILE
    with pytest.raises(
        CampaignFileError, match=r"no such file; create a campaign with `drawsteel-kit new`"
    ):
        load_campaign_file(path)


def test_a_folder_is_not_a_file_and_the_file_inside_is_suggested(tmp_path: Path):
    with pytest.raises(CampaignFileError) as info:
        load_campaign_file(tmp_path)
    assert str(info.value) == f"{tmp_path}: is a folder, not a campaign file"
    write(tmp_path, campaign())
    with pytest.raises(
        CampaignFileError, match=re.escape(f"did you mean {tmp_path / CAMPAIGN_FILE}?")
    ):
        load_campaign_file(tmp_path)


def test_not_utf8(tmp_path: Path):
    path = tmp_path / CAMPAIGN_FILE
    path.write_bytes(b"name: T\nnotes: caf\xe9\n")
    with pytest.raises(CampaignFileError) as info:
        load_campaign_file(path)
    assert str(info.value) == f"{path}: is not UTF-8 text (byte 0xe9 on line 2); save it as UTF-8"


def test_a_utf8_byte_order_mark_is_fine(tmp_path: Path):
    path = tmp_path / CAMPAIGN_FILE
    path.write_bytes(b"\xef\xbb\xbf" + yaml.safe_dump(campaign()).encode())
    assert load_campaign_file(path).name == "Test"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("name: T\nheroes:\n  - name: A\n   bad: [\n", "YAML syntax error at line 4, column 4: "),
        ("name: [T\n", "YAML syntax error at line 2, column 1: "),
        ("name: T\n\theroes: []\n", "indent with spaces, not tabs"),
        ("name: T\nname: U\n", "YAML error at line 2, column 1: found the key 'name' twice"),
        ("name: 2024-02-31\n", "YAML error at line 1, column 7: cannot read '2024-02-31': "),
        (
            "name: !!python/object/apply:os.system [ls]\n",
            "YAML error at line 1, column 7: could not determine a constructor",
        ),
        ("[" * 3000, "nested too deeply to read"),
        (
            "name: T\nnotes: a\x00b\n",
            "YAML error at line 2, column 9: the character U+0000 is not allowed in a YAML file",
        ),
        ("", "is empty: it needs at least `name:` and `heroes:`"),
        ("# only a comment\n", "is empty: it needs at least `name:` and `heroes:`"),
        (
            "- name: T\n",
            "the top level must be a mapping (`name:`, `heroes:`, ... lines), got a list",
        ),
        (
            "just words\n",
            "the top level must be a mapping (`name:`, `heroes:`, ... lines), got 'just words'",
        ),
    ],
)
def test_unreadable_text(tmp_path: Path, text: str, expected: str):
    [line] = problems(tmp_path, text)
    assert expected in line


def test_yaml_merge_keys_are_not_duplicate_keys():
    text = (
        "name: T\nbase: &b {max_stamina: 5, max_recoveries: 1}\n"
        "heroes: [{<<: *b, name: A, max_stamina: 6}]\n"
    )
    with pytest.raises(CampaignFileError) as info:  # `base` is unknown, but the merge is read
        parse_campaign_text(text)
    assert str(info.value).startswith("campaign.yaml: base: unknown field")


def test_parse_names_its_source():
    with pytest.raises(CampaignFileError, match=r"^somewhere/x.yaml: name: must not be blank"):
        parse_campaign_text(yaml.safe_dump(campaign(name="")), source="somewhere/x.yaml")


# --- round trips and slugs --------------------------------------------------------------------

free_text = st.text(
    st.characters(blacklist_categories=("Cc", "Cs")) | st.sampled_from("\n\t\r"), max_size=30
)
def _is_label(text: str) -> bool:
    """What config's label validator accepts: printable, with a visible character, in one of
    the look-alike alphabets at most."""
    return all(c.isprintable() for c in text) and any(
        unicodedata.category(c)[0] in "LNPS" for c in unicodedata.normalize("NFC", text).strip()
    ) and not mixed_scripts(unicodedata.normalize("NFC", text))


def _label_key(text: str) -> str:
    return name_key(unicodedata.normalize("NFC", text).strip())


labels = st.text(min_size=1, max_size=12).filter(_is_label)


@st.composite
def campaigns(draw: st.DrawFn) -> CampaignFile:
    track = draw(st.sampled_from(["normal", "fast", "slow"]))
    names = draw(st.lists(labels, min_size=1, max_size=4, unique_by=_label_key))
    heroes = []
    for name in names:
        level = draw(st.integers(1, 10))
        heroes.append(
            {
                "name": name,
                "class": draw(st.sampled_from(["", "Fury", "Null"])),
                "career": draw(st.none() | st.sampled_from(sorted(careers()))),
                "level": level,
                "xp": draw(st.none() | st.integers(xp_for_level(level, track), COUNT_LIMIT)),
                "characteristics": {"might": draw(st.integers(-5, 5))},
                "max_stamina": draw(st.integers(1, 999)),
                "max_recoveries": draw(st.integers(0, 99)),
                "skills": draw(st.lists(labels, max_size=3, unique_by=_label_key)),
                "titles": draw(st.lists(labels.filter(lambda t: not is_book_title(t)),
                                        max_size=2, unique_by=str.casefold)),
            }
        )
    tongues = st.lists(st.sampled_from(sorted(languages())), min_size=2, max_size=3, unique=True)
    projects = [
        {
            "name": f"Custom {name}",
            "kind": draw(st.sampled_from(cat.PROJECT_KINDS)),
            "goal": draw(st.integers(1, 1_000_000)),
            "characteristics": draw(
                st.lists(st.sampled_from(cat.CHARACTERISTICS), min_size=1, unique=True)
            ),
            "project_source": draw(st.sampled_from(["", "a mentor"])),
            "source_language": draw(st.none() | st.sampled_from(sorted(languages()))),
            "completion": draw(st.sampled_from(sorted(cat.COMPLETIONS))),
        }
        for name in draw(st.lists(st.sampled_from(["A", "B", "C"]), max_size=3, unique=True))
    ]
    data = {
        "name": draw(labels),
        "settings": {
            "xp_track": track,
            "project_events": draw(st.sampled_from(["off", "roll", "milestones"])),
            "stretch_purchases": draw(st.booleans()),
            "related_languages": draw(st.lists(tongues, max_size=2)),
        },
        "heroes": heroes,
        "custom_projects": projects,
        "notes": draw(free_text),
    }
    if draw(st.booleans()):
        data["stronghold"] = {"name": draw(labels), "location": draw(free_text)}
    # Skills and titles not in the book are the campaign's own: declared once each.
    data["custom"] = {
        kind: list({_label_key(n): n.strip() for h in heroes for n in h[kind]
                    if in_book(kind, n) is None}.values())
        for kind in ("skills", "titles")
    }
    return CampaignFile.model_validate(data)


@settings(max_examples=examples(50), suppress_health_check=[HealthCheck.too_slow])
@given(campaigns())
def test_dump_then_parse_gives_the_same_campaign(cf: CampaignFile):
    assert parse_campaign_text(dump_campaign_file(cf)) == cf


@pytest.mark.parametrize(
    ("name", "slug"),
    [
        ("The Lantern Company", "the-lantern-company"),
        ("Val's Band", "vals-band"),
        ("  Éclat & Ruin!! ", "eclat-ruin"),
        ("Con", "con-campaign"),
        ("x" * 100, "x" * 60),
    ],
)
def test_slugify(name: str, slug: str):
    assert slugify(name) == slug


def test_slugify_keeps_non_ascii_names_apart():
    a, b = slugify("龍の会"), slugify("火の会")
    assert a.startswith("campaign-") and b.startswith("campaign-") and a != b


@given(st.text())
def test_slugify_is_never_empty_and_safe_for_a_folder(name: str):
    slug = slugify(name)
    assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", slug)
    assert len(slug) <= 60 and slugify(name) == slug


# --- nothing but CampaignFileError, whatever the file holds -----------------------------------

field_names = st.sampled_from(
    [
        "name",
        "system",
        "settings",
        "stronghold",
        "heroes",
        "notes",
        "level",
        "xp",
        "class",
        "career",
        "characteristics",
        "might",
        "skills",
        "languages",
        "xp_track",
        "project_events",
        "related_languages",
        "custom_projects",
        "goal",
    ]
)


def only_campaign_file_errors(text: str) -> None:
    try:
        result = parse_campaign_text(text)
    except CampaignFileError as exc:
        assert str(exc).startswith("campaign.yaml: ")
        assert "pydantic" not in str(exc) and "Traceback" not in str(exc)
    else:
        assert isinstance(result, CampaignFile)


@settings(max_examples=examples(100))
@given(st.text())
def test_arbitrary_text_raises_only_campaign_file_error(text: str):
    only_campaign_file_errors(text)


@settings(max_examples=examples(100))
@given(yaml_data)
def test_arbitrary_data_raises_only_campaign_file_error(data: Any):
    only_campaign_file_errors(yaml.safe_dump(data))


@settings(max_examples=examples(100), suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_valid_file_with_one_part_replaced_raises_only_campaign_file_error(data: st.DataObject):
    doc: dict[str, Any] = yaml.safe_load(DEMO.read_text(encoding="utf-8"))
    target: Any = data.draw(
        st.sampled_from(
            [doc, doc["settings"], doc["heroes"][1], doc["heroes"][2]["characteristics"]]
        )
    )
    target[data.draw(field_names)] = data.draw(yaml_data)
    only_campaign_file_errors(yaml.safe_dump(doc, allow_unicode=True))
