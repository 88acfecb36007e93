"""Sentences, and the ones the quizmaster says again and again kept ready to play.

The speaker renders and plays one sentence at a time, so the first sentence sounds while the
next is rendered.  Rendered sentences are kept (the most recent ``size``), and lines can be
rendered ahead, in the background, so they play the moment they are said: the fixed phrases
(verdicts, "Time is up.", the team names, numbers) once, and the next question while the
team may still call Bezzerwizzer.

One sentence is rendered at a time (the CPU goes to the game first), in the order of
:data:`LEVELS`: a line being said, then a line said next, then the fixed phrases.  A
sentence being rendered ahead when it is said is waited for, never rendered twice; one that is
never said costs its memory, and delays what is said by at most the sentence in progress.
"""

from __future__ import annotations

import atexit
import re
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Iterable

# A sentence ends at . ! or ? followed by a space and a capital or a digit, unless the word
# before is a title or a single letter (an initial: "J. R. R. Tolkien", "Mr. Bean").
_END = re.compile(r"(?<=[.!?])\s+(?=[\"'(]?[A-Z0-9])")
_NOT_AN_END = re.compile(r"(?:\b(?:Mr|Mrs|Ms|Dr|St|Mt|Jr|Sr|No|vs|etc)|\b[A-Z])\.$")
_CLAUSE = re.compile(r"(?<=[,;:])\s+")
LONG = 9  # words: a first sentence this long starts with its first clause alone
AHEAD, SOON, NOW = 0, 1, 2  # who renders first: fixed phrases < a line said next < one said now
LEVELS = (AHEAD, SOON, NOW)
Pause = str  # before a piece: "" (none), "clause" (a comma's) or "sentence"
EXIT_WAIT_S = 5.0  # at exit, how long a sentence being rendered ahead is waited for
_LIVE: weakref.WeakSet[Phrasebook] = weakref.WeakSet()  # phrasebooks that may render ahead


@atexit.register
def _stop_rendering_ahead() -> None:
    """At exit, stop every phrasebook's rendering ahead and wait for the sentence in
    progress: a native engine (Piper's onnxruntime) torn down under a running thread aborts
    the process ("terminate called without an active exception")."""
    books = list(_LIVE)
    for book in books:
        book.stopped.set()
    for book in books:
        book.settle(EXIT_WAIT_S)


def sentences(text: str) -> list[str]:
    """``text`` cut into sentences (spaces tidied; empty text gives none)."""
    text = " ".join(text.split())
    out: list[str] = []
    start = 0
    for match in _END.finditer(text):
        piece = text[start : match.start()]
        if _NOT_AN_END.search(piece):
            continue
        out.append(piece)
        start = match.end()
    if text[start:]:
        out.append(text[start:])
    return out


def first_clause(sentence: str) -> list[str]:
    """A long sentence as its first clause (up to a comma, semicolon or colon, three words at
    least) and the rest, so its first words can play while the rest is rendered; otherwise the
    sentence as it is."""
    if len(sentence.split()) < LONG:
        return [sentence]
    for match in _CLAUSE.finditer(sentence):
        head, tail = sentence[: match.start()], sentence[match.end() :]
        if len(head.split()) >= 3 and len(tail.split()) >= 3:
            return [head, tail]
    return [sentence]


def pieces(text: str) -> list[tuple[str, Pause]]:
    """``text`` as it is rendered and played: its sentences, a long first one as its first
    clause and the rest, each with the pause before it."""
    out: list[tuple[str, Pause]] = []
    for index, sentence in enumerate(sentences(text)):
        parts = first_clause(sentence) if index == 0 else [sentence]
        out += zip(parts, ["sentence" if index else "", "clause"], strict=False)
    return out


