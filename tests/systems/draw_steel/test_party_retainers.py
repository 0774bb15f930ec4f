"""Retainers for a large party (000: 3951): the Director may allow one retainer for the whole
party, or none. The campaign's ``party_retainers`` setting (null: each hero has their own, the
book's default), obeyed by every path a retainer joins by: add, replace, recruiting at a
respite, a downtime plan, the command line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from cli_helpers import assert_one_clear_line, invoke, run
from conftest import HEROES, campaign_data, refused, write_campaign

from drawsteel_kit.kit.errors import CampaignFileError, PlanError, RulesError
from drawsteel_kit.systems.draw_steel.activities import NewFollower, Recruit
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.systems.draw_steel.campaign_file import Settings, parse_campaign_text
from drawsteel_kit.systems.draw_steel.plans import resolve
from drawsteel_kit.systems.draw_steel.plans.read import parse_plan
from drawsteel_kit.systems.draw_steel.rules.retainers import PARTY_RETAINERS_CHOICES


def _camp(tmp_path: Path, **settings: Any) -> Campaign:
    data = campaign_data(**settings)
    data["stronghold"] = {"name": "Oakhold"}
    camp, _ = Campaign.init(write_campaign(tmp_path / "c", data))
    for hero in ("Val", "Bran", "Yorn"):
        camp.award_renown(hero, 6, reason="deeds")
    return camp


def test_the_book_offers_one_for_the_party_or_none():
    """000: 3951: one retainer in all for a large party, or no retainers at all."""
    assert PARTY_RETAINERS_CHOICES == (1, 0)
    assert Settings().party_retainers is None  # the default: each hero their own


@pytest.mark.parametrize("value", [2, -1, "one", True, 1.0])
def test_the_setting_takes_only_the_books_choices(value):
    """000: 3951."""
    text = yaml.safe_dump(campaign_data(party_retainers=value))
    with pytest.raises(CampaignFileError, match="party_retainers"):
        parse_campaign_text(text, "campaign.yaml")


def test_without_the_setting_each_hero_keeps_a_retainer(tmp_path):
    """000: 3951: one per hero unless the Director decides otherwise."""
    with _camp(tmp_path) as camp:
        assert camp.party_retainer_limit() is None
        camp.add_follower("Val", "Grim", "retainer", ancestry="Human")
        camp.add_follower("Bran", "Hask", "retainer", ancestry="Orc")


def test_one_retainer_for_the_whole_party(tmp_path):
    """000: 3951: the Director allows one retainer for the whole party."""
    with _camp(tmp_path, party_retainers=1) as camp:
        camp.add_follower("Val", "Grim", "retainer", ancestry="Human")
        with refused(camp, RulesError, "allows 1 retainer for the whole party .*Grim "
                                       "\\(Val's\\) is it"):
            camp.add_follower("Bran", "Hask", "retainer", ancestry="Orc")
        # replacing the party's one retainer is still allowed
        camp.replace_follower("Grim", NewFollower("Hask", "retainer", ancestry="Orc"))
        assert [f.name for f in camp.followers() if f.role == "retainer"] == ["Hask"]
        camp.add_follower("Bran", "Ash", "sage", ancestry="Human", languages=["Anjali", "Voll"],
                          skills=["History", "Magic", "Nature", "Religion"])  # not a retainer


def test_no_retainers_at_all(tmp_path):
    """000: 3951: the Director forbids retainers."""
    with _camp(tmp_path, party_retainers=0) as camp, refused(camp, RulesError,
                                                              "allows no retainers"):
        camp.add_follower("Val", "Grim", "retainer", ancestry="Human")


def test_recruiting_at_a_respite_obeys_it_and_writes_nothing(tmp_path):
    """000: 3951 with 000: 3928 (recruiting is a respite activity)."""
    with _camp(tmp_path, party_retainers=1) as camp:
        camp.add_follower("Val", "Grim", "retainer", ancestry="Human")
        with refused(camp, RulesError, "for the whole party"):
            camp.take_respite(["Bran"], activities={"Bran": Recruit(
                (NewFollower("Hask", "retainer", ancestry="Orc"),))})


PLAN = """
name: Hiring
days: 1
followers:
  - hero: Val
    add: {name: Grim, role: retainer, ancestry: Human}
respites:
  - hero: Bran
    days: 1
    activity:
      recruit: [{name: Hask, role: retainer, ancestry: Orc}]
"""


def test_a_plan_that_recruits_past_it_is_refused_whole(tmp_path):
    """000: 3951: the plan stops on day 1 and nothing is written."""
    with _camp(tmp_path, party_retainers=1) as camp, refused(
            camp, PlanError, "day 1: .*for the whole party"):
        resolve(camp, parse_plan(PLAN, "hiring.yaml"), seed=1, dry_run=False)
    with _camp(tmp_path / "open", party_retainers=None) as camp:
        resolve(camp, parse_plan(PLAN, "hiring.yaml"), seed=1, dry_run=False)
        assert sorted(f.name for f in camp.followers()) == ["Grim", "Hask"]


def test_cli_refuses_a_second_retainer_and_says_the_limit(tmp_path):
    """000: 3951."""
    folder = tmp_path / "c"
    _camp(tmp_path, party_retainers=1).close()
    run("followers", "add", folder, "Val", "Grim", "--role", "retainer", "--ancestry", "Human")
    line = assert_one_clear_line(invoke("followers", "add", folder, "Bran", "Hask", "--role",
                                        "retainer", "--ancestry", "Orc"), "whole party")
    assert "000" not in line
    assert "Retainers for the whole party: at most 1" in run("followers", "cap", folder)


def test_old_campaign_files_keep_working():
    """000: 3951: a campaign.yaml without the setting reads as the book's default."""
    cf = parse_campaign_text(yaml.safe_dump(campaign_data(heroes=HEROES)), "campaign.yaml")
    assert cf.settings.party_retainers is None
