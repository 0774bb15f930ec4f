"""Renown: how it grows, the followers it attracts, and when it sways an NPC in a negotiation.

Seed 000: 3906-3933 (renown and the Renown and Followers table) and 3507-3535 (Renown and
Negotiation: the Impression score, fame or infamy, the NPC Impression table). Title and perk
bonuses to negotiation are REFERENCE.md "Titles and perks".

Pure: plain values in, numbers and frozen dataclasses out. Imports nothing but the standard
library and :mod:`drawsteel_kit.kit.errors`, so every other module may import it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal

from drawsteel_kit.kit.errors import RulesError

__all__ = [
    "FAME_SKILLS",
    "IMPRESSION_MAX",
    "IMPRESSION_MIN",
    "INFAMY_SKILLS",
    "NEGOTIATION_BONUSES",
    "NPC_IMPRESSIONS",
    "RENOWN_FOLLOWERS",
    "RENOWN_PER_LEVEL",
    "STARTING_RENOWN",
    "Influence",
    "NegotiationBonus",
    "Standing",
    "edge_skills",
    "follower_cap",
    "impression_examples",
    "impression_of",
    "influence",
    "level_renown",
    "negotiation_renown",
    "sways",
    "typical_impression",
]

Standing = Literal["fame", "infamy"]

# --- how much (000: 3910-3916) ----------------------------------------------------------------
#: Every hero starts with renown 0; some careers raise it (000: 3910).
STARTING_RENOWN = 0
#: Most campaigns: 1 renown per level; some give more or less (000: 3916).
RENOWN_PER_LEVEL = 1

# --- followers (000: 3922-3933) ---------------------------------------------------------------
#: Renown and Followers table: (least renown, followers at once); below 3 none (000: 3928-3933).
RENOWN_FOLLOWERS: tuple[tuple[int, int], ...] = ((3, 1), (6, 2), (9, 3), (12, 4))

# --- negotiation (000: 3507-3535) -------------------------------------------------------------
#: The NPC Impression table runs from 1 to 12 (000: 3519-3532).
IMPRESSION_MIN = 1
IMPRESSION_MAX = 12
#: The NPC Impression table: impression -> typical NPCs, in our English (000: 3521-3532).
NPC_IMPRESSIONS: Mapping[int, tuple[str, ...]] = MappingProxyType(
    {
        1: ("bandit leader", "commoner", "shopkeeper"),
        2: ("knight", "local guildmaster", "professor"),
        3: ("cult leader", "local mage", "noble lord"),
        4: ("assassin", "baron", "local celebrity"),
        5: ("city watch captain", "high priest", "viscount"),
        6: ("count", "warlord"),
        7: ("marquis", "world-famous performer"),
        8: ("duke", "spymaster"),
        9: ("archmage", "prince"),
        10: ("demon lord", "monarch"),
        11: ("archdevil", "archfey", "demigod"),
        12: ("god", "titan"),
    }
)
#: Famous to the NPC: an edge on arguments where these skills apply, even without them (000: 3535).
FAME_SKILLS: tuple[str, ...] = ("Flirt", "Lead", "Persuade")
#: Infamous to the NPC: an edge on arguments where these apply (000: 3535).
INFAMY_SKILLS: tuple[str, ...] = ("Brag", "Interrogate", "Intimidate")
_STANDING_SKILLS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {"fame": FAME_SKILLS, "infamy": INFAMY_SKILLS}
)
_STANDING_WORDS = {"fame": "famous", "infamy": "infamous"}


@dataclass(frozen=True)
class NegotiationBonus:
    """A title or perk that makes a hero's renown count higher in negotiations; with an
    ``npc_tag`` only with NPCs the Director tags so (for example "criminal")."""

    name: str
    bonus: int
    npc_tag: str | None
    source: str


#: Titles and perks that raise the renown that counts in a negotiation (REFERENCE.md "Titles
#: and perks"). Specialist counts +1 with everyone; its +2 with NPCs who share the chosen skill
#: is left to the Director (the workbook does not know the NPC's skills).
NEGOTIATION_BONUSES: Mapping[str, NegotiationBonus] = MappingProxyType(
    {
        "Specialist": NegotiationBonus("Specialist", 1, None, "REFERENCE.md Titles and perks"),
        "Wanted Dead or Alive": NegotiationBonus(
            "Wanted Dead or Alive", 2, "criminal", "REFERENCE.md Titles and perks"
        ),
    }
)


def _whole(value: object, what: str, least: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < least:
        raise RulesError(f"{what} must be a whole number of {least} or more, got {value!r}")
    return value


def _key(text: str) -> str:
    return " ".join(str(text).replace("\u2019", "'").split()).casefold()


def _names(names: str | Iterable[str]) -> set[str]:
    """A bare string is one name, not a list of letters."""
    return {_key(n) for n in ([names] if isinstance(names, str) else names)}


def follower_cap(renown: int, bonus: int = 0) -> int:
    """Followers a hero may have at once: the Renown and Followers table (000: 3928-3933), plus
    ``bonus`` from titles such as Noble or Demigod (REFERENCE.md "Titles and perks")."""
    for label, value in (("renown", renown), ("bonus", bonus)):
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise RulesError(f"{label} must be a whole number of 0 or more, got {value!r}")
    base = max((count for least, count in RENOWN_FOLLOWERS if renown >= least), default=0)
    return base + bonus


def level_renown(old_level: int, new_level: int) -> int:
    """Renown gained by levelling from ``old_level`` to ``new_level``: RENOWN_PER_LEVEL per
    level gained, 0 if the level does not rise (000: 3916). Levels are whole numbers of 1 or
    more; the level cap is :mod:`drawsteel_kit.systems.draw_steel.rules.advancement`'s to check."""
    old, new = _whole(old_level, "old_level", 1), _whole(new_level, "new_level", 1)
    return RENOWN_PER_LEVEL * max(0, new - old)


