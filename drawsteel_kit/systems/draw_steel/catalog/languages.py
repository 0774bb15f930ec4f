"""The languages of Orden, which are dead, which are related (seed 000: 1207-1301).

Data: ``catalog/data/languages.yaml`` (the seed's three tables). Languages matter to the
workbook twice: a project source's language sets the banes on its project rolls (known: none,
related: one, neither: two, 000: 3792;
:data:`~drawsteel_kit.systems.draw_steel.rules.projects.LANGUAGE_BANES`),
and the Ancient Loremaster title adds 1d6 per dead language known to research project rolls
(REFERENCE.md "Titles and perks").

Campaigns may use languages the book does not list (the Director may replace the list,
000: 1209), so every function here accepts unknown names: they are simply neither dead nor
related to anything unless the campaign's ``related_languages`` says so. The book's relations
(a dead language and its modern kin, 000: 1289-1301; a language and the one it derives from,
000: 1251-1264) hold unless the campaign's ``unrelated_languages`` removes them.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Literal

from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.systems.draw_steel.catalog import load_data

__all__ = [
    "CAELIAN",
    "LANGUAGE_TABLES",
    "Language",
    "LanguageFit",
    "UnknownLanguage",
    "canonical_language",
    "dead_languages_known",
    "default_related_groups",
    "hero_languages",
    "is_dead",
    "language",
    "language_fit",
    "language_key",
    "languages",
    "related_to",
]

#: How well a reader knows a project source's language (000: 3790-3792): known, related or
#: neither, each with its banes (``rules.projects.LANGUAGE_BANES``, which names it Language).
LanguageFit = Literal["known", "related", "unknown"]
#: The common tongue: every hero knows it (000: 1219), and so does every follower (000: 3947).
CAELIAN = "Caelian"
#: The seed's tables, as the data file names them: by ancestry (000: 1242), the human
#: languages of Vasloria (000: 1231) and the dead languages (000: 1291).
LANGUAGE_TABLES = ("ancestry", "vaslorian", "dead")
_TABLE_TITLES = {
    "ancestry": "Languages by Ancestry",
    "vaslorian": "Vaslorian Human Languages",
    "dead": "Dead Languages",
}


class UnknownLanguage(RulesError, KeyError):
    """A language name the catalog does not list (a campaign may still use it)."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else "unknown language"


@dataclass(frozen=True)
class Language:
    """One language: dead or alive, the languages related to it, where the seed lists it."""

    name: str
    dead: bool
    related: tuple[str, ...]
    table: str
    note: str = ""
    aliases: tuple[str, ...] = ()
    source: str = ""


def language_key(name: str) -> str:
    """The lookup key of a language name: case, spacing and curly apostrophes ignored."""
    text = unicodedata.normalize("NFC", str(name)).replace("\u2019", "'")
    return " ".join(text.split()).casefold()


def _as_names(names: str | Iterable[str]) -> list[str]:
    """A bare string is one language, not a list of letters."""
    return [names] if isinstance(names, str) else [str(n) for n in names]


@cache
def _table() -> tuple[Language, ...]:
    rows: list[tuple[str, dict]] = []
    data = load_data("languages")
    if set(data) != set(LANGUAGE_TABLES):
        raise RulesError(f"languages.yaml: the tables are {', '.join(LANGUAGE_TABLES)}")
    for table in LANGUAGE_TABLES:
        rows.extend((table, row) for row in data[table])
    pairs = [(row["name"], other) for _, row in rows for other in row.get("related", ())]
    entries = []
    for table, row in rows:
        name = row["name"]
        related = [b for a, b in pairs if a == name] + [a for a, b in pairs if b == name]
        entries.append(
            Language(
                name=name,
                dead=table == "dead",
                related=tuple(related),
                table=table,
                note=row.get("note", ""),
                aliases=tuple(row.get("aliases", ())),
                source=f"seed 000: {row['line']} ({_TABLE_TITLES[table]} table)",
            )
        )
    return tuple(entries)


@cache
def _by_key() -> dict[str, Language]:
    found: dict[str, Language] = {}
    for entry in _table():
        for spelling in (entry.name, *entry.aliases):
            if language_key(spelling) in found:
                raise RulesError(f"languages.yaml: {spelling!r} is listed twice")
            found[language_key(spelling)] = entry
    for entry in _table():
        missing = [name for name in entry.related if language_key(name) not in found]
        if missing:
            raise RulesError(f"languages.yaml: {entry.name} is related to unknown {missing}")
    return found


def languages() -> dict[str, Language]:
    """Every catalog language by name, in the seed's table order (a fresh dict)."""
    return {entry.name: entry for entry in _table()}


