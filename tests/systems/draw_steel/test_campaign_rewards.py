"""Rewards in a real campaign: careers and titles applied once by init, renown and wealth with
their reasons and their history from the ledger's timeline (level rewards, undo, rebuild),
purchases against the Hero Wealth table (the stretch rule, campaign items, treasures), titles
granted and revoked, and the party's inventory. Real SQLite ledgers in tmp_path."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from conftest import campaign_data, refused, write_campaign

from drawsteel_kit.kit.dice import ScriptedDice
from drawsteel_kit.kit.errors import RulesError, UnknownHero
from drawsteel_kit.systems.draw_steel.activities import ProjectRoll
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.systems.draw_steel.errors import FollowerCapReached

Make = Callable[..., Campaign]


@pytest.fixture
def new_campaign(verified_campaigns: Make) -> Make:
    """Campaigns made from campaign.yaml; each one's ledger must still verify at the end."""
    return verified_campaigns


@pytest.fixture
def camp(new_campaign: Make) -> Campaign:
    """Val (Sage, renown 0, wealth 1), Bran (Artisan) and Yorn (level 2, 20 XP), as written;
    the table's own titles the tests grant are declared, as campaign.yaml must."""
    return new_campaign(extra={"custom": {"titles": list(TABLE_TITLES)}})


#: Titles of the table's own, declared under custom.titles.
TABLE_TITLES = ("Warden of the Pass", "Warden", "Lord of Everything")


def hero(name: str, **kw: Any) -> dict[str, Any]:
    return {"name": name, "max_stamina": 20, "max_recoveries": 8, **kw}


def points(camp: Campaign, who: str, field: str) -> list[tuple[int, int | None, int, str]]:
    return [(p.day, p.before, p.after, p.reason) for p in camp.score_history(who, field)]


def level_up_yorn(camp: Campaign) -> Any:
    """Yorn (level 2, 20 XP) takes 12 victories into a respite: 32 XP, level 3."""
    camp.award_victories(12, ["Yorn"], reason="the siege")
    return camp.take_respite(["Yorn"])


# --- careers and titles applied by init ------------------------------------------------------


CAREERS: dict[str, tuple[int, int, int]] = {  # renown, wealth, project points (REFERENCE.md)
    "Aristocrat": (1, 2, 0), "Gladiator": (2, 1, 0), "Artisan": (0, 1, 240),
    "Criminal": (0, 1, 120), "Politician": (1, 2, 0), "Agent": (0, 1, 0),
}


def test_init_applies_each_career_once_as_an_event_naming_it(new_campaign, tmp_path):
    heroes = [hero(c.replace(" ", ""), career=c) for c in CAREERS]
    camp = new_campaign(heroes)
    for career, (renown, wealth, project_points) in CAREERS.items():
        h = camp.hero(career)
        assert (h.renown, h.wealth, h.project_points) == (renown, wealth, project_points), career
    applied = camp.history(kind="career_applied", newest_first=False)
    assert [e.actor for e in applied] == ["Aristocrat", "Gladiator", "Artisan", "Criminal",
                                          "Politician"]  # the Agent's career adds no number
    assert [e.payload["reason"] for e in applied] == [
        "career: Aristocrat", "career: Gladiator", "career: Artisan", "career: Criminal",
        "career: Politician"]
    assert applied[0].payload["source"] == "career"
    assert (applied[0].payload["renown"], applied[0].payload["wealth"]) == (1, 1)
    assert applied[2].payload["project_points"] == 240
    before, count = camp.ledger.snapshot(), camp.ledger.event_count()
    again, happened = Campaign.init(tmp_path / "c0")
    try:
        assert happened.events == () and "already up to date" in happened.summary
        assert (again.ledger.snapshot(), again.ledger.event_count()) == (before, count)
        assert again.hero("Aristocrat").renown == 1
        assert again.ledger.verify()
    finally:
        again.close()


