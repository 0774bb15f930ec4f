"""What a served page says before its kernel runs: its browser tab's title and a link's
preview, and where the bare address leads.

A chat app shows a pasted link's preview from the page's head, fetched without a browser:
the head is sent before the page's kernel has run a cell, so what it names comes from the
server, which knows the campaign it serves. Voila's template titles the page with the
notebook's ``title`` metadata; ``serve_guard.prelaunch`` hands Voila the notebook with that
title and the preview's line set (``named``), for a hero's page only once the hero's key
opened it (a page it refuses names nothing). The bare address and Voila's file list lead
to the party page (``party_address``), keeping only what that page reads: the hero and key.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any
from urllib.parse import quote

from drawsteel_kit.kit.ledger import LEDGER_FILE
from drawsteel_kit.kit.ui.pages import PREVIEW, tab_title
from drawsteel_kit.workbook.links import hero_and_key, hero_query

__all__ = ["PARTY_PATH", "PREVIEW_KEY", "campaign_name", "named", "party_address"]

#: The party page's address after the server's base URL (serve's DASHBOARD, rendered).
PARTY_PATH = "voila/render/dashboard.ipynb"
#: The notebook metadata the page template reads the preview's tags from.
PREVIEW_KEY = "dsk_preview"


def campaign_name(folder: str | Path) -> str:
    """The campaign's name as its ledger has it (read-only), or "" when it cannot be read."""
    path = Path(folder) / LEDGER_FILE
    if not path.is_file():
        return ""
    try:
        db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=2)
        try:
            row = db.execute("SELECT name FROM party WHERE id = 1").fetchone()
        finally:
            db.close()
    except sqlite3.Error:
        return ""
    return str(row[0]) if row and row[0] else ""


def named(notebook: Any, folder: str | Path, hero: str | None) -> Any:
    """``notebook`` titled for its page (the campaign's name, or "Hero — Campaign": ``hero``
    is one whose key opened the page) with the preview's line, for the page's head."""
    title = tab_title(campaign_name(folder), hero)
    notebook.metadata["title"] = title
    notebook.metadata[PREVIEW_KEY] = {"title": title, "description": PREVIEW}
    return notebook


def party_address(base_url: str, query: str) -> str:
    """The party page's address (a hero's page when ``query`` names a hero, with the key
    it carries): nothing else of the query is kept."""
    hero, key = hero_and_key(query)
    address = base_url.rstrip("/") + "/" + PARTY_PATH
    if hero is None:
        return address
    return f"{address}?{hero_query(hero, key) if key else 'hero=' + quote(hero, safe='')}"
