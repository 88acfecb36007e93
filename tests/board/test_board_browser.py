"""A real browser (Debian's headless chromium over the DevTools protocol) on the board of a
simulated game served by `voicemaster simulate --board`: the page shows the positions the record
says, at a phone's and a TV's size; screenshots are kept in test-artifacts/board/ (CI
artefacts)."""

from __future__ import annotations

import asyncio
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.board.browser import PHONE, TV, Browser, Page, find_chromium
from tests.helpers.board import Listener, get, view
from voicemaster.records import read_record

ROOT = Path(__file__).resolve().parents[2]
ARTEFACTS = ROOT / "test-artifacts" / "board"
POSITIONS = (
    "JSON.stringify([document.body.dataset.seq, Object.fromEntries("
    "[...document.querySelectorAll('#teams .position')]"
    ".map(e => [e.dataset.team, Number(e.textContent)]))])"
)
OVERFLOW = "document.documentElement.scrollWidth - window.innerWidth"

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(find_chromium() is None, reason="no chromium (scripts/setup installs it)"),
]


CODES = (
    "JSON.stringify(Object.fromEntries([...document.querySelectorAll('#code-list li')]"
    ".map(e => [e.dataset.team, e.textContent.split(' ').pop()])))"
)


def start_game(record: Path) -> tuple[subprocess.Popen[str], str]:
    """The simulated game waits at set-up (up to a minute) until every team has joined."""
    command = [
        sys.executable, "-m", "voicemaster", "simulate", "--teams", "4", "--seed", "7",
        "--track", "12", "--home-stretch", "3", "--record", str(record),
        "--board", "0", "--board-address", "127.0.0.1", "--pace", "0.08", "--board-linger", "60",
        "--board-setup", "60",
    ]  # fmt: skip
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    game = subprocess.Popen(
        command, cwd=ROOT, env=env, text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert game.stderr is not None
    notice = game.stderr.readline()
    found = re.search(r"board is at (\S+)$", notice)
    assert found, notice
    return game, found.group(1)


async def shown(page: Page) -> tuple[int, dict[str, int]]:
    seq, positions = json.loads(await page.evaluate(POSITIONS))
    return int(seq), positions


async def join_at_setup(url: str, tv: Page, team: Page) -> None:
    """The board shows every team's code at set-up: red joins on its phone with the code read
    off the page, the others over plain HTTP, and the game begins."""
    await tv.wait_for("document.querySelectorAll('#code-list li').length === 4", 30)
    codes = json.loads(await tv.evaluate(CODES))
    status, state = get(f"{url}state")
    assert status == 200 and codes == state["codes"] and len(set(codes.values())) == 4
    await tv.screenshot(ARTEFACTS / "board-tv-setup.png")
    assert await team.evaluate(f"vmJoin('red', '{codes['red']}')") is True
    for other in [t for t in codes if t != "red"]:
        assert view(url, other, codes[other])[0] == 200


async def message(listener: Listener, seq: int) -> dict[str, Any]:
    """The event the page drew, as the listener's own stream brought it: the page and the
    listener read the stream on two connections, so the listener may be a moment behind."""
    for _ in range(100):
        found = [m for m in listener.messages if m["seq"] == seq]
        if found:
            return found[0]
        await asyncio.sleep(0.1)
    raise AssertionError(f"the listener never got event {seq}: {listener.seqs()[-5:]}")


async def follow(url: str, record: Path, game: Any) -> list[str]:
    listener = Listener(url)
    listener.start()
    notes = []
    async with Browser() as browser:
        phone = await browser.page(url, PHONE)
        tv = await browser.page(url, TV)
        team = await browser.page(f"{url}team", PHONE)
        await join_at_setup(url, tv, team)
        for page in (phone, tv):
            await page.wait_for("Number(document.body.dataset.seq) > 25", 60)
        for name, page in (("phone", phone), ("tv", tv)):
            seq, positions = await shown(page)
            published = await message(listener, seq)
            assert positions == {t["name"]: t["position"] for t in published["teams"]}
            assert await page.evaluate(OVERFLOW) <= 0  # nothing sideways to scroll
            assert await page.evaluate("document.getElementById('codes').hidden") is True
            assert "codes" not in published
            await page.screenshot(ARTEFACTS / f"board-{name}-playing.png")
        await team.screenshot(ARTEFACTS / "team-phone.png")
        assert await team.evaluate("document.getElementById('me').textContent") == "Red"
        await asyncio.get_running_loop().run_in_executor(None, game.stdout.readline)
        final = read_record(record).game
        for name, page in (("phone", phone), ("tv", tv)):
            await page.wait_for("window.vm.last && window.vm.last.finished", 20)
            _seq, positions = await shown(page)
            assert positions == final.positions
            notes.append(await page.evaluate("document.getElementById('turn').textContent"))
            await page.screenshot(ARTEFACTS / f"board-{name}-final.png")
        await check_team_followed(team, await phone.evaluate("window.vm.lastSeq"))
    return notes


async def check_team_followed(team: Page, final: int) -> None:
    """The team view got every event from its joining on; when the game ended its code
    expired and it followed the public board to the end."""
    expired = "document.getElementById('reply').textContent.includes('expired')"
    await team.wait_for(f"{expired} && window.vm.lastSeq >= {final}", 20)
    seqs = await team.evaluate("window.vm.seqs")
    assert seqs == list(range(seqs[0], final + 1))
    assert await team.evaluate("window.vm.last.board.finished") is True


def test_the_board_in_a_browser_shows_the_records_positions(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    game, url = start_game(record)
    try:
        notes = asyncio.run(follow(url, record, game))
    finally:
        game.terminate()
        game.wait(10)
    winner = read_record(record).game.winner
    assert notes == [f"{str(winner).capitalize()} wins!"] * 2
    names = ("board-tv-setup", "board-phone-playing", "board-tv-playing", "team-phone")
    for name in (*names, "board-tv-final"):
        data = (ARTEFACTS / f"{name}.png").read_bytes()
        assert data.startswith(b"\x89PNG") and len(data) > 10_000
    width = int.from_bytes((ARTEFACTS / "board-tv-final.png").read_bytes()[16:20], "big")
    assert width == TV.width
