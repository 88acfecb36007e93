"""Hypothesis runs derandomized in CI (the environment sets CI=true): the same examples on
every run, so a red build is reproducible; elsewhere the examples are random, to find what a
fixed set would not.

Every test gets its own data folder (saved games, question history, log) through the same
override the command line offers ($VOICEMASTER_DATA), so no test reads or writes the real
home folder's, and no config file of the machine applies."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings


@pytest.fixture(autouse=True)
def data_folder(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    monkeypatch.setenv("VOICEMASTER_DATA", str(tmp_path))
    empty = tmp_path_factory.getbasetemp() / "empty-config.toml"  # no settings (a named
    empty.touch()  # config file that does not exist is an error)
    monkeypatch.setenv("VOICEMASTER_CONFIG", str(empty))
    return tmp_path


settings.register_profile(
    "ci",
    derandomize=True,  # a fixed seed per test: the same examples on every run
    database=None,  # nothing carried over between runs
    deadline=None,  # a shared CI machine is slow at random moments
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)


def hypothesis_profile(environ: Mapping[str, str]) -> str:
    """The profile for an environment: "ci" when CI is set to anything but false."""
    ci = environ.get("CI", "").strip().lower()
    return "ci" if ci not in ("", "0", "false", "no") else "default"


settings.load_profile(hypothesis_profile(os.environ))
