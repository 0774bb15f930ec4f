"""Foundry VTT's Draw Steel hero actors in and out of the workbook.

``import_foundry(campaign, files)`` adds or updates heroes from actor exports ("Export Data":
one event per hero, with the file's hash); ``export_foundry`` / ``write_foundry_file`` give
the same document back with the workbook's numbers, for Foundry's "Import Data".
``formats`` tells a Foundry export from a Forge Steel file by its content.
"""

from drawsteel_kit.systems.draw_steel.foundry.document import (
    FOUNDRY_VERSIONS,
    FoundryFileError,
    versions_text,
)
from drawsteel_kit.systems.draw_steel.foundry.exporting import (
    export_foundry,
    foundry_file_text,
    write_foundry_file,
)
from drawsteel_kit.systems.draw_steel.foundry.importing import (
    FOUNDRY,
    import_foundry,
    last_foundry,
)
from drawsteel_kit.systems.draw_steel.foundry.read import (
    FoundryHero,
    parse_foundry,
    read_foundry_file,
)

__all__ = ["FOUNDRY", "FOUNDRY_VERSIONS", "FoundryFileError", "FoundryHero", "export_foundry",
           "foundry_file_text", "import_foundry", "last_foundry", "parse_foundry",
           "read_foundry_file", "versions_text", "write_foundry_file"]
