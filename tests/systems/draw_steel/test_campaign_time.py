"""The book's time in a campaign: a respite is a day (000: 861), projects start during a
respite (000: 3746), milestone events wait for a hero's roll (000: 3816). Real campaigns,
real SQLite, scripted dice (Val: Reason 2)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import campaign_data, refused, write_campaign

from drawsteel_kit.kit.book.campaign import BaseCampaign
from drawsteel_kit.kit.dice import ScriptedDice
from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.systems.draw_steel.activities import ProjectRoll, StartProject
from drawsteel_kit.systems.draw_steel.campaign import Campaign

SAGE: dict[str, Any] = {"ancestry": "Human", "skills": ["History", "Magic", "Rumors", "Society"],
                        "languages": ["Khelt", "Voll"]}


@pytest.fixture
def new_campaign(tmp_path: Path) -> Iterator[Callable[..., Campaign]]:
    """A campaign of the conftest heroes; keyword arguments are settings."""
    opened: list[Campaign] = []

    def make(**settings: Any) -> Campaign:
        folder = write_campaign(tmp_path / f"c{len(opened)}", campaign_data(**settings))
        camp, _ = BaseCampaign.init(folder)
        opened.append(camp)
        return camp

    yield make
    for camp in opened:
        assert camp.ledger.verify()
        camp.close()


@pytest.fixture
def book(new_campaign: Callable[..., Campaign]) -> Campaign:
    """A campaign that keeps the book's rule: projects start during a respite."""
    return new_campaign(project_starts="respite")


# --- a respite is a day (000: 861) -----------------------------------------------------------


def test_a_respite_moves_the_calendar_one_day_and_its_events_are_on_it(book):
    """000: 861: a respite is 24 hours: the campaign's calendar moves one day."""
    happened = book.take_respite()
    assert book.party.day == 2
    assert happened.events[0].kind == "day_advanced" and "a respite" in happened.events[0].summary
    assert {e.day for e in happened.events} == {2}
    later = book.take_respite(["Val"])
    assert book.party.day == 3
    book.undo(later.event_ids[-1])  # the whole respite, its day too
    assert book.party.day == 2


def test_followers_make_their_daily_roll_on_a_respite_day(book):
    """000: 861 with 000: 3943-3959: a follower rolls once a day, a respite's day too."""
    book.award_renown("Val", 3, reason="the mill")
    book.take_respite(["Val"], starts=[StartProject("Val", "Discover Lore",
                                                    params={"kind": "forbidden"})])
    book.add_follower("Val", "Ash", "sage", **SAGE)
    book.assign_follower("Ash", "Discover Lore")
    # Val rested today: her next respite is a new day (Yorn joining today's would not be)
    happened = book.take_respite(["Val"], dice=ScriptedDice([5, 5]))
    assert [e.kind for e in happened.events] == ["day_advanced", "follower_roll", "respite"]
    assert book.project("Discover Lore").points == 5 + 5 + 1  # Ash: Reason 1


def test_an_interrupted_respite_moves_no_day(book):
    """000: 861: an interrupted respite ends early and gives no benefits."""
    book.take_respite(interrupted=True, reason="wolves")
    assert book.party.day == 1


def test_a_plan_day_with_a_respite_is_one_calendar_day(book):
    """000: 861: a plan of 3 days with a respite each day moves the calendar 3 days, not 6."""
    from drawsteel_kit.systems.draw_steel.plans import resolve
    from drawsteel_kit.systems.draw_steel.plans.read import parse_plan

    text = ("name: Three days\ndays: 3\n"
            "respites: [{hero: Val, days: every}, {hero: Bran, days: [2]}]\n")
    result = resolve(book, parse_plan(text, "p.yaml"), seed=1, dry_run=False)
    assert book.party.day == 4
    assert [e.kind for e in result.events].count("day_advanced") == 3
    assert [d.campaign_day for d in result.days] == [1, 2, 3, 4]


# --- projects start during a respite (000: 3746) ---------------------------------------------


