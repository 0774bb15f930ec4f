"""What every command shares: opening a campaign, friendly errors, printing results.

Light to import (no ledger, no sqlite-utils, no pydantic): every command module imports it,
and ``drawsteel-kit status`` should pay only for what it reads.
"""

from __future__ import annotations

import functools
import re
import sqlite3
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

import click

from drawsteel_kit.kit.errors import DrawSteelKitError
from drawsteel_kit.kit.words import plural

__all__ = ["MAX_ROW_ID", "campaign_arg", "check_fields", "force_option",
           "friendly", "open_campaign", "pairs", "parse_value", "progress_option", "say",
           "summary", "template_dir", "whole_summaries"]

P = ParamSpec("P")
R = TypeVar("R")

#: The largest event number (and --limit) SQLite holds: the ledger's ``MAX_ROW_ID``, here
#: so that an option's bound does not import the ledger (tests/cli/test_lazy_cli.py checks).
MAX_ROW_ID = 2**63 - 1


def template_dir(name: str = "campaign") -> Path:
    """Where `drawsteel-kit new` copies a starter campaign from (package data): ``name`` is
    a system's ``campaign_template``."""
    from drawsteel_kit.kit.resources import templates_dir

    return templates_dir() / name


def friendly(fn: Callable[P, R]) -> Callable[P, R]:
    """Turn our own errors into one clear line and exit status 1."""

    @functools.wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return fn(*args, **kwargs)
        except DrawSteelKitError as exc:
            raise click.ClickException(str(exc)) from None
        except BrokenPipeError:  # `| head` stopped reading: click exits quietly
            raise
        except ModuleNotFoundError as exc:  # a partial install: name the piece and the fix
            raise click.ClickException(
                f"{(exc.name or 'a part of drawsteel-kit').split('.')[0]} is not installed "
                "here, and this command needs it: pip install --upgrade drawsteel-kit (in a "
                "checkout: make install)") from None
        except OSError as exc:  # a file or folder the system refuses: name it, in one line
            if _is_copy_error(exc):  # a folder copy: one entry per file it could not copy
                raise click.ClickException(_copy_refused(exc)) from None
            from drawsteel_kit.kit.ledger.storage import os_refusal

            what = ("the system refused" if exc.filename is None else
                    f"the system refused the file or folder {str(exc.filename)!r}")
            hint = os_refusal(exc)
            raise click.ClickException(
                f"{what}: {exc.strerror or exc}; {hint + '; ' if hint else ''}nothing was written"
            ) from None
        except sqlite3.OperationalError as exc:  # SQLite's refusal not named more closely
            raise click.ClickException(
                f"the ledger could not be used ({exc}); nothing was written. Try again; if it "
                "happens again, check the disk and run `drawsteel-kit rebuild CAMPAIGN --check`"
            ) from None

    return wrapper


def _is_copy_error(exc: OSError) -> bool:
    """``shutil.Error`` (only a command that imported shutil can raise one: status and
    history do not import it)."""
    shutil = sys.modules.get("shutil")
    return shutil is not None and isinstance(exc, shutil.Error)


def _copy_refused(exc: OSError) -> str:
    """shutil's list of (source, target, why) as one line: how many, the first, what to do."""
    problems = exc.args[0] if exc.args and isinstance(exc.args[0], list) else []
    if not problems or len(problems[0]) != 3:
        return f"a folder could not be copied ({exc}); what was copied is left in place"
    _, target, why = problems[0]
    from drawsteel_kit.kit.ledger.storage import os_refusal

    found = re.search(r"\[Errno (\d+)\] ([^:]*)", str(why))
    hint = os_refusal(OSError(int(found.group(1)), found.group(2))) if found else None
    return (f"{plural(len(problems), 'file')} could not be copied, the first to {str(target)!r} "
            f"({found.group(2) if found else why}){'; ' + hint if hint else ''}; what was "
            "copied is left in place")


