"""Where followers work (000: 3945, 3957): an artisan or sage makes its daily project roll only
while at the stronghold or the project's site, with the materials its work needs. Each
follower's location is recorded (never recorded: taken to be where its work is, so older
campaigns keep rolling); a daily roll elsewhere is skipped, with the reason in the day's
summary. Through the API, the command line, the downtime plan and the followers panel."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from cli_helpers import assert_one_clear_line, invoke, run
from conftest import REPO, campaign_data, write_campaign
from conftest import unchanged as _unchanged

from drawsteel_kit.kit.book.campaign import BaseCampaign
from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.systems.draw_steel.plans import resolve
from drawsteel_kit.systems.draw_steel.plans.read import parse_plan
from drawsteel_kit.systems.draw_steel.rules.followers import (
    AT_SITE,
    AT_STRONGHOLD,
    WORK_PLACES,
    why_no_roll,
)

HEROES: tuple[dict[str, Any], ...] = (
    {"name": "Bran", "career": "Artisan", "max_stamina": 24, "max_recoveries": 12,
     "characteristics": {"might": 2}, "renown": 6},
)
ARTISAN: dict[str, Any] = {
    "ancestry": "Dwarf", "physical": "might", "languages": ["Khelt", "Zaliac"],
    "skills": ["Alchemy", "Blacksmithing", "Carpentry", "Cooking"],
}


def _folder(tmp_path: Path, *, stronghold: bool = True) -> Path:
    data = campaign_data(heroes=HEROES, recruit_at=["Riverside Market"])
    if stronghold:
        data["stronghold"] = {"name": "The Lantern House"}
    return write_campaign(tmp_path / "c", data)


@pytest.fixture
def camp(tmp_path: Path) -> Iterator[Campaign]:
    c, _ = BaseCampaign.init(_folder(tmp_path))
    with c:
        yield c


def _hesk_on_potion(camp: Campaign, **kw: Any) -> int:
    pid = camp.start_project("Bran", "Healing Potion", prerequisite="owned").details["project_id"]
    camp.add_follower("Bran", "Hesk", "artisan", **ARTISAN, **kw)
    camp.assign_follower("Hesk", pid)
    return pid


# --- the rule ---------------------------------------------------------------------------------


def test_the_book_names_two_work_places():
    """000: 3945, 3957: the stronghold, or where the project is carried out."""
    assert WORK_PLACES == (AT_STRONGHOLD, AT_SITE)


@pytest.mark.parametrize(("location", "materials", "stronghold", "why"), [
    (None, True, None, None),  # never recorded: where its work is
    (AT_STRONGHOLD, True, "The Keep", None),
    (AT_SITE, True, None, None),
    ("Riverside Market", True, "The Keep", "at Riverside Market, away from the stronghold"),
    (AT_STRONGHOLD, True, None, "the party names no stronghold"),
    (AT_STRONGHOLD, False, "The Keep", "no access to the materials"),
    (None, False, "The Keep", "no access to the materials"),
])
def test_why_an_artisan_or_sage_makes_no_roll(location, materials, stronghold, why):
    """000: 3945, 3957: at the stronghold or the project's site, with the materials."""
    found = why_no_roll(location, materials, stronghold)
    assert (found is None) if why is None else (why in found and "000" not in found)


# --- the campaign -----------------------------------------------------------------------------


def test_a_follower_never_placed_keeps_rolling(camp):
    """000: 3945: a follower whose location was never recorded rolls as before."""
    _hesk_on_potion(camp)
    assert camp.follower("Hesk").location is None
    day = camp.advance_day(2, seed=3)
    assert len([e for e in day.events if e.kind == "follower_roll"]) == 2


def test_a_follower_away_from_the_work_is_skipped_with_the_reason(camp):
    """000: 3945: away from the stronghold and the site, no daily roll; the day says why."""
    pid = _hesk_on_potion(camp)
    placed = camp.place_follower("hesk", "Riverside Market", reason="buying charcoal")
    assert placed.summary == "Hesk is at Riverside Market: buying charcoal"
    day = camp.advance_day(1, seed=3)
    assert not [e for e in day.events if e.kind == "follower_roll"]
    assert "Hesk (artisan of Bran) makes no roll on 'Healing Potion' today: at Riverside " \
           "Market, away from the stronghold and the project's site" in day.summary
    assert camp.project(pid).points == 0
    week = camp.advance_day(3, seed=3)
    assert "3 follower rolls skipped" in week.summary
    assert [e.kind for e in week.events].count("follower_idle") == 3
    camp.place_follower("Hesk", "stronghold")
    assert camp.follower("Hesk").location == AT_STRONGHOLD
    back = camp.advance_day(1, seed=3)
    assert [e.kind for e in back.events] == ["day_advanced", "follower_roll"]
    assert camp.project(pid).points > 0


