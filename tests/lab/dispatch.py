"""Runs one received command: OP_QUERY rules, lookup, authorization, whether a member that is not
primary may run it, maxTimeMS, the handler, and the reply fields every replica-set member and
mongos adds."""

import datetime
import hashlib
import hmac
import struct
import inspect

from bson import Int64, Timestamp
from bson.binary import Binary

import aggregation
import authentication
import catalog
import cursors
import diagnostics
import hello
import replication
import server_status
import sharding
import users_and_roles
import versions
import wire
from commands import (BAD_VALUE, OPT_IN, UNAUTHORIZED, CommandContext, CommandError,
                      check_authenticated, error_reply, shell_text)

_TABLE = {}
for _module in (hello, authentication, diagnostics, catalog, aggregation, cursors, users_and_roles,
                replication, sharding):
    for _command in _module.COMMANDS:
        for _name in (_command.name, *_command.aliases):
            _TABLE[_name] = _command

# Commands OP_QUERY still runs on 5.1+ (check_allowed_op_query_cmd.cpp).
OP_QUERY_ALLOWED = {"hello", "isMaster", "ismaster", "_isSelf", "authenticate", "buildinfo",
                    "buildInfo", "saslStart", "saslContinue"}


class _LegacyQueryError(Exception):
    """An OP_QUERY outside <db>.$cmd: answered with the legacy $err document."""

    REPLY = {"$err": "OP_QUERY is no longer supported. The client driver may require an update.",
             "code": 5739101, "ok": 0.0}


def _check_op_query(context, request):
    if not request.namespace.endswith(".$cmd"):
        raise _LegacyQueryError()
    if request.number_to_return not in (1, -1):
        raise CommandError(16979, f"Bad numberToReturn ({request.number_to_return}) for $cmd type ns - "
                                  "can only be 1 or -1")
    name = request.command_name
    if versions.opquery_limited_to_handshake(context.node.version) and name not in OP_QUERY_ALLOWED:
        raise CommandError(352, f"Unsupported OP_QUERY command: {name}. The client driver may require an "
                                "upgrade. For more details see "
                                "https://dochub.mongodb.org/core/legacy-opcode-removal")


def _authorize(context, command):
    if not command.requires_auth:
        return
    check_authenticated(context, command.name)
    if not context.deployment.requires_authentication(context.node):
        return
    if command.admin_only and context.db != "admin":
        raise CommandError(UNAUTHORIZED, f"{command.name} may only be run against the admin database.")
    if command.authorize is not None and not command.authorize(context):
        raise CommandError(UNAUTHORIZED, f"not authorized on {context.db} to execute command "
                                         f"{shell_text(context.body)}")


API_STRICT_ERROR = 323
API_PARAMETERS_WITHOUT_VERSION = 4886600


def _check_api_strict(context, command):
    """Stable API (5.0+; service_entry_point_common.cpp, initializeAPIParameters, before authorization):
    apiStrict needs apiVersion, and apiStrict: true refuses a command outside API Version 1."""
    if not versions.has_stable_api(context.node.version) or "apiStrict" not in context.body:
        return
    if "apiVersion" not in context.body:
        raise CommandError(API_PARAMETERS_WITHOUT_VERSION, "Provided apiStrict without passing apiVersion")
    if context.body["apiStrict"] is True and not command.in_api_version_1:
        raise CommandError(API_STRICT_ERROR,
                           f"Provided apiStrict:true, but the command {command.name} is not in API Version 1. "
                           "Information on supported commands and migrations in API Version 1 can be found "
                           "at https://dochub.mongodb.org/core/manual-versioned-api")


NOT_PRIMARY_NO_SECONDARY_OK = 13435
MAX_TIME_MS_LIMIT = 2 ** 31 - 1  # INT_MAX (max_time_ms_parser.cpp)


