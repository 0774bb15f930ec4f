"""Running the real `drawsteel-kit` command in-process, for the CLI tests."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner, Result

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


#: What must never reach a user: a traceback, a Python file line, an exception's class name.
LEAKS = re.compile(r"Traceback|File \"|\b\w*(Error|Exception|Warning)\b(?=[:(])|sqlite3\.|"
                   r"\b(KeyError|TypeError|ValueError|OverflowError|AttributeError|"
                   r"IndexError|OSError|UnicodeEncodeError|OperationalError)\b")


def assert_one_clear_line(result: Result, *words: str) -> str:
    """A refusal: exit status 1 and one ``Error:`` line, no traceback and no Python names,
    naming one of ``words`` (case-folded); returns the line."""
    out = result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        f"{type(result.exception).__name__} escaped: {result.exception}")
    assert result.exit_code == 1, out
    lines = out.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), out
    assert not LEAKS.search(lines[0].removeprefix("Error: ")), out
    if words:
        assert any(w.casefold() in out.casefold() for w in words), (out, words)
    return lines[0]


def invoke(*args: object) -> Result:
    """The CLI's result, whatever it is."""
    return CliRunner().invoke(main, [str(a) for a in args], prog_name="drawsteel-kit")


def exit_and_output(*args: object) -> tuple[int, str]:
    """Invoke the CLI; its exit status and output (no exception may escape but SystemExit)."""
    result = CliRunner().invoke(main, [str(a) for a in args], prog_name="drawsteel-kit")
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output


def folder_state(folder: Path) -> tuple[object, int]:
    """The projections and event count of the campaign in ``folder``, read without writing:
    equal before and after a command that must write nothing."""
    from drawsteel_kit.kit.book.campaign import BaseCampaign
    from drawsteel_kit.kit.ledger.projections import snapshot

    with BaseCampaign.open(folder, readonly=True) as camp:
        return snapshot(camp.ledger.db), camp.ledger.event_count()
