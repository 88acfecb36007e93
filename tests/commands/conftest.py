"""The speech tests' fixtures (real synthesized audio) for the hear and spot commands."""

from tests.speech.conftest import flite

__all__ = ["flite"]