def test_a_hero_new_in_campaign_yaml_gets_their_career_on_the_next_init(new_campaign, tmp_path):
    camp = new_campaign([hero("Val", career="Gladiator")])
    camp.award_renown("Val", 1, reason="the arena")
    data = campaign_data(heroes=[hero("Val", career="Gladiator"),
                                 hero("Sela", career="Politician",
                                      titles=["Saved for a Worse Fate"])])
    write_campaign(tmp_path / "c0", data)
    again, happened = Campaign.init(tmp_path / "c0")
    try:
        assert happened.details["added"] == ["Sela"]
        assert [e.kind for e in happened.events] == ["hero_added", "career_applied",
                                                     "title_granted"]
        sela = again.hero("Sela")
        assert (sela.renown, sela.wealth, sela.titles) == (1, 3, ("Saved for a Worse Fate",))
        assert [p.reason for p in again.score_history("Sela", "wealth")][1:] == [
            "career: Politician", "title: Saved for a Worse Fate (campaign.yaml)"]
        assert again.hero("Val").renown == 3  # career once, and the award kept
        assert len(again.history(kind="career_applied")) == 2
        assert again.ledger.verify()
    finally:
        again.close()


def test_rewards_applied_takes_the_numbers_as_written(new_campaign):
    camp = new_campaign([hero("Lady Ysolde", career="Aristocrat", renown=4, wealth=3,
                              titles=[{"name": "Local Hero", "benefit": "renown"}],
                              rewards_applied=True)])
    h = camp.hero("Lady Ysolde")
    assert (h.renown, h.wealth, h.project_points) == (4, 3, 0)
    assert camp.history(kind="career_applied") == []
    assert h.titles == ("Local Hero",)  # the title is held, its renown already counted
    assert [(t.title, t.benefit, t.renown) for t in camp.titles("Lady Ysolde")] == [
        ("Local Hero", "renown", 1)]
    assert [p.after for p in camp.score_history("Lady Ysolde", "renown")] == [4]


def test_titles_from_campaign_yaml_become_title_rows_with_their_benefits(new_campaign):
    camp = new_campaign([
        hero("Val", titles=[{"name": "Noble", "benefit": "followers"},
                            {"name": "Local Hero", "benefit": "renown"}]),
        hero("Bran", titles=["Master Crafter", "The Ember Knight"]),
    ], extra={"custom": {"titles": ["The Ember Knight"]}})
    assert [(t.hero, t.title, t.benefit, t.renown, t.followers, t.active)
            for t in camp.titles()] == [
        ("Val", "Noble", "followers", 0, 2, True), ("Val", "Local Hero", "renown", 1, 0, True),
        ("Bran", "Master Crafter", "", 0, 0, True), ("Bran", "The Ember Knight", "", 0, 0, True)]
    val = camp.hero("Val")
    assert val.titles == ("Noble", "Local Hero") and camp.hero("Bran").titles == (
        "Master Crafter", "The Ember Knight")
    assert (val.renown, val.wealth) == (1, 1)  # Local Hero's renown; Noble took followers
    cap = camp.follower_cap("Val")
    assert (cap.base, cap.bonus, cap.cap) == (0, 2, 2)
    assert points(camp, "Val", "renown")[1:] == [(1, 0, 1, "title: Local Hero (campaign.yaml)")]
    granted = camp.history(kind="title_granted", newest_first=False)
    assert [e.payload["title"] for e in granted] == ["Noble", "Local Hero", "Master Crafter",
                                                     "The Ember Knight"]


def test_a_nobles_followers_need_the_title_followers_rule(new_campaign):
    camp = new_campaign([hero("Val", titles=[{"name": "Noble", "benefit": "followers"}])],
                        title_followers=False)
    cap = camp.follower_cap("Val")
    assert (cap.bonus, cap.cap) == (0, 0)
    assert camp.titles("Val")[0].followers == 2  # the title still says what it gives
    with refused(camp, FollowerCapReached, "renown 0 allows 0:"):
        camp.add_follower("Val", "Ash", "sage", ancestry="Human", languages=["Anjali", "Voll"],
                          skills=["History", "Magic", "Nature", "Religion"])


# --- renown and wealth ---------------------------------------------------------------------


