"""The wheel's packages (everything else is in pyproject.toml): every ``voicemaster`` package
found on disk, and the bundled decks, which stay in the project's top-level ``decks/`` and are
mapped into the package as ``voicemaster/bundled/decks`` (found by voicemaster.places).  The
top-level ``models/`` holds no model files (downloads are git-ignored; the bundled Whisper and
Piper models are packages of their own), so nothing of it ships."""

from setuptools import find_packages, setup

BUNDLED_DECKS = "voicemaster.bundled.decks"

setup(
    packages=[*find_packages(include=["voicemaster", "voicemaster.*"]), BUNDLED_DECKS],
    package_dir={BUNDLED_DECKS: "decks"},
    package_data={"voicemaster.board": ["static/*"], BUNDLED_DECKS: ["*.yaml"]},
)
