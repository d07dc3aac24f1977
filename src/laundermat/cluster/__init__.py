"""Scale-out (issue 10, docs/scaling.md): many replicas behind a load balancer, one owner
per room at a time. Off unless LAUNDERMAT_REDIS_URL is set; needs PostgreSQL.

    config     the settings (from web/settings.py)
    keys       what lives in Redis, and its atomic operations (leases, heartbeats, sets)
    ownership  which rooms this replica owns: claim, lose (fenced or lease lost), hand over
    watcher    renewals, failover, orphan scan, handoffs, rebalancing
    follow     a lobby room moves to the replica relaying all its sockets
    relay      a socket for a peer's room: a frame pipe to the owner
    forward    HTTP requests for a peer's room: forwarded to the owner
    peers      how replicas recognise each other (the secret header)
    node       `Cluster`: one replica's membership, used by web/app.py and web/socket.py
"""

from .config import ClusterConfig, advertise_url
from .forward import ForwardToOwner
from .node import Cluster, Route
from .peers import TrustedPeers, is_relayed

__all__ = [
    "Cluster",
    "ClusterConfig",
    "ForwardToOwner",
    "Route",
    "TrustedPeers",
    "advertise_url",
    "is_relayed",
]
