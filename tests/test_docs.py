"""Documentation stays true: every command has help with an example and a README entry."""

from __future__ import annotations

import re
from pathlib import Path

import click
import pytest

from drawsteel_kit.cli import main
from drawsteel_kit.config import parse_campaign_text

REPO = Path(__file__).resolve().parent.parent
README = (REPO / "README.md").read_text(encoding="utf-8")


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
def test_every_command_is_in_the_readme(name: str) -> None:
    assert re.search(rf"drawsteel-kit {name}\b", README), f"README lacks `drawsteel-kit {name}`"


def test_readme_campaign_example_is_valid() -> None:
    block = README.split("## campaign.yaml", 1)[1].split("```yaml", 1)[1].split("```", 1)[0]
    parsed = parse_campaign_text(block, "README.md")
    assert parsed.heroes[0].name == "Val"


def test_changelog_has_unreleased_section() -> None:
    text = (REPO / "CHANGELOG.md").read_text(encoding="utf-8")
    assert "## Unreleased" in text


def test_the_other_systems_example_runs_as_written(capsys: pytest.CaptureFixture[str]) -> None:
    section = README.split("## Other rule systems", 1)[1].split("\n## ", 1)[0]
    code = section.split("```python", 1)[1].split("```", 1)[0]
    exec(compile(code, "README.md", "exec"), {})
    out = capsys.readouterr().out
    assert "Ava rolls Carouse: 4+5 +1 coin = 10, a strong hit (10+)" in out
