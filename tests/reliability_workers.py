"""Worker processes for the reliability tests, and the ledger checks they share.

Each worker is this file run as a script (``python tests/reliability_workers.py ROLE ...``):
a real process with its own SQLite connection, as a Director's notebook, a papermill run, a
shell and a Voila page are. Writers append one JSON line to their record file per write they
completed (the event ids and summaries they were told, or a unique reason tag, and what the
write changed in the numbers the test adds up). Any error, of any kind, ends the worker with
its traceback on stderr and a non-zero status: nothing is swallowed or retried.

``crash-child`` runs one resolution (or one respite, one purchase) and SIGKILLs itself at a
chosen SQLite VM step (``set_progress_handler``) or a chosen time after its COMMIT starts;
without a kill it can report where its transactions began and committed (``--calibrate``).
"""

from __future__ import annotations

import argparse
import faulthandler
import http.client
import json
import os
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

EXE = Path(sys.executable).parent / "drawsteel-kit"
SCRIPT = Path(__file__).resolve()
PAGE = "/voila/render/dashboard.ipynb"

BRAN, PIP, YORN, QUILLON = "Bran Ironvein", "Pip Thistledown", "Yorn", "Quillon Ashmark"
#: A pause between a library writer's operations, so that thousands of events do not
#: drown the other writers' few (they still write far faster than anyone at a table).
PACE = 0.02
#: The single operations the crash test kills, and what each does (``run_op``).
SINGLE_OPS = ("respite", "purchase")


# -- checks shared by the tests -----------------------------------------------------------
def _ro(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)


def integrity(path: Path) -> str:
    """SQLite's own integrity check of the file (a fresh read-write connection, so a WAL left
    by a killed process is recovered first, as any program opening it would)."""
    conn = sqlite3.connect(str(path))
    try:
        return "; ".join(r[0] for r in conn.execute("PRAGMA integrity_check"))
    finally:
        conn.close()


def ledger_state(path: Path) -> dict[str, Any]:
    """Every event and projection row, comparable across runs: wall-clock timestamps are
    dropped and operation ids (random) are numbered in order of first appearance."""
    conn = _ro(path)
    conn.row_factory = sqlite3.Row
    try:
        tables = [r[0] for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
            "ORDER BY name")]
        state: dict[str, Any] = {}
        for table in tables:
            rows = [dict(r) for r in conn.execute(f"SELECT * FROM [{table}] ORDER BY rowid")]
            if table == "_sqlite_migrations":
                rows = [{k: v for k, v in r.items() if k != "applied_at"} for r in rows]
            state[table] = rows
        operations: dict[str, int] = {}
        for row in state.get("events", []):
            row.pop("created_at", None)
            if row.get("operation") is not None:
                row["operation"] = operations.setdefault(row["operation"], len(operations))
        return state
    finally:
        conn.close()


def _norm(value: Any) -> str:
    """A projection value as comparable text (JSON columns decoded, booleans as 0/1)."""
    if isinstance(value, bool):
        value = int(value)
    if isinstance(value, str) and value[:1] in "[{":
        with suppress(ValueError):
            value = json.loads(value)
    return json.dumps(value, sort_keys=True)


def lost_updates(path: Path) -> list[str]:
    """Replay history checking that each update's ``before`` values are what the previous
    events left: a write computed from a stale read (a lost update) breaks the chain.
    Replaying ops alone (``rebuild``) would not notice it. Empty when every change chains."""
    conn = _ro(path)
    try:
        current: dict[tuple[str, str], dict[str, str]] = {}
        problems: list[str] = []
        for event_id, payload in conn.execute("SELECT id, payload FROM events ORDER BY id"):
            for op in json.loads(payload).get("ops", []):
                key = (op["table"], str(op["key"]))
                if op["op"] == "insert":
                    current[key] = {k: _norm(v) for k, v in op["row"].items()}
                elif op["op"] == "delete":
                    current.pop(key, None)
                else:
                    row = current.setdefault(key, {})
                    for field, value in op["before"].items():
                        if field in row and row[field] != _norm(value):
                            problems.append(f"#{event_id} {key} {field}: before {value!r}, "
                                            f"but the history left {row[field]}")
                    row.update({k: _norm(v) for k, v in op["after"].items()})
        return problems
    finally:
        conn.close()


