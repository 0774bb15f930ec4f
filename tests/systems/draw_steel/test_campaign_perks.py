"""Perks that change project work: Inspired Artisan and Traveling Artisan / Sage."""

from __future__ import annotations

import pytest

from drawsteel_kit.kit.dice import ScriptedDice
from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.systems.draw_steel.activities import ProjectRoll
from drawsteel_kit.systems.draw_steel.errors import NotEnoughTokens


def _perks(campaign, hero: str, *perks: str) -> None:
    campaign.adjust_hero(hero, perks=list(perks), reason="perk for the test")


def test_inspired_artisan_buys_one_more_roll_with_a_hero_token(campaign):
    _perks(campaign, "Bran", "Inspired Artisan")
    pid = campaign.start_project("Bran", "Healing Potion", prerequisite="owned")
    pid = pid.details["project_id"]
    campaign.start_session()
    pool = campaign.party.hero_tokens
    bran = campaign.hero("Bran")
    score = max(bran.reason, bran.intuition)
    h = campaign.take_respite(["Bran"], activities={"Bran": ProjectRoll(
        pid, inspired=True, dice=(3, 4, 5, 5))})
    assert campaign.party.hero_tokens == pool - 1
    assert campaign.project(pid).points == max(1, 7 + score) + max(1, 10 + score)
    assert any("hero token for one more roll" in e.summary for e in h.events)


def test_inspired_artisan_needs_the_perk_a_token_and_a_crafting_project(campaign):
    pid = campaign.start_project("Bran", "Healing Potion", prerequisite="owned")
    pid = pid.details["project_id"]
    before = campaign.ledger.snapshot()
    with pytest.raises(RulesError, match="does not have the Inspired Artisan perk"):
        campaign.take_respite(["Bran"], activities={"Bran": ProjectRoll(pid, inspired=True)})
    _perks(campaign, "Bran", "Inspired Artisan")
    before = campaign.ledger.snapshot()
    with pytest.raises(NotEnoughTokens, match="pool holds 0"):
        campaign.take_respite(["Bran"], activities={"Bran": ProjectRoll(pid, inspired=True)})
    assert campaign.ledger.snapshot() == before
    lore = campaign.start_project("Bran", "Discover Lore", params={"kind": "common"})
    campaign.start_session()
    with pytest.raises(RulesError, match="helps crafting projects"):
        campaign.take_respite(["Bran"], activities={"Bran": ProjectRoll(
            lore.details["project_id"], inspired=True)})


def test_traveling_sage_adds_a_d10_on_a_day_without_a_respite(campaign):
    _perks(campaign, "Val", "Traveling Sage")
    pid = campaign.start_project("Val", "Discover Lore", params={"kind": "lost"})
    pid = pid.details["project_id"]
    h = campaign.traveling_work("Val", pid, dice=ScriptedDice([7]))
    assert campaign.project(pid).points == 7 and h.events[0].dice == [7]
    with pytest.raises(RulesError, match="once"):
        campaign.traveling_work("Val", pid, dice=ScriptedDice([7]))
    campaign.advance_day()
    campaign.take_respite(["Val"])
    with pytest.raises(RulesError, match="day without a respite"):
        campaign.traveling_work("Val", pid, dice=ScriptedDice([7]))


def test_traveling_work_needs_the_perk_for_the_project_kind(campaign):
    _perks(campaign, "Val", "Traveling Artisan")
    pid = campaign.start_project("Val", "Discover Lore", params={"kind": "lost"})
    with pytest.raises(RulesError, match="Traveling Sage \\(research\\)"):
        campaign.traveling_work("Val", pid.details["project_id"], dice=ScriptedDice([7]))


def test_faction_member_npc_makes_up_to_three_rolls(campaign):
    campaign.grant_title("Val", "Faction Member", reason="joined the Lamplighters")
    pid = campaign.start_project("Val", "Discover Lore", params={"kind": "lost"})
    pid = pid.details["project_id"]
    h = campaign.faction_rolls("Val", pid, rolls=3, characteristic=1,
                               dice=ScriptedDice([3, 4, 5, 5, 1, 1]))
    assert campaign.project(pid).points == (7 + 1) + (10 + 1) + (2 + 1)
    assert h.events[0].dice == [3, 4, 5, 5, 1, 1]
    before = campaign.ledger.snapshot()
    with pytest.raises(RulesError, match="from 1 to 3"):
        campaign.faction_rolls("Val", pid, rolls=4)
    campaign.revoke_title("Val", "Faction Member", reason="left the faction")
    before = campaign.ledger.snapshot()
    with pytest.raises(RulesError, match="does not hold the Faction Member title"):
        campaign.faction_rolls("Val", pid)
    assert campaign.ledger.snapshot() == before
