"""The hidden names a players' copy keeps out of visible text, and where it blanks them.

Hidden names: the names of the hidden rows of each projection whose names are secrets (Draw
Steel's projects and NPCs: :attr:`.Projection.secret_names`), of hidden sheets of the kinds
each system says are secrets (a Draw Steel encounter, a condition-sheet foe the GM keeps),
and what a system's own ``secrets`` part finds in its sheets (a PF2e creature the PCs have
not identified). Names the viewer sees (Draw Steel's heroes, visible rows and sheets, the
names a system shows) are no secret and are left whole. Every text the copy
shows goes through one :class:`~drawsteel_kit.kit.redact.Redactor`: event payloads, a
timeline reason, the free texts of visible rows, visible sheets' data.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from drawsteel_kit.kit.ledger.schema import projections
from drawsteel_kit.kit.redact import HIDDEN, Redactor

if TYPE_CHECKING:
    from drawsteel_kit.kit.ledger.reader import ReadDatabase

__all__ = ["PRIVATE", "blank_rows", "free_text", "redactor", "shown_payload"]

#: A payload key with this prefix is the Director's and one player's business (a player's own
#: hero file, say): no players' copy holds it.
PRIVATE = "private_"



def free_text(db: ReadDatabase) -> dict[str, tuple[str, ...]]:
    """The free texts of visible rows, by table, where a hidden name is blanked as in the
    history (each projection's ``free_text``: a note's text, a Draw Steel NPC's notes)."""
    return {p.table: p.free_text for p in projections(db) if p.free_text}

#: What a payload shows when it is no JSON and blanking changed it.
UNREADABLE = json.dumps({"summary": HIDDEN})


def _sheet_names(db: ReadDatabase, where: str, params: list[Any]
                 ) -> tuple[set[str], set[str]]:
    """(secret, shown) names the systems' ``secrets`` parts find in the sheets."""
    from drawsteel_kit.kit.registry import sheet_secrets

    found = sheet_secrets()
    secret: set[str] = set()
    shown: set[str] = set()
    if not found:
        return secret, shown
    marks = ", ".join("?" for _ in found)
    for system, kind, data, seen in db.execute(
            f"SELECT system, kind, data, ({where}) FROM sheets WHERE system IN ({marks})",
            [*params, *found]).fetchall():
        try:
            body = json.loads(data or "{}")
        except ValueError:
            continue
        hidden, visible = found[system](kind, body, not seen)
        secret.update(hidden)
        shown.update(visible)
    return secret, shown


def redactor(db: ReadDatabase, where: str, params: list[Any]) -> Redactor:
    """The viewer's redactor: hidden names out, the names they see left whole."""
    from drawsteel_kit.kit.registry import secret_sheet_kinds

    kinds = secret_sheet_kinds()
    sheets = " OR ".join("(system = ? AND kind = ?)" for _ in kinds) or "0"
    pairs = [v for pair in kinds for v in pair]
    selects = [f"SELECT name, NOT ({where}) FROM sheets WHERE {sheets}"]
    values = [*params, *pairs]
    grown: list[str] = []  # read through a view: only their hidden rows first (an index)
    for p in projections(db):
        if p.secret_names and p.viewed:
            grown.append(f"SELECT [{p.named_by}] FROM main.[{p.table}] WHERE {where}")
            selects.append(f"SELECT [{p.named_by}], 1 FROM main.[{p.table}] "
                           f"WHERE visibility <> 'party' AND NOT ({where})")
        elif p.secret_names:
            selects.append(f"SELECT [{p.named_by}], NOT ({where}) FROM main.[{p.table}]")
        elif p.shown_names:
            selects.append(f"SELECT [{p.named_by}], 0 FROM main.[{p.table}]")
        else:
            continue
        values += params if p.secret_names else []
    rows = db.execute(" UNION ALL ".join(selects), values).fetchall()
    secret = {n for n, hidden in rows if hidden}
    shown = {n for n, hidden in rows if not hidden}
    if secret:  # a name the viewer sees: visible rows' names and sheets' names
        shown.update(r[0] for r in db.execute(
            " UNION ".join([*grown, f"SELECT name FROM sheets WHERE {where}"]),
            params * (len(grown) + 1)).fetchall())
    more, seen = _sheet_names(db, where, params)
    return Redactor(secret | more, shown | seen)


def blank_rows(db: ReadDatabase, redact: Redactor) -> None:
    """Hidden names out of the free texts of the rows the viewer sees (a visible note that
    names a hidden project shows "(hidden)"), and out of visible sheets' data."""
    tables = {r[0] for r in db.execute("SELECT name FROM sqlite_temp_master "
                                       "WHERE type = 'table'").fetchall()}
    for table, columns in free_text(db).items():
        if table not in tables:
            continue
        for column in columns:
            for rowid, text in db.execute(f"SELECT rowid, [{column}] FROM temp.[{table}]"
                                          ).fetchall():
                blanked = redact.text(text)
                if blanked != text:
                    db.execute(f"UPDATE temp.[{table}] SET [{column}] = ? WHERE rowid = ?",
                               [blanked, rowid])
    if "sheets" in tables:
        for key, data in db.execute("SELECT key, data FROM temp.sheets").fetchall():
            try:
                body = json.loads(data or "{}")
            except ValueError:
                continue
            blanked = redact.value(body)
            if blanked != body:
                db.execute("UPDATE temp.sheets SET data = ? WHERE key = ?",
                           [json.dumps(blanked, sort_keys=True, ensure_ascii=False), key])


def shown_payload(redact: Redactor) -> Callable[[Any], Any]:
    """A visible event's payload as players see it: no replay data (``ops``), no private
    keys, no hidden names. Run by SQLite on each row a page reads (``dsk_shown``)."""

    def shown(text: Any) -> Any:
        if not isinstance(text, str):
            return text
        try:
            body = json.loads(text)
        except ValueError:
            blanked = redact.text(text)
            return text if blanked == text else UNREADABLE
        if isinstance(body, dict) and any(k == "ops" or str(k).startswith(PRIVATE)
                                          for k in body):
            body = {k: v for k, v in body.items()
                    if k != "ops" and not str(k).startswith(PRIVATE)}
            text = json.dumps(body, ensure_ascii=False, separators=(",", ":"))
        if redact:
            blanked = redact.value(body)
            if blanked != body:
                text = json.dumps(blanked, ensure_ascii=False, separators=(",", ":"))
        return text

    return shown
