"""The plotly.js basic bundle shipped as package data: the version plotly.py draws with,
whole, with its license, and holding every trace type the pages draw."""

from __future__ import annotations

import re
from pathlib import Path

from plotly.offline import get_plotlyjs_version

from drawsteel_kit.kit.ui.assets import BASIC_BUNDLE_PREFIX, basic_bundle


def test_the_basic_bundle_is_plotly_pys_version() -> None:
    path = basic_bundle()
    version = path.name.removeprefix(BASIC_BUNDLE_PREFIX).removesuffix(".min.js")
    assert version == get_plotlyjs_version(), (
        f"the shipped basic bundle is plotly.js {version}, plotly.py draws with "
        f"{get_plotlyjs_version()}: download the same version (drawsteel_kit/kit/ui/js/README.md)")
    head = path.read_text(encoding="utf-8")[:300]
    assert re.search(r"plotly\.js \(basic - minified\) v" + re.escape(version), head)


def test_the_bundle_ships_with_its_license_and_note() -> None:
    folder = basic_bundle().parent
    license_text = (folder / "LICENSE-plotly.js.txt").read_text(encoding="utf-8")
    assert "MIT" in license_text or "Permission is hereby granted" in license_text
    assert basic_bundle().name in (folder / "README.md").read_text(encoding="utf-8").replace(
        "<version>", get_plotlyjs_version())
    assert basic_bundle().stat().st_size < 1_500_000  # the basic bundle, not the full one


#: The trace types plotly.js's basic bundle registers (its README: "bar, pie and scatter").
BASIC_TRACES = {"scatter", "bar", "pie"}
#: A shape's type, not a trace's (``layout.shapes``).
SHAPES = {"line", "rect", "circle", "path"}


def test_every_chart_the_package_draws_is_a_basic_trace() -> None:
    """Every ``"type": ...`` a module of the package writes into a figure is a trace of the
    basic bundle (or a shape): a heatmap added one day would draw nothing on a page."""
    import drawsteel_kit

    root = Path(drawsteel_kit.__file__).parent
    found: dict[str, str] = {}
    for path in root.rglob("*.py"):
        if "add_trace" not in path.read_text(encoding="utf-8") and \
                "Figure(" not in path.read_text(encoding="utf-8"):
            continue  # not a module that draws (a Forge Steel file has "type"s of its own)
        for kind in re.findall(r'"type":\s*"(\w+)"', path.read_text(encoding="utf-8")):
            found.setdefault(kind, str(path.relative_to(root)))
    traces = {k: where for k, where in found.items() if k not in SHAPES}
    assert "scatter" in traces and "bar" in traces  # the scan sees the charts
    assert set(traces) <= BASIC_TRACES, traces
    bundle = basic_bundle().read_text(encoding="utf-8")
    for kind in BASIC_TRACES:
        assert f'name:"{kind}"' in bundle, kind