def language(name: str) -> Language:
    """The catalog language called ``name`` (case-insensitive, aliases such as "Low Rhivian")."""
    found = _by_key().get(language_key(name)) if isinstance(name, str) else None
    if found is None:
        import difflib  # lazy: only an unknown name needs it

        names = [entry.name for entry in _table()]
        close = difflib.get_close_matches(str(name).strip().title(), names, n=3, cutoff=0.6)
        hint = f"; close matches: {', '.join(close)}" if close else ""
        raise UnknownLanguage(
            f"no language {name!r} in the catalog{hint}. A campaign may still use it; "
            f"the catalog lists {', '.join(names)}"
        )
    return found


def canonical_language(name: str) -> str:
    """The catalog's spelling of ``name``, or ``name`` with its spacing tidied if not listed."""
    found = _by_key().get(language_key(name))
    return found.name if found else " ".join(unicodedata.normalize("NFC", name).split())


def is_dead(name: str) -> bool:
    """True for the seed's dead languages (000: 1293-1301); False for any other name."""
    found = _by_key().get(language_key(name))
    return found is not None and found.dead


def dead_languages_known(known: str | Iterable[str]) -> int:
    """How many different dead languages are among ``known`` (for Ancient Loremaster)."""
    return len({language(n).name for n in _as_names(known) if is_dead(n)})


def hero_languages(known: str | Iterable[str]) -> tuple[str, ...]:
    """A hero's languages with Caelian among them: every player character knows it (000: 1219),
    whatever the hero's sheet lists."""
    names = _as_names(known)
    has = any(_canonical_key(n) == language_key(CAELIAN) for n in names)
    return tuple(names) if has else (CAELIAN, *names)


@cache
def default_related_groups() -> tuple[tuple[str, str], ...]:
    """The seed's related pairs, each a group of two: a dead language and one living language
    related to it (000: 1293-1301), then a language and the one it derives from (Kalliak and
    Zaliac, Kethaic and Vastariax or Caelian, Proto-Ctholl and Tholl, Vhoric and High Kuric,
    000: 1251-1264). Pairs, not larger groups, so that Hyrallic and Yllyric (both related to
    High Rhyvian) are not thereby related to each other."""
    data = load_data("languages")
    rows = [*data["dead"], *data["ancestry"], *data["vaslorian"]]  # the dead table's first
    return tuple((row["name"], other) for row in rows for other in row.get("related", ()))


def _groups(
    related_groups: Iterable[Iterable[str]], unrelated: Iterable[Iterable[str]] = ()
) -> list[dict[str, str]]:
    """The catalog's pairs, then the campaign's groups: each as {key: spelling}; a book pair
    both of whose languages are in one of the campaign's ``unrelated`` groups is left out."""
    apart = [{_canonical_key(n) for n in _as_names(g)} for g in unrelated]
    book = [g for g in default_related_groups()
            if not any({_canonical_key(n) for n in g} <= cut for cut in apart)]
    groups = [*book, *related_groups]
    return [{_canonical_key(n): canonical_language(n) for n in _as_names(g)} for g in groups]


def _canonical_key(name: str) -> str:
    found = _by_key().get(language_key(name))
    return language_key(found.name) if found else language_key(name)


def related_to(
    name: str, related_groups: Iterable[Iterable[str]] = (),
    unrelated: Iterable[Iterable[str]] = (),
) -> tuple[str, ...]:
    """The languages related to ``name``: the catalog's pairs (less the campaign's
    ``unrelated``) plus the campaign's groups."""
    key = _canonical_key(name)
    found: dict[str, str] = {}
    for group in _groups(related_groups, unrelated):
        if key in group:
            found.update((k, v) for k, v in group.items() if k != key and k not in found)
    return tuple(found.values())


def language_fit(
    known: str | Iterable[str],
    needed: str | Iterable[str],
    related_groups: Iterable[Iterable[str]] = (),
    unrelated: Iterable[Iterable[str]] = (),
) -> LanguageFit:
    """How well a reader knows a project source's language (000: 3790-3792).

    ``"known"`` if they know any of the ``needed`` languages: our reading of a treasure that
    lists two source languages (Hellcharger Helm: Anjali and Caelian) is that the source is
    in either, so knowing one is enough. ``"related"`` if they know a language related to a
    needed one: the seed's pairs (:func:`default_related_groups`) plus the campaign's
    ``related_groups``, each a group whose members are all related to one another, less the
    book's pairs the campaign's ``unrelated`` groups take apart. ``"unknown"`` otherwise.
    With nothing ``needed`` (a project without a source, such as Find a Cure) there is
    nothing to read: ``"known"``. Names match ignoring case and spelling variants the catalog
    knows. A hero's list should come through :func:`hero_languages` (Caelian is always known).
    """
    known_keys = {_canonical_key(n) for n in _as_names(known)}
    needed_keys = {_canonical_key(n) for n in _as_names(needed)}
    if not needed_keys or known_keys & needed_keys:
        return "known"
    for group in _groups(related_groups, unrelated):
        if group.keys() & needed_keys and (group.keys() - needed_keys) & known_keys:
            return "related"
    return "unknown"
