"""The chance a downtime project is done after N respites or days (pure: no plots, no numpy).

:func:`completion_curve` is exact up to a documented float error (``ERROR_BOUND``). Each
worker's project-roll activity is a roll of 2d10 + modifier (at least 1 point) that repeats on a
natural 19-20 (a breakthrough, seed 000: 3776). Its points have the generating function
``A(z) = S(z) / (1 - B(z))``, with ``S`` the rolls that stop the chain (natural 2-18) and ``B``
the breakthrough rolls (natural 19-20): the chain is solved in closed form, with no cap.
A step (a respite, a day) multiplies the workers' ``A`` together, and after ``n`` steps the
chance the project is still short of its remaining goal ``R`` is read off ``D(z)**n`` with a
discrete Fourier transform of size ``M`` (odd, chosen so that the chance of ``M`` or more points
by the last step is below ``ALIAS_EPS``, by a Chernoff bound). Frequencies whose terms can no
longer reach ``DROP_EPS`` in total are dropped as ``n`` grows, so a 3000-point goal takes a few
hundredths of a second.

``checks`` (this package's module) holds the two checks of it: ``convolution_curve``, the
plain reference (truncated convolutions, exact but O(R^2)), and ``monte_carlo_curve``, which
simulates with ``rules.projects.project_roll``.
"""

from __future__ import annotations

import bisect
import cmath
import math
from collections.abc import Sequence
from dataclasses import dataclass
from operator import mul, truediv

from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.systems.draw_steel.rules.projects import (
    BREAKTHROUGH_NATURALS,
    EXTRA_DIE_SIDES,
    MIN_PROJECT_POINTS,
    PROJECT_DICE,
    project_roll_modifier,
)

__all__ = ["ERROR_BOUND", "STOP_TAIL", "Curve", "RollOdds", "Worker", "completion_curve",
           "curve_from", "remaining_points", "workers_of"]

#: Highest chance of reaching M or more points (which the transform would fold back).
ALIAS_EPS = 1e-13
#: Most the dropped frequencies can add up to, at any step.
DROP_EPS = 1e-13
#: Bound on the absolute error of each probability of completion_curve (aliasing + dropped
#: frequencies + float rounding, which stays around 1e-15 for goals in the thousands).
ERROR_BOUND = 1e-12
#: When no number of rolls is asked for, the curve stops once the chance of not being done
#: is at most this; asked-for steps past that point repeat the last probability.
STOP_TAIL = 1e-12
#: Our own bound on the steps a curve is asked for (not the book's): 100 years of days. A
#: curve holds one probability a step, so a typo of 10**9 would ask for gigabytes.
MAX_FORECAST_STEPS = 36_500


@dataclass(frozen=True)
class Worker:
    """Someone making project rolls: the roll's modifiers and how many activities per step.

    A hero who rolls at each respite is ``Worker(characteristic=2, rolls=1)``; an artisan
    follower who rolls every day is another worker in the same step (a day).
    """

    characteristic: int
    edges: int = 0
    banes: int = 0
    skill: bool = False
    language: str = "known"
    bonus: int = 0
    extra_d6: int = 0
    rolls: int = 1
    name: str = ""

    def __post_init__(self) -> None:
        self.modifier  # noqa: B018 - validates the roll's inputs
        for label, value in (("extra_d6", self.extra_d6), ("rolls", self.rolls)):
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise RulesError(f"a worker's {label} must be a whole number of 0 or more")

    @property
    def modifier(self) -> int:
        return project_roll_modifier(
            self.characteristic, edges=self.edges, banes=self.banes, skill=self.skill,
            language=self.language, bonus=self.bonus,
        )  # fmt: skip


@dataclass(frozen=True)
class Curve:
    """Chance the project is done after each step 1..N (``probabilities[n - 1]``).

    ``error`` bounds each probability's absolute error (exact methods), or is the largest
    standard error of a Monte Carlo estimate (0.5 / sqrt(runs)).
    """

    goal: int
    points_already: int
    probabilities: tuple[float, ...]
    expected_rolls: float
    workers: tuple[Worker, ...]
    method: str
    error: float

    def rolls_for(self, p: float) -> int:
        """The fewest steps after which the project is done with chance ``p`` or more."""
        if not 0 < p <= 1:
            raise RulesError(f"a probability must be above 0 and at most 1, got {p!r}")
        if self.points_already >= self.goal:
            return 0
        n = bisect.bisect_left(self.probabilities, p)
        if n == len(self.probabilities):
            raise RulesError(
                f"a {p:.6g} chance is not reached within {n} steps: ask for more rolls"
            )
        return n + 1


