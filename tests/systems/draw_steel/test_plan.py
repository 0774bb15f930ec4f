"""Downtime plans read on their own: the format, and a PlanError for every mistake.

Every message names the file, the line, the entry (with its hero), the field and what is
allowed. Whatever the text, parse_plan raises nothing but PlanError.
"""

from __future__ import annotations

import copy
import dataclasses
import hashlib
import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import REPO, examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from drawsteel_kit.kit.errors import PlanError
from drawsteel_kit.systems.draw_steel.activities import (
    FindSource,
    Other,
    ProjectRoll,
    ServeAsSource,
    StudyGuide,
)
from drawsteel_kit.systems.draw_steel.plans.read import (
    MAX_NODES,
    Plan,
    load_plan,
    parse_plan,
    plan_from_data,
)
from systems.draw_steel.helpers import yaml_data

ROOT = REPO
DEMO_PLAN = ROOT / "campaigns" / "demo" / "plans" / "first-week.yaml"
EXAMPLE_PLAN = ROOT / "templates" / "campaign" / "plans" / "example.yaml"

WEEK = """\
name: The first week
days: 7
start:
  - hero: Val
    project: Discover Lore
    title: The mill's cellar
    params: {kind: obscure}
followers:
  - hero: Yorn
    add: {name: Hesk, role: artisan, ancestry: Orc, physical: might}
    assign: Healing Potion
spend:
  - hero: Bran Ironvein
    project: The mill's cellar
    points: 10
respites:
  - hero: Val
    days: every
    activity: {roll: The mill's cellar, characteristic: reason, edges: 1}
  - hero: Bran Ironvein
    days: [2]
    activity: {guide: The Alchemist's Primer, project: Healing Potion, knowledge: 20}
  - hero: Yorn
    days: [3]
    activity: {roll: Healing Potion, dice: [[9, 4]]}
"""


def week(old: str = "", new: str = "") -> str:
    """WEEK with one piece of text replaced (which must be there)."""
    assert old in WEEK
    return WEEK.replace(old, new, 1)


def refused(text: str, source: str = "week.yaml") -> str:
    with pytest.raises(PlanError) as caught:
        parse_plan(text, source)
    return str(caught.value)


# --- the format ---------------------------------------------------------------------------------


def test_the_week_reads_into_a_plan():
    plan = parse_plan(WEEK, "week.yaml")
    assert (plan.name, plan.days, plan.source) == ("The first week", 7, "week.yaml")
    assert plan.schedule == ((1, 2, 3, 4, 5, 6, 7), (2,), (3,))
    assert plan.start[0].name == "The mill's cellar" and plan.start[0].params == {"kind": "obscure"}
    assert plan.followers[0].assigns and plan.followers[0].name == "Hesk"
    assert plan.resting(3) == [0, 2] and plan.resting(4) == [0]
    assert plan.activity(0, 5) == ProjectRoll("The mill's cellar", "reason", edges=1)
    assert plan.activity(1, 2) == StudyGuide("Healing Potion", "The Alchemist's Primer", 20)
    assert plan.activity(2, 3) == ProjectRoll("Healing Potion", dice=(9, 4))


@pytest.mark.parametrize("path", [DEMO_PLAN, EXAMPLE_PLAN], ids=["demo", "template"])
def test_the_shipped_plans_read(path: Path):
    plan = load_plan(path)
    assert plan.respites and plan.start and plan.source == str(path)


