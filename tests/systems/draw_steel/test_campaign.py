"""The campaign facade: init from campaign.yaml, sessions, victories, hero tokens,
respites, days, hand adjustments and history."""

from __future__ import annotations

import json
import re
import shutil
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import HEROES, REPO, campaign_data, refused, write_campaign

from drawsteel_kit.kit.errors import CampaignNotFound, RulesError, SessionError, UnknownHero
from drawsteel_kit.kit.ledger import DIRECTOR, PARTY
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.systems.draw_steel.demo import build_demo
from drawsteel_kit.systems.draw_steel.errors import NotEnoughTokens

# --- init ------------------------------------------------------------------------------------


def test_init_creates_the_party_and_fully_rested_heroes(tmp_path):
    heroes = [{k: v for k, v in h.items() if k != "rewards_applied"} for h in HEROES]
    camp, happened = Campaign.init(write_campaign(tmp_path / "c", campaign_data(heroes=heroes)))
    with camp:
        party = camp.party
        assert (party.name, party.day, party.session, party.session_open, party.hero_tokens) == (
            "Test Company", 1, 0, False, 0)
        assert party.settings["xp_track"] == "normal"
        assert party.settings["hero_tokens_reset"] is True
        assert list(camp.heroes) == ["Bran", "Val", "Yorn"]
        for hero in camp.heroes.values():
            assert hero.stamina == hero.max_stamina
            assert hero.recoveries == hero.max_recoveries
        val = camp.hero("Val")
        assert (val.max_stamina, val.max_recoveries, val.xp, val.level) == (21, 8, 0, 1)
        assert (val.reason, val.presence, val.career, val.skills) == (2, 0, "Sage", ("Magic",))
        assert camp.hero("Yorn").xp == 20
        assert camp.hero("Bran").victories == 2
        # Each career is applied once, as its own event with its reason.
        assert [(e.kind, e.actor) for e in happened.events] == [
            ("campaign_created", None), ("hero_added", "Val"), ("career_applied", "Val"),
            ("hero_added", "Bran"), ("career_applied", "Bran"), ("hero_added", "Yorn")]
        assert happened.events[2].payload["reason"] == "career: Sage"
        assert (val.project_points, camp.hero("Bran").project_points) == (240, 240)
        assert camp.hero("Yorn").project_points == 0  # no career, nothing added
        assert happened.details["added"] == ["Val", "Bran", "Yorn"]
        assert camp.ledger.event_count() == 6
        assert camp.ledger.verify()


def test_init_twice_changes_nothing_and_says_so(campaign, campaign_dir):
    count, state = campaign.ledger.event_count(), campaign.ledger.snapshot()
    campaign.close()
    again, happened = Campaign.init(campaign_dir)
    with again:
        assert happened.events == ()
        assert "up to date" in happened.summary
        assert happened.details["differences"] == []
        assert again.ledger.event_count() == count
        assert again.ledger.snapshot() == state


def test_a_hero_added_to_the_file_is_the_only_thing_init_adds(campaign, campaign_dir):
    campaign.award_victories(1, ["Val"])
    count = campaign.ledger.event_count()
    campaign.close()
    kira = {"name": "Kira", "level": 3, "max_stamina": 27, "max_recoveries": 9}
    write_campaign(campaign_dir, heroes=[*HEROES, kira])
    camp, happened = Campaign.init(campaign_dir)
    with camp:
        assert [e.kind for e in happened.events] == ["hero_added"]
        assert happened.details["added"] == ["Kira"]
        assert "Kira" in happened.summary
        assert camp.ledger.event_count() == count + 1
        assert camp.hero("Kira").xp == 32  # the least level 3 needs on the normal track
        assert camp.hero("Kira").stamina == 27
        assert camp.hero("Val").victories == 1  # the ledger's values are kept


def test_a_changed_sheet_field_is_reported_and_not_applied(campaign, campaign_dir):
    campaign.close()
    heroes = [dict(h) for h in HEROES]
    heroes[0]["max_stamina"] = 99
    heroes[1]["characteristics"] = {"might": 5, "presence": 2}
    write_campaign(campaign_dir, heroes=heroes[:2])  # Yorn left out of the file
    camp, happened = Campaign.init(campaign_dir)
    with camp:
        diffs = happened.details["differences"]
        assert len(diffs) == 2
        assert any("Val" in d and "max_stamina" in d and "99" in d for d in diffs)
        assert any("Bran" in d and "might" in d for d in diffs)
        assert happened.details["missing_from_file"] == ["Yorn"]
        assert happened.events == ()
        assert camp.hero("Val").max_stamina == 21
        assert camp.hero("Bran").might == 2
        assert "Yorn" in camp.heroes


