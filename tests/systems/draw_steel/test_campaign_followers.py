"""Followers in a real campaign: artisans and sages checked against the book's templates,
assigned to projects of their kind, one project roll each per day as the calendar advances,
dismissed; undo of a week of their work. Dice are scripted or seeded."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import campaign_data, refused, write_campaign

from drawsteel_kit.kit.dice import ScriptedDice
from drawsteel_kit.kit.errors import RulesError, UndoError, UnknownHero
from drawsteel_kit.systems.draw_steel.activities import ProjectRoll
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.systems.draw_steel.errors import ProjectNotStarted

HEROES: tuple[dict[str, Any], ...] = (
    {
        "name": "Val", "career": "Sage", "max_stamina": 21, "max_recoveries": 8,
        "characteristics": {"reason": 2, "intuition": 1}, "languages": ["Caelian", "Anjali"],
        "renown": 3, "project_points": 240,
    },
    {
        "name": "Bran", "career": "Artisan", "max_stamina": 24, "max_recoveries": 12,
        "characteristics": {"might": 2}, "project_points": 240, "renown": 6,
    },
)
ARTISAN: dict[str, Any] = {
    "ancestry": "Dwarf", "physical": "might", "languages": ["Khelt", "Zaliac"],
    "skills": ["Alchemy", "Blacksmithing", "Carpentry", "Cooking"],
}
SAGE: dict[str, Any] = {
    "ancestry": "Human", "languages": ["Anjali", "Voll"],
    "skills": ["History", "Magic", "Nature", "Religion"],
}


@pytest.fixture
def new_campaign(tmp_path: Path) -> Iterator[Callable[..., Campaign]]:
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


def potion(camp: Campaign, points: int = 0) -> int:
    """Bran's Healing Potion (goal 45, Reason or Intuition, source in Caelian)."""
    pid = camp.start_project("Bran", "Healing Potion", prerequisite="owned").details["project_id"]
    if points:
        camp.spend_project_points("Bran", pid, points)
    return pid


def lore(camp: Campaign, kind: str = "forbidden", **kw: Any) -> int:
    return camp.start_project("Val", "Discover Lore", params={"kind": kind},
                              **kw).details["project_id"]


def rolls(happened: Any) -> list[Any]:
    return [e for e in happened.events if e.kind == "follower_roll"]


# --- adding followers ----------------------------------------------------------------------


@pytest.mark.parametrize(("physical", "might", "agility"), [("might", 1, 0), ("agility", 0, 1)])
def test_an_artisan_is_built_from_the_template(camp, physical, might, agility):
    happened = camp.add_follower("Bran", "Tamsin", "artisan", **{**ARTISAN, "physical": physical})
    f = camp.follower(happened.details["follower_id"])
    assert (f.hero, f.name, f.role, f.ancestry) == ("Bran", "Tamsin", "artisan", "Dwarf")
    assert f.characteristics == {"might": might, "agility": agility, "reason": 1,
                                 "intuition": 0, "presence": 0}
    assert f.languages == ("Caelian", "Khelt", "Zaliac")
    assert f.skills == ("Alchemy", "Blacksmithing", "Carpentry", "Cooking")
    assert (f.project_id, f.skill_applies, f.active) == (None, False, True)
    assert happened.events[0].kind == "follower_added"
    assert [x.name for x in camp.followers("bran")] == ["Tamsin"]
    assert camp.followers("Val") == []


def test_a_sage_is_built_from_the_template(camp):
    f = camp.follower(camp.add_follower("Val", "Ash", "sage", **SAGE).details["follower_id"])
    assert f.characteristics == {"might": 0, "agility": 0, "reason": 1, "intuition": 1,
                                 "presence": 0}
    assert f.languages == ("Caelian", "Anjali", "Voll")
    assert camp.follower("ASH").id == f.id


def test_characteristics_that_match_the_template_are_accepted(camp):
    f = camp.add_follower("Val", "Ash", "sage", **SAGE,
                          characteristics={"reason": 1, "intuition": 1})
    assert camp.follower(f.details["follower_id"]).reason == 1