def test_starting_a_project_outside_a_respite_is_refused(book):
    """000: 3746: projects are started during a respite."""
    with refused(book, RulesError, "Val is not resting today .* projects are started during "
                 "a respite .*project_starts: any_time"):
        book.start_project("Val", "Discover Lore", params={"kind": "common"})


def test_a_project_started_in_a_respite_can_be_rolled_on_in_it(book):
    """000: 3746: started during a respite; the roll is the respite's one activity."""
    happened = book.take_respite(
        ["Val"], starts=[StartProject("Val", "Discover Lore", title="Old maps",
                                      params={"kind": "common"})],
        activities={"Val": ProjectRoll("Old maps")}, dice=ScriptedDice([3, 4]))
    kinds = [e.kind for e in happened.events]
    assert kinds == ["day_advanced", "project_started", "project_roll", "respite"]
    started = happened.events[1]
    assert started.payload["during_respite"] is True and started.day == 2
    assert book.project("Old maps").points == 3 + 4 + 2


def test_a_hero_who_rested_today_may_start_one_the_same_day(book):
    """000: 3746: the respite is the day: a start recorded after it is still during it."""
    book.take_respite(["Val"])
    happened = book.start_project("Val", "Discover Lore", params={"kind": "common"})
    assert happened.events[0].payload["during_respite"] is True
    with pytest.raises(RulesError, match="Bran is not resting today"):
        book.start_project("Bran", "Discover Lore", params={"kind": "common"})


def test_a_start_for_a_hero_not_resting_or_in_an_interrupted_respite_is_refused(book):
    """000: 3746 and 000: 861: no respite, no start."""
    with refused(book, RulesError, "Bran starts a project but is not taking this respite"):
        book.take_respite(["Val"], starts=[StartProject("Bran", "Discover Lore",
                                                        params={"kind": "common"})])
    with refused(book, RulesError, "an interrupted respite starts no project"):
        book.take_respite(["Val"], interrupted=True,
                          starts=[StartProject("Val", "Discover Lore", params={"kind": "common"})])
    with refused(book, RulesError, "needs the language"):  # a bad start leaves no day behind
        book.take_respite(["Val"], starts=[StartProject("Val", "Learn New Language")])


def test_a_table_that_starts_projects_any_time_records_it(new_campaign):
    """000: 3746 is the book's; project_starts: any_time is the table's own, and each start
    outside a respite says so."""
    camp = new_campaign(project_starts="any_time")
    happened = camp.start_project("Val", "Discover Lore", params={"kind": "common"})
    assert happened.events[0].payload["during_respite"] is False
    assert "outside a respite, as this table allows" in happened.summary


def test_a_plan_starts_its_projects_in_a_respite(book):
    """000: 3746: a plan's start goes in its hero's respite; one on a day the hero does not
    rest is refused before anything runs."""
    from drawsteel_kit.kit.errors import PlanError
    from drawsteel_kit.systems.draw_steel.plans import resolve
    from drawsteel_kit.systems.draw_steel.plans.read import parse_plan

    text = ("name: Lore\ndays: 2\n"
            "start: [{hero: Val, project: Discover Lore, title: Old maps,\n"
            "         params: {kind: common}}]\n"
            "respites: [{hero: Val, days: [2], activity: {roll: Old maps, dice: [[3, 4]]}}]\n")
    result = resolve(book, parse_plan(text, "p.yaml"), seed=1, dry_run=False)
    day2 = [e.kind for e in result.days[2].events]
    assert day2 == ["day_advanced", "project_started", "project_roll", "respite"]
    assert book.project("Old maps").started_day == 3
    bad = text.replace("params: {kind: common}}", "params: {kind: common}, day: 1}").replace(
        "Old maps", "New maps")
    with pytest.raises(PlanError, match=r"start\[0\] \(Val\): day: Val does not rest on day 1: "
                       "projects are started during a respite; give it a day: on which Val "
                       "rests \\(2\\)"):
        resolve(book, parse_plan(bad, "p.yaml"), seed=1)


