"""Reading YAML a Director wrote: quickly (libyaml) where that reads it as the pure-Python
parser does, else with the pure parser, whose messages, lines and columns are the ones shown.

The pure parser here is PyYAML's, with a scanner that is linear in the nesting (PyYAML's takes
seconds to refuse a few thousand ``[``) and otherwise the same, token for token and error for
error (tests/kit/test_quick_yaml.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import yaml

__all__ = ["QUICK_DEPTH", "SafeLoader", "UniqueKeyLoader", "quick_yaml"]


class _LinearKeys(yaml.scanner.Scanner):
    """PyYAML's scanner, except it looks at a pending simple key only when it must.

    PyYAML looks at every pending simple key (one per open ``[`` or ``{``) on every token.
    They are kept in the order they were saved (a key saved again is removed first), which is
    the order of their token numbers, lines and places: the next key is the first, and the
    stale keys (another line, or more than 1024 characters back) are the first few. The
    answers, and the error raised (the first stale key that was required), are PyYAML's."""

    def next_possible_simple_key(self) -> int | None:
        for key in self.possible_simple_keys.values():
            return int(key.token_number)
        return None

    def stale_possible_simple_keys(self) -> None:
        keys = self.possible_simple_keys
        while keys:
            level, key = next(iter(keys.items()))
            if key.line == self.line and self.index - key.index <= 1024:
                return
            if key.required:
                raise yaml.scanner.ScannerError("while scanning a simple key", key.mark,
                                                "could not find expected ':'", self.get_mark())
            del keys[level]


class SafeLoader(_LinearKeys, yaml.SafeLoader):
    """``yaml.SafeLoader`` with the linear scanner: ``yaml.load(text, Loader=SafeLoader)`` is
    ``yaml.safe_load(text)``, without its seconds on deeply nested text."""


class _UniqueKeys(yaml.constructor.SafeConstructor):
    """``yaml.safe_load``'s constructor, except a key written twice in one mapping is an error."""

    def construct_object(self, node: yaml.Node, deep: bool = False) -> Any:
        try:
            return super().construct_object(node, deep=deep)
        except (ValueError, OverflowError) as exc:  # a 5000-digit number, a 31st of February
            from drawsteel_kit.kit.fields import show  # lazy: it imports pydantic
            reason = "a number too long to read" if "digits" in str(exc) else str(exc)
            value = show(node.value) if isinstance(node.value, str) else "a value"
            raise yaml.constructor.ConstructorError(
                None, None, f"cannot read {value}: {reason}", node.start_mark
            ) from None

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: set[Any] = set()
        for key_node, _ in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                continue
            key = self.construct_object(key_node, deep=True)
            try:
                twice = key in seen
                seen.add(key)
            except TypeError:  # unhashable: the base class reports it
                continue
            if twice:
                from drawsteel_kit.kit.fields import show
                raise yaml.constructor.ConstructorError(
                    "while reading a mapping",
                    node.start_mark,
                    f"found the key {show(key)} twice",
                    key_node.start_mark,
                )
        return super().construct_mapping(node, deep=deep)


class UniqueKeyLoader(_UniqueKeys, SafeLoader):
    """``yaml.safe_load``'s loader (pure Python: its messages and marks are the ones shown),
    except a key written twice in one mapping is an error."""


#: The same loader on libyaml (PyYAML's C parser, six times quicker), when PyYAML has it.
_QuickLoader: type[Any] | None = (
    type("_QuickLoader", (_UniqueKeys, yaml.CSafeLoader), {})
    if hasattr(yaml, "CSafeLoader") else None
)
#: Deeper than this, a document is left to the pure parser (see ``_read_alike``).
QUICK_DEPTH = 40
#: What the two parsers read differently: a byte-order mark after the start (libyaml drops it),
#: a tag (an empty ``!`` value is null to one, "" to the other), a tab and a comment with no
#: space after a ``|`` or ``>`` (libyaml takes some the pure parser refuses). Such text is left
#: to the pure parser whole.
_NOT_QUICK = re.compile(r"[\t\ufeff]|(?:^|[^\w.])!|[|>][-+0-9]*#")


def quick_yaml(text: str, check: Callable[[yaml.Node], object] | None = None,
               ) -> tuple[Any, yaml.Node | None] | None:
    """``text`` read by libyaml (the data, and the document's node), or None when the pure
    parser must read it: no libyaml, text the two read differently, nesting past
    QUICK_DEPTH, or anything libyaml or the constructor refuses (the pure parser's message,
    with its line and column, is the one a Director sees; so is a refusal of ``check``, run
    on the node before it is built into data). Where it answers, the data and
    every node's tag, value, line and column are the pure parser's
    (tests/kit/test_quick_yaml.py)."""
    if _QuickLoader is None or _NOT_QUICK.search(text):
        return None
    loader = None
    try:
        loader = _QuickLoader(text)
        node = loader.get_single_node()
        if node is not None and not _read_alike(node):
            return None
        if node is not None and check is not None:
            check(node)
        return (loader.construct_document(node) if node is not None else None), node
    except Exception:  # text libyaml refuses (or cannot take) is worded by the pure parser
        return None
    finally:
        if loader is not None:
            loader.dispose()


def _read_alike(root: yaml.Node) -> bool:
    """Would the pure parser build the same nodes? Not past QUICK_DEPTH (it may give up where
    libyaml reads on), nor with an empty value (libyaml marks it where the next one starts,
    the pure parser where the last one ended). Walked in document order, so a node an alias
    names again counts where its anchor defines it, as the parser nests it."""
    seen: set[int] = set()
    stack: list[tuple[yaml.Node, int]] = [(root, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > QUICK_DEPTH:
            return False
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, yaml.SequenceNode):
            stack.extend((child, depth + 1) for child in reversed(node.value))
        elif isinstance(node, yaml.MappingNode):
            stack.extend((part, depth + 1) for pair in reversed(node.value)
                         for part in reversed(pair))
        elif node.value == "" and not node.style:  # plain: None to one, "" to the other
            return False
    return True
