"""hello, isMaster and ismaster: the handshake reply for standalone, replica-set members and mongos.

Field order follows shared/server-replies/hello-*.json and isMaster-*.json: replication_info.cpp for
mongod, HelloResponse::addToBSON for the replica-set block, mongos_hello_response.cpp for mongos.
"""

import asyncio
import datetime

from bson import Int64, ObjectId, Timestamp

import authentication
import hostile
import load_balancer
import versions
from commands import Command, CommandContext, CommandError

MAX_BSON_OBJECT_SIZE = 16 * 1024 * 1024
MAX_MESSAGE_SIZE_BYTES = 48_000_000
MAX_WRITE_BATCH_SIZE = 100_000
LOGICAL_SESSION_TIMEOUT_MINUTES = 30
TERM = 1
ELECTION_ID = ObjectId("7fffffff" + f"{TERM:016x}")
TOPOLOGY_COUNTER = 0
# A config server member adds configsvr: 2 after the replica-set fields (replication_info.cpp,
# "configServerModeNumber").
CONFIG_SERVER_MODE_NUMBER = 2  # topologyVersion.counter: the lab's topology never changes


def _now():
    return datetime.datetime.now(datetime.timezone.utc)


def op_time(now):
    """The optime of the last write, which every data-bearing member has applied: {ts, t}."""
    return {"ts": Timestamp(int(now.timestamp()), 1), "t": Int64(TERM)}


def _replica_set_block(context, primary_field, topology_version):
    deployment, node = context.deployment, context.node
    now = _now()
    block = {"topologyVersion": topology_version,
             "hosts": deployment.members_with_role("primary", "secondary")}
    passives = deployment.members_with_role("passive")
    arbiters = deployment.members_with_role("arbiter")
    if passives:
        block["passives"] = passives
    if arbiters:
        block["arbiters"] = arbiters
    block["setName"] = deployment.profile.set_name
    block["setVersion"] = 1
    block[primary_field] = node.role == "primary"
    block["secondary"] = node.role in ("secondary", "passive", "hidden")
    if deployment.primary():
        block["primary"] = deployment.primary()
    if node.role == "arbiter":
        block["arbiterOnly"] = True
    if node.role in ("passive", "hidden"):
        block["passive"] = True
    if node.role == "hidden":
        block["hidden"] = True
    if node.spec.secondary_delay_secs:
        delay_field = "secondaryDelaySecs" if versions.parse(node.version) >= (5, 0, 0) else "slaveDelay"
        block[delay_field] = Int64(node.spec.secondary_delay_secs)
    if node.spec.tags:
        block["tags"] = dict(node.spec.tags)
    block["me"] = node.address
    if node.role == "primary":
        block["electionId"] = ELECTION_ID
    if node.role != "arbiter":
        block["lastWrite"] = {"opTime": op_time(now), "lastWriteDate": now,
                              "majorityOpTime": op_time(now), "majorityWriteDate": now}
    # "Only shard servers will respond with the isImplicitDefaultMajorityWC field", and cwwc when a
    # cluster-wide write concern is set (replication_info.cpp, 5.0 and later).
    if deployment.kind == "shard" and versions.parse(node.version) >= (5, 0, 0):
        block["isImplicitDefaultMajorityWC"] = implicit_default_write_concern_majority(deployment)
        stored = deployment.cluster.config.profile.default_rw_concern if deployment.cluster else {}
        if "defaultWriteConcern" in stored:
            block["cwwc"] = stored["defaultWriteConcern"]
    return block


def implicit_default_write_concern_majority(deployment):
    """ReplSetConfig::isImplicitDefaultWriteConcernMajority (repl_set_config.cpp): no voting arbiter, or
    more data-bearing voting members than a majority of the votes."""
    voting = sum(node.spec.votes for node in deployment.nodes)
    arbiters = sum(node.spec.votes for node in deployment.nodes if node.role == "arbiter")
    return arbiters == 0 or voting - arbiters > voting // 2 + 1


def _sasl_supported_mechs(context, value):
    """The mechanisms of 'db.user' if that user exists here; None otherwise."""
    if "." not in value:
        raise CommandError(2, "UserName must contain a '.' separated database.user pair")
    db, name = value.split(".", 1)
    user = context.deployment.find_user(context.node, db, name)
    if user is None:
        return None
    enabled = context.deployment.enabled_mechanisms(context.node)
    return sorted(m for m in user.mechanisms if m in enabled and m != "PLAIN")


_SPECULATIVE_COMMANDS = {"saslStart": authentication.sasl_start, "authenticate": authentication.authenticate}


def _speculative_authenticate(context):
    """The reply to hello's speculativeAuthenticate (hello_auth.cpp, sasl_commands.cpp
    doSpeculativeSaslStart, authentication_commands.cpp doSpeculativeAuthenticate): the embedded
    saslStart or authenticate runs on its 'db' and its reply, without ok, is returned; any failure, or
    no 'db', leaves the field out (None) and the client authenticates as usual."""
    spec = context.body["speculativeAuthenticate"]
    if not isinstance(spec, dict) or not spec:
        raise CommandError(2, "hello.speculativeAuthenticate must be a non-empty Object")
    name = next(iter(spec))
    if name not in _SPECULATIVE_COMMANDS:
        raise CommandError(51769, f"hello.speculativeAuthenticate unknown command: {name}")
    if not isinstance(spec.get("db"), str):
        return None
    mechanism = spec.get("mechanism")
    context.node.counters[("speculativeAuthenticate", mechanism, "received")] += 1
    body = {key: value for key, value in spec.items() if key != "db"}
    embedded = CommandContext(context.deployment, context.node, context.connection, spec["db"], body)
    try:
        reply = _SPECULATIVE_COMMANDS[name](embedded)
    except CommandError:
        return None
    reply.pop("ok", None)
    return reply


