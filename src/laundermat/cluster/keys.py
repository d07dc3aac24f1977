"""What the cluster keeps in Redis, and the few atomic operations on it (Lua scripts).

    {prefix}lease:{code}     = replica id   PX ttl   the room's owner (SET NX to claim)
    {prefix}replica:{id}     = advertise URL PX ttl  the replica's heartbeat
    {prefix}replicas         set of replica ids ever seen (the dead are removed once empty)
    {prefix}owned:{id}       set of the codes the replica owns (what failover reads)
    {prefix}handoff:{id}     list of codes handed to the replica (drain, rebalance)

Redis keeps nothing on disk: losing it loses no game. Leases only make it likely that one
replica works on a room at a time; the database's fencing token makes it certain.
"""

from __future__ import annotations

from typing import Any

# Renew only our own leases, all in one call: per key 1 renewed, 0 gone, -1 someone else's.
RENEW = """
local out = {}
for i, key in ipairs(KEYS) do
  local v = redis.call('GET', key)
  if v == ARGV[1] then redis.call('PEXPIRE', key, ARGV[2]) out[i] = 1
  elseif v == false then out[i] = 0
  else out[i] = -1 end
end
return out
"""
# Delete only our own leases (one call for any number of them).
RELEASE = """
local n = 0
for _, key in ipairs(KEYS) do
  if redis.call('GET', key) == ARGV[1] then n = n + redis.call('DEL', key) end
end
return n
"""


class Keys:
    def __init__(self, prefix: str) -> None:
        self.prefix = prefix
        self.replicas = f"{prefix}replicas"

    def lease(self, code: str) -> str:
        return f"{self.prefix}lease:{code}"

    def replica(self, replica_id: str) -> str:
        return f"{self.prefix}replica:{replica_id}"

    def owned(self, replica_id: str) -> str:
        return f"{self.prefix}owned:{replica_id}"

    def handoff(self, replica_id: str) -> str:
        return f"{self.prefix}handoff:{replica_id}"

    def followed(self, code: str) -> str:
        """Set (with a TTL) when a room follows its sockets: no second move until it expires."""
        return f"{self.prefix}followed:{code}"


class Leases:
    """Leases on rooms for one replica, over a redis.asyncio client."""

    def __init__(self, redis: Any, keys: Keys, me: str, ttl_ms: int) -> None:
        self.redis = redis
        self.keys = keys
        self.me = me
        self.ttl_ms = ttl_ms
        self._release = redis.register_script(RELEASE)

    async def acquire(self, code: str) -> bool:
        return bool(await self.redis.set(self.keys.lease(code), self.me, nx=True, px=self.ttl_ms))

    async def acquire_many(self, codes: list[str]) -> list[bool]:
        pipe = self.redis.pipeline(transaction=False)
        for code in codes:
            pipe.set(self.keys.lease(code), self.me, nx=True, px=self.ttl_ms)
        return [bool(r) for r in await pipe.execute()]

    async def release(self, *codes: str) -> None:
        if codes:
            await self._release(keys=[self.keys.lease(c) for c in codes], args=[self.me])
            await self.redis.srem(self.keys.owned(self.me), *codes)

    async def owner(self, code: str) -> str | None:
        value = await self.redis.get(self.keys.lease(code))
        return None if value is None else _text(value)

    async def owners(self, codes: list[str]) -> list[str | None]:
        if not codes:
            return []
        values = await self.redis.mget([self.keys.lease(c) for c in codes])
        return [None if v is None else _text(v) for v in values]

    async def renew(
        self, codes: list[str], advertise_url: str, heartbeat: bool = True
    ) -> list[int]:
        """One round trip: every owned room's lease, the heartbeat and the owned set. No
        heartbeat once drained: peers count this replica gone and hand it nothing."""
        pipe = self.redis.pipeline(transaction=False)
        # EVAL, not EVALSHA: a restarted Redis has forgotten every loaded script.
        pipe.eval(RENEW, len(codes), *(self.keys.lease(c) for c in codes), self.me, self.ttl_ms)
        if heartbeat:
            pipe.set(self.keys.replica(self.me), advertise_url, px=self.ttl_ms)
            pipe.sadd(self.keys.replicas, self.me)
        if codes:
            pipe.sadd(self.keys.owned(self.me), *codes)
        results = await pipe.execute()
        return [int(r) for r in results[0] or []]

    async def live_replicas(self) -> tuple[dict[str, str], list[str]]:
        """({id: advertise URL} of the replicas whose heartbeat is fresh, [the dead ids])."""
        ids = sorted(_text(i) for i in await self.redis.smembers(self.keys.replicas))
        if not ids:
            return {}, []
        urls = await self.redis.mget([self.keys.replica(i) for i in ids])
        live = {i: _text(u) for i, u in zip(ids, urls, strict=True) if u is not None}
        return live, [i for i in ids if i not in live]

    async def url_of(self, replica_id: str) -> str | None:
        value = await self.redis.get(self.keys.replica(replica_id))
        return None if value is None else _text(value)

    async def owned_by(self, replica_id: str) -> list[str]:
        return sorted(_text(c) for c in await self.redis.smembers(self.keys.owned(replica_id)))

    async def forget_owned(self, replica_id: str, codes: list[str]) -> None:
        if codes:
            await self.redis.srem(self.keys.owned(replica_id), *codes)

    async def forget_replica(self, replica_id: str) -> None:
        await self.redis.srem(self.keys.replicas, replica_id)
        await self.redis.delete(self.keys.owned(replica_id), self.keys.replica(replica_id))

    async def add_owned(self, *codes: str) -> None:
        if codes:
            await self.redis.sadd(self.keys.owned(self.me), *codes)

    async def counts(self, replica_ids: list[str]) -> dict[str, int]:
        pipe = self.redis.pipeline(transaction=False)
        for i in replica_ids:
            pipe.scard(self.keys.owned(i))
        return {i: int(n) for i, n in zip(replica_ids, await pipe.execute(), strict=True)}

    async def hand_to(self, replica_id: str, *codes: str) -> None:
        if codes:
            await self.redis.rpush(self.keys.handoff(replica_id), *codes)

    async def stop_heartbeat(self) -> None:
        """Leaving: peers see this replica gone at once (its owned set, if anything is left
        in it, is then taken over as a dead replica's)."""
        await self.redis.delete(self.keys.replica(self.me))


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value
