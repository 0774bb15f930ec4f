"""Sanity bounds every system's rules share: the numbers and names a table could mean.

These are not rules of any system: they keep typos (a number 20 digits long, a name with a
control character pasted in) out of the books with a clear error, the way the Draw Steel
rules do (``rules.projects.MAX_WHOLE``). SQLite cannot store 2**63 or more, so an unbounded
number would fail deep in the ledger instead.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

#: Ours: the largest whole number (of either sign) any system's sheet keeps (the same bound as
#: Draw Steel's ``rules.projects.MAX_WHOLE``).
WHOLE_LIMIT = 1_000_000
#: Ours: the longest name or short text (a combatant, an effect, an encounter, a battle).
TEXT_LIMIT = 200
#: Characters a one-line name never holds: control characters and lone surrogates.
_BAD_CATEGORIES = frozenset({"Cc", "Cs"})
#: ... and in a name, Unicode's line and paragraph separators and its invisible format
#: characters too (Cf: bidi overrides U+202A-202E and U+2066-2069, zero-width U+200B-200D,
#: U+2060, U+FEFF, the soft hyphen): with them two names that look alike are different text,
#: and a right-to-left override makes a name read backwards.
_ONE_LINE_BAD = _BAD_CATEGORIES | {"Zl", "Zp", "Cf"}


def whole_problem(value: int) -> str | None:
    """What is wrong with a whole number beyond :data:`WHOLE_LIMIT`, or None."""
    if abs(value) > WHOLE_LIMIT:
        return (f"must be at most {WHOLE_LIMIT:,} either way (a larger number is a typo), "
                f"got a number {len(str(abs(value)))} digits long")
    return None


def text_problem(value: str, *, lines: bool = False) -> str | None:
    """What is wrong with a name or short text beyond its emptiness, or None: too long, or a
    control character (``lines``: tabs and line breaks are allowed, as in a note)."""
    if len(value) > TEXT_LIMIT:
        return f"must be at most {TEXT_LIMIT} characters, got {len(value)}"
    return control_problem(value, lines=lines)


def name_key(name: str) -> str:
    """The form in which two names are the same name: compatibility-normalised (NFKC) and
    case-folded, so "Val", "VAL", a decomposed "Vál" and a full-width "Ｖａｌ" each have one
    key."""
    once = unicodedata.normalize("NFKC", name)
    return unicodedata.normalize("NFKC", once.casefold())


def folded(name: str) -> str:
    """:func:`name_key` with runs of spaces as one: how a typed name is compared."""
    return " ".join(name_key(name).split())


def close_name(name: object, known: Iterable[str]) -> str | None:
    """The one of ``known`` closest to ``name`` when one is close (a typo: "Vla" for "Val"),
    compared as :func:`name_key` compares names; None when none is, or ``name`` is not text."""
    if not isinstance(name, str) or not name.strip():
        return None
    keys: dict[str, str] = {}
    for have in known:
        keys.setdefault(name_key(have.strip()), have)
    import difflib  # lazy: only a name that is not there needs it

    found = difflib.get_close_matches(name_key(name.strip()), list(keys), n=1, cutoff=0.6)
    return keys[found[0]] if found else None


#: The shortest start of a name that finds it when no name is typed whole ("Kor" for
#: "Korrin Stonefist"); a whole first word of any length finds it too.
SHORTEST_PREFIX = 3


def names_starting(name: object, known: Iterable[str]) -> list[str]:
    """The names of ``known`` that ``name`` starts (compared as :func:`name_key` compares
    names, runs of spaces as one): "Korrin" or "Kor" for "Korrin Stonefist". Empty when
    ``name`` is shorter than :data:`SHORTEST_PREFIX` and not a whole first word. Several
    names mean ``name`` is ambiguous: say which."""
    if not isinstance(name, str):
        return []
    key = folded(name)
    if not key:
        return []
    found = []
    for have in known:
        full = folded(have)
        if full.startswith(key) and (len(key) >= SHORTEST_PREFIX
                                     or full[len(key):len(key) + 1] in ("", " ")):
            found.append(have)
    return found


def names_meant(name: object, known: Iterable[str]) -> list[str]:
    """The names of ``known`` that ``name`` means, each once: the one it is (as
    :func:`name_key` compares names, runs of spaces as one), else those it starts
    (:func:`names_starting`). One name found it; several: ``name`` is ambiguous, say which
    (:func:`one_of`); none: it is not there (:func:`did_you_mean`). Heroes, projects,
    followers and items are all found this way."""
    if not isinstance(name, str):
        return []
    key = folded(name)
    unique: dict[str, str] = {}
    for have in known:
        unique.setdefault(folded(have), have)
    if key in unique:
        return [unique[key]]
    return names_starting(name, unique.values())


def one_of(found: list[str]) -> str:
    """``'A', 'B' or 'C'``: the names an ambiguous name could mean."""
    quoted = [repr(n) for n in found]
    return quoted[0] if len(quoted) == 1 else f"{', '.join(quoted[:-1])} or {quoted[-1]}"


def did_you_mean(name: object, known: Iterable[str]) -> str:
    """``"; did you mean 'Val'?"`` when a name of ``known`` is close to ``name``, else ``""``:
    the end of a one-line "no such name" error, after the list of names there are."""
    close = close_name(name, known)
    return f"; did you mean {close!r}?" if close is not None else ""


#: Alphabets whose letters look alike ("A" in Latin, Greek and Cyrillic): a name mixing them
#: can look like another name while being other text (Unicode's confusable scripts, UTS #39).
LOOKALIKE_SCRIPTS = ("LATIN", "GREEK", "CYRILLIC")


def mixed_scripts(value: str) -> tuple[str, ...]:
    """The look-alike alphabets ``value``'s letters come from, when more than one."""
    found = {unicodedata.name(ch, "").split(" ", 1)[0] for ch in value
             if unicodedata.category(ch).startswith("L")}
    mixed = tuple(s for s in LOOKALIKE_SCRIPTS if s in found)
    return mixed if len(mixed) > 1 else ()