def test_changed_settings_are_applied_as_one_campaign_configured_event(campaign, campaign_dir):
    campaign.close()
    write_campaign(campaign_dir, name="Renamed Company", xp_track="fast",
                   hero_tokens_reset=False)
    camp, happened = Campaign.init(campaign_dir)
    with camp:
        assert [e.kind for e in happened.events] == ["campaign_configured"]
        assert camp.settings["xp_track"] == "fast"
        assert camp.settings["hero_tokens_reset"] is False
        assert camp.party.name == "Renamed Company"
        assert camp.ledger.verify()


def test_open_refuses_folders_without_a_campaign(tmp_path):
    with pytest.raises(CampaignNotFound, match="init"):
        Campaign.open(write_campaign(tmp_path / "fresh"))
    with pytest.raises(CampaignNotFound, match="new"):
        Campaign.open(tmp_path / "nowhere")


def test_a_campaign_is_found_by_its_folder_file_or_ledger(campaign, campaign_dir):
    campaign.close()
    for where in (campaign_dir, campaign_dir / "campaign.yaml", campaign_dir / "ledger.db"):
        with Campaign.open(where) as camp:
            assert camp.folder == campaign_dir and len(camp.heroes) == 3


DEMO_FILE = REPO / "campaigns" / "demo" / "campaign.yaml"


def _demo_folder(tmp_path: Path) -> Path:
    if not DEMO_FILE.is_file():
        pytest.skip("campaigns/demo/campaign.yaml is not there yet")
    folder = tmp_path / "demo"
    folder.mkdir()
    shutil.copy(DEMO_FILE, folder / "campaign.yaml")
    shutil.copytree(DEMO_FILE.parent / "plans", folder / "plans")
    return folder


def test_the_demo_plays_a_first_session_and_resolves_its_first_week(tmp_path):
    folder = _demo_folder(tmp_path)
    camp = build_demo(folder, echo=False)
    with camp:
        kinds = [e.kind for e in camp.history(newest_first=False)]
        assert kinds[0] == "campaign_created"
        assert {"session_started", "session_ended", "respite", "tokens_spent", "project_roll",
                "follower_roll", "project_started"} <= set(kinds)
        assert camp.party.session_open is False and camp.party.day == 2 + 7  # a 7-day plan
        assert any(p.status == "complete" for p in camp.projects())
        # The demo shows the book's time: its respite is day 2 (000: 861), an adventure begins
        # on the plan's last day (000: 817), Quillon's time with loved ones lasts until his
        # next respite (REFERENCE.md).
        assert camp.adventure().name == "The Drowned Chapel" and camp.adventure().started_day == 9
        assert [b for _, b in camp.stamina_bonuses("Quillon Ashmark")] == [12 + 3]
        assert camp.hero("Quillon Ashmark").max_stamina == 30 + 15
        assert all(e.payload["during_respite"] for e in camp.history(kind="project_started"))
        assert camp.ledger.verify()
    again = build_demo(folder, echo=False)  # the old ledger is moved aside, not deleted
    with again:
        assert again.ledger.event_count() == len(kinds)
    assert len(list((folder / "backups").glob("ledger-before-demo-*.db"))) == 1


def test_rebuilding_the_demo_twice_in_a_second_keeps_both_old_ledgers(tmp_path):
    folder = _demo_folder(tmp_path)
    build_demo(folder, echo=False).close()
    time.sleep(1.02 - time.time() % 1)  # start at the top of a second: both moves fall in it
    for _ in range(2):
        build_demo(folder, echo=False).close()
    assert len(list((folder / "backups").glob("ledger-before-demo-*.db"))) == 2


def test_status_is_json_ready(campaign):
    status = campaign.status()
    assert json.loads(json.dumps(status))["events"] == 4
    assert [h["name"] for h in status["heroes"]] == ["Bran", "Val", "Yorn"]