def test_the_template_reads_with_every_commented_section_switched_on():
    def switch_on(block: re.Match[str]) -> str:
        return re.sub(r"^# ?", "", block.group(0), flags=re.M)

    text = EXAMPLE_PLAN.read_text(encoding="utf-8")
    on = re.sub(r"^# (followers|spend|shopping|buy|moves):.*?\n\n", switch_on, text,
                flags=re.M | re.S)
    plan = parse_plan(on, "example.yaml")
    assert [(m.to, m.day) for m in plan.moves] == [("The Old Mill", 5)]
    assert [f.name for f in plan.followers] == ["Hesk", "Hesk", "Hesk"]
    assert plan.followers[1].assigns and plan.followers[1].assign is None
    # where followers are (000: 3945, 3957): the template shows both work places and elsewhere
    assert (plan.followers[0].at, plan.followers[0].materials) == ("stronghold", True)
    assert plan.followers[2].places and plan.followers[2].at == "Riverside Market"
    assert plan.spend[0].points == 10 and plan.spend[0].day == 1
    # a downtime's shopping trip and a purchase (000: 3965)
    assert (plan.shopping[0].purchases, plan.shopping[0].max_tier) == (2, 3)
    assert (plan.buy[0].hero, plan.buy[0].item, plan.buy[0].day) == ("Aster", "horse and cart", 2)


def test_the_digest_is_what_each_entry_says_as_ledgers_keep_it():
    """The digest comes from one dump of the checked file: the same as each entry's own dump,
    which is how digests already kept in ledgers were made (a plan resolved before is known)."""
    text = EXAMPLE_PLAN.read_text(encoding="utf-8")
    on = re.sub(r"^# (followers|spend|shopping|buy|moves):.*?\n\n",
                lambda m: re.sub(r"^# ?", "", m.group(0), flags=re.M), text, flags=re.M | re.S)
    plan = parse_plan(on, "example.yaml")
    assert plan.moves and plan.shopping and plan.buy and plan.followers and plan.spend
    said: dict[str, Any] = {"name": plan.name, "days": plan.days, "notes": plan.notes}
    for part in ("start", "followers", "spend", "respites", "moves", "shopping", "buy"):
        said[part] = [entry.model_dump(mode="json", warnings=False)
                      for entry in getattr(plan, part)]
    text_said = json.dumps(said, sort_keys=True, ensure_ascii=False)
    assert plan.digest == hashlib.sha256(text_said.encode("utf-8")).hexdigest()
    assert dataclasses.replace(plan, spec=None).digest == plan.digest  # built from entries
    assert parse_plan(on.replace("days: 7", "days: 6", 1), "example.yaml").digest != plan.digest


@pytest.mark.parametrize(
    ("days", "schedule"),
    [
        ("every", (1, 2, 3, 4, 5, 6, 7)),
        ("3", (3,)),
        ("[5, 1, 3]", (1, 3, 5)),
        ('"2-4"', (2, 3, 4)),
        ('[1, "4-6"]', (1, 4, 5, 6)),
        ('"7-7"', (7,)),
    ],
)
def test_days_every_one_a_list_or_a_range(days: str, schedule: tuple[int, ...]):
    plan = parse_plan(week("days: [2]", f"days: {days}").replace(
        "knowledge: 20}", "knowledge: 20}\n    # x"), "w")
    assert plan.schedule[1] == schedule


def test_typed_in_dice_one_list_per_day_null_rolls_and_flat_for_one_day():
    plan = parse_plan(week("days: [3]", 'days: "3-5"').replace(
        "[[9, 4]]", "[[9, 4], null, [10, 10, 1, 2]]"), "w")
    assert [plan.activity(2, d).dice for d in (3, 4, 5)] == [(9, 4), None, (10, 10, 1, 2)]
    flat = parse_plan(week("[[9, 4]]", "[9, 4]"), "w")
    assert flat.activity(2, 3).dice == (9, 4)


@pytest.mark.parametrize(
    ("activity", "expected"),
    [
        ("{find_source: The mill's cellar}", FindSource("The mill's cellar")),
        ("{serve_as_source: 4}", ServeAsSource(4)),
        ("{other: Changes kit}", Other("Changes kit")),
        ("Changes kit", Other("Changes kit")),
        ("{roll: 12, skill: History, bonus: -2, banes: 2}",
         ProjectRoll(12, skill="History", bonus=-2, banes=2)),
        ("{guide: Primer, project: X, knowledge: 5, language: Khelt}",
         StudyGuide("X", "Primer", 5, "Khelt")),
    ],
)
def test_every_kind_of_activity(activity: str, expected: object):
    text = week("activity: {roll: The mill's cellar, characteristic: reason, edges: 1}",
                f"activity: {activity}")
    assert parse_plan(text, "w").activity(0, 1) == expected


