"""The peers benchmark's secret check (benchmarks/peers/secret.py) finds another seat's hidden
pick in a frame, and only a whole number: digits inside a longer number are no leak."""

from __future__ import annotations

import random

from benchmarks.peers.secret import HIGHEST, LOWEST, SEATS, Secrets, round_picks


def test_another_seats_pick_in_a_frame_is_a_leak() -> None:
    secrets = Secrets()
    secrets.picked(0, 912345, last_of_round=False)
    secrets.check(1, b'{"type":"patch","ops":[{"op":"add","path":"/x","value":912345}]}')
    assert secrets.leaks == 1


def test_a_seats_own_pick_and_longer_numbers_are_not() -> None:
    secrets = Secrets()
    secrets.picked(0, 912345, last_of_round=False)
    secrets.check(0, b'{"me":{"seat":0,"pick":912345}}')
    secrets.check(1, b'{"server_time":1799123456912345,"version":9123450}')
    assert secrets.leaks == 0


def test_the_rounds_last_pick_reveals_them_all() -> None:
    secrets = Secrets()
    for seat in range(SEATS - 1):
        secrets.picked(seat, LOWEST + seat, last_of_round=False)
    secrets.picked(SEATS - 1, HIGHEST, last_of_round=True)
    secrets.check(1, b'{"log":[{"kind":"round","picks":[900000,900001,900002]}]}')
    assert secrets.leaks == 0


def test_a_rounds_picks_are_six_different_tokens() -> None:
    picks = round_picks(random.Random(3))
    assert len(set(picks)) == SEATS
    assert all(LOWEST <= p <= HIGHEST for p in picks)
