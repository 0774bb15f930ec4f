"""The forecast checked two other ways, and timed: the same curve by plain convolution (slow,
exact) and by Monte Carlo with the project roll itself (the rules as written), and the
benchmark comparing them (``make bench``)."""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass

from drawsteel_kit.kit.dice import SeededDice
from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.systems.draw_steel.forecast import (
    ERROR_BOUND,
    STOP_TAIL,
    Curve,
    RollOdds,
    Worker,
    completion_curve,
    curve_from,
    remaining_points,
    workers_of,
)
from drawsteel_kit.systems.draw_steel.rules.projects import (
    project_roll,
)

__all__ = ["Bench", "bench_forecast", "convolution_curve", "monte_carlo_curve"]


def _activity(roll: RollOdds, remaining: int) -> list[float]:
    """P(points = x) for x < remaining of one roll and its breakthrough chain (truncated)."""
    stop = [roll.stop.get(x, 0.0) for x in range(remaining)]
    brk = [roll.brk.get(x, 0.0) for x in range(remaining)]
    chains = [0.0] * remaining  # sum over k of B^k: k breakthroughs first (each >= 1 point)
    link = [1.0] + [0.0] * (remaining - 1)
    while any(link):
        chains = [c + q for c, q in zip(chains, link, strict=True)]
        link = _convolve(link, brk, remaining)
    return _convolve(chains, stop, remaining)


def _convolve(a: list[float], b: list[float], size: int) -> list[float]:
    out = [0.0] * size
    for i, x in enumerate(a):
        if x:
            for j in range(size - i):
                out[i + j] += x * b[j]
    return out


def convolution_curve(
    goal: int,
    *,
    points_already: int = 0,
    characteristic: int | None = None,
    edges: int = 0,
    banes: int = 0,
    skill: bool = False,
    language: str = "known",
    bonus: int = 0,
    extra_d6: int = 0,
    rolls: int | None = None,
    workers: Sequence[Worker] | None = None,
) -> Curve:
    """The same curve by plain convolution clamped at the goal: slow (O(R^2) per step), exact.

    Points at or past the goal are one "done" bucket; a chain of breakthroughs cannot be
    longer than the remaining goal (every roll adds at least 1), so nothing is truncated.
    A reference to check :func:`completion_curve` against, for goals up to a few hundred.
    """
    remaining = remaining_points(goal, points_already, rolls)
    crew = workers_of(
        workers, characteristic, edges=edges, banes=banes, skill=skill, language=language,
        bonus=bonus, extra_d6=extra_d6,
    )  # fmt: skip
    if remaining <= 0:
        return curve_from(goal, points_already, crew, rolls or 1, [], "convolution", 0.0)
    step = [1.0] + [0.0] * (remaining - 1)
    for w in crew:
        activity = _activity(RollOdds.of(w), remaining)
        for _ in range(w.rolls):
            step = _convolve(step, activity, remaining)
    state = [1.0] + [0.0] * (remaining - 1)
    not_done: list[float] = []
    while not not_done or not_done[-1] > STOP_TAIL:
        state = _convolve(state, step, remaining)
        not_done.append(math.fsum(state))
    return curve_from(goal, points_already, crew, rolls, not_done, "convolution", ERROR_BOUND)


def monte_carlo_curve(
    goal: int,
    *,
    points_already: int = 0,
    characteristic: int | None = None,
    edges: int = 0,
    banes: int = 0,
    skill: bool = False,
    language: str = "known",
    bonus: int = 0,
    extra_d6: int = 0,
    rolls: int | None = None,
    workers: Sequence[Worker] | None = None,
    runs: int = 20_000,
    seed: int = 0,
) -> Curve:
    """The curve estimated by playing the project out ``runs`` times with seeded dice.

    Uses :func:`drawsteel_kit.systems.draw_steel.rules.projects.project_roll`, so it checks the
    exact curve
    against the rules as written. ``error`` is the largest standard error, 0.5 / sqrt(runs).
    """
    remaining = remaining_points(goal, points_already, rolls)
    crew = workers_of(
        workers, characteristic, edges=edges, banes=banes, skill=skill, language=language,
        bonus=bonus, extra_d6=extra_d6,
    )  # fmt: skip
    if not isinstance(runs, int) or isinstance(runs, bool) or runs < 1:
        raise RulesError(f"runs must be a whole number of 1 or more, got {runs!r}")
    error = 0.5 / math.sqrt(runs)
    if remaining <= 0:
        return curve_from(goal, points_already, crew, rolls or 1, [], "monte_carlo", 0.0)
    dice = SeededDice(seed)
    finished_after: dict[int, int] = {}
    for _ in range(runs):
        points, steps = 0, 0
        while points < remaining:
            steps += 1
            for w in crew:
                for _ in range(w.rolls):
                    points += project_roll(
                        w.characteristic, edges=w.edges, banes=w.banes, skill=w.skill,
                        language=w.language, bonus=w.bonus, extra_d6=w.extra_d6, dice=dice,
                    ).points  # fmt: skip
        finished_after[steps] = finished_after.get(steps, 0) + 1
    not_done: list[float] = []
    left = runs
    for n in range(1, max(finished_after) + 1):
        left -= finished_after.get(n, 0)
        not_done.append(left / runs)
    return curve_from(goal, points_already, crew, rolls, not_done, "monte_carlo", error)


@dataclass(frozen=True)
class Bench:
    """Timing of :func:`completion_curve` and its largest gap from a Monte Carlo run."""

    goal: int
    characteristic: int
    seconds: float
    steps: int
    max_error: float
    standard_error: float
    runs: int
    monte_carlo_seconds: float


def bench_forecast(
    goal: int = 3000,
    characteristic: int = 2,
    *,
    target: float = 0.999,
    repeats: int = 5,
    runs: int = 2000,
    seed: int = 1,
) -> Bench:
    """Time the exact curve until ``target`` (best of ``repeats``) and compare it with Monte Carlo.

    The default is the book's slowest project, Build Airship (3000 points), for a +2 hero.
    ``max_error`` is the largest gap over the steps; expect a few ``standard_error``.
    """
    timings = []
    for _ in range(repeats):
        start = time.perf_counter()
        curve = completion_curve(goal, characteristic=characteristic)
        steps = curve.rolls_for(target)
        timings.append(time.perf_counter() - start)
    start = time.perf_counter()
    sample = monte_carlo_curve(goal, characteristic=characteristic, runs=runs, seed=seed)
    mc_seconds = time.perf_counter() - start
    exact, mc = list(curve.probabilities), list(sample.probabilities)
    length = max(len(exact), len(mc))  # past its end, each curve stays at its last value
    exact += exact[-1:] * (length - len(exact))
    mc += mc[-1:] * (length - len(mc))
    gap = max(abs(a - b) for a, b in zip(exact, mc, strict=True))
    return Bench(goal, characteristic, min(timings), steps, gap, sample.error, runs, mc_seconds)
