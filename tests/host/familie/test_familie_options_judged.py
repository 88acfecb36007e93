"""Familie: an answer may name an option (letter, ordinal, part) only when that team heard the
options read out (the rulebook's table); other teams are judged as on the standard board."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.helpers.host import questions
from tests.host.familie.test_familie_dialogue import Once, Until, master, said
from voicemaster.decks import Card
from voicemaster.host.familie.dialogue import FamilieQuizmaster
from voicemaster.host.text_io import TranscriptSpeaker


class Dealt:
    """Deals each team the named cards in turn (then the deck's own draw)."""

    def __init__(self, qm: FamilieQuizmaster, deal: dict[str, list[str]]) -> None:
        self.qm, self.deal, self.draw = qm, deal, qm.draw_for

    def __call__(
        self, team: str, category: str, purpose: str = "card", exclude: set[str] | None = None
    ) -> Card:
        if purpose == "card" and self.deal.get(team):
            card = self.qm.quiz.card(self.deal[team].pop(0))
            assert card is not None
            return card
        return self.draw(team, category, purpose, exclude)


def dealt(
    path: Path, table: Any, kinds: dict[str, str], deal: dict[str, list[str]]
) -> FamilieQuizmaster:
    qm, _ = master(path, table, kinds)
    qm.draw_for = Dealt(qm, deal)  # type: ignore[method-assign]
    return qm


def answers(qm: FamilieQuizmaster) -> dict[str, tuple[str, dict[str, Any]]]:
    """card id -> (the defender's verdict, the attack)."""
    return {
        q["card"]: (q["question"]["answer"], q["question"].get("bezzerwizzer", {}))
        for q in questions(qm)
    }


def would_be_right(qm: FamilieQuizmaster, text: str, card_id: str) -> bool:
    """The same words, had the team heard the options (so the tests below can fail)."""
    card = qm.quiz.card(card_id)
    assert card is not None
    return qm.quiz.judge(text, card, options=True).answer == "right"


def test_adults_who_heard_no_options_cannot_answer_by_letter_or_first_name(
    tmp_path: Path,
) -> None:
    # lit-4: Charlotte Bronte / Jane Austen / George Eliot; his-4: Amelia Earhart / Amy
    # Johnson / Bessie Coleman; ftv-4: Steven Spielberg / James Cameron / George Lucas
    said_by = {"lit-4": "B", "his-4": "Amelia", "ftv-4": "Steven", "ftv-3": "Bessie Coleman"}
    deal = {"red": ["lit-4", "ftv-4"], "blue": ["his-4", "ftv-3"]}
    table = Until(4).at("answer", *(lambda cue: said_by[cue.card.id] for _ in range(4)))
    qm = dealt(tmp_path / "g.jsonl", table, {"red": "adult", "blue": "adult"}, deal)
    assert qm.run() == "quit"
    verdicts = answers(qm)
    assert set(verdicts) == set(said_by)
    assert all(verdict == "wrong" for verdict, _ in verdicts.values())
    assert all(would_be_right(qm, said_by[c], c) for c in ("lit-4", "his-4", "ftv-4"))
    speaker = qm.speaker
    assert isinstance(speaker, TranscriptSpeaker)
    assert not any("Is it A" in s or "Did you say" in s for s in said(speaker))


def test_a_wrong_option_stays_wrong_and_the_full_answer_right_without_options(
    tmp_path: Path,
) -> None:
    said_by = {"his-4": "Amy Johnson", "ftv-4": "Steven Spielberg"}
    deal = {"red": ["his-4"], "blue": ["ftv-4"]}
    table = Until(2).at("answer", *(lambda cue: said_by[cue.card.id] for _ in range(2)))
    qm = dealt(tmp_path / "g.jsonl", table, {"red": "adult", "blue": "adult"}, deal)
    qm.run()
    verdicts = answers(qm)
    assert verdicts["his-4"][0] == "wrong"
    assert verdicts["ftv-4"][0] == "right"


def test_a_childrens_team_that_heard_the_options_may_answer_by_letter(tmp_path: Path) -> None:
    # ftv-2: Shark / Clownfish / Turtle; mus-2: Drum / Piano / Flute
    deal = {"red": ["ftv-2"], "blue": ["mus-2"]}
    table = Until(2).at("answer", "B", "the second one")
    qm = dealt(tmp_path / "g.jsonl", table, {"red": "child", "blue": "child"}, deal)
    qm.run()
    verdicts = answers(qm)
    assert verdicts["ftv-2"][0] == verdicts["mus-2"][0] == "right"


def blue_attacks_red(
    tmp_path: Path, kinds: dict[str, str], card: str, defender: str, attacker: str
) -> tuple[FamilieQuizmaster, str, dict[str, str]]:
    """Red is dealt ``card``; blue shouts before it is read; red says ``defender`` and blue
    ``attacker``.  The quizmaster, red's verdict and blue's attack as recorded."""
    shout = Once(lambda cue: cue.team == "red", "Bezzerwizzer blue")
    table = Until(2).at("before", *([shout] * 4)).at("answer", defender).at("attacker", attacker)
    qm = dealt(tmp_path / "g.jsonl", table, kinds, {"red": [card]})
    qm.run()
    verdict, attack = answers(qm)[card]
    return qm, verdict, attack


def test_adults_defending_answer_without_the_options_the_attacking_children_with_them(
    tmp_path: Path,
) -> None:
    # his-4: A is Amelia Earhart.  The adults say "A" before the options are read (wrong);
    # the children attack and say "A" after hearing them (right).
    _, verdict, attack = blue_attacks_red(
        tmp_path, {"red": "adult", "blue": "child"}, "his-4", "A", "A"
    )
    assert verdict == "wrong"
    assert attack == {"team": "blue", "when": "before", "answer": "right"}


def test_adults_attacking_children_answer_before_the_options_so_a_letter_is_wrong(
    tmp_path: Path,
) -> None:
    # ftv-2: B is Clownfish.  The children say a wrong option; the adults had said "B" before
    # the options were read: not right.
    kinds = {"red": "child", "blue": "adult"}
    qm, verdict, attack = blue_attacks_red(tmp_path, kinds, "ftv-2", "Shark", "B")
    assert verdict == "wrong"
    assert attack == {"team": "blue", "when": "before", "answer": "wrong"}
    assert would_be_right(qm, "B", "ftv-2")
