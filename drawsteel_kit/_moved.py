"""Old module paths, kept working for one release (0.2) after the layout of issue 16.

The package was reorganised into three layers (docs/architecture.md): ``drawsteel_kit.kit``,
``drawsteel_kit.systems.<name>`` and the front ends (``drawsteel_kit.cli``,
``drawsteel_kit.workbook``). A Director's notebook or script written before it may still say
``from drawsteel_kit.views.panels import open_workbook``: this finder answers such an import with
the module at its new path (the very same module object), so the old name keeps working.
``drawsteel_kit.campaign`` and ``python -m drawsteel_kit.demo`` are real alias modules.
New code imports the new paths; the CHANGELOG lists each move.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
import types
from importlib.machinery import ModuleSpec

__all__ = ["MOVED", "install", "new_name"]

#: Old path -> new path, both relative to ``drawsteel_kit``.
MOVED: dict[str, str] = {
    "activities": "systems.draw_steel.activities",
    "campaign_notebooks": "workbook.campaign_notebooks",
    "cli.common": "kit.commands",
    "catalog": "systems.draw_steel.catalog",
    "cli.condition_sheet": "systems.condition_sheet.cli",
    "cli.dungeon_world": "systems.dungeon_world.cli",
    "cli.encounters": "systems.draw_steel.cli.encounters",
    "cli.pf2e": "systems.pf2e.cli",
    "cli.projects": "systems.draw_steel.cli.projects",
    "cli.rewards": "systems.draw_steel.cli.rewards",
    "config": "systems.draw_steel.campaign_file.model",
    "config_errors": "kit.file_errors",
    "config_fields": "kit.fields",
    "config_names": "systems.draw_steel.campaign_file.names",
    "config_projects": "systems.draw_steel.campaign_file.projects",
    "demos.condition_sheet": "systems.condition_sheet.demo",
    "demos.dungeon_world": "systems.dungeon_world.demo",
    "demos.pf2e": "systems.pf2e.demo",
    "downtime": "systems.draw_steel.downtime",
    "errors": "kit.errors",
    "forecast": "systems.draw_steel.forecast",
    "init_report": "systems.draw_steel.init_report",
    "lab": "workbook.lab",
    "ledger": "kit.ledger",
    "links": "workbook.links",
    "notebook_runs": "workbook.notebook_runs",
    "ops": "systems.draw_steel.book",
    "ops.condition_sheet": "systems.condition_sheet.book",
    "ops.condition_sheet_turn": "systems.condition_sheet.book_turn",
    "ops.dungeon_world": "systems.dungeon_world.book",
    "ops.dungeon_world_plans": "systems.dungeon_world.plans",
    "ops.pf2e": "systems.pf2e.book",
    "ops.sheets": "kit.book.sheets",
    "outputs": "kit.outputs",
    "party_view": "kit.book.party_view",
    "plan": "systems.draw_steel.plan",
    "report": "systems.draw_steel.report",
    "resources": "kit.resources",
    "rules": "systems.draw_steel.rules",
    "rules.dice": "kit.dice",
    "serve": "workbook.serve",
    "serve_guard": "workbook.serve_guard",
    "setup": "systems.draw_steel.init",
    "state": "systems.draw_steel.state",
    "systems.draw_steel.book.sheets": "kit.book.sheets",
    "systems.draw_steel.party_view": "kit.book.party_view",
    "systems.limits": "kit.limits",
    "systems.registry": "kit.registry",
    "views.assets": "kit.ui.assets",
    "views.charts": "systems.draw_steel.pages.charts",
    "views.dashboard": "systems.draw_steel.pages.dashboard",
    "views.data": "systems.draw_steel.pages.data",
    "views.encounters": "systems.draw_steel.pages.encounters",
    "views.html": "kit.ui.html",
    "views.panels": "systems.draw_steel.panels",
    "views.panels.base": "kit.ui.panels",
    "views.panels.condition_sheet": "systems.condition_sheet.panels",
    "views.panels.dungeon_world": "systems.dungeon_world.panels",
    "views.panels.history": "kit.ui.history",
    "views.panels.pf2e": "systems.pf2e.panels",
    "views.player": "workbook.player",
    "views.publish": "workbook.publish",
    "views.systems.condition_sheet": "systems.condition_sheet.pages",
    "views.systems.dungeon_world": "systems.dungeon_world.pages",
    "views.systems.pf2e": "systems.pf2e.pages",
}

#: Old packages that no longer exist as one (their modules went to different places).
_DISSOLVED = ("views", "views.systems", "demos")


def new_name(name: str) -> str | None:
    """The module an old ``drawsteel_kit`` path now names, or None when it did not move."""
    if not name.startswith("drawsteel_kit."):
        return None
    parts = name.removeprefix("drawsteel_kit.").split(".")
    for i in range(len(parts), 0, -1):
        old = ".".join(parts[:i])
        if old in MOVED:
            return ".".join(["drawsteel_kit", MOVED[old], *parts[i:]])
    return None


class _Finder:
    """Answers an old path with the module at its new one (the same object).

    A finder and loader by protocol (``find_spec``, ``create_module``, ``exec_module``): not
    derived from ``importlib.abc``, whose import pulls in ``importlib.resources`` at start.
    """

    def find_spec(self, name: str, path: object = None, target: object = None) -> ModuleSpec | None:
        rest = name.removeprefix("drawsteel_kit.")
        if rest in _DISSOLVED:
            return importlib.util.spec_from_loader(name, self, is_package=True)
        new = new_name(name)
        if new is None or new == name or importlib.util.find_spec(new) is None:
            return None
        return importlib.util.spec_from_loader(name, self)

    def create_module(self, spec: ModuleSpec) -> types.ModuleType:
        rest = spec.name.removeprefix("drawsteel_kit.")
        if rest in _DISSOLVED:
            module = types.ModuleType(spec.name, "moved: see drawsteel_kit._moved")
            module.__path__ = []
            return module
        module = importlib.import_module(new_name(spec.name) or spec.name)
        self._spec = module.__spec__
        return module

    def exec_module(self, module: types.ModuleType) -> None:
        # the import machinery set the alias spec on the real module: give it back its own
        if module.__name__ != module.__spec__.name and getattr(self, "_spec", None):
            module.__spec__ = self._spec


def install() -> None:
    """Put the finder first on ``sys.meta_path``, once (``drawsteel_kit/__init__.py`` does)."""
    if not any(isinstance(f, _Finder) for f in sys.meta_path):
        sys.meta_path.insert(0, _Finder())  # before any finder that knows the old layout
