"""Voila as ``drawsteel-kit serve`` runs it: whose websocket, a page's signs of a person, and
logs without keys.

- A kernel's websocket is accepted only from the browser whose page started the kernel
  (403 for anyone else, 404 for no such kernel), and a ``shutdown_request`` sent over it is
  dropped: a page is ended by the server (its unload request, the cull), never by a message.
- ``POST /voila/api/presence/<kernel>``: the page's script says a browser runs it and a
  person is at it (``serve_guard``: what holds a place).
- No log line carries a hero's key: the access log names the hero (``?hero=Val``) and drops
  ``key=``; every other line has any ``key=...`` taken out before it is written.
- The bare address (``/``) and Voila's file list (``/voila/``, ``/voila/tree``) lead to the
  party page (a hero's page when the query names one, with its key; nothing else of the
  query is kept). A refused page (403, 429, 503) is the template's error.html, given the
  players' pages' style and the party page's address.
- Responses are compressed (gzip, when the browser takes it): the page as it streams, Voila's
  scripts and styles, the labextensions. ``GET /voila/dsk-static/plotly-basic-<version>.min.js``
  is the page's plotly.js (``serve_page``), that one file, cached by browsers for a year.
"""

from __future__ import annotations

import json
import logging
import re
from typing import Any

from jupyter_server.base.handlers import APIHandler, JupyterHandler
from jupyter_server.services.kernels.connection.base import (
    deserialize_binary_message,
    deserialize_msg_from_ws_v1,
)
from jupyter_server.utils import url_path_join
from tornado import web
from tornado.log import access_log
from voila.app import Voila, _kernel_id_regex
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler
from voila.tornado.treehandler import TornadoVoilaTreeHandler

from drawsteel_kit.kit.ui.html import STYLE
from drawsteel_kit.workbook.links import KEY_PARAM
from drawsteel_kit.workbook.serve_guard import NOT_YOUR_PAGE, CappedKernelManager
from drawsteel_kit.workbook.serve_head import PARTY_PATH, party_address
from drawsteel_kit.workbook.serve_page import PLOTLY_FLAG, PLOTLY_PATH, plotly_route

__all__ = ["PRESENCE_FLAG", "PRESENCE_PATH", "PartyRedirect", "ServeVoila", "scrub"]

#: Where a page's script says a person is at it (after the server's base URL).
PRESENCE_PATH = "voila/api/presence/"
#: The page config's ``extensionConfig`` key that says this server asks for it.
PRESENCE_FLAG = "dskPresence"
#: Kernel messages a page's websocket never passes on.
DROPPED = frozenset({"shutdown_request"})
_V1 = "v1.kernel.websocket.jupyter.org"
_KEY = re.compile(rf"([?&;]|\b){KEY_PARAM}=[^&;\s\"'#<>]*(&?)", re.IGNORECASE)


def scrub(text: str) -> str:
    """``text`` with every ``key=...`` parameter taken out (``?hero=Val&key=K`` ->
    ``?hero=Val``)."""
    if KEY_PARAM not in text.lower():
        return text
    return _KEY.sub(lambda m: m[1] if m[1] in "?&;" and m[2] else "", text)


