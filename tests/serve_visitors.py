"""Visitors of a served dashboard without a browser: a page fetched with a browser's cookies,
its kernel's websocket (a real tornado websocket client, answering pings), the page's own
"a person is here" signal, and a program that only fetches the link (a chat app's preview).

The websockets live on one event loop in a thread of their own, so they stay open (and
answer the server's pings) between the test's steps.
"""

from __future__ import annotations

import asyncio
import http.client
import http.cookiejar
import json
import re
import threading
import urllib.error
import urllib.request
import uuid
from collections.abc import Coroutine
from dataclasses import dataclass, field
from typing import Any, TypeVar

from tornado.httpclient import HTTPClientError, HTTPRequest
from tornado.websocket import WebSocketClientConnection, websocket_connect

PAGE = "/voila/render/dashboard.ipynb"
PROTOCOL = "v1.kernel.websocket.jupyter.org"
T = TypeVar("T")

_loop = asyncio.new_event_loop()
threading.Thread(target=_loop.run_forever, daemon=True, name="websockets").start()


def on_loop(coro: Coroutine[Any, Any, T], timeout: float = 120) -> T:
    """Run ``coro`` on the websockets' loop and wait for it."""
    return asyncio.run_coroutine_threadsafe(coro, _loop).result(timeout)


def kernel_of(body: str) -> str | None:
    """The kernel id Voila wrote into a page it served."""
    found = re.search(r'"kernelId": "([0-9a-f-]{36})"', body)
    return found.group(1) if found else None


def fetch(port: int, query: str = "", timeout: float = 240) -> tuple[int, str]:
    """A program fetching a link (no cookies kept, no script run): status and body."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("GET", PAGE + query)
        response = conn.getresponse()
        return response.status, response.read().decode("utf-8", "replace")
    finally:
        conn.close()


@dataclass
class Visitor:
    """One browser: its cookies, the page it opened, that page's websocket."""

    port: int
    jar: http.cookiejar.CookieJar = field(default_factory=http.cookiejar.CookieJar)
    kernel: str | None = None
    socket: WebSocketClientConnection | None = None

    def cookies(self) -> str:
        return "; ".join(f"{c.name}={c.value}" for c in self.jar)

    def open(self, query: str = "") -> tuple[int, str]:
        """Fetch the page as a browser does (keeping its cookies): status and body."""
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        try:
            with opener.open(f"http://127.0.0.1:{self.port}{PAGE}{query}",
                             timeout=240) as response:
                status, body = response.status, response.read().decode("utf-8", "replace")
        except urllib.error.HTTPError as exc:
            status, body = exc.code, exc.read().decode("utf-8", "replace")
        self.kernel = kernel_of(body) if status == 200 else None
        return status, body

    def connect(self, kernel: str | None = None, *, cookies: bool = True) -> int:
        """Open the websocket of ``kernel`` (this page's), as the page's script does, with
        this browser's cookies or none: 101 when accepted, else the refusal's status."""
        kernel = kernel or self.kernel
        url = f"ws://127.0.0.1:{self.port}/api/kernels/{kernel}/channels?session_id=" + \
            uuid.uuid4().hex
        headers = {"Cookie": self.cookies()} if cookies else {}

        async def go() -> WebSocketClientConnection:
            return await websocket_connect(HTTPRequest(url, headers=headers),
                                           subprotocols=[PROTOCOL])

        try:
            self.socket = on_loop(go())
        except HTTPClientError as exc:
            return exc.code
        return 101

    def send(self, msg_type: str, channel: str = "shell", content: Any = None) -> None:
        """Send a kernel message over this page's websocket (the v1 protocol)."""
        assert self.socket is not None
        header = {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "username": "page",
                  "session": uuid.uuid4().hex, "date": "2024-01-01T00:00:00Z",
                  "version": "5.3"}
        parts = [channel.encode()] + [json.dumps(p).encode() for p in
                                      (header, {}, {}, content or {})]
        offsets, at = [], 8 * (len(parts) + 2)
        for part in parts:
            offsets.append(at)
            at += len(part)
        offsets.append(at)
        head = len(offsets).to_bytes(8, "little") + b"".join(
            o.to_bytes(8, "little") for o in offsets)
        message, socket = head + b"".join(parts), self.socket

        async def write() -> None:
            await socket.write_message(message, binary=True)

        on_loop(write())

    def closed_within(self, seconds: float) -> bool:
        """Whether the websocket is closed by the server within ``seconds`` (reading and
        dropping what it sends until then)."""
        assert self.socket is not None
        socket = self.socket

        async def wait() -> bool:
            try:
                async with asyncio.timeout(seconds):
                    while await socket.read_message() is not None:
                        pass
                    return True
            except TimeoutError:
                return False

        return on_loop(wait(), seconds + 30)

    def sign(self) -> int:
        """What the page's script sends while a person is at it: the status answered."""
        token = next((c.value for c in self.jar if c.name == "_xsrf"), "")
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            conn.request("POST", f"/voila/api/presence/{self.kernel}",
                         body=f"_xsrf={token}", headers={
                             "Cookie": self.cookies(),
                             "Content-Type": "application/x-www-form-urlencoded"})
            response = conn.getresponse()
            response.read()
            return response.status
        finally:
            conn.close()

    def leave(self) -> None:
        if self.socket is not None:
            self.socket.close()
            self.socket = None


def kernel_alive(port: int, kernel: str) -> bool:
    """Whether the server still has ``kernel`` (its API answers for it)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request("GET", f"/api/kernels/{kernel}")
        response = conn.getresponse()
        response.read()
        return response.status == 200
    finally:
        conn.close()
