"""Adventures: victories start at 0 each adventure (000: 817). Start and end through the
API, the command line, a downtime plan and the Director's panel; the party page and the XP
chart show them. Real campaigns, real SQLite."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import run
from conftest import campaign_data, refused, write_campaign

from drawsteel_kit.kit.book.party_view import PartyView
from drawsteel_kit.kit.errors import PlanError, RulesError
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.systems.draw_steel.pages import charts, party_page
from drawsteel_kit.systems.draw_steel.plans import resolve
from drawsteel_kit.systems.draw_steel.plans.read import parse_plan


def test_starting_an_adventure_sets_every_heros_victories_to_0(campaign: Campaign):
    """000: 817: at the start of an adventure a hero's victories are 0."""
    campaign.award_victories(3, ["Val"])
    happened = campaign.start_adventure("The Drowned Chapel")
    assert {h.name: h.victories for h in campaign.heroes.values()} == {
        "Bran": 0, "Val": 0, "Yorn": 0}
    assert [e.kind for e in happened.events] == [
        "adventure_started", "victories_reset", "victories_reset"]  # Bran had 2, Val 3
    assert "a respite first would have made them XP" in happened.events[2].summary
    assert campaign.adventure().name == "The Drowned Chapel"
    assert campaign.adventure().started_day == 1
    campaign.award_victories(1)
    assert campaign.hero("Val").victories == 1  # counted within the adventure
    assert campaign.ledger.verify()


def test_one_adventure_at_a_time_and_an_end_needs_one(campaign: Campaign):
    """000: 813-817: an adventure has a beginning, a middle and an end."""
    with refused(campaign, RulesError, "no adventure is under way"):
        campaign.end_adventure()
    campaign.start_adventure("The Drowned Chapel")
    with refused(campaign, RulesError, "'The Drowned Chapel' is still under way .* end it "
                 "first"):
        campaign.start_adventure("Another")
    with refused(campaign, RulesError, "name the adventure"):
        campaign.start_adventure("  ")
    campaign.take_respite()
    campaign.end_adventure(reason="the bells are still")
    assert campaign.adventure() is None
    assert [(a.name, a.started_day, a.ended_day) for a in campaign.adventures()] == [
        ("The Drowned Chapel", 1, 2)]


def test_undo_takes_an_adventure_back_with_the_victories(campaign: Campaign):
    """000: 817: undoing the start gives the victories back; an adventure with no victories
    to reset can be undone too."""
    happened = campaign.start_adventure("The Drowned Chapel")
    campaign.undo(happened.event_ids[0])
    assert campaign.adventure() is None and campaign.hero("Bran").victories == 2
    happened = campaign.start_adventure("The Drowned Chapel")
    ended = campaign.end_adventure()
    campaign.undo(ended.event_ids[0])
    assert campaign.adventure().name == "The Drowned Chapel"
    assert campaign.ledger.verify()


def test_the_command_line_starts_lists_and_ends_adventures(tmp_path: Path):
    """000: 817: `adventure start` sets victories to 0; `adventure list` shows them."""
    folder = write_campaign(tmp_path / "c", campaign_data())
    run("init", folder)
    assert "The adventure 'The Drowned Chapel' begins" in run(
        "adventure", "start", folder, "The Drowned Chapel")
    status = json.loads(run("status", folder, "--json"))
    assert {h["name"]: h["victories"] for h in status["heroes"]}["Bran"] == 0
    assert "The Drowned Chapel: day 1 under way" in run("adventure", "list", folder)
    out = run("adventure", "start", folder, "Another", ok=False)
    assert "still under way" in out and "adventure end" in out
    run("adventure", "end", folder)
    assert "The Drowned Chapel: day 1 to day 1" in run("adventure", "list", folder)


def test_a_plan_starts_and_ends_adventures_on_its_days(campaign: Campaign):
    """000: 817: a plan's `adventures:` entries run after that day's respite."""
    text = ("name: Out again\ndays: 3\n"
            "adventures: [{start: The Drowned Chapel, day: 2}, {end: true, day: 3}]\n"
            "respites: [{hero: Bran, days: [1]}]\n")
    campaign.award_victories(1, ["Val"])
    result = resolve(campaign, parse_plan(text, "p.yaml"), seed=1, dry_run=False)
    assert [(a.name, a.started_day, a.ended_day) for a in campaign.adventures()] == [
        ("The Drowned Chapel", 3, 4)]
    assert campaign.hero("Val").victories == 0  # reset when the adventure began
    assert [h.kind for h in result.days[2].happened] == ["day_advanced", "adventure_started"]
    with pytest.raises(PlanError, match=r"adventures\[0\].*either start: NAME"):
        parse_plan("name: x\ndays: 1\nadventures: [{reason: nothing}]\n", "q.yaml")


def test_the_plan_digest_of_a_plan_without_adventures_is_unchanged():
    """An older plan's record still matches it: adventures join the digest only when given."""
    plan = parse_plan("name: x\ndays: 1\n", "p.yaml")
    with_one = parse_plan("name: x\ndays: 1\nadventures: [{start: A}]\n", "p.yaml")
    assert plan.digest != with_one.digest
    assert plan.digest == parse_plan("name: x\ndays: 1\nadventures: []\n", "p.yaml").digest


def test_the_party_page_and_the_xp_chart_show_the_adventure(campaign: Campaign):
    """000: 817: the players see the adventure under way, and the day it began."""
    campaign.take_respite()
    campaign.start_adventure("The Drowned <Chapel>")
    with PartyView.of(campaign) as view:
        page = party_page(view)
        assert "adventure: The Drowned &lt;Chapel&gt; (since day 2)" in page.html
        fig = charts.xp_and_level(view.books, viewer="party")
    lines = [s for s in fig.layout.shapes if s.x0 == 2]
    assert lines and any("Drowned" in a.text for a in fig.layout.annotations)


def test_the_session_panel_starts_and_ends_an_adventure(campaign: Campaign):
    """000: 817: the Director's panel does what the command line does."""
    from drawsteel_kit.systems.draw_steel.panels.party import SessionPanel

    panel = SessionPanel(campaign)
    assert "no adventure under way" in panel.status.value
    panel.adventure_name.value = "The Drowned Chapel"
    panel.adventure_start_button.click()
    assert panel.ok, panel.message_text
    assert "adventure: The Drowned Chapel (since day 1)" in panel.status.value
    assert campaign.hero("Bran").victories == 0
    panel.adventure_end_button.click()
    assert panel.ok and campaign.adventure() is None
