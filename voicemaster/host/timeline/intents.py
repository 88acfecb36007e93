"""What a timeline utterance means: placements, pawns, zwaps, line requests.  Pure.

Placements can be said by number ("card three, gap two"), by naming neighbours ("the moon
landing goes after the Berlin Wall", "between X and Y", "before X"), or by the ends of the line
("at the start", "at the end").  Which card a title names is ``host.timeline.titles``'s work;
card and gap numbers are words of ``judge.numbers``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from voicemaster.host.phrases import said
from voicemaster.host.timeline.titles import Title, match_title
from voicemaster.judge.numbers import cardinal_word, position_words
from voicemaster.judge.text import normalise_plain
from voicemaster.lexicon import SHOUTS, ZWAP_WORDS

WORDS = [cardinal_word(n) for n in range(24)]  # "zero" .. "twenty-three"
NUMBER = position_words(23)  # "three", "twenty-three", "third", "to" (heard for "two")
GAP_WORDS = r"(?:gap|gaps|slot|space|position|spot|hole)"
START = (
    "at the start",
    "at the beginning",
    "at the front",
    "first of all",
    "before everything",
    "the very beginning",
    "far left",
    "on the left end",
    "earliest",
)
END = (
    "at the end",
    "after everything",
    "the very end",
    "far right",
    "on the right end",
    "latest",
    "last of all",
)
LINE_REQUESTS = ("the line", "timeline", "time line", "read the line", "the gaps")
HAND_REQUESTS = ("my cards", "our cards", "the cards", "which cards", "what cards", "my hand")


@dataclass(frozen=True)
class Placement:
    """A placement, perhaps incomplete: ``card`` is a 0-based hand index, ``gap`` 1-based."""

    card: int | None
    gap: int | None
    problem: str = ""  # said back when part of it was not understood


@dataclass(frozen=True)
class PawnCall:
    team: str | None
    gap: int | None
    problem: str = ""


@dataclass(frozen=True)
class ZwapCall:
    cards: tuple[str, ...]  # the card ids named, in order (two for a complete request)


@dataclass(frozen=True)
class LineRequest:
    pass


@dataclass(frozen=True)
class HandRequest:
    pass


TimelineIntent = Placement | PawnCall | ZwapCall | LineRequest | HandRequest


def _has(text: str, phrase: str) -> bool:
    return re.search(rf"(^| ){re.escape(phrase)}($| )", text) is not None


def number_word(word: str) -> int | None:
    if word.isdigit():
        return int(word)
    return NUMBER.get(word.rstrip("."))


def said_number(text: str, keyword: str) -> int | None:
    """The number after ``keyword`` ("gap two", "card number 3"); None when absent."""
    match = re.search(rf"(?:^| ){keyword} (?:number )?([a-z0-9-]+)", text)
    return number_word(match.group(1)) if match else None


def relation_gap(text: str, line: Sequence[str]) -> tuple[int | None, str, str]:
    """(gap, problem, subject) from "... before/after X" or "between X and Y"."""
    for phrase in START:
        if _has(text, phrase):
            return 1, "", text.replace(phrase, " ")
    for phrase in END:
        if _has(text, phrase):
            return len(line) + 1, "", text.replace(phrase, " ")
    match = re.search(r"(^| )(before|after|between|earlier than|later than)( |$)", text)
    if match is None:
        return None, "", text
    subject, rel, rest = text[: match.start()], match.group(2), text[match.end() :]
    if rel == "between":
        return (*_between(rest, line), subject)
    index = match_title(rest, line)
    if index is None:
        card = rest.strip() or said("timeline.that_card")
        return None, said("timeline.unknown_card", card=card), subject
    return (index + 1 if rel in ("before", "earlier than") else index + 2), "", subject


def _between(rest: str, line: Sequence[str]) -> tuple[int | None, str]:
    words = rest.split()
    best: tuple[int, int] | None = None
    for i, word in enumerate(words):
        if word != "and":
            continue
        a, b = match_title(" ".join(words[:i]), line), match_title(" ".join(words[i + 1 :]), line)
        if a is not None and b is not None and a != b:
            best = (min(a, b), max(a, b))
            if best[1] - best[0] == 1:
                return best[1] + 1, ""
    if best is not None:
        return None, said("timeline.not_neighbours", first=line[best[0]], second=line[best[1]])
    return None, said("timeline.missed_two")


def parse_placement(text: str, hand: Sequence[str], line: Sequence[str]) -> Placement | None:
    """A placement in ``text`` (None: the utterance is no placement at all)."""
    norm = normalise_plain(text)
    card = said_number(norm, "card")
    gap = said_number(norm, GAP_WORDS)
    problem, subject = "", norm
    if gap is None:
        gap, problem, subject = relation_gap(norm, line)
    else:
        subject = re.sub(rf"(^| ){GAP_WORDS} (number )?[a-z0-9-]+.*$", " ", norm)
    if card is not None:
        card = card - 1 if 1 <= card <= len(hand) else None
        wrong_card = said("timeline.card_range", most=len(hand))
        problem = problem or ("" if card is not None else wrong_card)
    else:
        subject = re.sub(r"(^| )card (number )?[a-z0-9-]+", " ", subject)
        card = match_title(subject, hand)
    if gap is not None and not 1 <= gap <= len(line) + 1:
        problem, gap = said("timeline.gap_range", most=len(line) + 1), None
    if card is None and gap is None and not problem:
        return None
    if card is None and len(hand) == 1:
        card = 0
    return Placement(card, gap, problem)


def parse_pawn(text: str, teams: Sequence[str], line: Sequence[str]) -> PawnCall | None:
    """ "Bezzerwizzer blue, gap four" (None: no Bezzerwizzer was said)."""
    norm = normalise_plain(text)
    if not any(_has(norm, s) for s in SHOUTS):
        return None
    named = [t for t in teams if _has(norm, t.lower())]
    team = named[0] if len(named) == 1 else None
    for shout in SHOUTS:
        norm = norm.replace(shout, " ")
    if team is not None:
        norm = re.sub(rf"(^| ){re.escape(team.lower())}('s)?( |$)", " ", norm)
    gap = said_number(norm, GAP_WORDS)
    problem = ""
    if gap is None:
        gap, problem, _ = relation_gap(norm, line)
    if gap is not None and not 1 <= gap <= len(line) + 1:
        gap, problem = None, said("timeline.gap_range", most=len(line) + 1)
    return PawnCall(team, gap, problem)


def parse_zwap(
    text: str, teams: Sequence[str], me: str, hands: Mapping[str, Sequence[tuple[str, str]]]
) -> ZwapCall | None:
    """ "zwap my card two with blue's card one" or "zwap <title> with <title>"."""
    norm = normalise_plain(text)
    if not any(_has(norm, w) for w in ZWAP_WORDS):
        return None
    found: list[str] = []
    owners = "|".join(["my", "our", *(re.escape(t.lower()) for t in teams)])
    for match in re.finditer(rf"({owners})(?:'s|s)? card (?:number )?([a-z0-9-]+)", norm):
        owner = me if match.group(1) in ("my", "our") else _team(match.group(1), teams)
        index = number_word(match.group(2))
        cards = hands.get(owner or "", ())
        if index is not None and 1 <= index <= len(cards):
            found.append(cards[index - 1][0])
    if len(found) < 2:
        found = _zwap_titles(norm, hands)
    return ZwapCall(tuple(found))


def _team(word: str, teams: Sequence[str]) -> str | None:
    return next((t for t in teams if t.lower() == word), None)


def _zwap_titles(norm: str, hands: Mapping[str, Sequence[tuple[str, str]]]) -> list[str]:
    for word in ZWAP_WORDS:
        norm = re.sub(rf"(^| ){word}( |$)", " ", norm)
    parts = re.split(r" (?:with|for|and) ", f" {norm.strip()} ")
    every = [card for cards in hands.values() for card in cards]
    titles = [title for _, title in every]
    found = []
    for part in parts:
        index = match_title(part, titles)
        if index is not None and every[index][0] not in found:
            found.append(every[index][0])
    return found


def parse(
    text: str,
    *,
    teams: Sequence[str],
    me: str,
    hands: Mapping[str, Sequence[tuple[str, str]]],
    line: Sequence[str],
) -> TimelineIntent | None:
    """Classify a timeline utterance (None: not a timeline intent; try the general ones)."""
    pawn = parse_pawn(text, teams, line)
    if pawn is not None:
        return pawn
    zwap = parse_zwap(text, teams, me, hands)
    if zwap is not None:
        return zwap
    norm = normalise_plain(text)
    if any(_has(norm, p) for p in HAND_REQUESTS):
        return HandRequest()
    if any(_has(norm, p) for p in LINE_REQUESTS) and not said_number(norm, GAP_WORDS):
        return LineRequest()
    return parse_placement(text, [title for _, title in hands.get(me, ())], line)


__all__ = ["Title", "match_title"]  # moved to timeline_titles; imported from here too
