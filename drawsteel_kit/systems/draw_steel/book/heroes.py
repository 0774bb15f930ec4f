"""The heroes: reading them, naming what the book names (skills, languages, titles), and the
Director's changes by hand, with what a level set by hand leaves to do."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.kit.ledger import DIRECTOR, PARTY
from drawsteel_kit.systems.draw_steel.book.base import (
    DrawSteelArea,
    Happened,
    check_text,
    hero_row,
    operation,
)
from drawsteel_kit.systems.draw_steel.state import HeroState, read_hero, read_heroes

__all__ = ["Heroes"]


class Heroes(DrawSteelArea):
    """The heroes: who they are, and the Director's changes to them by hand."""

    # -- reading -------------------------------------------------------------
    @property
    def heroes(self) -> dict[str, HeroState]:
        """Every hero, by name."""
        return read_heroes(self.ledger.db)

    def hero(self, name: str) -> HeroState:
        """One hero (case-insensitive); UnknownHero says which heroes there are."""
        return read_hero(self.ledger.db, name)

    def book_name(self, kind: str, name: str, what: str) -> str:
        """A skill, language or title as the book or this campaign (campaign.yaml's
        ``custom:``) spells it; NotInBook names ``what`` and the closest match otherwise."""
        from drawsteel_kit.systems.draw_steel.catalog.book_names import book_name

        # kind: one of the catalog's kinds (skills, languages, titles): every caller names one
        return book_name(kind, name, self.settings.get("custom"),  # type: ignore[arg-type]
                         what=what)

    def resolve_heroes(self, names: Iterable[str] | None) -> list[HeroState]:
        """The heroes named (None: every hero), each once; UnknownHero for a name not known."""
        if names is None:
            heroes = list(self.heroes.values())
            if not heroes:
                raise RulesError("this campaign has no heroes yet: add them to campaign.yaml")
            return heroes
        if isinstance(names, str):
            names = [names]
        chosen: dict[str, HeroState] = {}
        for name in names:
            hero = self.hero(name)
            chosen[hero.name] = hero
        if not chosen:
            raise RulesError("name at least one hero (or none, for all of them)")
        return list(chosen.values())

    @staticmethod
    def level_stamina(name: str, class_name: str, old: int, new: int
                      ) -> tuple[int, list[str]]:
        """What reaching level ``new`` adds to maximum Stamina (the class's Stamina per
        level, from the catalog), and what the Director adds by hand: a class the workbook
        does not know, a kit's Stamina bonus at a new echelon."""
        from drawsteel_kit.systems.draw_steel.catalog.classes import hero_class
        from drawsteel_kit.systems.draw_steel.rules.advancement import echelon

        book = hero_class(class_name)
        said = []
        if book is None:
            why = (f"{class_name!r} is not a class of the book" if class_name
                   else "no class is set")
            said.append(f"{name} reached level {new}: add the class's Stamina per level to "
                        f"{name}'s maximum Stamina ({why}): `drawsteel-kit adjust` "
                        "max_stamina=...")
        if echelon(new) > echelon(old):
            said.append(f"{name} reached echelon {echelon(new)}: add the kit's Stamina bonus "
                        f"once more to {name}'s maximum Stamina (the workbook does not keep "
                        "kits): `drawsteel-kit adjust` max_stamina=...")
        return (0 if book is None else book.stamina_per_level * (new - old)), said

    # -- by hand -----------------------------------------------------------------
    @operation
    def adjust_hero(
        self, name: str, *, reason: str, visibility: str = PARTY, **changes: Any
    ) -> Happened:
        """Change a hero by hand (the Director's fix-up), always with a reason."""
        from drawsteel_kit.systems.draw_steel.init import validate_hero_changes

        reason = check_text(reason, "reason")
        if not reason:
            raise RulesError("say why (a reason) when adjusting a hero by hand")
        if visibility not in (PARTY, DIRECTOR):
            raise RulesError(f"visibility must be {PARTY!r} or {DIRECTOR!r}, got {visibility!r}")
        hero = self.hero(name)
        new = validate_hero_changes(hero, changes, custom=self.settings.get("custom"))
        if not any(new[k] != hero_row(hero)[k] for k in new):
            raise RulesError(f"nothing to change: {hero.name} already has those values")
        listed = ", ".join(f"{k} {hero_row(hero)[k]} → {v}" for k, v in new.items()
                           if hero_row(hero)[k] != v)
        summary = f"{hero.name} adjusted by hand ({reason}): {listed}"
        with self.writing() as w:
            ev = w.hero_event("hero_adjusted", hero, new, summary=summary,
                              payload={"reason": reason, "changes": new}, visibility=visibility)
        warnings = self._level_warnings(hero.name, {**hero_row(hero), **new}, hero.level)
        return Happened("hero_adjusted", summary, (ev,),
                        {"warnings": warnings} if warnings else {})

    def _level_warnings(self, name: str, row: Mapping[str, Any], old_level: int) -> list[str]:
        """What a level set by hand leaves for the Director: XP that disagrees with it, and
        the level's rewards and Stamina, which only a respite's level-up gives."""
        from drawsteel_kit.systems.draw_steel.rules.advancement import (
            MAX_LEVEL,
            level_for_xp,
            xp_for_level,
        )

        track = str(self.settings.get("xp_track", "normal"))
        level, xp = int(row["level"]), int(row["xp"])
        said = []
        if level_for_xp(xp, track) != level:
            low, high = xp_for_level(level, track), (
                xp_for_level(level + 1, track) - 1 if level < MAX_LEVEL else None)
            span = f"{low} to {high}" if high is not None else f"{low} or more"
            said.append(f"{name} is level {level} with {xp} XP, but level {level} is {span} XP "
                        f"on the {track} track: adjust xp too, or the level")
        if level > old_level:
            said.append(self._level_by_hand(name, row, old_level, level))
        return said

    def _level_by_hand(self, name: str, row: Mapping[str, Any], old: int, new: int) -> str:
        """What a respite's level-up would have given, as the values to adjust to."""
        from drawsteel_kit.systems.draw_steel.rules import renown as renown_rules
        from drawsteel_kit.systems.draw_steel.rules import wealth as wealth_rules

        gives = {"max_stamina": 0}
        if self.settings.get("level_rewards", True):
            gives = {"renown": renown_rules.level_renown(old, new),
                     "wealth": wealth_rules.level_wealth(old, new), **gives}
        gives["max_stamina"], notes = self.level_stamina(name, str(row["class"]), old, new)
        given = {k: v for k, v in gives.items() if v}
        listed = ", ".join(f"{k.replace('_', ' ')} +{v}" for k, v in given.items())
        values = " ".join(f"{k}={int(row[k]) + v}" for k, v in given.items())
        text = (f"a level set by hand gives none of what reaching it at a respite gives: "
                f"level {new} gives {listed or 'nothing the workbook counts'}")
        text += f"; add it with `drawsteel-kit adjust` {values}" if values else ""
        return "; ".join([text, *notes])
