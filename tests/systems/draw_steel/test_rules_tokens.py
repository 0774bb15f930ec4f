"""Hero tokens (000: 746-773, 1862, 1949; 001: 18-24)."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.systems.draw_steel.errors import NotEnoughTokens
from drawsteel_kit.systems.draw_steel.rules.tokens import (
    TOKEN_SPENDS,
    SessionEndTokens,
    TokenSpendResult,
    award_tokens,
    spend_tokens,
    tokens_at_session_end,
    tokens_at_session_start,
)

# --- session start -----------------------------------------------------------------------


@pytest.mark.parametrize("carried", [0, 2, 9])
@pytest.mark.parametrize("first_session", [False, True])
def test_reset_rule_starts_with_one_token_per_hero(carried, first_session):
    assert tokens_at_session_start(4, carried, reset=True, first_session=first_session) == 4


@pytest.mark.parametrize("carried", [0, 1, 3, 7])
def test_dont_reset_rule_keeps_the_carried_count(carried):
    assert tokens_at_session_start(4, carried, reset=False, first_session=False) == carried


def test_dont_reset_rule_first_session_starts_at_hero_count():
    assert tokens_at_session_start(5, 0, reset=False, first_session=True) == 5


def test_dont_reset_rule_keeps_tokens_awarded_before_the_first_session():
    assert tokens_at_session_start(5, 2, reset=False, first_session=True) == 7


@pytest.mark.parametrize("hero_count", [0, -1, True, 2.0])
def test_session_needs_at_least_one_hero(hero_count):
    with pytest.raises(RulesError, match="hero_count must be a whole number of 1 or more"):
        tokens_at_session_start(hero_count, 0, reset=True, first_session=False)


def test_carried_cannot_be_negative():
    with pytest.raises(RulesError, match="carried must be a whole number of 0 or more"):
        tokens_at_session_start(3, -1, reset=False, first_session=False)


@pytest.mark.parametrize("flag", ["reset", "first_session"])
def test_session_start_flags_must_be_bools(flag):
    kwargs = {"reset": True, "first_session": False, flag: 1}
    with pytest.raises(RulesError, match=f"{flag} must be True or False"):
        tokens_at_session_start(3, 0, **kwargs)


def test_session_start_flags_are_keyword_only():
    with pytest.raises(TypeError):
        tokens_at_session_start(3, 0, True, False)  # type: ignore[misc]


# --- session end -------------------------------------------------------------------------


@pytest.mark.parametrize("pool", [0, 1, 6])
def test_reset_rule_unused_tokens_vanish(pool):
    assert tokens_at_session_end(pool, reset=True) == SessionEndTokens(kept=0, vanished=pool)


@pytest.mark.parametrize("pool", [0, 1, 6])
def test_dont_reset_rule_keeps_every_token(pool):
    assert tokens_at_session_end(pool, reset=False) == SessionEndTokens(kept=pool, vanished=0)


def test_dont_reset_carries_into_the_next_session():
    kept = tokens_at_session_end(2, reset=False).kept
    assert tokens_at_session_start(5, kept, reset=False, first_session=False) == 2


def test_session_end_refuses_a_negative_pool():
    with pytest.raises(RulesError, match="pool"):
        tokens_at_session_end(-1, reset=True)


# --- spends ------------------------------------------------------------------------------


def test_the_four_spends_and_their_costs():
    assert {name: spend.cost for name, spend in TOKEN_SPENDS.items()} == {
        "surges": 1,
        "save": 1,
        "reroll": 1,
        "stamina": 2,
    }
    assert "2 surges" in TOKEN_SPENDS["surges"].effect
    assert "new roll" in TOKEN_SPENDS["reroll"].effect
    assert "recovery value" in TOKEN_SPENDS["stamina"].effect


def test_spends_table_is_read_only():
    with pytest.raises(TypeError):
        TOKEN_SPENDS["free"] = TOKEN_SPENDS["save"]  # type: ignore[index]


def test_spend_for_surges():
    assert spend_tokens(3, "surges") == TokenSpendResult(
        spend="surges",
        cost=1,
        pool_before=3,
        pool_after=2,
        surges_gained=2,
        stamina_regained=0,
        save_succeeded=False,
        reroll=False,
    )


def test_spend_to_succeed_on_a_save():
    result = spend_tokens(1, "save")
    assert (result.cost, result.pool_after, result.save_succeeded) == (1, 0, True)
    assert (result.surges_gained, result.stamina_regained, result.reroll) == (0, 0, False)


def test_spend_to_reroll_a_test():
    result = spend_tokens(2, "reroll")
    assert (result.cost, result.pool_after, result.reroll) == (1, 1, True)
    assert (result.surges_gained, result.save_succeeded) == (0, False)


@pytest.mark.parametrize(("max_stamina", "regained"), [(30, 10), (31, 10), (33, 11), (2, 0)])
def test_spend_for_stamina_regains_the_recovery_value(max_stamina, regained):
    result = spend_tokens(2, "stamina", max_stamina=max_stamina)
    assert (result.cost, result.pool_before, result.pool_after) == (2, 2, 0)
    assert result.stamina_regained == regained
    assert (result.surges_gained, result.save_succeeded, result.reroll) == (0, False, False)


def test_stamina_spend_needs_max_stamina():
    with pytest.raises(RulesError, match="max_stamina"):
        spend_tokens(5, "stamina")
    with pytest.raises(RulesError, match="max_stamina"):
        spend_tokens(5, "stamina", max_stamina=0)


@pytest.mark.parametrize(("pool", "spend"), [(0, "surges"), (0, "save"), (0, "reroll")])
def test_one_token_spend_from_an_empty_pool_is_refused(pool, spend):
    with pytest.raises(NotEnoughTokens) as caught:
        spend_tokens(pool, spend)
    assert "costs 1" in str(caught.value)
    assert "holds 0" in str(caught.value)


@pytest.mark.parametrize("pool", [0, 1])
def test_stamina_spend_needs_two_tokens(pool):
    with pytest.raises(NotEnoughTokens) as caught:
        spend_tokens(pool, "stamina", max_stamina=30)
    message = str(caught.value)
    assert "'stamina'" in message
    assert "costs 2" in message
    assert f"holds {pool}" in message


def test_not_enough_tokens_is_not_a_value_error():
    # Being short is a game state, not bad input: callers can tell the two apart.
    assert not issubclass(NotEnoughTokens, ValueError)


@pytest.mark.parametrize("spend", ["heal", "Surges", "", None, ["save"]])
def test_unknown_spend_lists_the_allowed_ones(spend):
    with pytest.raises(RulesError) as caught:
        spend_tokens(3, spend)
    assert "surges, save, reroll, stamina" in str(caught.value)


def test_spend_refuses_a_negative_pool():
    with pytest.raises(RulesError, match="pool must be a whole number of 0 or more"):
        spend_tokens(-1, "save")


def test_spend_result_is_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        spend_tokens(1, "save").pool_after = 5  # type: ignore[misc]


# --- awards ------------------------------------------------------------------------------


def test_award_tokens():
    assert award_tokens(0, 1) == 1
    assert award_tokens(3, 2) == 5
    assert award_tokens(4) == 5


@pytest.mark.parametrize("count", [0, -1, True, 1.0])
def test_award_needs_at_least_one_token(count):
    with pytest.raises(RulesError, match="count must be a whole number of 1 or more"):
        award_tokens(2, count)


def test_award_refuses_a_negative_pool():
    with pytest.raises(RulesError, match="pool"):
        award_tokens(-2, 1)


# --- properties --------------------------------------------------------------------------


@given(
    pool=st.integers(0, 10),
    spends=st.lists(st.sampled_from(sorted(TOKEN_SPENDS)), max_size=15),
)
def test_pool_never_goes_negative(pool, spends):
    for spend in spends:
        cost = TOKEN_SPENDS[spend].cost
        if pool < cost:
            with pytest.raises(NotEnoughTokens):
                spend_tokens(pool, spend, max_stamina=30)
            continue
        result = spend_tokens(pool, spend, max_stamina=30)
        assert result.pool_after == pool - cost >= 0
        pool = result.pool_after
