"""The command line.  The only place that reads argv, config files and the environment.

argv is parsed with the parser declared in :mod:`voicemaster.commands.arguments`; what it gives
is turned here, with the config file and the environment, into a command's frozen settings
(:mod:`voicemaster.settings`), which its handler in :mod:`voicemaster.commands` receives.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from voicemaster.board.settings import DEFAULT_PORT
from voicemaster.commands.arguments import build_parser, parse_args
from voicemaster.commands.arguments_game import MAX_TRACK
from voicemaster.places import Setting
from voicemaster.settings import (
    DeckCheckSettings,
    DeckImportSettings,
    DeckStatsSettings,
    DeckTagSettings,
    GameOptions,
    GamesSettings,
    HearSettings,
    JudgeSettings,
    ModelSettings,
    PlaySettings,
    ReplaySettings,
    SaySettings,
    SimulateSettings,
)

if TYPE_CHECKING:
    from voicemaster.board.settings import BoardSettings
    from voicemaster.places import Places
    from voicemaster.speech.voice.voice_choice import VoiceChoice

__all__ = ["build_parser", "main", "settings_for"]

DEFAULT_BOARD_PORT = DEFAULT_PORT  # the board on by default (on a Raspberry Pi) serves here
Config = tuple[dict[str, Setting], Path]  # the config file's settings, and its path


class UsageError(Exception):
    """Flags that do not go together (a one-line message, exit 2)."""


def _on_a_pi() -> bool:
    try:
        return "Raspberry Pi" in Path("/proc/device-tree/model").read_text(errors="replace")
    except OSError:
        return False


def _home() -> Path:
    try:
        return Path.home()
    except RuntimeError:
        return Path("/")


def _config() -> Config:
    """The config file's settings (none when there is no file) and its path (ConfigError for
    a config file that cannot be used)."""
    from voicemaster.places import CONFIG_ENV, ConfigError, config_path, parse_config

    config_file = config_path(os.environ, _home())
    try:
        return parse_config(config_file.read_text(encoding="utf-8"), config_file), config_file
    except FileNotFoundError:
        if os.environ.get(CONFIG_ENV):  # named: a mistyped name must not pass unnoticed
            raise ConfigError(f"{config_file}: no such config file (${CONFIG_ENV})") from None
        return {}, config_file
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{config_file}: cannot read: {exc}") from None


def _places(ns: argparse.Namespace, config: Config) -> Places:
    """The data folder from --data, $VOICEMASTER_DATA, the config file or the XDG default."""
    from voicemaster.places import Places, choose_data

    return Places(choose_data(ns.data, os.environ, config[0], config[1], _home()))


def _models(ns: argparse.Namespace, config: Config) -> Path:
    """The speech models' folder: ``--dir``, else the project's ``models/`` in a checkout, else
    ``models/`` in the data folder."""
    from voicemaster.places import choose_data, models_folder

    if getattr(ns, "dir", None):
        return Path(ns.dir)
    data = choose_data(getattr(ns, "data", None), os.environ, config[0], config[1], _home())
    return models_folder(data)


def _voice(ns: argparse.Namespace, config: Config) -> VoiceChoice:
    """The quizmaster's voice from the flags, else the config file."""
    from voicemaster.places import ConfigError
    from voicemaster.speech.voice.voice_choice import choose_voice

    table, config_file = config

    def pick(flag: Any, key: str) -> Any:
        return flag if flag is not None else table.get(key)

    spec, where = ns.voice, "--voice"
    if spec is None and "voice" in table:
        spec, where = str(table["voice"]), str(config_file)
    rate, volume, car = pick(ns.rate, "rate"), pick(ns.volume, "volume"), bool(pick(ns.car, "car"))
    try:
        return choose_voice(spec, rate, volume, car, models=_models(ns, config))
    except ValueError as exc:
        raise ConfigError(f"{where}: {exc}") from None


def _board(ns: argparse.Namespace) -> BoardSettings | None:
    """The frozen board settings, or None for no board."""
    from voicemaster.board import BoardSettings

    port, pace, setup = ns.board_port, getattr(ns, "pace", None), getattr(ns, "board_setup", None)
    if port is None and ns.command == "play" and not ns.no_board and _on_a_pi():
        port = DEFAULT_BOARD_PORT
    if getattr(ns, "no_board", False):
        port = None
    if port is None:
        if any(v is not None for v in (pace, setup, ns.board_address, ns.board_linger or None)):
            raise UsageError(
                "--pace, --board-setup, --board-address and --board-linger are for --board"
            )
        return None
    return BoardSettings(
        port=port,
        address=ns.board_address,
        pace=float(pace or 0.0),
        linger=float(ns.board_linger),
        setup=float(setup or 0.0),
        speak=ns.command == "play",
        required=ns.board_port is not None,  # not only on by default (on a Raspberry Pi)
    )