def test_no_activity_is_a_plain_respite_and_entries_are_optional():
    plan = parse_plan("name: Rest\ndays: 2\nrespites:\n  - {hero: Val, days: every}\n", "w")
    assert plan.activity(0, 1) is None and plan.start == () and plan.followers == ()


def test_a_plan_is_frozen_and_built_from_data_too():
    data = yaml.safe_load(WEEK)
    plan = plan_from_data(data, "notebook")
    assert isinstance(plan, Plan) and plan == parse_plan(WEEK, "notebook")
    with pytest.raises(ValidationError):
        plan.respites[0].hero = "Bran"  # type: ignore[misc]


# --- every mistake, with file, line, entry, field and what is allowed ------------------------

MISTAKES: list[tuple[str, str, str, list[str]]] = [
    ("days: 7", "days: 0", "week.yaml:2: days: must be from 1 to 365, got 0", []),
    ("days: 7", "days: 400", "days: must be from 1 to 365, got 400", []),
    ("days: 7", 'days: "7"', "days: must be a whole number, got '7'", []),
    ("name: The first week\n", "", "week.yaml: name: is required", []),
    ("days: 7", "days: 7\nrespite: []", "week.yaml:3: respite: unknown field; did you mean "
     "'respites'?",
     ["Allowed: name, days, start, followers, spend, shopping, buy, respites, moves, "
      "adventures, victories_from, notes"]),
    ("knowledge: 20", "knowlege: 20", "week.yaml:22: respites[1] (Bran Ironvein): "
     "activity.knowlege: unknown field; did you mean 'knowledge'?",
     ["activity.knowledge: is required", "Allowed: guide, project, knowledge, language"]),
    ("knowledge: 20", "knowledge: 0", "week.yaml:22: respites[1] (Bran Ironvein): "
     "activity.knowledge: must be from 1 to 1000, got 0", []),
    ("edges: 1", "edges: 3", "week.yaml:19: respites[0] (Val): activity.edges: must be from "
     "0 to 2, got 3", []),
    ("characteristic: reason", "characteristic: reasn", "respites[0] (Val): "
     "activity.characteristic: must be one of might, agility, reason, intuition, presence, "
     "got 'reasn'; did you mean 'reason'?", []),
    ("edges: 1}", "edges: 1, guide: Primer}", "week.yaml:19: respites[0] (Val): activity: "
     "names roll and guide: a respite allows one activity", []),
    ("activity: {roll: Healing Potion, dice: [[9, 4]]}", "activity: 5",
     "week.yaml:25: respites[2] (Yorn): activity: must be one of {roll: PROJECT", ["got 5"]),
    ("activity: {roll: Healing Potion, dice: [[9, 4]]}", "activity: {rol: X}",
     "respites[2] (Yorn): activity: must be one of", ["{find_source: PROJECT}"]),
    ("{roll: Healing Potion,", "{roll: 1.5,", "respites[2] (Yorn): activity.roll: must be a "
     "project title (text) or id (a whole number 1 or more), got 1.5", []),
    ("days: [2]", "days: [2, 9]", "week.yaml:21: respites[1] (Bran Ironvein): days: day 9 is "
     "past the plan's end: days run from 1 to 7", []),
    ("days: [2]", "days: [2, 2]", "respites[1] (Bran Ironvein): days: lists day 2 twice", []),
    ("days: [2]", 'days: "4-2"', "respites[1] (Bran Ironvein): days: must be every, a day "
     '(3), a list of days ([1, 3, 5]) or a range ("2-4", first day first), got \'4-2\'', []),
    ("days: [2]", "days: []", "days: names no day", []),
    ("days: [2]", "days: 2.5", "days: must be every, a day (3)", ["got 2.5"]),
    ("days: [3]", "days: [3, 4]", "week.yaml:25: respites[2] (Yorn): activity.dice: gives "
     "faces for 1 day but Yorn rests on 2: one list of faces per day", []),
    ("[[9, 4]]", "[[11, 4]]", "respites[2] (Yorn): activity.dice: dice[0]: faces are whole "
     "numbers from 1 to 10, got 11", []),
    ("[[9, 4]]", "[[9]]", "activity.dice: dice[0] must be a list of at least two faces", [
        "got [9]"]),
    ("[[9, 4]]", "[[true, 4]]", "activity.dice: dice[0]: faces are whole numbers from 1 to "
     "10, got true", []),
    ("- hero: Yorn\n    days: [3]", "- hero: val\n    days: [3]", "week.yaml:24: respites[2] "
     "(val): days: val already rests on day 3 (respites[0]): one activity per respite", []),
    ("- hero: Bran Ironvein\n    days: [2]", "- days: [2]", "week.yaml:20: respites[1]: hero: "
     "is required: the hero who rests", []),
    ("params: {kind: obscure}", "params: {kind: obscure}\n    day: 8", "week.yaml:8: start[0] "
     "(Val): day: must be from 1 to 7 (the plan's days), got 8", []),
    ("params: {kind: obscure}", "params: {kind: [1]}", "week.yaml:7: start[0] (Val): "
     "params.kind: must be a whole number or text (at most 100 characters), got a list", []),
    ("    title: The mill's cellar\n", "", "", []),  # two starts without titles: below
    ("role: artisan", "role: squire", "week.yaml:10: followers[0] (Yorn / Hesk): add.role: "
     "must be one of artisan, sage, retainer, got 'squire'", []),
    ("    add:", "    follower: Hesk\n    add:", "week.yaml:9: followers[0] (Yorn / Hesk): give "
     "either add: {name, role, ...} (a new follower) or follower: NAME", ["not both"]),
    ("    add: {name: Hesk, role: artisan, ancestry: Orc, physical: might}\n", "",
     "week.yaml:9: followers[0] (Yorn): give either add:", ["one of them"]),
    ("  - hero: Yorn\n    add", "  - add", "week.yaml:9: followers[0] (Hesk): hero: is required "
     "to add a follower", []),
    ("points: 10", "points: 0", "week.yaml:15: spend[0] (Bran Ironvein): points: must be from "
     "1 to 999999, got 0", []),
    ("name: The first week", "name: [The first week]", "week.yaml:1: name: must be text, got "
     "a list", []),
    ("days: 7", "days: 7\n7: x", "week.yaml:3: [7]: field names must be text, got 7", []),
    ("days: 7", "days: 7\ndays: 8", "week.yaml: YAML error at line 3, column 1: found the key "
     "'days' twice", []),
    ("days: 7", "days: [7", "week.yaml: YAML syntax error at line", []),
    ("days: 7", "days: 7\n\tnotes: x", "indent with spaces, not tabs", []),
]


