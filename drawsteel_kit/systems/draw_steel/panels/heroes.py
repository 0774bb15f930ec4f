"""Heroes in and out: heroes in from uploaded Forge Steel files (.ds-hero) or Foundry VTT actor
exports (.json), a preview first, and back out in either format."""

from __future__ import annotations

from pathlib import Path

import ipywidgets as W

from drawsteel_kit.kit.errors import OutputExists
from drawsteel_kit.kit.folder import slugify
from drawsteel_kit.kit.outputs import write_new_file
from drawsteel_kit.kit.ui.html import Markup
from drawsteel_kit.kit.ui.panels import Panel
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.systems.draw_steel.forge_steel import export_notes
from drawsteel_kit.systems.draw_steel.foundry.formats import file_text, import_uploads

__all__ = ["EXPORT_FOLDER", "EXPORT_FOLDERS", "ForgeSteelPanel"]

#: Where the panel writes the heroes' files, inside the campaign folder, by format.
EXPORT_FOLDERS = {"forge-steel": ("forge-steel", ".ds-hero"), "foundry": ("foundry", ".json")}
EXPORT_FOLDER = EXPORT_FOLDERS["forge-steel"][0]
#: The export's formats as the dropdown offers them (auto: the one the hero came from).
FORMAT_CHOICES = (("As it came in", "auto"), ("Forge Steel (.ds-hero)", "forge-steel"),
                  ("Foundry VTT (.json)", "foundry"))
#: Where to bring the written file, by format.
OPEN_IN = {"forge-steel": "open it in Forge Steel (Heroes, Import a Hero File)",
           "foundry": "in Foundry, right-click the hero, Import Data, and choose it"}


def diff_text(details: dict[str, object]) -> str:
    """The import's changes hero by hero, as `heroes import` prints them."""
    out = []
    plans = details.get("plans", {})
    assert isinstance(plans, dict)
    for name, plan in plans.items():
        if plan["unchanged"]:
            out.append(f"{name}: unchanged since its last import")
            continue
        out.append(f"{name} ({'new' if plan['new'] else 'update'}):")
        out += [f"  {line}" for line in plan["changes"] or ["nothing the workbook keeps "
                                                            "changed"]]
        out += [f"  kept: {line}" for line in plan["kept"]]
    return "\n".join(out)


class ForgeSteelPanel(Panel["Campaign"]):
    """Heroes in and out: upload Forge Steel hero files or Foundry actor exports, see what
    they change, import them; write a hero's file back with the workbook's numbers."""

    title = "Heroes in and out"

    def __init__(self, campaign: Campaign) -> None:
        super().__init__(campaign)
        self.upload = W.FileUpload(accept=".ds-hero,.drawsteel-hero,.json", multiple=True,
                                   description="Hero files")
        self.preview_button = self.button("Preview", self.preview)
        self.import_button = self.button("Import", self.import_files, "success")
        self.hero = W.Dropdown(description="Hero")
        self.format = W.Dropdown(description="Format", options=FORMAT_CHOICES, value="auto")
        self.export_button = self.button("Export", self.export)
        self._box = W.VBox([
            W.HTML(Markup("<b>In</b>: Forge Steel (Heroes, Export: .ds-hero) or Foundry VTT "
                          "(the hero's Export Data: .json); the content says which.")),
            W.HBox([self.upload, self.preview_button, self.import_button]),
            W.HTML(Markup("<b>Out</b>: the file last imported (or a new Forge Steel hero), "
                          "with the workbook's numbers.")),
            W.HBox([self.hero, self.format, self.export_button]), self.message])
        self.refresh()

    def refresh(self) -> None:
        keep = self.hero.value
        self.hero.options = self.hero_options()
        if keep in self.hero.options:
            self.hero.value = keep
        elif self.hero.options:  # a hero chosen from the start, not a blank box
            self.hero.value = self.hero.options[0]

    def files(self) -> list[tuple[str, bytes]]:
        """The uploaded files as (name, bytes)."""
        return [(str(f["name"]), bytes(f["content"])) for f in self.upload.value]

    def _files_or_say(self) -> list[tuple[str, bytes]] | None:
        files = self.files()
        if not files:
            self.say("choose one or more .ds-hero files (Forge Steel: Heroes, Export) or .json "
                     "files (Foundry: the hero's Export Data) first", ok=False)
            return None
        return files

    def preview(self) -> None:
        files = self._files_or_say()
        if files is None:
            return
        found = self.attempt(lambda: import_uploads(self.campaign, files, dry_run=True))
        if found is not None:
            self.say(f"{diff_text(found.details)}\n{found.summary}: press Import to write it")

    def import_files(self) -> None:
        files = self._files_or_say()
        if files is None:
            return
        self.run(lambda: import_uploads(self.campaign, files),
                 lambda done: f"{diff_text(done.details)}\n{done.summary}")

    def export(self) -> None:
        hero = self.hero.value
        if not hero:
            self.say("there is no hero to export yet", ok=False)
            return
        fmt = None if self.format.value == "auto" else self.format.value
        found = self.attempt(lambda: _write_beside(self.campaign, hero, fmt))
        if found is not None:
            path, kept, fmt = found
            notes = export_notes(self.campaign, hero) if fmt == "forge-steel" else []
            self.say(f"Wrote {path}: {OPEN_IN[fmt]}"
                     + (f"; {kept} was already there and is kept as it is" if kept else "")
                     + "".join(f"\n{line}" for line in notes))


def _write_beside(campaign: Campaign, hero: str, fmt: str | None) -> tuple[Path, str, str]:
    """The hero's file in its format's folder, beside any file of that name that holds
    something else (a player's newer file is never overwritten); the same text again writes
    nothing."""
    text, fmt = file_text(campaign, hero, fmt)
    name, suffix = EXPORT_FOLDERS[fmt]
    folder: Path = campaign.folder / name
    folder.mkdir(exist_ok=True)
    stem, n = slugify(hero) or "hero", 1
    while True:
        path = folder / (f"{stem}{suffix}" if n == 1 else f"{stem}-{n}{suffix}")
        try:
            if not path.exists():
                return write_new_file(path, text), f"{stem}{suffix}" if n > 1 else "", fmt
            if path.is_file() and path.read_text(encoding="utf-8") == text:
                return path, f"{stem}{suffix}" if n > 1 else "", fmt
        except (UnicodeDecodeError, OutputExists):
            pass
        n += 1
