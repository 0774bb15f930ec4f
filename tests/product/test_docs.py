"""Documentation stays true: every command has help with an example and an entry in the
README or docs/ (docs/cli.md lists them); the README's quick start is one screen with names
`new` creates; the shell blocks marked runnable in the README and docs/ run as written."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import click
import pytest
import yaml
from conftest import REPO
from workbook_helpers import demo_copy

from drawsteel_kit.cli import main
from drawsteel_kit.kit.campaign_file import parse_campaign_text

README = (REPO / "README.md").read_text(encoding="utf-8")
DOCS = {p.name: p.read_text(encoding="utf-8") for p in sorted((REPO / "docs").glob("*.md"))}
#: The marker, on the line before a ```sh block, of a block the tests run as written.
RUNNABLE = "<!-- runnable -->"
#: A quick start that fits one screen.
README_LINES = 60


def runnable_blocks(text: str) -> list[str]:
    """The ```sh blocks right after the runnable marker."""
    return re.findall(rf"^{re.escape(RUNNABLE)}\n```sh\n(.*?)^```", text, re.S | re.M)


def _commands(group: click.Group, prefix: str = "") -> list[tuple[str, click.Command]]:
    """Every command by its full name (``project start``), groups walked."""
    found: list[tuple[str, click.Command]] = []
    for name, command in sorted(group.commands.items()):
        full = f"{prefix}{name}"
        if isinstance(command, click.Group):
            found += _commands(command, f"{full} ")
        else:
            found.append((full, command))
    return found


COMMANDS = dict(_commands(main))


def test_readme_opens_with_the_two_setup_commands() -> None:
    first_block = README.split("```")[1]
    assert [line.strip() for line in first_block.splitlines()[1:] if line.strip()] == [
        "make demo", "make test",
    ]


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_command_has_help_with_an_example(name: str) -> None:
    command = COMMANDS[name]
    with click.Context(command, info_name=name) as ctx:
        text = command.get_help(ctx)
    assert "Example" in text, f"`drawsteel-kit {name} --help` has no example"


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_command_is_in_the_readme_or_the_docs(name: str) -> None:
    assert re.search(rf"drawsteel-kit {name}\b", "\n".join([README, *DOCS.values()])), (
        f"neither README.md nor docs/ has `drawsteel-kit {name}` (docs/cli.md lists them)")


#: A source text named by its file's number ("seed 003", "(002: 40)"): a reader knows the
#: book and its chapter, never the project's file names.
SEED_FILE = re.compile(r"\bseed 00\d|\(00\d: ?\d")


def test_the_source_texts_are_named_as_a_reader_knows_them() -> None:
    from drawsteel_kit.kit.registry import SYSTEMS

    texts = {"README.md": README, **DOCS}
    for path in sorted((REPO / "templates").glob("*/campaign.yaml")):
        texts[str(path.relative_to(REPO))] = path.read_text(encoding="utf-8")
    for name, command in COMMANDS.items():
        with click.Context(command, info_name=name) as ctx:
            texts[f"drawsteel-kit {name} --help"] = command.get_help(ctx)
    texts.update({f"the {s.title} entry": s.source for s in SYSTEMS.values()})
    found = {where: SEED_FILE.findall(text) for where, text in texts.items()}
    assert not {where: hits for where, hits in found.items() if hits}


def test_the_readme_is_a_quick_start_that_fits_one_screen() -> None:
    assert len(README.splitlines()) <= README_LINES
    for command in ("new", "lab", "serve", "publish", "init"):
        assert f"drawsteel-kit {command} " in README
    assert "pipx install" in README and "pip install" in README
    assert "source .venv/bin/activate" in README
    for link in re.findall(r"\]\((docs/[^)]+)\)", README):
        assert (REPO / link).is_file(), link


def test_the_readme_heroes_are_the_ones_new_creates() -> None:
    template = yaml.safe_load((REPO / "templates" / "campaign" / "campaign.yaml").read_text(
        encoding="utf-8"))
    heroes = {h["name"] for h in template["heroes"]}
    named = set(re.findall(r"--hero (\w+)", README))
    assert named and named <= heroes, named - heroes


def test_readme_campaign_example_is_valid() -> None:
    block = DOCS["campaign-yaml.md"].split("```yaml", 1)[1].split("```", 1)[0]
    parsed = parse_campaign_text(block, "docs/campaign-yaml.md")
    assert parsed.heroes[0].name == "Val"


def test_changelog_has_unreleased_section() -> None:
    text = (REPO / "CHANGELOG.md").read_text(encoding="utf-8")
    assert "## Unreleased" in text


def test_every_setting_of_campaign_yaml_is_in_its_page() -> None:
    """Every Director's choice the Draw Steel campaign file can set has a row in the settings
    table of docs/campaign-yaml.md (a new setting without one fails here)."""
    from drawsteel_kit.systems.draw_steel.campaign_file import Settings

    page = DOCS["campaign-yaml.md"]
    rows = set(re.findall(r"^\| `([a-z_]+)` \|", page, re.M))
    assert set(Settings.model_fields) - rows == set()


def test_the_other_systems_example_runs_as_written(capsys: pytest.CaptureFixture[str]) -> None:
    code = DOCS["other-systems.md"].split("```python", 1)[1].split("```", 1)[0]
    exec(compile(code, "docs/other-systems.md", "exec"), {})
    out = capsys.readouterr().out
    assert "Ava rolls Carouse: 4+5 +1 coin = 10, a strong hit (10+)" in out


def test_the_marker_is_found() -> None:
    assert runnable_blocks(README) and runnable_blocks(DOCS["rules.md"])
    marked = README.count(RUNNABLE) + sum(t.count(RUNNABLE) for t in DOCS.values())
    found = len(runnable_blocks(README)) + sum(len(runnable_blocks(t)) for t in DOCS.values())
    assert marked == found, "a runnable marker must be right before a ```sh block"


@pytest.fixture(scope="module")
def built_demo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The demo's books as `make demo` builds them (campaigns/demo in a scratch folder)."""
    return demo_copy(tmp_path_factory.mktemp("docs-demo") / "demo", secrets=False)


RUNNABLE_PAGES = [page for page, text in [("README.md", README),
                                           *((f"docs/{n}", t) for n, t in DOCS.items())]
                  if runnable_blocks(text)]


@pytest.mark.kernel  # the pages resolve plans and publish
@pytest.mark.parametrize("page", RUNNABLE_PAGES)
def test_the_runnable_blocks_run_as_written(page: str, built_demo: Path,
                                           tmp_path: Path) -> None:
    """Each page's marked blocks, in order, with bash in a scratch folder that holds the
    built demo as campaigns/demo, and drawsteel-kit on the PATH."""
    blocks = runnable_blocks((REPO / page).read_text(encoding="utf-8"))
    shutil.copytree(built_demo, tmp_path / "campaigns" / "demo")
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    for block in blocks:
        done = subprocess.run(["bash", "-euo", "pipefail", "-c", block], cwd=tmp_path, env=env,
                              capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, f"{page}:\n{block}\n{done.stdout}\n{done.stderr}"
        assert "Traceback" not in done.stderr, done.stderr
