"""A sharded cluster (profile topology sharded_cluster): one Deployment per component, linked here.

What the components share, as on a real cluster: mongos authenticates against the config server set's
users and roles (users created through mongos live there); every component signs $clusterTime with
the same key (admin.system.keys, replicated from the config servers); the config server set's
connection string (mongos's sharding.configDB); the config.shards and config.mongos documents, served
on mongos and on the config server members; and the shard registry that getShardMap shows.
"""

import datetime

from bson import Int64, Timestamp

from deployment import Deployment, new_cluster_time_key

# sharding_uptime_reporter.cpp: each mongos writes its config.mongos document every 10 s.
UPTIME_REPORT_INTERVAL_S = 10
# The cluster's history, made up: it was created a day before the lab started, and shard i was added
# i minutes later (config.shards topologyTime).
_CLUSTER_AGE = datetime.timedelta(days=1)
CONFIG_SHARD_ID = "config"  # ShardId::kConfigServerId: the config server set in the shard registry


def _now():
    return datetime.datetime.now(datetime.timezone.utc)


def set_connection_string(deployment):
    """setName/host:port,... with the members a replica set monitor confirms: those hello lists in
    hosts and passives (data-bearing and visible; not hidden members, not arbiters)."""
    members = deployment.members_with_role("primary", "secondary", "passive")
    return f"{deployment.profile.set_name}/{','.join(members)}"


class Cluster:
    """The running cluster: its deployments in profile order (mongos, config servers, shards)."""

    def __init__(self, profile, addresses):
        """addresses: one list of addresses per component, in profile order."""
        self.profile = profile
        self.components = profile.components
        self.started_at = _now()
        self.created_at = self.started_at - _CLUSTER_AGE
        self.cluster_time_key = new_cluster_time_key()
        config_index = next(i for i, c in enumerate(self.components) if c.kind == "config")
        # The config servers first: mongos takes their users and roles.
        self.config = Deployment(self.components[config_index].profile, addresses[config_index],
                                 cluster=self, kind="config")
        self.deployments = [
            self.config if component.kind == "config" else
            Deployment(component.profile, component_addresses, cluster=self, kind=component.kind,
                       users_from=self.config if component.kind == "mongos" else None)
            for component, component_addresses in zip(self.components, addresses)]

    def shards(self):
        """(shard id, deployment) in profile order."""
        return [(c.name, d) for c, d in zip(self.components, self.deployments) if c.kind == "shard"]

    def mongos(self):
        return next(d for c, d in zip(self.components, self.deployments) if c.kind == "mongos")

    def config_connection_string(self):
        return set_connection_string(self.config)

    def shard_documents(self):
        """config.shards (ShardType::toBSON, type_shard.cpp): _id, host, state 1 (shard aware),
        topologyTime, the cluster time the shard was added."""
        added = int(self.created_at.timestamp())
        return [{"_id": shard_id, "host": set_connection_string(deployment), "state": 1,
                 "topologyTime": Timestamp(added + 60 * (index + 1), 1)}
                for index, (shard_id, deployment) in enumerate(self.shards())]

    def mongos_documents(self):
        """config.mongos: one document per mongos that ever registered. Each running mongos upserts
        its own every 10 s (sharding_uptime_reporter.cpp, reportStatus: $set of MongosType::toBSON
        without created, $setOnInsert created), so the inserted document has its fields in the order
        the update system adds new fields, by name: _id, advisoryHostFQDNs, created, mongoVersion,
        ping, up (seconds, long), waiting (always true). The profile's staleMongos stopped reporting
        pingSecondsAgo ago."""
        now = _now()
        documents = []
        for node in self.mongos().nodes:
            reports = int((now - node.started_at).total_seconds()) // UPTIME_REPORT_INTERVAL_S
            uptime = reports * UPTIME_REPORT_INTERVAL_S
            documents.append(self._mongos_document(
                node.address, node.started_at, node.started_at + datetime.timedelta(seconds=uptime),
                uptime, node.version))
        for stale in self.profile.stale_mongos:
            ping = now - datetime.timedelta(seconds=stale.ping_seconds_ago)
            documents.append(self._mongos_document(
                stale.host, ping - datetime.timedelta(seconds=stale.up_seconds), ping, stale.up_seconds,
                stale.mongo_version))
        return documents

    @staticmethod
    def _mongos_document(address, created, ping, uptime, version):
        host = address.rsplit(":", 1)[0]
        fqdns = [] if host.replace(".", "").isdigit() else [host]  # getHostFQDNs of a name, none of an IP
        return {"_id": address, "advisoryHostFQDNs": fqdns, "created": _whole_ms(created),
                "mongoVersion": version, "ping": _whole_ms(ping), "up": Int64(uptime), "waiting": True}

    def catalog_collections(self):
        """The config collections mongos and the config server members serve, read live."""
        return {("config", "shards"): self.shard_documents, ("config", "mongos"): self.mongos_documents}

    def shard_map(self):
        """getShardMap's reply fields (ShardRegistry::toBSON, shard_registry.cpp): map (shard id ->
        connection string, the shards sorted by id, then the config server set as "config"), hosts
        (host:port -> shard id) and connStrings (connection string -> shard id)."""
        entries = sorted((shard_id, set_connection_string(d)) for shard_id, d in self.shards())
        entries.append((CONFIG_SHARD_ID, self.config_connection_string()))
        hosts = {}
        for shard_id, connection_string in entries:
            for host in connection_string.split("/", 1)[1].split(","):
                hosts[host] = shard_id
        return {"map": dict(entries), "hosts": hosts,
                "connStrings": {connection_string: shard_id for shard_id, connection_string in entries}}

    def last_seen_config_op_time(self, node):
        """serverStatus.sharding.lastSeenConfigServerOpTime: the config server set's latest optime;
        mongos reads it from its vector clock, which keeps no term (OpTime::kUninitializedTerm, -1)."""
        ts = Timestamp(int(_now().timestamp()), 1)
        return {"ts": ts, "t": Int64(-1 if node.is_mongos else 1)}


def _whole_ms(moment):
    """A BSON date keeps milliseconds."""
    return moment.replace(microsecond=moment.microsecond // 1000 * 1000)
