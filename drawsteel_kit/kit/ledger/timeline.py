"""The timeline: every change of a tracked number, one row each, derived from events.

Charts of XP, level, renown, wealth and hero tokens over time read this small indexed
table instead of scanning history. It is an index, not a projection: each row is a
pure function of one event (its ops, day, session, kind, visibility and reason), so it
is written in the same transaction as the event, refilled by ``rebuild()``, and filled
for older ledgers by the migration that made it. Its one mark besides, ``undone``, says that
an undo took the change back (the undo's own changes are marked too; set as the undo is
written, and by ``rebuild()`` from the undos in history): every read here keeps only the
changes that stand (:mod:`~drawsteel_kit.kit.ledger.standing`), so a chart draws the books
as they stand, never a change that was undone.

Charts read it through :func:`count_changes`, :func:`first_changes`, :func:`sample`
(:func:`spread`) and :func:`newest_first`, whose cost depends on how many points they
return, not on how long the history is: each one walks the ``timeline_points`` index
(table, key, field, then id, holding each change's ``after``, ``visibility`` and
``undone``, so counting and seeking read the index alone) from one end, or seeks into it.
:func:`shares` splits a chart's budget of points among its lines, so a chart with many
lines costs no more than one with a few.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Mapping, Sequence
from itertools import pairwise
from typing import TYPE_CHECKING, Any, NoReturn

from drawsteel_kit.kit.ledger import standing

if TYPE_CHECKING:
    from drawsteel_kit.kit.ledger.reader import LedgerDb

__all__ = [
    "POINT", "SHEET_TRACKED", "count_changes", "first_changes", "newest_first", "record",
    "rows_for", "sample", "sampled_lines", "samples", "shares", "sheet_changes", "spread",
    "tracked", "visible_where",
]



@functools.cache
def tracked() -> Mapping[str, tuple[str, ...]]:
    """The numbers the timeline keeps, by projection table (each projection's ``tracked``:
    the party's, a Draw Steel hero's, ...)."""
    from drawsteel_kit.kit.ledger.registered import every_projection

    return {table: p.tracked for table, p in every_projection().items() if p.tracked}


def __getattr__(name: str) -> Any:
    """``TRACKED``: :func:`tracked`, worked out on first use (the registry's sets)."""
    if name == "TRACKED":
        return tracked()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

#: The numbers the timeline keeps from a sheet's ``data`` (the other systems' characters).
SHEET_TRACKED: tuple[str, ...] = ("level", "xp", "hp", "max_hp", "coin", "rations",
                                  "preparation", "mana")


def sheet_changes(op: Mapping[str, Any]) -> list[tuple[str, Any, Any]]:
    """A sheet op's changes of tracked whole numbers inside its ``data``."""
    def numbers(values: Any) -> dict[str, int]:
        data = values.get("data") if isinstance(values, Mapping) else None
        if not isinstance(data, Mapping):
            return {}
        return {f: data[f] for f in SHEET_TRACKED
                if isinstance(data.get(f), int) and not isinstance(data.get(f), bool)}

    if op["op"] == "update":
        before, after = numbers(op["before"]), numbers(op["after"])
        return [(f, before.get(f), after[f]) for f in SHEET_TRACKED
                if f in after and before.get(f) != after[f]]
    row = numbers(op["row"])
    if op["op"] == "insert":
        return [(f, None, row[f]) for f in SHEET_TRACKED if f in row]
    return [(f, row[f], None) for f in SHEET_TRACKED if f in row]


def _reason(kind: str, payload: Mapping[str, Any]) -> str:
    reason = payload.get("reason")
    if isinstance(reason, str) and reason:
        return reason
    return str(payload.get("summary", kind))


def rows_for(
    event_id: int, kind: str, day: int, session: int | None, visibility: str,
    payload: Mapping[str, Any], ops: list[dict[str, Any]],
) -> list[dict[str, Any]]:
    """The timeline rows one event implies (none when it changes no tracked number)."""
    out: list[dict[str, Any]] = []
    for op in ops:
        fields = tracked().get(op["table"])
        if op["table"] == "sheets":
            changes = sheet_changes(op)
        elif not fields:
            continue
        elif op["op"] == "update":
            # In tracked() order: the stored payload's keys are sorted, the live ones are not.
            changes = [(f, op["before"].get(f), op["after"][f]) for f in fields
                       if f in op["after"]]
        elif op["op"] == "insert":
            changes = [(f, None, op["row"][f]) for f in fields if f in op["row"]]
        else:
            changes = [(f, op["row"][f], None) for f in fields if f in op["row"]]
        for field, before, after in changes:
            out.append({
                "event_id": event_id, "day": day, "session": session, "tbl": op["table"],
                "key": str(op["key"]), "field": field, "before": before, "after": after,
                "visibility": visibility, "kind": kind, "reason": _reason(kind, payload),
            })
    return out


_COLUMNS = ("event_id", "day", "session", "tbl", "key", "field", "before", "after",
            "visibility", "kind", "reason")
INSERT = (f"INSERT INTO timeline ({', '.join(_COLUMNS)}) "
           f"VALUES ({', '.join(':' + c for c in _COLUMNS)})")


def record(db: LedgerDb, event_id: int, row: Mapping[str, Any],
           payload: Mapping[str, Any], ops: list[dict[str, Any]]) -> None:
    """Add the timeline rows of one event (inside the event's write transaction)."""
    rows = rows_for(event_id, row["kind"], row["day"], row["session"], row["visibility"],
                    payload, ops)
    if rows:  # one prepared statement: this runs for every event ever written
        db.conn.executemany(INSERT, rows)


# -- reading: bounded by the points asked for ----------------------------------------------
def visible_where(visible_to: str | None) -> tuple[str, list[Any]]:
    """A WHERE condition on ``visibility``: None is the Director (everything), ``"party"``
    party rows only, a hero's name adds that hero's own ``hero:NAME`` rows."""
    if visible_to is None:
        return "1", []
    if visible_to == "party":
        return "visibility = 'party'", []
    return "(visibility = 'party' OR visibility = ?)", [f"hero:{visible_to}"]


def _where(db: LedgerDb, tbl: str, key: str, field: str,
           visible_to: str | None) -> tuple[str, list[Any]]:
    """One number's visible changes that set a value (a deleted row's last change does not)
    and stand (no undo took them back)."""
    vis, params = visible_where(visible_to)
    return (f"tbl = ? AND key = ? AND field = ? AND after IS NOT NULL AND {vis} AND "
            f"{standing.standing_where(db)}", [tbl, key, field, *params])


#: What a chart draws of each change (``columns=POINT``): the rest of a row is left unread.
POINT: tuple[str, ...] = ("id", "event_id", "day", "session", "before", "after", "reason")


def _select(columns: Sequence[str] | None) -> str:
    """The columns a read returns: all of them, or these and the id (a sample needs it)."""
    if columns is None:
        return "*"
    return ", ".join(dict.fromkeys(("id", *columns)))


def _rows(db: LedgerDb, sql: str, params: list[Any]) -> list[dict[str, Any]]:
    """Every row of ``sql`` as dicts, fetched at once (a chart reads thousands)."""
    cursor = db.execute(sql, params)
    keys = [d[0] for d in cursor.description]
    return [dict(zip(keys, row, strict=True)) for row in cursor.fetchall()]


def first_changes(db: LedgerDb, tbl: str, key: str, field: str,
                  visible_to: str | None, limit: int, *,
                  columns: Sequence[str] | None = None) -> list[dict[str, Any]]:
    """The oldest ``limit`` visible changes of one number, oldest first (``columns``: only
    these of each row, and its id)."""
    where, params = _where(db, tbl, key, field, visible_to)
    return _rows(db, f"SELECT {_select(columns)} FROM timeline WHERE {where} ORDER BY id "
                     "LIMIT ?",
                 [*params, limit])


def count_changes(db: LedgerDb, tbl: str, key: str, field: str,
                  visible_to: str | None, at_most: int) -> int:
    """How many visible changes one number has, counted up to ``at_most`` (in SQLite: no
    row is built in Python to learn that a history is long)."""
    where, params = _where(db, tbl, key, field, visible_to)
    return int(db.execute(f"SELECT count(*) FROM (SELECT 1 FROM timeline WHERE {where} "
                          f"LIMIT ?)", [*params, at_most]).fetchone()[0])


def newest_first(db: LedgerDb, tbl: str, key: str, field: str,
                 visible_to: str | None) -> Iterator[dict[str, Any]]:
    """The visible changes of one number, newest first, read lazily (stop when done)."""
    where, params = _where(db, tbl, key, field, visible_to)
    yield from db.query(f"SELECT * FROM timeline WHERE {where} ORDER BY id DESC", params)


def sample(db: LedgerDb, tbl: str, key: str, field: str,
           visible_to: str | None, points: int, *, columns: Sequence[str] | None = None
           ) -> list[dict[str, Any]]:
    """``points`` of one number's visible changes, oldest first: every one of them when it
    has no more than that (:func:`first_changes`), else :func:`spread` of that many."""
    if count_changes(db, tbl, key, field, visible_to, points + 1) <= points:
        return first_changes(db, tbl, key, field, visible_to, points, columns=columns)
    return spread(db, tbl, key, field, visible_to, points, columns=columns)


def spread(db: LedgerDb, tbl: str, key: str, field: str,
           visible_to: str | None, points: int, *, columns: Sequence[str] | None = None
           ) -> list[dict[str, Any]]:
    """``points`` (at least 2) distinct visible changes of a number that has more, spread
    evenly over its history, oldest first: the first and the newest, and between them the
    newest change at or before each of ``points`` evenly spaced timeline ids (each an index
    seek). Where its changes are bunched (many other numbers' changes written between
    them), several ids find the same change: the others are then made up from the changes
    the seeks stepped over (:func:`_made_up`), so a bunched history still gives ``points``."""
    where, params = _where(db, tbl, key, field, visible_to)
    first, last = db.execute(  # both ends in one round trip
        f"SELECT (SELECT id FROM timeline WHERE {where} ORDER BY id LIMIT 1), "
        f"(SELECT id FROM timeline WHERE {where} ORDER BY id DESC LIMIT 1)",
        [*params, *params]).fetchone()
    if first is None or last is None:
        return []
    want = max(2, points)
    steps = want - 1
    targets = sorted({first + (last - first) * i // steps for i in range(steps + 1)})
    values = ", ".join("(?)" for _ in targets)
    # The seeks and the rows they find in one statement: the ids need not come back first.
    select = _select(columns)
    found = _rows(db, f"WITH at(target) AS (VALUES {values}) SELECT {select} FROM timeline "
                      f"WHERE id "
                      f"IN (SELECT (SELECT id FROM timeline WHERE {where} AND id <= at.target "
                      f"ORDER BY id DESC LIMIT 1) FROM at) ORDER BY id", [*targets, *params])
    if len(found) >= want:
        return found
    picked = [r["id"] for r in found]
    wanted = sorted({*picked, *_made_up(db, where, params, picked, want - len(picked))})
    marks = ", ".join("?" for _ in wanted)
    return _rows(db, f"SELECT {select} FROM timeline WHERE id IN ({marks}) ORDER BY id",
                 wanted)


def _evenly(ids: Sequence[int], count: int) -> list[int]:
    """``count`` of ``ids`` (at most all of them), evenly spaced, the first one included."""
    count = min(count, len(ids))
    return [ids[k * len(ids) // count] for k in range(count)]


def _made_up(db: LedgerDb, where: str, params: list[Any], picked: list[int],
             missing: int) -> list[int]:
    """``missing`` more changes (fewer only when there are no more) from between the
    ``picked`` ones (sorted ids): first the change just after each pick that is followed by
    one before the next pick, evenly over them (one seek each); when those are too few
    (changes bunched), up to ``missing`` changes after each such pick, the budget of points
    shared among them (:func:`shares`), each pick's taken evenly from its changes."""
    gaps = list(pairwise(picked))
    pairs = ", ".join("(?, ?)" for _ in gaps)
    after = [r[0] for r in db.execute(
        f"WITH gap(lo, hi) AS (VALUES {pairs}) SELECT (SELECT id FROM timeline "
        f"WHERE {where} AND id > gap.lo AND id < gap.hi ORDER BY id LIMIT 1) FROM gap",
        [*(i for gap in gaps for i in gap), *params]).fetchall()]
    found = [i for i in after if i is not None]
    if len(found) >= missing:
        return _evenly(found, missing)
    runs = [[r[0] for r in db.execute(
        f"SELECT id FROM timeline WHERE {where} AND id > ? AND id < ? ORDER BY id LIMIT ?",
        [*params, lo, hi, missing]).fetchall()]
        for (lo, hi), one in zip(gaps, after, strict=True) if one is not None]
    allowed = shares([len(run) for run in runs], missing, most=missing, least=0)
    return [i for run, n in zip(runs, allowed, strict=True) if n for i in _evenly(run, n)]


def shares(needs: Sequence[int], budget: int, *, most: int, least: int = 2,
           extra: int = 0) -> list[int]:
    """How many changes each line of a chart draws, when the chart draws at most ``budget``
    points in all and a line at most ``most`` changes: ``needs`` are the lines' changes, and
    a line with changes draws ``extra`` points besides them (where it starts, "now").

    Every line draws all it needs (up to ``most``) when that fits; else the budget is shared
    evenly, a line that needs less than its share leaving the rest to the others, and no
    line drawing fewer than ``least`` (its first and its last change), so a chart of very
    many lines may draw ``least + extra`` a line beyond the budget. Deterministic: the same
    needs always get the same shares."""
    drawn = [i for i in sorted(range(len(needs)), key=lambda i: (min(needs[i], most), i))
             if needs[i] > 0]
    left = budget - extra * len(drawn)
    out = [0] * len(needs)
    for done, i in enumerate(drawn):
        even = left // (len(drawn) - done)
        out[i] = min(needs[i], most, max(least, even))
        left -= out[i]
    return out


def sampled_lines(db: LedgerDb, lines: Sequence[tuple[str, str, str]],
                  visible_to: str | None, *, budget: int, most: int, least: int = 2,
                  extra: int = 1, columns: Sequence[str] | None = None
                  ) -> list[tuple[list[dict[str, Any]], bool]]:
    """The changes of a chart's (table, key, field) lines, the lines together drawing at
    most ``budget`` points (``extra`` a line besides its changes), a line at most ``most``
    changes and at least ``least``: every change of a line within its :func:`shares` of the
    budget, else :func:`spread` of its share; each with whether it was sampled
    (``columns``: only these of each row, and its id; :data:`POINT` is what a chart draws)."""
    counts = [count_changes(db, tbl, key, field, visible_to, most + 1)
              for tbl, key, field in lines]
    allowed = shares(counts, budget, most=most, least=least, extra=extra)
    return [([], False) if not count
            else (first_changes(db, tbl, key, field, visible_to, count, columns=columns), False)
            if count <= share else (spread(db, tbl, key, field, visible_to, share,
                                           columns=columns), True)
            for (tbl, key, field), count, share in zip(lines, counts, allowed, strict=True)]


def samples(db: LedgerDb, lines: Sequence[tuple[str, str, str]],
            visible_to: str | None, *, budget: int, most: int, extra: int = 1,
            columns: Sequence[str] | None = None) -> list[list[dict[str, Any]]]:
    """The changes of a chart's lines, as :func:`sampled_lines` gives them."""
    return [rows for rows, _ in sampled_lines(db, lines, visible_to, budget=budget,
                                              most=most, extra=extra, columns=columns)]


def _damaged(db: LedgerDb, what: str) -> NoReturn:
    """Refuse a refill of a damaged ledger (SQLite read it without a complaint)."""
    from drawsteel_kit.kit.ledger.connection import damage_error

    raise damage_error(what, str(getattr(db.conn, "ledger_path", "the ledger")))


#: Events are read in pages of this many rows when the timeline is refilled.
FILL_PAGE = 5_000


def fill(db: LedgerDb) -> int:
    """Empty the timeline and refill it from every event (inside a write); rows written."""
    import json
    from itertools import pairwise

    db.execute("DELETE FROM timeline")
    last, count = 0, 0
    while True:
        page = list(db.query("SELECT id, kind, day, session, visibility, payload FROM events "
                             "WHERE id > ? ORDER BY id LIMIT ?", [last, FILL_PAGE]))
        if not page:
            break
        if page[0]["id"] <= last or any(a["id"] >= b["id"] for a, b in pairwise(page)):
            _damaged(db, f"its events read out of order after #{last}")  # or it would loop
        rows: list[dict[str, Any]] = []
        for event in page:
            try:
                payload = json.loads(event["payload"] or "{}")
            except (ValueError, TypeError):
                _damaged(db, f"event #{event['id']}'s record is not whole")
            rows += rows_for(event["id"], event["kind"], event["day"], event["session"],
                             event["visibility"], payload, payload.get("ops", []))
        if rows:
            db.table("timeline").insert_all(rows)  # (a Table: db[...] may be a View)
        count += len(rows)
        last = page[-1]["id"]
    if standing.marked(db):  # (the migration that made the timeline fills it unmarked)
        standing.mark_all(db)
    return count
