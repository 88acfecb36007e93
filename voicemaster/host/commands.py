"""`voicemaster play` and `voicemaster simulate`."""

from __future__ import annotations

import argparse
import json
import logging
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from voicemaster.decks import DeckError
from voicemaster.host import intents
from voicemaster.host.channels import KeyboardEars, TextSpeaker, TranscriptSpeaker
from voicemaster.host.dialogue import Quizmaster
from voicemaster.host.listening import Timing
from voicemaster.host.log import GameLog, unfinished_games
from voicemaster.host.phrases import listing, team_name
from voicemaster.host.quiz import Quiz
from voicemaster.host.resume import conflicts, describe, fitting, given_options
from voicemaster.host.session import (
    GAMES,
    SetupError,
    check_deck_serves,
    crash_log,
    deck_paths,
    load_decks,
    new_header,
    new_record_path,
    team_names,
)
from voicemaster.host.simulate import SimTable, capped_note
from voicemaster.records import RecordError, game_from_header, read_record
from voicemaster.speech.base import Ears, Expectation, Speaker, SpeechUnavailable

log = logging.getLogger(__name__)


def _fail(message: str) -> int:
    print(f"voicemaster: {message}", file=sys.stderr)
    return 2


# --- play ---------------------------------------------------------------------------------------
TEXT_NOTICE = "instead"  # the speech layer's warnings that end in printing instead of speaking