def workers_of(
    workers: Sequence[Worker] | None, characteristic: int | None, **modifiers: object
) -> tuple[Worker, ...]:
    """Who rolls each step: ``workers`` as given, or one roller of ``characteristic`` with
    ``modifiers`` (Worker's fields); RulesError for both, neither, or no roll at all."""
    if workers is None:
        if characteristic is None:
            raise RulesError("give the roller's characteristic, or a list of workers")
        return (Worker(characteristic, **modifiers),)  # type: ignore[arg-type]  # Worker checks each
    defaults = Worker(0)
    if characteristic is not None or any(
        getattr(defaults, key) != value for key, value in modifiers.items()
    ):
        raise RulesError("give either workers or one roller's modifiers, not both")
    found = tuple(workers)
    if not all(isinstance(w, Worker) for w in found) or sum(w.rolls for w in found) < 1:
        raise RulesError("workers must be Worker specs making at least one roll per step")
    return found


def remaining_points(goal: int, points_already: int, rolls: int | None) -> int:
    """The points still to make (``goal`` - ``points_already``), once the goal, the points
    and the number of ``rolls`` asked for are checked (RulesError names the bad one)."""
    for label, value, low in (("goal", goal, 1), ("points_already", points_already, 0)):
        if not isinstance(value, int) or isinstance(value, bool) or value < low:
            raise RulesError(f"{label} must be a whole number of {low} or more, got {value!r}")
    if rolls is not None and (not isinstance(rolls, int) or isinstance(rolls, bool)
                              or not 1 <= rolls <= MAX_FORECAST_STEPS):
        raise RulesError(f"rolls must be a whole number from 1 to {MAX_FORECAST_STEPS} (or "
                         f"None), got {rolls!r}")
    return goal - points_already


@dataclass(frozen=True)
class RollOdds:
    """One worker's project roll: P(points) for chain-stopping and breakthrough rolls."""

    stop: dict[int, float]
    brk: dict[int, float]
    rolls: int

    @classmethod
    def of(cls, worker: Worker) -> RollOdds:
        count, sides = PROJECT_DICE
        naturals = _dice_counts(count, sides)
        extra = _dice_counts(worker.extra_d6, EXTRA_DIE_SIDES)
        total = sides**count * EXTRA_DIE_SIDES**worker.extra_d6
        stop: dict[int, float] = {}
        brk: dict[int, float] = {}
        for natural, n_ways in naturals.items():
            part = brk if natural in BREAKTHROUGH_NATURALS else stop
            for bonus, e_ways in extra.items():
                points = max(MIN_PROJECT_POINTS, natural + bonus + worker.modifier)
                part[points] = part.get(points, 0.0) + n_ways * e_ways / total
        return cls(stop, brk, worker.rolls)

    def moments(self) -> tuple[float, float]:
        """Mean and variance of one activity (a roll and its breakthrough chain)."""
        p = sum(self.brk.values())
        both = [*self.stop.items(), *self.brk.items()]
        mean_x = sum(v * q for v, q in both)
        square_x = sum(v * v * q for v, q in both)
        mean_a = mean_x / (1 - p)  # A = X + [breakthrough] * A'
        square_a = (square_x + 2 * sum(v * q for v, q in self.brk.items()) * mean_a) / (1 - p)
        return mean_a, square_a - mean_a**2


def _dice_counts(count: int, sides: int) -> dict[int, int]:
    """How many ways each total of ``count`` dice of ``sides`` sides comes up."""
    counts = {0: 1}
    for _ in range(count):
        nxt: dict[int, int] = {}
        for value, ways in counts.items():
            for face in range(1, sides + 1):
                nxt[value + face] = nxt.get(value + face, 0) + ways
        counts = nxt
    return counts


def _log_mgf(rolls: Sequence[RollOdds], t: float) -> float:
    """log E[exp(t * points in one step)]; inf where the breakthrough series diverges."""
    total = 0.0
    for r in rolls:
        m_b = sum(q * math.exp(t * v) for v, q in r.brk.items())
        if m_b >= 1:
            return math.inf
        m_s = sum(q * math.exp(t * v) for v, q in r.stop.items())
        total += r.rolls * (math.log(m_s) - math.log1p(-m_b))
    return total


def _transform_size(rolls: Sequence[RollOdds], remaining: int, steps: int) -> int:
    """An odd M with P(points after ``steps`` steps >= M) <= ALIAS_EPS (Chernoff bound)."""
    best = math.inf
    t = 1 / 1024
    while t < 4:
        try:
            k = _log_mgf(rolls, t)
        except OverflowError:
            break
        if math.isinf(k):
            break
        best = min(best, (steps * k - math.log(ALIAS_EPS)) / t)
        t *= 1.25
    return max(remaining + 1, math.ceil(best)) | 1


def _transform(dist: dict[int, float], size: int, zs: list[complex]) -> list[complex]:
    """sum_v P(v) z_j**v at each z_j = exp(2 pi i j / size), by Horner's rule."""
    low, high = min(dist), max(dist)
    acc = [0j] * len(zs)
    for v in range(high, low - 1, -1):
        acc = list(map(complex(dist.get(v, 0.0)).__add__, map(mul, acc, zs)))
    shift = [cmath.exp(2j * math.pi * ((j * low) % size) / size) for j in range(1, len(zs) + 1)]
    return list(map(mul, acc, shift))


