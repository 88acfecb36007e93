"""The arguments of `voicemaster play` and `voicemaster simulate` (the game, the board, the
voice) and the argparse types that check numbers and regions, declared only: reading argv is
``voicemaster.cli``'s."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from voicemaster.board.settings import DEFAULT_PORT as DEFAULT_BOARD_PORT
from voicemaster.places import RATE_RANGE, VOLUME_RANGE
from voicemaster.rules import variant_names
from voicemaster.speech.base import ASR_NAMES

DEFAULT_DATA = "~/.local/share/voicemaster"
# voicemaster.decks.drawing.DIFFICULTY_CHOICES, written out so that start-up imports no decks
DIFFICULTY_CHOICES = ("mixed", "easy", "medium", "hard")
MAX_TRACK = 100  # the longest track (kompakt: points to win) a game takes


def number_in(
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


def regions(text: str) -> frozenset[str]:
    """An argparse type: a comma-separated list of regions (else a usage error, exit 2)."""
    from voicemaster.decks.drawing import parse_regions

    try:
        return parse_regions(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_data(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--data",
        default=None,
        metavar="DIR",
        help="the data folder: saved games, the question history, the log (default "
        f"$VOICEMASTER_DATA, the config file's data, else {DEFAULT_DATA})",
    )


def add_voice(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--voice",
        default=None,
        help="the quizmaster's voice: piper (default when installed), piper:NAME (a voice from "
        "'model download piper:NAME'), espeak or espeak:LANGUAGE (e.g. espeak:en-gb-x-rp)",
    )
    (slowest, fastest), (silent, full) = RATE_RANGE, VOLUME_RANGE
    p.add_argument(
        "--rate",
        type=number_in(slowest, fastest, int),
        default=None,
        help=f"words per minute ({slowest}-{fastest})",
    )
    p.add_argument(
        "--volume",
        type=number_in(silent, full),
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


def add_game_options(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--variant", default=None, choices=variant_names(), help="the rule set (default: standard)"
    )
    p.add_argument("--teams", type=int, default=None, help="number of teams (2-4; kompakt 2-6)")
    p.add_argument("--names", default=None, help="team names, comma-separated")
    p.add_argument(
        "--track",
        type=int,
        default=None,
        help=f"spaces to the finish, 2-{MAX_TRACK} (default 30; kompakt: points to win, 20)",
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
        type=regions,
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
    add_data(p)


def add_play(sub: Any) -> None:
    p = sub.add_parser("play", help="play a game by voice")
    add_game_options(p)
    p.add_argument(
        "--input", choices=["mic", "keyboard"], default="mic", help="speak or type the answers"
    )
    p.add_argument("--output", choices=["speech", "text"], default="speech", help="speak or print")
    add_voice(p)
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
        type=number_in(1, 120),
        default=None,
        metavar="SECONDS",
        help="the Bezzerwizzer window before a question (default 5; 12 with --input keyboard)",
    )
    p.add_argument(
        "--thinking",
        type=number_in(15, 600),
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
    add_board(p, "serve the live board on the local network (PORT default 8080; on by default "
               "on a Raspberry Pi)")  # fmt: skip
    p.add_argument("--no-board", dest="no_board", action="store_true", help="no live board")
    p.set_defaults(run="play")
    s = sub.add_parser("simulate", help="play a whole game with simulated teams")
    add_game_options(s)
    add_board(s, "serve the live board during the simulated game (PORT 0: any free port)")
    s.add_argument(
        "--pace",
        type=number_in(0, 60),
        default=None,
        metavar="SECONDS",
        help="with --board: pause this long at every listening point so a browser can follow",
    )
    s.add_argument(
        "--board-setup",
        type=number_in(0, 3600),
        default=None,
        metavar="SECONDS",
        help="with --board: before the game, wait up to this long for every team to join on "
        "a phone with the code the board shows",
    )
    s.add_argument(
        "--skill",
        type=number_in(0, 1),
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
        type=number_in(-10, 60),
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
    s.add_argument(
        "--yes-sayer",
        action="store_true",
        help='with --through audio: the teams answer yes to every "Did you say ...?", whatever '
        "they said (a joker, a hopeful child): the verdicts must not change",
    )
    s.add_argument(
        "--transcript",
        default=None,
        metavar="FILE",
        help="with --through audio: write what the quizmaster said, what each team meant and "
        "said, what was heard (with its doubts) and what was decided, line by line",
    )
    s.set_defaults(run="simulate")


def add_board(p: argparse.ArgumentParser, text: str) -> None:
    p.add_argument(
        "--board",
        dest="board_port",
        nargs="?",
        const=DEFAULT_BOARD_PORT,
        default=None,
        type=number_in(0, 65535, int),
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
        type=number_in(0, 3600),
        default=0.0,
        metavar="SECONDS",
        help="with --board: keep the board up this long after the game ends",
    )
