"""Which kind of hero file a file is, by its content: a Foundry actor export or a Forge Steel
``.ds-hero``; folders of them; and the format ``heroes export`` writes by default for a hero.

``heroes import`` takes files and folders (a folder: every ``.json`` and ``.ds-hero`` in it,
the party's exports at once) and imports them in one operation, all or nothing.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.kit.ledger.books import path_text
from drawsteel_kit.kit.user_files import read_user_file
from drawsteel_kit.systems.draw_steel.forge_steel.read import MAX_FILE_BYTES
from drawsteel_kit.systems.draw_steel.foundry.document import FoundryFileError, is_foundry

if TYPE_CHECKING:
    from drawsteel_kit.kit.book.base import Happened
    from drawsteel_kit.systems.draw_steel.campaign import Campaign

__all__ = ["FORMATS", "default_format", "file_text", "hero_files", "import_any",
           "import_uploads", "sniff", "write_any"]

#: The formats ``heroes export --format`` writes.
FORMATS = ("forge-steel", "foundry")
#: The most files one import reads (a party, with room to spare).
MAX_FILES = 200
_SUFFIXES = (".json", ".ds-hero")


def hero_files(paths: Sequence[str | os.PathLike[str]]) -> list[str]:
    """The files named, a folder standing for its ``.json`` and ``.ds-hero`` files."""
    out: list[str] = []
    for path in paths:
        if os.path.isdir(path):
            found = sorted(str(p) for p in Path(path).iterdir()
                           if p.suffix.lower() in _SUFFIXES and p.is_file())
            if not found:
                raise RulesError(f"{path_text(path)}: holds no hero file (.json from Foundry's "
                                 "Export Data, or .ds-hero from Forge Steel)")
            out += found
        else:
            out.append(os.fspath(path))
    if len(out) > MAX_FILES:
        raise RulesError(f"{len(out)} files named: import at most {MAX_FILES} at once")
    return out


def sniff(name: str, raw: bytes) -> str:
    """``foundry`` or ``forge-steel``: what the content is; a file that is neither (JSON that
    cannot be read, or of another shape) goes by its name (``.ds-hero``: Forge Steel, else
    Foundry), so its error speaks of the right program."""
    try:
        data = json.loads(raw.decode("utf-8-sig"))
    except (ValueError, RecursionError):
        data = None
    if is_foundry(data):
        return "foundry"
    if isinstance(data, dict) and ("state" in data or "class" in data):
        return "forge-steel"
    return "forge-steel" if name.lower().endswith(".ds-hero") else "foundry"


def import_any(campaign: Campaign, paths: Sequence[str | os.PathLike[str]], *,
               dry_run: bool = False) -> Happened:
    """Import hero files of either kind (folders included) in one operation."""
    files = hero_files(paths)
    if not files:
        raise RulesError("name at least one hero file: a Foundry export (.json) or a Forge "
                         "Steel hero (.ds-hero)")
    loaded = [(path_text(f), read_user_file(
        f, what="a hero file (.json from Foundry, .ds-hero from Forge Steel)",
        error=FoundryFileError, missing="no such file: name a hero file Foundry or Forge "
        "Steel exported", limit=MAX_FILE_BYTES)) for f in files]
    return import_uploads(campaign, loaded, dry_run=dry_run)


def import_uploads(campaign: Campaign, loaded: Sequence[tuple[str, bytes]], *,
                   dry_run: bool = False) -> Happened:
    """Import ``(name, bytes)`` hero files of one kind (as read, or as an upload gives them)."""
    from drawsteel_kit.systems.draw_steel.forge_steel import import_heroes
    from drawsteel_kit.systems.draw_steel.foundry.importing import import_foundry

    kinds = {sniff(name, raw) for name, raw in loaded}
    if len(kinds) > 1:
        raise RulesError("these files are Foundry exports and Forge Steel heroes both: import "
                         "each kind with its own `drawsteel-kit heroes import`")
    if kinds == {"foundry"}:
        return import_foundry(campaign, list(loaded), dry_run=dry_run)
    if campaign.ledger.db.conn.in_transaction:  # a plan's victories_from
        raise RulesError("a plan reads Foundry exports only: bring Forge Steel heroes "
                         "(.ds-hero) in with `drawsteel-kit heroes import` before the plan")
    return import_heroes(campaign, list(loaded), dry_run=dry_run)


def default_format(campaign: Campaign, hero: str) -> str:
    """``foundry`` for a hero last imported from Foundry, ``forge-steel`` otherwise."""
    from drawsteel_kit.systems.draw_steel.foundry.importing import last_foundry

    return "foundry" if last_foundry(campaign, campaign.hero(hero).name) else "forge-steel"


def file_text(campaign: Campaign, hero: str, fmt: str | None) -> tuple[str, str]:
    """The hero's file in ``fmt`` (the hero's own format when None), and the format."""
    from drawsteel_kit.systems.draw_steel.forge_steel import hero_file_text
    from drawsteel_kit.systems.draw_steel.foundry.exporting import foundry_file_text

    fmt = fmt or default_format(campaign, hero)
    if fmt == "foundry":
        return foundry_file_text(campaign, hero), fmt
    return hero_file_text(campaign, hero), fmt


def write_any(campaign: Campaign, hero: str, dest: str, *, fmt: str | None,
              force: bool) -> tuple[Path, str]:
    """Write the hero's file in ``fmt`` (the hero's own format when None)."""
    from drawsteel_kit.systems.draw_steel.forge_steel import write_hero_file
    from drawsteel_kit.systems.draw_steel.foundry.exporting import write_foundry_file

    fmt = fmt or default_format(campaign, hero)
    if fmt == "foundry":
        return write_foundry_file(campaign, hero, dest, force=force), fmt
    return write_hero_file(campaign, hero, dest, force=force), fmt