# --- sessions and hero tokens ---------------------------------------------------------------


def test_sessions_must_alternate(campaign):
    with pytest.raises(SessionError, match="no session is open"):
        campaign.end_session()
    started = campaign.start_session()
    assert started.details == {"session": 1, "tokens": 3}
    assert campaign.party.hero_tokens == 3  # one per hero
    with pytest.raises(SessionError, match="session 1 is still open"):
        campaign.start_session()
    ended = campaign.end_session()
    assert ended.details == {"kept": 0, "vanished": 3}
    assert (campaign.party.session, campaign.party.session_open) == (1, False)
    with pytest.raises(SessionError):
        campaign.end_session()
    assert campaign.start_session().details["session"] == 2


def test_events_are_stamped_with_the_session_and_day(campaign):
    campaign.start_session()
    ev = campaign.award_victories(1, ["Val"]).events[0]
    assert (ev.session, ev.day) == (1, 1)
    campaign.advance_day(3)
    assert campaign.award_victories(1, ["Val"]).events[0].day == 4


def test_tokens_that_do_not_reset_carry_over_and_never_vanish(tmp_path):
    folder = write_campaign(tmp_path / "c", hero_tokens_reset=False)
    camp, _ = Campaign.init(folder)
    with camp:
        camp.award_tokens(2, reason="before play")
        assert camp.start_session().details["tokens"] == 5  # 3 heroes + the 2 carried
        camp.spend_tokens("surges", test="force the door")
        ended = camp.end_session()
        assert ended.details == {"kept": 4, "vanished": 0}
        assert camp.party.hero_tokens == 4
        assert camp.start_session().details["tokens"] == 4  # nothing refreshed


def test_awarding_and_spending_tokens(campaign):
    campaign.start_session()
    assert campaign.award_tokens(2, reason="leapt the chasm").details["pool"] == 5
    spent = campaign.spend_tokens("reroll", hero="val", test="climb the cliff")
    assert spent.events[0].actor == "Val"
    assert campaign.party.hero_tokens == 4
    campaign.spend_tokens("surges", hero="Val", round=1)
    campaign.spend_tokens("save", hero="Val", round=2)
    assert campaign.party.hero_tokens == 2


def test_a_stamina_spend_regains_the_recovery_value_capped_at_max(campaign):
    campaign.start_session()
    campaign.adjust_hero("Val", reason="took a beating", stamina=5)
    happened = campaign.spend_tokens("stamina", hero="Val", round=1)
    assert happened.details == {"pool": 1, "stamina": 12}  # 21 // 3 = 7
    assert campaign.hero("Val").stamina == 12
    campaign.award_tokens(1)
    campaign.adjust_hero("Val", reason="nearly whole", stamina=19)
    campaign.spend_tokens("stamina", hero="Val", round=2)
    assert campaign.hero("Val").stamina == 21
    campaign.award_tokens(2)
    with refused(campaign, RulesError, re.escape("Val is at full Stamina (21/21): hero tokens "
                                                 "spent on Stamina would regain nothing")):
        campaign.spend_tokens("stamina", hero="Val", round=3)


def test_not_enough_tokens_and_bad_spends_are_refused(campaign):
    with pytest.raises(NotEnoughTokens, match="pool holds 0"):
        campaign.spend_tokens("surges", test="lift the gate")
    campaign.start_session()
    campaign.spend_tokens("surges", hero="Val", round=1)
    campaign.spend_tokens("surges", hero="Bran", round=1)
    with pytest.raises(NotEnoughTokens, match="costs 2"):
        campaign.spend_tokens("stamina", hero="Val", round=2)
    with pytest.raises(RulesError, match="--hero"):
        campaign.spend_tokens("stamina", round=2)
    with pytest.raises(RulesError, match="unknown hero-token spend"):
        campaign.spend_tokens("pizza")
    with pytest.raises(UnknownHero):
        campaign.spend_tokens("surges", hero="Nobody")
    assert campaign.party.hero_tokens == 1


# --- victories --------------------------------------------------------------------------------


