"""The completion forecast: hand-worked cases, the plain convolution, and Monte Carlo."""

from __future__ import annotations

import itertools
import math
import time

import pytest
from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.systems.draw_steel.forecast import (
    ERROR_BOUND,
    STOP_TAIL,
    Worker,
    completion_curve,
)
from drawsteel_kit.systems.draw_steel.forecast.checks import convolution_curve, monte_carlo_curve

CREW = (
    Worker(2, skill=True, edges=1, name="hero"),
    Worker(1, skill=True, rolls=2, name="artisan"),
    Worker(0, language="unknown", extra_d6=2, bonus=-3, name="loremaster"),
)


def _p_2d10_at_least(n: int) -> float:
    return sum(1 for a in range(1, 11) for b in range(1, 11) if a + b >= n) / 100


def test_done_in_one_roll_only_through_a_breakthrough() -> None:
    # goal 25, +0: 2d10 tops out at 20, so only a natural 19 (2/100) or 20 (1/100) followed by
    # a roll of 6+ (resp. 5+) finishes in one activity.
    expected = 0.02 * _p_2d10_at_least(6) + 0.01 * _p_2d10_at_least(5)
    assert expected == pytest.approx(0.0274)
    assert completion_curve(25, characteristic=0).probabilities[0] == pytest.approx(
        expected, abs=1e-12
    )


def test_done_in_one_roll_only_through_two_breakthroughs() -> None:
    # goal 45, +0: two breakthroughs (38, 39 or 40 points) then 7+, 6+ or 5+.
    expected = (
        0.02 * 0.02 * _p_2d10_at_least(7)
        + 2 * 0.02 * 0.01 * _p_2d10_at_least(6)
        + 0.01 * 0.01 * _p_2d10_at_least(5)
    )
    assert expected == pytest.approx(0.000794)
    assert completion_curve(45, characteristic=0).probabilities[0] == pytest.approx(
        expected, abs=1e-12
    )


@pytest.mark.parametrize(("goal", "characteristic"), [(1, -5), (12, 10), (5, 3)])
def test_trivial_goal_done_in_one_roll(goal: int, characteristic: int) -> None:
    curve = completion_curve(goal, characteristic=characteristic)
    assert curve.probabilities == (1.0,)
    assert curve.expected_rolls == 1.0 and curve.rolls_for(0.999) == 1


def test_already_done() -> None:
    curve = completion_curve(120, points_already=130, characteristic=0, rolls=3)
    assert curve.probabilities == (1.0, 1.0, 1.0)
    assert curve.expected_rolls == 0 and curve.rolls_for(0.5) == 0


def test_points_already_is_the_same_as_a_smaller_goal() -> None:
    a = completion_curve(240, points_already=100, characteristic=1)
    b = completion_curve(140, characteristic=1)
    assert a.probabilities == pytest.approx(b.probabilities, abs=1e-12)


@pytest.mark.parametrize(
    ("goal", "kwargs"),
    [
        (15, {"characteristic": 0}),
        (45, {"characteristic": 2, "skill": True}),
        (120, {"characteristic": -1, "banes": 1, "language": "related"}),
        (120, {"characteristic": -5, "banes": 2}),  # many rolls clamp to 1 point
        (240, {"characteristic": 3, "edges": 2, "extra_d6": 1}),
        (150, {"workers": CREW}),
        (400, {"workers": CREW, "points_already": 37}),
    ],
)
def test_matches_the_plain_convolution(goal: int, kwargs: dict) -> None:
    fast = completion_curve(goal, **kwargs)
    slow = convolution_curve(goal, **kwargs)
    assert len(fast.probabilities) == len(slow.probabilities)
    worst = max(abs(a - b) for a, b in zip(fast.probabilities, slow.probabilities, strict=True))
    assert worst < ERROR_BOUND
    assert fast.expected_rolls == pytest.approx(slow.expected_rolls, abs=1e-9)


@given(
    goal=st.integers(1, 200),
    characteristic=st.integers(-5, 5),
    edges=st.integers(0, 2),
    banes=st.integers(0, 2),
    extra=st.integers(0, 1),
)
@settings(max_examples=examples(25), deadline=None)
def test_matches_the_convolution_everywhere(goal, characteristic, edges, banes, extra) -> None:
    kwargs = {"characteristic": characteristic, "edges": edges, "banes": banes, "extra_d6": extra}
    fast = completion_curve(goal, **kwargs, rolls=30).probabilities
    slow = convolution_curve(goal, **kwargs, rolls=30).probabilities
    assert max(abs(a - b) for a, b in zip(fast, slow, strict=True)) < ERROR_BOUND


def _tolerance(p: float, runs: int) -> float:
    """Five standard errors of a Monte Carlo proportion, with a floor of a few counts."""
    return 5 * math.sqrt(max(p * (1 - p), 1 / runs) / runs)


