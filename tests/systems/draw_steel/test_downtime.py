"""Scripted downtime: a plan checked against a campaign, then resolved day by day.

The same plan, state and seed write the same events; a dry run writes nothing and shows
exactly what the real run writes; a plan refused on some day leaves the ledger as it was.
Real campaigns (the demo's campaign.yaml) in tmp_path, real SQLite, no mocks.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import REPO, ledger_fingerprint

from drawsteel_kit.kit.book.campaign import BaseCampaign
from drawsteel_kit.kit.errors import DiceExhausted, LedgerReadOnly, PlanError
from drawsteel_kit.kit.ledger import LEDGER_FILE, Event
from drawsteel_kit.systems.draw_steel.activities import StartProject
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.systems.draw_steel.plans import Resolution, find_plan, resolve, resolved_before
from drawsteel_kit.systems.draw_steel.plans.check import check_plan
from drawsteel_kit.systems.draw_steel.plans.read import parse_plan
from drawsteel_kit.workbook.plan_runs import main_resolve

ROOT = REPO
DEMO = ROOT / "campaigns" / "demo"
TEMPLATE = ROOT / "templates" / "campaign"

MONTH = """\
name: A month at the Lantern House
days: 30
start:
  - {hero: Val, project: Discover Lore, title: The drowned chapel, params: {kind: forbidden}}
  - {hero: Bran Ironvein, project: Quantum Satchel, prerequisite: owned}
  - {hero: Pip Thistledown, project: Learn New Language, title: Anjali lessons, learns: Anjali,
     day: 4}
  - {hero: Quillon Ashmark, project: Learn New Skill, title: Lead lessons, learns: Lead}
followers:
  - hero: Yorn
    add: {name: Hesk, role: artisan, ancestry: Orc, physical: might,
          skills: [Alchemy, Blacksmithing, Carpentry, Cooking], languages: [Variac, Zaliac]}
    assign: Quantum Satchel
  - hero: Quillon Ashmark
    add: {name: Orla, role: sage, ancestry: Human,
          skills: [History, Magic, Rumors, Society], languages: [Khelt, Anjali]}
    assign: The drowned chapel
    day: 2
spend:
  - {hero: Val, project: The drowned chapel, points: 40, day: 3}
respites:
  - hero: Val
    days: every
    activity: {roll: The drowned chapel, characteristic: reason, edges: 1, skill: History}
  - hero: Bran Ironvein
    days: [1, 2, "4-20"]
    activity: {roll: Quantum Satchel, skill: Mechanics}
  - hero: Bran Ironvein
    days: [3]
    activity: {guide: The Tinker's Almanac, project: Quantum Satchel, knowledge: 20}
  - hero: Pip Thistledown
    days: "4-30"
    activity: {roll: Anjali lessons}
  - hero: Yorn
    days: [1, 2]
    activity: {roll: Quantum Satchel, dice: [[9, 4], [3, 5]]}
  - hero: Quillon Ashmark
    days: every
    activity: {roll: Lead lessons}
"""


def init_demo(folder: Path) -> Campaign:
    """A fresh copy of the demo campaign (its campaign.yaml only), initialised."""
    folder.mkdir(parents=True)
    shutil.copy(DEMO / "campaign.yaml", folder / "campaign.yaml")
    camp, _ = BaseCampaign.init(folder)
    return camp


@pytest.fixture
def demo(tmp_path: Path, initialise: Callable[[Path], None]) -> Iterator[Campaign]:
    """init_demo's campaign, its ledger a copy of one init built (conftest's initialise)."""
    folder = tmp_path / "demo"
    folder.mkdir()
    shutil.copy(DEMO / "campaign.yaml", folder / "campaign.yaml")
    initialise(folder)
    camp = BaseCampaign.open(folder)
    try:
        yield camp
    finally:
        camp.close()


#: What init writes for the demo: the campaign, 5 heroes, 4 careers that add something
#: (Val, Bran, Yorn, Pip, Quillon: Soldier, Sage, Artisan, Criminal, Performer all do) and
#: 3 titles (Yorn, Pip, Quillon).
INIT_EVENTS = 1 + 5 + 5 + 3


def key(ev: Event) -> tuple[Any, ...]:
    """What must repeat exactly: everything but the clock and the operation's random id."""
    return (ev.id, ev.kind, ev.day, ev.session, ev.actor, ev.payload, ev.seed, ev.dice,
            ev.visibility, ev.undoes, ev.ops)


