"""The game systems a campaign may play (``system:`` in campaign.yaml): the only list of them,
and where each keeps its parts.

Every system is one folder, ``drawsteel_kit.systems.m``, with the same parts
(docs/architecture.md, "Adding a game system"):

========================  ================================================================
pure rules                ``drawsteel_kit.systems.m`` (Draw Steel: ``...draw_steel.rules``)
campaign.yaml schema      ``drawsteel_kit.systems.m.campaign_file``: ``CampaignFile``,
                          ``party_settings(cf)``, ``sheets(cf)``
campaign operations       ``drawsteel_kit.systems.m.book``: the book class named by ``book``
player dashboard          ``drawsteel_kit.systems.m.pages``: ``members``, ``party_page``,
                          ``member_page``
Director's panels         ``drawsteel_kit.systems.m.panels``: ``open_workbook(campaign)``
demo builder              ``drawsteel_kit.systems.m.demo``: ``build(folder, echo=True)``
command line              ``drawsteel_kit.systems.m.cli``: a command group named ``command``;
                          ``commands`` names where each of its root commands is, so the
                          ``drawsteel-kit`` root imports one only when it runs
event kinds               ``drawsteel_kit.systems.m.kinds``: ``KINDS`` (kind -> its human
                          name), ``SENTENCES`` (optional; kind -> event -> its sentence)
players' face (optional)  ``drawsteel_kit.systems.m.face``: ``party_face(kind, data,
                          settings)``, what players may see of a sheet (``face=True``)
========================  ================================================================

Draw Steel's book is ``Campaign`` itself (``systems.draw_steel.campaign``), composed of the
operations in ``systems.draw_steel.book``. Nothing here is imported until a campaign of that
system needs it.
"""

from __future__ import annotations

import functools
import importlib
from dataclasses import dataclass
from typing import Any

from drawsteel_kit.kit.errors import RulesError

__all__ = ["DEFAULT_SYSTEM", "SYSTEMS", "SheetSpec", "System", "secret_sheet_kinds",
           "sheet_faces", "sheet_secrets", "system"]

DEFAULT_SYSTEM = "draw-steel"


@dataclass(frozen=True)
class SheetSpec:
    """A sheet campaign.yaml describes (``campaign_file.sheets(cf)`` returns them): ``init``
    adds it once, under ``key``, with ``data`` in the system's plain form."""

    key: str
    kind: str
    name: str
    data: dict[str, Any]
    visibility: str = "party"


@dataclass(frozen=True)
class System:
    """One rule system: its key in campaign.yaml, its name, and where its parts live."""

    key: str
    title: str
    module: str
    book: str = ""
    command: str = ""
    source: str = ""
    #: It has ``drawsteel_kit.systems.m.face.party_face``: what players see of its sheets.
    face: bool = False
    #: The class its campaigns open as (``module:Class`` under the system's folder); empty:
    #: the kit's ``BaseCampaign``, its operations in ``campaign.book``.
    campaign: str = ""
    #: Parts kept under another name than the usual one (area -> module under the folder).
    layout: tuple[tuple[str, str], ...] = ()
    #: Kinds of its sheets whose names are secrets when the sheet is hidden: a visible line
    #: that mentions one shows "(hidden)" instead (Draw Steel: a hidden encounter).
    secret_names: tuple[str, ...] = ()
    #: It has ``drawsteel_kit.systems.m.secrets.sheet_names``: (kind, data, hidden) -> the
    #: names a sheet keeps secret and those it shows (a PF2e creature not identified yet).
    secrets: bool = False
    #: The commands it adds to ``drawsteel-kit``: (name, the module under its folder whose
    #: ``commands`` group holds it). The root group imports that module only when the
    #: command runs.
    commands: tuple[tuple[str, str], ...] = ()

    @property
    def is_default(self) -> bool:
        return self.key == DEFAULT_SYSTEM

    def part(self, area: str) -> Any:
        """Import one of the system's parts: ``campaign_file``, ``dashboard``, ``panels``,
        ``demo``, ``cli``, ``ops``, ``face``, ``init``, ``kinds``, ``secrets`` or
        ``migrations`` (its own ledger tables: ``MIGRATIONS``, a ``MigrationSet``)."""
        where = dict(self.layout).get(area) or {
            "campaign_file": "campaign_file",
            "ops": "book",
            "dashboard": "pages",
            "panels": "panels",
            "demo": "demo",
            "cli": "cli",
            "face": "face",
            "init": "init",
            "kinds": "kinds",
            "secrets": "secrets",
            "migrations": "ledger",
        }[area]
        return importlib.import_module(f"drawsteel_kit.systems.{self.module}.{where}")

    def has(self, area: str) -> bool:
        """Whether the system has this optional part (``init``: builds its own ledger;
        ``migrations``: keeps tables of its own)."""
        return area in dict(self.layout)

    def campaign_class(self) -> type[Any] | None:
        """The class a campaign of this system opens as (None: the kit's ``BaseCampaign``)."""
        if not self.campaign:
            return None
        module, name = self.campaign.split(":")
        found = importlib.import_module(f"drawsteel_kit.systems.{self.module}.{module}")
        return getattr(found, name)  # type: ignore[no-any-return]

    def cli_command(self, name: str) -> Any:
        """One of its ``drawsteel-kit`` commands (a click command), its module imported now."""
        module = dict(self.commands)[name]
        found = importlib.import_module(f"drawsteel_kit.systems.{self.module}.{module}")
        return found.commands.commands[name]

    def book_class(self) -> type[Any]:
        """The class of the system's campaign operations."""
        return getattr(self.part("ops"), self.book)


