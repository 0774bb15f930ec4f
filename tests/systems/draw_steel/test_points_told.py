"""A project roll's points are told as the sum of their parts: the first roll, each
breakthrough's roll, a project event's extra roll, "= the total", so no part reads as points
lost. The event's summary, the command's output and a panel's preview say the same."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from cli_helpers import run as in_process
from conftest import campaign_data, write_campaign

from drawsteel_kit.kit.dice import ScriptedDice
from drawsteel_kit.kit.ui.panels import preview
from drawsteel_kit.systems.draw_steel.activities import ProjectRoll
from drawsteel_kit.systems.draw_steel.campaign import Campaign

CLI = str(Path(sys.executable).with_name("drawsteel-kit"))


@pytest.fixture
def camp(tmp_path: Path) -> Iterator[Campaign]:
    folder = write_campaign(tmp_path / "c", campaign_data(project_events="roll"))
    opened, _ = Campaign.init(folder)
    yield opened
    opened.close()


def lore(camp: Campaign) -> int:
    return camp.start_project("Val", "Discover Lore",
                              params={"kind": "forbidden"}).details["project_id"]


def summary_of(happened: object) -> str:
    found = [e.summary for e in happened.events if e.kind == "project_roll"]  # type: ignore[attr-defined]
    assert len(found) == 1
    return found[0]


def test_an_extra_roll_is_told_as_part_of_the_total(camp: Campaign) -> None:
    p = lore(camp)
    # the event d6 shows 6, d100 7: an extra roll at +3. Val rolls 3 + 4 (+2) = 9, then
    # 1 + 2 (+2 +3) = 8 more.
    happened = camp.take_respite(activities={"Val": ProjectRoll(p)},
                                 dice=ScriptedDice([6, 7, 3, 4, 1, 2]))
    text = summary_of(happened)
    assert "+9, an extra roll +8 = +17 (17/240)" in text
    lines = next(e.payload["lines"] for e in happened.events if e.kind == "project_roll")
    assert "an extra roll at +3 adds 8 more points" in lines
    assert camp.project(p).points == 17


def test_a_halved_roll_is_told_as_its_total_only(camp: Campaign) -> None:
    p = lore(camp)
    happened = camp.take_respite(activities={"Val": ProjectRoll(p)},
                                 dice=ScriptedDice([6, 15, 3, 4]))
    assert "rolls on 'Discover Lore': +4 (4/240)" in summary_of(happened)


def test_the_preview_says_the_same_and_writes_nothing(camp: Campaign) -> None:
    p = lore(camp)
    happened = preview(camp, lambda: camp.take_respite(
        activities={"Val": ProjectRoll(p)}, dice=ScriptedDice([6, 7, 3, 4, 1, 2])))
    assert "+9, an extra roll +8 = +17 (17/240)" in summary_of(happened)
    assert camp.project(p).points == 0


def test_a_breakthrough_chain_on_the_command_line(tmp_path: Path) -> None:
    folder = write_campaign(tmp_path / "c", campaign_data())
    env = {**os.environ, "COLUMNS": "200"}

    def run(*args: str) -> str:
        done = subprocess.run([CLI, *args], capture_output=True, text=True, env=env,
                              check=False)
        assert done.returncode == 0, done.stderr
        return done.stdout

    # Set up in process; the respite that tells the chain runs as the real command.
    in_process("init", folder)
    in_process("project", "start", folder, "Val", "Discover Lore", "--param", "kind=forbidden")
    # 10 + 9 (+2) = 21, a breakthrough; 3 + 4 (+2) = 9 ends the chain
    out = run("respite", str(folder), "--roll", "Val=Discover Lore", "--dice", "Val=10,9,3,4",
              "--seed", "1")
    assert "+21, breakthrough +9 = +30 (30/240)" in out