def keys(events: tuple[Event, ...] | list[Event]) -> list[tuple[Any, ...]]:
    """Each event's key, plus which operation it belongs to (numbered by first appearance)."""
    numbers: dict[str | None, int] = {}
    return [(*key(e), numbers.setdefault(e.operation, len(numbers))) for e in events]


def refusal(camp: Campaign, text: str) -> str:
    with pytest.raises(PlanError) as caught:
        resolve(camp, parse_plan(text, "plan.yaml"), seed=1, dry_run=False)
    return str(caught.value)


# --- the same plan, state and seed: the same events -----------------------------------------


def test_a_month_resolved_twice_from_the_same_state_with_the_same_seed_is_the_same(
    tmp_path: Path,
):
    plan = parse_plan(MONTH, "month.yaml")
    runs = []
    for name in ("a", "b"):
        camp = init_demo(tmp_path / name)
        with camp:
            before = camp.ledger.event_count()
            result = resolve(camp, plan, seed=2024, dry_run=False)
            runs.append((result, camp.ledger.events(since=before), camp.ledger.snapshot()))
    (first, stored_a, state_a), (second, stored_b, state_b) = runs
    assert keys(first.events) == keys(second.events) == keys(stored_a) == keys(stored_b)
    assert state_a == state_b
    assert first.lines() == second.lines()
    kinds = {e.kind for e in first.events}
    assert {"project_started", "follower_added", "follower_assigned", "project_points_spent",
            "day_advanced", "follower_roll", "project_roll", "guide_studied", "respite"} <= kinds
    assert all(e.seed == 2024 for e in first.events if e.kind in ("project_roll",
                                                                   "follower_roll"))
    assert [e.dice for e in first.events if e.kind == "project_roll" and e.actor == "Yorn"] == [
        [9, 4], [3, 5]]


def test_another_seed_rolls_other_dice(demo: Campaign):
    plan = parse_plan(MONTH, "month.yaml")
    one = resolve(demo, plan, seed=1)
    two = resolve(demo, plan, seed=2)
    assert [e.dice for e in one.events] != [e.dice for e in two.events]


def test_the_calendar_moves_exactly_the_plans_days(demo: Campaign):
    start = demo.party.day
    result = resolve(demo, parse_plan(MONTH, "month.yaml"), seed=5, dry_run=False)
    assert demo.party.day == start + 30
    assert [d.day for d in result.days] == list(range(31))
    assert [d.campaign_day for d in result.days] == list(range(start, start + 31))
    assert sum(e.kind == "day_advanced" for e in result.events) == 30


def test_each_day_is_one_respite_then_runs_its_entries(demo: Campaign):
    """A respite is a day (000: 861) and projects start during one (000: 3746): a plan day
    with heroes resting is one respite that moves the calendar one day and starts that day's
    projects; undated starts wait for their hero's first respite, and so do the entries
    naming them (Hesk joins to work on Quantum Satchel on day 1)."""
    plan = parse_plan(MONTH, "month.yaml")
    start = demo.party.day
    days = resolve(demo, plan, seed=3).days
    day4 = days[4]
    assert [h.kind for h in day4.happened] == ["respite"]
    kinds = [e.kind for e in day4.events]
    assert kinds[0] == "day_advanced" and kinds.index("project_started") < kinds.index("respite")
    assert {e.day for e in day4.events} == {start + 4}
    assert days[0].happened == ()
    assert [h.kind for h in days[1].happened] == ["respite", "follower_added",
                                                  "follower_assigned"]
    assert [e.kind for e in days[1].events].count("project_started") == 3
    assert [d.campaign_day for d in days] == list(range(start, start + 31))
    real = resolve(demo, plan, seed=3, dry_run=False)
    assert demo.party.day == start + 30 == real.days[-1].campaign_day


# --- dry run: nothing written, exactly what the real run writes ------------------------------


def test_a_dry_run_writes_nothing_and_shows_exactly_what_the_real_run_writes(demo: Campaign):
    path = demo.folder / LEDGER_FILE
    plan = parse_plan(MONTH, "month.yaml")
    count = demo.ledger.event_count()
    fingerprint = ledger_fingerprint(path)
    dry = resolve(demo, plan, seed=77)
    assert dry.dry_run and dry.events
    assert ledger_fingerprint(path) == fingerprint
    assert demo.ledger.event_count() == count and demo.projects() == []
    real = resolve(demo, plan, seed=77, dry_run=False)
    assert keys(dry.events) == keys(real.events) == keys(demo.ledger.events(since=count))
    assert dry.summary[:-2] == real.summary[:-2]
    assert "DRY RUN: nothing was written" in dry.lines()[1]
    assert "would be written" in dry.summary[-2] and "written" in real.summary[-2]


