"""The board's server in a thread of its own (its own event loop), beside the host's thread."""

from __future__ import annotations

import asyncio
import threading
from typing import TYPE_CHECKING

from voicemaster.board.live import LiveBoard
from voicemaster.board.net import bind_addresses, url
from voicemaster.board.settings import BoardError

if TYPE_CHECKING:
    from aiohttp import web

STOP_TIMEOUT = 5.0


class BoardServer:
    def __init__(self, board: LiveBoard, port: int, address: str | None = None) -> None:
        self.board = board
        self.addresses = bind_addresses(address)  # BoardError for a public address
        self.port = port
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="board", daemon=True)
        self._runner: web.AppRunner | None = None

    @property
    def url(self) -> str:
        return url(self.addresses[0], self.port)

    def start(self) -> str:
        """Serve; the address shown on the page (BoardError when the port is taken)."""
        self._thread.start()
        self._ready.wait()
        if self._error is not None:
            raise BoardError(f"cannot serve the board on port {self.port}: {self._error}")
        self.board.url = self.url
        self.board.publish()
        return self.url

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            self._loop.run_until_complete(self._serve())
        except OSError as exc:
            self._error = exc
            self._ready.set()
            return
        self._ready.set()
        self._loop.run_forever()
        self._loop.run_until_complete(self._shutdown())
        self._loop.close()

    async def _serve(self) -> None:
        from aiohttp import web

        from voicemaster.board.server import make_app

        self.board.hub.bind(asyncio.get_running_loop())
        self._runner = web.AppRunner(make_app(self.board), access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        for address in self.addresses:
            site = web.TCPSite(self._runner, address, self.port)
            await site.start()
            if self.port == 0:  # the first site chose a free port: the others take it too
                self.port = int(self._runner.addresses[0][1])

    async def _shutdown(self) -> None:
        self.board.hub.end_all()
        await asyncio.sleep(0.05)  # the streams write their end
        if self._runner is not None:
            await self._runner.cleanup()

    def stop(self) -> None:
        if self._thread.is_alive() and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(STOP_TIMEOUT)
