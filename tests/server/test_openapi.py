"""/openapi.json tells the truth, and Schemathesis finds no 500 and no undocumented status.

The fuzz runs against a real uvicorn (make_server) with the per-address limits raised:
every case comes from 127.0.0.1, and at the default limits most POSTs and lookups would be
429s (documented, so not failures, but the routes behind them would go untested). The
Origin check needs no setting: Schemathesis sends no Origin header.
"""

from __future__ import annotations

from typing import Any

import httpx
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis.checks import not_a_server_error
from schemathesis.core.failures import FailureGroup
from schemathesis.specs.openapi.checks import (
    response_schema_conformance,
    status_code_conformance,
)

from .conftest import ServerProcess

ERROR_BODY = {"$ref": "#/components/schemas/ErrorBody"}
# Every status each route can answer (besides 200, and 413 which every route documents).
EXPECTED = {
    ("post", "/api/rooms"): {400, 403, 429},
    ("post", "/api/rooms/{code}/join"): {400, 403, 404, 409, 410, 429},
    ("get", "/api/rooms/{code}"): {404, 429},
    ("get", "/api/history"): {400},
    ("get", "/api/games/{game_id}/replay"): {400, 404, 409},
    ("get", "/api/protocol.json"): set(),
    ("get", "/healthz"): set(),
    ("get", "/metrics"): set(),
}
EXAMPLES_PER_OPERATION = 50  # per generation mode: 100 cases per operation in all


def test_the_openapi_document_lists_every_status(server: ServerProcess) -> None:
    doc = httpx.get(server.url + "/openapi.json").json()
    seen = {(m, p) for p, ops in doc["paths"].items() for m in ops}
    assert seen == set(EXPECTED)
    for (method, path), statuses in EXPECTED.items():
        responses = doc["paths"][path][method]["responses"]
        assert "422" not in responses, (method, path)  # the app answers 400, not 422
        assert set(responses) == {"200", "413"} | {str(s) for s in statuses}, (method, path)
        for status in statuses | {413}:
            schema = responses[str(status)]["content"]["application/json"]["schema"]
            assert schema == ERROR_BODY, (method, path, status)
    assert "HTTPValidationError" not in doc["components"]["schemas"]
    params = doc["paths"]["/api/games/{game_id}/replay"]["get"]["parameters"][0]["schema"]
    assert (params["minimum"], params["maximum"]) == (1, 2**31 - 1)


def test_schemathesis_finds_no_server_error_or_undocumented_status(make_server: Any) -> None:
    srv: ServerProcess = make_server(
        room_creations_per_minute=100_000,
        join_attempts_per_minute=100_000,
        room_lookups_per_minute=100_000,
        room_lookup_misses_per_minute=100_000,
    )
    schema = schemathesis.openapi.from_url(srv.url + "/openapi.json")
    checks = [not_a_server_error, status_code_conformance, response_schema_conformance]
    failures: list[str] = []
    cases = 0
    operations = 0
    for result in schema.get_all_operations():
        operation = result.ok()
        operations += 1
        strategy = st.one_of(
            operation.as_strategy(schemathesis.GenerationMode.POSITIVE),
            operation.as_strategy(schemathesis.GenerationMode.NEGATIVE),
        )

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
                case.call_and_validate(base_url=srv.url, checks=checks)
            except (Exception, FailureGroup) as exc:  # collected: no shrinking, all shown
                failures.append(f"{case.operation.label}: {exc}"[:2000])

        run()
    print(f"schemathesis: {operations} operations, {cases} cases, {len(failures)} failures")
    assert operations == len(EXPECTED)
    assert cases >= operations * 10
    assert failures == [], "\n\n".join(failures[:10])
