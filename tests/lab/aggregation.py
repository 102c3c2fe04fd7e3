"""aggregate over a collection's documents with the stages the lab runs: $sample and $collStats
(storageStats and count). Any other stage is unknown to the lab (40324). Replies are cursors
(cursors.py); shape of $collStats: shared/server-replies/collStats-aggregate.json.

Texts and codes as in 7.0: aggregation_request_helper.cpp (the cursor option), the IDL parser
(pipeline, batchSize), pipeline.cpp (40323, 40324), document_source_sample.cpp (28745-28749),
document_source_coll_stats.cpp (5447000, 40602, NamespaceNotFound). Not modelled: explain,
collectionless aggregate: 1, views (answered 166), latencyStats and queryExecStats.
"""

import datetime
import random

import bson

import rbac
import storage_stats
from commands import OPT_IN, Command, CommandError, shell_text

# aggregation_request_helper::kDefaultBatchSize: the first batch's size when cursor has none.
DEFAULT_BATCH_SIZE = 101
_COLL_STATS_SECTIONS = {"storageStats", "count"}
_STORAGE_STATS_OPTIONS = {"scale", "verbose", "waitForLock", "numericOnly"}
_random = random.Random()


def _is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _sample_size(spec):
    if not isinstance(spec, dict):
        raise CommandError(28745, "the $sample stage specification must be an object")
    for name in spec:
        if name != "size":
            raise CommandError(28748, f"unrecognized option to $sample: {name}")
    if "size" not in spec:
        raise CommandError(28749, "$sample stage must specify a size")
    if not _is_number(spec["size"]):
        raise CommandError(28746, "size argument to $sample must be a number")
    if spec["size"] < 0:
        raise CommandError(28747, "size argument to $sample must not be negative")
    return int(spec["size"])


def _check_coll_stats(spec, position):
    if position != 0:
        raise CommandError(40602, "$collStats is only valid as the first stage in a pipeline")
    if not isinstance(spec, dict):
        raise CommandError(5447000, f"$collStats must take a nested object but found: "
                                    f"$collStats: {shell_text(spec)}")
    for name, value in spec.items():
        if name not in _COLL_STATS_SECTIONS:
            raise CommandError(40415, f"BSON field '$collStats.{name}' is an unknown field.")
        if not isinstance(value, dict):
            raise CommandError(14, f"BSON field '$collStats.{name}' is the wrong type, expected type "
                                   "'object'")
    for option in spec.get("storageStats", {}):
        if option not in _STORAGE_STATS_OPTIONS:
            raise CommandError(40415, f"BSON field '$collStats.storageStats.{option}' is an unknown "
                                      "field.")
    scale = spec.get("storageStats", {}).get("scale", 1)
    if not _is_number(scale) or scale < 1:
        raise CommandError(51024, f"BSON field 'scale' value must be >= 1, actual value '{scale}'")


# Stage name -> the action it needs on the collection.
_STAGE_ACTIONS = {"$sample": "find", "$collStats": "collStats"}


def _stages(pipeline):
    """[(name, spec)] of a well-formed pipeline of stages the lab knows."""
    if pipeline is None:
        raise CommandError(40414, "BSON field 'aggregate.pipeline' is missing but a required field")
    if not isinstance(pipeline, list):
        raise CommandError(14, "BSON field 'aggregate.pipeline' is the wrong type, expected type 'array'")
    stages = []
    for position, stage in enumerate(pipeline):
        if not isinstance(stage, dict):
            raise CommandError(14, "Each element of the 'pipeline' array must be an object")
        if len(stage) != 1:
            raise CommandError(40323, "A pipeline stage specification object must contain exactly one "
                                      "field.")
        name, spec = next(iter(stage.items()))
        if name not in _STAGE_ACTIONS:
            raise CommandError(40324, f"Unrecognized pipeline stage name: '{name}'")
        if name == "$sample":
            _sample_size(spec)
        else:
            _check_coll_stats(spec, position)
        stages.append((name, spec))
    return stages


def _batch_size(body):
    if "cursor" not in body:
        raise CommandError(9, "The 'cursor' option is required, except for aggregate with the explain "
                              "argument")
    cursor = body["cursor"]
    if not isinstance(cursor, dict):
        raise CommandError(14, "BSON field 'aggregate.cursor' is the wrong type, expected type 'object'")
    size = cursor.get("batchSize", DEFAULT_BATCH_SIZE)
    if not _is_number(size) or size < 0:
        raise CommandError(51024, f"BSON field 'batchSize' value must be >= 0, actual value '{size}'")
    return int(size)


def _collection_name(context):
    name = context.argument
    if not isinstance(name, str):
        raise CommandError(73, f"Invalid namespace specified '{context.db}.{shell_text(name)}'")
    return name


def authorize(context):
    """Each stage's action on the collection: find for $sample (and an empty pipeline), collStats
    for $collStats."""
    resource = rbac.collection(context.db, _collection_name(context))
    actions = {_STAGE_ACTIONS[name] for name, _ in _stages(context.body.get("pipeline"))} or {"find"}
    return all(context.deployment.roles.allows(context.roles(), resource, a) for a in actions)


def _coll_stats(context, name, spec):
    namespace = f"{context.db}.{name}"
    entry = context.deployment.databases.collection(context.db, name)
    if entry is None:
        raise CommandError(26, "PlanExecutor error during aggregation :: caused by :: Unable to retrieve "
                               f"storageStats in $collStats stage :: caused by :: Collection "
                               f"[{namespace}] not found.")
    storage = storage_stats.collection_storage(context.deployment.databases, context.db, entry)
    document = {"ns": namespace, "host": context.node.address,
                "localTime": datetime.datetime.now(datetime.timezone.utc)}
    if "storageStats" in spec:
        document["storageStats"] = storage_stats.storage_stats(
            storage, int(spec["storageStats"].get("scale", 1)))
    if "count" in spec:
        document["count"] = storage_stats.append_number(storage.count)
    return document


def aggregate(context):
    name = _collection_name(context)
    stages = _stages(context.body.get("pipeline"))
    batch_size = _batch_size(context.body)
    databases = context.deployment.databases
    entry = databases.collection(context.db, name)
    if entry is not None and entry.get("type", "collection") != "collection":
        raise CommandError(166, f"Namespace {context.db}.{name} is a view, not a collection")
    contents = databases.contents(context.db, name)
    documents, sizes = list(contents.documents), list(contents.sizes)
    for stage, spec in stages:
        if stage == "$sample":
            picked = _random.sample(range(len(documents)), min(_sample_size(spec), len(documents)))
            documents, sizes = [documents[i] for i in picked], [sizes[i] for i in picked]
        else:
            documents = [_coll_stats(context, name, spec)]
            sizes = [len(bson.encode(documents[0]))]
    return context.node.cursors.first_batch(context, f"{context.db}.{name}", documents, sizes,
                                            batch_size)


COMMANDS = [
    Command("aggregate", aggregate, authorize=authorize, on_secondary=OPT_IN, in_api_version_1=True),
]
