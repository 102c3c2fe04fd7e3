"""Generated documents: a profile collection's "generate" spec made into documents (README.md,
"Generated documents"), so a profile can hold 5000-element arrays or 15 MB documents in a few lines.

Deterministic: the random generator is seeded with the collection's namespace, so a profile always
yields the same documents. Times are the exception: every document has an age, and its times are
counted back from the moment of generation, so that ObjectId ages are real when a client reads them.
"""

import copy
import datetime
import random
import string
import struct
import uuid
from dataclasses import dataclass

from bson import Decimal128, ObjectId
from bson.binary import Binary

DEFAULT_DAYS = 365
_BINARY_BLOCK_BYTES = 64 * 1024
_GROUP_KEYS = {"count", "days", "fields"}
_DEFAULT_ID = {"objectId": {}}


@dataclass
class _Document:
    """What a field's generator knows about the document it fills."""

    rng: random.Random
    index: int                    # position in its group, from 0
    age_days: float
    created: datetime.datetime    # now minus the document's age


def _require(condition, path, message):
    if not condition:
        raise ValueError(f"{path}: {message}")


def _number(params, key, path, kind=(int, float)):
    value = params.get(key) if isinstance(params, dict) else None
    _require(isinstance(value, kind) and not isinstance(value, bool), path, f"needs a number {key}")
    return value


def _size(params, key, path):
    value = _number(params, key, path, int)
    _require(value >= 0, path, f"{key} is negative")
    return value


def _range(params, path):
    low, high = _number(params, "min", path), _number(params, "max", path)
    _require(low <= high, path, "min is above max")
    return low, high


def _offset_days(params, path):
    """offsetDays: [low, high] days added to the creation time (default [0, 0])."""
    offset = params.get("offsetDays", [0, 0]) if isinstance(params, dict) else None
    _require(isinstance(offset, list) and len(offset) == 2 and
             all(isinstance(v, (int, float)) for v in offset) and offset[0] <= offset[1],
             path, "offsetDays is [low, high]")
    return offset


