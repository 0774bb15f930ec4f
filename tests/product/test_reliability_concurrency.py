"""Many programs on one campaign at once: nothing is lost, nobody sees an error.

Five writers and two readers run at the same time against one copy of the demo campaign,
each its own process (``reliability_workers.py``), for a bounded time:

- respites: victories then a respite for Bran, through the library;
- projects: project rolls on Yorn's airship, through the library;
- purchases: wealth, a purchase, renown for Quillon, through the real ``drawsteel-kit``;
- workbook: the Director's panels (victories for Pip, wealth and renown for Quillon), by
  setting widget values and clicking their buttons;
- resolutions: a new one-day plan each time through ``drawsteel-kit resolve`` (papermill and
  a real kernel); its followers' day also rolls Hesk on Yorn's airship;
- dashboard: the player pages built from a read-only campaign, checked against a replay;
- voila: the served player pages (``drawsteel-kit serve``) fetched over HTTP.

Quillon's wealth and renown, Yorn's airship and the party row are written by two or more
of them at once. Every write a worker completed is recorded; at the end each must be in the
ledger with the events it reported, every new event must belong to exactly one recorded
write, the numbers must add up, and no event may have been computed from a stale value.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from conftest import checkpoint
from reliability_workers import (
    PIP,
    QUILLON,
    SCRIPT,
    STALLED,
    YORN,
    integrity,
    lost_updates,
    records,
    serving,
)
from workbook_helpers import demo_copy, free_port

from drawsteel_kit.kit.book.campaign import BaseCampaign
from drawsteel_kit.kit.ledger import LEDGER_FILE, update_op
from drawsteel_kit.kit.ledger.history_check import ReplayError
from drawsteel_kit.systems.draw_steel.activities import StartProject

#: How long the workers keep starting new writes and reads (seconds); each finishes the
#: one under way, so the test takes this plus start-up plus the slowest last step. It was
#: 60 s: half of that still has every writer overlap the others many times over (thousands
#: of events, the shared rows written by two or more of them hundreds of times, each
#: resolution's long transaction among them), and a lost or stale write is caught by a
#: check of each event, not by a total that needs a long run to drift.
DURATION = 30.0
#: The server's kernel cap for this test (a page's kernel lives until culled, ~a minute).
MAX_PAGES = 10
#: A worker still running this long after it started is stuck: it prints its stack and exits.
LIMIT = DURATION + 150
WRITERS = ("respites", "projects", "purchases", "workbook", "resolutions")
READERS = ("dashboard", "voila")


@pytest.fixture
def campaign(tmp_path: Path) -> Path:
    """The demo campaign (with its secrets), an airship each for Yorn and Pip, Yorn's
    artisan Hesk put to work on Yorn's."""
    folder = demo_copy(tmp_path / "demo")
    with BaseCampaign.open(folder) as camp:  # projects start during a respite (000: 3746)
        camp.take_respite([YORN, PIP], starts=[
            StartProject(hero, "Build Airship", title=f"{hero}'s airship",
                         prerequisite="waived") for hero in (YORN, PIP)])
        camp.assign_follower("Hesk", "Yorn's airship")
    checkpoint(folder / LEDGER_FILE)
    return folder


def numbers(folder: Path) -> dict[str, int]:
    """What the writers add to, read through the library."""
    with BaseCampaign.open(folder, readonly=True) as camp:
        quillon = camp.hero(QUILLON)
        bought = [i for i in camp.inventory(QUILLON) if i.notes.startswith("purchases ")]
        return {"wealth": quillon.wealth, "renown": quillon.renown, "day": camp.party.day,
                "items": len(bought), "events": camp.ledger.event_count(),
                "last": max(e.id for e in camp.history(limit=1))}


def run_workers(folder: Path, tmp: Path, url: str) -> dict[str, subprocess.Popen[bytes]]:
    """Start every worker, wait until all are ready, then give them one common deadline."""
    go = tmp / "go"
    procs: dict[str, subprocess.Popen[bytes]] = {}
    for role in WRITERS + READERS:
        argv = [sys.executable, str(SCRIPT), role, str(folder), "--out", str(tmp / role),
                "--go", str(go), "--url", url, "--limit", str(LIMIT)]
        with (tmp / f"{role}.log").open("wb") as log:
            procs[role] = subprocess.Popen(argv, stdout=log, stderr=subprocess.STDOUT,
                                           start_new_session=True)
    limit = time.monotonic() + 180
    while not all((tmp / f"{role}.ready").exists() for role in procs):
        dead = [r for r, p in procs.items() if p.poll() is not None]
        if dead or time.monotonic() > limit:
            break
        time.sleep(0.05)
    (tmp / "go.tmp").write_text(str(time.time() + DURATION))
    (tmp / "go.tmp").rename(go)  # all at once: a worker never reads half a deadline
    for proc in procs.values():
        try:
            proc.wait(timeout=LIMIT + 30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, 9)
            proc.wait()
    return procs


def test_lost_updates_notices_a_write_computed_from_a_stale_value(tmp_path: Path) -> None:
    """The chain check used below can fail: two awards that both read wealth 2."""
    folder = demo_copy(tmp_path / "demo")
    path = folder / LEDGER_FILE
    assert lost_updates(path) == []
    with BaseCampaign.open(folder) as camp:
        stale = camp.hero(QUILLON).wealth
        camp.award_wealth(QUILLON, 1, reason="first")
        with camp.ledger.write():
            camp.ledger.append("wealth_gained", day=1, session=None, actor=QUILLON,
                               ops=[update_op("heroes", QUILLON, {"wealth": stale},
                                              {"wealth": stale + 1})])
        with pytest.raises(ReplayError, match="cannot be replayed at event"):
            camp.ledger.verify()  # the strict replay notices the stale value too
    assert lost_updates(path) == [
        f"#{numbers(folder)['last']} ('heroes', '{QUILLON}') wealth: before {stale}, "
        f"but the history left {stale + 1}"]