def test_awards_change_renown_and_wealth_with_their_reasons(camp):
    happened = camp.award_renown("Val", 3, reason="saved the mill")
    ev = happened.events[0]
    assert (ev.kind, ev.actor, ev.payload["reason"], ev.payload["source"], ev.payload["amount"]) \
        == ("renown_gained", "Val", "saved the mill", "adventure", 3)
    assert happened.summary == "Val gains 3 renown (saved the mill): now 3"
    lost = camp.award_renown("val", -2, reason="burned the tavern", source="other")
    assert lost.events[0].kind == "renown_lost" and camp.hero("Val").renown == 1
    gained = camp.award_wealth("Bran", 2, reason="the dragon's hoard")
    assert gained.events[0].payload["source"] == "treasure"
    assert (camp.hero("Bran").wealth, camp.hero("Val").wealth) == (3, 1)
    camp.award_wealth("Bran", -3, reason="ransom paid", source="other")
    assert camp.hero("Bran").wealth == 0
    assert camp.ledger.verify()


AWARD_REFUSALS: dict[str, tuple[str, Any, dict[str, Any], type[Exception], str]] = {
    "zero": ("Val", 0, {}, RulesError, "whole number other than 0, got 0"),
    "bool": ("Val", True, {}, RulesError, "whole number other than 0, got True"),
    "float": ("Val", 1.5, {}, RulesError, "whole number other than 0, got 1.5"),
    "text": ("Val", "2", {}, RulesError, "whole number other than 0, got '2'"),
    "over-the-limit": ("Val", 101, {}, RulesError, "from -100 to 100, got 101"),
    "over-the-limit-down": ("Val", -101, {}, RulesError, "from -100 to 100, got -101"),
    "no-reason": ("Val", 1, {"reason": ""}, RulesError, "say why Val's .* changes"),
    "blank-reason": ("Val", 1, {"reason": "   "}, RulesError, "say why Val's"),
    "below-zero": ("Yorn", -1, {}, RulesError, "cannot go below 0 \\(asked for -1\\)"),
    "unknown-source": ("Val", 1, {"source": "bribe"}, RulesError,
                       "source must be one of adventure, title, career, .*got 'bribe'"),
    "unknown-hero": ("Nobody", 1, {}, UnknownHero, "no hero named 'Nobody'"),
    "visibility": ("Val", 1, {"visibility": "secret"}, RulesError, "visibility must be"),
}


@pytest.mark.parametrize("field", ["renown", "wealth"])
@pytest.mark.parametrize("case", AWARD_REFUSALS)
def test_a_refused_award_leaves_the_ledger_unchanged(camp, field, case):
    who, amount, kw, error, match = AWARD_REFUSALS[case]
    if case == "below-zero" and field == "wealth":
        amount = -2  # Yorn's wealth is 1
        match = "cannot go below 0 \\(asked for -2\\)"
    award = camp.award_renown if field == "renown" else camp.award_wealth
    with refused(camp, error, match):
        award(who, amount, **{"reason": "a deed", **kw})


def test_renown_history_is_read_from_events_with_day_before_after_and_reason(new_campaign):
    camp = new_campaign([hero("Val", career="Aristocrat"),
                         hero("Yorn", level=2, xp=20)])
    camp.grant_title("Yorn", "Knight", benefit="renown")
    camp.advance_day(2)
    camp.award_renown("Yorn", 2, reason="won the tourney")
    level_up_yorn(camp)  # the respite is day 4 (a respite is a day, 000: 861)
    camp.award_renown("Yorn", -1, reason="the duel lost", source="other")
    assert points(camp, "Yorn", "renown") == [
        (1, None, 0, "Yorn joins the party (level 2)"),
        (1, 0, 1, "title: Knight"),
        (3, 1, 3, "won the tourney"),
        (4, 3, 4, "reached level 3"),
        (4, 4, 3, "the duel lost"),
    ]
    assert [p.kind for p in camp.score_history("Yorn", "renown")] == [
        "hero_added", "title_granted", "renown_gained", "renown_gained", "renown_lost"]
    assert points(camp, "Yorn", "wealth") == [
        (1, None, 1, "Yorn joins the party (level 2)"), (4, 1, 2, "reached level 3")]
    assert points(camp, "Val", "renown") == [
        (1, None, 0, "Val joins the party (level 1)"), (1, 0, 1, "career: Aristocrat")]
    assert points(camp, "Val", "wealth")[1:] == [(1, 1, 2, "career: Aristocrat")]
    assert points(camp, "Val", "project_points") == [(1, None, 0,
                                                      "Val joins the party (level 1)")]


