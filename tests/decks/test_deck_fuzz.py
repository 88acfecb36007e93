"""Whatever the input, a loader returns a deck or raises DeckError: never anything else."""

from __future__ import annotations

import io
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from voicemaster.decks import Deck, DeckError, deck_from_dict, deck_from_stream

EXAMPLE = (Path(__file__).resolve().parents[1] / "data" / "decks" / "example-en.yaml").read_bytes()


def outcome(content: bytes) -> Deck | DeckError:
    try:
        return deck_from_stream(io.BytesIO(content), "fuzz.yaml")
    except DeckError as exc:
        assert exc.problems and all(str(p).startswith("fuzz.yaml") for p in exc.problems)
        return exc


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=300))
def test_random_bytes(content: bytes) -> None:
    outcome(content)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.integers(0, len(EXAMPLE) - 1), st.binary(max_size=3)), max_size=4))
def test_mangled_example(edits: list[tuple[int, bytes]]) -> None:
    content = bytearray(EXAMPLE)
    for position, replacement in edits:
        content[position : position + 1] = replacement  # one byte -> 0 to 3 bytes
    result = outcome(bytes(content))
    if not edits:
        assert isinstance(result, Deck)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=20,
)


@settings(max_examples=100, deadline=None)
@given(
    st.fixed_dictionaries(
        {"deck": json_values, "variant": st.sampled_from(["standard", "ord", 5])},
        optional={
            "questions": st.lists(
                st.dictionaries(
                    st.sampled_from(
                        [
                            "id",
                            "category",
                            "question",
                            "answer",
                            "accept",
                            "options",
                            "year",
                            "audience",
                        ]
                    ),
                    json_values,
                ),
                max_size=3,
            )
        },
    )
)
def test_random_data(data: dict[str, object]) -> None:
    try:
        deck_from_dict(data)
    except DeckError as exc:
        assert exc.problems
