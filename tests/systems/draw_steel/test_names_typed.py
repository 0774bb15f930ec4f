"""Issue 32, "Names as people type them": a unique start of a name, or a first name, finds
the project, the follower or the item as it finds the hero, through the library, the CLI
and plans; a start several names share lists them; a name that fits none says what is there
(and what it may have meant). The tables a Director reads keep every name whole."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import run
from conftest import campaign_data, ledger_fingerprint, refused, write_campaign

from drawsteel_kit.kit.errors import DrawSteelKitError, PlanError
from drawsteel_kit.kit.ledger import LEDGER_FILE
from drawsteel_kit.kit.limits import names_meant
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.systems.draw_steel.plans import resolve
from drawsteel_kit.systems.draw_steel.plans.read import parse_plan

PARTY = tuple({"name": n, "ancestry": "Human", "level": 1, "max_stamina": 20,
               "max_recoveries": 8, "renown": 3, "characteristics": {"reason": 2}}
              for n in ("Korrin Stonefist", "Thessaly Vane"))
SAGE = {"ancestry": "Human", "skills": ["History", "Magic", "Religion", "Timescape"],
        "languages": ["Caelian", "Anjali", "Variac"]}


def test_names_meant_is_the_one_rule_for_every_kind() -> None:
    known = ["Lore of Khelt", "Lore of Voll", "Lore", "Healing Potion"]
    assert names_meant("lore", known) == ["Lore"]  # a whole name wins over longer ones
    assert names_meant("Lore of", known) == ["Lore of Khelt", "Lore of Voll"]
    assert names_meant("heal", known) == ["Healing Potion"]
    assert names_meant("Healing  potion", ["Healing Potion", "Healing Potion"]) == [
        "Healing Potion"]  # the same name twice is one name
    assert names_meant("He", known) == []  # too short a start to guess from
    assert names_meant(3, known) == []


@pytest.fixture
def camp(tmp_path: Path) -> Campaign:
    folder = write_campaign(tmp_path / "c", campaign_data(heroes=PARTY))
    c, _ = Campaign.init(folder)
    c.start_project("Korrin", "Discover Lore", title="Lore of Khelt", params={"kind": "lost"})
    c.start_project("Thessaly", "Discover Lore", title="Lore of Voll", params={"kind": "lost"})
    c.start_project("Thessaly", "Discover Lore", title="Whispers", params={"kind": "common"})
    c.add_follower("Thessaly", "Mirela Dask", "sage", **SAGE)
    c.add_item("Healing Potion", holder="Korrin", count=2)
    c.add_item("Healing Salve", holder="Thessaly")
    c.add_item("Rope")
    yield c
    c.close()


def test_a_start_of_a_title_finds_the_project(camp: Campaign) -> None:
    assert camp.project("whisp").title == "Whispers"
    assert camp.project("Lore of K").title == "Lore of Khelt"
    with refused(camp, DrawSteelKitError, "'Lore' could be 'Lore of Khelt' or 'Lore of Voll'"):
        camp.spend_project_points("Korrin", "Lore", 1)
    with refused(camp, DrawSteelKitError, r"no project 'Wispers'.*did you mean 'Whispers'"):
        camp.assign_follower("Mirela", "Wispers")
    camp.assign_follower("Mirela", "Whisp")
    assert camp.follower("Mirela Dask").project_id == camp.project("Whispers").id


def test_a_first_name_finds_the_follower(camp: Campaign) -> None:
    assert camp.follower("mirela").name == "Mirela Dask"
    camp.add_follower("Korrin", "Mirelo Hask", "sage", **SAGE)
    with refused(camp, DrawSteelKitError, "'Mire' could be 'Mirela Dask' or 'Mirelo Hask'"):
        camp.dismiss_follower("Mire")
    with refused(camp, DrawSteelKitError, r"no follower 'Mirla'.*did you mean 'Mirel"):
        camp.dismiss_follower("Mirla")


def test_a_start_of_a_name_finds_the_item(camp: Campaign) -> None:
    camp.use_item("healing p")
    assert {i.item: i.count for i in camp.inventory()}["Healing Potion"] == 1
    with refused(camp, DrawSteelKitError, "'Healing' could be 'Healing Potion' or "
                 "'Healing Salve'"):
        camp.use_item("Healing")
    with refused(camp, DrawSteelKitError, r"no item 'Roap'.*did you mean 'Rope'"):
        camp.give_item("Roap", "Korrin")
    camp.give_item("rope", "Korrin")


def test_the_command_line_takes_the_start_of_a_name(camp: Campaign) -> None:
    folder = camp.folder
    camp.close()
    out = run("respite", folder, "--roll", "Korrin=Lore of K", "--roll", "Thessaly=whisp",
              "--seed", "3")
    assert "Lore of Khelt" in out and "Whispers" in out
    assert "Mirela Dask" in run("followers", "assign", folder, "Mirela", "Whisp")
    assert "Healing Potion" in run("inventory", "use", folder, "Healing P")
    assert "Rope" in run("inventory", "give", folder, "rope", "--to", "Thessaly")
    before = ledger_fingerprint(folder / LEDGER_FILE)
    out = run("inventory", "use", folder, "Healing", ok=False)
    assert "'Healing' could be 'Healing Potion' or 'Healing Salve'" in out
    out = run("project", "points", folder, "Korrin", "Lore", "1", ok=False)
    assert "'Lore' could be 'Lore of Khelt' or 'Lore of Voll'" in out
    assert ledger_fingerprint(folder / LEDGER_FILE) == before


PLAN = """
name: Short names
days: 2
start:
  - hero: Korrin
    project: Discover Lore
    title: Secrets of the Mill
    params: {kind: lost}
