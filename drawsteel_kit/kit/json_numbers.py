"""Numbers in JSON that are not numbers the books can keep.

Python's ``json`` reads ``NaN``, ``Infinity`` and ``-Infinity`` (which JSON does not allow),
turns ``1e400`` into infinity and reads whole numbers of any size; SQLite keeps whole numbers
of 64 bits. :func:`loads` reads JSON keeping each non-finite number as a :class:`NotANumber`
(as written), and :func:`bad_number` finds the first number anywhere in the data that is
one, or a whole number beyond SQLite's range, with where it sits (``state.xp``), so a
reader can refuse the file in one line naming the field.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

__all__ = ["INT64_MAX", "INT64_MIN", "PLAIN_KEY", "NotANumber", "bad_number", "loads"]

#: SQLite's whole numbers: 64 bits, signed.
INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1
#: A key shown as it is in a path (``state.xp``); any other is shown quoted and cut.
#: What a field's name looks like (a word): a key of another shape is quoted, or not shown.
PLAIN_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,39}")


class NotANumber(str):
    """A number as the file wrote it that is not a finite number (``NaN``, ``1e400``)."""


def _constant(text: str) -> NotANumber:
    return NotANumber(text)


def _float(text: str) -> float | NotANumber:
    value = float(text)
    return value if math.isfinite(value) else NotANumber(text)


def loads(text: str) -> Any:
    """``json.loads``, with each non-finite number kept as a :class:`NotANumber`."""
    return json.loads(text, parse_constant=_constant, parse_float=_float)


def _key(key: str) -> str:
    if PLAIN_KEY.fullmatch(key):
        return key
    return repr(key if len(key) <= 30 else key[:29] + "…")


def _step(path: str, part: str | int) -> str:
    if isinstance(part, int):
        return f"{path}[{part}]"
    return f"{path}.{_key(part)}" if path else _key(part)


def _problem(value: object) -> str | None:
    if isinstance(value, NotANumber):
        if value == "NaN":
            return "is NaN, which is not a number"
        return f"is {value[:20]}, which reads as infinity, not a number"
    if isinstance(value, int) and not isinstance(value, bool) and \
            not INT64_MIN <= value <= INT64_MAX:
        return (f"is a number {len(str(abs(value)))} digits long, beyond any number the "
                "ledger keeps")
    return None


def bad_number(data: Any) -> tuple[str, str] | None:
    """Where the first number that is not one the books can keep sits (``state.xp``), and
    what it is, in file order; None when every number is a finite one within 64 bits.

    The walk is a loop, not recursion: data nested as deeply as ``json`` reads is walked."""
    stack: list[tuple[str, Any]] = [("", data)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, dict):
            stack.extend(reversed([(_step(path, str(k)), v) for k, v in value.items()]))
        elif isinstance(value, list):
            stack.extend(reversed([(_step(path, i), v) for i, v in enumerate(value)]))
        else:
            problem = _problem(value)
            if problem is not None:
                return path or "the top level", problem
    return None
