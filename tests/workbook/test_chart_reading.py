"""Charts read at a glance: bars capped at the goal, one colour per hero (by the order heroes
joined), axes in the table's units, one column of panels with a line per hero, whole-number
ticks, and each chart sent to a notebook once."""

from __future__ import annotations

import json
import shutil

import pytest
from workbook_helpers import REPO, play

from drawsteel_kit.kit.book.campaign import BaseCampaign
from drawsteel_kit.kit.book.party_view import PartyView
from drawsteel_kit.kit.ui.figures import PALETTE, PLOTLY_MIME, hero_colour
from drawsteel_kit.kit.ui.html import CHART_TYPE
from drawsteel_kit.systems.draw_steel.activities import ProjectRoll
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.systems.draw_steel.pages import charts, party_page

FORGE = REPO / "tests" / "fixtures" / "forge_steel"


@pytest.fixture
def finished(campaign: Campaign) -> Campaign:
    """The played campaign with the mill's cellar rolled on until it is done."""
    play(campaign)
    for seed in range(40):
        if campaign.project("The mill's cellar").done:
            break
        campaign.take_respite(activities={"Val": ProjectRoll("The mill's cellar")}, seed=seed)
    return campaign


def _trace(fig, name):
    """The trace named ``name``, or holding it ("Val XP": its ``meta``)."""
    return next(t for t in fig.data if name in (t.name, t.meta))


def test_a_finished_project_is_drawn_to_its_goal_and_marked_done(finished: Campaign) -> None:
    cellar = finished.project("The mill's cellar")
    assert cellar.done and cellar.points > cellar.goal  # the last roll went past the goal
    fig = charts.project_progress(finished)
    projects = [p for p in finished.projects()]
    labels = list(_trace(fig, "points").y)
    row = next(i for i, lb in enumerate(labels) if lb.startswith("The mill"))
    points, goal = _trace(fig, "points"), _trace(fig, "goal")
    assert points.x[row] == goal.x[row] == cellar.goal
    assert points.customdata[row] == cellar.points  # the real number, on hover
    assert goal.text[row] == "done" and labels[row].endswith("✓")
    assert points.marker["color"][row] == charts.DONE_COLOUR
    under_way = [i for i, lb in enumerate(labels) if not lb.endswith("✓")]
    assert under_way and all(points.marker["color"][i] == charts.WORKING_COLOUR
                             for i in under_way)
    assert all(x <= g for x, g in zip(points.x, goal.x, strict=True))
    assert len(labels) == len(projects)
    # the name and the numbers sit on a line above the bar (the bars get the chart's whole
    # width, on a phone too): no label beside a bar, no number on it
    assert goal.textposition == "none" and points.text is None
    assert not fig.layout["yaxis"]["showticklabels"]
    above = [(a["y"], a["x"], a["text"]) for a in fig.layout["annotations"]]
    assert " ".join(t for y, x, t in above if y == labels[row] and x == 0) == labels[row]
    assert (labels[row], 1, "done") in above
    assert all(a["yanchor"] == "bottom" and a["yshift"] > 0 for a in fig.layout["annotations"])
    assert all(m < g for m, lb in zip(_trace(fig, "milestones").x,
                                      _trace(fig, "milestones").y, strict=True)
               for g, glb in zip(goal.x, goal.y, strict=True) if lb == glb)


def test_a_follower_cap_of_zero_is_a_labelled_bar(finished: Campaign) -> None:
    fig = charts.followers_against_cap(finished)
    cap = _trace(fig, "cap")
    assert fig.layout["barmode"] == "group" and cap.type == "bar"
    caps = dict(zip(cap.x, cap.y, strict=True))
    assert 0 in caps.values()  # a hero without renown
    assert all(f"cap {c}" == t for c, t in zip(cap.y, cap.text, strict=True))
    assert fig.layout["yaxis"]["range"][1] >= 1  # an empty bar still has room for its label


def test_xp_and_level_are_one_column_a_line_per_hero(finished: Campaign) -> None:
    """XP above level, full width (a phone's one column, issue 31), a line per hero in
    each, the legend below naming each hero once."""
    fig = charts.xp_and_level(finished)
    heroes = list(finished.heroes)
    xp = [t for t in fig.data if t.meta.endswith(" XP")]
    level = [t for t in fig.data if t.meta.endswith(" level")]
    assert [t.name for t in xp] == [t.name for t in level] == heroes
    assert {t.xaxis or "x" for t in xp} == {"x"} and {t.xaxis for t in level} == {"x2"}
    assert fig.layout["xaxis"]["domain"] == fig.layout["xaxis2"]["domain"] == [0, 1]
    assert fig.layout["yaxis"]["domain"][0] > fig.layout["yaxis2"]["domain"][1]  # XP on top
    assert [t.name for t in fig.data if t.showlegend] == heroes
    legend = fig.layout["legend"]
    assert legend["orientation"] == "h" and legend["y"] == 0 and legend["yref"] == "container"
    one = charts.xp_and_level(finished, hero="Val")
    assert [t.meta for t in one.data] == ["Val XP", "Val level"]
    assert one.layout["showlegend"] is False  # one hero: the page says whose it is