def records(path: Path) -> list[dict[str, Any]]:
    """A worker's record file, one dict per line."""
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


@contextmanager
def serving(folder: Path, port: int, log: Path, *options: str) -> Iterator[str]:
    """``drawsteel-kit serve`` in its own process group; yields the dashboard's URL."""
    with log.open("wb") as out:
        proc = subprocess.Popen([str(EXE), "serve", str(folder), "--port", str(port),
                                 "--no-browser", *options], stdout=out,
                                stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while True:
            if proc.poll() is not None:
                raise AssertionError(f"serve stopped: {log.read_text()}")
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise AssertionError(f"serve did not start: {log.read_text()}") from None
                time.sleep(0.2)
        yield f"http://127.0.0.1:{port}{PAGE}"
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)  # Voila shuts its kernels down
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()


# -- the concurrency workers ----------------------------------------------------------------
class Worker:
    """A worker's record file and its start signal."""

    def __init__(self, out: Path, go: Path) -> None:
        self.out, self.go = out, go
        self.count = 0

    def wait_for_go(self) -> float:
        """Say we are ready, wait for the start, return the deadline it carries."""
        Path(f"{self.out}.ready").touch()
        limit = time.monotonic() + 180
        while not self.go.exists() or not self.go.read_text().strip():
            if time.monotonic() > limit:
                raise TimeoutError("no start signal")
            time.sleep(0.02)
        return float(self.go.read_text())

    def record(self, **what: Any) -> None:
        self.count += 1
        with self.out.open("a", encoding="utf-8") as f:
            f.write(json.dumps(what) + "\n")

    def happened(self, role: str, tag: str, happened: Any, **numbers: int) -> None:
        """A library call's result: its events' ids, kinds and summaries."""
        self.record(role=role, tag=tag, events=[[e.id, e.kind, e.summary]
                                                for e in happened.events], **numbers)


def began(happened: Any) -> int:
    """The days a respite moved the calendar: one when it began the day (000: 861), none when
    it joined the party's respite of a day another worker's respite began."""
    return sum(e.kind == "day_advanced" for e in happened.events)


def respites(camp: Any, w: Worker, deadline: float) -> None:
    """Victories, then a respite that turns them into XP, for Bran (the library)."""
    i = 0
    while time.time() < deadline:
        tag = f"respites {i}"
        w.happened("respites", tag, camp.award_victories(1, [BRAN], reason=tag))
        happened = camp.take_respite([BRAN], reason=tag)
        w.happened("respites", tag, happened, day=began(happened))
        time.sleep(PACE)
        i += 1


def projects(camp: Any, w: Worker, deadline: float) -> None:
    """Project rolls on Yorn's airship in a respite each (the library, seeded). A respite is a
    day (000: 861), so Hesk may finish an airship in anyone's respite: when it is done, the
    next respite starts the next one (projects start during a respite, 000: 3746) and rolls on
    it, the check and the respite in one transaction."""
    from drawsteel_kit.systems.draw_steel.activities import ProjectRoll, StartProject

    project, i, built = camp.project("Yorn's airship").id, 0, 1
    while time.time() < deadline:
        tag = f"projects {i}"
        with camp.transaction():
            starts, roll_on = [], project
            if camp.project(project).done:  # 3000 points in a few hundred rolls: the next one
                built += 1
                roll_on = f"Yorn's airship {built}"
                starts = [StartProject(YORN, "Build Airship", title=roll_on,
                                       prerequisite="waived")]
            happened = camp.take_respite([YORN], activities={YORN: ProjectRoll(roll_on)},
                                         starts=starts, seed=i, reason=tag)
            if starts:
                project = camp.project(roll_on).id
        w.happened("projects", tag, happened, day=began(happened))
        time.sleep(PACE)
        i += 1