def test_without_a_seed_one_is_picked_and_recorded_so_the_run_repeats(demo: Campaign):
    plan = parse_plan(MONTH.replace(", dice: [[9, 4], [3, 5]]", ""), "month.yaml")
    first = resolve(demo, plan)
    assert isinstance(first.seed, int) and f"seed {first.seed}" in first.lines()[0]
    again = resolve(demo, plan, seed=first.seed, dry_run=False)
    assert keys(first.events) == keys(again.events)


@pytest.mark.parametrize("seed", [-1, True, 2**63, "7"])
def test_a_seed_is_a_whole_number_a_ledger_can_store(demo: Campaign, seed: Any):
    with pytest.raises(Exception, match="seed must be a whole number"):
        resolve(demo, parse_plan(MONTH, "month.yaml"), seed=seed)


# --- a plan resolves completely or not at all ---------------------------------------------------


@pytest.mark.parametrize("dry_run", [False, True])
def test_typed_in_dice_running_out_on_day_5_leave_the_ledger_as_it_was(
    demo: Campaign, dry_run: bool
):
    text = MONTH + ("  - hero: Yorn\n    days: [5]\n"
                    "    activity: {roll: Lead lessons, dice: [[10, 9]]}  # a breakthrough\n")
    path = demo.folder / LEDGER_FILE
    count, fingerprint = demo.ledger.event_count(), ledger_fingerprint(path)
    with pytest.raises(PlanError) as caught:
        resolve(demo, parse_plan(text, "month.yaml"), seed=11, dry_run=dry_run)
    message = str(caught.value)
    assert message.startswith("month.yaml:")
    assert "month.yaml:40: respites[6] (Yorn): on day 5: Yorn's roll on 'Lead lessons': ran " \
           "out of typed-in dice after 2 faces" in message
    assert len(message.splitlines()) == 2  # the refusal names Yorn: only Yorn's entry
    assert "the plan stopped on day 5; nothing was written" in message
    assert isinstance(caught.value.__cause__, DiceExhausted)
    assert ledger_fingerprint(path) == fingerprint and demo.ledger.event_count() == count
    assert demo.party.day == 1 and demo.projects() == [] and demo.followers() == []


def test_a_refusal_on_some_day_names_the_entry_its_line_and_the_day(demo: Campaign):
    text = MONTH.replace("{hero: Val, project: The drowned chapel, points: 40, day: 3}",
                         "{hero: Val, project: The drowned chapel, points: 400, day: 3}")
    message = refusal(demo, text)
    assert "plan.yaml:20: spend[0] (Val): on day 3: project points must be a whole number " \
        "from 1 to 240, got 400" in message
    assert demo.ledger.event_count() == INIT_EVENTS


def test_a_hero_whose_project_is_done_just_rests_and_the_day_says_so(demo: Campaign):
    text = """\
name: Quick lore
days: 6
start: [{hero: Val, project: Discover Lore, title: Gossip, params: {kind: common}}]
respites: [{hero: Val, days: every, activity: {roll: Gossip, dice: [[5, 5], [5, 5], [5, 5],
  [5, 5], [5, 5], [5, 5]]}}]
"""
    result = resolve(demo, parse_plan(text, "q.yaml"), seed=1, dry_run=False)
    rolls = [e for e in result.events if e.kind == "project_roll"]
    assert [e.payload["after"] for e in rolls] == [12, 24]  # 5 + 5 + Val's reason 2
    assert demo.project("Gossip").done and not result.days[3].events[-1].payload["activity"]
    assert all("rests without an activity: 'Gossip' is complete" in d.notes[0]
               for d in result.days[3:])
    assert sum(e.kind == "respite" for e in result.events) == 6