class _ScreenNotice(logging.Handler):
    """Says on screen, once, why the quizmaster prints instead of speaking (no sound card,
    no speech engine); the details stay in the log file."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.shown = False

    def emit(self, record: logging.LogRecord) -> None:
        message = record.getMessage()
        if not self.shown and TEXT_NOTICE in message:
            self.shown = True
            print(f"voicemaster: {message}", file=sys.stderr, flush=True)


def make_speaker(output: str) -> Speaker:
    if output == "text":
        return TextSpeaker()
    from voicemaster.speech.tts import make_speaker as make_voice

    tts_log = logging.getLogger("voicemaster.speech.tts")
    if not any(isinstance(h, _ScreenNotice) for h in tts_log.handlers):
        tts_log.addHandler(_ScreenNotice())
    return make_voice("auto")


def make_ears(args: argparse.Namespace, speaker: Speaker) -> tuple[Ears, Callable[[], None] | None]:
    """The microphone (with a way to reopen it), or the keyboard when asked or when no
    microphone works and the players agree.  The microphone is looked for before the
    recognizer loads, so a missing one is reported at once."""
    if args.input == "keyboard":
        return KeyboardEars(), None
    try:
        from voicemaster.speech.listener import MicEars, make_recognizer
        from voicemaster.speech.microphone import Microphone

        mic = Microphone(args.device).open()
    except (SpeechUnavailable, ImportError) as exc:
        return offer_keyboard(speaker, exc), None
    try:
        recognizer = make_recognizer(args.asr, args.model)
    except (SpeechUnavailable, ImportError) as exc:
        mic.close()
        return offer_keyboard(speaker, exc), None

    def recover() -> None:
        mic.reopen()

    return MicEars(mic, recognizer), recover


def offer_keyboard(speaker: Speaker, why: Exception) -> KeyboardEars:
    """Asked once: play with the keyboard?  SetupError unless the answer is yes."""
    speaker.say(f"I cannot listen: {why}. Shall we play with the keyboard instead? Type yes or no.")
    keyboard = KeyboardEars()
    heard = keyboard.hear(Expectation(commands=("yes", "no")), 60.0)
    if heard is not None and intents.yes_no(heard.text):
        return keyboard
    raise SetupError("no microphone; start with --input keyboard to type answers")


def timing(args: argparse.Namespace, ears: Ears) -> Timing:
    """The windows from --window and --thinking; typing gets a longer window by default."""
    typed = bool(getattr(ears, "typed", False))
    window = args.window if args.window is not None else (12.0 if typed else 5.0)
    return Timing(before=float(window), thinking=float(args.thinking))


def _ask_yes(speaker: Speaker, ears: Ears, question: str) -> bool:
    speaker.say(question)
    heard = ears.hear(Expectation(commands=("yes", "no")), 20.0)
    return bool(heard is not None and intents.yes_no(heard.text))


def _ask_team_count(speaker: Speaker, ears: Ears) -> int:
    for _ in range(3):
        speaker.say("How many teams are playing? Two, three or four?")
        heard = ears.hear(Expectation(commands=("two", "three", "four")), 20.0)
        count = intents.number(heard.text) if heard is not None else None
        if count is not None:
            return count
    speaker.say("Let's play with two teams.")
    return 2


def quizmaster_class(variant: str) -> type[Quizmaster]:
    """The quizmaster of a rule set (standard and ord: the standard board's)."""
    if variant == "familie":
        from voicemaster.host.familie import FamilieQuizmaster

        return FamilieQuizmaster
    if variant == "kompakt":
        from voicemaster.host.kompakt import KompaktQuizmaster

        return KompaktQuizmaster
    if variant == "timeline":  # its own dialogue (placements, not questions)
        from voicemaster.host.timeline_dialogue import TimelineQuizmaster

        return TimelineQuizmaster  # type: ignore[return-value]
    return Quizmaster


def variant_extra(
    args: argparse.Namespace, teams: list[str], ask: tuple[Speaker, Ears] | None
) -> dict[str, Any]:
    """Header fields a rule set needs from the players: familie's kinds (``--kinds``, else asked
    when ``ask`` gives a speaker and ears, else mixed for a simulated table)."""
    kinds = getattr(args, "kinds", None)
    if args.variant != "familie":
        if kinds:
            raise SetupError("--kinds is for familie")
        return {}
    from voicemaster.host import familie

    if kinds:
        try:
            given = familie.parse_kinds(kinds, teams)  # teams left out: adults' teams
            return {"kinds": {team: given.get(team, "adult") for team in teams}}
        except ValueError as exc:
            raise SetupError(str(exc)) from None
    if ask is not None:
        return {"kinds": familie.ask_kinds(ask[0], ask[1], teams)}
    return {"kinds": familie.alternating_kinds(teams, args.seed or 0)}


def goal(header: dict[str, Any]) -> str:
    if header["variant"] == "kompakt":
        if header.get("mode") == "empty-bag":
            return "We play until the bag is empty."
        return f"First to {header.get('target')} points wins."
    if header["variant"] == "timeline":
        return (
            f"A lap of {header.get('track')} points wins at once; "
            "otherwise the most points after round two."
        )
    return f"The finish is at {header.get('track')}."


def choose_record(args: argparse.Namespace, speaker: Speaker, ears: Ears) -> tuple[Path, bool]:
    """The record to play and whether it is a saved game: resumed, offered for resuming (only
    games that fit the options given), or a new game (set up by voice)."""
    given = given_options(args)
    args.variant = args.variant or "standard"
    if args.resume:
        path = Path(args.resume)
        _check_fits(path, given)
        return path, True
    if args.resume is not None or args.record is None:
        found = fitting(unfinished_games(GAMES), given)
        if args.resume is not None:
            if not found:
                fits = " that fits the options given" if given else ""
                raise SetupError(f"no unfinished game{fits} in {GAMES}/")
            return found[0], True
        if found:
            offer = f"There is an unfinished game: {describe(found[0])}. Shall we go on with it?"
            if _ask_yes(speaker, ears, f"{offer} Say yes or no."):
                return found[0], True
    return new_game(args, speaker, ears), False


def _check_fits(path: Path, given: dict[str, Any]) -> None:
    try:
        header = read_record(path, tolerate_torn_tail=True).header
    except RecordError:
        return  # open_game explains what is wrong with it
    problems = conflicts(header, given)
    if problems:
        raise SetupError(f"{path} does not fit the options given: {'; '.join(problems)}")


def new_game(args: argparse.Namespace, speaker: Speaker, ears: Ears) -> Path:
    count = args.teams
    if count is None and args.names is None:
        count = _ask_team_count(speaker, ears)
    teams = team_names(count, args.names)
    decks = [str(Path(p).resolve()) for p in deck_paths(args.deck, args.variant)]
    extra = variant_extra(args, teams, (speaker, ears))
    header = new_header(args, teams, {"deck": decks, **extra})
    path = Path(args.record) if args.record else new_record_path()
    if path.exists() and path.stat().st_size:
        raise SetupError(f"{path} exists; use --resume {path} to go on with it")
    check_deck_serves(load_decks(decks), game_from_header(header))  # before any record exists
    GameLog(path, header).close()
    names = listing([team_name(t) for t in teams])
    variant = header["variant"]
    speaker.say(f"A new game of {variant} for {len(teams)} teams: {names}. {goal(header)}")
    return path


def open_game(path: Path) -> tuple[GameLog, Quiz]:
    try:
        read_record(path, tolerate_torn_tail=True)
    except RecordError as exc:
        where = f"{path}:{exc.line}" if exc.line else str(path)
        raise SetupError(f"{where}: {exc.reason}") from None
    game_log = GameLog(path)
    variant = str(game_log.header.get("variant", "standard"))
    deck = load_decks(list(game_log.header.get("deck") or deck_paths(None, variant)))
    check_deck_serves(deck, game_from_header(game_log.header))
    return game_log, Quiz(deck, game_log.used_cards())


def welcome(master: Quizmaster, resumed: bool) -> bool:
    """Greet a saved game; False when it is already finished (said, nothing to play)."""
    game = master.game
    if game.finished:
        winner = f" {team_name(game.winner)} won." if game.winner else ""
        master.say(
            f"That game of {game.name} is already finished.{winner} {master.standings()} "
            "Start voicemaster play for a new game."
        )
        return False
    if resumed:
        master.say(f"Welcome back to your game of {game.name}. {master.standings()}")
    return True


def cmd_play(args: argparse.Namespace) -> int:
    log_file = crash_log()
    speaker = make_speaker(args.output)
    try:
        if args.resume:  # a saved game that does not fit the options: say so before listening
            _check_fits(Path(args.resume), given_options(args))
        ears, recover = make_ears(args, speaker)
        path, resumed = choose_record(args, speaker, ears)
        game_log, quiz = open_game(path)
    except (SetupError, DeckError, EOFError) as exc:
        return _fail(str(exc) or "no input")
    master = quizmaster_class(game_log.header["variant"])(
        game_log, quiz, speaker, ears, timing(args, ears), recover
    )
    try:
        outcome = master.run() if welcome(master, resumed) else "finished"
    except Exception:
        log.exception("the game stopped on an error")
        return _fail(
            f"an error stopped the game; it is saved in {path} "
            f"(resume with --resume {path}); details in {log_file}"
        )
    finally:
        game_log.close()
    print(json.dumps({"outcome": outcome, "record": str(path), **master.game.summary()}))
    return 0


# --- simulate -----------------------------------------------------------------------------------
def _simulation_header(args: argparse.Namespace) -> tuple[Path, dict[str, Any] | None]:
    args.variant = args.variant or "standard"
    if args.resume is not None:
        found = [Path(args.resume)] if args.resume else unfinished_games(GAMES)
        if not found:
            raise SetupError(f"no unfinished game in {GAMES}/")
        return found[0], None
    teams = team_names(args.teams or 3, args.names)
    options = {"skill": args.skill, "through": args.through}
    decks = [str(Path(p).resolve()) for p in deck_paths(args.deck, args.variant)]
    extra = variant_extra(args, teams, None)
    header = new_header(args, teams, {"deck": decks, "simulate": options, **extra})
    path = (
        Path(args.record)
        if args.record
        else GAMES / (f"simulate-{header['variant']}-{len(teams)}-{header['seed']}.jsonl")
    )
    path.unlink(missing_ok=True)
    return path, header


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
    crash_log()
    try:
        path, header = _simulation_header(args)
        if header is None:
            game_log, quiz = open_game(path)
        else:
            quiz = Quiz(load_decks(header["deck"]))
            check_deck_serves(quiz.deck, game_from_header(header))
            game_log = GameLog(path, header)
    except (SetupError, DeckError) as exc:
        return _fail(str(exc))
    options = game_log.header.get("simulate", {})
    seed = int(game_log.header.get("seed", 0))
    skill = float(options.get("skill", args.skill))
    if game_log.header["variant"] == "timeline":
        from voicemaster.host.timeline_sim import simulate_timeline

        return simulate_timeline(game_log, quiz, seed, skill, options.get("through", "text"))
    if options.get("through", "text") == "audio":
        from voicemaster.host.simaudio import AudioTable

        try:
            audio = AudioTable(game_log, seed, skill, quiz.deck)
        except (SpeechUnavailable, ImportError) as exc:
            game_log.close()
            return _fail(f"cannot simulate through audio: {exc}")
        table: SimTable = audio
        speaker: Speaker = audio.speaker()
    else:
        table, speaker = SimTable(game_log, seed, skill, quiz.deck), TranscriptSpeaker()
    master = quizmaster_class(game_log.header["variant"])(game_log, quiz, speaker, table, Timing())
    try:
        master.run()
    finally:
        game_log.close()
    note = capped_note(table, skill)
    if note is not None:
        print(f"voicemaster: {note}", file=sys.stderr)
    print(json.dumps(summary(game_log, master)))
    return 0
