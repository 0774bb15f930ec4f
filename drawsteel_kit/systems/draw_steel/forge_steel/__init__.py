"""Forge Steel's hero files (``.ds-hero``) in and out of the workbook.

``import_heroes(campaign, files)`` adds or updates heroes from the files (one ledger event
per hero, with the file's hash); ``export_hero`` / ``write_hero_file`` give a hero's file
back with the workbook's numbers in its state.
"""

from drawsteel_kit.systems.draw_steel.forge_steel.exporting import (
    export_hero,
    export_notes,
    hero_file_text,
    write_hero_file,
)
from drawsteel_kit.systems.draw_steel.forge_steel.importing import (
    IMPORTED,
    HeroPlan,
    import_heroes,
    plan_hero,
)
from drawsteel_kit.systems.draw_steel.forge_steel.read import (
    ForgeHero,
    HeroFileError,
    parse_hero,
    read_hero_file,
)

__all__ = ["IMPORTED", "ForgeHero", "HeroFileError", "HeroPlan", "export_hero", "export_notes",
           "hero_file_text", "import_heroes", "parse_hero", "plan_hero", "read_hero_file",
           "write_hero_file"]
