"""One resume test for the five rule sets: a simulated game's record cut at several points
(the next line half torn off, as a crash leaves it) resumes to the very same game, and the
record ends as the whole run's did."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.host import cut_record, simulate

DATA = Path(__file__).resolve().parents[1] / "data"
GAMES = {
    "standard": ["--teams", "3", "--seed", "7", "--track", "12",
                 "--deck", "host/mini-standard.yaml"],
    "ord": ["--teams", "2", "--seed", "9", "--track", "12", "--deck", "host/mini-ord.yaml"],
    "familie": ["--teams", "3", "--seed", "11", "--track", "14", "--kinds", "red=child",
                "--deck", "host/mini-familie.yaml"],
    "kompakt": ["--teams", "3", "--seed", "5", "--deck", "host/mini-standard.yaml"],
    "kompakt empty-bag": ["--teams", "3", "--seed", "5", "--mode", "empty-bag",
                          "--deck", "host/mini-standard.yaml"],
    "timeline": ["--teams", "3", "--seed", "5", "--deck", "timeline/events.yaml"],
}  # fmt: skip


def game_options(game: str, record: Path) -> list[str]:
    variant, args = game.split()[0], GAMES[game]
    deck = args.index("--deck") + 1
    args = [*args[:deck], str(DATA / args[deck]), *args[deck + 1 :]]
    return ["--variant", variant, *args, "--record", str(record)]


@pytest.mark.parametrize("game", list(GAMES))
def test_a_cut_record_of_every_rule_set_resumes_to_the_same_game(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    game: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    whole_path = tmp_path / "whole.jsonl"
    whole = simulate(capsys, *game_options(game, whole_path))
    assert whole["variant"] == game.split()[0] and whole["winner"] is not None
    lines = whole_path.read_text().splitlines(keepends=True)
    for keep in (2, len(lines) // 3, len(lines) // 2, len(lines) * 2 // 3):
        cut = cut_record(whole_path, keep)
        resumed = simulate(capsys, "--resume", str(cut))
        assert {**resumed, "record": ""} == {**whole, "record": ""}, f"cut after {keep} lines"
        assert cut.read_text() == "".join(lines)