#: Draw Steel's commands, by the module of its ``cli/`` package that holds each.
_DRAW_STEEL_COMMANDS = tuple(
    (name, f"cli.{module}")
    for module, names in (
        ("sessions", "session adventure victories tokens respite day move adjust"),
        ("encounters", "encounter"), ("followers", "followers"), ("heroes", "heroes"),
        ("inventory", "inventory"), ("npcs", "npc notes"), ("projects", "project forecast"),
        ("rewards", "renown wealth buy shopping"), ("titles", "titles"))
    for name in names.split())

#: Every system, by its key in campaign.yaml.
SYSTEMS: dict[str, System] = {
    s.key: s for s in (
        System("draw-steel", "Draw Steel", "draw_steel", book="", command="encounter",
               source="Draw Steel: the Heroes book, the Rules Reference (v1.02)",
               campaign="campaign:Campaign",
               layout=(("campaign_file", "campaign_file.model"), ("init", "init"),
                       ("kinds", "book.kinds"), ("migrations", "ledger")),
               secret_names=("encounter",), commands=_DRAW_STEEL_COMMANDS),
        System("dungeon-world", "Dungeon World", "dungeon_world", book="DungeonWorldBook",
               command="dw", source="Dungeon World: Basic Moves, Special Moves",
               commands=(("dw", "cli"),)),
        System("pf2e", "Pathfinder 2e", "pf2e", book="EncounterTracker", command="pf2e",
               source="Pathfinder 2e Player Core: Encounter Mode", secrets=True,
               commands=(("pf2e", "cli"),)),
        System("condition-sheet", "the condition-sheet system", "condition_sheet",
               book="ConditionSheetBook", command="sheet", source="a homebrew's Combat Rules",
               face=True, secret_names=("foe",), secrets=True, commands=(("sheet", "cli"),)),
    )
}


def sheet_faces() -> dict[str, Any]:
    """Each system's face for its sheets (what players may see of them), by system key.

    A face's module loads when a sheet of its system is first shown: the players' copy of a
    campaign holding none of that system's sheets never imports that system."""
    return {s.key: functools.partial(_party_face, s) for s in SYSTEMS.values() if s.face}


def _party_face(system: System, kind: str, data: dict[str, Any],
                settings: Any = None) -> dict[str, Any]:
    """``system``'s face applied to one sheet (its module imported on this first use)."""
    shown: dict[str, Any] = system.part("face").party_face(kind, data, settings)
    return shown


def sheet_secrets() -> dict[str, Any]:
    """Each system's ``secrets`` part (the names its sheets keep secret or show), by key;
    a module loads when a copy first reads a sheet's names."""
    return {s.key: functools.partial(_sheet_names, s) for s in SYSTEMS.values() if s.secrets}


def _sheet_names(system: System, kind: str, data: Any, hidden: bool
                 ) -> tuple[list[str], list[str]]:
    found: tuple[list[str], list[str]] = system.part("secrets").sheet_names(kind, data, hidden)
    return found


def secret_sheet_kinds() -> list[tuple[str, str]]:
    """Every (system, sheet kind) whose hidden sheets' names are kept out of visible text."""
    return [(s.key, kind) for s in SYSTEMS.values() for kind in s.secret_names]


def system(key: object) -> System:
    """The system named ``key``; RulesError lists the systems there are."""
    if isinstance(key, str) and key in SYSTEMS:
        return SYSTEMS[key]
    raise RulesError(f"unknown system {key!r}: campaign.yaml's system is one of "
                     f"{', '.join(SYSTEMS)}")
