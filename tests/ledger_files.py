"""Ledger files for the migration tests: a fixture's SQL text loaded into a campaign folder,
its rows as the file holds them, and the migrations it records, by set."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path
from typing import Any

#: tests/fixtures/ledgers: SQL text of ledgers older code made (make_fixtures.py says how).
FIXTURES = Path(__file__).parent / "fixtures" / "ledgers"
#: The campaigns shipped with the package (their campaign.yaml).
CAMPAIGNS = Path(__file__).parents[1] / "campaigns"


def load(sql: str, folder: Path, campaign: str) -> Path:
    """The fixture ``sql`` (a file name) as ``folder``'s ledger, beside a copy of the shipped
    ``campaign``'s campaign.yaml; returns the folder."""
    folder.mkdir(parents=True)
    shutil.copy(CAMPAIGNS / campaign / "campaign.yaml", folder / "campaign.yaml")
    conn = sqlite3.connect(str(folder / "ledger.db"))
    try:
        conn.executescript((FIXTURES / sql).read_text(encoding="utf-8"))
    finally:
        conn.close()
    return folder


def rows(path: Path) -> dict[str, list[dict[str, Any]]]:
    """Every table's rows as the file holds them (columns by name), in rowid order."""
    conn = sqlite3.connect(str(path))
    conn.row_factory = sqlite3.Row
    try:
        tables = [r[0] for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")]
        return {t: [dict(r) for r in conn.execute(f"SELECT * FROM [{t}] ORDER BY rowid")]
                for t in tables}
    finally:
        conn.close()


def migration_sets(path: Path) -> dict[str, list[str]]:
    """The migrations the file records, by set, each in the order applied."""
    found: dict[str, list[str]] = {}
    for r in rows(path).get("_sqlite_migrations", []):
        found.setdefault(r["migration_set"], []).append(r["name"])
    return found


def same_rows(before: dict[str, list[dict[str, Any]]],
              after: dict[str, list[dict[str, Any]]]) -> list[str]:
    """The tables (but the migrations' record) whose rows ``after`` does not hold as
    ``before`` did, on ``before``'s columns; empty: none lost or changed."""
    changed = []
    for table, old in before.items():
        if table == "_sqlite_migrations":
            continue
        kept = [{k: r[k] for k in old[0]} for r in after.get(table, [])] if old else after.get(
            table, [])
        if kept != old:
            changed.append(table)
    return changed
