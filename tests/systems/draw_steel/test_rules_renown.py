"""Renown: growth by level, the follower cap, impression, fame or infamy, negotiation bonuses."""

from __future__ import annotations

import dataclasses

import pytest

from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.systems.draw_steel.rules import followers
from drawsteel_kit.systems.draw_steel.rules import renown as rn
from drawsteel_kit.systems.draw_steel.rules.renown import (
    Influence,
    NegotiationBonus,
    edge_skills,
    follower_cap,
    impression_examples,
    impression_of,
    influence,
    level_renown,
    negotiation_renown,
    sways,
    typical_impression,
)

# --- constants and the follower cap (000: 3910-3933) --------------------------------------------


def test_book_constants() -> None:
    assert rn.STARTING_RENOWN == 0 and rn.RENOWN_PER_LEVEL == 1
    assert (rn.IMPRESSION_MIN, rn.IMPRESSION_MAX) == (1, 12)
    assert rn.RENOWN_FOLLOWERS == ((3, 1), (6, 2), (9, 3), (12, 4))


def test_followers_still_exports_the_cap() -> None:
    assert followers.follower_cap is follower_cap
    assert followers.RENOWN_FOLLOWERS is rn.RENOWN_FOLLOWERS
    assert {"follower_cap", "RENOWN_FOLLOWERS"} <= set(followers.__all__)


@pytest.mark.parametrize(
    ("renown", "cap"),
    [(0, 0), (2, 0), (3, 1), (5, 1), (6, 2), (8, 2), (9, 3), (11, 3), (12, 4), (20, 4)],
)
def test_follower_cap_row(renown: int, cap: int) -> None:
    assert follower_cap(renown) == cap
    assert follower_cap(renown, 2) == cap + 2


@pytest.mark.parametrize(("renown", "bonus"), [(-1, 0), (3, -2), (1.5, 0), (False, 0)])
def test_follower_cap_refuses_nonsense(renown: object, bonus: object) -> None:
    with pytest.raises(RulesError, match="whole number of 0 or more"):
        follower_cap(renown, bonus)  # type: ignore[arg-type]


@pytest.mark.parametrize("old", range(1, 11))
@pytest.mark.parametrize("new", range(1, 11))
def test_level_renown_for_every_pair(old: int, new: int) -> None:
    assert level_renown(old, new) == (new - old if new > old else 0)


@pytest.mark.parametrize(("old", "new"), [(0, 2), (2, 0), (1.0, 2), (1, True), ("1", 2)])
def test_level_renown_refuses_what_is_not_a_level(old: object, new: object) -> None:
    with pytest.raises(RulesError, match="whole number of 1 or more"):
        level_renown(old, new)  # type: ignore[arg-type]


# --- the NPC Impression table (000: 3519-3532) --------------------------------------------------

IMPRESSION_ROWS = [
    (1, ("bandit leader", "commoner", "shopkeeper")),
    (2, ("knight", "local guildmaster", "professor")),
    (3, ("cult leader", "local mage", "noble lord")),
    (4, ("assassin", "baron", "local celebrity")),
    (5, ("city watch captain", "high priest", "viscount")),
    (6, ("count", "warlord")),
    (7, ("marquis", "world-famous performer")),
    (8, ("duke", "spymaster")),
    (9, ("archmage", "prince")),
    (10, ("demon lord", "monarch")),
    (11, ("archdevil", "archfey", "demigod")),
    (12, ("god", "titan")),
]


@pytest.mark.parametrize(("score", "examples"), IMPRESSION_ROWS)
def test_impression_row(score: int, examples: tuple[str, ...]) -> None:
    assert impression_examples(score) == examples
    assert rn.NPC_IMPRESSIONS[score] == examples
    for npc in examples:
        assert typical_impression(npc) == score
        assert typical_impression(npc.upper()) == score


def test_the_table_has_twelve_rows_and_is_read_only() -> None:
    assert list(rn.NPC_IMPRESSIONS) == list(range(1, 13))
    with pytest.raises(TypeError):
        rn.NPC_IMPRESSIONS[13] = ("elder god",)  # type: ignore[index]


def test_typical_impression_ignores_case_spacing_and_articles() -> None:
    assert typical_impression("Duke") == 8
    assert typical_impression("the  Demon Lord ") == 10
    assert typical_impression("a City Watch Captain") == 5
    assert typical_impression("an archmage") == 9