BAD_FOLLOWERS: dict[str, tuple[str, dict[str, Any], type[Exception], str]] = {
    "artisan-lore-skill": ("artisan", {**ARTISAN, "skills": ["Alchemy", "Cooking", "Carpentry",
                                                             "History"]},
                           RulesError, "'History' is a Lore skill.*Crafting group"),
    "artisan-three-skills": ("artisan", {**ARTISAN, "skills": ["Alchemy", "Cooking", "Forgery"]},
                             RulesError, "needs exactly 4 skills from the Crafting group, got 3"),
    "sage-crafting-skill": ("sage", {**SAGE, "skills": ["Alchemy", "History", "Magic",
                                                        "Nature"]},
                            RulesError, "'Alchemy' is a Crafting skill.*Lore group"),
    "three-more-languages": ("sage", {**SAGE, "languages": ["Anjali", "Voll", "Khelt"]},
                             RulesError, "exactly 2 other languages, got 3"),
    "one-more-language": ("artisan", {**ARTISAN, "languages": ["Khelt"]},
                          RulesError, "exactly 2 other languages, got 1"),
    "no-physical": ("artisan", {**ARTISAN, "physical": None},
                    RulesError, "physical is might or agility"),
    "reason-as-physical": ("artisan", {**ARTISAN, "physical": "reason"},
                           RulesError, "physical is might or agility, got 'reason'"),
    "own-characteristics": ("artisan", {**ARTISAN, "characteristics": {"might": 2, "reason": 1}},
                            RulesError, "set by the artisan template"),
    "no-ancestry": ("sage", {**SAGE, "ancestry": ""}, RulesError, "needs an ancestry"),
    "retainer-no-ancestry": ("retainer", {}, RulesError, "needs an ancestry"),
    "role": ("squire", {"ancestry": "Human"}, RulesError,
             "an artisan, a sage or a retainer, not 'squire'"),
}


@pytest.mark.parametrize("case", BAD_FOLLOWERS)
def test_a_follower_off_the_template_is_refused_with_a_clear_message(camp, case):
    role, kw, error, match = BAD_FOLLOWERS[case]
    with refused(camp, error, match):
        camp.add_follower("Val", "Ash", role, **kw)


def test_a_follower_needs_a_hero(camp):
    with refused(camp, UnknownHero, "no hero named 'Nobody'"):
        camp.add_follower("Nobody", "Ash", "sage", **SAGE)


# --- assigning -----------------------------------------------------------------------------


def test_followers_work_on_crafting_or_research_projects(camp):
    """Artisans and sages help with research or crafting projects (000: 3945, 3957)."""
    camp.add_follower("Bran", "Tamsin", "artisan", **ARTISAN)
    camp.add_follower("Val", "Ash", "sage", **SAGE)
    craft, research = potion(camp), lore(camp)
    other = camp.start_project("Val", "Community Service").details["project_id"]
    with refused(camp, RulesError, "they work on crafting or research projects, and "
                                   "'Community Service' is other"):
        camp.assign_follower("Tamsin", other)
    camp.assign_follower("Tamsin", research)  # a specialty, not a limit
    assert camp.follower("Tamsin").project_id == research
    camp.assign_follower("Tamsin", craft, skill_applies=True)
    camp.assign_follower("Ash", "Discover Lore")
    assert (camp.follower("Tamsin").project_id, camp.follower("Tamsin").skill_applies) == (
        craft, True)
    assert camp.follower("Ash").project_id == research
    camp.assign_follower("Ash", None)
    assert camp.follower("Ash").project_id is None
    camp.spend_project_points("Bran", craft, 45)  # complete
    with refused(camp, ProjectNotStarted, "already complete"):
        camp.assign_follower("Tamsin", craft)
    with refused(camp, RulesError, "no follower 'Nobody'"):
        camp.assign_follower("Nobody", research)


# --- their days ----------------------------------------------------------------------------


