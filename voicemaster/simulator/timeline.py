"""Simulated timeline players: they hear the quizmaster's cues and say where cards go.

Placements are said in every form the quizmaster understands ("card two, gap three",
"<card> goes after <line card>", "between X and Y", "before X", "at the end"), so a
simulation exercises the placement parser end to end.  What a player meant is written into
each place line (``meant``); ``summarise`` counts the placements recorded otherwise.
Every decision comes from a stream keyed by the seed and the record's length (see SimTable).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from voicemaster.host.cues import Cue, Point
from voicemaster.host.log import GameLog
from voicemaster.host.timeline.phrases import word
from voicemaster.rules.timeline.line import choose_gap, fits
from voicemaster.rules.timeline.types import TimelineCard
from voicemaster.simulator.audio import AudioTable
from voicemaster.simulator.play import play_out
from voicemaster.simulator.table import SimTable
from voicemaster.speech.base import Speaker

CHATTER = ("repeat the line", "read my cards", "score", "help")


class TimelineSimTable(SimTable):
    def __init__(self, log: GameLog, seed: int, skill: float, deck: Any = None) -> None:
        super().__init__(log, seed, skill, deck)
        cards = deck.questions if deck is not None else ()
        self.titles: dict[str, str] = {c.id: c.question for c in cards}
        self.by_title: dict[str, Any] = {c.question: c for c in reversed(cards)}
        self.intent: dict[str, Any] = {}  # what the active player means: card id, gap
        self.said: TimelineCard | None = None  # the card the quizmaster named last (placed, or
        # a tie-break's)

    def overhear(self, text: str) -> None:
        """What the quizmaster says: the card just placed ("Red puts <title> in gap three")
        or a tie-break's card ("Red, your card: <title>. Gap one: ..."), looked up in the deck."""
        title: str | None = None
        if " puts " in text and " in gap " in text:
            after = text.split(" puts ", 1)[1]
            title = after[: after.index(" in gap ")]
        elif ", your card: " in text and text.endswith(" Which gap?"):
            after = text.split(", your card: ", 1)[1]
            ends = [after.find(m) for m in (". Gap one: ", ". The line is empty.")]
            title = after[: max(ends)] if max(ends) >= 0 else None
        card = self.by_title.get(title) if title is not None else None
        if card is not None and card.year is not None:
            self.said = TimelineCard(card.id, int(card.year))

    def speaker(self, inner: Speaker) -> Speaker:
        """``inner`` as the table hears it: every line said is overheard."""
        return Overheard(inner, self)

    def title(self, card_id: str) -> str:
        return self.titles.get(card_id, card_id.replace("-", " "))

    def annotate(self, line: Mapping[str, Any]) -> dict[str, Any]:
        out = {"meant": dict(self.intent)} if self.intent else {}
        self.intent = {}
        return out

    def decide(self, cue: Cue, rng: random.Random) -> str | None:
        if cue.kind == Point.PAUSED:
            return "resume"
        if cue.kind == Point.PLACE:
            return self._place(cue, rng)
        if cue.kind == Point.WHICH_GAP:
            return f"gap {word(int(self.intent.get('gap', 1)))}"
        if cue.kind == Point.BEZZERWIZZER:
            return self._bezzerwizzer(cue, rng)
        if cue.kind == Point.PAWN_GAP:
            return "gap one"
        if cue.kind == Point.TIEBREAK:
            return self._tiebreak(cue, rng)
        return None

    # --- the active player --------------------------------------------------------------------
    def _place(self, cue: Cue, rng: random.Random) -> str:
        game, team = self.game, cue.team
        roll = rng.random()
        if cue.attempt == 0 and roll < 0.06:
            return rng.choice(CHATTER)
        if cue.attempt == 0 and roll < 0.12 and game.zwaps[team] > 0:
            zwap = self._zwap(cue, rng)
            if zwap is not None:
                return zwap
        hand: list[TimelineCard] = game.hands[team]
        index = rng.randrange(len(hand))
        card = hand[index]
        gap = choose_gap(game.line, card, rng, self.skill)
        self.intent = {"card": card.id, "gap": gap}
        return self._say_place(index, card, gap, game.line, rng)

    def _say_place(
        self, index: int, card: TimelineCard, gap: int, line: list[TimelineCard], rng: random.Random
    ) -> str:
        title = self.title(card.id)
        left = self.title(line[gap - 2].id) if gap >= 2 else None
        right = self.title(line[gap - 1].id) if gap <= len(line) else None
        forms = [f"card {word(index + 1)}, gap {word(gap)}"]
        if left is not None:
            forms.append(f"{title} goes after {left}")
        if right is not None:
            forms.append(f"{title} goes before {right}")
        if left is not None and right is not None:
            forms.append(f"card {word(index + 1)} between {left} and {right}")
        if left is None:
            forms.append(f"{title} at the start")
        if right is None:
            forms.append(f"{title} at the end")
        return rng.choice(forms)

    def _zwap(self, cue: Cue, rng: random.Random) -> str | None:
        game, team = self.game, cue.team
        others = [t for t in game.teams if t != team and game.hands[t]]
        if not others or not game.hands[team]:
            return None
        other = rng.choice(others)
        mine = rng.randrange(len(game.hands[team])) + 1
        theirs = rng.randrange(len(game.hands[other])) + 1
        return f"zwap my card {word(mine)} with {other}'s card {word(theirs)}"

    # --- the others ---------------------------------------------------------------------------
    def _bezzerwizzer(self, cue: Cue, rng: random.Random) -> str | None:
        game, card = self.game, self.said
        gap = cue.gap  # where the card was placed
        if card is None or gap is None:  # no card was named: nobody knows what to contest
            return None
        taken = {int(o.rsplit(":", 1)[1]) for o in cue.options} | {gap}
        done = {o.rsplit(":", 1)[0] for o in cue.options}
        ready = [t for t in game.teams if t != cue.team and t not in done and game.pawns[t] > 0]
        right = fits(game.line, card, gap)
        if not ready or cue.attempt >= len(game.teams) or rng.random() > (0.1 if right else 0.45):
            return None
        team = rng.choice(ready)
        free = [g for g in range(1, len(game.line) + 2) if g not in taken]
        good = [g for g in free if fits(game.line, card, g)]
        pick = rng.choice(good if good and rng.random() < self.skill else free)
        if pick <= len(game.line) and rng.random() < 0.4:
            return f"Bezzerwizzer {team}, before {self.title(game.line[pick - 1].id)}"
        return f"Bezzerwizzer {team}, gap {word(pick)}"

    def _tiebreak(self, cue: Cue, rng: random.Random) -> str:
        if self.said is None:
            return "gap one"
        line = [TimelineCard(i, int(y)) for i, y in (o.rsplit(":", 1) for o in cue.options)]
        gap = choose_gap(line, self.said, rng, self.skill)
        return f"gap {word(gap)}"


