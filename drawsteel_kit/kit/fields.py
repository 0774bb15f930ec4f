"""Field types for ``campaign.yaml`` whose errors a Director can act on.

Each validator raises a ``PydanticCustomError`` whose message states what is allowed;
:mod:`drawsteel_kit.kit.file_errors` puts the file, hero and field in front of it.
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Iterable
from typing import Annotated

from pydantic import AfterValidator, ConfigDict, TypeAdapter
from pydantic_core import PydanticCustomError

from drawsteel_kit.kit.limits import (
    character_code,
    character_kind,
    first_control,
    mixed_scripts,
    name_key,
)

__all__ = [
    "CAMPAIGN_NAME_MAX",
    "CHARACTERISTIC_MAX",
    "CHARACTERISTIC_MIN",
    "COUNT_LIMIT",
    "HERO_NAME_MAX",
    "LABEL_MAX",
    "PROSE_MAX",
    "STRICT",
    "Count",
    "FreeText",
    "Label",
    "OptionalLabel",
    "Prose",
    "Score",
    "label",
    "no_duplicates",
    "one_of",
    "show",
    "within",
]

#: Characteristic scores run from -5 to 5 in Draw Steel.
CHARACTERISTIC_MIN, CHARACTERISTIC_MAX = -5, 5
#: Ours: a cap on XP, victories, renown, wealth and project points, far above play and well
#: inside what the SQLite ledger can store.
COUNT_LIMIT = 999_999
#: Our own length limits for names and labels (they end up in tables and folder names).
HERO_NAME_MAX = 60
CAMPAIGN_NAME_MAX = 80
LABEL_MAX = 60
#: Every model of the file is frozen, allows no unknown field and converts nothing quietly
#: (strict: a file that says `level: "3"` or `wealth: true` is wrong, not quietly converted).
STRICT = ConfigDict(extra="forbid", frozen=True, strict=True)
#: Ours: one line of description, such as a custom project's prerequisite or source.
PROSE_MAX = 200


def show(value: object) -> str:
    """A short, safe rendering of a value from the file (huge ints and long text are cut)."""
    if value is None:
        return "an empty value"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        if value.bit_length() > 64:
            return f"a number {int(value.bit_length() * 0.30103) + 1} digits long"
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        return repr(value if len(value) <= 40 else value[:40] + "…")
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, bytes):
        return "binary data"
    text = str(value)
    return text if len(text) <= 40 else text[:40] + "…"


def within(low: int, high: int | None = None) -> AfterValidator:
    """A bound on a whole number whose error states the whole allowed range."""
    span = f"from {low} to {high}" if high is not None else f"{low} or more"

    def check(value: int) -> int:
        if value < low or (high is not None and value > high):
            raise PydanticCustomError(
                "out_of_range", "must be {span}, got {got}", {"span": span, "got": show(value)}
            )
        return value

    return AfterValidator(check)


def label(limit: int, *, blank_ok: bool = False) -> AfterValidator:
    """One line of text: NFC-normalised, stripped, no control characters, at most ``limit`` long."""

    def check(value: str) -> str:
        value = unicodedata.normalize("NFC", value).strip()
        if not value and blank_ok:
            return value
        if not any(unicodedata.category(ch)[0] in "LNPS" for ch in value):
            raise PydanticCustomError("blank", "must not be blank")
        bad = first_control(value, lines=False)
        if bad is not None:
            raise PydanticCustomError(
                "bad_character",
                "must be one line without {kind}, found {code}",
                {"kind": character_kind(bad), "code": character_code(bad)},
            )
        mixed = mixed_scripts(value)
        if mixed:
            raise PydanticCustomError(
                "mixed_scripts", "mixes {alphabets} letters, which look alike: type it in one "
                "alphabet", {"alphabets": " and ".join(m.title() for m in mixed)})
        if len(value) > limit:
            raise PydanticCustomError(
                "too_long",
                "must be at most {limit} characters, got {length}",
                {"limit": limit, "length": len(value)},
            )
        return value

    return AfterValidator(check)


def one_line(value: object) -> str:
    """A key or name from a file as it reads, or quoted when it holds a line break or other
    unprintable character, so a one-problem-a-line message stays one line."""
    text = str(value)
    return text if text.isprintable() else repr(text)


@functools.cache
def _label_reader() -> TypeAdapter[str]:
    """:data:`Label`'s validator, built once per process (building one costs milliseconds)."""
    return TypeAdapter(Label)


def check_label(value: object, what: str) -> str:
    """``value`` read as campaign.yaml reads a name (a :data:`Label`), or RulesError saying
    what is wrong: what an operation stores on a hero must pass the file's own checks."""
    from pydantic import ValidationError

    from drawsteel_kit.kit.errors import RulesError

    if not isinstance(value, str):
        raise RulesError(f"{what} must be text, got {show(value)}")
    try:
        return str(_label_reader().validate_python(value))
    except ValidationError as exc:
        raise RulesError(f"{what} {exc.errors()[0]['msg']}: {show(value)}") from None


def _free_text(value: str) -> str:
    """Notes may span lines and hold tabs, but no other control characters (they do not survive
    a round trip through YAML, and no Director means them)."""
    bad = first_control(value)
    if bad is not None:
        raise PydanticCustomError(
            "bad_character",
            "must not contain control characters, found U+{code}",
            {"code": f"{ord(bad):04X}"},
        )
    return value


def no_duplicates(values: list[str]) -> list[str]:
    """No entry twice, ignoring case and how accents are encoded (:func:`name_key`)."""
    seen: dict[str, int] = {}
    for i, value in enumerate(values):
        key = name_key(value)
        if key in seen:
            raise PydanticCustomError(
                "duplicate_entry",
                "lists {value} twice (entries [{first}] and [{second}]; case is ignored)",
                {"value": show(value), "first": seen[key], "second": i},
            )
        seen[key] = i
    return values


def one_of(allowed: Iterable[str]) -> AfterValidator:
    """Text that must be one of ``allowed`` (for choices too many to list as a Literal)."""
    choices = tuple(allowed)

    def check(value: str) -> str:
        if value not in choices:
            raise PydanticCustomError(
                "not_allowed",
                "must be one of {allowed}, got {got}",
                {"allowed": ", ".join(choices), "got": show(value)},
            )
        return value

    return AfterValidator(check)



Score = Annotated[int, within(CHARACTERISTIC_MIN, CHARACTERISTIC_MAX)]
Count = Annotated[int, within(0, COUNT_LIMIT)]
Label = Annotated[str, label(LABEL_MAX)]
OptionalLabel = Annotated[str, label(LABEL_MAX, blank_ok=True)]
Prose = Annotated[str, label(PROSE_MAX, blank_ok=True)]
FreeText = Annotated[str, AfterValidator(_free_text)]