def _check_secondary_ok(context, command):
    """On a member that is not primary, an opt-in command runs only on the local database or with a
    $readPreference other than primary (command_can_run_here.cpp); the text depends on whether the
    client sent helloOk (service_entry_point_common.cpp)."""
    node = context.node
    if command.on_secondary != OPT_IN or not node.is_replica_set_member or node.is_primary:
        return
    read_preference = context.body.get("$readPreference")
    mode = read_preference.get("mode") if isinstance(read_preference, dict) else "primary"
    if context.db == "local" or mode != "primary":
        return
    raise CommandError(NOT_PRIMARY_NO_SECONDARY_OK,
                       "not primary and secondaryOk=false" if context.connection.supports_hello
                       else "not master and slaveOk=false")


def _check_max_time_ms(body):
    """maxTimeMS, when given, is a whole number of milliseconds in [0, INT_MAX]; the lab answers at
    once, so it never expires."""
    if "maxTimeMS" not in body:
        return
    value = body["maxTimeMS"]
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        raise CommandError(BAD_VALUE, "maxTimeMS must be a number")
    whole = int(value)  # safeNumberLong truncates
    if not 0 <= whole <= MAX_TIME_MS_LIMIT:
        raise CommandError(BAD_VALUE, f"{whole} value for maxTimeMS is out of range [0, {MAX_TIME_MS_LIMIT}]")
    if value != whole:
        raise CommandError(BAD_VALUE, "maxTimeMS has non-integral value")


def _cluster_time_signature(deployment, cluster_time):
    """With authentication (keyFile or x509 between members) the signature is an HMAC-SHA1 of the
    cluster time under the deployment's key, with that key's id; without, 20 zero bytes and keyId 0
    (shared/server-replies/hello-rs-primary-7.0.json; logical_time_validator.cpp, signLogicalTime)."""
    if not deployment.profile.auth_enabled:
        return {"hash": Binary(bytes(20), 0), "keyId": Int64(0)}
    signed = struct.pack("<Q", (cluster_time.time << 32) | cluster_time.inc)
    return {"hash": Binary(hmac.new(deployment.cluster_time_key, signed, hashlib.sha1).digest(), 0),
            "keyId": Int64(deployment.cluster_time_key_id)}


def _with_cluster_time(deployment, node, reply):
    """Replica-set members (not arbiters) and mongos gossip $clusterTime and operationTime."""
    if node.role in ("standalone", "arbiter") or "$err" in reply:
        return reply
    now = Timestamp(int(datetime.datetime.now(datetime.timezone.utc).timestamp()), 1)
    reply["$clusterTime"] = {"clusterTime": now, "signature": _cluster_time_signature(deployment, now)}
    reply["operationTime"] = now
    return reply


async def run(deployment, node, connection, request):
    """(reply document, next invocation): the second is the body to run again for an exhaust stream
    (hello), None otherwise. As service_entry_point_common.cpp does, a failed command ends the stream."""
    context = CommandContext(deployment, node, connection, request.db, request.body,
                             exhaust_allowed=request.exhaust_allowed)
    try:
        if request.opcode == wire.OP_QUERY:
            _check_op_query(context, request)
        command = _TABLE.get(request.command_name)
        if command is None or (command.exists_on is not None and not command.exists_on(node)):
            raise CommandError(59, f"no such command: '{request.command_name}'")
        server_status.count_command(node, command.name)
        _check_api_strict(context, command)
        _authorize(context, command)
        _check_secondary_ok(context, command)
        _check_max_time_ms(context.body)
        connection.operation = {request.command_name: request.body[request.command_name], "$db": request.db}
        connection.operation_started = datetime.datetime.now(datetime.timezone.utc)
        try:
            reply = command.handler(context)
            if inspect.isawaitable(reply):
                reply = await reply
        finally:
            connection.operation = None
    except CommandError as error:
        reply = error_reply(error.code, error.errmsg)
    except _LegacyQueryError:
        reply = dict(_LegacyQueryError.REPLY)
    next_invocation = context.next_invocation if reply.get("ok") == 1.0 else None
    return _with_cluster_time(deployment, node, reply), next_invocation
