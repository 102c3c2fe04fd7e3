"""What the lab reports about a collection's storage. The data size (the sum of its documents' BSON
sizes) and the count are exact; storage and index sizes are made up from them, in 4 KiB pages:
storage as if block compression halved the data, the _id index at 24 bytes a document.

storage_stats() is the storageStats document of $collStats in the server's field order
(storage_stats.cpp; shared/server-replies/collStats-aggregate.json), numbers typed as
BSONObjBuilder::appendNumber types them. Not modelled: wiredTiger and indexDetails, capped limits.
"""

import math
from dataclasses import dataclass

from bson import Int64

PAGE_BYTES = 4096
_ID_INDEX_ENTRY_BYTES = 24


def append_number(value):
    """A count or size typed as BSONObjBuilder::appendNumber(long long) types it: int32 below 2^30,
    double below 2^40, else Int64."""
    if abs(value) < 1 << 30:
        return int(value)
    if abs(value) < 1 << 40:
        return float(value)
    return Int64(value)


def _pages(size):
    return PAGE_BYTES * max(1, math.ceil(size / PAGE_BYTES))


@dataclass(frozen=True)
class CollectionStorage:
    size: int          # bytes of BSON data
    count: int
    storage_size: int
    index_sizes: dict  # index name -> bytes
    capped: bool

    @property
    def total_index_size(self):
        return sum(self.index_sizes.values())


def collection_storage(databases, db, entry):
    """The storage of collection entry (a profile collection) of database db."""
    contents = databases.contents(db, entry["name"])
    size, count = sum(contents.sizes), len(contents.documents)
    options = entry.get("options", {})
    indexes = {} if options.get("clusteredIndex") else {"_id_": _pages(_ID_INDEX_ENTRY_BYTES * count)}
    return CollectionStorage(size, count, _pages(size // 2), indexes, bool(options.get("capped")))


def storage_stats(storage, scale):
    """$collStats storageStats; every size divided by scale, as the server does."""
    stats = {"size": append_number(storage.size // scale), "count": append_number(storage.count)}
    if storage.count:
        stats["avgObjSize"] = storage.size // storage.count
    stats.update({
        "numOrphanDocs": 0,
        "storageSize": append_number(storage.storage_size // scale),
        "freeStorageSize": 0,
        "capped": storage.capped,
        "nindexes": len(storage.index_sizes),
        "indexBuilds": [],
        "totalIndexSize": append_number(storage.total_index_size // scale),
        "totalSize": append_number((storage.storage_size + storage.total_index_size) // scale),
        "indexSizes": {name: append_number(size // scale) for name, size in storage.index_sizes.items()},
        "scaleFactor": scale,
    })
    return stats