def same_name(a: object, b: object) -> bool:
    """Whether two names are one name (:func:`name_key`), surrounding spaces ignored."""
    return isinstance(a, str) and isinstance(b, str) and name_key(a.strip()) == name_key(b.strip())


def first_control(value: str, *, lines: bool = True) -> str | None:
    """The first character a text never holds, or None: a control character or a lone
    surrogate; ``lines``: tab, line feed and carriage return are allowed (a note), else Unicode's
    line and paragraph separators and invisible format characters (bidi overrides, zero-width
    characters) are refused too (a name is one line and reads as it looks)."""
    allowed, bad = ("\t\n\r", _BAD_CATEGORIES) if lines else ("", _ONE_LINE_BAD)
    return next((ch for ch in value if ch not in allowed and unicodedata.category(ch) in bad),
                None)


def control_problem(value: str, *, lines: bool = True) -> str | None:
    """What :func:`first_control` finds, as the end of an error message, or None. Such
    characters do not survive a round trip through YAML, and no one types them on purpose."""
    bad = first_control(value, lines=lines)
    if bad is not None:
        return f"must not contain {character_kind(bad)}, found {character_code(bad)}"
    mixed = () if lines else mixed_scripts(value)
    if mixed:
        return (f"mixes {' and '.join(m.title() for m in mixed)} letters, which look alike: "
                "type it in one alphabet")
    return None


def character_kind(ch: str) -> str:
    """What kind of refused character ``ch`` is, in words a Director knows."""
    category = unicodedata.category(ch)
    if category == "Cf":
        return "invisible formatting characters (right-to-left overrides, zero-width spaces)"
    if category in ("Zl", "Zp"):
        return "line breaks"
    return "control characters"


def character_code(ch: str) -> str:
    """``U+202E (RIGHT-TO-LEFT OVERRIDE)``: the code and, when Unicode has one, the name."""
    name = unicodedata.name(ch, "")
    return f"U+{ord(ch):04X}" + (f" ({name})" if name else "")


def check_whole(what: str, value: object, *, low: int | None = None,
                error: type[Exception]) -> int:
    """A whole number (not a bool), at least ``low`` when given, within :data:`WHOLE_LIMIT`;
    else ``error`` naming ``what``."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise error(f"{what} must be a whole number, got {shown(value)}")
    if low is not None and value < low:
        raise error(f"{what} must be {low} or more, got {value}")
    problem = whole_problem(value)
    if problem:
        raise error(f"{what} {problem}")
    return value


def check_name(what: str, value: object, *, error: type[Exception]) -> str:
    """A name: non-empty text without surrounding spaces, within :data:`TEXT_LIMIT`, with no
    control or invisible character; else ``error`` naming ``what``. Returned NFC-normalised,
    so a name typed composed or decomposed is stored one way."""
    if not isinstance(value, str) or not value.strip() or value != value.strip():
        raise error(f"{what} must be non-empty text without leading/trailing spaces, "
                    f"got {shown(value)}")
    problem = text_problem(value)
    if problem:
        raise error(f"{what} {problem}")
    return unicodedata.normalize("NFC", value)


def shown(value: object, width: int = 40) -> str:
    """``repr(value)`` cut to ``width`` characters, for an error message."""
    text = repr(value)
    return text if len(text) <= width else text[: width - 1] + "…"
