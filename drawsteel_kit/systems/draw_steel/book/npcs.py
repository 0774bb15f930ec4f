"""NPCs the heroes negotiate with, which heroes sway them, and notes in the books.

An NPC has an Impression score (its level unless the Director says otherwise); a hero's
renown sways it only if the NPC knows the hero and the impression is at most the hero's
renown; famous heroes gain an edge on Flirt, Lead or Persuade arguments, infamous ones on
Brag, Interrogate or Intimidate (000: 3507-3535). The Director can keep an NPC or a note
for their own eyes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.kit.ledger import PARTY, insert_op, update_op
from drawsteel_kit.kit.limits import did_you_mean, same_name
from drawsteel_kit.systems.draw_steel.book.base import (
    DrawSteelArea,
    Happened,
    check_count,
    check_text,
    check_visibility,
    operation,
)
from drawsteel_kit.systems.draw_steel.records import NpcState, read_npcs
from drawsteel_kit.systems.draw_steel.rules import renown as renown_rules

__all__ = ["STANDINGS", "Npcs"]

#: What an NPC knows of a hero: famous or infamous to them, or known without the Director
#: having said which (renown may sway them, but no skill gains the edge yet).
STANDINGS = ("fame", "infamy", "known")
#: Our own bound: an NPC's level or impression above this is a typo.
MAX_NPC_LEVEL = 30
MAX_TAGS = 20


class Npcs(DrawSteelArea):
    """NPCs, negotiation help and notes."""

    def npcs(self, *, visible_to: str | None = None) -> list[NpcState]:
        """Every NPC in the books (those the players may see, with ``visible_to``)."""
        return read_npcs(self.ledger.db, visible_to=visible_to)

    def npc(self, ref: int | str, *, visible_to: str | None = None) -> NpcState:
        """One NPC by id or name (case-insensitive)."""
        every = self.npcs(visible_to=visible_to)
        for n in every:
            if (isinstance(ref, int) and not isinstance(ref, bool) and n.id == ref) or (
                    same_name(n.name, ref)):
                return n
        names = ", ".join(f"#{n.id} {n.name}" for n in every) or "none yet"
        raise RulesError(f"no NPC {ref!r}; the NPCs are: {names}"
                         f"{did_you_mean(ref, [n.name for n in every])} (add one with "
                         "`drawsteel-kit npc add`)")

    @operation
    def add_npc(self, name: str, *, level: int | None = None, impression: int | None = None,
                tags: Iterable[str] = (), notes: str = "", visibility: str = PARTY,
                knows: dict[str, str] | None = None) -> Happened:
        """An NPC enters the books, with its level or impression (the level when only that is
        given) and what it knows of the heroes (``{hero: fame | infamy | known}``)."""
        name = check_text(name, "NPC name", name=True)
        if not name:
            raise RulesError("name the NPC")
        if any(same_name(n.name, name) for n in self.npcs()):
            raise RulesError(f"there is already an NPC called {name!r}")
        if level is not None:
            check_count(level, "level", minimum=1, maximum=MAX_NPC_LEVEL)
        if impression is not None:
            check_count(impression, "impression", minimum=renown_rules.IMPRESSION_MIN,
                        maximum=MAX_NPC_LEVEL)
        score = renown_rules.impression_of(level=level, impression=impression)
        tag_list = sorted({check_text(t, "tag").casefold() for t in tags} - {""})
        if len(tag_list) > MAX_TAGS:
            raise RulesError(f"at most {MAX_TAGS} tags")
        if knows is not None and not isinstance(knows, Mapping):
            raise RulesError("knows maps each hero the NPC knows to fame, infamy or known, "
                             f"such as {{'Val': 'fame'}}, got {knows!r}")
        standing = {self.campaign.hero(h).name: _check_standing(s)
                    for h, s in (knows or {}).items()}
        row: dict[str, Any] = {"name": name, "level": level, "impression": score,
                               "tags": tag_list, "standing": standing,
                               "notes": check_text(notes, "notes"),
                               "visibility": check_visibility(visibility)}
        summary = f"NPC {name} (impression {score}) enters the books"
        with self.writing() as w:
            w.event("npc_added", [insert_op("npcs", self.campaign.next_id("npcs"), row)],
                    visibility=visibility, summary=summary, payload={"npc": name})
        return Happened("npc_added", summary, tuple(w.written))

    @operation
    def npc_knows(self, npc: int | str, hero: str, standing: str | None) -> Happened:
        """Record what an NPC knows of a hero: ``fame``, ``infamy``, ``known`` (the Director
        has not said which), or None (the NPC does not know the hero)."""
        n, who = self.npc(npc), self.campaign.hero(hero)
        new = dict(n.standing)
        if standing is None:
            new.pop(who.name, None)
        else:
            new[who.name] = _check_standing(standing)
        if new == n.standing:
            raise RulesError(f"nothing to change: {n.name} already "
                             f"{_describe(n.standing.get(who.name), who.name)}")
        summary = f"{n.name} {_describe(new.get(who.name), who.name)}"
        with self.writing() as w:
            w.event("npc_knows", [update_op("npcs", n.id, {"standing": n.standing},
                                            {"standing": new})],
                    actor=who.name, visibility=n.visibility, summary=summary,
                    payload={"npc": n.name, "standing": standing})
        return Happened("npc_knows", summary, tuple(w.written))

    def negotiation(self, npc: int | str, *, visible_to: str | None = None
                    ) -> list[renown_rules.Influence]:
        """For each hero: does their renown sway this NPC, and which skills gain an edge."""
        n = self.npc(npc, visible_to=visible_to)
        out = []
        for hero in self.campaign.heroes.values():
            standing = n.standing.get(hero.name)
            out.append(renown_rules.influence(
                hero.name, hero.renown, n.impression, knows=standing is not None,
                # (checked on this line: fame or infamy, else None)
                standing=standing if standing in ("fame", "infamy") else None,  # type: ignore[arg-type]
                titles=hero.titles, perks=hero.perks, npc_tags=n.tags, npc=n.name))
        return out


def _check_standing(value: object) -> str:
    if value not in STANDINGS:
        raise RulesError(f"what an NPC knows of a hero is one of {', '.join(STANDINGS)} "
                         f"(or nothing), got {value!r}")
    return str(value)


def _describe(standing: str | None, hero: str) -> str:
    return {None: f"does not know {hero}", "fame": f"knows {hero} as famous",
            "infamy": f"knows {hero} as infamous",
            "known": f"knows of {hero}"}[standing]