def test_each_follower_rolls_once_a_day(camp):
    camp.add_follower("Bran", "Tamsin", "artisan", **ARTISAN)
    p = potion(camp)
    camp.assign_follower("Tamsin", p, skill_applies=True)
    # Tamsin: Reason 1 (her best the potion allows), Crafting skill +2, reads Caelian.
    dice = ScriptedDice([5, 5, 4, 4, 3, 3])
    happened = camp.advance_day(3, dice=dice)
    assert dice.remaining == 0
    assert camp.project(p).points == 13 + 11 + 9
    made = rolls(happened)
    assert [e.day for e in made] == [2, 3, 4]
    assert [e.dice for e in made] == [[5, 5], [4, 4], [3, 3]]
    assert {e.actor for e in made} == {"Bran"}
    assert made[0].payload["follower"] == "Tamsin"
    assert made[0].payload["characteristic"] == "reason"
    assert camp.party.day == 4


def test_every_follower_rolls_each_day_in_turn(camp):
    camp.add_follower("Bran", "Tamsin", "artisan", **ARTISAN)
    camp.add_follower("Val", "Ash", "sage", **SAGE)
    craft, research = potion(camp), lore(camp)
    camp.assign_follower("Tamsin", craft)
    camp.assign_follower("Ash", research)
    happened = camp.advance_day(2, dice=ScriptedDice([1, 1, 2, 2, 3, 3, 4, 4]))
    assert [e.payload["follower"] for e in rolls(happened)] == ["Tamsin", "Ash"] * 2
    assert camp.project(craft).points == (1 + 1 + 1) + (3 + 3 + 1)
    assert camp.project(research).points == (2 + 2 + 1) + (4 + 4 + 1)


def _week(camp: Campaign, seed: int) -> tuple[list[Any], int, int]:
    happened = camp.advance_day(5, seed=seed)
    return ([(e.day, e.dice, e.payload["points"]) for e in rolls(happened)],
            happened.details["seed"], happened.events[-1].seed)


def _crew(camp: Campaign) -> None:
    camp.add_follower("Bran", "Tamsin", "artisan", **ARTISAN)
    camp.add_follower("Val", "Ash", "sage", **SAGE)
    camp.assign_follower("Tamsin", potion(camp))
    camp.assign_follower("Ash", lore(camp))


def test_seeded_days_are_reproducible(new_campaign):
    first, second = new_campaign(), new_campaign()
    _crew(first)
    _crew(second)
    a, b = _week(first, 42), _week(second, 42)
    assert a == b
    assert len(a[0]) >= 5 and a[1:] == (42, 42)  # Ash rolls every day; Tamsin may finish
    assert first.ledger.snapshot()["projects"] == second.ledger.snapshot()["projects"]
    # Undone and run again with the same seed: the same week.
    last = first.ledger.event_count()
    first.undo(last)
    assert _week(first, 42) == a
    other = new_campaign()
    _crew(other)
    assert _week(other, 43)[0] != a[0]


def test_a_project_finished_on_the_first_day_takes_no_more_rolls(camp):
    camp.add_follower("Bran", "Tamsin", "artisan", **ARTISAN)
    p = potion(camp, points=40)
    camp.assign_follower("Tamsin", p)
    dice = ScriptedDice([3, 3])
    happened = camp.advance_day(3, dice=dice)
    assert dice.remaining == 0 and len(rolls(happened)) == 1
    assert (camp.project(p).status, camp.project(p).completed_day) == ("complete", 2)
    items = camp.ledger.snapshot()["inventory"]
    assert [(i["holder"], i["item"], i["count"]) for i in items] == [("Bran", "Healing Potion", 1)]


def test_a_follower_cannot_work_without_the_projects_source(camp):
    camp.add_follower("Val", "Ash", "sage", **SAGE)
    p = lore(camp, source="needed")
    camp.assign_follower("Ash", p)
    happened = camp.advance_day(2, dice=ScriptedDice([]))
    assert rolls(happened) == [] and camp.project(p).points == 0


