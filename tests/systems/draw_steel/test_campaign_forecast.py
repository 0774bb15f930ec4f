"""Campaign.forecast: who works on a project (the hero's respites, assigned followers' days)
becomes forecast workers; the curve is the exact one and agrees with a simulation."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import campaign_data, write_campaign

from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.systems.draw_steel.errors import ProjectNotStarted
from drawsteel_kit.systems.draw_steel.forecast import Worker, completion_curve
from drawsteel_kit.systems.draw_steel.forecast.checks import monte_carlo_curve

HEROES: tuple[dict[str, Any], ...] = (
    {
        "name": "Val", "career": "Sage", "max_stamina": 21, "max_recoveries": 8,
        "characteristics": {"reason": 2, "intuition": 1}, "languages": ["Caelian", "Anjali"],
        "skills": ["Magic"], "project_points": 240,
    },
    {"name": "Bran", "max_stamina": 24, "max_recoveries": 12, "characteristics": {"might": 2}},
)
SAGE: dict[str, Any] = {
    "ancestry": "Human", "languages": ["Anjali", "Voll"],
    "skills": ["History", "Magic", "Nature", "Religion"],
}


@pytest.fixture
def camp(tmp_path: Path) -> Iterator[Campaign]:
    campaign, _ = Campaign.init(write_campaign(tmp_path / "c", campaign_data(heroes=HEROES)))
    with campaign:
        yield campaign


def lore(camp: Campaign, kind: str = "lost", **kw: Any) -> int:
    return camp.start_project("Val", "Discover Lore", params={"kind": kind},
                              **kw).details["project_id"]


def sage(camp: Campaign, name: str, project: int) -> None:
    camp.add_follower("Val", name, "sage", beyond_cap="the guild lends its sages", **SAGE)
    camp.assign_follower(name, project)


def test_the_owner_alone_is_the_exact_curve(camp):
    p = lore(camp)
    curve = camp.forecast(p)
    assert curve.workers == (Worker(2, name="Val"),)
    assert curve.probabilities == completion_curve(120, characteristic=2).probabilities
    assert all(a <= b for a, b in zip(curve.probabilities, curve.probabilities[1:], strict=False))
    assert curve.probabilities[0] < 1e-6  # 120 points in one roll takes six breakthroughs
    assert curve.probabilities[-1] > 1 - 1e-9
    assert len(camp.forecast(p, rolls=4).probabilities) == 4


def test_points_already_in_the_project_count(camp):
    p = lore(camp)
    camp.spend_project_points("Val", p, 60)
    curve = camp.forecast(p)
    assert (curve.goal, curve.points_already) == (120, 60)
    expected = completion_curve(120, points_already=60, characteristic=2)
    assert curve.probabilities == expected.probabilities


def test_the_rollers_choices_become_the_workers_modifiers(camp):
    p = lore(camp, source_language="Voll")
    (worker,) = camp.forecast(p, edges=1, banes=1, skill="magic").workers
    assert worker == Worker(2, edges=1, banes=1, skill=True, language="unknown", name="Val")
    (other,) = camp.forecast(p, hero="Bran").workers  # Bran: Reason 0
    assert (other.characteristic, other.name) == (0, "Bran")
    with pytest.raises(RulesError, match="Val does not have the skill 'Alchemy'"):
        camp.forecast(p, skill="Alchemy")
    with pytest.raises(RulesError, match="cannot roll 'might'"):
        camp.forecast(p, characteristic="might")
    camp.grant_title("Bran", "Master Crafter")
    (crafter,) = camp.forecast(p, hero="Bran").workers  # may use Might 2 now
    assert crafter.characteristic == 2


def test_ancient_loremaster_dice_count_on_research_only(camp):
    camp.grant_title("Val", "Ancient Loremaster")
    camp.adjust_hero("Val", reason="studied",
                     languages=["Caelian", "Anjali", "High Rhyvian", "Low Rhyvian"])
    p = lore(camp)
    (worker,) = camp.forecast(p).workers
    assert worker.extra_d6 == 2
    assert camp.forecast(p).probabilities == completion_curve(
        120, characteristic=2, extra_d6=2).probabilities
    potion = camp.start_project("Val", "Healing Potion", prerequisite="owned")
    assert camp.forecast(potion.details["project_id"]).workers[0].extra_d6 == 0


def test_assigned_followers_join_the_crew_and_finish_sooner(camp):
    p = lore(camp, kind="forbidden")
    solo = camp.forecast(p)
    sage(camp, "Ash", p)
    sage(camp, "Ember", lore(camp))  # works on another project: not in this crew
    crew = camp.forecast(p)
    assert [w.name for w in crew.workers] == ["Val", "Ash"]
    assert crew.workers[1] == Worker(1, name="Ash")  # Reason 1, no skill assigned
    assert all(c >= s for c, s in zip(crew.probabilities, solo.probabilities, strict=False))
    assert crew.rolls_for(0.5) < solo.rolls_for(0.5)
    assert crew.expected_rolls < solo.expected_rolls
    camp.assign_follower("Ember", p, skill_applies=True)
    bigger = camp.forecast(p)
    assert len(bigger.workers) == 3 and bigger.workers[2].skill is True
    assert bigger.rolls_for(0.9) < crew.rolls_for(0.9)
    only_followers = camp.forecast(p, respites=False)
    assert [w.name for w in only_followers.workers] == ["Ash", "Ember"]
    assert [w.name for w in camp.forecast(p, followers=False).workers] == ["Val"]


def test_nobody_at_work_is_an_error(camp):
    p = lore(camp)
    with pytest.raises(RulesError, match="nobody works on 'Discover Lore'"):
        camp.forecast(p, respites=False)


def test_a_finished_project_has_no_forecast(camp):
    p = lore(camp, kind="common")
    camp.spend_project_points("Val", p, 15)
    with pytest.raises(ProjectNotStarted, match="already complete"):
        camp.forecast(p)


def test_the_forecast_agrees_with_a_simulation(camp):
    p = lore(camp, source_language="Ananjali")  # related: Val rolls with a bane
    camp.spend_project_points("Val", p, 20)
    sage(camp, "Ash", p)
    curve = camp.forecast(p, edges=1)
    runs = 4_000
    sample = monte_carlo_curve(curve.goal, points_already=curve.points_already,
                               workers=curve.workers, runs=runs, seed=5)
    exact, simulated = list(curve.probabilities), list(sample.probabilities)
    length = max(len(exact), len(simulated))
    exact += exact[-1:] * (length - len(exact))
    simulated += simulated[-1:] * (length - len(simulated))
    for step, (a, b) in enumerate(zip(exact, simulated, strict=True), start=1):
        assert abs(a - b) <= 5 * sample.error, (step, a, b)
    assert 0.05 < exact[3] < 0.95  # a step where the curve is still deciding
