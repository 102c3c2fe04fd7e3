"""Roles and privileges for the lab.

This is a MODEL of MongoDB's role-based access control, not the real thing: built-in roles carry
abbreviated action lists, and only the actions the lab's commands check (see commands.py) decide
anything. Custom roles come from the profile and are honoured for those same actions.
"""

CLUSTER = {"cluster": True}
ANY_RESOURCE = {"anyResource": True}
# MongoDB's anyNormalResource: every database but local and config, and no system.* collection.
ANY_DATABASE = {"db": "", "collection": ""}
# What anyNormalResource leaves out (buildResourceSearchList in authorization_session_impl.cpp).
_SPECIAL_DATABASES = ("local", "config")
_SYSTEM_PREFIX = "system."


def database(db):
    """A database resource; granted, it covers the database's collections but not system.* ones."""
    return {"db": db, "collection": ""}


def collection(db, name):
    return {"db": db, "collection": name}


_READ = ["changeStream", "collStats", "dbHash", "dbStats", "find", "killCursors", "listCollections",
         "listIndexes", "planCacheRead"]
_READ_WRITE = _READ + ["convertToCapped", "createCollection", "createIndex", "dropCollection",
                       "dropIndex", "insert", "remove", "renameCollectionSameDB", "update"]
_DB_ADMIN = ["collMod", "collStats", "compact", "dbStats", "dropCollection", "enableProfiler",
             "listCollections", "listIndexes", "reIndex", "validate"]
_USER_ADMIN = ["changeCustomData", "changePassword", "createRole", "createUser", "dropRole",
               "dropUser", "grantRole", "revokeRole", "viewRole", "viewUser"]
# builtin_roles.cpp: clusterMonitor holds getShardMap and listShards ("clusterManager gets this also").
# getDefaultRWConcern: clusterMonitor and clusterManager (builtin_roles.yml).
_CLUSTER_MONITOR = ["connPoolStats", "getCmdLineOpts", "getDefaultRWConcern", "getLog", "getParameter",
                    "getShardMap", "hostInfo", "inprog", "listDatabases", "listSessions", "listShards",
                    "replSetGetConfig", "replSetGetStatus", "serverStatus", "top"]
_CLUSTER_MONITOR_DATABASE = ["collStats", "dbStats", "indexStats"]
_CLUSTER_MANAGER = ["addShard", "getDefaultRWConcern", "listShards", "removeShard", "replSetConfigure",
                    "replSetGetConfig", "replSetGetStatus", "replSetStateChange",
                    "setFeatureCompatibilityVersion"]
_HOST_MANAGER = ["flushRouterConfig", "killop", "logRotate", "setParameter", "shutdown"]


def _privilege(resource, actions):
    return {"resource": resource, "actions": sorted(set(actions))}


