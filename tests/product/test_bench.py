"""The benchmark suite's builders at a tiny size (so `make bench` cannot rot), and what its
figure 5 relies on: a long history does not make the pages read more of the ledger.

The last tests count SQLite's virtual-machine steps (a progress handler) while the pages are
built for a campaign and for one four times as long: a deterministic measure, unlike time,
of whether something reads the whole history.
"""

from __future__ import annotations

import datetime as dt
import sqlite3
import sys
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import nbformat
import pytest
from conftest import REPO

from drawsteel_kit.kit.book.campaign import BaseCampaign
from drawsteel_kit.kit.book.party_view import PartyView
from drawsteel_kit.kit.ledger import LEDGER_FILE
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.systems.draw_steel.forecast import completion_curve
from drawsteel_kit.systems.draw_steel.pages import charts, data
from drawsteel_kit.systems.draw_steel.records import read_timeline
from drawsteel_kit.systems.draw_steel.state import read_projects
from drawsteel_kit.workbook.notebook_runs import RESOLVE_NOTEBOOK
from drawsteel_kit.workbook.pages import player_page

if str(REPO) not in sys.path:  # `python -m pytest` has it; a bare `pytest` may not
    sys.path.insert(0, str(REPO))

from benchmarks import (
    fig_dashboard,
    fig_forecast,
    fig_import,
    fig_resolve,
    fig_resolve_command,
)
from benchmarks.__main__ import table
from benchmarks.common import Figure, alternate
from benchmarks.fig_papermill import PRELOADS, empty_notebook, ends, own_cells, preloaded
from benchmarks.fig_voila import MARK, empty_players_dir
from benchmarks.ledgers import HEROES, bench_campaign, build

# builds benchmark campaigns
pytestmark = pytest.mark.slow

SMALL, LARGE = 4_000, 16_000


@pytest.fixture(scope="module")
def long_campaigns(tmp_path_factory: pytest.TempPathFactory) -> dict[int, Path]:
    root = tmp_path_factory.mktemp("bench")
    return {n: build(root / str(n), n).folder for n in (SMALL, LARGE)}


@pytest.fixture
def small(long_campaigns: dict[int, Path]) -> Iterator[Campaign]:
    with BaseCampaign.open(long_campaigns[SMALL], readonly=True) as camp:
        yield camp


@pytest.fixture
def cramped(monkeypatch: pytest.MonkeyPatch) -> None:
    """Limits small enough that a tiny campaign's history is 'long'."""
    monkeypatch.setattr(data, "MAX_POINTS", 3)
    monkeypatch.setattr(data, "DONE_SHOWN", 2)
    monkeypatch.setattr(charts, "SESSIONS_SHOWN", 3)


def test_the_builder_plays_real_kinds_of_events_that_replay_to_the_same_state(
        long_campaigns: dict[int, Path]) -> None:
    with BaseCampaign.open(long_campaigns[SMALL]) as camp:
        assert SMALL <= camp.ledger.event_count() < SMALL + 400  # whole weeks
        assert camp.ledger.verify()
        kinds = {e.kind for e in camp.history()}
        assert {"session_started", "victories_awarded", "day_advanced", "follower_roll",
                "project_roll", "respite", "project_started", "follower_assigned",
                "renown_gained"} <= kinds
        assert len(camp.projects(status="complete")) >= 3
        assert len(camp.followers()) == 2 * len(HEROES)
        assert all(h.xp > 0 for h in camp.heroes.values())


def test_a_built_ledger_is_cached_by_size(tmp_path: Path) -> None:
    first = bench_campaign(300, cache=tmp_path)
    again = bench_campaign(300, cache=tmp_path)
    assert (first.cached, again.cached) == (False, True)
    assert again.folder == first.folder and again.events == first.events


def test_the_dashboard_build_and_its_memory(long_campaigns: dict[int, Path], small) -> None:
    assert fig_dashboard.build(small) > 10_000
    built = fig_dashboard.Built(long_campaigns[SMALL], SMALL, 0.0, True)
    got = fig_dashboard.memory(built)
    assert got["after_kb"] >= got["before_kb"] > 0 and got["traced"] > 0


