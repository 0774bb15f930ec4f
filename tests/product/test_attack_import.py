"""Attacks on `import` (issue 30, breaks 7 and 8): histories that cannot be, handed to the
real `drawsteel-kit import`, and the command killed with SIGKILL while it builds the ledger.

Every event is checked before anything is written: a repeated event, a day before the first,
a kind drawsteel-kit never writes, a number SQLite cannot hold (a huge integer, NaN, 1e400),
ids that do not rise, an undo of a later event, a change to a column no table has. Each is
refused in one line naming the event, and no folder is left behind. A kill at any moment
leaves the folder without a ledger.db or with the whole one, and the import run again works.
"""

from __future__ import annotations

import copy
import json
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import assert_one_clear_line, invoke
from conftest import REPO
from reliability_workers import EXE, integrity

from drawsteel_kit.kit.book.campaign import BaseCampaign
from drawsteel_kit.kit.ledger import LEDGER_FILE


@pytest.fixture
def export(tmp_path: Path, initialise: Callable[[Path], None]) -> dict[str, Any]:
    """The demo's campaign with some play, exported by the command."""
    folder = tmp_path / "demo"
    folder.mkdir()
    shutil.copy(REPO / "campaigns" / "demo" / "campaign.yaml", folder / "campaign.yaml")
    initialise(folder)
    with BaseCampaign.open(folder) as camp:
        camp.award_victories(2)
        camp.award_renown("Val", 1, reason="the rescue")
        camp.award_renown("Val", 1, reason="the feast")
        wrong = camp.award_renown("Val", 1, reason="a slip")
        camp.undo(wrong.events[0].id)
    out = tmp_path / "demo.json"
    assert invoke("export", folder, "--out", out).exit_code == 0
    return json.loads(out.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def _first(events: list[dict[str, Any]], kind: str) -> int:
    return next(n for n, e in enumerate(events) if e["kind"] == kind)


def _last(events: list[dict[str, Any]], kind: str) -> int:
    return max(n for n, e in enumerate(events) if e["kind"] == kind)


def _repeat(n_of: Callable[[list[dict[str, Any]]], int], *, new_time: bool = False,
            same_id: bool = False) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        events = data["events"]
        again = copy.deepcopy(events[n_of(events)])
        again["id"] = again["id"] if same_id else events[-1]["id"] + 1
        if new_time:
            again["created_at"] = "2099-01-01T00:00:00.000000+00:00"
        events.append(again)
    return change


def _hero_row(field: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        event = data["events"][_first(data["events"], "hero_added")]
        event["ops"][0]["row"][field] = value
    return change


def _event(n_of: Callable[[list[dict[str, Any]]], int], **fields: Any,
           ) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        data["events"][n_of(data["events"])].update(fields)
    return change


def _award_after(column: str) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        event = data["events"][_last(data["events"], "renown_gained")]
        event["ops"][0]["after"][column] = 1
        event["ops"][0]["before"][column] = 0
    return change


def _second(events: list[dict[str, Any]]) -> int:
    return 1


#: Each history that cannot be: (how it is made, words its refusal names).
HISTORIES: dict[str, tuple[Callable[[dict[str, Any]], None], str]] = {
    "a hero's arrival twice": (_repeat(lambda ev: _first(ev, "hero_added")), "repeats event"),
    "the last event twice": (_repeat(lambda ev: len(ev) - 1), "repeats event"),
    "the first award twice, a moment later": (
        _repeat(lambda ev: _first(ev, "renown_gained"), new_time=True), "renown was"),
    "a hero's arrival twice, a moment later": (
        _repeat(lambda ev: _first(ev, "hero_added"), new_time=True), "already there"),
    "an event's id twice": (_repeat(lambda ev: len(ev) - 1, same_id=True), "numbered upward"),
    "day -5": (_event(_second, day=-5), "day"),
    "day 0": (_event(_second, day=0), "first day"),
    "session -1": (_event(_second, session=-1), "session"),
    "an unknown kind": (_event(_second, kind="summon_dragon"), "summon_dragon"),
    "a hidden kind": (_event(_second, kind="adjusted"), "not an event"),
    "wealth of 2**70": (_hero_row("wealth", 2**70), "SQLite holds"),
    "wealth of -2**63 - 1": (_hero_row("wealth", -(2**63) - 1), "SQLite holds"),
    "a seed of 2**64": (_event(_second, seed=2**64), "SQLite holds"),
    "a day of 10**30": (_event(_second, day=10**30), "SQLite holds"),
    "a huge number deep in the payload": (
        _event(_second, payload={"summary": "x", "deep": [{"n": 10**40}]}), "SQLite holds"),
    "wealth NaN": (_hero_row("wealth", float("nan")), "not a number"),
    "wealth Infinity": (_hero_row("wealth", float("inf")), "not a number"),
    "an undo of a later event": (
        _event(lambda ev: _first(ev, "undo"), undoes=10**6), "undoes"),
    "a column no table has": (_award_after("curse"), "no column"),
    "a column name that closes its brackets": (_award_after("renown] = 99, [xp"),
                                               "no column"),
    "a table no ledger has": (
        lambda d: d["events"][1]["ops"][0].update(table="sqlite_master"), "not a table"),
    "a visibility nobody has": (_event(_second, visibility="everyone"), "visibility"),
    "an event that is not an event": (lambda d: d["events"].insert(2, [1, 2]), "events[2]"),
}


@pytest.mark.parametrize("name", list(HISTORIES))
def test_a_history_that_cannot_be_is_refused_in_one_line_naming_the_event(
        export: dict[str, Any], tmp_path: Path, name: str) -> None:
    change, words = HISTORIES[name]
    data = copy.deepcopy(export)
    change(data)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")  # NaN, Infinity: as Python writes them
    line = assert_one_clear_line(invoke("import", bad, tmp_path / "new" / "copy"), words)
    assert "events[" in line or "event #" in line, line
    assert not (tmp_path / "new").exists(), "a refused import left a folder behind"


def test_numbers_json_writes_beyond_a_double_are_refused(export: dict[str, Any],
                                                         tmp_path: Path) -> None:
    data = copy.deepcopy(export)
    _hero_row("wealth", "@@")(data)
    text = json.dumps(data).replace('"@@"', "1e400")
    bad = tmp_path / "bad.json"
    bad.write_text(text, encoding="utf-8")
    assert_one_clear_line(invoke("import", bad, tmp_path / "new"), "not a number")
    assert not (tmp_path / "new").exists()


def test_a_good_history_still_imports(export: dict[str, Any], tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    good.write_text(json.dumps(export, ensure_ascii=False, indent=2), encoding="utf-8")
    result = invoke("import", good, tmp_path / "copy")
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (tmp_path / "copy").iterdir()) == [LEDGER_FILE]


# -- killed --------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def long_export(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int]:
    """A long campaign's export (the bench builder's), and its number of events."""
    if str(REPO) not in sys.path:
        sys.path.insert(0, str(REPO))
    from benchmarks.ledgers import build

    root = tmp_path_factory.mktemp("long")
    built = build(root / "long", 6000)
    out = root / "long.json"
    assert invoke("export", root / "long", "--out", out).exit_code == 0
    return out, built.events


def _import(export: Path, folder: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen([str(EXE), "import", str(export), str(folder)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def _begun(folder: Path) -> bool:
    """The import has begun writing its ledger (the folder holds a file)."""
    return folder.is_dir() and any(folder.iterdir())


def _left(folder: Path, export: Path, events: int) -> str:
    """What a killed import left: nothing of a ledger, or the whole ledger."""
    if not (folder / LEDGER_FILE).exists():
        assert not folder.exists() or all(p.name.startswith(".import-")
                                          for p in folder.iterdir()), list(folder.iterdir())
        return "no ledger"
    assert integrity(folder / LEDGER_FILE) == "ok"
    conn = sqlite3.connect(folder / LEDGER_FILE)
    try:
        assert conn.execute("SELECT count(*) FROM events").fetchone()[0] == events
    finally:
        conn.close()
    return "the whole ledger"


def _again(folder: Path, export: Path, tmp_path: Path) -> None:
    """The import run again: done if it was not; the books are the export's, byte for byte."""
    if not (folder / LEDGER_FILE).exists():
        result = invoke("import", export, folder)
        assert result.exit_code == 0, result.output
    else:
        assert_one_clear_line(invoke("import", export, folder), "already holds files")
    assert sorted(p.name for p in folder.iterdir()) == [LEDGER_FILE]
    out = tmp_path / f"{folder.parent.name}.json"
    assert invoke("export", folder, "--out", out).exit_code == 0
    assert out.read_bytes() == export.read_bytes()


@pytest.mark.soak
def test_import_killed_at_any_moment_leaves_no_half_ledger_and_runs_again(
        long_export: tuple[Path, int], tmp_path: Path) -> None:
    export, events = long_export
    started = time.monotonic()
    reference = _import(export, tmp_path / "reference")
    staged_at = None
    while reference.poll() is None:
        if staged_at is None and _begun(tmp_path / "reference"):
            staged_at = time.monotonic() - started
        time.sleep(0.002)
    assert reference.returncode == 0, reference.stderr.read().decode()  # type: ignore[union-attr]
    total = time.monotonic() - started
    assert staged_at is not None, "the reference import wrote no file"
    rng = random.Random(30)
    # Before the ledger is begun (reading, checking), while it is built, at the very end.
    delays = ([("before", rng.uniform(0, staged_at)) for _ in range(2)]
              + [("building", None) for _ in range(5)]
              + [("end", rng.uniform(0.9 * total, 1.4 * total)) for _ in range(2)])
    seen: Counter[str] = Counter()
    for n, (when, delay) in enumerate(delays):
        folder = tmp_path / f"kill{n}" / "campaign"
        proc = _import(export, folder)
        begun = time.monotonic()
        if delay is None:  # once the ledger's first file appears, a random part of the build
            while not _begun(folder) and proc.poll() is None:
                time.sleep(0.001)
            delay = time.monotonic() - begun + rng.uniform(0, 0.8 * (total - staged_at))
        time.sleep(max(0.0, delay - (time.monotonic() - begun)))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        killed = proc.returncode == -signal.SIGKILL
        mid = killed and _begun(folder)
        seen[f"{when}: {_left(folder, export, events)}"
             f"{' (mid-build)' if mid else ''}{'' if killed else ' (had exited)'}"] += 1
        _again(folder, export, tmp_path)
    assert any("mid-build" in k for k in seen), f"no kill landed mid-build: {dict(seen)}"
    print(f"\nimport of {events} events: {total:.2f}s (ledger begun at {staged_at:.2f}s); "
          f"kills: {dict(seen)}")
