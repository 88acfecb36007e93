"""Every word the parser knows can be heard: the lexicon's phrases against each listening
window's grammar (pocketsphinx, vosk), the free decoder's dictionary and Whisper's prompt.

A phrase the host reads in a window is heard there when the window's grammar holds it, or
when a free decoder can write it (all its words in the pocketsphinx dictionary; Whisper writes
any English word).  The other way round, everything a grammar or a prompt offers is a phrase
the window's parser understands: a grammar that returns a phrase nobody reads is a trap.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

import pytest

from voicemaster import lexicon
from voicemaster.host import intents, windows
from voicemaster.host.listening import PAUSED, YES_NO
from voicemaster.judge.reply import PASSES, lite, yes_no
from voicemaster.speech.asr import spotter
from voicemaster.speech.asr.grammar import sanitise
from voicemaster.speech.asr.pocketsphinx_asr import model_files
from voicemaster.speech.asr.prompting import prompt_for
from voicemaster.speech.base import Expectation

TEAMS = ("red", "blue")
TILES = ("Music", "Film")
# other spellings of a phrase that is heard in its own spelling: the shout's (the grammars hold
# "bezzerwizzer" with its own pronunciations; Whisper writes these) and "dont" (typed)
SPELLINGS = frozenset({*lexicon.SHOUTS[1:], "dont know"})
# words the lexicon coins: not English, so each gets its pronunciation in the grammar
COINED = frozenset({lexicon.SHOUT, lexicon.ZWAP_WORDS[0], "unpause"})
# what the host reads in every window (resume matters only while paused: PAUSED holds it)
EVERYWHERE = (
    *(form for name, forms in lexicon.COMMANDS.items() if name != "resume" for form in forms),
    *lexicon.OVERRIDES,
    *lexicon.SHOUTS,
)
Reader = Callable[[str], object]


def _command(text: str) -> object:
    """What the host makes of ``text`` in every window: a command, an override, a shout."""
    intent = intents.parse(text, teams=TEAMS)
    return None if isinstance(intent, intents.Speech) else intent


def _arranged(text: str) -> object:
    """A tile, keep, or (asked after three misses) yes: as the arrangement reads them."""
    return intents.choice(text, TILES) or intents.yes_no(text) or None


# window name -> (the window, its own parser, the phrases that parser reads there)
WINDOWS: dict[str, tuple[Expectation, Reader, tuple[str, ...]]] = {
    "confirm": (windows.confirm(), intents.yes_no, (*lexicon.AFFIRM, *lexicon.DENY)),
    "knockback": (
        windows.knockback(),
        intents.knock_back,
        (*lexicon.KNOCK_BACK, *lexicon.FORWARD),
    ),
    "takeback": (windows.takeback(), intents.take_back, (*lexicon.TAKE_BACK, *lexicon.KEEP)),
    "arrange": (windows.arrange(TILES), _arranged, lexicon.KEEP),
    "final": (windows.commands(TEAMS), _command, ()),
    "shouts": (windows.shouts(TEAMS), _command, ()),
}


@lru_cache(maxsize=1)
def dictionary() -> frozenset[str]:
    """The words of pocketsphinx's English dictionary (its free decoder writes only these)."""
    path = model_files()[1]["dict"]
    with open(path, encoding="utf-8") as lines:
        return frozenset(line.split(maxsplit=1)[0] for line in lines if line.strip())


def grammar_of(window: Expectation) -> set[str]:
    """The phrases a grammar recognizer is given for ``window`` (the shouts included)."""
    return set(sanitise((*window.phrases(), *spotter.shout_phrases(window.teams))))


def heard(phrase: str, window: Expectation) -> bool:
    said = sanitise([phrase])[0]
    free = window.free and all(word in dictionary() for word in said.split())
    return said in grammar_of(window) or free or phrase in SPELLINGS


