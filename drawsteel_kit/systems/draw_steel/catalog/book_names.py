"""Skills, languages, titles, classes and ancestries: the book's, or the campaign's own.

A name outside the book's lists used to be accepted silently, so "Magc" became a skill no
project roll would ever match. Every place such a name enters (campaign.yaml, recruiting a
follower, learning a language, granting a title, ``adjust``) asks :func:`book_name`: a book
name comes back in the book's spelling, a name the campaign declares under ``custom:`` in
campaign.yaml in its declared spelling, anything else is :class:`NotInBook` naming the
closest match. Matching ignores case, spacing, curly apostrophes and how accents are encoded.
"""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Iterable, Mapping
from typing import Literal

from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.systems.draw_steel.catalog import classes as class_catalog
from drawsteel_kit.systems.draw_steel.catalog.languages import UnknownLanguage, language, languages
from drawsteel_kit.systems.draw_steel.catalog.skills import (
    canonical_skill,
    skill_group,
    skill_groups,
)
from drawsteel_kit.systems.draw_steel.catalog.titles import is_book_title, title, titles

__all__ = ["KINDS", "LIST_KINDS", "NOUNS", "Kind", "NotInBook", "book_name", "book_names",
           "in_book", "name_problem"]

Kind = Literal["skills", "languages", "titles", "classes", "ancestries"]
#: The lists campaign.yaml's ``custom:`` section may extend, in the order it reads.
KINDS: tuple[Kind, ...] = ("skills", "languages", "titles", "classes", "ancestries")
#: The kinds a hero lists several of (a hero has one class and one ancestry).
LIST_KINDS: tuple[Kind, ...] = ("skills", "languages", "titles")
NOUNS: dict[str, str] = {"skills": "skill", "languages": "language", "titles": "title",
                         "classes": "class", "ancestries": "ancestry"}


class NotInBook(RulesError):
    """A skill, language or title that is neither the book's nor declared by the campaign."""


def _key(name: str) -> str:
    text = unicodedata.normalize("NFC", name).replace("\u2019", "'")
    return unicodedata.normalize("NFC", " ".join(text.split()).casefold())


def book_names(kind: Kind) -> tuple[str, ...]:
    """The book's list of ``kind``, in the catalog's order."""
    if kind == "skills":
        return tuple(s for g in skill_groups().values() for s in g.skills)
    if kind == "languages":
        return tuple(languages())
    if kind == "classes":
        return class_catalog.hero_classes()
    if kind == "ancestries":
        return class_catalog.ancestries()
    return tuple(titles())


def in_book(kind: Kind, name: str) -> str | None:
    """The book's spelling of ``name`` (aliases such as "Low Rhivian" included), or None."""
    if kind == "skills":
        return canonical_skill(name) if skill_group(name) is not None else None
    if kind == "languages":
        try:
            return language(name).name
        except UnknownLanguage:
            return None
    if kind in ("classes", "ancestries"):
        found = (class_catalog.hero_class(name) if kind == "classes"
                 else class_catalog.ancestry(name))
        return None if found is None else found.name
    return title(name).name if is_book_title(name) else None


def _declared(custom: Mapping[str, Iterable[str]] | None, kind: Kind) -> list[str]:
    return [str(n) for n in (custom or {}).get(kind, ())]


def name_problem(kind: Kind, name: str, custom: Mapping[str, Iterable[str]] | None = None,
                 *, in_file: bool = True) -> str | None:
    """Why ``name`` is not a ``kind`` this campaign knows, in one line, or None (``in_file``:
    the message is about campaign.yaml itself; else it says where to declare and what next)."""
    if in_book(kind, name) is not None:
        return None
    own = _declared(custom, kind)
    if any(_key(n) == _key(name) for n in own):
        return None
    known = [*book_names(kind), *own]
    keys = {_key(n): n for n in known}
    close = difflib.get_close_matches(_key(name), list(keys), n=1, cutoff=0.6)
    hint = f"; did you mean {keys[close[0]]!r}?" if close else ""
    noun = NOUNS[kind]
    where = ("a title of the book the workbook lists (`drawsteel-kit titles catalog`)"
             if kind == "titles" else "an ancestry of the book" if kind == "ancestries"
             else f"a {noun} of the book")
    then = "" if in_file else " in campaign.yaml, then run `drawsteel-kit init`"
    return (f"{_shown(name)} is not {where}{hint} "
            f"(declare the campaign's own under custom.{kind}{then})")


def book_name(kind: Kind, name: str, custom: Mapping[str, Iterable[str]] | None = None, *,
              what: str | None = None) -> str:
    """``name`` as the book or the campaign spells it; NotInBook (``what``: the field, put
    in front of the message) with the closest match otherwise."""
    spelled = in_book(kind, name)
    if spelled is not None:
        return spelled
    for own in _declared(custom, kind):
        if _key(own) == _key(name):
            return own
    problem = name_problem(kind, name, custom, in_file=False)
    raise NotInBook(f"{what}: {problem}" if what else str(problem))


def _shown(name: str) -> str:
    return repr(name if len(name) <= 40 else name[:40] + "…")