@pytest.mark.parametrize(
    ("goal", "kwargs"),
    [
        (120, {"characteristic": 2, "skill": True}),
        (90, {"workers": CREW[:2]}),
    ],
)
def test_agrees_with_monte_carlo(goal: int, kwargs: dict) -> None:
    runs = 20_000
    exact = completion_curve(goal, **kwargs)
    sample = monte_carlo_curve(goal, **kwargs, runs=runs, seed=11, rolls=len(exact.probabilities))
    for p, q in zip(exact.probabilities, sample.probabilities, strict=True):
        assert abs(p - q) <= _tolerance(p, runs)
    # expected rolls: within five standard errors of the mean of T
    pmf = [b - a for a, b in zip((0.0, *exact.probabilities), exact.probabilities, strict=False)]
    var = sum((n + 1) ** 2 * q for n, q in enumerate(pmf)) - exact.expected_rolls**2
    assert abs(sample.expected_rolls - exact.expected_rolls) <= 5 * math.sqrt(var / runs)


def test_breakthroughs_are_not_ignored() -> None:
    # the same project without breakthrough chains (each respite one 2d10 + 2, at least 1)
    goal, modifier = 120, 2
    roll = [0.0] * goal
    for a in range(1, 11):
        for b in range(1, 11):
            roll[min(goal - 1, a + b + modifier)] += 0.01 if a + b + modifier < goal else 0
    state, no_chain = [1.0] + [0.0] * (goal - 1), []
    for _ in range(20):
        state = [sum(state[i] * roll[x - i] for i in range(x + 1)) for x in range(goal)]
        no_chain.append(1 - sum(state))
    exact = completion_curve(goal, characteristic=modifier, rolls=20).probabilities
    assert all(e >= n - ERROR_BOUND for e, n in zip(exact, no_chain, strict=True))
    assert max(e - n for e, n in zip(exact, no_chain, strict=True)) > 0.03


@pytest.mark.parametrize("goal", [15, 240, 1000])
def test_curve_is_monotone_and_ends_done(goal: int) -> None:
    curve = completion_curve(goal, characteristic=1)
    probs = curve.probabilities
    assert all(0.0 <= q <= 1.0 for q in probs)
    assert all(a <= b for a, b in itertools.pairwise(probs))
    assert probs[-1] >= 1 - STOP_TAIL
    assert curve.rolls_for(0.5) <= curve.rolls_for(0.9) <= curve.rolls_for(0.999)


def test_rolls_sets_the_length() -> None:
    short = completion_curve(120, characteristic=2, rolls=5)
    long = completion_curve(120, characteristic=2, rolls=200)
    full = completion_curve(120, characteristic=2)
    assert len(short.probabilities) == 5 and len(long.probabilities) == 200
    assert short.probabilities == full.probabilities[:5]
    assert long.probabilities[-1] >= 1 - STOP_TAIL
    assert short.expected_rolls == full.expected_rolls  # never cut off by `rolls`
    with pytest.raises(RulesError, match="ask for more rolls"):
        short.rolls_for(0.99)


def test_build_airship_3000_points_fast_and_plausible() -> None:
    start = time.perf_counter()
    curve = completion_curve(3000, characteristic=2)
    needed = curve.rolls_for(0.999)
    elapsed = time.perf_counter() - start
    print(f"\ncompletion_curve(3000, +2) to 99.9% ({needed} respites): {elapsed * 1000:.1f} ms")
    # mean points per activity: (11 + 2) / (1 - 3/100) with breakthrough chains
    mean = 13 / 0.97
    assert curve.expected_rolls == pytest.approx(3000 / mean, abs=2)
    assert 3000 / mean < needed < 3000 / mean + 40
    assert curve.probabilities[99] < 1e-6  # 100 respites make about 1340 points


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({}, "characteristic"),
        ({"characteristic": 1, "workers": CREW}, "not both"),
        ({"workers": CREW, "edges": 1}, "not both"),
        ({"workers": [Worker(1, rolls=0)]}, "at least one roll"),
        ({"workers": ["hero"]}, "Worker"),
        ({"characteristic": 1, "rolls": 0}, "rolls"),
        ({"characteristic": 1, "points_already": -1}, "points_already"),
        ({"characteristic": 1, "language": "fluent"}, "language"),
    ],
)
def test_rejects_bad_input(kwargs: dict, message: str) -> None:
    for curve in (completion_curve, convolution_curve, monte_carlo_curve):
        with pytest.raises(RulesError, match=message):
            curve(100, **kwargs)
    with pytest.raises(RulesError, match="goal"):
        completion_curve(0, characteristic=1)


def test_worker_validates_its_rolls() -> None:
    with pytest.raises(RulesError, match="rolls"):
        Worker(1, rolls=-1)
    assert Worker(2, skill=True, banes=1).modifier == 2


def test_rolls_for_rejects_bad_probability() -> None:
    curve = completion_curve(45, characteristic=2)
    for bad in (0, -0.1, 1.5):
        with pytest.raises(RulesError, match="probability"):
            curve.rolls_for(bad)
