"""Purchases on a shopping trip (000: 3965): an item must be available where the hero is, and
the Director may limit how many purchases a hero makes at a time. A trip is the session under
way or the downtime after it; the campaign's ``purchases_per_trip`` limits every trip, and
``shopping`` records one trip's own limits (where, how many, which tiers, what cannot be had).
Through the API, the command line and the wealth panel."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from cli_helpers import assert_one_clear_line, invoke, run
from conftest import campaign_data, refused, write_campaign

from drawsteel_kit.kit.book.campaign import BaseCampaign
from drawsteel_kit.kit.errors import CampaignFileError, RulesError
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.systems.draw_steel.campaign_file import Settings, parse_campaign_text
from drawsteel_kit.systems.draw_steel.rules.wealth import (
    NOTHING_FOR_SALE,
    ShoppingLimits,
    check_trip_purchase,
)


def _camp(tmp_path: Path, **settings) -> Campaign:
    camp, _ = BaseCampaign.init(write_campaign(tmp_path / "c", campaign_data(**settings)))
    camp.award_wealth("Val", 3, reason="a dragon's hoard")  # wealth 4
    return camp


# --- the rule ---------------------------------------------------------------------------------


def test_by_default_there_is_no_limit():
    """000: 3965: the Director *may* limit purchases; the book sets no number."""
    assert Settings().purchases_per_trip is None
    check_trip_purchase(ShoppingLimits(), hero="Val", item="castle", tier=6, count=50, made=99,
                        trip="session 1")


@pytest.mark.parametrize(("limits", "tier", "made", "words"), [
    (ShoppingLimits(purchases=2), 1, 2, "has made 2 of the 2 purchase"),
    (ShoppingLimits(purchases=0), 1, 0, "0 left"),
    (ShoppingLimits(at="the Wode", max_tier=2), 3, 0, "not available at the Wode: only tiers "
     "up to 2"),
    (ShoppingLimits(max_tier=NOTHING_FOR_SALE), 1, 0, "nothing is for sale"),
])
def test_the_trip_refuses_what_it_does_not_allow(limits, tier, made, words):
    """000: 3965: availability where the hero is, and a limit on purchases at a time."""
    with pytest.raises(RulesError, match=words):
        check_trip_purchase(limits, hero="Val", item="small house", tier=tier, count=1,
                            made=made, trip="session 1")


# --- the campaign -----------------------------------------------------------------------------


def test_the_campaign_setting_limits_each_hero_per_trip(tmp_path):
    """000: 3965: a hero with wealth 3 may not buy up every small house in town."""
    with _camp(tmp_path, purchases_per_trip=2) as camp:
        camp.start_session()
        camp.buy("Val", "small house")
        camp.buy("Bran", "common inn", count=1)  # Bran has a trip of his own
        with refused(camp, RulesError, "Val has made 1 of the 2 purchases .* 1 left, "
                                       "and this is 3"):
            camp.buy("Val", "small house", count=3)
        camp.buy("Val", "small house")
        with refused(camp, RulesError, "on this session 1"):
            camp.buy("Val", "small house")
        camp.end_session()  # a new trip: the downtime after the session
        assert str(camp.shopping_trip()) == "downtime after session 1"
        camp.buy("Val", "small house", count=2)


def test_an_undone_purchase_does_not_count(tmp_path):
    """000: 3965."""
    with _camp(tmp_path, purchases_per_trip=1) as camp:
        bought = camp.buy("Val", "small house")
        camp.undo(bought.event_ids[0])
        camp.buy("Val", "manor house")


def test_the_directors_trip_record_sets_where_and_what(tmp_path):
    """000: 3965: armor cannot be bought in a trackless forest; the Director says what the
    place sells."""
    with _camp(tmp_path) as camp:
        camp.start_session()
        rec = camp.shopping("Oakvale", purchases=3, max_tier=2, unavailable=["Horse and Cart"])
        assert "Shopping on this session 1 at Oakvale: 3 purchases each, tiers up to 2" \
            in rec.summary
        with refused(camp, RulesError, "small house \\(tier 3\\) is not available at Oakvale"):
            camp.buy("Val", "small house")
        with refused(camp, RulesError, "horse and cart is not available at Oakvale"):
            camp.buy("Val", "horse and cart")
        camp.buy("Val", "common inn")
        camp.shopping("the trackless forest", max_tier=0)  # recorded again: replaces it
        with refused(camp, RulesError, "nothing is for sale"):
            camp.buy("Val", "common inn")
        camp.end_session()
        assert camp.shopping_trip().limits == ShoppingLimits()  # the next trip starts afresh
        camp.buy("Val", "small house")


def test_bad_trip_records_are_refused_and_write_nothing(tmp_path):
    """000: 3965."""
    with _camp(tmp_path) as camp:
        for kwargs, words in (({"purchases": -1}, "from 0 to"), ({"max_tier": 7}, "from 0 to 6"),
                              ({"unavailable": [""]}, "each named"),
                              ({"purchases": True}, "whole number")):
            with refused(camp, RulesError, words):
                camp.shopping("Oakvale", **kwargs)


@pytest.mark.parametrize("value", [-1, "two", True, 1.5])
def test_the_setting_is_a_whole_number_or_null(value):
    """000: 3965."""
    with pytest.raises(CampaignFileError, match="purchases_per_trip"):
        parse_campaign_text(yaml.safe_dump(campaign_data(purchases_per_trip=value)), "c.yaml")


# --- the command line and the panel -----------------------------------------------------------


def test_cli_sets_shows_and_keeps_a_trip(tmp_path):
    """000: 3965."""
    _camp(tmp_path).close()
    folder = tmp_path / "c"
    assert "Purchases each: no limit" in run("shopping", folder)
    out = run("shopping", folder, "set", "--at", "Oakvale", "--purchases", "1", "--max-tier",
              "3", "--unavailable", "small house")
    assert "Oakvale: 1 purchase each, tiers up to 3, not to be had: small house" in out
    shown = run("shopping", folder)
    assert "at Oakvale" in shown and "tiers up to 3" in shown and "small house" in shown
    line = assert_one_clear_line(invoke("buy", folder, "Val", "small house"), "not available")
    assert "000" not in line
    run("buy", folder, "Val", "horse and cart")
    assert_one_clear_line(invoke("buy", folder, "Val", "common inn"), "1 purchase")
    usage = invoke("shopping", folder, "--purchases", "2")
    assert usage.exit_code == 2 and "drawsteel-kit shopping CAMPAIGN set" in usage.output


def test_the_wealth_panel_records_a_trip_and_refuses_past_it(tmp_path):
    """000: 3965."""
    pytest.importorskip("ipywidgets")
    from drawsteel_kit.systems.draw_steel import panels as P

    with _camp(tmp_path) as camp:
        panel = P.WealthPanel(camp)
        panel.shop_at.value = "Oakvale"
        panel.shop_purchases.value = 1
        panel.shop_tier.value = 2
        panel.shop_button.click()
        assert panel.ok and camp.shopping_trip().limits.purchases == 1
        panel.refresh()
        assert "Oakvale" in panel.trip.value and "tiers up to 2" in panel.trip.value
        panel.hero.value = "Val"
        panel.item.value = "small house"
        before = (camp.ledger.snapshot(), camp.ledger.event_count())
        panel.buy_button.click()
        assert not panel.ok and "not available at Oakvale" in panel.message_text
        assert (camp.ledger.snapshot(), camp.ledger.event_count()) == before


# --- the downtime plan ------------------------------------------------------------------------

PLAN = """
name: Market week
days: 3
shopping:
  - {at: Riverside Market, purchases: 1, max_tier: 3, unavailable: [manor house]}
