"""The model commands (download, list) and the models folder, run through the real CLI."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from voicemaster.cli import main
from voicemaster.speech.asr import vosk_models
from voicemaster.speech.asr.recognizers import VOSK_MODEL, find_vosk_model, make_recognizer
from voicemaster.speech.base import BadDownload, DownloadError, SpeechUnavailable


def test_model_download_offline_is_a_clear_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # this machine has no internet: the real download must fail fast with advice
    assert main(["model", "download", "--dir", str(tmp_path / "models")]) == 2
    err = capsys.readouterr().err
    assert "No internet: copy a vosk model folder into" in err
    assert "Traceback" not in err
    assert not list((tmp_path / "models").glob("*.part"))


def test_model_download_refuses_an_unreachable_server_quickly(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    # a closed local port: refused at once, not a hang; the speech layer raises, never prints
    with pytest.raises(DownloadError, match="refused") as caught:
        vosk_models.download(tmp_path, url="http://127.0.0.1:9/model.zip", timeout=2.0)
    assert "copy a vosk model folder" in caught.value.hint
    assert not list(tmp_path.glob("*.part"))
    assert capfd.readouterr() == ("", "")


def test_a_download_that_is_not_the_model_is_a_bad_download(tmp_path: Path) -> None:
    archive = fake_model_zip(tmp_path / "other.zip", name="other")
    with pytest.raises(BadDownload, match="unexpected member"):
        vosk_models.download(tmp_path / "models", url=archive.as_uri())
    assert not list((tmp_path / "models").iterdir())  # neither the archive nor a folder


def fake_model_zip(path: Path, name: str = VOSK_MODEL, missing: str | None = None) -> Path:
    with zipfile.ZipFile(path, "w") as zf:
        for member in vosk_models.REQUIRED:
            if member != missing:
                zf.writestr(f"{name}/{member}", b"data")
        zf.writestr(f"{name}/README", b"a model")
    return path


def test_archive_structure_is_verified_and_unpacked(tmp_path: Path) -> None:
    good = fake_model_zip(tmp_path / "good.zip")
    folder = vosk_models.unpack(good, tmp_path / "models")
    assert folder == tmp_path / "models" / VOSK_MODEL
    assert find_vosk_model(tmp_path / "models") == folder
    assert find_vosk_model(None) is None  # no models folder given: none is assumed
    with pytest.raises(BadDownload, match="missing graph/HCLr.fst"):
        vosk_models.verify_archive(fake_model_zip(tmp_path / "m.zip", missing="graph/HCLr.fst"))
    with pytest.raises(BadDownload, match="unexpected member"):
        vosk_models.verify_archive(fake_model_zip(tmp_path / "o.zip", name="other"))
    broken = tmp_path / "broken.zip"
    broken.write_bytes(good.read_bytes()[:200])
    with pytest.raises(BadDownload, match="not a valid zip"):
        vosk_models.verify_archive(broken)


def test_model_list(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["model", "list", "--dir", str(tmp_path)]) == 0
    assert "no vosk models" in capsys.readouterr().out
    vosk_models.unpack(fake_model_zip(tmp_path / "good.zip"), tmp_path)
    assert main(["model", "list", "--dir", str(tmp_path)]) == 0
    assert VOSK_MODEL in capsys.readouterr().out


def test_asking_for_vosk_without_a_model(tmp_path: Path) -> None:
    with pytest.raises(SpeechUnavailable, match="voicemaster model download"):
        make_recognizer("vosk", models_dir=tmp_path)
    with pytest.raises(SpeechUnavailable, match="no model folder"):
        make_recognizer(None, model_dir=tmp_path / "nowhere")


def test_the_models_folder_is_found_from_any_working_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    project_models = Path(__file__).resolve().parents[2] / "models"
    monkeypatch.chdir(tmp_path)
    assert main(["model", "list"]) == 0
    out = capsys.readouterr().out
    assert f"{project_models}/" in out and "does not exist" not in out


def test_an_installed_package_keeps_its_models_in_the_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("voicemaster.places.PROJECT", tmp_path / "site-packages")  # no checkout
    monkeypatch.setenv("VOICEMASTER_DATA", str(tmp_path / "data"))
    assert main(["model", "list"]) == 0
    assert f"{tmp_path / 'data' / 'models'}/ does not exist" in capsys.readouterr().out


def test_a_failed_download_leaves_no_empty_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in ("vosk", "piper:en_US-lessac-medium"):
        assert main(["model", "download", name, "--dir", str(tmp_path / "new")]) == 2
        assert not (tmp_path / "new").exists(), name
    kept = tmp_path / "kept"
    kept.mkdir()
    assert main(["model", "download", "--dir", str(kept)]) == 2
    assert kept.is_dir()  # a folder that was there stays
