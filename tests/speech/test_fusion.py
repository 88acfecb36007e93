"""Utterance verification (voicemaster.speech.asr.fusion): accept, reject, and "unclear"."""

from __future__ import annotations

import pytest

from voicemaster.speech.asr.fusion import (
    ACCEPT_LLR,
    ACCEPT_LLR_LARGE,
    MIN_COVER,
    NARROW_LLR,
    UNCLEAR_LLR,
    accept_llr,
    confidence,
    fuse,
    verify,
)

PHRASES = ("salmon", "trout", "repeat")


def test_the_threshold_falls_with_the_grammar_size_between_its_two_ends() -> None:
    sizes = [1, 16, 20, 30, 48, 200]
    limits = [accept_llr(n) for n in sizes]
    assert limits[0] == limits[1] == ACCEPT_LLR and limits[-2] == limits[-1] == ACCEPT_LLR_LARGE
    assert all(a >= b for a, b in zip(limits, limits[1:], strict=False))
    assert ACCEPT_LLR_LARGE < limits[2] < ACCEPT_LLR
    assert confidence(-3.0, -3.0) == pytest.approx(0.5)


def test_a_phrase_is_accepted_only_above_the_threshold_and_covering_the_speech() -> None:
    assert verify("salmon", ACCEPT_LLR, PHRASES).in_grammar
    assert not verify("salmon", ACCEPT_LLR - 0.1, PHRASES).in_grammar
    assert not verify("salmon", 20.0, PHRASES, cover=MIN_COVER - 0.1).in_grammar
    assert not verify("salmon trout", 20.0, PHRASES).in_grammar  # not one phrase


def test_a_narrowly_rejected_phrase_is_unclear_and_a_far_off_one_is_not() -> None:
    near = verify("salmon", ACCEPT_LLR - UNCLEAR_LLR + 1, PHRASES)
    far = verify("salmon", ACCEPT_LLR - UNCLEAR_LLR - 1, PHRASES)
    assert not near.in_grammar and near.unclear and "salmon" in near.alternatives
    assert not far.in_grammar and not far.unclear
    assert not verify("salmon", ACCEPT_LLR + 5, PHRASES).unclear  # accepted: clear


def test_no_path_through_the_grammar_is_unclear_with_the_free_words_only() -> None:
    lost = verify("", None, PHRASES, free=lambda: "she amp")
    assert lost.unclear and not lost.in_grammar
    assert lost.text == "she amp" and lost.alternatives == ("she amp",)


def test_a_phrase_accepted_just_over_the_threshold_is_narrow() -> None:
    narrow = verify("salmon", ACCEPT_LLR + NARROW_LLR - 1, PHRASES)
    sure = verify("salmon", ACCEPT_LLR + NARROW_LLR + 1, PHRASES)
    assert narrow.in_grammar and narrow.narrow and not narrow.unclear
    assert sure.in_grammar and not sure.narrow
    large = accept_llr(200)
    assert verify("salmon", large + 1, PHRASES, threshold=large).narrow
    assert not verify("salmon", ACCEPT_LLR - 1, PHRASES).narrow  # rejected: not narrow


def test_free_decoding_confirms_a_rejected_phrase_or_says_what_was_heard() -> None:
    low = ACCEPT_LLR - 4
    same = verify("salmon", low, PHRASES, free=lambda: "a salmon")
    assert same.in_grammar and same.text == "salmon" and same.confidence >= 0.5
    other = verify("salmon", low, PHRASES, free=lambda: "seven")
    assert not other.in_grammar and other.text == "seven" and other.unclear
    assert other.alternatives == ("salmon", "seven")
    far = verify("salmon", low - UNCLEAR_LLR, PHRASES, free=lambda: "seven")
    assert far.text == "seven" and not far.unclear


def test_vosk_fusion_accepts_on_agreement_and_marks_a_disputed_phrase_unclear() -> None:
    agreed = fuse("trout", "trout", PHRASES)
    assert agreed.in_grammar and agreed.text == "trout" and not agreed.unclear
    assert not agreed.narrow
    disputed = fuse("trout", "the sea", PHRASES)
    assert not disputed.in_grammar and disputed.text == "the sea" and disputed.unclear
    rescued = fuse("trout", "the sea", PHRASES, rescore=lambda free: "trout")
    assert rescued.in_grammar and rescued.text == "trout" and rescued.narrow  # asked back
    nothing = fuse("", "the sea", PHRASES)  # no phrase of the grammar fitted
    assert not nothing.in_grammar and not nothing.unclear
