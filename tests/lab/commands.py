"""What every command handler shares: the command declaration, its context, and error replies."""

import uuid
from dataclasses import dataclass, field
from typing import Callable, Optional

import rbac
import versions

# Error code names from mongo's error_codes.yml; any other code is named Location<code>.
CODE_NAMES = {
    2: "BadValue",
    9: "FailedToParse",
    11: "UserNotFound",
    13: "Unauthorized",
    14: "TypeMismatch",
    17: "ProtocolError",
    18: "AuthenticationFailed",
    20: "IllegalOperation",
    22: "InvalidBSON",
    26: "NamespaceNotFound",
    43: "CursorNotFound",
    59: "CommandNotFound",
    72: "InvalidOptions",
    73: "InvalidNamespace",
    76: "NoReplicationEnabled",
    127: "ShardingStateNotInitialized",
    166: "CommandNotSupportedOnView",
    186: "ClientMetadataCannotBeMutated",
    323: "APIStrictError",
    334: "MechanismUnavailable",
    352: "UnsupportedOpQueryCommand",
    354: "LoadBalancerSupportMismatch",
    13435: "NotPrimaryNoSecondaryOk",
}
BAD_VALUE = 2
UNAUTHORIZED = 13
AUTHENTICATION_FAILED = 18

# Command::AllowedOnSecondary: whether a member that is not primary runs the command always, or only
# for a client that opted in with a $readPreference other than primary (command_can_run_here.cpp).
ALWAYS = "always"
OPT_IN = "optIn"

# Fields any command may carry that are not arguments of the command itself.
GENERIC_ARGUMENTS = {"lsid", "comment", "txnNumber", "autocommit", "startTransaction", "apiVersion",
                     "apiStrict", "apiDeprecationErrors", "maxTimeMS", "readConcern", "writeConcern"}


def code_name(code):
    return CODE_NAMES.get(code, f"Location{code}")


def error_reply(code, errmsg):
    return {"ok": 0.0, "errmsg": errmsg, "code": code, "codeName": code_name(code)}


class CommandError(Exception):
    """Answered with error_reply(code, errmsg)."""

    def __init__(self, code, errmsg):
        super().__init__(errmsg)
        self.code = code
        self.errmsg = errmsg


@dataclass
class Connection:
    """Per-connection state: transport facts and the authenticated user (at most one, as since 5.0)."""

    id: int
    tls: bool = False
    peer_subject: Optional[str] = None  # RFC 2253 subject of a verified client certificate
    user: object = None                # users.User
    sasl: object = None                # authentication.SaslSession in progress
    metadata_received: bool = False
    client_metadata: Optional[dict] = None  # the first hello's client document
    peer_address: str = ""              # host:port of the client
    operation: Optional[dict] = None    # the command running now, as $currentOp shows it
    operation_started: object = None    # datetime it started
    supports_hello: bool = False        # the client sent helloOk: true ("not primary" error texts)
    compressors: tuple = ()             # negotiated in hello, in the client's order
    reply_compressor: Optional[str] = None  # set by the first compressed request, then kept
    from_load_balancer: bool = False    # accepted on mongos's load balancer port (load_balancer.py)
    did_load_balanced_hello: bool = False  # its first hello carried loadBalanced: true
    close_after_reply: bool = False     # the reply was a CloseConnectionError: the connection ends


@dataclass
class CommandContext:
    deployment: object  # deployment.Deployment
    node: object        # deployment.NodeState
    connection: Connection
    db: str
    body: dict
    exhaust_allowed: bool = False  # the OP_MSG had the exhaustAllowed flag
    # Set by a handler that streams (ReplyBuilderInterface::setNextInvocation): the body of the next
    # run, whose reply follows this one unasked, with moreToCome.
    next_invocation: Optional[dict] = None

    @property
    def argument(self):
        """The value of the command's first field, e.g. 1 in {ping: 1}."""
        return next(iter(self.body.values()), None)

    def roles(self):
        """The user's roles; unauthenticated under the localhost exception, its pseudo-role."""
        if self.connection.user:
            return list(self.connection.user.roles)
        if self.deployment.localhost_exception(self.node):
            return [rbac.localhost_exception_role(self.node.role == "arbiter")]
        return []


@dataclass(frozen=True)
class Command:
    """A command the lab answers.

    authorize(context) -> bool decides for an authenticated user on an auth-enabled node; None means
    any authenticated user may run it. requires_auth=False commands run before authentication.
    on_secondary: ALWAYS, or OPT_IN as the server declares the command (secondaryAllowed()).
    in_api_version_1: the command is in Stable API Version 1, so it runs under apiStrict: true.
    exists_on(node) -> bool: whether this kind of node registers the command at all (mongos-only
    commands); None means every node does. Elsewhere it is 59 CommandNotFound, as an unknown name.
    """

    name: str
    handler: Callable[[CommandContext], dict]
    requires_auth: bool = True
    admin_only: bool = False
    authorize: Optional[Callable[[CommandContext], bool]] = None
    aliases: tuple = field(default=())
    on_secondary: str = ALWAYS
    in_api_version_1: bool = False  # Command::apiVersions() is kApiVersions1 (Stable API)
    exists_on: Optional[Callable[[object], bool]] = None


def shell_text(value):
    """A value as BSONObj::toString prints it in error messages, e.g. { getCmdLineOpts: 1, $db: "admin" }."""
    if isinstance(value, dict):
        if not value:
            return "{}"
        return "{ " + ", ".join(f"{key}: {shell_text(item)}" for key, item in value.items()) + " }"
    if isinstance(value, list):
        return "[ " + ", ".join(shell_text(item) for item in value) + " ]" if value else "[]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace('"', '\\"') + '"'
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, (bytes, bytearray)):
        return f"BinData(0, {bytes(value).hex().upper()})"
    if value is None:
        return "null"
    if isinstance(value, uuid.UUID):
        return f'UUID("{value}")'
    return str(value)


def check_authenticated(context, name):
    """Raises Unauthorized (13) if the node enforces authentication and the connection has no user."""
    if context.connection.user is None and context.deployment.requires_authentication(context.node) and \
            not context.deployment.localhost_exception(context.node):
        raise CommandError(UNAUTHORIZED, versions.requires_authentication_text(context.node.version, name))
