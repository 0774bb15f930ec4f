"""What keeps ``drawsteel-kit serve`` standing: hero keys, a kernel cap, a per-address rate.

Every page view runs a kernel (about 95 MB). Voila calls :func:`prelaunch` before it starts
one; the hook refuses a hero page without its player's key (403), a visitor who opened too
many pages in the last minute (429) and any page while every kernel is in use (503), each
with a plain page and no kernel started. :class:`CappedKernelManager` enforces the cap
again where kernels start (many requests can pass the hook before any kernel exists).

A page that is left (closed, reloaded, navigated away from) asks the server to shut its
kernel down (Voila's ``beforeunload`` request, which carries the page's ``_xsrf`` cookie): the
manager gives each page that cookie and answers that request from the browser that opened the
page only, so the left page's place is free at once, not after the idle cull. Anyone else
asking to shut a kernel down is refused (403), whatever XSRF token they forge.

Both read their settings from the kernel manager's traits, so they come from Voila's
command line (``--CappedKernelManager.max_kernels=12``): see ``serve.voila_argv``.
"""

from __future__ import annotations

import os
import time
from collections import deque
from typing import Any

from jupyter_server.base.call_context import CallContext
from jupyter_server.base.handlers import APIHandler
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado.web import HTTPError
from traitlets import Int

from drawsteel_kit.kit.errors import DrawSteelKitError
from drawsteel_kit.workbook import CAMPAIGN_ENV
from drawsteel_kit.workbook.links import PAGES_PER_HERO, check_key, hero_and_key, load_links

__all__ = ["BUSY", "NOT_YOURS", "NO_KEY", "TOO_MANY", "CappedKernelManager",
           "page_of_query", "prelaunch"]

#: The party page's name among the pages.
PARTY_PAGE = "party"

#: What a refused visitor reads (the error page shows "<status>: <reason>", nothing else).
BUSY = "Busy: every page is in use right now, try again in a minute"
NO_KEY = "This page needs its player's link: ask the Director for yours"
NOT_YOURS = "Only the page that started this kernel may shut it down"
TOO_MANY = "Too many pages opened from your address: wait a minute, then reload"


class CappedKernelManager(AsyncMappingKernelManager):
    """Voila's kernel manager with a ceiling on live kernels, a share of it for each hero's
    page, and a per-address page rate.

    The party page needs no key, so its visitors may take any place but one kept free for
    each player with no page open: a flood of them cannot lock the players out."""

    max_kernels = Int(12, config=True, help="Kernels (open pages) alive at once, at most.")
    per_page = Int(PAGES_PER_HERO, config=True,
                   help="Kernels of one hero's page alive at once.")
    pages_per_minute = Int(30, config=True,
                           help="Pages one address may open per minute (0: no limit).")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._reserved: dict[str, str] = {}  # kernel id -> its page, while it starts
        self._page_of: dict[str, str] = {}  # kernel id -> its page, once started
        self._owner: dict[str, str] = {}  # kernel id -> the visitor whose page started it
        self._leaving: set[str] = set()  # kernels being shut down: their places are free
        self._opened: dict[str, deque[float]] = {}

    def _live(self) -> dict[str, str]:
        """Each kernel alive or on its way, with its page (none counted twice: a starting
        kernel is in ``_kernels`` before ``start_kernel`` returns)."""
        self._page_of = {k: page for k, page in self._page_of.items() if k in self._kernels}
        self._owner = {k: user for k, user in self._owner.items() if k in self._kernels}
        live = {k: self._page_of.get(k, "") for k in self._kernels if k not in self._leaving}
        live.update(self._reserved)
        return live

    def in_use(self) -> int:
        """Kernels alive or on their way (counted before their process exists)."""
        return len(self._live())

    def full(self, page: str | None = None) -> bool:
        """Every place is taken; with ``page``, every place that page may have: a hero's
        page at most ``per_page`` at once; the party page (no key needed) any place but one
        kept free for each player who has no page open (and always one of its own)."""
        live = self._live()
        if self.max_kernels > 0 and len(live) >= self.max_kernels:
            return True
        if page is None:
            return False
        if page != PARTY_PAGE:
            return self.per_page > 0 and sum(1 for p in live.values() if p == page) >= \
                self.per_page
        waiting = sum(1 for hero in self._heroes() if f"hero:{hero}" not in live.values())
        kept = min(waiting, self.max_kernels - 1)  # the party page always has one place
        return self.max_kernels > 0 and len(live) + kept >= self.max_kernels

    def _heroes(self) -> list[str]:
        """The heroes with a player's link (the served campaign's links file)."""
        folder = os.environ.get(CAMPAIGN_ENV, "")
        try:
            return list(load_links(folder)) if folder else []
        except (DrawSteelKitError, OSError):
            return []

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
        """Start a page's kernel unless the cap or the page's share is reached (then a 503
        'busy' page). A restart of a live kernel is not a new page."""
        kernel_id = kwargs.get("kernel_id")
        if kernel_id is not None and kernel_id in self._kernels:
            return await super().start_kernel(*args, **kwargs)
        page = page_of_query((kwargs.get("env") or {}).get("QUERY_STRING", ""))
        if self.full(page):
            self.log.warning("Refused a page: %d kernels in use (cap %d, %d a page)",
                             self.in_use(), self.max_kernels, self.per_page)
            raise HTTPError(503, reason=BUSY)
        kernel_id = kwargs["kernel_id"] = kernel_id or self.new_kernel_id()
        visitor = _request()
        if visitor is not None:
            # The page's unload request sends the `_xsrf` cookie's value, which Voila's page
            # never sets: reading the token sets it (before the page's first byte is sent).
            _ = visitor.xsrf_token
        self._reserved[kernel_id] = page
        try:
            started = await super().start_kernel(*args, **kwargs)
            self._page_of[started] = page
            self._owner[started] = _visitor_name(visitor)
            return started
        finally:
            self._reserved.pop(kernel_id, None)

    async def shutdown_kernel(self, kernel_id: str, now: bool = False,  # type: ignore[override]
                              restart: bool = False) -> None:
        """Shut a kernel down; its place is free from the call on. Asked through the
        server's API (a left page's unload request), only for the visitor whose page started
        it (403 for anyone else); the cull and the server's stop shut any down."""
        visitor = _request()
        if isinstance(visitor, APIHandler):
            self._check_kernel_id(kernel_id)  # 404 for no such kernel
            owner = self._owner.get(kernel_id)
            if not owner or _visitor_name(visitor) != owner:
                raise HTTPError(403, reason=NOT_YOURS)
        self._leaving.add(kernel_id)
        try:
            await super().shutdown_kernel(kernel_id, now=now, restart=restart)
        finally:
            self._leaving.discard(kernel_id)


def _request() -> Any:
    """The request being answered (None in the server's own calls: the cull, the stop)."""
    return CallContext.get(CallContext.JUPYTER_HANDLER)


def _visitor_name(handler: Any) -> str:
    """Who a request comes from: the server's name for the browser (its signed login cookie,
    given on a first visit), "" when unknown."""
    user = getattr(handler, "current_user", None)
    return str(getattr(user, "username", "") or "")


def page_of_query(query: str) -> str:
    """The page a query string asks for: ``party``, or ``hero:NAME``."""
    hero, _ = hero_and_key(query or "")
    return PARTY_PAGE if hero is None else f"hero:{hero}"


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
        if km.full(page_of_query(request_handler.request.query or "")):
            raise HTTPError(503, reason=BUSY)
