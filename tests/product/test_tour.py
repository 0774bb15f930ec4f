"""Issue 32's tour, as a new user takes it: the `drawsteel-kit` command in a folder far from the
checkout (a subprocess each step, as an installed wheel runs), a campaign of four heroes
written in campaign.yaml, two sessions with victories, respites with project rolls, crafting,
languages and loved ones, followers, purchases and titles, a scripted plan, a Forge Steel
hero imported and exported. Every step runs as the README says, with no workaround, and the
tables show every name whole. Names are typed as people type them (first names, the start
of a title)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from conftest import REPO

pytestmark = pytest.mark.slow  # some thirty commands, each a process of its own

KIT = Path(sys.executable).with_name("drawsteel-kit")
FORGE_HERO = REPO / "tests" / "fixtures" / "forge_steel" / "minimal.ds-hero"

SAGE = "History,Magic,Religion,Timescape"
CAMPAIGN = {
    "name": "The Tour",
    "system": "draw-steel",
    "settings": {"xp_track": "normal", "project_events": "off", "project_starts": "respite",
                 "recruit_at": ["Riverside Market"]},
    "stronghold": {"name": "The Lantern House", "location": "by the river gate"},
    "heroes": [
        {"name": "Aster", "player": "Ines", "ancestry": "Human", "class": "Tactician",
         "career": "Soldier", "level": 1, "characteristics": {"might": 2, "agility": 1,
                                                              "reason": 1, "presence": -1},
         "max_stamina": 21, "max_recoveries": 10, "skills": ["Alertness", "Lead"],
         "languages": ["Caelian"]},
        {"name": "Korrin Stonefist", "player": "Tomasz", "ancestry": "Dwarf", "class": "Fury",
         "career": "Laborer", "level": 1, "characteristics": {"might": 2, "agility": 2},
         "max_stamina": 24, "max_recoveries": 12, "skills": ["Blacksmithing", "Endurance"],
         "languages": ["Caelian", "Zaliac"], "renown": 3},
        {"name": "Thessaly Vane", "player": "Sam", "ancestry": "High Elf",
         "class": "Elementalist", "career": "Sage", "level": 1,
         "characteristics": {"reason": 2, "intuition": 1}, "max_stamina": 20,
         "max_recoveries": 8, "skills": ["History", "Magic"],
         "languages": ["Caelian", "Hyrallic", "Khelt"]},
        {"name": "Pip Thistledown", "player": "Ade", "ancestry": "Polder", "class": "Shadow",
         "career": "Criminal", "level": 1, "characteristics": {"agility": 2, "reason": 1},
         "max_stamina": 21, "max_recoveries": 8, "skills": ["Sneak", "Alchemy"],
         "languages": ["Caelian", "Szetch"], "wealth": 2, "renown": 3},
    ],
}
#: A plan of the tour's third week: short names, and a follower recruited on day 1 who
#: works from day 2 (what the plan's own respites make counts).
PLAN = """
name: The third week
days: 3
followers:
  - follower: Brannoc
    assign: Anjali
    day: 2
respites:
  - hero: Thessaly
    days: every
    activity: {roll: Old maps}
  - hero: Pip
    days: 1
    activity:
      recruit:
        - {name: Brannoc Hale, role: sage, ancestry: Human,
           skills: [History, Magic, Religion, Timescape],
           languages: [Caelian, Anjali, Variac]}
      at: Riverside Market
  - hero: Pip
    days: 2-3
    activity: {roll: Anjali}