class _NoKeys(logging.Filter):
    """Takes keys out of every record a handler writes."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            text = record.getMessage()
        except Exception:  # a record that cannot format: leave it as it is
            return True
        clean = scrub(text)
        if clean != text:
            record.msg, record.args = clean, None
        if record.exc_info and not record.exc_text:
            record.exc_text = scrub(logging.Formatter().formatException(record.exc_info))
        return True


def hide_keys_in_logs() -> None:
    """Put the key filter on every log handler there is (the server's are all made by now)."""
    loggers = [logging.getLogger(), *(logger for logger in
                                       logging.Logger.manager.loggerDict.values()
                                       if isinstance(logger, logging.Logger))]
    for logger in loggers:
        for handler in logger.handlers:
            if not any(isinstance(f, _NoKeys) for f in handler.filters):
                handler.addFilter(_NoKeys())


def log_request(handler: web.RequestHandler) -> None:
    """The access log: status, method, path and query without the key, address, time."""
    status = handler.get_status()
    log = access_log.info if status < 400 else (
        access_log.warning if status < 500 else access_log.error)
    request = handler.request
    log("%d %s %s (%s) %.2fms", status, request.method, scrub(request.uri or ""),
        request.remote_ip, 1000.0 * request.request_time())


def _msg_type(subprotocol: str | None, message: str | bytes) -> str | None:
    """The type of a kernel message a page sent over its websocket (None: unreadable)."""
    try:
        if subprotocol == _V1:
            _, parts = deserialize_msg_from_ws_v1(message)
            header = json.loads(parts[0])
        elif isinstance(message, bytes):
            header = deserialize_binary_message(message)["header"]
        else:
            header = json.loads(message)["header"]
        return str(header["msg_type"])
    except Exception:  # anything unreadable is dropped
        return None


class PageSocketHandler(VoilaKernelWebsocketHandler):
    """A kernel's websocket, for the browser whose page started the kernel only."""

    async def pre_get(self) -> None:
        km = self.kernel_manager
        if isinstance(km, CappedKernelManager):
            km.check_visitor(self.kernel_id, self, NOT_YOUR_PAGE)
        await super().pre_get()

    async def open(self, kernel_id: str) -> None:
        km = self.kernel_manager
        if isinstance(km, CappedKernelManager):
            km.note_socket(kernel_id, self, opened=True)
        await super().open(kernel_id)

    def on_message(self, message: str | bytes) -> None:
        kind = _msg_type(self.selected_subprotocol, message)
        if kind is None or kind in DROPPED:
            self.log.warning("Dropped a %s sent to page %s", kind or "message it could not "
                             "read", self.kernel_id)
            return
        super().on_message(message)

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        """A refused websocket: its status and reason as plain text (never a traceback)."""
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.finish(f"{status_code}: {self._reason}\n")

    def on_close(self) -> None:
        km = self.kernel_manager
        if isinstance(km, CappedKernelManager):
            km.note_socket(self.kernel_id, self, opened=False)
        if getattr(self, "connection", None) is not None:
            super().on_close()


class PresenceHandler(APIHandler):
    """A page's script: a browser runs the page, a person is at it."""

    @web.authenticated
    async def post(self, kernel_id: str) -> None:
        km = self.kernel_manager
        if not isinstance(km, CappedKernelManager):
            raise web.HTTPError(404)
        every = km.note_sign(kernel_id, self)
        self.finish({"every": every})


class PartyRedirect(JupyterHandler):
    """The bare address and Voila's file list: on to the party page (``party_address``)."""

    @web.authenticated
    def get(self, *args: Any, **kwargs: Any) -> None:
        self.redirect(party_address(self.base_url, self.request.query or ""))


class PlotlyHandler(web.StaticFileHandler):
    """The page's plotly.js: one file, its version in its name, so a browser keeps it."""

    def get_cache_time(self, path: str, modified: Any, mime_type: str) -> int:
        return 365 * 24 * 3600

    def set_extra_headers(self, path: str) -> None:
        self.set_header("Cache-Control", "public, max-age=31536000, immutable")


class ServeVoila(Voila):
    """Voila with the handlers above, compressed responses, and the key filter on its logs."""

    def init_settings(self) -> dict[str, Any]:
        # The page's script says a person is at it only where this server listens
        # (PRESENCE_FLAG in the page's config): a plain Voila has no such address. Likewise
        # the address of the page's plotly.js (PLOTLY_FLAG).
        config = self.voila_configuration
        config.extension_config = {**config.extension_config, PRESENCE_FLAG: True,
                                   PLOTLY_FLAG: PLOTLY_PATH + plotly_route()[0]}
        settings = super().init_settings()
        settings["log_function"] = log_request
        settings["voila_jinja2_env"].globals.update(dsk_style=STYLE, dsk_party_path=PARTY_PATH)
        settings["compress_response"] = True  # read when the application is made
        return settings

    def init_handlers(self) -> list[Any]:
        handlers = [(h[0], PageSocketHandler, *h[2:]) if h[1] is VoilaKernelWebsocketHandler
                    else (h[0], PartyRedirect) if h[1] is TornadoVoilaTreeHandler
                    else h for h in super().init_handlers()]
        presence = url_path_join(self.server_url, f"/{PRESENCE_PATH}{_kernel_id_regex}")
        bare = url_path_join(self.server_url, "/voila/?")
        name, folder = plotly_route()
        plotly = url_path_join(self.server_url, f"/{PLOTLY_PATH}({re.escape(name)})")
        return [(presence, PresenceHandler), (bare, PartyRedirect),
                (plotly, PlotlyHandler, {"path": folder}), *handlers]

    def start(self) -> None:
        hide_keys_in_logs()
        super().start()