@pytest.mark.parametrize(("language", "points"), [("Voll", 11), ("Khelt", 7)])
def test_a_followers_languages_set_the_banes(camp, language, points):
    camp.add_follower("Val", "Ash", "sage", **SAGE)  # reads Caelian, Anjali, Voll
    p = lore(camp, source_language=language)
    camp.assign_follower("Ash", p)
    camp.advance_day(1, dice=ScriptedDice([5, 5]))
    assert camp.project(p).points == points


def test_a_dismissed_follower_stops_working(camp):
    camp.add_follower("Val", "Ash", "sage", **SAGE)
    p = lore(camp)
    camp.assign_follower("Ash", p)
    happened = camp.dismiss_follower("ash", reason="went home")
    assert "went home" in happened.summary
    assert camp.followers() == []
    with pytest.raises(RulesError, match="no follower 'Ash'; the followers are: none"):
        camp.follower("Ash")
    dice = ScriptedDice([])
    camp.advance_day(2, dice=dice)
    assert camp.project(p).points == 0
    # Undoing the dismissal brings them back, at work.
    camp.undo(happened.events[0].id)
    assert camp.follower("Ash").project_id == p


def test_a_followers_roll_leaves_the_milestone_event_for_a_heros_roll(new_campaign):
    """000: 3816: the event comes the next time a HERO makes a project roll for it; the
    follower's daily roll does not use it up (it used to, and took the event itself)."""
    camp = new_campaign(project_events="milestones")
    camp.add_follower("Val", "Ash", "sage", **SAGE)
    p = lore(camp, kind="obscure")
    camp.spend_project_points("Val", p, 30)  # past the milestone at 22
    camp.assign_follower("Ash", p)
    camp.advance_day(1, dice=ScriptedDice([5, 5]))  # Ash rolls 5 + 5 + Reason 1: no d100
    assert camp.project(p).points == 30 + 11
    assert camp.project(p).event_pending == 1
    assert camp.party.hero_tokens == 0
    # Val's respite: Ash rolls 1 + 1 on its day, then Val 1 + 1, and the event (d100 13: a
    # hero token for the party) comes with Val's roll.
    happened = camp.take_respite(["Val"], activities={"Val": ProjectRoll(p)},
                                 dice=ScriptedDice([1, 1, 1, 1, 13]))
    assert camp.project(p).event_pending == 0
    assert camp.party.hero_tokens == 1
    assert [e.payload.get("event", {}).get("effect") for e in happened.events
            if e.kind in ("follower_roll", "project_roll")] == [None, "hero_token"]
    assert camp.ledger.verify()


# --- undo ----------------------------------------------------------------------------------


def test_undoing_several_days_of_follower_work_restores_the_exact_snapshot(camp):
    camp.add_follower("Bran", "Tamsin", "artisan", **ARTISAN)
    camp.add_follower("Val", "Ash", "sage", **SAGE)
    craft, research = potion(camp, points=30), lore(camp)
    camp.assign_follower("Tamsin", craft)
    camp.assign_follower("Ash", research)
    before = camp.ledger.snapshot()
    # Day 2: Tamsin 10 + 1 (41/45), Ash 6; day 3: Tamsin finishes it, Ash 6; day 4: Ash.
    happened = camp.advance_day(3, dice=ScriptedDice([5, 5, 2, 3, 5, 5, 2, 3, 2, 3]))
    assert camp.project(craft).status == "complete"
    assert camp.ledger.snapshot()["inventory"]
    assert camp.project(research).points == 18
    camp.undo(happened.events[3].id)  # any event of the operation undoes all of it
    assert camp.ledger.snapshot() == before
    assert camp.party.day == 1
    assert camp.ledger.verify()


def test_undoing_the_start_of_a_project_a_follower_works_on_is_refused(camp):
    started = camp.start_project("Val", "Discover Lore", params={"kind": "lost"})
    camp.add_follower("Val", "Ash", "sage", **SAGE)
    camp.assign_follower("Ash", started.details["project_id"])
    with refused(camp, UndoError, "still refers to what it created"):
        camp.undo(started.events[0].id)