@pytest.mark.parametrize("name", sorted(WINDOWS))
def test_every_phrase_the_host_reads_in_a_window_can_be_heard_there(name: str) -> None:
    window, reader, own = WINDOWS[name]
    for phrase in own:
        assert reader(sanitise([phrase])[0]) is not None, phrase  # the lexicon is read
        assert sanitise([phrase])[0] in grammar_of(window), phrase  # a window's own move
    for phrase in EVERYWHERE:
        assert _command(sanitise([phrase])[0]) is not None, phrase
        assert heard(phrase, window), phrase
    held = grammar_of(window)
    assert {sanitise([w])[0] for w in windows.GENERAL} <= held  # the forms the help names
    assert all(f"{lexicon.SHOUT} {team}" in held for team in window.teams)


@pytest.mark.parametrize("name", sorted(WINDOWS))
def test_every_phrase_a_window_holds_is_understood_there(name: str) -> None:
    window, reader, _ = WINDOWS[name]
    for phrase in grammar_of(window):
        assert reader(phrase) is not None or _command(phrase) is not None, phrase


def test_yes_no_and_paused_windows_hold_every_form_they_read() -> None:
    for phrase in (*lexicon.AFFIRM, *lexicon.DENY):
        assert sanitise([phrase])[0] in grammar_of(YES_NO), phrase
    for phrase in grammar_of(YES_NO):
        assert intents.yes_no(phrase) is not None or _command(phrase) is not None, phrase
    for phrase in grammar_of(PAUSED):
        assert _command(phrase) in (
            intents.Command("resume"),
            intents.Command("quit"),
            intents.Shout(None),
        ), phrase
    paused = (*lexicon.COMMANDS["resume"], *lexicon.COMMANDS["quit"])
    assert {sanitise([p])[0] for p in paused} | {lexicon.SHOUT} == grammar_of(PAUSED)


def test_grammar_words_outside_the_dictionary_are_only_the_coined_ones() -> None:
    """A grammar word missing from the dictionary gets a guessed pronunciation: fine for a
    coined word, a trap for a misspelt English one ("scors")."""
    said = sanitise(
        (*EVERYWHERE, *lexicon.COMMANDS["resume"], *lexicon.AFFIRM, *lexicon.DENY, *lexicon.KEEP)
    )
    said += sanitise((*lexicon.TAKE_BACK, *lexicon.KNOCK_BACK, *lexicon.FORWARD))
    words = {w for phrase in said for w in phrase.split()} - set(dictionary())
    assert words - {w for s in SPELLINGS for w in sanitise([s])[0].split()} <= COINED


def _prompted(window: Expectation) -> list[str]:
    """The phrases Whisper's prompt offers in a window without answers."""
    prompt = prompt_for(window)
    if "Yes or no?" in prompt:
        return list(lexicon.YES_NO)
    listed = re.search(r"Say: (.*)\.", prompt)
    return [p.strip() for p in listed.group(1).split(",")] if listed else []


@pytest.mark.parametrize("name", sorted(WINDOWS))
def test_whispers_prompt_offers_only_what_the_window_understands(name: str) -> None:
    window, reader, _ = WINDOWS[name]
    for phrase in _prompted(window):
        said = sanitise([phrase])[0]
        assert reader(said) is not None or _command(said) is not None, phrase
    for team in window.teams:  # "Bezzerwizzer red!"
        assert f"{lexicon.SHOUT.capitalize()} {team}!" in prompt_for(window)
        assert intents.parse(f"{lexicon.SHOUT} {team}", teams=TEAMS) == intents.Shout(team)


def test_an_answer_windows_prompt_names_commands_the_host_reads() -> None:
    window = Expectation(answers=("Paris",), competitors=("Rome",), commands=windows.GENERAL)
    prompt = prompt_for(window)
    for command in lexicon.PROMPTED_COMMANDS:
        assert command in windows.GENERAL and command in prompt
        assert intents.parse(command) == intents.Command(command)


def test_the_host_and_the_judge_read_the_lexicon_alike() -> None:
    """A reply the host reads as yes or no the judge reads the same; every way to pass the
    command knows is a pass to the judge too."""
    for phrase in (*lexicon.AFFIRM, *lexicon.DENY):
        assert yes_no(phrase) is intents.yes_no(phrase), phrase
    for phrase in lexicon.PASS:
        assert tuple(lite(phrase)) in PASSES, phrase
        assert intents.parse(phrase) == intents.Command("pass"), phrase
    for reply in lexicon.REPLIES:
        assert intents.yes_no(reply) is not None and yes_no(reply) is not None
