"""A TCP proxy in front of PostgreSQL that counts its clients' round trips.

In PostgreSQL's frontend protocol a client sends a Sync (extended protocol: Parse, Bind,
Execute, then Sync) or a Query (simple protocol), then waits for the server's ReadyForQuery
before it goes on. So the Sync and Query messages a client sends are its round trips, whatever
the driver calls them (asyncpg's prepare is one, its bind-and-execute another). The proxy
reads only the client's side; the server's bytes pass through untouched."""

from __future__ import annotations

import asyncio
import struct

from sqlalchemy.engine import make_url

PROTOCOL_3 = 196608  # a StartupMessage; before it only untyped requests (SSL, GSS, cancel)
ROUND_TRIP_ENDS = (b"S", b"Q")  # Sync, Query


class RoundTripCounter:
    def __init__(self, url: str) -> None:
        parsed = make_url(url)
        self._target = (parsed.host or "127.0.0.1", parsed.port or 5432)
        self._url = parsed
        self._server: asyncio.Server | None = None
        self.round_trips = 0

    async def start(self) -> str:
        """Listen on a free port; returns the URL that reaches the database through it."""
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        port = self._server.sockets[0].getsockname()[1]
        return self._url.set(host="127.0.0.1", port=port).render_as_string(hide_password=False)

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()

    async def _serve(self, client: asyncio.StreamReader, to_client: asyncio.StreamWriter) -> None:
        server, to_server = await asyncio.open_connection(*self._target)
        pipes = (self._forward_counting(client, to_server), _forward(server, to_client))
        try:
            await asyncio.gather(*pipes)
        finally:
            to_server.close()
            to_client.close()

    async def _forward_counting(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> None:
        started = False
        try:
            while True:
                if started:  # a type byte, then a length that counts itself
                    head = await reader.readexactly(5)
                    rest = struct.unpack("!i", head[1:])[0] - 4
                    if head[:1] in ROUND_TRIP_ENDS:
                        self.round_trips += 1
                else:  # untyped: a length, then a protocol version or a request's code
                    head = await reader.readexactly(8)
                    length, code = struct.unpack("!ii", head)
                    rest, started = length - 8, code == PROTOCOL_3
                writer.write(head + await reader.readexactly(rest))
                await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError):
            writer.close()


async def _forward(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    try:
        while data := await reader.read(65536):
            writer.write(data)
            await writer.drain()
    except ConnectionError:
        pass
    writer.close()
