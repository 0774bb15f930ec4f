"""The game systems that ship with drawsteel-kit, one folder each, every folder the same shape
(docs/architecture.md, "Adding a game system"). No system imports another.

Each folder's ``system.py`` declares the system (``SYSTEM``); :func:`found` reads them, and
the package's root hands it to the kit's registry, which calls it on first use.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

__all__ = ["found"]


def found() -> list[Any]:
    """Every system folder's declaration (its ``system.py``'s ``SYSTEM``)."""
    return [importlib.import_module(f"{__name__}.{info.name}.system").SYSTEM
            for info in pkgutil.iter_modules(__path__) if info.ispkg]
