"""Every event reaches every page: a stream opened after the page drew a state, or reopened by
the browser after a drop, starts after the last event the page has (``?after=``,
``Last-Event-ID``), each event once; team views' streams end with the game."""

from __future__ import annotations

import asyncio
from urllib.parse import urlencode

from tests.helpers.board import Listener, kompakt_lines, serving, view
from voicemaster.board.hub import BACKLOG, PUBLIC, REPLAY, Hub


def opened(url: str, path: str, headers: dict[str, str] | None = None) -> Listener:
    listener = Listener(url, path, headers)
    listener.start()
    assert listener.connected.wait(10)
    return listener


def test_a_stream_starts_after_the_last_event_the_page_has() -> None:
    lines, _ = kompakt_lines()
    with serving(lines) as (board, url):
        code = board.codes.codes["red"]
        status, joined = view(url, "red", code)
        assert status == 200
        drawn = int(joined["seq"])
        for _ in range(3):
            board.publish()  # while the team's page opens its stream
        query = urlencode({"team": "red", "code": code, "after": drawn})
        team = opened(url, f"team/events?{query}")
        resumed = opened(url, "events?after=999", {"Last-Event-ID": str(drawn + 1)})
        fresh = opened(url, "events")
        board.publish()
        last = board.seq
    for listener in (team, resumed, fresh):
        listener.join(10)
    assert team.seqs() == list(range(drawn + 1, last + 1))
    assert resumed.seqs() == list(range(drawn + 2, last + 1))  # the header wins over ?after=
    assert fresh.seqs() == [last - 1, last]  # the latest state, then what follows


def test_team_streams_end_with_the_game_and_are_not_reopened() -> None:
    lines, _ = kompakt_lines()
    with serving(lines) as (board, url):
        code = board.codes.codes["blue"]
        assert view(url, "blue", code)[0] == 200
        team = opened(url, f"team/events?{urlencode({'team': 'blue', 'code': code})}")
        public = opened(url, "events")
        board.finish()
        team.join(10)
        assert not team.is_alive() and public.is_alive()  # only the team's stream ended
        assert team.seqs()[-1] == board.seq  # after the final state
        again = opened(url, f"team/events?{urlencode({'team': 'blue', 'code': code})}")
        again.join(10)
        assert again.status == 410 and not again.messages


def test_a_page_dropped_for_falling_behind_gets_what_it_missed() -> None:
    async def scenario() -> tuple[list[str | None], list[str | None], list[str | None]]:
        hub = Hub()
        hub.bind(asyncio.get_running_loop())
        hub.publish(PUBLIC, {"n": 0}, 1)
        slow = hub.subscribe(PUBLIC)  # never read: it falls behind
        for seq in range(2, BACKLOG + 3):
            hub.publish(PUBLIC, {"n": seq}, seq)
        await asyncio.sleep(0.1)  # the hub delivers on this loop
        dropped = drain(slow)
        had = BACKLOG  # the page received seq 1 .. BACKLOG, then its stream ended
        back, far = hub.subscribe(PUBLIC, had), hub.subscribe(PUBLIC, 1)
        return dropped, drain(back), drain(far)

    dropped, back, far = asyncio.run(scenario())
    last = BACKLOG + 2
    assert len(dropped) == BACKLOG + 1 and dropped[-1] is None
    assert [seq_of(text) for text in back] == list(range(BACKLOG + 1, last + 1))
    assert last - 1 > REPLAY and [seq_of(text) for text in far] == [last]  # beyond the replay


def drain(queue: asyncio.Queue[str | None]) -> list[str | None]:
    items = []
    while not queue.empty():
        items.append(queue.get_nowait())
    return items


def seq_of(text: str | None) -> int:
    assert text is not None
    return int(text.split("\n", 1)[0].removeprefix("id: "))