def test_a_level_up_gives_renown_and_wealth_by_default(camp):
    happened = level_up_yorn(camp)
    yorn = camp.hero("Yorn")
    assert (yorn.level, yorn.renown, yorn.wealth) == (3, 1, 2)
    rewards = [e for e in happened.events if e.payload.get("source") == "level"]
    assert [(e.kind, e.payload["amount"], e.payload["reason"]) for e in rewards] == [
        ("renown_gained", 1, "reached level 3"), ("wealth_gained", 1, "reached level 3")]
    # On day 2: the respite's day (a respite is a day, 000: 861).
    assert points(camp, "Yorn", "renown")[-1] == (2, 0, 1, "reached level 3")
    assert points(camp, "Yorn", "wealth")[-1] == (2, 1, 2, "reached level 3")


@pytest.mark.parametrize(("victories", "level", "gained"), [
    (16, 2, {"renown": 1}), (32, 3, {"renown": 2, "wealth": 1}),
    (64, 5, {"renown": 4, "wealth": 2})])
def test_each_level_reached_at_once_counts(camp, victories, level, gained):
    camp.award_victories(victories, ["Val"])
    happened = camp.take_respite(["Val"])
    assert camp.hero("Val").level == level
    rewards = {e.kind.split("_")[0]: (e.payload["amount"], e.payload["reason"])
               for e in happened.events if e.payload.get("source") == "level"}
    assert rewards == {k: (v, f"reached level {level}") for k, v in gained.items()}
    assert (camp.hero("Val").renown, camp.hero("Val").wealth) == (
        gained["renown"], 1 + gained.get("wealth", 0))


def test_no_level_rewards_when_the_campaign_turns_them_off(new_campaign):
    camp = new_campaign(level_rewards=False)
    happened = level_up_yorn(camp)
    yorn = camp.hero("Yorn")
    assert (yorn.level, yorn.renown, yorn.wealth) == (3, 0, 1)
    assert [e.kind for e in happened.events] == ["day_advanced", "respite"]  # 000: 861
    assert [p.after for p in camp.score_history("Yorn", "renown")] == [0]


def test_a_respite_without_a_level_gives_no_rewards(camp):
    camp.award_victories(5, ["Val"])
    happened = camp.take_respite(["Val"])
    assert [e.kind for e in happened.events] == ["day_advanced", "respite"]  # 000: 861
    assert (camp.hero("Val").renown, camp.hero("Val").wealth) == (0, 1)


def test_an_undone_award_shows_as_a_change_back_and_rebuild_keeps_the_timeline(camp):
    camp.award_renown("Val", 2, reason="saved the mill")
    award = camp.award_renown("Val", 3, reason="slew the wyrm")
    camp.award_wealth("Val", 1, reason="the wyrm's gold")
    camp.undo(award.events[0].id, reason="it was Bran who slew it")
    assert camp.hero("Val").renown == 2
    history = camp.score_history("Val", "renown")
    assert [(p.before, p.after, p.kind, p.reason) for p in history] == [
        (None, 0, "hero_added", "Val joins the party (level 1)"),
        (0, 2, "renown_gained", "saved the mill"),
        (2, 5, "renown_gained", "slew the wyrm"),
        (5, 2, "undo", "it was Bran who slew it"),
    ]
    assert camp.hero("Val").wealth == 2  # the later wealth award is untouched
    assert camp.ledger.verify()
    whole = camp.score_history("Val", "renown") + camp.score_history("Val", "wealth")
    state = camp.ledger.snapshot()
    camp.ledger.rebuild()
    assert camp.score_history("Val", "renown") + camp.score_history("Val", "wealth") == whole
    assert camp.ledger.snapshot() == state
    assert camp.ledger.verify()


