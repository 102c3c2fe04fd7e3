"""The data catalogue: listDatabases, listCollections, find (query.py) and dbStats over the deployment's
databases (databases.py). Shapes: shared/server-replies/listDatabases.json,
listCollections-validator-timeseries.json, dbStats.json.
"""

import copy
import uuid

from bson import Int64
from bson.binary import Binary, UUID_SUBTYPE

import query
import rbac
import storage_stats
import versions
from commands import OPT_IN, Command, CommandError, shell_text

_COLLECTION_UUID_NAMESPACE = uuid.UUID("0f2c6b1a-54d3-4f0e-8c7b-3a9e1d2f4b60")
# dbStats fsUsedSize / fsTotalSize: the lab's made-up volume (100 GiB, a fifth used).
_FS_TOTAL_BYTES = 100 * 1024 ** 3
_FS_USED_BYTES = 20 * 1024 ** 3
_MAX_SCALE = 1 << 50


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
    return [name for name in names if deployment.roles.grants_any_in_database(roles, name)]


def list_databases(context):
    long_sizes = versions.long_sizes(context.node.version)
    size = Int64 if long_sizes else float
    all_databases = context.deployment.databases.listing()
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


def _lists_authorized_collections_only(context):
    """authorizedCollections: true on a node enforcing authorization: only the collections the user
    holds some privilege on are listed (list_collections.cpp)."""
    return bool(context.body.get("authorizedCollections")) and \
        context.deployment.requires_authentication(context.node)


def list_collections(context):
    name_only = context.body.get("nameOnly") is True
    roles = context.deployment.roles
    authorized_only = _lists_authorized_collections_only(context)
    batch = []
    for collection in context.deployment.databases.collections(context.db):
        if authorized_only and not roles.grants_any_on_collection(context.roles(), context.db, collection["name"]):
            continue
        entry = _collection_entry(context.db, collection)
        if _matches(entry, context.body.get("filter")):
            batch.append({"name": entry["name"], "type": entry["type"]} if name_only else entry)
    return {"cursor": {"id": Int64(0), "ns": f"{context.db}.$cmd.listCollections", "firstBatch": batch},
            "ok": 1.0}


def _scale(body):
    scale = body.get("scale", 1)
    if not isinstance(scale, (int, float)) or isinstance(scale, bool) or not 0 < scale <= _MAX_SCALE:
        raise CommandError(2, "Scale factor must be greater than zero and less than or equal to 2^50")
    return int(scale)


def db_stats(context):
    """Counts and sizes summed over the database's collections (storage_stats.py); views and time
    series count as views. A database that does not exist has zeros everywhere, as on the server."""
    scale = _scale(context.body)
    databases = context.deployment.databases
    entries = databases.collections(context.db)
    stored = [storage_stats.collection_storage(databases, context.db, entry) for entry in entries
              if entry.get("type", "collection") == "collection"]
    objects, data_size = sum(s.count for s in stored), sum(s.size for s in stored)
    storage_size = sum(s.storage_size for s in stored)
    index_size = sum(s.total_index_size for s in stored)
    exists = context.db in databases.listing()
    return {
        "db": context.db,
        "collections": Int64(len(stored)),
        "views": Int64(len(entries) - len(stored)),
        "objects": Int64(objects),
        "avgObjSize": data_size / objects if objects else 0.0,
        "dataSize": float(data_size // scale),
        "storageSize": float(storage_size // scale),
        "indexes": Int64(sum(len(s.index_sizes) for s in stored)),
        "indexSize": float(index_size // scale),
        "totalSize": float((storage_size + index_size) // scale),
        "scaleFactor": Int64(scale),
        "fsUsedSize": float(_FS_USED_BYTES if exists else 0),
        "fsTotalSize": float(_FS_TOTAL_BYTES if exists else 0),
        "ok": 1.0,
    }


def _allowed_on_database(action):
    return lambda context: context.deployment.roles.allows(context.roles(), rbac.database(context.db),
                                                           action)


def _may_list_collections(context):
    """listCollections on the database, or authorizedCollections and nameOnly with any privilege in it
    (AuthorizationSessionImpl::checkAuthorizedToListCollections)."""
    body, roles = context.body, context.roles()
    if body.get("authorizedCollections") and body.get("nameOnly") and \
            context.deployment.roles.grants_any_in_database(roles, context.db):
        return True
    return context.deployment.roles.allows(roles, rbac.database(context.db), "listCollections")


def _allowed_on_collection(action):
    return lambda context: context.deployment.roles.allows(
        context.roles(), rbac.collection(context.db, str(context.argument)), action)


COMMANDS = [
    Command("listDatabases", list_databases, admin_only=True, on_secondary=OPT_IN, in_api_version_1=True),
    Command("listCollections", list_collections, authorize=_may_list_collections, on_secondary=OPT_IN,
            in_api_version_1=True),
    Command("find", query.find, authorize=_allowed_on_collection("find"), on_secondary=OPT_IN,
            in_api_version_1=True),
    Command("dbStats", db_stats, authorize=_allowed_on_database("dbStats"), aliases=("dbstats",)),
]