def _cli(*args: str) -> tuple[int, str]:
    """One `drawsteel-kit` command; its event id and first line (the summary)."""
    done = subprocess.run([str(EXE), *args], capture_output=True, text=True, timeout=180)
    if done.returncode != 0:
        raise RuntimeError(f"drawsteel-kit {' '.join(args)} exited {done.returncode}:\n"
                           f"{done.stdout}{done.stderr}")
    found = re.search(r"\(undo with: drawsteel-kit undo .* (\d+)\)\s*$", done.stdout)
    if found is None:
        raise RuntimeError(f"no event id in the output of {args}: {done.stdout}")
    return int(found.group(1)), done.stdout.splitlines()[0]


def purchases(folder: Path, w: Worker, deadline: float) -> None:
    """Quillon's wealth up, a purchase, renown up, wealth down: the real command line."""
    camp, i = str(folder), 0
    steps: tuple[tuple[str, str, list[str], dict[str, int]], ...] = (
        ("wealth+", "wealth_gained", ["wealth", "award", camp, QUILLON, "1"], {"wealth": 1}),
        ("buy", "purchase", ["buy", camp, QUILLON, "lantern oil", "--tier", "1"], {"items": 1}),
        ("renown", "renown_gained", ["renown", "award", camp, QUILLON, "1"], {"renown": 1}),
        ("wealth-", "wealth_lost", ["wealth", "award", camp, QUILLON, "-1"], {"wealth": -1}),
    )
    while time.time() < deadline:
        for name, kind, argv, numbers in steps:
            tag = f"purchases {i} {name}"
            event_id, summary = _cli(*argv, "--reason", tag)
            w.record(role="purchases", tag=tag, events=[[event_id, kind, summary]], **numbers)
        i += 1


def workbook(camp: Any, w: Worker, deadline: float) -> None:
    """The Director's workbook: widget values set and buttons clicked, as in JupyterLab."""
    from drawsteel_kit.systems.draw_steel.panels import SessionPanel, WealthPanel, Workbook

    book = Workbook(camp)
    session, wealth = book.panel(SessionPanel), book.panel(WealthPanel)

    def click(panel: Any, button: Any, tag: str, kind: str, hero: str,
              **numbers: int) -> None:
        button.click()
        if not panel.ok or hero not in panel.message_text:
            raise RuntimeError(f"the {panel.title} panel refused {tag!r}: {panel.message_text}")
        w.record(role="workbook", tag=tag, kind=kind, actor=hero, **numbers)

    i = 0
    while time.time() < deadline:
        session.victory_heroes.value = (PIP,)
        session.victory_count.value = 1
        session.victory_reason.value = f"workbook {i} victories"
        click(session, session.award_victories_button, f"workbook {i} victories",
              "victories_awarded", PIP)
        wealth.hero.value = QUILLON
        for name, amount, button, kind, numbers in (
                ("wealth+", 1, wealth.wealth_button, "wealth_gained", {"wealth": 1}),
                ("renown", 1, wealth.renown_button, "renown_gained", {"renown": 1}),
                ("wealth-", -1, wealth.wealth_button, "wealth_lost", {"wealth": -1})):
            wealth.amount.value = amount
            wealth.reason.value = f"workbook {i} {name}"
            click(wealth, button, f"workbook {i} {name}", kind, QUILLON, **numbers)
        i += 1


LOOP_PLAN = """\
name: Concurrency loop {i}
days: 1
respites:
  - hero: {hero}
    days: every
    activity: {{roll: "{hero}'s airship"}}
"""


def resolutions(folder: Path, w: Worker, deadline: float) -> None:
    """A one-day plan per iteration, resolved through the papermill notebook."""
    i = 0
    while time.time() < deadline:
        name = f"loop-{i}"
        (folder / "plans" / f"{name}.yaml").write_text(LOOP_PLAN.format(i=i, hero=PIP),
                                                       encoding="utf-8")
        done = subprocess.run([str(EXE), "resolve", str(folder), "--plan", name, "--seed",
                               str(i)], capture_output=True, text=True, timeout=300)
        written = re.search(r"^Written: (\d+) events\.$", done.stdout, re.M)
        if done.returncode != 0 or written is None:
            raise RuntimeError(f"resolve {name} exited {done.returncode}:\n"
                               f"{done.stdout}{done.stderr}")
        w.record(role="resolutions", tag=f"Concurrency loop {i}",
                 written=int(written.group(1)), day=1)
        i += 1


