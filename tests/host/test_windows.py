"""Every listening window's grammar holds what the dialogue accepts there (a recognizer with a
grammar can only return phrases it holds), and the dialogue understands the recognizer's
spelling of each of them."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import pytest

from tests.helpers.host import Table, quizmaster, right, shout
from voicemaster import lexicon
from voicemaster.host import intents, windows
from voicemaster.host.cues import Cue
from voicemaster.host.dialogue import Quizmaster
from voicemaster.host.hearing import QuitGame
from voicemaster.host.intents import Keep, ZwapTiles
from voicemaster.host.point_words import PAUSED
from voicemaster.host.turn import Turn
from voicemaster.judge.text import normalise_plain
from voicemaster.lexicon import COMMAND_WORDS
from voicemaster.rules import Question
from voicemaster.speech.asr.grammar import sanitise
from voicemaster.speech.base import Expectation, Heard


class Recording(Table):
    """Scripted ears that keep each window's expectation."""

    def __init__(self) -> None:
        super().__init__()
        self.windows: list[tuple[Cue, Expectation]] = []

    def hear(self, expectation: Expectation, timeout: float) -> Heard | None:
        self.windows.append((self.cues[-1], expectation))
        return super().hear(expectation, timeout)

    def of(self, kind: str) -> list[Expectation]:
        return [exp for cue, exp in self.windows if cue.kind == kind]


def started(tmp_path: Path, teams: int = 4) -> tuple[Quizmaster, Turn]:
    qm, _ = quizmaster(tmp_path / "g.jsonl", Table(), teams=teams)
    qm.start_round()
    return qm, Turn(qm)


def said(phrase: str) -> str:
    """The phrase as the recognizer spells it (the grammar's sanitised words)."""
    return sanitise([phrase])[0]


def test_the_recognizers_spelling_of_a_zwap_is_understood() -> None:
    spoken = said("zwap my Politics with Green's Tradition & Beliefs")
    assert spoken == "zwap my politics with green's tradition and beliefs"
    intent = intents.parse(
        spoken, teams=("red", "green"), categories=("Politics", "Tradition & Beliefs")
    )
    assert intent == ZwapTiles(("Politics", "Tradition & Beliefs"), ("my", "green"))


def test_every_zwap_phrase_is_a_legal_zwap_of_the_tiles_it_names(tmp_path: Path) -> None:
    qm, turn = started(tmp_path)
    game = qm.game
    exp = windows.before(game, turn.team, turn.locate)
    assert exp.teams == tuple(game.teams)  # shouts with a team
    assert set(COMMAND_WORDS) - set(exp.commands) == {"yes", "no", "keep"}  # not moves here
    assert 100 < len(exp.options) <= 400, len(exp.options)  # a few hundred at most
    assert exp.options == sanitise(exp.options)  # already as the recognizer spells them
    for phrase in exp.options:
        intent = intents.parse(phrase, teams=tuple(game.teams), categories=game.categories)
        assert isinstance(intent, ZwapTiles) and len(intent.categories) == 2, phrase
        first, second = (
            turn.locate(c, o) for c, o in zip(intent.categories, intent.owners, strict=True)
        )
        assert first is not None and second is not None and first != second, phrase
        assert game.is_open(*first) and game.is_open(*second), phrase


def test_the_turns_team_can_zwap_any_own_tile_with_any_open_tile(tmp_path: Path) -> None:
    qm, turn = started(tmp_path)
    game, team = qm.game, turn.team
    exp = windows.before(game, team, turn.locate)
    open_tiles = [(t, s) for t in game.teams for s in range(1, 5) if game.is_open(t, s)]
    pairs = 0
    for (t1, s1), (t2, s2) in combinations(open_tiles, 2):
        if team not in (t1, t2) or t1 == t2:
            continue
        (mine, s), (other, o) = ((t1, s1), (t2, s2)) if t1 == team else ((t2, s2), (t1, s1))
        cat, theirs = game.slots[mine][s - 1], game.slots[other][o - 1]
        if turn.locate(cat, "my") != (mine, s) or turn.locate(theirs, other) != (other, o):
            continue  # the same category twice in one team's tiles: only the first is named
        assert said(f"zwap my {cat} with {other}'s {theirs}") in exp.options
        assert said(f"zwap {other}'s {theirs} with my {cat}") in exp.options
        pairs += 1
    assert pairs >= 30  # 4 own tiles x 12 others, less a few duplicates


def test_no_zwap_phrases_without_a_zwap_tile(tmp_path: Path) -> None:
    qm, turn = started(tmp_path)
    qm.game.zwaps[turn.team] = 0
    exp = windows.before(qm.game, turn.team, turn.locate)
    assert exp.options == () and exp.teams == tuple(qm.game.teams)


def test_closed_tiles_leave_the_zwap_grammar(tmp_path: Path) -> None:
    qm, turn = started(tmp_path, teams=2)
    before = windows.before(qm.game, turn.team, turn.locate).options
    qm.commit(Question(turn.team, "wrong", None), {"card": "x"})
    later = Turn(qm)
    after = windows.before(qm.game, later.team, later.locate).options
    assert 0 < len(after) < len(before)
    closed = qm.game.slots[turn.team][0]
    owner = "my" if later.team == turn.team else f"{turn.team}'s"
    assert not any(f"{owner} {normalise_plain(closed)} " in f"{p} " for p in after)


