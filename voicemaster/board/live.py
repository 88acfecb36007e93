"""One game's board: the model (host thread), the hub to the pages, the team codes and the
inbox of typed answers (server thread).  The host calls ``on_line``, ``cue`` and ``listen``,
and asks it as its phone views (``has_view``, ``code_of``, ``private``: see
``host.ports.Views``); the server calls ``view`` and ``answer``, which refuse with a status and
one line.

The board shows every team's code at set-up, until every team has opened its view or the first
question of this session is read (the first timeline turn), whichever comes first, and again
while the game is paused, so the teams join on their phones; otherwise a team asks the
quizmaster for its code ("what is red's code", ``code_of``)."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from voicemaster.board.codes import TeamCodes
from voicemaster.board.hub import PUBLIC, Hub, channel_of
from voicemaster.board.inbox import ANSWER_KINDS, Inbox
from voicemaster.board.model import BoardModel, now_ms
from voicemaster.host import intents

MAX_ANSWER = 200  # characters
# listening points once a question has been read (or a timeline turn begun): they end set-up
READ_KINDS = (*ANSWER_KINDS, "options", "place")
PLAY_KINDS = (*READ_KINDS, "before")  # listening points of play: codes shown at set-up only
# what a team's message carries of the board: what its page draws, and the codes while shown
TEAM_BOARD = ("question", "finished", "sent", "codes", "listening", "turn")


@dataclass(frozen=True)
class Refusal:
    status: int
    reason: str


class LiveBoard:
    def __init__(self, lines: list[dict[str, Any]]) -> None:
        self.model = BoardModel(lines)
        self.teams: tuple[str, ...] = tuple(self.model.game.teams)
        self.url = ""  # set by the server once it serves
        self.hub = Hub()
        self.inbox = Inbox()
        self.codes = TeamCodes(self.teams)
        self._joined: set[str] = set()
        self._joining = threading.Condition()
        self._state = threading.RLock()  # the model and seq: the host's thread and the server's
        self.showing_codes = True  # at set-up, and while paused
        self.setting_up = True  # until every team has a view or the first question is read
        self.private_team: str | None = None  # answering on its phone only (host thread)
        self.seq = 0
        self.publish()

    # --- the host's side ----------------------------------------------------------------------
    def on_line(self, lines: list[dict[str, Any]], rewritten: bool) -> None:
        with self._state:
            if rewritten:
                self.model.rebuild(lines)
            else:
                self.model.apply(lines[-1])
            if self.model.game.finished:
                self.inbox.finish()
            self.publish()

    def cue(
        self,
        kind: str,
        team: str | None,
        card: Any,
        private: bool = False,
        attacker: str | None = None,
    ) -> None:
        """A listening point: a read card is shown, a team's answer window opens (or closes);
        ``attacker``: a Bezzerwizzer team waiting on the question the defender answers."""
        if card is not None and kind in ANSWER_KINDS and team is not None:
            self.model.read(team, card)
        if kind == "answer" and attacker is not None:
            self.model.attacker = attacker
        elif kind == "attacker":
            self.model.attacker = team
        if kind in ANSWER_KINDS and team is not None and not self.inbox.closed_for_good:
            self.inbox.open(team, kind, private)
        else:
            self.inbox.close()

    def listen(self, kind: str, team: str | None, seconds: float) -> None:
        with self._state:
            self.model.listen(kind, team, seconds)
            if kind in READ_KINDS:
                self.setting_up = False
            if kind == "paused" or kind in PLAY_KINDS:
                self.showing_codes = kind == "paused" or self.setting_up
            self.publish()

    def code_of(self, team: str) -> str | None:
        """``team``'s code while the game goes on (the quizmaster tells it when asked)."""
        if self.inbox.closed_for_good:
            return None
        return self.codes.codes.get(team)

    @contextlib.contextmanager
    def private(self, team: str) -> Iterator[bool]:
        """While ``team`` answers privately: True when it does so on its phone (then only
        there: its window on the board is private, and nothing said aloud counts)."""
        self.private_team = team if self.has_view(team) else None
        try:
            yield self.private_team is not None
        finally:
            self.private_team = None

    def wait_for_views(self, seconds: float) -> bool:
        """Wait up to ``seconds`` until every team has joined on a phone (a simulated set-up)."""
        with self._joining:
            return self._joining.wait_for(lambda: len(self._joined) == len(self.teams), seconds)

    def has_view(self, team: str) -> bool:
        with self._joining:
            return team in self._joined

    def publish(self) -> None:
        with self._state:
            self._publish()

    def _publish(self) -> None:
        """One new state for every page (under ``_state``)."""
        self.seq += 1
        public = {**self.model.public(), "seq": self.seq, "sent": now_ms(), "url": self.url}
        if self.showing_codes and not self.inbox.closed_for_good:
            public["codes"] = self.codes.codes
        self.hub.publish(PUBLIC, public, self.seq)
        board = {key: public[key] for key in TEAM_BOARD if key in public}
        window = self.inbox.window
        for team in self.teams:
            mine = window if window is not None and window.team == team else None
            me = {
                **self.model.secret(team),
                "window": None
                if mine is None
                else {
                    "kind": mine.kind,
                    "private": mine.private,
                    "number": mine.number,
                },
            }
            self.hub.publish(channel_of(team), {"board": board, "me": me, "seq": self.seq},
                             self.seq)  # fmt: skip

    # --- the server's side --------------------------------------------------------------------
    def authorize(self, team: str, code: str, peer: str) -> Refusal | None:
        """None when ``code`` is ``team``'s code in a game still going on (the team joins)."""
        if self.codes.locked(peer):
            return Refusal(429, "too many wrong codes: wait a minute, then try again")
        if team not in self.teams:
            return Refusal(404, f"there is no team called {team!r} in this game")
        if self.codes.locked(peer, team):
            return Refusal(429, f"too many wrong codes for {team}: wait a few minutes")
        if not self.codes.matches(team, code):
            self.codes.missed(peer, team)
            return Refusal(403, f"that is not {team}'s code")
        if self.model.game.finished or self.inbox.closed_for_good:
            return Refusal(410, "the game is over: its codes have expired")
        with self._joining:
            first = team not in self._joined
            self._joined.add(team)
            everyone = len(self._joined) == len(self.teams)
            self._joining.notify_all()
        with self._state:
            if first and everyone and self.setting_up:
                self.setting_up = self.showing_codes = False
                self.publish()  # every team has its view: the codes leave the board
        return None

    def view(self, team: str, code: str, peer: str) -> Refusal | dict[str, Any]:
        refused = self.authorize(team, code, peer)
        if refused is not None:
            return refused
        found = self.hub.latest(channel_of(team))
        return found if found is not None else {}

    def answer(self, team: str, code: str, text: str, peer: str) -> Refusal | None:
        """A typed answer handed to the open window; a Refusal when it cannot be taken."""
        refused = self.authorize(team, code, peer)
        if refused is not None:
            return refused
        text = " ".join(text.split())
        if not text or len(text) > MAX_ANSWER:
            return Refusal(422, f"type an answer of 1 to {MAX_ANSWER} characters, or pass")
        intent = intents.parse(text, teams=self.teams)
        if not isinstance(intent, intents.Speech) and intent != intents.Command("pass"):
            return Refusal(422, "only an answer or pass can be typed here; say the rest aloud")
        why = self.inbox.offer(team, text)
        return None if why is None else Refusal(409, why)

    def finish(self) -> None:
        """The game has ended (or stopped): codes expire, no window stays open, and the team
        views' streams end after the final state (their pages follow the public board)."""
        self.inbox.finish()
        self.publish()
        self.hub.end([channel_of(team) for team in self.teams])
