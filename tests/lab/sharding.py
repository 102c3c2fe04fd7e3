"""listShards and getShardMap: a sharded cluster's shards as mongos and its members report them
(cluster.py holds the cluster's facts).

Both are admin-only and need one cluster action; as their checkAuthForOperation says, an
authenticated user without it gets 13 with the bare text "unauthorized" (an unauthenticated client
gets the usual "Command X requires authentication", commands.cpp).
"""

import rbac
from commands import UNAUTHORIZED, Command, CommandError

SHARDING_STATE_NOT_INITIALIZED = 127


def _allowed(action):
    def authorize(context):
        if not context.deployment.roles.allows(context.roles(), rbac.CLUSTER, action):
            raise CommandError(UNAUTHORIZED, "unauthorized")
        return True
    return authorize


def list_shards(context):
    """config.shards as ShardType::toBSON writes each shard (cluster_list_shards_cmd.cpp); a mongos
    outside a cluster profile (topology sharded) knows no shard."""
    cluster = context.deployment.cluster
    return {"shards": cluster.shard_documents() if cluster else [], "ok": 1.0}


def get_shard_map(context):
    """The shard registry (get_shard_map_cmd.cpp, registered on mongos and mongod): every node of a
    cluster knows the same map; a mongod outside one has no sharding state."""
    cluster = context.deployment.cluster
    if cluster is None:
        if not context.node.is_mongos:
            raise CommandError(SHARDING_STATE_NOT_INITIALIZED, "Sharding is not enabled")
        return {"map": {}, "hosts": {}, "connStrings": {}, "ok": 1.0}
    return dict(cluster.shard_map(), ok=1.0)


COMMANDS = [
    # forRouter() only: a mongod does not register it, so it answers CommandNotFound.
    Command("listShards", list_shards, admin_only=True, authorize=_allowed("listShards"),
            aliases=("listshards",), exists_on=lambda node: node.is_mongos),
    Command("getShardMap", get_shard_map, admin_only=True, authorize=_allowed("getShardMap")),
]
