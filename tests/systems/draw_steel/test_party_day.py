"""A respite is the party's day (000: 861): heroes who rest on the same day share its respite,
so joining it does not move the calendar; `respite` takes starts, recruits and purchases;
a plan's own respites make followers its later days may put to work (issue 32)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import assert_one_clear_line, invoke, run
from conftest import campaign_data, refused, write_campaign
from kit.test_schema_fixtures import FILES, load, rows

from drawsteel_kit.kit.errors import PlanError, RulesError, UndoError
from drawsteel_kit.systems.draw_steel.activities import (
    Buy,
    NewFollower,
    ProjectRoll,
    Recruit,
    StartProject,
)
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.systems.draw_steel.plans import resolve
from drawsteel_kit.systems.draw_steel.plans.read import parse_plan

SAGE = NewFollower("Mirela", "sage", "Human", ("History", "Magic", "Rumors", "Society"),
                   ("Khelt", "Voll"))
LORE = {"kind": "common"}


def _data(**settings: Any) -> dict[str, Any]:
    data = campaign_data(project_starts="respite", recruit_at=["Market"], **settings)
    data["heroes"][0]["renown"] = 3  # Val may keep one follower
    return data


@pytest.fixture
def folder(tmp_path: Path, initialise: Callable[[Path], None]) -> Path:
    """A campaign of the conftest heroes that keeps the book's rule (projects start during a
    respite), with a place to recruit, on day 1."""
    path = write_campaign(tmp_path / "c", _data())
    initialise(path)
    return path


@pytest.fixture
def camp(folder: Path) -> Iterator[Campaign]:
    opened = Campaign.open(folder)
    try:
        yield opened
    finally:
        assert opened.ledger.verify()
        opened.close()


def kinds(happened: Any) -> list[str]:
    return [e.kind for e in happened.events]


# --- heroes resting on one day share its respite ----------------------------------------------


def test_two_heroes_starts_in_one_day_stay_on_one_day(camp):
    assert camp.party.day == 1
    first = camp.take_respite(["Val"], starts=[StartProject("Val", "Discover Lore",
                                                            params=LORE)])
    second = camp.take_respite(["Bran"], starts=[StartProject("Bran", "Discover Lore",
                                                              title="Bran's lore",
                                                              params=LORE)])
    assert camp.party.day == 2
    assert "day_advanced" in kinds(first) and "day_advanced" not in kinds(second)
    assert {e.day for e in (*first.events, *second.events)} == {2}
    assert second.details["joined"] == first.events[0].id
    assert "joining day 2's respite" in second.summary
    assert camp.rested_today() == ["Val", "Bran"]
    assert len(camp.projects(status="active")) == 2


def test_the_projects_panel_default_joins_todays_respite(camp):
    """The Projects panel's "in the hero's respite today" (and `project start --respite`)."""
    camp.start_in_respite(StartProject("Val", "Discover Lore", params=LORE))
    camp.start_in_respite(StartProject("Bran", "Discover Lore", title="B", params=LORE))
    # Val rested today: a second project of hers starts in that same respite
    again = camp.start_in_respite(StartProject("Val", "Discover Lore", title="V2",
                                               params=LORE))
    assert kinds(again) == ["project_started"]
    assert camp.party.day == 2
    assert len(camp.history(kind="respite")) == 2


def test_a_recruit_and_the_rest_of_the_partys_respite_are_one_day(camp):
    camp.take_respite(["Val"], activities={"Val": Recruit((SAGE,), at="Market")})
    rest = camp.take_respite(["Bran", "Yorn"])
    assert camp.party.day == 2
    assert "day_advanced" not in kinds(rest)
    assert [f.name for f in camp.followers("Val")] == ["Mirela"]
    assert camp.hero("Bran").xp == 2  # the joined respite gives its benefits


