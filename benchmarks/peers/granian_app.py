"""This server's ASGI app for granian (the peers benchmark's second ASGI server, issue 34 §3):
`create_app` with the settings from the environment (LAUNDERMAT_*), as `laundermat serve`
builds it, minus what that command adds around uvicorn (web/serve.py: the connection gate,
pings, guarded timeouts, the SQLite file lock), which granian does not take."""

from laundermat.web.app import create_app

app = create_app()
