"""replSetGetStatus: the replica set as the answering member sees it.

Based on mongo's TopologyCoordinator::prepareStatusResponse (src/mongo/db/repl/topology_coordinator.cpp,
the 5.0-7.0 revision for field order and types; the later revision for the written optimes that 8.0
adds with featureFlagReduceMajorityWriteLatency, as 8.0 rs.status() output shows) and the v7.0
replSetGetStatus manual page (example output, election metrics). Types as the server appends them:
health a double, state/uptime/syncSourceId/counts int32, term/pingMs/heartbeatIntervalMillis Long,
configVersion/configTerm int32 (appendNumber of a small long long).

The lab's replica set is fixed: the primary won term 1 when the lab started, every data-bearing member
has applied the same last write (hello's lastWrite), secondaries sync from the primary. A member with
any fault fails the others' heartbeats and shows as never reached since start-up: health 0, state 8,
null optimes, configVersion -1 (as real output shows for a member down since the set started).
Not modelled: what an arbiter reports for its own optimes and lastStableRecoveryTimestamp (here: null
applied/durable optimes, no readConcernMajorityOpTime, no lastStableRecoveryTimestamp).

getDefaultRWConcern (src/mongo/db/commands/rwc_defaults_commands.cpp, reply fields from
GetDefaultRWConcernResponse in rwc_defaults_commands.idl and RWConcernDefault in
read_write_concern_defaults.idl): what the profile's defaultRWConcern sets ("global"), else the
implicit defaults. From 5.0 the implicit write concern is w:1 when the set has arbiters and its
non-arbiters are no more than a majority of the voting members, else w:"majority" (manual, "Default
MongoDB Read Concerns/Write Concerns"); 4.4 had no implicit default to report and no *Source fields.
A standalone fails with 51300, a shard member with 51301; mongos reads the config server set's.

Elsewhere, as the real servers answer: a standalone mongod fails with 76 NoReplicationEnabled
(ReplicationCoordinatorImpl::checkReplEnabledForCommand); mongos has the command but answers any
authenticated user {info: "mongos", ok: 0, errmsg} without a code (cluster_repl_set_get_status_cmd.cpp).
"""

import datetime

from bson import Int64, Timestamp

import rbac
import versions
from commands import Command, CommandError
from hello import TERM, implicit_default_write_concern_majority, op_time

NO_REPLICATION_ENABLED = 76
HEARTBEAT_INTERVAL_MILLIS = Int64(2000)   # settings.heartbeatIntervalMillis default
ELECTION_TIMEOUT_MILLIS = Int64(10000)    # settings.electionTimeoutMillis default
CONFIG_VERSION = 1                        # hello's setVersion
CONFIG_TERM = TERM
UNKNOWN_CONFIG = -1                       # configVersion/configTerm of a member never heard from

# MemberState (src/mongo/db/repl/member_state.h)
PRIMARY, SECONDARY, ARBITER, DOWN = 1, 2, 7, 8
_STATE_NAMES = {PRIMARY: "PRIMARY", SECONDARY: "SECONDARY", ARBITER: "ARBITER"}
UNREACHABLE = "(not reachable/healthy)"   # stateStr of a member with health 0

_EPOCH = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)
_NULL_OP_TIME = {"ts": Timestamp(0, 0), "t": Int64(-1)}
_MONGOS_REPLY_TEXT = "replSetGetStatus is not supported through mongos"


def _state(node):
    return {"primary": PRIMARY, "arbiter": ARBITER}.get(node.role, SECONDARY)


def _priority(node):
    return 1.0 if node.role in ("primary", "secondary") else 0.0


def _whole_seconds(moment):
    return datetime.datetime.fromtimestamp(int(moment.timestamp()), datetime.timezone.utc)


def _uptime(node, now):
    return int((now - node.started_at).total_seconds())


def _initial_op_time(deployment):
    """The optime of replSetInitiate, before any term (t: -1), as election metrics show it."""
    return {"ts": Timestamp(int(_election_date(deployment).timestamp()), 1), "t": Int64(-1)}


def _election_date(deployment):
    primary = _primary(deployment)
    return _whole_seconds(primary.started_at if primary else deployment.nodes[0].started_at)


def _primary(deployment):
    return next((node for node in deployment.nodes if node.role == "primary"), None)


def _sync_source(deployment, node):
    """(host, _id): data-bearing secondaries sync from a reachable primary; otherwise ("", -1)."""
    primary = _primary(deployment)
    if node.role in ("primary", "arbiter") or primary is None or not primary.answers_heartbeats:
        return "", -1
    return primary.address, primary.index


