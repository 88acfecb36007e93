"""Familie: the options are read in an order shuffled per game (issue 26, item 3), recorded on
the question's line, and read the same on resume; an older line without the order read the
deck's order.  The letter a child says maps through the order read."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

from tests.helpers.host import Until, questions
from tests.host.familie.test_familie_dialogue import master, said
from voicemaster.decks import Card, load_deck
from voicemaster.host.cues import Cue
from voicemaster.host.log import GameLog
from voicemaster.rules.familie import option_order, recorded_order

FAMILIE = Path(__file__).resolve().parents[3] / "decks" / "familie-en.yaml"
LETTERS = "ABC"


def letter_of(cue: Cue, text: str) -> str:
    """The letter ``text`` had in the order the cue's card was read."""
    return LETTERS[cue.card.options.index(text)]


def test_the_options_are_read_in_the_recorded_order(tmp_path: Path) -> None:
    table = Until(6)
    qm, speaker = master(tmp_path / "g.jsonl", table, {"red": "child", "blue": "child"})
    qm.run()
    lines, moved = said(speaker), 0
    for line in questions(qm):
        card = qm.quiz.card(line["card"])
        assert card is not None
        read = tuple(line["options"])
        assert sorted(read) == sorted(card.options)
        phrase = f"Is it A, {read[0]}; B, {read[1]}; or C, {read[2]}?"
        assert any(s.endswith(phrase) for s in lines[lines.index(card.question) :][:2])
        moved += read != card.options
    assert moved >= 2  # six cards, each left in the deck's order with a chance of 1 in 6


def test_a_child_answers_by_the_letter_read_not_the_decks(tmp_path: Path) -> None:
    """Each child says the letter the answer had as read: right every time (with the deck's
    letters it would be wrong wherever the order moved the answer)."""
    table = Until(6).at("answer", *(lambda cue: letter_of(cue, cue.card.answer) for _ in range(6)))
    qm, _ = master(tmp_path / "g.jsonl", table, {"red": "child", "blue": "child"})
    qm.run()
    lines = questions(qm)
    assert len(lines) == 6
    assert all(line["question"]["answer"] == "right" for line in lines)
    deck_letters_differ = 0
    for line in lines:
        card = qm.quiz.card(line["card"])
        assert card is not None
        deck_letter = LETTERS[card.options.index(card.answer)]
        if deck_letter != LETTERS[line["options"].index(card.answer)]:
            deck_letters_differ += 1
            as_read = replace(card, options=tuple(line["options"]))
            judged = qm.quiz.judge(deck_letter, as_read, options=True)
            assert judged.answer == "wrong"
    assert deck_letters_differ >= 1


def test_resume_reads_the_order_the_record_holds(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    qm, _ = master(path, Until(2), {"red": "child", "blue": "child"})
    qm.run()
    qm.log.close()  # as `voicemaster play` does: the record's lock goes with it
    asked = questions(qm)[0]
    card = qm.quiz.card(asked["card"])
    assert card is not None
    kinds = {"red": "child", "blue": "child"}
    again, _ = master(tmp_path / "other.jsonl", Until(0), kinds, seed=2)  # another seed ...
    again.log = GameLog(path)  # ... on the same record, opened again as a resumed game does
    assert again.option_order(card) == tuple(asked["options"])
    written = [json.loads(text) for text in path.read_text(encoding="utf-8").splitlines()]
    assert [w.get("options") for w in written if "question" in w] == [
        q["options"] for q in questions(qm)
    ]


def test_an_older_line_without_the_order_read_the_decks_order(tmp_path: Path) -> None:
    qm, _ = master(tmp_path / "g.jsonl", Until(1), {"red": "child", "blue": "child"})
    card = qm.quiz.card("ftv-2")
    assert card is not None
    shuffled = qm.option_order(card)
    qm.log.lines.append({"question": {"team": "red", "answer": "right"}, "card": "ftv-2"})
    assert qm.option_order(card) == card.options
    qm.log.lines[-1]["options"] = list(shuffled)
    assert qm.option_order(card) == shuffled
    qm.log.lines[-1]["options"] = ["Shark", "Whale", "Turtle"]  # the card changed since
    assert qm.option_order(card) == card.options


def test_recorded_order_takes_only_an_order_of_the_same_options() -> None:
    options = ("Shark", "Clownfish", "Turtle")
    assert recorded_order(["Turtle", "Shark", "Clownfish"], options) == (
        "Turtle",
        "Shark",
        "Clownfish",
    )
    assert recorded_order(None, options) is None
    assert recorded_order(["Shark", "Clownfish"], options) is None
    assert recorded_order([1, 2, 3], options) is None


def right_places(cards: list[Card], order: bool, games: int) -> list[int]:
    """How often the answer is read as A, B, C over ``games`` games of every card."""
    counts = [0, 0, 0]
    for game in range(games):
        for card in cards:
            rng = random.Random(f"{game}:options:{card.id}")
            read = option_order(rng, card.options) if order else card.options
            counts[read.index(card.answer)] += 1
    return counts


def test_over_games_the_right_option_is_as_often_a_b_or_c() -> None:
    """The bundled deck: whatever places its answers hold, each letter is right in 30-37% of
    the questions read over ten games (the deck's own order is the baseline it must not need)."""
    deck = load_deck(FAMILIE)
    cards = [c for c in deck.questions if len(c.options) == 3 and c.answer in c.options]
    assert len(cards) >= 300
    counts = right_places(cards, order=True, games=10)
    shares = [n / sum(counts) for n in counts]
    assert all(0.30 <= share <= 0.37 for share in shares), shares


def test_a_play_off_line_records_one_order_per_card(tmp_path: Path) -> None:
    qm, _ = master(tmp_path / "g.jsonl", Until(1), {"red": "child", "blue": "child"})
    card = qm.quiz.card("ftv-2")
    assert card is not None
    read = ["Turtle", "Shark", "Clownfish"]
    line = {"playoff": {"red": "right"}, "cards": ["ftv-1", "ftv-2"], "options": [[], read]}
    qm.log.lines.append(line)
    assert qm.option_order(card) == tuple(read)
    line["options"] = [[]]  # no order for it: the deck's
    assert qm.option_order(card) == card.options