def open_campaign(campaign: str, readonly: bool = False, *, cls: type[Any] | None = None) -> Any:
    """The campaign, as the class of the system it plays (or ``cls``: a system's commands
    open it as their own facade); the Director's commands upgrade an older ledger, saying so
    on stderr."""
    from drawsteel_kit.kit.book.campaign import BaseCampaign

    camp = (cls or BaseCampaign).open(campaign, readonly=readonly, upgrade=True)
    if camp.upgraded_from is not None:
        click.echo(f"Upgraded {camp.ledger.path} to the current schema; the copy from before "
                   f"is {camp.upgraded_from}", err=True)
    return camp


def opener(cls: type[Any]) -> Callable[..., Any]:
    """``open_campaign`` for one system's commands: the campaign opens as that system's class
    ``cls``; a campaign of another system is refused, naming its own commands."""
    def open_as(campaign: str, readonly: bool = False) -> Any:
        return open_campaign(campaign, readonly, cls=cls)

    return open_as


def say(campaign: str, happened: Any) -> None:
    click.echo(happened.summary)
    for warning in happened.details.get("warnings", ()):
        click.echo(f"Note: {warning}")
    for ev in happened.events:
        if len(happened.events) > 1 or ev.summary != happened.summary:
            click.echo(f"  #{ev.id} {ev.summary}")
    if happened.events:
        click.echo(f"(undo with: drawsteel-kit undo {campaign} {happened.events[0].id})")


campaign_arg = click.argument("campaign", metavar="CAMPAIGN")
#: Every --out refuses to replace what is there unless this is given.
force_option = click.option("--force", is_flag=True,
                            help="Replace an existing --out file, or write into a folder that "
                                 "holds other files.")
#: The commands that take a while tell their progress on stderr (``kit.progress``).
progress_option = click.option("--progress/--no-progress", "progress", default=None,
                               help="Show progress on stderr (default: only when it is a "
                                    "terminal); --no-progress: never.")




def pairs(values: Iterable[str], option: str) -> dict[str, str]:
    """``HERO=VALUE`` options as a dict (each hero once)."""
    out: dict[str, str] = {}
    for pair in values:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise click.UsageError(f"{option} takes HERO=VALUE, got {pair!r}")
        if key.strip() in out:
            raise click.UsageError(f"{option} names {key.strip()} twice")
        out[key.strip()] = value.strip()
    return out


def check_fields(values: dict[str, Any], fields: Sequence[str], *,
                 also: Sequence[str] = ()) -> None:
    """Refuse a FIELD=VALUE whose field cannot be adjusted, by name, before the library call.

    Passed on as keyword arguments, a field such as ``name`` or ``reason`` would clash with
    the call's own parameters (a TypeError); ``also``: names the library refuses itself,
    with a message of its own (``titles``: use the titles commands).
    """
    unknown = [key for key in values if key not in fields and key not in also]
    if unknown:
        raise click.ClickException(
            f"cannot adjust {', '.join(map(repr, unknown))}: the fields you can adjust are "
            f"{', '.join(fields)}")


def parse_value(raw: str) -> Any:
    """A FIELD=VALUE's value: JSON, else the text as typed."""
    import json  # lazy: only commands that take FIELD=VALUE need it

    try:
        return json.loads(raw)
    except ValueError:
        return raw
    except RecursionError:
        raise click.UsageError("a value is nested too deeply to read: give a number, a "
                               'word or a short list such as ["a","b"]') from None


def summary(help_text: str) -> str:
    """A command's one-line summary in a group's --help: its help's first sentence, whole
    (click cuts one longer than about 45 characters with "...")."""
    words = help_text.partition("\n\n")[0].split()
    if words and words[0] == "\b":
        words = words[1:]
    for i, word in enumerate(words):  # as click reads a sentence: "vs." does not end one
        if word.endswith(".") and (i == len(words) - 1 or not words[i + 1][0].islower()):
            words = words[: i + 1]
            break
    return " ".join(words)


def whole_summaries(command: click.Command) -> None:
    """Give ``command``, and every command under it (a group's), its whole summary, unless
    it has one of its own."""
    if not command.short_help and command.help:
        command.short_help = summary(command.help)
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            whole_summaries(sub)
