"""Undo bookkeeping (docs/notation.md): after an undo, "that was right" keeps the line's
``undone``; the card asked after an undo reaches the question history."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.host import DECK, Table, questions, quizmaster, right, wrong
from voicemaster.decks import load_deck
from voicemaster.decks.history import History
from voicemaster.host.log import LogObservers
from voicemaster.records import read_record


def test_a_correction_after_an_undo_keeps_the_cards_taken_back(tmp_path: Path) -> None:
    table = Table().at("before", None, "undo", "that was right", "quit")
    table.at("answer", right, wrong)
    qm, _ = quizmaster(tmp_path / "g.jsonl", table)
    qm.run()
    (line,) = questions(qm)
    first, second = (c.card for c in table.cues if c.kind == "answer")
    assert line["question"]["answer"] == "right" and line["edits"] == 2
    assert line["card"] == second.id and line["undone"] == [first.id]
    saved = (tmp_path / "g.jsonl").read_text().splitlines()[-1]  # the record keeps it too
    assert f'"undone": ["{first.id}"]' in saved and f'"card": "{second.id}"' in saved
    assert read_record(tmp_path / "g.jsonl").game.summary() == qm.game.summary()


def test_the_card_asked_after_an_undo_reaches_the_question_history(tmp_path: Path) -> None:
    history = tmp_path / "history.json"
    game = History.load(history).begin_game()
    table = Table().at("before", None, "undo", "quit").at("answer", right, wrong)
    qm, _ = quizmaster(tmp_path / "g.jsonl", table)
    deck = load_deck(DECK)
    asked = History.load(history).view([deck], game)
    qm.log.observers = LogObservers(on_asked=asked.mark)
    qm.quiz.asked = asked
    qm.run()
    first, second = (c.card for c in table.cues if c.kind == "answer")
    remembered = History.load(history).decks[deck.deck]
    assert first.id in remembered and second.id in remembered
