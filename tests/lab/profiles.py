"""Lab profiles: fixtures/lab/<name>.json loaded, checked and given defaults (schema: README.md).

Profiles are Extended JSON v2 read by bson.json_util: a plain integer becomes int32 (Long if it does
not fit), a plain decimal a double, {"$numberLong": "..."} a Long. Passwords are test fixtures; they are
kept out of repr() and never printed.
"""

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path

from bson import json_util

import generator
import hostile
import server_defaults
import tls
import versions

REPO_ROOT = Path(__file__).resolve().parents[2]
PROFILE_DIR = REPO_ROOT / "fixtures" / "lab"

TOPOLOGY_ROLES = {
    "standalone": {"standalone"},
    "replica_set": {"primary", "secondary", "passive", "hidden", "arbiter"},
    "sharded": {"mongos"},
}
SHARDED_CLUSTER = "sharded_cluster"
# A sharded_cluster profile's own keys; each component is written in the keys of _TOP_LEVEL_KEYS.
_CLUSTER_KEYS = {"description", "topology", "mongos", "configServers", "shards", "vip", "staleMongos"}
_COMPONENT_EXCLUDED_KEYS = {"description", "topology", "httpInterface"}
_STALE_MONGOS_KEYS = {"host", "mongoVersion", "pingSecondsAgo", "upSeconds"}
TLS_MODES = ("disabled", "allowTLS", "preferTLS", "requireTLS")
FAULTS = ("down", "drop_connections", "no_reply") + hostile.FAULTS
AUTH_MECHANISMS = ("SCRAM-SHA-1", "SCRAM-SHA-256", "MONGODB-X509", "PLAIN")
EXTERNAL_DB = "$external"
_COLLECTION_KEYS = {"name", "type", "options", "documents", "generate"}
_FAMILY_KEYS = {"prefix", "count", "digits"}
_TOP_LEVEL_KEYS = {
    "description", "topology", "setName", "nodes", "tls", "users", "customRoles", "cmdLineOpts",
    "parameters", "buildInfo", "startupWarnings", "databases", "serverStatus", "httpInterface",
    "clientsFromLocalhost", "defaultRWConcern",
}


class ProfileError(ValueError):
    """The profile file is missing or does not follow the schema."""


@dataclass(frozen=True)
class NodeSpec:
    role: str
    version: str
    port: int = 0
    faults: tuple = ()
    tags: dict = field(default_factory=dict)
    tls: dict = field(default_factory=dict)  # keys of TlsSpec merged over the component's tls block
    votes: int = 1                 # replica-set members: 0 or 1 (members[n].votes)
    secondary_delay_secs: int = 0  # a delayed member (members[n].secondaryDelaySecs)


@dataclass(frozen=True)
class TlsSpec:
    mode: str = "disabled"
    certificate: str = "valid"
    min_version: str = None  # None: the server version's default (server_defaults.tls_min_version)
    max_version: str = None
    client_certificates: str = "none"
    ciphers: str = None  # OpenSSL cipher list for TLS 1.2 and below; None: DEFAULT


@dataclass(frozen=True)
class UserSpec:
    user: str
    db: str
    mechanisms: tuple
    roles: tuple
    password: str = field(default=None, repr=False)
    iteration_counts: dict = field(default_factory=dict)
    # [{clientSource?, serverAddress?}] as createUser's authenticationRestrictions
    authentication_restrictions: tuple = ()

    @property
    def full_name(self):
        return f"{self.user}@{self.db}"


@dataclass(frozen=True)
class Profile:
    name: str
    description: str
    topology: str
    set_name: str
    nodes: tuple
    tls: TlsSpec
    users: tuple
    custom_roles: tuple
    cmd_line_opts: dict
    parameters: dict
    build_info: dict
    startup_warnings: tuple
    databases: tuple
    server_status: dict
    http_interface: bool = False
    # What setDefaultRWConcern stored ({defaultWriteConcern, defaultReadConcern}); empty: never run,
    # so getDefaultRWConcern answers the implicit defaults (replication.py).
    default_rw_concern: dict = field(default_factory=dict)
    # Whether the nodes see the lab's clients as connecting from localhost (they do connect from
    # 127.0.0.1), which the localhost exception needs; false models a client on another host.
    clients_from_localhost: bool = True

    def tls_for(self, node):
        """The node's TLS settings: the profile's tls block with the node's own tls keys over it."""
        return dataclasses.replace(self.tls, **node.tls) if node.tls else self.tls

    @property
    def uses_tls(self):
        return any(self.tls_for(node).mode != "disabled" for node in self.nodes)

    @property
    def auth_enabled(self):
        """mongod's own rule: authorization is on with security.authorization or a keyFile."""
        security = self.cmd_line_opts.get("parsed", {}).get("security", {})
        return security.get("authorization") == "enabled" or "keyFile" in security