def test_a_hero_who_rested_today_and_rests_again_takes_a_new_day(camp):
    """Back to back respites (000: 861): a second respite of one hero is another 24 hours."""
    camp.take_respite(["Val"])
    again = camp.take_respite()  # Val among them: a new respite, a new day, for all
    assert camp.party.day == 3 and "day_advanced" in kinds(again)


def test_a_day_passing_without_a_respite_is_not_joined(camp):
    camp.advance_day(1, reason="the road")
    camp.take_respite(["Val"])
    assert camp.party.day == 3  # the first respite of a day moves it (day 2 was travel)
    camp.take_respite(["Bran"])
    assert camp.party.day == 3


def test_an_interrupted_respite_still_gives_nothing_and_moves_no_day(camp):
    camp.take_respite(["Val"])
    camp.adjust_hero("Bran", reason="a hard fight", stamina=3)
    before = camp.hero("Bran")
    cut = camp.take_respite(["Bran"], interrupted=True, reason="wolves")
    assert kinds(cut) == ["respite_interrupted"]
    after = camp.hero("Bran")
    assert (after.stamina, after.xp, after.victories) == (before.stamina, before.xp,
                                                          before.victories)
    assert camp.party.day == 2
    assert camp.rested_today() == ["Val"]
    camp.take_respite(["Bran"])  # Bran then rests: he joins the day's respite
    assert camp.party.day == 2 and camp.hero("Bran").stamina == camp.hero("Bran").max_stamina


def test_followers_roll_once_on_a_shared_day(new_day_with_sage):
    camp = new_day_with_sage
    camp.take_respite(["Val"], seed=1)
    camp.take_respite(["Bran"], seed=2)
    camp.take_respite(["Yorn"], seed=3)
    assert camp.party.day == 4
    assert sorted(e.day for e in camp.history(kind="follower_roll")) == [3, 4]  # one a day


@pytest.fixture
def new_day_with_sage(camp: Campaign) -> Campaign:
    """Val's sage working on Val's Discover Lore project, on day 2 (after Val's respite)."""
    camp.take_respite(["Val"], starts=[StartProject("Val", "Discover Lore",
                                                    params={"kind": "lost"})],
                      activities={"Val": Recruit((SAGE,), at="Market")})
    camp.assign_follower("Mirela", "Discover Lore")
    camp.advance_day(1)  # day 3: the sage rolls, and the next respite begins day 4
    return camp


def test_the_project_event_check_is_made_once_per_days_respite(tmp_path, initialise):
    """000: 3812: once per respite in which heroes make project rolls, a d6."""
    path = write_campaign(tmp_path / "r", _data(project_events="roll"))
    initialise(path)
    with Campaign.open(path) as camp:
        camp.take_respite(["Val", "Bran"], starts=[
            StartProject("Val", "Discover Lore", params={"kind": "lost"}),
            StartProject("Bran", "Discover Lore", title="B", params={"kind": "lost"})])
        camp.take_respite(["Val"], activities={"Val": ProjectRoll("Discover Lore")}, seed=1)
        camp.take_respite(["Bran"], activities={"Bran": ProjectRoll("B")}, seed=2)
        assert camp.party.day == 3
        assert len(camp.history(kind="project_event_check")) == 1
        assert len(camp.history(kind="project_roll")) == 2


# --- undo keeps the day whole -----------------------------------------------------------------


def test_undoing_a_joined_heroes_respite_keeps_the_day(camp):
    camp.adjust_hero("Bran", reason="a hard fight", stamina=3)
    day = camp.take_respite(["Val"], starts=[StartProject("Val", "Discover Lore",
                                                          params=LORE)])
    joined = camp.take_respite(["Bran"], starts=[StartProject("Bran", "Discover Lore",
                                                              title="B", params=LORE)])
    with refused(camp, UndoError, r"began day 2, and other heroes' respites joined that "
                                  r"day's respite\. Undo these first, newest first: #\d+ "
                                  r"\(Bran completes a respite"):
        camp.undo(day.events[0].id)
    camp.undo(joined.events[-1].id)
    assert camp.party.day == 2  # the day stands: Val's respite is on it
    assert camp.hero("Bran").stamina == 3 and camp.rested_today() == ["Val"]
    assert [p.title for p in camp.projects(status="active")] == ["Discover Lore"]
    camp.undo(day.events[-1].id)  # now the day's respite as a whole: the day goes back
    assert camp.party.day == 1 and camp.projects() == []


