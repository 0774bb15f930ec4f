"""Undo (compensating events, whole operations, blocked undos) and rebuilding the
projections from history, including a long random walk of operations."""

from __future__ import annotations

import contextlib
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import HEROES, examples, write_campaign
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from drawsteel_kit.kit.errors import DrawSteelKitError, UndoError
from drawsteel_kit.kit.ledger import DIRECTOR, PARTY, Ledger
from drawsteel_kit.systems.draw_steel.campaign import Campaign

NAMES = [h["name"] for h in HEROES]

# --- undo restores exactly -----------------------------------------------------------------

OPERATIONS: dict[str, Callable[[Campaign], object]] = {
    "victories-all": lambda c: c.award_victories(2),
    "victories-one": lambda c: c.award_victories(1, ["yorn"]),
    "respite": lambda c: c.take_respite(activities={"Val": "Discover Lore"}),
    "session": lambda c: c.start_session(),
    "tokens": lambda c: c.award_tokens(3, reason="bold"),
    "day": lambda c: c.advance_day(4),
    "adjust": lambda c: c.adjust_hero("Bran", reason="fix", skills=["History"], wealth=3),
    "stamina-spend": lambda c: c.spend_tokens("stamina", hero="Val", test="hold the door"),
}


@pytest.mark.parametrize("name", OPERATIONS)
def test_undo_restores_the_exact_snapshot(campaign, name):
    campaign.start_session()
    campaign.award_victories(1, ["Bran", "Val"])
    campaign.adjust_hero("Val", reason="hurt", stamina=2, recoveries=3)
    if name == "session":
        campaign.end_session()
    before = campaign.ledger.snapshot()
    happened = OPERATIONS[name](campaign)
    assert campaign.ledger.snapshot() != before
    undone = campaign.undo(happened.events[-1].id, reason="misclick")
    assert campaign.ledger.snapshot() == before
    assert {e.undoes for e in undone.events} == set(happened.event_ids)
    assert all(e.kind == "undo" for e in undone.events)
    assert campaign.ledger.verify()


def test_undoing_one_heros_event_undoes_the_whole_operation(campaign):
    before = campaign.ledger.snapshot()
    happened = campaign.award_victories(3)
    middle = happened.events[1]
    undone = campaign.undo(middle.id)
    assert campaign.ledger.snapshot() == before
    assert len(undone.events) == 3
    assert campaign.ledger.undone_ids() == set(happened.event_ids)
    for event in happened.events:
        with pytest.raises(UndoError, match="already undone"):
            campaign.undo(event.id)


def test_undo_keeps_the_visibility_of_what_it_undoes(campaign):
    secret = campaign.adjust_hero("Val", reason="curse", renown=2, visibility=DIRECTOR)
    undone = campaign.undo(secret.events[0].id)
    assert undone.events[0].visibility == DIRECTOR
    assert undone.events[0].id not in [e.id for e in campaign.history(visible_to=PARTY)]


def test_undo_blocked_by_a_later_change_names_the_blocking_events(campaign):
    first = campaign.award_victories(1, ["Val"]).events[0]
    campaign.award_victories(1, ["Bran"])  # another hero: not a blocker
    campaign.adjust_hero("Val", reason="fame", renown=1)  # Val, but another field
    second = campaign.award_victories(1).events  # Val's victories again: blocks
    val_second = next(e for e in second if e.actor == "Val")
    state, count = campaign.ledger.snapshot(), campaign.ledger.event_count()
    with pytest.raises(UndoError) as info:
        campaign.undo(first.id)
    message = str(info.value)
    assert f"#{val_second.id}" in message
    assert "victories is now 2, not 1" in message
    named = {int(n) for n in re.findall(r"#(\d+)", message.split("Undo these first")[1])}
    assert named == {val_second.id}
    assert (campaign.ledger.snapshot(), campaign.ledger.event_count()) == (state, count)
    # Undo the blocker first, newest first, and then the first award goes too.
    campaign.undo(val_second.id)
    campaign.undo(first.id)
    assert campaign.hero("Val").victories == 0
    assert campaign.hero("Val").renown == 1


def test_a_later_change_to_other_fields_of_the_same_hero_does_not_block(campaign):
    award = campaign.award_victories(2, ["Val"]).events[0]
    campaign.adjust_hero("Val", reason="fame", renown=1, might=1)
    campaign.undo(award.id)
    val = campaign.hero("Val")
    assert (val.victories, val.renown, val.might) == (0, 1, 1)


