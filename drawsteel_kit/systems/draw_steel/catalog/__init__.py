"""The game's reference data, shipped as package data files with typed loaders.

Each data file in ``catalog/data/`` is YAML; each loader module turns one file
into frozen dataclasses or pydantic models and caches the result.
"""

from __future__ import annotations

from functools import cache
from typing import Any

__all__ = ["load_data"]


@cache
def _read(name: str) -> str:
    from importlib import resources  # lazy: tempfile, shutil and more, on first read only

    data = resources.files("drawsteel_kit.systems.draw_steel.catalog").joinpath("data")
    return data.joinpath(f"{name}.yaml").read_text(
        encoding="utf-8"
    )


def load_data(name: str) -> Any:
    """Parse ``catalog/data/<name>.yaml`` (a fresh object each call; the text is cached).

    With libyaml's parser when PyYAML has it (about ten times faster than its pure-Python one,
    the same safe constructor): these files are ours, so how each parser words a broken file
    does not matter here, unlike a Director's own YAML."""
    import yaml  # when a table is first read: a command that reads none does not pay for it

    return yaml.load(_read(name), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
