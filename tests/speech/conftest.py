"""Shared fixtures for speech tests: real synthesized audio (cached) and the real corpora."""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

import numpy as np
import pytest

from voicemaster.audio_sim.synth import synthesize

CORPORA = Path(__file__).resolve().parents[1].parent.parent / "shared" / "corpora"


def corpus_rows(name: str) -> list[dict[str, str]]:
    """The manifest of a real-speech corpus, or skip when ../shared/corpora is absent."""
    manifest = CORPORA / name / "manifest.csv"
    if not manifest.exists():
        pytest.skip(f"real recordings not found at {manifest} (../shared/corpora)")
    with manifest.open(newline="") as fh:
        return list(csv.DictReader(fh))


def needs(binary: str) -> None:
    if shutil.which(binary) is None:
        pytest.skip(f"{binary} is not installed (Debian package {binary})")


@pytest.fixture
def rng() -> np.random.Generator:
    return np.random.default_rng(1234)


@pytest.fixture
def flite() -> None:
    needs("flite")


@pytest.fixture
def espeak() -> None:
    needs("espeak-ng")


@pytest.fixture
def say():  # type: ignore[no-untyped-def]
    """say(text, voice="flite:slt", rate=1.0, snr_db=None) -> dithered 16 kHz PCM (cached)."""
    needs("flite")
    return synthesize
