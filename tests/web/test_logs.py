"""Logs: JSON lines for a collector, short human lines on a terminal (`make run`)."""

from __future__ import annotations

import io
import json
import logging

import pytest

from laundermat.web import logs
from laundermat.web.settings import ServerSettings


class _Stream(io.StringIO):
    def __init__(self, tty: bool) -> None:
        super().__init__()
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


@pytest.fixture
def restore_logging():
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    yield
    root.handlers[:] = handlers
    root.setLevel(level)


@pytest.mark.parametrize(("tty", "expected"), [(True, False), (False, True)])
def test_json_logs_default_follows_the_terminal(monkeypatch, tty: bool, expected: bool):
    monkeypatch.delenv("LAUNDERMAT_JSON_LOGS", raising=False)
    monkeypatch.setattr("sys.stderr", _Stream(tty))
    assert ServerSettings().json_logs is expected


@pytest.mark.parametrize("tty", [True, False])
def test_the_setting_wins_over_the_terminal(monkeypatch, tty: bool):
    monkeypatch.setattr("sys.stderr", _Stream(tty))
    monkeypatch.setenv("LAUNDERMAT_JSON_LOGS", "true")
    assert ServerSettings().json_logs is True
    monkeypatch.setenv("LAUNDERMAT_JSON_LOGS", "false")
    assert ServerSettings().json_logs is False


@pytest.mark.parametrize("json_logs", [True, False])
def test_log_lines(monkeypatch, restore_logging, json_logs: bool):
    stream = _Stream(not json_logs)
    monkeypatch.setattr("sys.stderr", stream)
    logs.configure("info", json_logs)
    logging.getLogger("laundermat.test").info("room created", extra={"code": "ABCDE"})
    line = stream.getvalue().strip()
    if json_logs:
        entry = json.loads(line)
        assert entry["msg"] == "room created"
        assert entry["code"] == "ABCDE"
    else:
        assert not line.startswith("{")
        assert "info" in line and "room created" in line and "code=ABCDE" in line
        assert len(line) < 80
