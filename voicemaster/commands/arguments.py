"""The command line's arguments, declared per command (play and simulate in ``arguments_game``):
``voicemaster.cli`` parses argv with this parser and turns what it read into a command's
settings.  Nothing here reads argv, the environment or a file."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from voicemaster import __version__
from voicemaster.commands.arguments_game import DIFFICULTY_CHOICES, add_data, add_play, add_voice
from voicemaster.speech.base import ASR_NAMES

# the speech models' folder, found from any working folder (voicemaster.places.models_folder)
MODELS_HELP = (
    "where models live (default: the project's models/ in a checkout, else models/ in the data "
    "folder)"
)
BUNDLED_HELP = "default: the bundled decks; a name that is no file here: the bundled deck"
__all__ = ["DIFFICULTY_CHOICES", "build_parser"]


def _add_replay(sub: Any) -> None:
    p = sub.add_parser("replay", help="validate and replay a game record (JSON Lines)")
    p.add_argument("file", help="the game record")
    p.add_argument("-q", "--quiet", action="store_true", help="print only the final JSON line")
    p.set_defaults(run="replay")


def _add_deck(sub: Any) -> None:
    deck = sub.add_parser("deck", help="check, import and count question decks")
    dsub = deck.add_subparsers(dest="deck_command", required=True, metavar="COMMAND")
    check = dsub.add_parser("check", help="validate decks (files or folders)")
    check.add_argument(
        "paths", nargs="*", metavar="PATH", help=f"deck files or folders ({BUNDLED_HELP})"
    )
    check.add_argument("--json", action="store_true", help="print a JSON summary as last line")
    check.add_argument(
        "--strict",
        action="store_true",
        help="a question without a difficulty is an error (otherwise one warning per deck)",
    )
    check.set_defaults(run="deck check")
    imp = dsub.add_parser("import", help="convert questions from another format into a deck")
    imp.add_argument(
        "--from", dest="source", choices=["opentdb", "csv"], required=True, help="input format"
    )
    imp.add_argument("file", metavar="FILE", help="the questions to convert")
    imp.add_argument("-o", "--output", required=True, metavar="OUT.yaml", help="the new deck")
    imp.add_argument("--deck-id", default=None, help="the new deck's id")
    imp.add_argument("--force", action="store_true", help="overwrite OUT.yaml when it exists")
    imp.set_defaults(run="deck import")
    stats = dsub.add_parser("stats", help="count questions per category")
    stats.add_argument("path", metavar="PATH", help="a deck file (or a bundled deck's name)")
    add_data(stats)
    stats.set_defaults(run="deck stats")
    tag = dsub.add_parser(
        "tag", help="write difficulty and region from a TSV file into a deck, line by line"
    )
    tag.add_argument("tags", metavar="TAGS.tsv", help="lines of id<TAB>difficulty<TAB>region")
    tag.add_argument("path", metavar="DECK.yaml", help="the deck file to tag (rewritten)")
    tag.add_argument("--dry-run", action="store_true", help="check and count, write nothing")
    tag.set_defaults(run="deck tag")


def _add_judge(sub: Any) -> None:
    p = sub.add_parser(
        "judge",
        help="judge spoken answers given as JSON Lines",
        description=JSONL_HELP["judge"],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--jsonl", required=True, metavar="FILE", help="input file, or - for stdin")
    p.set_defaults(run="judge")


def _add_speech(sub: Any) -> None:
    say = sub.add_parser("say", help="speak a text (or render it to a WAV file)")
    say.add_argument("text", nargs="+", help="the words to say")
    say.add_argument("--wav", metavar="OUT", help="write a WAV file instead of playing")
    add_voice(say)
    say.set_defaults(run="say")
    hear = sub.add_parser(
        "hear",
        help="recognise and judge answers in WAV files (JSON Lines)",
        description=JSONL_HELP["hear"],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    hear.add_argument(
        "--jsonl", required=True, metavar="FILE", help="one WAV file (and answer) per line"
    )
    hear.add_argument(
        "--asr", choices=list(ASR_NAMES), default=None, help="the recognizer (default: whisper)"
    )
    hear.add_argument("--model", metavar="DIR", help="a Whisper or vosk model folder")
    hear.set_defaults(run="hear")
    spot = sub.add_parser(
        "spot",
        help="find 'Bezzerwizzer' shouts in WAV files (JSON Lines)",
        description=JSONL_HELP["spot"],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    spot.add_argument("--jsonl", required=True, metavar="FILE", help="one WAV file per line")
    spot.set_defaults(run="spot")
    dev = sub.add_parser("devices", help="list microphones and speakers")
    dev.set_defaults(run="devices")
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
    dl.add_argument("--dir", default=None, help=MODELS_HELP)
    dl.set_defaults(run="model download")
    ls = msub.add_parser("list", help="list the models in models/")
    ls.add_argument("--dir", default=None, help=MODELS_HELP)
    ls.set_defaults(run="model list")


_KEY_NOTE = (
    "\nA line with an unknown or missing key, bad JSON or an unreadable or truncated WAV gets\n"
    'an {"id", "line", "error"} object in its place and FILE:LINE: reason on stderr; the\n'
    "other lines still run and the exit status is 2.  See docs/jsonl.md."
)
JSONL_HELP = {
    "judge": "Input, one JSON object per line:\n"
    '  {"id": 1, "spoken": "the beatles", "answer": "The Beatles", "aliases": ["Beatles"]}\n'
    '  required: spoken (what was said; "" for silence), answer\n'
    "  optional: id, aliases, rejects, options, category, competitors\n"
    "Output, one object per line in order: id, correct, verdict, score, matched, reason.\n"
    + _KEY_NOTE,
    "hear": "Input, one JSON object per line:\n"
    '  {"id": "a1", "wav": "a1.wav", "answer": "Mount Everest", "aliases": ["Everest"]}\n'
    "  required: wav (relative to the JSONL file's folder), answer\n"
    "  optional: id, aliases, rejects, options, category, competitors, teams\n"
    "Output, one object per line in order: id, heard, correct, verdict, and timing and\n"
    "recognizer keys (see docs/jsonl.md).\n" + _KEY_NOTE,
    "spot": "Input, one JSON object per line:\n"
    '  {"id": "s1", "wav": "s1.wav", "teams": ["red", "blue"]}\n'
    "  required: wav; optional: id, teams\n"
    "Output, one object per line in order: id, bezzerwizzer, team, at_s (and heard).\n" + _KEY_NOTE,
}


def build_parser() -> argparse.ArgumentParser:
    return _build()[0]


def _build() -> tuple[argparse.ArgumentParser, Any]:
    parser = argparse.ArgumentParser(
        prog="voicemaster",
        description="An offline, voice-driven quizmaster for Bezzerwizzer.",
    )
    parser.add_argument("--version", action="version", version=f"voicemaster {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for add in (add_play, _add_games, _add_replay, _add_deck, _add_judge, _add_speech):
        add(sub)
    return parser, sub


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """``argv`` parsed; an unknown flag is a usage error of its command (``play --foo``
    prints play's usage, not the top-level one), exit 2."""
    parser, sub = _build()
    ns, unknown = parser.parse_known_args(argv)
    if unknown:
        command: argparse.ArgumentParser = sub.choices.get(ns.command, parser)
        command.error(f"unrecognized arguments: {' '.join(unknown)}")
    return ns


def _add_games(sub: Any) -> None:
    p = sub.add_parser(
        "games",
        help="list, delete, restore or rename saved games",
        description="Saved games, newest first, numbered alike in every list "
        "(games, games --all, delete, rename).",
    )
    p.add_argument("--all", action="store_true", help="list finished games too")
    p.add_argument("--json", action="store_true", help="print the list as JSON")
    add_data(p)
    gsub = p.add_subparsers(dest="games_command", metavar="COMMAND")
    number = "its name, or its number in `voicemaster games --all`"
    delete = gsub.add_parser("delete", help="move a saved game to the trash (asks first)")
    delete.add_argument("game", metavar="GAME", help=number)
    delete.add_argument("--yes", action="store_true", help="do not ask")
    gsub.add_parser("trash", help="list the deleted games")
    restore = gsub.add_parser("restore", help="bring a deleted game back from the trash")
    restore.add_argument("game", metavar="GAME", help="its name, or its number in `games trash`")
    rename = gsub.add_parser("rename", help="give a saved game a name")
    rename.add_argument("game", metavar="GAME", help=number)
    rename.add_argument("name", metavar="NAME", help="the new name")
    p.set_defaults(run="games")
