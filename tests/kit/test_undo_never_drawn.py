"""The books as they stand (issue 31): no chart, total or sentence a player sees draws a change
that an undo took back, in any of the four systems; the Director's history still lists the
undo. A campaign whose operation was undone draws what the same campaign draws where it never
happened, and, for random operations with random undos (undos of undos among them), every
chart's lines are what a replay of only the operations that stand would draw."""

from __future__ import annotations

import contextlib
import re
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from cli_helpers import run
from conftest import FIXTURES_DIR, HEROES, examples, write_campaign
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from drawsteel_kit.kit.book.campaign import BaseCampaign
from drawsteel_kit.kit.book.party_view import PartyView
from drawsteel_kit.kit.errors import DrawSteelKitError, UndoError
from drawsteel_kit.kit.ledger import LEDGER_FILE, Ledger
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.systems.draw_steel.pages import charts
from drawsteel_kit.systems.draw_steel.pages.data import chart_series
from drawsteel_kit.workbook.pages import player_page

NAMES = [h["name"] for h in HEROES]
#: The charts that draw numbers over time (the Director's, and what a run's report shows).
TIMELINE_CHARTS = (charts.xp_and_level, charts.renown_and_wealth, charts.hero_tokens_by_session)


def undo_id(out: str) -> int:
    """The event a command's "(undo with: drawsteel-kit undo CAMPAIGN N)" line names."""
    found = re.search(r"undo with: drawsteel-kit undo .* (\d+)\)", out)
    assert found, out
    return int(found.group(1))


def lines(figures: list) -> list[tuple]:
    """What a chart draws: each trace's name (what it holds, "Val XP", when its name is the
    hero's), points and hover texts."""
    return [(t.get("meta") or t.get("name"), t.get("x"), t.get("y"), t.get("customdata"))
            for f in figures for t in f.data]


def pages(folder: Path, members: list[str | None]) -> dict[str | None, tuple]:
    """Each player page's HTML and figures, and the Director's timeline charts."""
    with BaseCampaign.open(folder, readonly=True) as camp:
        out: dict[str | None, tuple] = {
            who: (page.html, [f.to_json() for f in page.figures])
            for who in members for page in [player_page(camp, who)]}
        if camp.system.default:
            out["director"] = tuple(f.to_json() for f in (c(camp) for c in TIMELINE_CHARTS))
    return out


# --- the reproduction, through the real command and the real page builders ---------------


def test_an_undone_respite_draws_no_level_up_on_any_page(tmp_path: Path) -> None:
    """`victories CAMPAIGN 5 --hero X`, `respite`, `undo` of the respite: the XP line of the
    party page, the hero's page and the report's chart stays at 0 (it went 0 -> 5 -> 0)."""
    folders = {}
    for case in ("undone", "never"):
        folder = folders[case] = tmp_path / case / "camp"
        run("new", folder)
        run("init", folder)
        run("victories", folder, 5, "--hero", "Aster")
    respite = run("respite", folders["undone"])
    assert "+5 XP" in respite
    run("undo", folders["undone"], undo_id(respite))
    assert "Undid #" in run("history", folders["undone"])  # the Director's history lists it
    with BaseCampaign.open(folders["undone"], readonly=True) as camp:
        assert (camp.hero("Aster").xp, camp.hero("Aster").victories, camp.party.day) == (0, 5, 1)
        drawn = [player_page(camp), player_page(camp, "Aster")]
        report = charts.xp_and_level(camp)  # the chart a run's report shows (the Director's)
        xp = [y for name, _, y, _ in lines([*(f for p in drawn for f in p.figures), report])
              if name == "Aster XP"]
        assert xp == [[0], [0], [0]]  # party page, hero page, report: never 5
        for page in drawn:
            assert "completes a respite" not in page.html and "Undid" not in page.html
    # every page and chart is what the campaign draws where the respite never happened
    assert pages(folders["undone"], [None, "Aster"]) == pages(folders["never"], [None, "Aster"])


#: Each other system's undoable command that changes a number its pages chart.
OTHER_SYSTEMS = {
    "dungeon-world": ("dw", "adjust", "{}", "Ava", "hp=12", "xp=5", "--reason", "ogre"),
    "pf2e": ("pf2e", "hp", "{}", "Ava", "10", "--reason", "goblin spears"),
    "condition-sheet": ("sheet", "mana", "{}", "Ava", "2", "--reason", "the long walk"),
}


