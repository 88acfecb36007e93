"""A plain (not editable) install: the wheel built from this checkout, installed into a fresh
virtual environment, plays, simulates and checks the bundled decks from an unrelated folder,
and its simulation is the checkout's to the byte.  No network: the wheel is installed with
--no-deps, and the fresh environment reaches the project environment's packages through a
.pth line (which does not run that environment's editable-install hook)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("pyproject.toml", "setup.py", "README.md", "voicemaster", "decks")
SIMULATE = ["simulate", "--variant", "familie", "--seed", "1", "--teams", "3", "--through", "text"]


def _run(
    cmd: list[str], cwd: Path, env: dict[str, str], typed: str | None = None
) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        cmd, cwd=cwd, env=env, input=typed, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, f"{' '.join(cmd)}\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
    return done


def _installed(tmp: Path, env: dict[str, str]) -> Path:
    """A fresh virtual environment holding the wheel of this checkout; its ``bin``."""
    source, wheels, venv = tmp / "source", tmp / "wheels", tmp / "venv"
    source.mkdir()
    for name in SOURCES:  # a clean copy: no build/ left by an earlier build slips in
        if (ROOT / name).is_dir():
            shutil.copytree(
                ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__")
            )
        else:
            shutil.copy(ROOT / name, source / name)
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q"]
    _run([*pip, "wheel", "--no-deps", "-w", str(wheels), str(source)], tmp, env)
    _run([sys.executable, "-m", "venv", "--without-pip", str(venv)], tmp, env)
    (wheel,) = wheels.glob("voicemaster-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "voicemaster/bundled/decks/standard-en.yaml" in names
    assert not [n for n in names if n.startswith("tests/") or n.endswith("/browser.py")]
    python = venv / "bin" / "python"
    _run([*pip, "--python", str(python), "install", "--no-deps", str(wheel)], tmp, env)
    purelib = "import sysconfig; print(sysconfig.get_paths()['purelib'])"
    site = Path(_run([str(python), "-c", purelib], tmp, env).stdout.strip())
    (site / "project-packages.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    return venv / "bin"


@pytest.mark.slow
def test_a_plain_install_simulates_and_checks_the_bundled_decks_from_any_folder(
    tmp_path: Path,
) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {**os.environ, "HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path / "config")}
    env.pop("VOICEMASTER_DATA", None)
    env.pop("PYTHONPATH", None)
    bin_ = _installed(tmp_path, env)

    where = _run([str(bin_ / "python"), "-c", "import voicemaster; print(voicemaster.__file__)"],
                 elsewhere, env).stdout  # fmt: skip
    assert where.startswith(str(tmp_path / "venv")), where  # the wheel, not this checkout
    installed = tmp_path / "installed.jsonl"
    checkout = tmp_path / "checkout.jsonl"
    data = ["--data", str(tmp_path / "data")]
    _run([str(bin_ / "voicemaster"), *SIMULATE, *data, "--record", str(installed)], elsewhere, env)
    _run([sys.executable, "-m", "voicemaster", *SIMULATE, *data, "--record", str(checkout)],
         ROOT, env)  # fmt: skip
    assert installed.read_bytes() == checkout.read_bytes()
    assert b'"familie-en.yaml"' in installed.read_bytes()  # named inside the bundled decks

    checked = _run([str(bin_ / "voicemaster"), "deck", "check"], elsewhere, env)
    assert checked.stdout.count(": ok: deck ") == len(list((ROOT / "decks").glob("*.yaml")))
    assert str(tmp_path / "venv") in checked.stdout
    stats = _run([str(bin_ / "voicemaster"), "deck", "stats", "standard-en.yaml", *data],
                 elsewhere, env)  # fmt: skip
    assert "deck standard-en (standard), " in stats.stdout

    play = ["play", "--input", "keyboard", "--output", "text", "--teams", "2", "--seed", "4"]
    game = tmp_path / "played.jsonl"
    _run([str(bin_ / "voicemaster"), *play, *data, "--record", str(game)], elsewhere, env,
         typed="keep\nkeep\nquit\n")  # fmt: skip
    assert b'"standard-en.yaml"' in game.read_bytes()  # the default deck, bundled
    assert game.read_text().count("\n") >= 2  # a header and what was played
