"""The speech benchmark's corpus (scripts/bench_speech.py), made at run time.

Every utterance answers a card and is heard twice: in the window of its own card (it should be
judged right) and in the window of a competitor card, whose right answer is another answer of
the same category (it should not).  The sets, one row each in the accuracy table:

- real digits: FSDD (8 kHz, resampled to 16 kHz by ``audio.read_wav``), number cards "0".."9";
- real words: Speech Commands clips; digits as number cards, other words against each other;
- flite clean, espeak-ng clean: answers of decks/standard-en.yaml said by synthetic voices;
- car 20/10 dB (brown noise) and room 20/10 dB (pink noise): real digits and synthetic answers
  (the same utterances at every level, so the rows differ only in the noise).

Every utterance sits in a scene (lead-in, utterance, trailing pause), dithered (exact digital
silence ruins recognition), noise over the whole scene.  Also the Bezzerwizzer shouts.
"""

from __future__ import annotations

import csv
import random
import sys
from dataclasses import dataclass, replace
from itertools import zip_longest
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from voicemaster.audio_sim.synth import render  # noqa: E402
from voicemaster.decks import Card, Deck, load_deck  # noqa: E402
from voicemaster.judge import AnswerKey  # noqa: E402
from voicemaster.speech import audio  # noqa: E402

CORPORA = ROOT.parent / "shared" / "corpora"
DECK = ROOT / "decks" / "standard-en.yaml"
LEAD_S, TRAIL_S = 0.6, 1.4
RATES = (0.85, 1.0, 1.2)  # each synthetic answer at one of them
DIGITS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
NOISES = {"car": "brown", "room": "pink"}  # road noise, a loud room
SAMPLE_RATE = 16_000

Said = tuple[str, AnswerKey, AnswerKey]  # (what is said, its card's key, a competitor card's key)


@dataclass
class Case:
    group: str  # the row: "real digits", "flite clean", "car 10 dB", ...
    source: str  # real digits | real words | flite | espeak-ng | shout
    voice: str  # "flite:slt", "fsdd:jackson", "speech-commands:<speaker>"
    said: str
    key: AnswerKey  # the card the utterance answers
    rival: AnswerKey  # a competitor card: another answer of the category is right there
    pcm: bytes  # the whole scene
    speech_end_s: float  # true end of speech in the scene
    speech_s: float
    raw: bytes = b""  # the utterance alone (to remake the scene in noise)


# ---------------------------------------------------------------------------- scenes


def coloured_noise(n: int, level_db: float, rng: np.random.Generator, colour: str) -> audio.Float:
    """White, pink (a room) or brown (a car) noise (``audio.noise``)."""
    return audio.noise(n, level_db, rng, colour)


def truth_end(pcm: bytes) -> float:
    arr = audio.to_array(pcm).astype(float)
    n = len(arr) // 160
    energy = np.mean(arr[: n * 160].reshape(n, 160) ** 2, axis=1)
    loud = np.flatnonzero(energy >= energy.max() * 10**-3.5)
    return float((loud[-1] + 1) * 0.01) if loud.size else len(arr) / SAMPLE_RATE


