"""Hidden names out of visible text, however they are written: the one redaction every
system, page, party export and ``history --as`` uses.

A Director writes a visible note as it comes ("duke vexmoor rides at dawn", "DUKE  VEXMOOR")
and a hidden NPC, project or encounter named in it must still not reach the players. So a
name is looked for in a *folded* form of both texts, where each character stands for what a
reader sees, not for its code points:

* compatibility forms are their plain letters (Unicode NFKD: fullwidth ``Ｄｕｋｅ``, the
  ligature ``ﬁ``, superscripts), and case is folded (``casefold``: ``ß`` is ``ss``);
* accents and other combining marks are left out, written composed or not (``é`` and
  ``e`` + U+0301 both read ``e``): a name with an accent added or dropped is still the name;
* format characters that print nothing (zero-width space, joiner and non-joiner, word
  joiner, soft hyphen, direction marks) are left out, wherever they are inserted;
* a run of any whitespace (spaces, tabs, line breaks, no-break and the other Unicode spaces)
  is one space, and every dash is ``-``.

A name is found only as a whole word: a letter or digit right before or after it (in a
script that puts spaces between words) means another word, so a hidden "Ren" leaves
"Renown" alone; a script written without spaces (Chinese, Japanese, Korean with its
particles, Thai ...) has no such boundary. Each match becomes :data:`HIDDEN`, whatever the
name's length or form, so neither shows through. Names the viewer may see (``shown``) win:
a hidden "Vexmoor" leaves a visible "Lady Vexmoor" whole, and a hidden name that is also a
visible one is no secret.

What this does not catch: look-alike letters of other scripts (Cyrillic ``а`` for Latin
``a``), a name split by punctuation ("Duke-Vexmoor", "D.u.k.e") or spelt otherwise.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable
from typing import Any

__all__ = ["HIDDEN", "Redactor", "fold"]

#: What visible text shows instead of a hidden name.
HIDDEN = "(hidden)"

#: Unicode categories folded away: combining marks and format characters (zero-width ...).
_DROPPED = frozenset({"Mn", "Me", "Cf"})
#: Scripts written without spaces between words start here (CJK radicals, kana, Hangul ...).
_UNSPACED_FROM = 0x2E80
#: Other scripts written without spaces: Thai, Lao, Tibetan, Myanmar, Khmer.
_UNSPACED = ((0x0E00, 0x0FFF), (0x1000, 0x109F), (0x1780, 0x17FF))
#: ASCII whitespace as ``str.isspace`` has it.
_ASCII_SPACE = "[\t\n\x0b\x0c\r\x1c-\x1f ]+"


@functools.lru_cache(maxsize=8192)
def _fold_char(ch: str) -> str:
    """One character as :func:`fold` reads it (several letters for a ligature, none for a
    mark or a zero-width character)."""
    if ch.isspace():
        return " "
    if unicodedata.category(ch) in _DROPPED:
        return ""
    out = []
    for c in unicodedata.normalize("NFKD", unicodedata.normalize("NFKD", ch).casefold()):
        kind = unicodedata.category(c)
        if kind in _DROPPED:
            continue
        out.append(" " if c.isspace() else "-" if kind == "Pd" else c)
    return "".join(out)


def _folded(text: str) -> tuple[str, list[int]]:
    """``text`` folded, and for each folded character the index of the one it came from."""
    chars: list[str] = []
    origin: list[int] = []
    for i, ch in enumerate(text):
        for c in _fold_char(ch):
            if c == " " and chars and chars[-1] == " ":
                continue
            chars.append(c)
            origin.append(i)
    return "".join(chars), origin


def fold(text: str) -> str:
    """``text`` as names are compared: see the module's docstring. (ASCII text folds to its
    lower case with runs of white space made one space: the same, without the per-character
    work a ledger's thousands of names would cost each page.)"""
    if text.isascii():
        return " ".join(text.lower().split())
    return _folded(text)[0].strip(" ")


def _spaced_letter(ch: str) -> bool:
    """A letter or digit of a script that puts spaces between words."""
    if not ch.isalnum():
        return False
    code = ord(ch)
    return code < _UNSPACED_FROM and not any(lo <= code <= hi for lo, hi in _UNSPACED)


def _piece(c: str) -> str:
    return _ASCII_SPACE if c == " " else re.escape(c)


class Redactor:
    """Blanks ``secrets`` out of texts, leaving ``shown`` names (the viewer's) whole."""

    def __init__(self, secrets: Iterable[str], shown: Iterable[str] = ()) -> None:
        kept = {fold(n) for n in shown if isinstance(n, str)} - {""}
        hidden = {fold(n) for n in secrets if isinstance(n, str)} - {""} - kept
        # a shown name matters only where a hidden one is part of it
        kept = {k for k in kept if any(h in k for h in hidden)}
        #: folded name -> whether it is a secret (else a shown name, left as written)
        self._names = {**{k: False for k in kept}, **{h: True for h in hidden}}
        self._longest = sorted(self._names, key=len, reverse=True)
        ascii_names = [n for n in self._longest if n.isascii()]
        self._ascii = re.compile("|".join(
            ("(?<![A-Za-z0-9])" if n[0].isalnum() else "")
            + "".join(_piece(c) for c in n)
            + ("(?![A-Za-z0-9])" if n[-1].isalnum() else "")
            for n in ascii_names), re.IGNORECASE | re.ASCII) if ascii_names else None

    def __bool__(self) -> bool:
        return any(self._names.values())

    def _spans(self, text: str) -> list[tuple[int, int, bool]]:
        """(start, end, secret) of each name found, leftmost first, longest at a place."""
        if text.isascii():
            if self._ascii is None:
                return []
            return [(m.start(), m.end(),
                     self._names[" ".join(m.group().lower().split())])
                    for m in self._ascii.finditer(text)]
        folded, origin = _folded(text)
        found: list[tuple[int, int, bool]] = []
        for name in self._longest:
            at = folded.find(name)
            while at >= 0:
                stop = at + len(name)
                if not ((_spaced_letter(name[0]) and at > 0
                         and _spaced_letter(folded[at - 1]))
                        or (_spaced_letter(name[-1]) and stop < len(folded)
                            and _spaced_letter(folded[stop]))):
                    start, end = origin[at], origin[stop - 1] + 1
                    while end < len(text) and not _fold_char(text[end]):
                        end += 1  # the marks and zero-width characters on its last letter
                    found.append((start, end, self._names[name]))
                at = folded.find(name, at + 1)
        found.sort(key=lambda s: (s[0], s[0] - s[1]))
        chosen: list[tuple[int, int, bool]] = []
        for span in found:
            if not chosen or span[0] >= chosen[-1][1]:
                chosen.append(span)
        return chosen

    def text(self, text: str) -> str:
        """``text`` with each hidden name as :data:`HIDDEN`."""
        if not self or not isinstance(text, str):
            return text
        out, done = [], 0
        for start, end, secret in self._spans(text):
            if secret:
                out += [text[done:start], HIDDEN]
                done = end
        return "".join(out) + text[done:] if out else text

    def value(self, value: Any) -> Any:
        """A JSON value with every string in it (keys too) redacted."""
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, list):
            return [self.value(v) for v in value]
        if isinstance(value, dict):
            return {self.text(k) if isinstance(k, str) else k: self.value(v)
                    for k, v in value.items()}
        return value

    def __call__(self, text: str) -> str:
        return self.text(text)
