#!/usr/bin/env python3
"""The anchor prototype of issue 25 in whole games: a baseline for the hearing policy.

The prototype is what anyone would build first: faster-whisper's own ``transcribe`` with
Whisper tiny.en (the same pinned weights), greedy (beam 1), the window's prompt, and the
project's judge on the text.  It never doubts: no narrow, guessed or unclear hearing, so it
never asks back and never hears an answer again; a shout is read from the text.  The game,
the simulated table and its voices are the project's own: only the recognizer the simulated
table's ears use is replaced, so ``simulate --through audio`` runs unchanged around it and
writes its transcript (``scripts/transcript_figures.py`` reads it beside the project's).

    .venv/bin/python scripts/prototype_games.py --seed 1 --transcript /tmp/p/s1.txt \\
        --record /tmp/p/s1.jsonl [--yes-sayer]

Never run by the tests.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from voicemaster.speech.asr import recognizers, spotter, whisper_asr  # noqa: E402
from voicemaster.speech.asr.prompting import prompt_for  # noqa: E402
from voicemaster.speech.audio import pad, to_array  # noqa: E402
from voicemaster.speech.base import SAMPLE_RATE, Expectation, Heard  # noqa: E402


class PlainWhisper:
    """tiny.en through faster-whisper's ``transcribe``, greedy, prompted with the window;
    it reports the text and nothing else (no signals: the policy leaves it as it is)."""

    name = "prototype"

    def __init__(self) -> None:
        self.model: Any = whisper_asr.load()

    def recognize(self, pcm: bytes, expectation: Expectation) -> Heard:
        began = time.perf_counter()
        padded = pad(pcm[: int(whisper_asr.MAX_SPEECH_S * SAMPLE_RATE) * 2], 0.3, 0.3)
        audio = to_array(padded).astype(np.float32) / 32768.0
        segments, _info = self.model.transcribe(
            audio,
            beam_size=1,
            initial_prompt=prompt_for(expectation) or None,
            without_timestamps=True,
            condition_on_previous_text=False,
            vad_filter=False,
            temperature=0.0,
        )
        raw = " ".join(s.text.strip() for s in segments).strip()
        text = whisper_asr.WhisperRecognizer.normalise(raw) if raw else ""
        shout, team = spotter.find_shout(text, expectation.teams) if text else (False, None)
        return Heard(
            text=text,
            alternatives=(text,) if text else (),
            confidence=1.0 if text else 0.0,
            bezzerwizzer=shout,
            team=team,
            decode_ms=(time.perf_counter() - began) * 1000,
        )


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--transcript", type=Path, required=True)
    parser.add_argument("--record", type=Path, required=True)
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--teams", default="4")
    parser.add_argument("--yes-sayer", action="store_true")
    args = parser.parse_args(argv)
    plain = PlainWhisper()

    def make(*_args: object, **_kwargs: object) -> PlainWhisper:
        return plain

    recognizers.make_recognizer = make
    from voicemaster.cli import main as cli

    command = ["simulate", "--variant", args.variant, "--teams", args.teams, "--through",
               "audio", "--seed", str(args.seed), "--transcript", str(args.transcript),
               "--record", str(args.record)]  # fmt: skip
    return cli([*command, *(["--yes-sayer"] if args.yes_sayer else [])])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
