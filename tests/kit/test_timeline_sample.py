"""Sampling a number's changes when they are bunched in the timeline: many other numbers'
changes written between them (``timeline.sample``, ``spread`` and ``samples``, which every
system's charts read).

A real ledger: Ava's renown changes come in bursts with hundreds of other heroes' changes
between them, so evenly spaced timeline ids mostly land between her changes. A line with no
more changes than the points asked gives them all; one with more gives exactly the points
asked, distinct real changes, its first and newest among them.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import campaign_data, write_campaign

from drawsteel_kit.kit.ledger import timeline
from drawsteel_kit.systems.draw_steel.campaign import Campaign

OTHERS = ("Bo", "Cy", "Dee")
#: Ava's renown changes: a few, the crowd, a burst, the crowd, a few (by visibility).
FEW, BURST, CROWD = 6, 60, 150


@pytest.fixture(scope="module")
def bunched(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Campaign]:
    heroes = [{"name": n, "player": "P", "ancestry": "Human", "class": "Fury", "level": 1,
               "xp": 0, "victories": 0, "max_stamina": 20, "max_recoveries": 8}
              for n in ("Ava", "Kit", *OTHERS)]
    folder = write_campaign(tmp_path_factory.mktemp("bunched") / "camp",
                            campaign_data(heroes=heroes))
    camp, _ = Campaign.init(folder)

    def crowd(i: int) -> None:
        for j in range(CROWD):
            camp.award_wealth(OTHERS[j % len(OTHERS)], 1, reason=f"crowd {i}.{j}")

    with camp.transaction():
        # Kit: twelve changes in two bunches of six, the crowd between (the probe's case).
        for i in range(FEW):
            camp.award_renown("Kit", 1, reason=f"early {i}")
        crowd(0)
        for i in range(FEW):
            camp.award_renown("Kit", 1, reason=f"late {i}")
        # Ava: a few, the crowd, a burst (a third of it the Director's), the crowd, a few.
        for i in range(FEW):
            camp.award_renown("Ava", 1, reason=f"start {i}")
        crowd(1)
        for i in range(BURST):
            camp.award_renown("Ava", 1, reason=f"burst {i}",
                              visibility="director" if i % 3 == 0 else "party")
        crowd(2)
        for i in range(FEW):
            camp.award_renown("Ava", 1, reason=f"end {i}")
    yield camp
    camp.close()


def _all(camp: Campaign, hero: str, viewer: str | None) -> list[int]:
    """The timeline ids of every visible change of a hero's renown, oldest first."""
    where, params = timeline.visible_where(viewer)
    return [r[0] for r in camp.ledger.db.execute(
        f"SELECT id FROM timeline WHERE tbl = 'heroes' AND key = ? AND field = 'renown' "
        f"AND after IS NOT NULL AND {where} ORDER BY id", [hero, *params])]


def test_a_line_with_fewer_changes_than_asked_gives_every_one(bunched: Campaign) -> None:
    db = bunched.ledger.db
    every = _all(bunched, "Kit", None)
    assert len(every) == 1 + 2 * FEW  # the hero's first renown, then the awards
    for points in (len(every), 60, 150):
        got = timeline.sample(db, "heroes", "Kit", "renown", None, points)
        assert [r["id"] for r in got] == every, points  # the old sample gave 5 of 12
    assert [r["reason"] for r in got[1:]] == [f"early {i}" for i in range(FEW)] + [
        f"late {i}" for i in range(FEW)]
    (lines,) = [timeline.samples(db, [("heroes", "Kit", "renown")], "party", budget=500,
                                 most=60)]
    assert [r["id"] for r in lines[0]] == every


