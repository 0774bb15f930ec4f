"""Turning what is wrong with ``campaign.yaml`` into one message a Director can act on.

Validation errors become lines of ``file: section[i] (name): field: what is wrong and what is
allowed``; YAML that cannot be read becomes ``file: YAML error at line L, column C: ...``.
"""

from __future__ import annotations

import os
import unicodedata
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal, get_args, get_origin

import yaml
from pydantic import BaseModel, ValidationError
from pydantic.fields import FieldInfo
from pydantic_core import ErrorDetails, PydanticCustomError

from drawsteel_kit.kit.errors import CampaignFileError
from drawsteel_kit.kit.fields import HERO_NAME_MAX, one_line, show
from drawsteel_kit.kit.json_numbers import PLAIN_KEY
from drawsteel_kit.kit.limits import name_key
from drawsteel_kit.kit.user_files import read_user_file
from drawsteel_kit.kit.yaml_read import UniqueKeyLoader, quick_yaml

__all__ = [
    "LOCATED_PROBLEMS",
    "MAX_PROBLEMS_SHOWN",
    "NAMED_SECTIONS",
    "TYPE_WORDS",
    "Problem",
    "UniqueKeyLoader",
    "choices",
    "field_like",
    "foreign_file",
    "located",
    "model_in",
    "name_clashes",
    "quick_yaml",
    "read_text",
    "report",
    "suggest",
    "where",
    "yaml_problem",
]

#: How many problems one error message lists before it summarises the rest.
MAX_PROBLEMS_SHOWN = 30
#: Lists whose entries are named by their ``name`` in messages: ``heroes[2] (Yorn)``.
NAMED_SECTIONS = ("heroes", "custom_projects", "characters", "foes")
#: The error type a validator raises to report several problems, each at its own location:
#: its context holds ``problems``, a list of (location, message).
LOCATED_PROBLEMS = "party_problems"

Problem = tuple[tuple[str | int, ...], str]
#: The message for an unknown key that does not look like a field name.
NOT_A_FIELD = "holds a key that is not a field name (not shown): remove it."


def field_like(key: object) -> bool:
    """Whether an unknown key looks like a field's name (a word), and so may be shown: a
    key of any other shape is not, so a file that is not ours (a password file) is never
    printed back a line at a time."""
    return isinstance(key, str) and PLAIN_KEY.fullmatch(key) is not None


def foreign_file(source: str, data: object, fields: Sequence[str], what: str,
                 hint: str) -> str | None:
    """One line refusing a mapping none of whose keys is one of ``fields``: not ``what``
    (nothing of it is shown); None when it is one."""
    if not isinstance(data, dict) or not data or any(
            isinstance(k, str) and k in fields for k in data):
        return None
    return (f"{source}: is not {what}: none of its top-level keys is one of its fields "
            f"({', '.join(fields)}), so nothing of it is shown; {hint}")


