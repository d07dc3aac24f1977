"""Server capacity: how many tables one core holds, against a bare WebSocket baseline.

    .venv/bin/python -m benchmarks.capacity            # full run, about 15 minutes
    .venv/bin/python -m benchmarks.capacity --quick    # a smoke run, about 3 minutes
    .venv/bin/python -m benchmarks.capacity --game goblin:4 --game laundermat:6   # two games

`--game NAME[:PLAYERS]` (repeatable; default `laundermat:6`) chooses what the tables play: any
registered game, with the catalog's default settings, played by that game's random bot. Each
game is measured in turn on its own fresh server, then the baseline (rooms of six sockets,
LaunderMat's table size; its ratios are reported for LaunderMat only).

The server (`laundermat serve`, SQLite in a temporary directory) runs pinned to core 0
(`taskset -c 0`); this process, the load generator, pins itself to core 1. All traffic goes
to 127.0.0.1, every phase is bounded in time, and the servers are stopped at the end.

Phases, each first for LaunderMat and then for the baseline (`benchmarks/baseline_app.py`,
the same uvicorn flags, pre-encoded messages of the mean size of the views LaunderMat sent):

1. idle connections: open K sockets that say nothing; RSS growth per socket.
2. saturation: R₀ rooms of 6, each sending its next command the moment the previous one's
   views reached all six seats (closed loop). Commands per second; the baseline's figure is
   broadcasts (one message in, six out) per second.
3. ramp: R rooms of 6 at a human pace, one command per room every `--pace` seconds (random
   phase), plus the game's own timers, for R in `--steps`. For each R: latency from sending a
   command to the last seat's view that includes it (p50/p99/p99.9), the server's event-loop
   lag and timer lateness, CPU, RSS and errors.
4. slow reader (LaunderMat only, at `--slow-at` rooms): in a tenth of the rooms one seat stops
   reading; its peers' p99 is compared with the other rooms' in the same window.

Rules of play: a room's commands come from the game's random bot reading the acting seat's
own view (a random actor of the open window that can act; a LaunderMat draft selection can be
changed, so drafts often run to their timer, as with people). One command per room is in
flight at a time; a tick that finds the previous command unanswered is skipped and counted.
Rule refusals caused by racing a timer (`stale_window`, `not_your_turn`, ...) or any game's
own rule codes are counted as `rejected`, not errors.

Benchmark-only server settings (a load test from one address): room creations, join
attempts per minute, open and new sockets per address and the per-address message budget
raised to 10⁶, the per-socket message rate to 1,000/s with a burst of 2,000 (saturation
sends faster than a person can); the open-file limit raised to its hard limit.
"""