# name -> (only defined on admin, privileges for the role's db, roles it inherits [names, same db])
_BUILTIN_ROLES = {
    "read": (False, lambda db: [_privilege(database(db), _READ)], []),
    "readWrite": (False, lambda db: [_privilege(database(db), _READ_WRITE)], []),
    "dbAdmin": (False, lambda db: [_privilege(database(db), _DB_ADMIN)], []),
    "userAdmin": (False, lambda db: [_privilege(database(db), _USER_ADMIN)], []),
    "dbOwner": (False, lambda db: [], ["readWrite", "dbAdmin", "userAdmin"]),
    # 5.0+ addClusterMonitorPrivileges: statistics everywhere, and read on config and local.
    "clusterMonitor": (True, lambda db: [_privilege(CLUSTER, _CLUSTER_MONITOR),
                                         _privilege(ANY_DATABASE, _CLUSTER_MONITOR_DATABASE),
                                         _privilege(database("config"), _READ + _CLUSTER_MONITOR_DATABASE),
                                         _privilege(database("local"), _READ + _CLUSTER_MONITOR_DATABASE)],
                       []),
    "clusterManager": (True, lambda db: [_privilege(CLUSTER, _CLUSTER_MANAGER)], []),
    "hostManager": (True, lambda db: [_privilege(CLUSTER, _HOST_MANAGER)], []),
    "clusterAdmin": (True, lambda db: [_privilege(CLUSTER, ["dropConnections"])],
                     ["clusterManager", "clusterMonitor", "hostManager"]),
    "readAnyDatabase": (True, lambda db: [_privilege(ANY_DATABASE, _READ),
                                          _privilege(CLUSTER, ["listDatabases"])], []),
    "readWriteAnyDatabase": (True, lambda db: [_privilege(ANY_DATABASE, _READ_WRITE),
                                               _privilege(CLUSTER, ["listDatabases"])], []),
    "dbAdminAnyDatabase": (True, lambda db: [_privilege(ANY_DATABASE, _DB_ADMIN),
                                             _privilege(CLUSTER, ["listDatabases"])], []),
    # viewUser on the cluster: usersInfo {forAllDBs: true} (mongo/db/auth/builtin_roles.cpp).
    "userAdminAnyDatabase": (True, lambda db: [_privilege(ANY_DATABASE, _USER_ADMIN),
                                               _privilege(CLUSTER, ["listDatabases", "viewUser"])],
                             []),
    # Catalogue actions on anyResource, so root lists local and config too.
    "backup": (True, lambda db: [_privilege(ANY_RESOURCE, ["collStats", "dbHash", "listCollections",
                                                           "listIndexes"]),
                                 _privilege(ANY_DATABASE, ["find"]),
                                 _privilege(CLUSTER, ["getParameter", "listDatabases",
                                                      "serverStatus"])], []),
    "restore": (True, lambda db: [_privilege(ANY_DATABASE, ["createCollection", "insert"])], []),
    "root": (True, lambda db: [], ["readWriteAnyDatabase", "dbAdminAnyDatabase",
                                   "userAdminAnyDatabase", "clusterAdmin", "restore", "backup"]),
    "__system": (True, lambda db: [_privilege(ANY_RESOURCE, ["anyAction"])], []),
}


def _key(role):
    return role["role"], role["db"]


def _merge(privileges):
    """Privileges unified per resource, as connectionStatus and rolesInfo report them."""
    merged = {}
    for privilege in privileges:
        key = tuple(sorted(privilege["resource"].items()))
        entry = merged.setdefault(key, {"resource": dict(privilege["resource"]), "actions": set()})
        entry["actions"].update(privilege["actions"])
    return [{"resource": e["resource"], "actions": sorted(e["actions"])} for e in merged.values()]


def _resource_covers(granted, wanted):
    if granted.get("anyResource"):
        return True
    if wanted.get("cluster") or granted.get("cluster"):
        return bool(granted.get("cluster")) and bool(wanted.get("cluster"))
    db, name = wanted.get("db"), wanted.get("collection", "")
    granted_db, granted_name = granted.get("db"), granted.get("collection", "")
    if granted_name:
        return granted_name == name and granted_db in ("", db)
    if name.startswith(_SYSTEM_PREFIX):
        return False
    return granted_db == db or (granted_db == "" and db not in _SPECIAL_DATABASES)


# The localhost exception's privileges, as a pseudo-role no user holds and rolesInfo never lists
# (authorization_session_impl.cpp, getDefaultPrivileges): createUser and grantRole on admin, createUser
# on $external, addShard, replSetConfigure and replSetGetStatus on the cluster, and on an arbiter
# (SERVER-5479) getCmdLineOpts, getParameter, serverStatus and shutdown too.
_LOCALHOST_EXCEPTION = "__localhostException"
_LOCALHOST_EXCEPTION_ARBITER = "__localhostExceptionArbiter"


def localhost_exception_role(on_arbiter):
    return {"role": _LOCALHOST_EXCEPTION_ARBITER if on_arbiter else _LOCALHOST_EXCEPTION, "db": "admin"}


def _localhost_exception_privileges(on_arbiter):
    cluster = ["addShard", "replSetConfigure", "replSetGetStatus"]
    if on_arbiter:
        cluster += ["getCmdLineOpts", "getParameter", "serverStatus", "shutdown"]
    return [_privilege(database("admin"), ["createUser", "grantRole"]),
            _privilege(database("$external"), ["createUser"]), _privilege(CLUSTER, cluster)]


