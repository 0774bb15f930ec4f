"""``victories_from:`` in a plan: a scripted evening is the party's exports in, a respite with
a project roll, and the files back out; a folder outside the campaign is refused in one line."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import FIXTURES_DIR, REPO, ledger_fingerprint

from drawsteel_kit.cli import main
from drawsteel_kit.systems.draw_steel.campaign import Campaign

FIXTURES = FIXTURES_DIR / "foundry"
PLAN = """name: After the session
days: 1
victories_from: exports
respites:
  - {hero: Aster Vell, days: every}
  - {hero: Brannoc Deepdelve, days: every}
  - {hero: Ceto Marrow, days: every, activity: {roll: Learn New Language}}
"""


@pytest.fixture
def demo(tmp_path: Path) -> Path:
    folder = tmp_path / "demo"
    (folder / "exports").mkdir(parents=True)
    (folder / "plans").mkdir()
    shutil.copy(REPO / "campaigns" / "demo" / "campaign.yaml", folder / "campaign.yaml")
    Campaign.init(folder)[0].close()
    for f in FIXTURES.glob("*.json"):
        shutil.copy(f, folder / "exports" / f.name)
    return folder


def _resolve(demo: Path, plan: str, *extra: str) -> tuple[int, str]:
    (demo / "plans" / "evening.yaml").write_text(plan, encoding="utf-8")
    result = CliRunner().invoke(main, ["resolve", str(demo), "--plan", "evening", "--seed",
                                       "3", "--no-notebook", *extra])
    return result.exit_code, result.output


def test_a_plan_reads_the_party_exports_then_rests_and_the_files_go_back(
        demo: Path, tmp_path: Path) -> None:
    code, out = _resolve(demo, PLAN)
    assert code == 0, out
    assert "Imported 3 heroes from Foundry" in out, out
    with Campaign.open(demo) as camp:
        assert camp.hero("Brannoc Deepdelve").xp == 75  # 70 and the 5 victories of the table
        assert camp.hero("Brannoc Deepdelve").victories == 0
        assert camp.project("Learn New Language").points > 40
    out_file = tmp_path / "brannoc.json"
    result = CliRunner().invoke(main, ["heroes", "export", str(demo), "Brannoc Deepdelve",
                                       "--to", str(out_file)])
    assert result.exit_code == 0, result.output
    hero = json.loads(out_file.read_text(encoding="utf-8"))["system"]["hero"]
    assert (hero["xp"], hero["victories"]) == (75, 0)


def test_a_dry_run_imports_nothing(demo: Path) -> None:
    with Campaign.open(demo) as camp:
        before = ledger_fingerprint(camp.ledger.path)
    code, out = _resolve(demo, PLAN, "--dry-run")
    assert code == 0 and "would" in out.lower(), out
    with Campaign.open(demo) as camp:
        assert ledger_fingerprint(camp.ledger.path) == before


@pytest.mark.parametrize(("folder", "words"), [
    ("../..", "is outside the campaign folder"),
    ("missing", "is not a folder of the campaign"),
])
def test_a_folder_outside_the_campaign_or_missing_is_refused_in_one_line(
        demo: Path, folder: str, words: str) -> None:
    with Campaign.open(demo) as camp:
        before = ledger_fingerprint(camp.ledger.path)
    code, out = _resolve(demo, PLAN.replace("victories_from: exports",
                                            f"victories_from: {folder}"))
    assert code != 0 and words in out and len(out.strip().splitlines()) == 1, out
    with Campaign.open(demo) as camp:
        assert ledger_fingerprint(camp.ledger.path) == before


def test_a_bad_export_refuses_the_whole_plan(demo: Path) -> None:
    (demo / "exports" / "zz.json").write_text('{"name": "x", "type": "npc", "system": {}, '
                                              '"items": [], "_stats": {}}', encoding="utf-8")
    with Campaign.open(demo) as camp:
        before = ledger_fingerprint(camp.ledger.path)
    code, out = _resolve(demo, PLAN)
    assert code != 0 and "victories_from: exports: " in out and "zz.json" in out, out
    assert len(out.strip().splitlines()) == 1, out
    with Campaign.open(demo) as camp:
        assert ledger_fingerprint(camp.ledger.path) == before