def model_in(annotation: Any) -> type[BaseModel] | None:
    """The model class inside an annotation such as ``list[HeroSpec]`` or ``Stronghold | None``."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in get_args(annotation):
        found = model_in(arg)
        if found is not None:
            return found
    return None


def _keys(model: type[BaseModel]) -> dict[str, FieldInfo]:
    return {info.alias or name: info for name, info in model.model_fields.items()}


def _walk(
    root: type[BaseModel], loc: Sequence[str | int]
) -> tuple[type[BaseModel] | None, FieldInfo | None]:
    """The model that holds the last field of ``loc``, and that field (None when unknown)."""
    model: type[BaseModel] | None = root
    owner: type[BaseModel] | None = None
    info: FieldInfo | None = None
    for part in loc:
        if isinstance(part, int):
            continue
        if model is None:
            return None, None
        owner, info = model, _keys(model).get(part)
        model = model_in(info.annotation) if info else None
    return owner, info


def choices(annotation: Any) -> list[str]:
    if get_origin(annotation) is Literal:
        return [str(a) for a in get_args(annotation)]
    return [c for arg in get_args(annotation) for c in choices(arg)]


def suggest(got: object, allowed: list[str]) -> str:
    import difflib  # lazy: only a name that is not there needs it

    close = difflib.get_close_matches(got, allowed, n=1) if isinstance(got, str) else []
    return f"; did you mean {close[0]!r}?" if close else ""


TYPE_WORDS = {
    "int_type": "a whole number",
    "bool_type": "true or false",
    "string_type": "text",
    "list_type": "a list (one `- item` line each)",
    "dict_type": "a mapping (`key: value` lines)",
    "model_type": "a mapping (`key: value` lines)",
    "model_attributes_type": "a mapping (`key: value` lines)",
}


def _explain(root: type[BaseModel], err: ErrorDetails) -> str:
    """What is wrong and what is allowed, for one pydantic error."""
    kind, loc, got = err["type"], err["loc"], err.get("input")
    owner, info = _walk(root, loc)
    if kind == "missing":
        described = info.description if info is not None else None
        return f"is required: {described}" if described else "is required"
    if kind == "extra_forbidden":
        allowed = list(_keys(owner)) if owner is not None else []
        if not field_like(loc[-1]):
            return f"{NOT_A_FIELD} Allowed: {', '.join(allowed)}"
        return f"unknown field{suggest(loc[-1], allowed) or '.'} Allowed: {', '.join(allowed)}"
    if kind == "invalid_key":
        return f"field names must be text, got {show(got)}"
    if kind == "literal_error" and info is not None:
        allowed = choices(info.annotation)
        return f"must be one of {', '.join(allowed)}, got {show(got)}{suggest(got, allowed)}"
    if kind in TYPE_WORDS:
        hint = (
            " (put it in quotes)"
            if kind == "string_type" and not isinstance(got, list | dict | type(None))
            else ""
        )
        return f"must be {TYPE_WORDS[kind]}, got {show(got)}{hint}"
    if kind == "too_short" and loc == ("heroes",):
        return "needs at least one hero"
    return err["msg"].removeprefix("Value error, ")


def where(loc: Sequence[str | int], data: object) -> str:
    """``heroes[2] (Yorn): characteristics.might`` for a location in the file."""
    parts: list[str] = []
    rest = list(loc)
    if len(rest) >= 2 and rest[0] in NAMED_SECTIONS and isinstance(rest[1], int):
        section, i = str(rest[0]), rest[1]
        name = _entry_name(data, section, i)
        parts.append(f"{section}[{i}]" + (f" ({one_line(name)})" if name else ""))
        rest = rest[2:]
    field = ""
    for part in rest:
        field += f"[{part}]" if isinstance(part, int) else ("." if field else "") + one_line(part)
    if field:
        parts.append(field)
    return ": ".join(parts)


def _entry_name(data: object, section: str, i: int) -> str:
    entries = data.get(section) if isinstance(data, dict) else None
    entry = entries[i] if isinstance(entries, list) and 0 <= i < len(entries) else None
    name = entry.get("name") if isinstance(entry, dict) else None
    if not isinstance(name, str):
        return ""
    name = "".join(ch if ch.isprintable() else "?"
                   for ch in unicodedata.normalize("NFC", name.strip()))
    return name if len(name) <= HERO_NAME_MAX else name[:HERO_NAME_MAX] + "…"


def located(problems: list[Problem]) -> PydanticCustomError:
    """One error that :func:`report` unpacks into a line per problem, each at its location."""
    summary = "; ".join(f"{where(loc, None)}: {message}" for loc, message in problems)
    return PydanticCustomError(
        LOCATED_PROBLEMS, "{summary}", {"summary": summary, "problems": problems}
    )


def name_clashes(section: str, names: Sequence[str], noun: str) -> list[Problem]:
    """A problem for each entry of ``section`` whose name an earlier entry has (case and how
    accents are encoded ignored: :func:`~drawsteel_kit.kit.limits.name_key`), naming both."""
    first_seen: dict[str, int] = {}
    problems: list[Problem] = []
    for i, name in enumerate(names):
        key = name_key(name)
        if key in first_seen:
            earlier = names[first_seen[key]]
            problems.append(
                (
                    (section, i, "name"),
                    f"{name!r} is already the name of {section}[{first_seen[key]}] "
                    f"({earlier}); {noun} names must differ (case is ignored)",
                )
            )
        first_seen.setdefault(key, i)
    return problems


def report(source: str, exc: ValidationError, data: object, root: type[BaseModel]) -> str:
    """Every problem of ``exc`` (validating ``data`` as ``root``), one a line, file first."""
    problems: list[tuple[Sequence[str | int], str]] = []
    for err in exc.errors():
        if err["type"] == LOCATED_PROBLEMS:
            problems.extend(err.get("ctx", {})["problems"])
        else:
            hidden = err["type"] == "invalid_key" or (
                err["type"] == "extra_forbidden" and not field_like(err["loc"][-1]))
            at = err["loc"][:-1] if hidden else err["loc"]
            problems.append((at, _explain(root, err)))
    lines = list(
        dict.fromkeys(
            f"{source}: {place}: {message}"
            if (place := where(loc, data))
            else f"{source}: {message}"
            for loc, message in problems
        )
    )
    if len(lines) > MAX_PROBLEMS_SHOWN:
        more = len(lines) - MAX_PROBLEMS_SHOWN
        lines = [*lines[:MAX_PROBLEMS_SHOWN], f"{source}: ... and {more} more problems"]
    return "\n".join(lines)


def read_text(path: str | os.PathLike[str], inside: str) -> str:
    """The text of a file the Director wrote; CampaignFileError says why it cannot be read
    (a pipe, a device, or a link out of its campaign folder is refused unread).
    ``inside`` is the file name to suggest when ``path`` is a folder."""
    source, file = os.fspath(path), Path(path)
    if file.is_dir():
        hint = f"; did you mean {file / inside}?" if (file / inside).is_file() else ""
        raise CampaignFileError(f"{source}: is a folder, not a campaign file{hint}")
    raw = read_user_file(
        file, what="a campaign file", error=CampaignFileError, campaign=file.parent,
        missing="no such file; create a campaign with `drawsteel-kit new`")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise CampaignFileError(
            f"{source}: is not UTF-8 text (byte 0x{raw[exc.start]:02x} on line {line}); "
            "save it as UTF-8"
        ) from None


# --- YAML ---------------------------------------------------------------------------------------


def yaml_problem(source: str, exc: yaml.YAMLError, text: str) -> str:
    """Where and why YAML could not read ``text``."""
    if isinstance(exc, yaml.reader.ReaderError):  # a character YAML does not allow, such as NUL
        line = text.count("\n", 0, exc.position) + 1
        column = exc.position - (text.rfind("\n", 0, exc.position) + 1) + 1
        code = exc.character if isinstance(exc.character, int) else ord(exc.character)
        return (
            f"{source}: YAML error at line {line}, column {column}: "
            f"the character U+{code:04X} is not allowed in a YAML file"
        )
    if isinstance(exc, yaml.MarkedYAMLError) and exc.problem_mark is not None:
        mark = exc.problem_mark
        what = exc.problem or "cannot be read"
        if exc.context:
            what += f" ({exc.context}"
            what += f" at line {exc.context_mark.line + 1})" if exc.context_mark else ")"
        if "'\\t'" in what:
            what += "; indent with spaces, not tabs"
        at = f"line {mark.line + 1}, column {mark.column + 1}"
        kind = (
            "YAML error"
            if isinstance(exc, yaml.constructor.ConstructorError)
            else "YAML syntax error"
        )
        return f"{source}: {kind} at {at}: {what}"
    return f"{source}: YAML error: {exc}"