def _sync_source_fields(deployment, node):
    host, member_id = _sync_source(deployment, node)
    return {"syncSourceHost": host, "syncSourceId": member_id}


def _election_fields(deployment):
    date = _election_date(deployment)
    return {"electionTime": Timestamp(int(date.timestamp()), 1), "electionDate": date}


def _wall_times(wall, written):
    fields = {"lastAppliedWallTime": wall, "lastDurableWallTime": wall}
    if written:
        fields["lastWrittenWallTime"] = wall
    return fields


def _own_optimes(op, wall, written):
    """Self: optime, optimeDate[, optimeWritten, optimeWrittenDate], then the wall times."""
    fields = {"optime": op, "optimeDate": _whole_seconds(wall)}
    if written:
        fields.update({"optimeWritten": op, "optimeWrittenDate": _whole_seconds(wall)})
    fields.update(_wall_times(wall, written))
    return fields


def _heard_optimes(op, wall, written):
    """Another member, from its heartbeats: the optimes, then their dates, then the wall times."""
    names = ["optime", "optimeDurable"] + (["optimeWritten"] if written else [])
    fields = {name: op for name in names}
    fields.update({f"{name}Date": _whole_seconds(wall) for name in names})
    fields.update(_wall_times(wall, written))
    return fields


def _self_member(context, now, written):
    deployment, node = context.deployment, context.node
    state = _state(node)
    member = {"_id": node.index, "name": node.address, "health": 1.0, "state": state,
              "stateStr": _STATE_NAMES[state], "uptime": _uptime(node, now)}
    if node.role != "arbiter":
        member.update(_own_optimes(op_time(now), now, written))
    member.update(_sync_source_fields(deployment, node))
    member["infoMessage"] = ""
    if state == PRIMARY:
        member.update(_election_fields(deployment))
    member.update({"configVersion": CONFIG_VERSION, "configTerm": CONFIG_TERM, "self": True,
                   "lastHeartbeatMessage": ""})
    return member


def _heartbeat_failure(version, node):
    """lastHeartbeatMessage for a member with a fault. Refused and timed-out texts are observed in
    real output; the text for a connection closed during the handshake is modelled."""
    if "no_reply" in node.spec.faults:
        return "Couldn't get a connection within the time limit"
    cause = "Connection refused" if node.is_down else "Connection closed by peer"
    return versions.heartbeat_connect_error(version, node.address, cause)


def _other_member(context, node, now, written):
    """A member seen through heartbeats; one with a fault has never answered since start-up."""
    healthy = node.answers_heartbeats
    state = _state(node) if healthy else DOWN
    member = {"_id": node.index, "name": node.address, "health": 1.0 if healthy else 0.0,
              "state": state, "stateStr": _STATE_NAMES[state] if healthy else UNREACHABLE,
              "uptime": _uptime(node, now) if healthy else 0}
    if node.role != "arbiter":
        member.update(_heard_optimes(op_time(now), now, written) if healthy
                      else _heard_optimes(_NULL_OP_TIME, _EPOCH, written))
    member.update({"lastHeartbeat": now, "lastHeartbeatRecv": now if healthy else _EPOCH,
                   "pingMs": Int64(0),
                   "lastHeartbeatMessage": "" if healthy else _heartbeat_failure(context.node.version, node)})
    member.update(_sync_source_fields(context.deployment, node) if healthy
                  else {"syncSourceHost": "", "syncSourceId": -1})
    member["infoMessage"] = ""
    if healthy and state == PRIMARY:
        member.update(_election_fields(context.deployment))
    known = CONFIG_VERSION if healthy else UNKNOWN_CONFIG
    member.update({"configVersion": known, "configTerm": CONFIG_TERM if healthy else UNKNOWN_CONFIG})
    return member


def _vote_counts(deployment):
    """ReplSetConfig's majorities (repl_set_config.cpp: _writeMajority is the smaller of the vote
    majority and the voting members that are not arbiters)."""
    voting = sum(node.spec.votes for node in deployment.nodes)
    writable = sum(node.spec.votes for node in deployment.nodes if node.role != "arbiter")
    majority = voting // 2 + 1
    return {"majorityVoteCount": majority, "writeMajorityCount": min(majority, writable),
            "votingMembersCount": voting, "writableVotingMembersCount": writable}


