"""The doubts of the game's answers, stored once so that decision rules are weighed offline.

For each answer a simulated game says (``bench_game_hearing.capture``: standard, four teams,
the game's voices), Whisper tiny.en hears, through the game's path (``game_hearing``):

- ``first``: the first take, in its own window;
- ``retake``: another take (another synthesis and noise seed, spoken at 0.85, as the table
  says an answer asked again), in its own window;
- ``comp_in``: the first take's audio in a competitor's window (its right answer is another
  answer of the category; the words said are among that window's competitors), only for
  answers that are right: the wrong answer nearest a right one;
- ``comp_out``: the same, with the words said left out of the window (nothing pulls them in);
- ``comp_in_re``, ``comp_out_re``: the retake's audio in those windows (a wrong answer said
  twice is misheard the same way twice: what agreement of two takes is worth).

Each hearing stores the recognizer's report (the ``Heard`` before the policy, with its
signals) and, on the same audio, ``second``: the vouching hearing (``WhisperRecognizer.vouch``:
the unprompted transcript, and the window's phrases scored without the prompt), and ``tokens``
(each phrase's length in tokens).  With ``--sphinx`` each hearing also stores ``sphinx``:
pocketsphinx's report on the same PCM and window (the grammar second opinion,
``second_opinion.GrammarOpinion``), and ``sphinx_ms``, how long its decode took;
``--no-vouch`` leaves the vouching hearing out.  ``scripts/weigh_doubts.py`` replays rules on
them.

    .venv/bin/python scripts/bench_doubts.py --seeds 11,12 --limit 40 --out /tmp/d/tune.jsonl
    .venv/bin/python scripts/bench_doubts.py --seeds 11 --limit 30 --sphinx --no-vouch \
        --out /tmp/d/sphinx.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import zlib
from dataclasses import asdict, replace
from pathlib import Path
from typing import Any

sys.path.append(str(Path(__file__).resolve().parent))
sys.path.append(str(Path(__file__).resolve().parents[1]))

from bench_game_hearing import Said, capture, game_hearing, key_of  # noqa: E402

from voicemaster.judge import judge  # noqa: E402
from voicemaster.speech.base import Expectation, Heard  # noqa: E402

RETAKE_RATE = 0.85


def competitor_window(exp: Expectation, keep_said: bool) -> Expectation | None:
    """The window of another card of the category: a competitor is its answer, and the
    card's own answer is one of its competitors (or left out)."""
    if not exp.competitors:
        return None
    others = exp.competitors[1:]
    comps = (exp.answers[0], *others) if keep_said else others
    return replace(exp, answers=(exp.competitors[0],), rejects=(), competitors=comps)


def main() -> int:
    from voicemaster.speech.asr.recognizers import make_recognizer
    from voicemaster.speech.asr.second_opinion import GrammarOpinion, vouched_phrases
    from voicemaster.speech.asr.whisper_asr import WhisperRecognizer

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", default="11,12")
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--out", default="/tmp/doubts.jsonl")
    parser.add_argument("--sphinx", action="store_true", help="store pocketsphinx's report")
    parser.add_argument("--no-vouch", action="store_true", help="no vouching hearing")
    args = parser.parse_args()
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    rec = make_recognizer(None, None, None)
    assert isinstance(rec, WhisperRecognizer)
    got: list[tuple[Heard, Heard | None, dict[str, int], dict[str, Any]]] = []
    recognize = rec.recognize
    sphinx = GrammarOpinion().recognizer if args.sphinx else None

    def kept(pcm: bytes, exp: Expectation) -> Heard:
        heard = recognize(pcm, exp)
        phrases = vouched_phrases(exp)
        tokens = {rec.normalise(p): len(rec.tokenizer.encode(" " + p)) for p in phrases}
        vouch = None if args.no_vouch else rec.vouch(pcm, phrases)
        got.append((heard, vouch, tokens, grammar_report(sphinx, pcm, exp)))
        return heard

    rec.recognize = kept  # type: ignore[method-assign,assignment]
    with out.open("w", encoding="utf-8") as stream:
        for seed in (int(s) for s in args.seeds.split(",")):
            saids = capture(seed, out.parent)
            for said in saids[: args.limit] if args.limit else saids:
                stream.write(json.dumps(row(said, rec, got)) + "\n")
                stream.flush()
    return 0


def grammar_report(sphinx: Any, pcm: bytes, exp: Expectation) -> dict[str, Any]:
    """pocketsphinx's report on the same audio and window, with its decode's wall time."""
    if sphinx is None:
        return {}
    started = time.perf_counter()
    heard = sphinx.recognize(pcm, exp)
    return {"sphinx": asdict(heard), "sphinx_ms": (time.perf_counter() - started) * 1000.0}


def hearing(said: Said, rec: Any, exp: Expectation, got: list[Any]) -> dict[str, Any] | None:
    got.clear()
    heard = game_hearing(said, rec, exp)
    if not got:
        return {"raw": None, "second": None, "decided": heard.text if heard else ""}
    raw, second, tokens, grammar = got[-1]
    vouch = asdict(second) if second is not None else None
    return {"raw": asdict(raw), "second": vouch, "tokens": tokens, "exp": asdict(exp), **grammar}


def row(said: Said, rec: Any, got: list[Any]) -> dict[str, Any]:
    meant = judge(said.text, key_of(said.expectation)).verdict
    out: dict[str, Any] = {"said": asdict(said), "meant": meant}
    out["first"] = hearing(said, rec, said.expectation, got)
    again = replace(said, take=zlib.crc32(f"{said.take}:again".encode()), rate=RETAKE_RATE)
    out["retake"] = hearing(again, rec, said.expectation, got)
    if meant == "right":
        for name, keep in (("comp_in", True), ("comp_out", False)):
            window = competitor_window(said.expectation, keep)
            if window is not None and judge(said.text, key_of(window)).verdict != "right":
                out[name] = hearing(said, rec, window, got)
                out[name + "_re"] = hearing(again, rec, window, got)
    return out


if __name__ == "__main__":
    raise SystemExit(main())
