"""Forge Steel: heroes in from uploaded .ds-hero files (a preview first), and back out."""

from __future__ import annotations

from pathlib import Path

import ipywidgets as W

from drawsteel_kit.kit.errors import OutputExists
from drawsteel_kit.kit.folder import slugify
from drawsteel_kit.kit.outputs import write_new_file
from drawsteel_kit.kit.ui.panels import Panel
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.systems.draw_steel.forge_steel import (
    export_notes,
    hero_file_text,
    import_heroes,
)

__all__ = ["EXPORT_FOLDER", "ForgeSteelPanel"]

#: Where the panel writes the heroes' files, inside the campaign folder.
EXPORT_FOLDER = "forge-steel"


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


class ForgeSteelPanel(Panel):
    """Upload Forge Steel hero files, see what they change, import them; write a hero's
    file back with the workbook's numbers."""

    title = "Forge Steel"

    def __init__(self, campaign: Campaign) -> None:
        super().__init__(campaign)
        self.upload = W.FileUpload(accept=".ds-hero,.drawsteel-hero,.json", multiple=True,
                                   description="Hero files")
        self.preview_button = self.button("Preview", self.preview)
        self.import_button = self.button("Import", self.import_files, "success")
        self.hero = W.Dropdown(description="Hero")
        self.export_button = self.button("Export to Forge Steel", self.export)
        self._box = W.VBox([W.HBox([self.upload, self.preview_button, self.import_button]),
                            W.HBox([self.hero, self.export_button]), self.message])
        self.refresh()

    def refresh(self) -> None:
        keep = self.hero.value
        self.hero.options = self.hero_options()
        if keep in self.hero.options:
            self.hero.value = keep

    def files(self) -> list[tuple[str, bytes]]:
        """The uploaded files as (name, bytes)."""
        return [(str(f["name"]), bytes(f["content"])) for f in self.upload.value]

    def _files_or_say(self) -> list[tuple[str, bytes]] | None:
        files = self.files()
        if not files:
            self.say("choose one or more .ds-hero files (Forge Steel: Heroes, Export) first",
                     ok=False)
            return None
        return files

    def preview(self) -> None:
        files = self._files_or_say()
        if files is None:
            return
        found = self.attempt(lambda: import_heroes(self.campaign, files, dry_run=True))
        if found is not None:
            self.say(f"{diff_text(found.details)}\n{found.summary}: press Import to write it")

    def import_files(self) -> None:
        files = self._files_or_say()
        if files is None:
            return
        self.run(lambda: import_heroes(self.campaign, files),
                 lambda done: f"{diff_text(done.details)}\n{done.summary}")

    def export(self) -> None:
        hero = self.hero.value
        if not hero:
            self.say("there is no hero to export yet", ok=False)
            return
        folder: Path = self.campaign.folder / EXPORT_FOLDER
        found = self.attempt(lambda: _write_beside(self.campaign, hero, folder))
        if found is not None:
            path, kept = found
            notes = export_notes(self.campaign, hero)
            self.say(f"Wrote {path}: open it in Forge Steel (Heroes, Import a Hero File)"
                     + (f"; {kept} was already there and is kept as it is" if kept else "")
                     + "".join(f"\n{line}" for line in notes))


def _write_beside(campaign: Campaign, hero: str, folder: Path) -> tuple[Path, str]:
    """The hero's file in ``folder``, beside any file of that name that holds something else
    (a player's newer file is never overwritten); the same text again writes nothing."""
    folder.mkdir(exist_ok=True)
    text, stem, n = hero_file_text(campaign, hero), slugify(hero) or "hero", 1
    while True:
        path = folder / (f"{stem}.ds-hero" if n == 1 else f"{stem}-{n}.ds-hero")
        try:
            if not path.exists():
                return write_new_file(path, text), f"{stem}.ds-hero" if n > 1 else ""
            if path.is_file() and path.read_text(encoding="utf-8") == text:
                return path, f"{stem}.ds-hero" if n > 1 else ""
        except (UnicodeDecodeError, OutputExists):
            pass
        n += 1
