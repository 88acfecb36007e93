"""The quizmaster speaks the locale of the deck's language: a toy second locale, whose catalogue
brackets every English phrase, plays text simulations of the five rule sets, and what the
quizmaster says is checked to come from that catalogue."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from voicemaster.cli import main
from voicemaster.host import phrases
from voicemaster.host.text_io import TranscriptSpeaker
from voicemaster.locales import ENGLISH, LOCALES, UnknownLanguage, locale_for

DECKS = Path(__file__).resolve().parents[2] / "decks"
OPEN, CLOSE = "⟦", "⟧"
TOY = replace(
    ENGLISH,
    language="xx",
    phrases={key: f"{OPEN}{text}{CLOSE}" for key, text in ENGLISH.phrases.items()},
)
INNERMOST = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")


def outside_catalogue(line: str) -> str:
    """What is left of a line said once every catalogue phrase (fields and all) is cut out."""
    while (cut := INNERMOST.sub("", line)) != line:
        line = cut
    return line.strip()


def toy_deck(variant: str, folder: Path) -> Path:
    """The bundled deck of ``variant`` in the toy language (its cards unchanged)."""
    name = "standard" if variant == "kompakt" else variant
    text = (DECKS / f"{name}-en.yaml").read_text(encoding="utf-8")
    toy = folder / f"{name}-xx.yaml"
    toy.write_text(text.replace("\nlanguage: en\n", "\nlanguage: xx\n", 1), encoding="utf-8")
    return toy


def said_in_simulation(
    variant: str, deck: Path, folder: Path, monkeypatch: pytest.MonkeyPatch, seed: int = 1
) -> list[str]:
    said: list[str] = []
    real = TranscriptSpeaker.say

    def say(self: TranscriptSpeaker, text: str) -> None:
        said.append(text)
        real(self, text)

    monkeypatch.setattr(TranscriptSpeaker, "say", say)
    args = [
        "simulate",
        "--variant",
        variant,
        "--seed",
        str(seed),
        "--teams",
        "3",
        "--deck",
        str(deck),
    ]
    code = main([*args, "--through", "text", "--record", str(folder / f"{variant}-{seed}.jsonl")])
    assert code == 0
    return said


@pytest.fixture
def toy_locale(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setitem(LOCALES, "xx", TOY)
    yield
    phrases.use_locale(ENGLISH)


@pytest.mark.parametrize("variant", ["standard", "ord", "familie", "kompakt", "timeline"])
def test_a_game_in_a_toy_language_says_only_its_catalogue(
    variant: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, toy_locale: None
) -> None:
    said = said_in_simulation(variant, toy_deck(variant, tmp_path), tmp_path, monkeypatch)
    assert len(said) > 20
    assert any(line.startswith(OPEN) for line in said), "the toy catalogue is not used"
    english = sorted({left for line in said if (left := outside_catalogue(line))})
    assert not english, english


def test_the_english_catalogue_is_the_default_and_fills_its_fields() -> None:
    assert locale_for("en") is ENGLISH and locale_for("en-GB") is ENGLISH
    assert phrases.verdict("tigers", "wrong") == "Tigers: that is not right."
    assert ENGLISH.deck("timeline") == "decks/timeline-en.yaml"


def test_a_deck_in_a_language_no_locale_speaks_is_one_clear_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(UnknownLanguage, match="no locale for language 'da' \\(shipped: en\\)"):
        locale_for("da")
    deck = toy_deck("standard", tmp_path)
    deck.write_text(deck.read_text(encoding="utf-8").replace("language: xx", "language: da"))
    args = ["simulate", "--seed", "1", "--deck", str(deck), "--record", str(tmp_path / "g.jsonl")]
    assert main(args) == 2
    err = capsys.readouterr().err.strip()
    assert err.endswith("no locale for language 'da' (shipped: en)") and "\n" not in err


PACKAGE = Path(__file__).resolve().parents[2] / "voicemaster"
ASKED = re.compile(r'(?:\bsaid|\bsay|\.get)\(\s*(f?)"([a-z][\w.{}-]*)"')


def test_every_phrase_the_code_asks_for_is_in_the_english_catalogue() -> None:
    """A key the catalogue lacks would fail only when its line is said, perhaps mid-game on a
    rare path: every ``said("key")`` in the package names a phrase, and a key built at run time
    (``said(f"help.{kind}")``) a family of them."""
    from voicemaster.host.kompakt.dialogue import KompaktQuizmaster
    from voicemaster.host.point_words import NOT_DONE, SURE
    from voicemaster.host.setup.voice import STOPPED
    from voicemaster.host.timeline.dialogue import TimelineQuizmaster

    keys = set(ENGLISH.phrases)
    missing = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for built, key in ASKED.findall(path.read_text(encoding="utf-8")):
            if "." not in key and key not in keys:
                continue  # not a phrase key ("said" of another kind)
            prefix = key.split("{")[0]
            found = any(k.startswith(prefix) for k in keys) if built else key in keys
            if not found:
                missing.append(f"{path.name}: {key}")
    held = [*SURE.values(), NOT_DONE, STOPPED, *TimelineQuizmaster.sure_questions.values()]
    missing += [key for key in (*held, *KompaktQuizmaster.refusals.values()) if key not in keys]
    assert not missing, missing
    assert len(keys) > 150