@dataclass(frozen=True)
class Component:
    """One part of a sharded cluster, itself a profile: name is "mongos", the config server set's name
    or the shard's _id; kind is "mongos", "config" or "shard"."""
    name: str
    kind: str
    profile: Profile


@dataclass(frozen=True)
class StaleMongos:
    """A mongos that once registered in config.mongos and no longer runs (never listening)."""
    host: str
    mongo_version: str
    ping_seconds_ago: int
    up_seconds: int = 86400


@dataclass(frozen=True)
class ClusterProfile:
    """topology sharded_cluster: the mongos, the config server set and the shards, in that order."""
    name: str
    description: str
    components: tuple
    vip: bool = False
    vip_load_balanced: bool = False  # the VIP forwards to the mongos's load balancer ports
    stale_mongos: tuple = ()
    topology: str = SHARDED_CLUSTER

    def component(self, kind):
        return next(c for c in self.components if c.kind == kind)

    @property
    def uses_tls(self):
        return any(c.profile.uses_tls for c in self.components)


def resolve(name_or_path):
    """A profile name (fixtures/lab/NAME.json) or a path to a profile file."""
    if name_or_path.endswith(".json") or "/" in name_or_path:
        return Path(name_or_path)
    return PROFILE_DIR / f"{name_or_path}.json"


def load(name_or_path):
    path = resolve(name_or_path)
    try:
        return _build(path.stem, _read(path))
    except ProfileError as error:
        raise ProfileError(f"{path}: {error}") from None


def _read(path, extended=()):
    """The profile's JSON with "extends" applied: the named profile, then this file merged in."""
    try:
        raw = json_util.loads(path.read_text())
    except (OSError, ValueError) as error:
        raise ProfileError(f"{path}: {error}") from None
    base = raw.pop("extends", None) if isinstance(raw, dict) else None
    if base is None:
        return raw
    _require(base not in extended, f"profiles extend each other in a loop: {base}")
    return _merged(_read(resolve(base), extended + (base,)), raw)


def _merged(base, override):
    """Objects merge key by key; a null removes the key; anything else replaces the base value."""
    if not (isinstance(base, dict) and isinstance(override, dict)):
        return override
    merged = dict(base)
    for key, value in override.items():
        if value is None:
            merged.pop(key, None)
        else:
            merged[key] = _merged(base.get(key), value)
    return merged


def _require(condition, message):
    if not condition:
        raise ProfileError(message)


def _build(name, raw):
    _require(isinstance(raw, dict), "a profile is a JSON object")
    if raw.get("topology") == SHARDED_CLUSTER:
        return _cluster(name, raw)
    unknown = set(raw) - _TOP_LEVEL_KEYS
    _require(not unknown, f"unknown keys {sorted(unknown)}")
    topology = raw.get("topology", "standalone")
    _require(topology in TOPOLOGY_ROLES, f"topology must be one of {sorted(TOPOLOGY_ROLES)}")
    nodes = tuple(_node(n, topology) for n in raw.get("nodes", []))
    _require(nodes, "nodes must list at least one node")
    _require(topology != "standalone" or len(nodes) == 1, "a standalone has exactly one node")
    _require(sum(n.role == "primary" for n in nodes) <= 1, "a replica set has at most one primary")
    _require(topology != "replica_set" or raw.get("setName"), "a replica set needs setName")
    _require(not raw.get("httpInterface") or all(versions.parse(n.version) < (3, 6, 0) for n in nodes),
             "httpInterface exists only on servers before 3.6")
    _require(not {"version", "versionArray"} & set(raw.get("buildInfo", {})),
             "buildInfo takes its version from each node's version")
    for node in nodes:
        if node.tls:
            _tls(dict(raw.get("tls", {}), **node.tls), node.version)
    custom_roles = tuple(raw.get("customRoles", []))
    for role in custom_roles:
        _require({"role", "db"} <= set(role), "each custom role needs role and db")
    return Profile(
        name=name,
        description=raw.get("description", ""),
        topology=topology,
        set_name=raw.get("setName"),
        nodes=nodes,
        tls=_tls(raw.get("tls", {}), min((n.version for n in nodes), key=versions.parse)),
        users=tuple(_user(u) for u in raw.get("users", [])),
        custom_roles=custom_roles,
        cmd_line_opts=raw.get("cmdLineOpts", {"argv": ["mongod"], "parsed": {}}),
        parameters=raw.get("parameters", {}),
        build_info=raw.get("buildInfo", {}),
        startup_warnings=tuple(raw.get("startupWarnings", [])),
        databases=tuple(_database(db) for db in raw.get("databases", [])),
        server_status=raw.get("serverStatus", {}),
        http_interface=raw.get("httpInterface", False),
        clients_from_localhost=raw.get("clientsFromLocalhost", True),
        default_rw_concern=raw.get("defaultRWConcern", {}),
    )


