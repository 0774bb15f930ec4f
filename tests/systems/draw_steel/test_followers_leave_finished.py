"""A follower leaves a project when it is finished, in the same operation that finishes it
(career points, a hero's respite roll, a follower's daily roll, a roll outside respites): the
event says so, the follower is free for other work, and undo puts them back on it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import run
from conftest import campaign_data, write_campaign

from drawsteel_kit.kit.dice import ScriptedDice
from drawsteel_kit.systems.draw_steel.activities import ProjectRoll
from drawsteel_kit.systems.draw_steel.campaign import Campaign

HEROES: tuple[dict[str, Any], ...] = (
    {"name": "Val", "career": "Sage", "max_stamina": 21, "max_recoveries": 8,
     "characteristics": {"reason": 2, "intuition": 1}, "languages": ["Caelian", "Anjali"],
     "renown": 6, "project_points": 240},
    {"name": "Bran", "career": "Artisan", "max_stamina": 24, "max_recoveries": 12,
     "characteristics": {"might": 2}, "project_points": 240, "renown": 6},
)
ARTISAN: dict[str, Any] = {
    "ancestry": "Dwarf", "physical": "might", "languages": ["Khelt", "Zaliac"],
    "skills": ["Alchemy", "Blacksmithing", "Carpentry", "Cooking"],
}
LEAVES = "Hesk leaves the finished project"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return write_campaign(tmp_path / "camp", campaign_data(heroes=HEROES))


@pytest.fixture
def camp(folder: Path) -> Iterator[Campaign]:
    camp, _ = Campaign.init(folder)
    with camp:
        yield camp


def potion(camp: Campaign, points: int = 0) -> int:
    """Bran's Healing Potion (goal 45), with Hesk and Tamsin on it (Tamsin's skill applies)."""
    pid = camp.start_project("Bran", "Healing Potion", prerequisite="owned").details["project_id"]
    if points:
        camp.spend_project_points("Bran", pid, points)
    camp.add_follower("Bran", "Hesk", "artisan", **ARTISAN)
    camp.add_follower("Bran", "Tamsin", "artisan", **ARTISAN)
    camp.assign_follower("Hesk", pid)
    camp.assign_follower("Tamsin", pid, skill_applies=True)
    return pid


def on_it(camp: Campaign) -> dict[str, tuple[int | None, bool]]:
    return {f.name: (f.project_id, f.skill_applies) for f in camp.followers()}


def test_career_points_that_finish_it_free_its_followers_and_undo_restores_them(camp):
    pid = potion(camp)
    working = on_it(camp)
    assert working == {"Hesk": (pid, False), "Tamsin": (pid, True)}
    before = camp.ledger.snapshot()
    happened = camp.spend_project_points("Bran", pid, 45)
    assert camp.project(pid).status == "complete"
    assert on_it(camp) == {"Hesk": (None, False), "Tamsin": (None, False)}
    (event,) = happened.events
    assert event.summary.endswith(f"(45/45); {LEAVES}; Tamsin leaves the finished project")
    assert LEAVES in event.payload["lines"]
    assert event.payload["followers_left"] == ["Hesk", "Tamsin"]
    camp.undo(event.id)
    assert camp.ledger.snapshot() == before and on_it(camp) == working
    assert camp.ledger.verify()


def test_points_short_of_the_goal_keep_them_on_it(camp):
    pid = potion(camp)
    happened = camp.spend_project_points("Bran", pid, 44)
    assert on_it(camp) == {"Hesk": (pid, False), "Tamsin": (pid, True)}
    assert "leaves" not in happened.summary


def test_a_followers_daily_roll_that_finishes_it(camp):
    pid = potion(camp, points=40)
    # Day 2: Hesk rolls 5 + 5 + 1 = 11: 51/45, done; Tamsin makes no roll on it.
    happened = camp.advance_day(1, dice=ScriptedDice([5, 5]))
    assert camp.project(pid).status == "complete"
    made = [e for e in happened.events if e.kind == "follower_roll"]
    assert [e.payload["follower"] for e in made] == ["Hesk"]
    assert made[0].summary.endswith(f"complete!; {LEAVES}; Tamsin leaves the finished project")
    assert on_it(camp) == {"Hesk": (None, False), "Tamsin": (None, False)}
    assert camp.ledger.verify()


def test_a_heros_respite_roll_that_finishes_it(camp):
    pid = potion(camp, points=40)
    camp.assign_follower("Tamsin", None)
    # The day's follower roll first (Hesk 1 + 1 + 1: 43/45), then Bran's (5 + 5: 53/45).
    happened = camp.take_respite(["Bran"], activities={"Bran": ProjectRoll(pid)},
                                 dice=ScriptedDice([1, 1, 5, 5]))
    assert camp.project(pid).status == "complete"
    (roll,) = [e for e in happened.events if e.kind == "project_roll"]
    assert roll.summary.endswith(f"complete!; {LEAVES}")
    assert LEAVES in roll.payload["lines"]
    assert on_it(camp) == {"Hesk": (None, False), "Tamsin": (None, False)}
    # the undo of the whole respite puts Hesk back on the project
    camp.undo(roll.id)
    assert on_it(camp)["Hesk"] == (pid, False)
    assert camp.ledger.verify()


def test_through_the_command_line(camp, folder):
    pid = potion(camp)
    camp.close()
    out = run("project", "points", folder, "Bran", "Healing Potion", "45")
    assert LEAVES in out and "Tamsin leaves the finished project" in out
    listed = json.loads(run("followers", "list", folder, "--json"))
    assert [(f["name"], f["project_id"]) for f in listed["followers"]] == [
        ("Hesk", None), ("Tamsin", None)]
    assert "Healing Potion" not in run("followers", "list", folder)
    assert pid == 1


def test_a_forge_steel_file_that_finishes_it(tmp_path: Path) -> None:
    """A re-import whose file has the project done: its follower leaves it, the import's
    lines say so, and undoing the import puts them back."""
    from drawsteel_kit.systems.draw_steel.forge_steel import import_heroes
    from systems.draw_steel.test_forge_steel import FULL, _campaign

    folder = _campaign(tmp_path)
    with Campaign.open(folder) as camp:
        import_heroes(camp, [FULL])
        lore = next(p for p in camp.projects(hero="Corvin") if p.title == "Discover Lore")
        camp.add_follower("Corvin", "Hesk", "sage", beyond_cap="a test", ancestry="Human",
                          languages=["Anjali", "Voll"],
                          skills=["History", "Magic", "Nature", "Religion"])
        camp.assign_follower("Hesk", lore.id)
    edited = json.loads(FULL.read_text())
    edited["state"]["projects"][0]["progress"]["points"] = lore.goal
    newer = tmp_path / "corvin-2.ds-hero"
    newer.write_text(json.dumps(edited))
    assert f"{LEAVES} Discover Lore" in run("heroes", "import", folder, newer, "--dry-run")
    with Campaign.open(folder) as camp:
        assert camp.follower("Hesk").project_id == lore.id  # a dry run writes nothing
        happened = import_heroes(camp, [newer])
        assert camp.project(lore.id).status == "complete"
        assert camp.follower("Hesk").project_id is None
        camp.undo(happened.events[0].id)
        assert camp.follower("Hesk").project_id == lore.id
        assert camp.ledger.verify()