def _set_optimes(node, now, written):
    """The answering member's optimes; an arbiter knows the commit point but applies nothing."""
    optimes = {"lastCommittedOpTime": op_time(now), "lastCommittedWallTime": now}
    op, wall = (_NULL_OP_TIME, _EPOCH) if node.role == "arbiter" else (op_time(now), now)
    if node.role != "arbiter":
        optimes["readConcernMajorityOpTime"] = op
    optimes.update({"appliedOpTime": op, "durableOpTime": op})
    if written:
        optimes["writtenOpTime"] = op
    optimes.update(_wall_times(wall, written))
    return optimes


def _candidate_metrics(deployment, written):
    """electionCandidateMetrics of the primary: it won term 1 by election timeout at start-up."""
    date, before = _election_date(deployment), _initial_op_time(deployment)
    metrics = {"lastElectionReason": "electionTimeout", "lastElectionDate": date,
               "electionTerm": Int64(TERM), "lastCommittedOpTimeAtElection": before}
    if written:
        metrics["lastSeenWrittenOpTimeAtElection"] = before
    metrics.update({"lastSeenOpTimeAtElection": before,
                    "numVotesNeeded": _vote_counts(deployment)["majorityVoteCount"],
                    "priorityAtElection": 1.0, "electionTimeoutMillis": ELECTION_TIMEOUT_MILLIS,
                    "numCatchUpOps": Int64(0), "newTermStartDate": date,
                    "wMajorityWriteAvailabilityDate": date})
    return metrics


def _participant_metrics(deployment, node, written):
    """electionParticipantMetrics of a data-bearing member that voted for the primary in term 1."""
    date, before = _election_date(deployment), _initial_op_time(deployment)
    metrics = {"votedForCandidate": True, "electionTerm": Int64(TERM), "lastVoteDate": date,
               "electionCandidateMemberId": _primary(deployment).index, "voteReason": ""}
    if written:
        metrics.update({"lastWrittenOpTimeAtElection": before, "maxWrittenOpTimeInSet": before})
    metrics.update({"lastAppliedOpTimeAtElection": before, "maxAppliedOpTimeInSet": before,
                    "priorityAtElection": _priority(node), "newTermStartDate": date,
                    "newTermAppliedDate": date})
    return metrics


def _replica_set_status(context):
    deployment, node = context.deployment, context.node
    now = datetime.datetime.now(datetime.timezone.utc)
    written = versions.reports_written_optimes(node.version)
    reply = {"set": deployment.profile.set_name, "date": now, "myState": _state(node),
             "term": Int64(TERM)}
    reply.update(_sync_source_fields(deployment, node))
    if deployment.kind == "config":
        reply["configsvr"] = True  # a configsvr replica set config (topology_coordinator.cpp)
    reply["heartbeatIntervalMillis"] = HEARTBEAT_INTERVAL_MILLIS
    reply.update(_vote_counts(deployment))
    reply["optimes"] = _set_optimes(node, now, written)
    if node.role != "arbiter":
        reply["lastStableRecoveryTimestamp"] = op_time(now)["ts"]
    if node.role == "primary":
        reply["electionCandidateMetrics"] = _candidate_metrics(deployment, written)
    elif node.role != "arbiter" and _primary(deployment) is not None:
        reply["electionParticipantMetrics"] = _participant_metrics(deployment, node, written)
    reply["members"] = [_self_member(context, now, written) if other is node
                        else _other_member(context, other, now, written)
                        for other in deployment.nodes]
    reply["ok"] = 1.0
    return reply


def repl_set_get_config(context):
    """replSetGetConfig: the set's configuration as ReplSetConfig::toBSON writes it (_id, version, term,
    [configsvr], protocolVersion, writeConcernMajorityJournalDefault, members, settings), each member as
    MemberConfig writes it (_id, host, arbiterOnly, buildIndexes, hidden, priority, tags,
    secondaryDelaySecs (slaveDelay before 5.0), votes)."""
    deployment, node = context.deployment, context.node
    if not node.is_replica_set_member:
        raise CommandError(NO_REPLICATION_ENABLED, "not running with --replSet")
    delay_field = "secondaryDelaySecs" if versions.parse(node.version) >= (5, 0, 0) else "slaveDelay"
    members = [{"_id": index, "host": member.address, "arbiterOnly": member.role == "arbiter",
                "buildIndexes": True, "hidden": member.role == "hidden", "priority": _priority(member),
                "tags": dict(member.spec.tags), delay_field: Int64(member.spec.secondary_delay_secs),
                "votes": member.spec.votes}
               for index, member in enumerate(deployment.nodes)]
    config = {"_id": deployment.profile.set_name, "version": 1, "term": TERM}
    if deployment.kind == "config":
        config["configsvr"] = True
    config.update({"protocolVersion": Int64(1), "writeConcernMajorityJournalDefault": True,
                   "members": members,
                   "settings": {"chainingAllowed": True, "heartbeatIntervalMillis": HEARTBEAT_INTERVAL_MILLIS,
                                "heartbeatTimeoutSecs": 10, "electionTimeoutMillis": ELECTION_TIMEOUT_MILLIS,
                                "catchUpTimeoutMillis": -1, "catchUpTakeoverDelayMillis": 30000,
                                "getLastErrorModes": {}, "getLastErrorDefaults": {"w": 1, "wtimeout": 0}}})
    return {"config": config, "ok": 1.0}


