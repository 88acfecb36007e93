"""Moves said aloud reach the dialogue through the real listening path: each line is
synthesized (flite), played into a simulated room (QueueSource), cut by the endpointer and
decoded by pocketsphinx with the window's grammar (MicEars)."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from tests.helpers.host import Table, quizmaster
from voicemaster.host.cues import Cue
from voicemaster.host.hearing import QuitGame
from voicemaster.host.phrases import team_name
from voicemaster.host.turn import Turn
from voicemaster.rules import StartRound
from voicemaster.speech.base import Expectation, Heard

pytestmark = pytest.mark.slow


class Voices(Table):
    """Ears that speak the scripted line of each window aloud and hear it through audio
    (silence where nothing is scripted)."""

    def __init__(self) -> None:
        super().__init__()
        pytest.importorskip("pocketsphinx", reason="pocketsphinx is needed to hear the teams")
        if shutil.which("flite") is None:
            pytest.skip("flite is needed to give the teams a voice")
        from voicemaster.speech.asr.recognizers import make_recognizer

        self.recognizer = make_recognizer("pocketsphinx")

    def hear(self, expectation: Expectation, timeout: float) -> Heard | None:
        from voicemaster.audio_sim.sources import QueueSource
        from voicemaster.audio_sim.synth import synthesize
        from voicemaster.speech.mic_ears import MicEars

        cue = self.cues[-1]
        line = self.queue[cue.kind].pop(0) if self.queue[cue.kind] else None
        text = line(cue) if callable(line) else line
        source = QueueSource(seed=len(self.heard))
        if text is not None:
            source.push(synthesize(text, voice="flite:slt", seed=len(self.heard)), gap_s=0.3)
        source.push_silence(0.8)
        ears = MicEars(source, self.recognizer)
        try:
            heard = ears.hear(expectation, timeout if text is not None else 2.0)
        finally:
            ears.close()
            source.close()
        self.heard.append((cue.kind, text, heard.text if heard else None))
        return heard


def test_a_tile_named_aloud_is_taken_at_the_arrangement(tmp_path: Path) -> None:
    def second_tile(cue: Cue) -> str:
        return str(cue.options[1])

    voices = Voices().at("arrange", second_tile, "keep", "keep")
    qm, _ = quizmaster(tmp_path / "g.jsonl", voices)
    qm.start_round()
    red_drawn = voices.cues[0].options
    assert qm.game.slots["red"][3] == red_drawn[1], voices.heard  # named for four points
    assert voices.heard[0][2] == red_drawn[1].lower().replace("&", "and")


def test_a_zwap_and_a_shout_said_aloud_are_performed(tmp_path: Path) -> None:
    """Four teams (the largest zwap grammar): Blue shouts, Red zwaps its tile with Green's."""
    qm, speaker = quizmaster(tmp_path / "g.jsonl", object(), teams=4)
    draw = qm.game.draw_round(random.Random(3))
    qm.commit(StartRound("red", draw.slots), {})
    mine = qm.game.slots["red"][0]
    with_and = [c for c in qm.game.slots["green"][1:] if "&" in c]
    theirs = (with_and or qm.game.slots["green"][1:])[0]
    zwap = f"zwap my {mine} with {team_name('green')}'s {theirs}"
    voices = Voices().at("before", "Bezzerwizzer Blue", zwap, "quit").at("takeback", "keep")
    voices.at("sure", "yes")  # quit, said aloud, is confirmed
    qm.ears = qm.listener.ears = voices
    with pytest.raises(QuitGame):
        Turn(qm).play()
    kinds = [kind for kind, _, _ in voices.heard]
    assert kinds == ["before", "before", "takeback", "before", "sure"], voices.heard
    assert voices.heard[1][2] == zwap.lower().replace("&", "and")
    assert qm.game.slots["red"][0] == theirs and mine in qm.game.slots["green"]
    assert qm.game.zwaps["red"] == 0
    assert any("Bezzerwizzer from Blue" in line for line in speaker.said)
    assert any("Blue's Bezzerwizzer stays" in line for line in speaker.said)
