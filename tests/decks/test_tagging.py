"""`voicemaster deck tag`: tags from a TSV file written into deck files line by line, every
other line left as it was, the result loaded again before it is written."""

from __future__ import annotations

import difflib
import runpy
import shutil
from pathlib import Path

import pytest

from voicemaster.cli import main
from voicemaster.decks import load_deck

ROOT = Path(__file__).resolve().parents[2]
DECKS = ROOT / "decks"
MINI = ROOT / "tests" / "data" / "host" / "mini-standard.yaml"
HEAD = "deck: tagme\ntitle: tag me\nlanguage: en\nvariant: standard\nquestions:\n"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["deck", "tag", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def tsv(tmp_path: Path, *rows: str, name: str = "tags.tsv") -> Path:
    path = tmp_path / name
    path.write_text("# a comment\nid\tdifficulty\tregion\n\n" + "\n".join(rows) + "\n")
    return path


def changed_lines(before: str, after: str) -> list[str]:
    """The lines removed or added between two texts, with their - or + sign."""
    diff = difflib.ndiff(before.splitlines(keepends=True), after.splitlines(keepends=True))
    return [line for line in diff if line[:1] in "+-"]


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(p.name for p in DECKS.glob("*.yaml")))
def test_every_real_deck_is_tagged_without_touching_another_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str
) -> None:
    deck_path = tmp_path / name
    shutil.copy(DECKS / name, deck_path)
    before = deck_path.read_text()
    cards = load_deck(deck_path).questions
    regions = ["", "", "uk", "", "us", "", "uk,us"]
    rows = [
        f"{c.id}\t{('hard', 'easy', 'medium')[n % 3]}\t{regions[n % 7]}"
        for n, c in enumerate(cards)
    ]
    code, out, err = run(capsys, str(tsv(tmp_path, *rows)), str(deck_path))
    assert code == 0, err
    assert f"{deck_path}: tagged {len(cards)} questions" in out or "already so" in out
    after = deck_path.read_text()
    for line in changed_lines(before, after):
        assert line[2:].strip().startswith(("difficulty: ", "region: ")), line
    tagged = load_deck(deck_path).questions
    for n, (old, new) in enumerate(zip(cards, tagged, strict=True)):
        assert new.difficulty == ("hard", "easy", "medium")[n % 3]
        want = tuple(sorted(regions[n % 7].split(","))) if regions[n % 7] else ()
        assert new.region == want
        assert (old.id, old.question, old.answer, old.accept) == (
            new.id, new.question, new.answer, new.accept,
        )  # fmt: skip
    code, out, _ = run(capsys, str(tmp_path / "tags.tsv"), str(deck_path))
    assert code == 0 and f"tagged 0 questions (0 new, 0 changed), {len(cards)} already so" in out
    assert deck_path.read_text() == after


