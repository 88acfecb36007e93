"""Whole simulated games with the board beside them: two teams follow on their phones (plain
HTTP clients of the real server), see their secrets and type answers; the board follows every
event of the record."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.board import Listener, answer, view
from voicemaster.board.ears import BoardEars
from voicemaster.board.live import LiveBoard
from voicemaster.board.runner import BoardServer
from voicemaster.commands.variants import find
from voicemaster.decks import load_deck
from voicemaster.host.listening import Timing
from voicemaster.host.log import GameLog, LogObservers
from voicemaster.host.privacy import Privacy
from voicemaster.host.quiz import Quiz
from voicemaster.host.text_io import TranscriptSpeaker
from voicemaster.records import read_record
from voicemaster.simulator.table import SimTable

ROOT = Path(__file__).resolve().parents[2]
PHONE_ANSWER = "Atlantis"


class Phone(threading.Thread):
    """A team's phone: polls its view, notes its secrets, types an answer in every window."""

    def __init__(self, url: str, team: str, code: str) -> None:
        super().__init__(daemon=True)
        self.url, self.team, self.code = url, team, code
        self.categories: set[str] = set()
        self.private_windows = 0
        self.taken = 0
        self.stop = threading.Event()

    def run(self) -> None:
        answered: set[int] = set()
        while not self.stop.is_set():
            status, state = view(self.url, self.team, self.code)
            if status != 200:
                return
            me = state.get("me", {})
            if me.get("category"):
                self.categories.add(me["category"])
            window = me.get("window")
            if window and window["number"] not in answered:
                answered.add(window["number"])
                self.private_windows += bool(window["private"])
                self.taken += answer(self.url, self.team, self.code, PHONE_ANSWER)[0] == 202
            time.sleep(0.01)


def play(tmp_path: Path, header: dict[str, Any], phones: tuple[str, ...]) -> dict[str, Any]:
    deck = load_deck(ROOT / "decks" / header["deck"][0])
    board = LiveBoard([header])
    server = BoardServer(board, 0, "127.0.0.1")
    url = server.start()
    log = GameLog(tmp_path / "game.jsonl", header, observers=LogObservers(on_line=board.on_line))
    listener = Listener(url)
    listener.start()
    listener.connected.wait(5)
    table = SimTable(log, int(header["seed"]), 0.6, deck)
    ears = BoardEars(table, board, pace=0.06)
    speaker = TranscriptSpeaker()
    master = find(header["variant"]).quizmaster(
        log, Quiz(deck, log.used_cards()), speaker, ears, Timing(), privacy=Privacy(board)
    )
    running = [Phone(url, team, board.codes.codes[team]) for team in phones]
    for phone in running:
        phone.start()
    try:
        assert master.run() == "finished"
        time.sleep(0.3)  # the last events reach the pages
        after = {t: view(url, t, board.codes.codes[t]) for t in phones}
    finally:
        for phone in running:
            phone.stop.set()
        board.finish()
        server.stop()
        log.close()
    listener.join(10)
    return {
        "record": read_record(tmp_path / "game.jsonl"),
        "lines": log.lines,
        "said": speaker.said,
        "phones": {p.team: p for p in running},
        "messages": listener.messages,
        "after": after,
    }


def phone_answers(lines: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """(role, team) of every answer the record says came from a phone."""
    found = []
    for line in lines[1:]:
        body, via = line.get("question"), line.get("via", {})
        if not isinstance(body, dict):
            continue
        for role, source in via.items():
            if source == "phone":
                team = body["team"] if role == "defender" else body["bezzerwizzer"]["team"]
                found.append((role, team))
    return found


def check_board_followed(result: dict[str, Any]) -> None:
    seqs = [m["seq"] for m in result["messages"]]
    assert seqs == list(range(seqs[0], seqs[0] + len(seqs)))  # every event, in order
    last = result["messages"][-1]
    record = result["record"]
    assert {t["name"]: t["position"] for t in last["teams"]} == record.game.positions
    assert last["finished"] and last["winner"] == record.game.winner


def check_expired(result: dict[str, Any]) -> None:
    for status, body in result["after"].values():
        assert status == 410, body


@pytest.mark.slow
def test_a_kompakt_game_with_two_phones(tmp_path: Path) -> None:
    header = {"variant": "kompakt", "teams": ["red", "blue", "green"], "target": 12,
              "mode": "race", "seed": 4, "deck": ["standard-en.yaml"]}  # fmt: skip
    result = play(tmp_path, header, ("red", "blue"))
    check_board_followed(result)
    check_expired(result)
    answers = phone_answers(result["lines"])
    assert {team for _role, team in answers} == {"red", "blue"}
    said = " ".join(result["said"])
    assert said.count("Red, your turn, for three points. Your category is on your phone.") >= 2
    assert "Green, your turn, for three points. Your category:" in said
    assert "Red, your turn, for three points. Your category:" not in said
    held: dict[str, set[str]] = {"red": set(), "blue": set()}
    game_lines = result["lines"]
    for line in game_lines[1:]:
        for team, tokens in line.get("round", {}).get("tokens", {}).items():
            if team in held:
                held[team].add(tokens if isinstance(tokens, str) else tokens[0])
    zwapped = any("zwap" in line for line in game_lines[1:])
    for team, phone in result["phones"].items():
        assert phone.categories, team
        if not zwapped:
            assert phone.categories <= held[team]


@pytest.mark.slow
def test_a_familie_game_where_adults_answer_on_their_phone(tmp_path: Path) -> None:
    header = {"variant": "familie", "teams": ["red", "blue", "green"], "track": 12,
              "home_stretch": 3, "seed": 7, "deck": ["familie-en.yaml"],
              "kinds": {"red": "child", "blue": "adult", "green": "adult"}}  # fmt: skip
    result = play(tmp_path, header, ("blue", "green"))
    check_board_followed(result)
    check_expired(result)
    answers = phone_answers(result["lines"])
    assert {team for _role, team in answers} == {"blue", "green"}
    said = result["said"]
    private = [s for s in said if "type your answer on your phone" in s]
    assert private and "cover your ears" not in " ".join(said)
    assert sum(p.private_windows for p in result["phones"].values()) == len(private)
