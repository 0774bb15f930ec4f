"""Generated bad values at every argument of the encounter log's operations: a clear refusal
that changes nothing, or an encounter whose books agree with their history."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from bad_input_strategies import (
    Pristine,
    assert_clear,
    bad_counts,
    books,
    odd_text,
    unknown_names,
    wrong_types,
)
from conftest import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drawsteel_kit.systems.draw_steel.campaign import Campaign

SHARED = settings(max_examples=examples(40),
                  suppress_health_check=[HealthCheck.function_scoped_fixture,
                                         HealthCheck.too_slow])
ANY = st.one_of(wrong_types, odd_text, unknown_names, bad_counts)


def _log(**change: Any) -> Callable[[Campaign], Any]:
    return lambda c: c.log_encounter(**{"title": "Ambush", "objective_met": True, **change})


#: Each argument, the words a refusal names it by, what to throw at it.
ENTRIES: dict[str, tuple[Callable[[Campaign, Any], Any], tuple[str, ...]]] = {
    "title": (lambda c, v: _log(title=v)(c), ("title",)),
    "heroes": (lambda c, v: _log(heroes=v)(c), ("hero",)),
    "heroes.one": (lambda c, v: _log(heroes=["Val", v])(c), ("hero",)),
    "opponents": (lambda c, v: _log(opponents=v)(c), ("opponent",)),
    "opponents.one": (lambda c, v: _log(opponents=["4 goblins", v])(c), ("opponent",)),
    "objective": (lambda c, v: _log(objective=v)(c), ("objective",)),
    "objective_met": (lambda c, v: _log(objective_met=v)(c), ("objective",)),
    "kind": (lambda c, v: _log(kind=v)(c), ("combat", "kind")),
    "fell": (lambda c, v: _log(fell=v)(c), ("hero", "fell")),
    "victories": (lambda c, v: _log(victories=v)(c), ("victories",)),
    "notes": (lambda c, v: _log(notes=v)(c), ("notes",)),
    "visibility": (lambda c, v: _log(visibility=v)(c), ("visibility",)),
    "encounter": (lambda c, v: c.encounter(v), ("encounter",)),
    "encounters.session": (lambda c, v: c.encounters(v), ("session",)),
    "session_victories": (lambda c, v: c.session_victories(v), ("session",)),
}


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Campaign, Pristine]]:
    camp = books(tmp_path_factory.mktemp("encounters") / "camp")
    camp.log_encounter("First", objective_met=True)
    try:
        yield camp, Pristine(camp)
    finally:
        camp.close()


@pytest.mark.parametrize("name", ENTRIES)
@SHARED
@given(data=st.data())
def test_bad_values_are_refused_clearly_or_logged_right(
        shared: tuple[Campaign, Pristine], name: str, data: st.DataObject) -> None:
    camp, pristine = shared
    call, words = ENTRIES[name]
    value = data.draw(ANY, label=name)
    try:
        try:
            call(camp, value)
        except Exception as exc:  # anything not ours fails assert_clear
            assert_clear(exc, words, value)
            assert pristine.unchanged(camp), "a refused call changed the books"
            return
        assert camp.ledger.verify(), "projections differ from a replay of history"
    finally:
        assert not camp.ledger.db.conn.in_transaction
        pristine.restore(camp)
