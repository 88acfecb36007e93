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
from voicemaster.host.quiz import Quiz
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
from voicemaster.host.simulate import SimTable
from voicemaster.records import RecordError, game_from_header, read_record
from voicemaster.speech.base import Ears, Expectation, Speaker, SpeechUnavailable

log = logging.getLogger(__name__)


def _fail(message: str) -> int:
    print(f"voicemaster: {message}", file=sys.stderr)
    return 2


# --- play ---------------------------------------------------------------------------------------
def make_speaker(output: str) -> Speaker:
    if output == "text":
        return TextSpeaker()
    from voicemaster.speech.tts import make_speaker as make_voice

    return make_voice("auto")


def make_ears(args: argparse.Namespace, speaker: Speaker) -> tuple[Ears, Callable[[], None] | None]:
    """The microphone (with a way to reopen it), or the keyboard when asked or when no
    microphone works and the players agree."""
    if args.input == "keyboard":
        return KeyboardEars(), None
    try:
        from voicemaster.speech.listener import MicEars, make_recognizer
        from voicemaster.speech.microphone import Microphone

        recognizer = make_recognizer(args.asr, args.model)
        mic = Microphone(args.device).open()
    except (SpeechUnavailable, ImportError) as exc:
        speaker.say(
            f"I cannot listen: {exc}. Shall we play with the keyboard instead? Type yes or no."
        )
        keyboard = KeyboardEars()
        heard = keyboard.hear(Expectation(commands=("yes", "no")), 60.0)
        if heard is not None and intents.yes_no(heard.text):
            return keyboard, None
        raise SetupError("no microphone; start with --input keyboard to type answers") from None

    def recover() -> None:
        mic.reopen()

    return MicEars(mic, recognizer), recover


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


def choose_record(args: argparse.Namespace, speaker: Speaker, ears: Ears) -> Path:
    """The record to play: resumed, offered for resuming, or a new game (set up by voice)."""
    if args.resume is not None:
        if args.resume:
            return Path(args.resume)
        found = unfinished_games(GAMES)
        if not found:
            raise SetupError(f"no unfinished game in {GAMES}/")
        return found[0]
    if args.record is None:
        found = unfinished_games(GAMES)
        if found and _ask_yes(
            speaker, ears, "There is an unfinished game. Shall we go on with it? Say yes or no."
        ):
            return found[0]
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
    speaker.say(
        f"A new game of {header['variant']} for {len(teams)} teams: "
        f"{', '.join(teams)}. {goal(header)}"
    )
    return path


def open_game(path: Path) -> tuple[GameLog, Quiz]:
    try:
        read_record(path, tolerate_torn_tail=True)
    except RecordError as exc:
        raise SetupError(f"{path}:{exc.line}: {exc.reason}") from None
    game_log = GameLog(path)
    variant = str(game_log.header.get("variant", "standard"))
    deck = load_decks(list(game_log.header.get("deck") or deck_paths(None, variant)))
    check_deck_serves(deck, game_from_header(game_log.header))
    return game_log, Quiz(deck, game_log.used_cards())


def cmd_play(args: argparse.Namespace) -> int:
    log_file = crash_log()
    speaker = make_speaker(args.output)
    try:
        ears, recover = make_ears(args, speaker)
        path = choose_record(args, speaker, ears)
        game_log, quiz = open_game(path)
    except (SetupError, DeckError, EOFError) as exc:
        return _fail(str(exc) or "no input")
    master = quizmaster_class(game_log.header["variant"])(
        game_log, quiz, speaker, ears, Timing(), recover
    )
    try:
        outcome = master.run()
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
    print(json.dumps(summary(game_log, master)))
    return 0
