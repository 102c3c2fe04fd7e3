"""The reference replies in shared/server-replies and a comparison of reply shapes (field names,
order and BSON types) against them. The shared folder is MONGOSCAN_SHARED_DIR, else ../shared beside
the repository; when it is absent, tests that need it skip and say so."""

import datetime
import os
import uuid
from pathlib import Path

from bson import Decimal128, Int64, ObjectId, Timestamp, json_util
from bson.binary import Binary, UUID_SUBTYPE

REPO_ROOT = Path(__file__).resolve().parents[2]


def shared_dir():
    return Path(os.environ.get("MONGOSCAN_SHARED_DIR", REPO_ROOT.parent / "shared"))


def replies_dir():
    return shared_dir() / "server-replies"


def available():
    return replies_dir().is_dir()


def load(file_name, *keys):
    """The value at keys inside a reference file, e.g. load('listDatabases.json', 'reply')."""
    value = json_util.loads((replies_dir() / file_name).read_text())
    for key in keys:
        value = value[key]
    return value


def kind(value):
    """The BSON type of a decoded value, as a name."""
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, Int64):
        return "long"
    if isinstance(value, int):
        return "int"
    if isinstance(value, uuid.UUID) or (isinstance(value, Binary) and value.subtype == UUID_SUBTYPE):
        return "uuid"
    for python_type, name in ((float, "double"), (str, "string"), (dict, "object"), (list, "array"),
                              (bytes, "binData"), (datetime.datetime, "date"), (ObjectId, "objectId"),
                              (Timestamp, "timestamp"), (Decimal128, "decimal"), (type(None), "null")):
        if isinstance(value, python_type):
            return name
    return type(value).__name__


def shape_differences(actual, reference, path="", ignore=()):
    """Differences in field names, order and types between two documents, recursively. A dotted
    path in ignore (e.g. 'parsed.net') is not compared below that point."""
    if path in ignore:
        return []
    if kind(actual) != kind(reference):
        return [f"{path or '<root>'}: {kind(actual)} where the reference has {kind(reference)}"]
    if isinstance(actual, list):
        if actual and reference:
            return shape_differences(actual[0], reference[0], f"{path}[0]", ignore)
        return []
    if not isinstance(actual, dict):
        return []
    problems = []
    prefix = f"{path}." if path else ""
    missing = [k for k in reference if k not in actual and f"{prefix}{k}" not in ignore]
    extra = [k for k in actual if k not in reference and f"{prefix}{k}" not in ignore]
    if missing:
        problems.append(f"{path or '<root>'}: missing {missing}")
    if extra:
        problems.append(f"{path or '<root>'}: not in the reference {extra}")
    common = [k for k in actual if k in reference]
    if common != [k for k in reference if k in actual]:
        problems.append(f"{path or '<root>'}: order {common} differs from the reference")
    for key in common:
        problems += shape_differences(actual[key], reference[key], f"{prefix}{key}", ignore)
    return problems
