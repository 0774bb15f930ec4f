"""From campaign.yaml to a ledger: ``init``, and validating a hero edited by hand.

campaign.yaml is the party as the Director first wrote it; after ``init`` the
ledger is the truth. Running ``init`` again adds heroes that are new in the file
and applies changed settings, but never overwrites a hero's ledger values (XP,
languages learned, ...): differences are reported, and ``adjust`` changes them.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from drawsteel_kit.kit.book.init import same_system
from drawsteel_kit.kit.book.init_report import applied_changes
from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.kit.ledger import LEDGER_FILE, Ledger, insert_op
from drawsteel_kit.kit.limits import name_key, same_name
from drawsteel_kit.kit.words import plural
from drawsteel_kit.systems.draw_steel.campaign_file import (
    CAMPAIGN_FILE,
    CampaignFile,
    HeroSpec,
)
from drawsteel_kit.systems.draw_steel.catalog.book_names import Kind, book_name
from drawsteel_kit.systems.draw_steel.catalog.careers import career as _career
from drawsteel_kit.systems.draw_steel.init.report import hero_differences
from drawsteel_kit.systems.draw_steel.rules.advancement import MAX_LEVEL, MIN_LEVEL
from drawsteel_kit.systems.draw_steel.rules.respite import winded_value
from drawsteel_kit.systems.draw_steel.state import (
    CHARACTERISTICS,
    HeroState,
    read_heroes,
    read_party,
)

if TYPE_CHECKING:
    from drawsteel_kit.systems.draw_steel.campaign import Campaign, Happened

__all__ = ["hero_row", "init_campaign", "party_row", "validate_hero_changes"]

#: Fields a hand adjustment may change, beyond the five characteristics.
ADJUSTABLE = (
    "player", "ancestry", "class", "career", "level", "xp", "victories", "max_stamina",
    "stamina", "max_recoveries", "recoveries", "renown", "wealth", "project_points",
    "skills", "languages", "perks", *CHARACTERISTICS,
)


def hero_row(spec: HeroSpec, track: str) -> dict[str, Any]:
    """The ``heroes`` row for a hero as campaign.yaml describes them (fully rested)."""
    from drawsteel_kit.systems.draw_steel.rules.advancement import xp_for_level

    chars = spec.characteristics
    return {
        "name": spec.name, "player": spec.player, "ancestry": spec.ancestry,
        "class": spec.hero_class, "career": spec.career, "level": spec.level,
        "xp": spec.xp if spec.xp is not None else xp_for_level(spec.level, track),
        "victories": spec.victories,
        **{c: getattr(chars, c) for c in CHARACTERISTICS},
        "max_stamina": spec.max_stamina, "stamina": spec.max_stamina,
        "max_recoveries": spec.max_recoveries, "recoveries": spec.max_recoveries,
        "renown": spec.renown, "wealth": spec.wealth, "project_points": spec.project_points,
        "skills": list(spec.skills), "languages": list(spec.languages),
        "titles": [], "perks": list(spec.perks),  # titles are granted by init, with effects
    }


def party_row(cf: CampaignFile) -> dict[str, Any]:
    """The ``party`` row's name, settings and stronghold from campaign.yaml."""
    return {
        "name": cf.name,
        # The Director's own projects travel with the settings: the ledger is what
        # operations (and read-only player pages) read, never campaign.yaml.
        "settings": {**cf.settings.model_dump(mode="json"),
                     "custom_projects": [p.model_dump(mode="json") for p in cf.custom_projects],
                     "wealth_items": {str(k): v for k, v in cf.wealth_items.items()},
                     # The campaign's own skills, languages and titles, which operations
                     # accept beside the book's; absent when none (older ledgers match).
                     **({"custom": cf.custom.lists()} if cf.custom.lists() else {})},
        "stronghold": cf.stronghold.model_dump(mode="json") if cf.stronghold else None,
    }


def init_campaign(cls: type[Campaign], folder: Path,
                  cf: CampaignFile) -> tuple[Campaign, Happened]:
    """Build or update a Draw Steel campaign's ledger from its campaign.yaml (``cf``, read
    and checked before anything is written), in one transaction."""
    from drawsteel_kit.systems.draw_steel.book.base import Happened, Writer

    ledger = Ledger.open(folder / LEDGER_FILE, system=cf.system)
    campaign = cls(folder, ledger)
    try:
        with ledger.write():
            writer = Writer(campaign)
            events = []
            party = read_party(ledger.db)
            wanted = party_row(cf)
            applied: list[str] = []
            if party is not None:
                same_system(folder, party.settings, cf.system)
            if party is None:
                row = {"id": 1, "day": 1, "session": 0, "session_open": 0, "hero_tokens": 0,
                       **wanted}
                events.append(writer.event(
                    "campaign_created", [insert_op("party", 1, row)],
                    summary=f"Campaign {cf.name!r} created from {CAMPAIGN_FILE}",
                ))
            else:
                current = {k: getattr(party, k) for k in wanted}
                applied = applied_changes(current, wanted)
                if current != wanted:
                    events.append(writer.party_event(
                        "campaign_configured", wanted,
                        summary=f"Settings updated from {CAMPAIGN_FILE}",
                    ))
            existing = read_heroes(ledger.db)
            track = cf.settings.xp_track
            added, differences = [], []
            for spec in cf.heroes:
                row = hero_row(spec, track)
                have = _find(existing, spec.name)
                if have is None:
                    events.append(writer.add_hero(
                        row, summary=f"{spec.name} joins the party (level {spec.level})",
                    ))
                    events += _starting_rewards(campaign, writer, spec)
                    added.append(spec.name)
                    continue
                differences += hero_differences(spec, row, have.as_dict())
            named = {name_key(s.name) for s in cf.heroes}
            missing = [n for n in existing if name_key(n) not in named]
    except BaseException:
        ledger.close()
        raise
    if events:
        summary = f"{cf.name}: {plural(len(events), 'change')} from {CAMPAIGN_FILE}"
        if added:
            summary += f"; heroes added: {', '.join(added)}"
    else:
        summary = f"{cf.name}: the ledger is already up to date with {CAMPAIGN_FILE}"
    details = {"added": added, "differences": differences, "missing_from_file": missing,
               "applied": applied}
    return campaign, Happened("init", summary, tuple(events), details)


