"""Server side of SCRAM-SHA-1 and SCRAM-SHA-256 (RFC 5802, RFC 7677) as MongoDB runs them, plus
SASLprep (RFC 4013) and the PLAIN check.

MongoDB specifics (shared/spec-tests/README.md): SCRAM-SHA-1 hashes HEX(MD5(user:mongo:password)) and
does not SASLprep; SCRAM-SHA-256 SASLpreps the password only. Only credentials derived at startup are
kept, never the password.
"""

import base64
import hashlib
import hmac
import secrets
import stringprep
import unicodedata
from dataclasses import dataclass

SCRAM_SHA_1 = "SCRAM-SHA-1"
SCRAM_SHA_256 = "SCRAM-SHA-256"
MIN_ITERATION_COUNT = 4096

# Digest name and salt length per mechanism (MongoDB stores 16-byte SHA-1 and 28-byte SHA-256 salts).
_HASHES = {SCRAM_SHA_1: ("sha1", 16), SCRAM_SHA_256: ("sha256", 28)}
_SERVER_NONCE_BYTES = 24


class ScramFailure(Exception):
    """The exchange failed; the client is told only "Authentication failed."."""


class SaslPrepError(ValueError):
    """The string contains code points that SASLprep prohibits."""


def saslprep(text):
    """SASLprep of a stored string (RFC 4013): map, NFKC, prohibit, bidi check, no unassigned."""
    mapped = "".join(
        " " if stringprep.in_table_c12(c) else c for c in text if not stringprep.in_table_b1(c))
    normalized = unicodedata.normalize("NFKC", mapped)
    prohibited = (
        stringprep.in_table_a1, stringprep.in_table_c12, stringprep.in_table_c21,
        stringprep.in_table_c22, stringprep.in_table_c3, stringprep.in_table_c4,
        stringprep.in_table_c5, stringprep.in_table_c6, stringprep.in_table_c7,
        stringprep.in_table_c8, stringprep.in_table_c9)
    for position, c in enumerate(normalized):
        if any(test(c) for test in prohibited):
            raise SaslPrepError(f"SASLprep: prohibited code point U+{ord(c):04X} at {position}")
    if any(stringprep.in_table_d1(c) for c in normalized):
        if any(stringprep.in_table_d2(c) for c in normalized):
            raise SaslPrepError("SASLprep: mixed right-to-left and left-to-right text")
        if not (stringprep.in_table_d1(normalized[0]) and stringprep.in_table_d1(normalized[-1])):
            raise SaslPrepError("SASLprep: right-to-left text must start and end with such a character")
    return normalized


def _hmac(key, message, digest):
    return hmac.new(key, message, digest).digest()


def _password_input(mechanism, username, password):
    if mechanism == SCRAM_SHA_1:
        return hashlib.md5(f"{username}:mongo:{password}".encode()).hexdigest().encode()
    return saslprep(password).encode()


@dataclass(frozen=True)
class ScramCredential:
    mechanism: str
    iterations: int
    salt: bytes
    stored_key: bytes
    server_key: bytes

    @classmethod
    def derive(cls, mechanism, username, password, iterations, salt=None):
        """The credential a server stores for this password: salted, iterated, keys only."""
        digest, salt_length = _HASHES[mechanism]
        salt = salt if salt is not None else secrets.token_bytes(salt_length)
        salted = hashlib.pbkdf2_hmac(digest, _password_input(mechanism, username, password), salt,
                                     iterations)
        client_key = _hmac(salted, b"Client Key", digest)
        return cls(mechanism, iterations, salt, hashlib.new(digest, client_key).digest(),
                   _hmac(salted, b"Server Key", digest))

    def verifies(self, username, password):
        """True if password yields this credential (used by PLAIN)."""
        try:
            again = ScramCredential.derive(self.mechanism, username, password, self.iterations, self.salt)
        except SaslPrepError:
            return False
        return hmac.compare_digest(again.stored_key, self.stored_key)