def _cluster(name, raw):
    """A sharded_cluster: each component is checked as a profile of its own (mongos: topology sharded;
    config servers and shards: replica_set)."""
    unknown = set(raw) - _CLUSTER_KEYS
    _require(not unknown, f"unknown keys {sorted(unknown)}")
    for key in ("mongos", "configServers", "shards"):
        _require(key in raw, f"a sharded_cluster needs {key}")
    _require(isinstance(raw["shards"], list) and raw["shards"], "shards lists at least one shard")
    config = _component_raw(raw["configServers"], "configServers")
    components = [Component("mongos", "mongos", _build(f"{name}/mongos", dict(
                      _component_raw(raw["mongos"], "mongos"), topology="sharded"))),
                  Component(config.get("setName"), "config", _build(f"{name}/config", dict(
                      config, topology="replica_set")))]
    for shard in raw["shards"]:
        shard = _component_raw(shard, "shards[]")
        shard_id = shard.pop("_id", None)
        _require(isinstance(shard_id, str), "each shard needs an _id")
        components.append(Component(shard_id, "shard", _build(f"{name}/{shard_id}", dict(
            shard, topology="replica_set"))))
    names = [c.name for c in components]
    _require(len(set(names)) == len(names), f"component names repeat: {names}")
    _require(not components[0].profile.users,
             "mongos has no users of its own: users created through mongos live on the config servers")
    stale = raw.get("staleMongos", [])
    for entry in stale:
        _require(isinstance(entry, dict) and {"host", "mongoVersion", "pingSecondsAgo"} <= set(entry)
                 and set(entry) <= _STALE_MONGOS_KEYS,
                 "each staleMongos entry is {host, mongoVersion, pingSecondsAgo, upSeconds?}")
    vip = raw.get("vip", False)
    _require(isinstance(vip, bool) or (isinstance(vip, dict) and set(vip) == {"loadBalanced"}
                                       and isinstance(vip["loadBalanced"], bool)),
             'vip is true, false or {"loadBalanced": true|false}')
    load_balanced = isinstance(vip, dict) and vip["loadBalanced"]
    _require(not load_balanced or all(versions.has_load_balancer_port(n.version)
                                      for n in components[0].profile.nodes),
             "a load-balanced VIP needs mongos 5.0 or later (loadBalancerPort)")
    return ClusterProfile(
        name=name, description=raw.get("description", ""), components=tuple(components),
        vip=vip is True or isinstance(vip, dict), vip_load_balanced=load_balanced,
        stale_mongos=tuple(StaleMongos(e["host"], e["mongoVersion"], e["pingSecondsAgo"],
                                       e.get("upSeconds", 86400)) for e in stale))


def _component_raw(raw, where):
    _require(isinstance(raw, dict), f"{where} is a JSON object")
    excluded = set(raw) & _COMPONENT_EXCLUDED_KEYS
    _require(not excluded, f"{where}: {sorted(excluded)} belong to the cluster, not a component")
    return dict(raw)


def _node(raw, topology):
    _require(raw.get("role") in TOPOLOGY_ROLES[topology],
             f"node role {raw.get('role')!r} does not fit topology {topology}")
    _require(isinstance(raw.get("version"), str), "each node needs a version string")
    faults = tuple(raw.get("faults", []))
    _require(set(faults) <= set(FAULTS), f"faults must be among {FAULTS}")
    _require(not (raw["role"] == "primary" and "down" in faults),
             "a primary cannot be down: a real set would elect another primary")
    node_tls = raw.get("tls", {})
    _require(isinstance(node_tls, dict) and set(node_tls) <= set(TlsSpec.__dataclass_fields__),
             "a node's tls holds keys of the tls block")
    votes, delay = raw.get("votes", 1), raw.get("secondaryDelaySecs", 0)
    # The server's own rules (repl_set_config.cpp, member_config.cpp): votes is 0 or 1, an arbiter
    # votes, and a non-voting or delayed member has priority 0 (a passive or hidden member here).
    _require(votes in (0, 1), "votes is 0 or 1")
    _require(isinstance(delay, int) and delay >= 0, "secondaryDelaySecs is a whole number of seconds")
    _require((votes == 1 and delay == 0) or raw["role"] in ("passive", "hidden"),
             "a non-voting or delayed member has priority 0: role passive or hidden")
    return NodeSpec(raw["role"], raw["version"], raw.get("port", 0), faults, raw.get("tags", {}), node_tls,
                    votes, delay)