def test_at_the_site_or_the_stronghold_it_rolls_but_not_without_materials(camp):
    """000: 3945, 3957: it must also have access to the materials it needs."""
    _hesk_on_potion(camp, at="site")
    assert camp.follower("Hesk").location == AT_SITE
    assert [e.kind for e in camp.advance_day(1, seed=1).events][-1] == "follower_roll"
    camp.place_follower("Hesk", "The Lantern House", materials=False)  # the stronghold's name
    assert (camp.follower("Hesk").location, camp.follower("Hesk").materials) == (
        AT_STRONGHOLD, False)
    day = camp.advance_day(1, seed=1)
    assert "no access to the materials the work needs" in day.summary
    assert day.events[-1].kind == "follower_idle"


def test_recruited_at_the_stronghold_a_follower_is_recorded_there(camp):
    """000: 3937, 3945: most followers stay at the stronghold; recruited there, they are."""
    from drawsteel_kit.systems.draw_steel.activities import NewFollower, Recruit

    new = NewFollower("Hesk", "artisan", "Dwarf", tuple(ARTISAN["skills"]),
                      tuple(ARTISAN["languages"]), "might")
    camp.take_respite(["Bran"], activities={"Bran": Recruit((new,))})
    assert camp.follower("Hesk").location == AT_STRONGHOLD
    other = NewFollower("Oss", "sage", "Human", ("History", "Magic", "Nature", "Religion"),
                        ("Anjali", "Voll"))
    camp.take_respite(["Bran"], activities={"Bran": Recruit((other,), at="Riverside Market")})
    assert camp.follower("Oss").location is None  # not recorded: it goes where its work is


def test_a_project_whose_source_is_needed_is_skipped_with_the_reason(camp):
    """000: 3760 (a source needed at every roll) with 000: 3945: the day says so, no more
    silent skipping."""
    pid = camp.start_project("Bran", "Healing Potion", prerequisite="owned",
                             source="needed").details["project_id"]
    camp.add_follower("Bran", "Hesk", "artisan", **ARTISAN)
    camp.assign_follower("Hesk", pid)
    day = camp.advance_day(1, seed=1)
    assert "the project's source is still needed" in day.summary


def test_placing_is_refused_cleanly_and_undone_cleanly(tmp_path):
    """000: 3945: "at the stronghold" needs a stronghold; a refusal writes nothing."""
    c, _ = BaseCampaign.init(_folder(tmp_path, stronghold=False))
    with c:
        _hesk_on_potion(c)
        before = _unchanged(c)
        with pytest.raises(RulesError, match="names no stronghold"):
            c.place_follower("Hesk", "stronghold")
        with pytest.raises(RulesError, match="say where the follower is"):
            c.place_follower("Hesk", "  ")
        with pytest.raises(RulesError, match="materials is yes or no"):
            c.place_follower("Hesk", "site", materials="no")  # type: ignore[arg-type]
        with pytest.raises(RulesError, match="no follower"):
            c.place_follower("Nobody", "site")
        assert _unchanged(c) == before
        placed = c.place_follower("Hesk", "the project's site")
        c.undo(placed.event_ids[0])
        assert c.follower("Hesk").location is None
        assert c.ledger.rebuild() and c.follower("Hesk").location is None


# --- the command line -------------------------------------------------------------------------


def test_cli_places_a_follower_and_the_day_says_why_it_did_not_roll(tmp_path):
    """000: 3945."""
    folder = _folder(tmp_path)
    with BaseCampaign.init(folder)[0] as c:
        _hesk_on_potion(c)
    out = run("followers", "place", folder, "Hesk", "Riverside Market", "--no-materials")
    assert "Hesk is at Riverside Market, without the materials" in out
    assert "at Riverside Market, without materials" in run("followers", "list", folder)
    out = run("day", folder, "1", "--seed", "2")
    assert "makes no roll on 'Healing Potion' today: at Riverside Market" in out
    run("followers", "place", folder, "Hesk", "stronghold")
    assert "at the stronghold, The Lantern House" in run("followers", "list", folder)
    assert "works on 'Healing Potion'" in run("day", folder, "1", "--seed", "2")
    assert_one_clear_line(invoke("followers", "place", folder, "Hesk", " "), "where")