class Overheard:
    """A speaker whose every line the simulated table hears too (as players hear a
    loudspeaker)."""

    def __init__(self, inner: Speaker, table: TimelineSimTable) -> None:
        self.inner, self.table = inner, table

    def say(self, text: str) -> None:
        self.inner.say(text)
        self.table.overhear(text)


def summarise(log: GameLog, game: Any) -> dict[str, Any]:
    """The last line of ``voicemaster simulate`` (the same keys as the standard game's)."""
    lines = log.lines[1:]
    places = [line for line in lines if "place" in line]
    placements = len(places) + sum(len(line["tiebreak"]) for line in lines if "tiebreak" in line)
    misjudged = 0
    for line in places:
        meant, body = line.get("meant"), line["place"]
        if meant and (meant.get("card"), meant.get("gap")) != (body["card"], body["gap"]):
            misjudged += 1
    return {
        "variant": game.name,
        "winner": game.winner,
        "rounds": game.round,
        "questions": placements,
        "misjudged": misjudged,
        "positions": dict(game.positions),
        "record": str(log.path),
    }


def simulate_timeline(
    log: GameLog,
    quiz: Any,
    seed: int,
    skill: float,
    through: str,
    wrap: Callable[[Any], Any] | None = None,
    host: Callable[[Speaker, Any, Any], Any] | None = None,
) -> int:
    """Run a simulated timeline game (text, or audio through the real listening path) and
    print the summary as the last line.  SetupError when audio cannot be set up or the deck
    cannot serve the game.  ``wrap``: ears around the simulated table's (the live board's);
    ``host``: the quizmaster of the game session (speaker, ears, timing)."""
    from voicemaster.host.listening import Timing
    from voicemaster.host.setup.errors import SetupError
    from voicemaster.host.text_io import TranscriptSpeaker
    from voicemaster.host.timeline.dialogue import TimelineQuizmaster
    from voicemaster.speech.base import SpeechUnavailable

    table: TimelineSimTable
    speaker: Speaker
    if through == "audio":
        try:
            audio = TimelineAudioTable(log, seed, skill, quiz.deck)
        except (SpeechUnavailable, ImportError) as exc:
            raise SetupError(f"cannot simulate through audio: {exc}") from None
        table, speaker = audio, audio.speaker(audio.rendering())
    else:
        table = TimelineSimTable(log, seed, skill, quiz.deck)
        speaker = table.speaker(TranscriptSpeaker())
    ears = table if wrap is None else wrap(table)
    if host is None:
        master = TimelineQuizmaster(log, quiz, speaker, ears, Timing())
    else:
        master = host(speaker, ears, Timing())
    assert isinstance(master, TimelineQuizmaster)
    problem = master.deck_problem()
    if problem is not None:
        raise SetupError(problem)
    return play_out(master.run, log, table, skill, lambda: summarise(log, master.game))


class TimelineAudioTable(TimelineSimTable, AudioTable):
    """Timeline players who speak: decisions as TimelineSimTable, voices as AudioTable."""

    def speaker(self, inner: Speaker | None = None) -> Speaker:
        return Overheard(inner or self.rendering(), self)