def test_a_hero_whose_joined_respite_was_undone_joins_again(camp):
    camp.take_respite(["Val"])
    joined = camp.take_respite(["Bran"])
    camp.undo(joined.events[0].id)
    again = camp.take_respite(["Bran"])
    assert camp.party.day == 2 and "day_advanced" not in kinds(again)


# --- purchases in a respite -------------------------------------------------------------------


def test_a_respite_makes_its_purchases_on_its_day_in_one_operation(camp):
    happened = camp.take_respite(["Val", "Bran"], purchases=[Buy("Bran", "common tools", count=2)])
    assert camp.party.day == 2
    bought = [e for e in happened.events if e.kind == "purchase"]
    assert len(bought) == 1 and bought[0].day == 2
    assert [(i.item, i.count) for i in camp.inventory("Bran")] == [("common tools", 2)]
    camp.undo(bought[0].id)  # one operation: the respite and the purchase go together
    assert camp.party.day == 1 and camp.inventory("Bran") == []


def test_a_purchase_for_a_hero_not_resting_is_refused(camp):
    with refused(camp, RulesError, "Yorn buys 'rope' but is not taking this respite"):
        camp.take_respite(["Val"], purchases=[Buy("Yorn", "rope")])


# --- the command line -------------------------------------------------------------------------


def day_of(folder: Path) -> int:
    return int(json.loads(run("status", folder, "--json"))["party"]["day"])


def test_cli_two_heroes_project_starts_with_respite_stay_on_one_day(folder):
    run("project", "start", folder, "Val", "Discover Lore", "--param", "kind=common",
        "--respite")
    out = run("project", "start", folder, "Bran", "Discover Lore", "--param", "kind=common",
              "--title", "Bran's lore", "--respite")
    assert "joining day 2's respite (the calendar stays)" in out
    assert day_of(folder) == 2


def test_cli_recruit_then_the_rest_of_the_party_is_one_day(folder):
    run("followers", "recruit", folder, "Val", "Mirela", "sage", "--ancestry", "Human",
        "--skill", "History", "--skill", "Magic", "--skill", "Rumors", "--skill", "Society",
        "--language", "Khelt", "--language", "Voll", "--at", "Market")
    run("respite", folder, "--hero", "Bran", "--hero", "Yorn")
    assert day_of(folder) == 2


def test_cli_one_respite_does_the_whole_partys_day(folder):
    day = ["--start", "Val=Discover Lore|kind=common|title=The mill's cellar",
           "--roll", "Val=The mill's cellar", "--dice", "Val=5,5",
           "--buy", "Yorn=common tools|count=2"]
    out = run("respite", folder, *day,
              "--recruit", "Val=Mirela|sage|ancestry=Human|skills=History,Magic,Rumors,"
                           "Society|languages=Khelt,Voll|at=Market", ok=False)
    assert "Val has two activities" in out  # a roll and a recruit: one activity each
    before = (folder / "ledger.db").read_bytes()
    assert_one_clear_line(invoke(
        "respite", folder, *day,
        "--recruit", "Bran=Mirela|sage|ancestry=Human|skills=History,Magic,Rumors,Society"
                     "|languages=Khelt,Voll|at=Market"), "over the cap")  # Bran: renown 0
    assert (folder / "ledger.db").read_bytes() == before
    out = run("respite", folder, *day, "--seed", "3")
    assert 'Val starts "The mill\'s cellar"' in out and "Yorn buys 2" in out
    assert 'Val rolls on "The mill\'s cellar"' in out
    assert day_of(folder) == 2
    status = json.loads(run("status", folder, "--json"))
    assert [(i["holder"], i["item"], i["count"]) for i in status["inventory"]] == [
        ("Yorn", "common tools", 2)]