def _time(params, path):
    low, high = _offset_days(params, path)

    def make(document):
        moment = document.created + datetime.timedelta(days=document.rng.uniform(low, high))
        return moment.replace(microsecond=moment.microsecond // 1000 * 1000)  # BSON dates hold ms
    return make


def _object_id(params, path):
    moment = _time(params, path)
    return lambda d: ObjectId(struct.pack(">I", int(moment(d).timestamp())) + d.rng.randbytes(8))


def _formatted_time(pattern):
    def compile_(params, path):
        moment = _time(params, path)
        return lambda d: moment(d).strftime(pattern)
    return compile_


def _int(params, path):
    low, high = _range(params, path)
    _require(isinstance(low, int) and isinstance(high, int), path, "int takes integer min and max")
    return lambda d: d.rng.randint(low, high)


def _double(params, path):
    low, high = _range(params, path)
    return lambda d: round(d.rng.uniform(low, high), 2)


def _decimal(params, path):
    low, high = _range(params, path)
    return lambda d: Decimal128(f"{d.rng.uniform(low, high):.2f}")


def _string(params, path):
    length = _size(params, "length", path)
    return lambda d: "".join(d.rng.choices(string.ascii_lowercase, k=length))


def _uuid_string(params, path):
    _require(params == {}, path, "uuidString takes {}")
    return lambda d: str(uuid.UUID(bytes=d.rng.randbytes(16), version=4))


def _binary(params, path):
    """bytes of payload: a random block of up to 64 KiB, repeated (fast for megabytes)."""
    size = _size(params, "bytes", path)

    def make(document):
        block = document.rng.randbytes(min(size, _BINARY_BLOCK_BYTES))
        return Binary((block * (size // len(block) + 1))[:size] if block else b"", 0)
    return make


def _value(params, path):
    return lambda d: copy.deepcopy(params)


def _alternate(params, path):
    _require(isinstance(params, list) and params, path, "alternate takes a non-empty list")
    choices = [_compile(spec, f"{path}[{i}]") for i, spec in enumerate(params)]
    return lambda d: choices[d.index % len(choices)](d)


def _document(params, path):
    _require(isinstance(params, dict), path, "document takes {field: generator}")
    fields = [(name, _compile(spec, f"{path}.{name}")) for name, spec in params.items()]
    return lambda d: {name: make(d) for name, make in fields}


def _array_length(params, path):
    """length: n or [low, high]; perDay: k elements per day of the document's age."""
    if "perDay" in params:
        per_day = _number(params, "perDay", path)
        return lambda d: round(per_day * d.age_days)
    length = params.get("length")
    if isinstance(length, int) and not isinstance(length, bool) and length >= 0:
        return lambda d: length
    _require(isinstance(length, list) and len(length) == 2 and all(isinstance(v, int) for v in length)
             and 0 <= length[0] <= length[1], path, "array needs length n, length [low, high] or perDay")
    return lambda d: d.rng.randint(*length)


def _array(params, path):
    _require(isinstance(params, dict) and "of" in params, path, "array needs of")
    _require(set(params) <= {"length", "perDay", "of"}, path, f"unknown array keys {sorted(params)}")
    length = _array_length(params, path)
    element = _compile(params["of"], f"{path}[]")
    return lambda d: [element(d) for _ in range(length(d))]


def _nested(params, path):
    """depth documents, each the only field `key` of the one above; leaf inside the deepest."""
    depth = _number(params, "depth", path, int)
    _require(depth >= 1 and isinstance(params.get("key"), str) and "leaf" in params, path,
             "nested needs depth >= 1, key and leaf")
    leaf = _compile(params["leaf"], f"{path}.{params['key']}")

    def make(document):
        value = leaf(document)
        for _ in range(depth):
            value = {params["key"]: value}
        return value
    return make


_GENERATORS = {
    "value": _value,
    "alternate": _alternate,
    "objectId": _object_id,
    "date": _time,
    "isoDateString": _formatted_time("%Y-%m-%dT%H:%M:%SZ"),
    "dateTimeString": _formatted_time("%Y-%m-%d %H:%M:%S"),
    "int": _int,
    "double": _double,
    "decimal": _decimal,
    "string": _string,
    "uuidString": _uuid_string,
    "binary": _binary,
    "document": _document,
    "array": _array,
    "nested": _nested,
}


def _compile(spec, path):
    """A function of the document being made that returns the field's value."""
    _require(isinstance(spec, dict) and len(spec) == 1, path, "a generator is {kind: parameters}")
    kind, params = next(iter(spec.items()))
    _require(kind in _GENERATORS, path, f"unknown generator {kind!r}; one of {sorted(_GENERATORS)}")
    return _GENERATORS[kind](params, path)


@dataclass
class _Group:
    count: int
    days: float
    fields: list  # [(name, make)], _id first

    def ages(self):
        """Ages in days, oldest first, spread evenly: days, ..., days / count."""
        return [self.days * (self.count - i) / self.count for i in range(self.count)]


def _groups(spec, path):
    groups = spec if isinstance(spec, list) else [spec]
    compiled = []
    for number, group in enumerate(groups):
        where = f"{path}[{number}]" if isinstance(spec, list) else path
        _require(isinstance(group, dict) and set(group) <= _GROUP_KEYS, where,
                 f"a group is {{{', '.join(sorted(_GROUP_KEYS))}}}")
        count = _size(group, "count", where)
        days = group.get("days", DEFAULT_DAYS)
        _require(isinstance(days, (int, float)) and days > 0, where, "days > 0")
        fields = dict(group.get("fields", {}))
        id_spec = fields.pop("_id", _DEFAULT_ID)
        compiled.append(_Group(count, days, [("_id", _compile(id_spec, f"{where}._id"))] +
                               [(name, _compile(s, f"{where}.{name}")) for name, s in fields.items()]))
    return compiled


def check(spec, path="generate"):
    """Raises ValueError, naming the place, if spec is not a valid generate spec."""
    _groups(spec, path)


def generate(spec, namespace, now):
    """The documents spec describes, group after group; namespace seeds the random generator and
    now is the time document ages count back from."""
    rng = random.Random(namespace)
    documents = []
    for group in _groups(spec, "generate"):
        for index, age in enumerate(group.ages()):
            document = _Document(rng, index, age, now - datetime.timedelta(days=age))
            documents.append({name: make(document) for name, make in group.fields})
    return documents