# --- refused before anything runs: names the campaign lacks ---------------------------------


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("- hero: Pip Thistledown\n    days", "- hero: Pipp\n    days",
         "plan.yaml:31: respites[3] (Pipp): hero: no hero named 'Pipp' in this campaign; did "
         "you mean 'Pip Thistledown'? The heroes are: Bran Ironvein, Pip Thistledown, Quillon "
         "Ashmark, Val, Yorn"),
        ("project: Discover Lore,", "project: Discover Lor,",
         "plan.yaml:4: start[0] (Val): project: no project or treasure named 'Discover Lor'; "
         "did you mean 'Discover Lore'? It must be a catalog project"),
        ("{roll: Anjali lessons}", "{roll: Anjali lesons}",  # a typo ("Anjali" alone is a start)
         "respites[3] (Pip Thistledown): activity.roll: no project titled 'Anjali lesons'; did "
         "you mean 'Anjali lessons'? Projects the plan can use: The drowned chapel, Quantum "
         "Satchel, Anjali lessons, Lead lessons"),
        ('days: "4-30"', 'days: "3-30"', "respites[3] (Pip Thistledown): activity.roll: "
         "'Anjali lessons' starts on day 4 (start[2]), after day 3 when this entry needs it"),
        ("{roll: Lead lessons}", "{roll: 99}", "respites[5] (Quillon Ashmark): activity.roll: "
         "no active project #99; the active projects are: none"),
        ("    day: 2\n", "    day: 2\n  - {follower: Hesk, assign: null}\n"
         "  - {follower: Hesc, assign: null}\n",
         "followers[3] (Hesc): follower: no follower named 'Hesc' by day 0; did you mean "
         "'Hesk'?"),
        ("name: Orla,", "name: hesk,", "followers[1] (Quillon Ashmark / hesk): add.name: a "
         "follower named 'hesk' already exists (followers[0]): give each its own name"),
        ("project: Quantum Satchel, prerequisite", "project: Healing Potion, treasure: Buzz "
         "Balm, prerequisite", "start[1] (Bran Ironvein): treasure: goes with project: Craft "
         "Treasure"),
    ],
)
def test_names_the_campaign_lacks_are_refused_before_anything_runs(
    demo: Campaign, old: str, new: str, message: str
):
    assert old in MONTH
    path = demo.folder / LEDGER_FILE
    fingerprint = ledger_fingerprint(path)
    text = refusal(demo, MONTH.replace(old, new, 1))
    assert message in text, text
    assert ledger_fingerprint(path) == fingerprint


def test_a_title_an_active_project_has_is_refused(demo: Campaign):
    demo.take_respite(["Val"], starts=[StartProject("Val", "Discover Lore",
                                                    title="The drowned chapel",
                                                    params={"kind": "forbidden"})])
    plan = parse_plan(MONTH, "month.yaml")
    with pytest.raises(PlanError, match=r"month.yaml:4: start\[0\] \(Val\): title: 'The drowned "
                       r"chapel' is already the title of an active project \(#1, Val's\)"):
        check_plan(demo, plan)


def test_active_projects_and_followers_of_the_campaign_can_be_used(demo: Campaign):
    demo.take_respite(["Val"], starts=[StartProject("Val", "Discover Lore", title="Old maps",
                                                    params={"kind": "common"})])
    demo.add_follower("Quillon Ashmark", "Orla", "sage", ancestry="Human",
                      skills=["History", "Magic", "Rumors", "Society"], languages=["Khelt", "Voll"])
    text = ("name: Use them\ndays: 2\nfollowers: [{follower: orla, assign: old maps}]\n"
            "respites: [{hero: val, days: [2], activity: {roll: 1}}]\n")
    result = resolve(demo, parse_plan(text, "u.yaml"), seed=4, dry_run=False)
    assert [e.kind for e in result.events].count("follower_roll") == 2
    # Orla's roll on day 2 finishes Old maps (20/15), and she leaves the finished project.
    assert demo.project(1).status == "complete"
    assert demo.follower("Orla").project_id is None
    assert "Orla leaves the finished project" in [
        line for e in result.events for line in e.payload.get("lines", [])]


# --- reports, files, the CLI's entry point -----------------------------------------------------


def test_main_resolve_finds_the_plan_in_the_campaign_and_prints_the_report(demo: Campaign):
    plans = demo.folder / "plans"
    plans.mkdir()
    shutil.copy(DEMO / "plans" / "first-week.yaml", plans)
    assert find_plan(demo.folder, "first-week") == plans / "first-week.yaml"
    assert find_plan(demo.folder, "first-week.yaml") == plans / "first-week.yaml"
    printed: list[str] = []
    result = main_resolve(demo.folder, "first-week", 7, True, printed.append)
    assert isinstance(result, Resolution) and printed == result.lines()
    assert printed[0].endswith("7 days, seed 7") and "Day 7 (campaign day 8)" in printed
    assert demo.ledger.event_count() == INIT_EVENTS
    main_resolve(demo.folder, plans / "first-week.yaml", 7, False, printed.append)
    assert keys(result.events) == keys(demo.ledger.events(since=INIT_EVENTS))
    with pytest.raises(PlanError, match="no such plan file"):
        main_resolve(demo.folder, "second-week", 7, True, printed.append)