class Phrasebook:
    """Rendered sentences by text: the most recent ``size``, plus those prepared ahead."""

    def __init__(self, render: Callable[[str], bytes], size: int = 512) -> None:
        self._render = render
        self.size = size
        self._kept: OrderedDict[str, bytes] = OrderedDict()
        self._rendering: set[str] = set()  # sentences being rendered now (one, at most)
        self._queued = [0] * len(LEVELS)  # renderings waiting for their turn, by level
        self._busy = False  # a sentence is being rendered
        self._workers = 0  # background threads rendering ahead
        self._state = threading.Condition()  # guards all the above
        self.hits = 0  # sentences found kept when said
        self.misses = 0  # ... rendered when said
        self.waits = 0  # ... found being rendered ahead when said, and waited for
        self.stopped = threading.Event()  # set: render nothing more ahead
        _LIVE.add(self)

    def __contains__(self, sentence: str) -> bool:
        with self._state:
            return sentence in self._kept

    def get(self, sentence: str) -> bytes:
        """The sentence's audio: kept; being rendered ahead (waited for); or rendered now,
        before anything rendered ahead (and kept)."""
        with self._state:
            if sentence in self._rendering:
                self.waits += 1
                self._state.wait_for(lambda: sentence not in self._rendering)
            kept = self._kept.get(sentence)
            if kept is not None:
                self._kept.move_to_end(sentence)
                self.hits += 1
                return kept
            self.misses += 1
            self._rendering.add(sentence)
            self._take_turn(NOW)
        return self._rendered(sentence)

    def _take_turn(self, level: int) -> None:
        """Wait (holding ``_state``) until nothing is rendered and nothing more urgent waits."""
        self._queued[level] += 1
        try:
            self._state.wait_for(lambda: not self._busy and not any(self._queued[level + 1 :]))
        finally:
            self._queued[level] -= 1
        self._busy = True

    def _rendered(self, sentence: str) -> bytes:
        """Render ``sentence`` (its turn taken, marked as rendering), keep it, hand on."""
        pcm: bytes | None = None
        try:
            pcm = self._render(sentence)
            return pcm
        finally:
            with self._state:
                if pcm is not None:
                    self._keep(sentence, pcm)
                self._busy = False
                self._rendering.discard(sentence)
                self._state.notify_all()

    def _keep(self, sentence: str, pcm: bytes) -> None:
        self._kept[sentence] = pcm
        while len(self._kept) > self.size:
            self._kept.popitem(last=False)

    def prepare(
        self, phrases: Iterable[str], wait: bool = False, level: int = AHEAD
    ) -> threading.Thread | None:
        """Render ``phrases`` ahead (as they are said: see :func:`pieces`), in a background
        thread (joined when ``wait``), at ``level`` (AHEAD or SOON); phrases that fail to
        render are left to be rendered when said.  None when all are kept already."""
        todo = [p for phrase in phrases for p, _ in pieces(phrase)]
        with self._state:
            for sentence in todo:
                if sentence in self._kept:
                    self._kept.move_to_end(sentence)  # wanted again: the last to be dropped
            todo = [s for s in dict.fromkeys(todo) if s not in self._kept]
            if not todo or self.stopped.is_set():
                return None
            self._workers += 1
        worker = threading.Thread(target=self._prepare, args=(todo, level), daemon=True)
        worker.start()
        if wait:
            worker.join()
        return worker

    def _prepare(self, todo: list[str], level: int) -> None:
        try:
            for sentence in todo:
                if self.stopped.is_set() or not self._claim(sentence, level):
                    continue
                try:
                    self._rendered(sentence)
                except Exception:  # the engine failed: the sentence is rendered when said
                    return
        finally:
            with self._state:
                self._workers -= 1
                self._state.notify_all()

    def _claim(self, sentence: str, level: int) -> bool:
        """Take the turn to render ``sentence`` ahead; False (no turn taken) when it is kept
        or being rendered already."""
        with self._state:
            if sentence in self._kept or sentence in self._rendering:
                return False
            self._take_turn(level)
            if sentence in self._kept or sentence in self._rendering:  # said meanwhile
                self._busy = False
                self._state.notify_all()
                return False
            self._rendering.add(sentence)
            return True

    def settle(self, timeout: float | None = None) -> bool:
        """Wait until nothing is rendered ahead any more; False when ``timeout`` passed."""
        with self._state:
            return self._state.wait_for(lambda: self._workers == 0, timeout)