"""


def ds(*args: object, cwd: Path, ok: bool = True) -> str:
    """One `drawsteel-kit` command, as a Director types it; its output (stdout and stderr)."""
    env = {**os.environ, "PYTHONPATH": str(REPO), "COLUMNS": "200"}
    done = subprocess.run([str(KIT), *map(str, args)], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=300)
    out = done.stdout + done.stderr
    assert "Traceback" not in out, out
    assert (done.returncode == 0) == ok, f"drawsteel-kit {' '.join(map(str, args))}:\n{out}"
    return out


@pytest.fixture(scope="module")
def tour(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The campaign, from `new` through two sessions, their respites and a week's plan."""
    home = tmp_path_factory.mktemp("tour")
    ds("new", "The Tour", "--dir", home, cwd=home)
    folder = home / "the-tour"
    (folder / "campaign.yaml").write_text(yaml.safe_dump(CAMPAIGN, sort_keys=False),
                                          encoding="utf-8")
    ds("init", folder, cwd=home)
    # The first session: victories and a hero token.
    ds("session", "start", folder, cwd=home)
    ds("victories", folder, 2, "--reason", "Bandits at the mill", cwd=home)
    ds("tokens", folder, "award", 1, "--reason", "Leapt the chasm", cwd=home)
    ds("session", "end", folder, cwd=home)
    # A day's respite: everyone's activity, projects started in it (one rolled on at once),
    # a follower recruited, a purchase.
    out = ds("respite", folder, "--seed", 3,
             "--start", "Thessaly=Discover Lore|kind=lost|title=Old maps",
             "--roll", "Thessaly=Old maps",
             "--start", "Pip=Learn New Language|learns=Anjali|title=Anjali lessons",
             "--start", "Aster=Healing Potion|prerequisite=owned"
                        "|prerequisite-item=a troll's tear",
             "--roll", "Aster=Healing",
             "--start", "Korrin=Spend Time With Loved Ones",
             "--recruit", f"Korrin=Mirela Dask|sage|ancestry=Human|skills={SAGE}"
                          "|languages=Caelian,Khelt,Variac|at=Riverside Market",
             "--buy", "Pip=fine tavern dinner", cwd=home)
    assert "Day 2" in out
    ds("followers", "assign", folder, "Mirela", "Old maps", cwd=home)
    ds("titles", "grant", folder, "Korrin", "Local Hero", "--benefit", "renown", "--reason",
       "Saved the mill",
       cwd=home)
    # The second session, then a respite with rolls on what was started.
    ds("session", "start", folder, cwd=home)
    ds("victories", folder, 3, "--hero", "Aster", "--hero", "Korrin", "--reason",
       "The drowned chapel", cwd=home)
    ds("session", "end", folder, cwd=home)
    ds("respite", folder, "--seed", 5, "--roll", "Thessaly=Old maps", "--roll",
       "Pip=Anjali", "--roll", "Korrin=Spend Time", "--roll", "Aster=Healing Potion",
       cwd=home)
    # A scripted week, previewed then written.
    (folder / "plans" / "week3.yaml").write_text(PLAN, encoding="utf-8")
    ds("resolve", folder, "--plan", "week3", "--seed", 7, "--dry-run", "--no-notebook",
       cwd=home)
    ds("resolve", folder, "--plan", "week3", "--seed", 7, "--no-notebook", cwd=home)
    return folder


def test_the_tour_runs_with_no_workaround(tour: Path) -> None:
    home = tour.parent
    status = ds("status", tour, cwd=home)
    for name in ("Korrin Stonefist", "Thessaly Vane", "Pip Thistledown", "Aster"):
        assert name in status
    listed = ds("project", "list", tour, cwd=home)
    for title in ("Old maps", "Anjali lessons", "Healing Potion", "Spend Time With Loved Ones"):
        assert title in listed
    followers = ds("followers", "list", tour, cwd=home)
    assert "Mirela Dask" in followers and "Brannoc Hale" in followers
    assert "Anjali lessons" in followers  # the plan's recruit works from day 2
    assert "fine tavern dinner" in ds("inventory", "list", tour, cwd=home)
    assert "Local Hero" in ds("titles", "list", tour, cwd=home)
    history = ds("history", tour, "--limit", 200, cwd=home)
    assert "Brannoc Hale" in history and "rolls on 'Old maps'" in history
    data = json.loads(ds("status", tour, "--json", cwd=home))
    assert data["party"]["day"] == 6  # two respites, then the plan's three days


def test_a_forge_steel_hero_comes_in_and_goes_out(tour: Path) -> None:
    home = tour.parent
    out = ds("heroes", "import", tour, FORGE_HERO, cwd=home)
    name = json.loads(FORGE_HERO.read_text(encoding="utf-8"))["name"]
    assert name in out
    ds("victories", tour, 1, "--hero", name, "--reason", "A late arrival", cwd=home)
    target = home / "back.ds-hero"
    ds("heroes", "export", tour, name, "--to", target, cwd=home)
    assert json.loads(target.read_text(encoding="utf-8"))["name"] == name


def test_a_campaign_yaml_hero_goes_to_forge_steel(tour: Path) -> None:
    home = tour.parent
    target = home / "Aster.ds-hero"
    ds("heroes", "export", tour, "Aster", "--to", target, cwd=home)
    hero = json.loads(target.read_text(encoding="utf-8"))
    assert hero["name"] == "Aster"