def scene(
    speech: bytes, rng: np.random.Generator, snr: float | None = None, colour: str = "white"
) -> tuple[bytes, float]:
    """Lead-in, speech, pause; dithered, plus ``colour`` noise at ``snr`` dB under the speech
    level over the whole scene; and the true end of speech."""
    pcm = audio.dither(audio.pad(speech, LEAD_S, TRAIL_S), rng)
    if snr is not None:
        level = audio.active_level_db(speech) - snr
        noise = coloured_noise(len(pcm) // 2, level, rng, colour)
        pcm = audio.to_bytes(audio.to_array(pcm) + noise)
    return pcm, LEAD_S + truth_end(speech)


def make_case(group: str, source: str, voice: str, said: Said, raw: bytes,
              rng: np.random.Generator) -> Case:  # fmt: skip
    pcm, end = scene(raw, rng)
    text, key, rival = said
    return Case(group, source, voice, text, key, rival, pcm, end, audio.duration_s(raw), raw)


def in_noise(cases: list[Case], seed: int) -> list[Case]:
    """``cases`` again in road noise and in a loud room, at 20 and 10 dB SNR."""
    rng = np.random.default_rng(seed + 11)
    out: list[Case] = []
    for label, colour in NOISES.items():
        for snr in (20.0, 10.0):
            for case in cases:
                pcm, _ = scene(case.raw, rng, snr, colour)
                out.append(replace(case, group=f"{label} {snr:g} dB", pcm=pcm))
    return out


# ---------------------------------------------------------------------------- deck answers


def card_key(deck: Deck, card: Card) -> AnswerKey:
    """The game's key for a card whose options were not read out (host.quiz.Quiz.key): the
    category's other answers are its competitors."""
    return AnswerKey(card.answer, card.accept, card.reject, (), deck.competitors(card))


def deck_answers(limit: int, seed: int) -> list[Said]:
    """``limit`` cards of the bundled deck (no options, at most three words): the answer, the
    card's key and the key of another card of the same category."""
    deck = load_deck(DECK)
    sayable = [c for c in deck.questions if not c.options and len(c.answer.split()) <= 3]
    pick = random.Random(seed)
    pick.shuffle(sayable)
    out: list[Said] = []
    for card in sayable[:limit]:
        others = [c for c in sayable if c.category == card.category
                  and c.answer.casefold() != card.answer.casefold()]  # fmt: skip
        rival = pick.choice(others)
        out.append((card.answer, card_key(deck, card), card_key(deck, rival)))
    return out


def synthetic_cases(answers: list[Said], voices: list[str], seed: int) -> list[Case]:
    """Every answer said by every voice (each at one of ``RATES``), clean."""
    rng = np.random.default_rng(seed)
    pick = random.Random(seed + 1)
    cases: list[Case] = []
    for voice in voices:
        engine = "flite" if voice.startswith("flite") else "espeak-ng"
        for said in answers:
            raw = render(said[0], voice, pick.choice(RATES))
            cases.append(make_case(f"{engine} clean", engine, voice, said, raw, rng))
    return cases


# ---------------------------------------------------------------------------- real speech


def number_card(d: int, pick: random.Random) -> AnswerKey:
    others = [str(x) for x in range(10) if x != d]
    pick.shuffle(others)
    return AnswerKey(str(d), competitors=tuple(others))


def word_card(word: str, group: list[str], pick: random.Random) -> AnswerKey:
    others = [w for w in group if w != word]
    pick.shuffle(others)
    return AnswerKey(word, competitors=tuple(others))


def said_word(word: str, words: list[str], pick: random.Random) -> Said:
    """A digit as a number card against another digit; a word against another word."""
    if word in DIGITS:
        d = DIGITS.index(word)
        other = pick.choice([x for x in range(10) if x != d])
        return word, number_card(d, pick), number_card(other, pick)
    group = [w for w in words if w not in DIGITS]
    rival = pick.choice([w for w in group if w != word])
    return word, word_card(word, group, pick), word_card(rival, group, pick)


def _spread(rows: list[dict[str, str]], limit: int) -> list[dict[str, str]]:
    """Up to ``limit`` rows, one word after another (so a small run has every word)."""
    by_word: dict[str, list[dict[str, str]]] = {}
    for row in rows:
        by_word.setdefault(row["transcript"], []).append(row)
    mixed = [r for group in zip_longest(*by_word.values()) for r in group]
    return [r for r in mixed if r is not None][:limit]


def recordings(corpus: str, limit: int, seed: int) -> list[dict[str, str]]:
    manifest = CORPORA / corpus / "manifest.csv"
    if not manifest.exists():
        print(f"(no {manifest}: those real recordings are skipped)")
        return []
    rows = list(csv.DictReader(manifest.open(newline="")))
    random.Random(seed).shuffle(rows)
    return _spread(rows, limit)


def real_cases(limit: int, seed: int) -> list[Case]:
    """Up to ``limit`` FSDD digits ("real digits") and ``limit`` Speech Commands clips ("real
    words"), each recording once."""
    rng = np.random.default_rng(seed)
    pick = random.Random(seed)
    cases: list[Case] = []
    for corpus, group in (("fsdd", "real digits"), ("speech-commands", "real words")):
        rows = recordings(corpus, limit, seed)
        words = sorted({r["transcript"] for r in rows})
        for row in rows:
            raw = audio.read_wav(CORPORA / corpus / row["path"])  # resampled to 16 kHz
            speaker = row.get("speaker") or row.get("speaker_id") or "?"
            said = said_word(row["transcript"], words, pick)
            cases.append(make_case(group, group, f"{corpus}:{speaker}", said, raw, rng))
    return cases


# ---------------------------------------------------------------------------- shouts


def shouts(voices: list[str], rates: list[float], answers: list[Said], seed: int) -> list[Case]:
    """The shouts ("Bezzerwizzer", alone and with a team), in the answer windows of ``answers``."""
    rng = np.random.default_rng(seed + 7)
    texts = ["bezzerwizzer", "bezzerwizzer blue", "red bezzerwizzer", "bezzerwizzer green"]
    out: list[Case] = []
    combos = [(t, v, r) for t in texts for v in voices for r in rates]
    for i, (text, voice, rate) in enumerate(combos):
        _, key, rival = answers[i % len(answers)]
        said = (text, key, rival)
        raw = render(text, voice, rate)
        out.append(make_case(f"shout {voice.split(':')[0]}", "shout", voice, said, raw, rng))
    return out
