"""Importing Open Trivia Database JSON (a bare list, or the API's ``{"results": [...]}``).

Categories are mapped onto the standard ones by ``CATEGORY_MAP`` (documented in
docs/decks.md); questions of other categories are skipped and counted.
"""

from __future__ import annotations

import html
import json
from typing import Any

from voicemaster.decks.importing import Candidate, ImportResult, admit, read_source, stable_id
from voicemaster.decks.model import DeckError, Problem
from voicemaster.decks.variants import deck_categories

CATEGORY_MAP: dict[str, str] = {
    "Art": "Arts & Theatre",
    "Entertainment: Musicals & Theatres": "Arts & Theatre",
    "Entertainment: Film": "Film",
    "Entertainment: Music": "Music",
    "Entertainment: Books": "Literature",
    "Entertainment: Comics": "Literature",
    "Entertainment: Television": "TV & Radio",
    "Entertainment: Cartoon & Animations": "Series",
    "Entertainment: Japanese Anime & Manga": "Series",
    "Entertainment: Video Games": "Tech & Gaming",
    "Entertainment: Board Games": "Tech & Gaming",
    "Science: Computers": "Tech & Gaming",
    "Science: Gadgets": "Tech & Gaming",
    "Science & Nature": "Science",
    "Science: Mathematics": "Science",
    "Animals": "Nature",
    "Geography": "Geography",
    "History": "History",
    "Politics": "Politics",
    "Sports": "Sport",
    "Mythology": "Tradition & Beliefs",
    "Celebrities": "Society",
    "Vehicles": "Design",
    # "General Knowledge" is too mixed to map: skipped.
}

YES = ("yes", ("true", "correct"))
NO = ("no", ("false", "incorrect"))
CHOICE_WORDS = ("which of these", "which of the following", "which one of these")


def clean(value: Any) -> str:
    """Text with HTML entities decoded and whitespace tidied ("" for anything else)."""
    if isinstance(value, str | int | float) and not isinstance(value, bool):
        return " ".join(html.unescape(str(value)).split())
    return ""


def map_category(name: str) -> str | None:
    """Our category for an OpenTDB one (ours pass through); None when it has none."""
    folded = {k.casefold(): v for k, v in CATEGORY_MAP.items()}
    if name.casefold() in folded:
        return folded[name.casefold()]
    ours = {c.casefold(): c for c in deck_categories("standard")}
    return ours.get(name.casefold())


def read_opentdb(path: str) -> ImportResult:
    """The questions of an OpenTDB JSON file.  DeckError if the file is unusable."""
    try:
        data = json.loads(read_source(path))
    except json.JSONDecodeError as exc:
        raise DeckError([Problem(path, exc.lineno, f"not valid JSON: {exc.msg}")]) from None
    except RecursionError:
        raise DeckError([Problem(path, None, "not valid JSON: nested too deeply")]) from None
    if isinstance(data, dict) and isinstance(data.get("results"), list):
        data = data["results"]
    if not isinstance(data, list):
        raise DeckError([Problem(path, None, 'expected a list of questions or {"results": [...]}')])
    candidates: list[Candidate] = []
    for n, item in enumerate(data, 1):
        where = f"{path}#{n}"
        if not isinstance(item, dict):
            candidates.append(Candidate(where, {}, "not a question object"))
            continue
        name = clean(item.get("category"))
        category = map_category(name)
        if category is None:
            candidates.append(Candidate(where, {}, f"unmappable category {name!r}"))
        else:
            candidates.append(Candidate(where, convert(item, category)))
    return admit(candidates)


def convert(item: dict[str, Any], category: str) -> dict[str, Any]:
    """One OpenTDB question as deck fields (not yet checked)."""
    question = clean(item.get("question"))
    correct = clean(item.get("correct_answer"))
    wrong_items = item.get("incorrect_answers")
    wrong = [clean(w) for w in wrong_items] if isinstance(wrong_items, list) else []
    wrong = [w for w in dict.fromkeys(wrong) if w and w.casefold() != correct.casefold()]
    fields: dict[str, Any] = {"id": stable_id(category, question), "category": category}
    if item.get("type") == "boolean" and correct.casefold() in ("true", "false"):
        (answer, accept), (_, not_accept) = (YES, NO) if correct.casefold() == "true" else (NO, YES)
        fields["question"] = f"True or false: {question}" if question else ""
        fields["answer"] = answer
        fields["accept"] = list(accept)
        fields["reject"] = [YES[0] if answer == "no" else NO[0], *not_accept]
    else:
        fields["question"] = question
        fields["answer"] = correct
        if wrong:
            fields["reject"] = wrong
        if any(words in question.casefold() for words in CHOICE_WORDS):
            fields["options"] = sorted([correct, *wrong], key=str.casefold)
    difficulty = clean(item.get("difficulty")).lower()
    if difficulty in ("easy", "medium", "hard"):
        fields["difficulty"] = difficulty
    return fields