def test_arrange_holds_the_tiles_left_and_keep() -> None:
    left = ("Food & Drink", "Music", "Tech & Gaming")
    exp = windows.arrange(left)
    phrases = sanitise(exp.phrases())
    for tile in left:
        assert said(tile) in phrases
        assert intents.choice(said(tile), left) == intents.Choice(tile)
    assert not {"food", "gaming", "tech"} & set(phrases)  # aliases would catch keep and undo
    for form in lexicon.KEEP:
        assert form in phrases and intents.choice(form, left) == Keep()
    assert "yes" in phrases and "politics" not in phrases


def test_small_windows_hold_the_forms_their_parsers_read() -> None:
    checks = (
        (windows.confirm(), intents.yes_no, (*lexicon.AFFIRM, *lexicon.DENY)),
        (windows.knockback(), intents.knock_back, (*lexicon.KNOCK_BACK, *lexicon.FORWARD)),
        (windows.takeback(), intents.take_back, (*lexicon.TAKE_BACK, *lexicon.KEEP)),
    )
    for exp, parse, forms in checks:
        phrases = sanitise(exp.phrases())
        for form in forms:
            assert said(form) in phrases, form
            assert parse(said(form)) is not None, form  # the spelling is still understood
        assert {"that was right", "that was wrong", "undo", "repeat"} <= set(phrases)
    paused = sanitise(PAUSED.phrases())
    for form in (*lexicon.COMMANDS["resume"], *lexicon.COMMANDS["quit"]):
        assert said(form) in paused
        assert intents.parse(said(form)) in (intents.Command("resume"), intents.Command("quit"))


def test_arrangement_windows_hold_the_tiles_still_to_place(tmp_path: Path) -> None:
    def first_tile(cue: Cue) -> str:
        return str(cue.options[0])

    table = Recording()
    table.at("arrange", first_tile, "keep")
    qm, _ = quizmaster(tmp_path / "g.jsonl", table)
    qm.start_round()
    first, second = table.of("arrange")[:2]
    named = table.heard[0][2]
    assert named is not None and said(named) in first.options
    left = tuple(t for t in table.cues[0].options if t != named)
    assert said(named) not in second.options and second == windows.arrange(left)
    assert qm.game.slots[str(table.cues[0].team)][3] == named  # taken for four points


def test_an_answer_said_again_is_heard_with_the_cards_answers(tmp_path: Path) -> None:
    table = Recording()
    table.at("confirm", "no").at("answer", "michelangelo")
    qm, _ = quizmaster(tmp_path / "g.jsonl", table)
    card = qm.quiz.card("art-3")
    assert card is not None
    assert qm.judge_answer("mikel angel", card, "red", "defender") == "right"
    confirm, again = (exp for _, exp in table.windows)
    assert set(lexicon.AFFIRM) <= set(confirm.commands) and not confirm.teams
    assert card.answer in again.answers and again.teams == tuple(qm.game.teams)


def test_familie_options_window_hears_shouts_with_a_team(tmp_path: Path) -> None:
    exp = windows.shouts(["red", "blue"])
    assert exp.teams == ("red", "blue") and "pass" in exp.commands


def test_takeback_and_knockback_windows_in_the_dialogue(tmp_path: Path) -> None:
    def zwap_own(cue: Cue) -> str:
        team = str(cue.team)
        other = next(t for t in cue.game.teams if t != team)
        return f"zwap my {cue.game.slots[team][0]} with {other}'s {cue.game.slots[other][1]}"

    table = Recording()
    table.at("before", shout, zwap_own, None, "quit").at("answer", right)
    qm, _ = quizmaster(tmp_path / "g.jsonl", table)
    with pytest.raises(QuitGame):
        while True:
            qm._step()
    takeback = table.of("takeback")
    assert takeback and set(lexicon.TAKE_BACK) <= set(takeback[0].commands)


def test_timeline_windows_hold_zwaps_and_pawns_the_parsers_read(tmp_path: Path) -> None:
    from tests.host.timeline.test_timeline_dialogue import TimelineTable
    from tests.host.timeline.test_timeline_dialogue import quizmaster as timeline_quizmaster
    from voicemaster.host.timeline import intents as ti

    qm, _ = timeline_quizmaster(tmp_path / "t.jsonl", TimelineTable(), teams=3)
    qm.deal()
    exp = qm.expectation()
    teams, line = tuple(qm.game.teams), qm.line_titles()
    hands = {t: [(c.id, qm.title(c.id)) for c in h] for t, h in qm.game.hands.items()}
    phrases = set(sanitise(exp.phrases()))
    assert len(phrases) <= 400 and exp.teams == teams
    zwap = said("zwap my card one with Blue's card four")
    assert zwap in phrases
    call = ti.parse_zwap(zwap, teams, "red", hands)
    assert call is not None and call.cards == (hands["red"][0][0], hands["blue"][3][0])
    for phrase in (p for p in phrases if p.startswith("bezzerwizzer ")):
        pawn = ti.parse_pawn(phrase, teams, line)
        assert pawn is not None and pawn.team in teams and pawn.gap is not None, phrase
    assert said("Bezzerwizzer green, gap three") in phrases
    assert said(f"Bezzerwizzer blue, before {line[1]}") in phrases
