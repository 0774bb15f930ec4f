"""Renown in a real campaign: the follower cap row by row, followers kept over the cap, the
Recruit respite activity and where it may happen, retainers and their mentors' levels, NPCs
and negotiation, and what the Director keeps from the party's eyes. Real SQLite ledgers in
tmp_path."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pytest
from conftest import HEROES, refused

from drawsteel_kit.kit.errors import RulesError, UnknownHero
from drawsteel_kit.systems.draw_steel.activities import NewFollower, Recruit
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.systems.draw_steel.errors import FollowerCapReached

Make = Callable[..., Campaign]

SAGE: dict[str, Any] = {"ancestry": "Human", "languages": ("Anjali", "Voll"),
                        "skills": ("History", "Magic", "Nature", "Religion")}
ARTISAN: dict[str, Any] = {"ancestry": "Dwarf", "physical": "might",
                           "languages": ("Khelt", "Zaliac"),
                           "skills": ("Alchemy", "Blacksmithing", "Carpentry", "Cooking")}
PLACES = {"stronghold": {"name": "Oakhold", "location": "the Vale"},
          "settings": {"recruit_at": ["Capital Guild", "Mirror Lake"]}}


@pytest.fixture
def new_campaign(verified_campaigns: Make) -> Make:
    """Campaigns made from campaign.yaml (``stronghold``: its name); each one's ledger must
    still verify at the end."""

    def make(heroes: Sequence[Mapping[str, Any]] = HEROES, *, stronghold: Any = None,
             **settings: Any) -> Campaign:
        extra = {"stronghold": {"name": stronghold}} if stronghold else None
        return verified_campaigns(heroes, extra=extra, **settings)

    return make


@pytest.fixture
def camp(new_campaign: Make) -> Campaign:
    """Val, Bran (level 1) and Yorn (level 2), renown 0; no stronghold, no recruiting places."""
    return new_campaign()


@pytest.fixture
def hall(new_campaign: Make) -> Campaign:
    """The same party with the stronghold Oakhold and two places to recruit at."""
    return new_campaign(stronghold="Oakhold", recruit_at=["Capital Guild", "Mirror Lake"])


def renown(camp: Campaign, who: str, amount: int) -> None:
    camp.award_renown(who, amount, reason="deeds")


def sage(camp: Campaign, who: str, name: str, **kw: Any) -> Any:
    return camp.add_follower(who, name, "sage", **{**SAGE, **kw})


def names(camp: Campaign, who: str | None = None) -> list[str]:
    return [f.name for f in camp.followers(who)]


def new(name: str, role: str = "sage", **kw: Any) -> NewFollower:
    return NewFollower(name, role, **{**(SAGE if role == "sage" else ARTISAN), **kw})


# --- the follower cap ----------------------------------------------------------------------


@pytest.mark.parametrize(("score", "cap"), [(0, 0), (2, 0), (3, 1), (5, 1), (6, 2), (8, 2),
                                            (9, 3), (11, 3), (12, 4), (20, 4)])
def test_renown_sets_how_many_followers_join(camp, score, cap):
    if score:
        renown(camp, "Yorn", score)
    joined = 0
    while True:
        try:
            sage(camp, "Yorn", f"Follower {joined}")
        except FollowerCapReached as exc:
            message = str(exc)
            break
        joined += 1
        assert joined <= 5, "the cap never stopped them"
    assert joined == cap
    followers = "follower" if cap == 1 else "followers"
    assert f"Yorn keeps {cap} {followers} and renown {score} allows {cap}:" in message
    assert len(camp.followers("Yorn")) == cap
    state = camp.follower_cap("Yorn")
    assert (state.renown, state.base, state.cap, state.kept, state.room) == (
        score, cap, cap, cap, 0)
    assert str(state).startswith(f"Yorn: {cap} of {cap} {followers} (renown {score})")
    assert str(state).endswith("; at the cap")


def test_followers_beyond_the_cap_do_not_count(camp):
    renown(camp, "Yorn", 3)
    sage(camp, "Yorn", "Ash")
    gift = sage(camp, "Yorn", "Wren", beyond_cap="a rescued prisoner the Director allows")
    assert camp.follower(gift.details["follower_id"]).counts is False
    assert camp.follower("Wren").origin == "a rescued prisoner the Director allows"
    assert names(camp, "Yorn") == ["Ash", "Wren"]
    cap = camp.follower_cap("Yorn")
    assert (cap.kept, cap.cap, cap.over) == (1, 1, False)
    with refused(camp, FollowerCapReached, "Yorn keeps 1 follower and renown 3 allows 1"):
        sage(camp, "Yorn", "Moss")


def test_a_hero_whose_renown_falls_keeps_their_followers(camp):
    renown(camp, "Val", 6)
    sage(camp, "Val", "Ash")
    camp.add_follower("Val", "Tamsin", "artisan", **ARTISAN)
    kept = camp.followers("Val")
    camp.award_renown("Val", -4, reason="the scandal")
    assert camp.followers("Val") == kept
    cap = camp.follower_cap("Val")
    assert (cap.renown, cap.cap, cap.kept, cap.room, cap.over) == (2, 0, 2, 0, True)
    assert str(cap) == ("Val: 2 of 0 followers (renown 2); over the cap: those kept stay, "
                        "but no new follower can join")
    with refused(camp, FollowerCapReached, "Val keeps 2 followers and renown 2 allows 0.*"
                                           "those beyond the cap stay"):
        sage(camp, "Val", "Moss")
    camp.award_renown("Val", 1, reason="the apology")  # renown 3: still over (2 of 1)
    with refused(camp, FollowerCapReached, "renown 3 allows 1"):
        sage(camp, "Val", "Moss")
    camp.dismiss_follower("Ash")
    with refused(camp, FollowerCapReached, "Val keeps 1 follower and renown 3 allows 1"):
        sage(camp, "Val", "Moss")


def test_a_second_follower_of_the_same_name_is_refused(camp):
    renown(camp, "Val", 6)
    sage(camp, "Val", "Ash")
    with refused(camp, RulesError, "(?i)ash"):
        sage(camp, "Val", "ash")


def test_dismiss_then_add_at_the_cap(camp):
    renown(camp, "Bran", 3)
    sage(camp, "Bran", "Ash")
    with refused(camp, FollowerCapReached, "or dismiss one first"):
        sage(camp, "Bran", "Wren")
    camp.dismiss_follower("Ash", reason="went home")
    sage(camp, "Bran", "Wren")
    assert names(camp, "Bran") == ["Wren"]
    assert camp.follower_cap("Bran").kept == 1


def test_replacing_a_follower_at_the_cap_is_one_operation(camp):
    renown(camp, "Bran", 3)
    sage(camp, "Bran", "Ash")
    before, count = camp.ledger.snapshot(), camp.ledger.event_count()
    happened = camp.replace_follower("ash", new("Tamsin", "artisan"), reason="needs a smith")
    assert [e.kind for e in happened.events] == ["follower_dismissed", "follower_added"]
    assert len({e.operation for e in happened.events}) == 1
    assert happened.summary.startswith("Ash leaves; Tamsin (artisan) now follows Bran")
    assert names(camp, "Bran") == ["Tamsin"]
    assert camp.follower("Tamsin").origin == "replacement"
    assert camp.ledger.event_count() == count + 2
    with refused(camp, FollowerCapReached, "renown 3 allows 1"):
        sage(camp, "Bran", "Wren")
    with refused(camp, RulesError, "'History' is a Lore skill"):
        camp.replace_follower("Tamsin", new("Moss", "artisan", skills=(
            "Alchemy", "History", "Carpentry", "Cooking")))
    assert before != camp.ledger.snapshot()


@pytest.mark.parametrize("which", [0, 1])
def test_undoing_either_half_of_a_replacement_undoes_both(camp, which):
    renown(camp, "Bran", 3)
    sage(camp, "Bran", "Ash")
    before = camp.ledger.snapshot()
    happened = camp.replace_follower("Ash", new("Wren"))
    camp.undo(happened.events[which].id)
    assert names(camp, "Bran") == ["Ash"]
    assert camp.ledger.snapshot() == before
    assert camp.ledger.verify()


def test_a_noble_may_keep_two_more_followers(camp):
    renown(camp, "Val", 3)
    camp.grant_title("Val", "Noble", benefit="followers")
    for name in ("A", "B", "C"):
        sage(camp, "Val", name)
    with refused(camp, FollowerCapReached, r"renown 3 allows 3 \(titles \+2\)"):
        sage(camp, "Val", "D")
    assert str(camp.follower_cap("Val")) == ("Val: 3 of 3 followers (renown 3, titles +2); "
                                             "at the cap")


# --- the Recruit respite activity ----------------------------------------------------------


def test_recruiting_at_the_stronghold_up_to_the_cap(hall):
    renown(hall, "Val", 6)
    hall.adjust_hero("Val", reason="a hard fight", stamina=3, recoveries=1)
    happened = hall.take_respite(["Val"], activities={"Val": Recruit(
        (new("Ash"), new("Tamsin", "artisan")))})
    assert [e.kind for e in happened.events] == [  # the respite's day first (000: 861)
        "day_advanced", "follower_added", "follower_added", "respite"]
    assert names(hall, "Val") == ["Ash", "Tamsin"]
    assert {f.origin for f in hall.followers("Val")} == {"recruited at Oakhold"}
    val = hall.hero("Val")
    assert (val.stamina, val.recoveries) == (val.max_stamina, val.max_recoveries) == (21, 8)
    assert happened.events[-1].payload["activity"] == "recruits Ash, Tamsin"
    with refused(hall, FollowerCapReached, "Val keeps 2 followers and renown 6 allows 2: "
                                           "recruiting 1 more is over the cap"):
        hall.take_respite(["Val"], activities={"Val": Recruit((new("Moss"),))})


def test_recruiting_more_than_the_cap_at_once_is_refused_whole(hall):
    renown(hall, "Bran", 3)
    with refused(hall, FollowerCapReached, "Bran keeps 0 followers and renown 3 allows 1: "
                                           "recruiting 2 more is over the cap"):
        hall.take_respite(activities={"Bran": Recruit((new("Ash"), new("Wren")))})


@pytest.mark.parametrize(("at", "place"), [(None, "Oakhold"), ("oakhold", "Oakhold"),
                                           ("CAPITAL GUILD", "Capital Guild"),
                                           ("  mirror lake ", "Mirror Lake")])
def test_recruiting_where_followers_can_be_found(hall, at, place):
    renown(hall, "Bran", 3)
    hall.take_respite(["Bran"], activities={"Bran": Recruit((new("Ash"),), at=at)})
    assert hall.follower("Ash").origin == f"recruited at {place}"


def test_recruiting_elsewhere_is_refused_and_writes_nothing(hall):
    renown(hall, "Bran", 3)
    hall.adjust_hero("Bran", reason="a hard fight", stamina=4)
    with refused(hall, RulesError, "followers cannot be recruited at 'the Docks'; this campaign "
                                   "names: Oakhold, Capital Guild, Mirror Lake"):
        hall.take_respite(activities={"Bran": Recruit((new("Ash"),), at="the Docks")})
    assert hall.hero("Bran").stamina == 4  # no respite either
    assert hall.history(kind="respite") == []


def test_recruiting_needs_a_stronghold_or_a_place(camp):
    renown(camp, "Bran", 3)
    with refused(camp, RulesError, "names no such place: give the party a stronghold, or list "
                                   "places under settings.recruit_at"):
        camp.take_respite(activities={"Bran": Recruit((new("Ash"),))})


def test_recruit_at_places_alone_are_enough(new_campaign):
    camp = new_campaign(recruit_at=["Capital Guild"])
    renown(camp, "Val", 3)
    camp.take_respite(["Val"], activities={"Val": Recruit((new("Ash"),))})
    assert camp.follower("Ash").origin == "recruited at Capital Guild"


def test_a_recruit_off_the_template_is_refused_naming_the_crafting_group(hall):
    renown(hall, "Bran", 6)
    with refused(hall, RulesError, "'History' is a Lore skill; an artisan's skills come from "
                                   "the Crafting group"):
        hall.take_respite(activities={"Bran": Recruit((new("Ash"), new("Tamsin", "artisan", skills=(
            "Alchemy", "History", "Carpentry", "Cooking"))))})
    with refused(hall, RulesError, "recruits no one"):
        hall.take_respite(activities={"Bran": Recruit(())})


# --- retainers -----------------------------------------------------------------------------


def test_a_retainer_takes_its_mentors_level_and_rises_with_it(camp):
    renown(camp, "Yorn", 3)
    camp.add_follower("Yorn", "Grim", "retainer", ancestry="Human", level=1,
                      stat_block="Human Guard", characteristics={"might": 2, "agility": 1})
    grim = camp.follower("Grim")
    assert (grim.role, grim.level, grim.start_level, grim.stat_block) == (
        "retainer", 2, 1, "Human Guard")
    assert (grim.might, grim.agility) == (2, 1)
    camp.award_victories(12, ["Yorn"])
    happened = camp.take_respite(["Yorn"])
    assert camp.hero("Yorn").level == 3
    assert camp.follower("Grim").level == 3
    respite = next(e for e in happened.events if e.kind == "respite")
    assert any(op["table"] == "followers" for op in respite.ops)
    camp.adjust_hero("Yorn", reason="level written wrong", level=2)
    assert camp.hero("Yorn").level == 2
    assert camp.follower("Grim").level == 3  # never drops
    assert camp.ledger.verify()


def test_a_retainer_written_for_a_higher_level_does_not_outrank_its_mentor(camp):
    renown(camp, "Yorn", 3)
    try:
        camp.add_follower("Yorn", "Grim", "retainer", ancestry="Human", level=5)
    except RulesError:
        return  # refusing a stat block above the mentor's level is fine too
    assert camp.follower("Grim").level == camp.hero("Yorn").level == 2


def test_a_retainer_recruited_later_starts_at_its_mentors_level(camp):
    renown(camp, "Yorn", 3)
    camp.award_victories(28, ["Yorn"])  # 20 + 28 = 48 XP: level 4
    camp.take_respite(["Yorn"])
    assert camp.hero("Yorn").level == 4
    camp.add_follower("Yorn", "Grim", "retainer", ancestry="Orc")
    assert (camp.follower("Grim").level, camp.follower("Grim").start_level) == (4, 1)


def test_a_second_retainer_is_refused(camp):
    renown(camp, "Yorn", 6)
    camp.add_follower("Yorn", "Grim", "retainer", ancestry="Human")
    with refused(camp, RulesError, "Yorn already has 1 retainer \\(Grim\\); a hero has 1 "
                                   "at a time .*settings.retainers_per_hero"):
        camp.add_follower("Yorn", "Hask", "retainer", ancestry="Orc")
    sage(camp, "Yorn", "Ash")  # the cap had room: only the retainer limit refused
    assert names(camp, "Yorn") == ["Grim", "Ash"]


def test_recruiting_a_second_retainer_at_a_respite_writes_nothing(hall):
    renown(hall, "Yorn", 6)
    hall.add_follower("Yorn", "Grim", "retainer", ancestry="Human")
    hall.adjust_hero("Yorn", reason="a hard fight", stamina=4)
    with refused(hall, RulesError, "Yorn already has 1 retainer \\(Grim\\)"):
        hall.take_respite(activities={"Yorn": Recruit(
            (NewFollower("Hask", "retainer", ancestry="Orc"),))})
    assert hall.hero("Yorn").stamina == 4


def test_retainers_per_hero_allows_more(new_campaign):
    camp = new_campaign(retainers_per_hero=2)
    renown(camp, "Yorn", 9)
    camp.add_follower("Yorn", "Grim", "retainer", ancestry="Human")
    camp.add_follower("Yorn", "Hask", "retainer", ancestry="Orc")
    assert camp.retainer_limit("Yorn") == 2
    with refused(camp, RulesError, "Yorn already has 2 retainers \\(Grim, Hask\\); a hero "
                                   "has 2 at a time"):
        camp.add_follower("Yorn", "Kell", "retainer", ancestry="Elf")


def test_a_fleet_admiral_may_keep_a_second_retainer(camp):
    renown(camp, "Yorn", 6)
    camp.add_follower("Yorn", "Grim", "retainer", ancestry="Human")
    camp.grant_title("Yorn", "Fleet Admiral", benefit="retainer")
    assert camp.retainer_limit("Yorn") == 2
    camp.add_follower("Yorn", "Hask", "retainer", ancestry="Orc")
    assert [f.level for f in camp.followers("Yorn")] == [2, 2]
    camp.grant_title("Val", "Fleet Admiral", benefit="wealth")
    assert (camp.retainer_limit("Val"), camp.hero("Val").wealth) == (1, 2)


def test_a_retainer_replaced_by_a_retainer_is_allowed_at_the_limit(camp):
    renown(camp, "Yorn", 3)
    camp.add_follower("Yorn", "Grim", "retainer", ancestry="Human")
    camp.replace_follower("Grim", NewFollower("Hask", "retainer", ancestry="Orc", level=1))
    assert [(f.name, f.level) for f in camp.followers("Yorn")] == [("Hask", 2)]


# --- NPCs and negotiation ------------------------------------------------------------------


def test_an_npcs_impression_is_its_level_unless_given(camp):
    camp.add_npc("Baron Vell", level=4, tags=["Noble", "noble", " "], notes="owes the party")
    camp.add_npc("Mira the Fence", level=2, impression=5)
    camp.add_npc("The Oracle", impression=9)
    assert [(n.name, n.level, n.impression, n.tags) for n in camp.npcs()] == [
        ("Baron Vell", 4, 4, ("noble",)), ("Mira the Fence", 2, 5, ()),
        ("The Oracle", None, 9, ())]
    assert camp.npc("baron vell").notes == "owes the party"
    with refused(camp, RulesError, "there is already an NPC called 'BARON VELL'"):
        camp.add_npc("BARON VELL", level=3)
    with refused(camp, RulesError, "give an NPC's impression, or its level"):
        camp.add_npc("Nobody Special")
    with refused(camp, RulesError, "level must be a whole number from 1 to 30, got 0"):
        camp.add_npc("Babe", level=0)
    with refused(camp, RulesError, "no NPC 'Duke'; the NPCs are: #1 Baron Vell"):
        camp.npc_knows("Duke", "Val", "fame")


def test_what_an_npc_knows_of_a_hero(camp):
    camp.add_npc("Baron Vell", level=4, knows={"val": "fame"})
    assert camp.npc("Baron Vell").standing == {"Val": "fame"}
    camp.npc_knows("Baron Vell", "Bran", "infamy")
    camp.npc_knows("Baron Vell", "yorn", "known")
    assert camp.npc("Baron Vell").standing == {"Val": "fame", "Bran": "infamy", "Yorn": "known"}
    happened = camp.npc_knows("Baron Vell", "Val", None)
    assert happened.summary == "Baron Vell does not know Val"
    assert camp.npc("Baron Vell").standing == {"Bran": "infamy", "Yorn": "known"}
    with refused(camp, RulesError, "nothing to change: Baron Vell already does not know Val"):
        camp.npc_knows("Baron Vell", "Val", None)
    with refused(camp, RulesError, "one of fame, infamy, known .*got 'love'"):
        camp.npc_knows("Baron Vell", "Val", "love")
    with refused(camp, UnknownHero, "no hero named 'Nobody'"):
        camp.npc_knows("Baron Vell", "Nobody", "fame")


def _sway(camp: Campaign, npc: str) -> dict[str, tuple[bool, tuple[str, ...], int]]:
    return {i.hero: (i.sways, i.edge_skills, i.renown) for i in camp.negotiation(npc)}


def test_negotiation_sways_only_when_known_and_impression_is_at_most_renown(camp):
    renown(camp, "Val", 4)
    renown(camp, "Bran", 4)
    renown(camp, "Yorn", 3)
    camp.add_npc("Baron Vell", level=4, knows={"Val": "fame", "Yorn": "infamy"})
    assert _sway(camp, "Baron Vell") == {
        "Val": (True, ("Flirt", "Lead", "Persuade"), 4),
        "Bran": (False, (), 4),  # renown enough, but the baron does not know him
        "Yorn": (False, (), 3),  # known, but impression 4 is above renown 3
    }
    camp.npc_knows("Baron Vell", "Bran", "infamy")
    renown(camp, "Yorn", 1)
    swayed = _sway(camp, "Baron Vell")
    assert swayed["Bran"] == (True, ("Brag", "Interrogate", "Intimidate"), 4)
    assert swayed["Yorn"] == (True, ("Brag", "Interrogate", "Intimidate"), 4)
    camp.npc_knows("Baron Vell", "Val", "known")
    val = next(i for i in camp.negotiation("Baron Vell") if i.hero == "Val")
    assert (val.sways, val.edge_skills, val.standing) == (True, (), None)
    assert "the Director decides" in val.explanation


def test_wanted_dead_or_alive_counts_with_criminals_only(camp):
    renown(camp, "Yorn", 2)
    camp.grant_title("Yorn", "Wanted Dead or Alive")
    camp.add_npc("Mira the Fence", level=4, tags=["Criminal"], knows={"Yorn": "infamy"})
    camp.add_npc("Captain Dorn", level=4, tags=["watch"], knows={"Yorn": "infamy"})
    fence = next(i for i in camp.negotiation("mira the fence") if i.hero == "Yorn")
    assert (fence.sways, fence.renown, fence.reasons) == (
        True, 4, ("Wanted Dead or Alive +2 with criminal NPCs",))
    captain = next(i for i in camp.negotiation("Captain Dorn") if i.hero == "Yorn")
    assert (captain.sways, captain.renown, captain.reasons) == (False, 2, ())
    bran = next(i for i in camp.negotiation("Mira the Fence") if i.hero == "Bran")
    assert (bran.sways, bran.renown) == (False, 0)
    # Specialist counts +1 with everyone: Bran, renown 3, now sways the captain (impression 4).
    renown(camp, "Bran", 3)
    camp.adjust_hero("Bran", reason="perk", perks=["Specialist"])
    camp.npc_knows("Captain Dorn", "Bran", "fame")
    captain = next(i for i in camp.negotiation("Captain Dorn") if i.hero == "Bran")
    assert (captain.sways, captain.renown, captain.reasons) == (True, 4, ("Specialist +1",))


# --- what the Director keeps to themselves -------------------------------------------------


def test_the_directors_secrets_stay_out_of_the_partys_views(camp):
    camp.add_npc("The Masked Queen", level=10, visibility="director")
    camp.add_npc("Baron Vell", level=4)
    camp.npc_knows("The Masked Queen", "Val", "infamy")
    camp.add_item("Cursed Crown", visibility="director")
    camp.add_item("Rope")
    camp.add_note("The baron is the Queen's spy", about="Baron Vell", visibility="director")
    camp.add_note("The mill owes us a favour")
    assert [n.name for n in camp.npcs(visible_to="party")] == ["Baron Vell"]
    assert [n.name for n in camp.npcs()] == ["The Masked Queen", "Baron Vell"]
    assert [i.item for i in camp.inventory(visible_to="party")] == ["Rope"]
    assert [i.item for i in camp.inventory()] == ["Cursed Crown", "Rope"]
    assert [n.text for n in camp.notes(visible_to="party")] == ["The mill owes us a favour"]
    assert [n.text for n in camp.notes()] == ["The baron is the Queen's spy",
                                              "The mill owes us a favour"]
    assert [n.text for n in camp.notes(visible_to="Val")] == ["The mill owes us a favour"]
    with pytest.raises(RulesError, match="no NPC 'The Masked Queen'"):
        camp.negotiation("The Masked Queen", visible_to="party")
    seen = {e.kind: e for e in camp.history(visible_to="party")}
    assert "npc_knows" not in seen
    party = [e.summary for e in camp.history(visible_to="party")]
    director = [e.summary for e in camp.history()]
    secret = ["NPC The Masked Queen (impression 10) enters the books",
              "The Masked Queen knows Val as infamous",
              "Note on Baron Vell: The baron is the Queen's spy"]
    for summary in secret:
        assert summary in director and summary not in party
    for summary in ("NPC Baron Vell (impression 4) enters the books",
                    "Note: The mill owes us a favour"):
        assert summary in party
    items = {e.payload["item"]: e.visibility for e in camp.history(kind="item_added")}
    assert items == {"Cursed Crown": "director", "Rope": "party"}
    assert [e.payload["item"] for e in camp.history(kind="item_added", visible_to="party")] == [
        "Rope"]
    assert [e.summary for e in camp.history(visible_to="Val")] == party
    with refused(camp, RulesError, "visibility must be 'party' or 'director', got 'players'"):
        camp.add_note("x", visibility="players")


def test_a_directors_item_used_stays_hidden(camp):
    camp.add_item("Healing Potion", count=2, visibility="director")
    camp.use_item("Healing Potion")
    assert camp.inventory(visible_to="party") == []
    assert [e.kind for e in camp.history(visible_to="party", kind="item_used")] == []
    assert [e.kind for e in camp.history(kind="item_used")] == ["item_used"]


def test_a_level_or_stat_block_is_for_retainers_only(camp):
    camp.award_renown("Yorn", 3, reason="saved the town")
    with refused(camp, RulesError, "a level and a stat block are for retainers"):
        camp.add_follower("Yorn", "Hesk", "artisan", ancestry="Orc", physical="might",
                          skills=["Alchemy", "Blacksmithing", "Carpentry", "Cooking"],
                          languages=["Caelian", "Variac", "Zaliac"], stat_block="Guard")
