"""A chart's budget of points: however many lines a chart has, it draws at most
``CHART_BUDGET`` points, shared among its lines; a chart whose lines fit draws every change.

Real campaigns, real ledgers and the real chart code: ten heroes with 80 renown and 80
wealth changes each make a renown and wealth chart of 20 long lines (about 1,640 points
under the per-line cap alone), an eleventh hero's two short lines beside them.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import campaign_data, write_campaign

from drawsteel_kit.kit.ledger.timeline import shares
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.systems.draw_steel.pages import charts, data
from drawsteel_kit.systems.draw_steel.records import read_timeline

LONG = ("Ava", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivo", "Jo")
SHORT = "Kit"
AWARDS = 80


@pytest.fixture(scope="module")
def crowded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Campaign]:
    heroes = [{"name": n, "player": "P", "ancestry": "Human", "class": "Fury", "level": 1,
               "xp": 0, "victories": 0, "max_stamina": 20, "max_recoveries": 8}
              for n in (*LONG, SHORT)]
    folder = write_campaign(tmp_path_factory.mktemp("budget") / "camp",
                            campaign_data(heroes=heroes))
    camp, _ = Campaign.init(folder)
    with camp.transaction():
        for i in range(AWARDS):
            for name in LONG:
                camp.award_renown(name, 1, reason=f"deed {i}")
                camp.award_wealth(name, 1 + i % 3, reason=f"find {i}")
        for i in range(3):
            camp.award_renown(SHORT, 1, reason=f"small deed {i}")
    yield camp
    camp.close()


def _changes(camp: Campaign, hero: str, field: str) -> list[tuple[int, int, str]]:
    """Every change of one number: (day, value, reason)."""
    return [(p.day, p.after, p.reason) for p in read_timeline(camp.ledger.db, hero=hero,
                                                              fields=[field])
            if p.after is not None]


def _drawn(camp: Campaign, trace: dict) -> tuple[list[tuple[int, int, str]],
                                                 list[tuple[int, int, str]]]:
    """A line's changes as drawn, (day, value, reason), without the value it started from
    (there is one when its first change had a value before it) or its "now" point; and
    every change of its number."""
    name, field = trace["meta"].rsplit(" ", 1)
    first = next(p for p in read_timeline(camp.ledger.db, hero=name, fields=[field])
                 if p.after is not None)
    points = list(zip(trace["x"], trace["y"], trace["customdata"], strict=True))
    drawn = [p for p in points if p[2] != "now"][0 if first.before is None else 1:]
    return drawn, _changes(camp, name, field)


def test_shares_fit_the_budget_and_give_short_lines_all_they_need() -> None:
    assert shares([10, 20, 5], 1000, most=150) == [10, 20, 5]  # everything fits
    assert shares([300, 300], 1000, most=150) == [150, 150]    # the per-line cap
    assert shares([500, 500, 500, 500], 100, most=150) == [25, 25, 25, 25]
    got = shares([3, 500, 500, 0], 100, most=150, extra=2)
    assert got == [3, 45, 46, 0] and sum(got) + 2 * 3 <= 100  # the short line keeps all
    assert shares([500] * 10, 10, most=150) == [2] * 10        # never below first and last
    assert shares([500] * 7, 100, most=150) == shares([500] * 7, 100, most=150)
    assert sum(shares([500] * 7, 100, most=150)) == 100        # the remainder is used


def test_a_chart_of_many_lines_stays_within_its_budget(crowded: Campaign) -> None:
    for viewer in (None, "party"):
        fig = charts.renown_and_wealth(crowded, viewer=viewer)
        lines = [t for t in fig.to_dict()["data"] if t["type"] == "scatter"]
        assert len(lines) == 2 * len(LONG) + 2
        assert sum(len(t["x"]) for t in lines) <= data.CHART_BUDGET
        assert charts.SAMPLED in fig.layout.title.text
        for trace in lines:
            drawn, every = _drawn(crowded, trace)
            assert set(drawn) <= set(every)                      # real changes only
            assert drawn[0] == every[0] and drawn[-1] == every[-1]  # its first and last
            if trace["meta"].startswith(SHORT):
                assert drawn == every                            # a short line keeps all
            else:
                assert len(drawn) < len(every)
        again = charts.renown_and_wealth(crowded, viewer=viewer)
        assert again.to_json() == fig.to_json()                  # deterministic


def test_a_chart_of_few_lines_keeps_every_point(crowded: Campaign,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    hero = LONG[0]
    fig = charts.renown_and_wealth(crowded, hero=hero)
    assert charts.SAMPLED not in fig.layout.title.text and len(fig.data) == 2
    for trace in fig.to_dict()["data"]:
        drawn, every = _drawn(crowded, trace)
        assert drawn == every and len(every) > AWARDS
    need = sum(len(_changes(crowded, hero, f)) + 2  # each line's start and "now"
               for f in ("renown", "wealth"))
    monkeypatch.setattr(data, "CHART_BUDGET", need)
    assert charts.renown_and_wealth(crowded, hero=hero).to_json() == fig.to_json()
    monkeypatch.setattr(data, "CHART_BUDGET", need - 1)
    tight = charts.renown_and_wealth(crowded, hero=hero)
    assert charts.SAMPLED in tight.layout.title.text
    assert sum(len(t.x) for t in tight.data) <= need - 1


def test_the_budget_is_shared_by_the_chart_not_the_page(crowded: Campaign) -> None:
    found = data.chart_series(crowded, [*LONG, SHORT], ("renown", "wealth"), "party")
    alone = data.series(crowded, ("renown", "wealth"), "party", hero=LONG[0])
    assert all(s.sampled for (key, _), s in found.items() if key != SHORT)
    assert not any(s.sampled for s in alone.values())
    assert len(alone[(LONG[0], "renown")].days) > len(found[(LONG[0], "renown")].days)