# --- milestone events wait for a hero (000: 3816) --------------------------------------------


def test_two_milestones_in_one_roll_leave_two_events_for_the_next_heros_roll(new_campaign):
    """000: 3816: goal 240 has milestones at 80 and 160; one roll past both leaves two events
    (a count), and both come with the hero's next project roll."""
    camp = new_campaign(project_events="milestones")
    p = camp.start_project("Val", "Discover Lore",
                           params={"kind": "forbidden"}).details["project_id"]
    # 10 + 9 = 19, a breakthrough: 19 + 2 + 70 = 91, then 1 + 1 + 2 + 70 = 74: 165 in all.
    happened = camp.take_respite(["Val"], activities={"Val": ProjectRoll(p, bonus=70)},
                                 dice=ScriptedDice([10, 9, 1, 1]))
    project = camp.project(p)
    assert (project.points, project.milestones_reached, project.event_pending) == (
        165, (80, 160), 2)
    roll = next(e for e in happened.events if e.kind == "project_roll")
    assert "milestone 80, 160 reached: 2 events come with a hero's next roll" in \
        roll.payload["lines"]
    # The next roll: 1 + 1 + 2 = 4, then two events, d100 13 each: a hero token each.
    happened = camp.take_respite(["Val"], activities={"Val": ProjectRoll(p)},
                                 dice=ScriptedDice([1, 1, 13, 13]))
    assert (camp.project(p).points, camp.project(p).event_pending) == (169, 0)
    assert camp.party.hero_tokens == 2
    roll = next(e for e in happened.events if e.kind == "project_roll")
    assert [e["effect"] for e in roll.payload["events"]] == ["hero_token", "hero_token"]


def test_a_followers_roll_past_a_milestone_leaves_the_event_waiting(new_campaign):
    """000: 3816: a follower's daily roll neither takes the event nor uses it up: it comes
    with the next roll a HERO makes for the project."""
    camp = new_campaign(project_events="milestones")
    camp.award_renown("Val", 3, reason="the mill")
    p = camp.start_project("Val", "Discover Lore", params={"kind": "obscure"}).details[
        "project_id"]  # goal 45: a milestone at 22
    camp.add_follower("Val", "Ash", "sage", **SAGE)
    camp.assign_follower("Ash", p)
    camp.advance_day(2, dice=ScriptedDice([10, 8, 5, 5]))  # 18 + 1, then 10 + 1: 30
    assert (camp.project(p).points, camp.project(p).event_pending) == (30, 1)
    camp.advance_day(1, dice=ScriptedDice([1, 1]))  # no d100: the event waits
    assert (camp.project(p).points, camp.project(p).event_pending) == (33, 1)
    # Val's respite: Ash's day (1 + 1 + 1), then Val's roll (1 + 1 + 2) and the event.
    camp.take_respite(["Val"], activities={"Val": ProjectRoll(p)},
                      dice=ScriptedDice([1, 1, 1, 1, 13]))
    assert (camp.project(p).points, camp.project(p).event_pending) == (40, 0)
    assert camp.party.hero_tokens == 1


# --- Spend Time With Loved Ones (REFERENCE.md "Official downtime projects") -------------------

LOVED_ONES = "Spend Time With Loved Ones"


def loved_ones_done(camp: Campaign) -> int:
    """Bran (level 1, max Stamina 24, Presence 2) finishes it in a respite on day 2."""
    p = camp.start_project("Bran", LOVED_ONES).details["project_id"]
    camp.take_respite(["Bran"], activities={"Bran": ProjectRoll(p, bonus=60)},
                      dice=ScriptedDice([5, 5]))  # 10 + 2 + 60: past the goal of 60
    return p


