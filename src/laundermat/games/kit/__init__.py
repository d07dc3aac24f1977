"""What every game reuses. The kit imports no game and no platform module ([tool.importlinter]
in pyproject.toml); docs/new-game.md writes a game on it (tests/web/pickgame.py).

    chance      seeded draws kept in the state; scripted draws for tests
    phases      the phase table (a check and an apply per command) and its walk
    windows     windows and deadlines: opening, closing early for away seats, the room's
                Timeout and SetAway, the platform's Window; WindowedMatch
    commands    commands as frozen values, parsed from a table of forms
    definition  a definition's room commands and its bots by strategy
    redaction   redact_event: a log entry as one viewer may read it; a seat's log secrets as
                its private part's pointers
    touched     what a command changed in the views, by audience (declared per handler of
                the phase table): the platform rebuilds only that
    reactions   the emoji every game offers, and bots that react now and then to a game's
                moments
    invariants  the invariant harness: JSON round trip, redaction as non-interference, the id
                scan for leaks, random playouts and replays
"""