def test_the_monte_carlo_agrees_with_the_exact_curve_and_the_rules() -> None:
    points, stops = fig_forecast.roll_table(2)
    assert len(points) == 100 and min(points) == 4 and max(points) == 22
    assert stops.count(0) == 3  # 9+10, 10+9, 10+10: the breakthroughs
    sampled = fig_forecast.monte_carlo(60, 2, 20_000, seed=5)
    exact = completion_curve(60, characteristic=2).probabilities
    assert len(sampled) >= 4
    gaps = [abs(a - b) for a, b in zip(sampled, exact, strict=False)]
    assert max(gaps) < 5 * 0.5 / 20_000**0.5  # five standard errors


def test_the_resolution_figure_makes_the_same_rolls(tmp_path: Path) -> None:
    template = fig_resolve.prepare(tmp_path / "template", days=2)
    took, result = fig_resolve.resolve_copy(template, tmp_path / "run")
    specs = fig_resolve.roll_specs(result.events)
    assert took > 0 and len(specs) == 20 * 2 + 5 * 2  # followers daily, heroes each respite
    assert {s["edges"] for s in specs} == {0, 1} and fig_resolve.same_dice_work(specs) > 50


def test_the_resolution_figures_floor_stores_what_the_resolution_stored(tmp_path: Path) -> None:
    """Figure 2's floor writes the resolution's own events, timeline rows and projection
    changes with plain sqlite3: the two ledgers then hold the same rows."""
    template = fig_resolve.prepare(tmp_path / "template", days=2)
    _, result = fig_resolve.resolve_copy(template, tmp_path / "run")
    storing, encoding, changes = fig_resolve.storage_alone(template, tmp_path / "store",
                                                           result.events)
    assert storing > 0 and encoding > 0 and changes > len(result.events) // 2

    def rows(folder: Path, sql: str) -> list[tuple]:
        with closing(sqlite3.connect(folder / LEDGER_FILE)) as conn:
            return conn.execute(sql).fetchall()

    for sql in ("SELECT id, kind, day, payload, dice, visibility FROM events ORDER BY id",
                "SELECT * FROM timeline ORDER BY id", "SELECT * FROM projects ORDER BY id",
                "SELECT * FROM followers ORDER BY id", "SELECT * FROM heroes ORDER BY name"):
        ran, stored = rows(tmp_path / "run", sql), rows(tmp_path / "store", sql)
        assert ran == stored and ran, sql


def test_the_resolve_command_figure_times_a_kept_dry_run(tmp_path: Path) -> None:
    """Figure 10 runs the command as a Director does and leaves the campaign as it was."""
    figure = fig_resolve_command.run(tmp_path, repeats=1)
    folder = tmp_path / "resolve-command"
    kept = sorted(p.suffix for p in (folder / "runs").glob("*-first-week-seed7-dry-run*"))
    assert kept == [".html", ".html", ".ipynb", ".ipynb"]  # the untimed run and the timed one
    assert figure.number == 10 and figure.met is None and " s wall, " in figure.numbers
    with BaseCampaign.open(folder, readonly=True) as camp:
        assert camp.party.day == 1  # a dry run: the week is still to come


