"""Why the game doubts what it hears: the answers of simulated games, decoded one factor at a
time between the game's listening path and the clip path of ``voicemaster hear``.

1. **Capture**: a simulated game (``simulate --through audio``'s table, with the quizmaster's
   own voice not rendered) is played with perfect hearing, so it runs fast and every answer is
   said once; each answer window's Expectation, words, voice, synthesis seed and rate are kept
   (the very take the audio simulation makes at that cue: ``AudioTable.take``).
2. **Decode** each answer under these conditions, the same Whisper for all:

   - ``game``: as the audio simulation hears it (QueueSource with the simulated room's pink noise
     at -43 dBFS, 0.3 s before the words, MicEars with the game's endpointer, the whole window);
   - ``prompt``: as ``game``, but the window of a clip (answers, rejects and three competitors;
     no commands, no shouts, no options);
   - ``quiet``: as ``game``, but the room's noise at -60 dBFS (a quiet USB microphone);
   - ``lead``: as ``game``, but 1.0 s of room before the words instead of 0.3 s;
   - ``clip``: the ``hear`` path (the words as a file with a quiet second after them, no holdoff)
     in the clip's window.

Each hearing is clean (a phrase taken), narrow (asked back), guessed (a narrow guess), unclear
(asked again) or nothing; ``wrong`` counts clean hearings whose verdict differs from the words'.

    .venv/bin/python scripts/bench_game_hearing.py --seeds 1,2 --out /tmp/gh.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

sys.path.append(str(Path(__file__).resolve().parents[1]))  # PYTHONPATH may name another tree

from voicemaster.judge import judge  # noqa: E402
from voicemaster.judge.model import AnswerKey  # noqa: E402
from voicemaster.speech.base import Expectation, Heard, Recognizer  # noqa: E402

CLIP_COMPETITORS = 3


@dataclass(frozen=True)
class Said:
    """One answer as the simulated table says it in the game."""

    seed: int  # the game's seed
    take: int  # synthesis and noise seed (AudioTable.take)
    rate: float
    voice: str
    text: str
    expectation: Expectation


def capture(seed: int, workdir: Path, voices: str = "") -> list[Said]:
    """The answers of one simulated game (standard, four teams, default voices)."""
    from voicemaster import cli
    from voicemaster.simulator import audio

    said: list[Said] = []

    def hear(self: Any, expectation: Expectation, timeout: float) -> Heard | None:
        text = self.say_next(expectation)
        take, rate = self.take()
        if text is not None and expectation.answers:
            said.append(Said(seed, take, rate, self._voice(text), text, expectation))
        return None if text is None else Heard(text=text, confidence=1.0)

    class Mute:
        def say(self, text: str) -> None:
            pass

    audio.AudioTable.hear = hear  # type: ignore[method-assign]
    audio.AudioTable.rendering = lambda self: Mute()  # type: ignore[method-assign]
    record = workdir / f"capture_{seed}.jsonl"
    record.unlink(missing_ok=True)
    args = ["simulate", "--variant", "standard", "--teams", "4", "--through", "audio"]
    args += ["--seed", str(seed), "--record", str(record), "--data", str(workdir / "data")]
    args += ["--voices", voices] if voices else []
    cli.main(args)
    return said


def play(seed: int, workdir: Path, extra: list[str]) -> dict[str, Any]:
    """One whole simulated game through audio (standard, four teams), as ``simulate`` plays it,
    counting how each answer the table said was heard and what the quizmaster asked back."""
    from voicemaster import cli
    from voicemaster.simulator import audio

    kinds: Counter[str] = Counter()
    asked: Counter[str] = Counter()
    hear, say = audio.AudioTable.hear, audio.RenderingSpeaker.say

    def counted_hear(self: Any, expectation: Expectation, timeout: float) -> Heard | None:
        before = len(self.heard_texts)
        heard = hear(self, expectation, timeout)
        if expectation.answers and len(self.heard_texts) > before:
            kinds[kind(heard)] += 1
        return heard

    def counted_say(self: Any, text: str) -> None:
        if text.startswith("Did you say"):
            asked["did you say"] += 1
        elif "again" in text and "say" in text.lower():
            asked["say again"] += 1
        say(self, text)

    audio.AudioTable.hear = counted_hear  # type: ignore[method-assign]
    audio.RenderingSpeaker.say = counted_say  # type: ignore[method-assign]
    record = workdir / f"game_{seed}.jsonl"
    record.unlink(missing_ok=True)
    args = ["simulate", "--variant", "standard", "--teams", "4", "--through", "audio"]
    args += ["--seed", str(seed), "--record", str(record), "--data", str(workdir / "data")]
    try:
        cli.main(args + extra)
    finally:  # also when stopped early: what was heard so far
        with (workdir / f"game_{seed}.heard.json").open("w", encoding="utf-8") as stream:
            json.dump({"heard": dict(kinds), "asked": dict(asked)}, stream)
    lines = [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()[1:]]
    questions = [line for line in lines if "question" in line or "playoff" in line]
    misjudged = sum(int(line.get("misjudged", 0)) for line in lines)
    verdicts = sum(len(line.get("meant", {})) for line in lines)
    return {"seed": seed, "questions": len(questions), "verdicts": verdicts,
            "misjudged": misjudged, "heard": dict(kinds), "asked": dict(asked)}  # fmt: skip


def clip_window(exp: Expectation) -> Expectation:
    """The window of a clip through ``hear``: the card's answers and three competitors."""
    return Expectation(
        answers=exp.answers, rejects=exp.rejects, competitors=exp.competitors[:CLIP_COMPETITORS]
    )