def check_reported(events: dict[int, Any], recs: list[dict[str, Any]]) -> set[int]:
    """Library and command-line writes: each reported event is there, as reported, and one
    of them carries the write's reason tag. Returns their ids."""
    ids: set[int] = set()
    for rec in recs:
        for event_id, kind, summary in rec["events"]:
            assert event_id in events, f"{rec['tag']}: event #{event_id} is not in the ledger"
            ev = events[event_id]
            assert (ev.summary, ev.kind) == (summary, kind), (rec, ev)
            assert event_id not in ids, f"#{event_id} reported twice"
            ids.add(event_id)
        if rec.get("reasoned", True):
            assert any(events[i].payload.get("reason") == rec["tag"]
                       for i, _, _ in rec["events"]), rec
    return ids


def check_tagged(events: dict[int, Any], recs: list[dict[str, Any]]) -> set[int]:
    """The workbook's clicks: exactly one event carries each click's reason, of the kind and
    for the hero the click asked for."""
    by_reason: dict[str, list[Any]] = {}
    for ev in events.values():
        by_reason.setdefault(str(ev.payload.get("reason")), []).append(ev)
    ids = set()
    for rec in recs:
        found = by_reason.get(rec["tag"], [])
        assert len(found) == 1, (rec, found)
        assert (found[0].kind, found[0].actor) == (rec["kind"], rec["actor"]), (rec, found)
        ids.add(found[0].id)
    return ids


def check_plans(events: dict[int, Any], recs: list[dict[str, Any]]) -> set[int]:
    """Each resolved plan: its events are one unbroken run ending in its plan_resolved
    event (one transaction: nobody else's event in between), as many as it said."""
    ids: set[int] = set()
    for rec in recs:
        ends = [e for e in events.values()
                if e.kind == "plan_resolved" and e.payload.get("plan") == rec["tag"]]
        assert len(ends) == 1, (rec, ends)
        run = range(ends[0].id - rec["written"] + 1, ends[0].id + 1)
        assert events[run[0]].payload.get("reason") == f"{rec['tag']}, day 1 of 1"
        assert ends[0].payload["events"] == rec["written"] - 1
        ids.update(run)
    return ids


@pytest.mark.soak
def test_five_writers_and_two_readers_at_once_lose_nothing(campaign: Path,
                                                           tmp_path: Path) -> None:
    start = numbers(campaign)
    began = time.monotonic()
    with serving(campaign, free_port(), tmp_path / "serve.log", "--max-pages",
                 str(MAX_PAGES), "--pages-per-minute", "0") as url:
        procs = run_workers(campaign, tmp_path, url)
    took = time.monotonic() - began
    logs = {role: (tmp_path / f"{role}.log").read_text(errors="replace") for role in procs}
    failed = {role: f"exit {p.returncode}:\n{logs[role]}" for role, p in procs.items()
              if p.returncode != 0}
    assert not failed, "workers failed:\n" + "\n\n".join(f"== {r} {t}" for r, t in
                                                         failed.items())
    for role, text in logs.items():
        assert "locked" not in text.lower() and "Traceback" not in text, f"{role}: {text}"

    recs = {role: records(tmp_path / role) for role in procs}
    for role, got in recs.items():
        assert got and got[-1].get("done") == len(got) - 1, f"{role} did not finish: {got[-1:]}"
        assert len(got) > 1, f"{role} completed nothing in {DURATION}s"
    writes = {role: recs[role][:-1] for role in WRITERS}

    with BaseCampaign.open(campaign, readonly=True) as camp:
        events = {e.id: e for e in camp.ledger.events(since=start["last"])}
        assert camp.ledger.verify(), "projections differ from a replay of history"
    attributed = [
        check_reported(events, writes["respites"] + writes["projects"] + writes["purchases"]),
        check_tagged(events, writes["workbook"]),
        check_plans(events, writes["resolutions"]),
    ]
    assert sum(len(ids) for ids in attributed) == len(set().union(*attributed)), \
        "an event is claimed by two writes"
    assert set().union(*attributed) == set(events), "events no worker reported writing"

    end = numbers(campaign)
    added = Counter[str]()
    for role in WRITERS:
        for rec in writes[role]:
            added.update({k: rec[k] for k in ("wealth", "renown", "day", "items") if k in rec})
    assert end["events"] == start["events"] + len(events)
    for key in ("wealth", "renown", "day", "items"):
        assert end[key] == start[key] + added[key], (key, start, end, added)
    assert lost_updates(campaign / LEDGER_FILE) == []
    assert integrity(campaign / LEDGER_FILE) == "ok"

    counts = {role: len(recs[role]) - 1 for role in procs}
    stalled = [rec for rec in recs["voila"] if rec.get(STALLED)]
    busy = sum(rec.get("busy", 0) for rec in recs["voila"])
    print(f"\n{took:.0f}s; writes: {json.dumps({r: counts[r] for r in WRITERS})}; "
          f"events: {len(events)}; reads: {json.dumps({r: counts[r] for r in READERS})} "
          f"({len(stalled)} Voila page(s) {STALLED}, {busy} busy)")
    assert took >= DURATION
    assert not stalled, f"{len(stalled)} page(s) never finished: {stalled[:2]}"
    assert counts["voila"] - busy >= 2, "the served pages were never read"
