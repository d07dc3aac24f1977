"""Server capacity against a bare WebSocket baseline: `python -m benchmarks.capacity --help`."""
