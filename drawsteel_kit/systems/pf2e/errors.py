"""Errors of the Pathfinder 2e encounter tracker: each says what is wrong and what is allowed."""

from __future__ import annotations

from drawsteel_kit.kit.errors import RulesError

__all__ = ["PcTieUnresolved", "Pf2eError"]


class Pf2eError(RulesError):
    """A tracker step the encounter rules of seed 002 do not allow (or a bad value)."""


class PcTieUnresolved(Pf2eError):
    """PCs tied on initiative and the players' chosen order was not given (002: 45).

    ``tied`` names the PCs; ``results`` holds every total rolled, so the same results can be
    passed back (``results=``) together with the players' ``tie_order``.
    """

    def __init__(
        self, message: str, *, tied: tuple[str, ...] = (), results: dict[str, int] | None = None
    ) -> None:
        super().__init__(message)
        self.tied = tied
        self.results = dict(results or {})
