"""The speech benchmark's corpus (scripts/bench_speech.py), made at run time.

Questions of decks/standard-en.yaml (or a built-in list) answered by flite (slt, rms, awb) and
espeak-ng voices at two speeds, clean and with white noise at 20 and 10 dB SNR: right answers,
wrong answers inside the grammar (another answer of the category) and outside it.  Plus real
recordings from ../shared/corpora: FSDD digits (8 kHz, resampled) and Speech Commands (digits,
yes/no, other words).  Every utterance sits in a scene (lead-in, utterance, trailing pause)
streamed through the listener chunk by chunk.  Also the Bezzerwizzer shouts, and the outcome of
one case heard by one system.
"""

from __future__ import annotations

import csv
import random
import sys
from dataclasses import dataclass
from itertools import zip_longest
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from voicemaster.judge import AnswerKey, normalise  # noqa: E402
from voicemaster.speech import audio  # noqa: E402
from voicemaster.speech.base import Heard  # noqa: E402
from voicemaster.speech.synth import render  # noqa: E402

CORPORA = ROOT.parent / "shared" / "corpora"
LEAD_S, TRAIL_S = 0.6, 1.4
BUILTIN = [  # (category, question, answer)
    ("Geography", "What is the capital of France?", "Paris"),
    ("Geography", "What is the highest mountain on Earth?", "Mount Everest"),
    ("Geography", "Which river flows through Cairo?", "The Nile"),
    ("Geography", "What is the largest ocean?", "The Pacific"),
    ("History", "Who was the first president of the United States?", "George Washington"),
    ("History", "Which French emperor lost at Waterloo?", "Napoleon"),
    ("History", "Which ship sank in 1912 after hitting an iceberg?", "The Titanic"),
    ("History", "Who was the Roman general who crossed the Rubicon?", "Julius Caesar"),
    ("Music", "Which band recorded Yellow Submarine?", "The Beatles"),
    ("Music", "Which composer wrote the Moonlight Sonata?", "Beethoven"),
    ("Music", "Which instrument has eighty-eight keys?", "The piano"),
    ("Music", "Who was known as the King of Rock and Roll?", "Elvis Presley"),
    ("Science", "What gas do plants take in?", "Carbon dioxide"),
    ("Science", "What is the closest star to Earth?", "The Sun"),
    ("Science", "How do plants turn light into food?", "Photosynthesis"),
    ("Science", "What is the chemical symbol for gold?", "Au"),
]
OUTSIDERS = ["London", "Albert Einstein", "chocolate cake", "the moon", "basketball",
             "Shakespeare", "a horse", "seventeen", "the red sea", "Madrid"]  # fmt: skip
DIGITS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]

Item = tuple[str, str, str, tuple[str, ...]]  # (category, question, answer, accept)


@dataclass
class Case:
    group: str  # e.g. "flite clean", "fsdd"
    kind: str  # right | wrong_in | wrong_out | shout | other
    spoken: str
    key: AnswerKey
    pcm: bytes  # the whole scene
    speech_end_s: float  # true end of speech in the scene
    speech_s: float
    mode: str = "answer"  # answer | yesno
    truth_yes: bool | None = None


@dataclass
class Outcome:
    verdict: str
    heard: Heard | None
    latency_ms: float | None = None
    decode_ms: float = 0.0
    audio_s: float = 0.0  # length of the utterance handed to the recognizer
    early: bool = False  # ended on a complete phrase before the full trailing silence
    endpoint_ms: float = 0.0  # audio from the endpointer's last speech frame to the end decision


def load_items(limit: int, seed: int) -> list[Item]:
    """(category, question, answer, accept) - from the bundled deck when there is one."""
    deck_path = ROOT / "decks" / "standard-en.yaml"
    rows: list[Item] = []
    if deck_path.exists():
        from voicemaster.decks.loader import load_deck

        deck = load_deck(deck_path)
        rows = [(c.category, c.question, c.answer, c.accept) for c in deck.questions
                if not c.options and len(c.answer.split()) <= 3]  # fmt: skip
        print(f"questions: {deck_path.name} ({len(deck.questions)} cards)")
    if not rows:
        rows = [(c, q, a, ()) for c, q, a in BUILTIN]
        print("questions: built-in list (decks/standard-en.yaml not found)")
    random.Random(seed).shuffle(rows)
    return rows[:limit]


def truth_end(pcm: bytes) -> float:
    arr = audio.to_array(pcm).astype(float)
    n = len(arr) // 160
    energy = np.mean(arr[: n * 160].reshape(n, 160) ** 2, axis=1)
    loud = np.flatnonzero(energy >= energy.max() * 10**-3.5)
    return float((loud[-1] + 1) * 0.01) if loud.size else len(arr) / 16000