def dashboard(folder: Path, w: Worker, deadline: float) -> None:
    """The player pages built from a read-only campaign, each from its players' copy (one
    snapshot of the books as last committed: the day it shows is the day it read, and never
    goes back); every third time a consistent copy is checked against a replay of its
    history."""
    import sqlite_utils

    from drawsteel_kit.kit.book.party_view import PartyView
    from drawsteel_kit.kit.ledger import Ledger
    from drawsteel_kit.systems.draw_steel.campaign import Campaign
    from drawsteel_kit.workbook.pages import player_page

    last_day, i, heroes = 0, 0, (None, "Val", PIP, YORN)
    while time.time() < deadline:
        with Campaign.open(folder, readonly=True) as camp:
            conn = camp.ledger.db.conn
            conn.execute("BEGIN")  # one snapshot for the replay check below
            hero = heroes[i % len(heroes)]
            with PartyView.of(camp, hero) as view:  # the page's own snapshot, as last committed
                day = view.books.party.day
                page = player_page(view, hero)
            shows = f"Day {day}" if hero is None else f"<h1>{hero}</h1>"
            if shows not in page.html or not page.figures:
                raise AssertionError(f"page {page.title!r} does not show {shows!r}")
            if day < last_day:
                raise AssertionError(f"the day went back from {last_day} to {day}")
            if i % 3 == 0:
                copy = sqlite3.connect(":memory:", isolation_level=None)
                conn.backup(copy)
                mem = sqlite_utils.Database(copy, recursive_triggers=False,
                                            execute_plugins=False)
                if not Ledger(mem, Path(":memory:"), False).verify():
                    raise AssertionError("a reader saw projections that differ from history")
                copy.close()
            conn.execute("COMMIT")
        last_day = day
        w.record(role="dashboard", day=day, page=page.title)
        i += 1


#: A page whose stream goes quiet this long has stopped (see :func:`fetch`).
QUIET_SECONDS = 10.0
PAGE_SECONDS = 90.0
#: What Voila sends while it waits for a cell, so that the browser keeps the page open.
HEARTBEAT = b"<script>window.voila_heartbeat()</script>"
#: nbclient (jupyter/nbclient#312, open) sometimes never sees the reply to a cell that
#: writes into an Output widget: the page's controls cell. Voila then never sends the rest.
STALLED = "stalled in the controls cell"


def fetch(url: str) -> tuple[int, str, bool]:
    """GET a Voila page as it streams: status, body, and whether it ended. A reader thread
    takes what comes; once the page itself is in, a stream with nothing but heartbeats for
    QUIET_SECONDS has stalled, and nothing is waited for beyond PAGE_SECONDS."""
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=PAGE_SECONDS)
    conn.connect()
    sock = conn.sock
    chunks: list[bytes] = []
    got: dict[str, Any] = {"status": 0, "ended": False, "news": time.monotonic()}

    def read() -> None:
        try:
            conn.request("GET", f"{parts.path}?{parts.query}" if parts.query else parts.path)
            response = conn.getresponse()
            got["status"] = response.status
            while chunk := response.read1(65536):
                chunks.append(chunk)
                if chunk.replace(HEARTBEAT, b"").strip():  # Voila's heartbeats are not news
                    got["news"] = time.monotonic()
            got["ended"] = True
        except (OSError, http.client.HTTPException) as exc:  # also: our shutdown below
            got["error"] = exc

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    limit = time.monotonic() + PAGE_SECONDS
    while reader.is_alive() and time.monotonic() < limit:
        reader.join(0.25)
        if b"dsk-page" in b"".join(chunks) and time.monotonic() - got["news"] > QUIET_SECONDS:
            break
    stopped = reader.is_alive()
    with suppress(OSError):
        sock.shutdown(socket.SHUT_RDWR)  # ends a read still waiting
    reader.join(10)
    conn.close()
    if "error" in got and not stopped:
        raise got["error"]
    return got["status"], b"".join(chunks).decode("utf-8", "replace"), bool(got["ended"])


