"""Downtime projects as the Heroes book words them (issue 17, second pass), in a real campaign:
Caelian is always known, related languages, which skills apply, learning what one has, a named
item prerequisite, a found source that stays where it was found. Every die is scripted
(Val: Reason 2, knows Anjali only on the sheet)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import campaign_data, refused, write_campaign

from drawsteel_kit.kit.errors import CampaignFileError, RulesError
from drawsteel_kit.systems.draw_steel.activities import FindSource, ProjectRoll, StudyGuide
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from systems.draw_steel.helpers import start

HEROES: tuple[dict[str, Any], ...] = (
    {
        "name": "Val", "level": 1, "characteristics": {"reason": 2, "intuition": 1},
        "max_stamina": 21, "max_recoveries": 8,
        "skills": ["Alchemy", "History", "Lie", "Navigate"],
        "languages": ["Anjali"],  # no Caelian on the sheet
    },
    {
        "name": "Bran", "level": 1, "characteristics": {"might": 2},
        "max_stamina": 24, "max_recoveries": 12, "skills": ["Blacksmithing"],
        "languages": ["Caelian", "Zaliac"], "perks": ["Expert Artisan"],
    },
)


@pytest.fixture
def new_campaign(tmp_path: Path) -> Iterator[Callable[..., Campaign]]:
    """Build a campaign with these heroes; keyword arguments are settings."""
    opened: list[Campaign] = []

    def make(**settings: Any) -> Campaign:
        folder = write_campaign(tmp_path / f"c{len(opened)}",
                                campaign_data(heroes=HEROES, **settings))
        camp, _ = Campaign.init(folder)
        opened.append(camp)
        return camp

    yield make
    for camp in opened:
        camp.close()


@pytest.fixture
def camp(new_campaign: Callable[..., Campaign]) -> Campaign:
    return new_campaign()


def roll(camp: Campaign, hero: str, pid: int, faces: tuple[int, ...], **kw: Any) -> dict:
    camp.take_respite([hero], activities={hero: ProjectRoll(pid, dice=faces, **kw)})
    return camp.project(pid).as_dict() | {"last": _last_roll(camp)}


def _last_roll(camp: Campaign) -> dict[str, Any]:
    return next(ev.payload for ev in reversed(camp.ledger.events())
                if ev.kind == "project_roll")


# --- 1. every hero knows Caelian (000: 1219) --------------------------------------------------


def test_caelian_is_known_though_the_sheet_leaves_it_out(camp: Campaign) -> None:
    """000: 1219: a Caelian-source treasure, dice 5 and 5, Reason 2: 12 points, no bane
    (a double bane would give 8)."""
    pid = start(camp, "Val", "Healing Potion", prerequisite="owned")
    after = roll(camp, "Val", pid, (5, 5), characteristic="reason")
    assert after["points"] == 12 and after["last"]["language"] == "known"


def test_a_guide_in_caelian_gives_its_full_value(camp: Campaign) -> None:
    """000: 1219 and 3800: the guide is in a language every hero understands."""
    pid = start(camp, "Val", "Healing Potion", prerequisite="owned")
    camp.take_respite(["Val"], activities={
        "Val": StudyGuide(pid, "Herbal of the Empire", 20, language="Caelian")})
    assert camp.project(pid).points == 20


def test_learning_caelian_is_refused(camp: Campaign) -> None:
    """000: 1219 and 3890: Val knows Caelian already, whatever the sheet lists."""
    with refused(camp, RulesError, "Val already knows Caelian"):
        camp.start_project("Val", "Learn New Language", learns="caelian")


# --- 2. related languages (000: 1251-1264, 1289-1301) -----------------------------------------


def test_an_offshoot_reads_its_origin_with_one_bane(new_campaign: Callable) -> None:
    """000: 1251 (Kalliak derives from Zaliac) and 3792: Bran knows Zaliac, the Buzz Balm's
    source is in Kalliak: one bane. Dice 5+5, Reason 0: 10 - 2 = 8."""
    camp = new_campaign()
    pid = start(camp, "Bran", "Buzz Balm", prerequisite="owned")
    after = roll(camp, "Bran", pid, (5, 5), characteristic="reason")
    assert after["last"]["language"] == "related" and after["points"] == 8


def test_a_campaign_takes_a_book_relation_apart(new_campaign: Callable) -> None:
    """000: 1251 relates Kalliak and Zaliac; settings.unrelated_languages undoes it: a double
    bane, 10 - 4 = 6."""
    camp = new_campaign(unrelated_languages=[["Kalliak", "Zaliac"]])
    pid = start(camp, "Bran", "Buzz Balm", prerequisite="owned")
    after = roll(camp, "Bran", pid, (5, 5), characteristic="reason")
    assert after["last"]["language"] == "unknown" and after["points"] == 6


def test_unrelated_languages_are_checked_in_the_file(tmp_path: Path) -> None:
    data = campaign_data(heroes=HEROES, unrelated_languages=[["Kalliak", "Zalaic"]])
    with pytest.raises(CampaignFileError, match=r"unrelated_languages.*Zaliac"):
        Campaign.init(write_campaign(tmp_path / "c", data))


# --- 3. which skills apply to a project roll (000: 3788) --------------------------------------


def test_a_crafting_or_lore_skill_applies(camp: Campaign) -> None:
    """000: 3788: Alchemy (Crafting) on a potion: 5 + 5 + Reason 2 + 2 = 14."""
    pid = start(camp, "Val", "Healing Potion", prerequisite="owned")
    after = roll(camp, "Val", pid, (5, 5), characteristic="reason", skill="Alchemy")
    assert after["points"] == 14
    assert after["last"]["skill_group"] == "crafting"
    assert after["last"]["skill_allowed_by"] == "book"


def test_a_skill_of_another_group_is_refused_without_the_directors_leave(camp: Campaign) -> None:
    """000: 3788: Lie is an Interpersonal skill: it does not apply on its own."""
    pid = start(camp, "Val", "Healing Potion", prerequisite="owned")
    with refused(camp, RulesError, "Lie is a skill of the Interpersonal group.*Crafting or "
                 "Lore"):
        camp.take_respite(["Val"], activities={"Val": ProjectRoll(pid, dice=(5, 5),
                                                                  skill="Lie")})


def test_the_director_allows_another_skill_for_one_roll(camp: Campaign) -> None:
    """000: 3788: with the Director's leave, recorded in the roll's event."""
    pid = start(camp, "Val", "Healing Potion", prerequisite="owned")
    after = roll(camp, "Val", pid, (5, 5), characteristic="reason", skill="Navigate",
                 skill_allowed=True)
    assert after["points"] == 14
    assert after["last"]["skill_allowed_by"] == "director"
    assert after["last"]["skill_group"] == "exploration"


def test_the_director_allows_a_skill_for_the_campaign(new_campaign: Callable) -> None:
    """000: 3788: campaign.yaml's settings.project_skills, recorded as the campaign's word."""
    camp = new_campaign(project_skills=["navigate"])
    pid = start(camp, "Val", "Healing Potion", prerequisite="owned")
    after = roll(camp, "Val", pid, (5, 5), characteristic="reason", skill="Navigate")
    assert after["points"] == 14 and after["last"]["skill_allowed_by"] == "campaign"


def test_expert_artisan_rolls_twice_only_with_a_crafting_skill(
    new_campaign: Callable,
) -> None:
    """REFERENCE.md "Titles and perks" with 000: 3788: Bran's Expert Artisan needs a Crafting
    skill on the roll; Blacksmithing is one (the better of 3+3 and 9+9 is kept)."""
    camp = new_campaign()
    pid = start(camp, "Bran", "Healing Potion", prerequisite="owned")
    after = roll(camp, "Bran", pid, (3, 3, 9, 8), characteristic="reason",
                 skill="Blacksmithing")
    assert after["last"]["rolled_twice"] and after["points"] == 9 + 8 + 2


def test_forecast_checks_the_skill_as_a_roll_does(camp: Campaign) -> None:
    """000: 3788: the forecast refuses Lie as the roll would, and takes it with leave."""
    pid = start(camp, "Val", "Healing Potion", prerequisite="owned")
    with pytest.raises(RulesError, match="Interpersonal"):
        camp.forecast(pid, skill="Lie", followers=False)
    curve = camp.forecast(pid, skill="Lie", skill_allowed=True, followers=False)
    assert curve is not None


def test_a_skill_of_the_campaigns_own_applies_in_the_group_the_director_gave_it(
    tmp_path: Path,
) -> None:
    """000: 2177 (the Director picks a group for a new skill) and 3788: Brewing, given the
    Crafting group, applies to a potion; Painting, given none, needs leave."""
    heroes = [dict(HEROES[0], skills=["Brewing", "Painting"])]
    data = campaign_data(heroes=heroes)
    data["custom"] = {"skills": ["Brewing", "Painting"], "skill_groups": {"Brewing": "crafting"}}
    camp, _ = Campaign.init(write_campaign(tmp_path / "c", data))
    with camp:
        pid = start(camp, "Val", "Healing Potion", prerequisite="owned")
        after = roll(camp, "Val", pid, (5, 5), characteristic="reason", skill="brewing")
        assert after["points"] == 14 and after["last"]["skill_group"] == "crafting"
        with refused(camp, RulesError, "Painting is the campaign's own skill"):
            camp.take_respite(["Val"], activities={"Val": ProjectRoll(pid, dice=(5, 5),
                                                                      skill="Painting")})


def test_a_skill_group_names_a_skill_of_the_campaigns_own(tmp_path: Path) -> None:
    data = campaign_data(heroes=HEROES)
    data["custom"] = {"skills": ["Brewing"], "skill_groups": {"Painting": "crafting"}}
    with pytest.raises(CampaignFileError, match=r"Painting is not among custom\.skills"):
        Campaign.init(write_campaign(tmp_path / "c", data))


# --- 8. learning what the hero already has (000: 3890-3900) -----------------------------------


def test_learn_new_language_the_hero_knows_is_refused(camp: Campaign) -> None:
    """000: 3892-3894: the language is one the hero will come to know."""
    with refused(camp, RulesError, "Val already knows Anjali: Learn New Language"):
        camp.start_project("Val", "Learn New Language", learns="anjali")


def test_learn_new_skill_the_hero_has_is_refused(camp: Campaign) -> None:
    """000: 3898-3900."""
    with refused(camp, RulesError, "Val already has the skill History: Learn New Skill"):
        camp.start_project("Val", "Learn New Skill", learns="history")
    assert start(camp, "Val", "Learn New Skill", learns="Magic")


# --- 9. a treasure's item prerequisite, named (000: 3754, 3846) -------------------------------


def test_the_director_names_a_treasures_item_prerequisite(camp: Campaign) -> None:
    """000: 3846: each treasure names its item prerequisite; the project records that one."""
    happened = camp.start_project("Val", "Healing Potion", prerequisite="owned",
                                  prerequisite_item="a vial of troll blood")
    project = camp.project(happened.details["project_id"])
    assert project.item_prerequisite == "a vial of troll blood"
    assert project.prerequisite == "owned"
    assert "needs a vial of troll blood: owned" in happened.summary


def test_a_named_item_must_still_be_owned_or_waived(camp: Campaign) -> None:
    """000: 3754: the item is owned before the project starts, as for Build Airship."""
    with refused(camp, RulesError, "needs a vial of troll blood before it starts: mark the "
                 "prerequisite owned"):
        camp.start_project("Val", "Healing Potion", prerequisite_item="a vial of troll blood")
    assert start(camp, "Val", "Healing Potion", prerequisite="waived",
                 prerequisite_item="a vial of troll blood")
    # Not named yet: the message says how to name it.
    with refused(camp, RulesError, "needs the rare component this treasure names .name it as "
                 "the project's item prerequisite, in the treasure's own words. before it "
                 "starts"):
        camp.start_project("Val", "Healing Potion")


def test_a_project_without_an_item_prerequisite_takes_none(camp: Campaign) -> None:
    """000: 3866: Discover Lore has no item prerequisite."""
    with refused(camp, RulesError, "Discover Lore has no item prerequisite"):
        camp.start_project("Val", "Discover Lore", params={"kind": "common"},
                           prerequisite_item="a map")


def test_an_unnamed_item_keeps_the_catalogs_words(camp: Campaign) -> None:
    pid = start(camp, "Val", "Healing Potion", prerequisite="owned")
    assert camp.project(pid).item_prerequisite == "the rare component this treasure names"


# --- 15. a found source holds where it was found (000: 3760, 3768-3770) -----------------------


def _needing_a_source(camp: Campaign) -> int:
    return start(camp, "Val", "Discover Lore", params={"kind": "lost"}, source="needed")


def test_a_found_source_stays_where_it_was_found(camp: Campaign) -> None:
    """000: 3760: the source is needed at every roll; 000: 3770: a common source is found
    where the library is. Moving on leaves it behind, and the next roll is refused."""
    pid = _needing_a_source(camp)
    camp.move_party("Hollowmere")
    camp.take_respite(["Val"], activities={"Val": FindSource(pid)})
    found = camp.project(pid)
    assert (found.source, found.source_at) == ("common", "Hollowmere")
    roll(camp, "Val", pid, (5, 5))  # at hand where it was found
    moved = camp.move_party("The Old Mill", reason="chasing the bandits")
    assert moved.details["left_behind"] == [pid]
    assert camp.party.location == "The Old Mill"
    assert camp.project(pid).source == "needed"
    with refused(camp, RulesError, "its source is not at hand \\(the one found at Hollowmere "
                 "stayed there\\)"):
        camp.take_respite(["Val"], activities={"Val": ProjectRoll(pid, dice=(5, 5))})


def test_back_where_it_was_found_the_source_is_at_hand_again(camp: Campaign) -> None:
    """000: 3770: the library is still there when the party comes back."""
    pid = _needing_a_source(camp)
    camp.move_party("Hollowmere")
    camp.take_respite(["Val"], activities={"Val": FindSource(pid)})
    camp.move_party("The Old Mill")
    back = camp.move_party("hollowmere")
    assert back.details["at_hand_again"] == [pid] and camp.project(pid).source == "common"
    assert roll(camp, "Val", pid, (5, 5))["points"] == 12  # 5 + 5 + Reason 2


def test_a_source_the_director_calls_available_travels_along(camp: Campaign) -> None:
    """000: 3762: a source may be a book or a mentor: only a found common one stays put."""
    pid = start(camp, "Val", "Discover Lore", params={"kind": "lost"})
    camp.move_party("Hollowmere")
    assert camp.project(pid).source == "available"


def test_moving_to_where_the_party_is_is_refused(camp: Campaign) -> None:
    camp.move_party("Hollowmere")
    with refused(camp, RulesError, "the party is at Hollowmere already"):
        camp.move_party(" HOLLOWMERE ")
    with refused(camp, RulesError, "say where the party goes"):
        camp.move_party("   ")


def test_moving_on_is_undone_whole(camp: Campaign) -> None:
    """Undo puts the party and the source back as they were."""
    pid = _needing_a_source(camp)
    camp.take_respite(["Val"], activities={"Val": FindSource(pid)})
    before = camp.ledger.snapshot()
    moved = camp.move_party("The Old Mill")
    assert camp.project(pid).source == "needed"
    camp.undo(moved.events[0].id)
    assert camp.ledger.snapshot() == before
