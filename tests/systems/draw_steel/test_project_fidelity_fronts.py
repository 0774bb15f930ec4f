"""The second fidelity pass (issue 17) from the command line and in downtime plans, on the demo
campaign: which skills apply to a project roll (000: 3788), learning what one has (000: 3890-3900),
a treasure's named item prerequisite (000: 3754, 3846), a found source left behind
(000: 3760, 3768-3770). The demo's own week still resolves."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from cli_helpers import assert_one_clear_line, invoke, run
from conftest import REPO, ledger_fingerprint

from drawsteel_kit.kit.errors import PlanError
from drawsteel_kit.kit.ledger import LEDGER_FILE
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.systems.draw_steel.plans import resolve
from drawsteel_kit.systems.draw_steel.plans.read import load_plan, parse_plan

DEMO = REPO / "campaigns" / "demo"


@pytest.fixture
def demo(tmp_path: Path) -> Path:
    """The demo campaign, its table starting projects at any time: these tests start projects
    to test what a start checks, not when it may happen (that has tests of its own). Its
    project events are off: a respite's unseeded event check would otherwise bring an event
    with one roll in six and change the totals these tests read (events have tests of their
    own)."""
    folder = tmp_path / "demo"
    folder.mkdir()
    data = yaml.safe_load((DEMO / "campaign.yaml").read_text(encoding="utf-8"))
    data.setdefault("settings", {}).update(project_starts="any_time", project_events="off")
    (folder / "campaign.yaml").write_text(yaml.safe_dump(data, sort_keys=False,
                                                         allow_unicode=True), encoding="utf-8")
    shutil.copytree(DEMO / "plans", folder / "plans")
    run("init", folder)
    return folder


@pytest.fixture
def camp(demo: Path) -> Iterator[Campaign]:
    with Campaign.open(demo) as opened:
        yield opened


# --- the command line -------------------------------------------------------------------------


def test_cli_names_a_treasures_item_prerequisite(demo: Path) -> None:
    """000: 3846: the Director names the component; it is shown and still owned or waived."""
    out = run("project", "start", demo, "Bran Ironvein", "Healing Potion", "--prerequisite",
              "owned", "--prerequisite-item", "a vial of troll blood")
    assert "needs a vial of troll blood: owned" in out
    listed = run("project", "list", demo, "--json")
    assert '"item_prerequisite": "a vial of troll blood"' in listed
    line = assert_one_clear_line(invoke("project", "start", demo, "Yorn", "Healing Potion",
                                        "--prerequisite-item", "a vial of troll blood"))
    assert "mark the prerequisite owned" in line and "prerequisite=" not in line


def test_cli_refuses_to_teach_a_known_language_or_skill(demo: Path) -> None:
    """000: 3892, 3898: Val knows Khelt and has History; every hero knows Caelian (000: 1219)."""
    before = ledger_fingerprint(demo / LEDGER_FILE)
    for what, name in (("Learn New Language", "Khelt"), ("Learn New Language", "Caelian"),
                       ("Learn New Skill", "History")):
        line = assert_one_clear_line(invoke("project", "start", demo, "Val", what, "--learns",
                                            name), "already")
        assert name in line
    assert ledger_fingerprint(demo / LEDGER_FILE) == before


def test_cli_respite_skill_of_another_group_needs_the_directors_leave(demo: Path) -> None:
    """000: 3788: Yorn's Intimidate is no Crafting or Lore skill; --skill-allowed gives leave."""
    run("project", "start", demo, "Yorn", "Healing Potion", "--prerequisite", "owned")
    before = ledger_fingerprint(demo / LEDGER_FILE)
    line = assert_one_clear_line(invoke("respite", demo, "--hero", "Yorn", "--roll",
                                        "Yorn=Healing Potion", "--skill", "Yorn=Intimidate",
                                        "--dice", "Yorn=5,5"), "Crafting or Lore")
    assert "Interpersonal" in line
    assert ledger_fingerprint(demo / LEDGER_FILE) == before
    out = run("respite", demo, "--hero", "Yorn", "--roll", "Yorn=Healing Potion", "--skill",
              "Yorn=Intimidate", "--skill-allowed", "Yorn", "--dice", "Yorn=5,5")
    assert "+12" in out  # 5 + 5 + skill 2 (Yorn's characteristics are 0)
    assert_one_clear_line(invoke("forecast", demo, "Healing Potion", "--skill", "Intimidate"),
                          "Crafting or Lore")
    assert "Expected:" in run("forecast", demo, "Healing Potion", "--skill", "Intimidate",
                           "--skill-allowed")


