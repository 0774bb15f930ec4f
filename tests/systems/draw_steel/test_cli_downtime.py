"""Downtime from the command line: the README's examples run as written, then details."""

from __future__ import annotations

import json
import re
import shlex
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from cli_helpers import assert_one_clear_line, invoke, run
from click.testing import CliRunner
from conftest import REPO, ledger_fingerprint

from drawsteel_kit.cli import main

#: The README and the reference pages in docs/, as one text (sections are found by heading).
README = "\n".join(p.read_text(encoding="utf-8")
                   for p in [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))])



@pytest.fixture
def demo(tmp_path: Path, initialise: Callable[[Path], None]) -> Path:
    folder = tmp_path / "demo"
    folder.mkdir()
    shutil.copy(REPO / "campaigns" / "demo" / "campaign.yaml", folder)
    shutil.copytree(REPO / "campaigns" / "demo" / "plans", folder / "plans")  # never a ledger
    initialise(folder)  # what `drawsteel-kit init` builds there
    return folder


def section_text(section: str) -> str:
    """A section of the README or docs/ (a page ``# X`` or a section ``## X``), up to the next
    heading of one or two # (outside code blocks: a shell comment is no heading)."""
    after = re.split(rf"^#{{1,2}} {re.escape(section)}\n", README, maxsplit=1, flags=re.M)[1]
    lines, fenced = [], False
    for line in after.splitlines(keepends=True):
        fenced ^= line.startswith("```")
        if not fenced and re.match(r"#{1,2} ", line):
            break
        lines.append(line)
    return "".join(lines)


def readme_commands(section: str) -> list[list[str]]:
    """The drawsteel-kit commands of a README section's shell blocks, continuations joined."""
    text = section_text(section)
    commands = []
    for block in re.findall(r"```sh\n(.*?)```", text, re.S):
        joined = block.replace("\\\n", " ")
        for line in joined.splitlines():
            line = line.split(" # ")[0].strip()
            if line.startswith("drawsteel-kit "):
                commands.append(shlex.split(line)[1:])
    return commands


@pytest.mark.kernel  # resolve runs the notebook
def test_the_readme_downtime_tour_runs_as_written(demo: Path) -> None:
    commands = readme_commands("Downtime projects")
    assert len(commands) >= 10
    for argv in commands:
        run(*[str(demo) if a == "$C" else a for a in argv])
    projects = json.loads(run("project", "list", demo, "--all", "--json"))
    titles = {p["title"]: p for p in projects}
    assert {"The mill's cellar", "Healing Potion", "Learn New Language: Khelt"} <= set(titles)
    # typed dice 10+9 are a breakthrough: the roll goes on with 4+6
    history = json.loads(run("history", demo, "--json", "--kind", "project_roll"))
    yorn = next(e for e in history if e["actor"] == "Yorn")["payload"]
    assert next(e for e in history if e["actor"] == "Yorn")["dice"] == [10, 9, 4, 6]
    assert yorn["breakthroughs"] == 1 and yorn["naturals"] == [19, 10]
    modifier = yorn["score"]  # no edges, skill or language penalty on this roll
    assert yorn["roll_points"] == [max(1, 19 + modifier), max(1, 10 + modifier)]
    assert titles["Learn New Language: Khelt"]["points"] == sum(yorn["roll_points"])
    assert titles["The mill's cellar"]["points"] >= 40
    assert json.loads(run("history", demo, "--json", "--kind", "follower_roll"))


def test_respite_options_belong_to_a_roll(demo: Path) -> None:
    out = run("respite", demo, "--edges", "Val=1", ok=False)
    assert "--edges is for a hero making a --roll" in out
    out = run("respite", demo, "--roll", "Val=Nothing Here", ok=False)
    assert "no project 'Nothing Here'" in out


def test_one_activity_per_hero(demo: Path) -> None:
    run("project", "start", demo, "Val", "Discover Lore", "--param", "kind=common", "--respite")
    out = run("respite", demo, "--roll", "Val=Discover Lore", "--activity", "Val=Rests",
              ok=False)
    assert "two activities" in out


def test_a_guide_is_refused_for_a_project_of_another_kind(demo: Path) -> None:
    """Downtime Projects, Guides: a guide serves another project of the same kind only."""
    run("project", "start", demo, "Val", "Discover Lore", "--param", "kind=common", "--respite")
    run("project", "start", demo, "Bran Ironvein", "Healing Potion", "--prerequisite", "owned",
        "--respite")
    run("respite", demo, "--guide", "Val=Discover Lore|The Folio of Ash|10")
    before = ledger_fingerprint(demo / "ledger.db")
    line = assert_one_clear_line(
        invoke("respite", demo, "--guide", "Bran Ironvein=Healing Potion|The Folio of Ash|10"),
        "the same kind")
    assert "research" in line and "crafting" in line
    assert ledger_fingerprint(demo / "ledger.db") == before


