"""A command of one system asked of a campaign that plays another: one line, in the table's
words (the commands to use, no Python names), and the ledger as it was."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from cli_helpers import assert_one_clear_line, invoke
from conftest import FIXTURES_DIR, REPO, ledger_fingerprint

HERO = FIXTURES_DIR / "forge_steel" / "minimal.ds-hero"


def _campaign(tmp_path: Path, demo: str) -> Path:
    folder = tmp_path / demo
    folder.mkdir()
    shutil.copy(REPO / "campaigns" / demo / "campaign.yaml", folder / "campaign.yaml")
    assert invoke("init", folder).exit_code == 0
    return folder


def test_draw_steel_commands_in_another_system_name_its_commands(tmp_path: Path) -> None:
    dw = _campaign(tmp_path, "dungeon-world-demo")
    before = ledger_fingerprint(dw / "ledger.db")
    for args in (("heroes", "import", dw, HERO), ("respite", dw),
                 ("victories", dw, "2"), ("heroes", "export", dw, "Ava", "--to",
                                          tmp_path / "ava.ds-hero")):
        line = assert_one_clear_line(invoke(*args), "drawsteel-kit dw")
        assert "campaign.book" not in line and "`campaign" not in line, line
        assert ledger_fingerprint(dw / "ledger.db") == before, args
    assert not (tmp_path / "ava.ds-hero").exists()


@pytest.mark.parametrize("demo", ["pf2e-demo", "condition-sheet-demo"])
def test_resolve_in_a_system_without_plans_is_one_line(tmp_path: Path, demo: str) -> None:
    folder = _campaign(tmp_path, demo)
    (folder / "plans").mkdir()
    (folder / "plans" / "week.yaml").write_text("name: week\ndays: 2\n", encoding="utf-8")
    before = ledger_fingerprint(folder / "ledger.db")
    for extra in (("--no-notebook",), ("--no-notebook", "--dry-run"), ("--dry-run",)):
        assert_one_clear_line(invoke("resolve", folder, "--plan", "week", "--seed", "1",
                                     *extra), "no scripted plans")
        assert ledger_fingerprint(folder / "ledger.db") == before, extra
    assert not (folder / "runs").exists() or not list((folder / "runs").iterdir())


def test_a_session_of_another_system_counts_no_tokens(tmp_path: Path) -> None:
    """Hero tokens are Draw Steel's: a Dungeon World session starts and ends with no token
    count; Draw Steel's class does not open it at all."""
    import drawsteel_kit
    from drawsteel_kit.kit.errors import WrongSystem
    from drawsteel_kit.systems.draw_steel.campaign import Campaign

    dw = _campaign(tmp_path, "dungeon-world-demo")
    said = []
    with drawsteel_kit.open(dw) as camp:
        said += [camp.start_session().summary, camp.end_session().summary]
    with pytest.raises(WrongSystem, match="plays Dungeon World"):
        Campaign.open(dw)
    assert said == ["Session 1 started", "Session 1 ended"], said
