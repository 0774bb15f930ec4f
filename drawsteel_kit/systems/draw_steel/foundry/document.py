"""A Foundry VTT document export: telling one from a Forge Steel file, reading its JSON safely,
and the Draw Steel system versions whose hero actors the workbook reads.

Foundry's "Export Data" writes a document's JSON with ``_stats``: ``systemId`` names the game
system that wrote it and ``systemVersion`` its version. The Draw Steel system's releases 0.11
(on Foundry 13) and 1.0 (on Foundry 14) keep a hero in the same data model; an older or newer
one is refused in one line saying which versions a file may come from.
"""

from __future__ import annotations

import json
import re
from typing import Any

from drawsteel_kit.kit.errors import CampaignFileError
from drawsteel_kit.kit.json_numbers import NotANumber

__all__ = ["FOUNDRY_VERSIONS", "FoundryFileError", "decode", "is_foundry", "system_version",
           "versions_text"]

#: The Draw Steel system versions (major, minor) whose hero actors are read, with the Foundry
#: release each runs on (system.json's compatibility).
FOUNDRY_VERSIONS = {(0, 11): "Foundry 13", (1, 0): "Foundry 14"}
_VERSION = re.compile(r"(\d{1,6})\.(\d{1,6})(?:\.\d{1,6})?(?:[-+.][0-9A-Za-z.-]{0,40})?")
_AGAIN = "export the hero again with Foundry's Export Data"


class FoundryFileError(CampaignFileError):
    """A Foundry hero export that cannot be read: one line naming the file and the field."""


class _DuplicateKey(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def versions_text() -> str:
    """``0.11.x on Foundry 13 or 1.0.x on Foundry 14``."""
    return " or ".join(f"{a}.{b}.x on {core}" for (a, b), core in FOUNDRY_VERSIONS.items())


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _DuplicateKey(key)
        out[key] = value
    return out


def _float(text: str) -> float | NotANumber:
    value = float(text)
    return value if value not in (float("inf"), float("-inf")) else NotANumber(text)


def decode(raw: bytes, source: str, *, limit: int) -> tuple[str, dict[str, Any]]:
    """The export's text and its JSON object; FoundryFileError in one line otherwise (too
    large, not text, not JSON, a key twice in one object, nested too deeply)."""
    if len(raw) > limit:
        raise FoundryFileError(f"{source}: is larger than {limit // 1024 // 1024} MB, too "
                               f"large for a hero actor's export: {_AGAIN}")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise FoundryFileError(f"{source}: is not text (not UTF-8): a Foundry export is JSON; "
                               f"{_AGAIN}") from None
    if not text.strip():
        raise FoundryFileError(f"{source}: is empty: {_AGAIN}")
    try:
        data = json.loads(text, object_pairs_hook=_pairs, parse_constant=NotANumber,
                          parse_float=_float)
    except _DuplicateKey as exc:
        key = exc.key if exc.key.isprintable() and len(exc.key) <= 40 else "a key"
        raise FoundryFileError(f"{source}: holds {key!r} twice in one object, which Foundry "
                               f"never writes: {_AGAIN}") from None
    except json.JSONDecodeError as exc:
        cut = exc.pos >= len(text.rstrip()) or exc.msg.startswith("Unterminated string")
        why = "the file ends there: cut short?" if cut else exc.msg.lower()
        raise FoundryFileError(f"{source}: is not whole JSON: it breaks at line {exc.lineno}, "
                               f"column {exc.colno} ({why}); {_AGAIN}") from None
    except RecursionError:
        raise FoundryFileError(f"{source}: is nested too deeply to read: {_AGAIN}") from None
    except ValueError:  # a number of more digits than Python reads
        raise FoundryFileError(f"{source}: holds a number too long to read: {_AGAIN}") from None
    if not isinstance(data, dict):
        raise FoundryFileError(f"{source}: the top level must be a Foundry actor (an object "
                               f"with name, type and system): {_AGAIN}")
    return text, data


def is_foundry(data: Any) -> bool:
    """Whether parsed JSON is a Foundry document export (``type``, ``system``, ``_stats``)
    rather than a Forge Steel hero (``class``, ``state``)."""
    return isinstance(data, dict) and "system" in data and (
        "_stats" in data or "prototypeToken" in data or "type" in data) and "state" not in data


def system_version(data: dict[str, Any], source: str) -> str:
    """The Draw Steel version that wrote a hero actor's export; FoundryFileError in one line
    for another system's document, a document that is not a hero actor, or a version whose
    data model this workbook does not read."""
    if not isinstance(data.get("system"), dict) and "_stats" not in data:
        raise FoundryFileError(f"{source}: is not a Foundry actor export (it has no system "
                               f"data): {_AGAIN}")
    stats = data.get("_stats")
    system_id = stats.get("systemId") if isinstance(stats, dict) else None
    kind = data.get("type")
    kind_text = kind if isinstance(kind, str) and kind.isprintable() and len(kind) < 30 else "?"
    if isinstance(system_id, str) and system_id != "draw-steel":
        shown = system_id if system_id.isprintable() and len(system_id) < 40 else "another"
        raise FoundryFileError(f"{source}: is a document of Foundry's {shown} system, not of "
                               "Draw Steel: export the hero from a Draw Steel world")
    if "prototypeToken" not in data and "items" not in data:
        raise FoundryFileError(f"{source}: is a Foundry {kind_text} document, not a hero "
                               "actor: export the hero (Actors, right-click the hero, Export "
                               "Data)")
    if kind != "hero":
        raise FoundryFileError(f"{source}: is a Draw Steel {kind_text} actor, not a hero: only "
                               "heroes come into the workbook")
    version = stats.get("systemVersion") if isinstance(stats, dict) else None
    if not isinstance(version, str) or not _VERSION.fullmatch(version.strip()):
        raise FoundryFileError(f"{source}: _stats.systemVersion: is missing or not a version, "
                               "so which Draw Steel wrote the file is not known: the workbook "
                               f"reads exports of Draw Steel {versions_text()}; {_AGAIN}")
    match = _VERSION.fullmatch(version.strip())
    assert match is not None
    major_minor = (int(match[1]), int(match[2]))
    if major_minor not in FOUNDRY_VERSIONS:
        newer = major_minor > max(FOUNDRY_VERSIONS)
        what = ("newer than this workbook knows: its data model may have changed; update "
                "drawsteel-kit" if newer else "older than this workbook reads: update the "
                "Draw Steel system in Foundry, open the hero, and export again")
        raise FoundryFileError(f"{source}: was exported from Draw Steel {version.strip()}, "
                               f"{what} (it reads exports of Draw Steel {versions_text()})")
    return version.strip()
