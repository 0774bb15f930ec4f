"""What keeps ``drawsteel-kit serve`` standing: hero keys, a kernel cap, a per-address rate.

Every page view runs a kernel (about 95 MB). Voila calls :func:`prelaunch` before it starts
one; the hook refuses a hero page without its player's key (403), a visitor who opened too
many pages in the last minute (429) and any page while every kernel is in use (503), each
with a plain page and no kernel started. :class:`CappedKernelManager` enforces the cap
again where kernels start (many requests can pass the hook before any kernel exists).

Both read their settings from the kernel manager's traits, so they come from Voila's
command line (``--CappedKernelManager.max_kernels=12``): see ``serve.voila_argv``.
"""

from __future__ import annotations

import os
import time
from collections import deque
from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado.web import HTTPError
from traitlets import Int

from drawsteel_kit.workbook import CAMPAIGN_ENV
from drawsteel_kit.workbook.links import check_key, hero_and_key

__all__ = ["BUSY", "NO_KEY", "TOO_MANY", "CappedKernelManager", "prelaunch"]

#: What a refused visitor reads (the error page shows "<status>: <reason>", nothing else).
BUSY = "Busy: every page is in use right now, try again in a minute"
NO_KEY = "This page needs its player's link: ask the Director for yours"
TOO_MANY = "Too many pages opened from your address: wait a minute, then reload"


class CappedKernelManager(AsyncMappingKernelManager):
    """Voila's kernel manager with a ceiling on live kernels and a per-address page rate."""

    max_kernels = Int(12, config=True, help="Kernels (open pages) alive at once, at most.")
    pages_per_minute = Int(30, config=True,
                           help="Pages one address may open per minute (0: no limit).")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._starting = 0
        self._opened: dict[str, deque[float]] = {}

    def in_use(self) -> int:
        """Kernels alive or on their way (counted before their process exists)."""
        return len(self._kernels) + self._starting

    def full(self) -> bool:
        return self.max_kernels > 0 and self.in_use() >= self.max_kernels

    def note_page(self, address: str) -> bool:
        """Count a page opened from ``address``; False when it is over the rate."""
        if self.pages_per_minute <= 0:
            return True
        now = time.monotonic()
        if len(self._opened) > 10_000:  # a flood of addresses: forget the quiet ones
            self._opened = {a: q for a, q in self._opened.items() if q and now - q[-1] < 60}
        times = self._opened.setdefault(address, deque())
        while times and now - times[0] >= 60:
            times.popleft()
        if len(times) >= self.pages_per_minute:
            return False
        times.append(now)
        return True

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        """Start a kernel unless the cap is reached (then a 503 'busy' page)."""
        if kwargs.get("kernel_id") is None and self.full():
            self.log.warning("Refused a page: %d kernels in use (cap %d)", self.in_use(),
                             self.max_kernels)
            raise HTTPError(503, reason=BUSY)
        self._starting += 1
        try:
            return await super().start_kernel(*args, **kwargs)
        finally:
            self._starting -= 1


def prelaunch(request_handler: Any, notebook: Any = None, cwd: str | None = None) -> None:
    """Voila's prelaunch hook: refuse before a kernel starts (see the module doc)."""
    km = request_handler.kernel_manager
    hero, key = hero_and_key(request_handler.request.query or "")
    if hero is not None:
        folder = os.environ.get(CAMPAIGN_ENV, "")
        if not (folder and check_key(folder, hero, key)):
            raise HTTPError(403, reason=NO_KEY)
    if isinstance(km, CappedKernelManager):
        if not km.note_page(request_handler.request.remote_ip or "?"):
            raise HTTPError(429, reason=TOO_MANY)
        if km.full():
            raise HTTPError(503, reason=BUSY)
