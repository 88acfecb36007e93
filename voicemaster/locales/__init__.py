"""A locale: everything that depends on the language a game is played in, taken from the deck's
``language`` (``Deck.language``).

The recognizer's language and model, the quizmaster's voice, the words the game listens for
(``lexicon``), the judge's normaliser, the number words and one catalogue of what the
quizmaster says (``Locale.phrases``: a template per key, filled with ``str.format`` fields).
English is the only locale shipped; ``locale_for`` names the others it does not know in one
clear line.  Adding a language: a module like ``locales/en.py`` with its catalogue under the
same keys, one line in ``LOCALES``, and decks whose ``language`` names it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import ModuleType

from voicemaster import lexicon
from voicemaster.judge.numbers import cardinal_word
from voicemaster.judge.text import normalise
from voicemaster.locales import en


class UnknownLanguage(ValueError):
    """A deck in a language no locale is shipped for."""


@dataclass(frozen=True)
class Locale:
    language: str  # the decks' language code: "en"
    recognizer_language: str  # the language a multilingual recognizer is told to transcribe
    whisper_model: str  # the recognizer model played with by default
    voice: str  # the quizmaster's voice by default
    phrases: Mapping[str, str]  # what the quizmaster says: a template per key
    lexicon: ModuleType = lexicon  # the words the game listens for that are not answers
    normalise: Callable[[str], str] = normalise  # the judge's key form of an answer
    number_word: Callable[[int], str] = cardinal_word  # 0-99 as one word

    def deck(self, variant: str) -> str:
        """A variant's bundled deck in this language: "decks/standard-en.yaml"."""
        return f"decks/{variant}-{self.language}.yaml"

    def say(self, key: str, **fields: object) -> str:
        """The phrase ``key`` with its fields filled in."""
        return self.phrases[key].format(**fields)


ENGLISH = Locale(
    language="en",
    recognizer_language="en",
    whisper_model="tiny.en",
    voice="piper:joe",
    phrases=en.PHRASES,
)
LOCALES = {ENGLISH.language: ENGLISH}


def locale_for(language: str) -> Locale:
    """The locale of a deck's ``language`` ("en", "en-GB": the language, whatever the region);
    ``UnknownLanguage`` names the ones shipped."""
    found = LOCALES.get(language.lower()) or LOCALES.get(language.lower().split("-")[0])
    if found is None:
        shipped = ", ".join(sorted(LOCALES))
        raise UnknownLanguage(f"no locale for language {language!r} (shipped: {shipped})")
    return found
