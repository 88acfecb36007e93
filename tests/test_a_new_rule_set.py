"""A sixth rule set needs its own package and one line in the rules registry, nothing else:
a toy rule set made here (its "package") and registered for the test (the one line) is
offered, set up, checked, simulated, resumed and shown like the five that ship."""

from __future__ import annotations

import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.host import cut_record, simulate
from voicemaster.board.views import public_state
from voicemaster.commands import variants
from voicemaster.commands.play_flags import check_flags
from voicemaster.decks.drawing import DrawSettings
from voicemaster.decks.variants import card_rules, deck_categories
from voicemaster.host.dialogue import Quizmaster
from voicemaster.host.setup.decks import default_deck
from voicemaster.host.setup.errors import SetupError
from voicemaster.host.setup.headers import HeaderOptions, new_header
from voicemaster.host.setup.voice import meaning, track_question, variant_question
from voicemaster.records import game_from_header, read_record
from voicemaster.rules import RuleSet, Settings, find_variant, registry, variant_names
from voicemaster.rules.standard.game import StandardGame
from voicemaster.rules.standard.sampling import standard_action
from voicemaster.rules.standard.view import tiles
from voicemaster.settings import GameOptions

DECK = Path(__file__).resolve().parent / "data" / "host" / "mini-standard.yaml"
SHORT = 12  # the toy's own default track


# --- the toy rule set's package --------------------------------------------------------------
class SprintGame(StandardGame):
    """The standard rules on a short track."""

    name = "sprint"
    title = "Bezzerwizzer Sprint"

    @classmethod
    def settings_from_header(cls, header: dict[str, Any]) -> Settings:
        board = super().settings_from_header({"track": SHORT, "home_stretch": 3, **header})
        return Settings(board.track, board.home_stretch)


def sprint_goal(header: Mapping[str, Any]) -> str:
    return f"The sprint ends at {header.get('track')}."


SPRINT = RuleSet(
    game=SprintGame,
    sample=standard_action,
    team_view=tiles,
    title="Bezzerwizzer Sprint, the short game",
    said=("sprint", "short game"),
    goal_sentence=sprint_goal,
    deck="standard",
)


@pytest.fixture
def sprint(monkeypatch: pytest.MonkeyPatch) -> None:
    """The one registry line: SPRINT joins the rule sets."""
    monkeypatch.setattr(registry, "RULE_SETS", (*registry.RULE_SETS, SPRINT))


# --- what the rest of the program makes of it ------------------------------------------------
@pytest.mark.usefixtures("sprint")
def test_the_rules_layer_finds_it() -> None:
    assert "sprint" in variant_names() and find_variant("Sprint") is SprintGame
    game = game_from_header({"variant": "sprint", "teams": ["red", "blue"]})
    assert isinstance(game, SprintGame) and game.settings.track == SHORT
    assert deck_categories("sprint") == StandardGame.categories
    assert card_rules("sprint") == SPRINT.cards
    assert default_deck("sprint") == "decks/standard-en.yaml"


def test_unregistered_it_is_unknown() -> None:
    """The fixture's line is what makes it known (this test would fail without it)."""
    assert "sprint" not in variant_names()
    with pytest.raises(ValueError, match="unknown rule set 'sprint'"):
        find_variant("sprint")


@pytest.mark.usefixtures("sprint")
def test_it_is_offered_and_set_up_by_voice_and_flags() -> None:
    question = variant_question()
    assert question.ask.endswith("kompakt, timeline or sprint?")
    assert meaning("the short game please", question.answers) == "sprint"
    assert question.told("sprint") == "We play Bezzerwizzer Sprint, the short game."
    track = track_question("sprint")
    assert track is not None and track.default == SHORT
    header = new_header(HeaderOptions("sprint", seed=1), ["red", "blue"], {})
    assert (header.variant, header.fields["track"]) == ("sprint", SHORT)
    with pytest.raises(SetupError, match="--kinds is for familie"):
        check_flags(GameOptions(DrawSettings(), variant="sprint", kinds="red=child"))
    with pytest.raises(SetupError, match="--mode empty-bag is for kompakt"):
        new_header(HeaderOptions("sprint", mode="empty-bag"), ["red", "blue"], {})


@pytest.mark.usefixtures("sprint")
def test_it_is_hosted_on_the_standard_board_and_shown() -> None:
    assert variants.find("sprint").quizmaster is Quizmaster
    game = game_from_header({"variant": "sprint", "teams": ["red", "blue"]})
    game.apply(SPRINT.sample_action(game, random.Random(1)))  # the round's tiles
    state = public_state(game, {})
    assert state["variant"] == "sprint" and state["track"] == SHORT
    assert [len(team["tiles"]) for team in state["teams"]] == [4, 4]


@pytest.mark.usefixtures("sprint")
def test_a_sprint_game_is_simulated_and_resumes_exactly(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    record = tmp_path / "whole.jsonl"
    args = ["--variant", "sprint", "--teams", "2", "--seed", "4", "--deck", str(DECK)]
    whole = simulate(capsys, *args, "--data", str(tmp_path), "--record", str(record))
    assert whole["variant"] == "sprint" and whole["winner"] is not None
    assert read_record(record).header.fields["track"] == SHORT
    cut = cut_record(record, len(record.read_text().splitlines()) // 2)
    resumed = simulate(capsys, "--resume", str(cut), "--data", str(tmp_path))
    assert {**resumed, "record": ""} == {**whole, "record": ""}