@pytest.mark.parametrize("npc", ["dragon", "", "dukes", "lord"])
def test_typical_impression_is_none_off_the_table(npc: str) -> None:
    assert typical_impression(npc) is None


def test_impression_examples_above_the_table_are_empty() -> None:
    assert impression_examples(13) == ()


@pytest.mark.parametrize("score", [0, -1, 2.5, True])
def test_impression_examples_refuse_nonsense(score: object) -> None:
    with pytest.raises(RulesError, match="impression score must be a whole number of 1 or more"):
        impression_examples(score)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("level", "impression", "expected"),
    [
        (8, None, 8),  # a creature's impression is its level (000: 3513)
        (1, None, 1),
        (15, None, 15),  # kept as it is: the table stops at 12, the rule does not
        (8, 3, 3),  # the Director's number wins
        (None, 12, 12),
        (None, 14, 14),
    ],
)
def test_impression_of(level: int | None, impression: int | None, expected: int) -> None:
    assert impression_of(level=level, impression=impression) == expected


@pytest.mark.parametrize(
    ("level", "impression", "message"),
    [
        (None, None, "give an NPC's impression, or its level"),
        (0, None, "NPC's level must be a whole number of 1 or more, got 0"),
        (None, 0, "impression score must be a whole number of 1 or more, got 0"),
        (2.5, None, "got 2.5"),
        (3, -1, "got -1"),
        (-3, 5, "got -3"),
    ],
)
def test_impression_of_refuses(level: object, impression: object, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        impression_of(level=level, impression=impression)  # type: ignore[arg-type]


# --- fame or infamy (000: 3517, 3535) -----------------------------------------------------------


def test_fame_and_infamy_skills() -> None:
    assert rn.FAME_SKILLS == ("Flirt", "Lead", "Persuade")
    assert rn.INFAMY_SKILLS == ("Brag", "Interrogate", "Intimidate")
    assert edge_skills("fame") == ("Flirt", "Lead", "Persuade")
    assert edge_skills("infamy") == ("Brag", "Interrogate", "Intimidate")
    assert edge_skills(None) == ()


@pytest.mark.parametrize("standing", ["famous", "", "neutral", 1])
def test_edge_skills_refuses_other_text(standing: object) -> None:
    with pytest.raises(RulesError, match="standing must be fame, infamy or None"):
        edge_skills(standing)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("renown", "impression", "knows", "expected"),
    [
        (3, 3, True, True),  # impression equal to renown: swayed
        (3, 4, True, False),
        (4, 3, True, True),
        (0, 1, True, False),
        (12, 12, True, True),
        (12, 13, True, False),
        (12, 1, False, False),  # the dragon asleep for a century (000: 3511)
    ],
)
def test_sways_boundaries(renown: int, impression: int, knows: bool, expected: bool) -> None:
    assert sways(renown, impression, knows=knows) is expected


def test_sways_defaults_to_an_npc_who_knows_the_hero() -> None:
    assert sways(5, 5) is True


@pytest.mark.parametrize(("renown", "impression"), [(-1, 1), (3, 0), (3.0, 2)])
def test_sways_refuses_nonsense(renown: object, impression: object) -> None:
    with pytest.raises(RulesError, match="whole number"):
        sways(renown, impression)  # type: ignore[arg-type]


# --- negotiation bonuses (REFERENCE.md "Titles and perks") --------------------------------------


def test_negotiation_bonuses() -> None:
    assert dict(rn.NEGOTIATION_BONUSES) == {
        "Specialist": NegotiationBonus("Specialist", 1, None, "REFERENCE.md Titles and perks"),
        "Wanted Dead or Alive": NegotiationBonus(
            "Wanted Dead or Alive", 2, "criminal", "REFERENCE.md Titles and perks"
        ),
    }