def key_of(exp: Expectation) -> AnswerKey:
    return AnswerKey(
        exp.answers[0], exp.answers[1:], exp.rejects, exp.options, exp.competitors
    )  # fmt: skip


def game_hearing(
    said: Said, rec: Recognizer, exp: Expectation, noise_db: float = -43.0, lead_s: float = 0.3
) -> Heard | None:
    from voicemaster.audio_sim.sources import QueueSource
    from voicemaster.audio_sim.synth import synthesize
    from voicemaster.speech.mic_ears import MicEars

    source = QueueSource(seed=said.take, noise_db=noise_db, colour="pink")
    source.push(synthesize(said.text, said.voice, said.rate, said.take), gap_s=lead_s)
    source.push_silence(0.8)
    ears = MicEars(source, rec)
    try:
        return ears.hear(exp, 30.0)
    finally:
        ears.close()
        source.close()


def clip_hearing(said: Said, rec: Recognizer, exp: Expectation) -> Heard | None:
    import numpy as np

    from voicemaster.audio_sim.sources import WavSource
    from voicemaster.audio_sim.synth import synthesize
    from voicemaster.commands.hear import FILE_CONFIG, TRAILING_S
    from voicemaster.speech.audio import dither, pad
    from voicemaster.speech.mic_ears import MicEars

    pcm = synthesize(said.text, said.voice, said.rate, said.take)
    pcm += dither(pad(b"", 0.0, TRAILING_S), np.random.default_rng(said.take))
    ears = MicEars(WavSource(pcm, chunk_ms=20), rec, FILE_CONFIG)
    try:
        return ears.hear(exp, 30.0)
    finally:
        ears.close()


def answers_last(expectation: Expectation) -> str:
    """The game's prompt with the answers moved to its end, nearest the audio (as a clip's)."""
    from voicemaster.speech.asr.prompting import _shouts, prompt_for

    prompt = prompt_for(expectation)
    if not expectation.answers:
        return prompt
    shouts = _shouts(expectation.teams) if expectation.teams else ""
    prompt = prompt.replace(" " + shouts, "") if shouts else prompt
    at = prompt.find(" Or: ")
    answers, commands = (prompt[:at], prompt[at + 1 :]) if at >= 0 else (prompt, "")
    return " ".join(part for part in (shouts, commands, answers) if part)


def _game_prompt(expectation: Expectation) -> str:
    from voicemaster.speech.asr.prompting import prompt_for

    return prompt_for(expectation)


PROMPTS: dict[str, Callable[[Expectation], str]] = {
    "game": _game_prompt, "answers-last": answers_last
}  # fmt: skip
Condition = Callable[[Said, Recognizer], "Heard | None"]
CONDITIONS: dict[str, Condition] = {
    "game": lambda s, r: game_hearing(s, r, s.expectation),
    "prompt": lambda s, r: game_hearing(s, r, clip_window(s.expectation)),
    "quiet": lambda s, r: game_hearing(s, r, s.expectation, noise_db=-60.0),
    "lead": lambda s, r: game_hearing(s, r, s.expectation, lead_s=1.0),
    "clip": lambda s, r: clip_hearing(s, r, clip_window(s.expectation)),
}


def kind(heard: Heard | None) -> str:
    if heard is None or (not heard.text and not heard.bezzerwizzer):
        return "nothing"
    if heard.unclear:
        return "unclear"
    if heard.guessed:
        return "guessed"
    return "narrow" if heard.narrow else "clean"


