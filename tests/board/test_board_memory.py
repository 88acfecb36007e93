"""A game's memory stays flat, event after event, once the board's replay buffer is full:
measured with tracemalloc over a bounded number of events (a long game on a Pi must not grow
by megabytes)."""

from __future__ import annotations

import gc
import time
import tracemalloc
from collections.abc import Callable
from types import SimpleNamespace

from tests.helpers.board import Listener, kompakt_lines, serving
from voicemaster.board.hub import REPLAY
from voicemaster.decks import load_deck
from voicemaster.host.setup.decks import DEFAULT_DECK
from voicemaster.judge import judge
from voicemaster.judge.model import AnswerKey
from voicemaster.places import PROJECT


def growth(
    warm: int, measured: int, step: Callable[[int], None], settle: Callable[[], None] = gc.collect
) -> float:
    """Bytes still held per step after ``measured`` steps that follow ``warm`` steps."""
    tracemalloc.start()
    try:
        for n in range(warm):
            step(n)
        settle()
        gc.collect()
        before = tracemalloc.get_traced_memory()[0]
        for n in range(warm, warm + measured):
            step(n)
        settle()
        gc.collect()
        return (tracemalloc.get_traced_memory()[0] - before) / measured
    finally:
        tracemalloc.stop()


def test_the_board_holds_no_more_per_event_past_its_replay_buffer() -> None:
    lines, _ = kompakt_lines()
    with serving(lines) as (board, url):
        listener = Listener(url)
        listener.start()
        listener.connected.wait(5)

        def event(n: int) -> None:  # a new card read and a countdown: one event each
            card = SimpleNamespace(id=f"card-{n}", category="Music", question=f"Q{n} " * 20,
                                   answer=f"A{n}")  # fmt: skip
            board.cue("answer", "red", card)
            board.listen("answer", "red", 30.0)
            listener.messages.clear()  # what the page has drawn is gone from memory

        def caught_up() -> None:  # the page has every event (none waits in its queue)
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline:
                last = listener.messages[-1:]
                if last and last[0]["seq"] == board.seq:
                    break
                time.sleep(0.01)
            listener.messages.clear()

        per_event = growth(REPLAY + 100, 300, event, caught_up)
        board.finish()
    listener.join(10)
    assert per_event < 100, f"{per_event:.0f} bytes per event"


def test_judging_card_after_card_keeps_memory_bounded() -> None:
    deck = load_deck(PROJECT / DEFAULT_DECK)  # one category's answers: every card's competitors
    answers = sorted({c.answer for c in deck.questions if c.category == "Music"})
    k = len(answers)

    def question(n: int) -> None:  # a new key each time, as each card of a game is
        others = answers[n % k :] + answers[: n % k]
        key = AnswerKey(answer=answers[n % k], competitors=tuple(others[1 + n // k :]))
        judge(answers[(n + 1) % k], key)

    per_card = growth(150, 200, question)  # a game's 150 cards, then 200 more
    assert per_card < 1000, f"{per_card:.0f} bytes per card"
