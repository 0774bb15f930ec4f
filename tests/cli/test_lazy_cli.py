"""The command line loads a command's module only when that command runs: `status` does not
import serving, notebooks or another system's commands; --help lists every command from the
summaries table, which these tests keep in step with the commands' own help."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import click
import pytest
from workbook_helpers import demo_copy

from drawsteel_kit.cli import main
from drawsteel_kit.cli.root import whereabouts
from drawsteel_kit.cli.summaries import SUMMARIES
from drawsteel_kit.kit.book.campaign import BaseCampaign
from drawsteel_kit.kit.registry import SYSTEMS
from drawsteel_kit.systems.draw_steel.campaign import Campaign

#: What no command that only reads or writes the books may load.
HEAVY = ("plotly", "ipywidgets", "papermill", "voila", "nbconvert")
#: ... nor, for `status`, `history` and `respite`, campaign.yaml's models or the catalog's
#: YAML: they read the ledger, not the files (a catalog table is parsed on first use).
NOT_FOR_THE_BOOKS = ("pydantic", "yaml", *HEAVY)
#: ... nor sqlite-utils and what it brings: a ledger is read, and its events written, with
#: plain sqlite3; only migrating an older ledger needs sqlite-utils.
NOT_FOR_A_WRITE = ("sqlite_utils", "dateutil", "pluggy", *NOT_FOR_THE_BOOKS)
#: ... nor, for a command that only reads, what only a refusal needs (close names for a typo),
#: what only copying files needs (shutil), nor the pages' HTML (markupsafe; `history` says
#: which events a page lists without it).
NOT_FOR_A_READ = ("difflib", "shutil", "markupsafe", *NOT_FOR_A_WRITE)
#: ... nor, for `status`, `history` and a respite with no activity and no follower rolling,
#: the rules of project work and of respite activities: the Campaign's mixins load them when
#: a project is rolled on, started or forecast, or an activity resolved.
PROJECT_WORK = (*(f"drawsteel_kit.systems.draw_steel.{m}" for m in (
    "activities", "book.work", "catalog.projects", "catalog.project_events", "rules.projects",
    "rules.project_goals")), "fractions", "decimal")
#: ... nor the rules of what they do not do: spend hero tokens, buy or level up (wealth), take
#: a title, or roll a project with a characteristic the Director names.
NOT_DONE = tuple(f"drawsteel_kit.systems.draw_steel.{m}" for m in (
    "rules.tokens", "rules.wealth", "catalog.wealth", "catalog.titles", "rules.power"))


def command_modules() -> dict[str, str]:
    """Every root command -> the module that holds it."""
    return {name: (f"drawsteel_kit.cli.{module}" if owner == "cli" else
                   f"drawsteel_kit.systems.{SYSTEMS[owner].module}.{module}")
            for name, (owner, module) in whereabouts().items()}


def loaded_after(*args: str) -> tuple[int, list[str]]:
    """Run ``drawsteel-kit ARGS`` in a fresh interpreter: its exit status, and every module
    it had loaded by the end."""
    code = ("import json, sys\n"
            "from drawsteel_kit.cli import main\n"
            f"sys.argv = ['drawsteel-kit', *{list(args)!r}]\n"
            "try:\n    main()\nexcept SystemExit as exc:\n    status = exc.code or 0\n"
            "print(json.dumps([status, sorted(sys.modules)]), file=sys.stderr)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    status, modules = json.loads(done.stderr.strip().splitlines()[-1])
    return status, modules


def test_the_summaries_table_lists_every_command_with_its_own_summary() -> None:
    """When this fails: copy the command's first sentence of help into cli/summaries.py."""
    real = {name: command.get_short_help_str(10_000) for name, command in main.commands.items()}
    assert real == SUMMARIES


def test_every_command_is_where_the_table_says() -> None:
    for name, module in command_modules().items():
        command = main.commands[name]
        assert command.callback is not None or isinstance(command, click.Group)
        held = sys.modules[module].commands.commands  # type: ignore[attr-defined]
        assert held[name] is command, (name, module)


def test_the_option_bound_is_the_ledgers() -> None:
    from drawsteel_kit.kit import commands
    from drawsteel_kit.kit.ledger import MAX_ROW_ID

    assert commands.MAX_ROW_ID == MAX_ROW_ID


@pytest.mark.parametrize("args", [["status"], ["status", "--json"], ["history"],
                                  ["history", "--as", "party"], ["history", "--as", "Val"]],
                         ids=" ".join)