def test_cli_respite_recruits(folder):
    run("respite", folder, "--hero", "Val",
        "--recruit", "Val=Mirela|sage|ancestry=Human|skills=History,Magic,Rumors,Society"
                     "|languages=Khelt,Voll|at=Market")
    assert [f["name"] for f in json.loads(run("status", folder, "--json"))["followers"]] == [
        "Mirela"]


@pytest.mark.parametrize(("option", "value", "words"), [
    ("--start", "Val=", "--start takes"),
    ("--recruit", "Val=Mirela", "--recruit takes"),
    ("--recruit", "Val=Mirela|wizard", "artisan, sage or retainer"),
    ("--buy", "Val=rope|colour=red", "--buy takes"),
    ("--buy", "Val=rope|count=two", "whole number"),
])
def test_cli_respite_day_options_refuse_bad_input_in_one_line(folder, option, value, words):
    before = (folder / "ledger.db").read_bytes()
    result = invoke("respite", folder, option, value)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert words in result.output
    assert (folder / "ledger.db").read_bytes() == before


def test_cli_undo_of_the_days_respite_with_others_joined_is_one_clear_line(folder):
    first = run("respite", folder, "--hero", "Val")
    run("respite", folder, "--hero", "Bran")
    event = first.split("undo with: drawsteel-kit undo ")[1].split()[1].rstrip(")")
    assert_one_clear_line(invoke("undo", folder, event), "joined that day's respite")


# --- plans: what their own days make ----------------------------------------------------------

RECRUIT_THEN_WORK = """
name: Hiring a sage
days: 2
start:
  - hero: Val
    project: Discover Lore
    params: {kind: lost}
    day: 1
respites:
  - hero: Val
    days: 1
    activity:
      recruit: [{name: Mirela, role: sage, ancestry: Human,
                 skills: [History, Magic, Rumors, Society], languages: [Khelt, Voll]}]
      at: Market
  - hero: Bran
    days: [1, 2]
followers:
  - follower: Mirela
    assign: Discover Lore
    day: 2
"""


def test_a_plan_recruiting_on_day_1_puts_the_follower_to_work_on_day_2(camp):
    plan = parse_plan(RECRUIT_THEN_WORK, "hiring.yaml")
    resolve(camp, plan, seed=4, dry_run=False)
    assert camp.party.day == 3  # a 2-day plan: two days
    assert camp.follower("Mirela").project_id == camp.project("Discover Lore").id


def test_a_plan_undated_entry_for_a_recruited_follower_runs_after_the_recruit(camp):
    plan = parse_plan(RECRUIT_THEN_WORK.replace("    day: 2\n", ""), "hiring.yaml")
    resolve(camp, plan, seed=4, dry_run=False)
    assert camp.follower("Mirela").project_id == camp.project("Discover Lore").id


def test_a_plan_putting_a_follower_to_work_before_the_recruit_is_refused(camp):
    text = RECRUIT_THEN_WORK.replace("    days: 1\n    activity", "    days: 2\n    activity")
    text = text.replace("    day: 1\nrespites", "    day: 2\nrespites").replace(
        "    day: 2\n", "    day: 1\n", 1)
    plan = parse_plan(text.replace("assign: Discover Lore\n    day: 2",
                                   "assign: Discover Lore\n    day: 1"), "hiring.yaml")
    with refused(camp, PlanError, "'Mirela' is recruited on day 2"):
        resolve(camp, plan, seed=4, dry_run=False)


