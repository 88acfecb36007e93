"""What the command line decides about the board (built once in ``cli``, frozen)."""

from __future__ import annotations

from dataclasses import dataclass

DEFAULT_PORT = 8080


class BoardError(Exception):
    """The board cannot be served (an address that is not local, a port in use)."""


@dataclass(frozen=True)
class BoardSettings:
    port: int = DEFAULT_PORT  # 0: any free port
    address: str | None = None  # None: this machine's local-network address, and loopback
    pace: float = 0.0  # simulate: seconds at each listening point, so a browser can follow
    linger: float = 0.0  # seconds the board stays up after the game ends
    setup: float = 0.0  # simulate: seconds to wait for every team to join before playing
    speak: bool = False  # say the address once at the start (play)
    required: bool = True  # asked for: a board that cannot be served stops the game (else warned)
