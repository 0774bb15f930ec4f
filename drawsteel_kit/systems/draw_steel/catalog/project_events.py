"""The crafting and research event table (REFERENCE.md, our wording): 50 bands of a d100, each
an event before or after a project roll, with what it does. ``catalog.projects`` re-exports
it."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from drawsteel_kit.kit.dice import Dice
from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.systems.draw_steel.catalog import load_data

__all__ = [
    "EVENT_BAND",
    "EVENT_DIE",
    "EVENT_EFFECTS",
    "EVENT_TIMINGS",
    "ProjectEvent",
    "event_for_roll",
    "project_events",
    "roll_project_event",
]

#: Event effects and the amounts each allows (REFERENCE.md "Project events").
EVENT_EFFECTS: dict[str, frozenset[int | None]] = {
    "none": frozenset({None}),
    "automatic_breakthrough": frozenset({None}),
    "goal_up": frozenset({20, 50}),
    "points_halved": frozenset({None}),
    "points_doubled": frozenset({None}),
    "extra_roll": frozenset({3}),
    "lose_recovery": frozenset({None}),
    "hero_token": frozenset({None}),
    "renown": frozenset({1}),
}
EVENT_TIMINGS = ("before", "after")
#: The general table is rolled on a d100 in bands of two (REFERENCE.md).
EVENT_DIE = 100
EVENT_BAND = 2


@dataclass(frozen=True)
class ProjectEvent:
    """One entry of the crafting and research event table (our wording)."""

    low: int
    high: int
    timing: str
    effect: str
    prompt: str
    amount: int | None = None
    rolls: str = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "rolls", f"{self.low}-{self.high}")


@cache
def project_events() -> tuple[ProjectEvent, ...]:
    """The 50 entries of the crafting and research event table, checked to cover 1-100."""
    events: list[ProjectEvent] = []
    expected_low = 1
    for entry in load_data("project_events")["general"]:
        low, high = (int(part) for part in str(entry["roll"]).split("-"))
        if low != expected_low or high - low + 1 != EVENT_BAND:
            raise RulesError(f"project_events.yaml: expected a band starting at {expected_low}")
        expected_low = high + 1
        effect, amount = entry["effect"], entry.get("amount")
        if effect not in EVENT_EFFECTS or amount not in EVENT_EFFECTS[effect]:
            raise RulesError(f"project_events.yaml {low}-{high}: bad effect {effect}/{amount}")
        if entry["timing"] not in EVENT_TIMINGS:
            raise RulesError(f"project_events.yaml {low}-{high}: timing is before or after")
        events.append(ProjectEvent(low, high, entry["timing"], effect, entry["prompt"], amount))
    if expected_low != EVENT_DIE + 1:
        raise RulesError(f"project_events.yaml must cover 1-{EVENT_DIE}")
    return tuple(events)


def event_for_roll(d100: int) -> ProjectEvent:
    """The event a d100 roll picks from the general table."""
    if not isinstance(d100, int) or isinstance(d100, bool) or not 1 <= d100 <= EVENT_DIE:
        raise RulesError(f"the event roll is a d{EVENT_DIE}: 1 to {EVENT_DIE}, got {d100!r}")
    return project_events()[(d100 - 1) // EVENT_BAND]


def roll_project_event(dice: Dice) -> ProjectEvent:
    """Roll a d100 on the general crafting and research event table."""
    return event_for_roll(dice.roll(EVENT_DIE))