def test_a_reading_command_imports_only_its_own_module(campaign_dir: Path, campaign: object,
                                                       args: list[str]) -> None:
    status, modules = loaded_after(args[0], str(campaign_dir), *args[1:])
    assert status == 0
    others = sorted(set(command_modules().values()) - {"drawsteel_kit.cli.core"})
    assert [m for m in others if m in modules] == []
    assert [m for m in modules if m.split(".")[0] in NOT_FOR_A_READ] == []
    assert [m for m in modules if m.startswith("drawsteel_kit.kit.ui")] == []
    assert [m for m in (*PROJECT_WORK, *NOT_DONE) if m in modules] == []
    assert "drawsteel_kit.systems.draw_steel.campaign" in modules  # the same books, less work
    assert "drawsteel_kit.cli.core" in modules


def test_respite_imports_only_its_own_module(campaign_dir: Path, campaign: object) -> None:
    status, modules = loaded_after("respite", str(campaign_dir))
    assert status == 0
    own = "drawsteel_kit.systems.draw_steel.cli.sessions"
    assert own in modules
    others = sorted(set(command_modules().values()) - {own})
    assert [m for m in others if m in modules] == []
    assert [m for m in modules if m.split(".")[0] in NOT_FOR_A_WRITE] == []
    assert [m for m in (*PROJECT_WORK, *NOT_DONE) if m in modules] == []


def test_respite_with_a_project_roll_loads_the_project_rules(campaign_dir: Path,
                                                             campaign: Campaign) -> None:
    """The other side of PROJECT_WORK: a respite that rolls on a project loads the rules it
    rolls with (so the list above names modules that exist and do the work)."""
    from drawsteel_kit.systems.draw_steel.activities import StartProject

    campaign.take_respite(["Val"], starts=[StartProject("Val", "Discover Lore",
                                                        params={"kind": "forbidden"})])
    status, modules = loaded_after("respite", str(campaign_dir), "--roll", "Val=Discover Lore",
                                   "--dice", "Val=5,5")
    assert status == 0
    assert campaign.project("Discover Lore").points > 0
    assert [m for m in PROJECT_WORK if m not in modules] == []


def test_help_lists_every_command_and_imports_none() -> None:
    status, modules = loaded_after("--help")
    assert status == 0
    assert [m for m in set(command_modules().values()) if m in modules] == []
    assert [m for m in modules if m.split(".")[0] in ("sqlite_utils", "pydantic", *HEAVY)] == []


def test_help_shows_each_whole_summary() -> None:
    from cli.test_help_summaries import command_rows

    code = ("import sys\nfrom drawsteel_kit.cli import main\n"
            "sys.argv = ['drawsteel-kit', '--help']\nmain()\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stderr
    shown: dict[str, str] = {}
    for row in command_rows(done.stdout):
        if row[:3].strip():  # "  name  summary": a command; deeper: its summary goes on
            name, _, text = row.strip().partition(" ")
            shown[name] = text.strip()
        elif row.strip():
            shown[name] += " " + row.strip()
    assert shown == SUMMARIES


def test_an_unknown_command_still_suggests_the_near_one() -> None:
    from click.testing import CliRunner

    result = CliRunner().invoke(main, ["statsu", "x"], prog_name="drawsteel-kit")
    assert result.exit_code == 2
    assert "No such command 'statsu'" in result.output and "status" in result.output


def test_the_package_starts_without_importlib_resources(tmp_path: Path) -> None:
    """Importing the package (or --help, or a command on a campaign) does not pull in
    importlib.abc and, through it, importlib.resources (tempfile, shutil, zipfile), nor
    importlib.metadata: the registry reads other installed packages' systems only when a
    campaign names a system, or a command is typed, that it does not know."""
    unneeded = ("importlib.abc", "importlib.resources", "importlib.metadata")
    for args in (["--help"], ["status", str(demo_copy(tmp_path / "demo", secrets=False))]):
        status, modules = loaded_after(*args)
        assert status == 0
        assert [m for m in modules if m.startswith(unneeded)] == [], args


def test_a_respite_whose_followers_make_no_roll_loads_no_project_rules(tmp_path: Path) -> None:
    """The demo's respite: its one working follower is away from the stronghold and the
    project's site, so nobody rolls on a project, and the rules of project work stay unloaded
    (as does what only ``secrets`` brings, hashlib and hmac: a fresh seed needs neither)."""
    folder = demo_copy(tmp_path / "demo", secrets=False)
    status, modules = loaded_after("respite", str(folder))
    assert status == 0
    assert [m for m in (*PROJECT_WORK, "secrets", "hmac") if m in modules] == []
    with BaseCampaign.open(folder) as camp:
        idle = camp.ledger.events(kind="follower_idle")
    assert idle and "makes no roll" in idle[-1].payload["summary"]
