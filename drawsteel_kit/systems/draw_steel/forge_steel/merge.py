"""The three-way merge every hero file import makes (Forge Steel's and Foundry's): a field the
file changed since its last import is taken, one the file left as it was keeps the ledger's
value (and says so)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

__all__ = ["merge_fields", "shown"]


def shown(value: Any) -> str:
    """A field's value as a preview line shows it."""
    if isinstance(value, list):
        return ", ".join(value) or "none"
    return "none" if value is None else str(value)


def merge_fields(fields: Iterable[str], values: Mapping[str, Any],
                 base: Mapping[str, Any] | None, have: Mapping[str, Any], *,
                 kept: list[str], changes: list[str]) -> dict[str, Any]:
    """The fields to write: each of ``fields`` whose file value (``values``) differs from the
    ledger's (``have``), unless the file holds what it held at its last import (``base``):
    then the ledger's value stays, and a line in ``kept`` says so. ``changes`` gets a line for
    each field written."""
    after: dict[str, Any] = {}
    for name in fields:
        new = values[name]
        if base is not None and base[name] == new:
            if have[name] != new:
                kept.append(f"{name}: the ledger's {shown(have[name])} (the file still "
                            f"has {shown(new)})")
            continue
        if have[name] != new:
            after[name] = new
            changes.append(f"{name}: {shown(have[name])} → {shown(new)}")
    return after