def test_undo_of_an_undo_reapplies(campaign):
    campaign.start_session()
    happened = campaign.award_victories(2, ["Val", "Yorn"])
    after = campaign.ledger.snapshot()
    first_undo = campaign.undo(happened.events[0].id)
    redo = campaign.undo(first_undo.events[1].id, reason="it did happen")
    assert campaign.ledger.snapshot() == after
    assert len(redo.events) == 2
    assert not set(happened.event_ids) & campaign.ledger.undone_ids()
    # ... and the original can be undone again, and that again.
    third = campaign.undo(happened.events[1].id)
    assert campaign.hero("Val").victories == 0
    campaign.undo(third.events[0].id)
    assert campaign.ledger.snapshot() == after
    assert campaign.ledger.verify()


def test_campaign_creation_cannot_be_undone(campaign):
    state, count = campaign.ledger.snapshot(), campaign.ledger.event_count()
    created = campaign.history(kind="campaign_created")[0]
    with pytest.raises(UndoError, match="creation"):
        campaign.undo(created.id)
    # The heroes of the first init were written by the same operation.
    for hero_added in campaign.history(kind="hero_added"):
        with pytest.raises(UndoError, match="creation"):
            campaign.undo(hero_added.id)
    assert (campaign.ledger.snapshot(), campaign.ledger.event_count()) == (state, count)
    assert campaign.party.name == "Test Company"


def test_a_hero_added_later_can_be_undone_only_while_unchanged(campaign, campaign_dir):
    campaign.close()
    kira = {"name": "Kira", "level": 1, "max_stamina": 20, "max_recoveries": 8}
    write_campaign(campaign_dir, heroes=[*HEROES, kira])
    camp, happened = Campaign.init(campaign_dir)
    with camp:
        added = happened.events[0]
        award = camp.award_victories(2, ["Kira"]).events[0]
        with pytest.raises(UndoError, match=f"#{award.id}"):
            camp.undo(added.id)
        assert camp.hero("Kira").victories == 2
        camp.undo(award.id)
        camp.undo(added.id)
        assert "Kira" not in camp.heroes
        assert camp.ledger.verify()


def test_undo_refuses_unknown_events_and_events_that_changed_nothing(campaign):
    with pytest.raises(UndoError, match="no event #999"):
        campaign.undo(999)
    interrupted = campaign.take_respite(interrupted=True)
    with pytest.raises(UndoError, match="changed nothing"):
        campaign.undo(interrupted.events[0].id)


def test_double_undo_is_refused(campaign):
    day = campaign.advance_day(2).events[0]
    campaign.undo(day.id)
    count = campaign.ledger.event_count()
    with pytest.raises(UndoError, match="already undone"):
        campaign.undo(day.id)
    assert campaign.ledger.event_count() == count
    assert campaign.party.day == 1


# --- undoing everything, newest first, gets back to the start ------------------------------

STEP = st.one_of(
    st.tuples(st.just("victories"), st.integers(1, 3), st.sets(st.sampled_from(NAMES))),
    st.tuples(st.just("tokens"), st.integers(1, 2), st.none()),
    st.tuples(st.just("day"), st.integers(1, 3), st.none()),
    st.tuples(st.just("respite"), st.booleans(), st.sets(st.sampled_from(NAMES), min_size=1)),
    st.tuples(st.just("session"), st.none(), st.none()),
    st.tuples(st.just("adjust"), st.integers(-5, 5), st.sampled_from(NAMES)),
)


def _run(camp: Campaign, step: tuple) -> list[int]:
    what, a, b = step
    if what == "victories":
        return list(camp.award_victories(a, sorted(b) or None).event_ids)
    if what == "tokens":
        return list(camp.award_tokens(a).event_ids)
    if what == "day":
        return list(camp.advance_day(a).event_ids)
    if what == "respite":
        return list(camp.take_respite(sorted(b), interrupted=a).event_ids)
    if what == "session":
        return list((camp.end_session() if camp.party.session_open
                     else camp.start_session()).event_ids)
    return list(camp.adjust_hero(b, reason="r", might=a).event_ids)


@settings(max_examples=examples(20), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(STEP, min_size=1, max_size=12))
# a respite that restored nothing joined a day: it must be undoable first (it was refused)
@example(steps=[("respite", False, {NAMES[0], NAMES[1]}), ("respite", False, {NAMES[0]}),
                ("respite", False, {NAMES[1]})])