def test_forecast_json_and_table(demo: Path) -> None:
    run("project", "start", demo, "Val", "Discover Lore", "--param", "kind=lost", "--respite")
    curve = json.loads(run("forecast", demo, "Discover Lore", "--json"))
    probs = curve["probabilities"]
    assert curve["goal"] == 120 and probs == sorted(probs) and probs[-1] > 0.999
    table = run("forecast", demo, "Discover Lore", "--edges", "2")
    assert "50% done within" in table
    out = run("forecast", demo, "Discover Lore", "--no-respites", ok=False)
    assert "nobody works on" in out


def test_project_start_refusals(demo: Path) -> None:
    """000: 3746: projects are started during a respite; the refusal says how."""
    out = run("project", "start", demo, "Val", "Discover Lore", "--param", "kind=common",
              ok=False)
    assert "Val is not resting today (day 1): projects are started during a respite" in out
    assert "project start ... --respite" in out
    run("respite", demo, "--hero", "Val")  # the respite is the day: Val may start one now
    assert "Val starts 'Discover Lore'" in run("project", "start", demo, "Val", "Discover Lore",
                                               "--param", "kind=common")
    assert "prerequisite" in run("project", "start", demo, "Val", "Build Airship", ok=False)
    assert "learns" in run("project", "start", demo, "Val", "Learn New Skill", ok=False)
    assert "close matches" in run("project", "start", demo, "Val", "Discover Lroe", ok=False)
    out = run("project", "start", demo, "Val", "Discover Lore", "--title", "x", ok=False)
    assert "Discover Lore's goal depends on kind: give --param kind=..." in out
    assert "_goal" not in out and "argument" not in out  # words, not Python's


def test_followers_commands(demo: Path) -> None:
    run("project", "start", demo, "Yorn", "Healing Potion", "--prerequisite", "owned",
        "--respite")
    bad = run("followers", "add", demo, "Yorn", "Hesk", "--role", "artisan", "--ancestry",
              "Dwarf", "--physical", "might", "--skill", "History", ok=False)
    assert "Crafting" in bad
    run("followers", "add", demo, "Yorn", "Hesk", "--role", "artisan", "--ancestry", "Dwarf",
        "--physical", "might",
        "--skill", "Alchemy", "--skill", "Blacksmithing", "--skill", "Carpentry",
        "--skill", "Cooking", "--language", "Caelian", "--language", "Khelt",
        "--language", "Zaliac")
    run("followers", "assign", demo, "Hesk", "Healing Potion")
    assert "Healing Potion" in run("followers", "list", demo)
    run("day", demo, "2", "--seed", "5")
    rolls = json.loads(run("history", demo, "--json", "--kind", "follower_roll"))
    assert len(rolls) == 2 and all(e["seed"] == 5 for e in rolls)
    run("followers", "dismiss", demo, "Hesk", "--reason", "Went home")
    assert "No followers" in run("followers", "list", demo)


def test_project_catalog_search() -> None:
    out = run("project", "catalog", "--search", "potion")
    assert "Healing Potion" in out and "Build Airship" not in out
    every = run("project", "catalog")
    assert "Discover Lore" in every and "goal set by --param kind=..." in every
    assert "goal set by the treasure (--treasure NAME)" in every
    assert "_goal" not in every and "by rule" not in every  # words, not the code's names


@pytest.mark.kernel  # resolve runs the notebook
def test_resolve_dry_run_then_real_run(demo: Path) -> None:
    before = run("export", demo)
    preview = run("resolve", demo, "--plan", "first-week", "--seed", "7", "--dry-run")
    assert "DRY RUN" in preview and "seed 7" in preview
    assert run("export", demo) == before  # nothing written
    real = run("resolve", demo, "--plan", "first-week", "--seed", "7")

    def days(report: str) -> list[str]:  # the day-by-day part, without the banners
        lines = report.splitlines()
        # Projects start in their hero's first respite (000: 3746): nothing before day 1.
        return lines[lines.index("Day 1 (campaign day 2)"):lines.index("Summary")]

    assert days(real) == days(preview) and len(days(real)) > 30
    assert json.loads(run("status", demo, "--json"))["party"]["day"] == 8


@pytest.mark.kernel  # resolve runs the notebook
def test_the_readme_resolve_commands_run(demo: Path) -> None:
    commands = readme_commands("Scripted downtime")
    assert [argv[0] for argv in commands] == ["resolve", "resolve"]
    for argv in commands:
        run(*[str(demo) if a == "campaigns/demo" else a for a in argv])


