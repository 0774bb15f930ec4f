"""The encounter rules (000: 815-825): who gains victories from an encounter, and how many."""

from __future__ import annotations

import pytest

from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.systems.draw_steel.rules.encounters import (
    CHALLENGE,
    CHALLENGE_VICTORIES,
    COMBAT,
    COMBAT_VICTORIES,
    Opponent,
    check_kind,
    parse_opponent,
    victories_for,
)


def test_the_books_awards_are_one_victory() -> None:
    assert COMBAT_VICTORIES == 1  # 000:821
    assert CHALLENGE_VICTORIES == 1  # 000:825


@pytest.mark.parametrize(("kind", "met", "survived", "override", "gained"), [
    (COMBAT, True, True, None, 1),       # survived, objective met: +1 (000:821)
    (COMBAT, False, True, None, 0),      # objective not met: nothing
    (COMBAT, True, False, None, 0),      # did not survive: nothing
    (COMBAT, False, False, None, 0),
    (COMBAT, True, True, 0, 0),          # trivial: the Director gives none
    (COMBAT, True, True, 3, 3),          # especially hard: more
    (COMBAT, True, False, 3, 0),         # the Director's award still needs survival
    (COMBAT, False, True, 0, 0),         # 0 for a failed objective is allowed (it is 0)
    (CHALLENGE, True, True, None, 1),    # a big challenge overcome: 1 (000:825)
    (CHALLENGE, True, True, 2, 2),       # an especially hard one: more
    (CHALLENGE, False, True, None, 0),   # not overcome
    (CHALLENGE, True, False, None, 0),   # taken out by the trap
])
def test_victories_for(kind: str, met: bool, survived: bool, override: int | None,
                       gained: int) -> None:
    assert victories_for(kind, met, survived, override) == gained


@pytest.mark.parametrize(("args", "match"), [
    (("skirmish", True, True, None), "'combat' or 'challenge', got 'skirmish'"),
    ((COMBAT, "yes", True, None), "yes or no"),
    ((COMBAT, True, 1, None), "yes or no"),
    ((COMBAT, True, True, -1), "0 or more, got -1"),
    ((COMBAT, True, True, True), "0 or more, got True"),
    ((COMBAT, True, True, 1.5), "0 or more, got 1.5"),
    # 000:821, named by the book's section, never by the seed line
    ((COMBAT, False, True, 2), "objective was not met.*the book's \"Victories\""),
])
def test_victories_for_refuses_what_the_rules_do_not_allow(args: tuple, match: str) -> None:
    with pytest.raises(RulesError, match=match):
        victories_for(*args)


@pytest.mark.parametrize(("text", "count", "name"), [
    ("4 goblins", 4, "goblins"),
    ("  12   goblin snipers ", 12, "goblin snipers"),
    ("3x wolves", 3, "wolves"),
    ("2 × ogres", 2, "ogres"),
    ("Mother Ash", 1, "Mother Ash"),
    ("the 3 sisters", 1, "the 3 sisters"),   # a number inside a name is part of it
    ("1 bridge troll", 1, "bridge troll"),
])
def test_parse_opponent(text: str, count: int, name: str) -> None:
    assert parse_opponent(text) == Opponent(count, name)


@pytest.mark.parametrize(("value", "match"), [
    ("", "needs a name"),
    ("   ", "needs a name"),
    ("0 goblins", "from 1 to 999, got 0"),
    ("1000 goblins", "from 1 to 999, got 1000"),
    ("g" * 121, "too long"),
    (4, "text like '4 goblins', got 4"),
    (None, "text like"),
])
def test_parse_opponent_refuses(value: object, match: str) -> None:
    with pytest.raises(RulesError, match=match):
        parse_opponent(value)  # type: ignore[arg-type]


def test_opponent_reads_as_written() -> None:
    assert str(Opponent(4, "goblins")) == "4 goblins"
    assert str(Opponent(1, "Mother Ash")) == "Mother Ash"
    assert Opponent(4, "goblins").as_dict() == {"count": 4, "name": "goblins"}


def test_check_kind() -> None:
    assert check_kind("combat") == COMBAT and check_kind("challenge") == CHALLENGE
    with pytest.raises(RulesError, match="got 'Combat'"):
        check_kind("Combat")
