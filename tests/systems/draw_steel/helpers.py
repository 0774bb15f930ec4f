"""Shared by Draw Steel's tests (each of these was written the same in two files)."""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path
from typing import TYPE_CHECKING, Any

from conftest import REPO
from hypothesis import strategies as st

from drawsteel_kit.systems.draw_steel.campaign import Campaign

if TYPE_CHECKING:  # the panels import ipywidgets, which their tests skip without
    from drawsteel_kit.systems.draw_steel.panels import ForgeSteelPanel


def start(camp: Campaign, hero: str, project: str, **kw: Any) -> int:
    """Start a project; its id."""
    return camp.start_project(hero, project, **kw).details["project_id"]


def value_paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The path (keys and indexes) of every value inside ``value``, itself first."""
    found = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            found += value_paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            found += value_paths(v, (*path, i))
    return found


def open_demo(tmp_path: Path) -> Campaign:
    """The demo's campaign.yaml in tmp_path/demo, initialised and open."""
    folder = tmp_path / "demo"
    folder.mkdir()
    shutil.copy(REPO / "campaigns" / "demo" / "campaign.yaml", folder / "campaign.yaml")
    return Campaign.init(folder)[0]


def upload(panel: ForgeSteelPanel, *files: tuple[str, bytes]) -> None:
    """Hand ``files`` (name, bytes) to the panel's upload button, as a browser does."""
    panel.upload.value = tuple({"name": name, "type": "application/json", "size": len(raw),
                                "content": memoryview(raw),
                                "last_modified": dt.datetime(2026, 1, 1, tzinfo=dt.UTC)}
                               for name, raw in files)


#: Whatever YAML can hold, for tests that a file's reader raises nothing but its own error.
yaml_scalars = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20)
yaml_data = st.recursive(
    yaml_scalars,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text(max_size=12) | st.integers() | st.booleans(), inner, max_size=4)
    ),
    max_leaves=20,
)
