"""A headless Chromium driven over the DevTools protocol (tests, the benchmark, the README's
screenshot): open pages at a phone's or a TV's size, evaluate JavaScript, take screenshots.

Uses Debian's ``chromium`` and aiohttp's WebSocket client; no other driver is needed."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import itertools
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp

FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-background-timer-throttling",
    "--disable-renderer-backgrounding",
    "--disable-backgrounding-occluded-windows",
    "--remote-debugging-port=0",
)
BINARIES = ("chromium", "chromium-browser", "google-chrome")


class BrowserUnavailable(Exception):
    """No Chromium to drive here."""


@dataclass(frozen=True)
class Size:
    width: int
    height: int
    mobile: bool = False
    scale: float = 1.0


PHONE = Size(390, 844, mobile=True, scale=2.0)  # a phone in portrait
TV = Size(1920, 1080)  # a TV in landscape


def find_chromium() -> str | None:
    return next((found for name in BINARIES if (found := shutil.which(name))), None)


class Browser:
    def __init__(self) -> None:
        self._ids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._profile = tempfile.TemporaryDirectory(prefix="vm-chromium-")
        self._process: subprocess.Popen[bytes] | None = None
        self._http: aiohttp.ClientSession | None = None
        self._ws: aiohttp.ClientWebSocketResponse | None = None
        self._reader: asyncio.Task[None] | None = None

    async def __aenter__(self) -> Browser:
        binary = find_chromium()
        if binary is None:
            raise BrowserUnavailable("no chromium on the PATH (apt-get install chromium)")
        args = [binary, *FLAGS, f"--user-data-dir={self._profile.name}", "about:blank"]
        self._process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        url = await self._devtools_url(Path(self._profile.name) / "DevToolsActivePort")
        self._http = aiohttp.ClientSession()
        self._ws = await self._http.ws_connect(url, max_msg_size=0)
        self._reader = asyncio.create_task(self._read())
        return self

    async def _devtools_url(self, port_file: Path) -> str:
        for _ in range(300):
            if port_file.exists():
                lines = port_file.read_text().split()
                if len(lines) == 2:
                    return f"ws://127.0.0.1:{lines[0]}{lines[1]}"
            if self._process is not None and self._process.poll() is not None:
                break
            await asyncio.sleep(0.1)
        raise BrowserUnavailable("chromium did not open its DevTools port")

    async def _read(self) -> None:
        assert self._ws is not None
        async for message in self._ws:
            if message.type != aiohttp.WSMsgType.TEXT:
                continue
            data = message.json()
            future = self._waiting.pop(data.get("id", -1), None)
            if future is not None and not future.done():
                future.set_result(data)

    async def send(
        self, method: str, params: dict[str, Any] | None = None, session: str | None = None
    ) -> dict[str, Any]:
        assert self._ws is not None
        number = next(self._ids)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._waiting[number] = future
        message: dict[str, Any] = {"id": number, "method": method, "params": params or {}}
        if session is not None:
            message["sessionId"] = session
        await self._ws.send_json(message)
        reply = await asyncio.wait_for(future, 60)
        if "error" in reply:
            raise RuntimeError(f"{method}: {reply['error'].get('message')}")
        result: dict[str, Any] = reply.get("result", {})
        return result

    async def page(self, url: str, size: Size) -> Page:
        """A page in a context of its own, as on a device of its own (Chromium keeps at most
        six connections to one server per context, and every board page holds one open)."""
        context = await self.send("Target.createBrowserContext", {"disposeOnDetach": True})
        target = await self.send(
            "Target.createTarget",
            {"url": "about:blank", "browserContextId": context["browserContextId"]},
        )
        attached = await self.send(
            "Target.attachToTarget", {"targetId": target["targetId"], "flatten": True}
        )
        page = Page(self, attached["sessionId"])
        await page.resize(size)
        await page.send("Page.enable")
        await page.send("Page.navigate", {"url": url})
        await page.wait_for("document.readyState === 'complete'")
        return page

    async def __aexit__(self, *exc: object) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.send("Browser.close"), 5)
        if self._reader is not None:
            self._reader.cancel()
        if self._ws is not None:
            await self._ws.close()
        if self._http is not None:
            await self._http.close()
        if self._process is not None:
            try:
                self._process.wait(5)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
        self._profile.cleanup()


class Page:
    def __init__(self, browser: Browser, session: str) -> None:
        self.browser = browser
        self.session = session

    async def send(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        return await self.browser.send(method, params, self.session)

    async def resize(self, size: Size) -> None:
        await self.send(
            "Emulation.setDeviceMetricsOverride",
            {
                "width": size.width,
                "height": size.height,
                "deviceScaleFactor": size.scale,
                "mobile": size.mobile,
            },
        )

    async def evaluate(self, expression: str) -> Any:
        reply = await self.send(
            "Runtime.evaluate",
            {"expression": expression, "returnByValue": True, "awaitPromise": True},
        )
        if "exceptionDetails" in reply:
            raise RuntimeError(f"{expression}: {reply['exceptionDetails'].get('text')}")
        return reply.get("result", {}).get("value")

    async def wait_for(self, expression: str, timeout: float = 20.0) -> Any:
        """The value of ``expression`` once it is truthy (TimeoutError after ``timeout``)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            value = await self.evaluate(expression)
            if value:
                return value
            if loop.time() > deadline:
                raise TimeoutError(f"waited {timeout:g} s for {expression}")
            await asyncio.sleep(0.05)

    async def screenshot(self, path: Path) -> bytes:
        shot = await self.send("Page.captureScreenshot", {"format": "png"})
        data = base64.b64decode(shot["data"])
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        return data