def test_a_plan_after_todays_respite_still_moves_its_own_days(camp):
    """A plan's day 1 is the next day: it never joins a respite the party took before it."""
    camp.take_respite(["Val"])
    resolve(camp, parse_plan(RECRUIT_THEN_WORK, "hiring.yaml"), seed=4, dry_run=False)
    assert camp.party.day == 4


def test_cli_resolve_runs_the_recruit_then_work_plan(folder):
    """The one real `resolve` run (papermill) of this file."""
    (folder / "plans").mkdir(exist_ok=True)
    (folder / "plans" / "hiring.yaml").write_text(RECRUIT_THEN_WORK, encoding="utf-8")
    run("resolve", folder, "--plan", folder / "plans" / "hiring.yaml", "--seed", "4")
    status = json.loads(run("status", folder, "--json"))
    assert status["party"]["day"] == 3
    mirela = next(f for f in status["followers"] if f["name"] == "Mirela")
    assert mirela["project_id"] is not None


# --- the Director's panels --------------------------------------------------------------------


def test_the_projects_panel_starts_two_heroes_projects_on_one_day(camp):
    from drawsteel_kit.systems.draw_steel.panels.projects import ProjectsPanel

    panel = ProjectsPanel(camp)
    assert panel.in_respite.value  # the default: in the hero's respite today
    for hero, title in (("Val", ""), ("Bran", "Bran's lore"), ("Val", "Second")):
        panel.results.value = "Discover Lore"
        panel.hero.value = hero
        panel.project_title.value = title
        panel.params.value = "kind=common"
        panel.start_button.click()
        assert panel.ok, panel.message_text
    assert camp.party.day == 2 and len(camp.projects(status="active")) == 3


def test_the_respite_panel_joins_todays_respite_with_starts_and_purchases(camp):
    from drawsteel_kit.systems.draw_steel.panels.respite import RespitePanel

    camp.take_respite(["Val"])
    panel = RespitePanel(camp)
    # Val rested today: only the others are ticked, and the panel says the day is under way
    assert {h: r.takes.value for h, r in panel.rows.items()} == {
        "Val": False, "Bran": True, "Yorn": True}
    assert "Day 2&#39;s respite is under way (Val rested)" in panel.today.value
    panel.rows["Bran"].start.value = "Discover Lore"
    panel.rows["Bran"].start_title.value = "Bran's lore"
    panel.rows["Bran"].start_params.value = "kind=common"
    panel.rows["Yorn"].buy.value = "common tools"
    panel.commit_button.click()
    assert panel.ok, panel.message_text
    assert camp.party.day == 2
    assert camp.project("Bran's lore").started_day == 2
    assert [i.item for i in camp.inventory("Yorn")] == ["common tools"]
    assert not any(r.takes.value for r in panel.rows.values())  # everyone rested today
    assert panel.rows["Bran"].start.value == ""  # the next respite starts afresh


# --- older ledgers keep their days ------------------------------------------------------------


@pytest.mark.parametrize("sql", FILES, ids=[f.stem for f in FILES])
def test_an_older_ledger_keeps_its_recorded_days(sql: Path, tmp_path: Path) -> None:
    """Ledgers written before a respite was the party's day replay as recorded; a respite
    taken after the upgrade begins a day or joins one by the ledger's own history."""
    path = load(sql, tmp_path / "c")
    days = {e["id"]: e["day"] for e in rows(path)["events"]}
    assert "State matches history" in run("rebuild", path.parent, "--check")
    with Campaign.open(path.parent) as camp:
        today, under_way = camp.party.day, camp.day_respite() is not None
        hero = sorted(camp.heroes)[0]
        joins = under_way and hero not in camp.rested_today()
        camp.take_respite([hero], seed=1)
        assert camp.party.day == today + (0 if joins else 1)
        assert camp.ledger.verify()
    assert {e["id"]: e["day"] for e in rows(path)["events"] if e["id"] in days} == days
    assert "State matches history" in run("rebuild", path.parent, "--check")