@pytest.mark.parametrize("system", sorted(OTHER_SYSTEMS))
def test_an_undone_change_is_drawn_in_no_other_system_either(tmp_path: Path,
                                                             system: str) -> None:
    folders = {}
    for case in ("undone", "never"):
        folder = folders[case] = tmp_path / case / "camp"
        run("new", folder, "--system", system)
        run("init", folder)
    run(*(a.format(folders["undone"]) for a in OTHER_SYSTEMS[system]))
    newest = int(run("history", folders["undone"]).split()[0].lstrip("#"))
    run("undo", folders["undone"], newest)
    assert "Undid #" in run("history", folders["undone"])  # the Director's history lists it
    undone, never = (pages(folders[c], [None, "Ava"]) for c in ("undone", "never"))
    assert {w: figures for w, (_, figures) in undone.items()} == \
        {w: figures for w, (_, figures) in never.items()}  # the lines first, then the pages
    assert undone == never


# --- random operations, random undos: the lines are a replay of what stands ---------------

STEP = st.one_of(
    st.tuples(st.just("victories"), st.integers(1, 4), st.sampled_from(NAMES)),
    st.tuples(st.just("respite"), st.none(), st.sampled_from(NAMES)),
    st.tuples(st.just("renown"), st.integers(-1, 3), st.sampled_from(NAMES)),
    st.tuples(st.just("secret renown"), st.integers(1, 2), st.sampled_from(NAMES)),
    st.tuples(st.just("wealth"), st.integers(1, 2), st.sampled_from(NAMES)),
    st.tuples(st.just("tokens"), st.integers(1, 2), st.none()),
    st.tuples(st.just("session"), st.none(), st.none()),
    st.tuples(st.just("day"), st.integers(1, 2), st.none()),
    st.tuples(st.just("xp"), st.integers(0, 30), st.sampled_from(NAMES)),
    # an undo of any operation done so far, then (chain 2, 3) of the undo just made, in turn
    st.tuples(st.just("undo"), st.integers(0, 40), st.sampled_from([1, 1, 2, 3])),
    st.tuples(st.just("undo"), st.integers(0, 40), st.sampled_from([1, 1, 2, 3])),
)


def operate(camp: Campaign, what: str, a: int | None, b: str | int | None) -> list[int]:
    """One campaign operation; the events it wrote."""
    if what == "victories":
        done = camp.award_victories(a, [b], reason="a fight")
    elif what == "respite":
        done = camp.take_respite([b])
    elif what in ("renown", "secret renown"):
        done = camp.award_renown(b, a, reason=f"{what} {a}",
                                 visibility="director" if what == "secret renown" else "party")
    elif what == "wealth":
        done = camp.award_wealth(b, a, reason="a hoard")
    elif what == "tokens":
        done = camp.award_tokens(a, reason="bold")
    elif what == "session":
        done = camp.end_session() if camp.party.session_open else camp.start_session()
    elif what == "day":
        done = camp.advance_day(a, reason="on the road")
    else:
        done = camp.adjust_hero(b, xp=a, reason="a recount")
    return list(done.event_ids)


@dataclass
class Model:
    """The operations done, which undo names which, and which stand: kept by this test on
    its own (an operation stands until an undo that counts takes it back; undoing that undo
    puts it back, and so on down a chain of undos)."""

    events: list[list[int]] = field(default_factory=list)
    undoes: list[int | None] = field(default_factory=list)
    active: list[bool] = field(default_factory=list)

    def add(self, events: list[int], undoes: int | None = None) -> None:
        self.events.append(events)
        self.undoes.append(undoes)
        self.active.append(True)
        if undoes is not None:
            self.deactivate(undoes, False)

    def deactivate(self, index: int, value: bool) -> None:
        self.active[index] = value
        target = self.undoes[index]
        if target is not None:  # an undo that no longer counts puts back what it took
            self.deactivate(target, not value)

    def standing(self) -> set[int]:
        return {e for events, undoes, active in zip(self.events, self.undoes, self.active,
                                                    strict=True)
                if active and undoes is None for e in events}


def replay(source: Campaign, keep: set[int], folder: Path) -> None:
    """A new ledger holding only the events ``keep`` names (and the init's), as written."""
    write_campaign(folder)
    built = source.ledger.event(1).operation  # the init's events: the campaign itself
    with Ledger.open(folder / LEDGER_FILE, system=source.system.key) as ledger, ledger.write():
        for ev in source.ledger.events():
            if ev.id in keep or ev.operation == built:
                ledger.append(ev.kind, day=ev.day, session=ev.session, actor=ev.actor,
                              payload=ev.payload, ops=ev.ops, seed=ev.seed, dice=ev.dice,
                              visibility=ev.visibility, operation=ev.operation)


