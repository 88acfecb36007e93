"""The board's colours, read from its style sheet: every text colour on the background it is
drawn on reaches 7:1 (WCAG AAA), and the six team colours stay apart for colour-blind players
(protanopia, deuteranopia and tritanopia simulated with Machado et al. 2009, severity 1)."""

from __future__ import annotations

import itertools
import math
import re
from pathlib import Path

import pytest

CSS = Path(__file__).resolve().parents[2] / "voicemaster" / "board" / "static" / "board.css"
TEAMS = ("red", "blue", "green", "yellow", "purple", "orange")
# (text, background) as the page draws them
PAIRS = [
    ("ink", "bg"), ("ink", "panel"), ("dim", "bg"), ("dim", "panel"), ("hot", "panel"),
    ("ink", "home"), ("dim", "home"), ("ink", "current"), ("on-team", "hot"),
    *(("on-team", team) for team in TEAMS),
]  # fmt: skip
SIGHT = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}  # fmt: skip
Rgb = tuple[float, float, float]


def colours() -> dict[str, str]:
    return dict(re.findall(r"--([a-z-]+):\s*(#[0-9a-fA-F]{6})", CSS.read_text()))


def linear(hex_colour: str) -> Rgb:
    def one(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (one(int(hex_colour[i : i + 2], 16)) for i in (1, 3, 5))
    return r, g, b


def luminance(hex_colour: str) -> float:
    r, g, b = linear(hex_colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def lab(rgb: Rgb) -> Rgb:
    r, g, b = rgb
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def seen(rgb: Rgb, matrix: tuple[Rgb, ...] | None) -> Rgb:
    if matrix is None:
        return rgb
    r, g, b = (
        min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb, strict=True)))) for row in matrix
    )
    return r, g, b


def test_the_contrast_check_fails_a_grey_on_grey() -> None:
    assert contrast("#777777", "#555555") < 7 <= contrast("#ffffff", "#555555")


@pytest.mark.parametrize(("text", "background"), PAIRS)
def test_text_reaches_seven_to_one(text: str, background: str) -> None:
    found = colours()
    assert contrast(found[text], found[background]) >= 7.0, (text, background)


@pytest.mark.parametrize("sight", [None, *SIGHT])
def test_team_colours_stay_apart_for_colour_blind_players(sight: str | None) -> None:
    found = colours()
    matrix = SIGHT[sight] if sight else None
    seen_as = {team: lab(seen(linear(found[team]), matrix)) for team in TEAMS}
    closest = min(math.dist(seen_as[a], seen_as[b]) for a, b in itertools.combinations(TEAMS, 2))
    assert closest >= 15.0, (sight, closest)


def test_the_old_blue_and_purple_would_have_merged_for_protanopia() -> None:
    """The check can fail: the board's earlier blue and purple are 2.6 apart for protanopia."""
    old = {"blue": "#3a7be0", "purple": "#9b5de5"}
    a, b = (lab(seen(linear(old[t]), SIGHT["protanopia"])) for t in old)
    assert math.dist(a, b) < 15.0
