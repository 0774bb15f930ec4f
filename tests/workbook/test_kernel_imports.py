"""What a kernel imports for the players' dashboard: only what the page uses.

Each check runs the dashboard notebook's calls in a fresh interpreter (as a kernel would run
its cells) and lists the modules it loaded that the page has no use for: the plan reader
(pydantic, a resolution's plan models), the YAML parser on the party page, and the other
game systems' code on a Draw Steel campaign.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from workbook_helpers import demo_copy

#: Modules a Draw Steel player page never needs; `yaml` is checked separately (the
#: controls' forecast reads the book's catalog tables, which are YAML).
NOT_FOR_A_PAGE = ("pydantic", "pydantic_core", "drawsteel_kit.kit.fields",
                  "drawsteel_kit.systems.draw_steel.plans",
                  "drawsteel_kit.systems.condition_sheet", "drawsteel_kit.systems.pf2e",
                  "drawsteel_kit.systems.dungeon_world")

_PROBE = """
import json, sys
from drawsteel_kit import workbook
camp = workbook.open_player_campaign(sys.argv[1])
page = workbook.player_page(camp, sys.argv[2] or None)
workbook.show_page(page)
loaded = {"page": sorted(sys.modules)}
workbook.player_controls(camp, page)
loaded["controls"] = sorted(sys.modules)
camp.close()
print("LOADED", json.dumps(loaded))
"""


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return demo_copy(tmp_path_factory.mktemp("kernel-imports") / "demo", secrets=False)


def _loaded(folder: Path, hero: str) -> dict[str, list[str]]:
    result = subprocess.run([sys.executable, "-c", _PROBE, str(folder), hero],
                            capture_output=True, text=True, check=True)
    line = next(x for x in result.stdout.splitlines() if x.startswith("LOADED "))
    loaded: dict[str, list[str]] = json.loads(line.removeprefix("LOADED "))
    return loaded


#: What the registry reads of every system on first use: its folder's (light) package and the
#: ``system.py`` that declares it; nothing more of a system the campaign does not play.
DECLARATIONS = {f"drawsteel_kit.systems.{s}{part}"
                for s in ("condition_sheet", "pf2e", "dungeon_world") for part in ("", ".system")}


def _unneeded(modules: list[str], names: tuple[str, ...]) -> list[str]:
    return [m for m in modules if m not in DECLARATIONS
            and any(m == n or m.startswith(n + ".") for n in names)]


@pytest.mark.parametrize("hero", ["", "Val"])
def test_a_player_page_loads_no_plan_reader_and_no_other_system(demo: Path,
                                                                hero: str) -> None:
    loaded = _loaded(demo, hero)
    assert "drawsteel_kit.systems.draw_steel.pages" in loaded["page"]  # it ran
    assert "ipywidgets" in loaded["controls"]  # and made its controls
    assert _unneeded(loaded["controls"], NOT_FOR_A_PAGE) == []


def test_the_party_page_reads_no_yaml_before_its_controls(demo: Path) -> None:
    loaded = _loaded(demo, "")
    assert _unneeded(loaded["page"], ("yaml",)) == []


def test_the_resolution_notebooks_import_cell_still_offers_the_run() -> None:
    """The lazy imports leave the notebook's names in place: the plan reader loads when a
    plan is read, not when the workbook is imported."""
    code = ("import sys; from drawsteel_kit.workbook import Resolving, show; "
            "print(callable(Resolving.start), callable(show), "
            "'drawsteel_kit.systems.draw_steel.plans' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    assert result.stdout.split() == ["True", "True", "False"]


#: What the resolution notebook's kernel never needs: charts are sent as plain plotly data
#: (no plotly), nothing is a widget, the run itself is not a notebook runner, the ledger is
#: read and written with plain sqlite3 (sqlite-utils is for migrations), no other game system
#: and none of the Director's panels or the forecast.
NOT_FOR_A_RESOLUTION = ("plotly", "ipywidgets", "papermill", "nbformat", "nbclient",
                        "sqlite_utils", "jinja2", "drawsteel_kit.systems.condition_sheet",
                        "drawsteel_kit.systems.pf2e", "drawsteel_kit.systems.dungeon_world",
                        "drawsteel_kit.systems.draw_steel.panels",
                        "drawsteel_kit.systems.draw_steel.forecast",
                        "drawsteel_kit.workbook.player")

_RESOLUTION_PROBE = """
import contextlib, io, json, sys
from drawsteel_kit.workbook import Resolving, show
run = Resolving.start(sys.argv[1], "first-week.yaml", seed=7, dry_run=False)
with contextlib.redirect_stdout(io.StringIO()):
    run.preview()
    run.write()
    show(run.changes())
run.close()
print("LOADED", json.dumps(sorted(sys.modules)))
"""


def test_a_resolution_loads_no_charts_library_widgets_or_other_system(tmp_path: Path) -> None:
    from workbook_helpers import REPO

    from drawsteel_kit.kit.book.campaign import BaseCampaign

    folder = tmp_path / "camp"  # the demo's campaign.yaml, its week still to come
    folder.mkdir()
    shutil.copy(REPO / "campaigns" / "demo" / "campaign.yaml", folder)
    shutil.copytree(REPO / "campaigns" / "demo" / "plans", folder / "plans")
    BaseCampaign.init(folder)[0].close()
    result = subprocess.run([sys.executable, "-c", _RESOLUTION_PROBE, str(folder)],
                            capture_output=True, text=True, check=True)
    line = next(x for x in result.stdout.splitlines() if x.startswith("LOADED "))
    loaded = json.loads(line.removeprefix("LOADED "))
    assert "drawsteel_kit.systems.draw_steel.pages.charts" in loaded  # it drew the changes
    assert "pydantic" in loaded and "yaml" in loaded  # and checked the plan
    assert _unneeded(loaded, NOT_FOR_A_RESOLUTION) == []
