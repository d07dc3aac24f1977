"""The real-server fixture of the socket tests, for Goblin's platform test."""

from tests.web.conftest import make_server

__all__ = ["make_server"]
