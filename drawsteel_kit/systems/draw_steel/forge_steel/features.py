"""Walking a Forge Steel hero's features as Forge Steel itself does.

A ``.ds-hero`` file keeps what the player chose inside features: a language choice's
``selected`` list, a skill choice's, a career's bonus to renown. Forge Steel gathers them from
the ancestry, the culture, the career, the class up to its level (and the chosen subclass),
the complication, the hero's own features and each title's chosen feature, opening choices,
kits and bundles of features on the way. This module does the same walk over plain JSON.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from drawsteel_kit.kit.errors import CampaignFileError
from drawsteel_kit.kit.limits import WHOLE_LIMIT

__all__ = ["HeroFileError", "bonus", "characteristic_bonus", "echelon", "features",
           "kit_stamina"]

CHARACTERISTIC_NAMES = ("Might", "Agility", "Reason", "Intuition", "Presence")


class HeroFileError(CampaignFileError):
    """A Forge Steel hero file that cannot be read: one line naming the file and the field."""


Found = tuple[dict[str, Any], str]  # a feature and where it sits in the file


def _list(value: Any, where: str, source: str) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise HeroFileError(f"{source}: {where}: must be a list, got {type(value).__name__}")
    return value


def _object(value: Any, where: str, source: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise HeroFileError(f"{source}: {where}: must be an object, got "
                            f"{type(value).__name__}")
    return value


def _walk(feature: Any, where: str, source: str, level: int, complete: bool
          ) -> Iterator[Found]:
    """A feature and what it opens (the choices made, a kit's features ...)."""
    if feature is None:
        return
    feature = _object(feature, where, source)
    yield feature, where
    kind = feature.get("type")
    data = feature.get("data")
    if not isinstance(data, dict):
        return
    here = f"{where}.data"
    if kind == "Ancestry Feature Choice":
        yield from _walk(data.get("selected"), f"{here}.selected", source, level, complete)
    elif kind in ("Choice", "Domain Feature", "Tagged Feature Choice") or (
            kind == "Perk" and complete):
        for i, f in enumerate(_list(data.get("selected"), f"{here}.selected", source)):
            yield from _walk(f, f"{here}.selected[{i}]", source, level, complete)
    elif kind == "Multiple Features":
        for i, f in enumerate(_list(data.get("features"), f"{here}.features", source)):
            yield from _walk(f, f"{here}.features[{i}]", source, level, complete)
    elif kind == "Domain":
        for i, d in enumerate(_list(data.get("selected"), f"{here}.selected", source)):
            d = _object(d, f"{here}.selected[{i}]", source)
            for j, f in enumerate(_list(d.get("defaultFeatures"),
                                        f"{here}.selected[{i}].defaultFeatures", source)):
                yield from _walk(f, f"{here}.selected[{i}].defaultFeatures[{j}]", source,
                                 level, complete)
    elif kind == "Kit":
        for i, k in enumerate(_list(data.get("selected"), f"{here}.selected", source)):
            k = _object(k, f"{here}.selected[{i}]", source)
            for j, f in enumerate(_list(k.get("features"), f"{here}.selected[{i}].features",
                                        source)):
                yield from _walk(f, f"{here}.selected[{i}].features[{j}]", source, level,
                                 complete)
    elif kind == "Title":
        for i, t in enumerate(_list(data.get("selected"), f"{here}.selected", source)):
            yield from _title_features(t, f"{here}.selected[{i}]", source, level, complete)
    elif kind == "Toggle":
        chosen = "featureChecked" if data.get("checked") else "featureUnchecked"
        yield from _walk(data.get(chosen), f"{here}.{chosen}", source, level, complete)


def _title_features(title: Any, where: str, source: str, level: int, complete: bool
                    ) -> Iterator[Found]:
    title = _object(title, where, source)
    chosen = title.get("selectedFeatureID")
    for i, f in enumerate(_list(title.get("features"), f"{where}.features", source)):
        if chosen and isinstance(f, dict) and f.get("id") != chosen:
            continue
        yield from _walk(f, f"{where}.features[{i}]", source, level, complete)


def features(hero: dict[str, Any], source: str, level: int) -> list[Found]:
    """Every feature the hero has, with where it sits (``career.features[2]``)."""
    raw_state = hero.get("state")
    state: dict[str, Any] = raw_state if isinstance(raw_state, dict) else {}
    complete = state.get("tutorialMode", "Complete") == "Complete"
    found: list[Found] = []

    def add(items: Any, where: str) -> None:
        for i, f in enumerate(_list(items, where, source)):
            found.extend(_walk(f, f"{where}[{i}]", source, level, complete))

    for part in ("ancestry", "career", "complication"):
        if hero.get(part) is not None:
            add(_object(hero[part], part, source).get("features"), f"{part}.features")
    culture = hero.get("culture")
    if culture is not None:
        culture = _object(culture, "culture", source)
        for key in ("language", "environment", "organization", "upbringing"):
            found.extend(_walk(culture.get(key), f"culture.{key}", source, level, complete))
    hero_class = hero.get("class")
    if isinstance(hero_class, dict):
        add_levels(found, hero_class, "class", source, level, complete)
        for i, sub in enumerate(_list(hero_class.get("subclasses"), "class.subclasses",
                                      source)):
            sub = _object(sub, f"class.subclasses[{i}]", source)
            if sub.get("selected"):
                add_levels(found, sub, f"class.subclasses[{i}]", source, level, complete)
    add(hero.get("features"), "features")
    for i, title in enumerate(_list(state.get("titles"), "state.titles", source)):
        found.extend(_title_features(title, f"state.titles[{i}]", source, level, complete))
    return found


def add_levels(found: list[Found], owner: dict[str, Any], where: str, source: str,
               level: int, complete: bool) -> None:
    """A class's (or subclass's) features of each level up to the hero's."""
    for i, row in enumerate(_list(owner.get("featuresByLevel"), f"{where}.featuresByLevel",
                                  source)):
        row = _object(row, f"{where}.featuresByLevel[{i}]", source)
        at = row.get("level")
        if isinstance(at, int) and not isinstance(at, bool) and at > level:
            continue
        for j, f in enumerate(_list(row.get("features"),
                                    f"{where}.featuresByLevel[{i}].features", source)):
            found.extend(_walk(f, f"{where}.featuresByLevel[{i}].features[{j}]", source,
                               level, complete))


def echelon(level: int) -> int:
    """Levels 1-3 are the first echelon, 4-6 the second, 7-9 the third, 10 the fourth."""
    return (level - 1) // 3 + 1


def _number(value: Any, where: str, source: str) -> int:
    if value is None:
        return 0
    if isinstance(value, bool) or not isinstance(value, int | float) or (
            isinstance(value, float) and not value.is_integer()):
        raise HeroFileError(f"{source}: {where}: must be a whole number, got {value!r:.40}")
    if abs(value) > WHOLE_LIMIT:
        raise HeroFileError(f"{source}: {where}: must be from {-WHOLE_LIMIT:,} to "
                            f"{WHOLE_LIMIT:,}, got a number {len(str(int(abs(value))))} "
                            "digits long")
    return int(value)


def _modifier(data: dict[str, Any], where: str, source: str, level: int,
              scores: dict[str, int]) -> int:
    """A bonus's value as Forge Steel counts it: the value, the best of the characteristics
    it names (times a multiplier), and so much per level and per echelon."""
    value = _number(data.get("value"), f"{where}.value", source)
    named = [scores.get(str(c).lower(), 0)
             for c in _list(data.get("valueCharacteristics"), f"{where}.valueCharacteristics",
                            source)]
    if named:
        value += max(named) * (_number(data.get("valueCharacteristicMultiplier"),
                                       f"{where}.valueCharacteristicMultiplier", source) or 1)
    value += _number(data.get("valuePerLevel"), f"{where}.valuePerLevel", source) * (level - 1)
    value += _number(data.get("valuePerEchelon"), f"{where}.valuePerEchelon", source) * \
        echelon(level)
    return value


def bonus(found: list[Found], field: str, source: str, level: int,
          scores: dict[str, int] | None = None) -> int:
    """What the hero's Bonus features add to ``field`` ("Renown", "Stamina" ...)."""
    total = 0
    for feature, where in found:
        data = feature.get("data")
        if feature.get("type") == "Bonus" and isinstance(data, dict) and \
                data.get("field") == field:
            total += _modifier(data, f"{where}.data", source, level, scores or {})
    return total


def characteristic_bonus(found: list[Found], source: str) -> dict[str, int]:
    """What Characteristic Bonus features add, by characteristic (lower case)."""
    total: dict[str, int] = {}
    for feature, where in found:
        data = feature.get("data")
        if feature.get("type") == "Characteristic Bonus" and isinstance(data, dict):
            name = data.get("characteristic")
            if name not in CHARACTERISTIC_NAMES:
                raise HeroFileError(f"{source}: {where}.data.characteristic: must be one of "
                                    f"{', '.join(CHARACTERISTIC_NAMES)}, got {name!r}")
            key = str(name).lower()
            total[key] = total.get(key, 0) + _number(data.get("value"), f"{where}.data.value",
                                                     source)
    return total


def kit_stamina(found: list[Found], source: str) -> int:
    """The best Stamina bonus of the hero's kits (Forge Steel multiplies it by the echelon)."""
    best = 0
    for feature, where in found:
        data = feature.get("data")
        if feature.get("type") == "Kit" and isinstance(data, dict):
            for i, kit in enumerate(_list(data.get("selected"), f"{where}.data.selected",
                                          source)):
                if isinstance(kit, dict):
                    best = max(best, _number(kit.get("stamina"),
                                             f"{where}.data.selected[{i}].stamina", source))
    return best
