"""The Director's Forge Steel panel: upload .ds-hero files, preview, import, export back."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import FIXTURES_DIR, ledger_fingerprint

from drawsteel_kit.systems.draw_steel.panels import ForgeSteelPanel, Workbook
from systems.draw_steel.helpers import open_demo as _demo
from systems.draw_steel.helpers import upload as _upload

FIXTURES = FIXTURES_DIR / "forge_steel"


def test_upload_preview_import_and_export(tmp_path: Path) -> None:
    with _demo(tmp_path) as camp:
        book = Workbook(camp)
        panel = book.panel(ForgeSteelPanel)
        assert "Heroes in and out" in book.widget.titles
        panel.preview_button.click()
        assert not panel.ok and "choose one or more .ds-hero files" in panel.message_text
        raw = (FIXTURES / "full-level-5.ds-hero").read_bytes()
        _upload(panel, ("corvin.ds-hero", raw))
        before = ledger_fingerprint(camp.ledger.path)
        panel.preview_button.click()
        assert panel.ok and "Corvin (new)" in panel.message_text, panel.message_text
        assert "press Import" in panel.message_text
        assert ledger_fingerprint(camp.ledger.path) == before  # a preview writes nothing
        panel.import_button.click()
        assert panel.ok and "Imported 1 hero from" in panel.message_text
        assert camp.hero("Corvin").level == 5 and "Corvin" in panel.hero.options
        panel.hero.value = "Corvin"
        panel.export_button.click()
        assert panel.ok, panel.message_text
        written = camp.folder / "forge-steel" / "corvin.ds-hero"
        assert json.loads(written.read_text()) == json.loads(raw)


def test_a_bad_upload_is_one_line_and_writes_nothing(tmp_path: Path) -> None:
    with _demo(tmp_path) as camp:
        panel = ForgeSteelPanel(camp)
        before = ledger_fingerprint(camp.ledger.path)
        good = (FIXTURES / "minimal.ds-hero").read_bytes()
        _upload(panel, ("ilsa.ds-hero", good), ("broken.ds-hero", good[:400]))
        panel.import_button.click()
        assert not panel.ok and len(panel.message_text.splitlines()) == 1
        assert panel.message_text.startswith("broken.ds-hero: is not a whole Forge Steel")
        assert ledger_fingerprint(camp.ledger.path) == before
        panel.hero.value = "Val"
        panel.export_button.click()
        # Val never came from Forge Steel: she goes out as a new Forge Steel hero (issue 32).
        assert panel.ok and "choose the culture, subclass, kit" in panel.message_text


def test_export_never_overwrites_a_file_already_in_the_folder(tmp_path: Path) -> None:
    """A player's newer file dropped in forge-steel/ stays as it is: the export goes beside
    it, and pressing Export again with nothing changed writes no third file."""
    with _demo(tmp_path) as camp:
        panel = ForgeSteelPanel(camp)
        _upload(panel, ("corvin.ds-hero", (FIXTURES / "full-level-5.ds-hero").read_bytes()))
        panel.import_button.click()
        folder = camp.folder / "forge-steel"
        folder.mkdir()
        theirs = folder / "corvin.ds-hero"
        theirs.write_text('{"name": "Corvin", "the player": "changed this"}', encoding="utf-8")
        panel.hero.value = "Corvin"
        panel.export_button.click()
        assert panel.ok, panel.message_text
        assert json.loads(theirs.read_text()) == {"name": "Corvin", "the player": "changed this"}
        assert "corvin-2.ds-hero" in panel.message_text and "kept" in panel.message_text
        assert json.loads((folder / "corvin-2.ds-hero").read_text())["name"] == "Corvin"
        panel.export_button.click()
        assert panel.ok and sorted(p.name for p in folder.iterdir()) == [
            "corvin-2.ds-hero", "corvin.ds-hero"]
