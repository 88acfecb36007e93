"""The next question rendered while the team may still call Bezzerwizzer: the card is foreseen,
never drawn early, so simulated games keep their records to the byte."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from tests.helpers.host import DECK, Table, questions, simulate, watch
from tests.speech.conftest import needs
from voicemaster.commands import simulate as simulate_cmd
from voicemaster.decks import load_deck
from voicemaster.host.dialogue import Quizmaster
from voicemaster.host.listening import Timing
from voicemaster.host.log import GameLog
from voicemaster.host.quiz import Quiz
from voicemaster.host.text_io import TranscriptSpeaker
from voicemaster.speech.voice.phrasebook import pieces
from voicemaster.speech.voice.players import PlayerSink
from voicemaster.speech.voice.renderers import EspeakRenderer
from voicemaster.speech.voice.tts import VoiceSpeaker

DATA = Path(__file__).resolve().parents[1] / "data" / "host"


class PreparingSpeaker(TranscriptSpeaker):
    """Keeps what is said and what it is asked to render ahead, in order."""

    def __init__(self) -> None:
        super().__init__()
        self.events: list[tuple[str, str]] = []

    def say(self, text: str) -> None:
        super().say(text)
        self.events.append(("say", text))

    def prepare(self, text: str) -> None:
        self.events.append(("prepare", text))


GAMES = {
    "standard": ["--teams", "3", "--seed", "7", "--track", "12", "--deck", str(DECK)],
    "ord": ["--variant", "ord", "--teams", "2", "--seed", "9", "--track", "12",
            "--deck", str(DATA / "mini-ord.yaml")],
    "familie": ["--variant", "familie", "--teams", "3", "--seed", "11", "--track", "14",
                "--kinds", "red=child", "--deck", str(DATA / "mini-familie.yaml")],
    "kompakt": ["--variant", "kompakt", "--teams", "3", "--seed", "5", "--deck", str(DECK)],
}  # fmt: skip


def _read_questions(events: list[tuple[str, str]], asked: set[str]) -> list[tuple[str, bool]]:
    """Each question read, and whether it was the last line prepared before it."""
    out, last = [], None
    for kind, text in events:
        if kind == "prepare":
            last = text
        elif text in asked:
            out.append((text, text == last))
            last = None
    return out


@pytest.mark.parametrize("variant", list(GAMES))
def test_a_game_whose_speaker_prepares_keeps_its_record(
    variant: str,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    simulate(capsys, *GAMES[variant], "--record", str(tmp_path / "plain.jsonl"))
    speakers: list[PreparingSpeaker] = []

    def preparing() -> PreparingSpeaker:
        speakers.append(PreparingSpeaker())
        return speakers[-1]

    monkeypatch.setattr(simulate_cmd, "TranscriptSpeaker", preparing)
    simulate(capsys, *GAMES[variant], "--record", str(tmp_path / "ahead.jsonl"))
    plain = (tmp_path / "plain.jsonl").read_text()
    assert (tmp_path / "ahead.jsonl").read_text() == plain  # the same game, to the byte
    lines = [json.loads(line) for line in plain.splitlines()[1:]]
    cards = {line["card"] for line in lines if "card" in line}
    args = GAMES[variant]
    quiz = Quiz(load_deck(args[args.index("--deck") + 1]))
    asked = {quiz.card(str(card)).question for card in cards}  # type: ignore[union-attr]
    read = _read_questions(speakers[0].events, asked)
    assert len(read) >= len(cards) >= 8
    foreseen = sum(hit for _, hit in read)
    assert foreseen >= 0.75 * len(read), read  # all but those after a zwap (or an undo)


def _zwapped_game(path: Path, speaker: TranscriptSpeaker) -> Quizmaster:
    """Blue starts (seed 4) and zwaps its Literature, the tile it plays, for Red's Film."""
    header = {"variant": "standard", "teams": ["red", "blue"], "track": 6, "home_stretch": 2,
              "seed": 4, "deck": [str(DECK)]}  # fmt: skip
    table = Table(limit=300).at("before", "zwap my Literature with red's Film")
    log = GameLog(path, header)
    qm = Quizmaster(log, Quiz(load_deck(DECK)), speaker, table, Timing(mic_retry=0.0))
    watch(table, qm)
    assert qm.run() == "finished"
    return qm


def test_after_a_zwap_the_new_card_is_foreseen(tmp_path: Path) -> None:
    speaker = PreparingSpeaker()
    qm = _zwapped_game(tmp_path / "ahead.jsonl", speaker)
    assert "zwap" in qm.log.lines[2]
    card = qm.quiz.card(questions(qm)[0]["card"])
    assert card is not None and card.category == "Film"
    read = speaker.events.index(("say", card.question))
    prepared = [text for kind, text in speaker.events[:read] if kind == "prepare"]
    assert len(prepared) == 2 and prepared[0] != card.question  # Literature's, spoiled
    assert prepared[-1] == card.question  # foreseen again after the zwap
    _zwapped_game(tmp_path / "plain.jsonl", TranscriptSpeaker())
    assert (tmp_path / "ahead.jsonl").read_text() == (tmp_path / "plain.jsonl").read_text()


def test_foreseeing_draws_nothing(tmp_path: Path) -> None:
    header = {"variant": "standard", "teams": ["red", "blue"], "track": 6, "home_stretch": 2,
              "seed": 4, "deck": [str(DECK)]}  # fmt: skip
    log = GameLog(tmp_path / "g.jsonl", header)
    qm = Quizmaster(log, Quiz(load_deck(DECK)), PreparingSpeaker(), Table(), Timing())
    category = next(iter(qm.quiz.deck.categories()))
    used = set(qm.quiz.used)
    seen = {qm.foresee_card("red", category, set()) for _ in range(3)}
    assert len(seen) == 1 and qm.quiz.used == used and len(log.lines) == 1
    card = seen.pop()
    assert card is not None and qm.draw_for("red", category) == card
    assert qm.foresee_card("red", "No Such Category", set()) is None


class CountingEspeak(EspeakRenderer):
    """The espeak-ng command line, counting what it renders."""

    def __init__(self) -> None:
        super().__init__()
        self.rendered: Counter[str] = Counter()

    def render(self, text: str) -> tuple[bytes, int]:
        self.rendered[text] += 1
        return super().render(text)


@pytest.mark.slow
def test_a_game_spoken_by_a_real_voice_renders_each_question_once(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    needs("espeak-ng")
    monkeypatch.chdir(tmp_path)
    simulate(capsys, *GAMES["standard"], "--record", str(tmp_path / "plain.jsonl"))
    engine = CountingEspeak()
    speaker = VoiceSpeaker([engine], PlayerSink())
    monkeypatch.setattr(simulate_cmd, "TranscriptSpeaker", lambda: speaker)
    simulate(capsys, *GAMES["standard"], "--record", str(tmp_path / "ahead.jsonl"))
    plain = (tmp_path / "plain.jsonl").read_text()
    assert (tmp_path / "ahead.jsonl").read_text() == plain
    assert speaker.phrasebook.settle(60.0)
    assert max(engine.rendered.values()) == 1  # nothing rendered twice, questions included
    cards = [json.loads(line).get("card") for line in plain.splitlines()[1:]]
    quiz = Quiz(load_deck(DECK))
    asked = [quiz.card(card).question for card in cards if card]  # type: ignore[union-attr]
    assert all(part in engine.rendered for q in asked for part, _ in pieces(q))
    assert isinstance(speaker.player, PlayerSink) and len(speaker.player.pieces) > len(asked)
