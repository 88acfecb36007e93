"""`deck check` on the new fields: difficulty and region checked, cards without a difficulty
warned of (errors with --strict), answers hard to say or to hear flagged, time per 1,000 cards;
`deck stats` shows the spread of difficulties and regions."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from tests.decks.test_deck_validation import card, problems
from tests.helpers.cli import run_deck
from voicemaster.decks import Card, Deck, deck_from_stream, load_deck
from voicemaster.decks.spoken import card_flags, sound_alikes, spoken_flags

DECKS = Path(__file__).resolve().parents[2] / "decks"
HEAD = "deck: review\ntitle: review\nlanguage: en\nvariant: standard\nquestions:\n"
FIXTURE = (
    HEAD
    + """\
  - id: mus-1
    category: Music
    difficulty: easy
    question: Which Australian band recorded Highway to Hell?
    answer: AC/DC
  - id: mus-2
    category: Music
    difficulty: hard
    region: uk
    question: Which word rhymes with four and is a dull person?
    answer: bore
  - id: mus-3
    category: Music
    question: Which animal is Paddington?
    answer: bear
  - id: lit-1
    category: Literature
    difficulty: medium
    question: Which book begins the Harry Potter series in Britain?
    answer: Harry Potter and the Philosopher's Stone
  - id: lit-2
    category: Literature
    difficulty: medium
    region: [uk, us]
    question: Which Dickens novel is set in London and Paris?
    answer: A Tale of Two Cities
    accept: [Two Cities]
