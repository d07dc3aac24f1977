"""`laundermat admin rooms | close | drain | block --url URL` against a real server (issue 35
§3): the token from LAUNDERMAT_ADMIN_TOKEN only, exit status 1 with the server's code when
refused, 2 without a token; each action does what the console's page does."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from typing import Any

import httpx

from .client import Client, new_room
from .conftest import REPO, ServerProcess

TOKEN = "a-command-line-operator-token-0123456789"


def admin(
    server: ServerProcess, *args: str, token: str | None = TOKEN
) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("LAUNDERMAT_")}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO / "src"), env.get("PYTHONPATH")]))
    if token is not None:
        env["LAUNDERMAT_ADMIN_TOKEN"] = token
    command = [sys.executable, "-m", "laundermat.cli", "admin", *args, "--url", server.url]
    return subprocess.run(command, env=env, capture_output=True, text=True, timeout=60)


def test_the_command_line_lists_closes_blocks_and_drains(make_server: Any) -> None:
    server: ServerProcess = make_server(admin_token=TOKEN)

    async def run() -> None:
        code, seats = await new_room(server.url, 2)
        player = await Client.open(server.ws, code, seats[1]["token"])

        listed = await asyncio.to_thread(admin, server, "rooms")
        assert listed.returncode == 0, listed.stderr
        (line,) = [row for row in listed.stdout.splitlines() if row.startswith(code)]
        assert (
            "laundermat" in line and "lobby" in line and "p0 (offline), p1" in line
        )  # p1 alone has a socket

        closed = await asyncio.to_thread(admin, server, "close", code, "Closing for the night")
        assert closed.returncode == 0, closed.stderr
        error = await player.until(lambda m: m["type"] == "error")
        assert (error["code"], error["message"]) == ("room_closed", "Closing for the night")
        await asyncio.wait_for(player.ws.wait_closed(), 10)
        assert player.ws.close_code == 4004
        missing = await asyncio.to_thread(admin, server, "close", code, "again")
        assert missing.returncode == 1 and "room_not_found" in missing.stderr

    asyncio.run(run())

    blocked = admin(
        server, "block", "203.0.113.7", "--minutes", "5", "--reason", "flooding", "--as", "Grace"
    )
    assert blocked.returncode == 0 and "blocked 203.0.113.7 for 5 min" in blocked.stdout
    drained = admin(server, "drain", "--json")
    assert drained.returncode == 0, drained.stderr
    refused = httpx.post(server.url + "/api/rooms", json={"name": "Late"})
    assert refused.json()["code"] == "draining"

    wrong = admin(server, "rooms", token="a-wrong-token-of-some-length-000")
    assert wrong.returncode == 1 and "unauthorized" in wrong.stderr
    assert admin(server, "rooms", token=None).returncode == 2
    log = server.log()
    assert TOKEN not in log
    logged = [json.loads(line) for line in log.splitlines() if '"admin action"' in line]
    assert [e["action"] for e in logged] == ["close", "block", "drain"]
    assert logged[1]["who"] == "Grace@127.0.0.1" and logged[1]["reason"] == "flooding"