def _database(raw):
    """The database with every collectionFamily entry expanded into its collections."""
    _require(isinstance(raw, dict) and isinstance(raw.get("name"), str), "each database needs a name")
    collections = []
    for entry in raw.get("collections", []):
        family = entry.get("collectionFamily") if isinstance(entry, dict) else None
        collections += _family(raw["name"], entry, family) if family is not None else \
            [_collection(raw["name"], entry)]
    return dict(raw, collections=collections)


def _collection(db, raw):
    _require(isinstance(raw, dict) and isinstance(raw.get("name"), str),
             f"each collection of {db} needs a name")
    unknown = set(raw) - _COLLECTION_KEYS
    _require(not unknown, f"{db}.{raw['name']}: unknown keys {sorted(unknown)}")
    if "generate" in raw:
        try:
            generator.check(raw["generate"], f"{db}.{raw['name']}.generate")
        except ValueError as error:
            raise ProfileError(str(error)) from None
    return raw


def _family(db, raw, family):
    """collectionFamily {prefix, count, digits}: count collections named prefix + the index padded
    to digits, each with the entry's other keys."""
    _require(isinstance(family, dict) and set(family) <= _FAMILY_KEYS and
             isinstance(family.get("prefix"), str) and isinstance(family.get("count"), int),
             f"{db}: collectionFamily is {{prefix, count, digits?}}")
    template = {key: value for key, value in raw.items() if key != "collectionFamily"}
    digits = family.get("digits", len(str(family["count"] - 1)))
    return [_collection(db, dict(template, name=f"{family['prefix']}{index:0{digits}d}"))
            for index in range(family["count"])]


def _tls(raw, oldest_version):
    """The tls block; without min_version, the default of the profile's oldest server version."""
    unknown = set(raw) - set(TlsSpec.__dataclass_fields__)
    _require(not unknown, f"unknown tls keys {sorted(unknown)}")
    spec = TlsSpec(**raw)
    if spec.min_version is None:
        spec = dataclasses.replace(spec, min_version=server_defaults.tls_min_version(oldest_version))
    _require(spec.mode in TLS_MODES, f"tls.mode must be one of {TLS_MODES}")
    _require(spec.certificate in tls.SERVER_CERTIFICATES,
             f"tls.certificate must be one of {tls.SERVER_CERTIFICATES}")
    _require(spec.min_version in tls.TLS_VERSIONS,
             f"tls.min_version must be one of {list(tls.TLS_VERSIONS)}")
    _require(spec.max_version is None or spec.max_version in tls.TLS_VERSIONS,
             "tls.max_version is not a TLS version")
    _require(spec.ciphers is None or (isinstance(spec.ciphers, str) and spec.ciphers),
             "tls.ciphers is a non-empty OpenSSL cipher list")
    _require(spec.client_certificates in tls.CLIENT_CERTIFICATE_MODES,
             f"tls.client_certificates must be one of {tls.CLIENT_CERTIFICATE_MODES}")
    return spec


def _user(raw):
    _require(isinstance(raw.get("user"), str) and isinstance(raw.get("db"), str),
             "each user needs user and db")
    default = ["MONGODB-X509"] if raw["db"] == EXTERNAL_DB else ["SCRAM-SHA-1", "SCRAM-SHA-256"]
    mechanisms = tuple(raw.get("mechanisms", default))
    _require(set(mechanisms) <= set(AUTH_MECHANISMS), f"mechanisms must be among {AUTH_MECHANISMS}")
    needs_password = set(mechanisms) & {"SCRAM-SHA-1", "SCRAM-SHA-256", "PLAIN"}
    _require(not needs_password or isinstance(raw.get("password"), str),
             f"user {raw['user']}@{raw['db']} needs a password for {sorted(needs_password)}")
    return UserSpec(raw["user"], raw["db"], mechanisms, tuple(raw.get("roles", [])),
                    raw.get("password"), raw.get("iterationCounts", {}),
                    tuple(raw.get("authenticationRestrictions", [])))