class RoleCatalogue:
    """Built-in roles plus the profile's custom roles."""

    def __init__(self, custom_roles):
        self._custom = {_key(role): role for role in custom_roles}
        self._privileges = {}  # the roles' keys -> their unified privileges

    def is_builtin(self, role, db):
        admin_only = _BUILTIN_ROLES.get(role, (None,))[0]
        return admin_only is not None and (db == "admin" or not admin_only)

    def builtin_roles(self, db):
        return [{"role": name, "db": db} for name in _BUILTIN_ROLES
                if self.is_builtin(name, db) and name != "__system"]

    def custom_roles(self, db=None):
        return [{"role": r["role"], "db": r["db"]} for r in self._custom.values()
                if db is None or r["db"] == db]

    def exists(self, role):
        return self.is_builtin(*_key(role)) or _key(role) in self._custom or \
            role in (localhost_exception_role(False), localhost_exception_role(True))

    def _direct_roles(self, role):
        name, db = _key(role)
        if name in (_LOCALHOST_EXCEPTION, _LOCALHOST_EXCEPTION_ARBITER):
            return []
        if self.is_builtin(name, db):
            return [{"role": inherited, "db": db} for inherited in _BUILTIN_ROLES[name][2]]
        return list(self._custom.get((name, db), {}).get("roles", []))

    def _own_privileges(self, role):
        name, db = _key(role)
        if name in (_LOCALHOST_EXCEPTION, _LOCALHOST_EXCEPTION_ARBITER):
            return _localhost_exception_privileges(name == _LOCALHOST_EXCEPTION_ARBITER)
        if self.is_builtin(name, db):
            return _BUILTIN_ROLES[name][1](db)
        return list(self._custom.get((name, db), {}).get("privileges", []))

    def inherited_roles(self, roles):
        """Every role reachable from roles, the given ones included, each once, in discovery order."""
        seen, ordered, pending = set(), [], [{"role": r["role"], "db": r["db"]} for r in roles]
        while pending:
            role = pending.pop(0)
            if _key(role) in seen or not self.exists(role):
                continue
            seen.add(_key(role))
            ordered.append(role)
            pending.extend(self._direct_roles(role))
        return ordered

    def privileges(self, roles):
        """The unified privileges of roles and everything they inherit; computed once for the same
        roles (the catalogue never changes), so callers must not modify them."""
        key = tuple(_key(role) for role in roles)
        if key not in self._privileges:
            self._privileges[key] = _merge(p for role in self.inherited_roles(roles)
                                           for p in self._own_privileges(role))
        return self._privileges[key]

    def restrictions(self, role):
        """A custom role's authenticationRestrictions (createRole stores them only when non-empty)."""
        return tuple(self._custom.get(_key(role), {}).get("authenticationRestrictions", []))

    def own_privileges(self, role):
        return _merge(self._own_privileges(role))

    def direct_roles(self, role):
        return self._direct_roles(role)

    def allows(self, roles, resource, action):
        """True if roles grant action on resource."""
        return any(_resource_covers(p["resource"], resource) and
                   (action in p["actions"] or "anyAction" in p["actions"])
                   for p in self.privileges(roles))

    def grants_any_in_database(self, roles, db):
        """True if some privilege of roles is on a resource in database db: anyResource, the database,
        any of its collections, a collection name in every database, or anyNormalResource unless db
        is admin, config or local (AuthorizationSessionImpl::isAuthorizedForAnyActionOnAnyResourceInDB)."""
        for privilege in self.privileges(roles):
            resource = privilege["resource"]
            if resource.get("anyResource") or resource.get("db") == db:
                return True
            if resource.get("db") == "" and (resource.get("collection") or db not in _SPECIAL_DATABASES):
                return True
        return False

    def grants_any_on_collection(self, roles, db, name):
        """True if some privilege of roles covers the collection db.name, whatever its actions
        (isAuthorizedForAnyActionOnResource of the exact namespace)."""
        return any(_resource_covers(p["resource"], collection(db, name)) for p in self.privileges(roles))
