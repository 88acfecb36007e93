"""The command line.  The only place that reads argv, config files and the environment."""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from voicemaster import __version__
from voicemaster.places import RATE_RANGE, VOLUME_RANGE, Setting
from voicemaster.rules import variant_names
from voicemaster.speech.base import ASR_NAMES

Handler = Callable[[argparse.Namespace], int]
DEFAULT_DATA = "~/.local/share/voicemaster"
# voicemaster.decks.drawing.DIFFICULTY_CHOICES, written out so that start-up imports no decks
DIFFICULTY_CHOICES = ("mixed", "easy", "medium", "hard")
DEFAULT_BOARD_PORT = 8080


def _number_in(
    low: float, high: float, kind: type[float] | type[int] = float
) -> Callable[[str], Any]:
    """An argparse type: a number from ``low`` to ``high`` (else a clear usage error, exit 2)."""

    def parse(text: str) -> float | int:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{text} is outside {low:g}..{high:g}")
        return value

    return parse


def _regions(text: str) -> frozenset[str]:
    """An argparse type: a comma-separated list of regions (else a usage error, exit 2)."""
    from voicemaster.decks.drawing import parse_regions

    try:
        return parse_regions(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _draw_settings(args: argparse.Namespace) -> None:
    """The table's wishes for its cards from --difficulty and --no-region, as ``args.draw``
    (a frozen ``DrawSettings``: what the game and its record use)."""
    from voicemaster.decks.drawing import DrawSettings

    args.draw = DrawSettings(args.difficulty or "mixed", args.no_region or frozenset())


class _Words(argparse.Action):
    """Several words on the command line make one text ("say hello there")."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        setattr(namespace, self.dest, " ".join(values))


def _lazy(target: str) -> Handler:
    """A handler imported only when its command runs (keeps start-up light)."""

    def run(args: argparse.Namespace) -> int:
        module, _, name = target.partition(":")
        func: Handler = getattr(importlib.import_module(module), name)
        return func(args)

    return run


def cmd_replay(args: argparse.Namespace) -> int:
    from voicemaster.records import RecordError, read_record

    try:
        record = read_record(args.file)
    except RecordError as exc:
        where = f"{args.file}:{exc.line}" if exc.line else args.file
        print(f"{where}: {exc.reason}", file=sys.stderr)
        return 2
    game = record.game
    if not args.quiet:
        print(f"{len(record.actions)} actions replayed ({game.name}, {len(game.teams)} teams)")
    print(json.dumps(game.summary()))
    return 0


def _add_replay(sub: Any) -> None:
    p = sub.add_parser("replay", help="validate and replay a game record (JSON Lines)")
    p.add_argument("file", help="the game record")
    p.add_argument("-q", "--quiet", action="store_true", help="print only the final JSON line")
    p.set_defaults(handler=cmd_replay)


def _add_deck(sub: Any) -> None:
    deck = sub.add_parser("deck", help="check, import and count question decks")
    dsub = deck.add_subparsers(dest="deck_command", required=True, metavar="COMMAND")
    check = dsub.add_parser("check", help="validate decks (files or folders)")
    check.add_argument("paths", nargs="+", metavar="PATH", help="deck files or folders")
    check.add_argument("--json", action="store_true", help="print a JSON summary as last line")
    check.add_argument(
        "--strict",
        action="store_true",
        help="a question without a difficulty is an error (otherwise one warning per deck)",
    )
    check.set_defaults(handler=_lazy("voicemaster.decks.commands:cmd_check"))
    imp = dsub.add_parser("import", help="convert questions from another format into a deck")
    imp.add_argument(
        "--from", dest="source", choices=["opentdb", "csv"], required=True, help="input format"
    )
    imp.add_argument("file", metavar="FILE", help="the questions to convert")
    imp.add_argument("-o", "--output", required=True, metavar="OUT.yaml", help="the new deck")
    imp.add_argument("--deck-id", default=None, help="the new deck's id")
    imp.set_defaults(handler=_lazy("voicemaster.decks.commands:cmd_import"))
    stats = dsub.add_parser("stats", help="count questions per category")
    stats.add_argument("path", metavar="PATH", help="a deck file")
    _add_data(stats)
    stats.set_defaults(handler=_lazy("voicemaster.decks.commands:cmd_stats"))
    tag = dsub.add_parser(
        "tag", help="write difficulty and region from a TSV file into a deck, line by line"
    )
    tag.add_argument("tags", metavar="TAGS.tsv", help="lines of id<TAB>difficulty<TAB>region")
    tag.add_argument("path", metavar="DECK.yaml", help="the deck file to tag (rewritten)")
    tag.add_argument("--dry-run", action="store_true", help="check and count, write nothing")
    tag.set_defaults(handler=_lazy("voicemaster.decks.tagging:cmd_tag"))


def _add_judge(sub: Any) -> None:
    p = sub.add_parser("judge", help="judge spoken answers given as JSON Lines")
    p.add_argument("--jsonl", required=True, metavar="FILE", help="input file, or - for stdin")
    p.set_defaults(handler=_lazy("voicemaster.judge.commands:cmd_judge"))


def _add_speech(sub: Any) -> None:
    say = sub.add_parser("say", help="speak a text (or render it to a WAV file)")
    say.add_argument("text", nargs="+", action=_Words, help="the words to say")
    say.add_argument("--wav", metavar="OUT", help="write a WAV file instead of playing")
    _add_voice(say)
    say.set_defaults(handler=_lazy("voicemaster.speech.commands:cmd_say"))
    hear = sub.add_parser("hear", help="recognise and judge answers in WAV files (JSON Lines)")
    hear.add_argument(
        "--jsonl", required=True, metavar="FILE", help="one WAV file (and answer) per line"
    )
    hear.add_argument(
        "--asr", choices=list(ASR_NAMES), default=None, help="the recognizer (default: whisper)"
    )
    hear.add_argument("--model", metavar="DIR", help="a Whisper or vosk model folder")
    hear.set_defaults(handler=_lazy("voicemaster.speech.commands:cmd_hear"))
    spot = sub.add_parser("spot", help="find 'Bezzerwizzer' shouts in WAV files (JSON Lines)")
    spot.add_argument("--jsonl", required=True, metavar="FILE", help="one WAV file per line")
    spot.set_defaults(handler=_lazy("voicemaster.speech.commands:cmd_spot"))
    dev = sub.add_parser("devices", help="list microphones and speakers")
    dev.set_defaults(handler=_lazy("voicemaster.speech.commands:cmd_devices"))
    model = sub.add_parser("model", help="speech models (Whisper, vosk) and Piper voices")
    msub = model.add_subparsers(dest="model_command", required=True, metavar="COMMAND")
    dl = msub.add_parser("download", help="download a speech model into models/ (internet)")
    dl.add_argument(
        "name",
        nargs="?",
        default="vosk",
        help="vosk (vosk-model-small-en-us-0.15, default), base.en or small.en (a larger "
        "Whisper model), or piper:NAME (a Piper voice, e.g. piper:en_US-lessac-medium)",
    )
    dl.add_argument("--dir", default="models", help="where models live (default: models)")
    dl.set_defaults(handler=_lazy("voicemaster.speech.commands:cmd_model_download"))
    ls = msub.add_parser("list", help="list the models in models/")
    ls.add_argument("--dir", default="models", help="where models live (default: models)")
    ls.set_defaults(handler=_lazy("voicemaster.speech.commands:cmd_model_list"))


def _add_voice(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--voice",
        default=None,
        help="the quizmaster's voice: piper (default when installed), piper:NAME (a voice from "
        "'model download piper:NAME'), espeak or espeak:LANGUAGE (e.g. espeak:en-gb-x-rp)",
    )
    (slowest, fastest), (silent, full) = RATE_RANGE, VOLUME_RANGE
    p.add_argument(
        "--rate",
        type=_number_in(slowest, fastest, int),
        default=None,
        help=f"words per minute ({slowest}-{fastest})",
    )
    p.add_argument(
        "--volume",
        type=_number_in(silent, full),
        default=None,
        help=f"{silent:g} to {full:g} (default 1: full level)",
    )
    p.add_argument(
        "--car",
        action="store_const",
        const=True,
        default=None,
        help="playing in a car: the quizmaster reads slower and clearer",
    )


def _add_game_options(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--variant", default=None, choices=variant_names(), help="the rule set (default: standard)"
    )
    p.add_argument("--teams", type=int, default=None, help="number of teams (2-4; kompakt 2-6)")
    p.add_argument("--names", default=None, help="team names, comma-separated")
    p.add_argument(
        "--track",
        type=int,
        default=None,
        help="spaces to the finish (default 30; kompakt: points to win, 20)",
    )
    p.add_argument(
        "--mode",
        choices=["race", "empty-bag"],
        default=None,
        help="kompakt: race to the target or empty the bag",
    )
    p.add_argument(
        "--kinds", default=None, metavar="TEAM=KIND,...", help="familie: e.g. red=child,blue=adult"
    )
    p.add_argument("--home-stretch", type=int, default=None, help="home stretch (default 5)")
    p.add_argument("--deck", action="append", default=None, help="deck file(s) to draw from")
    p.add_argument(
        "--difficulty",
        choices=list(DIFFICULTY_CHOICES),
        default=None,
        help="the questions drawn: mixed (default), or easy, medium or hard first (a family "
        "table: easy); a category without unused ones draws the nearest difficulty",
    )
    p.add_argument(
        "--no-region",
        type=_regions,
        default=None,
        metavar="uk,us",
        help="leave out questions that need knowledge of these countries (uk, us)",
    )
    p.add_argument(
        "--seed", type=int, default=None, help="seed for tiles, cards and the starting team"
    )
    p.add_argument("--record", default=None, metavar="PATH", help="the game record to write")
    p.add_argument(
        "--resume",
        nargs="?",
        const="",
        default=None,
        metavar="RECORD",
        help="go on with a saved game (without RECORD: the newest unfinished one in the data "
        "folder's games/)",
    )
    _add_data(p)


def _add_data(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--data",
        default=None,
        metavar="DIR",
        help="the data folder: saved games, the question history, the log (default "
        f"$VOICEMASTER_DATA, the config file's data, else {DEFAULT_DATA})",
    )


def _add_play(sub: Any) -> None:
    p = sub.add_parser("play", help="play a game by voice")
    _add_game_options(p)
    p.add_argument(
        "--input", choices=["mic", "keyboard"], default="mic", help="speak or type the answers"
    )
    p.add_argument("--output", choices=["speech", "text"], default="speech", help="speak or print")
    _add_voice(p)
    p.add_argument(
        "--asr",
        choices=list(ASR_NAMES),
        default=None,
        help="the recognizer (default: whisper; pocketsphinx when Whisper is not installed)",
    )
    p.add_argument("--model", metavar="DIR", default=None, help="a Whisper or vosk model folder")
    p.add_argument("--device", default=None, help="microphone: name substring or index")
    p.add_argument(
        "--window",
        type=_number_in(1, 120),
        default=None,
        metavar="SECONDS",
        help="the Bezzerwizzer window before a question (default 5; 12 with --input keyboard)",
    )
    p.add_argument(
        "--thinking",
        type=_number_in(15, 600),
        default=30.0,
        metavar="SECONDS",
        help="a team's time to answer, the last 10 s announced (default 30)",
    )
    p.add_argument(
        "--no-history",
        dest="history",
        action="store_false",
        help="draw a new game's questions without the history of earlier games",
    )
    _add_board(p, "serve the live board on the local network (PORT default 8080; on by default "
               "on a Raspberry Pi)")  # fmt: skip
    p.add_argument("--no-board", dest="no_board", action="store_true", help="no live board")
    p.set_defaults(handler=_lazy("voicemaster.host.commands:cmd_play"))
    s = sub.add_parser("simulate", help="play a whole game with simulated teams")
    _add_game_options(s)
    _add_board(s, "serve the live board during the simulated game (PORT 0: any free port)")
    s.add_argument(
        "--pace",
        type=_number_in(0, 60),
        default=None,
        metavar="SECONDS",
        help="with --board: pause this long at every listening point so a browser can follow",
    )
    s.add_argument(
        "--board-setup",
        type=_number_in(0, 3600),
        default=None,
        metavar="SECONDS",
        help="with --board: before the game, wait up to this long for every team to join on "
        "a phone with the code the board shows",
    )
    s.add_argument(
        "--skill",
        type=_number_in(0, 1),
        default=0.6,
        help="how often a simulated team answers right, 0 to 1 (default 0.6)",
    )
    s.add_argument(
        "--through",
        choices=["text", "audio"],
        default="text",
        help="hand answers over as text, or speak them through the real listening path",
    )
    s.add_argument(
        "--voices",
        default=None,
        metavar="ENGINE:VOICE,...",
        help="with --through audio: the teams' voices in turn, flite:NAME, "
        "espeak:LANGUAGE[+VARIANT] or piper:joe (default flite:slt,espeak:en-us+f3,piper:joe,"
        "espeak:en-gb-x-rp+m3; flite:rms in Piper's place where Piper is not installed)",
    )
    s.add_argument(
        "--noise",
        choices=["none", "car", "room"],
        default="none",
        help="with --through audio: steady background noise under the teams' words and "
        "between them, car (brown noise) or room (pink noise); default none, a quiet room",
    )
    s.add_argument(
        "--snr",
        type=_number_in(-10, 60),
        default=None,
        metavar="DB",
        help="with --noise: the teams' speech this many dB over the noise (default 15)",
    )
    s.add_argument(
        "--asr",
        choices=list(ASR_NAMES),
        default=None,
        help="with --through audio: the recognizer the quizmaster listens with (default whisper)",
    )
    s.set_defaults(handler=_lazy("voicemaster.host.simulate_cmd:cmd_simulate"))


def _add_board(p: argparse.ArgumentParser, text: str) -> None:
    p.add_argument(
        "--board",
        dest="board_port",
        nargs="?",
        const=DEFAULT_BOARD_PORT,
        default=None,
        type=_number_in(0, 65535, int),
        metavar="PORT",
        help=text,
    )
    p.add_argument(
        "--board-address",
        default=None,
        metavar="IP",
        help="with --board: serve on this local-network address only (default: this machine's "
        "local-network address and loopback)",
    )
    p.add_argument(
        "--board-linger",
        type=_number_in(0, 3600),
        default=0.0,
        metavar="SECONDS",
        help="with --board: keep the board up this long after the game ends",
    )


def _on_a_pi() -> bool:
    try:
        return "Raspberry Pi" in Path("/proc/device-tree/model").read_text(errors="replace")
    except OSError:
        return False


class UsageError(Exception):
    """Flags that do not go together (a one-line message, exit 2)."""


def _board_settings(args: argparse.Namespace) -> None:
    """``args.board_settings``: the frozen board settings, or None for no board."""
    from voicemaster.board import BoardSettings

    port = args.board_port
    pace = getattr(args, "pace", None)
    setup = getattr(args, "board_setup", None)
    if port is None and args.command == "play" and not args.no_board and _on_a_pi():
        port = DEFAULT_BOARD_PORT
    if getattr(args, "no_board", False):
        port = None
    if port is None:
        given = (pace, setup, args.board_address, args.board_linger or None)
        if any(value is not None for value in given):
            raise UsageError(
                "--pace, --board-setup, --board-address and --board-linger are for --board"
            )
        args.board_settings = None
        return
    args.board_settings = BoardSettings(
        port=port,
        address=args.board_address,
        pace=float(pace or 0.0),
        linger=float(args.board_linger),
        setup=float(setup or 0.0),
        speak=args.command == "play",
        required=args.board_port is not None,  # not only on by default (on a Raspberry Pi)
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="voicemaster",
        description="An offline, voice-driven quizmaster for Bezzerwizzer.",
    )
    parser.add_argument("--version", action="version", version=f"voicemaster {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for add in (_add_play, _add_games, _add_replay, _add_deck, _add_judge, _add_speech):
        add(sub)
    return parser


def _add_games(sub: Any) -> None:
    p = sub.add_parser("games", help="list, delete or rename saved games")
    p.add_argument("--all", action="store_true", help="list finished games too")
    p.add_argument("--json", action="store_true", help="print the list as JSON")
    _add_data(p)
    gsub = p.add_subparsers(dest="games_command", metavar="COMMAND")
    delete = gsub.add_parser("delete", help="delete a saved game")
    delete.add_argument("game", metavar="GAME", help="its name, or its number in the list")
    rename = gsub.add_parser("rename", help="give a saved game a name")
    rename.add_argument("game", metavar="GAME", help="its name, or its number in the list")
    rename.add_argument("name", metavar="NAME", help="the new name")
    p.set_defaults(handler=_lazy("voicemaster.host.games_cmd:cmd_games"))


def _home() -> Path:
    try:
        return Path.home()
    except RuntimeError:
        return Path("/")


def _config() -> tuple[dict[str, Setting], Path]:
    """The config file's settings (none when there is no file) and its path (ConfigError for
    a config file that cannot be used)."""
    from voicemaster.places import ConfigError, config_path, parse_config

    config_file = config_path(os.environ, _home())
    try:
        return parse_config(config_file.read_text(encoding="utf-8"), config_file), config_file
    except FileNotFoundError:
        return {}, config_file
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{config_file}: cannot read: {exc}") from None


def _places(args: argparse.Namespace, config: dict[str, Setting], config_file: Path) -> None:
    """The data folder from --data, $VOICEMASTER_DATA, the config file or the XDG default, as
    ``args.places``."""
    from voicemaster.places import Places, choose_data

    args.places = Places(choose_data(args.data, os.environ, config, config_file, _home()))


def _voice(args: argparse.Namespace, config: dict[str, Setting], config_file: Path) -> None:
    """The quizmaster's voice from the flags, else the config file, as ``args.speech``."""
    from voicemaster.places import ConfigError
    from voicemaster.speech.voice_choice import choose_voice

    def pick(flag: Any, key: str) -> Any:
        return flag if flag is not None else config.get(key)

    spec, where = args.voice, "--voice"
    if spec is None and "voice" in config:
        spec, where = str(config["voice"]), str(config_file)
    try:
        args.speech = choose_voice(
            spec, pick(args.rate, "rate"), pick(args.volume, "volume"), bool(pick(args.car, "car"))
        )
    except ValueError as exc:
        raise ConfigError(f"{where}: {exc}") from None


def main(argv: Sequence[str] | None = None) -> int:
    from voicemaster.places import ConfigError
    from voicemaster.records import SaveError

    args = build_parser().parse_args(argv)
    handler: Handler = args.handler
    try:
        if hasattr(args, "board_port"):
            _board_settings(args)
        if hasattr(args, "data") or hasattr(args, "voice"):
            config, config_file = _config()
            if hasattr(args, "data"):
                _places(args, config, config_file)
            if hasattr(args, "voice"):
                _voice(args, config, config_file)
        if hasattr(args, "difficulty"):
            _draw_settings(args)
        return handler(args)
    except (ConfigError, SaveError, UsageError) as exc:
        print(f"voicemaster: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("voicemaster: stopped", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
