"""Charts and player pages from a real campaign: each trace's values checked against the ledger."""

from __future__ import annotations

import json

import pytest
from workbook_helpers import DIRECTOR_PROJECT, DIRECTOR_REASON, VAL_ONLY_REASON, play

from drawsteel_kit.kit.book.party_view import PartyView
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.systems.draw_steel.pages import charts, hero_page, party_page
from drawsteel_kit.systems.draw_steel.plans import resolve
from drawsteel_kit.systems.draw_steel.plans.read import plan_from_data
from drawsteel_kit.systems.draw_steel.records import read_timeline
from drawsteel_kit.systems.draw_steel.rules.followers import follower_cap
from drawsteel_kit.systems.draw_steel.rules.projects import milestones_for_goal
from drawsteel_kit.systems.draw_steel.state import read_followers
from drawsteel_kit.workbook.pages import player_page
from drawsteel_kit.workbook.publish import hero_files

SECRETS = (DIRECTOR_PROJECT, DIRECTOR_REASON)


@pytest.fixture
def played(campaign: Campaign) -> Campaign:
    return play(campaign)


def trace(fig, name):
    """The trace named ``name``, or holding it ("Val XP": its ``meta``; its name, the
    legend's text, is the hero's)."""
    found = [t for t in fig.data if name in (t.name, t.meta)]
    assert found, f"no trace {name!r} in {[t.meta or t.name for t in fig.data]}"
    return found[0]


def everything(fig) -> str:
    return fig.to_json()


def test_xp_and_level_follow_the_timeline(played: Campaign) -> None:
    fig = charts.xp_and_level(played)
    day = played.party.day
    for name, hero in played.heroes.items():
        points = read_timeline(played.ledger.db, hero=name, fields=["xp"])
        xp = trace(fig, f"{name} XP")
        expected = [p.after for p in points]
        assert list(xp.y)[:len(expected)] == expected
        assert list(xp.x)[:len(expected)] == [p.day for p in points]
        assert xp.y[-1] == hero.xp and xp.x[-1] == day  # carried on to today
        assert trace(fig, f"{name} level").y[-1] == hero.level
    assert played.hero("Yorn").xp > 20  # the session's victories became XP at the respite


def test_renown_and_wealth(played: Campaign) -> None:
    fig = charts.renown_and_wealth(played)
    for name, hero in played.heroes.items():
        assert trace(fig, f"{name} renown").y[-1] == hero.renown
        assert trace(fig, f"{name} wealth").y[-1] == hero.wealth
    assert 3 in trace(fig, "Yorn renown").y


def test_a_players_chart_leaves_out_what_they_may_not_see(played: Campaign) -> None:
    val = played.hero("Val")
    # Val's wealth went up by a change only Val's player may see
    assert trace(charts.renown_and_wealth(played, viewer="Val"), "Val wealth").y[-1] == val.wealth
    party = trace(charts.renown_and_wealth(played, viewer="party"), "Val wealth")
    assert val.wealth not in party.y and VAL_ONLY_REASON not in json.dumps(list(party.customdata))
    for viewer in ("party", "Val", "Yorn"):
        for fig in (charts.xp_and_level(played, viewer=viewer),
                    charts.project_progress(played, viewer=viewer)):
            assert not any(s in everything(fig) for s in SECRETS), viewer
    assert VAL_ONLY_REASON not in everything(charts.renown_and_wealth(played, viewer="Yorn"))


def test_followers_against_the_cap(played: Campaign) -> None:
    fig = charts.followers_against_cap(played)
    names = list(trace(fig, "followers").x)
    assert names == list(played.heroes)
    for name, count, cap in zip(names, trace(fig, "followers").y, trace(fig, "cap").y,
                                strict=True):
        assert count == len(read_followers(played.ledger.db, hero=name))
        assert cap == follower_cap(played.hero(name).renown)
    assert dict(zip(names, trace(fig, "followers").y, strict=True))["Yorn"] == 1


def test_hero_tokens_by_session(played: Campaign) -> None:
    fig = charts.hero_tokens_by_session(played)
    points = [p for p in read_timeline(played.ledger.db, hero="party", fields=["hero_tokens"])
              if p.before is not None]  # the first is the campaign's creation
    sessions = sorted({p.session for p in points})
    assert list(trace(fig, "gained").x) == sessions == [1, 2]
    for i, session in enumerate(sessions):
        mine = [p for p in points if p.session == session]
        gained = sum(max(0, p.after - p.before) for p in mine)
        spent = sum(max(0, p.before - p.after) for p in mine)
        assert trace(fig, "gained").y[i] == gained
        assert trace(fig, "spent or lost").y[i] == spent
        assert trace(fig, "pool").y[i] == mine[-1].after
    assert trace(fig, "spent or lost").y[0] >= 2  # the stamina spend


