"""An event just written decodes its payload and ops from the text it wrote, when first read
(drawsteel_kit/kit/ledger/events.py): it must be the same value as that row read back, in
every way an Event is used (equality, copies, pickling, dataclasses' helpers, threads)."""

from __future__ import annotations

import copy
import dataclasses
import pickle
import threading

from drawsteel_kit.kit.ledger.events import Event
from drawsteel_kit.systems.draw_steel.activities import ProjectRoll, StartProject
from drawsteel_kit.systems.draw_steel.campaign import Campaign


def written(camp: Campaign) -> list[Event]:
    """Events just written, each undecoded: a hand adjustment and a respite with dice."""
    done = [*camp.adjust_hero("Val", renown=2, reason="Saved the miller \u00e9").events,
            *camp.take_respite(["Val"], activities={"Val": ProjectRoll("The mill")}, seed=4,
                               starts=[StartProject("Val", "Discover Lore", title="The mill",
                                                    params={"kind": "lost"})]).events]
    assert done and all("_payload" not in e.__dict__ for e in done)
    return done


def test_an_event_just_written_is_the_row_read_back(campaign: Campaign) -> None:
    events = written(campaign)
    rolled = [e for e in events if e.dice]
    for event in events:
        back = campaign.ledger.event(event.id)
        assert event == back and back == event
        assert (event.payload, event.ops, event.dice) == (back.payload, back.ops, back.dice)
        assert repr(event) == repr(back)
    assert rolled and all(type(f) is int for e in rolled for f in e.dice)


def test_copies_pickles_and_dataclass_helpers_hold_the_same_event(campaign: Campaign) -> None:
    for fresh in written(campaign):
        back = campaign.ledger.event(fresh.id)
        pickled = pickle.loads(pickle.dumps(fresh))  # before its payload is read
        copied, deep = copy.copy(fresh), copy.deepcopy(fresh)
        assert pickled == copied == deep == back
        assert dataclasses.asdict(fresh) == dataclasses.asdict(back)
        assert fresh.as_dict() == back.as_dict()
        moved = dataclasses.replace(fresh, day=fresh.day + 1)
        assert (moved.day, moved.payload, moved.ops) == (back.day + 1, back.payload, back.ops)
        assert moved != back and dataclasses.replace(moved, day=back.day) == back
        assert pickle.loads(pickle.dumps(fresh)) == back  # and after


def test_threads_reading_one_new_event_get_the_same_payload(campaign: Campaign) -> None:
    for _ in range(20):
        fresh = campaign.adjust_hero("Val", wealth=campaign.hero("Val").wealth + 1,
                                     reason="Paid").events[0]
        seen: list[object] = []
        start = threading.Barrier(4)

        def read(event: Event, seen: list[object], start: threading.Barrier) -> None:
            start.wait()
            seen.append((event.payload, event.ops))

        threads = [threading.Thread(target=read, args=(fresh, seen, start)) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        back = campaign.ledger.event(fresh.id)
        assert seen == [(back.payload, back.ops)] * 4
