"""A value typed on the command line (or in a plan) that is nested too deeply or holds a number
too long to read is refused in one line, and nothing is written."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from cli_helpers import invoke
from conftest import REPO, ledger_fingerprint, write_campaign

#: Deeper than any recursion limit in the suite (test_layout lifts it to 10,000 for a moment);
#: YAML's scanner takes time growing with the square of the depth, so no deeper than that.
DEEP = "[" * 12_000
HUGE = "9" * 5000


def _refused(result: object, *words: str) -> None:
    out = result.output  # type: ignore[attr-defined]
    exc = result.exception  # type: ignore[attr-defined]
    assert exc is None or isinstance(exc, SystemExit), f"{type(exc).__name__}: {exc}"
    assert result.exit_code in (1, 2), out  # type: ignore[attr-defined]
    assert "Traceback" not in out and "Recursion" not in out, out
    assert out.strip().splitlines()[-1].startswith("Error: "), out
    assert any(w in out for w in words), out


@pytest.fixture
def dw(tmp_path: Path) -> Path:
    folder = tmp_path / "dw"
    folder.mkdir()
    shutil.copy(REPO / "campaigns" / "dungeon-world-demo" / "campaign.yaml",
                folder / "campaign.yaml")
    assert invoke("init", folder).exit_code == 0
    return folder


def test_adjust_refuses_a_value_nested_too_deeply(tmp_path: Path) -> None:
    folder = write_campaign(tmp_path / "camp")
    assert invoke("init", folder).exit_code == 0
    before = ledger_fingerprint(folder / "ledger.db")
    _refused(invoke("adjust", folder, "Bran", f"renown={DEEP}", "--reason", "x"),
             "nested too deeply")
    assert ledger_fingerprint(folder / "ledger.db") == before


def test_dungeon_world_refuses_values_nested_too_deeply_or_too_long(dw: Path) -> None:
    before = ledger_fingerprint(dw / "ledger.db")
    for args in (("dw", "adjust", dw, "Ava", f"hp={DEEP}"),
                 ("dw", "adjust", dw, "Ava", f"hp={HUGE}"),
                 ("dw", "move", dw, "carouse", "--who", "Ava", "--option", f"coin={HUGE}",
                  "--dice", "4,5"),
                 ("dw", "move", dw, "carouse", "--who", "Ava", "--option", f"coin={DEEP}",
                  "--dice", "4,5")):
        _refused(invoke(*args), "nested too deeply", "too long")
        assert ledger_fingerprint(dw / "ledger.db") == before


def test_a_dungeon_world_plan_nested_too_deeply_is_refused(dw: Path) -> None:
    (dw / "plans").mkdir(exist_ok=True)
    (dw / "plans" / "deep.yaml").write_text(f"name: deep\ndays: {DEEP}\n", encoding="utf-8")
    before = ledger_fingerprint(dw / "ledger.db")
    _refused(invoke("resolve", dw, "--plan", "deep", "--no-notebook", "--dry-run"),
             "nested too deeply")
    assert ledger_fingerprint(dw / "ledger.db") == before
