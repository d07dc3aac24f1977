"""The FastAPI app: HTTP routes, the WebSocket loop, settings and the wire protocol."""
