"""`voicemaster simulate`: a whole game with simulated teams, as text or through real audio."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from voicemaster.board.settings import BoardError, BoardSettings
from voicemaster.decks import DeckError
from voicemaster.host.channels import TranscriptSpeaker
from voicemaster.host.dialogue import Quizmaster
from voicemaster.host.listening import Timing
from voicemaster.host.log import GameLog, unfinished_games
from voicemaster.host.quiz import Quiz
from voicemaster.host.setup.saving import check_record_path
from voicemaster.host.setup.session import (
    SetupError,
    check_deck_serves,
    crash_log,
    deck_folders,
    deck_paths,
    deck_refs,
    draw_settings,
    fail,
    load_decks,
    new_header,
    resolve_decks,
    team_names,
)
from voicemaster.host.start import digests, open_game, quizmaster_class, variant_extra
from voicemaster.places import Places
from voicemaster.records import game_from_header
from voicemaster.simulator.play import play_out
from voicemaster.simulator.table import SimTable
from voicemaster.speech.base import Ears, Speaker, SpeechUnavailable

if TYPE_CHECKING:
    from voicemaster.board.session import BoardSession


def _simulation_header(args: argparse.Namespace) -> tuple[Path, dict[str, Any] | None]:
    """The record to play and a new game's header (None: resumed).  An existing --record is
    refused (resume it instead); the default record of a seed is simulated afresh."""
    args.variant = args.variant or "standard"
    places: Places | None = getattr(args, "places", None)  # cli.main sets the data folder
    if args.resume is not None:
        found = [Path(args.resume)] if args.resume else unfinished_games(_games(places))
        if not found:
            raise SetupError(f"no unfinished game in {_games(places)}/")
        return found[0], None
    if args.record:
        check_record_path(Path(args.record))
    teams = team_names(args.teams or 3, args.names, args.variant)
    options = {"skill": args.skill, "through": args.through, **_sound_options(args)}
    folders = deck_folders(places)
    decks = deck_refs(deck_paths(args.deck, args.variant, folders), folders)
    extra = variant_extra(args, teams, None)
    header = new_header(args, teams, {"deck": decks, "simulate": options, **extra})
    path = (
        Path(args.record)
        if args.record
        else _games(places) / (f"simulate-{header['variant']}-{len(teams)}-{header['seed']}.jsonl")
    )
    if not args.record:
        path.unlink(missing_ok=True)
    return path, header


def _games(places: Places | None) -> Path:
    if places is None:
        raise SetupError("no data folder to keep the simulated game in; give --record PATH")
    return places.games


def _sound_options(args: argparse.Namespace) -> dict[str, Any]:
    """The voices and noise of a simulation through audio (checked), for its record."""
    voices, noise = getattr(args, "voices", None), getattr(args, "noise", "none")
    snr, asr = getattr(args, "snr", None), getattr(args, "asr", None)
    if args.through != "audio":
        if voices is not None or noise != "none" or snr is not None or asr is not None:
            raise SetupError("--voices, --noise, --snr and --asr are for --through audio")
        return {}
    if snr is not None and noise == "none":
        raise SetupError("--snr is the speech over the noise: give --noise car or room too")
    from voicemaster.simulator.audio import SNR_DB, Sound, default_voices, parse_voices

    try:
        chosen = default_voices() if voices is None else parse_voices(voices)
    except (ValueError, SpeechUnavailable) as exc:
        raise SetupError(f"--voices: {exc}") from None
    sound = Sound(chosen, None if noise == "none" else noise, SNR_DB if snr is None else snr)
    return sound.options() | ({"asr": asr} if asr is not None else {})


def summary(game_log: GameLog, master: Quizmaster) -> dict[str, Any]:
    lines = game_log.lines[1:]
    questions = sum(1 for line in lines if "question" in line)
    questions += sum(len(line["playoff"]) for line in lines if "playoff" in line)
    return {
        "variant": master.game.name,
        "winner": master.game.winner,
        "rounds": master.game.round,
        "questions": questions,
        "misjudged": sum(int(line.get("misjudged", 0)) for line in lines),
        "positions": dict(master.game.positions),
        "record": str(game_log.path),
    }


def cmd_simulate(args: argparse.Namespace) -> int:
    crash_log(args.places.log)
    try:
        path, header = _simulation_header(args)
        if header is None:
            game_log, quiz = open_game(path, places=args.places, history=False)
        else:
            deck = load_decks(resolve_decks(header["deck"], deck_folders(args.places)))
            quiz = Quiz(deck, settings=draw_settings(header, path))
            check_deck_serves(quiz.deck, game_from_header(header))
            game_log = GameLog(path, header)
            game_log.card_digest = digests(quiz.deck)
    except (SetupError, DeckError) as exc:
        return fail(str(exc))
    options = game_log.header.get("simulate", {})
    seed = int(game_log.header.get("seed", 0))
    skill = float(options.get("skill", args.skill))
    board = Beside(getattr(args, "board_settings", None), game_log)
    try:
        return _simulate(game_log, quiz, seed, skill, options, board)
    except BoardError as exc:
        game_log.close()
        return fail(str(exc))
    finally:
        board.close()


class Beside:
    """The live board beside a simulated game, when one is asked for (``--board``)."""

    def __init__(self, settings: BoardSettings | None, game_log: GameLog) -> None:
        self.settings, self.game_log = settings, game_log
        self.session: BoardSession | None = None

    def wrap(self, ears: Ears) -> Ears:
        if self.settings is None:
            return ears
        from voicemaster.board.session import open_board

        self.session = open_board(self.settings, self.game_log, ears)
        self.session.wait_at_setup()
        return self.session.ears

    def close(self) -> None:
        if self.session is not None:
            self.session.close()


def _simulate(
    game_log: GameLog, quiz: Quiz, seed: int, skill: float, options: dict[str, Any], board: Beside
) -> int:
    if game_log.header["variant"] == "timeline":
        from voicemaster.simulator.timeline import simulate_timeline

        through = options.get("through", "text")
        return simulate_timeline(game_log, quiz, seed, skill, through, board.wrap)
    if options.get("through", "text") == "audio":
        from voicemaster.simulator.audio import AudioTable

        try:
            audio = AudioTable(game_log, seed, skill, quiz.deck)
        except (SpeechUnavailable, ImportError) as exc:
            game_log.close()
            return fail(f"cannot simulate through audio: {exc}")
        table: SimTable = audio
        speaker: Speaker = audio.speaker()
    else:
        table, speaker = SimTable(game_log, seed, skill, quiz.deck), TranscriptSpeaker()
    ears = board.wrap(table)
    master = quizmaster_class(game_log.header["variant"])(game_log, quiz, speaker, ears, Timing())
    return play_out(master.run, game_log, table, skill, lambda: summary(game_log, master))