def drawn(folder: Path) -> dict[str, object]:
    """Every timeline chart the Director and the players see, and the players' history."""
    out: dict[str, object] = {}
    with BaseCampaign.open(folder, readonly=True) as camp:
        out["director"] = [f.to_json() for f in (c(camp) for c in TIMELINE_CHARTS)]
        for who in ("party", NAMES[0]):
            with PartyView.of(camp, who) as view:
                page = player_page(view, None if who == "party" else who)
                out[who] = [f.to_json() for f in page.figures]
                out[f"{who} history"] = [(e.day, e.kind, e.summary)
                                         for e in view.books.history()]
    return out


@settings(max_examples=examples(40), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(STEP, min_size=1, max_size=14))
def test_every_chart_draws_only_the_operations_that_stand(
        tmp_path_factory: pytest.TempPathFactory, steps: list[tuple]) -> None:
    home = tmp_path_factory.mktemp("stand")
    folder = write_campaign(home / "played" / "camp")
    camp, _ = BaseCampaign.init(folder)
    model = Model()
    with camp:
        for what, a, b in steps:
            if what != "undo":
                with contextlib.suppress(DrawSteelKitError):  # refused: nothing written
                    model.add(operate(camp, what, a, b))
                continue
            for chain in range(b if model.events else 0):
                target = a % len(model.events) if chain == 0 else len(model.events) - 1
                try:
                    undone = camp.undo(model.events[target][0], reason=f"undo {target}")
                except UndoError:  # already undone, or a later change stands in its way
                    break
                assert model.active[target], "the ledger undid what was undone already"
                event("an undo of an undo" if model.undoes[target] is not None else "an undo")
                model.add(list(undone.event_ids), target)
        standing = model.standing()
        assert camp.ledger.verify()  # the marks, too, are what a replay of history gives
        replay(camp, standing, home / "replayed" / "camp")
    assert drawn(folder) == drawn(home / "replayed" / "camp")


# --- the same, for the other three systems' charts ---------------------------------------

#: Each other system's operation on a number its pages chart: (book, member, n) -> Happened.
CHARTED = {
    "dungeon-world": lambda book, who, n: book.adjust(who, hp=1 + n % 12, xp=n % 7,
                                                      reason=f"a fight {n}"),
    "pf2e": lambda book, who, n: book.adjust_hp(who, n % 16, reason=f"a fight {n}"),
    "condition-sheet": lambda book, who, n: book.set_mana(who, n % 5, reason=f"a rest {n}"),
}
OTHER_STEP = st.one_of(
    st.tuples(st.just("change"), st.integers(0, 30), st.integers(0, 3)),
    st.tuples(st.just("change"), st.integers(0, 30), st.integers(0, 3)),
    st.tuples(st.just("day"), st.integers(1, 2), st.none()),
    st.tuples(st.just("undo"), st.integers(0, 40), st.sampled_from([1, 1, 2, 3])),
)


def new_campaign(folder: Path, system: str) -> Path:
    """A new campaign of ``system`` from its starter, its ledger built."""
    run("new", folder, "--system", system)
    run("init", folder)
    return folder


def replay_into(source: Campaign, keep: set[int], folder: Path) -> None:
    """A new ledger beside a copy of the source's campaign.yaml, holding only the events
    ``keep`` names (and the init's), as written."""
    import shutil

    folder.mkdir(parents=True)
    shutil.copy(source.folder / "campaign.yaml", folder / "campaign.yaml")
    built = source.ledger.event(1).operation
    with Ledger.open(folder / LEDGER_FILE, system=source.system.key) as ledger, ledger.write():
        for ev in source.ledger.events():
            if ev.id in keep or ev.operation == built:
                ledger.append(ev.kind, day=ev.day, session=ev.session, actor=ev.actor,
                              payload=ev.payload, ops=ev.ops, seed=ev.seed, dice=ev.dice,
                              visibility=ev.visibility, operation=ev.operation)


