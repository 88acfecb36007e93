"""Whose turn at a glance, in a real browser: the banner takes the answering team's colour
within half a second of the record line, a Bezzerwizzer team answering is shown beside it, and
a team's phone shows its own countdown and whether its answer is asked or sent."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from tests.board.browser import PHONE, TV, Browser, find_chromium
from tests.board.test_board_tv import ARTEFACTS, Scene, scene
from voicemaster.board.live import LiveBoard
from voicemaster.board.runner import BoardServer

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(find_chromium() is None, reason="no chromium (scripts/setup installs it)"),
]
BANNER = "document.getElementById('banner').dataset.team"
ATTACKER = (
    "!document.getElementById('attacker').hidden && document.getElementById('attacker').textContent"
)
STATE = (
    "(document.body.dataset.state + '|' + document.getElementById('team-countdown').textContent)"
)


async def follow_turns(
    board: LiveBoard, url: str, lines: list[dict[str, Any]], rest: list[dict[str, Any]]
) -> None:
    async with Browser() as browser:
        tv = await browser.page(url, TV)
        await tv.wait_for("document.body.dataset.seq", 20)
        shown = 0
        for line in rest[:12]:
            lines.append(line)
            board.on_line(lines, False)
            turn = board.model.public()["turn"]
            if turn is None:
                continue
            await tv.wait_for(f"{BANNER} === {json.dumps(turn['team'])}", 5)
            await tv.wait_for(f"Number(document.body.dataset.seq) >= {board.seq}", 5)
            delays = await tv.evaluate("window.vm.delays")
            assert delays[-1] <= 500, delays  # published to drawn, in ms
            shown += 1
        assert shown >= 3
        team = board.model.public()["turn"]["team"]
        other = next(t for t in board.teams if t != team)
        board.cue("answer", team, None, attacker=other)  # a Bezzerwizzer waits on the question
        board.listen("answer", team, 20.0)
        assert await tv.wait_for(ATTACKER, 5) == f"Bezzerwizzer: {other.capitalize()}"
        board.cue("attacker", other, None)
        board.listen("attacker", other, 20.0)
        assert await tv.wait_for(f"{ATTACKER}.endsWith('answers') && {ATTACKER}", 5)
        await tv.screenshot(ARTEFACTS / "banner-attacker-1920x1080.png")


def serve(first: Scene) -> tuple[LiveBoard, BoardServer, str]:
    board = LiveBoard(first.lines)
    server = BoardServer(board, 0, "127.0.0.1")
    return board, server, server.start()


def test_the_banner_follows_the_record_within_half_a_second(tmp_path: Path) -> None:
    first = scene("standard", 4, tmp_path)
    every = [json.loads(line) for line in (tmp_path / "standard.jsonl").read_text().splitlines()]
    board, server, url = serve(first)
    try:
        asyncio.run(follow_turns(board, url, list(first.lines), every[len(first.lines) :]))
    finally:
        server.stop()


async def phones(board: LiveBoard, url: str, first: Scene) -> None:
    asked = first.team
    other = next(t for t in board.teams if t != asked)
    async with Browser() as browser:
        pages = {}
        for team in (asked, other):
            pages[team] = page = await browser.page(f"{url}team", PHONE)
            assert await page.evaluate(f"vmJoin('{team}', '{board.codes.codes[team]}')") is True
        for page in pages.values():
            assert (await page.wait_for(STATE, 5)).startswith("wait|")
        board.cue("answer", asked, first.card)
        board.listen("answer", asked, 30.0)
        state = await pages[asked].wait_for(
            f"{STATE}.startsWith('asked|') && !{STATE}.endsWith('|') && {STATE}", 5
        )
        assert state.split("|")[1] in ("30 s", "29 s")  # its own window's countdown
        assert (await pages[other].wait_for(STATE, 5)) == "wait|"  # not its turn, no countdown
        await pages[asked].screenshot(ARTEFACTS / "team-asked-390x844.png")
        assert await pages[asked].evaluate("vmAnswer('Paris')") == 202
        assert await pages[asked].wait_for(f"{STATE}.startsWith('sent|') && {STATE}", 5)
        assert await pages[asked].evaluate("document.getElementById('answer-form').hidden")
        await pages[asked].screenshot(ARTEFACTS / "team-sent-390x844.png")
        board.cue("confirm", asked, None)
        board.listen("confirm", asked, 10.0)
        assert await pages[asked].wait_for(f"{STATE}.startsWith('wait|') && {STATE}", 5)


def test_a_teams_phone_shows_its_countdown_and_whether_its_answer_is_asked_or_sent(
    tmp_path: Path,
) -> None:
    first = scene("standard", 4, tmp_path)
    board, server, url = serve(first)
    try:
        asyncio.run(phones(board, url, first))
    finally:
        server.stop()