def test_tags_go_after_the_category_at_its_indentation_and_replace_old_ones(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    deck = tmp_path / "d.yaml"
    deck.write_bytes(
        (
            HEAD
            + "# first card\n"
            + "- category: Film   # a comment stays\n  id: fil-1\n  question: Jaws?\n"
            + "  answer: Jaws\n"
            + "- id: fil-2\n  category: Film\n  region: uk\n  question: 'Alien?'\n"
            + "  answer: Alien\n  difficulty: hard\n"
        )
        .replace("\n", "\r\n")
        .encode()
    )
    rows = ("fil-1\teasy\tus", "fil-2\tMEDIUM")
    code, out, err = run(capsys, str(tsv(tmp_path, *rows)), str(deck))
    assert code == 0, err
    assert "tagged 2 questions (1 new, 1 changed)" in out
    assert deck.read_bytes().decode() == (
        HEAD
        + "# first card\n"
        + "- category: Film   # a comment stays\n  difficulty: easy\n  region: us\n"
        + "  id: fil-1\n  question: Jaws?\n  answer: Jaws\n"
        + "- id: fil-2\n  category: Film\n  question: 'Alien?'\n"
        + "  answer: Alien\n  difficulty: medium\n"
    ).replace("\n", "\r\n")


def test_a_timeline_card_without_category_is_tagged_after_its_id(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    deck = tmp_path / "t.yaml"
    deck.write_text(
        "deck: t\ntitle: t\nlanguage: en\nvariant: timeline\nquestions:\n"
        "  - id: tl-1\n    question: Moon landing\n    year: 1969\n"
    )
    code, _, err = run(capsys, str(tsv(tmp_path, "tl-1\teasy\tus,uk")), str(deck))
    assert code == 0, err
    assert "  - id: tl-1\n    difficulty: easy\n    region: [uk, us]\n" in deck.read_text()


def test_bad_tag_lines_are_reported_and_nothing_is_written(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    deck = tmp_path / "d.yaml"
    shutil.copy(DECKS / "ord-en.yaml", deck)
    before = deck.read_bytes()
    tags = tsv(tmp_path, "a\teasy\t\textra", "b\teazy", "c\thard\tfr", "d\tmedium", "d\thard")
    code, _, err = run(capsys, str(tags), str(deck))
    assert code == 2
    assert err.splitlines() == [
        f"{tags}:4: expected id<TAB>difficulty<TAB>region, found 4 fields",
        f"{tags}:5: b: difficulty must be one of easy, medium, hard, not 'eazy'",
        f"{tags}:6: c: unknown region 'fr' (known: uk, us)",
        f"{tags}:8: 'd' is tagged twice (line 7)",
    ]
    assert deck.read_bytes() == before


def test_unknown_ids_are_named_and_a_dry_run_writes_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    deck = tmp_path / "d.yaml"
    shutil.copy(DECKS / "familie-en.yaml", deck)
    before = deck.read_bytes()
    first = load_deck(deck).questions[0]
    other = "hard" if first.difficulty != "hard" else "easy"  # tagged or not: a change
    tags = tsv(tmp_path, f"{first.id}\t{other}", "zzz-0001\teasy")
    code, out, _ = run(capsys, str(tags), str(deck), "--dry-run")
    assert code == 0 and deck.read_bytes() == before
    assert f"{deck}: would tag 1 questions (" in out
    assert f"{tags}: warning: 1 tags name no question: zzz-0001" in out


def test_decks_it_cannot_edit_line_by_line_are_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    flow = tmp_path / "mini.yaml"
    shutil.copy(MINI, flow)
    code, _, err = run(capsys, str(tsv(tmp_path, "geo-1\teasy")), str(flow))
    assert code == 2 and "question geo-1: line '- {id: geo-1" in err
    assert flow.read_bytes() == MINI.read_bytes()
    folded = tmp_path / "folded.yaml"
    folded.write_text(
        HEAD + "  - id: art-1\n    category: Arts &\n      Theatre\n    question: Q?\n"
        "    answer: A\n"
    )  # a category continued on the next line: the check after the edit catches it
    before = folded.read_text()
    code, _, err = run(capsys, str(tsv(tmp_path, "art-1\teasy")), str(folded))
    assert err == (
        f"{folded}: tagging would break the deck, so nothing is written (line 7: question "
        "art-1: unknown category 'Arts &' (did you mean 'Arts & Theatre'?))\n"
    )
    assert code == 2 and folded.read_text() == before


def test_the_apply_tags_script_tags_every_deck_with_a_tag_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    decks, tags = tmp_path / "decks", tmp_path / "tags"
    decks.mkdir()
    tags.mkdir()
    shutil.copy(DECKS / "timeline-en.yaml", decks)
    shutil.copy(DECKS / "ord-en.yaml", decks)
    first = load_deck(decks / "timeline-en.yaml").questions[0].id
    tsv(tags, f"{first}\thard\tuk,us", name="timeline-en.tsv")  # no bundled card has both
    tsv(tags, "zzz\teasy", name="other-en.tsv")  # no such deck: skipped, said so
    script = runpy.run_path(str(ROOT / "scripts" / "apply_tags.py"), run_name="apply_tags")
    assert script["main"]([str(tags), str(decks)]) == 0
    out = capsys.readouterr().out
    assert "timeline-en.yaml: tagged 1 questions" in out
    assert f"other-en.tsv: no deck other-en.yaml in {decks}; skipped" in out
    assert script["main"]([str(tmp_path), str(decks)]) == 2  # no tag files there
    card = load_deck(decks / "timeline-en.yaml").questions[0]
    assert (card.difficulty, card.region) == ("hard", ("uk", "us"))
