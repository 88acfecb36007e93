"""`voicemaster simulate`: a whole game with simulated teams, as text or through real audio."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from voicemaster.board.settings import BoardError, BoardSettings
from voicemaster.commands.play import stopped_message
from voicemaster.commands.play_start import (
    check_fits,
    digests,
    header_options,
    open_game,
    quizmaster_class,
    variant_extra,
)
from voicemaster.commands.variants import find
from voicemaster.decks import DeckError
from voicemaster.files import RecordBusy, free_path
from voicemaster.host.channels import TranscriptSpeaker
from voicemaster.host.hosting import Host
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
from voicemaster.records import game_from_header
from voicemaster.rules import DEFAULT
from voicemaster.settings import SimulateSettings
from voicemaster.simulator.play import play_out
from voicemaster.simulator.table import SimTable
from voicemaster.speech.base import Ears, Speaker, SpeechUnavailable

if TYPE_CHECKING:
    from voicemaster.board.session import BoardSession


def _simulation_header(settings: SimulateSettings) -> tuple[Path, dict[str, Any] | None]:
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
    name = f"simulate-{header['variant']}-{len(teams)}-{header['seed']}"
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
    try:
        path, header = _simulation_header(settings)
        if header is None:
            moved = settings.game.deck  # a resumed simulation's decks given anew (moved)
            if moved:
                refs = deck_refs(moved, deck_folders(settings.places))
                check_fits(path, {"deck": refs}, moved)
            game_log, quiz = open_game(path, places=settings.places, history=False, moved=moved)
        else:
            deck = load_decks(resolve_decks(header["deck"], deck_folders(settings.places)))
            quiz = Quiz(deck, settings=draw_settings(header, path))
            check_deck_serves(quiz.deck, game_from_header(header))
            game_log = GameLog(path, header)
            game_log.card_digest = digests(quiz.deck)
    except (SetupError, DeckError, RecordBusy) as exc:
        return fail(str(exc))
    options = game_log.header.get("simulate", {})
    seed = int(game_log.header.get("seed", 0))
    skill = float(options.get("skill", settings.skill))
    board = Beside(settings.board, game_log)
    try:
        return _simulate(
            game_log, quiz, seed, skill, options, board, settings.models, settings.transcript
        )
    except BoardError as exc:
        game_log.close()
        return fail(str(exc))
    except KeyboardInterrupt:
        game_log.close()
        fail(stopped_message(game_log, "simulate"))
        return 130
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
    game_log: GameLog,
    quiz: Quiz,
    seed: int,
    skill: float,
    options: dict[str, Any],
    board: Beside,
    models: Path | None = None,
    transcript: str | None = None,
) -> int:
    variant = find(game_log.header["variant"])
    if variant.simulate is not None:  # a table of its own (timeline: placements)
        if transcript is not None:
            game_log.close()
            return fail(f"--transcript is not made for {variant.name} games yet")
        through = options.get("through", "text")
        return variant.simulate(game_log, quiz, seed, skill, through, board.wrap)
    if options.get("through", "text") == "audio":
        from voicemaster.simulator.audio import AudioTable

        try:
            audio = AudioTable(
                game_log, seed, skill, quiz.deck, models, transcript_path(transcript)
            )
        except (SpeechUnavailable, ImportError) as exc:
            game_log.close()
            return fail(f"cannot simulate through audio: {exc}")
        except OSError as exc:
            game_log.close()
            return fail(f"cannot write the transcript {transcript}: {exc.strerror or exc}")
        table: SimTable = audio
        speaker: Speaker = audio.speaker()
    else:
        table, speaker = SimTable(game_log, seed, skill, quiz.deck), TranscriptSpeaker()
    ears = board.wrap(table)
    master = quizmaster_class(game_log.header["variant"])(game_log, quiz, speaker, ears, Timing())
    try:
        return play_out(master.run, game_log, table, skill, lambda: summary(game_log, master))
    finally:
        table.close()


def transcript_path(transcript: str | None) -> Path | None:
    return None if transcript is None else Path(transcript)