def decode(saids: list[Said], names: list[str], out: Path) -> list[dict[str, Any]]:
    from voicemaster.speech.asr.recognizers import make_recognizer

    rec = make_recognizer(None, None, None)
    raw: list[Heard] = []  # the recognizer's last report, before the policy
    recognize = rec.recognize

    def kept(pcm: bytes, expectation: Expectation) -> Heard:
        raw.append(recognize(pcm, expectation))
        return raw[-1]

    rec.recognize = kept  # type: ignore[method-assign]
    rows = []
    with out.open("w", encoding="utf-8") as stream:
        for said in saids:
            key = key_of(said.expectation)
            meant = judge(said.text, key).verdict
            row: dict[str, Any] = {"seed": said.seed, "voice": said.voice, "text": said.text}
            row["said"] = asdict(said)
            row |= {"rate": said.rate, "meant": meant}
            for name in names:
                raw.clear()
                heard = CONDITIONS[name](said, rec)
                text = heard.text if heard else ""
                verdict = judge(text, key).verdict
                row[name] = {"kind": kind(heard), "heard": text, "verdict": verdict}
                row[name]["raw"] = asdict(raw[-1]) if raw else None
            rows.append(row)
            stream.write(json.dumps(row) + "\n")
            stream.flush()
    return rows


def table(rows: list[dict[str, Any]], names: list[str]) -> None:
    kinds = ("clean", "narrow", "guessed", "unclear", "nothing")
    print(f"{'condition':10} {'n':>4} " + " ".join(f"{k:>8}" for k in kinds) + "  wrong-taken")
    for name in names:
        counts = Counter(r[name]["kind"] for r in rows)
        wrong = sum(
            1 for r in rows if r[name]["kind"] == "clean" and r[name]["verdict"] != r["meant"]
        )
        shares = " ".join(f"{100 * counts[k] / max(1, len(rows)):7.1f}%" for k in kinds)
        print(f"{name:10} {len(rows):4} {shares}  {wrong}")


def by_voice(rows: list[dict[str, Any]], name: str) -> None:
    for voice in sorted({r["voice"] for r in rows}):
        some = [r for r in rows if r["voice"] == voice]
        clean = sum(1 for r in some if r[name]["kind"] == "clean")
        print(f"  {name} {voice:24} clean {clean}/{len(some)}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", default="1,2")
    parser.add_argument("--conditions", default=",".join(CONDITIONS))
    parser.add_argument("--out", default="/tmp/game_hearing.jsonl")
    parser.add_argument("--limit", type=int, default=0, help="answers per seed (0: all)")
    parser.add_argument("--voices", default="", help="the teams' voices (default: the game's)")
    parser.add_argument("--games", action="store_true", help="play whole games instead")
    parser.add_argument("--asr", default="", help="with --games: the recognizer")
    parser.add_argument("--track", default="", help="with --games: spaces to the finish")
    parser.add_argument("--prompt", default="game", choices=PROMPTS, help="the prompt's order")
    parser.add_argument("--captured", help="a JSONL of captured answers to decode again")
    args = parser.parse_args()
    names = args.conditions.split(",")
    if args.prompt != "game":
        from voicemaster.speech.asr import whisper_asr

        setattr(whisper_asr, "prompt_for", PROMPTS[args.prompt])  # noqa: B010
    out = Path(args.out)
    if args.games:
        extra = (
            (["--voices", args.voices] if args.voices else [])
            + (["--asr", args.asr] if args.asr else [])
            + (["--track", args.track] if args.track else [])
        )
        for seed in (int(s) for s in args.seeds.split(",")):
            result = play(seed, out.parent, extra)
            with out.open("a", encoding="utf-8") as stream:
                stream.write(json.dumps(result) + "\n")
        return 0
    if args.captured:
        lines = Path(args.captured).read_text(encoding="utf-8").splitlines()
        saids = [_said(json.loads(line)) for line in lines if line.strip()]
    else:
        saids = []
        for seed in (int(s) for s in args.seeds.split(",")):
            got = capture(seed, out.parent, args.voices)
            saids += got[: args.limit] if args.limit else got
        with out.with_suffix(".said.jsonl").open("w", encoding="utf-8") as stream:
            for said in saids:
                stream.write(json.dumps(asdict(said)) + "\n")
    rows = decode(saids, names, out)
    table(rows, names)
    for name in names:
        by_voice(rows, name)
    return 0


def _said(obj: dict[str, Any]) -> Said:
    """A captured answer read back from its JSON line."""
    fields: dict[str, Any] = obj.pop("expectation")
    exp = Expectation(**{k: tuple(v) if isinstance(v, list) else v for k, v in fields.items()})  # type: ignore[arg-type]
    return Said(**obj, expectation=exp)


if __name__ == "__main__":
    raise SystemExit(main())
