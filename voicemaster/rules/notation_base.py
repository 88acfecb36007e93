"""What every variant's record lines share: one kind of action a line, checked JSON shapes.

Pure: works on parsed JSON values.  Malformed input raises ValueError with a reason.
"""

from __future__ import annotations

from typing import Any


def line_kind(obj: dict[str, Any], kinds: tuple[str, ...]) -> str:
    """The one kind of action a record line holds (its only key among ``kinds``)."""
    found = [k for k in kinds if k in obj]
    if len(found) != 1:
        raise ValueError(f"a line holds exactly one of: {', '.join(kinds)}")
    return found[0]


def as_object(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ValueError(f"{where} must be an object")
    return value
