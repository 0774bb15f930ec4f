"""The books in and out: an export brought into a new campaign folder, and the state as CSV
files for spreadsheets (a backup put back in place: :mod:`.restore`).

* :func:`import_export` writes an ``export``'s events, exactly as they were (ids, times,
  versions), into a new ledger, replays them, and refuses the result unless its state is the
  export's: ``export`` -> ``import`` -> ``export`` gives the same bytes.
* :func:`export_csv` writes one CSV per projection (and the events), lists as JSON text.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import shutil
import sqlite3
import uuid
from pathlib import Path
from typing import Any

from drawsteel_kit.kit.errors import LedgerError
from drawsteel_kit.kit.ledger.connection import LEDGER_FILE
from drawsteel_kit.kit.ledger.projections import snapshot

__all__ = ["EXPORT_FORMAT", "export_csv", "import_export", "path_text", "read_only",
           "same_campaign"]

#: The ``format`` an ``export`` file names.
EXPORT_FORMAT = "drawsteel-kit export"
#: The largest export ``import`` reads (a campaign of years is a few MB).
MAX_EXPORT_BYTES = 200 * 2**20
#: The columns of an ``events`` row, in the table's order.
EVENT_COLUMNS = ("id", "kind", "day", "session", "actor", "payload", "seed", "dice",
                 "visibility", "version", "created_at", "undoes", "operation")


def path_text(path: str | os.PathLike[str]) -> str:
    """A path as a message shows it: as typed, or quoted with escapes when it holds a line
    break, a control character or bytes that are not text (one line, always)."""
    text = os.fspath(path)
    return text if text.isprintable() else repr(text)


def read_only(path: Path) -> str:
    """``path`` as a read-only SQLite URI, escaped (a name may hold ``#``, ``?`` or ``%``)."""
    return f"{path.resolve().as_uri()}?mode=ro"


#: What names a campaign: its first event (when and by which operation the books were
#: opened), its name and the system it plays.
Identity = tuple[tuple[str, str] | None, str, str]


def _identity(path: Path) -> Identity | None:
    """``path``'s campaign as its ledger names it, read-only (None: it cannot be read)."""
    from drawsteel_kit.kit.registry import default_system

    try:
        db = sqlite3.connect(read_only(path), uri=True)
    except sqlite3.Error:
        return None
    try:
        first = db.execute("SELECT created_at, operation FROM events ORDER BY id LIMIT 1"
                           ).fetchone()
        name, settings = db.execute("SELECT name, settings FROM party").fetchone()
        played = json.loads(settings or "{}").get("system") or default_system().key
        return (tuple(first) if first else None), str(name), str(played)
    except (sqlite3.Error, TypeError, ValueError, AttributeError):
        return None
    finally:
        db.close()


def _yaml_identity(folder: Path) -> Identity | None:
    """The campaign campaign.yaml names (for a ledger that cannot be read)."""
    import yaml

    from drawsteel_kit.kit.errors import CampaignFileError
    from drawsteel_kit.kit.registry import default_system
    from drawsteel_kit.kit.user_files import read_user_file

    try:  # a pipe or a link out of the folder is not read
        raw = read_user_file(folder / "campaign.yaml", what="a campaign file",
                             error=CampaignFileError, missing="", campaign=folder)
        data = yaml.safe_load(raw.decode("utf-8-sig"))
    except (CampaignFileError, UnicodeDecodeError, yaml.YAMLError, RecursionError):
        return None
    if not isinstance(data, dict) or not isinstance(data.get("name"), str):
        return None
    return None, data["name"], str(data.get("system") or default_system().key)


def same_campaign(folder: Path, ledger_path: Path, staged: Path, shown: str) -> None:
    """Refuse a backup of another campaign: it must start with the ledger's first event, or
    have the name and system of the ledger or of campaign.yaml (which mends a folder whose
    ledger is another campaign's)."""
    from drawsteel_kit.kit.registry import SYSTEMS

    theirs = _identity(staged)
    ledger = _identity(ledger_path) if ledger_path.exists() else None
    named = [i for i in (ledger, _yaml_identity(folder)) if i is not None]
    if theirs is None or not named:
        return
    if any((i[0] is not None and i[0] == theirs[0]) or i[1:] == theirs[1:] for i in named):
        return

    def shown_as(identity: Identity) -> str:
        played = SYSTEMS.get(identity[2])
        return f"'{identity[1]}' ({played.title if played else identity[2]})"

    raise LedgerError(f"{shown} is a backup of another campaign, {shown_as(theirs)}, not of "
                      f"{shown_as(named[0])}: name a backup of this campaign (restore that "
                      "one in its own campaign's folder)")


def _read_export(path: Path) -> dict[str, Any]:
    shown = path_text(path)
    try:
        from drawsteel_kit.kit.user_files import read_user_file

        raw = read_user_file(path, what="an export file", error=LedgerError,  # a pipe: unread
                             missing="no such file: name a file `drawsteel-kit export` wrote",
                             limit=MAX_EXPORT_BYTES)
        if len(raw) > MAX_EXPORT_BYTES:
            raise LedgerError(f"{shown}: is too large to be an export (over "
                              f"{MAX_EXPORT_BYTES // 2**20} MB): name a file "
                              "`drawsteel-kit export` wrote")
        data = json.loads(raw.decode("utf-8"))
    except FileNotFoundError:
        raise LedgerError(f"{shown}: no such file: name a file `drawsteel-kit export` "
                          "wrote") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise LedgerError(f"{shown}: is not a whole export (the JSON breaks: {exc}); export "
                          "the campaign again") from None
    except RecursionError:
        raise LedgerError(f"{shown}: is nested too deeply to read: it is not an export "
                          "`drawsteel-kit export` wrote") from None
    except ValueError:  # a number of more digits than Python reads
        raise LedgerError(f"{shown}: holds a number too long to read: it is not an export "
                          "`drawsteel-kit export` wrote") from None
    except IsADirectoryError:
        raise LedgerError(f"{shown}: is a folder: name a file `drawsteel-kit export` "
                          "wrote") from None
    if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
        raise LedgerError(f"{shown}: format: is not a drawsteel-kit export (made by "
                          "`drawsteel-kit export CAMPAIGN --out FILE`)")
    if not isinstance(data.get("events"), list) or not isinstance(data.get("state"), dict):
        raise LedgerError(f"{shown}: events and state: are missing: export the campaign again")
    return data


#: What each column of an exported event may hold (None where the column allows it).
_EVENT_TYPES: dict[str, tuple[type, ...]] = {
    "id": (int,), "kind": (str,), "day": (int,), "session": (int, type(None)),
    "actor": (str, type(None)), "seed": (int, type(None)), "visibility": (str,),
    "version": (str,), "created_at": (str,), "undoes": (int, type(None)),
    "operation": (str, type(None)), "dice": (list, type(None))}
#: What each projection op must hold, with the type of each part (looked up with whatever an
#: exported op holds as its kind: any JSON value).
_OP_PARTS: dict[object, dict[str, tuple[type, ...]]] = {
    "insert": {"table": (str,), "key": (str, int), "row": (dict,)},
    "update": {"table": (str,), "key": (str, int), "before": (dict,), "after": (dict,)},
    "delete": {"table": (str,), "key": (str, int), "row": (dict,)}}


def _shape_problem(event: dict[str, Any]) -> str | None:
    """What is wrong with an exported event's shape (None: nothing)."""
    for column, types in _EVENT_TYPES.items():
        if column not in event:
            return f"{column}: is missing"
        value = event[column]
        if isinstance(value, bool) or not isinstance(value, types):
            return f"{column}: is not what an export holds there"
    if any(isinstance(f, bool) or not isinstance(f, int) for f in event["dice"] or ()):
        return "dice: must be the faces rolled, whole numbers"
    for i, op in enumerate(event["ops"]):
        kind = op.get("op") if isinstance(op, dict) else None
        parts = _OP_PARTS.get(kind) if isinstance(kind, str) else None
        if parts is None:
            return f"ops[{i}]: is not a change an export holds"
        for part, types in parts.items():
            if isinstance(op.get(part), bool) or not isinstance(op.get(part), types):
                return f"ops[{i}].{part}: is not what an export holds there"
    return None


def _event_row(event: Any, n: int, path: Path) -> dict[str, Any]:
    if not isinstance(event, dict) or not isinstance(event.get("payload"), dict) or \
            not isinstance(event.get("ops"), list):
        raise LedgerError(f"{path_text(path)}: events[{n}]: is not an event of an export")
    problem = _shape_problem(event)
    if problem:
        raise LedgerError(f"{path_text(path)}: events[{n}].{problem}: export the campaign "
                          "again")
    row = {k: event[k] for k in EVENT_COLUMNS if k not in ("payload", "dice")}
    row["payload"] = json.dumps({**event["payload"], "ops": event["ops"]},
                                ensure_ascii=False, sort_keys=True)
    row["dice"] = json.dumps(list(event["dice"])) if event.get("dice") is not None else None
    return row


def import_export(export_file: str | os.PathLike[str], folder: str | os.PathLike[str]) -> int:
    """Bring an export into ``folder`` (new or empty) as its ledger; the events written.

    Every event is checked before anything is written (:class:`HistoryCheck`); the ledger is
    built beside, as a hidden file in ``folder``, replayed event by event, and renamed into
    place only when its state is the export's: a killed import leaves no ``ledger.db`` (the
    hidden file it left is taken away by the next import). Refused, leaving no folder or
    file behind, when anything is wrong."""
    path, target = Path(export_file), Path(folder)
    data = _read_export(path)
    made = next((f for f in reversed([target, *target.parents]) if not f.exists()), None)
    leftovers = _leftovers(target)
    try:
        rows = _checked_rows(data, path)
    except RecursionError:
        raise LedgerError(f"{path_text(path)}: its events are nested too deeply to read: "
                          "export the campaign again") from None
    for leftover in leftovers:  # what a killed import left
        leftover.unlink(missing_ok=True)
    target.mkdir(parents=True, exist_ok=True)
    staged = target / f"{_STAGED}{uuid.uuid4().hex[:8]}.db"
    try:
        _build(staged, rows, data["state"], path)
        os.replace(staged, target / LEDGER_FILE)
    except BaseException:
        for suffix in ("", "-wal", "-shm", "-journal"):
            Path(f"{staged}{suffix}").unlink(missing_ok=True)
        if made is not None:  # the first folder this import made, and all in it
            shutil.rmtree(made, ignore_errors=True)
        raise
    return len(rows)


#: The name of the ledger an import builds beside before it becomes ``ledger.db``.
_STAGED = ".import-"


def _leftovers(target: Path) -> list[Path]:
    """The files a killed import left in ``target``; LedgerError if it holds anything else."""
    if not target.exists():
        return []
    if target.is_dir():
        found = list(target.iterdir())
        left = [f for f in found if re.fullmatch(r"\.import-[0-9a-f]{8}\.db(-wal|-shm|-journal)?",
                                                 f.name) and f.is_file()]
        if len(left) == len(found):
            return left
    raise LedgerError(f"{path_text(target)} already holds files: import into a new or empty "
                      "folder")


def _checked_rows(data: dict[str, Any], path: Path) -> list[dict[str, Any]]:
    """The export's events as ``events`` rows, each checked (:class:`HistoryCheck`)."""
    from drawsteel_kit.kit.ledger.history_check import HistoryCheck, kinds_of
    from drawsteel_kit.kit.ledger.schema_check import current, reference

    played = _played(data["state"])
    try:
        kinds = kinds_of(played)
    except LedgerError as exc:
        raise LedgerError(f"{path_text(path)}: {exc}: import an export of a campaign this "
                          "version plays") from None
    want = reference(current(played))
    check = HistoryCheck(kinds, {name: set(e.columns) for (kind, name), e in want.items()
                                 if kind == "table"})
    rows = []
    for n, event in enumerate(data["events"]):
        row = _event_row(event, n, path)
        problem = check.problem(row, event["payload"], event["ops"])
        if problem:
            raise LedgerError(f"{path_text(path)}: events[{n}] (event #{row['id']}): {problem}: "
                              "export the campaign again")
        rows.append(row)
    return rows


def _played(state: dict[str, Any]) -> Any:
    """The system the export's party plays (Draw Steel when it does not say)."""
    from drawsteel_kit.kit.registry import default_system

    try:
        settings = state["party"][0]["settings"]
        settings = json.loads(settings) if isinstance(settings, str) else settings
        return settings.get("system") or default_system().key
    except (LookupError, TypeError, ValueError, AttributeError):
        return default_system().key


def _build(staged: Path, rows: list[dict[str, Any]], state: dict[str, Any], path: Path) -> None:
    """The new ledger at ``staged``: the events written, replayed with every change checked
    against the rows before it, and its state compared with the export's."""
    from drawsteel_kit.kit.ledger import Ledger
    from drawsteel_kit.kit.ledger.history_check import ReplayError
    from drawsteel_kit.kit.ledger.projections import rebuild

    with Ledger.open(staged, system=_played(state)) as ledger:
        try:
            with ledger.write():
                ledger.db.conn.executemany(
                    f"INSERT INTO events ({', '.join(EVENT_COLUMNS)}) VALUES "
                    f"({', '.join(':' + c for c in EVENT_COLUMNS)})", rows)
                rebuild(ledger.db, check=True)
        except ReplayError as exc:
            raise LedgerError(f"{path_text(path)}: its events cannot be replayed: {exc.where}: "
                              "export the campaign again") from None
        except sqlite3.IntegrityError as exc:
            raise LedgerError(f"{path_text(path)}: its events cannot be replayed ({exc}): "
                              "export the campaign again") from None
        if not _same_state(snapshot(ledger.db), state):
            raise LedgerError(f"{path_text(path)}: its state is not what its history gives (a "
                              "--party-only export, or an edited file): import a full "
                              "export")
        ledger.db.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def _same_state(have: dict[str, list[dict[str, Any]]], want: dict[str, Any]) -> bool:
    """The replayed state against the export's, on the tables and columns the export has (a
    table the new ledger lacks may be there empty: a ledger made before issue 34 held Draw
    Steel's tables, empty, whatever its system)."""
    for table, rows in want.items():
        mine = have.get(table, [] if rows == [] else None)
        if not isinstance(rows, list) or mine is None or len(mine) != len(rows):
            return False
        for ours, theirs in zip(mine, rows, strict=True):
            if not isinstance(theirs, dict) or any(ours.get(k) != v for k, v in theirs.items()):
                return False
    return True


#: A cell a spreadsheet would run as a formula starts with one of these.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _cell(value: Any) -> Any:
    """A CSV cell: lists as JSON text; text a spreadsheet would run as a formula (a name or
    note typed as ``=HYPERLINK(...)``) behind a ``'``, so it stays the text it is."""
    if isinstance(value, list | dict):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def csv_tables(export: dict[str, Any]) -> dict[str, str]:
    """An export as CSV texts: one per projection, and ``events`` (payload and ops as JSON)."""
    tables: dict[str, list[dict[str, Any]]] = dict(export["state"])
    tables["events"] = export["events"]
    out: dict[str, str] = {}
    for name, rows in tables.items():
        buffer = io.StringIO()
        columns = list(rows[0]) if rows else []
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(columns)
        for row in rows:
            writer.writerow([_cell(row.get(c)) for c in columns])
        out[name] = buffer.getvalue()
    return out


def export_csv(export: dict[str, Any], folder: str | os.PathLike[str], *,
               force: bool = False, campaign: Path | None = None) -> list[Path]:
    """Write :func:`csv_tables` into ``folder`` (new or empty, unless ``force``; never over
    a file the ``campaign`` folder owns)."""
    from drawsteel_kit.kit.outputs import write_new_file

    target = Path(folder)
    if target.exists() and not target.is_dir():
        raise LedgerError(f"{path_text(target)} is a file: name a folder for the CSV files")
    if target.is_dir() and any(target.iterdir()) and not force:
        raise LedgerError(f"{path_text(target)} already holds files: pass --force to replace "
                          "the CSV files in it, or name a new folder")
    from drawsteel_kit.kit.outputs import campaign_owns

    tables = csv_tables(export)
    owned = [n for n in tables if campaign and os.path.lexists(target / f"{n}.csv")
             and campaign_owns(target / f"{n}.csv", campaign)]
    if owned:  # checked before any is written
        raise LedgerError(f"{path_text(target / f'{owned[0]}.csv')} is one of the campaign's "
                          "own files: an output never replaces it, even with --force: "
                          "name another folder")
    target.mkdir(parents=True, exist_ok=True)
    return [write_new_file(target / f"{name}.csv", text, force=force, campaign=campaign)
            for name, text in tables.items()]