def test_project_progress_and_milestones(played: Campaign) -> None:
    director = charts.project_progress(played)
    everyone = charts.project_progress(played, viewer="party")
    visible = [p for p in played.projects() if p.visibility == "party"]
    # a bar is never longer than its goal; the real points show on hover
    assert list(trace(everyone, "points").x) == [min(p.points, p.goal) for p in visible]
    assert list(trace(everyone, "points").customdata) == [p.points for p in visible]
    assert list(trace(everyone, "goal").x) == [p.goal for p in visible]
    marks = list(trace(everyone, "milestones").x)
    assert marks == [m for p in visible for m in milestones_for_goal(p.goal)]
    assert len(trace(director, "points").x) == len(played.projects()) == len(visible) + 1
    assert DIRECTOR_PROJECT in everything(director)


def test_forecast_curve(played: Campaign) -> None:
    target = played.project("The mill's cellar")
    curve = played.forecast(target.id)
    fig = charts.forecast_curve(curve, title=target.title)
    assert list(fig.data[0].y) == list(curve.probabilities)
    assert list(fig.data[0].x) == list(range(1, len(curve.probabilities) + 1))
    same = charts.project_forecast(played, target.id, viewer="party", edges=1)
    assert list(same.data[0].y) == list(played.forecast(target.id, edges=1).probabilities)
    with pytest.raises(Exception, match="no project"):
        charts.project_forecast(played, DIRECTOR_PROJECT, viewer="party")


def test_what_a_plan_changed(played: Campaign) -> None:
    plan = plan_from_data({"name": "Two days", "days": 2, "respites": [
        {"hero": "Val", "days": "every", "activity": {"roll": "The mill's cellar"}}]})
    before = played.project("The mill's cellar").points
    preview = resolve(played, plan, seed=11, dry_run=True)
    fig = charts.resolution_changes(preview, played)
    assert list(trace(fig, "points before").x) == [before]
    real = resolve(played, plan, seed=11, dry_run=False)
    assert list(trace(fig, "points after").x) == [played.project("The mill's cellar").points]
    assert charts.resolution_changes(real, played).to_json() != ""


def test_party_page_shows_the_party_and_no_secrets(played: Campaign) -> None:
    page = party_page(PartyView.of(played))
    html = page.html
    assert played.party.name in html and f"Day {played.party.day}" in html
    for hero in played.heroes.values():
        assert f">{hero.name}</a>" in html and f'data-label="XP">{hero.xp}</td>' in html
    assert "The mill&#39;s cellar" in html and "Hesk" in html
    assert len(page.figures) >= 5
    text = html + "".join(f.to_json() for f in page.figures)
    for secret in (*SECRETS, VAL_ONLY_REASON):
        assert secret not in text, secret


def test_hero_pages_show_only_their_own_rows(played: Campaign) -> None:
    val = hero_page(PartyView.of(played, "val"))  # names are case-insensitive
    text = val.html + "".join(f.to_json() for f in val.figures)
    assert val.hero == "Val" and "<h1>Val</h1>" in val.html
    assert VAL_ONLY_REASON in text
    assert not any(s in text for s in SECRETS)
    yorn = hero_page(PartyView.of(played, "Yorn"))
    text = yorn.html + "".join(f.to_json() for f in yorn.figures)
    assert "Hesk" in text and VAL_ONLY_REASON not in text
    assert not any(s in text for s in SECRETS)


def test_names_and_reasons_are_escaped(campaign: Campaign) -> None:
    campaign.award_victories(1, reason="<script>alert(1)</script>")
    page = player_page(campaign, "Val")
    assert "<script>alert" not in page.html and "&lt;script&gt;" in page.html


def test_static_pages_link_to_files(played: Campaign) -> None:
    files = hero_files(list(played.heroes))
    page = party_page(PartyView.of(played),
                      linker=lambda h: "index.html" if h is None else files[h])
    assert 'href="hero-val.html"' in page.html
    assert hero_files(["Éowyn", "eowyn", "!!"]) == {
        "Éowyn": "hero-eowyn.html", "eowyn": "hero-eowyn-2.html", "!!": "hero-3.html"}


def test_display_outputs_are_what_an_output_widget_shows() -> None:
    from drawsteel_kit.kit.ui.figures import Figure
    from drawsteel_kit.kit.ui.html import Html, Markup
    from drawsteel_kit.workbook import display_outputs

    outs = display_outputs([Html(Markup("<p>Hi</p>")), Figure(), None, "plain"])
    assert [o["output_type"] for o in outs] == ["display_data"] * 3
    assert outs[0]["data"] == {"text/html": "<p>Hi</p>"}
    assert "application/vnd.plotly.v1+json" in outs[1]["data"]
    assert outs[2]["data"] == {"text/plain": "plain"}
    assert display_outputs(Html(Markup("<b>one</b>")))[0]["data"]["text/html"] == "<b>one</b>"
    # a block given plain text shows it as typed, never as markup
    assert display_outputs(Html("<b>one</b>"))[0]["data"]["text/html"] == "&lt;b&gt;one&lt;/b&gt;"
