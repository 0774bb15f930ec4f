"""Plan error messages: what is wrong, where (file, line, entry, field) and what is allowed.

One problem a line, ``source:line: entry (hero): field: message``, the line taken from the
YAML node the problem sits in.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

import yaml
from pydantic import BaseModel, ValidationError
from pydantic.fields import FieldInfo
from pydantic_core import ErrorDetails

from drawsteel_kit.kit.fields import one_line, show
from drawsteel_kit.kit.file_errors import (
    NOT_A_FIELD,
    TYPE_WORDS,
    choices,
    field_like,
    model_in,
    suggest,
)

__all__ = ["line_of", "node_count", "raw_names", "report", "report_validation"]

#: How many problems one message lists before it summarises the rest.
MAX_PROBLEMS_SHOWN = 30
SECTIONS = ("start", "followers", "spend", "shopping", "buy", "respites")

Loc = Sequence[str | int]




def node_count(root: yaml.Node, limit: int) -> int:
    """How many nodes ``root`` holds with aliases expanded, counted up to just past ``limit``.

    A node that contains itself (``&a [*a]``) expands without end: counted as ``limit + 1``.
    """
    sizes: dict[int, int] = {}
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    open_: set[int] = set()
    while stack:
        node, done = stack.pop()
        if id(node) in sizes:
            continue
        children = _children(node)
        if done:
            open_.discard(id(node))
            sizes[id(node)] = min(limit + 1, 1 + sum(sizes[id(c)] for c in children))
            continue
        if id(node) in open_:
            return limit + 1
        open_.add(id(node))
        stack.append((node, True))
        stack.extend((c, False) for c in children if id(c) not in sizes)
        if any(id(c) in open_ for c in children):
            return limit + 1
    return sizes[id(root)]


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [n for pair in node.value for n in pair]
    return []


def line_of(node: yaml.Node | None, loc: Loc) -> int | None:
    """The 1-based line of the deepest part of ``loc`` found in the YAML; None if none is."""
    line = None
    for part in loc:
        if isinstance(node, yaml.MappingNode):
            pair = next(((k, v) for k, v in node.value
                         if isinstance(k, yaml.ScalarNode) and k.value == str(part)), None)
            if pair is None:
                break
            line, node = pair[0].start_mark.line + 1, pair[1]
        elif isinstance(node, yaml.SequenceNode) and isinstance(part, int) \
                and 0 <= part < len(node.value):
            node = node.value[part]
            line = node.start_mark.line + 1
        else:
            break
    return line


def _where(loc: Loc, names: Mapping[tuple[str, int], str]) -> str:
    """``respites[1] (Bran Ironvein): activity.knowledge``."""
    parts: list[str] = []
    rest = list(loc)
    if len(rest) >= 2 and rest[0] in SECTIONS and isinstance(rest[1], int):
        name = names.get((str(rest[0]), rest[1]), "")
        parts.append(f"{rest[0]}[{rest[1]}]" + (f" ({one_line(name)})" if name else ""))
        rest = rest[2:]
    text = ""
    for part in rest:
        text += f"[{part}]" if isinstance(part, int) else ("." if text else "") + one_line(part)
    if text:
        parts.append(text)
    return ": ".join(parts)


def report(source: str, problems: Sequence[tuple[Loc, str]], node: yaml.Node | None,
           names: Mapping[tuple[str, int], str]) -> str:
    """The message of one PlanError: one problem a line, each with its place."""
    lines: list[str] = []
    for loc, message in problems:
        line = line_of(node, loc)
        head = f"{source}:{line}" if line is not None else source
        where = _where(loc, names)
        lines.append(f"{head}: {where}: {message}" if where else f"{head}: {message}")
    lines = list(dict.fromkeys(lines))
    if len(lines) > MAX_PROBLEMS_SHOWN:
        more = len(lines) - MAX_PROBLEMS_SHOWN
        lines = [*lines[:MAX_PROBLEMS_SHOWN], f"{source}: ... and {more} more problems"]
    return "\n".join(lines)


# --- pydantic errors in the Director's words -------------------------------------------------


def _printable(value: object) -> str:
    if not isinstance(value, str):
        return ""
    text = "".join(ch if ch.isprintable() else "?" for ch in value.strip())
    return text if len(text) <= 60 else text[:60] + "…"


def raw_names(data: object) -> dict[tuple[str, int], str]:
    """Entry names (the hero, or the follower) from unchecked plan data."""
    names: dict[tuple[str, int], str] = {}
    if not isinstance(data, dict):
        return names
    for section in SECTIONS:
        entries = data.get(section)
        if not isinstance(entries, list):
            continue
        for i, entry in enumerate(entries):
            if not isinstance(entry, dict):
                continue
            add = entry.get("add")
            found = [_printable(entry.get("hero")), _printable(entry.get("follower")),
                     _printable(add.get("name") if isinstance(add, dict) else None)]
            names[section, i] = " / ".join(n for n in found if n)
    return names





def _walk(
    root: type[BaseModel], loc: Loc, tags: Mapping[str, type[BaseModel] | None]
) -> tuple[type[BaseModel] | None, FieldInfo | None]:
    """The model holding the last field of ``loc``, and that field (None when unknown).

    ``loc`` still holds the union tags pydantic puts in it; ``tags`` says which model each
    tag stands for.
    """
    model: type[BaseModel] | None = root
    owner: type[BaseModel] | None = None
    info: FieldInfo | None = None
    for part in loc:
        if isinstance(part, str) and part in tags:
            model = tags[part]
            continue
        if isinstance(part, int):
            continue
        if model is None:
            return None, None
        owner, info = model, model.model_fields.get(str(part))
        model = model_in(info.annotation) if info else None
    return owner, info




def _explain(
    err: ErrorDetails, root: type[BaseModel], loc: Loc, tags: Mapping[str, type[BaseModel] | None]
) -> str:
    kind, got = err["type"], err.get("input")
    owner, info = _walk(root, err["loc"], tags)
    if kind == "missing":
        return f"is required: {info.description}" if info and info.description else "is required"
    if kind == "extra_forbidden":
        allowed = list(owner.model_fields) if owner is not None else []
        if not field_like(loc[-1]):
            return f"{NOT_A_FIELD} Allowed: {', '.join(allowed)}"
        return f"unknown field{suggest(loc[-1], allowed) or '.'} Allowed: {', '.join(allowed)}"
    if kind == "invalid_key":
        return f"field names must be text, got {show(got)}"
    if kind == "literal_error":
        allowed = choices(info.annotation) if info is not None and "[key]" not in loc else []
        if not allowed:  # a mapping's key: pydantic lists the choices as 'a', 'b' or 'c'
            allowed = re.findall(r"'([^']*)'", str(err.get("ctx", {}).get("expected", "")))
        return f"must be one of {', '.join(allowed)}, got {show(got)}{suggest(got, allowed)}"
    if kind in TYPE_WORDS:
        hint = " (put it in quotes)" if kind == "string_type" and isinstance(
            got, int | float | bool) else ""
        return f"must be {TYPE_WORDS[kind]}, got {show(got)}{hint}"
    return err["msg"].removeprefix("Value error, ")


def report_validation(
    source: str, exc: ValidationError, data: object, node: yaml.Node | None,
    root: type[BaseModel], tags: Mapping[str, type[BaseModel] | None],
) -> str:
    """A pydantic ValidationError as one PlanError message (``tags``: see :func:`_walk`)."""
    problems: list[tuple[Loc, str]] = []
    for err in exc.errors():
        loc = [part for part in err["loc"] if part not in tags]
        message = _explain(err, root, loc, tags)
        if "[key]" in loc[-1:] or (err["type"] == "extra_forbidden" and
                                   not field_like(loc[-1])):
            loc = loc[:-1]
        problems.append((loc, message))
    return report(source, problems, node, raw_names(data))