def test_a_directors_award_is_hidden_from_the_partys_history(camp):
    camp.award_renown("Val", 1, reason="the cult's secret gratitude", visibility="director")
    camp.award_renown("Val", 2, reason="saved the mill")
    assert [p.after for p in camp.score_history("Val", "renown")] == [0, 1, 3]
    assert [p.reason for p in camp.score_history("Val", "renown", visible_to="party")] == [
        "Val joins the party (level 1)", "saved the mill"]


# --- purchases -----------------------------------------------------------------------------


@pytest.mark.parametrize(("item", "tier"), [
    ("horse and cart", 2), ("a night at a fine inn", 2), ("small house", 3), ("catapult", 3),
    ("manor house", 4), ("sailing ship", 4), ("keep", 5), ("wizard tower", 5), ("castle", 6),
    ("shipyard", 6)])
def test_a_wealth_1_hero_cannot_buy_above_tier_1(camp, item, tier):
    assert camp.hero("Yorn").wealth == 1
    with refused(camp, RulesError, f"cannot buy {item} \\(tier {tier}\\): it needs wealth "
                                   f"{tier} and the hero's wealth is 1"):
        camp.buy("Yorn", item)


def test_buying_within_wealth_records_the_item_and_costs_no_wealth(camp):
    happened = camp.buy("Yorn", "Common Gear", count=2, reason="rope and lanterns")
    assert happened.details == {"tier": 1, "stretched": False}
    assert happened.events[0].kind == "purchase"
    assert happened.events[0].payload["wealth_after"] == 1
    [line] = camp.inventory()
    assert (line.item, line.holder, line.origin, line.tier, line.count, line.kind) == (
        "common gear", "Yorn", "bought", 1, 2, "purchase")
    assert line.notes == "rope and lanterns" and line.acquired_day == 1
    assert camp.inventory("Yorn") == [line] and camp.inventory("Val") == []
    assert camp.hero("Yorn").wealth == 1
    camp.award_wealth("Val", 3, reason="the hoard")
    camp.buy("Val", "manor")  # an alias, tier 4 at wealth 4
    assert [(i.item, i.tier, i.holder) for i in camp.inventory()][-1] == (
        "manor house", 4, "Val")
    assert camp.hero("Val").wealth == 4


def test_a_purchase_needs_an_item_and_a_count(camp):
    with refused(camp, RulesError, "name the item bought"):
        camp.buy("Val", " ")
    with refused(camp, RulesError, "count must be a whole number from 1 to 999, got 0"):
        camp.buy("Val", "common gear", count=0)
    with refused(camp, UnknownHero, "no hero named 'Nobody'"):
        camp.buy("Nobody", "common gear")


def test_one_tier_above_needs_the_stretch_rule(camp):
    with refused(camp, RulesError, "stretch_purchases setting would allow it"):
        camp.buy("Yorn", "horse and cart")


def test_the_stretch_rule_buys_one_tier_above_for_1_wealth(new_campaign):
    camp = new_campaign(stretch_purchases=True)
    tiers = {t.tier: (t.affordable, t.stretch) for t in camp.wealth_table("Yorn")}
    assert tiers[1] == (True, False) and tiers[2] == (False, True) and tiers[3] == (False, False)
    happened = camp.buy("Yorn", "horse and cart")
    assert happened.details == {"tier": 2, "stretched": True}
    assert "wealth 1 → 0" in happened.summary
    assert camp.hero("Yorn").wealth == 0
    assert [(i.item, i.tier) for i in camp.inventory("Yorn")] == [("horse and cart", 2)]
    assert points(camp, "Yorn", "wealth")[-1] == (1, 1, 0, "bought horse and cart")
    assert camp.score_history("Yorn", "wealth")[-1].kind == "purchase"
    # At wealth 0 even tier 1 is a stretch, and wealth stays at its floor.
    floor = camp.buy("Yorn", "common tools")
    assert floor.details == {"tier": 1, "stretched": True}
    assert camp.hero("Yorn").wealth == 0
    assert len(camp.inventory("Yorn")) == 2
    with refused(camp, RulesError, "even the stretch rule buys only 1 tier above wealth"):
        camp.buy("Val", "small house")  # wealth 1, tier 3