@pytest.mark.kernel  # resolve runs the notebook
def test_resolve_keeps_the_executed_notebook_and_a_report(demo: Path) -> None:
    from drawsteel_kit.kit.ui.assets import basic_bundle, license_name, plotlyjs_name

    preview = run("resolve", demo, "--plan", "first-week", "--seed", "7", "--dry-run")
    assert "DRY RUN" in preview and "Kept:" not in preview
    assert list((demo / "runs").glob("*")) == []  # a dry run keeps no record unless asked
    kept = run("resolve", demo, "--plan", "first-week", "--seed", "7", "--dry-run", "--keep")
    assert "Kept:" in kept
    assert len(list((demo / "runs").glob("*-first-week-seed7-dry-run.ipynb"))) == 1
    assert len(list((demo / "runs").glob("*-first-week-seed7-dry-run.html"))) == 1
    out = run("resolve", demo, "--plan", "first-week", "--seed", "7")
    shared = plotlyjs_name()
    runs = sorted(p for p in (demo / "runs").iterdir()
                  if "dry-run" not in p.name and p.name not in (shared, license_name()))
    assert [p.suffix for p in runs] == [".html", ".ipynb"]
    assert all("first-week-seed7" in p.name and "dry-run" not in p.name for p in runs)
    assert f"Kept: {runs[1]} and {runs[0]}" in out
    report = runs[0].read_text(encoding="utf-8")
    assert 'class="dsk-chart-data"' in report and "Written: " in report
    assert "run = Resolving.start" not in report  # the report shows results, not code
    # plotly.js once for every report of the folder, loaded by a relative address
    assert f'<script src="{shared}" defer></script></body>' in report  # after the text
    assert (demo / "runs" / shared).read_bytes() == basic_bundle().read_bytes()
    assert len(report.encode("utf-8")) < 1_000_000


@pytest.mark.kernel  # resolve runs the notebook
def test_an_error_in_the_kernel_is_the_same_one_line(demo: Path) -> None:
    (demo / "plans" / "nobody.yaml").write_text(
        "name: Nobody rests\ndays: 1\nrespites:\n  - hero: Nobody\n    days: [1]\n"
        "    activity: Rests\n", encoding="utf-8")
    before = run("export", demo)
    through_kernel = run("resolve", demo, "--plan", "nobody", "--seed", "1", ok=False)
    in_process = run("resolve", demo, "--plan", "nobody", "--seed", "1", "--no-notebook",
                     ok=False)
    assert through_kernel == in_process
    assert through_kernel.startswith("Error: ") and "no hero named 'Nobody'" in through_kernel
    assert run("export", demo) == before
    assert not list((demo / "runs").glob("*.ipynb"))  # a refused run keeps no record
    kept = run("resolve", demo, "--plan", "nobody", "--seed", "1", "--keep", ok=False)
    assert kept == through_kernel  # unless asked: then its notebook and report are kept
    assert [p.suffix for p in sorted((demo / "runs").glob("*-nobody-*"))] == [".html", ".ipynb"]
    result = CliRunner().invoke(main, ["resolve", str(demo), "--plan", "nobody"])
    assert result.exit_code == 1


def test_resolve_without_the_notebook(demo: Path) -> None:
    out = run("resolve", demo, "--plan", "first-week", "--seed", "7", "--no-notebook")
    assert "Written: " in out and "Kept:" not in out and not (demo / "runs").exists()


@pytest.mark.parametrize("how", [pytest.param(["--no-notebook"], id="in-process"),
                                 pytest.param([], id="notebook", marks=pytest.mark.kernel)])
def test_a_rerun_of_a_resolved_plan_writes_nothing_unless_again(demo: Path, how: list[str]) -> None:
    (demo / "plans" / "rest.yaml").write_text(
        "name: Two quiet days\ndays: 2\nrespites:\n  - hero: Val\n    days: every\n"
        "    activity: Rests\n", encoding="utf-8")
    first = run("resolve", demo, "--plan", "rest", "--seed", "7", *how)
    before = run("export", demo)
    rerun = run("resolve", demo, "--plan", "rest", "--seed", "8", *how)  # exit status 0
    assert "already resolved on campaign day 3" in rerun and "seed 7" in rerun
    written = re.search(r"(\d+) events written", first)
    assert written and f", {written[1]} events); nothing was written" in rerun  # one count
    assert "nothing was written" in rerun and "--again" in rerun
    assert run("export", demo) == before
    assert "Kept:" not in rerun  # nothing happened: no report kept
    assert len(list((demo / "runs").glob("*-rest-seed8*"))) == 0
    again = run("resolve", demo, "--plan", "rest", "--seed", "8", "--again", *how)
    assert "Written: " in again
    assert json.loads(run("status", demo, "--json"))["party"]["day"] == 5


def test_a_respite_is_a_day_and_milestone_events_wait_for_a_hero(tmp_path: Path) -> None:
    """000: 861: `respite` moves the calendar one day; 000: 3816: a milestone's event waits
    for a hero's next roll (`project list` says so)."""
    from conftest import campaign_data, write_campaign

    folder = write_campaign(tmp_path / "c", campaign_data(project_events="milestones"))
    run("init", folder)
    run("respite", folder, "--hero", "Val")
    assert json.loads(run("status", folder, "--json"))["party"]["day"] == 2
    run("project", "start", folder, "Val", "Discover Lore", "--param", "kind=obscure")
    run("respite", folder, "--roll", "Val=Discover Lore", "--dice", "Val=10,9,1,1",
        "--hero", "Val")  # 19 + 2, a breakthrough, then 2 + 2: 25, past 22 of 45
    listed = run("project", "list", folder)
    assert "25/45" in listed and "1 event waiting for a hero's roll" in listed
    assert json.loads(run("status", folder, "--json"))["party"]["day"] == 3
