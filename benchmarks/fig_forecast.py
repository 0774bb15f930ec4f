"""Figure 4: the exact forecast of a 3000-point project, its time and its error.

The exact curve (:func:`drawsteel_kit.systems.draw_steel.forecast.completion_curve`) is timed, then
checked against a Monte Carlo of its own: 100,000 playthroughs of the project, each roll's points
taken from a table that :func:`drawsteel_kit.systems.draw_steel.rules.projects.project_roll` itself
filled in for each of the 100 ways two d10s can land (with the hero's modifier, breakthroughs
included), so it shares the rules with the forecast but none of its mathematics. Plain Python with
no numpy: the dice come from one seeded ``random.Random`` as bytes (values 200-255 are rerolled, so
each of the 100 face pairs is equally likely), and ``bytes.translate`` and ``itertools.accumulate``
turn them into points and running totals in C.
"""

from __future__ import annotations

import bisect
import itertools
import random
import time

from benchmarks.common import Figure, median, seconds
from drawsteel_kit.kit.dice import ScriptedDice
from drawsteel_kit.systems.draw_steel.forecast import completion_curve
from drawsteel_kit.systems.draw_steel.rules.projects import PROJECT_DICE, project_roll

__all__ = ["GOAL", "monte_carlo", "roll_table", "run"]

GOAL = 3000
CHARACTERISTIC = 2
RUNS = 100_000
SEED = 2024
#: The targets: the exact curve within this time, and within this many percentage points.
TIME_TARGET = 0.1
ERROR_TARGET = 0.5
#: Random bytes drawn per playthrough at a time (refilled when a project needs more).
CHUNK = 512
_PAIRS = 100  # two d10s: 10 x 10 face pairs
_ACCEPT = 2 * _PAIRS  # bytes 0-199 map evenly onto the pairs; 200-255 are rerolled


def roll_table(characteristic: int) -> tuple[bytes, bytes]:
    """For each face pair (index 10 * (a - 1) + (b - 1)): the roll's points, and 1 where
    the roll ends the activity (0: a breakthrough, which rolls again)."""
    count, sides = PROJECT_DICE
    assert (count, sides) == (2, 10), "the table is written for 2d10"
    points, stops = [], []
    for a in range(1, sides + 1):
        for b in range(1, sides + 1):
            # two more faces (a natural 2) in case this roll is a breakthrough
            first = project_roll(characteristic, dice=ScriptedDice([a, b, 1, 1])).rolls[0]
            points.append(first.points)
            stops.append(0 if first.breakthrough else 1)
    return bytes(points), bytes(stops)


def monte_carlo(goal: int, characteristic: int, runs: int, seed: int) -> list[float]:
    """P(done after n activities) for n = 1.. by playing the project ``runs`` times."""
    points, stops = roll_table(characteristic)
    to_pair = bytes(i % _PAIRS for i in range(_ACCEPT)) + bytes(256 - _ACCEPT)
    rerolled = bytes(range(_ACCEPT, 256))
    pair_points = points + bytes(256 - _PAIRS)
    pair_stops = stops + bytes(256 - _PAIRS)
    rng = random.Random(seed)
    finished: dict[int, int] = {}
    for _ in range(runs):
        pairs = b""
        totals: list[int] = []
        while not totals or totals[-1] < goal:
            more = rng.randbytes(CHUNK).translate(to_pair, rerolled)
            pairs += more
            running = itertools.accumulate(more.translate(pair_points),
                                           initial=totals[-1] if totals else 0)
            next(running)  # the total carried over, already in totals
            totals.extend(running)
        last = bisect.bisect_left(totals, goal)  # the roll that reaches the goal
        # its activity: one more than the activities ended before it
        steps = 1 + pairs[:last].translate(pair_stops).count(1)
        finished[steps] = finished.get(steps, 0) + 1
    curve, done = [], 0
    for n in range(1, max(finished) + 1):
        done += finished.get(n, 0)
        curve.append(done / runs)
    return curve


def run(repeats: int = 7, runs: int = RUNS) -> Figure:
    """Time the exact curve (median of ``repeats``) and compare it with the Monte Carlo."""
    timings = []
    for _ in range(repeats):
        start = time.perf_counter()
        exact = completion_curve(GOAL, characteristic=CHARACTERISTIC)
        timings.append(time.perf_counter() - start)
    start = time.perf_counter()
    sampled = monte_carlo(GOAL, CHARACTERISTIC, runs, SEED)
    mc_seconds = time.perf_counter() - start
    ours = list(exact.probabilities)
    length = max(len(ours), len(sampled))  # past its end each curve stays where it ended
    ours += ours[-1:] * (length - len(ours))
    sampled += sampled[-1:] * (length - len(sampled))
    gap = max(abs(a - b) for a, b in zip(ours, sampled, strict=True)) * 100
    worst = max(range(length), key=lambda i: abs(ours[i] - sampled[i]))
    took = median(timings)
    standard = 50 / runs**0.5
    return Figure(
        4, f"Forecast of a {GOAL}-point project (a +{CHARACTERISTIC} hero, one roll a step): "
           f"exact curve vs a {runs:,}-run Monte Carlo",
        f"exact {seconds(took)} (median of {repeats}; {len(exact.probabilities)} steps); "
        f"largest gap {gap:.3f} pp at step {worst + 1} (Monte Carlo standard error at most "
        f"{standard:.3f} pp; it took {mc_seconds:.1f} s)",
        ratio=f"{took:.3f} s; {gap:.2f} pp",
        target=f"< {TIME_TARGET} s; < {ERROR_TARGET} pp",
        met=took < TIME_TARGET and gap < ERROR_TARGET)