# --- the plan ---------------------------------------------------------------------------------

PLAN = """
name: Away and back
days: 3
start:
  - {hero: Bran, project: Healing Potion, prerequisite: owned}
followers:
  - hero: Bran
    add: {name: Hesk, role: artisan, ancestry: Dwarf, physical: might,
          skills: [Alchemy, Blacksmithing, Carpentry, Cooking], languages: [Khelt, Zaliac]}
    assign: Healing Potion
    at: Riverside Market
  - follower: Hesk
    at: stronghold
    day: 2
"""


def test_a_plan_places_followers_and_reports_the_skipped_roll(camp):
    """000: 3945, 3957: day 1 at the market: no roll, and the report says why; from day 2 at
    the stronghold: a roll a day."""
    result = resolve(camp, parse_plan(PLAN, "away.yaml"), seed=5, dry_run=False)
    text = "\n".join(result.lines())
    assert "Hesk is at Riverside Market" in text and "Hesk is at the stronghold" in text
    day1 = [e.kind for e in result.days[1].events]
    assert "follower_idle" in day1 and "follower_roll" not in day1
    assert "today: at Riverside Market, away from the stronghold" in text
    assert [e.kind for e in result.days[3].events].count("follower_roll") == 1


def test_a_plan_entry_with_materials_but_no_place_is_refused():
    """000: 3945: the entry says where the follower is."""
    from drawsteel_kit.kit.errors import PlanError

    doc = yaml.safe_load(PLAN)
    doc["followers"][1] = {"follower": "Hesk", "materials": False}
    with pytest.raises(PlanError, match="at: is required with materials"):
        parse_plan(yaml.safe_dump(doc), "bad.yaml")


# --- the panel --------------------------------------------------------------------------------


def test_the_followers_panel_records_where_a_follower_is(camp):
    """000: 3945."""
    pytest.importorskip("ipywidgets")
    from drawsteel_kit.systems.draw_steel import panels as P

    _hesk_on_potion(camp)
    panel = P.FollowersPanel(camp)
    panel.follower.value = camp.follower("Hesk").id
    panel.place.value = "Riverside Market"
    panel.materials.value = False
    panel.place_button.click()
    assert panel.ok and camp.follower("Hesk").location == "Riverside Market"
    assert "at Riverside Market, no materials" in panel.table.value
    before = _unchanged(camp)
    panel.place.value = ""
    panel.place_button.click()
    assert not panel.ok and _unchanged(camp) == before


def test_the_party_page_says_where_followers_are(camp):
    """000: 3937, 3945: players see where each follower is."""
    from drawsteel_kit.kit.book.party_view import PartyView
    from drawsteel_kit.systems.draw_steel.pages import party_page

    _hesk_on_potion(camp)
    camp.place_follower("Hesk", "stronghold", materials=False)
    html = party_page(PartyView.of(camp)).html
    assert "at the stronghold, The Lantern House, no materials" in html


def test_the_demo_keeps_a_follower_at_the_stronghold_and_resolves(tmp_path):
    """000: 3937, 3945, 3957: the demo's week resolves; Hesk works at the Lantern House, and
    Oss, left at the market, makes no roll on the days she is there, with the reason."""
    import shutil

    from drawsteel_kit.systems.draw_steel.demo import build_demo

    repo = REPO
    folder = tmp_path / "demo"
    shutil.copytree(repo / "campaigns" / "demo", folder)
    with build_demo(folder, echo=False) as demo:
        assert demo.follower("Hesk").location == AT_STRONGHOLD
        assert demo.follower("Oss").location == "Riverside Market"
        idle = demo.ledger.events(kind="follower_idle")
        assert [e.day for e in idle] == [8, 9]
        assert all("away from the stronghold" in e.summary for e in idle)
        assert demo.projects(status="complete")  # the week still finishes its work
        assert demo.ledger.events(kind="plan_resolved")
