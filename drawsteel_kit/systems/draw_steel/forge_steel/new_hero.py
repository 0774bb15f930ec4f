"""A Forge Steel hero file for a hero who never came from Forge Steel (one of campaign.yaml).

The file is Forge Steel's own new hero (``src/logic/factory-logic.ts``: ``createHero``,
``createHeroState``) with the workbook's sheet on it. When Forge Steel opens a hero file it
replaces the ancestry, the career and the class by its own data of the same id, keeping the
class's level and characteristics (``src/logic/update/hero-update-logic.ts``,
``updateHeroData``): so the file names the book's class, ancestry and career by Forge Steel's
ids, and the player chooses there what the workbook does not keep (culture, subclass, kit,
abilities, the ancestry's traits). A class or ancestry the book does not have (the campaign's
own) is left unchosen, and the export says so. The skills and languages go in the hero's own
features, as chosen; :mod:`.exporting` then puts the workbook's numbers in the state.
"""

from __future__ import annotations

import uuid
from typing import TYPE_CHECKING, Any

from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.systems.draw_steel.catalog.careers import career as book_career
from drawsteel_kit.systems.draw_steel.catalog.classes import ancestry as book_ancestry
from drawsteel_kit.systems.draw_steel.catalog.classes import hero_class as book_class
from drawsteel_kit.systems.draw_steel.forge_steel.features import CHARACTERISTIC_NAMES
from drawsteel_kit.systems.draw_steel.forge_steel.read import CAELIAN

if TYPE_CHECKING:
    from drawsteel_kit.systems.draw_steel.campaign import Campaign
    from drawsteel_kit.systems.draw_steel.state import HeroState

__all__ = ["SOURCEBOOKS", "new_hero_file", "new_hero_notes"]

#: The sourcebooks a new hero of Forge Steel's uses: its official ones
#: (``src/components/main/main.tsx``, ``newHero``; ``src/data/sourcebooks/official/``).
SOURCEBOOKS = ("core", "orden", "beastheart", "summoner", "patreon")
#: Our own namespace for the ids of what the export makes (uuid5 of campaign and hero).
_NAMESPACE = uuid.UUID("6f1c1c8e-3c55-4a43-9b7b-2f0d1f6b7d21")


def _feature(fid: str, name: str, ftype: str, data: dict[str, Any]) -> dict[str, Any]:
    return {"id": fid, "name": name, "description": "", "type": ftype, "data": data}


def _bonus(fid: str, field: str, value: int) -> dict[str, Any]:
    """A Bonus feature as Forge Steel's ``createBonus`` writes it."""
    return _feature(fid, field, "Bonus", {
        "field": field, "value": value, "valueFromController": None,
        "valueCharacteristics": [], "valueCharacteristicMultiplier": 1, "valuePerLevel": 0,
        "valuePerEchelon": 0})


def _choice(fid: str, name: str, ftype: str, selected: list[str], **extra: Any
            ) -> dict[str, Any]:
    """A language or skill choice with its choices made (``createLanguageChoice`` ...)."""
    return _feature(fid, name, ftype, {"options": [], **extra, "count": max(1, len(selected)),
                                       "selectAt": "build", "selected": selected})


def _slug(name: str) -> str:
    return "-".join(name.replace("\u2019", "").replace("'", "").casefold().split())


def _class(who: HeroState) -> dict[str, Any] | None:
    book = book_class(who.hero_class)
    if book is None:
        return None
    # The Stamina and Recoveries bonuses carry the workbook's maxima; Forge Steel replaces
    # them by its class data's (Stamina per level included) when it opens the file.
    return {"id": book.forge_steel_id, "name": book.name, "description": "",
            "type": "standard", "subclassName": "", "subclassCount": 1,
            "primaryCharacteristicsOptions": [], "primaryCharacteristics": [],
            "featuresByLevel": [{"level": 1, "features": [
                _bonus("drawsteel-kit-stamina", "Stamina", who.max_stamina),
                _bonus("drawsteel-kit-recoveries", "Recoveries", who.max_recoveries)]}],
            "abilities": [], "subclasses": [], "level": who.level,
            "characteristics": [{"characteristic": c, "value": getattr(who, c.lower())}
                                for c in CHARACTERISTIC_NAMES]}


