"""The kompakt quizmaster with scripted players: hidden tokens, blind zwaps, stakes, 20."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.helpers.host import DECK, Table, Until, questions, right, watch, wrong
from voicemaster.decks import load_deck
from voicemaster.host import phrases
from voicemaster.host.cues import Cue
from voicemaster.host.kompakt.dialogue import KompaktQuizmaster
from voicemaster.host.listening import Timing
from voicemaster.host.log import GameLog
from voicemaster.host.quiz import Quiz
from voicemaster.host.text_io import TranscriptSpeaker
from voicemaster.records import read_record
from voicemaster.rules.standard.categories import STANDARD
from voicemaster.speech.base import Heard


def master(
    path: Path, table: Any, teams: int = 3, target: int = 20, mode: str = "race", seed: int = 1
) -> tuple[KompaktQuizmaster, TranscriptSpeaker]:
    header = {
        "variant": "kompakt",
        "teams": ["red", "blue", "green", "yellow"][:teams],
        "target": target,
        "mode": mode,
        "seed": seed,
        "deck": [str(DECK)],
    }
    log = GameLog(path, header)
    speaker = TranscriptSpeaker()
    quiz = Quiz(load_deck(DECK), log.used_cards())
    qm = KompaktQuizmaster(log, quiz, speaker, table, Timing(mic_retry=0.0))
    watch(table, qm)
    return qm, speaker


def categories_named(text: str) -> set[str]:
    return {c for c in STANDARD if c in text}


def test_each_team_hears_its_hidden_token_only_on_its_turn(tmp_path: Path) -> None:
    table = Until(3)
    qm, speaker = master(tmp_path / "g.jsonl", table)
    assert qm.run() == "quit"
    hands = qm.log.lines[1]["round"]["tokens"]
    starts = [s for s in speaker.said if "Every team has drawn a hidden token" in s]
    assert starts and not any(categories_named(s) for s in starts)
    turns = [s for s in speaker.said if "your turn" in s][:3]  # round 1
    order = [c.team for c in table.cues if c.kind == "before" and c.attempt == 0]
    assert len(turns) == 3
    for team, text in zip(order, turns, strict=False):
        assert f"Your category: {hands[team]}." in text
        others = {hands[t] for t in hands if t != team} - {hands[team]}
        assert not categories_named(text) & others  # nobody else's token is told


def test_a_blind_zwap_by_voice_and_never_for_the_last_team(tmp_path: Path) -> None:
    def zwap_with_a_later_team(cue: Cue) -> str:
        later = cue.game.still_to_play()[1:]
        return f"zwap with {later[-1]}" if later else "zwap with red"

    table = Until(3).at("before", zwap_with_a_later_team, None, None, "zwap with blue", None)
    qm, speaker = master(tmp_path / "g.jsonl", table)
    assert qm.run() == "quit"
    tokens = qm.log.lines[1]["round"]["tokens"]
    starter = qm.log.lines[1]["round"]["starter"]
    zwaps = [line["zwap"] for line in qm.log.lines if "zwap" in line]
    assert len(zwaps) == 1 and zwaps[0]["team"] == starter
    partner = zwaps[0]["with"]
    first_q = questions(qm)[0]
    assert qm.quiz.card(first_q["card"]).category == tokens[partner]  # type: ignore[union-attr]
    assert any(f"your category is now {tokens[partner]}" in s for s in speaker.said)
    last_turn = [s for s in speaker.said if "your turn" in s][2]
    assert "zwap with" not in last_turn.lower()  # not offered to the round's last team
    assert any("No zwap: the round's last team cannot zwap" in s for s in speaker.said)


def test_a_missed_bezzerwizzer_gives_the_stake_to_the_defender(tmp_path: Path) -> None:
    def attack(cue: Cue) -> str:
        return f"Bezzerwizzer {next(t for t in cue.game.teams if t != cue.team)}"

    table = Until(1).at("before", attack, None).at("answer", wrong).at("attacker", wrong)
    qm, speaker = master(tmp_path / "g.jsonl", table)
    assert qm.run() == "quit"
    (line,) = questions(qm)
    defender = line["question"]["team"]
    attacker = line["question"]["bezzerwizzer"]["team"]
    assert line["question"]["bezzerwizzer"]["when"] == "before"
    assert qm.game.positions[defender] == 2 and qm.game.positions[attacker] == 0
    text = "\n".join(speaker.said)
    assert "2 points at stake" in text and "The stake of 2 points goes to" in text
    assert "First to 20." in text


def test_an_attack_after_the_reading_wins_one_and_only_once_a_round(tmp_path: Path) -> None:
    def attack(cue: Cue) -> str:
        return f"Bezzerwizzer {cue.game.still_to_play()[-1]}"  # the round's last team, twice

    table = Until(2).at("answer", attack, wrong, attack, right).at("attacker", right)
    qm, speaker = master(tmp_path / "g.jsonl", table, teams=3)
    assert qm.run() == "quit"
    first, second = questions(qm)
    attacker = first["question"]["bezzerwizzer"]["team"]
    assert first["question"]["bezzerwizzer"]["when"] == "after"
    assert qm.game.positions[attacker] == 1  # the stake of 1 (its own question is still to come)
    assert "bezzerwizzer" not in second["question"]
    text = "\n".join(speaker.said)
    assert "1 point at stake" in text or "one point at stake" in text
    assert f"Sorry {attacker.capitalize()}, you have bezzerwizzed this round." in text


def test_the_game_runs_to_20_with_the_score_announced(tmp_path: Path) -> None:
    qm, speaker = master(tmp_path / "g.jsonl", Table(), teams=2)
    assert qm.run() == "finished"
    assert qm.game.winner is not None and max(qm.game.positions.values()) >= 20
    scores = [s for s in speaker.said if "Score:" in s and "First to 20." in s]
    assert len(scores) >= len(questions(qm)) - 1
    assert read_record(tmp_path / "g.jsonl").game.winner == qm.game.winner
    assert any("wins the game" in s for s in speaker.said)


def test_a_tie_at_the_target_is_played_off(tmp_path: Path) -> None:
    qm, speaker = master(tmp_path / "g.jsonl", Table(), teams=2, target=3)
    assert qm.run() == "finished"
    assert qm.game.positions == {"red": 3, "blue": 3}  # both right: the round is played out
    assert any("a play-off decides" in s for s in speaker.said)
    assert any("playoff" in line for line in qm.log.lines)
    assert qm.game.winner == qm.game.playoff_teams[0]


def test_empty_the_bag_ends_when_the_bag_cannot_serve_a_round(tmp_path: Path) -> None:
    table = Table().at("answer", *([wrong] * 30))
    qm, speaker = master(tmp_path / "g.jsonl", table, mode="empty-bag")
    assert qm.run() == "finished"
    assert qm.game.round == 6  # 20 tokens, 3 teams: six rounds, two tokens left
    assert sum(1 for line in qm.log.lines if "round" in line) == 6  # never refilled
    assert any("tokens left in the bag" in s for s in speaker.said)
    assert all(p < 20 for p in qm.game.positions.values())


def test_a_half_heard_shout_before_the_question_is_asked_again(tmp_path: Path) -> None:
    def half_heard(cue: Cue) -> Heard:
        team = next(t for t in cue.game.teams if t != cue.team)
        return Heard("the sherwood", (f"bezzerwizzer {team}", "the sherwood"), unclear=True)

    table = Until(1).at("before", half_heard, half_heard, None).at("answer", wrong)
    table.at("attacker", wrong)
    qm, speaker = master(tmp_path / "g.jsonl", table)
    assert qm.run() == "quit"
    (line,) = questions(qm)
    assert line["question"]["bezzerwizzer"]["when"] == "before"  # heard narrowly twice: stands
    assert speaker.said.count(phrases.said("shout.again")) == 1
    assert [c.retry for c in table.cues if c.kind == "before"][:2] == [None, "shout"]


def test_a_correction_says_points_not_spaces_or_a_finish(tmp_path: Path) -> None:
    table = Table().at("answer", wrong).at("before", None, "that was right", "quit")
    qm, speaker = master(tmp_path / "g.jsonl", table, target=2)
    assert qm.run() == "quit"
    (said,) = [s for s in speaker.said if s.startswith("Corrected.")]
    team = questions(qm)[0]["question"]["team"].capitalize()
    assert said.startswith(f"Corrected. {team} scores ")
    assert "space" not in said and "finish" not in said
