"""Sentences, and the ones the quizmaster says again and again kept ready to play.

The speaker renders and plays one sentence at a time, so the first sentence sounds while the
next is rendered.  Rendered sentences are kept (the most recent ``size``), and the fixed
phrases (verdicts, "Time is up.", the team names, numbers) can be rendered ahead, in the
background, so they play the moment they are said.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable

# A sentence ends at . ! or ? followed by a space and a capital or a digit, unless the word
# before is a title or a single letter (an initial: "J. R. R. Tolkien", "Mr. Bean").
_END = re.compile(r"(?<=[.!?])\s+(?=[\"'(]?[A-Z0-9])")
_NOT_AN_END = re.compile(r"(?:\b(?:Mr|Mrs|Ms|Dr|St|Mt|Jr|Sr|No|vs|etc)|\b[A-Z])\.$")
_CLAUSE = re.compile(r"(?<=[,;:])\s+")
LONG = 9  # words: a first sentence this long starts with its first clause alone


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


class Phrasebook:
    """Rendered sentences by text: the most recent ``size``, plus those prepared ahead."""

    def __init__(self, render: Callable[[str], bytes], size: int = 512) -> None:
        self._render = render
        self.size = size
        self._kept: OrderedDict[str, bytes] = OrderedDict()
        self._lock = threading.Lock()  # one rendering at a time: the CPU goes to the game first
        self._table = threading.Lock()  # guards _kept (the background thread adds to it)
        self.hits = 0
        self.misses = 0
        self.stopped = threading.Event()  # set: render nothing more ahead

    def __contains__(self, sentence: str) -> bool:
        return sentence in self._kept

    def get(self, sentence: str) -> bytes:
        """The sentence's audio: kept, or rendered now (and kept)."""
        with self._table:
            kept = self._kept.get(sentence)
            if kept is not None:
                self._kept.move_to_end(sentence)
                self.hits += 1
                return kept
        with self._lock:
            pcm = self._render(sentence)
        self.misses += 1
        self._keep(sentence, pcm)
        return pcm

    def _keep(self, sentence: str, pcm: bytes) -> None:
        with self._table:
            self._kept[sentence] = pcm
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)

    def prepare(self, phrases: Iterable[str], wait: bool = False) -> threading.Thread:
        """Render ``phrases`` ahead, in a background thread (joined when ``wait``); phrases
        that fail to render are left to be rendered when said."""
        todo = [s for phrase in phrases for s in sentences(phrase)]
        worker = threading.Thread(target=self._prepare, args=(todo,), daemon=True)
        worker.start()
        if wait:
            worker.join()
        return worker

    def _prepare(self, todo: list[str]) -> None:
        for sentence in todo:
            if self.stopped.is_set():
                return
            if sentence in self._kept:
                continue
            try:
                with self._lock:
                    pcm = self._render(sentence)
            except Exception:  # the engine failed: the sentence is rendered when said
                return
            self._keep(sentence, pcm)