def scene(speech: bytes, rng: np.random.Generator, snr: float | None) -> tuple[bytes, float]:
    """Lead-in, speech, pause; dithered, plus white noise at ``snr``; and the true speech end."""
    pcm = audio.dither(audio.pad(speech, LEAD_S, TRAIL_S), rng)
    if snr is not None:
        level = audio.active_level_db(speech) - snr
        pcm = audio.to_bytes(audio.to_array(pcm) + audio.noise(len(pcm) // 2, level, rng))
    return pcm, LEAD_S + truth_end(speech)


def key_for(item: Item, items: list[Item]) -> AnswerKey:
    cat, _, answer, accept = item
    rivals = tuple(dict.fromkeys(i[2] for i in items if i[0] == cat and i[2] != answer))
    return AnswerKey(answer, accept=accept, competitors=rivals)


def synthetic_cases(items: list[Item], voices: list[str], rates: list[float],
                    snrs: list[float | None], seed: int) -> list[Case]:  # fmt: skip
    rng = np.random.default_rng(seed)
    pick = random.Random(seed)
    cases: list[Case] = []
    for item in items:
        key = key_for(item, items)
        outsiders = [o for o in OUTSIDERS if normalise(o) not in {normalise(a) for a in
                     (key.answer, *key.accept, *key.competitors)}]  # fmt: skip
        spoken = {"right": key.answer, "wrong_out": pick.choice(outsiders)}
        if key.competitors:
            spoken["wrong_in"] = pick.choice(key.competitors)
        for voice in voices:
            for rate in rates:
                for snr in snrs:
                    group = f"{voice.split(':')[0]} {'clean' if snr is None else f'{snr:g} dB'}"
                    for kind, text in spoken.items():
                        raw = render(text, voice, rate)
                        pcm, end = scene(raw, rng, snr)
                        cases.append(Case(group, kind, text, key, pcm, end, audio.duration_s(raw)))
    return cases


def real_cases(limit: int, seed: int) -> list[Case]:
    """FSDD digits and Speech Commands words, as number answers, yes/no and other speech."""
    rng = np.random.default_rng(seed)
    pick = random.Random(seed)
    cases: list[Case] = []
    for corpus in ("fsdd", "speech-commands"):
        manifest = CORPORA / corpus / "manifest.csv"
        if not manifest.exists():
            print(f"(no {manifest}: real recordings skipped)")
            continue
        rows = list(csv.DictReader(manifest.open(newline="")))
        pick.shuffle(rows)
        for row in _spread(rows, limit):
            raw = audio.read_wav(CORPORA / corpus / row["path"])
            pcm, end = scene(raw, rng, None)
            word = row["transcript"]
            cases += _real_word(corpus, word, pcm, end, audio.duration_s(raw), pick)
    return cases


def _spread(rows: list[dict[str, str]], limit: int) -> list[dict[str, str]]:
    """Up to ``limit`` rows, yes/no, digits and other words in turn (so a small run has all)."""
    kinds: dict[str, list[dict[str, str]]] = {"yesno": [], "digit": [], "other": []}
    for row in rows:
        word = row["transcript"]
        kind = "yesno" if word in ("yes", "no") else "digit" if word in DIGITS else "other"
        kinds[kind].append(row)
    mixed = [r for group in zip_longest(*kinds.values()) for r in group]
    return [r for r in mixed if r is not None][:limit]


def _real_word(corpus: str, word: str, pcm: bytes, end: float, dur: float,
               pick: random.Random) -> list[Case]:  # fmt: skip
    if word in ("yes", "no"):
        key = AnswerKey("yes")
        return [Case(f"{corpus} yes/no", "right", word, key, pcm, end, dur, "yesno", word == "yes")]
    if word in DIGITS:
        d = DIGITS.index(word)
        others = [str(x) for x in pick.sample([x for x in range(10) if x != d], 4)]
        right = AnswerKey(str(d), competitors=tuple(others[:3]))
        kind = pick.choice(["wrong_in", "wrong_out"])
        rivals = (str(d), *others[1:3]) if kind == "wrong_in" else tuple(others[1:4])
        wrong = AnswerKey(others[0], competitors=rivals)
        return [Case(f"{corpus} digits", "right", word, right, pcm, end, dur),
                Case(f"{corpus} digits", kind, word, wrong, pcm, end, dur)]  # fmt: skip
    key = AnswerKey(str(pick.randrange(10)), competitors=("3", "7"))
    return [Case(f"{corpus} words", "wrong_out", word, key, pcm, end, dur)]


def shouts(voices: list[str], rates: list[float], items: list[Item], seed: int) -> list[Case]:
    rng = np.random.default_rng(seed + 7)
    texts = ["bezzerwizzer", "bezzerwizzer blue", "red bezzerwizzer", "bezzerwizzer green"]
    out: list[Case] = []
    for i, (text, voice, rate) in enumerate(
        (t, v, r) for t in texts for v in voices for r in rates
    ):
        pcm, end = scene(render(text, voice, rate), rng, None)
        key = key_for(items[i % len(items)], items)
        out.append(Case(f"shout {voice.split(':')[0]}", "shout", text, key, pcm, end, 0.0))
    return out
