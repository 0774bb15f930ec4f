"""A review warning, not a test: the package's modules over 400 lines (``make lint`` prints
them). A module is as long as its one job needs; a long one is worth a second look (is it
one job?), not a split by size.

    python tests/review_long_modules.py
"""

from __future__ import annotations

import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "drawsteel_kit"
#: Past this many lines a module is named for review.
REVIEW_LINES = 400


def long_modules() -> list[tuple[Path, int]]:
    """Every module of the package over :data:`REVIEW_LINES`, longest first."""
    found = [(p, len(p.read_text(encoding="utf-8").splitlines()))
             for p in sorted(PACKAGE.rglob("*.py")) if "__pycache__" not in p.parts]
    return sorted(((p, n) for p, n in found if n > REVIEW_LINES), key=lambda f: -f[1])


def main() -> int:
    for path, lines in long_modules():
        print(f"review: {path.relative_to(PACKAGE.parent)} has {lines} lines (over "
              f"{REVIEW_LINES}): is it one job?", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
