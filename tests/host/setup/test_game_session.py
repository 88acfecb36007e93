"""The game session: a saved game is read once and replayed once (all five rule sets), its
header is typed and written back unchanged, and the log's observers are given when it is
made."""

from __future__ import annotations

import io
import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.host import DECK, cut_record, header, simulate
from tests.host.setup.test_moved_deck import moved_game, resume
from voicemaster import records
from voicemaster.commands.variants import find
from voicemaster.host.log import GameLog, LogObservers
from voicemaster.host.session import GameSession, read_saved
from voicemaster.host.text_io import TranscriptSpeaker
from voicemaster.records import RecordHeader, read_record
from voicemaster.rules.registry import sample_action
from voicemaster.simulator.table import SimTable

DATA = Path(__file__).resolve().parents[2] / "data"
GAMES = {  # a short game of each rule set, on the test decks
    "standard": ["--track", "8", "--deck", str(DECK)],
    "ord": ["--track", "8", "--deck", str(DATA / "host" / "mini-ord.yaml")],
    "familie": ["--track", "8", "--deck", str(DATA / "host" / "mini-familie.yaml")],
    "kompakt": ["--track", "6", "--deck", str(DECK)],
    "timeline": ["--deck", str(DATA / "timeline" / "events.yaml")],
}


def whole_game(capsys: pytest.CaptureFixture[str], folder: Path, variant: str) -> Path:
    path = folder / "whole.jsonl"
    args = ["--variant", variant, "--teams", "2", "--seed", "3", *GAMES[variant]]
    simulate(capsys, *args, "--record", str(path))
    return path


class Reads:
    """Counts the times a file is opened for reading (``io.open``, which ``Path.read_bytes``
    and ``read_text`` use, and ``os.open`` without write access)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, path: Path) -> None:
        self.path, self.count = path.resolve(), 0
        real_open, real_os_open = io.open, os.open

        def counted_open(file: Any, mode: str = "r", *args: Any, **kw: Any) -> Any:
            if self._mine(file) and not any(m in mode for m in "wax+"):
                self.count += 1
            return real_open(file, mode, *args, **kw)

        def counted_os_open(file: Any, flags: int, *args: Any, **kw: Any) -> int:
            if self._mine(file) and not flags & (os.O_WRONLY | os.O_RDWR):
                self.count += 1
            return int(real_os_open(file, flags, *args, **kw))

        monkeypatch.setattr(io, "open", counted_open)
        monkeypatch.setattr(os, "open", counted_os_open)

    def _mine(self, file: Any) -> bool:
        return isinstance(file, str | Path) and Path(file).resolve() == self.path


@pytest.mark.parametrize("variant", list(GAMES))
def test_a_resumed_game_reads_its_record_once_and_ends_as_the_whole_game(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    variant: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    whole = whole_game(capsys, tmp_path, variant)
    lines = whole.read_text().splitlines(keepends=True)
    cut = cut_record(whole, len(lines) // 2)  # a torn last line too: it is mended, not re-read
    reads = Reads(monkeypatch, cut)
    simulate(capsys, "--resume", str(cut))
    assert reads.count == 1
    assert cut.read_text() == "".join(lines)


@pytest.mark.parametrize("variant", list(GAMES))
def test_a_session_replays_a_saved_game_once(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    variant: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    whole = whole_game(capsys, tmp_path, variant)
    cut = cut_record(whole, len(whole.read_text().splitlines()) // 2)
    applied: list[int] = []
    real_apply = records._apply

    def counted(game: Any, line: int, obj: dict[str, Any]) -> Any:
        applied.append(line)
        return real_apply(game, line, obj)

    monkeypatch.setattr(records, "_apply", counted)
    saved = read_saved(cut)
    session = GameSession.prepare(cut, saved=saved, history=False)
    log = session.open()
    table = SimTable(log, saved.header.seed, 0.6, session.quiz.deck)
    master = session.host(find(session.header.variant).quizmaster, TranscriptSpeaker(), table)
    log.close()
    assert applied == list(range(2, len(saved.lines) + 1))  # every action once, in order
    assert master.game is saved.game and master.game.summary() == saved.game.summary()


def test_a_header_round_trips_unchanged_and_reads_typed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    for variant in GAMES:
        path = whole_game(capsys, tmp_path, variant)
        first = path.read_text().splitlines()[0]
        made = RecordHeader.parse(json.loads(first))
        assert json.dumps(made.line(), ensure_ascii=False) == first
        assert made == read_record(path).header and made.variant == variant
        assert made.teams == ("red", "blue") and made.seed == 3 and len(made.decks) == 1
        assert made.simulation is not None and made.history is None
        moved = made.with_decks(["elsewhere.yaml"])
        assert moved.decks == ("elsewhere.yaml",) and list(moved.line()) == list(made.line())
        assert made.decks != moved.decks  # the header itself is left as it was
        path.unlink()


@pytest.mark.parametrize(
    ("line", "why"),
    [
        ({"teams": ["red", "blue"]}, "must name a variant"),
        ({"variant": "standard", "teams": "red"}, "must list the teams"),
        ({"variant": "standard", "teams": ["red", "blue"], "seed": "7"}, "whole number"),
        ({"variant": "standard", "teams": ["red", "blue"], "deck": "d.yaml"}, "list of names"),
    ],
)
def test_a_bad_header_is_one_clear_line(line: dict[str, Any], why: str, tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=why):
        RecordHeader.parse(line)
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps(line) + "\n")
    with pytest.raises(records.RecordError, match=why) as err:
        read_record(path)
    assert err.value.line == 1


def test_an_old_header_without_seed_or_decks_still_replays(tmp_path: Path) -> None:
    path = tmp_path / "old.jsonl"
    path.write_text(json.dumps({"variant": "standard", "teams": ["red", "blue"]}) + "\n")
    record = read_record(path)
    assert record.header.seed == 0 and record.header.decks == ()
    assert record.header.simulation is None and record.game.teams == ("red", "blue")


def test_the_log_tells_its_observers_from_the_start(tmp_path: Path) -> None:
    seen: list[tuple[int, bool]] = []
    asked: list[list[str]] = []
    observers = LogObservers(
        on_line=lambda lines, rewritten: seen.append((len(lines), rewritten)),
        on_asked=asked.append,
        card_digest=lambda card: f"#{card}",
    )
    log = GameLog(tmp_path / "g.jsonl", header(), observers=observers)
    game = log.replay()
    action = sample_action(game, random.Random(1))
    log.append_action(game, action, {"card": "geo-1"})
    log.rewrite_last({**log.lines[-1], "card": "geo-2"})
    log.close()
    assert seen == [(2, False), (2, True)]
    assert asked == [["geo-1"], ["geo-2"]]
    assert [line.get("hash") for line in read_record(tmp_path / "g.jsonl").lines[1:]] == ["#geo-2"]


def test_a_log_played_from_memory_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    why = records.SaveError(path, OSError(28, "No space left on device"))
    log = GameLog(path, header(), unsaved=why)
    game = log.replay()
    log.append_action(game, sample_action(game, random.Random(1)), {})
    log.close()
    assert not path.exists() and len(log.lines) == 2 and log.unsaved is why


def test_play_resumes_a_game_whose_decks_moved_reading_its_record_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    record, new, _ = moved_game(tmp_path)
    reads = Reads(monkeypatch, record)
    assert resume(monkeypatch, record, "--deck", str(new)) == 0  # checked, opened, played
    assert reads.count == 1
    assert "Welcome back" in capsys.readouterr().out
    assert json.loads(record.read_text().splitlines()[0])["deck"] == [str(new)]
