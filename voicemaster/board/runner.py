"""The board's server in a thread of its own (its own event loop), beside the host's thread.

It listens through its own sockets rather than aiohttp's sites so that it can refuse a
connection past ``Limits.connections`` at once (a 503 and close): file descriptors stay for
the record and the question history however many connections a device holds open."""

from __future__ import annotations

import asyncio
import threading
from typing import TYPE_CHECKING

from voicemaster.board.limits import LIMITS, Limits, request_log
from voicemaster.board.live import LiveBoard
from voicemaster.board.net import bind_addresses, own_hosts, url
from voicemaster.board.settings import BoardError

if TYPE_CHECKING:
    from aiohttp import web

STOP_TIMEOUT = 5.0
FULL = b"HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"


class Full(asyncio.Protocol):
    """A connection past the cap: told so and closed."""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        transport.write(FULL)
        transport.close()


class Counted(asyncio.Protocol):
    """aiohttp's protocol for one connection, counted from its accept to its close (aiohttp
    registers a connection only a moment after the accept, too late for a burst)."""

    def __init__(self, inner: asyncio.Protocol, open_now: list[int]) -> None:
        self.inner, self.open_now = inner, open_now
        open_now[0] += 1

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.inner.connection_made(transport)

    def data_received(self, data: bytes) -> None:
        self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received()

    def pause_writing(self) -> None:
        self.inner.pause_writing()

    def resume_writing(self) -> None:
        self.inner.resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        self.open_now[0] -= 1
        self.inner.connection_lost(exc)


class BoardServer:
    def __init__(
        self, board: LiveBoard, port: int, address: str | None = None, limits: Limits = LIMITS
    ) -> None:
        self.board = board
        self.limits = limits
        self._servers: list[asyncio.Server] = []
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

        loop = asyncio.get_running_loop()
        self.board.hub.bind(loop)
        app = make_app(self.board, own_hosts(self.addresses), self.limits)
        idle = self.limits.idle
        self._runner = web.AppRunner(
            app,
            access_log=None,
            shutdown_timeout=1.0,
            keepalive_timeout=idle,  # also a new connection's wait for its first request
            lingering_time=idle,
            handler_cancellation=True,
            logger=request_log(),
        )
        await self._runner.setup()
        server, cap, open_now = self._runner.server, self.limits.connections, [0]
        assert server is not None

        def protocol() -> asyncio.Protocol:
            return Full() if open_now[0] >= cap else Counted(server(), open_now)

        for address in self.addresses:
            listening = await loop.create_server(protocol, address, self.port, reuse_address=True)
            self._servers.append(listening)
            if self.port == 0:  # the first socket chose a free port: the others take it too
                self.port = int(listening.sockets[0].getsockname()[1])

    async def _shutdown(self) -> None:
        for listening in self._servers:
            listening.close()
        self.board.hub.end_all()
        await asyncio.sleep(0.05)  # the streams write their end
        if self._runner is not None:
            await self._runner.cleanup()

    def stop(self) -> None:
        if self._thread.is_alive() and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(STOP_TIMEOUT)
