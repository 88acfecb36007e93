"""What a command is asked to do: frozen settings, one class per command.

``voicemaster.cli`` is the only reader of argv, the config file and the environment; it turns
what it read into one of these and hands it to the command's handler (``voicemaster.commands``).
Nothing below the command line sees the parsed arguments, and no folder is fixed below it: the
data folder comes as :class:`~voicemaster.places.Places`, the speech models' folder as ``models``.
The types of the fields are imported only for type checking, so building settings loads no
decks, speech or board code.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from voicemaster.board.settings import BoardSettings
    from voicemaster.decks.drawing import DrawSettings
    from voicemaster.places import Places
    from voicemaster.speech.voice.voice_choice import VoiceChoice


@dataclass(frozen=True)
class GameOptions:
    """The game options of ``play`` and ``simulate``; None: not given (a default, or asked)."""

    draw: DrawSettings  # --difficulty and --no-region as the game draws
    variant: str | None = None
    teams: int | None = None
    names: str | None = None
    track: int | None = None
    mode: str | None = None
    kinds: str | None = None
    home_stretch: int | None = None
    deck: list[str] | None = None
    difficulty: str | None = None
    no_region: frozenset[str] | None = None
    seed: int | None = None
    record: str | None = None
    resume: str | None = None  # "": the newest unfinished game


@dataclass(frozen=True)
class PlaySettings:
    game: GameOptions
    places: Places
    voice: VoiceChoice
    board: BoardSettings | None
    models: Path  # where downloaded speech models live
    input: str = "mic"  # or "keyboard"
    output: str = "speech"  # or "text"
    asr: str | None = None
    model: str | None = None
    device: str | None = None
    window: float | None = None  # None: 5 s, 12 s when typing
    thinking: float = 30.0
    history: bool = True


@dataclass(frozen=True)
class SimulateSettings:
    game: GameOptions
    places: Places
    board: BoardSettings | None
    skill: float = 0.6
    through: str = "text"  # or "audio"
    voices: str | None = None
    noise: str = "none"
    snr: float | None = None
    asr: str | None = None
    models: Path | None = None  # where downloaded speech models live (--asr vosk)
    yes_sayer: bool = False  # the teams answer yes to every "Did you say ...?"
    transcript: str | None = None  # where the transcript of a game through audio is written


@dataclass(frozen=True)
class GamesSettings:
    places: Places
    command: str | None = None  # None (list), "delete", "trash", "restore" or "rename"
    all: bool = False
    json: bool = False
    game: str | None = None
    name: str | None = None
    yes: bool = False  # delete without asking


@dataclass(frozen=True)
class ReplaySettings:
    file: str
    quiet: bool = False


@dataclass(frozen=True)
class DeckCheckSettings:
    paths: list[str]
    json: bool = False
    strict: bool = False


@dataclass(frozen=True)
class DeckImportSettings:
    source: str  # "opentdb" or "csv"
    file: str
    output: str
    deck_id: str | None = None
    force: bool = False  # overwrite an existing output file


@dataclass(frozen=True)
class DeckStatsSettings:
    path: str
    places: Places


@dataclass(frozen=True)
class DeckTagSettings:
    tags: str
    path: str
    dry_run: bool = False


@dataclass(frozen=True)
class JudgeSettings:
    jsonl: str  # "-": stdin


@dataclass(frozen=True)
class HearSettings:
    """``hear`` and ``spot``: the recognizer and the JSON Lines input."""

    jsonl: str
    models: Path
    asr: str | None = None
    model: str | None = None


@dataclass(frozen=True)
class SaySettings:
    text: str
    voice: VoiceChoice
    wav: str | None = None
    named: bool = False  # --voice asked for this voice: no other voice speaks in its place


@dataclass(frozen=True)
class ModelSettings:
    """``model download`` and ``model list``."""

    folder: Path
    name: str = "vosk"
