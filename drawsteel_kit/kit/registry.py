"""The game systems a campaign may play (``system:`` in campaign.yaml): a plain registry the
systems fill. The kit names no system and imports none.

A system declares itself with a :class:`System` (its key, title, the package holding its
parts) and is registered in one of three ways:

- the systems that ship with drawsteel-kit: each folder of ``drawsteel_kit.systems`` has a
  ``system.py`` whose ``SYSTEM`` is found on first use (the package's root names where to look:
  ``drawsteel_kit.SYSTEM_SOURCES``; :func:`add_source` adds another place);
- another installed package: an entry point in the group ``drawsteel_kit.systems`` naming
  its ``System`` (read only when a campaign names a system not found otherwise, or when every
  system is listed, :func:`every_system`);
- :func:`register`, from code (a test's toy system).

Every system has the same parts, each a module of its package (docs/architecture.md,
"Adding a game system"): ``campaign_file`` (campaign.yaml's schema: ``CampaignFile``,
``party_settings(cf)``, ``sheets(cf)``), ``pages`` (``party_page``, ``member_page``),
``panels`` (``PANELS``), ``demo`` (``build(folder, echo=True)``), ``cli`` (its commands),
``kinds`` (``KINDS``, optional ``SENTENCES``); and the optional ones it lists in ``parts``:
``plans`` (``read_plan``, ``resolve``: scripted plans), ``init`` (builds its own ledger),
``face`` (what players may see of a sheet), ``secrets`` (names its sheets keep secret),
``report`` (``status_text``), ``migrations`` (its own tables). Nothing here imports a part until it
is used.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from drawsteel_kit.kit.errors import RulesError

__all__ = ["SYSTEMS", "SheetSpec", "System", "add_source", "default_system", "every_system",
           "played", "register", "secret_sheet_kinds", "sheet_faces", "sheet_secrets",
           "system", "unregister"]

#: The entry-point group through which an installed package adds a system.
ENTRY_POINTS = "drawsteel_kit.systems"


@dataclass(frozen=True)
class SheetSpec:
    """A sheet campaign.yaml describes (``campaign_file.sheets(cf)`` returns them): ``init``
    adds it once, under ``key``, with ``data`` in the system's plain form."""

    key: str
    kind: str
    name: str
    data: dict[str, Any]
    visibility: str = "party"


#: Where each part is, by default, in a system's package.
PARTS: dict[str, str] = {
    "campaign_file": "campaign_file", "book": "book", "pages": "pages", "panels": "panels",
    "demo": "demo", "cli": "cli", "kinds": "kinds",
}
#: Parts a system has only when its ``parts`` names them.
OPTIONAL_PARTS = frozenset({"init", "face", "secrets", "report", "plans", "migrations"})


@dataclass(frozen=True)
class System:
    """One rule system: its key in campaign.yaml, its name, and where its parts live."""

    key: str
    title: str
    #: The package holding its parts (``drawsteel_kit.systems.pf2e``, or a plugin's).
    package: str
    source: str = ""
    #: The system a campaign.yaml without ``system:`` plays (one system says so).
    default: bool = False
    #: Its command group, named in messages (``drawsteel-kit dw --help``).
    command: str = ""
    #: The commands it adds to ``drawsteel-kit``: (name, the module of its package whose
    #: ``commands`` group holds it). The root group imports that module only when the
    #: command runs.
    commands: tuple[tuple[str, str], ...] = ()
    #: Parts kept under another name than the usual one, and the optional parts it has
    #: (part -> module of its package).
    parts: tuple[tuple[str, str], ...] = ()
    #: The class its campaigns open as (``module:Class`` in its package); empty: the kit's
    #: ``BaseCampaign``, its operations in ``campaign.book`` (the class ``book`` names).
    campaign: str = ""
    book: str = ""
    #: Kinds of its sheets whose names are secrets when the sheet is hidden: a visible line
    #: that mentions one shows "(hidden)" instead (Draw Steel: a hidden encounter).
    secret_names: tuple[str, ...] = ()
    #: The folder of ``templates/`` that ``drawsteel-kit new`` copies (default:
    #: ``campaign-<key>``).
    template: str = ""
    #: The Director's notebooks besides the workbook (and the plan resolution, where the
    #: template has plans): ``forecast.ipynb`` for Draw Steel's projects.
    notebooks: tuple[str, ...] = ()

    @property
    def module(self) -> str:
        """The last name of its package (``pf2e``): its folder."""
        return self.package.rsplit(".", 1)[-1]

    @property
    def help_command(self) -> str:
        """The command that lists its commands (``drawsteel-kit dw --help``)."""
        return " ".join(["drawsteel-kit", *([self.command] if self.command else []), "--help"])

    @property
    def campaign_template(self) -> str:
        """The folder of ``templates/`` a new campaign of this system starts from."""
        return self.template or f"campaign-{self.key}"

    def has(self, part: str) -> bool:
        """Whether the system has ``part`` (every system has those of :data:`PARTS`)."""
        return part in PARTS or part in dict(self.parts)

    def part(self, part: str) -> Any:
        """Import one of the system's parts (see the module's doc for each one's names)."""
        where = dict(self.parts).get(part) or PARTS.get(part)
        if where is None:
            raise RulesError(f"{self.title} has no {part}")
        return importlib.import_module(f"{self.package}.{where}")

    def campaign_class(self) -> type[Any] | None:
        """The class a campaign of this system opens as (None: the kit's ``BaseCampaign``)."""
        if not self.campaign:
            return None
        module, name = self.campaign.split(":")
        found: type[Any] = getattr(importlib.import_module(f"{self.package}.{module}"), name)
        return found

    def cli_command(self, name: str) -> Any:
        """One of its ``drawsteel-kit`` commands (a click command), its module imported now."""
        module = dict(self.commands)[name]
        return importlib.import_module(f"{self.package}.{module}").commands.commands[name]

    def book_class(self) -> type[Any]:
        """The class of the system's campaign operations (``campaign.book``)."""
        found: type[Any] = getattr(self.part("book"), self.book)
        return found


