"""Command cursors: a cursor command's results cut into batches as the server cuts them, the rest
kept on the node for getMore, and killCursors.

Batches (FindCommon::haveSpaceForNext, run_aggregate.cpp, getmore_cmd.cpp): the first document
always goes in; each further one only while the batch array stays within 16 MiB. The server does not
look ahead: a batch that stops at batchSize, or at the size limit, leaves the cursor open (a
non-zero id) even when nothing is left; it is closed (id 0) when the results ran out first.
Not modelled: cursor timeouts (cursors stay until exhausted or killed) and sessions.
"""

import random
from dataclasses import dataclass

from bson import Int64

from commands import UNAUTHORIZED, Command, CommandError

# FindCommon::kMaxBytesToReturnToClientAtOnce = BSONObjMaxUserSize.
MAX_BATCH_BYTES = 16 * 1024 * 1024
CURSOR_NOT_FOUND = 43


@dataclass
class _Cursor:
    namespace: str
    user: object      # the users.User that opened it, or None
    documents: list   # not returned yet
    sizes: list       # their BSON sizes


def _element_bytes(index, size):
    """What one document adds to a BSON array: type byte, decimal index key and its NUL, document."""
    return 1 + len(str(index)) + 1 + size


def _cut(documents, sizes, batch_size):
    """(batch, rest, exhausted): as many documents as fit, and whether the results ran out first."""
    used, count = 4, 0  # an array starts with its int32 length
    while count < len(documents) and (batch_size is None or count < batch_size):
        if count and used + sizes[count] > MAX_BATCH_BYTES:
            return documents[:count], count, False
        used += _element_bytes(count, sizes[count])
        count += 1
    exhausted = count == len(documents) and (batch_size is None or count < batch_size)
    return documents[:count], count, exhausted


class Cursors:
    """One node's open cursors: a cursor lives on the node that opened it."""

    def __init__(self):
        self._open = {}
        self._ids = random.Random()

    def first_batch(self, context, namespace, documents, sizes, batch_size, closes_when_all_returned=False):
        """The reply of a cursor command: {cursor: {firstBatch, id, ns}, ok}. closes_when_all_returned:
        a batch that takes the last document closes the cursor even when it ends at batch_size."""
        batch, taken, exhausted = _cut(documents, sizes, batch_size)
        exhausted = exhausted or (closes_when_all_returned and taken == len(documents))
        cursor_id = 0
        if not exhausted:
            cursor_id = self._ids.getrandbits(62) + 1
            self._open[cursor_id] = _Cursor(namespace, context.connection.user, documents[taken:],
                                            sizes[taken:])
        return {"cursor": {"firstBatch": batch, "id": Int64(cursor_id), "ns": namespace}, "ok": 1.0}

    def _owned(self, context, cursor_id):
        cursor = self._open.get(cursor_id)
        if cursor is None:
            raise CommandError(CURSOR_NOT_FOUND, f"cursor id {cursor_id} not found")
        if cursor.user is not context.connection.user:
            raise CommandError(UNAUTHORIZED,
                               f"cursor id {cursor_id} was not created by the authenticated user")
        return cursor

    def next_batch(self, context, cursor_id, namespace, batch_size):
        cursor = self._owned(context, cursor_id)
        if cursor.namespace != namespace:
            raise CommandError(UNAUTHORIZED, f"Requested getMore on namespace '{namespace}', but cursor "
                                             f"belongs to a different namespace {cursor.namespace}")
        batch, taken, exhausted = _cut(cursor.documents, cursor.sizes, batch_size)
        cursor.documents, cursor.sizes = cursor.documents[taken:], cursor.sizes[taken:]
        if exhausted:
            del self._open[cursor_id]
        return {"cursor": {"nextBatch": batch, "id": Int64(0 if exhausted else cursor_id),
                           "ns": namespace}, "ok": 1.0}

    def kill(self, context, namespace, cursor_ids):
        """(killed, not found) among cursor_ids."""
        killed, not_found = [], []
        for cursor_id in cursor_ids:
            if cursor_id in self._open and self._owned(context, cursor_id).namespace == namespace:
                del self._open[cursor_id]
                killed.append(Int64(cursor_id))
            else:
                not_found.append(Int64(cursor_id))
        return killed, not_found


def _batch_size(value):
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise CommandError(51024, f"BSON field 'batchSize' value must be >= 0, actual value '{value}'")
    return value


def get_more(context):
    collection = context.body.get("collection")
    if not isinstance(collection, str):
        raise CommandError(40414, "BSON field 'getMore.collection' is missing but a required field")
    batch_size = _batch_size(context.body.get("batchSize")) or None  # 0 means no limit here
    return context.node.cursors.next_batch(context, int(context.argument), f"{context.db}.{collection}",
                                           batch_size)


def kill_cursors(context):
    killed, not_found = context.node.cursors.kill(context, f"{context.db}.{context.argument}",
                                                  [int(i) for i in context.body.get("cursors", [])])
    return {"cursorsKilled": killed, "cursorsNotFound": not_found, "cursorsAlive": [],
            "cursorsUnknown": [], "ok": 1.0}


COMMANDS = [
    Command("getMore", get_more, in_api_version_1=True),
    Command("killCursors", kill_cursors, in_api_version_1=True),
]
