"""saslStart, saslContinue, authenticate (MONGODB-X509) and logout.

Replies follow shared/server-replies/saslStart-*.json, saslContinue-*.json, authenticate-x509.json
and error-authentication-failed.json. A failure never says why: "Authentication failed." (18).
"""

import base64
from dataclasses import dataclass

import hostile
import scram
from commands import AUTHENTICATION_FAILED, Command, CommandError
from profiles import EXTERNAL_DB

CONVERSATION_ID = 1  # the server always uses 1
PROTOCOL_ERROR = 17
USER_NOT_FOUND = 11
MECHANISM_UNAVAILABLE = 334
X509 = "MONGODB-X509"


def _failed():
    return CommandError(AUTHENTICATION_FAILED, "Authentication failed.")


def _unavailable(mechanism):
    return CommandError(MECHANISM_UNAVAILABLE,
                        f"Received authentication for mechanism {mechanism} which is unknown or not enabled")


@dataclass
class SaslSession:
    """A SCRAM conversation in progress on one connection."""

    db: str
    conversation: scram.ScramConversation
    skip_empty_exchange: bool
    payload_as_base64: bool
    awaiting_empty_exchange: bool = False


def _payload_bytes(value):
    """The payload as bytes, and whether the client sent it as a base64 string."""
    if isinstance(value, str):
        try:
            return base64.b64decode(value, validate=True), True
        except ValueError:
            raise CommandError(2, "payload is not valid base64") from None
    if isinstance(value, (bytes, bytearray)):
        return bytes(value), False
    raise CommandError(2, "saslStart and saslContinue need a payload")


def _sasl_reply(done, payload, as_base64):
    encoded = base64.b64encode(payload).decode() if as_base64 else payload
    return {"conversationId": CONVERSATION_ID, "done": done, "payload": encoded, "ok": 1.0}


def _log_in(context, user, mechanism):
    context.connection.user = user
    context.connection.sasl = None
    context.node.counters[("authenticate", mechanism, "successful")] += 1


def sasl_start(context):
    mechanism = context.body.get("mechanism")
    if mechanism not in context.deployment.enabled_mechanisms(context.node) or \
            mechanism not in (scram.SCRAM_SHA_1, scram.SCRAM_SHA_256, "PLAIN"):
        raise _unavailable(mechanism)
    context.node.counters[("authenticate", mechanism, "received")] += 1
    payload, as_base64 = _payload_bytes(context.body.get("payload"))
    context.connection.sasl = None
    if mechanism == "PLAIN":
        return _plain(context, payload, as_base64)

    def find_credential(name):
        user = context.deployment.find_user(context.node, context.db, name)
        if user is None or mechanism not in user.mechanisms:
            return None
        return user.credentials.get(mechanism)

    conversation = scram.ScramConversation(mechanism, find_credential)
    try:
        server_first = conversation.server_first(payload)
    except (scram.ScramFailure, UnicodeDecodeError):
        raise _failed() from None
    server_first = hostile.rewrite_server_first(server_first, context.node.spec.faults)
    options = context.body.get("options") or {}
    context.connection.sasl = SaslSession(context.db, conversation,
                                          options.get("skipEmptyExchange") is True, as_base64)
    return _sasl_reply(False, server_first, as_base64)


def _plain(context, payload, as_base64):
    try:
        name, password = scram.parse_plain(payload)
    except (scram.ScramFailure, UnicodeDecodeError):
        raise _failed() from None
    user = context.deployment.find_user(context.node, context.db, name)
    if user is None or "PLAIN" not in user.mechanisms or not user.verifies_plain(password):
        raise _failed()
    _log_in(context, user, "PLAIN")
    return _sasl_reply(True, b"", as_base64)


def sasl_continue(context):
    session = context.connection.sasl
    if session is None:
        raise CommandError(PROTOCOL_ERROR, "No SASL session state found")
    if context.body.get("conversationId") != CONVERSATION_ID:
        raise CommandError(PROTOCOL_ERROR, "sasl: Mismatched conversation id")
    payload, _ = _payload_bytes(context.body.get("payload"))
    user = context.deployment.find_user(context.node, session.db, session.conversation.username)
    if session.awaiting_empty_exchange:
        if payload:
            context.connection.sasl = None
            raise _failed()
        _log_in(context, user, session.conversation.mechanism)
        return _sasl_reply(True, b"", session.payload_as_base64)
    try:
        server_final = session.conversation.server_final(payload)
    except (scram.ScramFailure, UnicodeDecodeError):
        context.connection.sasl = None
        raise _failed() from None
    server_final = hostile.rewrite_server_final(server_final, context.node.spec.faults)
    if session.skip_empty_exchange:
        _log_in(context, user, session.conversation.mechanism)
        return _sasl_reply(True, server_final, session.payload_as_base64)
    session.awaiting_empty_exchange = True
    return _sasl_reply(False, server_final, session.payload_as_base64)


def authenticate(context):
    mechanism = context.body.get("mechanism")
    if mechanism != X509 or X509 not in context.deployment.enabled_mechanisms(context.node):
        raise _unavailable(mechanism)
    context.node.counters[("authenticate", X509, "received")] += 1
    if context.db != EXTERNAL_DB:
        raise CommandError(PROTOCOL_ERROR, "X.509 authentication must always use the $external database.")
    if not context.connection.tls:
        raise CommandError(PROTOCOL_ERROR, "SSL support is required for the MONGODB-X509 mechanism.")
    subject = context.connection.peer_subject
    claimed = context.body.get("user")
    if subject is None or (claimed is not None and claimed != subject):
        raise _failed()
    user = context.deployment.find_user(context.node, EXTERNAL_DB, subject)
    if user is None:
        raise CommandError(USER_NOT_FOUND, f'Could not find user "{subject}" for db "{EXTERNAL_DB}"')
    if X509 not in user.mechanisms:
        raise _failed()
    _log_in(context, user, X509)
    return {"dbname": EXTERNAL_DB, "user": subject, "ok": 1.0}


def logout(context):
    context.connection.user = None
    context.connection.sasl = None
    return {"ok": 1.0}


COMMANDS = [
    Command("saslStart", sasl_start, requires_auth=False, in_api_version_1=True),
    Command("saslContinue", sasl_continue, requires_auth=False, in_api_version_1=True),
    Command("authenticate", authenticate, requires_auth=False, in_api_version_1=True),
    Command("logout", logout, requires_auth=False),
]