def test_the_small_pieces(tmp_path: Path) -> None:
    assert fig_import.loaded_heavy("drawsteel_kit") == []
    nb = empty_notebook(tmp_path / "empty.ipynb").read_text()
    assert '"parameters"' in nb
    stamped = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("x"),
                                              nbformat.v4.new_code_cell("y")])
    for cell, (begun, done) in zip(stamped.cells, [("00:00:01", "00:00:01.5"),
                                                   ("00:00:01.5", "00:00:03.25")], strict=True):
        cell.metadata["papermill"] = {"start_time": f"2026-01-01T{begun}+00:00",
                                      "end_time": f"2026-01-01T{done}+00:00"}
    zero = dt.datetime(2026, 1, 1, tzinfo=dt.UTC).timestamp()
    assert ends(stamped, zero + 0.25, zero + 4) == (0.75, 0.75)
    shipped = nbformat.read(str(RESOLVE_NOTEBOOK), as_version=4)
    loaded = nbformat.read(str(preloaded(tmp_path / "pre.ipynb", "import yaml")), as_version=4)
    assert [c.source for c in loaded.cells if "preload" in c.metadata.get("tags", [])] == [
        "import yaml"]
    assert loaded.cells[[c.metadata.get("tags") for c in loaded.cells].index(["preload"]) - 1
                        ].metadata["tags"] == ["parameters"]
    assert [c.source for c in loaded.cells if c.metadata.get("tags") != ["preload"]] == [
        c.source for c in shipped.cells]
    for cell, secs in zip(loaded.cells, [0.5, 0.25, 0.125, 2.0, 1.0, 4.0], strict=False):
        cell.metadata["papermill"] = {"duration": secs}
    assert own_cells(loaded) == 2.0 + 1.0  # not the parameters, the preload, a markdown cell
    for code in PRELOADS.values():  # each names modules that exist
        exec(compile(code, "preload", "exec"), {})
    assert MARK in (empty_players_dir(tmp_path / "players") / "dashboard.ipynb").read_text()
    calls: list[str] = []
    times = alternate({"a": lambda: calls.append("a") or 1.0,
                       "b": lambda: calls.append("b") or None}, 3)
    assert calls == ["a", "b", "b", "a", "a", "b"] and times["a"] == [1.0] * 3
    rows = table([Figure(5, "x | y", "1", "2x", "< 3x", True),
                  Figure(1, "z", "2")]).splitlines()
    assert rows[2] == "| 1 | z | 2 | - | - | - |"
    assert rows[3] == "| 5 | x \\| y | 1 | 2x | < 3x | met |"


# -- what figure 5 relies on ---------------------------------------------------------------
def _drawn(found: data.Series, first_before: int | None) -> list[tuple[int, int, int]]:
    """A series' points after its start point (there is one when the first change had a
    value before it): (day, value, event id)."""
    points = list(zip(found.days, found.values, found.events, strict=True))
    return points[0 if first_before is None else 1:]


def test_a_long_series_is_a_sample_of_its_real_changes(small, cramped) -> None:
    hero = HEROES[0]
    every = [p for p in read_timeline(small.ledger.db, hero=hero, fields=["xp"])
             if p.after is not None]
    assert len(every) > 2 * data.MAX_POINTS
    found = data.series(small, ["xp"], None, hero=hero)[(hero, "xp")]
    drawn = _drawn(found, every[0].before)
    assert found.sampled and len(drawn) <= data.MAX_POINTS
    assert set(drawn) <= {(p.day, p.after, p.event_id) for p in every}  # real changes only
    assert [e for _, _, e in drawn] == sorted({e for _, _, e in drawn})
    assert drawn[0][2] == every[0].event_id and drawn[-1][2] == every[-1].event_id
    assert found.values[-1] == small.hero(hero).xp
    assert charts.SAMPLED in charts.xp_and_level(small, hero=hero).layout.title.text


def test_a_short_series_is_every_change(small) -> None:
    hero = HEROES[1]
    every = [p for p in read_timeline(small.ledger.db, hero=hero, fields=["xp"])
             if p.after is not None]
    found = data.series(small, ["xp"], "party", hero=hero)[(hero, "xp")]
    assert not found.sampled
    assert _drawn(found, every[0].before) == [(p.day, p.after, p.event_id) for p in every]
    assert charts.SAMPLED not in charts.xp_and_level(small, hero=hero).layout.title.text


def test_the_token_chart_shows_the_last_sessions(small, cramped) -> None:
    points = [p for p in read_timeline(small.ledger.db, hero="party", fields=["hero_tokens"])
              if p.after is not None]
    last = sorted({p.session or 0 for p in points})[-charts.SESSIONS_SHOWN:]
    fig = charts.hero_tokens_by_session(small, viewer="party")
    gained = {t.name: dict(zip(t.x, t.y, strict=True)) for t in fig.data}
    assert sorted(gained["gained"]) == last
    for session in last:
        mine = [(i, p) for i, p in enumerate(points) if (p.session or 0) == session]
        up = sum(max(0, p.after - points[i - 1].after) for i, p in mine)
        down = sum(max(0, points[i - 1].after - p.after) for i, p in mine)
        assert (gained["gained"][session], gained["spent or lost"][session],
                gained["pool"][session]) == (up, down, mine[-1][1].after)