def test_loved_ones_raises_max_stamina_until_the_end_of_the_next_respite(campaign: Campaign):
    """REFERENCE.md: on completion max Stamina +12 + level until the end of the next respite
    (the respite it was finished in is not the next one)."""
    p = loved_ones_done(campaign)
    bran = campaign.hero("Bran")
    assert (bran.max_stamina, bran.stamina) == (24 + 13, 24 + 13)
    assert campaign.stamina_bonuses("Bran") == [(campaign.project(p), 13)]
    campaign.advance_day(1)
    assert campaign.hero("Bran").max_stamina == 37  # a day is not a respite
    happened = campaign.take_respite(["Bran", "Val"])
    ended = [e for e in happened.events if e.kind == "stamina_bonus_ended"]
    assert len(ended) == 1 and "(+13) ends with this respite" in ended[0].summary
    bran = campaign.hero("Bran")
    assert (bran.max_stamina, bran.stamina) == (24, 24)
    assert campaign.stamina_bonuses("Bran") == []
    campaign.undo(happened.event_ids[-1])  # the bonus comes back with the undo
    assert campaign.hero("Bran").max_stamina == 37
    assert campaign.ledger.verify()


def test_loved_ones_is_once_a_month_on_the_calendar(campaign: Campaign):
    """REFERENCE.md: once a month (30 days on the workbook's calendar), counted from the day
    it was completed; one under way also refuses a second."""
    campaign.start_project("Val", LOVED_ONES)
    with refused(campaign, RulesError, "Val is already spending time with loved ones"):
        campaign.start_project("Val", LOVED_ONES)
    loved_ones_done(campaign)  # day 2
    campaign.advance_day(29)  # day 31
    with refused(campaign, RulesError, r"Bran spent time with loved ones on day 2: once a month "
                 r"\(30 days\), so the next can start on day 32 \(today is 31\)"):
        campaign.start_project("Bran", LOVED_ONES)
    campaign.advance_day(1)
    assert campaign.start_project("Bran", LOVED_ONES).details["project_id"]


def test_the_heros_page_shows_the_loved_ones_bonus(campaign: Campaign):
    """REFERENCE.md: the bonus shows on the hero's page while it lasts."""
    from drawsteel_kit.kit.book.party_view import PartyView
    from drawsteel_kit.systems.draw_steel.pages import hero_page

    loved_ones_done(campaign)
    with PartyView.of(campaign, "Bran") as view:
        html = hero_page(view).html
    assert "Maximum Stamina +13 from Spend Time With Loved Ones (12 + level)" in html
    assert "37/37" in html
    campaign.take_respite(["Bran"])
    with PartyView.of(campaign, "Bran") as view:
        assert "Maximum Stamina +" not in hero_page(view).html


def test_the_command_line_refuses_loved_ones_twice_a_month(tmp_path: Path):
    """REFERENCE.md: once a month, enforced by `project start` too."""
    from cli_helpers import run

    folder = write_campaign(tmp_path / "c", campaign_data())
    run("init", folder)
    run("project", "start", folder, "Bran", LOVED_ONES)
    # 10 + 9 is a breakthrough each time: 21 + 21 + 21 = 63, past the goal of 60.
    run("respite", folder, "--roll", f"Bran={LOVED_ONES}", "--dice", "Bran=10,9,10,9,10,9,5,5")
    assert "37" in run("status", folder)
    out = run("project", "start", folder, "Bran", LOVED_ONES, ok=False)
    assert "once a month" in out and "Traceback" not in out


def test_the_projects_panel_starts_a_project_in_a_respite(book):
    """000: 3746: the panel starts it in the hero's respite; unticked, outside one, it is
    refused with the same line as the command line's."""
    from drawsteel_kit.systems.draw_steel.panels.projects import ProjectsPanel

    panel = ProjectsPanel(book)
    panel.results.value = "Discover Lore"
    panel.hero.value = "Val"
    panel.params.value = "kind=common"
    panel.in_respite.value = False
    panel.start_button.click()
    assert not panel.ok and "Val is not resting today" in panel.message_text
    assert book.projects() == []
    panel.in_respite.value = True
    panel.start_button.click()
    assert panel.ok, panel.message_text
    assert book.party.day == 2 and book.project("Discover Lore").started_day == 2