def _fourier_not_done(rolls: Sequence[RollOdds], remaining: int, steps: int) -> list[float]:
    """P(fewer than ``remaining`` points) after steps 1..; stops early under STOP_TAIL."""
    size = _transform_size(rolls, remaining, steps)
    zs = [cmath.exp(2j * math.pi * j / size) for j in range(1, (size - 1) // 2 + 1)]
    phi = [1 + 0j] * len(zs)
    for r in rolls:
        # S / (1 - B): every breakthrough chain at once, in closed form
        one_minus_b = map((1 + 0j).__sub__, _transform(r.brk, size, zs))
        activity = list(map(truediv, _transform(r.stop, size, zs), one_minus_b))
        for _ in range(r.rolls):
            phi = list(map(mul, phi, activity))
    # g_j = sum over x < R of exp(-i w_j x): the transform of "fewer than R points"
    gs = [
        (1 - cmath.exp(-2j * math.pi * ((j * remaining) % size) / size)) / (1 - z.conjugate())
        for j, z in enumerate(zs, start=1)
    ]
    # a term is at most 2/M |phi|^n |g|; find the step from which it stays under its share
    share = DROP_EPS * size / (2 * len(zs))
    alive = []
    for f, g in zip(phi, gs, strict=True):
        a, b = abs(f), abs(g)
        if a == 0 or b <= share:
            alive.append(0)
        else:
            alive.append(steps if a >= 1 else min(steps, int(math.log(share / b) / math.log(a))))
    order = sorted(range(len(zs)), key=lambda i: -alive[i])
    phi, gs = [phi[i] for i in order], [gs[i] for i in order]
    ends = [-alive[i] for i in order]  # ascending for bisect
    power = phi[:]
    not_done: list[float] = []
    for n in range(1, steps + 1):
        active = bisect.bisect_right(ends, -n)  # frequencies with alive >= n
        del power[active:]
        total = sum(map(mul, power, gs), 0j).real
        short = (remaining + 2 * total) / size
        not_done.append(0.0 if n >= remaining else min(1.0, max(0.0, short)))
        if not_done[-1] <= STOP_TAIL:
            break
        power = list(map(mul, power, phi))
    return not_done


def _steps_guess(rolls: Sequence[RollOdds], remaining: int) -> int:
    """Steps by which the project is all but surely done: mean + 12 sd of the renewal time."""
    moments = [r.moments() for r in rolls]
    mean = sum(r.rolls * m for r, (m, _) in zip(rolls, moments, strict=True))
    var = sum(r.rolls * v for r, (_, v) in zip(rolls, moments, strict=True))
    spread = math.sqrt(remaining * var / mean**3)
    return math.ceil(remaining / mean + 12 * spread + 12)


def curve_from(
    goal: int,
    points_already: int,
    workers: tuple[Worker, ...],
    rolls: int | None,
    not_done: list[float],
    method: str,
    error: float,
) -> Curve:
    """The Curve of ``not_done`` (P(not done after step n)), made non-decreasing and cut or
    padded to ``rolls`` steps; ``method`` and ``error`` say how it was computed."""
    done = [1.0 - q for q in not_done]
    for i in range(1, len(done)):  # float noise must not make the curve dip
        done[i] = max(done[i], done[i - 1])
    expected = 1.0 + math.fsum(not_done) if not_done else 0.0  # sum over n >= 0 of P(T > n)
    if rolls is not None:
        last = done[-1] if done else 1.0
        done = (done + [last] * rolls)[:rolls]
    return Curve(goal, points_already, tuple(done), expected, workers, method, error)


def completion_curve(
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
    """Exact chance the project is done after each step (respite or day) 1..``rolls``.

    One roller: give ``characteristic`` and its modifiers. Several (a hero's respite roll and
    followers' daily rolls): give ``workers`` instead. With ``rolls=None`` the curve runs until
    the chance of not being done is at most STOP_TAIL. Each probability is within ERROR_BOUND.
    """
    remaining = remaining_points(goal, points_already, rolls)
    crew = workers_of(
        workers, characteristic, edges=edges, banes=banes, skill=skill, language=language,
        bonus=bonus, extra_d6=extra_d6,
    )  # fmt: skip
    if remaining <= 0:
        return curve_from(goal, points_already, crew, rolls or 1, [], "exact", 0.0)
    parts = [RollOdds.of(w) for w in crew if w.rolls]
    steps = min(remaining, _steps_guess(parts, remaining))
    while True:
        not_done = _fourier_not_done(parts, remaining, steps)
        if not_done[-1] <= STOP_TAIL or steps >= remaining:
            break
        steps = min(remaining, 2 * steps)  # rarely needed: the guess is mean + 12 sd
    return curve_from(goal, points_already, crew, rolls, not_done, "exact", ERROR_BOUND)