@pytest.mark.parametrize(
    ("kwargs", "expected"),
    [
        ({}, (3, ())),
        ({"perks": ["Specialist"]}, (4, ("Specialist +1",))),
        ({"perks": "specialist"}, (4, ("Specialist +1",))),  # a bare string is one name
        ({"titles": ["Wanted Dead or Alive"]}, (3, ())),  # not a criminal: no bonus
        (
            {"titles": ["wanted dead or alive"], "npc_tags": ["Criminal"]},
            (5, ("Wanted Dead or Alive +2 with criminal NPCs",)),
        ),
        (
            {"titles": ["Wanted Dead or Alive"], "perks": ["SPECIALIST"], "npc_tags": "criminal"},
            (6, ("Specialist +1", "Wanted Dead or Alive +2 with criminal NPCs")),
        ),
        ({"titles": ["Noble", "Knight"], "perks": ["Linguist"]}, (3, ())),
        ({"perks": ["Specialist", "Specialist"]}, (4, ("Specialist +1",))),  # counted once
    ],
)
def test_negotiation_renown(kwargs: dict, expected: tuple[int, tuple[str, ...]]) -> None:
    assert negotiation_renown(3, **kwargs) == expected


def test_negotiation_renown_refuses_negative_renown() -> None:
    with pytest.raises(RulesError, match="renown must be a whole number of 0 or more"):
        negotiation_renown(-1, perks=["Specialist"])


# --- influence: one hero, one NPC ---------------------------------------------------------------


def test_an_npc_above_the_heros_renown() -> None:
    result = influence("Val", 3, 8, knows=True, standing="fame", npc="the duke")
    assert result == Influence(
        hero="Val",
        renown=3,
        impression=8,
        knows=True,
        standing="fame",
        sways=False,
        edge_skills=(),
        reasons=(),
        explanation="Val (renown 3) sways the duke? no: impression 8 is above renown 3",
    )


def test_an_npc_who_does_not_know_the_hero() -> None:
    result = influence("Val", 9, 1, knows=False, standing="infamy")
    assert not result.sways and result.edge_skills == ()
    assert result.explanation == "Val (renown 9) sways the NPC? no: the NPC does not know Val"


def test_famous() -> None:
    result = influence("Val", 8, 8, knows=True, standing="fame", npc="the duke")
    assert result.sways and result.edge_skills == ("Flirt", "Lead", "Persuade")
    assert result.explanation == (
        "Val (renown 8) sways the duke? yes: impression 8 is at most renown 8; famous: edge on "
        "Flirt, Lead or Persuade arguments, even without the skill"
    )


def test_infamous() -> None:
    result = influence("Grim", 5, 2, knows=True, standing="infamy")
    assert result.edge_skills == ("Brag", "Interrogate", "Intimidate")
    assert result.explanation.endswith(
        "infamous: edge on Brag, Interrogate or Intimidate arguments, even without the skill"
    )


def test_swayed_but_the_director_has_not_decided_fame_or_infamy() -> None:
    result = influence("Val", 3, 2, knows=True, standing=None)
    assert result.sways and result.standing is None and result.edge_skills == ()
    assert result.explanation == (
        "Val (renown 3) sways the NPC? yes: impression 2 is at most renown 3; the Director "
        "decides whether Val is famous or infamous to the NPC (no edge until then)"
    )


def test_titles_and_perks_count_toward_influence() -> None:
    kwargs: dict = {"knows": True, "standing": "infamy", "titles": ["Wanted Dead or Alive"]}
    plain = influence("Val", 3, 5, npc_tags=(), **kwargs)
    criminal = influence("Val", 3, 5, npc_tags=("criminal",), **kwargs)
    assert not plain.sways and plain.renown == 3
    assert criminal.sways and criminal.renown == 5
    assert criminal.reasons == ("Wanted Dead or Alive +2 with criminal NPCs",)
    assert criminal.explanation.startswith(
        "Val (renown 5 counting Wanted Dead or Alive +2 with criminal NPCs) sways the NPC? yes"
    )
    specialist = influence("Val", 3, 4, knows=True, standing=None, perks=["Specialist"])
    assert specialist.sways and specialist.reasons == ("Specialist +1",)


def test_influence_refuses_bad_standing_and_numbers() -> None:
    with pytest.raises(RulesError, match="standing must be fame, infamy or None"):
        influence("Val", 3, 2, knows=True, standing="glory")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="impression score"):
        influence("Val", 3, 0, knows=True, standing=None)


def test_influence_is_frozen() -> None:
    result = influence("Val", 3, 2, knows=True, standing="fame")
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.sways = False  # type: ignore[misc]