@pytest.mark.parametrize(("old", "new", "message", "also"), [m for m in MISTAKES if m[2]],
                         ids=[m[2][:50] for m in MISTAKES if m[2]])
def test_each_mistake_names_file_line_entry_field_and_what_is_allowed(
    old: str, new: str, message: str, also: list[str]
):
    text = refused(week(old, new))
    assert message in text, text
    for piece in also:
        assert piece in text, text
    assert "pydantic" not in text and "Input should" not in text


def test_a_following_follower_and_an_unassigned_one_need_their_fields():
    text = refused(week("    add: {name: Hesk, role: artisan, ancestry: Orc, physical: might}\n"
                        "    assign: Healing Potion\n", "    follower: Hesk\n"))
    assert "followers[0] (Yorn / Hesk): assign: is required for an existing follower" in text


def test_two_projects_with_one_title_are_refused():
    text = refused(week("    params: {kind: obscure}\n", "    params: {kind: obscure}\n"
                        "  - hero: Bran\n    project: Discover Lore\n    title: the MILL's "
                        "cellar\n"))
    assert ("week.yaml:10: start[1] (Bran): title: \"the MILL's cellar\" is already the title "
            "of start[0]: give each project its own title (title: ...)") in text


def test_several_problems_are_listed_one_a_line():
    text = refused(week("days: 7", "days: 0").replace("knowledge: 20", "knowledge: -1")
                   .replace("edges: 1", "edges: x"))
    lines = text.splitlines()
    assert len(lines) == 3 and all(line.startswith("week.yaml:") for line in lines)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "week.yaml: is empty: a plan needs at least `name:` and `days:`"),
        ("# only a comment\n", "week.yaml: is empty"),
        ("- a\n- b\n", "week.yaml: the top level must be a mapping"),
        ("just text", "the top level must be a mapping"),
        ("a: \x00", "the character U+0000 is not allowed"),
        ("[" * 5000, "week.yaml:"),
    ],
)
def test_files_that_are_no_plan_at_all(text: str, message: str):
    assert message in refused(text)