def test_cli_move_leaves_a_found_source_behind(demo: Path) -> None:
    """000: 3760, 3770: found at the Lantern House's town, needed again at the mill."""
    run("move", demo, "Capital")
    run("project", "start", demo, "Val", "Discover Lore", "--param", "kind=lost", "--title",
        "The bells", "--source", "needed")
    assert "finds a common source for 'The bells' at Capital" in run(
        "respite", demo, "--hero", "Val", "--find-source", "Val=The bells")
    out = run("move", demo, "The Old Mill", "--reason", "chasing the bandits")
    assert "The party moves on to The Old Mill" in out
    assert "The Old Mill" in run("status", demo)
    line = assert_one_clear_line(invoke("respite", demo, "--hero", "Val", "--roll",
                                        "Val=The bells"), "not at hand")
    assert "found at Capital" in line
    assert_one_clear_line(invoke("move", demo, "the old mill"), "already")


# --- downtime plans ---------------------------------------------------------------------------

WEEK = """\
name: Skills, items and places
days: 3
start:
  - {hero: Yorn, project: Healing Potion, prerequisite: owned,
     prerequisite_item: a vial of troll blood}
  - {hero: Val, project: Discover Lore, title: The bells, params: {kind: lost}, source: needed}
moves:
  - {to: Capital}
  - {to: The Old Mill, day: 2}
respites:
  - hero: Yorn
    days: every
    activity: {roll: Healing Potion, skill: Intimidate, skill_allowed: true}
  - hero: Val
    days: [1]
    activity: {find_source: The bells}
  - hero: Val
    days: [2]
    activity: {roll: The bells}
"""


def test_a_plan_allows_a_skill_names_an_item_and_moves_the_party(camp: Campaign) -> None:
    """000: 3788, 3846, 3760: the source found on day 1 in Capital stays there; on day 2 the
    party is at the mill, so Val's roll is refused and the whole plan with it."""
    before = ledger_fingerprint(camp.folder / LEDGER_FILE)
    with pytest.raises(PlanError, match=r"respites\[2\].*on day 2.*not at hand \(the one found "
                       r"at Capital stayed there\)"):
        resolve(camp, parse_plan(WEEK, "plan.yaml"), seed=3, dry_run=False)
    assert ledger_fingerprint(camp.folder / LEDGER_FILE) == before
    mended = WEEK.replace("    days: [2]\n    activity: {roll: The bells}",
                          "    days: [2]\n    activity: {find_source: The bells}")
    resolve(camp, parse_plan(mended, "plan.yaml"), seed=3, dry_run=False)
    potion = camp.project("Healing Potion")
    assert potion.item_prerequisite == "a vial of troll blood"
    rolls = [e.payload for e in camp.ledger.events() if e.kind == "project_roll"]
    assert rolls and all(p["skill_allowed_by"] == "director" for p in rolls)
    bells = camp.project("The bells")
    assert (bells.source, bells.source_at, camp.party.location) == (
        "common", "The Old Mill", "The Old Mill")


def test_a_plan_without_the_directors_leave_is_refused(camp: Campaign) -> None:
    """000: 3788: the same roll without skill_allowed."""
    text = WEEK.replace(", skill_allowed: true", "")
    with pytest.raises(PlanError, match=r"respites\[0\].*Intimidate is a skill of the "
                       r"Interpersonal group"):
        resolve(camp, parse_plan(text, "plan.yaml"), seed=3, dry_run=False)


