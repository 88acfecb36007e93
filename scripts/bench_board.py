#!/usr/bin/env python3
"""The live board under load: open pages and private team views in headless Chromium through
a whole simulated game (`voicemaster simulate --board --pace --board-setup`): every event from
the state a page drew when it opened must reach it (else the script exits 1), and the delay
from publishing an event to the page receiving it (p50, p95, max).

Two games with the same seed in one run: the baseline with one board page, then the load with
``--pages`` board pages and ``--views`` team views.  Every page is open before the game
begins: the simulated game waits at set-up until every team has joined with the code its
board shows.  Delays are measured by the pages themselves (``Date.now()`` minus the event's
publishing time, one clock).

Run: ``.venv/bin/python scripts/bench_board.py [--pages 12] [--views 4] [--pace 0.05]``.
Never run by the tests; needs Debian's chromium (scripts/setup --test installs it).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.board.browser import PHONE, TV, Browser, Page  # noqa: E402

STATS = "JSON.stringify({seqs: vm.seqs, delays: vm.delays, reconnects: vm.reconnects})"
FIRST = "window.vm.seqs.length && window.vm.seqs[0]"  # the state a page drew when it opened


def start(args: argparse.Namespace, record: Path) -> tuple[subprocess.Popen[str], str]:
    """The simulated game, waiting at set-up until every team has joined (its board shows the
    codes meanwhile)."""
    command = [
        sys.executable, "-m", "voicemaster", "simulate", "--teams", "4",
        "--seed", str(args.seed),
        "--record", str(record), "--board", "0", "--board-address", "127.0.0.1",
        "--pace", str(args.pace), "--board-linger", "600", "--board-setup", "600",
    ]  # fmt: skip
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    game = subprocess.Popen(
        command, cwd=ROOT, env=env, text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert game.stderr is not None
    found = re.search(r"board is at (\S+)$", game.stderr.readline())
    if not found:
        game.kill()
        raise SystemExit("the simulated game did not start its board")
    return game, found.group(1)


def fetch(url: str) -> dict[str, Any]:
    with urllib.request.urlopen(url, timeout=10) as reply:
        found: dict[str, Any] = json.loads(reply.read())
    return found


async def open_pages(
    browser: Browser, url: str, pages: int, views: int
) -> tuple[list[Page], list[int]]:
    """Every page open before the game begins: the board pages, then the team views joined
    with the codes the board shows at set-up; the teams without a view join over plain HTTP,
    and the game begins.  Also the first event each page drew."""
    opened: list[Page] = []
    for n in range(pages):
        opened.append(await browser.page(url, PHONE if n % 2 else TV))
    codes: dict[str, str] = fetch(f"{url}state")["codes"]
    for team in list(codes)[:views]:
        view = await browser.page(f"{url}team", PHONE)
        if await view.evaluate(f"vmJoin('{team}', '{codes[team]}')") is not True:
            raise SystemExit(f"team {team} could not join its view")
        opened.append(view)
    for team in list(codes)[views:]:
        fetch(f"{url}team/state?{urlencode({'team': team, 'code': codes[team]})}")
    return opened, [await page.wait_for(FIRST, 30) for page in opened]


async def measure(args: argparse.Namespace, pages: int, views: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        game, url = start(args, Path(folder) / "game.jsonl")
        try:
            async with Browser() as browser:
                opened, first = await open_pages(browser, url, pages, views)
                loop = asyncio.get_running_loop()
                await loop.run_in_executor(None, game.stdout.readline)  # type: ignore[union-attr]
                final = int(fetch(f"{url}state")["seq"])
                for page in opened:
                    with contextlib.suppress(TimeoutError):  # counted as missing below
                        await page.wait_for(f"window.vm.lastSeq >= {final}", 10)
                stats = [json.loads(await page.evaluate(STATS)) for page in opened]
                for page_stats, seq in zip(stats, first, strict=True):
                    page_stats["first"] = seq
        finally:
            game.terminate()
            game.wait(10)
    return summarise(stats, final, pages, views)


def summarise(stats: list[dict[str, Any]], final: int, pages: int, views: int) -> dict[str, Any]:
    delays = sorted(d for s in stats for d in s["delays"][1:])  # the first is the latest state
    missing = 0
    for number, s in enumerate(stats):
        name = f"board page {number + 1}" if number < pages else f"team view {number - pages + 1}"
        lost = sorted(set(range(s["first"], final + 1)) - set(s["seqs"]))
        if lost:
            print(f"{name}: events {lost} never arrived", file=sys.stderr)
        expected = 0 if number < pages else 1  # a view's stream ends with the game, once
        if s["reconnects"] != expected:
            print(f"{name}: reconnected {s['reconnects']} times", file=sys.stderr)
        missing += len(lost)
    quantiles = statistics.quantiles(delays, n=100) if len(delays) > 1 else [0.0] * 99
    return {
        "pages": pages,
        "views": views,
        "events": final,
        "received": sum(len(s["seqs"]) for s in stats),
        "missing": missing,
        "p50_ms": quantiles[49],
        "p95_ms": quantiles[94],
        "max_ms": max(delays) if delays else 0.0,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=12, help="board pages (default 12)")
    parser.add_argument("--views", type=int, default=4, help="private team views (default 4)")
    parser.add_argument("--pace", type=float, default=0.05, help="seconds per listening point")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    baseline = asyncio.run(measure(args, 1, 0))
    load = asyncio.run(measure(args, args.pages, args.views))
    print(f"{'':10} {'pages':>5} {'views':>5} {'events':>6} {'missing':>7} "
          f"{'p50 ms':>7} {'p95 ms':>7} {'max ms':>7}")  # fmt: skip
    for name, row in (("baseline", baseline), ("load", load)):
        print(
            f"{name:10} {row['pages']:5d} {row['views']:5d} {row['events']:6d} "
            f"{row['missing']:7d} {row['p50_ms']:7.1f} {row['p95_ms']:7.1f} {row['max_ms']:7.1f}"
        )
    print(json.dumps({"baseline": baseline, "load": load}))
    return 1 if load["missing"] or baseline["missing"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
