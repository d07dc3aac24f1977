"""LaunderMat: a real-time party card game server."""

__version__ = "0.1.0"
