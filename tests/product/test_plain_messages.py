"""What users read names rules as the books name them, never by a source's line numbers.

Every string in the package that is not a docstring (messages, labels, page text, field
descriptions) is read; one holding a citation such as ``(000: 3967)`` or ``002: 49`` fails.
Docstrings and comments may keep them: they are for the next contributor."""

from __future__ import annotations

import re

from source_trees import PACKAGE, modules
from source_trees import strings as _strings

#: A source file's number and a line: ``000: 3967``, ``(002: 85-88)``.
CITATION = re.compile(r"\b00\d: ?\d+")


def test_no_message_cites_a_source_line() -> None:
    found = [f"{path.relative_to(PACKAGE.parent)}:{line}: {text[:80]!r}"
             for path in modules() for line, text in _strings(path)
             if CITATION.search(text)]
    assert found == [], "name the book's chapter or section instead:\n" + "\n".join(found)


#: Python keyword arguments told to a user ("pass tie_order ...", "again=True").
PYTHON_ARGUMENT = re.compile(r"\bpass [a-z]+_[a-z_]+\b|\b[a-z_]+=True\b")


def test_no_message_tells_a_python_argument() -> None:
    found = [f"{path.relative_to(PACKAGE.parent)}:{line}: {text[:80]!r}"
             for path in modules() for line, text in _strings(path)
             if PYTHON_ARGUMENT.search(text) and not text.startswith("--")]  # argv, not text
    assert found == [], "speak of the command and its option instead:\n" + "\n".join(found)


#: A noun with "(s)" after it ("session(s)"): say "1 session", "2 sessions" instead.
MAYBE_PLURAL = re.compile(r"[A-Za-z]\(s\)")


def test_no_message_writes_a_maybe_plural() -> None:
    found = [f"{path.relative_to(PACKAGE.parent)}:{line}: {text[:80]!r}"
             for path in modules() for line, text in _strings(path)
             if MAYBE_PLURAL.search(text)]
    assert found == [], "count the noun with kit.words.plural instead:\n" + "\n".join(found)
