"""The Director's "Heroes in and out" tab with Foundry VTT exports: upload, preview, import,
and export back (as the hero came in, or in the other format)."""

from __future__ import annotations

from pathlib import Path

from conftest import FIXTURES_DIR, ledger_fingerprint

from drawsteel_kit.systems.draw_steel.panels import ForgeSteelPanel, Workbook
from systems.draw_steel.helpers import open_demo as _demo
from systems.draw_steel.helpers import upload as _upload

FIXTURES = FIXTURES_DIR
BRANNOC = FIXTURES / "foundry" / "brannoc-level-5.json"


def test_a_foundry_export_goes_in_and_back_out_from_the_tab(tmp_path: Path) -> None:
    with _demo(tmp_path) as camp:
        book = Workbook(camp)
        assert "Heroes in and out" in book.widget.titles
        assert "Forge Steel" not in book.widget.titles
        panel = book.panel(ForgeSteelPanel)
        raw = BRANNOC.read_bytes()
        _upload(panel, ("brannoc.json", raw))
        before = ledger_fingerprint(camp.ledger.path)
        panel.preview_button.click()
        assert panel.ok and "Brannoc Deepdelve (new)" in panel.message_text
        assert "Would import 1 hero from Foundry" in panel.message_text
        assert ledger_fingerprint(camp.ledger.path) == before
        panel.import_button.click()
        assert panel.ok and "Imported 1 hero from Foundry" in panel.message_text
        panel.hero.value = "Brannoc Deepdelve"
        panel.export_button.click()  # as it came in: Foundry
        assert panel.ok and "Import Data" in panel.message_text, panel.message_text
        assert (camp.folder / "foundry" / "brannoc-deepdelve.json").read_bytes() == raw


def test_mixed_uploads_are_refused_in_one_line(tmp_path: Path) -> None:
    with _demo(tmp_path) as camp:
        panel = ForgeSteelPanel(camp)
        before = ledger_fingerprint(camp.ledger.path)
        _upload(panel, ("brannoc.json", BRANNOC.read_bytes()),
                ("ilsa.ds-hero", (FIXTURES / "forge_steel" / "minimal.ds-hero").read_bytes()))
        panel.import_button.click()
        assert not panel.ok and len(panel.message_text.splitlines()) == 1
        assert "each kind with its own" in panel.message_text
        assert ledger_fingerprint(camp.ledger.path) == before


def test_the_export_has_a_hero_chosen_from_the_start(tmp_path: Path) -> None:
    """The Hero box shows a hero when the tab opens (it was blank: Export then said nothing
    was chosen)."""
    with _demo(tmp_path) as camp:
        panel = Workbook(camp).panel(ForgeSteelPanel)
        assert panel.hero.value == next(iter(camp.heroes))
