"""`voicemaster play`: the voice (or the screen), the ears (microphone or keyboard), the
windows, then the game chosen in ``play_start`` until it ends or the players quit."""

from __future__ import annotations

import json
import logging
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from voicemaster.board.settings import BoardError
from voicemaster.commands import variants
from voicemaster.commands.board_beside import board_beside, ears_beside, privacy_beside
from voicemaster.commands.failing import fail
from voicemaster.commands.play_flags import check_flags
from voicemaster.commands.play_start import Chosen, choose_record, saved_to_resume
from voicemaster.decks import DeckError
from voicemaster.files import RecordBusy
from voicemaster.host import intents
from voicemaster.host.hosting import Host
from voicemaster.host.listening import Timing
from voicemaster.host.log import GameLog, LogObservers
from voicemaster.host.phrases import fixed_phrases, team_name
from voicemaster.host.quiz import Quiz
from voicemaster.host.session import GameSession
from voicemaster.host.setup.crash_log import crash_log
from voicemaster.host.setup.decks import deck_folders
from voicemaster.host.setup.errors import SetupError
from voicemaster.host.setup.resume import changed_cards, dropped_note, preview
from voicemaster.host.setup.saving import play_on_unsaved, unsaved_message
from voicemaster.host.text_io import KeyboardEars, PrintSpeaker
from voicemaster.lexicon import YES_NO
from voicemaster.records import SaveError
from voicemaster.rules import find_rules
from voicemaster.rules.base import TEAM_COLOURS
from voicemaster.settings import PlaySettings
from voicemaster.speech.base import (
    Ears,
    Expectation,
    PreparingPhrases,
    Speaker,
    SpeechUnavailable,
    is_typed,
)
from voicemaster.speech.voice.voice_choice import VoiceChoice

if TYPE_CHECKING:
    from voicemaster.board.session import BoardSession
    from voicemaster.speech.voice.tts import VoiceNotice

log = logging.getLogger(__name__)


class ScreenNotices:
    """Shows on screen, once each, why the quizmaster prints instead of speaking (no sound
    card, no speech engine) and which other voice speaks when the Piper voice cannot be used
    (the speech layer's ``VoiceNotice``s; the details stay in the log file)."""

    def __init__(self) -> None:
        self.shown: set[str] = set()

    def __call__(self, notice: VoiceNotice) -> None:
        if notice.kind not in self.shown:
            self.shown.add(notice.kind)
            print(f"voicemaster: {notice}", file=sys.stderr, flush=True)


def make_speaker(output: str, choice: VoiceChoice | None = None) -> Speaker:
    """The quizmaster's voice (``choice``: which and how; default Piper, else espeak-ng), its
    fixed phrases rendered ahead for the usual four teams; or the screen."""
    if output == "text":
        return PrintSpeaker()
    from voicemaster.speech.voice.tts import make_speaker as make_voice

    choice = choice or VoiceChoice()
    speaker = make_voice(choice.kind, settings=choice.settings, notify=ScreenNotices())
    if isinstance(speaker, PreparingPhrases):
        speaker.prepare_phrases(fixed_phrases(TEAM_COLOURS[:4]))
    return speaker


def make_ears(settings: PlaySettings, speaker: Speaker) -> tuple[Ears, Callable[[], None] | None]:
    """The microphone (with a way to reopen it), or the keyboard when asked or when no
    microphone works and the players agree.  The microphone is looked for before the
    recognizer loads, so a missing one is reported at once."""
    if settings.input == "keyboard":
        return KeyboardEars(), None
    try:
        from voicemaster.speech.asr.recognizers import make_recognizer
        from voicemaster.speech.asr.second_opinion import default_for
        from voicemaster.speech.capture.microphone import Microphone
        from voicemaster.speech.mic_ears import MicEars

        mic = Microphone(settings.device).open()
    except (SpeechUnavailable, ImportError) as exc:
        return offer_keyboard(speaker, exc), None
    try:
        recognizer = make_recognizer(settings.asr, settings.model, settings.models)
    except (SpeechUnavailable, ImportError) as exc:
        mic.close()
        return offer_keyboard(speaker, exc), None

    def recover() -> None:
        mic.reopen()

    second = default_for(recognizer, settings.models)
    return MicEars(mic, recognizer, second=second), recover


def offer_keyboard(speaker: Speaker, why: Exception) -> KeyboardEars:
    """Asked once: play with the keyboard?  SetupError unless the answer is yes."""
    speaker.say(f"I cannot listen: {why}. Shall we play with the keyboard instead? Type yes or no.")
    keyboard = KeyboardEars()
    heard = keyboard.hear(Expectation(commands=YES_NO), 60.0)
    if heard is not None and intents.yes_no(heard.text):
        return keyboard
    raise SetupError("no microphone; start with --input keyboard to type answers")


def timing(settings: PlaySettings, ears: Ears) -> Timing:
    """The windows from --window and --thinking; typing gets a longer window by default."""
    typed = is_typed(ears)
    window = settings.window if settings.window is not None else (12.0 if typed else 5.0)
    return Timing(before=float(window), thinking=float(settings.thinking))