def test_the_campaigns_own_wealth_items_are_bought_at_their_tier(new_campaign):
    camp = new_campaign(extra={"wealth_items": {2: ["ox", "fishing boat"], 5: ["airship"]}})
    assert "ox" in next(t.items for t in camp.wealth_table() if t.tier == 2)
    with refused(camp, RulesError, "cannot buy ox \\(tier 2\\): it needs wealth 2"):
        camp.buy("Val", "ox")
    camp.award_wealth("Val", 1, reason="the harvest")
    camp.buy("Val", "Ox")
    assert [(i.item, i.tier, i.origin) for i in camp.inventory("Val")] == [("ox", 2, "bought")]
    with refused(camp, RulesError, "airship \\(tier 5\\): it needs wealth 5"):
        camp.buy("Val", "airship")


def test_an_item_the_table_lacks_needs_a_tier(camp):
    with refused(camp, RulesError, "no 'grappling hook' in the Hero Wealth table.*give a tier"):
        camp.buy("Val", "grappling hook")
    camp.buy("Val", "grappling hook", tier=1)
    assert [(i.item, i.tier) for i in camp.inventory()] == [("grappling hook", 1)]
    with refused(camp, RulesError, "cannot buy warhorse \\(tier 2\\)"):
        camp.buy("Val", "warhorse", tier=2)
    with refused(camp, RulesError, "tier must be a whole number from 1 to 6, got 7"):
        camp.buy("Val", "grappling hook", tier=7)


def test_a_tier_that_contradicts_the_table_is_refused(camp):
    with refused(camp, RulesError, "manor house is a tier 4 purchase in the wealth table, "
                                   "not tier 1"):
        camp.buy("Val", "manor house", tier=1)
    camp.buy("Val", "common clothing", tier=1)  # the table's tier, given: fine
    assert camp.inventory()[0].tier == 1


@pytest.mark.parametrize("treasure", ["Healing Potion", "healing potion", "Snapdragon"])
def test_treasures_are_not_bought(camp, treasure):
    with refused(camp, RulesError, "is a treasure: treasures are not bought"):
        camp.buy("Val", treasure, tier=1)


# --- titles --------------------------------------------------------------------------------


def test_a_title_with_two_benefits_needs_a_choice(camp):
    with refused(camp, RulesError, "Noble: choose one benefit: renown-wealth .*; followers"):
        camp.grant_title("Val", "Noble")
    with refused(camp, RulesError, "Noble has no benefit 'gold'"):
        camp.grant_title("Val", "Noble", benefit="gold")
    happened = camp.grant_title("Val", "noble", benefit="renown-wealth")
    assert happened.summary == "Val earns the title Noble (renown +1, wealth +1)"
    val = camp.hero("Val")
    assert (val.renown, val.wealth, val.titles) == (1, 2, ("Noble",))
    assert points(camp, "Val", "renown")[-1] == (1, 0, 1, "title: Noble")
    assert points(camp, "Val", "wealth")[-1] == (1, 1, 2, "title: Noble")
    assert camp.follower_cap("Val").bonus == 0


def test_a_title_with_one_benefit_or_none_needs_no_choice(camp):
    camp.grant_title("Bran", "Saved for a Worse Fate")
    camp.grant_title("Bran", "Wanted Dead or Alive")
    with refused(camp, RulesError, "Master Crafter has no benefit to choose"):
        camp.grant_title("Bran", "Master Crafter", benefit="renown")
    assert camp.hero("Bran").wealth == 2
    assert camp.hero("Bran").titles == ("Saved for a Worse Fate", "Wanted Dead or Alive")
    assert [(t.title, t.benefit, t.wealth) for t in camp.titles("Bran")] == [
        ("Saved for a Worse Fate", "wealth", 1), ("Wanted Dead or Alive", "", 0)]


