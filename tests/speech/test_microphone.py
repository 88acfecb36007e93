"""The microphone through the real sounddevice/PortAudio/ALSA code path, with no hardware.

An ALSA ``file`` plugin in an ``.asoundrc`` of a fake HOME turns a raw file into a capture device
("fakemic"); each test runs in a subprocess with that HOME so ALSA and PortAudio start clean.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from tests.speech.conftest import needs
from voicemaster.speech.audio import dither, resample, to_array
from voicemaster.speech.base import SpeechUnavailable
from voicemaster.speech.capture.microphone import NO_MIC, Device, choose_rate, find_input
from voicemaster.speech.voice.renderers import EspeakRenderer

ROOT = Path(__file__).resolve().parents[2]

ASOUNDRC = """
pcm.fakemic {{
    type file
    slave.pcm null
    file "/dev/null"
    infile "{infile}"
    format "raw"
}}
"""

# Runs in the subprocess: argv[1] is a JSON job; prints one JSON line.
SCRIPT = r"""
import json, os, sys, threading, time
from pathlib import Path
from voicemaster.speech.base import SpeechUnavailable
from voicemaster.speech.capture import microphone as m

job = json.loads(sys.argv[1])
out = {}
def capture(mic, samples):
    got = b""
    while len(got) < 2 * samples:
        chunk = mic.read(2.0)
        if chunk is None:
            raise SystemExit("timeout")
        got += chunk
    return got[: 2 * samples]

if job["mode"] == "capture":
    out["devices"] = [[d.index, d.name, d.inputs] for d in m.list_devices()]
    mic = m.Microphone(job["device"], capture_rate=job.get("rate")).open()
    out["rate"] = mic.capture_rate
    Path(job["out"]).write_bytes(capture(mic, job["samples"]))
    mic.close()
    out["after_close"] = mic.read(0.0) == b""
elif job["mode"] == "missing":
    try:
        m.Microphone(job.get("device")).open()
    except SpeechUnavailable as exc:
        out["error"] = str(exc)
elif job["mode"] == "hotplug":
    mic = m.Microphone("fakemic")
    try:
        mic.open()
    except SpeechUnavailable as exc:
        out["first"] = str(exc)
    def plug_in():
        time.sleep(0.6)
        Path(job["rc_path"]).write_text(job["rc"])
    threading.Thread(target=plug_in).start()
    waits = []
    mic.wait_for_device(timeout=15, poll_s=0.2, on_wait=lambda exc: waits.append(str(exc)))
    out["waits"] = len(waits)
    Path(job["out"]).write_bytes(capture(mic, job["samples"]))
    mic.close()
elif job["mode"] == "stall":
    # opened read-write, a FIFO never blocks an open nor breaks a write, whoever else
    # (PortAudio probing the device) opens and closes it
    fd = os.open(job["fifo"], os.O_RDWR)
    os.write(fd, bytes(range(256)) * 125)  # 16000 bytes: 0.5 s of audio, then nothing
    mic = m.Microphone("fakemic", stall_s=1.0).open()
    got = 0
    try:
        while True:
            chunk = mic.read(0.3)
            got += len(chunk or b"") // 2
    except SpeechUnavailable as exc:
        out["error"], out["samples"] = str(exc), got
    os.close(fd)  # the blocked read now sees the end of the file
    mic.close()