#: The voila worker opens a page at most this often (each page's kernel lives until culled,
#: so this bounds the kernels it keeps alive on a shared machine).
PAGE_EVERY = 5.0
#: What the server says when every page kernel is in use (serve_guard.BUSY).
BUSY = "Busy: every page is in use"


def voila(url: str, folder: Path, w: Worker, deadline: float) -> None:
    """The served player pages fetched over HTTP while the writers write: each shows the
    campaign as it is (the day never goes back), never an error, a source or a secret, and
    each ends (a stalled page is recorded). Over the server's kernel cap, a plain 'busy'
    page is the one other answer allowed."""
    from drawsteel_kit.workbook.links import hero_query, load_links

    val = "?" + hero_query("Val", load_links(folder)["Val"])
    last_day, i = 0, 0
    while time.time() < deadline:
        began = time.monotonic()
        query = "" if i % 2 == 0 else val
        status, body, ended = fetch(url + query)
        if status == 503 and BUSY in body and "Traceback" not in body:
            w.record(role="voila", query=query, day=last_day, busy=1)
            i += 1
            time.sleep(PAGE_EVERY)
            continue
        if status != 200:
            raise AssertionError(f"GET {query or '/'}: HTTP {status}")
        # the page's text is HTML in the page (served_output), its controls Voila's JSON
        for bad in ('class="dsk-error"', "Traceback", "Poison Ledger", "open_player_campaign"):
            if bad in body:
                raise AssertionError(f"GET {query or '/'} shows {bad!r}")
        if query:
            if "<h1>Val</h1>" not in body:
                raise AssertionError(f"Val's page has no heading 'Val' (ended: {ended})")
        else:
            days = re.findall(r"Day (\d+) \u00b7", body)
            if not days or "dsk-heroes" not in body:
                raise AssertionError(f"the party page shows no day or no heroes ({ended})")
            if int(days[0]) < last_day:
                raise AssertionError(f"the day went back from {last_day} to {days[0]}")
            last_day = int(days[0])
        if ended and "widget-view+json" not in body:
            raise AssertionError(f"GET {query or '/'} ended without its controls")
        w.record(role="voila", query=query, day=last_day,
                 **({} if ended else {STALLED: 1, "tail": body[-300:]}))
        i += 1
        time.sleep(max(0.0, PAGE_EVERY - (time.monotonic() - began)))


# -- the crash child ------------------------------------------------------------------------
def run_op(camp: Any, op: str, seed: int) -> Any:
    """One single operation the crash test kills: a respite with a project roll, a purchase."""
    from drawsteel_kit.systems.draw_steel.activities import ProjectRoll

    if op == "respite":
        return camp.take_respite([PIP], activities={PIP: ProjectRoll("Anjali lessons")},
                                 seed=seed, reason="Crash test respite")
    return camp.buy(QUILLON, "horse and cart", reason="Crash test purchase")