def test_the_projects_chart_shows_those_under_way_and_the_last_finished(small,
                                                                          cramped) -> None:
    every = read_projects(small.ledger.db)
    party = [p for p in every if p.visibility == "party"]
    done = [p for p in party if p.done][-data.DONE_SHOWN:]
    expected = sorted([p for p in party if not p.done] + done, key=lambda p: p.id)
    shown = data.visible_projects(small, "party")
    assert [p.id for p in shown] == [p.id for p in expected]
    fig = charts.project_progress(small, viewer="party")
    assert len(fig.data[0].y) == len(expected)
    hidden = [p.title for p in every if p.visibility != "party"]
    assert hidden and all(t not in fig.to_json() for t in hidden)
    assert data.redactor(small, "party")(f"rolled on {hidden[0]}") == f"rolled on {data.HIDDEN}"


def _vm_steps(folder: Path, monkeypatch: pytest.MonkeyPatch) -> int:
    """SQLite virtual-machine steps (in hundreds) spent making the players' books (every
    connection they open counts) and building the pages and charts from them."""
    with BaseCampaign.open(folder, readonly=True) as camp:
        steps = [0]

        def count() -> int:
            steps[0] += 1
            return 0

        real = sqlite3.connect

        def counted(*args: Any, **kwargs: Any) -> sqlite3.Connection:
            conn = real(*args, **kwargs)
            conn.set_progress_handler(count, 100)
            return conn

        camp.ledger.db.conn.set_progress_handler(count, 100)
        with monkeypatch.context() as patch:
            patch.setattr(sqlite3, "connect", counted)
            views = [PartyView.of(camp), PartyView.of(camp, HEROES[0])]
        player_page(views[0])
        player_page(views[1])
        for chart in (charts.xp_and_level, charts.renown_and_wealth,
                      charts.hero_tokens_by_session, charts.project_progress):
            chart(camp)
        for view in views:
            view.close()
        camp.ledger.db.conn.set_progress_handler(None, 100)
        return steps[0]


def test_four_times_the_history_does_not_make_the_pages_read_more(
        long_campaigns, cramped, monkeypatch: pytest.MonkeyPatch) -> None:
    small, large = (_vm_steps(long_campaigns[n], monkeypatch) for n in (SMALL, LARGE))
    assert small > 50
    assert large < 1.5 * small, (small, large)


def test_the_site_figure_measures_the_pages_without_plotly_js(tmp_path: Path) -> None:
    from workbook_helpers import demo_copy

    from benchmarks import fig_site

    demo = demo_copy(tmp_path / "demo")
    figure = fig_site.run(demo, tmp_path / "work")
    total, pages, plotly = fig_site.site_sizes(tmp_path / "work" / "site")
    assert plotly > 1_000_000 and "index.html" in pages and len(pages) == 6
    assert total == sum(pages.values()) < fig_site.SITE_TARGET
    assert figure.number == 8 and figure.met is True and "largest" in figure.numbers


def test_the_phone_figures_serve_a_site_as_a_static_host_does_and_judge_the_targets(
        tmp_path: Path) -> None:
    """Figure 11's server sends a published folder gzip-compressed (as a static host does),
    and the phone figures are judged against issue 31's targets."""
    import gzip
    import urllib.request

    from benchmarks import fig_phone, phone

    site = phone.empty_site(tmp_path / "site")
    with phone.static_site(site) as url:
        asked = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"})
        with urllib.request.urlopen(asked, timeout=30) as got:
            assert got.headers["Content-Encoding"] == "gzip"
            assert gzip.decompress(got.read()) == (site / "index.html").read_bytes()
        with urllib.request.urlopen(url, timeout=30) as got:  # a client without gzip
            assert got.headers["Content-Encoding"] is None
    fast = {"text": 0.5, "chart": 4.9, "assets": 1_200_000}
    assert fig_phone._verdict(fast, fig_phone.PUBLISHED)[2]
    assert not fig_phone._verdict({**fast, "chart": 5.1}, fig_phone.PUBLISHED)[2]
    assert not fig_phone._verdict({**fast, "assets": 4_800_000}, fig_phone.PUBLISHED)[2]
    assert fig_phone._verdict({"text": 3.9, "chart": 7.9}, fig_phone.SERVED)[2]
    assert not fig_phone._verdict({"text": 60.5, "chart": 65.9}, fig_phone.SERVED)[2]
