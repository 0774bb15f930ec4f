"""Running the real `drawsteel-kit` command in-process, for the CLI tests."""

from __future__ import annotations

from click.testing import CliRunner

from drawsteel_kit.cli import main


def run(*args: object, ok: bool = True) -> str:
    """Invoke the CLI; ``ok``: it must succeed, else fail with one line and no traceback."""
    result = CliRunner().invoke(main, [str(a) for a in args], prog_name="drawsteel-kit")
    if ok:
        assert result.exit_code == 0, result.output
    else:
        assert result.exit_code != 0, result.output
        assert "Traceback" not in result.output
    return result.output
