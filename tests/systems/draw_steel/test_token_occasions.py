"""One hero-token benefit per turn or per test (000: 769): each spend names its turn (an
encounter round, the hero's turn in it) or its test, and a second benefit on the same one is
refused, through the API, the command line and the session panel."""

from __future__ import annotations

import pytest
from cli_helpers import assert_one_clear_line, invoke, run
from conftest import unchanged as _unchanged

from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.systems.draw_steel.rules.tokens import (
    BENEFITS_PER_OCCASION,
    Occasion,
    check_one_benefit,
)

# --- the rule ---------------------------------------------------------------------------------


def test_the_book_allows_one_benefit_per_turn_or_test():
    """000: 769: one hero-token benefit per turn, or per test."""
    assert BENEFITS_PER_OCCASION == 1


def test_a_second_benefit_on_the_same_turn_is_refused_by_the_rule():
    """000: 769."""
    turn = Occasion(session=1, hero="Val", round=2, encounter=1)
    check_one_benefit(turn, {})
    with pytest.raises(RulesError, match="Val's turn in round 2 already had a hero-token "
                                         r"benefit \(surges\)"):
        check_one_benefit(turn, {turn.key: "surges"})
    # another hero's turn, another round, another encounter or session: another occasion
    for other in (Occasion(1, "Bran", 2, 1), Occasion(1, "Val", 3, 1), Occasion(1, "Val", 2, 2),
                  Occasion(2, "Val", 2, 1)):
        check_one_benefit(other, {turn.key: "surges"})


def test_a_test_is_one_occasion_however_its_name_is_spaced_or_cased():
    """000: 769."""
    test = Occasion(session=1, test="Climb the  cliff")
    with pytest.raises(RulesError, match="already had a hero-token benefit"):
        check_one_benefit(Occasion(session=1, test="climb the cliff"), {test.key: "reroll"})
    check_one_benefit(Occasion(session=1, test="climb the cliff", hero="Val"),
                      {test.key: "reroll"})


@pytest.mark.parametrize(("kwargs", "words"), [
    ({}, "name the turn or the test"),
    ({"round": 1, "hero": "Val", "test": "climb"}, "name the turn or the test"),
    ({"round": 0, "hero": "Val"}, "from 1 to"),
    ({"round": True, "hero": "Val"}, "from 1 to"),
    ({"round": 2}, "needs the hero whose turn it is"),
    ({"test": "   "}, "name the test"),
])
def test_an_occasion_must_be_one_turn_or_one_test(kwargs, words):
    """000: 769: the spend says which turn or which test it is for."""
    with pytest.raises(RulesError, match=words):
        Occasion(session=1, **kwargs)


# --- the campaign -----------------------------------------------------------------------------


def test_a_second_benefit_on_a_turn_is_refused_and_writes_nothing(campaign):
    """000: 769: Val's turn in round 2 takes surges; a save on that same turn is refused."""
    campaign.start_session()
    spent = campaign.spend_tokens("surges", hero="Val", round=2)
    assert "on Val's turn in round 2" in spent.summary
    assert spent.events[0].payload["for"]["round"] == 2
    before = _unchanged(campaign)
    with pytest.raises(RulesError, match="already had a hero-token benefit"):
        campaign.spend_tokens("save", hero="val", round=2)
    assert _unchanged(campaign) == before
    campaign.spend_tokens("save", hero="Val", round=3)  # the next round: a new turn
    campaign.spend_tokens("save", hero="Bran", round=2)  # Bran's own turn
    assert campaign.party.hero_tokens == 0


def test_the_next_encounter_and_the_next_session_start_afresh(campaign):
    """000: 769: "round 1" of another encounter, or a test of another session, is new."""
    campaign.start_session()
    campaign.spend_tokens("surges", hero="Val", round=1)
    campaign.spend_tokens("reroll", test="pick the lock")
    with pytest.raises(RulesError, match="already had"):
        campaign.spend_tokens("reroll", test="Pick the lock")
    campaign.log_encounter("Bandits", objective_met=True)
    campaign.spend_tokens("surges", hero="Val", round=1)
    campaign.end_session()
    campaign.start_session()
    campaign.spend_tokens("reroll", test="pick the lock")
    assert campaign.party.hero_tokens == 2


def test_undoing_a_spend_frees_its_turn(campaign):
    """000: 769: an undone spend gave no benefit, so the turn may take one."""
    campaign.start_session()
    spent = campaign.spend_tokens("surges", hero="Val", round=1)
    campaign.undo(spent.event_ids[0])
    campaign.spend_tokens("save", hero="Val", round=1)
    assert campaign.party.hero_tokens == 2


def test_a_spend_that_names_no_turn_or_test_is_refused(campaign):
    """000: 769: the spend must say what it is for, so the rule can be kept."""
    campaign.start_session()
    before = _unchanged(campaign)
    with pytest.raises(RulesError, match="name the turn or the test"):
        campaign.spend_tokens("surges", hero="Val")
    with pytest.raises(RulesError, match="needs the hero whose turn it is"):
        campaign.spend_tokens("surges", round=1)
    with pytest.raises(RulesError, match="unknown hero-token spend"):
        campaign.spend_tokens("nap", hero="Val", round=1)
    assert _unchanged(campaign) == before


# --- the command line and the panel -----------------------------------------------------------


def test_cli_spend_names_its_turn_and_refuses_a_second_benefit(campaign_dir):
    """000: 769."""
    Campaign.init(campaign_dir)[0].close()
    run("session", "start", campaign_dir)
    out = run("tokens", campaign_dir, "spend", "surges", "--hero", "Val", "--round", "1")
    assert "Val's turn in round 1" in out
    line = assert_one_clear_line(
        invoke("tokens", campaign_dir, "spend", "save", "--hero", "Val", "--round", "1"),
        "already had a hero-token benefit")
    assert "000" not in line
    assert_one_clear_line(invoke("tokens", campaign_dir, "spend", "save", "--hero", "Val"),
                          "--round", "turn or the test")
    run("tokens", campaign_dir, "spend", "reroll", "--test", "climb the cliff")
    with Campaign.open(campaign_dir) as camp:
        assert camp.party.hero_tokens == 1


def test_the_session_panel_refuses_a_second_benefit_on_a_test(campaign):
    """000: 769."""
    pytest.importorskip("ipywidgets")
    from drawsteel_kit.systems.draw_steel import panels as P

    campaign.start_session()
    panel = P.SessionPanel(campaign)
    panel.spend.value = "reroll"
    panel.spend_test.value = "swim the river"
    panel.spend_button.click()
    assert panel.ok and campaign.party.hero_tokens == 2
    before = _unchanged(campaign)
    panel.spend.value = "surges"
    panel.spend_button.click()
    assert not panel.ok and "already had a hero-token benefit" in panel.message_text
    assert _unchanged(campaign) == before
    panel.spend_test.value = ""
    panel.spend_hero.value = "Val"
    panel.spend_round.value = 1
    panel.spend_button.click()
    assert panel.ok and campaign.party.hero_tokens == 1
