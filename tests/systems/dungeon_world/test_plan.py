"""Dungeon World town-day plans: read and checked, resolved in one transaction, the same
seed giving the same events, refused whole, resolved once, and through the notebook."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from cli_helpers import run
from conftest import ledger_fingerprint, refused

from drawsteel_kit.kit.book.campaign import BaseCampaign
from drawsteel_kit.kit.errors import PlanError
from drawsteel_kit.kit.ledger import LEDGER_FILE
from drawsteel_kit.systems.dungeon_world.plans import load_plan, parse_plan
from drawsteel_kit.workbook.plan_runs import main_resolve, resolve
from systems.dungeon_world.helpers import DEMO

SEED = 3


def _campaign(folder: Path) -> Path:
    folder.mkdir(parents=True)
    shutil.copy(DEMO / "campaign.yaml", folder)
    shutil.copytree(DEMO / "plans", folder / "plans")
    BaseCampaign.init(folder)[0].close()
    return folder


def _events(folder: Path) -> list[tuple]:
    with BaseCampaign.open(folder, readonly=True) as camp:
        return [(e.kind, e.day, e.actor, json.dumps(e.payload, sort_keys=True), e.seed, e.dice,
                 e.ops) for e in camp.history(newest_first=False)]


def test_the_demo_plan_reads_with_its_entries_days_and_a_digest() -> None:
    plan = load_plan(DEMO / "plans" / "town-week.yaml")
    assert (plan.name, plan.days, len(plan.entries)) == ("A week in Stonebridge", 7, 12)
    assert plan.entries[1].options["coin"] == 200
    assert len(plan.digest) == 64 and load_plan(DEMO / "plans" / "town-week.yaml").digest \
        == plan.digest


@pytest.mark.parametrize(("data", "said"), [
    ({"name": "x", "entries": [{"move": "dance", "who": "Ava"}]},
     r"entries\[0\]: an entry's move must be one of"),
    ({"name": "x", "entries": [{"day": 1, "move": "carouse", "who": "Ava", "coins": 5}]},
     r"entries\[0\] \(day 1, carouse by Ava\): Carouse has no option 'coins'"),
    ({"name": "x", "entries": [{"day": 2, "move": "bolster", "who": "A", "period": "week"},
                               {"day": 1, "move": "bolster", "who": "A", "period": "week"}]},
     r"entries\[1\] .*day 1 comes before day 2"),
    ({"name": "x", "days": 2, "entries": [{"day": 3, "move": "bolster", "who": "A"}]},
     r"days: is 2, but an entry is on day 3"),
    ({"system": "pf2e", "name": "x", "entries": [{"move": "bolster", "who": "A"}]},
     r"system: this campaign plays dungeon-world, the plan says 'pf2e'"),
    ({"name": "x", "entries": []}, r"entries: must be a list of at least one entry"),
    ({"name": "x", "entries": [{"move": "bolster"}], "extra": 1}, r"extra: unknown field"),
    ({"entries": [{"move": "bolster"}]}, r"name: is required"),
    ({"name": "x", "entries": [{"day": -1, "move": "bolster", "who": "A"}]},
     r"entries\[0\]: day must be 1 or more"),
    ([1, 2], r"a plan is a mapping"),
])
def test_a_bad_plan_names_the_file_the_entry_and_the_fix(data: object, said: str) -> None:
    with pytest.raises(PlanError, match=r"^town\.yaml: " + said):
        parse_plan(data, "town.yaml")


def test_an_unreadable_or_broken_file_is_one_plan_error(tmp_path: Path) -> None:
    with pytest.raises(PlanError, match="cannot read the plan"):
        load_plan(tmp_path / "missing.yaml")
    broken = tmp_path / "broken.yaml"
    broken.write_text("name: [\n", encoding="utf-8")
    with pytest.raises(PlanError, match=r"broken\.yaml"):
        load_plan(broken)


def test_a_real_run_advances_the_days_and_writes_each_move(tmp_path: Path) -> None:
    folder = _campaign(tmp_path / "c")
    with BaseCampaign.open(folder) as camp:
        plan = camp.dungeon_world.load_plan(folder / "plans" / "town-week.yaml")
        result = resolve(camp, plan, seed=SEED, dry_run=False)
        assert camp.party.day == 8 and [d.campaign_day for d in result.days] == list(range(1, 9))
        assert result.recorded is not None and result.recorded.payload["digest"] == plan.digest
        dw = camp.dungeon_world
        zora, odo = dw.character("Zora"), dw.character("Brother Odo")
        assert zora.preparation == 1 and zora.rations == 7 and odo.debilities == ()
        assert zora.level == 2 and camp.dungeon_world.character("Ava").level == 2
        kinds = [e.kind for e in result.events]
        assert kinds.count("day_advanced") == 7 and kinds[-1] == "plan_resolved"
        assert all(e.seed == SEED for e in result.events if e.dice)
        assert "Summary" in result.lines() and camp.ledger.verify()
        again = resolve(camp, plan, seed=SEED, dry_run=False)
        assert again.already is not None and again.events == ()
        assert camp.party.day == 8
        with refused(camp, PlanError, "Carouse spends 200 coin; Ava has 135"):  # spent
            resolve(camp, plan, seed=SEED, dry_run=False, again=True)
        study = parse_plan({"name": "Study", "entries": [
            {"day": 7, "move": "bolster", "who": "Zora", "period": "week"}]}, "study.yaml")
        resolve(camp, study, seed=1, dry_run=False)
        assert resolve(camp, study, seed=1, dry_run=False).already is not None
        once_more = resolve(camp, study, seed=1, dry_run=False, again=True)
        assert once_more.recorded is not None and camp.party.day == 22
        assert camp.dungeon_world.character("Zora").preparation == 3


def test_the_dry_run_writes_nothing_and_shows_what_the_real_run_writes(tmp_path: Path) -> None:
    a, b = _campaign(tmp_path / "a"), _campaign(tmp_path / "b")
    before = ledger_fingerprint(a / LEDGER_FILE)
    dry = main_resolve(a, "town-week", SEED, dry_run=True, echo=lambda _: None)
    assert ledger_fingerprint(a / LEDGER_FILE) == before
    real = main_resolve(b, "town-week", SEED, dry_run=False, echo=lambda _: None)
    assert "DRY RUN" in dry.lines()[1] and real.lines()[1] == "Written: 23 events."
    days = slice(2, dry.lines().index("Summary"))  # the summary says "would be written"
    assert dry.lines()[days] == real.lines()[days]
    main_resolve(a, "town-week", SEED, dry_run=False, echo=lambda _: None)
    assert _events(a) == _events(b)


def test_an_unknown_character_or_a_refused_move_stops_the_plan_before_anything(
        tmp_path: Path) -> None:
    folder = _campaign(tmp_path / "c")
    plans = folder / "plans"
    (plans / "zed.yaml").write_text(
        "name: Z\nentries:\n  - {day: 1, move: bolster, who: Ava, period: week}\n"
        "  - {day: 2, move: carouse, who: Zed}\n", encoding="utf-8")
    (plans / "broke.yaml").write_text(
        "name: B\nentries:\n  - {day: 1, move: bolster, who: Ava, period: week}\n"
        "  - {day: 5, move: carouse, who: Nim, coin: 500}\n", encoding="utf-8")
    with BaseCampaign.open(folder) as camp:
        zed = camp.dungeon_world.load_plan(plans / "zed.yaml")
        with refused(camp, PlanError, r"zed.yaml: entries\[1\] \(day 2, carouse by Zed\): "
                     "no character named 'Zed'"):
            resolve(camp, zed, seed=1, dry_run=False)
        broke = camp.dungeon_world.load_plan(plans / "broke.yaml")
        with refused(camp, PlanError, r"(?s)entry 2 \(day 5, carouse by Nim\): Carouse spends "
                     "500 coin; Nim has 60.*nothing was written"):
            resolve(camp, broke, seed=1, dry_run=False)


def test_resolve_from_the_command_line_in_process(tmp_path: Path) -> None:
    folder = _campaign(tmp_path / "c")
    out = run("resolve", folder, "--plan", "town-week", "--seed", SEED, "--no-notebook",
              "--dry-run")
    assert "DRY RUN" in out and "Level Up by Ava" in out
    out = run("resolve", folder, "--plan", "town-week", "--seed", SEED, "--no-notebook")
    assert "Written:" in out and "Calendar: day 1 → day 8" in out
    out = run("resolve", folder, "--plan", "town-week", "--seed", SEED, "--no-notebook")
    assert "already resolved" in out
    out = run("resolve", folder, "--plan", "nope", "--seed", 1, "--no-notebook", ok=False)
    assert "cannot read the plan" in out


def test_resolve_through_the_notebook_writes_what_in_process_writes(tmp_path: Path) -> None:
    from drawsteel_kit.workbook.notebook_runs import resolve_through_notebook

    a, b = _campaign(tmp_path / "a"), _campaign(tmp_path / "b")
    ran = resolve_through_notebook(a, a / "plans" / "town-week.yaml", seed=SEED, dry_run=False)
    main_resolve(b, b / "plans" / "town-week.yaml", SEED, dry_run=False, echo=lambda _: None)
    assert ran.report.is_file() and "What the plan changed" in ran.report.read_text("utf-8")
    assert _events(a) == _events(b)


def test_a_plan_entry_without_a_day_levels_up_at_rest(tmp_path: Path) -> None:
    """003: 330: Level Up while resting; a plan's town days are a rest, day or no day."""
    folder = _campaign(tmp_path / "c")
    with BaseCampaign.open(folder) as camp:
        camp.dungeon_world.adjust("Zora", xp=8, reason="a hard session")
        plan = parse_plan({"name": "rest", "entries": [
            {"move": "level_up", "who": "Zora", "stat": "INT"}]})
        resolve(camp, plan, seed=SEED, dry_run=False)
        assert camp.dungeon_world.character("Zora").level == 2