def test_the_demo_week_still_resolves(camp: Campaign) -> None:
    """The demo's plan plays the rules: History and Mechanics are Lore and Crafting skills;
    Bran's Quantum Satchel names its component."""
    report = resolve(camp, load_plan(DEMO / "plans" / "first-week.yaml"), seed=7,
                     dry_run=False)
    assert report.lines()
    satchel = camp.project("Quantum Satchel")
    assert satchel.item_prerequisite == "a scrap of folded-space silk"
    assert satchel.prerequisite == "owned"


# --- the Director's panels --------------------------------------------------------------------


def test_panels_name_the_item_allow_a_skill_and_move_the_party(camp: Campaign) -> None:
    """000: 3846 (named item), 3788 (the Director's leave for one roll), 3770 (moving on)."""
    pytest.importorskip("ipywidgets")
    from drawsteel_kit.systems.draw_steel import panels as P

    projects = P.ProjectsPanel(camp)
    projects.search.value = "Healing Potion"
    projects.results.value = "Healing Potion"
    projects.hero.value = "Yorn"
    projects.prerequisite.value = "owned"
    projects.prerequisite_item.value = "a vial of troll blood"
    projects.start_button.click()
    assert projects.ok, projects.message_text
    potion = camp.project("Healing Potion")
    assert potion.item_prerequisite == "a vial of troll blood"
    assert any("needs a vial of troll blood (owned)" in row.children[1].value
               for row in projects.progress_box.children)

    respite = P.RespitePanel(camp)
    for name, row in respite.rows.items():
        row.takes.value = name == "Yorn"
    row = respite.rows["Yorn"]
    row.activity.value = "roll"
    row.project.value = potion.id
    row.skill.value = "Intimidate"
    row.dice.value = "5 5"
    respite.seed = 1
    before = (camp.ledger.snapshot(), camp.ledger.event_count())
    respite.commit_button.click()
    assert not respite.ok and "Crafting or Lore" in respite.message_text
    assert (camp.ledger.snapshot(), camp.ledger.event_count()) == before
    row.skill_allowed.value = True
    respite.commit_button.click()
    assert respite.ok, respite.message_text
    assert camp.project(potion.id).points == 12

    respite.move_to.value = "The Old Mill"
    respite.move_button.click()
    assert respite.ok and "The party moves on to The Old Mill" in respite.message_text
    assert camp.party.location == "The Old Mill"


# --- languages at every front (000: 1219, 1251) -----------------------------------------------


def test_a_plan_refuses_to_teach_caelian_or_a_known_language(camp: Campaign) -> None:
    """000: 1219 (every hero knows Caelian) and 3892 (Learn New Language teaches a new one)."""
    for learns in ("Caelian", "Khelt"):
        text = (f"name: Lessons\ndays: 1\nstart:\n  - {{hero: Val, project: Learn New Language, "
                f"learns: {learns}}}\n")
        with pytest.raises(PlanError, match=rf"start\[0\].*Val already knows {learns}"):
            resolve(camp, parse_plan(text, "plan.yaml"), seed=1, dry_run=False)


def test_an_offshoots_source_is_read_with_one_bane_from_the_cli_and_a_plan(demo: Path) -> None:
    """000: 1251: Kalliak derives from Zaliac; Bran Ironvein knows Zaliac, so the Buzz Balm's
    Kalliak source gives a bane, not a double bane (000: 3792)."""
    run("project", "start", demo, "Bran Ironvein", "Buzz Balm", "--prerequisite", "owned")
    run("respite", demo, "--hero", "Bran Ironvein", "--roll", "Bran Ironvein=Buzz Balm",
        "--dice", "Bran Ironvein=5,5")
    text = ("name: Balm\ndays: 1\nrespites:\n  - {hero: Bran Ironvein, days: every, "
            "activity: {roll: Buzz Balm, dice: [[5, 5]]}}\n")
    with Campaign.open(demo) as camp:
        resolve(camp, parse_plan(text, "plan.yaml"), seed=1, dry_run=False)
        rolls = [e.payload for e in camp.ledger.events() if e.kind == "project_roll"]
    assert [p["language"] for p in rolls] == ["related", "related"]
