"""Titles that change a number the workbook keeps (REFERENCE.md "Titles and perks").

Data: ``catalog/data/titles.yaml``. A title's ``benefits`` are what the hero may take when
granted it (renown, wealth, room for followers, a retainer, or something with no number);
:func:`choose_benefit` picks one. Effects that are not scores (Master Crafter's Might, Ancient
Loremaster's d6s, ...) are applied where that work is done and have no benefit here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields
from functools import cache

from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.systems.draw_steel.catalog import load_data

__all__ = ["Benefit", "Title", "choose_benefit", "is_book_title", "title", "title_key", "titles"]

_TITLE_KEYS = {"name", "effect", "benefits", "source"}
_OPTIONAL_TITLE_KEYS = {"negotiation"}
_NEGOTIATION_KEYS = {"bonus", "npc_tag"}
_SLUG = re.compile(r"[a-z]+(?:-[a-z]+)*")


@dataclass(frozen=True)
class Benefit:
    """One thing a title may give: a slug ``key``, its text, and the scores it adds."""

    key: str
    text: str
    renown: int = 0
    wealth: int = 0
    followers: int = 0
    retainers: int = 0


@dataclass(frozen=True)
class Title:
    """One title: what it does, the benefits the hero chooses from, and any negotiation bonus
    (renown that counts extra with NPCs tagged ``negotiation_tag``, or with all if None)."""

    name: str
    effect: str
    benefits: tuple[Benefit, ...]
    negotiation_bonus: int
    negotiation_tag: str | None
    source: str


def title_key(name: str) -> str:
    """The lookup key of a title name: case, spacing and curly apostrophes ignored."""
    return " ".join(str(name).replace("\u2019", "'").split()).casefold()


def _problem(where: str, message: str) -> RulesError:
    return RulesError(f"titles.yaml: {where}: {message}")


def _count(value: object, where: str, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise _problem(where, f"{what} must be a whole number of 0 or more, got {value!r}")
    return value


def _benefit(row: object, where: str) -> Benefit:
    numbers = {f.name for f in fields(Benefit)} - {"key", "text"}
    if not isinstance(row, dict) or not {"key", "text"} <= set(row) <= {"key", "text", *numbers}:
        raise _problem(
            where,
            f"benefit {row!r} must have key and text, and may have {', '.join(sorted(numbers))}",
        )
    if not isinstance(row["key"], str) or not _SLUG.fullmatch(row["key"]):
        raise _problem(where, f"benefit key {row['key']!r} must be a lowercase-hyphenated slug")
    counts = {n: _count(row[n], where, n) for n in numbers if n in row}
    return Benefit(key=row["key"], text=str(row["text"]), **counts)


def _title(row: object) -> Title:
    if (
        not isinstance(row, dict)
        or not _TITLE_KEYS <= set(row) <= _TITLE_KEYS | _OPTIONAL_TITLE_KEYS
    ):
        raise _problem(
            repr(row),
            f"a title must have exactly the keys {', '.join(sorted(_TITLE_KEYS))} "
            f"(and may have {', '.join(sorted(_OPTIONAL_TITLE_KEYS))})",
        )
    where = str(row["name"])
    benefits = tuple(_benefit(b, where) for b in row["benefits"] or ())
    keys = [b.key for b in benefits]
    if len(set(keys)) != len(keys):
        raise _problem(where, f"benefit keys must differ, got {', '.join(keys)}")
    negotiation = row.get("negotiation") or {"bonus": 0, "npc_tag": None}
    if not isinstance(negotiation, dict) or set(negotiation) != _NEGOTIATION_KEYS:
        raise _problem(where, "negotiation must have exactly the keys bonus, npc_tag")
    return Title(
        name=where,
        effect=str(row["effect"]),
        benefits=benefits,
        negotiation_bonus=_count(negotiation["bonus"], where, "negotiation bonus"),
        negotiation_tag=negotiation["npc_tag"],
        source=str(row["source"]),
    )


@cache
def _table() -> tuple[Title, ...]:
    table = tuple(_title(row) for row in load_data("titles"))
    names = [title_key(t.name) for t in table]
    if len(set(names)) != len(names):
        raise RulesError("titles.yaml: a title is listed twice")
    return table


@cache
def _by_key() -> dict[str, Title]:
    return {title_key(t.name): t for t in _table()}


def titles() -> dict[str, Title]:
    """Every title by name, in REFERENCE.md's order (a fresh dict; the data is cached)."""
    return {t.name: t for t in _table()}


def is_book_title(name: str) -> bool:
    """Whether ``name`` is a title this catalog lists (case-insensitive)."""
    return isinstance(name, str) and title_key(name) in _by_key()


def title(name: str) -> Title:
    """The title called ``name`` (case-insensitive); RulesError suggests close names and lists
    every title."""
    found = _by_key().get(title_key(name)) if isinstance(name, str) else None
    if found is None:
        names = [t.name for t in _table()]
        import difflib  # lazy: only a name that is not there needs it

        close = difflib.get_close_matches(title_key(str(name)), list(_by_key()), n=3, cutoff=0.6)
        hint = f" (did you mean {' or '.join(_by_key()[k].name for k in close)}?)" if close else ""
        raise RulesError(f"unknown title {name!r}{hint}: use one of {', '.join(names)}")
    return found


def _choices(chosen: Title) -> str:
    return "; ".join(f"{b.key} ({b.text})" for b in chosen.benefits)


def choose_benefit(title: Title, key: str | None) -> Benefit | None:
    """The benefit a hero takes with ``title``: the one named by ``key`` (case-insensitive);
    with no ``key``, the title's only benefit, or None for a title with none. RulesError when
    the choice is missing or unknown, listing the keys and what each gives."""
    if not isinstance(title, Title):
        raise RulesError(f"expected a Title, got {type(title).__name__}")
    if not title.benefits:
        if key is not None:
            raise RulesError(
                f"{title.name} has no benefit to choose ({title.effect}); give no benefit key"
            )
        return None
    if key is None:
        if len(title.benefits) == 1:
            return title.benefits[0]
        raise RulesError(f"{title.name}: choose one benefit: {_choices(title)}")
    wanted = str(key).strip().casefold()
    found = next((b for b in title.benefits if b.key == wanted), None)
    if found is None:
        raise RulesError(f"{title.name} has no benefit {key!r}: choose one of {_choices(title)}")
    return found
