"""The Spend Time With Loved Ones bonuses a hero holds (REFERENCE.md), read from the hero's
finished Loved Ones projects alone, are what reading every finished project gives: on a
campaign with many finished projects of several kinds, some the Director's, for the
Director, the party and each hero. Real campaign, real SQLite, scripted dice."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import campaign_data, write_campaign

from drawsteel_kit.kit.book.party_view import PartyView, books
from drawsteel_kit.kit.dice import ScriptedDice
from drawsteel_kit.systems.draw_steel.activities import ProjectRoll
from drawsteel_kit.systems.draw_steel.campaign import Campaign

LOVED_ONES = "Spend Time With Loved Ones"
ROUNDS = 4


@pytest.fixture(scope="module")
def months(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Campaign]:
    """Four months: each, Bran and Val finish Loved Ones in a respite (Bran's hidden every
    other month), and Bran a Discover Lore project in his next respite, which ends his
    bonus; each month's first respite ends Val's bonus from the month before. Then Bran
    finishes one more, hidden, and rests no more."""
    folder = write_campaign(tmp_path_factory.mktemp("loved") / "camp",
                            campaign_data(project_starts="any_time"))
    camp, _ = Campaign.init(folder)
    for r in range(ROUNDS):
        hidden = "director" if r % 2 else "party"
        bran = camp.start_project("Bran", LOVED_ONES, visibility=hidden).details["project_id"]
        val = camp.start_project("Val", LOVED_ONES).details["project_id"]
        lore = camp.start_project("Bran", "Discover Lore", params={"kind": "common"},
                                  title=f"Lore {r}", visibility=hidden).details["project_id"]
        camp.take_respite(["Bran", "Val"], activities={
            "Bran": ProjectRoll(bran, bonus=60), "Val": ProjectRoll(val, bonus=60)},
            dice=ScriptedDice([5, 5, 5, 5]))
        camp.advance_day(1)
        camp.take_respite(["Bran"], activities={"Bran": ProjectRoll(lore, bonus=60)},
                          dice=ScriptedDice([5, 5]))
        if r < ROUNDS - 1:
            camp.advance_day(30)
    # Bran's last Loved Ones (hidden) again, finished in a respite with nothing after it.
    camp.advance_day(30)
    last = camp.start_project("Bran", LOVED_ONES, visibility="director").details["project_id"]
    camp.take_respite(["Bran"], activities={"Bran": ProjectRoll(last, bonus=60)},
                      dice=ScriptedDice([5, 5]))
    yield camp
    camp.close()


def _every_finished(camp: Campaign, hero: str) -> list[tuple[int, int]]:
    """The bonuses as found by reading every project the hero finished (the old way)."""
    return [(p.id, int(p.completion_detail["stamina_bonus"]))
            for p in camp.projects(hero=hero, status="complete")
            if p.completion == "stamina_bonus" and p.completion_detail.get("stamina_bonus")
            and not p.completion_detail.get("bonus_ended")]


def test_the_campaign_has_many_finished_projects_of_several_kinds(months: Campaign) -> None:
    done = months.projects(status="complete")
    assert len(done) == 3 * ROUNDS + 1
    assert {p.completion for p in done} >= {"stamina_bonus", "lore"}
    assert {p.visibility for p in done} == {"party", "director"}


@pytest.mark.parametrize("viewer", [None, "party", "Bran", "Val"])
def test_the_bonuses_are_those_every_finished_project_gives(months: Campaign,
                                                           viewer: str | None) -> None:
    with PartyView.of(months, None if viewer in (None, "party") else viewer) as view:
        camp = months if viewer is None else books(view)
        for hero in camp.heroes:
            got = [(p.id, bonus) for p, bonus in camp.stamina_bonuses(hero)]
            assert got == _every_finished(camp, hero), (viewer, hero)
        bran = [p.visibility for p, _ in camp.stamina_bonuses("Bran")]
        val = [p.visibility for p, _ in camp.stamina_bonuses("Val")]
    # Bran holds one bonus, from a hidden project: only the Director sees it. Val's last
    # Loved Ones is still held (she has not rested since), and her earlier ones ended.
    assert bran == (["director"] if viewer is None else [])
    assert val == ["party"]
