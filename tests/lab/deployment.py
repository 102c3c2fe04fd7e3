"""The running deployment's shared state: the profile, every node's address, counters and open
cursors, users, roles, databases and server parameters."""

import collections
import datetime
import itertools
import secrets

from bson import ObjectId

import rbac
import server_defaults
import versions
from cursors import Cursors
from databases import Databases
from users import UserDirectory

_SSL_MODE_NAMES = {"disabled": "disabled", "allowTLS": "allowSSL", "preferTLS": "preferSSL",
                   "requireTLS": "requireSSL"}


class NodeState:
    """One member: its place in the topology and its connection counters."""

    def __init__(self, index, spec, address):
        self.index = index
        self.spec = spec
        self.address = address
        self.process_id = ObjectId()
        self.started_at = datetime.datetime.now(datetime.timezone.utc)
        self._connection_ids = itertools.count(1)
        self.current_connections = 0
        self._open = {}  # connection id -> commands.Connection
        self.total_created = 0
        self.cursors = Cursors()
        self.counters = collections.Counter()  # what serverStatus counts (server_status.py)
        self.load_balancer_port = None  # mongos: the port the VIP's load balancer connects to
        self.service_id = ObjectId()    # mongos: hello's serviceId on that port (load_balancer.py)
        self.load_balanced_connections = 0

    @property
    def role(self):
        return self.spec.role

    @property
    def version(self):
        return self.spec.version

    @property
    def is_mongos(self):
        return self.role == "mongos"

    @property
    def is_down(self):
        """Down: the address is reserved but refuses connections; the other members still list it."""
        return "down" in self.spec.faults

    @property
    def answers_heartbeats(self):
        """What the other members see: a node with any fault fails their heartbeats."""
        return not self.spec.faults

    @property
    def is_replica_set_member(self):
        return self.role in ("primary", "secondary", "passive", "hidden", "arbiter")

    @property
    def is_primary(self):
        return self.role == "primary"

    def connection_opened(self):
        """Counts a new connection and returns its id."""
        self.current_connections += 1
        self.total_created += 1
        return next(self._connection_ids)

    def connection_closed(self, connection):
        self.current_connections -= 1
        self.load_balanced_connections -= connection.from_load_balancer
        self._open.pop(connection.id, None)

    def connection_serving(self, connection):
        """Registers an open connection (for $currentOp)."""
        self._open[connection.id] = connection
        self.load_balanced_connections += connection.from_load_balancer

    def open_connections(self):
        return list(self._open.values())


def _cluster_auth_mode(security):
    """The clusterAuthMode server parameter at startup (storeServerOptions,
    src/mongo/db/server_options_server_helpers.cpp): security.clusterAuthMode when given, else keyFile
    when a security.keyFile is, else "undefined"."""
    if security.get("clusterAuthMode"):
        return security["clusterAuthMode"]
    return "keyFile" if security.get("keyFile") else "undefined"


def new_cluster_time_key():
    """A $clusterTime signing key (admin.system.keys) as (key id, key): its id is the Timestamp of its
    creation as a 64-bit number (KeysCollectionManager), (seconds << 32) | increment."""
    now = int(datetime.datetime.now(datetime.timezone.utc).timestamp())
    return (now << 32) | 1, secrets.token_bytes(20)


class Deployment:
    """One profile's nodes; in a sharded cluster, one component (cluster.py)."""

    def __init__(self, profile, addresses, cluster=None, kind=None, users_from=None):
        """cluster, kind ("mongos", "config" or "shard"): the component's place in a sharded cluster.
        users_from: the deployment whose users and roles this one authenticates against (mongos: the
        config server set's)."""
        self.profile = profile
        self.cluster = cluster
        self.kind = kind
        self.nodes = [NodeState(i, spec, address)
                      for i, (spec, address) in enumerate(zip(profile.nodes, addresses))]
        if users_from is None:
            self.users = UserDirectory(profile.users, profile.parameters)
            self.roles = rbac.RoleCatalogue(profile.custom_roles)
        else:
            self.users, self.roles = users_from.users, users_from.roles
        live = cluster.catalog_collections() if kind in ("mongos", "config") else {}
        self.databases = Databases(profile, bool(self.users), live)
        self.cluster_time_key_id, self.cluster_time_key = (
            cluster.cluster_time_key if cluster is not None else new_cluster_time_key())

    def members_with_role(self, *roles):
        return [node.address for node in self.nodes if node.role in roles]

    def primary(self):
        return next((node.address for node in self.nodes if node.role == "primary"), None)

    def parameters(self, node):
        """getParameter values for node: server defaults, then the profile's values."""
        tls = self.profile.tls_for(node.spec)
        mode = tls.mode
        security = self.profile.cmd_line_opts.get("parsed", {}).get("security", {})
        enterprise = "enterprise" in self.profile.build_info.get("modules", [])
        # The defaults the checks assume (checks/data/server-defaults.json), then what the node's
        # settings make of them.
        values = server_defaults.parameters(node.version, enterprise)
        values.update({
            "clusterAuthMode": _cluster_auth_mode(security),
            "sslMode": _SSL_MODE_NAMES[mode],
            "tlsMode": mode,
        })
        if tls.ciphers:
            # The server's TLS 1.2 cipher list is this parameter: a profile's tls.ciphers is it.
            values["opensslCipherConfig"] = tls.ciphers
        if not node.is_mongos:
            values["featureCompatibilityVersion"] = {
                "version": versions.feature_compatibility_version(node.version)}
        if enterprise:
            # An Enterprise server parameter (Community has none): the live value, which starts as
            # security.redactClientLogData.
            values["redactClientLogData"] = security.get("redactClientLogData") is True
            # setParameter gives the Enterprise audit parameter as a string.
            configured = self.profile.cmd_line_opts.get("parsed", {}).get("setParameter", {})
            if "auditAuthorizationSuccess" in configured:
                values["auditAuthorizationSuccess"] = (
                    str(configured["auditAuthorizationSuccess"]).lower() in ("true", "1"))
        if node.load_balancer_port is not None:
            values["loadBalancerPort"] = node.load_balancer_port  # mongos_server_parameters.idl, an int
        values.update(self.profile.parameters)
        return dict(sorted(values.items()))

    def enabled_compressors(self, node):
        """net.compression.compressors as configured (a comma-separated string; 'disabled' for
        none), else the default of the node's version."""
        net = self.profile.cmd_line_opts.get("parsed", {}).get("net", {})
        configured = net.get("compression", {}).get("compressors")
        if configured is None:
            return server_defaults.compressors(node.version)
        return [name.strip() for name in configured.split(",") if name.strip() not in ("", "disabled")]

    def enabled_mechanisms(self, node):
        return self.parameters(node)["authenticationMechanisms"]

    def localhost_exception(self, node):
        """The localhost exception (AuthzSessionExternalState shouldAllowLocalhost): authorization is on,
        the client connects from localhost, the node has no user yet (an arbiter never has) and
        enableLocalhostAuthBypass is true. It grants only rbac.LOCALHOST_EXCEPTION_ROLE's privileges."""
        return (self.profile.auth_enabled and self.profile.clients_from_localhost and not self.has_users(node)
                and self.parameters(node)["enableLocalhostAuthBypass"] is True)

    def requires_authentication(self, node):
        return self.profile.auth_enabled

    def has_users(self, node):
        """Arbiters hold no data, so no users."""
        return node.role != "arbiter" and bool(self.users)

    def find_user(self, node, db, name):
        return self.users.find(db, name) if self.has_users(node) else None

    def all_users(self, node):
        return self.users.all() if self.has_users(node) else []
