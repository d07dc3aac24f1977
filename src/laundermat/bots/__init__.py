"""Random-legal players: in-process for `simulate`, over WebSockets for load."""
