"""The data catalogue: listDatabases, listCollections and find over the profile's databases.

admin, config and local exist even when the profile does not list them, with their usual system
collections. Shapes: shared/server-replies/listDatabases.json, listCollections-validator-timeseries.json.
"""

import copy
import uuid

from bson import Int64
from bson.binary import Binary, UUID_SUBTYPE

import rbac
import versions
from commands import Command, CommandError, shell_text

_COLLECTION_UUID_NAMESPACE = uuid.UUID("0f2c6b1a-54d3-4f0e-8c7b-3a9e1d2f4b60")
_SYSTEM_DATABASES = ("admin", "config", "local")


def _implicit_collections(deployment, db):
    names = {"admin": ["system.version"], "config": ["system.sessions"], "local": ["startup_log"]}[db]
    if db == "admin" and deployment.users:
        names.append("system.users")
    if db == "admin" and deployment.profile.custom_roles:
        names.append("system.roles")
    return [{"name": name} for name in names]


def databases(deployment):
    """name -> {"sizeOnDisk", "collections"}, sorted by name."""
    result = {}
    for db in deployment.profile.databases:
        result[db["name"]] = {"collections": list(db.get("collections", [])),
                              "sizeOnDisk": db.get("sizeOnDisk")}
    for name in _SYSTEM_DATABASES:
        entry = result.setdefault(name, {"collections": [], "sizeOnDisk": None})
        listed = {c["name"] for c in entry["collections"]}
        entry["collections"] += [c for c in _implicit_collections(deployment, name)
                                 if c["name"] not in listed]
    for entry in result.values():
        if entry["sizeOnDisk"] is None:
            entry["sizeOnDisk"] = 8192 + 4096 * len(entry["collections"])
    return dict(sorted(result.items()))


def _matches(document, query):
    """Top-level equality only: the lab's filters are that simple."""
    return all(document.get(key) == value for key, value in (query or {}).items())


def _visible_databases(context, names):
    """All databases for a user allowed listDatabases; otherwise those it holds privileges on."""
    deployment = context.deployment
    if not deployment.requires_authentication(context.node):
        return names
    roles = context.roles()
    authorized_only = context.body.get("authorizedDatabases")
    if deployment.roles.allows(roles, rbac.CLUSTER, "listDatabases"):
        if authorized_only is not True:
            return names
    elif authorized_only is False:
        raise CommandError(13, f"not authorized on admin to execute command {shell_text(context.body)}")
    return [name for name in names if deployment.roles.grants_any_on_database(roles, name)]


def list_databases(context):
    long_sizes = versions.long_sizes(context.node.version)
    size = Int64 if long_sizes else float
    all_databases = databases(context.deployment)
    entries = []
    for name in _visible_databases(context, list(all_databases)):
        entry = {"name": name, "sizeOnDisk": size(all_databases[name]["sizeOnDisk"]),
                 "empty": not all_databases[name]["collections"]}
        if _matches(entry, context.body.get("filter")):
            entries.append(entry)
    if context.body.get("nameOnly") is True:
        return {"databases": [{"name": e["name"]} for e in entries], "ok": 1.0}
    total = sum(int(e["sizeOnDisk"]) for e in entries)
    reply = {"databases": entries, "totalSize": size(total)}
    if long_sizes:
        reply["totalSizeMb"] = Int64(total // (1024 * 1024))
    reply["ok"] = 1.0
    return reply


def _collection_uuid(db, name):
    return Binary(uuid.uuid5(_COLLECTION_UUID_NAMESPACE, f"{db}.{name}").bytes, UUID_SUBTYPE)


def _collection_entry(db, collection):
    kind = collection.get("type", "collection")
    options = copy.deepcopy(collection.get("options", {}))
    entry = {"name": collection["name"], "type": kind, "options": options}
    if kind == "collection":
        entry["info"] = {"readOnly": False, "uuid": _collection_uuid(db, collection["name"])}
        if not options.get("clusteredIndex"):
            entry["idIndex"] = {"v": 2, "key": {"_id": 1}, "name": "_id_"}
    else:
        entry["info"] = {"readOnly": kind == "view"}
    return entry


def _collections(context):
    return databases(context.deployment).get(context.db, {"collections": []})["collections"]


def list_collections(context):
    name_only = context.body.get("nameOnly") is True
    batch = []
    for collection in _collections(context):
        entry = _collection_entry(context.db, collection)
        if _matches(entry, context.body.get("filter")):
            batch.append({"name": entry["name"], "type": entry["type"]} if name_only else entry)
    return {"cursor": {"id": Int64(0), "ns": f"{context.db}.$cmd.listCollections", "firstBatch": batch},
            "ok": 1.0}


def find(context):
    """The collection's sample documents; filter is top-level equality, limit is honoured."""
    name = context.argument
    collection = next((c for c in _collections(context) if c["name"] == name), {})
    documents = [copy.deepcopy(d) for d in collection.get("documents", [])
                 if _matches(d, context.body.get("filter"))]
    limit = abs(context.body.get("limit", 0) or 0)
    if limit:
        documents = documents[:limit]
    return {"cursor": {"firstBatch": documents, "id": Int64(0), "ns": f"{context.db}.{name}"}, "ok": 1.0}


def _allowed_on_database(action):
    return lambda context: context.deployment.roles.allows(context.roles(), rbac.database(context.db),
                                                           action)


COMMANDS = [
    Command("listDatabases", list_databases, admin_only=True),
    Command("listCollections", list_collections, authorize=_allowed_on_database("listCollections")),
    Command("find", find, authorize=_allowed_on_database("find")),
]