# --- impression (000: 3511-3532) --------------------------------------------------------------


def impression_examples(score: int) -> tuple[str, ...]:
    """The NPC Impression table's typical NPCs for ``score`` (000: 3521-3532); empty above 12,
    where the table lists no one but a Director may still set a score."""
    return NPC_IMPRESSIONS.get(_whole(score, "an impression score", IMPRESSION_MIN), ())


def impression_of(*, level: int | None = None, impression: int | None = None) -> int:
    """An NPC's Impression score: the one the Director gives, else the creature's level
    (000: 3513). A level above 12 keeps its number: the table stops at 12, the rule does not."""
    if level is not None:
        level = _whole(level, "an NPC's level", 1)
    if impression is not None:
        return _whole(impression, "an impression score", IMPRESSION_MIN)
    if level is None:
        raise RulesError("give an NPC's impression, or its level (impression equals level)")
    return level


def typical_impression(npc: str) -> int | None:
    """The impression the table gives a typical NPC ("duke" -> 8), ignoring case and a leading
    "a", "an" or "the"; None for an NPC the table does not list."""
    if not isinstance(npc, str):
        return None
    key = _key(npc)
    for article in ("a ", "an ", "the "):
        if key.startswith(article):
            key = key[len(article) :].strip()
            break
    return next((score for score, who in NPC_IMPRESSIONS.items() if key in who), None)


# --- fame or infamy (000: 3517, 3535) ---------------------------------------------------------


def _standing(standing: object) -> Standing | None:
    if standing is None:
        return None
    key = _key(standing) if isinstance(standing, str) else None
    if key not in _STANDING_SKILLS:
        raise RulesError(
            f"standing must be fame, infamy or None (the Director has not decided), "
            f"got {standing!r}"
        )
    return key  # type: ignore[return-value]  # checked above: one of Standing's two words


def edge_skills(standing: Standing | None) -> tuple[str, ...]:
    """The skills whose arguments get an edge for a hero famous or infamous to an NPC
    (000: 3535); none while the Director has not decided which (``None``)."""
    found = _standing(standing)
    return _STANDING_SKILLS[found] if found else ()


