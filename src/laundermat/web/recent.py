"""The last warnings and failures this process logged, for the operator's console.

A logging handler keeps the newest `most` records at WARNING and above, as short entries:
the time, the level, the logger, the sentence and its context fields (a room's code, an
error code), never a traceback's text, only the exception's type. Logs carry no token and
no hidden card (web/logs.py), so neither does this.
"""

from __future__ import annotations

import logging
from collections import deque

from .logs import _STANDARD

FIELD_CHARS = 200  # a context field's value is cut to this


class RecentProblems(logging.Handler):
    def __init__(self, most: int = 50) -> None:
        super().__init__(logging.WARNING)
        self.entries: deque[dict[str, object]] = deque(maxlen=most)

    def emit(self, record: logging.LogRecord) -> None:
        try:
            entry: dict[str, object] = {
                "ts": round(record.created, 3),
                "level": record.levelname.lower(),
                "logger": record.name,
                "msg": record.getMessage()[:FIELD_CHARS],
            }
            fields = {
                key: str(value)[:FIELD_CHARS]
                for key, value in vars(record).items()
                if key not in _STANDARD and not key.startswith("_")
            }
            if fields:
                entry["fields"] = fields
            if record.exc_info and record.exc_info[0] is not None:
                entry["exception"] = record.exc_info[0].__name__
            self.entries.append(entry)
        except Exception:  # a handler never raises into the code that logged
            self.handleError(record)

    def newest(self) -> list[dict[str, object]]:
        return list(reversed(self.entries))

    def install(self) -> None:
        logging.getLogger().addHandler(self)

    def remove(self) -> None:
        logging.getLogger().removeHandler(self)