def _game(ns: argparse.Namespace) -> GameOptions:
    """The game options of play and simulate; the draw from --difficulty and --no-region."""
    from voicemaster.decks.drawing import DrawSettings

    draw = DrawSettings(ns.difficulty or "mixed", ns.no_region or frozenset())
    if ns.track is not None and ns.track > MAX_TRACK:  # a longer game never ends
        raise UsageError(f"--track {ns.track}: the track may be at most {MAX_TRACK}")
    return GameOptions(
        draw, variant=ns.variant, teams=ns.teams, names=ns.names, track=ns.track, mode=ns.mode,
        kinds=ns.kinds, home_stretch=ns.home_stretch, deck=ns.deck, difficulty=ns.difficulty,
        no_region=ns.no_region, seed=ns.seed, record=ns.record, resume=ns.resume,
    )  # fmt: skip


def _play(ns: argparse.Namespace) -> PlaySettings:
    board, config = _board(ns), _config()
    places, voice = _places(ns, config), _voice(ns, config)
    return PlaySettings(
        _game(ns), places, voice, board, _models(ns, config), input=ns.input, output=ns.output,
        asr=ns.asr, model=ns.model, device=ns.device, window=ns.window, thinking=ns.thinking,
        history=ns.history,
    )  # fmt: skip


def _simulate(ns: argparse.Namespace) -> SimulateSettings:
    board, config = _board(ns), _config()
    places = _places(ns, config)
    return SimulateSettings(
        _game(ns), places, board, skill=ns.skill, through=ns.through, voices=ns.voices,
        noise=ns.noise, snr=ns.snr, asr=ns.asr, models=_models(ns, config),
        yes_sayer=ns.yes_sayer, transcript=ns.transcript,
    )  # fmt: skip


def _games(ns: argparse.Namespace) -> GamesSettings:
    places = _places(ns, _config())
    command = ns.games_command
    game, name, yes = (
        getattr(ns, "game", None),
        getattr(ns, "name", None),
        getattr(ns, "yes", False),
    )
    return GamesSettings(places, command, ns.all, ns.json, game, name, yes)


def _say(ns: argparse.Namespace) -> SaySettings:
    voice = _voice(ns, _config())
    return SaySettings(" ".join(ns.text), voice, wav=ns.wav, named=ns.voice is not None)


def _hear(ns: argparse.Namespace) -> HearSettings:
    asr, model = getattr(ns, "asr", None), getattr(ns, "model", None)
    return HearSettings(ns.jsonl, _models(ns, _config()), asr=asr, model=model)


# each command: its settings from the parsed arguments, and its handler (imported when it runs)
COMMANDS: dict[str, tuple[Callable[[argparse.Namespace], object], str]] = {
    "play": (_play, "play:cmd_play"),
    "simulate": (_simulate, "simulate:cmd_simulate"),
    "games": (_games, "games:cmd_games"),
    "replay": (lambda ns: ReplaySettings(ns.file, ns.quiet), "replay:cmd_replay"),
    "deck check": (
        lambda ns: DeckCheckSettings(list(ns.paths), ns.json, ns.strict),
        "deck:cmd_check",
    ),
    "deck import": (
        lambda ns: DeckImportSettings(ns.source, ns.file, ns.output, ns.deck_id, ns.force),
        "deck:cmd_import",
    ),
    "deck stats": (
        lambda ns: DeckStatsSettings(ns.path, _places(ns, _config())),
        "deck:cmd_stats",
    ),
    "deck tag": (lambda ns: DeckTagSettings(ns.tags, ns.path, ns.dry_run), "deck:cmd_tag"),
    "judge": (lambda ns: JudgeSettings(ns.jsonl), "judge:cmd_judge"),
    "say": (_say, "say:cmd_say"),
    "hear": (_hear, "hear:cmd_hear"),
    "spot": (_hear, "hear:cmd_spot"),
    "devices": (lambda ns: None, "say:cmd_devices"),
    "model download": (
        lambda ns: ModelSettings(_models(ns, _config()), ns.name),
        "model:cmd_download",
    ),
    "model list": (lambda ns: ModelSettings(_models(ns, _config())), "model:cmd_list"),
}


def settings_for(argv: Sequence[str] | None = None) -> Any:
    """The settings of the command in ``argv`` (ConfigError or UsageError when they cannot be
    made; argparse exits with status 2 on a usage error)."""
    ns = parse_args(argv)
    return COMMANDS[ns.run][0](ns)


def main(argv: Sequence[str] | None = None) -> int:
    from voicemaster.files import RecordBusy
    from voicemaster.places import ConfigError
    from voicemaster.records import SaveError

    ns = parse_args(argv)
    convert, target = COMMANDS[ns.run]
    try:
        settings = convert(ns)
        module, _, name = target.partition(":")
        handler: Callable[[Any], int]
        handler = getattr(importlib.import_module(f"voicemaster.commands.{module}"), name)
        return handler(settings)
    except (ConfigError, SaveError, UsageError, RecordBusy) as exc:
        print(f"voicemaster: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("voicemaster: stopped", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
