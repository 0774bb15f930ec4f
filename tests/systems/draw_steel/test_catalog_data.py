"""The catalog's data files read the same whichever YAML parser PyYAML has."""

from __future__ import annotations

from importlib import resources

import pytest
import yaml

from drawsteel_kit.systems.draw_steel.catalog import load_data

NAMES = sorted(p.name.removesuffix(".yaml") for p in resources.files(
    "drawsteel_kit.systems.draw_steel.catalog").joinpath("data").iterdir()
    if p.name.endswith(".yaml"))


def test_every_data_file_is_listed() -> None:
    assert {"projects", "treasures", "languages", "titles", "wealth"} <= set(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_libyaml_and_pure_python_read_the_same(name: str) -> None:
    text = resources.files("drawsteel_kit.systems.draw_steel.catalog").joinpath(
        "data", f"{name}.yaml").read_text(encoding="utf-8")
    assert load_data(name) == yaml.load(text, Loader=yaml.SafeLoader)
    assert load_data(name)  # every file has rows


def test_without_libyaml_the_pure_parser_reads_them(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(yaml, "CSafeLoader", raising=False)
    assert load_data("projects")["projects"]