def test_an_alias_bomb_and_a_node_that_holds_itself_are_refused_unread():
    bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{k}: &{k} [*{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}]\n"
        for p, k in zip("abcdefg", "bcdefgh", strict=True))
    assert f"is too large to be a plan (more than {MAX_NODES} values" in refused(bomb)
    assert "too large" in refused("name: &n [*n]\ndays: 2\n")


def test_load_plan_names_the_file_for_unreadable_ones(tmp_path: Path):
    with pytest.raises(PlanError, match="no such plan file"):
        load_plan(tmp_path / "nope.yaml")
    with pytest.raises(PlanError, match="is a folder, not a plan file"):
        load_plan(tmp_path)
    latin = tmp_path / "latin.yaml"
    latin.write_bytes(b"name: Caf\xe9\ndays: 1\n")
    with pytest.raises(PlanError, match=r"latin.yaml: is not UTF-8 text \(byte 0xe9 on line 1"):
        load_plan(latin)
    bom = tmp_path / "bom.yaml"
    bom.write_bytes("\ufeffname: Café\ndays: 1\n".encode())
    assert load_plan(bom).name == "Café"


# --- nothing but PlanError, whatever the file holds --------------------------------------------

FIELDS = ["name", "days", "start", "followers", "spend", "respites", "hero", "project", "title",
          "params", "day", "add", "follower", "assign", "role", "points", "activity", "roll",
          "guide", "knowledge", "dice", "edges", "characteristic", "other", "find_source", "at",
          "materials"]


def only_plan_errors(text: str) -> None:
    try:
        result = parse_plan(text, "junk.yaml")
    except PlanError as exc:
        assert str(exc).startswith("junk.yaml"), str(exc)
        assert "pydantic" not in str(exc) and "Traceback" not in str(exc)
    else:
        assert isinstance(result, Plan)


@settings(max_examples=examples(100))
@given(st.text())
def test_arbitrary_text_raises_only_plan_error(text: str):
    only_plan_errors(text)


@settings(max_examples=examples(100))
@given(yaml_data)
def test_arbitrary_data_raises_only_plan_error(data: Any):
    only_plan_errors(yaml.safe_dump(data))


@settings(max_examples=examples(100), suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_the_week_with_one_part_replaced_raises_only_plan_error(data: st.DataObject):
    doc: dict[str, Any] = copy.deepcopy(yaml.safe_load(WEEK))
    targets = [doc, doc["start"][0], doc["followers"][0], doc["followers"][0]["add"],
               doc["spend"][0], *doc["respites"], *(r["activity"] for r in doc["respites"])]
    target = data.draw(st.sampled_from(targets))
    target[data.draw(st.sampled_from(FIELDS))] = data.draw(yaml_data)
    only_plan_errors(yaml.safe_dump(doc, allow_unicode=True))
