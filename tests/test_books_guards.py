"""What `import` refuses: an export nested too deeply or too large to read, in one line."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import assert_one_clear_line, invoke

from drawsteel_kit.kit.ledger import books


def test_import_refuses_an_export_nested_too_deeply(tmp_path: Path) -> None:
    for name, text in (("arrays.json", "[" * 100_000 + "]" * 100_000),
                       ("objects.json", '{"a":' * 100_000 + "1" + "}" * 100_000)):
        deep = tmp_path / name
        deep.write_text(text, encoding="utf-8")
        assert_one_clear_line(invoke("import", deep, tmp_path / "new"), "nested too deeply")
        assert not (tmp_path / "new").exists()


def test_import_refuses_an_export_too_large_to_read(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(books, "MAX_EXPORT_BYTES", 1000)
    big = tmp_path / "big.json"
    big.write_text('{"format": "drawsteel-kit export", "events": [' + "1, " * 1000 + "1]}",
                   encoding="utf-8")
    assert_one_clear_line(invoke("import", big, tmp_path / "new"), "too large")
    assert not (tmp_path / "new").exists()
