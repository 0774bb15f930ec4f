"""Issue 32, "Names": the command line's tables never cut a name short, and say what their
numbers are."""

from __future__ import annotations

from pathlib import Path

from cli_helpers import run
from conftest import campaign_data, write_campaign

from drawsteel_kit.kit.words import columns

LONG = "Thessaly Vane of the Long Road"
HEROES = tuple({"name": name, "ancestry": "Human", "level": 1, "max_stamina": 20,
                "max_recoveries": 8} for name in (LONG, "Val"))


def test_columns_are_as_wide_as_their_widest_cell() -> None:
    assert columns([["hero", "lvl"], [LONG, "10"], ["Val", "1"]], right={1}) == [
        f"hero{' ' * (len(LONG) - 4)}  lvl", f"{LONG}   10", f"Val{' ' * (len(LONG) - 3)}    1"]
    assert columns([]) == []


def test_status_and_project_list_show_whole_names(tmp_path: Path) -> None:
    folder = write_campaign(tmp_path / "c", campaign_data(heroes=HEROES))
    run("init", folder)
    status = run("status", folder)
    assert LONG in status
    title = "The Unusually Long Search for the Lost Library of Khelt"
    run("project", "start", folder, LONG, "Discover Lore", "--param", "kind=lost",
        "--title", title)
    listed = run("project", "list", folder)
    assert title in listed and LONG in listed
    assert "milestones at " in listed and " points" in listed  # points, not a bare number
    run("inventory", "add", folder, "A Lantern That Burns Without Any Oil At All", "--hero",
        LONG)
    assert "A Lantern That Burns Without Any Oil At All" in run("inventory", "list", folder)