def _ancestry(who: HeroState) -> dict[str, Any] | None:
    book = book_ancestry(who.ancestry)
    if book is None:
        return None
    return {"id": book.forge_steel_id, "name": book.forge_steel_name, "description": "",
            "features": [], "ancestryPoints": book.ancestry_points}


def _career(who: HeroState) -> dict[str, Any] | None:
    try:
        book = book_career(who.career or "")
    except RulesError:  # none (or, in an old ledger, not the book's): left unchosen
        return None
    fid = f"career-{_slug(book.name)}"
    gives = (("Renown", book.renown), ("Wealth", book.wealth),
             ("Project Points", book.project_points))
    return {"id": fid, "name": book.name, "description": "",
            "features": [_bonus(f"{fid}-{_slug(f)}", f, v) for f, v in gives if v],
            "incitingIncidents": {"options": [], "selected": None}}


def new_hero_file(campaign: Campaign, who: HeroState) -> dict[str, Any]:
    """The hero as a new Forge Steel hero: the sheet chosen, the state Forge Steel's new one
    (the caller writes the workbook's numbers into it)."""
    others = [lang for lang in who.languages if lang != CAELIAN]
    features = [_choice("default-language", "Default Language", "Language Choice",
                        [CAELIAN], allowedTypes=["Common"])]
    if others:
        features.append(_choice("drawsteel-kit-languages", "Languages (from drawsteel-kit)",
                                "Language Choice", others,
                                allowedTypes=["Common", "Regional", "Cultural", "Dead", "Custom"]))
    if who.skills:
        features.append(_choice("drawsteel-kit-skills", "Skills (from drawsteel-kit)",
                                "Skill Choice", list(who.skills), listOptions=[]))
    damage = who.max_stamina - who.stamina
    return {
        "id": str(uuid.uuid5(_NAMESPACE, f"{campaign.party.name}\n{who.name}")),
        "name": who.name, "picture": None, "folder": "", "sourcebookIDs": list(SOURCEBOOKS),
        "ancestry": _ancestry(who), "culture": None, "class": _class(who),
        "career": _career(who), "complication": None, "features": features,
        "state": {"tutorialMode": "Complete", "staminaDamage": max(0, damage),
                  "staminaTemp": 0, "recoveriesUsed": who.max_recoveries - who.recoveries,
                  "surges": 0, "victories": 0, "xp": 0, "heroTokens": 0, "renown": 0,
                  "wealth": 1, "projectPoints": 0, "conditions": [], "inventory": [],
                  "projects": [], "titles": [], "controlledSlots": [], "notes": "",
                  "inventoryText": "", "encounterState": "ready", "hidden": False,
                  "defeated": False},
        "abilityCustomizations": [], "isActive": True}


def new_hero_notes(who: HeroState) -> list[str]:
    """What the player chooses in Forge Steel for a hero written from campaign.yaml."""
    notes = []
    if book_class(who.hero_class) is None:
        what = (f"{who.hero_class!r} is not one of the book's nine" if who.hero_class
                else "none is set")
        notes.append(f"class: {what}, so it is left unchosen: choose it in Forge Steel, at "
                     f"level {who.level}, with the characteristics (the file cannot carry "
                     "them without a class)")
    if book_ancestry(who.ancestry) is None:
        what = (f"{who.ancestry!r} is not one of the book's twelve" if who.ancestry
                else "none is set")
        notes.append(f"ancestry: {what}, so it is left unchosen: choose it in Forge Steel")
    notes.append(f"{who.name} never came from Forge Steel: choose the culture, subclass, kit, "
                 "abilities and the ancestry's traits there (the workbook does not keep them)")
    return notes