def test_equal_lines_stay_visible(finished: Campaign) -> None:
    """Heroes with equal numbers: the line drawn first is wider than the one over it."""
    fig = charts.renown_and_wealth(finished)
    wealth = [t for t in fig.data if t.meta.endswith(" wealth")]
    same = [(a, b) for i, a in enumerate(wealth) for b in wealth[i + 1:]
            if a.y[-1] == b.y[-1]]
    assert same, [t.y for t in wealth]
    for under, over in same:
        assert under.line["width"] > over.line["width"], (under.meta, over.meta)
        assert under.marker["size"] > over.marker["size"]


def test_whole_numbers_get_whole_ticks(finished: Campaign) -> None:
    """Renown, wealth, XP, levels, followers, points, days: every tick a whole number."""
    for fig, keys in ((charts.xp_and_level(finished), ("xaxis2", "yaxis", "yaxis2")),
                      (charts.renown_and_wealth(finished), ("xaxis2", "yaxis", "yaxis2")),
                      (charts.followers_against_cap(finished), ("yaxis",)),
                      (charts.project_progress(finished), ("xaxis",))):
        for key in keys:
            axis = fig.layout[key]
            assert axis.get("tickformat") == "d" or axis.get("dtick") == 1, (key, axis)
            assert isinstance(axis.get("dtick"), int) and axis["dtick"] >= 1, (key, axis)


def test_a_hero_has_one_colour_in_every_chart(finished: Campaign) -> None:
    roster = finished.roster
    colours = {n: hero_colour(n, roster) for n in roster}
    assert len(set(colours.values())) == len(roster)  # each hero their own
    xp = charts.xp_and_level(finished)
    renown = charts.renown_and_wealth(finished)
    followers = charts.followers_against_cap(finished, hero="Val")
    mine = charts.xp_and_level(finished, hero="Val", viewer="Val")
    for name in roster:
        assert _trace(xp, f"{name} XP").line["color"] == colours[name]
        assert _trace(renown, f"{name} renown").line["color"] == colours[name]
        assert _trace(renown, f"{name} wealth").line["color"] == colours[name]
    assert _trace(mine, "Val XP").line["color"] == colours["Val"]  # a page of one hero too
    assert _trace(followers, "followers").marker["color"] == [colours["Val"]]
    assert hero_colour("Someone new") in PALETTE
    # the party page's heroes table sets the same colour before each name
    with PartyView.of(finished, None) as view:
        html = party_page(view).html
    for name in roster:
        assert f'background:{colours[name]}"></span><a href="?hero={name}"' in html


def test_a_hero_who_joins_later_changes_no_ones_colour(finished: Campaign) -> None:
    """Colours go by the order heroes joined: a hero imported later (whose name sorts before
    others') takes the next colour, and a run's report made before still matches the pages."""
    from drawsteel_kit.systems.draw_steel.forge_steel.importing import import_heroes

    before = charts.xp_and_level(finished)
    was = {t.name: t.line["color"] for t in before.data}
    import_heroes(finished, [FORGE / "minimal.ds-hero"])
    assert "Ilsa" in finished.heroes and list(finished.heroes).index("Ilsa") < len(was) - 1
    after = charts.xp_and_level(finished)
    now = {t.name: t.line["color"] for t in after.data}
    assert {n: now[n] for n in was} == was
    assert finished.roster[-1] == "Ilsa" and now.get("Ilsa", PALETTE[len(was)]) == \
        PALETTE[len(was)]
    with PartyView.of(finished, None) as view:
        html = party_page(view).html
    for name, colour in was.items():
        assert f'background:{colour}"></span><a href="?hero={name}"' in html


def test_axes_are_in_the_tables_units(finished: Campaign) -> None:
    def titles(fig, letter: str) -> set[str]:
        return {v["title"]["text"] for k, v in fig.layout.items()
                if k.startswith(f"{letter}axis") and "title" in v}

    assert titles(charts.xp_and_level(finished), "x") == {"campaign day"}
    assert titles(charts.renown_and_wealth(finished), "x") == {"campaign day"}
    assert titles(charts.hero_tokens_by_session(finished), "x") == {"session"}
    for fig in (charts.xp_and_level(finished), charts.hero_tokens_by_session(finished)):
        assert "event" not in fig.to_json()


