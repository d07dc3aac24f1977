"""A lean WebSocket client for load generation: one `asyncio.Protocol` per socket.

Thousands of sockets on one core need a client far cheaper than the server it measures, so
this is RFC 6455 by hand and nothing more: the upgrade handshake, unfragmented and
fragmented text/binary frames in, text frames out, pong for ping, and the close code.
Frames to the server are masked with the all-zero key (the RFC asks for a random key to
protect proxies from cache poisoning; there is no proxy on loopback, and XOR with zero
leaves the payload as it is, so sending costs no masking work). Arrival time is taken once
per `data_received`, before any parsing.

Only for benchmarks against 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import base64
import os
import socket
import struct
import time
from collections.abc import Callable

# (client, opcode, payload, arrival perf_counter)
OnMessage = Callable[["WsClient", int, bytes, float], None]
OnClose = Callable[["WsClient", int | None], None]

TEXT, BINARY, CLOSE, PING, PONG = 0x1, 0x2, 0x8, 0x9, 0xA
_MASK = b"\x00\x00\x00\x00"


def _header(opcode: int, length: int) -> bytes:
    first = 0x80 | opcode
    if length < 126:
        return bytes((first, 0x80 | length)) + _MASK
    if length < 65536:
        return struct.pack("!BBH", first, 0x80 | 126, length) + _MASK
    return struct.pack("!BBQ", first, 0x80 | 127, length) + _MASK


class WsClient(asyncio.Protocol):
    def __init__(self, host: str, path: str, on_message: OnMessage, on_close: OnClose) -> None:
        self.host = host
        self.path = path
        self.on_message = on_message
        self.on_close = on_close
        self.transport: asyncio.Transport | None = None
        self.open: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.closed = False
        self.close_code: int | None = None
        self.bytes_in = 0
        self.owner: object = None  # whatever the load generator hangs on this socket
        self._buf = bytearray()
        self._upgraded = False
        self._fragments: list[bytes] = []
        self._fragment_op = 0

    # ------------------------------------------------------------ asyncio.Protocol

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]  # uvloop's is no subclass
        key = base64.b64encode(os.urandom(16)).decode()
        transport.write(  # type: ignore[attr-defined]  # a stream transport: it writes
            (
                f"GET {self.path} HTTP/1.1\r\nHost: {self.host}\r\nUpgrade: websocket\r\n"
                f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                "Sec-WebSocket-Version: 13\r\n\r\n"
            ).encode()
        )

    def data_received(self, data: bytes) -> None:
        now = time.perf_counter()
        self.bytes_in += len(data)
        buf = self._buf
        buf += data
        if not self._upgraded and not self._upgrade(buf):
            return
        pos, size = 0, len(buf)
        while size - pos >= 2:
            bounds = _frame_bounds(buf, pos, size)
            if bounds is None:
                break
            head, length = bounds
            b0 = buf[pos]
            payload = bytes(buf[pos + head : pos + head + length])
            pos += head + length
            self._frame(b0, payload, now)
            if self.closed:
                break
        del buf[:pos]

    def _upgrade(self, buf: bytearray) -> bool:
        """Read the server's answer to the upgrade off `buf`: True once upgraded, False while
        it is incomplete or when it refused (the connection is then aborted)."""
        end = buf.find(b"\r\n\r\n")
        if end < 0:
            return False
        status = bytes(buf[: buf.find(b"\r\n")])
        del buf[: end + 4]
        if b" 101 " not in status:
            if not self.open.done():
                self.open.set_exception(ConnectionError(status.decode(errors="replace")))
            self.abort()
            return False
        self._upgraded = True
        if not self.open.done():
            self.open.set_result(None)
        return True

    def _frame(self, b0: int, payload: bytes, now: float) -> None:
        opcode = b0 & 0x0F
        fin = b0 & 0x80
        if opcode == 0:  # continuation
            self._fragments.append(payload)
            if fin:
                payload = b"".join(self._fragments)
                opcode, self._fragments = self._fragment_op, []
            else:
                return
        elif not fin and opcode in (TEXT, BINARY):
            self._fragment_op, self._fragments = opcode, [payload]
            return
        if opcode in (TEXT, BINARY):
            self.on_message(self, opcode, payload, now)
        elif opcode == PING:
            self._send(PONG, payload)
        elif opcode == CLOSE:
            self.close_code = int.from_bytes(payload[:2], "big") if len(payload) >= 2 else 1005
            self._send(CLOSE, payload[:2])
            self.abort()

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.open.done():
            self.open.set_exception(exc or ConnectionError("closed during the handshake"))
        if not self.closed:
            self.closed = True
            self.on_close(self, self.close_code)

    # ------------------------------------------------------------ the load generator's side

    def _send(self, opcode: int, payload: bytes) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self.transport.write(_header(opcode, len(payload)) + payload)

    def send_text(self, payload: bytes) -> None:
        self._send(TEXT, payload)

    def close(self, code: int = 1000) -> None:
        self._send(CLOSE, code.to_bytes(2, "big"))
        if self.transport is not None:
            self.transport.close()

    def abort(self) -> None:
        if self.transport is not None:
            self.transport.abort()
        if not self.closed:
            self.closed = True
            self.on_close(self, self.close_code)

    def pause_reading(self) -> None:
        if self.transport is not None:
            self.transport.pause_reading()

    def resume_reading(self) -> None:
        if self.transport is not None:
            self.transport.resume_reading()


async def connect(
    host: str,
    port: int,
    path: str,
    on_message: OnMessage,
    on_close: OnClose,
    rcvbuf: int | None = None,
    timeout: float = 30.0,
) -> WsClient:
    """Open one socket and finish the upgrade. `rcvbuf` shrinks the kernel's receive buffer
    (a slow reader then backs up into the server sooner)."""
    loop = asyncio.get_running_loop()
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    if rcvbuf is not None:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    sock.setblocking(False)
    try:
        await asyncio.wait_for(loop.sock_connect(sock, (host, port)), timeout)
    except BaseException:
        sock.close()
        raise
    _, client = await loop.create_connection(
        lambda: WsClient(f"{host}:{port}", path, on_message, on_close), sock=sock
    )
    await asyncio.wait_for(client.open, timeout)
    return client


def _frame_bounds(buf: bytearray, pos: int, size: int) -> tuple[int, int] | None:
    """The header's and the payload's lengths of the frame at `pos`, None until it is whole."""
    b1 = buf[pos + 1]
    length = b1 & 0x7F
    head = 2
    if length == 126:
        if size - pos < 4:
            return None
        length = (buf[pos + 2] << 8) | buf[pos + 3]
        head = 4
    elif length == 127:
        if size - pos < 10:
            return None
        length = int.from_bytes(buf[pos + 2 : pos + 10], "big")
        head = 10
    if b1 & 0x80:  # a server must not mask; tolerate it anyway
        head += 4
    return (head, length) if size - pos >= head + length else None
