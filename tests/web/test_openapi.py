"""/openapi.json tells the truth, and Schemathesis finds no 500, no undocumented status, and
no schema-valid request refused for a reason the schema could have stated (issue 31 part 8).

The fuzz runs against a real uvicorn (make_server) with the per-address limits raised:
every case comes from 127.0.0.1, and at the default limits most POSTs and lookups would be
429s (documented, so not failures, but the routes behind them would go untested). The
Origin check needs no setting: Schemathesis sends no Origin header.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any

import httpx
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis.checks import not_a_server_error
from schemathesis.core.failures import FailureGroup
from schemathesis.core.result import Err
from schemathesis.specs.openapi.checks import (
    response_schema_conformance,
    status_code_conformance,
)

from laundermat.bots.ws_bot import run_bots_async
from laundermat.rooms import RoomError
from laundermat.rooms.names import normalize_name
from laundermat.web.bodies import NAME_FORMAT

from .client import new_room
from .conftest import ServerProcess

ERROR_BODY = {"$ref": "#/components/schemas/ErrorBody"}
# Every status each route can answer (besides 200, and 400 and 413, which every route
# documents: a Host this server does not serve, a body over the limit).
EXPECTED = {
    # 503: the routes that write to or read from the database (tests/web/test_outage.py)
    ("post", "/api/rooms"): {400, 403, 429, 503},
    ("post", "/api/rooms/{code}/join"): {400, 403, 404, 409, 410, 429, 503},
    ("get", "/api/rooms/{code}"): {404, 429},
    ("get", "/api/history"): {400, 503},  # not limited per address (no 429)
    ("get", "/api/games/{game_id}/replay"): {400, 404, 409, 429, 503},
    ("get", "/api/games/{game_id}/replay/step/{step}"): {400, 404, 409, 429, 503},
    ("get", "/api/protocol.json"): set(),
    ("get", "/api/catalog"): set(),
    ("get", "/healthz"): {503},  # the database is not answering
    ("get", "/metrics"): {403},
}
# 4xx answers a schema-valid request may still get: what it names (a room, a game) or its
# state decides them, which no schema can. Any other refusal of one is the schema's to state.
STATE_DEPENDENT = {404, 409, 410, 429}
STEP = "GET /api/games/{game_id}/replay/step/{step}"  # its `viewer` seats are the game's
EXAMPLES_PER_OPERATION = 50  # per generation mode: at most 100 cases per operation in all


def test_the_openapi_document_lists_every_status(server: ServerProcess) -> None:
    doc = httpx.get(server.url + "/openapi.json").json()
    seen = {(m, p) for p, ops in doc["paths"].items() for m in ops}
    assert seen == set(EXPECTED)
    for (method, path), statuses in EXPECTED.items():
        responses = doc["paths"][path][method]["responses"]
        assert "422" not in responses, (method, path)  # the app answers 400, not 422
        assert set(responses) == {"200", "400", "413"} | {str(s) for s in statuses}, path
        for status in statuses | {400, 413}:
            schema = responses[str(status)]["content"]["application/json"]["schema"]
            assert schema == ERROR_BODY, (method, path, status)
    assert "HTTPValidationError" not in doc["components"]["schemas"]
    params = doc["paths"]["/api/games/{game_id}/replay"]["get"]["parameters"][0]["schema"]
    assert (params["minimum"], params["maximum"]) == (1, 2**31 - 1)


def _valid_name(name: str) -> bool:
    try:
        normalize_name(name)
    except RoomError:
        return False
    return True


# The name's rule is Unicode's categories (rooms/names.py), which no JSON Schema keyword can
# state: the schema names it by its format, and the fuzz draws names that keep it.
schemathesis.openapi.format(NAME_FORMAT, st.text(min_size=1, max_size=24).filter(_valid_name))


def refused_though_valid(case: schemathesis.Case, response: Any) -> str | None:
    """Why a schema-valid (positive) case's answer is a broken contract, if it is."""
    status = response.status_code
    meta = case.meta
    positive = meta is not None and meta.generation.mode.is_positive
    if not positive or not 400 <= status < 500 or status in STATE_DEPENDENT:
        return None
    body = response.json()
    if (case.operation.label, status) == (STEP, 400) and body["message"].startswith("viewer:"):
        return None
    return f"schema-valid, refused {status} {body}: {case.body!r} {case.query!r}"


def test_schemathesis_finds_no_server_error_bad_status_or_valid_refusal(make_server: Any) -> None:
    srv: ServerProcess = make_server(
        room_creations_per_minute=100_000,
        join_attempts_per_minute=100_000,
        room_lookups_per_minute=100_000,
        room_lookup_misses_per_minute=100_000,
    )
    # One finished game and one room in its lobby, so some cases reach the 200 answers (and
    # their schemas) of the replay, history, lookup and join routes, not only their errors.
    report = asyncio.run(run_bots_async(srv.url, 1, 3, 0.0, seed=1, timeout=120))
    assert report["rooms_completed"] == 1, report
    game_id = httpx.get(srv.url + "/api/history").json()[0]["game_id"]
    code, _ = asyncio.run(new_room(srv.url, 1))
    known = {"game_id": game_id, "code": code}
    schema = schemathesis.openapi.from_url(srv.url + "/openapi.json")
    checks = [not_a_server_error, status_code_conformance, response_schema_conformance]
    failures: list[str] = []
    statuses: Counter[str] = Counter()  # printed with -s: what the fuzz reached
    cases = 0
    operations = 0
    for result in schema.get_all_operations():
        if isinstance(result, Err):
            raise result.err()  # an operation whose schema cannot be read
        operation = result.ok()
        operations += 1
        strategies = [
            operation.as_strategy(schemathesis.GenerationMode.POSITIVE),
            operation.as_strategy(schemathesis.GenerationMode.NEGATIVE),
        ]
        live = {k: v for k, v in known.items() if "{" + k + "}" in operation.path}
        if live:
            strategies.append(operation.as_strategy(path_parameters=live))
        strategy = st.one_of(strategies)

        @given(case=strategy)
        @settings(
            max_examples=2 * EXAMPLES_PER_OPERATION,
            deadline=None,
            database=None,
            suppress_health_check=list(HealthCheck),
        )
        def run(case: schemathesis.Case) -> None:
            nonlocal cases
            cases += 1
            try:
                response = case.call_and_validate(base_url=srv.url, checks=checks)
                statuses[f"{case.operation.label} {response.status_code}"] += 1
                refused = refused_though_valid(case, response)
                if refused:
                    failures.append(f"{case.operation.label}: {refused}"[:2000])
            except (Exception, FailureGroup) as exc:  # collected: no shrinking, all shown
                failures.append(f"{case.operation.label}: {exc}"[:2000])

        run()
    print(f"schemathesis: {operations} operations, {cases} cases, {len(failures)} failures")
    print("\n".join(f"  {n:4} {key}" for key, n in sorted(statuses.items())))
    assert operations == len(EXPECTED)
    assert cases >= operations * 10
    assert failures == [], "\n\n".join(failures[:10])