def test_other_systems_draw_in_days_and_encounters_not_event_numbers(tmp_path) -> None:
    import importlib
    import shutil

    from drawsteel_kit.systems.condition_sheet.pages import mana_chart
    from drawsteel_kit.systems.pf2e.pages import hp_chart

    for system, demo, chart, unit in (
            ("pf2e", "pf2e-demo", hp_chart, "encounter (its changes in order)"),
            ("condition_sheet", "condition-sheet-demo", mana_chart, "campaign day")):
        shutil.copytree(REPO / "campaigns" / demo, tmp_path / demo)
        build = importlib.import_module(f"drawsteel_kit.systems.{system}.demo").build
        with build(tmp_path / demo, echo=False) as camp:
            fig = chart(camp)
            assert fig.data, system
            assert fig.layout["xaxis"]["title"]["text"] == unit
            assert "event" not in fig.to_json()
            if unit == "campaign day":
                assert all(max(t.x) <= camp.party.day for t in fig.data)
            assert {t.line["color"] for t in fig.data} <= set(PALETTE)


def test_a_notebook_gets_each_chart_once(finished: Campaign) -> None:
    from drawsteel_kit.workbook import display_outputs, figure_bundle

    fig = charts.project_progress(finished)
    bundle = figure_bundle(fig)
    assert list(bundle) == [PLOTLY_MIME]  # no text/html copy of the same chart
    assert json.loads(json.dumps(bundle[PLOTLY_MIME]))["data"] == fig.to_plotly_json()["data"]
    out = display_outputs([fig])[0]
    assert list(out["data"]) == [PLOTLY_MIME]
    # left as a cell's value, a chart shows the same way (and a line of text elsewhere)
    shown = fig._repr_mimebundle_()
    assert shown[PLOTLY_MIME]["data"] == bundle[PLOTLY_MIME]["data"]
    assert set(shown) == {PLOTLY_MIME, "text/plain"} and "Projects" in shown["text/plain"]


def test_the_dashboard_kernel_loads_no_plotly_or_widgets_for_its_charts(tmp_path) -> None:
    """The players' dashboard notebook up to its charts (everything but the controls), in a
    real kernel through papermill: its charts are shown and neither plotly nor ipywidgets is
    imported; the resolution notebook's charts likewise."""
    import nbformat
    from workbook_helpers import demo_copy

    from drawsteel_kit.kit.resources import notebook
    from drawsteel_kit.workbook.notebook_runs import execute

    folder = demo_copy(tmp_path / "demo")
    probe = nbformat.v4.new_code_cell(
        "import sys\nprint('HEAVY', [m for m in ('plotly', 'plotly.graph_objects', "
        "'ipywidgets') if m in sys.modules])")
    nb = nbformat.read(str(notebook("players/dashboard.ipynb")), as_version=4)
    cells = [c for c in nb.cells if "player_controls" not in c.source]
    assert len(cells) == len(nb.cells) - 1  # only the controls cell is left out
    nb.cells = [*cells, probe]
    source = tmp_path / "dashboard.ipynb"
    nbformat.write(nb, str(source))
    ran = execute(source, tmp_path / "out.ipynb", {"campaign": str(folder)})
    shown = json.dumps([o for c in ran.cells for o in c.get("outputs", [])])
    # Each chart once, as inert JSON the served page's own plotly.js draws (kit.ui.html.chart)
    assert CHART_TYPE in shown and "HEAVY []" in shown, shown[-400:]
    assert PLOTLY_MIME not in shown and '"text/html": "<div><div id=' not in shown

    fresh = tmp_path / "fresh"  # the demo's campaign.yaml, its week still to come
    fresh.mkdir()
    shutil.copy(REPO / "campaigns" / "demo" / "campaign.yaml", fresh)
    shutil.copytree(REPO / "campaigns" / "demo" / "plans", fresh / "plans")
    BaseCampaign.init(fresh)[0].close()
    nb = nbformat.read(str(notebook("resolve_downtime.ipynb")), as_version=4)
    nb.cells = [*nb.cells, probe]
    nbformat.write(nb, str(source))
    ran = execute(source, tmp_path / "out2.ipynb",
                  {"campaign": str(fresh), "plan": "first-week", "seed": 7, "dry_run": True})
    shown = json.dumps([o for c in ran.cells for o in c.get("outputs", [])])
    assert PLOTLY_MIME in shown and "HEAVY []" in shown, shown[-400:]