def test_victories_to_all_heroes_write_one_event_each_sharing_an_operation(campaign):
    happened = campaign.award_victories(2, reason="the Old Mill")
    assert len(happened.events) == 3
    assert len({e.operation for e in happened.events}) == 1
    assert {e.actor for e in happened.events} == {"Val", "Bran", "Yorn"}
    assert {n: h.victories for n, h in campaign.heroes.items()} == {
        "Val": 2, "Bran": 4, "Yorn": 2}


def test_victories_to_some_heroes_by_any_case(campaign):
    happened = campaign.award_victories(1, ["val", "YORN", "Val"])
    assert [e.actor for e in happened.events] == ["Val", "Yorn"]
    assert campaign.hero("Val").victories == 1
    assert campaign.hero("Bran").victories == 2
    campaign.award_victories(1, "bran")
    assert campaign.hero("Bran").victories == 3


def test_names_match_whatever_their_case_beyond_ascii_too(tmp_path):
    eowyn = {"name": "Éowyn", "max_stamina": 20, "max_recoveries": 8}
    camp, _ = Campaign.init(write_campaign(tmp_path / "c", heroes=[*HEROES, eowyn]))
    with camp:
        assert camp.hero("éowyn").name == camp.hero("ÉOWYN").name == "Éowyn"
        assert [e.actor for e in camp.award_victories(1, ["éowyn", "val"]).events] == [
            "Éowyn", "Val"]
        assert len(camp.history(hero="éowyn", kind="victories_awarded")) == 1


def test_an_unknown_hero_is_refused_naming_the_heroes(campaign):
    with pytest.raises(UnknownHero) as info:
        campaign.award_victories(1, ["Val", "Valerie"])
    message = str(info.value)
    assert "Valerie" in message
    assert all(name in message for name in ("Val", "Bran", "Yorn"))
    assert campaign.hero("Val").victories == 0  # the known hero got nothing either
    with pytest.raises(RulesError, match="at least one hero"):
        campaign.award_victories(1, [])


@pytest.mark.parametrize("count", [0, -1, True, False, 10**6, 10**30, 1.0, "2", None])
def test_bad_counts_are_refused(campaign, count):
    with pytest.raises(RulesError, match="whole number"):
        campaign.award_victories(count)
    with pytest.raises(RulesError, match="whole number"):
        campaign.award_tokens(count)
    with pytest.raises(RulesError, match="whole number"):
        campaign.advance_day(count)
    assert campaign.ledger.event_count() == 4


# --- respites ---------------------------------------------------------------------------------


@pytest.fixture
def fast(tmp_path):
    camp, _ = Campaign.init(write_campaign(tmp_path / "fast", xp_track="fast"))
    yield camp
    camp.close()


def test_a_respite_turns_victories_into_xp_and_levels_up_on_the_campaigns_track(fast):
    fast.award_victories(6, ["Bran"])  # 2 + 6 = 8: level 2 on the fast track (8 per level)
    fast.adjust_hero("Bran", reason="a hard fight", stamina=3, recoveries=1)
    happened = fast.take_respite(["Bran", "Val"])
    bran = fast.hero("Bran")
    assert (bran.xp, bran.victories, bran.level) == (8, 0, 2)
    # Censor: 9 Stamina a level (issue 32); the respite restores Stamina to the new maximum.
    assert (bran.stamina, bran.max_stamina, bran.recoveries) == (33, 33, 12)
    assert happened.details["results"]["Bran"].levels_gained == 1
    # A respite is a day (000: 861): its first event is the day it takes, then Bran's respite.
    assert happened.events[0].kind == "day_advanced"
    assert "reaches level 2" in happened.events[1].summary
    assert (fast.hero("Val").xp, fast.hero("Val").level) == (0, 1)
    assert fast.hero("Yorn").victories == 0 and fast.hero("Yorn").xp == 20  # not resting
    summaries = [e.summary for e in happened.events if e.kind == "respite"]
    assert summaries == ["Bran completes a respite: +8 XP, reaches level 2, maximum "
                         "Stamina +9 (Censor)",
                         "Val completes a respite"]  # no victories: no "+0 XP"


def test_the_normal_track_needs_twice_the_xp(campaign):
    campaign.award_victories(6, ["Bran"])
    campaign.take_respite(["Bran"])
    assert (campaign.hero("Bran").xp, campaign.hero("Bran").level) == (8, 1)


