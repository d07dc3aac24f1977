"""Structured logs: one JSON object per line, or short human lines on a terminal. Tokens
never reach a log: they travel only in the first socket message and in HTTP bodies, neither
of which is logged."""

from __future__ import annotations

import logging
import sys
import time

import orjson

_STANDARD = set(vars(logging.LogRecord("", 0, "", 0, "", (), None))) | {
    "message",
    "asctime",
    "color_message",  # uvicorn's ANSI copy of msg
}


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, object] = {
            "ts": round(record.created, 3),
            "level": record.levelname.lower(),
            "logger": record.name,
            "msg": record.getMessage(),
        }
        for key, value in vars(record).items():
            if key not in _STANDARD and not key.startswith("_"):
                entry[key] = value
        if record.exc_info:
            entry["exc"] = self.formatException(record.exc_info)
        return orjson.dumps(entry, default=str).decode()


class HumanFormatter(logging.Formatter):
    """`12:03:04 info  room created  code=ABCDE game=laundermat`: for a person at a terminal."""

    def format(self, record: logging.LogRecord) -> str:
        clock = time.strftime("%H:%M:%S", time.localtime(record.created))
        extras = [
            f"{key}={value}"
            for key, value in vars(record).items()
            if key not in _STANDARD and not key.startswith("_")
        ]
        line = f"{clock} {record.levelname.lower():<7} {record.getMessage()}"
        if extras:
            line += "  " + " ".join(extras)
        if record.exc_info:
            line += "\n" + self.formatException(record.exc_info)
        return line


def configure(level: str = "info", json_logs: bool = True) -> None:
    handler = logging.StreamHandler(sys.stderr)
    if json_logs:
        handler.setFormatter(JsonFormatter())
    else:
        handler.setFormatter(HumanFormatter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        logging.getLogger(name).handlers[:] = []
        logging.getLogger(name).propagate = True