print(json.dumps(out))
"""


def _run(home: Path, job: dict[str, object]) -> dict[str, object]:
    env = {
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
    }
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, json.dumps(job)],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def _has_sound_card() -> bool:
    cards = Path("/proc/asound/cards")
    return cards.exists() and "no soundcards" not in cards.read_text()


@pytest.fixture(scope="module")
def speech22() -> tuple[bytes, int]:
    needs("espeak-ng")
    pcm, rate = EspeakRenderer().render("Bezzerwizzer, team blue! The answer is Jupiter.")
    return dither(pcm, np.random.default_rng(7)), rate


@pytest.fixture
def fake_home(tmp_path: Path) -> Path:
    pytest.importorskip("sounddevice", reason="sounddevice needs libportaudio2")
    home = tmp_path / "home"
    home.mkdir()
    return home


def test_capture_at_16k_returns_the_injected_samples(
    fake_home: Path, tmp_path: Path, speech22: tuple[bytes, int]
) -> None:
    pcm, rate = speech22
    speech16 = resample(to_array(pcm), rate).astype("<i2")
    infile = tmp_path / "mic.raw"
    infile.write_bytes(speech16.tobytes())
    (fake_home / ".asoundrc").write_text(ASOUNDRC.format(infile=infile))
    got = tmp_path / "got.raw"
    result = _run(
        fake_home,
        {"mode": "capture", "device": "FAKE", "out": str(got), "samples": len(speech16)},
    )
    assert [row[:2] for row in result["devices"]][0] == [0, "fakemic"]  # type: ignore[index]
    assert result["rate"] == 16_000
    assert result["after_close"] is True  # closed on purpose: the end of the stream
    assert np.array_equal(np.frombuffer(got.read_bytes(), dtype="<i2"), speech16)


def test_capture_at_48k_is_resampled_to_16k(
    fake_home: Path, tmp_path: Path, speech22: tuple[bytes, int]
) -> None:
    needs("sox")
    pcm, rate = speech22
    src = tmp_path / "speech22.raw"
    src.write_bytes(pcm)
    infile = tmp_path / "mic48.raw"
    raw = ["-t", "raw", "-e", "signed", "-b", "16", "-c", "1", "-L"]
    # sox, not our resampler, makes the 48 kHz "microphone" signal
    subprocess.run(["sox", *raw, "-r", str(rate), src, *raw, "-r", "48000", infile], check=True)
    (fake_home / ".asoundrc").write_text(ASOUNDRC.format(infile=infile))
    expected = resample(to_array(pcm), rate).astype(np.float64)
    n = len(expected) - 800
    got = tmp_path / "got.raw"
    result = _run(
        fake_home,
        {"mode": "capture", "device": "0", "rate": 48_000, "out": str(got), "samples": n},
    )
    assert result["rate"] == 48_000
    captured = np.frombuffer(got.read_bytes(), dtype="<i2").astype(np.float64)
    # allow a few samples of filter delay; then the signals must agree closely
    best = min(range(-4, 5), key=lambda lag: _error_db(captured, expected, lag))
    assert abs(best) <= 2
    assert _error_db(captured, expected, best) < -40.0  # dB relative to the speech (measured -75)


def _error_db(captured: np.ndarray, expected: np.ndarray, lag: int) -> float:
    a = captured[200:-200]
    b = expected[200 + lag : 200 + lag + len(a)]
    return float(10 * np.log10(np.sum((a - b) ** 2) / np.sum(b**2)))


def test_no_microphone_gives_a_clear_message(fake_home: Path) -> None:
    if _has_sound_card():
        pytest.skip("this machine has a sound card, so a microphone may exist")
    result = _run(fake_home, {"mode": "missing"})
    assert result["error"] == NO_MIC
    assert "--input keyboard" in NO_MIC and "USB microphone" in NO_MIC


def test_unknown_device_name_lists_the_microphones(fake_home: Path, tmp_path: Path) -> None:
    (fake_home / ".asoundrc").write_text(ASOUNDRC.format(infile="/dev/zero"))
    result = _run(fake_home, {"mode": "missing", "device": "usb audio"})
    assert "No microphone matching 'usb audio'" in str(result["error"])
    assert "0: fakemic" in str(result["error"])


def test_a_microphone_plugged_in_later_is_found(
    fake_home: Path, tmp_path: Path, speech22: tuple[bytes, int]
) -> None:
    if _has_sound_card():
        pytest.skip("this machine has a sound card")
    pcm, rate = speech22
    speech16 = resample(to_array(pcm), rate).astype("<i2")
    infile = tmp_path / "mic.raw"
    infile.write_bytes(speech16.tobytes())
    got = tmp_path / "got.raw"
    job = {
        "mode": "hotplug",
        "rc_path": str(fake_home / ".asoundrc"),
        "rc": ASOUNDRC.format(infile=infile),
        "out": str(got),
        "samples": 16_000,
    }
    result = _run(fake_home, job)
    assert result["first"] == NO_MIC
    assert int(str(result["waits"])) >= 1
    assert np.array_equal(np.frombuffer(got.read_bytes(), dtype="<i2"), speech16[:16_000])


def test_a_microphone_that_stops_delivering_raises(fake_home: Path, tmp_path: Path) -> None:
    fifo = tmp_path / "mic.fifo"
    os.mkfifo(fifo)
    (fake_home / ".asoundrc").write_text(ASOUNDRC.format(infile=fifo))
    result = _run(fake_home, {"mode": "stall", "fifo": str(fifo)})
    assert "stopped delivering sound" in str(result["error"])
    # all that was written arrived first (ALSA may pad the last short read to whole periods)
    assert 8_000 <= int(str(result["samples"])) <= 32_000


def test_device_choice_and_rate_choice() -> None:
    devices = [
        Device(0, "HDA Intel PCH: ALC892 Analog", 2, 2, 48_000),
        Device(1, "HDMI 0", 0, 8, 48_000),
        Device(2, "USB PnP Sound Device: Audio", 1, 0, 44_100),
    ]
    assert find_input("usb", devices).index == 2
    assert find_input(2, devices).index == 2
    assert find_input(" 0 ", devices).index == 0
    assert find_input(None, devices).index == 0
    with pytest.raises(SpeechUnavailable, match="No microphone matching '1'"):
        find_input("1", devices)  # HDMI has no input
    with pytest.raises(SpeechUnavailable, match="No microphone found"):
        find_input(None, [devices[1]])
    assert choose_rate(lambda r: r in (44_100, 48_000), 44_100) == 48_000
    assert choose_rate(lambda r: r == 44_100, 44_100) == 44_100
    assert choose_rate(lambda r: True, 48_000) == 16_000
    with pytest.raises(SpeechUnavailable, match="rates"):
        choose_rate(lambda r: False, 8_000)


def test_devices_command_lists_the_fake_microphone(fake_home: Path) -> None:
    (fake_home / ".asoundrc").write_text(ASOUNDRC.format(infile="/dev/zero"))
    code = "from voicemaster.commands.say import cmd_devices\nraise SystemExit(cmd_devices(None))"
    env = {"HOME": str(fake_home), "PATH": os.environ.get("PATH", "")}
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert "Microphones" in done.stdout and "0  fakemic" in done.stdout
    if not _has_sound_card() and shutil.which("aplay"):
        empty = fake_home.parent / "empty"
        empty.mkdir()
        env["HOME"] = str(empty)
        done = subprocess.run(
            [sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True
        )
        assert done.returncode == 1
        assert "No sound devices found" in done.stdout
