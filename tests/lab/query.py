"""find: top-level equality filter, sort, skip, limit, projection, and the first batch of its cursor
(find_cmd.cpp; batches and getMore in cursors.py)."""

import copy
import datetime
import uuid

import bson
from bson import Decimal128, Int64, ObjectId, Timestamp
from bson.binary import Binary

from commands import CommandError

DEFAULT_FIRST_BATCH_SIZE = 101  # query_request_helper: a find's first batch without batchSize
BAD_VALUE = 2
LIMIT_AND_BATCH_SIZE_ERROR = 51024

# canonicalizeBSONType (bsontypes.h): how values of different types sort.
_TYPE_ORDER = [
    (type(None), 5), (bool, 40), ((int, float, Int64, Decimal128), 10), (str, 15), (dict, 20),
    (list, 25), ((bytes, Binary, uuid.UUID), 30), (ObjectId, 35), (datetime.datetime, 45), (Timestamp, 47),
]


def _type_rank(value):
    return next((rank for kind, rank in _TYPE_ORDER if isinstance(value, kind)), 100)


def _sort_value(value):
    """A key that orders values as the server compares them: by canonical type, then by value."""
    rank = _type_rank(value)
    if rank == 10:
        return rank, float(value.to_decimal()) if isinstance(value, Decimal128) else float(value)
    if rank in (20, 25):
        return rank, bson.encode({"v": value})
    if rank == 30:
        return rank, bytes(value.bytes if isinstance(value, uuid.UUID) else value)
    if rank == 47:
        return rank, (value.time, value.inc)
    return rank, value if rank != 5 else 0


class _Descending:
    def __init__(self, key):
        self.key = key

    def __lt__(self, other):
        return other.key < self.key

    def __eq__(self, other):
        return self.key == other.key


def _sorted(documents, sort):
    """Sorted by the top-level fields of sort, -1 descending, anything else ascending; a missing field
    sorts as null. Dotted paths, array elements and sort validation are not modelled."""
    def key(document):
        return [(_sort_value(document.get(f)) if d == 1 else _Descending(_sort_value(document.get(f))))
                for f, d in sort.items()]
    return sorted(documents, key=key)


def _projected(document, projection):
    """Top-level inclusion ({a: 1}, _id kept unless _id: 0) or exclusion ({a: 0}) projection."""
    fields = {k: bool(v) for k, v in projection.items() if k != "_id"}
    keep_id = bool(projection.get("_id", True))
    if fields and len(set(fields.values())) > 1:
        excluded = next(k for k, v in fields.items() if not v)
        raise CommandError(31254, f"Cannot do exclusion on field {excluded} in inclusion projection")
    if fields and all(fields.values()):
        return {k: v for k, v in document.items() if (k == "_id" and keep_id) or fields.get(k)}
    return {k: v for k, v in document.items() if (k != "_id" or keep_id) and k not in fields}


def _non_negative(body, field):
    """skip, limit or batchSize: a whole number >= 0 (the IDL validator's 51024), or None if absent."""
    value = body.get(field)
    if value is None:
        return None
    value = int(value)
    if value < 0:
        raise CommandError(LIMIT_AND_BATCH_SIZE_ERROR,
                           f"BSON field '{field}' value must be >= 0, actual value '{value}'")
    return int(value)


def matches(document, query):
    """Top-level equality only: the lab's filters are that simple."""
    return all(document.get(key) == value for key, value in (query or {}).items())


def find(context):
    name = context.argument
    body = context.body
    skip, limit = _non_negative(body, "skip") or 0, _non_negative(body, "limit") or None
    batch_size = _non_negative(body, "batchSize")
    documents = [d for d in context.deployment.databases.contents(context.db, name).documents
                 if matches(d, body.get("filter"))]
    if body.get("sort"):
        documents = _sorted(documents, body["sort"])
    documents = documents[skip:skip + limit if limit else None]
    projection = body.get("projection")
    documents = [_projected(d, projection) if projection else copy.deepcopy(d) for d in documents]
    first = DEFAULT_FIRST_BATCH_SIZE if batch_size is None else batch_size
    namespace = f"{context.db}.{name}"
    if body.get("singleBatch") is True:
        return {"cursor": {"firstBatch": documents[:first], "id": Int64(0), "ns": namespace}, "ok": 1.0}
    # With a limit the plan knows it is done once the last document is out, so that batch closes the
    # cursor; without one, a batch that ends at batchSize leaves it open (cursors.py).
    return context.node.cursors.first_batch(context, namespace, documents,
                                            [len(bson.encode(d)) for d in documents],
                                            min(first, limit) if limit else first,
                                            closes_when_all_returned=limit is not None)
