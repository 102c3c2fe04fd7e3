"""serverStatus: host, version, process, uptime, connections, and the sections clients read —
security (authentication counters), transportSecurity (TLS connections by protocol) and opcounters —
counted live on the node (NodeState.counters). Shapes: shared/server-replies/serverStatus-connections.json;
the sections as mongod 7.0 builds them (authentication_session / authentication_counters.cpp
`security`, transport_layer `transportSecurity`, stats/counters.cpp `opcounters`)."""

import datetime
import os

from bson import Int64

_DEFAULT_CONNECTIONS = {"current": 1, "available": 838859, "totalCreated": 1, "active": 1,
                        "threaded": 1, "exhaustIsMaster": 0, "exhaustHello": 0,
                        "awaitingTopologyChanges": 0}
# Mechanisms counted in security.authentication.mechanisms (authentication_counters.cpp lists the
# mechanisms the server supports, enabled or not, MONGODB-X509 and both SCRAMs on a Community build).
_COUNTED_MECHANISMS = ("MONGODB-X509", "SCRAM-SHA-1", "SCRAM-SHA-256")
_TLS_PROTOCOLS = {"TLSv1": "1.0", "TLSv1.1": "1.1", "TLSv1.2": "1.2", "TLSv1.3": "1.3"}
MAX_CHUNK_SIZE_BYTES = 128 * 1024 * 1024  # BalancerConfiguration's default since 6.0
OPCOUNTERS = ("insert", "query", "update", "delete", "getmore", "command")


def count_command(node, name):
    """opcounters: find is a query, getMore a getmore, every other command a command."""
    node.counters[("opcounters", {"find": "query", "getMore": "getmore"}.get(name, "command"))] += 1


def count_tls_connection(node, protocol):
    node.counters[("transportSecurity", _TLS_PROTOCOLS.get(protocol, "unknown"))] += 1


def _connections(context):
    """The profile's serverStatus.connections with live counts; current + available stays constant."""
    template = dict(context.deployment.profile.server_status.get("connections", _DEFAULT_CONNECTIONS))
    node = context.node
    limit = template.get("current", 0) + template.get("available", 0)
    live = {"current": node.current_connections, "available": limit - node.current_connections,
            "totalCreated": node.total_created, "active": 1, "threaded": node.current_connections}
    connections = {name: live.get(name, value) for name, value in template.items()}
    if node.load_balancer_port is not None:
        # load_balancer.py: the connections open on the load balancer port, last (Counter64: a Long).
        connections["loadBalanced"] = Int64(node.load_balanced_connections)
    return connections


def _security(node):
    counters = node.counters

    def pair(kind, mechanism):
        return {"received": Int64(counters[(kind, mechanism, "received")]),
                "successful": Int64(counters[(kind, mechanism, "successful")])}
    mechanisms = {m: {"speculativeAuthenticate": pair("speculativeAuthenticate", m),
                      "clusterAuthenticate": pair("clusterAuthenticate", m),
                      "authenticate": pair("authenticate", m)} for m in _COUNTED_MECHANISMS}
    return {"authentication": {"saslSupportedMechsReceived": Int64(counters[("saslSupportedMechsReceived",)]),
                               "mechanisms": mechanisms}}


def _sharding(context):
    """The sharding section, on every node of a sharded cluster: configsvrConnectionString,
    lastSeenConfigServerOpTime, maxChunkSizeInBytes (s_sharding_server_status.cpp on mongos,
    db/s/sharding_server_status.cpp on shard and config server members). Sections follow in name order."""
    cluster = context.deployment.cluster
    if cluster is None:
        return {}
    return {"sharding": {"configsvrConnectionString": cluster.config_connection_string(),
                         "lastSeenConfigServerOpTime": cluster.last_seen_config_op_time(context.node),
                         "maxChunkSizeInBytes": Int64(MAX_CHUNK_SIZE_BYTES)}}


def server_status(context):
    node = context.node
    now = datetime.datetime.now(datetime.timezone.utc)
    uptime = now - node.started_at
    counters = node.counters
    return {
        "host": node.address,
        "version": node.version,
        "process": "mongos" if node.is_mongos else "mongod",
        "pid": Int64(os.getpid()),
        "uptime": float(int(uptime.total_seconds())),
        "uptimeMillis": Int64(int(uptime.total_seconds() * 1000)),
        "uptimeEstimate": Int64(int(uptime.total_seconds())),
        "localTime": now,
        "connections": _connections(context),
        "opcounters": {name: Int64(counters[("opcounters", name)]) for name in OPCOUNTERS},
        "security": _security(node),
        **_sharding(context),
        "transportSecurity": {name: Int64(counters[("transportSecurity", name)])
                              for name in ("1.0", "1.1", "1.2", "1.3", "unknown")},
        "ok": 1.0,
    }
