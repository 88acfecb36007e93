"""Every test gets its own data folder (saved games, question history, log) through the same
override the command line offers ($VOICEMASTER_DATA), so no test reads or writes the real
home folder's, and no config file of the machine applies."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("VOICEMASTER_DATA", str(tmp_path))
    monkeypatch.setenv("VOICEMASTER_CONFIG", str(tmp_path / "no-config.toml"))
    return tmp_path