buy:
  - {hero: Val, item: small house, day: 1}
  - {hero: Val, item: horse and cart, day: 2}
"""


def test_a_plan_records_the_trip_and_a_purchase_past_it_stops_the_plan(tmp_path):
    """000: 3965: the plan's second purchase is one more than the trip allows: the plan stops
    on day 2 and nothing of it is written."""
    from drawsteel_kit.kit.errors import PlanError
    from drawsteel_kit.systems.draw_steel.plans import resolve
    from drawsteel_kit.systems.draw_steel.plans.read import parse_plan

    with _camp(tmp_path) as camp:
        with refused(camp, PlanError, "on day 2: .*Val has made 1 of the 1 purchase"):
            resolve(camp, parse_plan(PLAN, "market.yaml"), seed=1, dry_run=False)
        ok = PLAN.replace("purchases: 1", "purchases: 2")
        result = resolve(camp, parse_plan(ok, "market.yaml"), seed=1, dry_run=False)
        text = "\n".join(result.lines())
        assert "Shopping on this downtime at Riverside Market: 2 purchases each" in text
        assert "Val buys small house (tier 3)" in text
        assert [i.item for i in camp.inventory("Val")] == ["small house", "horse and cart"]


def test_a_plan_without_shopping_keeps_its_digest():
    """000: 3965: plans written before shopping existed keep the digest they were resolved
    under, so they are not resolved twice."""
    from drawsteel_kit.systems.draw_steel.plans.read import parse_plan

    bare = parse_plan("name: A\ndays: 1\n", "a.yaml")
    assert bare.digest == parse_plan("name: A\ndays: 1\nbuy: []\n", "a.yaml").digest
    assert bare.digest != parse_plan(PLAN.replace("Market week", "A"), "a.yaml").digest


def test_the_party_page_shows_the_trip_only_when_limited(tmp_path):
    """000: 3965: players read what the market allows; with no limits, no section."""
    from drawsteel_kit.kit.book.party_view import PartyView
    from drawsteel_kit.systems.draw_steel.pages import party_page

    with _camp(tmp_path) as camp:
        assert "Shopping" not in party_page(PartyView.of(camp)).html
        camp.shopping("Oak <vale>", purchases=2, max_tier=3)
        html = party_page(PartyView.of(camp)).html
        assert "This downtime at Oak &lt;vale&gt;: 2 purchases each; on sale: tiers up to 3" \
            in html
