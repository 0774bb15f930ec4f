"""Every group's --help lists its commands with their whole one-line summaries: none is cut
short with "..." (click cuts a summary longer than about 45 characters)."""

from __future__ import annotations

import click
import pytest
from click.testing import CliRunner

from drawsteel_kit.cli import main
from drawsteel_kit.kit.commands import summary


def groups(group: click.Group, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """The path of every group under ``group``, itself first."""
    found = [path]
    for name, command in sorted(group.commands.items()):
        if isinstance(command, click.Group):
            found += groups(command, (*path, name))
    return found


def command_rows(output: str) -> list[str]:
    """The lines of a --help's Commands section."""
    return output.partition("\nCommands:\n")[2].splitlines()


def test_every_group_is_walked() -> None:
    paths = groups(main)
    assert {(), ("project",), ("followers",), ("dw",), ("pf2e",), ("sheet",),
            ("sheet", "battle")} <= set(paths)


@pytest.mark.parametrize("width", [80, 120])
@pytest.mark.parametrize("path", groups(main), ids=lambda p: " ".join(p) or "root")
def test_no_command_summary_is_cut(path: tuple[str, ...], width: int) -> None:
    result = CliRunner().invoke(main, [*path, "--help"], prog_name="drawsteel-kit",
                                terminal_width=width)
    assert result.exit_code == 0, result.output
    rows = command_rows(result.output)
    assert rows, result.output
    cut = [row for row in rows if row.rstrip().endswith("...")]
    assert not cut, "\n".join(cut)


def test_a_summary_is_the_whole_first_sentence() -> None:
    project = main.commands["project"]
    assert isinstance(project, click.Group)
    start = project.commands["start"]
    assert start.get_short_help_str(10) == summary(start.help or "")
    assert summary(start.help or "").endswith(".") and "..." not in summary(start.help or "")
    assert summary("Show it vs. that. More here.\n\nOther.") == "Show it vs. that."
    assert summary("\b\nKept as it is\n\nOther.") == "Kept as it is"
