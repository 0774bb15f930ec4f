"""One shape for every system folder (docs/architecture.md, "Adding a game system"): the same
top-level name for the same role, a role of several modules a package whose ``__init__.py``
holds the part, and the registry finding each part under its usual name."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

import drawsteel_kit
from drawsteel_kit.kit.registry import PARTS, System

SYSTEMS_DIR = Path(drawsteel_kit.__file__).parent / "systems"
FOLDERS = sorted(p.name for p in SYSTEMS_DIR.iterdir() if (p / "system.py").exists())

#: The roles every system folder has, by their top-level name: a module (``name.py``) or a
#: package (``name/``), as the table of docs/architecture.md says.
ROLES = ("system", "campaign", "rules", "campaign_file", "book", "kinds", "errors", "pages",
         "panels", "cli", "demo")
#: Roles that are always one module, and those always a package.
MODULES = ("system", "campaign", "kinds", "errors", "demo")
PACKAGES = ("rules",)
#: Optional roles: where a system has one, this is its name.
OPTIONAL = ("catalog", "plans", "init", "report", "face", "secrets")
#: What the registry finds in each part (the names the kit and the front ends use; a system
#: that builds its own ledger, its ``init`` part, needs no ``party_settings`` or ``sheets``).
NAMES = {"campaign_file": ("CampaignFile",),
         "pages": ("party_page", "member_page"), "panels": ("PANELS",), "demo": ("build",),
         "cli": ("commands",), "kinds": ("KINDS",), "plans": ("read_plan", "resolve"),
         "init": ("init_campaign",), "report": ("status_text",), "face": ("party_face",)}


def _top(folder: str) -> dict[str, str]:
    """The folder's top-level names: ``{"book": "package", "kinds": "module", ...}``."""
    found: dict[str, str] = {}
    for p in (SYSTEMS_DIR / folder).iterdir():
        if p.suffix == ".py" and p.stem != "__init__":
            found.setdefault(p.stem, "module")
            if found[p.stem] != "module":
                found[p.stem] = "both"
        elif p.is_dir() and (p / "__init__.py").exists():
            found[p.name] = "both" if p.name in found else "package"
    return found


def _system(folder: str) -> System:
    declared: System = importlib.import_module(f"drawsteel_kit.systems.{folder}.system").SYSTEM
    return declared


def test_the_four_systems_are_checked() -> None:
    assert FOLDERS == ["condition_sheet", "draw_steel", "dungeon_world", "pf2e"]


@pytest.mark.parametrize("folder", FOLDERS)
def test_every_role_has_its_one_name(folder: str) -> None:
    top = _top(folder)
    assert [r for r in ROLES if r not in top] == [], "roles missing at the folder's top"
    assert [n for n, kind in top.items() if kind == "both"] == [], "a module and a package"
    assert [r for r in MODULES if top[r] != "module"] == []
    assert [r for r in PACKAGES if top[r] != "package"] == []


@pytest.mark.parametrize("folder", FOLDERS)
def test_no_role_is_split_beside_itself(folder: str) -> None:
    """A role of several modules is a package (pf2e's ``book/turns.py``), never
    ``book_turns.py`` next to ``book.py``."""
    top = _top(folder)
    roles = set(ROLES) | set(OPTIONAL)
    split = sorted(name for name in top for other in top
                   if name != other and other not in roles and other.startswith(name + "_"))
    assert split == []


@pytest.mark.parametrize("folder", FOLDERS)
def test_the_registry_finds_every_part_under_its_usual_name(folder: str) -> None:
    """No system moves a part every system has (``PARTS``); each optional part it lists is
    the top-level name of the same role; and each part holds the names it is read for."""
    played = _system(folder)
    listed = dict(played.parts)
    assert {p: m for p, m in listed.items() if p in PARTS} == {}
    top = _top(folder)
    assert [m for p, m in listed.items() if "." in m or m not in top] == []
    assert [p for p, m in listed.items() if p in OPTIONAL and m != p] == []
    for part in [*PARTS, *listed]:
        module = played.part(part)
        missing = [n for n in NAMES.get(part, ()) if not hasattr(module, n)]
        assert missing == [], f"{folder}'s {part} lacks {missing}"
    if not played.has("init"):
        assert hasattr(played.part("campaign_file"), "party_settings")
        assert hasattr(played.part("campaign_file"), "sheets")
