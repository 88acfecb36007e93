"""`voicemaster simulate`: a whole game with simulated teams, as text or through real audio."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from voicemaster.board.settings import BoardError
from voicemaster.commands.board_beside import board_beside, ears_beside, privacy_beside
from voicemaster.commands.failing import fail
from voicemaster.commands.new_game import header_options, variant_extra
from voicemaster.commands.play import stopped_message
from voicemaster.commands.variants import find
from voicemaster.decks import DeckError
from voicemaster.files import RecordBusy, free_path, is_locked
from voicemaster.host.hosting import Host
from voicemaster.host.listening import Timing
from voicemaster.host.log import GameLog, LogObservers, unfinished_games
from voicemaster.host.session import GameSession, read_saved
from voicemaster.host.setup.crash_log import crash_log
from voicemaster.host.setup.decks import deck_folders, deck_paths, deck_refs
from voicemaster.host.setup.errors import SetupError
from voicemaster.host.setup.headers import new_header, team_names
from voicemaster.host.setup.paths import check_record_path
from voicemaster.host.setup.resume import check_fits
from voicemaster.host.text_io import TranscriptSpeaker
from voicemaster.records import RecordHeader
from voicemaster.rules import DEFAULT
from voicemaster.settings import SimulateSettings
from voicemaster.simulator.play import play_out
from voicemaster.simulator.table import SimTable
from voicemaster.speech.base import Speaker, SpeechUnavailable

if TYPE_CHECKING:
    from voicemaster.board.session import BoardSession


def _simulation_header(settings: SimulateSettings) -> tuple[Path, RecordHeader | None]:
    """The record to play and a new game's header (None: resumed).  An existing --record is
    refused (resume it instead); the default record goes to the data folder's simulations/,
    under a new name when one of the same seed is there."""
    game = replace(settings.game, variant=settings.game.variant or DEFAULT)
    places = settings.places
    if game.resume is not None:
        found = [Path(game.resume)] if game.resume else unfinished_games(places.simulations)
        if not found:
            raise SetupError(f"no unfinished simulation in {places.simulations}/")
        return found[0], None
    if game.record:
        check_record_path(Path(game.record))
    teams = team_names(game.teams or 3, game.names, game.variant)
    options = {"skill": settings.skill, "through": settings.through, **_sound_options(settings)}
    folders = deck_folders(places)
    decks = deck_refs(deck_paths(game.deck, game.variant or DEFAULT, folders), folders)
    extra = variant_extra(game, teams, None)
    header = new_header(header_options(game), teams, {"deck": decks, "simulate": options, **extra})
    name = f"simulate-{header.variant}-{len(teams)}-{header.seed}"
    path = Path(game.record) if game.record else free_path(places.simulations, name)
    return path, header


def _sound_options(settings: SimulateSettings) -> dict[str, Any]:
    """The voices and noise of a simulation through audio (checked), for its record."""
    voices, noise, snr, asr = settings.voices, settings.noise, settings.snr, settings.asr
    if settings.through != "audio":
        if voices is not None or noise != "none" or snr is not None or asr is not None:
            raise SetupError("--voices, --noise, --snr and --asr are for --through audio")
        if settings.yes_sayer or settings.transcript is not None:
            raise SetupError("--yes-sayer and --transcript are for --through audio")
        return {}
    if snr is not None and noise == "none":
        raise SetupError("--snr is the speech over the noise: give --noise car or room too")
    from voicemaster.simulator.audio import SNR_DB, Sound, default_voices, parse_voices

    try:
        chosen = default_voices() if voices is None else parse_voices(voices)
    except (ValueError, SpeechUnavailable) as exc:
        raise SetupError(f"--voices: {exc}") from None
    sound = Sound(chosen, None if noise == "none" else noise, SNR_DB if snr is None else snr)
    yes = {"yes_sayer": True} if settings.yes_sayer else {}  # kept: a resumed game says yes too
    return sound.options() | ({"asr": asr} if asr is not None else {}) | yes


def summary(game_log: GameLog, master: Host[Any]) -> dict[str, Any]:
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


def cmd_simulate(settings: SimulateSettings) -> int:
    crash_log(settings.places.log)
    board: BoardSession | None = None
    try:
        session = _session(settings)
        board = board_beside(settings.board, session.lines)
        game_log = session.open(LogObservers(on_line=board.board.on_line if board else None))
    except (SetupError, DeckError, RecordBusy, BoardError) as exc:
        if board is not None:
            board.close()
        return fail(str(exc))
    header = session.header
    options = header.simulation or {}
    skill = float(options.get("skill", settings.skill))
    try:
        return _simulate(session, header.seed, skill, options, board, settings)
    except (BoardError, SetupError) as exc:
        game_log.close()
        return fail(str(exc))
    except KeyboardInterrupt:
        game_log.close()
        fail(stopped_message(game_log, "simulate"))
        return 130
    finally:
        if board is not None:
            board.close()


def _session(settings: SimulateSettings) -> GameSession:
    """The simulation's game session: a new game, or a saved simulation read once (its decks
    given anew with --deck when they moved)."""
    path, header = _simulation_header(settings)
    if header is not None:
        return GameSession.prepare(path, header, places=settings.places, history=False)
    if is_locked(path):
        raise RecordBusy(path)
    saved = read_saved(path)
    moved = settings.game.deck  # a resumed simulation's decks given anew (moved)
    if moved:
        check_fits(path, saved, {"deck": deck_refs(moved, deck_folders(settings.places))}, moved)
    places = settings.places
    return GameSession.prepare(path, saved=saved, places=places, history=False, moved=moved)


def _simulate(
    session: GameSession,
    seed: int,
    skill: float,
    options: Mapping[str, Any],
    board: BoardSession | None,
    settings: SimulateSettings,
) -> int:
    game_log, quiz, transcript = session.opened(), session.quiz, settings.transcript
    variant = find(session.header.variant)
    host = partial(session.host, variant.quizmaster, privacy=privacy_beside(board))
    if variant.simulate is not None:  # a table of its own (timeline: placements)
        if transcript is not None:
            raise SetupError(f"--transcript is not made for {variant.name} games yet")
        through = options.get("through", "text")
        around = partial(ears_beside, board)
        return variant.simulate(game_log, quiz, seed, skill, through, around, host)
    if options.get("through", "text") == "audio":
        from voicemaster.simulator.audio import AudioTable

        try:
            audio = AudioTable(
                game_log, seed, skill, quiz.deck, settings.models, transcript_path(transcript)
            )
        except (SpeechUnavailable, ImportError) as exc:
            raise SetupError(f"cannot simulate through audio: {exc}") from None
        except OSError as exc:
            why = exc.strerror or exc
            raise SetupError(f"cannot write the transcript {transcript}: {why}") from None
        table: SimTable = audio
        speaker: Speaker = audio.speaker()
    else:
        table, speaker = SimTable(game_log, seed, skill, quiz.deck), TranscriptSpeaker()
    master = host(speaker, ears_beside(board, table), Timing())
    try:
        return play_out(master.run, game_log, table, skill, lambda: summary(game_log, master))
    finally:
        table.close()


def transcript_path(transcript: str | None) -> Path | None:
    return None if transcript is None else Path(transcript)