def test_undoing_every_operation_newest_first_restores_the_start(tmp_path_factory, steps):
    folder = write_campaign(tmp_path_factory.mktemp("walk"))
    camp, _ = Campaign.init(folder)
    with camp:
        start = camp.ledger.snapshot()
        done: list[list[int]] = []
        for step in steps:
            with contextlib.suppress(DrawSteelKitError):  # "nothing to change" and the like
                done.append(_run(camp, step))
        for ids in reversed(done):
            if any(camp.ledger.event(i).ops or camp.ledger.event(i).kind in
                   camp.undoable_without_changes for i in ids):
                camp.undo(ids[0])
        assert camp.ledger.snapshot() == start
        assert camp.ledger.verify()


# --- a long random walk --------------------------------------------------------------------


def _random_operation(camp: Campaign, rng: random.Random) -> None:
    heroes = NAMES + ["Nobody"] * (rng.random() < 0.05)
    pick = rng.randrange(11)
    some = rng.sample(heroes, rng.randint(0, len(heroes))) or None
    count = rng.choice([1, 1, 2, 3, 0, -1])
    if pick == 0:
        camp.award_victories(count, some, reason="walk")
    elif pick == 1:
        camp.award_tokens(count)
    elif pick == 2:
        camp.spend_tokens(rng.choice(["surges", "save", "reroll", "stamina", "stamina"]),
                          hero=rng.choice([*heroes, None]), round=rng.choice([1, 2, None]),
                          test=rng.choice([None, "climb"]))
    elif pick == 3:
        camp.start_session()
    elif pick == 4:
        camp.end_session()
    elif pick == 5:
        acts = {n: "a project roll" for n in rng.sample(NAMES, rng.randint(0, 2))}
        camp.take_respite(some, activities=acts, interrupted=rng.random() < 0.2)
    elif pick == 6:
        camp.advance_day(count)
    elif pick == 7:
        name = rng.choice(heroes)
        field = rng.choice(["stamina", "recoveries", "renown", "might", "wealth", "xp"])
        camp.adjust_hero(name, reason="walk", **{field: rng.randint(-12, 30)},
                         visibility=rng.choice([PARTY, DIRECTOR]))
    else:  # undo: mostly recent events, sometimes any
        last = camp.ledger.event_count()
        target = rng.choice([last, last - 1, last - 2, rng.randint(1, last + 1)])
        camp.undo(max(target, 1))


def _replay_into(path: Path, source: Ledger) -> Ledger:
    copy = Ledger.open(path, system="draw-steel")
    with copy.write():
        for ev in source.events():
            copy.append(ev.kind, day=ev.day, session=ev.session, actor=ev.actor,
                        payload=ev.payload, ops=ev.ops, seed=ev.seed, dice=ev.dice,
                        visibility=ev.visibility, undoes=ev.undoes, operation=ev.operation)
    return copy


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_long_random_walk_keeps_history_and_state_consistent(tmp_path, seed):
    camp, _ = Campaign.init(write_campaign(tmp_path / "c", hero_tokens_reset=seed != 2,
                                           xp_track=["normal", "fast", "normal"][seed - 1]))
    rng = random.Random(seed)
    refused = landed = 0
    with camp:
        for _ in range(300):
            state, count = camp.ledger.snapshot(), camp.ledger.event_count()
            try:
                _random_operation(camp, rng)
                landed += 1
            except DrawSteelKitError:
                refused += 1
                assert (camp.ledger.snapshot(), camp.ledger.event_count()) == (state, count)
        assert landed > 100 and refused > 30
        assert camp.ledger.undone_ids(), "the walk should have undone something"
        for hero in camp.heroes.values():
            assert hero.stamina <= hero.max_stamina
            assert 0 <= hero.recoveries <= hero.max_recoveries
        assert camp.party.hero_tokens >= 0

        assert camp.ledger.verify() is True
        state = camp.ledger.snapshot()
        assert camp.ledger.rebuild() == camp.ledger.event_count()
        assert camp.ledger.snapshot() == state

        replayed = _replay_into(tmp_path / "replayed.db", camp.ledger)
        backup = Ledger.open(camp.backup(tmp_path / "backup.db"))
        try:
            assert replayed.snapshot() == state
            backup.rebuild()
            assert backup.snapshot() == state
        finally:
            replayed.close()
            backup.close()
