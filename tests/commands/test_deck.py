"""``voicemaster deck check|import|stats`` through the real command line entry point."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
import yaml

from tests.helpers.cli import run_deck
from voicemaster.decks import MAX_BYTES, load_deck

DATA = Path(__file__).resolve().parents[1] / "data" / "decks"
EXAMPLE = DATA / "example-en.yaml"
LOCATED = re.compile(r"^(?P<path>[^:]+)(:(?P<line>\d+))?: \S")


def test_check_passes_the_example_with_a_json_summary(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_deck(capsys, "check", str(EXAMPLE), "--json")
    assert code == 0 and err == ""
    lines = out.strip().splitlines()
    assert lines[0].startswith(f"{EXAMPLE}: ok: deck example-en (standard), 13 questions")
    summary = json.loads(lines[-1])
    assert summary["ok"] is True
    (deck,) = summary["decks"]
    assert {k: deck[k] for k in ("path", "deck", "variant", "questions")} == {
        "path": str(EXAMPLE),
        "deck": "example-en",
        "variant": "standard",
        "questions": 13,
    }
    assert len(deck["categories"]) == 20 and sum(deck["categories"].values()) == 13
    assert deck["categories"]["Geography"] == 1 and deck["categories"]["Business"] == 0


def _broken_files(folder: Path) -> dict[str, tuple[bytes, str]]:
    """name -> (content, the start every problem line of that file must have after PATH)."""
    good = EXAMPLE.read_bytes()
    bomb = b"a: &a [x, x, x, x, x, x, x, x]\n" + b"".join(
        b"b%d: &b%d [*%s, *%s, *%s, *%s]\n"
        % (
            n,
            n,
            b"a" if n == 0 else b"b%d" % (n - 1),
            *([b"a" if n == 0 else b"b%d" % (n - 1)] * 3),
        )
        for n in range(30)
    )
    return {
        "syntax.yaml": (good.replace(b"  - id: sci-0001", b"  - id: [sci"), ":"),
        "category.yaml": (good.replace(b"category: Music", b"category: Musik"), ":"),
        "duplicate.yaml": (good.replace(b"id: mus-0001", b"id: geo-0001"), ":"),
        "empty.yaml": (b"", ""),
        "binary.yaml": (bytes(range(256)) * 4, ""),
        "latin1.yaml": (good.decode().encode("latin-1"), ":"),
        "enormous.yaml": (b"# " + b"x" * MAX_BYTES + b"\n", ""),
        "bomb.yaml": (bomb, ":"),
    }


def test_check_rejects_every_broken_file_with_located_problems(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    files = _broken_files(tmp_path)
    for name, (content, _) in files.items():
        (tmp_path / name).write_bytes(content)
    code, out, err = run_deck(capsys, "check", str(tmp_path), "--json")
    assert code == 2
    problems = err.strip().splitlines()
    seen = set()
    for line in problems:
        match = LOCATED.match(line)
        assert match, f"not PATH[:LINE]: message: {line!r}"
        name = Path(match["path"]).name
        seen.add(name)
        wants_line = files[name][1] == ":"
        assert bool(match["line"]) == wants_line, line
    assert seen == set(files), "every broken file must be reported"
    assert "Traceback" not in err + out
    last = json.loads(out.strip().splitlines()[-1])
    assert last["ok"] is False and len(last["problems"]) == len(problems)
    assert {Path(p["path"]).name for p in last["problems"]} == set(files)


def test_check_reports_each_problem_of_one_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    broken = tmp_path / "two.yaml"
    text = EXAMPLE.read_text(encoding="utf-8")
    broken.write_text(
        text.replace("answer: Greece", "answer: Hellas").replace(
            "answer: eight", "answer: eight bits which is one byte exactly"
        ),
        encoding="utf-8",
    )
    lines = text.splitlines()
    options = lines.index("    options: [Italy, Greece, Spain]") + 1
    eight = lines.index("    answer: eight") + 1
    code, _, err = run_deck(capsys, "check", str(broken))
    assert code == 2
    assert err.splitlines() == [
        f"{broken}:{options}: question foo-0001: 'options' does not contain the answer 'Hellas'",
        f"{broken}:{eight}: question tec-0001: the answer has 7 words (at most 6, to be said in "
        "one breath)",
    ]


def test_check_names_missing_paths_and_empty_folders(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = run_deck(capsys, "check", str(tmp_path / "nope.yaml"), str(tmp_path))
    assert code == 2
    assert err.splitlines() == [
        f"{tmp_path}: no deck files (*.yaml, *.yml) in the folder",
        f"{tmp_path / 'nope.yaml'}: no such file or folder",
    ]


def test_check_refuses_two_decks_with_one_id(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    shutil.copy(EXAMPLE, tmp_path / "a.yaml")
    shutil.copy(EXAMPLE, tmp_path / "b.yml")
    code, _, err = run_deck(capsys, "check", str(tmp_path))
    assert code == 2
    assert err.strip() == f"{tmp_path / 'b.yml'}: deck id 'example-en' is also used by " + str(
        tmp_path / "a.yaml"
    )


def test_stats_counts_per_category(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_deck(capsys, "stats", str(EXAMPLE))
    assert code == 0
    counts = dict(re.findall(r"^  (\S.*?)\s{2,}(\d+)", out, flags=re.M))
    assert counts["Geography"] == "1" and counts["Business"] == "0" and counts["total"] == "13"
    assert len(counts) == 21


def test_import_opentdb(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out_path = tmp_path / "trivia.yaml"
    code, out, _ = run_deck(
        capsys, "import", "--from", "opentdb", str(DATA / "opentdb-api.json"), "-o", str(out_path)
    )
    assert code == 0
    assert out.startswith(f"imported 8 questions from {DATA / 'opentdb-api.json'} into {out_path}")
    assert "skipped 5" in out
    for reason in (
        "unmappable category 'General Knowledge'",
        "answer over 6 words",
        "duplicate of an earlier question",
        "incomplete",
        "not a question object",
    ):
        assert f"skipped 1: {reason}" in out
    deck = load_deck(out_path)
    assert deck.deck == "trivia" and deck.variant == "standard"
    cards = {c.category: c for c in deck.questions}
    assert (
        cards["Film"].question == 'In the film "Jaws", what kind of animal terrorises Amity Island?'
    )
    assert cards["Tradition & Beliefs"].answer == "Mjölnir"  # HTML entities decoded
    assert cards["Tradition & Beliefs"].question.endswith("Thor's hammer?")
    assert cards["Geography"].reject == ("Sydney", "Melbourne", "Perth")
    assert cards["Science"].question.startswith("True or false: At high altitude")
    assert (cards["Science"].answer, cards["Sport"].answer) == ("yes", "no")
    assert "true" in cards["Science"].accept and "false" in cards["Sport"].accept
    assert "no" in cards["Science"].reject and "yes" in cards["Sport"].reject
    assert cards["Nature"].options == (
        "Beaver",
        "Hedgehog",
        "Kangaroo",
        "Otter",
    )  # "which of these"
    assert cards["Geography"].options == () and cards["Geography"].difficulty == "easy"
    assert run_deck(capsys, "check", str(out_path))[0] == 0


def test_import_ids_are_stable(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    source = DATA / "opentdb-api.json"
    run_deck(capsys, "import", "--from", "opentdb", str(source), "-o", str(tmp_path / "a.yaml"))
    reordered = json.loads(source.read_text(encoding="utf-8"))["results"][::-1]
    (tmp_path / "reordered.json").write_text(json.dumps(reordered), encoding="utf-8")
    run_deck(
        capsys,
        "import",
        "--from",
        "opentdb",
        str(tmp_path / "reordered.json"),
        "-o",
        str(tmp_path / "b.yaml"),
    )
    first = {c.question: c.id for c in load_deck(tmp_path / "a.yaml").questions}
    second = {c.question: c.id for c in load_deck(tmp_path / "b.yaml").questions}
    assert first == second and len(set(first.values())) == 8


def test_import_opentdb_bare_list(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out_path = tmp_path / "list.yaml"
    code, out, _ = run_deck(
        capsys,
        "import",
        "--from",
        "opentdb",
        str(DATA / "opentdb-list.json"),
        "-o",
        str(out_path),
        "--deck-id",
        "my-list",
    )
    assert code == 0 and "imported 3 questions" in out and "skipped 0" in out
    deck = load_deck(out_path)
    assert deck.deck == "my-list"
    assert sorted(c.category for c in deck.questions) == ["Design", "Literature", "Series"]


def test_import_csv(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out_path = tmp_path / "csv.yaml"
    code, out, _ = run_deck(
        capsys, "import", "--from", "csv", str(DATA / "questions.csv"), "-o", str(out_path)
    )
    assert code == 0
    assert "imported 3 questions" in out and "skipped 5" in out
    source = DATA / "questions.csv"
    assert f"{source}:5: skipped: unknown category 'Astrology'" in out
    assert f"{source}:6: skipped: answer over 6 words" in out
    assert f"{source}:8: skipped: duplicate of an earlier question (id 'csv-geo-1')" in out
    assert f"{source}:9: skipped: incomplete" in out
    assert f"{source}:10: skipped: 'options' does not contain the answer 'five'" in out
    deck = load_deck(out_path)
    amazon, gas, cheese = deck.questions
    assert (amazon.id, amazon.accept, amazon.reject) == (
        "csv-geo-1",
        ("the Amazon", "Amazon River"),
        ("Paraná", "Orinoco"),
    )
    assert gas.id.startswith("science-") and gas.accept == ("CO2", "C O 2")
    assert cheese.options == ("mozzarella", "ricotta", "parmesan")
    assert cheese.question.endswith("margherita, the Italian classic?")  # quoted comma
    written = yaml.safe_load(out_path.read_text(encoding="utf-8"))
    assert written["variant"] == "standard" and len(written["questions"]) == 3


@pytest.mark.parametrize(
    ("source", "name", "content", "expected"),
    [
        ("opentdb", "bad.json", '[{"question": "x",\n  oops}]', ":2: not valid JSON"),
        ("opentdb", "obj.json", '{"response_code": 0}', ": expected a list of questions"),
        (
            "opentdb",
            "none.json",
            '[{"category": "General Knowledge"}]',
            ": no question could be imported",
        ),
        (
            "csv",
            "head.csv",
            "question,answer\nq,a\n",
            ":1: the header row lacks the column(s) category",
        ),
        ("csv", "cols.csv", "category,question,answer,hint\n", ":1: unknown column(s) 'hint'"),
        ("csv", "bin.csv", "category\x00", ": a binary file"),
    ],
)
def test_import_rejects_unusable_sources(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    source: str,
    name: str,
    content: str,
    expected: str,
) -> None:
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    code, _, err = run_deck(
        capsys, "import", "--from", source, str(path), "-o", str(tmp_path / "o.yaml")
    )
    assert code == 2
    assert err.splitlines()[-1].startswith(f"{path}{expected}"), err
    assert not (tmp_path / "o.yaml").exists()


def test_import_never_overwrites_without_force(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out_path = tmp_path / "mine.yaml"
    out_path.write_text("my own deck\n")
    source = str(DATA / "opentdb-api.json")
    code, out, err = run_deck(capsys, "import", "--from", "opentdb", source, "-o", str(out_path))
    assert code == 2 and out == ""
    assert err == f"voicemaster: {out_path} exists; give another -o, or --force to overwrite it\n"
    assert out_path.read_text() == "my own deck\n"
    code, out, _ = run_deck(
        capsys, "import", "--from", "opentdb", source, "-o", str(out_path), "--force"
    )
    assert code == 0 and len(load_deck(out_path).questions) == 8


def test_the_bundled_decks_are_found_by_name_from_any_folder(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    project = tmp_path / "project"
    (project / "decks").mkdir(parents=True)
    shutil.copy(EXAMPLE, project / "decks" / "example-en.yaml")
    monkeypatch.setattr("voicemaster.places.PROJECT", project)
    monkeypatch.chdir(tmp_path)
    bundled = project / "decks" / "example-en.yaml"
    for name in ("example-en.yaml", "decks/example-en.yaml"):
        code, out, _ = run_deck(capsys, "stats", name)
        assert code == 0 and out.startswith(f"{bundled}: deck ")
    code, out, _ = run_deck(capsys, "check")  # no path: the bundled decks
    assert code == 0 and f"{bundled}: ok: deck " in out
    code, _, err = run_deck(capsys, "check", "missing-en.yaml")
    assert code == 2 and "missing-en.yaml: no such file" in err
