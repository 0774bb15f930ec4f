"""Values found by the session's reviews and hypothesis runs that escaped as Python errors:
each now gets one clear line and changes nothing."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from drawsteel_kit.cli import main


def _run(*args: str) -> tuple[int, list[str]]:
    done = CliRunner().invoke(main, list(args))
    return done.exit_code, [line for line in done.output.splitlines() if line.strip()]


def test_a_campaign_named_like_a_home_no_one_has_is_one_line() -> None:
    for where in ("~0", "~nobody-at-all-here"):
        code, lines = _run("status", where)
        assert code == 1 and len(lines) == 1, lines
        assert lines[0].startswith("Error: ") and repr(where) in lines[0]


def test_an_export_whose_change_kind_is_a_list_is_refused_in_one_line(
        demo: Path, tmp_path: Path) -> None:
    out = tmp_path / "demo.json"
    assert _run("export", str(demo), "--out", str(out))[0] == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    event = next(e for e in data["events"] if e["ops"])
    event["ops"][0]["op"] = ["insert"]
    out.write_text(json.dumps(data), encoding="utf-8")
    code, lines = _run("import", str(out), str(tmp_path / "copy"))
    assert code == 1 and len(lines) == 1, lines
    assert "ops[0]" in lines[0] and "Traceback" not in lines[0]
    assert not (tmp_path / "copy" / "ledger.db").exists()
