"""The $currentOp aggregation stage (document_source_current_op.cpp): only as the first stage of a
collection-less `aggregate: 1` on admin. An operation in progress is a command a connection is
running (dispatch.py records it; an awaitable hello is one while it waits); it shows the command's
first field and $db only, never its other arguments. The asking user's own operations are listed;
everyone's with allUsers, which needs the inprog action; idle connections with idleConnections."""

import datetime

from bson import Int64

import rbac
from commands import CommandError, shell_text

INVALID_NAMESPACE = 73
_OPTIONS = {"allUsers", "idleConnections", "truncateOps", "localOps", "backtrace", "idleSessions",
            "idleCursors", "targetAllNodes"}


def check_spec(db, spec):
    """As DocumentSourceCurrentOp::createFromBson: admin only, an object of known boolean options."""
    if db != "admin":
        raise CommandError(INVALID_NAMESPACE,
                           "$currentOp must be run against the 'admin' database with {aggregate: 1}")
    if not isinstance(spec, dict):
        raise CommandError(28667, f"$currentOp options must be specified in an object, but found: "
                                  f"{shell_text(spec)}")
    for name in spec:
        if name not in _OPTIONS:
            raise CommandError(40415, f"BSON field '$currentOp.{name}' is an unknown field.")


def authorized(context, spec):
    """allUsers: true needs inprog on the cluster; one's own operations need nothing more than being
    authenticated (DocumentSourceCurrentOp::LiteParsed::requiredPrivileges)."""
    if spec.get("allUsers") is not True or not context.deployment.requires_authentication(context.node):
        return True
    return context.deployment.roles.allows(context.roles(), rbac.CLUSTER, "inprog")


def _operation(context, connection, now):
    running = now - connection.operation_started
    document = {"type": "op", "host": context.node.address, "desc": f"conn{connection.id}",
                "connectionId": connection.id, "client": connection.peer_address}
    metadata = connection.client_metadata or {}
    if isinstance(metadata.get("application"), dict) and "name" in metadata["application"]:
        document["appName"] = metadata["application"]["name"]
    if metadata:
        document["clientMetadata"] = metadata
    if connection.user is not None:
        document["effectiveUsers"] = [{"user": connection.user.name, "db": connection.user.db}]
    document.update({"active": True, "currentOpTime": now.isoformat(timespec="milliseconds"),
                     "opid": connection.id, "secs_running": Int64(int(running.total_seconds())),
                     "microsecs_running": Int64(int(running.total_seconds() * 1_000_000)),
                     "op": "command", "ns": f"{connection.operation['$db']}.$cmd", "redacted": False,
                     "command": connection.operation, "numYields": 0, "locks": {},
                     "waitingForLock": False, "lockStats": {}, "waitingForFlowControl": False,
                     "flowControlStats": {}})
    return document


def _idle(context, connection):
    return {"type": "idleConnection", "host": context.node.address, "desc": f"conn{connection.id}",
            "connectionId": connection.id, "client": connection.peer_address, "active": False}


def operations(context, spec):
    """The documents $currentOp produces on this node."""
    now = datetime.datetime.now(datetime.timezone.utc)
    mine = context.connection
    documents = []
    for connection in context.node.open_connections():
        if spec.get("allUsers") is not True and connection is not mine and \
                (connection.user is None or connection.user is not mine.user):
            continue
        if connection.operation is not None:
            documents.append(_operation(context, connection, now))
        elif spec.get("idleConnections") is True:
            documents.append(_idle(context, connection))
    return documents