def test_at_most_one_activity_per_hero_and_only_for_resting_heroes(campaign):
    with pytest.raises(RulesError, match="only one respite activity"):
        campaign.take_respite(activities={"Val": "Discover Lore", "val": "Craft a potion"})
    with pytest.raises(RulesError, match="not taking this respite"):
        campaign.take_respite(["Bran"], activities={"Val": "Discover Lore"})
    with pytest.raises(UnknownHero):
        campaign.take_respite(activities={"Vallory": "Discover Lore"})
    assert campaign.ledger.event_count() == 4
    happened = campaign.take_respite(activities={"val": "Discover Lore: the Mill"})
    val_event = next(e for e in happened.events if e.actor == "Val")
    assert val_event.payload["activity"] == "Discover Lore: the Mill"
    assert "activity: Discover Lore" in val_event.summary


def test_an_interrupted_respite_changes_nothing_but_is_recorded(campaign):
    campaign.adjust_hero("Bran", reason="hurt", stamina=4)
    state = campaign.ledger.snapshot()
    count = campaign.ledger.event_count()
    happened = campaign.take_respite(interrupted=True, reason="ambushed at night")
    assert happened.kind == "respite_interrupted"
    assert campaign.ledger.snapshot() == state
    assert campaign.ledger.event_count() == count + 3
    assert all(e.kind == "respite_interrupted" and e.ops == [] for e in happened.events)
    assert "ambushed" in happened.events[0].summary
    assert campaign.hero("Bran").victories == 2 and campaign.hero("Bran").stamina == 4


# --- days -------------------------------------------------------------------------------------


def test_advance_day(campaign):
    assert campaign.advance_day().details["day"] == 2
    happened = campaign.advance_day(5, reason="the road to Capital")
    assert campaign.party.day == 7
    assert "the road to Capital" in happened.summary
    with pytest.raises(RulesError):
        campaign.advance_day(3651)


# --- adjusting a hero by hand ---------------------------------------------------------------


def test_adjust_needs_a_reason(campaign):
    for reason in ("", "   "):
        with pytest.raises(RulesError, match="reason"):
            campaign.adjust_hero("Val", reason=reason, xp=3)
    assert campaign.hero("Val").xp == 0


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"ancestry": 5}, "ancestry"),
        ({"hit_points": 3}, "cannot adjust 'hit_points'"),
        ({}, "name at least one field"),
        ({"might": 9}, "might"),
        ({"characteristics": {"reason": -6}}, "reason"),
        ({"career": "Wizard"}, "career"),
        ({"level": 11}, "level"),
        ({"level": "2"}, "level"),
        ({"xp": -1}, "xp"),
        ({"max_stamina": 0}, "max_stamina"),
        ({"stamina": 22}, "at most max_stamina 21"),
        ({"stamina": -10}, "dies"),
        ({"recoveries": 9}, "max_recoveries 8"),
        ({"wealth": True}, "wealth"),
        ({"skills": ["Magic", "magic"]}, "twice"),
        ({"player": "a\nb"}, "one line"),
        ({"xp": 0}, "nothing to change"),
    ],
)
def test_adjust_validates_like_campaign_yaml(campaign, changes, message):
    state = campaign.ledger.snapshot()
    with pytest.raises(RulesError, match=message):
        campaign.adjust_hero("Val", reason="testing", **changes)
    assert campaign.ledger.snapshot() == state


def test_adjust_changes_fields_and_keeps_the_record(campaign):
    happened = campaign.adjust_hero(
        "val", reason="learned at the library", languages=["Caelian", "Khelt"],
        characteristics={"might": 1}, **{"class": "Null"},
    )
    val = campaign.hero("Val")
    assert val.languages == ("Caelian", "Khelt")
    assert (val.might, val.hero_class) == (1, "Null")
    ev = happened.events[0]
    assert ev.kind == "hero_adjusted" and ev.actor == "Val"
    assert ev.payload["reason"] == "learned at the library"
    assert "might -1 → 1" in ev.summary
    assert campaign.ledger.verify()


def test_adjust_stores_values_as_campaign_yaml_would_read_them(campaign):
    campaign.adjust_hero("Val", reason="typed in a hurry", career="soldier", player="  Ines  ")
    val = campaign.hero("Val")
    assert (val.career, val.player) == ("Soldier", "Ines")