#: Each other system's charts of numbers over time, by their builder's name in its pages
#: module: drawn from the Director's ledger itself (the players' copy leaves undone events
#: out before any chart reads it; this reads the marks).
TIMELINE_BUILDERS = {"dungeon-world": ("xp_and_hp",), "pf2e": ("hp_chart", "rounds_chart"),
                     "condition-sheet": ("mana_chart", "mana_rounds_chart")}


def drawn_pages(folder: Path) -> dict[str, object]:
    """Every player page's charts (the party's and each member's), the players' history, and
    the system's timeline charts drawn from the Director's ledger for the party."""
    out: dict[str, object] = {}
    with BaseCampaign.open(folder, readonly=True) as camp:
        pages = camp.system.part("pages")
        out["ledger"] = [getattr(pages, name)(camp, viewer="party").to_json()
                         for name in TIMELINE_BUILDERS[camp.system.key]]
        for who in ("party", *camp.members):
            with PartyView.of(camp, who) as view:
                page = player_page(view, None if who == "party" else who)
                out[who] = [f.to_json() for f in page.figures]
                out[f"{who} history"] = [(e.day, e.kind, e.summary)
                                         for e in view.books.history()]
    return out


@pytest.mark.parametrize("system", sorted(CHARTED))
@settings(max_examples=examples(15), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(OTHER_STEP, min_size=1, max_size=10))
def test_every_other_systems_chart_draws_only_the_operations_that_stand(
        tmp_path_factory: pytest.TempPathFactory, system: str, steps: list[tuple]) -> None:
    home = tmp_path_factory.mktemp("stand")
    folder = new_campaign(home / "played" / "camp", system)
    model = Model()
    with BaseCampaign.open(folder) as camp:
        members = camp.members
        for what, a, b in steps:
            if what == "change":
                with contextlib.suppress(DrawSteelKitError):  # refused: nothing written
                    model.add(list(CHARTED[system](camp.book, members[b % len(members)],
                                                   a).event_ids))
            elif what == "day":
                model.add(list(camp.advance_day(a, reason="on the road").event_ids))
            else:
                for chain in range(b if model.events else 0):
                    target = a % len(model.events) if chain == 0 else len(model.events) - 1
                    try:
                        undone = camp.undo(model.events[target][0], reason=f"undo {target}")
                    except UndoError:  # already undone, or a later change in its way
                        break
                    model.add(list(undone.event_ids), target)
        assert camp.ledger.verify()
        replay_into(camp, model.standing(), home / "replayed" / "camp")
    assert drawn_pages(folder) == drawn_pages(home / "replayed" / "camp")


# --- ledgers written before the marks ------------------------------------------------------

FIXTURE = FIXTURES_DIR / "ledgers" / "schema_0008.sql"


def drawn_events(folder: Path) -> tuple[dict, set[int]]:
    """Every line's points (event ids) on the Director's charts and the party's, and the
    events the books as they stand leave out (undos, and what they undid)."""
    with BaseCampaign.open(folder, readonly=True) as camp:
        names = list(camp.heroes)
        fields = ("xp", "level", "renown", "wealth", "victories")
        out = {("director", k): s.events for k, s in
               chart_series(camp, names, fields, None).items()}
        with PartyView.of(camp, "party") as view:
            out.update({("party", k): s.events for k, s in
                        chart_series(view.books, names, fields, "party").items()})
        undos = {e.undoes: e.id for e in camp.history(kind="undo")}
        left_out = set(undos.values()) | camp.ledger.undone_ids()
    return out, left_out


def test_an_older_ledgers_undone_changes_are_not_drawn_before_or_after_its_upgrade(
        tmp_path: Path) -> None:
    """The 0008 fixture holds a level-up respite undone, and an award whose undo was undone:
    read as it is (a reader does not upgrade it) and once upgraded, no line draws an undo or
    what it undid, the award that stands again is drawn, and both draw the same."""
    folder = tmp_path / "c"
    folder.mkdir()
    conn = sqlite3.connect(folder / LEDGER_FILE)
    conn.executescript(FIXTURE.read_text(encoding="utf-8"))
    conn.close()
    before, left_out = drawn_events(folder)
    assert len(left_out) >= 10  # the respite's events and their undos, and the renown's
    run("upgrade", folder)
    after, _ = drawn_events(folder)
    assert after == before
    points = {e for events in after.values() for e in events}
    assert not points & left_out
    with BaseCampaign.open(folder, readonly=True) as camp:
        redone = next(e for e in camp.history(kind="renown_gained") if e.actor == "Yorn")
        assert redone.id not in left_out and redone.id in points
