"""A new game set up by voice (or typed answers): the rule set, the number of teams, the team
names and the track length, each asked with a grammar of exactly its answers plus "repeat" and
"help", confirmed aloud.  Silence takes the default at once; three replies not understood take
it too (both said)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

from voicemaster import lexicon
from voicemaster.host import intents
from voicemaster.host.phrases import listing, team_name
from voicemaster.host.setup import naming
from voicemaster.host.setup.errors import SetupError
from voicemaster.rules import find_variant
from voicemaster.rules.base import TEAM_COLOURS, Settings
from voicemaster.rules.kompakt import TARGET
from voicemaster.speech.base import Ears, Expectation, Speaker

T = TypeVar("T")
QUIT = lexicon.COMMANDS["quit"]
STOPPED = "All right, we stop here. No game was started."
TIMEOUT_S = 20.0
FAILURES = 3  # replies not understood before the default is taken
TURNS = 8  # replies heard at one question at most (repeat and help included)
REPEAT = ("repeat", "say again", "again")
HELP = ("help", "what can i say")
VARIANTS: dict[str, str] = {
    "standard": "standard",
    "word edition": "ord",
    "ord": "ord",
    "family": "familie",
    "familie": "familie",
    "kompakt": "kompakt",
    "compact": "kompakt",
    "timeline": "timeline",
}
VARIANT_WORDS = {
    "standard": "standard Bezzerwizzer",
    "ord": "Bezzerwizzer Ord, the word edition",
    "familie": "Bezzerwizzer Familie, the family edition",
    "kompakt": "Bezzerwizzer Kompakt",
    "timeline": "Bezzerwizzer Timeline",
}
COUNT_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
COUNTS = {word: n for n, word in COUNT_WORDS.items()} | {str(n): n for n in COUNT_WORDS}
NUMBER_WORDS = {1: "one", **COUNT_WORDS}
COLOURS = ("colours", "colors", "colour", "color")
TRACKS = {"twenty": 20, "short": 20, "thirty": 30, "normal": 30, "forty": 40, "long": 40}
TRACKS |= {str(n): n for n in set(TRACKS.values())}
TARGETS = {"fifteen": 15, "twenty": 20, "thirty": 30, "15": 15, "20": 20, "30": 30}


class SetupQuit(SetupError):
    """The players said quit while the game was being set up (said aloud: nothing started)."""

    def __init__(self) -> None:
        super().__init__("the set-up was stopped: no game was started")


def stop_if_quit(speaker: Speaker, text: str) -> None:
    """ "quit" (in any of its forms) during the set-up: say so and stop (SetupQuit)."""
    if intents.parse(text) == intents.Command("quit"):
        speaker.say(STOPPED)
        raise SetupQuit()


@dataclass(frozen=True)
class Setup:
    """What the players chose (``track``: None when the rule set takes its own)."""

    variant: str
    teams: tuple[str, ...]
    track: int | None


@dataclass(frozen=True)
class Question(Generic[T]):
    """One set-up question: what is asked, its answers (phrase -> value) and its default."""

    ask: str
    answers: dict[str, T]
    default: T
    hint: str  # how to answer: said after a reply not understood and on "help"
    told: Callable[[T], str]  # the spoken confirmation of a value


def meaning(text: str, answers: Mapping[str, T]) -> T | None:
    """The one value the phrases said in ``text`` stand for (None: none or several)."""
    norm = f" {intents.normalize(text)} "
    found = {answers[p] for p in answers if f" {p} " in norm}
    return found.pop() if len(found) == 1 else None


def _said(text: str, phrases: tuple[str, ...]) -> bool:
    return meaning(text, dict.fromkeys(phrases, True)) is True


def ask(speaker: Speaker, ears: Ears, question: Question[T]) -> T:
    """Ask until a value is understood (confirmed aloud); silence or three replies not
    understood: the default (said)."""
    grammar = Expectation(commands=(*question.answers, *REPEAT[:1], *HELP[:1], *QUIT))
    speaker.say(question.ask)
    failures = 0
    for _ in range(TURNS):
        heard = ears.hear(grammar, TIMEOUT_S)
        if heard is None or not heard.text.strip():
            speaker.say(f"I heard nothing; we take the usual. {question.told(question.default)}")
            return question.default
        stop_if_quit(speaker, heard.text)
        value = meaning(heard.text, question.answers)
        if value is not None:
            speaker.say(question.told(value))
            return value
        if _said(heard.text, REPEAT):
            speaker.say(question.ask)
            continue
        if _said(heard.text, HELP):
            speaker.say(question.hint)
            continue
        failures += 1
        if failures >= FAILURES:
            break
        speaker.say(f"I did not understand {heard.text}. {question.hint}")
    speaker.say(f"Let's take the usual: {question.told(question.default)}")
    return question.default


def variant_question() -> Question[str]:
    return Question(
        "Which rules shall we play? Standard, word edition, family, kompakt or timeline?",
        VARIANTS,
        "standard",
        "Say standard, word edition, family, kompakt or timeline.",
        lambda v: f"We play {VARIANT_WORDS[v]}.",
    )


def count_question(variant: str = "standard") -> Question[int]:
    """How many teams: two to four, and up to six in kompakt (its rulebook sets no limit)."""
    most = find_variant(variant).max_teams
    words = [COUNT_WORDS[n] for n in range(2, most + 1)]
    said = ", ".join(words[:-1]) + f" or {words[-1]}"
    return Question(
        f"How many teams are playing? {said.capitalize()}?",
        {w: n for w, n in COUNTS.items() if n <= most},
        2,
        f"Say {said}.",
        lambda n: f"{COUNT_WORDS[n].capitalize()} teams.",
    )


def track_question(variant: str) -> Question[int] | None:
    """The track length (the points to win for kompakt); None for timeline (its lap is the
    rulebook's)."""
    if variant == "timeline":
        return None
    if variant == "kompakt":
        return Question(
            "How many points win the game? Fifteen, twenty or thirty?",
            TARGETS,
            TARGET,
            "Say fifteen, twenty or thirty points.",
            lambda n: f"The first team to {n} points wins.",
        )
    return Question(
        "How long is the track? Twenty spaces, thirty or forty? Thirty is the usual.",
        TRACKS,
        Settings().track,
        "Say twenty, thirty or forty; or short, normal or long.",
        lambda n: f"The finish is at {n}.",
    )


NAMES_ASK = "Say the team names, or say colours for red, blue, green and yellow."
NAMES_HINT = "Say colours, or say the name of team one, for example Tigers, Sharks or Owls."
# common names by grammar (naming.SUGGESTED), any other name by free decoding
NAME_GRAMMAR = Expectation(options=naming.SUGGESTED, commands=(*COLOURS, REPEAT[0], HELP[0], *QUIT))
CONFIRM = Expectation(commands=(*lexicon.YES_NO, REPEAT[0], *QUIT))


def _reply(speaker: Speaker, ears: Ears, asked: str, hint: str) -> str | None:
    """The next reply that is not "repeat" or "help" (answered here); None: silence."""
    for _ in range(TURNS):
        heard = ears.hear(NAME_GRAMMAR, TIMEOUT_S)
        if heard is None or not heard.text.strip():
            return None
        stop_if_quit(speaker, heard.text)
        if _said(heard.text, REPEAT):
            speaker.say(asked)
        elif _said(heard.text, HELP):
            speaker.say(hint)
        else:
            return heard.text.strip()
    return None


def ask_names(speaker: Speaker, ears: Ears, count: int) -> list[str]:
    """The teams' names: colours (the default), or a name per team, each checked and
    confirmed ("Team two is the Tigers. Right?"); typed names may come comma-separated."""
    speaker.say(NAMES_ASK)
    first = _reply(speaker, ears, NAMES_ASK, NAMES_HINT)
    if first is None or _said(first, COLOURS):
        teams = list(TEAM_COLOURS[:count])
        lead = "I heard nothing; we take colours. " if first is None else ""
        speaker.say(f"{lead}The teams are {listing([team_name(t) for t in teams])}.")
        return teams
    pending = [part for part in first.split(",") if part.strip()]
    teams = []
    for index in range(count):
        given = pending.pop(0) if pending else None
        teams.append(_name_team(speaker, ears, index, teams, given))
    speaker.say(f"The teams are {listing([team_name(t) for t in teams])}.")
    return teams


def _name_team(
    speaker: Speaker, ears: Ears, index: int, taken: list[str], given: str | None
) -> str:
    """One team's name (``given``: already said); three names refused: a colour."""
    team = f"Team {NUMBER_WORDS[index + 1]}"
    asked = f"{team}: what is its name? Or say colour."
    failures = 0
    while failures < FAILURES:
        if given is None:
            speaker.say(asked)
            given = _reply(speaker, ears, asked, f"Say a name for {team.lower()}, or colour.")
        if given is None or _said(given, COLOURS):
            colour = naming.fallback_colour(index, taken)
            lead = "I heard nothing; we take a colour. " if given is None else ""
            speaker.say(f"{lead}{team} is {team_name(colour)}.")
            return colour
        why = naming.problem(given, taken)
        name = naming.spoken(given)
        given = None
        if why is None and _confirmed(speaker, ears, f"{team} is the {team_name(name)}. Right?"):
            return name
        failures += 1
        if why is not None:
            speaker.say(f"Not that name: {why}. Please choose another.")
    colour = naming.fallback_colour(index, taken)
    speaker.say(f"Let's take a colour: {team.lower()} is {team_name(colour)}.")
    return colour


def _confirmed(speaker: Speaker, ears: Ears, question: str) -> bool:
    """Yes, or silence twice (asked once more, nobody objects); no, or three unclear replies:
    False.  A misheard name is caught here, so one silence is not taken as yes."""
    speaker.say(question)
    silent = False
    for _ in range(FAILURES):
        heard = ears.hear(CONFIRM, TIMEOUT_S)
        if heard is None or not heard.text.strip():
            if silent:
                return True
            silent = True
            speaker.say(f"{question} Say yes or no.")
            continue
        stop_if_quit(speaker, heard.text)
        answer = intents.yes_no(heard.text)
        if answer is not None:
            return answer
        speaker.say(question if _said(heard.text, REPEAT) else f"{question} Say yes or no.")
    return False


def ask_setup(
    speaker: Speaker,
    ears: Ears,
    variant: str | None = None,
    track: int | None = None,
    ask_track: bool = True,
) -> Setup:
    """Everything the command line left open: the rule set (unless ``variant``), the number
    of teams, their names and the track (unless ``track`` or not ``ask_track``)."""
    chosen = variant or ask(speaker, ears, variant_question())
    count = ask(speaker, ears, count_question(chosen))
    teams = ask_names(speaker, ears, count)
    if track is None and ask_track:
        question = track_question(chosen)
        track = ask(speaker, ears, question) if question is not None else None
    return Setup(chosen, tuple(teams), track)