def test_the_template_plan_resolves_on_the_template_campaign(tmp_path: Path):
    folder = tmp_path / "new"
    shutil.copytree(TEMPLATE, folder)
    yaml_file = folder / "campaign.yaml"
    yaml_file.write_text(yaml_file.read_text().replace("__CAMPAIGN_NAME__", "New"))
    BaseCampaign.init(folder)[0].close()
    result = main_resolve(folder, "example", 3, False, lambda line: None)
    assert result.days[-1].campaign_day == 8 and not result.dry_run


def test_a_read_only_campaign_cannot_resolve_a_plan(demo: Campaign):
    with BaseCampaign.open(demo.folder, readonly=True) as ro, pytest.raises(LedgerReadOnly):
        resolve(ro, parse_plan(MONTH, "month.yaml"), seed=1)


# --- a plan is resolved once: a rerun (after a crash, say) completes it, never repeats it ---


def test_a_plan_already_resolved_is_not_resolved_again(demo: Campaign):
    plan = parse_plan(MONTH, "month.yaml")
    first = resolve(demo, plan, seed=5, dry_run=False)
    assert first.recorded is not None and first.events[-1] == first.recorded
    assert first.recorded.kind == "plan_resolved"
    assert first.recorded.payload["digest"] == plan.digest
    assert first.recorded.payload["events"] == len(first.events) - 1
    count, state = demo.ledger.event_count(), demo.ledger.snapshot()
    for dry_run in (True, False):
        again = resolve(demo, parse_plan(MONTH, "month.yaml"), seed=99, dry_run=dry_run)
        assert again.already == first.recorded and again.events == ()
        text = str(again)
        assert f"already resolved on campaign day {first.recorded.day}" in text
        assert f"event {first.recorded.id}, seed 5" in text and "--again" in text
    assert demo.ledger.event_count() == count and demo.ledger.snapshot() == state


def test_the_same_plan_laid_out_differently_is_the_same_plan(demo: Campaign):
    plan = parse_plan(MONTH, "month.yaml")
    relaid = parse_plan("# a comment\n" + MONTH.replace("days: 30", "days:   30  # a month"),
                        "elsewhere.yaml")
    assert relaid.digest == plan.digest
    edited = parse_plan(MONTH.replace("Lantern House", "Lantern Inn"), "month.yaml")
    assert edited.digest != plan.digest
    resolve(demo, plan, seed=5, dry_run=False)
    assert resolve(demo, relaid, seed=5, dry_run=False).already is not None
    assert resolved_before(demo, edited) is None and resolved_before(demo, plan) is not None


def test_again_resolves_the_same_plan_once_more(demo: Campaign):
    plan = parse_plan("name: Two quiet days\ndays: 2\nrespites:\n  - hero: Val\n"
                      "    days: every\n    activity: Rests\n", "two.yaml")
    first = resolve(demo, plan, seed=5, dry_run=False)
    day = demo.party.day
    second = resolve(demo, plan, seed=5, dry_run=False, again=True)
    assert second.already is None and second.recorded is not None
    assert second.recorded.id > first.recorded.id  # type: ignore[union-attr]
    assert demo.party.day == day + 2
    # The latest run is the one a third attempt names.
    third = resolve(demo, plan, seed=5, dry_run=True)
    assert third.already == second.recorded


def test_a_dry_run_records_nothing_so_the_real_run_still_happens(demo: Campaign):
    plan = parse_plan(MONTH, "month.yaml")
    preview = resolve(demo, plan, seed=5, dry_run=True)
    assert preview.recorded is not None  # it shows the record the real run writes...
    assert demo.ledger.events(kind="plan_resolved") == []  # ...and writes nothing
    real = resolve(demo, plan, seed=5, dry_run=False)
    assert keys(real.events) == keys(preview.events)


def test_a_failed_plan_leaves_no_record_and_can_be_run_when_mended(demo: Campaign):
    broken = MONTH + ("  - hero: Yorn\n    days: [5]\n"
                      "    activity: {roll: Lead lessons, dice: [[10, 9]]}\n")
    with pytest.raises(PlanError, match="nothing was written"):
        resolve(demo, parse_plan(broken, "month.yaml"), seed=5, dry_run=False)
    assert demo.ledger.events(kind="plan_resolved") == []
    assert resolve(demo, parse_plan(MONTH, "month.yaml"), seed=5, dry_run=False).recorded