def _starting_rewards(campaign: Campaign, writer: Any, spec: HeroSpec) -> list[Any]:
    """A new hero's career (renown, wealth, project points) and titles, each applied once as
    its own event with its reason, unless campaign.yaml says they are already included."""
    start = len(writer.written)
    career = _career(spec.career) if spec.career else None
    gains = {k: getattr(career, k) for k in ("renown", "wealth", "project_points")} if career \
        else {}
    gains = {k: v for k, v in gains.items() if v}
    if gains and career is not None and not spec.rewards_applied:
        hero = campaign.hero(spec.name)
        after = {k: getattr(hero, k) + v for k, v in gains.items()}
        listed = ", ".join(f"{k.replace('_', ' ')} +{v}" for k, v in gains.items())
        writer.hero_event("career_applied", hero, after,
                          summary=f"{hero.name}'s career ({career.name}) gives {listed}",
                          payload={"reason": f"career: {career.name}", "source": "career",
                                   "career": career.name, **gains})
    for title in spec.titles:
        campaign.areas.titles.title_ops(writer, campaign.hero(spec.name), title.name, title.benefit,
                           reason=f"title: {title.name} ({CAMPAIGN_FILE})",
                           apply_numbers=not spec.rewards_applied)
    return writer.written[start:]


def _find(heroes: Mapping[str, HeroState], name: str) -> HeroState | None:
    for have in heroes.values():
        if same_name(have.name, name):
            return have
    return None


def validate_hero_changes(hero: HeroState, changes: Mapping[str, Any], *,
                          custom: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Check a hand adjustment and return the new column values it sets.

    Sheet fields are validated exactly as campaign.yaml's are (skills and languages: the
    book's or the campaign's ``custom`` ones); state fields (Stamina, recoveries, XP, level)
    against the hero's maxima and the rules.
    """
    changes = {("class" if k == "hero_class" else k): v for k, v in changes.items()}
    if "characteristics" in changes:
        nested = changes.pop("characteristics")
        if not isinstance(nested, Mapping):
            raise RulesError("characteristics must be a mapping such as {'might': 2}")
        changes.update(nested)
    if "titles" in changes:
        raise RulesError("titles are granted and revoked with their effects: use grant_title / "
                         "revoke_title (`drawsteel-kit titles grant` / `titles revoke`)")
    unknown = sorted(set(changes) - set(ADJUSTABLE))
    if unknown:
        raise RulesError(
            f"cannot adjust {', '.join(map(repr, unknown))}: adjustable fields are "
            f"{', '.join(ADJUSTABLE)}"
        )
    if not changes:
        raise RulesError(f"name at least one field to adjust: {', '.join(ADJUSTABLE)}")
    current = hero.as_dict()
    merged = {**current, **changes}
    state_only = ("stamina", "recoveries", *CHARACTERISTICS)
    spec_data = {k: v for k, v in merged.items() if k not in (*state_only, "titles")}
    spec_data["characteristics"] = {c: merged[c] for c in CHARACTERISTICS}
    try:
        spec = HeroSpec.model_validate(spec_data)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in err['loc'])}: {err['msg']}" for err in exc.errors()
        )
        raise RulesError(f"{hero.name}: {problems}") from None
    for field_name in ("stamina", "recoveries", "level", "xp", "victories"):
        value = merged[field_name]
        if not isinstance(value, int) or isinstance(value, bool):
            raise RulesError(f"{hero.name}: {field_name} must be a whole number, got {value!r}")
    if not MIN_LEVEL <= merged["level"] <= MAX_LEVEL:
        raise RulesError(f"{hero.name}: level must be from {MIN_LEVEL} to {MAX_LEVEL}")
    dead_at = -winded_value(merged["max_stamina"])
    if not dead_at < merged["stamina"] <= merged["max_stamina"]:
        raise RulesError(
            f"{hero.name}: stamina must be above {dead_at} (a hero dies at minus their winded "
            f"value) and at most max_stamina {merged['max_stamina']}, got {merged['stamina']}"
        )
    if not 0 <= merged["recoveries"] <= merged["max_recoveries"]:
        raise RulesError(
            f"{hero.name}: recoveries must be from 0 to max_recoveries "
            f"{merged['max_recoveries']}, got {merged['recoveries']}"
        )
    # Store what campaign.yaml would have stored: names stripped and NFC-normalised,
    # careers spelled as the catalog spells them ("sage" -> "Sage").
    read = spec.model_dump(by_alias=True)
    read.update(read.pop("characteristics"))
    listed: tuple[Kind, ...] = ("skills", "languages")
    for kind in listed:
        if kind in changes:
            read[kind] = [book_name(kind, n, custom, what=f"{hero.name}: {kind}")
                          for n in read[kind]]
    chosen: tuple[tuple[Kind, str], ...] = (("classes", "class"), ("ancestries", "ancestry"))
    for kind, field in chosen:
        if changes.get(field):  # "" clears it: none chosen
            read[field] = book_name(kind, read[field], custom, what=f"{hero.name}: {field}")
    return {k: read.get(k, v) for k, v in changes.items()}
