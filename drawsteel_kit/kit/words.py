"""Words for what users read: a count with its noun in the right number, and columns."""

from __future__ import annotations

__all__ = ["columns", "noun", "plural"]


def plural(count: int, word: str, many: str | None = None) -> str:
    """``"1 session"``, ``"3 sessions"``, ``"0 sessions"``: ``count`` and ``word``, plural
    unless the count is one (``many``: an irregular plural, "2 bonuses" or "2 allies";
    default the word with an "s")."""
    return f"{count} {noun(count, word, many)}"


def noun(count: int, word: str, many: str | None = None) -> str:
    """``word`` in the number ``count`` calls for, without the count: "characteristic" for
    one, "characteristics" for more (or none)."""
    return word if count == 1 else (many or word + "s")


def columns(rows: list[list[str]], right: frozenset[int] | set[int] = frozenset(),
            gap: str = "  ") -> list[str]:
    """``rows`` as lines of aligned columns, each as wide as its widest cell: a name is never
    cut short. ``right``: the columns (by index) aligned right, numbers. The last column is
    not padded."""
    if not rows:
        return []
    widths = [max(len(row[i]) for row in rows if i < len(row))
              for i in range(max(map(len, rows)))]
    lines = []
    for row in rows:
        cells = [cell.rjust(widths[i]) if i in right else cell.ljust(widths[i])
                 for i, cell in enumerate(row)]
        lines.append(gap.join(cells).rstrip())
    return lines
