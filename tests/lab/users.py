"""The deployment's users: SCRAM credentials derived once at startup from the profile's passwords.

After construction no password is kept: SCRAM checks proofs against StoredKey/ServerKey and PLAIN
re-derives a key with the stored salt.
"""

import uuid
from dataclasses import dataclass

from bson.binary import Binary, UUID_SUBTYPE

import scram
from profiles import EXTERNAL_DB

DEFAULT_ITERATIONS = {scram.SCRAM_SHA_1: 10000, scram.SCRAM_SHA_256: 15000}
ITERATION_PARAMETERS = {scram.SCRAM_SHA_1: "scramIterationCount",
                        scram.SCRAM_SHA_256: "scramSHA256IterationCount"}
_PLAIN_VERIFIER = scram.SCRAM_SHA_256  # the key PLAIN is checked against when there is no SCRAM one
_USER_ID_NAMESPACE = uuid.UUID("9b1d3c2e-6f4a-4c1e-9a51-6d0c2b7e8f10")


@dataclass(frozen=True)
class User:
    name: str
    db: str
    mechanisms: tuple  # what the profile grants: SCRAM-SHA-1, SCRAM-SHA-256, MONGODB-X509, PLAIN
    roles: tuple
    credentials: dict  # SCRAM mechanism -> scram.ScramCredential
    authentication_restrictions: tuple = ()  # createUser's authenticationRestrictions documents

    @property
    def full_name(self):
        return f"{self.name}@{self.db}"

    @property
    def user_id(self):
        """A stable UUID per user, BinData subtype 4 as MongoDB stores userId."""
        return Binary(uuid.uuid5(_USER_ID_NAMESPACE, f"{self.db}.{self.name}").bytes, UUID_SUBTYPE)

    @property
    def stored_mechanisms(self):
        """What usersInfo reports: the credential keys; 'external' for $external users."""
        return ["external"] if self.db == EXTERNAL_DB else sorted(self.credentials)

    def verifies_plain(self, password):
        credential = self.credentials.get(_PLAIN_VERIFIER) or next(iter(self.credentials.values()), None)
        return credential is not None and credential.verifies(self.name, password)


class UserDirectory:
    def __init__(self, user_specs, parameters):
        self._users = {}
        for spec in user_specs:
            self._users[(spec.db, spec.user)] = User(
                spec.user, spec.db, spec.mechanisms, spec.roles, self._credentials(spec, parameters),
                spec.authentication_restrictions)

    @staticmethod
    def _credentials(spec, parameters):
        wanted = [m for m in spec.mechanisms if m in DEFAULT_ITERATIONS]
        if "PLAIN" in spec.mechanisms and not wanted:
            wanted = [_PLAIN_VERIFIER]
        credentials = {}
        for mechanism in wanted:
            iterations = spec.iteration_counts.get(
                mechanism, parameters.get(ITERATION_PARAMETERS[mechanism], DEFAULT_ITERATIONS[mechanism]))
            credentials[mechanism] = scram.ScramCredential.derive(mechanism, spec.user, spec.password,
                                                                  iterations)
        return credentials

    def find(self, db, name):
        return self._users.get((db, name))

    def all(self):
        """Every user, sorted by user name then db, as usersInfo lists them."""
        return sorted(self._users.values(), key=lambda u: (u.name, u.db))

    def __bool__(self):
        return bool(self._users)
