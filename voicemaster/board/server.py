"""The board's HTTP side on aiohttp: the page, its assets, ``/state``, ``/events`` (SSE), the
QR code of the address, and the private team views.  Read-only for everybody but a team's
own answer; requests from outside the local network, or naming another host (DNS
rebinding), are refused.  See docs/board-server.md for every limit."""

from __future__ import annotations

import asyncio
import io
import json
from collections.abc import Awaitable, Callable
from importlib import resources
from typing import Any

from aiohttp import web

from voicemaster.board.hub import PUBLIC, channel_of
from voicemaster.board.limits import LIMITS, Limits
from voicemaster.board.live import LiveBoard, Refusal
from voicemaster.board.net import host_name, is_local

KEEPALIVE = 15.0  # seconds between comments on an idle stream
ASSETS = {
    "board.css": "text/css",
    "board.js": "text/javascript",
    "team.js": "text/javascript",
    "icon.svg": "image/svg+xml",
}
PAGES = {"/": "board.html", "/team": "team.html"}
HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; base-uri 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
BOARD: web.AppKey[LiveBoard] = web.AppKey("board", LiveBoard)
HOSTS: web.AppKey[frozenset[str]] = web.AppKey("hosts", frozenset)
LIMITS_KEY: web.AppKey[Limits] = web.AppKey("limits", Limits)


def asset(name: str) -> bytes:
    return (resources.files("voicemaster.board") / "static" / name).read_bytes()


def refused(why: Refusal) -> web.Response:
    return web.json_response({"error": why.reason}, status=why.status, headers=HEADERS)


@web.middleware
async def local_only(request: web.Request, handler: Handler) -> web.StreamResponse:
    peer = request.remote or ""
    if not is_local(peer):
        return refused(Refusal(403, "the board serves only the local network"))
    if host_name(request.headers.get("Host", "")) not in request.app[HOSTS]:
        return refused(Refusal(421, "this board answers only to its own address"))
    response = await handler(request)
    if not response.prepared:
        response.headers.update({k: v for k, v in HEADERS.items() if k not in response.headers})
    return response


async def page(request: web.Request) -> web.Response:
    name = PAGES[request.path]
    return web.Response(body=asset(name), content_type="text/html", charset="utf-8")


async def static(request: web.Request) -> web.Response:
    name = request.match_info["name"]
    if name not in ASSETS:
        raise web.HTTPNotFound()
    return web.Response(body=asset(name), content_type=ASSETS[name])


async def state(request: web.Request) -> web.Response:
    found = request.app[BOARD].hub.latest(PUBLIC)
    return web.json_response(found or {})


async def qr(request: web.Request) -> web.Response:
    import segno  # pure Python, drawn once per request (a phone opens it once)

    out = io.BytesIO()
    code = segno.make(request.app[BOARD].url or "http://127.0.0.1/", error="m")
    code.save(out, kind="svg", scale=6, dark="#111", light="#fff", xmldecl=False)
    return web.Response(body=out.getvalue(), content_type="image/svg+xml")


def resume_point(request: web.Request) -> int | None:
    """The last event a page has: the browser's ``Last-Event-ID`` when it reconnects, else
    ``?after=`` (a team view that drew ``/team/state`` before opening its stream)."""
    last = request.headers.get("Last-Event-ID", "") or request.query.get("after", "")
    return int(last) if last.isascii() and last.isdigit() and len(last) < 12 else None


async def stream(request: web.Request, channel: str) -> web.StreamResponse:
    hub = request.app[BOARD].hub
    response = web.StreamResponse(
        headers={"Content-Type": "text/event-stream", "X-Accel-Buffering": "no", **HEADERS}
    )
    queue = hub.subscribe(channel, resume_point(request))  # before the page hears it is open
    try:
        await response.prepare(request)
        await response.write(b"retry: 1000\n\n")
        while True:
            try:
                text = await asyncio.wait_for(queue.get(), KEEPALIVE)
            except TimeoutError:
                await response.write(b": still here\n\n")
                continue
            if text is None:
                break
            await response.write(text.encode("utf-8"))
    except (ConnectionResetError, asyncio.CancelledError):
        pass
    finally:
        hub.unsubscribe(channel, queue)
    return response


async def events(request: web.Request) -> web.StreamResponse:
    return await stream(request, PUBLIC)


def team_and_code(request: web.Request, body: dict[str, Any] | None = None) -> tuple[str, str]:
    source: Any = body if body is not None else request.query
    return str(source.get("team", "")).lower(), str(source.get("code", ""))


async def team_state(request: web.Request) -> web.Response:
    team, code = team_and_code(request)
    found = request.app[BOARD].view(team, code, request.remote or "")
    if isinstance(found, Refusal):
        return refused(found)
    return web.json_response(found)


async def team_events(request: web.Request) -> web.StreamResponse:
    team, code = team_and_code(request)
    refusal = request.app[BOARD].authorize(team, code, request.remote or "")
    if refusal is not None:
        return refused(refusal)
    return await stream(request, channel_of(team))


async def json_body(request: web.Request) -> Any:
    """The request's JSON body; a Refusal when it is not JSON, too deep, or too slow to come."""
    if request.content_type != "application/json":
        return Refusal(415, "send the answer as application/json")
    try:
        raw = await asyncio.wait_for(request.read(), request.app[LIMITS_KEY].body)
    except TimeoutError:
        return Refusal(408, "the request's body did not arrive in time")
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):  # not JSON, not UTF-8, or nested too deep
        return None


async def team_answer(request: web.Request) -> web.Response:
    body = await json_body(request)
    if isinstance(body, Refusal):
        return refused(body)
    if not isinstance(body, dict) or not isinstance(body.get("text", ""), str):
        return refused(Refusal(400, 'send JSON: {"team": ..., "code": ..., "text": ...}'))
    team, code = team_and_code(request, body)
    why = request.app[BOARD].answer(team, code, str(body.get("text", "")), request.remote or "")
    if why is not None:
        return refused(why)
    return web.json_response({"status": "taken"}, status=202)


def make_app(board: LiveBoard, hosts: frozenset[str], limits: Limits = LIMITS) -> web.Application:
    """The board's routes; ``hosts``: the names its pages may use (see ``net.own_hosts``)."""
    app = web.Application(middlewares=[local_only], client_max_size=4096)
    app[BOARD], app[HOSTS], app[LIMITS_KEY] = board, hosts, limits
    app.router.add_get("/", page)
    app.router.add_get("/team", page)
    app.router.add_get("/static/{name}", static)
    app.router.add_get("/state", state)
    app.router.add_get("/events", events)
    app.router.add_get("/qr.svg", qr)
    app.router.add_get("/team/state", team_state)
    app.router.add_get("/team/events", team_events)
    app.router.add_post("/team/answer", team_answer)
    return app
