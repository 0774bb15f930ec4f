"""A number too long for Python to read (over 4,300 digits) in a Forge Steel hero file, an
export or campaign.yaml is refused in one line, like any other broken file."""

from __future__ import annotations

from pathlib import Path

from cli_helpers import assert_one_clear_line, invoke
from conftest import ledger_fingerprint, write_campaign

HUGE = "9" * 5000


def test_a_hero_file_with_a_number_too_long_is_refused(tmp_path: Path) -> None:
    folder = write_campaign(tmp_path / "camp")
    assert invoke("init", folder).exit_code == 0
    before = ledger_fingerprint(folder / "ledger.db")
    for name, text in (("long.ds-hero", '{"name": "Ilsa", "level": ' + HUGE + "}"),
                       ("null.ds-hero", "null"), ("list.ds-hero", "[1, 2]")):
        hero = tmp_path / name
        hero.write_text(text, encoding="utf-8")
        line = assert_one_clear_line(invoke("heroes", "import", folder, hero), name)
        assert "NoneType" not in line and "got list" not in line, line
        assert ledger_fingerprint(folder / "ledger.db") == before, name


def test_an_export_with_a_number_too_long_is_refused(tmp_path: Path) -> None:
    export = tmp_path / "long.json"
    export.write_text('{"format": "drawsteel-kit export", "n": ' + HUGE + "}", encoding="utf-8")
    assert_one_clear_line(invoke("import", export, tmp_path / "new"), "long.json")
    assert not (tmp_path / "new").exists()


def test_a_campaign_file_with_a_number_too_long_is_refused(tmp_path: Path) -> None:
    folder = write_campaign(tmp_path / "camp")
    text = (folder / "campaign.yaml").read_text(encoding="utf-8")
    (folder / "campaign.yaml").write_text(text.replace("level: 1", "level: " + HUGE, 1),
                                          encoding="utf-8")
    assert_one_clear_line(invoke("init", folder), "too long")
    assert not (folder / "ledger.db").exists()
