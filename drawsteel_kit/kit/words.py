"""Words for what users read: a count with its noun in the right number."""

from __future__ import annotations

__all__ = ["noun", "plural"]


def plural(count: int, word: str, many: str | None = None) -> str:
    """``"1 session"``, ``"3 sessions"``, ``"0 sessions"``: ``count`` and ``word``, plural
    unless the count is one (``many``: an irregular plural, "2 bonuses" or "2 allies";
    default the word with an "s")."""
    return f"{count} {noun(count, word, many)}"


def noun(count: int, word: str, many: str | None = None) -> str:
    """``word`` in the number ``count`` calls for, without the count: "characteristic" for
    one, "characteristics" for more (or none)."""
    return word if count == 1 else (many or word + "s")