def test_a_custom_title_takes_its_numbers(camp):
    camp.award_renown("Yorn", 3, reason="the siege")
    happened = camp.grant_title("Yorn", "Warden of the Pass", renown=2, wealth=1, followers=1,
                                effect="keeps the pass", reason="the Duke's writ")
    assert happened.summary == ("Yorn earns the title Warden of the Pass (renown +2, wealth +1, "
                                "followers +1)")
    [row] = camp.titles("Yorn")
    assert (row.title, row.benefit, row.renown, row.wealth, row.followers, row.effect) == (
        "Warden of the Pass", "", 2, 1, 1, "keeps the pass")
    assert (camp.hero("Yorn").renown, camp.hero("Yorn").wealth) == (5, 2)
    assert points(camp, "Yorn", "renown")[-1] == (1, 3, 5, "the Duke's writ")
    cap = camp.follower_cap("Yorn")
    assert (cap.base, cap.bonus, cap.cap) == (1, 1, 2)
    with refused(camp, RulesError, "not a book title, so it has no benefits to choose"):
        camp.grant_title("Val", "Warden of the Pass", benefit="renown")
    with refused(camp, RulesError, "is a book title: its numbers come from the book"):
        camp.grant_title("Val", "Knight", renown=3)
    with refused(camp, RulesError, "the title's renown must be a whole number from 0 to 10"):
        camp.grant_title("Val", "Lord of Everything", renown=11)


def test_a_title_is_held_once(camp):
    camp.grant_title("Val", "Knight", benefit="renown")
    with refused(camp, RulesError, "Val already holds the title 'Knight'"):
        camp.grant_title("Val", "KNIGHT", benefit="other")
    camp.grant_title("Val", "Warden", renown=1)
    with refused(camp, RulesError, "already holds the title 'Warden'"):
        camp.grant_title("Val", "warden", renown=1)
    camp.grant_title("Bran", "Knight", benefit="other")  # another hero may hold it too
    assert [t.hero for t in camp.titles() if t.title == "Knight"] == ["Val", "Bran"]


def test_revoking_a_title_keeps_its_renown_but_ends_its_follower_bonus(camp):
    camp.award_renown("Yorn", 3, reason="the siege")
    camp.grant_title("Yorn", "Knight", benefit="renown")
    camp.grant_title("Yorn", "Noble", benefit="followers")
    assert camp.follower_cap("Yorn").cap == 3
    assert camp.hero("Yorn").titles == ("Knight", "Noble")
    with refused(camp, RulesError, "say why the title is lost"):
        camp.revoke_title("Yorn", "Noble", reason="")
    with refused(camp, RulesError, "Yorn holds no title 'Monarch'; their titles: Knight, Noble"):
        camp.revoke_title("Yorn", "Monarch", reason="never crowned")
    happened = camp.revoke_title("Yorn", "noble", reason="disinherited")
    assert happened.summary == "Yorn loses the title Noble (disinherited)"
    camp.revoke_title("Yorn", "Knight", reason="stripped of the spurs")
    assert camp.hero("Yorn").renown == 4  # the Knight's renown stays
    assert camp.hero("Yorn").titles == ()
    assert camp.titles("Yorn") == []
    cap = camp.follower_cap("Yorn")
    assert (cap.bonus, cap.cap) == (0, 1)


def test_master_crafter_granted_lets_might_roll_any_project(camp):
    project = camp.start_project("Val", "Discover Lore", params={"kind": "forbidden"})
    pid = project.details["project_id"]
    with refused(camp, RulesError, "Val cannot roll 'might' on 'Discover Lore'"):
        camp.take_respite(activities={"Val": ProjectRoll(pid, characteristic="might")},
                          dice=ScriptedDice([5, 6]))
    camp.grant_title("Val", "Master Crafter")
    assert "Master Crafter" in camp.hero("Val").titles
    dice = ScriptedDice([5, 6])
    camp.take_respite(["Val"], activities={"Val": ProjectRoll(pid, characteristic="might")},
                      dice=dice)
    assert dice.remaining == 0
    assert camp.project(pid).points == 5 + 6 - 1  # Val's Might is -1


# --- the inventory -------------------------------------------------------------------------


def test_a_catalog_treasure_takes_its_kind(camp):
    happened = camp.add_item("healing potion", count=3, holder="Val")
    assert happened.summary == "Val gains 3 x Healing Potion (found)"
    camp.add_item("Rope", origin="given", notes="from the ferryman")
    assert [(i.item, i.kind, i.count, i.holder, i.origin) for i in camp.inventory()] == [
        ("Healing Potion", "consumable", 3, "Val", "found"), ("Rope", "item", 1, None, "given")]
    with refused(camp, RulesError, "origin must be one of found, given, traded, bought, crafted"):
        camp.add_item("Rope", origin="stolen")
    with refused(camp, RulesError, "name the item"):
        camp.add_item("  ")
    with refused(camp, UnknownHero, "no hero named 'Nobody'"):
        camp.add_item("Rope", holder="Nobody")