class Killer:
    """Counts VM steps and statements on one connection, and SIGKILLs this process at a
    chosen step, or a chosen time after the write's COMMIT starts (from another thread: the
    sqlite3 module releases the GIL while SQLite commits)."""

    def __init__(self, conn: sqlite3.Connection, kill_step: int, commit_delay: float) -> None:
        self.steps = 0
        self.kill_step = kill_step
        self.commit_delay = commit_delay
        self.marks: list[tuple[str, int]] = []
        self.commit_started = 0.0
        self.fire_at = 0.0
        self.armed = threading.Event()
        if commit_delay >= 0:
            threading.Thread(target=self._fire, daemon=True).start()
        conn.set_progress_handler(self._step, 1)
        conn.set_trace_callback(self._statement)

    @staticmethod
    def die() -> None:
        os.kill(os.getpid(), signal.SIGKILL)

    def _step(self) -> int:
        self.steps += 1
        if self.steps == self.kill_step:
            self.die()
        return 0

    def _statement(self, sql: str) -> None:
        word = sql.strip().split(None, 1)[0].upper() if sql.strip() else ""
        if self.marks and self.marks[-1][0] == "COMMIT":
            self.marks.append(("NEXT", self.steps))  # where the COMMIT statement ended
        if word in ("BEGIN", "COMMIT", "ROLLBACK"):
            self.marks.append((word, self.steps))
            if word == "COMMIT":
                self.commit_started = time.perf_counter()
                if self.commit_delay >= 0:
                    self.fire_at = self.commit_started + self.commit_delay
                    self.armed.set()

    def _fire(self) -> None:
        self.armed.wait()
        while time.perf_counter() < self.fire_at:
            pass
        self.die()


def crash_child(args: argparse.Namespace) -> None:
    """Run the operation under a :class:`Killer`; with ``--calibrate``, say where it was."""
    from drawsteel_kit.systems.draw_steel.campaign import Campaign
    from drawsteel_kit.systems.draw_steel.report import status_text
    from drawsteel_kit.workbook import Resolving

    folder = Path(args.campaign)
    resolving = None
    if args.op == "resolve":  # the resolution notebook's calls: preview, then write
        resolving = Resolving.start(folder, args.plan, seed=args.seed, dry_run=False)
        camp = resolving.campaign
    else:
        camp = Campaign.open(folder)

    def work() -> None:
        if resolving is None:
            run_op(camp, args.op, args.seed)
        else:
            resolving.preview()
            resolving.write()
    if args.cache_pages:  # so small that a long transaction spills pages into the WAL
        camp.ledger.db.conn.execute(f"PRAGMA cache_size = {int(args.cache_pages)}")
    killer = Killer(camp.ledger.db.conn, args.kill_step, args.commit_delay)
    with open(os.devnull, "w") as quiet:
        stdout, sys.stdout = sys.stdout, quiet
        try:
            work()
            committed = time.perf_counter()
            status_text(camp)  # reading on after the commit, as the notebook's report does
        finally:
            sys.stdout = stdout
    if args.calibrate:
        Path(args.calibrate).write_text(json.dumps({
            "marks": killer.marks, "total": killer.steps,
            "commit_seconds": committed - killer.commit_started}))
    camp.close()


# -- entry point ----------------------------------------------------------------------------
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("role", choices=["respites", "projects", "purchases", "workbook",
                                         "resolutions", "dashboard", "voila", "crash-child"])
    parser.add_argument("campaign")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--go", type=Path)
    parser.add_argument("--url", default="")
    parser.add_argument("--op", default="resolve", choices=["resolve", *SINGLE_OPS])
    parser.add_argument("--plan", default="")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--kill-step", type=int, default=0)
    parser.add_argument("--commit-delay", type=float, default=-1.0)
    parser.add_argument("--calibrate", default="")
    parser.add_argument("--cache-pages", type=int, default=0)
    parser.add_argument("--limit", type=float, default=0.0,
                        help="seconds after which a stuck worker prints its stack and exits")
    args = parser.parse_args(argv)
    if args.limit:
        faulthandler.dump_traceback_later(args.limit, exit=True)
    if args.role == "crash-child":
        crash_child(args)
        return 0
    folder = Path(args.campaign)
    w = Worker(args.out, args.go)
    if args.role in ("respites", "projects", "workbook"):
        from drawsteel_kit.systems.draw_steel.campaign import Campaign

        with Campaign.open(folder) as camp:
            job = {"respites": respites, "projects": projects, "workbook": workbook}[args.role]
            job(camp, w, w.wait_for_go())
    elif args.role == "voila":
        voila(args.url, folder, w, w.wait_for_go())
    else:
        job = {"purchases": purchases, "resolutions": resolutions,
               "dashboard": dashboard}[args.role]
        job(folder, w, w.wait_for_go())
    w.record(role=args.role, done=w.count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
