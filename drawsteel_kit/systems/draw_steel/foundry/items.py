"""The workbook's names for Foundry's keys, and the embedded items ``heroes export`` adds for a
project started, a title earned or a treasure gained here (the shapes of the Draw Steel
system's ``project.mjs``, ``title.mjs`` and ``treasure.mjs``)."""

from __future__ import annotations

import re
from typing import Any

__all__ = ["item_id", "key_name", "new_item", "slug"]

#: An item this workbook adds gets a Foundry id of its own kind and ledger row: 16 letters
#: and digits, as Foundry's are, and the same at every export, so that importing the file
#: again finds the project it came from.
_PREFIX = {"project": "dskproj", "title": "dsktitl", "treasure": "dsktrea"}
_WORD = re.compile(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])")


def item_id(kind: str, row: int) -> str:
    """``dskproj000000012``: the id of the item made from the ledger's row ``row``."""
    return f"{_PREFIX[kind]}{row:09d}"[-16:]


def key_name(key: str) -> str:
    """A Foundry key as words the catalog looks up: ``criminalUnderworld`` → ``criminal
    underworld``, ``theFirstLanguage`` → ``the first language``."""
    return " ".join(w.lower() for w in _WORD.findall(key)) or key


def slug(name: str) -> str:
    """A Draw Steel id (``_dsid``) for a name: lower case words joined by ``-``."""
    return "-".join(re.findall(r"[a-z0-9]+", name.casefold())) or "item"


def _stats(actor_stats: Any) -> dict[str, Any]:
    stats = actor_stats if isinstance(actor_stats, dict) else {}
    return {"compendiumSource": None, "duplicateSource": None, "exportSource": None,
            "coreVersion": stats.get("coreVersion"), "systemId": "draw-steel",
            "systemVersion": stats.get("systemVersion"), "createdTime": None,
            "modifiedTime": None, "lastModifiedBy": None}


def new_item(kind: str, row: int, name: str, system: dict[str, Any], actor_stats: Any, *,
             img: str) -> dict[str, Any]:
    """An embedded item as Foundry exports one, for ``kind`` (project, title, treasure)."""
    return {"_id": item_id(kind, row), "name": name, "type": kind, "img": img,
            "system": {"description": {"value": "", "director": ""},
                       "source": {"book": "", "page": "", "license": ""},
                       "_dsid": slug(name), **system},
            "effects": [], "folder": None, "sort": 0, "ownership": {"default": 0},
            "flags": {}, "_stats": _stats(actor_stats)}
