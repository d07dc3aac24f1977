"""Serve `benchmarks.baseline_app` under exactly the uvicorn flags of `laundermat serve`.

    BASELINE_PAYLOAD_BYTES=4400 python -m benchmarks.baseline_serve --port 8765

The config comes from `laundermat.web.serve.uvicorn_config`, so the two servers differ only
in the application: same event loop, HTTP and WebSocket implementations, message size
limit, compression (off) and pings.
"""

from __future__ import annotations

import argparse

import uvicorn

from laundermat.web.serve import uvicorn_config
from laundermat.web.settings import ServerSettings

from .baseline_app import app


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8765)
    args = parser.parse_args(argv)
    settings = ServerSettings(host=args.host, port=args.port)
    uvicorn.Server(uvicorn_config(app, settings)).run()


if __name__ == "__main__":
    main()
