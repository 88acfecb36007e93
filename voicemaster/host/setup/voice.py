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
from voicemaster.host.phrases import listing, said, team_name
from voicemaster.host.setup import naming
from voicemaster.host.setup.errors import SetupError
from voicemaster.judge.text import normalise_plain
from voicemaster.rules import DEFAULT, Goal, find_rules, find_variant, rule_sets
from voicemaster.rules.base import TEAM_COLOURS
from voicemaster.speech.base import Ears, Expectation, Speaker

T = TypeVar("T")
QUIT = lexicon.COMMANDS["quit"]
STOPPED = "setup.stopped"  # the catalogue's key
TIMEOUT_S = 20.0
FAILURES = 3  # replies not understood before the default is taken
TURNS = 8  # replies heard at one question at most (repeat and help included)
REPEAT = ("repeat", "say again", "again")
HELP = ("help", "what can i say")
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
        speaker.say(said(STOPPED))
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
    norm = f" {normalise_plain(text)} "
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
            speaker.say(said("setup.silent", told=question.told(question.default)))
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
        speaker.say(said("setup.not_understood", heard=heard.text, hint=question.hint))
    speaker.say(said("setup.default", told=question.told(question.default)))
    return question.default


def variant_question() -> Question[str]:
    """The rule set, by what players say to choose it (``RuleSet.said``; the first of each
    is offered), confirmed with its title."""
    offered = [r.said[0] for r in rule_sets()]
    choices = said("help.or", first=said("list.join").join(offered[:-1]), last=offered[-1])
    return Question(
        said("setup.variant.ask", choices=choices.capitalize()),
        {word: r.name for r in rule_sets() for word in r.said},
        DEFAULT,
        said("setup.variant.hint", choices=choices),
        lambda v: said("setup.variant.told", variant=find_rules(v).title),
    )


def count_question(variant: str = DEFAULT) -> Question[int]:
    """How many teams: two to four, and up to six in kompakt (its rulebook sets no limit)."""
    most = find_variant(variant).max_teams
    words = [COUNT_WORDS[n] for n in range(2, most + 1)]
    counts = said("help.or", first=said("list.join").join(words[:-1]), last=words[-1])
    return Question(
        said("setup.count.ask", counts=counts.capitalize()),
        {w: n for w, n in COUNTS.items() if n <= most},
        2,
        said("setup.count.hint", counts=counts),
        lambda n: said("setup.count.told", count=COUNT_WORDS[n].capitalize()),
    )


def track_question(variant: str) -> Question[int] | None:
    """The track length (the points to win in kompakt); None where it is the rulebook's
    (timeline's lap)."""
    rules = find_rules(variant)
    if rules.goal is Goal.LAP:
        return None
    if rules.goal is Goal.POINTS:
        return Question(
            said("setup.target.ask"),
            TARGETS,
            rules.default_track(),
            said("setup.target.hint"),
            lambda n: said("setup.target.told", points=n),
        )
    return Question(
        said("setup.track.ask"),
        TRACKS,
        rules.default_track(),
        said("setup.track.hint"),
        lambda n: said("setup.track.told", track=n),
    )


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
    names_ask = said("setup.names.ask")
    speaker.say(names_ask)
    first = _reply(speaker, ears, names_ask, said("setup.names.hint"))
    if first is None or _said(first, COLOURS):
        teams = list(TEAM_COLOURS[:count])
        lead = said("setup.names.silent") if first is None else ""
        speaker.say(said("setup.teams", lead=lead, teams=listing([team_name(t) for t in teams])))
        return teams
    pending = [part for part in first.split(",") if part.strip()]
    teams = []
    for index in range(count):
        given = pending.pop(0) if pending else None
        teams.append(_name_team(speaker, ears, index, teams, given))
    speaker.say(said("setup.teams", lead="", teams=listing([team_name(t) for t in teams])))
    return teams


def _name_team(
    speaker: Speaker, ears: Ears, index: int, taken: list[str], given: str | None
) -> str:
    """One team's name (``given``: already said); three names refused: a colour."""
    number = NUMBER_WORDS[index + 1]
    team = said("setup.team", number=number)
    asked = said("setup.team.ask", team=team)
    failures = 0
    while failures < FAILURES:
        if given is None:
            speaker.say(asked)
            given = _reply(speaker, ears, asked, said("setup.team.hint", number=number))
        if given is None or _said(given, COLOURS):
            colour = naming.fallback_colour(index, taken)
            lead = said("setup.team.silent") if given is None else ""
            speaker.say(said("setup.team.colour", lead=lead, team=team, colour=team_name(colour)))
            return colour
        why = naming.problem(given, taken)
        name = naming.spoken(given)
        given = None
        confirm = said("setup.team.confirm", team=team, name=team_name(name))
        if why is None and _confirmed(speaker, ears, confirm):
            return name
        failures += 1
        if why is not None:
            speaker.say(said("setup.team.refused", why=why))
    colour = naming.fallback_colour(index, taken)
    speaker.say(said("setup.team.fallback", number=number, colour=team_name(colour)))
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
            speaker.say(said("setup.yes_or_no", question=question))
            continue
        stop_if_quit(speaker, heard.text)
        answer = intents.yes_no(heard.text)
        if answer is not None:
            return answer
        again = said("setup.yes_or_no", question=question)
        speaker.say(question if _said(heard.text, REPEAT) else again)
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