followers:
  - follower: Mirela
    assign: Secrets
    day: 1
respites:
  - hero: korrin
    days: every
    activity: {roll: Secrets}
  - hero: Thessaly
    days: 2
    activity: {roll: whisp}
"""


def test_a_plan_takes_the_start_of_a_name(camp: Campaign) -> None:
    plan = parse_plan(PLAN)
    result = resolve(camp, plan, seed=5, dry_run=False)
    assert result.days[-1].events
    secrets = camp.project("Secrets of the Mill")
    assert secrets.hero == "Korrin Stonefist" and secrets.points > 0
    assert camp.follower("Mirela Dask").project_id == secrets.id
    assert camp.project("Whispers").points > 0
    # the plan as written is the one recorded as resolved
    assert resolve(camp, plan, seed=5, dry_run=False).already


def test_a_plan_names_the_candidates_of_an_ambiguous_start(camp: Campaign) -> None:
    text = PLAN.replace("{roll: whisp}", "{roll: Lore}").replace("hero: Thessaly",
                                                                 "hero: T")
    with refused(camp, PlanError, r"'Lore' could be the projects 'Lore of Khelt' or 'Lore of "
                 r"Voll'"):
        resolve(camp, parse_plan(text), seed=5)
    with refused(camp, PlanError, "no hero named 'T'"):
        resolve(camp, parse_plan(text), seed=5)


def test_followers_and_renown_tables_keep_whole_names(tmp_path: Path) -> None:
    long = "Thessaly Vane of the Long Road"
    heroes = ({**PARTY[0], "name": long}, PARTY[1])
    folder = write_campaign(tmp_path / "c", campaign_data(heroes=heroes))
    run("init", folder)
    sage = "Mirela Dask of the Seven Lanterns"
    run("followers", "add", folder, "Thessaly Vane of", sage, "--role", "sage", "--ancestry",
        "Human",
        *(a for s in SAGE["skills"] for a in ("--skill", s)),
        *(a for lang in SAGE["languages"] for a in ("--language", lang)))
    listed = run("followers", "list", folder).splitlines()
    row = next(line for line in listed if sage in line)
    assert f"of {long}" in row
    assert any(long in line for line in run("renown", "show", folder).splitlines())