def test_using_an_item_down_to_zero(camp):
    pid = camp.add_item("Healing Potion", count=2).events[0].ops[0]["key"]
    happened = camp.use_item("Healing Potion", reason="Bran was dying")
    assert happened.summary == "The party uses Healing Potion: 1 left (Bran was dying)"
    with refused(camp, RulesError, "count must be a whole number from 1 to 999, got 0"):
        camp.use_item("Healing Potion", 0)
    with refused(camp, RulesError, "only 1 x Healing Potion left .*cannot use 2"):
        camp.use_item("Healing Potion", 2)
    camp.use_item(pid)
    assert camp.inventory() == []
    [used] = camp.inventory(include_used=True)
    assert (used.id, used.item, used.count) == (pid, "Healing Potion", 0)
    with refused(camp, RulesError, "no item 'Healing Potion' in the inventory; it holds: "
                                   "nothing"):
        camp.use_item("Healing Potion")
    with refused(camp, RulesError, r"Healing Potion \(#1\) is used up or gone"):
        camp.use_item(pid)


def test_an_item_found_by_the_party_reads_the_party_gains(camp):
    assert camp.add_item("Rope", count=2).summary == "The party gains 2 x Rope (found)"


def test_giving_an_item_to_a_hero_and_back_to_the_party(camp):
    camp.add_item("Lightning Treads", kind="trinket")
    camp.give_item("Lightning Treads", "bran", reason="he is fastest")
    assert camp.item("Lightning Treads").holder == "Bran"
    assert [i.item for i in camp.inventory("Bran")] == ["Lightning Treads"]
    with refused(camp, RulesError, "is already with Bran"):
        camp.give_item("Lightning Treads", "Bran")
    happened = camp.give_item("Lightning Treads", None)
    assert "passes from Bran to the party store" in happened.summary
    assert camp.item("Lightning Treads").holder is None
    assert camp.inventory("Bran") == []
    with refused(camp, RulesError, "is already in the party store"):
        camp.give_item("Lightning Treads", None)


def test_removing_an_item_needs_a_reason(camp):
    camp.add_item("Silver Chalice", count=2)
    with refused(camp, RulesError, "say why the item leaves the books"):
        camp.remove_item("Silver Chalice", reason="")
    happened = camp.remove_item("silver chalice", reason="sold in Capital")
    assert happened.summary.endswith("leaves the books: sold in Capital")
    assert camp.inventory() == []
    assert camp.inventory(include_used=True)[0].count == 0


def test_an_ambiguous_item_name_needs_an_id(camp):
    first = camp.add_item("Rope", holder="Val").events[0].ops[0]["key"]
    second = camp.add_item("Rope", count=3).events[0].ops[0]["key"]
    with refused(camp, RulesError, f"2 inventory lines hold 'rope': give the id \\(#{first} "
                                   f"Rope x1 \\(Val\\), #{second} Rope x3 \\(party\\)\\)"):
        camp.use_item("rope")
    camp.use_item(second, 3)
    camp.use_item("Rope")  # only Val's line holds any now
    assert camp.inventory() == []
    assert [i.count for i in camp.inventory(include_used=True)] == [0, 0]


def test_a_respite_does_not_name_a_project_the_director_hides(camp):
    from drawsteel_kit.systems.draw_steel.activities import ProjectRoll

    hidden = camp.start_project("Val", "Discover Lore", title="The duke's secret",
                                params={"kind": "common"}, visibility="director")
    camp.take_respite(["Val"], activities={"Val": ProjectRoll(hidden.details["project_id"])},
                      seed=3)
    party = " ".join(e.summary for e in camp.history(visible_to="party"))
    assert "duke's secret" not in party and "a project of the Director's" in party
    assert "duke's secret" in " ".join(e.summary for e in camp.history())