def sways(renown: int, impression: int, *, knows: bool = True) -> bool:
    """Whether a hero's renown may sway an NPC: only if the NPC knows the hero and its
    impression is at most the hero's renown (000: 3511)."""
    _whole(renown, "renown", 0)
    _whole(impression, "an impression score", IMPRESSION_MIN)
    return bool(knows) and impression <= renown


def negotiation_renown(
    renown: int,
    *,
    titles: str | Iterable[str] = (),
    perks: str | Iterable[str] = (),
    npc_tags: str | Iterable[str] = (),
) -> tuple[int, tuple[str, ...]]:
    """The renown that counts in a negotiation, and why (REFERENCE.md "Titles and perks").

    Each :data:`NEGOTIATION_BONUSES` entry named among ``titles`` or ``perks`` adds its bonus,
    if it has no NPC tag or the NPC carries its tag in ``npc_tags``. Names and tags match
    ignoring case. Specialist's +2 with NPCs who share the chosen skill is the Director's call.
    """
    total = _whole(renown, "renown", 0)
    held = _names(titles) | _names(perks)
    tags = _names(npc_tags)
    reasons = []
    for entry in NEGOTIATION_BONUSES.values():
        if _key(entry.name) not in held:
            continue
        if entry.npc_tag is not None and _key(entry.npc_tag) not in tags:
            continue
        total += entry.bonus
        where = f" with {entry.npc_tag} NPCs" if entry.npc_tag else ""
        reasons.append(f"{entry.name} +{entry.bonus}{where}")
    return total, tuple(reasons)


@dataclass(frozen=True)
class Influence:
    """Whether a hero's renown sways one NPC, and what it gives. ``renown`` is the renown that
    counts (titles and perks included, see ``reasons``); ``explanation`` is one sentence."""

    hero: str
    renown: int
    impression: int
    knows: bool
    standing: Standing | None
    sways: bool
    edge_skills: tuple[str, ...]
    reasons: tuple[str, ...]
    explanation: str


def _or_list(words: tuple[str, ...]) -> str:
    return ", ".join(words[:-1]) + f" or {words[-1]}" if len(words) > 1 else "".join(words)


def influence(
    hero: str,
    renown: int,
    impression: int,
    *,
    knows: bool,
    standing: Standing | None,
    titles: str | Iterable[str] = (),
    perks: str | Iterable[str] = (),
    npc_tags: str | Iterable[str] = (),
    npc: str = "the NPC",
) -> Influence:
    """Renown and Negotiation for one hero and one NPC (000: 3511-3535).

    The renown that counts is :func:`negotiation_renown`'s. An NPC who knows the hero and whose
    impression is at most that renown is swayed; the Director then decides whether the hero is
    famous or infamous to it (000: 3517), and only then do :func:`edge_skills` apply. ``npc``
    names the NPC in the explanation ("the duke").
    """
    standing = _standing(standing)
    counted, reasons = negotiation_renown(renown, titles=titles, perks=perks, npc_tags=npc_tags)
    _whole(impression, "an impression score", IMPRESSION_MIN)
    swayed = sways(counted, impression, knows=knows)
    with_reasons = f" counting {', '.join(reasons)}" if reasons else ""
    question = f"{hero} (renown {counted}{with_reasons}) sways {npc}?"
    skills: tuple[str, ...] = ()
    if not knows:
        answer = f"no: {npc} does not know {hero}"
    elif not swayed:
        answer = f"no: impression {impression} is above renown {counted}"
    elif standing is None:
        answer = (
            f"yes: impression {impression} is at most renown {counted}; the Director decides "
            f"whether {hero} is famous or infamous to {npc} (no edge until then)"
        )
    else:
        skills = edge_skills(standing)
        answer = (
            f"yes: impression {impression} is at most renown {counted}; "
            f"{_STANDING_WORDS[standing]}: edge on {_or_list(skills)} arguments, "
            f"even without the skill"
        )
    return Influence(
        hero=hero,
        renown=counted,
        impression=impression,
        knows=bool(knows),
        standing=standing,
        sways=swayed,
        edge_skills=skills,
        reasons=reasons,
        explanation=f"{question} {answer}",
    )
