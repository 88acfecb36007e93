"""The test command itself: skip reasons are printed, and CI runs Hypothesis derandomized."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import settings

from tests.conftest import hypothesis_profile

ROOT = Path(__file__).resolve().parents[1]


def test_ci_runs_hypothesis_derandomized() -> None:
    assert hypothesis_profile({"CI": "true"}) == "ci"
    assert hypothesis_profile({"CI": "1"}) == "ci"
    for environ in ({}, {"CI": ""}, {"CI": "false"}):
        assert hypothesis_profile(environ) == "default"
    ci = settings.get_profile("ci")
    assert ci.derandomize and ci.database is None
    # the profile this run loaded: derandomized exactly when the environment says CI
    assert settings.default.derandomize == (hypothesis_profile(os.environ) == "ci")


@pytest.mark.slow
def test_the_test_command_prints_why_a_test_was_skipped(tmp_path: Path) -> None:
    test = tmp_path / "test_skipping.py"
    test.write_text(
        "import pytest\n\n"
        "@pytest.mark.skip(reason='no sound card in this box')\n"
        "def test_sound() -> None:\n"
        "    pass\n"
    )
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-c",
            str(ROOT / "pyproject.toml"),
            "-p",
            "no:cacheprovider",
        ]
        + ["--rootdir", str(tmp_path), str(test)],
        capture_output=True,
        text=True,
        check=False,
        cwd=tmp_path,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "SKIPPED [1]" in run.stdout and "no sound card in this box" in run.stdout


def test_the_package_metadata_and_readme_stand_on_their_own() -> None:
    """The license is an SPDX string (a table makes setuptools print a deprecation screen at
    set-up), and the README points to nothing outside a clone."""
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["license"] == "MIT"
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "../" not in readme