def _parse_attributes(message):
    attributes = {}
    for part in message.split(","):
        if len(part) < 2 or part[1] != "=":
            raise ScramFailure(f"malformed SCRAM attribute {part[:1]!r}")
        attributes.setdefault(part[0], part[2:])
    return attributes


def _decode_username(value):
    if "=" in value.replace("=2C", "").replace("=3D", ""):
        raise ScramFailure("malformed SCRAM user name")
    return value.replace("=2C", ",").replace("=3D", "=")


class ScramConversation:
    """One SCRAM exchange: client-first -> server-first, client-final -> server-final.

    find_credential(username) returns the user's ScramCredential for this mechanism, or None.
    """

    def __init__(self, mechanism, find_credential, server_nonce=None):
        self.mechanism = mechanism
        self._digest = _HASHES[mechanism][0]
        self._find_credential = find_credential
        self._server_nonce = server_nonce or base64.b64encode(
            secrets.token_bytes(_SERVER_NONCE_BYTES)).decode()
        self.username = None
        self._credential = None
        self._gs2_header = None
        self._client_first_bare = None
        self._server_first = None

    def server_first(self, client_first):
        """Answers the client-first message; raises ScramFailure for a bad message or unknown user."""
        text = client_first.decode("utf-8")
        if not (text.startswith("n,") or text.startswith("y,")):
            raise ScramFailure("channel binding is not supported")
        header_end = text.find(",", 2)
        if header_end < 0:
            raise ScramFailure("malformed gs2 header")
        self._gs2_header = text[:header_end + 1]
        self._client_first_bare = text[header_end + 1:]
        attributes = _parse_attributes(self._client_first_bare)
        if "n" not in attributes or "r" not in attributes:
            raise ScramFailure("client-first message lacks n= or r=")
        self.username = _decode_username(attributes["n"])
        self._credential = self._find_credential(self.username)
        if self._credential is None:
            raise ScramFailure("unknown user or no credential for this mechanism")
        nonce = attributes["r"] + self._server_nonce
        salt = base64.b64encode(self._credential.salt).decode()
        self._server_first = f"r={nonce},s={salt},i={self._credential.iterations}"
        return self._server_first.encode()

    def server_final(self, client_final):
        """Checks the client proof; returns the server-final message (v=...)."""
        if self._server_first is None:
            raise ScramFailure("client-final before client-first")
        text = client_final.decode("utf-8")
        proof_at = text.rfind(",p=")
        if proof_at < 0:
            raise ScramFailure("client-final message lacks p=")
        without_proof = text[:proof_at]
        attributes = _parse_attributes(without_proof)
        expected_binding = base64.b64encode(self._gs2_header.encode()).decode()
        if attributes.get("c") != expected_binding:
            raise ScramFailure("channel binding does not match")
        if attributes.get("r") != self._server_first.split(",", 1)[0][2:]:
            raise ScramFailure("nonce does not match")
        auth_message = f"{self._client_first_bare},{self._server_first},{without_proof}".encode()
        try:
            proof = base64.b64decode(text[proof_at + 3:], validate=True)
        except ValueError:
            raise ScramFailure("malformed proof") from None
        client_signature = _hmac(self._credential.stored_key, auth_message, self._digest)
        if len(proof) != len(client_signature):
            raise ScramFailure("malformed proof")
        client_key = bytes(a ^ b for a, b in zip(proof, client_signature))
        if not hmac.compare_digest(hashlib.new(self._digest, client_key).digest(),
                                   self._credential.stored_key):
            raise ScramFailure("wrong proof")
        server_signature = _hmac(self._credential.server_key, auth_message, self._digest)
        return b"v=" + base64.b64encode(server_signature)


def parse_plain(payload):
    """Returns (username, password) from a PLAIN payload "[authzid]\\0user\\0password"."""
    parts = payload.decode("utf-8").split("\x00")
    if len(parts) != 3 or not parts[1]:
        raise ScramFailure("malformed PLAIN payload")
    return parts[1], parts[2]