def welcome(master: Host[Any], resumed: bool) -> bool:
    """Greet a saved game; False when it is already finished (said, nothing to play)."""
    game, name = master.game, find_rules(master.game.name).title
    if game.finished:
        winner = f" {team_name(game.winner)} won." if game.winner else ""
        master.say(
            f"That game of {name} is already finished.{winner} {master.standings()} "
            "Start voicemaster again for a new game."
        )
        return False
    if resumed:
        master.say(f"Welcome back to your game of {name}. {master.standings()}")
    return True


def cmd_play(settings: PlaySettings) -> int:
    places, game = settings.places, settings.game
    log_file = crash_log(places.log)
    speaker = make_speaker(settings.output, settings.voice)
    board: BoardSession | None = None
    try:
        check_flags(game)  # every flag before the first word is spoken
        # a saved game that does not fit the options: said before listening (read once)
        saved = saved_to_resume(game, deck_folders(places)) if game.resume else None
        ears, recover = make_ears(settings, speaker)
        chosen = choose_record(settings, speaker, ears, saved)
        session = prepare(chosen, settings)
        board = board_beside(settings.board, session.lines, speaker)
        game_log = open_chosen(session, chosen, settings, speaker, ears, board)
    except (SetupError, DeckError, EOFError, RecordBusy, BoardError) as exc:
        if board is not None:
            board.close()
        return fail(str(exc) or "no input")
    path = chosen.path
    typing = ears if isinstance(ears, KeyboardEars) else None  # its typing can be hidden
    ears = ears_beside(board, ears)
    quizmaster = variants.find(session.header.variant).quizmaster
    privacy = privacy_beside(board, typing)
    master = session.host(quizmaster, speaker, ears, timing(settings, ears), recover, privacy)
    try:
        playing = welcome(master, chosen.resumed)
        for note in resume_notes(game_log, session.quiz) if chosen.resumed else []:
            master.say(note)
        outcome = master.run() if playing else "finished"
    except SaveError as exc:
        return fail(unsaved_message(exc))
    except KeyboardInterrupt:
        fail(stopped_message(game_log, "play"))
        return 130
    except Exception:
        log.exception("the game stopped on an error")
        details = f"details in {log_file}" if log_file else "the details could not be logged"
        return fail(
            f"an error stopped the game; it is saved in {path} "
            f"(resume with --resume {path}); {details}"
        )
    finally:
        game_log.close()
        if board is not None:
            board.close()
    result = {"outcome": outcome, "record": str(path), **master.game.summary()}
    if game_log.unsaved is not None:
        result["unsaved"] = game_log.unsaved.reason
    print(json.dumps(result))
    return 0


def stopped_message(game_log: GameLog, command: str) -> str:
    """What Ctrl-C says, as ``quit`` does: the game is saved, and how to go on with it."""
    if game_log.unsaved is not None:
        return f"stopped; the game could not be saved ({game_log.unsaved.reason})"
    path = game_log.path
    return f"stopped; the game is saved in {path}: voicemaster {command} --resume {path} goes on"


def prepare(chosen: Chosen, settings: PlaySettings) -> GameSession:
    """The chosen game's session: decks loaded and checked, nothing written yet."""
    moved = settings.game.deck if chosen.resumed else None
    return GameSession.prepare(
        chosen.path, chosen.header, chosen.saved, settings.places, moved=moved
    )


def open_chosen(
    session: GameSession,
    chosen: Chosen,
    settings: PlaySettings,
    speaker: Speaker,
    ears: Ears,
    board: BoardSession | None,
) -> GameLog:
    """Open the chosen game's record, the board (if any) and the screen watching it.  When it
    cannot be written: a --record path is an error; otherwise the table hears why and may
    play from memory."""
    ask = play_on_unsaved(speaker, ears)
    observers = LogObservers(on_line=board.board.on_line if board else None, on_save_error=ask)
    try:
        return session.open(observers)
    except SaveError as exc:
        if settings.game.record and not chosen.resumed:
            raise SetupError(f"cannot write the record {exc.path}: {exc.reason}") from None
        if not ask(exc):
            raise SetupError(f"cannot save the game in {exc.path}: {exc.reason}") from None
        return session.open(observers, unsaved=exc)


def resume_notes(game_log: GameLog, quiz: Quiz) -> list[str]:
    """What a resumed game tells first: a half-written last line dropped (said), cards asked
    in it that have changed in the deck since (on screen)."""
    notes = []
    dropped = dropped_note(game_log.dropped)
    if dropped is not None:
        where = f"{game_log.path}: dropped a half-written last line"
        print(f"voicemaster: {where}: {preview(game_log.dropped)}", file=sys.stderr)
        notes.append(dropped)
    changed = changed_cards(game_log.lines, quiz.deck)
    if changed is not None:
        print(f"voicemaster: {game_log.path}: {changed}", file=sys.stderr)
    return notes
