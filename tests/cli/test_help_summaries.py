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
    """The lines of a --help's command sections ("Commands:", or the root's one section per
    game system): every indented line under a heading other than "Options:"."""
    rows, section = [], ""
    for line in output.splitlines():
        if line and not line[0].isspace():
            section = line
        elif line.strip() and section.endswith(":") and section != "Options:":
            rows.append(line)
    return rows


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


def test_the_root_help_groups_commands_by_game_system() -> None:
    """Issue 32, "Words": the books' commands, then Draw Steel's, then each other system's."""
    out = CliRunner().invoke(main, ["--help"], terminal_width=200).output
    heads = [line for line in out.splitlines() if line.endswith(":") and not line[0].isspace()]
    assert heads[-5:] == ["Campaigns and their books:", "Draw Steel:", "Dungeon World:",
                          "Pathfinder 2e:", "The condition-sheet system:"]
    books, draw_steel = out.split("Draw Steel:\n")
    assert "  status " in books and "  respite " not in books
    assert "  respite " in draw_steel.split("Dungeon World:")[0]
    assert "  dw " in out.split("Dungeon World:")[1].split("Pathfinder 2e:")[0]
