"""Decision rules weighed on stored hearings (``scripts/bench_doubts.py``), in seconds.

For each rule: of the right answers, how many the first take has taken as right, in doubt, or
taken as something else, and how many are right after the retake (the game's two hearings,
honest table); of the wrong answers the game said and of the right answers heard in a
competitor's window (``comp_in``: the words among its phrases, ``comp_out``: not), how many
were taken as right, on the first take or after the retake.  Where the hearings hold
pocketsphinx's report (``bench_doubts.py --sphinx``), the grammar second opinion
(``policy.confirmed``) is replayed too: on every hearing, with Whisper's unclear hearings as
well, or on the retake only; ``-v`` lists the doubtful hearings it was asked about and
``--latency`` its decode times.

    .venv/bin/python scripts/weigh_doubts.py /tmp/d/tune.jsonl
    .venv/bin/python scripts/weigh_doubts.py --latency /tmp/d/sphinx.jsonl
    .venv/bin/python scripts/weigh_doubts.py --beam /tmp/d/tune.jsonl   # rules A and B alone

Rules A and B of issue 25 (``VARIANTS``) are weighed on the game's own review: A, Whisper's
right form in its beam heard again (``policy.beam_doubt`` through ``asking.next_step``); B, an
unclear retake that wrote the same right words as a narrow first take standing (``_phelps``).
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Callable
from dataclasses import fields, replace
from functools import partial
from pathlib import Path
from typing import Any

sys.path.append(str(Path(__file__).resolve().parent))
sys.path.append(str(Path(__file__).resolve().parents[1]))

from bench_game_hearing import key_of  # noqa: E402

from voicemaster.host.asking import Stage, next_step, phrase_key  # noqa: E402
from voicemaster.host.quiz import Judged  # noqa: E402
from voicemaster.judge import judge  # noqa: E402
from voicemaster.speech.asr import policy  # noqa: E402
from voicemaster.speech.base import Expectation, Heard, Signals  # noqa: E402

Rule = Callable[[Heard, Expectation], Heard]


def _tuples(value: Any) -> Any:
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value


def heard_of(raw: dict[str, Any]) -> Heard:
    raw = dict(raw)
    signals = raw.pop("signals")
    raw.pop("second", None)
    raw.pop("check", None)
    names = {f.name for f in fields(Signals)}  # main's Signals may lack a field
    sig = Signals(**{k: _tuples(v) for k, v in signals.items() if k in names}) if signals else None
    return Heard(**{k: _tuples(v) for k, v in raw.items()}, signals=sig)


def expectation_of(raw: dict[str, Any]) -> Expectation:
    names = {f.name for f in fields(Expectation)}
    return Expectation(**{k: _tuples(v) for k, v in raw.items() if k in names})


class GrammarRule:
    """The grammar second opinion (pocketsphinx's stored report on the same audio) settling
    Whisper's doubts: ``unclear``: its unclear hearings too; ``retake_only``: asked only on
    the retake; ``narrow``: pocketsphinx's narrow acceptances count as clear."""

    def __init__(
        self, unclear: bool = False, retake_only: bool = False, narrow: bool = False,
        overrule: bool = False,
    ) -> None:  # fmt: skip
        self.unclear, self.retake_only, self.narrow = unclear, retake_only, narrow
        self.overrule = overrule

    def __call__(self, heard: Heard, exp: Expectation) -> Heard:
        first = policy.review(replace(heard, second=None), exp)
        if heard.second is None:
            return first
        if self.overrule:
            return overruled(first, heard.second, exp)
        second = replace(heard.second, narrow=False) if self.narrow else heard.second
        return policy.confirmed(first, second, exp, self.unclear)  # type: ignore[attr-defined]


def overruled(first: Heard, grammar: Heard, exp: Expectation) -> Heard:
    """An experiment, not the game's rule: any Whisper hearing in doubt (narrow, a guess or
    unclear, whatever its words; no shout) is taken as the right form pocketsphinx heard
    clearly (accepted, not narrow, not unclear)."""
    if not policy.in_doubt(first) or first.bezzerwizzer or grammar.bezzerwizzer:
        return first
    sure = not (grammar.narrow or grammar.unclear) and grammar.confidence >= 0.5
    if not sure or grammar.text not in policy.answer_phrases(exp):  # type: ignore[attr-defined]
        return first
    text = grammar.text
    return replace(first, text=text, alternatives=(text,), narrow=False, guessed=False,
                   unclear=False)  # fmt: skip


def attached(rule: Rule, h: dict[str, Any], retake: bool) -> Heard:
    """The stored hearing with the second report ``rule`` reads: pocketsphinx's for a
    grammar rule (on the retake only, if so), else the vouching hearing."""
    heard = heard_of(h["raw"])
    if isinstance(rule, GrammarRule):
        wanted = h.get("sphinx") and (retake or not rule.retake_only)
        return replace(heard, second=heard_of(h["sphinx"]) if wanted else None)
    if h.get("second"):
        heard = replace(heard, second=heard_of(h["second"]))
    return heard


def _right(exp: Expectation) -> Callable[[str], bool] | None:
    """The judge's "right" for ``asking.next_step``'s rule A, when it is weighed."""
    if BEAM["on"] is None:
        return None
    key = key_of(exp)
    return lambda text: judge(text, key).verdict == "right"


def step(
    rule: Rule, h: dict[str, Any] | None, retake_left: bool, earlier: Heard | None = None
) -> tuple[str, str]:
    """(decision, verdict) of one stored hearing under ``rule`` (``earlier``: the reviewed
    hearing before a retake)."""
    if h is None or h.get("raw") is None:
        return "taken", "pass"  # nothing heard: silence
    exp = expectation_of(h["exp"])
    heard = rule(attached(rule, h, not retake_left), exp)
    verdict = judge(heard.text, key_of(exp)).verdict
    judged = Judged(verdict, heard.text, "")
    s = next_step(judged, heard, False, Stage(retake_left, earlier=earlier, right=_right(exp)))
    if s.decision == "taken" and s.judged.answer != "right" and retake_left is False:
        s = _phelps(s, judged, heard, earlier)
    answer = s.judged.answer
    return s.decision, "wrong" if answer == "unsure" else answer


def _phelps(s: Any, judged: Judged, heard: Heard, earlier: Heard | None) -> Any:
    """Rule B: an unclear retake that wrote the same right words as a narrow first take that
    Whisper wrote itself stands (the "Phelps" case)."""
    if not PHELPS["on"] or judged.answer != "right" or earlier is None or not heard.unclear:
        return s
    sig = heard.signals
    own = sig is not None and bool(sig.nbest) and sig.nbest[0][0] == heard.text
    same = phrase_key(earlier.text) == phrase_key(heard.text)
    if own and same and policy.written(earlier) and not earlier.unclear:
        return replace(s, judged=judged)
    return s


BEAM: dict[str, str | None] = {"on": None}  # rule A: None, "nbest" or "scored"
PHELPS = {"on": False}  # rule B
AGREE = {"on": False}  # two takes in doubt that agree on a right phrase count as right
EARLIER = {"on": True}  # the game's rule: a retake stands on the take before, written so


def reviewed(rule: Rule, h: dict[str, Any], retake: bool = False) -> Heard:
    return rule(attached(rule, h, retake), expectation_of(h["exp"]))


def outcome(rule: Rule, first: Any, retake: Any) -> tuple[str, str]:
    """(first decision, verdict after the retake if there was one)."""
    decision, verdict = step(rule, first, True)
    if decision == "taken":
        return decision, verdict
    before = reviewed(rule, first) if first and first.get("raw") else None
    d2, v2 = step(rule, retake, False, before if EARLIER["on"] else None)
    if AGREE["on"] and first.get("raw") and retake and retake.get("raw"):
        a, b = reviewed(rule, first), reviewed(rule, retake, True)
        exp = expectation_of(first["exp"])
        right = judge(b.text, key_of(exp)).verdict == "right"
        both = policy.in_doubt(a) and policy.in_doubt(b) and not (a.unclear or b.unclear)
        if right and both and a.text == b.text:
            return decision, "right"
    return decision, v2 if d2 == "taken" else "wrong"


def weigh(rows: list[dict[str, Any]], rule: Rule) -> dict[str, Any]:
    right = [r for r in rows if r["meant"] == "right"]
    out: Counter[str] = Counter()
    for r in right:
        decision, final = outcome(rule, r["first"], r["retake"])
        d1, v1 = step(rule, r["first"], True)
        out["first right"] += d1 == "taken" and v1 == "right"
        out["first doubt"] += d1 != "taken"
        out["first other"] += d1 == "taken" and v1 != "right"
        out["final right"] += final == "right"
    for r in rows:
        out["asked"] += step(rule, r["first"], True)[0] == "asked"
        out["again"] += step(rule, r["first"], True)[0] == "again"
        if r["meant"] != "right":
            out["wrong n"] += 1
            out["wrong taken"] += outcome(rule, r["first"], r["retake"])[1] == "right"
        for name in ("comp_in", "comp_out"):
            if name in r:
                out[name + " n"] += 1
                out[name + " taken"] += outcome(rule, r[name], r[name + "_re"])[1] == "right"
                out["asked"] += step(rule, r[name], True)[0] == "asked"
                out["again"] += step(rule, r[name], True)[0] == "again"
    out["right n"] = len(right)
    return dict(out)


def show(name: str, c: dict[str, Any]) -> None:
    n = max(1, c["right n"])
    print(
        f"{name:34} right {c['right n']}: first right {c['first right']} "
        f"({100 * c['first right'] / n:.1f}%) doubt {c['first doubt']} other "
        f"{c['first other']} | final right {c['final right']} ({100 * c['final right'] / n:.1f}%)"
        f" | wrong taken {c.get('wrong taken', 0)}/{c.get('wrong n', 0)} comp_in "
        f"{c.get('comp_in taken', 0)}/{c.get('comp_in n', 0)} comp_out "
        f"{c.get('comp_out taken', 0)}/{c.get('comp_out n', 0)} | first takes asked back "
        f"{c.get('asked', 0)}, heard again {c.get('again', 0)}"
    )


def main_rule(heard: Heard, exp: Expectation) -> Heard:
    return policy.review(replace(heard, second=None), exp)


def limits_rule(limits: policy.Limits) -> Rule:
    return lambda heard, exp: policy.review(heard, exp, limits)


RULES: dict[str, Rule] = {"no second opinion": main_rule}
if hasattr(policy.Limits, "vouch_gap"):  # this branch (main has no vouching)
    GRID = ((2.0, 3.0), (3.0, 1.5), (5.0, 1.0))
    for gap, margin in GRID:
        RULES[f"vouch gap {gap} margin {margin}"] = limits_rule(
            policy.Limits(vouch_gap=gap, vouch_margin=margin)
        )
if hasattr(policy, "confirmed"):  # this branch (main has no grammar second opinion)
    RULES["grammar second opinion"] = GrammarRule()
    RULES["grammar, unclear too"] = GrammarRule(unclear=True)
    RULES["grammar, retake only"] = GrammarRule(retake_only=True)
    RULES["grammar, its narrow too"] = GrammarRule(unclear=True, narrow=True)
    RULES["grammar overrules a doubt"] = GrammarRule(overrule=True)


def grammar_cases(rows: list[dict[str, Any]]) -> None:
    """Every hearing the grammar second opinion is asked about (a right form in doubt, or
    unclear), with what pocketsphinx heard and what the window makes of it."""
    for r in rows:
        for name in ("first", "retake", "comp_in", "comp_out", "comp_in_re", "comp_out_re"):
            h = r.get(name)
            if not h or not h.get("raw") or not h.get("sphinx"):
                continue
            exp = expectation_of(h["exp"])
            first = policy.review(heard_of(h["raw"]), exp)
            if not policy.wants_grammar(first, exp, unclear=True):  # type: ignore[attr-defined]
                continue
            gram = heard_of(h["sphinx"])
            flags = "narrow" if gram.narrow else "unclear" if gram.unclear else "clear"
            taken = policy.confirmed(first, gram, exp, True)  # type: ignore[attr-defined]
            truth = r["meant"] if name in ("first", "retake") else "wrong"
            doubt = "unclear" if first.unclear else "guess" if first.guessed else "narrow"
            print(
                f"  {name:11} {truth:6} said {r['said']['text'][:22]!r:24} whisper "
                f"{first.text[:22]!r:24} {doubt:7} sphinx {gram.text[:22]!r:24} {flags:7}"
                f" -> {'TAKEN' if not policy.in_doubt(taken) else 'doubt'}"
            )


def latency(rows: list[dict[str, Any]]) -> None:
    """pocketsphinx's decode times (ms): over every stored hearing, and over the hearings the
    game would ask it about (``policy.wants_grammar``)."""
    every, asked = [], []
    for r in rows:
        for h in r.values():
            if not isinstance(h, dict) or "sphinx_ms" not in h or not h.get("raw"):
                continue
            every.append(h["sphinx_ms"])
            exp = expectation_of(h["exp"])
            if policy.wants_grammar(policy.review(heard_of(h["raw"]), exp), exp):  # type: ignore[attr-defined]
                asked.append(h["sphinx_ms"])
    for label, times in (("all hearings", every), ("asked (right form in doubt)", asked)):
        if times:
            times.sort()
            p50, p95 = times[len(times) // 2], times[min(len(times) - 1, int(0.95 * len(times)))]
            print(f"pocketsphinx decode, {label}: n {len(times)} p50 {p50:.0f} ms p95 {p95:.0f} ms")


# the rules on the beam (rule A: policy.beam_doubt; rule B: _phelps), game's retake rule
VARIANTS: tuple[tuple[str, str | None, bool], ...] = (
    ("today's rules", None, False),
    ("A: n-best right form -> again", "nbest", False),
    ("A: n-best or scored -> again", "scored", False),
    ("B: unclear retake written same", None, True),
    ("A (n-best or scored) + B", "scored", True),
)


def figures(rows: list[dict[str, Any]]) -> None:
    """The vouching figures (behind the transcript, ahead of the rest) of every doubtful
    first hearing, by what the words said were in that window."""
    for r in rows:
        for name in ("first", "retake", "comp_in", "comp_out"):
            h = r.get(name)
            if not h or not h.get("raw") or not h.get("second"):
                continue
            exp = expectation_of(h["exp"])
            first = policy.review(heard_of(h["raw"]), exp)
            if not (first.narrow or first.guessed) or first.unclear:
                continue
            bare = heard_of(h["second"])
            assert bare.signals is not None
            got = policy.vouch_figures(first.text, bare.signals, exp)
            verdict = judge(first.text, key_of(exp)).verdict
            truth = r["meant"] if name in ("first", "retake") else "wrong"
            fig = "-" if got is None else f"{got[0]:6.2f} {got[1]:6.2f}"
            print(
                f"  {name:8} {truth:6} said {r['said']['text'][:24]!r:26} heard "
                f"{first.text[:24]!r:26} -> {verdict:6} free {bare.text[:20]!r:22} {fig}"
            )


def main(argv: list[str]) -> int:
    verbose, timed = "-v" in argv, "--latency" in argv
    beam_only = "--beam" in argv
    argv = [a for a in argv if a not in ("-v", "--latency", "--beam")]
    rows = [json.loads(x) for p in argv for x in Path(p).read_text().splitlines() if x.strip()]
    if verbose:
        figures(rows)
        if hasattr(policy, "confirmed"):
            grammar_cases(rows)
    if timed and hasattr(policy, "confirmed"):
        latency(rows)
    vouching = any(h.get("second") for r in rows for h in r.values() if isinstance(h, dict))
    rules = {n: r for n, r in RULES.items() if vouching or not n.startswith("vouch")}
    if not beam_only:
        others(rows, rules)
    beam_doubt = policy.beam_doubt
    for name, beam, phelps in VARIANTS:
        BEAM["on"], PHELPS["on"] = beam, phelps
        policy.beam_doubt = partial(beam_doubt, scored=beam == "scored")
        show(name, weigh(rows, main_rule))
    policy.beam_doubt = beam_doubt
    BEAM["on"], PHELPS["on"] = None, False
    return 0


def others(rows: list[dict[str, Any]], rules: dict[str, Rule]) -> None:
    """The second opinions' rules: the retake alone, the game's retake rule, two takes that
    agree."""
    EARLIER["on"] = False
    for name, rule in rules.items():
        show("retake alone " + name[:22], weigh(rows, rule))
    EARLIER["on"] = True
    for name, rule in rules.items():
        show(name, weigh(rows, rule))
    AGREE["on"] = True
    for name, rule in rules.items():
        show("+agree " + name[:27], weigh(rows, rule))
    AGREE["on"] = False


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