def repl_set_get_status(context):
    node = context.node
    if node.is_mongos:
        return {"info": "mongos", "ok": 0.0, "errmsg": _MONGOS_REPLY_TEXT}
    if not node.is_replica_set_member:
        raise CommandError(NO_REPLICATION_ENABLED, "not running with --replSet")
    return _replica_set_status(context)


STANDALONE_DEFAULT_RWC = 51300
SHARD_DEFAULT_RWC = 51301


def _implicit_write_concern(deployment):
    if implicit_default_write_concern_majority(deployment):
        return {"w": "majority", "wtimeout": 0}
    return {"w": 1, "wtimeout": 0}


def get_default_rw_concern(context):
    deployment, node = context.deployment, context.node
    name = "getDefaultRWConcern"
    if deployment.kind == "shard":
        raise CommandError(SHARD_DEFAULT_RWC, f"'{name}' is not supported on shard nodes.")
    if not node.is_mongos and not node.is_replica_set_member:
        raise CommandError(STANDALONE_DEFAULT_RWC, f"'{name}' is not supported on standalone nodes.")
    keeper = deployment.cluster.config if node.is_mongos and deployment.cluster else deployment
    stored = keeper.profile.default_rw_concern
    # Only the replication coordinator sets the implicit majority default
    # (ReplicationCoordinatorImpl::_setImplicitDefaultWriteConcern, read_write_concern_defaults.cpp
    # getDefault): mongos has none, and reports no defaultWriteConcern until setDefaultRWConcern.
    implicit = None if node.is_mongos else _implicit_write_concern(keeper)
    now = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
    reply = {}
    if versions.parse(node.version) < (5, 0, 0):
        reply.update({key: stored[key] for key in ("defaultReadConcern", "defaultWriteConcern")
                      if key in stored})
    else:
        reply["defaultReadConcern"] = stored.get("defaultReadConcern", {"level": "local"})
        if "defaultWriteConcern" in stored or implicit:
            reply["defaultWriteConcern"] = stored.get("defaultWriteConcern", implicit)
    if stored:
        reply["updateOpTime"] = Timestamp(int(now.timestamp()), 1)
        reply["updateWallClockTime"] = now
    if versions.parse(node.version) >= (5, 0, 0):
        reply["defaultWriteConcernSource"] = "global" if "defaultWriteConcern" in stored else "implicit"
        reply["defaultReadConcernSource"] = "global" if "defaultReadConcern" in stored else "implicit"
    reply["localUpdateWallClockTime"] = now
    reply["ok"] = 1.0
    return reply


def _authorize(context):
    """mongod: the replSetGetStatus action on the cluster; mongos: any authenticated user."""
    return context.node.is_mongos or context.deployment.roles.allows(
        context.roles(), rbac.CLUSTER, "replSetGetStatus")


COMMANDS = [
    Command("replSetGetStatus", repl_set_get_status, admin_only=True, authorize=_authorize),
    # adminOnly, the replSetGetConfig action on the cluster (clusterMonitor holds it); mongos has no
    # such command.
    Command("replSetGetConfig", repl_set_get_config, admin_only=True,
            authorize=lambda context: context.deployment.roles.allows(
                context.roles(), rbac.CLUSTER, "replSetGetConfig"),
            exists_on=lambda node: not node.is_mongos),
    # adminOnly, AllowedOnSecondary::kAlways; the getDefaultRWConcern action on the cluster.
    Command("getDefaultRWConcern", get_default_rw_concern, admin_only=True,
            authorize=lambda context: context.deployment.roles.allows(
                context.roles(), rbac.CLUSTER, "getDefaultRWConcern")),
]