def _negotiate_compression(context):
    """The client's compressors that this node enabled, in the client's order
    (MessageCompressorManager::serverNegotiate); recorded on the connection. None when the client
    offered none: the reply then has no compression field."""
    offered = context.body.get("compression")
    if not isinstance(offered, list):
        return None
    enabled = context.deployment.enabled_compressors(context.node)
    negotiated = [name for name in offered if isinstance(name, str) and name in enabled]
    context.connection.compressors = tuple(negotiated)
    return negotiated or None


def _is_current(context, known):
    """Whether the client's topologyVersion is this node's (the lab's topology never changes)."""
    return isinstance(known, dict) and known.get("processId") == context.node.process_id and \
        known.get("counter") == TOPOLOGY_COUNTER


async def _await_topology_change(context):
    """An awaitable hello (topologyVersion + maxAwaitTimeMS) with this node's topologyVersion waits
    maxAwaitTimeMS, as the topology never changes; a stale one is answered at once."""
    wait_ms = context.body.get("maxAwaitTimeMS")
    if isinstance(wait_ms, int) and _is_current(context, context.body.get("topologyVersion")):
        await asyncio.sleep(wait_ms / 1000)


def _stream_on(context, topology_version):
    """With the exhaustAllowed flag, hello streams (replication_info.cpp, CmdHello::run, under
    opCtx->isExhaust()): 51756 without maxAwaitTimeMS; else the next run is this body again, with the
    node's current topologyVersion in place of a stale one, and this reply goes out with moreToCome."""
    if not context.exhaust_allowed:
        return
    if "maxAwaitTimeMS" not in context.body:
        raise CommandError(51756, "An isMaster or hello request with exhaust must specify 'maxAwaitTimeMS'")
    if _is_current(context, context.body.get("topologyVersion")):
        context.next_invocation = context.body
    else:
        context.next_invocation = {key: topology_version if key == "topologyVersion" else value
                                   for key, value in context.body.items()}


async def _hello(context, primary_field):
    node = context.node
    if "client" in context.body:
        if context.connection.metadata_received:
            raise CommandError(186, "The client metadata document may only be sent in the first hello")
        context.connection.metadata_received = True
        if isinstance(context.body["client"], dict):
            context.connection.client_metadata = context.body["client"]
    # mongos: before the authentication fields (cluster_hello_cmd.cpp calls handleHello before
    # handleHelloAuth), so a 354 leaves saslSupportedMechs and speculativeAuthenticate unrun.
    service_id = load_balancer.handle_hello(context) if node.is_mongos else None
    sasl_mechs = None
    if isinstance(context.body.get("saslSupportedMechs"), str):
        node.counters[("saslSupportedMechsReceived",)] += 1
        sasl_mechs = _sasl_supported_mechs(context, context.body["saslSupportedMechs"])
    speculative = _speculative_authenticate(context) if "speculativeAuthenticate" in context.body else None
    await _await_topology_change(context)

    topology_version = {"processId": node.process_id, "counter": Int64(TOPOLOGY_COUNTER)}
    compression = _negotiate_compression(context)
    first = versions.compression_first_in_hello(node.version)
    reply = {"compression": compression} if compression and first else {}
    if node.is_mongos:
        # cluster_hello_cmd.cpp: the topology fields, serviceId (handleHello), then helloOk.
        reply.update({primary_field: True, "msg": "isdbgrid", "topologyVersion": topology_version})
        if service_id is not None:
            reply["serviceId"] = service_id
    if "helloOk" in context.body:
        context.connection.supports_hello = bool(context.body["helloOk"])
        reply["helloOk"] = True
    if node.is_replica_set_member:
        reply.update(_replica_set_block(context, primary_field, topology_version))
        if context.deployment.kind == "config":
            reply["configsvr"] = CONFIG_SERVER_MODE_NUMBER
    elif not node.is_mongos:
        reply.update({primary_field: True, "topologyVersion": topology_version})
    reply.update({
        "maxBsonObjectSize": MAX_BSON_OBJECT_SIZE,
        "maxMessageSizeBytes": MAX_MESSAGE_SIZE_BYTES,
        "maxWriteBatchSize": MAX_WRITE_BATCH_SIZE,
        "localTime": _now(),
        "logicalSessionTimeoutMinutes": LOGICAL_SESSION_TIMEOUT_MINUTES,
        "connectionId": context.connection.id,
    })
    wire = versions.max_wire_version(node.version)
    if node.is_mongos:
        reply.update({"maxWireVersion": wire, "minWireVersion": 0})  # mongos: max before min
    else:
        reply.update({"minWireVersion": 0, "maxWireVersion": wire, "readOnly": False})
    if compression and not first:
        reply["compression"] = compression
    if sasl_mechs is not None:
        reply["saslSupportedMechs"] = sasl_mechs
    if speculative is not None:
        reply["speculativeAuthenticate"] = speculative
    _stream_on(context, topology_version)
    reply["ok"] = 1.0
    return hostile.rewrite_hello(reply, node)


async def hello(context):
    if not versions.has_hello(context.node.version):
        raise CommandError(59, "no such command: 'hello'")
    return await _hello(context, "isWritablePrimary")


async def is_master(context):
    return await _hello(context, "ismaster")


COMMANDS = [
    Command("hello", hello, requires_auth=False, in_api_version_1=True),
    Command("isMaster", is_master, requires_auth=False, aliases=("ismaster",)),
]