# -- the registry -------------------------------------------------------------------------
_registered: dict[str, System] = {}
_sources: list[str] = []
_loaded = {"sources": False, "plugins": False}


def add_source(where: str) -> None:
    """Where to find systems on first use: ``module:function``, the function returning
    ``System`` objects (the package's root adds its own systems folder this way)."""
    if where not in _sources:
        _sources.append(where)
        _loaded["sources"] = False


def register(found: System) -> System:
    """Add a system (a key already taken is refused: RulesError)."""
    _load()
    if not isinstance(found, System):
        raise RulesError(f"a system is declared with System(...), got {found!r}")
    held = _registered.get(found.key)
    if held is not None and held != found:
        raise RulesError(f"two systems use the key {found.key!r}: {held.package} and "
                         f"{found.package}")
    if found.default and any(s.default for s in _registered.values() if s.key != found.key):
        raise RulesError(f"{found.title} says it is the default system, but "
                         f"{default_system().title} already is")
    _registered[found.key] = found
    return found


def unregister(key: str) -> None:
    """Remove a system registered from code (a test's toy system)."""
    _registered.pop(key, None)


def _load() -> None:
    if _loaded["sources"]:
        return
    _loaded["sources"] = True
    import drawsteel_kit

    for where in [*drawsteel_kit.SYSTEM_SOURCES, *_sources]:
        module, name = where.split(":")
        for found in getattr(importlib.import_module(module), name)():
            if found.key not in _registered:
                register(found)


def _load_plugins() -> None:
    """Systems other installed packages add (entry points); read once, when first needed:
    ``importlib.metadata`` costs a command a few tens of milliseconds."""
    _load()
    if _loaded["plugins"]:
        return
    _loaded["plugins"] = True
    from importlib.metadata import entry_points

    for point in entry_points(group=ENTRY_POINTS):
        found = point.load()
        for one in (found() if callable(found) and not isinstance(found, System) else [found]):
            if one.key not in _registered:
                register(one)


def _ordered() -> list[System]:
    return sorted(_registered.values(), key=lambda s: not s.default)  # stable: the default first


class _Systems(Mapping[str, System]):
    """Every system found so far, by key, the default first (read-only; found on first use)."""

    def __getitem__(self, key: str) -> System:
        _load()
        if key not in _registered:
            _load_plugins()
        return _registered[key]

    def __iter__(self) -> Iterator[str]:
        _load()
        return iter([s.key for s in _ordered()])

    def __len__(self) -> int:
        _load()
        return len(_registered)

    def __contains__(self, key: object) -> bool:
        _load()
        if isinstance(key, str) and key not in _registered:
            _load_plugins()
        return key in _registered


#: Every system, by its key in campaign.yaml.
SYSTEMS: Mapping[str, System] = _Systems()


def every_system() -> list[System]:
    """Every system, including those of other installed packages, the default first."""
    _load_plugins()
    return _ordered()


def default_system() -> System:
    """The system a campaign.yaml without ``system:`` plays: the one that says it is."""
    _load()
    is_default = [s for s in _registered.values() if s.default]
    if not is_default:
        raise RulesError("no game system is installed: reinstall drawsteel-kit")
    return is_default[0]


def played(settings: Mapping[str, Any] | None) -> System:
    """The system a campaign's settings (its party row) name; the default when none."""
    key = (settings or {}).get("system")
    return system(key) if key else default_system()


def system(key: object) -> System:
    """The system named ``key``; RulesError lists the systems there are."""
    if isinstance(key, str) and key in SYSTEMS:
        return SYSTEMS[key]
    raise RulesError(f"unknown system {key!r}: campaign.yaml's system is one of "
                     f"{', '.join(s.key for s in every_system())}")


# -- what the kit asks of every system ----------------------------------------------------
def sheet_faces() -> dict[str, Callable[..., dict[str, Any]]]:
    """Each system's face for its sheets (what players may see of them), by system key.

    A face's module loads when a sheet of its system is first shown: the players' copy of a
    campaign holding none of that system's sheets never imports that system."""
    return {s.key: functools.partial(_party_face, s) for s in SYSTEMS.values() if s.has("face")}


def _party_face(found: System, kind: str, data: dict[str, Any],
                settings: Any = None) -> dict[str, Any]:
    """``found``'s face applied to one sheet (its module imported on this first use)."""
    shown: dict[str, Any] = found.part("face").party_face(kind, data, settings)
    return shown


def sheet_secrets() -> dict[str, Callable[..., tuple[list[str], list[str]]]]:
    """Each system's ``secrets`` part (the names its sheets keep secret or show), by key;
    a module loads when a copy first reads a sheet's names."""
    return {s.key: functools.partial(_sheet_names, s) for s in SYSTEMS.values()
            if s.has("secrets")}


def _sheet_names(found: System, kind: str, data: Any, hidden: bool
                 ) -> tuple[list[str], list[str]]:
    names: tuple[list[str], list[str]] = found.part("secrets").sheet_names(kind, data, hidden)
    return names


def secret_sheet_kinds() -> list[tuple[str, str]]:
    """Every (system, sheet kind) whose hidden sheets' names are kept out of visible text."""
    return [(s.key, kind) for s in SYSTEMS.values() for kind in s.secret_names]