"""
)


def write(tmp_path: Path, text: str = FIXTURE, name: str = "review.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def test_unknown_difficulty_and_region_are_one_line_errors_naming_card_and_field() -> None:
    found = problems(card(difficulty="eazy", region="fr"))
    assert found == [
        "inline.yaml:10: question geo-0001: 'difficulty' must be one of easy, medium, hard, "
        "not 'eazy'",
        "inline.yaml:11: question geo-0001: 'region' must be uk or us (or a list of them), "
        "not 'fr'",
    ]
    assert problems(card(region="[uk, 3]")) == [
        "inline.yaml:10: question geo-0001: 'region' must be uk or us (or a list of them), not int"
    ]
    assert problems(card(region="[]"))[0].endswith(
        "'region' is an empty list (leave it out instead)"
    )
    assert deck_from_stream(io.StringIO(card(difficulty="hard", region="[us]")))


def test_spoken_flags_on_a_fixture(tmp_path: Path) -> None:
    deck = load_deck(write(tmp_path))
    flags = [str(p).split(": ", 1)[1] for p in spoken_flags(deck)]
    assert flags == [
        "question mus-1: answer 'AC/DC' has '/', not said as written; write it as said",
        'question lit-1: answer "Harry Potter and the Philosopher\'s Stone" has 5 words to '
        "say; accept a form of at most 4 that players would say",
        "question mus-3: answer 'bear' sounds like 'bore' (mus-2, also Music)",
    ]  # lit-2 is as long, but accepts "Two Cities"
    assert str(spoken_flags(deck)[0]).startswith(f"{deck.path}:6: ")  # the card's line


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("U2", False), ("MP3", False), ("3M", False), ("221B Baker Street", False),
        ("1990s", False), ("R2-D2", False), ("Dungeons & Dragons", False), ("50%", False),
        ("Jeopardy!", False), ("Who Wants to Be?", False), ("Brontë", False),
        ("4x4", True), ("C3PO", True), ("C#", True), ("$5", True), ("24/7", True),
        ("E=mc²", True), ("b c d e f", True), ("one two three four", False),
        ("The Old Man and the Sea", False), ("Video Killed the Radio Star", False),
        ("Girl with a Pearl Earring", True),
    ],
)  # fmt: skip
def test_what_is_hard_to_say(answer: str, flagged: bool) -> None:
    assert bool(card_flags(Card("x", "Music", "q?", answer))) is flagged


def test_sound_alikes_same_key_near_key_and_not() -> None:
    def pairs(*answers: str) -> list[tuple[str, str, str]]:
        cards = [Card(f"c{n}", "Science", "q?", a) for n, a in enumerate(answers)]
        return [(a.answer, b.answer, how) for a, b, how in sound_alikes(cards)]

    assert pairs("Vitamin D", "Vitamin C") == [("Vitamin C", "Vitamin D", "sounds much like")]
    assert pairs("Tiber", "Tibet") == [("Tibet", "Tiber", "sounds much like")]
    assert pairs("Wales", "whales") == [("whales", "Wales", "sounds like")]
    assert pairs("the Danube", "Danube") == []  # one answer, said the same
    assert pairs("Paris", "Rome", "Messiah", "Moscow", "1066", "1067") == []
    year = Card("t", "Timeline", "q", "1914", year=1914)
    assert list(sound_alikes([year, Card("u", "Timeline", "q", "1918", year=1918)])) == []


def test_real_decks_flags_are_few_and_name_their_cards() -> None:
    for path in sorted(DECKS.glob("*.yaml")):
        deck = load_deck(path)
        flags = spoken_flags(deck)
        assert len(flags) <= max(10, len(deck.questions) // 50), [str(f) for f in flags]
        ids = {c.id: c.line for c in deck.questions}
        for flag in flags:
            card_id = re.match(r"question (\S+):", flag.message)
            assert card_id and ids[card_id.group(1)] == flag.line


def test_check_warns_of_untagged_cards_and_strict_makes_them_errors(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write(tmp_path)
    code, out, err = run_deck(capsys, "check", str(path), "--json")
    assert code == 0
    assert f"{path}: warning: 1 of 5 questions have no difficulty (mus-3)" in err
    assert f"{path}:6: warning: question mus-1: answer 'AC/DC' has '/'" in err
    timing = re.search(r"loading (\d+\.\d+) s and reviewing (\d+\.\d+) s per 1,000 questions", out)
    assert timing, out
    report = json.loads(out.splitlines()[-1])
    assert report["ok"] and len(report["warnings"]) == 4
    assert set(report["seconds_per_1000"]) == {"load", "review"}
    code, out, err = run_deck(capsys, "check", "--strict", str(path))
    assert code == 2
    assert f"{path}:17: question mus-3: no difficulty (easy, medium, hard)" in err.splitlines()
    tagged = write(tmp_path, FIXTURE.replace("    answer: bear\n", "    answer: bear\n"
                                             "    difficulty: easy\n"))  # fmt: skip
    code, _, err = run_deck(capsys, "check", "--strict", str(tagged))
    assert code == 2 and "no difficulty" not in err  # strict: answers players cannot say
    assert f"{tagged}:6: question mus-1: answer 'AC/DC' has '/'" in err
    assert 'question lit-1: answer "Harry Potter and the Philosopher\'s Stone" has 5' in err
    said = tagged.read_text().replace("answer: AC/DC\n", "answer: AC/DC\n    accept: [AC DC]\n")
    said = said.replace("    accept: [Two Cities]", "    accept: [Two Cities]\n").replace(
        "Philosopher's Stone\n", "Philosopher's Stone\n    accept: [the Philosopher's Stone]\n"
    )
    code, _, err = run_deck(capsys, "check", "--strict", str(write(tmp_path, said, "said.yaml")))
    assert code == 0, err


def test_a_familie_childrens_card_without_options_is_an_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    head = "deck: f\ntitle: f\nlanguage: en\nvariant: familie\nquestions:\n"
    child = (
        "  - {id: nsc-1, category: Nature & Science, audience: child, difficulty: easy,\n"
        "     question: How many legs does a spider have?, answer: '8'%s}\n"
    )
    bare = write(tmp_path, head + child % "", "bare.yaml")
    code, _, err = run_deck(capsys, "check", str(bare))
    assert code == 2
    assert f"{bare}:6: question nsc-1: a children's card needs its answer options" in err
    given = write(tmp_path, head + child % ", options: ['6', '8', '10']", "given.yaml")
    assert run_deck(capsys, "check", "--strict", str(given))[0] == 0
    adult = write(tmp_path, head + (child % "").replace("child", "adult"), "adult.yaml")
    assert run_deck(capsys, "check", "--strict", str(adult))[0] == 0


def test_check_of_the_real_decks_reports_its_speed(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_deck(capsys, "check", str(DECKS), "--json")
    assert code == 0
    report = json.loads(out.splitlines()[-1])
    cards = sum(d["questions"] for d in report["decks"])
    assert f"checked {cards} questions in " in out
    assert report["seconds_per_1000"]["load"] > 0


def test_stats_show_the_difficulty_spread_and_regions(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = run_deck(capsys, "stats", str(write(tmp_path)))
    assert code == 0
    rows = {m[0]: m[1].split() for m in re.findall(r"^    (\S.*?)\s{2,}(\d.*)$", out, re.M)}
    assert rows["Music"] == ["1", "33%", "0", "0%", "1", "33%", "1", "33%"]
    assert rows["Literature"] == ["0", "0%", "2", "100%", "0", "0%", "0", "0%"]
    assert rows["Film"] == ["0", "0%"] * 4
    assert rows["total"] == ["1", "20%", "2", "40%", "1", "20%", "1", "20%"]
    assert "  region: uk 2 (40%), us 1 (20%); anywhere 3 (60%)" in out.splitlines()


def test_stats_of_a_real_deck_count_every_card_once(capsys: pytest.CaptureFixture[str]) -> None:
    path = DECKS / "standard-en.yaml"
    deck: Deck = load_deck(path)
    code, out, _ = run_deck(capsys, "stats", str(path))
    assert code == 0
    total = re.search(r"^    total\s+(.*)$", out, re.M)
    assert total
    counts = [int(n) for n in total.group(1).split() if not n.endswith("%")]
    assert sum(counts) == len(deck.questions)
    tagged = sum(1 for c in deck.questions if c.difficulty)
    assert counts[-1] == len(deck.questions) - tagged
