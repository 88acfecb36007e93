"""The board on a living-room TV, measured in a real browser (Debian's headless Chromium over
the DevTools protocol): standard, kompakt with six teams, familie and timeline, each at three
TV sizes and a phone's.  At TV sizes the page fills the screen without scrolling, the question
is at least 4% of the screen height, scores and the countdown at least 6%, no text under 2.5%;
nothing overflows anywhere; kompakt and timeline standings are bars proportional to the score.
Screenshots are kept in test-artifacts/board/tv/."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.board.browser import PHONE, Browser, Page, Size, find_chromium
from voicemaster.board.live import LiveBoard
from voicemaster.board.runner import BoardServer
from voicemaster.decks import load_deck
from voicemaster.records import read_record

ROOT = Path(__file__).resolve().parents[2]
ARTEFACTS = ROOT / "test-artifacts" / "board" / "tv"
TV_SIZES = (Size(1920, 1080), Size(1280, 720), Size(1024, 768))
DECKS = {"kompakt": "standard-en.yaml"}

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(find_chromium() is None, reason="no chromium (scripts/setup installs it)"),
]

# measured in the page (tests/board/measure_tv.js)
MEASURE = (Path(__file__).parent / "measure_tv.js").read_text()


@dataclass
class Scene:
    variant: str
    teams: int
    lines: list[dict[str, Any]]
    card: Any  # the card being asked, or None (timeline: a placement)
    team: str


def scene(variant: str, teams: int, tmp: Path) -> Scene:
    """A simulated game of ``variant`` stopped half-way, before a question (so the page shows a
    question, a countdown, tiles played and open, and scores apart)."""
    record = tmp / f"{variant}.jsonl"
    command = [sys.executable, "-m", "voicemaster", "simulate", "--variant", variant,
               "--teams", str(teams), "--seed", "5", "--through", "text",
               "--record", str(record), "--data", str(tmp / "data")]  # fmt: skip
    subprocess.run(command, cwd=ROOT, check=True, capture_output=True, timeout=120)
    lines = [json.loads(line) for line in record.read_text().splitlines()]
    deck = load_deck(ROOT / "decks" / DECKS.get(variant, f"{variant}-en.yaml"))
    cards = {card.id: card for card in deck.questions}
    for k in range(len(lines) // 2, len(lines)):
        line = lines[k]
        if "card" in line and ("question" in line or "round" not in line):
            game = read_record_lines(lines[:k], tmp)
            if not game.finished:
                team = line.get("question", {}).get("team") or game.teams[0]
                return Scene(variant, teams, lines[:k], cards.get(str(line["card"])), team)
        if variant == "timeline" and k > len(lines) // 2:
            return Scene(variant, teams, lines[:k], None, lines[k].get("team", "red"))
    raise AssertionError(f"no question half-way through the {variant} game")


def read_record_lines(lines: list[dict[str, Any]], tmp: Path) -> Any:
    path = tmp / "part.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return read_record(path).game


async def measure(page: Page, size: Size, name: str) -> dict[str, Any]:
    await page.resize(size)
    await page.wait_for("document.body.dataset.seq", 20)
    await asyncio.sleep(0.3)  # a countdown tick and a layout after the resize
    found: dict[str, Any] = json.loads(await page.evaluate(MEASURE))
    await page.screenshot(ARTEFACTS / f"{name}-{size.width}x{size.height}.png")
    return found


def check_tv(m: dict[str, Any], where: str) -> None:
    h = m["height"]
    assert m["scrollH"] <= h and m["scrollW"] <= m["width"], (where, "scrolls", m)
    assert (m["bottom"] - m["top"]) >= 0.9 * h, (where, "content height", m["top"], m["bottom"])
    assert not m["over"], (where, "overflows", m["over"])
    if m["question"] is not None:  # a timeline placement shows no question
        assert m["question"] >= 0.04 * h, (where, "question", m["question"])
    assert m["scores"] and min(m["scores"]) >= 0.06 * h, (where, "scores", m["scores"])
    assert m["countdown"] >= 0.06 * h and m["countdownText"].endswith(" s"), (where, "countdown")
    assert m["smallest"] >= 0.025 * h, (where, "smallest text", m["smallest"], m["smallestText"])


def check_bars(m: dict[str, Any], goal: int, where: str) -> None:
    for bar in m["bars"]:
        share = bar["fill"] / bar["lane"]
        assert abs(share - min(1.0, bar["score"] / goal)) < 0.02, (where, bar)
        assert (bar["fill"] > 0) == (bar["score"] > 0), (where, bar)
        assert bar["who"]["right"] <= bar["num"]["left"], (where, "name and number apart", bar)


async def show(scene_: Scene, tmp: Path) -> None:
    board = LiveBoard(scene_.lines)
    server = BoardServer(board, 0, "127.0.0.1")
    url = server.start()
    try:
        if scene_.card is not None:
            board.cue("answer", scene_.team, scene_.card)
            board.listen("answer", scene_.team, 30.0)
        else:
            board.listen("place", scene_.team, 30.0)
        name = f"{scene_.variant}-{scene_.teams}"
        async with Browser() as browser:
            page = await browser.page(url, TV_SIZES[0])
            goal = board.model.game.settings.track
            for size in TV_SIZES:
                m = await measure(page, size, name)
                where = f"{name} {size.width}x{size.height}"
                check_tv(m, where)
                check_bars(m, goal, where)
                assert m["banner"] == board.model.public()["turn"]["team"], where
                assert all(p.strip() for p in m["pawns"]), "a pawn without its team's initial"
            m = await measure(page, PHONE, name)
            assert m["scrollW"] <= m["width"] and not m["over"], (name, "phone", m["over"])
            check_bars(m, goal, f"{name} phone")
    finally:
        server.stop()


@pytest.mark.parametrize(
    ("variant", "teams"), [("standard", 4), ("kompakt", 6), ("familie", 4), ("timeline", 4)]
)
def test_the_board_fills_a_tv_and_reads_from_the_sofa(
    variant: str, teams: int, tmp_path: Path
) -> None:
    asyncio.run(show(scene(variant, teams, tmp_path), tmp_path))
    shots = sorted(ARTEFACTS.glob(f"{variant}-{teams}-*.png"))
    assert len(shots) == 4 and all(s.read_bytes().startswith(b"\x89PNG") for s in shots)