@pytest.mark.parametrize("viewer", [None, "party", "Ava", "Bo"])
@pytest.mark.parametrize("points", [2, 3, 7, 20, 40, 52])
def test_a_sample_of_bunched_changes_has_every_point_asked(bunched: Campaign,
                                                           viewer: str | None,
                                                           points: int) -> None:
    db = bunched.ledger.db
    every = _all(bunched, "Ava", viewer)
    assert len(every) > points
    got = [r["id"] for r in timeline.sample(db, "heroes", "Ava", "renown", viewer, points)]
    assert len(got) == points == len(set(got))
    assert got == sorted(got) and set(got) <= set(every)
    assert got[0] == every[0] and got[-1] == every[-1]
    assert got == [r["id"] for r in timeline.spread(db, "heroes", "Ava", "renown", viewer,
                                                    points)]  # the same every time


def test_a_bunched_sample_reaches_into_each_bunch(bunched: Campaign) -> None:
    """Evenly spaced ids find Ava's first bunch and her last: the burst between them, where
    most of her changes are, still gets points, and a line asked for all but one of its
    changes leaves out exactly one."""
    db = bunched.ledger.db
    reasons = [r["reason"] for r in timeline.sample(db, "heroes", "Ava", "renown", None, 30)]
    assert sum(r.startswith("burst") for r in reasons) >= 10
    every = _all(bunched, "Ava", None)
    got = [r["id"] for r in timeline.sample(db, "heroes", "Ava", "renown", None,
                                            len(every) - 1)]
    assert len(set(every) - set(got)) == 1 and got[0] == every[0] and got[-1] == every[-1]


def test_a_chart_of_bunched_lines_draws_its_budget(bunched: Campaign) -> None:
    """``samples`` (the other systems' charts): a line within its share gives every change,
    a longer one exactly its share."""
    db = bunched.ledger.db
    lines = [("heroes", "Ava", "renown"), ("heroes", "Kit", "renown")]
    ava, kit = timeline.samples(db, lines, None, budget=40, most=60)
    assert [r["id"] for r in kit] == _all(bunched, "Kit", None)
    every = _all(bunched, "Ava", None)
    assert len(ava) == 40 - 2 - len(kit)  # a point a line besides its changes
    assert ava[0]["id"] == every[0] and ava[-1]["id"] == every[-1]


def test_an_even_sample_is_read_in_two_statements(bunched: Campaign) -> None:
    """A line whose evenly spaced ids each find a change of their own (ten of Bo's wealth
    changes, every third award of the crowd) is read in two statements: both ends of its
    history, then the seeks and the rows they find together (a chart reads thousands of
    such lines' points)."""
    db = bunched.ledger.db
    every = [r[0] for r in db.execute(
        "SELECT id FROM timeline WHERE tbl = 'heroes' AND key = 'Bo' AND field = 'wealth' "
        "ORDER BY id")]
    ran: list[str] = []
    db.conn.set_trace_callback(ran.append)
    try:
        got = timeline.spread(db, "heroes", "Bo", "wealth", None, 10)
    finally:
        db.conn.set_trace_callback(None)
    ids = [r["id"] for r in got]
    assert len(ids) == 10 == len(set(ids)) and set(ids) <= set(every)
    assert ids[0] == every[0] and ids[-1] == every[-1] and ids == sorted(ids)
    assert len(ran) == 2, ran


@pytest.mark.parametrize("points", [10, 30, 100])
def test_a_chart_reads_only_what_it_draws_of_the_same_changes(bunched: Campaign,
                                                              points: int) -> None:
    """``columns=POINT`` (what a chart draws of a change) picks the same changes as a read
    of whole rows, evenly spread, bunched or every one, and gives just those columns of
    each, with the same values."""
    db = bunched.ledger.db
    lines = [("heroes", "Ava", "renown"), ("heroes", "Kit", "renown"), ("heroes", "Bo", "wealth")]
    whole = timeline.sampled_lines(db, lines, "party", budget=points, most=60)
    some = timeline.sampled_lines(db, lines, "party", budget=points, most=60,
                                  columns=timeline.POINT)
    assert [cut for _, cut in some] == [cut for _, cut in whole]
    assert any(cut for _, cut in whole)
    for (rows, _), (full, _) in zip(some, whole, strict=True):
        assert rows == [{c: r[c] for c in timeline.POINT} for r in full]
