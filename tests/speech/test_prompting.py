"""Whisper's prompt: what separates the window's candidates, short, never giving the answer away."""

from __future__ import annotations

from voicemaster.host import windows
from voicemaster.speech.asr.prompting import MAX_WORDS, echoes, prompt_for
from voicemaster.speech.base import Expectation

RIVERS = ("Danube", "Rhine", "Volga", "Seine", "Thames")


def _window(right: str) -> Expectation:
    others = tuple(r for r in RIVERS if r != right)
    return Expectation(answers=(right,), competitors=others, commands=("pass", "repeat"))


def test_the_order_does_not_depend_on_which_answer_is_right() -> None:
    prompts = {prompt_for(_window(river)) for river in RIVERS}
    assert len(prompts) == 1  # the same words in the same order, whichever card is asked
    assert prompts.pop().startswith("Quiz answers: ")


def test_long_windows_are_cut_to_a_short_prompt() -> None:
    many = Expectation(
        answers=("1969",),
        competitors=tuple(str(year) for year in range(1900, 1990)),
        commands=windows.GENERAL,
        teams=("red", "blue", "green", "yellow"),
    )
    prompt = prompt_for(many)
    assert len(prompt.split()) <= MAX_WORDS + 8  # framing words beside the budget
    assert prompt.endswith("Bezzerwizzer green! Bezzerwizzer yellow!")


def test_windows_without_answers_say_their_choices() -> None:
    tiles = prompt_for(windows.arrange(("Music", "Politics", "Literature")))
    assert "politics" in tiles and "keep it" in tiles
    assert prompt_for(windows.confirm()) == "Yes or no?"
    assert prompt_for(windows.shouts(("red", "blue"))).startswith(
        "Bezzerwizzer red! Bezzerwizzer blue!"
    )


def test_zwaps_are_prompted_as_their_words_so_no_whole_zwap_leads_a_shout() -> None:
    zwaps = ("zwap my music with blue's film", "zwap music with film", "zwap my sport with film")
    prompt = prompt_for(Expectation(options=zwaps, teams=("red", "blue")))
    assert prompt == "Bezzerwizzer red! Bezzerwizzer blue! Say: zwap, music, blue, film, sport."


def test_the_prompt_read_back_is_recognised() -> None:
    assert echoes("quiz answers danube rhine")
    assert not echoes("danube")


def test_a_number_answer_is_prompted_with_two_other_numbers_at_most() -> None:
    digits = Expectation(answers=("7",), competitors=tuple(str(d) for d in range(10) if d != 7))
    listed = prompt_for(digits).removeprefix("Quiz answers: ").rstrip(".").split(", ")
    assert "7" in listed and len(listed) == 3
