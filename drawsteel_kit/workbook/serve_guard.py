"""What keeps ``drawsteel-kit serve`` standing: hero keys, places that hold, a per-address rate.

Every page view runs a kernel (about 95 MB). Voila calls :func:`prelaunch` before it starts
one; the hook refuses a hero page without its player's key (403), a keyless visitor who opened
too many pages in the last minute (429) and a page whose places are all in use (503, saying
whether the party page or this hero's page is full and when to try again), each on a page in
the dashboard's look (error.html), no kernel started. :class:`CappedKernelManager` enforces the
places again where kernels start (many requests pass the hook before a kernel exists).

A place is held by a page a browser opened: the page's script tells the server it runs
(:meth:`CappedKernelManager.note_sign`, then now and then while a person is at it: focus,
input, the page in view) and connects to its kernel. A page a program fetched (a chat app's
preview, curl) holds nothing: a new visitor of the same page takes its place, and it ends
``connect_seconds`` after it was sent anyway. A connected page with no sign of a person
for the idle time ends like any other. A websocket is accepted only from the browser whose
page started the kernel, and never carries a ``shutdown_request``; a page left asks the
server to end its kernel (Voila's ``beforeunload`` request, carrying the page's ``_xsrf``
cookie), answered for that browser only.

The keys file is watched: a page opened with a key since rotated (``links --rotate``) ends
within a second, its websocket closed. The settings are the manager's traits, from Voila's
command line (``--CappedKernelManager.max_kernels=12``, ``voila_argv``).
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import os
import time
from collections import deque
from typing import Any

from jupyter_server._tz import utcnow
from jupyter_server.base.call_context import CallContext
from jupyter_server.base.handlers import APIHandler
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado.ioloop import PeriodicCallback
from tornado.web import HTTPError
from traitlets import Int

from drawsteel_kit.kit.errors import DrawSteelKitError
from drawsteel_kit.workbook import CAMPAIGN_ENV
from drawsteel_kit.workbook.links import (
    LINKS_FILE,
    PAGES_PER_HERO,
    check_key,
    hero_and_key,
    load_links,
)
from drawsteel_kit.workbook.serve_head import named
from drawsteel_kit.workbook.serve_places import (
    BUSY,
    BUSY_HERO,
    BUSY_PARTY,
    PARTY_PAGE,
    busy_message,
    last_activity,
    page_name,
    page_of_query,
    refusal,
)

__all__ = ["BUSY", "BUSY_HERO", "BUSY_PARTY", "NOT_YOURS", "NOT_YOUR_PAGE", "NO_KEY",
           "PARTY_PAGE", "TOO_MANY", "CappedKernelManager", "page_of_query", "prelaunch"]

NO_KEY = "This page needs its player's link: ask the Director for yours"
NOT_YOURS = "Only the page that started this kernel may shut it down"
NOT_YOUR_PAGE = "Only the page that started this kernel may connect to it"
TOO_MANY = "Too many pages opened from your address: wait a minute, then reload"

#: A page no browser has run (nor connected to) ends this long after its cells ran.
CONNECT_SECONDS = 20
#: A fetched page no browser has run gives its place to a new visitor of the same page once
#: its cells ran this long ago (a browser's page says it runs as its first bytes arrive,
#: long before its cells are done).
UNCLAIMED_SECONDS = 2
#: How often the keys file is looked at (a rotated key's pages end this soon).
LINKS_POLL_MS = 1000
#: How often, at most, a page with a person at it says so.
SIGN_SECONDS = 30


class CappedKernelManager(AsyncMappingKernelManager):
    """Voila's kernel manager with places that hold (``serve_places``), a per-address rate,
    and an end for pages nobody is at (see the module doc)."""

    max_kernels = Int(12, config=True, help="Kernels (open pages) alive at once, at most.")
    per_page = Int(PAGES_PER_HERO, config=True,
                   help="Kernels of one hero's page alive at once.")
    pages_per_minute = Int(30, config=True,
                           help="Pages one address may open per minute (0: no limit).")
    connect_seconds = Int(CONNECT_SECONDS, config=True,
                          help="A page no browser opened ends this long after it was sent.")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._reserved: dict[str, str] = {}  # kernel id -> its page, while it starts
        self._page_of: dict[str, str] = {}  # kernel id -> its page, once started
        self._owner: dict[str, str] = {}  # kernel id -> the visitor whose page started it
        self._key_of: dict[str, tuple[str, bytes]] = {}  # kernel id -> hero, key's digest
        self._born: dict[str, float] = {}
        self._seen: dict[str, float] = {}  # kernel id -> last sign of a person at its page
        self._connected: set[str] = set()  # its page connected at least once
        self._sockets: dict[str, set[Any]] = {}  # kernel id -> its open websockets
        self._leaving: set[str] = set()  # kernels being shut down: their places are free
        self._opened: dict[str, deque[float]] = {}
        self._tasks: set[asyncio.Future[None]] = set()
        self._links_stamp: tuple[int, int, int] | None = None
        self._links_watch: PeriodicCallback | None = None

    # -- places ------------------------------------------------------------------------

    def _live(self) -> dict[str, str]:
        """Each kernel alive or on its way, with its page (none counted twice: a starting
        kernel is in ``_kernels`` before ``start_kernel`` returns)."""
        for known in (self._page_of, self._owner, self._key_of, self._born, self._seen,
                      self._sockets):
            for gone in [k for k in known if k not in self._kernels and
                         k not in self._reserved]:
                del known[gone]
        self._connected &= set(self._kernels)
        live = {k: self._page_of.get(k, "") for k in self._kernels if k not in self._leaving}
        live.update(self._reserved)
        return live

    def _heroes(self) -> list[str]:
        """The heroes with a player's link (the served campaign's links file)."""
        folder = os.environ.get(CAMPAIGN_ENV, "")
        try:
            return list(load_links(folder)) if folder else []
        except (DrawSteelKitError, OSError):
            return []

    def _unclaimed(self, page: str) -> list[str]:
        """The kernels of ``page`` a program fetched and no browser ran, oldest first."""
        found = [k for k, p in self._page_of.items()
                 if p == page and k in self._kernels and k not in self._leaving
                 and k not in self._seen and k not in self._connected
                 and getattr(self._kernels[k], "execution_state", "") != "busy"
                 and self._quiet(k) >= UNCLAIMED_SECONDS]
        return sorted(found, key=lambda k: self._born.get(k, 0.0))

    def _quiet(self, kernel_id: str) -> float:
        """The seconds since the kernel last did anything (0: it never started)."""
        at = last_activity(self._kernels.get(kernel_id))
        return 0.0 if at is None else (utcnow() - at).total_seconds()

    def refuse(self, page: str) -> str | None:
        """What a new visitor of ``page`` reads when no place is free for it, or None. The
        page's fetched pages no browser ran are ended to make room, when that is enough."""
        live, heroes = self._live(), self._heroes()

        def why() -> str | None:
            return refusal(page, live.values(), heroes, max_kernels=self.max_kernels,
                           per_page=self.per_page)

        if why() is None:
            return None
        freed = []
        for kernel_id in self._unclaimed(page):
            live.pop(kernel_id, None)
            freed.append(kernel_id)
            if why() is None:
                for gone in freed:
                    self._end(gone, "a fetch no browser opened, for a new visitor")
                return None
        for gone in freed:
            live[gone] = page
        answer = why() or "all"
        held = [k for k, p in live.items() if p == page]
        message = busy_message(page, answer, open_now=len(held),
                               free_in=min((self._ends_in(k) for k in held), default=60))
        self.log.warning("Refused a visitor of %s: %s (%d pages open, cap %d)",
                         page_name(page), message, len(live), self.max_kernels)
        return message

    def _ends_in(self, kernel_id: str) -> float:
        """The seconds until this kernel ends if nothing more happens at its page."""
        if last_activity(self._kernels.get(kernel_id)) is None:
            return 60
        quiet = self._quiet(kernel_id)
        if self._kernel_connections.get(kernel_id, 0):
            seen = self._seen.get(kernel_id, self._born.get(kernel_id, time.monotonic()))
            return self.cull_idle_timeout - (time.monotonic() - seen)
        if kernel_id not in self._seen and kernel_id not in self._connected:
            return self._connect_grace() - quiet
        return self.cull_idle_timeout - quiet

    def _connect_grace(self) -> int:  # never longer than the idle time
        return min(self.connect_seconds, self.cull_idle_timeout or self.connect_seconds)

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

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]  # passes all on
        """Start a page's kernel unless its places are in use (then a 503 'busy' page). A
        restart of a live kernel is not a new page."""
        kernel_id = kwargs.get("kernel_id")
        if kernel_id is not None and kernel_id in self._kernels:
            return await super().start_kernel(*args, **kwargs)
        query = (kwargs.get("env") or {}).get("QUERY_STRING", "")
        page = page_of_query(query)
        message = self.refuse(page)
        if message is not None:
            raise HTTPError(503, reason=message)
        hero, key = hero_and_key(query)
        kernel_id = kwargs["kernel_id"] = kernel_id or self.new_kernel_id()
        visitor = _request()
        if visitor is not None:
            # The page's unload request sends the `_xsrf` cookie's value, which Voila's page
            # never sets: reading the token sets it (before the page's first byte is sent).
            _ = visitor.xsrf_token
        self._reserved[kernel_id] = page
        if hero is not None:
            self._key_of[kernel_id] = (hero, _digest(key or ""))
        try:
            started = await super().start_kernel(*args, **kwargs)
            self._page_of[started] = page
            self._owner[started] = _visitor_name(visitor)
            self._born[started] = time.monotonic()
        finally:
            self._reserved.pop(kernel_id, None)
        if hero is not None and not check_key(os.environ.get(CAMPAIGN_ENV, ""), hero, key):
            self._end(started, f"{hero}'s key was rotated while the page started")
        return started

    # -- whose page is it --------------------------------------------------------------

    def check_visitor(self, kernel_id: str, handler: Any, reason: str) -> None:
        """Refuse (403, ``reason``) a request about ``kernel_id`` from anyone but the browser
        whose page started it (404 for no such kernel)."""
        self._check_kernel_id(kernel_id)
        owner = self._owner.get(kernel_id)
        if not owner or _visitor_name(handler) != owner:
            raise HTTPError(403, reason=reason)

    def note_sign(self, kernel_id: str, handler: Any) -> int:
        """The page of ``kernel_id`` says a browser runs it and a person is at it (its own
        browser only); how many seconds until it should say so again."""
        self.check_visitor(kernel_id, handler, NOT_YOUR_PAGE)
        self._seen[kernel_id] = time.monotonic()
        return max(1, min(SIGN_SECONDS, self.cull_idle_timeout // 3 or SIGN_SECONDS))

    def note_socket(self, kernel_id: str, socket: Any, *, opened: bool) -> None:
        """A page's websocket opened or closed (closed at once when its kernel is ended)."""
        sockets = self._sockets.setdefault(kernel_id, set())
        if opened:
            sockets.add(socket)
        else:
            sockets.discard(socket)

    def notify_connect(self, kernel_id: str) -> None:
        """A page connected: it holds its place (a connection is a sign of a person)."""
        super().notify_connect(kernel_id)
        self._connected.add(kernel_id)
        self._seen[kernel_id] = time.monotonic()

    async def shutdown_kernel(self, kernel_id: str, now: bool = False,  # type: ignore[override]  # jupyter's own, narrowed
                              restart: bool = False) -> None:
        """Shut a kernel down; its place is free from the call on. Asked through the
        server's API (a left page's unload request), only for the visitor whose page started
        it (403 for anyone else); the cull and the server's stop shut any down."""
        if isinstance(_request(), APIHandler):
            self.check_visitor(kernel_id, _request(), NOT_YOURS)
        self._leaving.add(kernel_id)
        try:
            await super().shutdown_kernel(kernel_id, now=now, restart=restart)
        finally:
            self._leaving.discard(kernel_id)

    # -- ending pages nobody is at -----------------------------------------------------

    def _end(self, kernel_id: str, why: str) -> None:
        """End a page's kernel now, closing its websockets; its place is free at once."""
        if kernel_id in self._leaving or kernel_id not in self._kernels:
            return
        self._leaving.add(kernel_id)
        self.log.info("Ending the page %s of %s: %s", kernel_id,
                      page_name(self._page_of.get(kernel_id, "")), why)
        for socket in list(self._sockets.pop(kernel_id, ())):
            socket.close(1000, "page ended")

        async def end() -> None:
            try:
                await AsyncMappingKernelManager.shutdown_kernel(self, kernel_id, now=True)
            except Exception as exc:  # gone already: nothing more to end
                self.log.debug("Page %s was gone already: %s", kernel_id, exc)
            finally:
                self._leaving.discard(kernel_id)

        task = asyncio.ensure_future(end())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _why_cull(self, kernel_id: str) -> str | None:
        """Why a kernel should end now beyond the idle cull (which ends pages nobody has
        connected to once idle): a connected page with no sign of a person for the idle
        time, a page no browser ran ``connect_seconds`` after it was sent."""
        kernel = self._kernels.get(kernel_id)
        if kernel_id in self._leaving or last_activity(kernel) is None:
            return None
        now = time.monotonic()
        if self._kernel_connections.get(kernel_id, 0):
            quiet = now - self._seen.get(kernel_id, self._born.get(kernel_id, now))
            if self.cull_idle_timeout > 0 and quiet >= self.cull_idle_timeout:
                return f"connected, but no sign of a person for {quiet:.0f} s"
            return None
        if kernel_id in self._seen or kernel_id in self._connected or \
                getattr(kernel, "execution_state", "") == "busy":
            return None
        quiet = self._quiet(kernel_id)
        if quiet >= self._connect_grace():
            return f"no browser opened it {quiet:.0f} s after it was sent"
        return None

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        """The idle cull, and the ends of ``_why_cull``."""
        why = self._why_cull(kernel_id)
        if why is not None:
            self._end(kernel_id, why)
            return
        await super().cull_kernel_if_idle(kernel_id)

    def initialize_culler(self) -> None:
        """The idle cull, and the watch on the keys file (from the first page on)."""
        super().initialize_culler()
        if self._links_watch is None:
            self._links_watch = PeriodicCallback(self.end_revoked, LINKS_POLL_MS)
            self._links_watch.start()

    def end_revoked(self) -> None:
        """End every hero page opened with a key the keys file no longer holds (looked at
        when the file changed)."""
        path = os.path.join(os.environ.get(CAMPAIGN_ENV, ""), LINKS_FILE)
        try:
            st: os.stat_result | None = os.stat(path)
        except OSError:
            st = None
        stamp = (st.st_mtime_ns, st.st_size, st.st_ino) if st else None
        if stamp == self._links_stamp and stamp is not None:
            return
        self._links_stamp = stamp
        try:
            keys = load_links(os.path.dirname(path))
        except (DrawSteelKitError, OSError):
            keys = {}
        for kernel_id, (hero, digest) in list(self._key_of.items()):
            key = keys.get(hero)
            if kernel_id in self._kernels and (
                    key is None or not hmac.compare_digest(_digest(key), digest)):
                self._end(kernel_id, f"{hero}'s key was rotated")


def _digest(key: str) -> bytes:
    return hashlib.sha256(key.encode()).digest()


def _request() -> Any:
    """The request being answered (None in the server's own calls: the cull, the stop)."""
    return CallContext.get(CallContext.JUPYTER_HANDLER)


def _visitor_name(handler: Any) -> str:
    """Who a request comes from: the server's name for the browser (its signed login cookie,
    given on a first visit), "" when unknown."""
    user = getattr(handler, "current_user", None)
    return str(getattr(user, "username", "") or "")


def prelaunch(request_handler: Any, notebook: Any = None, cwd: str | None = None) -> Any:
    """Voila's prelaunch hook: refuse before a kernel starts (module doc), else the notebook
    titled for the page's head (``serve_head``). A page with its player's key is never refused
    for its address's rate (a flood from one address or carrier must not lock them out)."""
    km = request_handler.kernel_manager
    query = request_handler.request.query or ""
    hero, key = hero_and_key(query)
    folder = os.environ.get(CAMPAIGN_ENV, "")
    if hero is not None and not (folder and check_key(folder, hero, key)):
        raise HTTPError(403, reason=NO_KEY)
    if isinstance(km, CappedKernelManager):
        if not km.note_page(request_handler.request.remote_ip or "?") and hero is None:
            raise HTTPError(429, reason=TOO_MANY)
        message = km.refuse(page_of_query(query))
        if message is not None:
            raise HTTPError(503, reason=message)
    return None if notebook is None else named(notebook, folder, hero)
