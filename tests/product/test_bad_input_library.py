"""Bad input at every public Campaign operation: a clear error or a correct result.

Each operation is called with one argument replaced by something a user gets wrong (numbers
out of range, huge, negative, floats, booleans, None or text where a count goes; names that
are not in the books; odd unicode; values of the wrong type). It must either refuse with one
of our own errors whose message names what to fix, leaving projections and history exactly
as they were, or accept (an emoji reason is a fine reason) and leave books that still agree
with a replay of their history. test_failures.py checks a fixed list of refusals byte for
byte; these tests throw generated values at every operation.

One campaign serves each module; an example that wrote is rolled back from a copy.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from bad_input_strategies import (
    FOLLOWER,
    ITEM,
    NO_SHRINK,
    NPC,
    PROJECT,
    Pristine,
    assert_clear,
    bad_counts,
    books,
    huge_ints,
    odd_text,
    one_line,
    surrogate_text,
    unknown_names,
    wrong_types,
)
from conftest import TESTS, examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drawsteel_kit.kit.errors import DrawSteelKitError, RulesError
from drawsteel_kit.systems.draw_steel.activities import (
    FindSource,
    NewFollower,
    Other,
    ProjectRoll,
    Recruit,
    ServeAsSource,
    StudyGuide,
)
from drawsteel_kit.systems.draw_steel.campaign import Campaign

SHARED = settings(max_examples=examples(20),
                  suppress_health_check=[HealthCheck.function_scoped_fixture,
                                         HealthCheck.too_slow])

Call = Callable[[Campaign, Any], object]


@dataclass(frozen=True)
class Entry:
    """One argument of one operation: how to call it with a value, the words a refusal
    should use to name it, and the values to try."""

    call: Call
    words: tuple[str, ...]
    values: st.SearchStrategy[Any]


def _entry(call: Call, *words: str, values: st.SearchStrategy[Any]) -> Entry:
    return Entry(call, words, values)


#: Below SQLite's 64-bit limit (numbers beyond it have tests of their own, below).
storable = bad_counts.filter(lambda v: not (isinstance(v, int) and abs(v) >= 2**63))
#: A forecast curve this long is computed in well under a second (longer ones take longer).
MAX_CURVE = 10_000
NAME, COUNT, TEXT = unknown_names, bad_counts, odd_text
SAGE = dict(ancestry="Human", skills=("History", "Magic", "Nature", "Religion"),
            languages=("Khelt", "Zaliac"))
ARTISAN = dict(ancestry="Dwarf", physical="might",
               skills=["Alchemy", "Blacksmithing", "Carpentry", "Cooking"],
               languages=["Khelt", "Zaliac"])


def _respite(c: Campaign, activity: object, hero: str = "Val", **kw: Any) -> object:
    return c.take_respite([hero], activities={hero: activity}, **kw)  # type: ignore[dict-item]


def _recruit(c: Campaign, **changes: Any) -> object:
    new = {"name": "Maelis", "role": "sage", **SAGE, **changes}
    at = new.pop("at", None)
    return _respite(c, Recruit((NewFollower(**new),), at=at), hero="Yorn")


def _adjust(field: str, values: st.SearchStrategy[Any]) -> Entry:
    return _entry(lambda c, v: c.adjust_hero("Val", reason="a fix", **{field: v}), field,
                  "nothing to change", values=values)


ENTRIES: dict[str, Entry] = {
    # sessions, victories, tokens, days
    "award_victories.count": _entry(lambda c, v: c.award_victories(v, ["Val"]), "victories",
                                    values=COUNT),
    "award_victories.hero": _entry(lambda c, v: c.award_victories(1, [v]), "hero", values=NAME),
    "award_victories.reason": _entry(lambda c, v: c.award_victories(1, reason=v), "reason",
                                     values=TEXT),
    "award_tokens.count": _entry(lambda c, v: c.award_tokens(v), "token", values=COUNT),
    "spend_tokens.spend": _entry(lambda c, v: c.spend_tokens(v), "spend", values=NAME),
    "spend_tokens.hero": _entry(lambda c, v: c.spend_tokens("stamina", hero=v), "hero",
                                values=NAME),
    "advance_day.days": _entry(lambda c, v: c.advance_day(v), "days", values=COUNT),
    "advance_day.seed": _entry(lambda c, v: c.advance_day(1, seed=v), "seed", values=COUNT),
    "advance_day.reason": _entry(lambda c, v: c.advance_day(1, reason=v), "reason",
                                 values=TEXT),
    # respites and their activities
    "take_respite.hero": _entry(lambda c, v: c.take_respite([v]), "hero", values=NAME),
    "take_respite.activity_hero": _entry(
        lambda c, v: c.take_respite(activities={v: "Changes kit"}), "hero", values=NAME),
    "take_respite.text_activity": _entry(lambda c, v: _respite(c, v), "activity", values=TEXT),
    "take_respite.reason": _entry(lambda c, v: c.take_respite(reason=v), "reason", values=TEXT),
    "take_respite.seed": _entry(lambda c, v: _respite(c, ProjectRoll(PROJECT), seed=v), "seed",
                                values=COUNT),
    "roll.project": _entry(lambda c, v: _respite(c, ProjectRoll(v)), "project", values=NAME),
    "roll.project_id": _entry(lambda c, v: _respite(c, ProjectRoll(v)), "project",
                              values=st.integers() | huge_ints),
    "roll.characteristic": _entry(lambda c, v: _respite(c, ProjectRoll(PROJECT, v)),
                                  "characteristic", "allows", values=NAME),
    "roll.edges": _entry(lambda c, v: _respite(c, ProjectRoll(PROJECT, edges=v)), "edges",
                         values=COUNT),
    "roll.banes": _entry(lambda c, v: _respite(c, ProjectRoll(PROJECT, banes=v)), "banes",
                         values=COUNT),
    "roll.skill": _entry(lambda c, v: _respite(c, ProjectRoll(PROJECT, skill=v)), "skill",
                         values=NAME),
    "roll.bonus": _entry(lambda c, v: _respite(c, ProjectRoll(PROJECT, bonus=v)), "bonus",
                         values=COUNT.filter(lambda v: not (isinstance(v, int)
                                                            and abs(v) >= 2**62))),
    "roll.dice_face": _entry(lambda c, v: _respite(c, ProjectRoll(PROJECT, dice=(v, 3))),
                             "dice", "face", values=COUNT),
    "roll.dice_short": _entry(lambda c, v: _respite(c, ProjectRoll(PROJECT, dice=v)), "dice",
                              values=st.lists(st.integers(1, 10), max_size=1).map(tuple)),
    "guide.knowledge": _entry(lambda c, v: _respite(c, StudyGuide(PROJECT, "Primer", v)),
                              "knowledge", values=COUNT),
    "guide.name": _entry(lambda c, v: _respite(c, StudyGuide(PROJECT, v, 5)), "guide",
                         values=TEXT),
    "guide.language": _entry(lambda c, v: _respite(c, StudyGuide(PROJECT, "Primer", 5, v)),
                             "language", values=NAME),
    "guide.project": _entry(lambda c, v: _respite(c, StudyGuide(v, "Primer", 5)), "project",
                            values=NAME),
    "find_source.project": _entry(lambda c, v: _respite(c, FindSource(v)), "project",
                                  values=NAME),
    "serve.project": _entry(lambda c, v: _respite(c, ServeAsSource(v), hero="Yorn"), "project",
                            values=NAME),
    "other.text": _entry(lambda c, v: _respite(c, Other(v)), "activity", values=TEXT),
    "recruit.name": _entry(lambda c, v: _recruit(c, name=v), "name", values=TEXT),
    "recruit.role": _entry(lambda c, v: _recruit(c, role=v), "role", "artisan", values=NAME),
    "recruit.ancestry": _entry(lambda c, v: _recruit(c, ancestry=v), "ancestry", values=TEXT),
    "recruit.skill": _entry(lambda c, v: _recruit(c, skills=(*SAGE["skills"][:3], v)), "skill",
                            values=NAME),
    "recruit.language": _entry(lambda c, v: _recruit(c, languages=("Khelt", v)), "language",
                               values=NAME),
    "recruit.at": _entry(lambda c, v: _recruit(c, at=v), "recruit", values=NAME),
    # hand adjustments: every adjustable field
    "adjust.hero": _entry(lambda c, v: c.adjust_hero(v, reason="a fix", xp=30), "hero",
                          values=NAME),
    "adjust.field_name": _entry(lambda c, v: c.adjust_hero("Val", reason="a fix", **{v: 1}),
                                "adjust", values=NAME.filter(one_line)),
    "adjust.reason": _entry(lambda c, v: c.adjust_hero("Val", reason=v, xp=30), "reason",
                            values=TEXT),
    "adjust.visibility": _entry(
        lambda c, v: c.adjust_hero("Val", reason="a fix", xp=30, visibility=v), "visibility",
        values=NAME),
    **{f"adjust.{f}": _adjust(f, COUNT) for f in (
        "level", "xp", "victories", "might", "presence", "max_stamina", "stamina",
        "max_recoveries", "recoveries", "renown", "wealth", "project_points")},
    **{f"adjust.{f}": _adjust(f, TEXT) for f in ("player", "ancestry", "class", "career")},
    **{f"adjust.{f}": _adjust(f, st.lists(TEXT, min_size=1, max_size=3))
       for f in ("skills", "languages", "perks")},
    # projects
    "start_project.hero": _entry(
        lambda c, v: c.start_project(v, "Discover Lore", params={"kind": "common"}), "hero",
        values=NAME),
    "start_project.project": _entry(lambda c, v: c.start_project("Val", v), "project",
                                    values=NAME),
    "start_project.title": _entry(
        lambda c, v: c.start_project("Val", "Discover Lore", title=v, params={"kind": "lost"}),
        "title", values=TEXT),
    "start_project.param_value": _entry(
        lambda c, v: c.start_project("Val", "Discover Lore", params={"kind": v}), "kind",
        values=NAME),
    "start_project.param_name": _entry(
        lambda c, v: c.start_project("Val", "Discover Lore", params={v: "lost"}), "param",
        "kind", values=NAME.filter(one_line)),
    "start_project.miles": _entry(
        lambda c, v: c.start_project("Val", "Build or Repair Road", params={"miles": v},
                                     prerequisite="waived"), "miles",
        values=COUNT.filter(lambda v: not (isinstance(v, int) and abs(v) >= 2**59))),
    "start_project.learns": _entry(
        lambda c, v: c.start_project("Val", "Learn New Language", learns=v), "learn", "title",
        values=TEXT),
    "start_project.treasure": _entry(
        lambda c, v: c.start_project("Val", "Craft Treasure", treasure=v), "treasure",
        values=NAME),
    "start_project.source_language": _entry(
        lambda c, v: c.start_project("Val", "Discover Lore", params={"kind": "common"},
                                     source_language=v), "language", values=NAME),
    "start_project.prerequisite": _entry(
        lambda c, v: c.start_project("Val", "Healing Potion", prerequisite=v), "prerequisite",
        values=NAME),
    "start_project.source": _entry(
        lambda c, v: c.start_project("Val", "Discover Lore", params={"kind": "lost"}, source=v),
        "source", values=NAME),
    "start_project.visibility": _entry(
        lambda c, v: c.start_project("Val", "Discover Lore", params={"kind": "lost"},
                                     visibility=v), "visibility", values=NAME),
    "spend_points.hero": _entry(lambda c, v: c.spend_project_points(v, PROJECT, 5), "hero",
                                values=NAME),
    "spend_points.project": _entry(lambda c, v: c.spend_project_points("Val", v, 5), "project",
                                   values=NAME),
    "spend_points.points": _entry(lambda c, v: c.spend_project_points("Val", PROJECT, v),
                                  "points", values=COUNT),
    "traveling_work.hero": _entry(lambda c, v: c.traveling_work(v, PROJECT), "hero",
                                  values=NAME),
    "traveling_work.project": _entry(lambda c, v: c.traveling_work("Val", v), "project",
                                     values=NAME),
    "traveling_work.seed": _entry(lambda c, v: c.traveling_work("Val", PROJECT, seed=v),
                                  "seed", values=COUNT),
    "faction_rolls.rolls": _entry(lambda c, v: c.faction_rolls("Val", PROJECT, rolls=v),
                                  "rolls", values=COUNT),
    "faction_rolls.characteristic": _entry(
        lambda c, v: c.faction_rolls("Val", PROJECT, characteristic=v), "characteristic",
        values=COUNT),
    "forecast.project": _entry(lambda c, v: c.forecast(v), "project", values=NAME),
    "forecast.hero": _entry(lambda c, v: c.forecast(PROJECT, hero=v), "hero", values=NAME),
    "forecast.characteristic": _entry(lambda c, v: c.forecast(PROJECT, characteristic=v),
                                      "characteristic", "allows", values=NAME),
    "forecast.edges": _entry(lambda c, v: c.forecast(PROJECT, edges=v), "edges", values=COUNT),
    "forecast.banes": _entry(lambda c, v: c.forecast(PROJECT, banes=v), "banes", values=COUNT),
    "forecast.skill": _entry(lambda c, v: c.forecast(PROJECT, skill=v), "skill", values=NAME),
    "forecast.rolls": _entry(lambda c, v: c.forecast(PROJECT, rolls=v), "rolls",
                             values=storable.filter(lambda v: not (isinstance(v, int)
                                                                  and v > MAX_CURVE))),
    # followers
    "follower": _entry(lambda c, v: c.follower(v), "follower", values=NAME),
    "follower_cap.hero": _entry(lambda c, v: c.follower_cap(v), "hero", values=NAME),
    "retainer_limit.hero": _entry(lambda c, v: c.retainer_limit(v), "hero", values=NAME),
    "add_follower.hero": _entry(lambda c, v: c.add_follower(v, "Tam", "artisan", **ARTISAN,
                                                            beyond_cap="a gift"), "hero",
                                values=NAME),
    "add_follower.name": _entry(lambda c, v: c.add_follower("Val", v, "artisan", **ARTISAN,
                                                            beyond_cap="a gift"), "name",
                                values=TEXT),
    "add_follower.role": _entry(lambda c, v: c.add_follower("Val", "Tam", v, **ARTISAN,
                                                            beyond_cap="a gift"), "role",
                                "artisan",
                                values=NAME),
    "add_follower.physical": _entry(
        lambda c, v: c.add_follower("Val", "Tam", "artisan", **{**ARTISAN, "physical": v},
                                    beyond_cap="a gift"), "physical", "might", values=NAME),
    "add_follower.skill": _entry(
        lambda c, v: c.add_follower("Val", "Tam", "artisan",
                                    **{**ARTISAN, "skills": [*ARTISAN["skills"][:3], v]},
                                    beyond_cap="a gift"), "skill", values=NAME),
    "add_follower.language": _entry(
        lambda c, v: c.add_follower("Val", "Tam", "artisan", **{**ARTISAN, "languages": [v]},
                                    beyond_cap="a gift"), "language", values=NAME),
    "add_follower.beyond_cap": _entry(
        lambda c, v: c.add_follower("Val", "Tam", "artisan", **ARTISAN, beyond_cap=v),
        "cap", "beyond", "follower", values=TEXT),
    "add_follower.level": _entry(
        lambda c, v: c.add_follower("Val", "Tam", "retainer", ancestry="Human", level=v,
                                    beyond_cap="a gift"), "level", values=COUNT),
    "add_follower.characteristic": _entry(
        lambda c, v: c.add_follower("Val", "Tam", "retainer", ancestry="Human",
                                    characteristics={"might": v}, beyond_cap="a gift"),
        "might", "characteristic", values=COUNT),
    "add_follower.characteristic_name": _entry(
        lambda c, v: c.add_follower("Val", "Tam", "retainer", ancestry="Human",
                                    characteristics={v: 1}, beyond_cap="a gift"),
        "characteristic", values=NAME.filter(one_line)),
    "add_follower.stat_block": _entry(
        lambda c, v: c.add_follower("Val", "Tam", "retainer", ancestry="Human", stat_block=v,
                                    beyond_cap="a gift"), "stat block", values=TEXT),
    "assign_follower.follower": _entry(lambda c, v: c.assign_follower(v, None), "follower",
                                       values=NAME),
    "assign_follower.project": _entry(lambda c, v: c.assign_follower(FOLLOWER, v), "project",
                                      values=NAME),
    "dismiss_follower.follower": _entry(lambda c, v: c.dismiss_follower(v), "follower",
                                        values=NAME),
    "dismiss_follower.reason": _entry(lambda c, v: c.dismiss_follower(FOLLOWER, reason=v),
                                      "reason", values=TEXT),
    "replace_follower.follower": _entry(
        lambda c, v: c.replace_follower(v, NewFollower("Tam", "artisan", **ARTISAN)),
        "follower", values=NAME),
    # renown, wealth, purchases, titles, inventory
    "award_renown.hero": _entry(lambda c, v: c.award_renown(v, 1, reason="a deed"), "hero",
                                values=NAME),
    "award_renown.amount": _entry(lambda c, v: c.award_renown("Val", v, reason="a deed"),
                                  "renown", values=COUNT),
    "award_renown.reason": _entry(lambda c, v: c.award_renown("Val", 1, reason=v), "reason",
                                  values=TEXT),
    "award_renown.source": _entry(
        lambda c, v: c.award_renown("Val", 1, reason="a deed", source=v), "source", values=NAME),
    "award_renown.visibility": _entry(
        lambda c, v: c.award_renown("Val", 1, reason="a deed", visibility=v), "visibility",
        values=NAME),
    "award_wealth.amount": _entry(lambda c, v: c.award_wealth("Val", v, reason="a hoard"),
                                  "wealth", values=COUNT),
    "score_history.hero": _entry(lambda c, v: c.score_history(v, "renown"), "hero",
                                 values=NAME),
    "wealth_table.hero": _entry(lambda c, v: c.wealth_table(v), "hero", values=NAME),
    "buy.hero": _entry(lambda c, v: c.buy(v, "rope"), "hero", values=NAME),
    "buy.item": _entry(lambda c, v: c.buy("Val", v), "item", "tier", values=TEXT),
    "buy.tier": _entry(lambda c, v: c.buy("Val", "a fine hat", tier=v), "tier", values=COUNT),
    "buy.count": _entry(lambda c, v: c.buy("Val", "a fine hat", tier=1, count=v), "count",
                        values=COUNT),
    "buy.reason": _entry(lambda c, v: c.buy("Val", "a fine hat", tier=1, reason=v), "reason",
                         values=TEXT),
    "titles.hero": _entry(lambda c, v: c.titles(v), "hero", values=NAME),
    "grant_title.hero": _entry(lambda c, v: c.grant_title(v, "Noble", benefit="followers"),
                               "hero", values=NAME),
    "grant_title.title": _entry(lambda c, v: c.grant_title("Yorn", v), "title", values=TEXT),
    "grant_title.benefit": _entry(lambda c, v: c.grant_title("Yorn", "Noble", benefit=v),
                                  "benefit", values=NAME),
    "grant_title.renown": _entry(lambda c, v: c.grant_title("Yorn", "Mayor", renown=v),
                                 "renown", values=COUNT),
    "grant_title.effect": _entry(lambda c, v: c.grant_title("Yorn", "Mayor", effect=v),
                                 "effect", values=TEXT),
    "revoke_title.title": _entry(lambda c, v: c.revoke_title("Val", v, reason="cast out"),
                                 "title", values=NAME),
    "revoke_title.reason": _entry(lambda c, v: c.revoke_title("Val", "Faction Member",
                                                              reason=v), "reason", values=TEXT),
    "inventory.holder": _entry(lambda c, v: c.inventory(v), "hero", values=NAME),
    "item": _entry(lambda c, v: c.item(v), "item", values=NAME),
    "add_item.item": _entry(lambda c, v: c.add_item(v), "item", values=TEXT),
    "add_item.holder": _entry(lambda c, v: c.add_item("Lantern", holder=v), "hero",
                              values=NAME),
    "add_item.count": _entry(lambda c, v: c.add_item("Lantern", count=v), "count",
                             values=COUNT),
    "add_item.kind": _entry(lambda c, v: c.add_item("Lantern", kind=v), "kind", values=TEXT),
    "add_item.origin": _entry(lambda c, v: c.add_item("Lantern", origin=v), "origin",
                              values=NAME),
    "add_item.notes": _entry(lambda c, v: c.add_item("Lantern", notes=v), "notes",
                             values=TEXT),
    "use_item.item": _entry(lambda c, v: c.use_item(v), "item", values=NAME),
    "use_item.count": _entry(lambda c, v: c.use_item(ITEM, v), "count", values=COUNT),
    "give_item.item": _entry(lambda c, v: c.give_item(v, "Val"), "item", values=NAME),
    "give_item.to": _entry(lambda c, v: c.give_item(ITEM, v), "hero", values=NAME),
    "remove_item.item": _entry(lambda c, v: c.remove_item(v, reason="sold"), "item",
                               values=NAME),
    "remove_item.reason": _entry(lambda c, v: c.remove_item(ITEM, reason=v), "reason",
                                 "say why",
                                 values=TEXT),
    # NPCs and notes
    "npc": _entry(lambda c, v: c.npc(v), "npc", values=NAME),
    "add_npc.name": _entry(lambda c, v: c.add_npc(v, level=2), "npc", "name", values=TEXT),
    "add_npc.level": _entry(lambda c, v: c.add_npc("Mother Gall", level=v), "level",
                            values=COUNT),
    "add_npc.impression": _entry(lambda c, v: c.add_npc("Mother Gall", impression=v),
                                 "impression", values=COUNT),
    "add_npc.tag": _entry(lambda c, v: c.add_npc("Mother Gall", level=2, tags=[v]), "tag",
                          values=TEXT),
    "add_npc.knows_hero": _entry(
        lambda c, v: c.add_npc("Mother Gall", level=2, knows={v: "fame"}), "hero", values=NAME),
    "add_npc.knows_standing": _entry(
        lambda c, v: c.add_npc("Mother Gall", level=2, knows={"Val": v}), "fame", values=NAME),
    "npc_knows.npc": _entry(lambda c, v: c.npc_knows(v, "Yorn", "fame"), "npc", values=NAME),
    "npc_knows.hero": _entry(lambda c, v: c.npc_knows(NPC, v, "fame"), "hero", values=NAME),
    "npc_knows.standing": _entry(lambda c, v: c.npc_knows(NPC, "Yorn", v), "fame",
                                 values=NAME),
    "negotiation.npc": _entry(lambda c, v: c.negotiation(v), "npc", values=NAME),
    "add_note.text": _entry(lambda c, v: c.add_note(v), "note", values=TEXT),
    "add_note.about": _entry(lambda c, v: c.add_note("A debt", about=v), "about", values=TEXT),
    "add_note.visibility": _entry(lambda c, v: c.add_note("A debt", visibility=v),
                                  "visibility", values=NAME),
    # history, undo, lookups
    "undo.event": _entry(lambda c, v: c.undo(v), "event", values=COUNT),
    "undo.reason": _entry(lambda c, v: c.undo(c.ledger.event_count(), reason=v), "reason",
                          values=TEXT),
    "history.kind": _entry(lambda c, v: c.history(kind=v), "kind", values=NAME),
    "history.hero": _entry(lambda c, v: c.history(hero=v), "hero", values=NAME),
    "history.visible_to": _entry(lambda c, v: c.history(visible_to=v), "visible", values=NAME),
    "hero": _entry(lambda c, v: c.hero(v), "hero", values=NAME),
    "project": _entry(lambda c, v: c.project(v), "project", values=NAME),
    "projects.hero": _entry(lambda c, v: c.projects(v), "hero", values=NAME),
    "followers.hero": _entry(lambda c, v: c.followers(v), "hero", values=NAME),
}


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Campaign, Pristine]]:
    """One campaign for the module, and the copy each example is rolled back to."""
    camp = books(tmp_path_factory.mktemp("bad-input") / "camp")
    try:
        yield camp, Pristine(camp)
    finally:
        camp.close()


def clear_or_correct(camp: Campaign, pristine: Pristine, action: Callable[[], object],
                     words: tuple[str, ...], value: object) -> object:
    """Run ``action``: a refusal is clear and changes nothing, an acceptance leaves books that
    agree with their history. Either way the campaign is rolled back afterwards."""
    try:
        try:
            result = action()
        except Exception as exc:  # anything that is not ours fails assert_clear
            assert_clear(exc, words, value)
            assert pristine.unchanged(camp), "a refused operation changed the books"
            return exc
        assert camp.ledger.verify(), "projections differ from a replay of history"
        return result
    finally:
        assert not camp.ledger.db.conn.in_transaction
        pristine.restore(camp)


@pytest.mark.parametrize("name", ENTRIES)
@SHARED
@given(data=st.data())
def test_every_operation_refuses_bad_values_clearly_or_does_it_right(
        shared: tuple[Campaign, Pristine], name: str, data: st.DataObject) -> None:
    camp, pristine = shared
    entry = ENTRIES[name]
    value = data.draw(entry.values, label=name)
    clear_or_correct(camp, pristine, lambda: entry.call(camp, value), entry.words, value)


def test_the_check_notices_a_crash_a_vague_message_and_a_partial_write(shared) -> None:
    """The positive controls: each of the three failures the property looks for is caught."""
    camp, pristine = shared

    def partial() -> None:
        camp.award_victories(1, ["Val"])
        raise DrawSteelKitError("hero: refused after writing")

    for action, words in ((lambda: {}["Val"], ("hero",)),
                          (lambda: camp.hero("Nobody"), ("victories",)),
                          (partial, ("hero",))):
        with pytest.raises(AssertionError):
            clear_or_correct(camp, pristine, action, words, None)
    assert pristine.unchanged(camp)


def test_odd_but_valid_names_are_accepted_and_found_again(shared) -> None:
    """What the rules allow is not refused: notes, items and NPCs with emoji, right-to-left
    text and combining marks come back exactly as given (trimmed). A right-to-left override
    is refused in a name (it makes a name read as another), but a note may hold it."""
    camp, pristine = shared
    names = ["Ælfwyn 🐉", "שירה", "Zoë", "龍之介", "Mx. O'Neil-Ngũgĩ"]
    try:
        for n in names:
            camp.add_item(n)
            camp.add_npc(n, level=2)
            camp.add_note(n, about=n)
            assert camp.item(n).item == n and camp.npc(n).name == n
        camp.add_note("\u202eevil", about="\u202eevil")
        assert [n.text for n in camp.notes()][-len(names) - 1:] == [*names, "\u202eevil"]
        for add in (camp.add_item, lambda n: camp.add_npc(n, level=2)):
            with pytest.raises(RulesError, match="U\\+202E"):
                add("\u202eevil")
        assert camp.ledger.verify()
    finally:
        pristine.restore(camp)


# --- values of the wrong type -----------------------------------------------------------------

#: Free text that passes through the library's own text check.
CHECKED_TEXT: dict[str, tuple[Call, str]] = {
    "award_victories.reason": (lambda c, v: c.award_victories(1, reason=v), "reason"),
    "award_tokens.reason": (lambda c, v: c.award_tokens(1, reason=v), "reason"),
    "advance_day.reason": (lambda c, v: c.advance_day(1, reason=v), "reason"),
    "take_respite.reason": (lambda c, v: c.take_respite(reason=v), "reason"),
    "adjust_hero.reason": (lambda c, v: c.adjust_hero("Val", reason=v, xp=30), "reason"),
    "start_project.title": (lambda c, v: c.start_project("Val", "Discover Lore", title=v,
                                                         params={"kind": "lost"}), "title"),
    "add_item.item": (lambda c, v: c.add_item(v), "item"),
    "add_item.notes": (lambda c, v: c.add_item("Lantern", notes=v), "notes"),
    "add_npc.name": (lambda c, v: c.add_npc(v, level=2), "npc"),
    "add_note.text": (lambda c, v: c.add_note(v), "note"),
    "grant_title.title": (lambda c, v: c.grant_title("Yorn", v), "title"),
    "award_renown.reason": (lambda c, v: c.award_renown("Val", 1, reason=v), "reason"),
    "undo.reason": (lambda c, v: c.undo(c.ledger.event_count(), reason=v), "reason"),
}


@pytest.mark.parametrize("name", CHECKED_TEXT)
@SHARED
@given(value=wrong_types.filter(lambda v: not isinstance(v, str)))
def test_free_text_of_the_wrong_type_is_refused_clearly(shared, name: str, value: Any) -> None:
    camp, pristine = shared
    call, word = CHECKED_TEXT[name]
    clear_or_correct(camp, pristine, lambda: call(camp, value), (word, "text"), value)


#: Every operation that looks a hero up by name.
HERO_LOOKUPS: dict[str, Call] = {
    "hero": lambda c, v: c.hero(v),
    "award_victories": lambda c, v: c.award_victories(1, [v]),
    "spend_tokens": lambda c, v: c.spend_tokens("stamina", hero=v),
    "take_respite": lambda c, v: c.take_respite([v]),
    "adjust_hero": lambda c, v: c.adjust_hero(v, reason="a fix", xp=30),
    "start_project": lambda c, v: c.start_project(v, "Discover Lore", params={"kind": "lost"}),
    "award_renown": lambda c, v: c.award_renown(v, 1, reason="a deed"),
    "buy": lambda c, v: c.buy(v, "rope"),
    "grant_title": lambda c, v: c.grant_title(v, "Mayor"),
    "add_item.holder": lambda c, v: c.add_item("Lantern", holder=v),
    "follower_cap": lambda c, v: c.follower_cap(v),
    "history.hero": lambda c, v: c.history(hero=v),
    "npc_knows": lambda c, v: c.npc_knows(NPC, v, "fame"),
}


@SHARED
@given(name=st.sampled_from(sorted(HERO_LOOKUPS)),
       value=wrong_types.filter(lambda v: not isinstance(v, str | type(None))))
def test_a_hero_named_by_something_that_is_not_text_is_refused_clearly(
        shared, name: str, value: Any) -> None:
    camp, pristine = shared
    clear_or_correct(camp, pristine, lambda: HERO_LOOKUPS[name](camp, value), ("hero",), value)


#: Arguments that are not a hero's name, each refused clearly when of the wrong type.
UNCHECKED_TYPES: dict[str, tuple[Call, str]] = {
    "take_respite.activities": (lambda c, v: c.take_respite(activities=v), "activit"),
    "award_victories.heroes": (lambda c, v: c.award_victories(1, v), "hero"),
    "start_project.params": (lambda c, v: c.start_project("Val", "Discover Lore", params=v),
                             "param"),
    "add_follower.skills": (lambda c, v: c.add_follower("Val", "Tam", "sage", skills=v,
                                                        beyond_cap="a gift"), "skill"),
    "add_follower.characteristics": (
        lambda c, v: c.add_follower("Val", "Tam", "retainer", ancestry="Human",
                                    characteristics=v, beyond_cap="a gift"), "characteristic"),
    "roll.characteristic": (lambda c, v: _respite(c, ProjectRoll(PROJECT, v)), "characteristic"),
    "forecast.characteristic": (lambda c, v: c.forecast(PROJECT, characteristic=v),
                                "characteristic"),
    "revoke_title.title": (lambda c, v: c.revoke_title("Val", v, reason="cast out"), "title"),
    "add_npc.knows": (lambda c, v: c.add_npc("Mother Gall", level=2, knows={"Val": "fame", v: 1}
                                             if isinstance(v, str | int) else v), "know"),
    "history.limit": (lambda c, v: c.history(limit=v), "limit"),
}


@settings(SHARED, phases=NO_SHRINK, derandomize=True)
@given(name=st.sampled_from(sorted(UNCHECKED_TYPES)), value=wrong_types)
def test_arguments_of_the_wrong_type_are_refused_clearly(shared, name: str, value: Any) -> None:
    camp, pristine = shared
    call, word = UNCHECKED_TYPES[name]
    clear_or_correct(camp, pristine, lambda: call(camp, value), (word,), value)


@SHARED
@given(value=huge_ints.filter(lambda n: n >= 2**63) | huge_ints.map(lambda n: -n),
       which=st.sampled_from(["undo", "history.limit"]))
def test_an_event_id_or_a_limit_beyond_what_sqlite_stores_is_refused_clearly(
        shared, value: int, which: str) -> None:
    camp, pristine = shared
    call: Call = {"undo": lambda c, v: c.undo(v),
                  "history.limit": lambda c, v: c.history(limit=v)}[which]
    clear_or_correct(camp, pristine, lambda: call(camp, value), ("event", "limit"), value)


#: Where text is stored or looked up: each refuses text that is not valid unicode.
UNICODE_CHECKED: dict[str, Call] = {
    "reason": lambda c, v: c.award_victories(1, reason=v),
    "hero": lambda c, v: c.hero(v),
    "item": lambda c, v: c.add_item(v),
    "note": lambda c, v: c.add_note(v),
    "title": lambda c, v: c.grant_title("Yorn", v),
    "npc": lambda c, v: c.add_npc(v, level=2),
    "follower": lambda c, v: c.add_follower("Val", v, "artisan", **ARTISAN, beyond_cap="a gift"),
    "project title": lambda c, v: c.start_project("Val", "Discover Lore", title=v,
                                                  params={"kind": "lost"}),
    "learns": lambda c, v: c.start_project("Val", "Learn New Language", learns=v),
    "activity": lambda c, v: _respite(c, v),
    "player": lambda c, v: c.adjust_hero("Val", reason="a fix", player=v),
}
#: The same, in the activities, followers, projects and history filters.
UNICODE_UNCHECKED: dict[str, Call] = {
    "guide": lambda c, v: _respite(c, StudyGuide(PROJECT, v, 5)),
    "other": lambda c, v: _respite(c, Other(v)),
    "follower ancestry": lambda c, v: c.add_follower("Val", "Tam", "artisan",
                                                     **{**ARTISAN, "ancestry": v},
                                                     beyond_cap="a gift"),
    "retainer skill": lambda c, v: c.add_follower("Val", "Tam", "retainer", ancestry="Human",
                                                  skills=[v], beyond_cap="a gift"),
    "source language": lambda c, v: c.start_project("Val", "Discover Lore", source_language=v,
                                                    params={"kind": "lost"}),
    "history kind": lambda c, v: c.history(kind=v),
    "history visible_to": lambda c, v: c.history(visible_to=v),
}


@SHARED
@given(value=surrogate_text, which=st.sampled_from(sorted(UNICODE_CHECKED)))
def test_text_that_is_not_valid_unicode_is_refused_clearly(shared, value: str,
                                                           which: str) -> None:
    """Command-line bytes that are not UTF-8 become lone surrogates in Python."""
    camp, pristine = shared
    clear_or_correct(camp, pristine, lambda: UNICODE_CHECKED[which](camp, value),
                     (which, "text", "unicode", "utf-8"), value)


@settings(SHARED, phases=NO_SHRINK, derandomize=True)
@given(value=surrogate_text, which=st.sampled_from(sorted(UNICODE_UNCHECKED)))
def test_text_that_is_not_valid_unicode_is_refused_everywhere(shared, value: str,
                                                              which: str) -> None:
    camp, pristine = shared
    clear_or_correct(camp, pristine, lambda: UNICODE_UNCHECKED[which](camp, value),
                     (which, "text", "unicode", "utf-8"), value)


def test_a_score_history_of_an_unknown_field_is_refused_naming_the_fields(shared) -> None:
    camp, _ = shared
    with pytest.raises(DrawSteelKitError, match="renown"):
        camp.score_history("Val", "mana")


@SHARED
@given(name=st.sampled_from(["a\x00b.db", "x" * 300 + ".db", "/proc/ledger-copy.db",
                             "no-such-folder/\x00/x.db"]))
def test_a_backup_to_a_place_that_cannot_hold_it_is_refused_clearly(
        shared, tmp_path: Path, name: str) -> None:
    camp, pristine = shared
    dest = tmp_path / name if not name.startswith("/") else Path(name)
    with pytest.raises(Exception) as caught:
        camp.backup(dest)
    assert_clear(caught.value, ("backup", "dest", str(dest)[:20]))
    assert pristine.unchanged(camp)


# --- known bugs, each pinned by the smallest input that shows it -------------------------------


@settings(SHARED, phases=NO_SHRINK, derandomize=True)
@given(value=huge_ints.filter(lambda n: n >= 2**63),
       which=st.sampled_from(["forecast.rolls", "roll.bonus", "start_project.miles"]))
def test_a_bonus_a_goal_or_a_forecast_beyond_what_sqlite_stores_is_refused_clearly(
        shared, value: int, which: str) -> None:
    camp, pristine = shared
    call: Call = {"forecast.rolls": lambda c, v: c.forecast(PROJECT, rolls=v),
                  "roll.bonus": lambda c, v: _respite(c, ProjectRoll(PROJECT, bonus=v)),
                  "start_project.miles": lambda c, v: c.start_project(
                      "Val", "Build or Repair Road", params={"miles": v},
                      prerequisite="waived")}[which]
    clear_or_correct(camp, pristine, lambda: call(camp, value), ("rolls", "bonus", "miles"),
                     value)


def test_a_road_a_million_miles_long_is_refused_naming_the_goal(shared) -> None:
    camp, pristine = shared
    with pytest.raises(DrawSteelKitError, match="miles must be at most 1,000,000"):
        camp.start_project("Val", "Build or Repair Road", params={"miles": 10**12},
                           prerequisite="waived")
    with pytest.raises(DrawSteelKitError, match="miles=200000 gives a goal of 2,000,000"):
        camp.start_project("Val", "Build or Repair Road", params={"miles": 200_000},
                           prerequisite="waived")
    assert pristine.unchanged(camp)


def test_a_forecast_asked_for_a_billion_days_is_refused_not_run(tmp_path: Path) -> None:
    """In a child process limited to 1 GB of memory, so that the bug cannot take the machine."""
    code = textwrap.dedent(f"""
        import resource, sys
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
        sys.path.insert(0, {str(TESTS)!r})
        from bad_input_strategies import PROJECT, books
        from drawsteel_kit.kit.errors import DrawSteelKitError
        camp = books(__import__("pathlib").Path({str(tmp_path / "c")!r}))
        try:
            camp.forecast(PROJECT, rolls=10**9)
        except DrawSteelKitError as exc:
            print("refused:", exc)
        """)
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0 and "refused:" in run.stdout and "rolls" in run.stdout, (
        run.stdout + run.stderr[-300:])


#: Names a user gets wrong, each echoed in the refusal as written.
ECHOED: dict[str, Call] = {
    "adjust_hero field": lambda c, v: c.adjust_hero("Val", reason="a fix", **{v: 1}),
    "start_project param": lambda c, v: c.start_project("Val", "Discover Lore", params={v: 1}),
    "retainer characteristic": lambda c, v: c.add_follower(
        "Val", "Tam", "retainer", ancestry="Human", characteristics={v: 1},
        beyond_cap="a gift"),
}


@settings(SHARED, phases=NO_SHRINK, derandomize=True)
@given(which=st.sampled_from(sorted(ECHOED)),
       name=st.sampled_from(["\n", "\r", "x\ny", "\u2028", "\x85"]))
def test_a_name_with_a_line_break_is_quoted_in_a_one_line_refusal(
        shared, which: str, name: str) -> None:
    camp, pristine = shared
    clear_or_correct(camp, pristine, lambda: ECHOED[which](camp, name),
                     ("adjust", "param", "characteristic"), name)


@settings(SHARED, phases=NO_SHRINK, derandomize=True)
@given(learns=odd_text)
def test_a_language_learned_by_a_project_never_blocks_later_adjustments(
        shared, learns: str) -> None:
    camp, pristine = shared
    try:
        try:
            started = camp.start_project("Val", "Learn New Language", learns=learns)
        except DrawSteelKitError as exc:
            assert_clear(exc, ("learn", "language"), learns)
            return
        project = started.details["project_id"]
        camp.spend_project_points("Val", project, camp.project(project).goal)
        assert camp.project(project).done
        camp.adjust_hero("Val", reason="a fix", xp=camp.hero("Val").xp + 1)
    finally:
        pristine.restore(camp)