def test_a_director_only_adjustment_is_hidden_from_the_party(campaign):
    secret = campaign.adjust_hero("Yorn", reason="cursed, he doesn't know", renown=0,
                                  might=-1, visibility=DIRECTOR).events[0]
    public = campaign.adjust_hero("Yorn", reason="found a helmet", languages=["Caelian", "Voll"])
    assert secret.visibility == DIRECTOR
    party_view = [e.id for e in campaign.history(visible_to=PARTY)]
    assert secret.id not in party_view and public.events[0].id in party_view
    assert secret.id in [e.id for e in campaign.history()]
    assert secret.id not in [e.id for e in campaign.history(visible_to="Yorn")]
    with pytest.raises(RulesError, match="visibility"):
        campaign.adjust_hero("Yorn", reason="x", renown=3, visibility="hero:Yorn")


# --- history ----------------------------------------------------------------------------------


def test_history_filters_by_kind_hero_and_visibility(campaign):
    campaign.start_session()
    campaign.award_victories(1, ["Val", "Bran"])
    campaign.award_victories(1, ["Bran"])
    campaign.spend_tokens("reroll", hero="Bran", test="read the runes")
    campaign.adjust_hero("Bran", reason="secret", renown=2, visibility=DIRECTOR)

    newest = campaign.history()
    assert [e.id for e in newest] == sorted((e.id for e in newest), reverse=True)
    assert len(newest) == campaign.ledger.event_count()
    assert [e.actor for e in campaign.history(kind="victories_awarded", newest_first=False)] == [
        "Val", "Bran", "Bran"]
    assert {e.kind for e in campaign.history(hero="bran")} == {
        "hero_added", "victories_awarded", "tokens_spent", "hero_adjusted"}
    assert [e.kind for e in campaign.history(hero="Bran", visible_to=PARTY)].count(
        "hero_adjusted") == 0
    assert len(campaign.history(limit=2)) == 2
    assert campaign.history(limit=1)[0].kind == "hero_adjusted"
    with pytest.raises(UnknownHero):
        campaign.history(hero="Nobody")


# --- two writers at once ----------------------------------------------------------------------


def _interleave(first: Campaign, second_write: Callable[[], object]) -> list[str]:
    """Run ``second_write`` on another connection just as ``first`` asks for the write lock.

    This is the race two processes run when both write at once: ``first`` has
    already read the state it computes from; ``second_write`` commits before
    ``first`` gets the lock.
    """
    fired: list[str] = []

    def trace(sql: str) -> None:
        if sql.startswith("BEGIN IMMEDIATE") and not fired:
            fired.append(sql)
            second_write()

    first.ledger.db.conn.set_trace_callback(trace)
    return fired


@pytest.mark.parametrize(
    ("operation", "read"),
    [
        (lambda c: c.award_victories(1, ["Val"]), lambda c: c.hero("Val").victories),
        (lambda c: c.award_tokens(1), lambda c: c.party.hero_tokens),
        (lambda c: c.spend_tokens("surges", test=f"test {id(c)}"), lambda c: c.party.hero_tokens),
        (lambda c: c.advance_day(1), lambda c: c.party.day),
    ],
    ids=["victories", "award-tokens", "spend-tokens", "days"],
)
def test_two_writers_at_once_lose_no_update(campaign, campaign_dir, operation, read):
    campaign.start_session()
    campaign.award_tokens(5)
    other = Campaign.open(campaign_dir)
    try:
        start = read(campaign)
        fired = _interleave(campaign, lambda: operation(other))
        operation(campaign)
        campaign.ledger.db.conn.set_trace_callback(None)
        assert fired, "the race was not staged"
        assert abs(read(campaign) - start) == 2  # both changes landed
        assert campaign.ledger.verify()
    finally:
        campaign.ledger.db.conn.set_trace_callback(None)
        other.close()


def test_two_sessions_cannot_be_started_at_once(campaign, campaign_dir):
    other = Campaign.open(campaign_dir)
    try:
        _interleave(campaign, other.start_session)
        with pytest.raises(SessionError):
            campaign.start_session()
        campaign.ledger.db.conn.set_trace_callback(None)
        assert campaign.party.session == 1
        assert len(campaign.history(kind="session_started")) == 1
    finally:
        campaign.ledger.db.conn.set_trace_callback(None)
        other.close()
