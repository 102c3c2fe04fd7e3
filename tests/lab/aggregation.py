"""aggregate over a collection's documents with the stages the lab runs: $sample, $match (top-level
equality) and $collStats (storageStats and count); and collection-less `aggregate: 1` on admin with
$currentOp first (current_op.py). Any other stage is unknown to the lab (40324). Replies are cursors
(cursors.py); shape of $collStats: shared/server-replies/collStats-aggregate.json.

Texts and codes as in 7.0: aggregation_request_helper.cpp (the cursor option), the IDL parser
(pipeline, batchSize), pipeline.cpp (40323, 40324), document_source_sample.cpp (28745-28749),
document_source_coll_stats.cpp (5447000, 40602, NamespaceNotFound). Not modelled: explain,
collection-less stages other than $currentOp, views (answered 166), latencyStats and queryExecStats.
"""

import datetime
import random

import bson

import current_op
import query
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


def _check_coll_stats(spec):
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


# Stage name -> the action it needs on the collection ($match: none of its own; $currentOp: current_op.py).
_STAGE_ACTIONS = {"$sample": "find", "$collStats": "collStats", "$match": None, "$currentOp": None}


def _check_position(name, position, collectionless):
    """$currentOp and $collStats only first; aggregate: 1 needs a collection-less first stage, and
    $currentOp needs aggregate: 1 (pipeline.cpp, validateTopLevelPipeline; document_source_current_op.cpp)."""
    if name in ("$currentOp", "$collStats") and position != 0:
        raise CommandError(40602, f"{name} is only valid as the first stage in a pipeline")
    if position == 0 and collectionless and name != "$currentOp":
        raise CommandError(73, f"{{aggregate: 1}} is not valid for '{name}'; a collection is required.")
    if name == "$currentOp" and not collectionless:
        raise CommandError(73, "$currentOp must be run against the 'admin' database with {aggregate: 1}")


def _stages(pipeline, collectionless=False, db="admin"):
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
        _check_position(name, position, collectionless)
        if name == "$sample":
            _sample_size(spec)
        elif name == "$collStats":
            _check_coll_stats(spec)
        elif name == "$currentOp":
            current_op.check_spec(db, spec)
        elif not isinstance(spec, dict):
            raise CommandError(15959, "the match filter must be an expression in an object")
        stages.append((name, spec))
    if collectionless and not stages:
        raise CommandError(73, "{aggregate: 1} is not valid for an empty pipeline.")
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


def _is_collectionless(context):
    """aggregate: 1 (any number equal to 1) runs on no collection."""
    argument = context.argument
    return isinstance(argument, (int, float)) and not isinstance(argument, bool) and argument == 1


def _collection_name(context):
    name = context.argument
    if not isinstance(name, str):
        raise CommandError(73, f"Invalid namespace specified '{context.db}.{shell_text(name)}'")
    return name


def authorize(context):
    """Each stage's action on the collection: find for $sample (and an empty pipeline), collStats
    for $collStats."""
    if _is_collectionless(context):
        stages = _stages(context.body.get("pipeline"), True, context.db)
        return current_op.authorized(context, stages[0][1])
    resource = rbac.collection(context.db, _collection_name(context))
    stages = _stages(context.body.get("pipeline"), db=context.db)
    actions = ({_STAGE_ACTIONS[name] for name, _ in stages} - {None}) or {"find"}
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


def _collectionless(context):
    stages = _stages(context.body.get("pipeline"), True, context.db)
    batch_size = _batch_size(context.body)
    documents = current_op.operations(context, stages[0][1])
    documents, sizes = _filtered(stages[1:], documents, [len(bson.encode(d)) for d in documents])
    return context.node.cursors.first_batch(context, f"{context.db}.$cmd.aggregate", documents, sizes,
                                            batch_size)


def _filtered(stages, documents, sizes):
    """documents (and their sizes) through $sample and $match stages."""
    for stage, spec in stages:
        if stage == "$sample":
            kept = _random.sample(range(len(documents)), min(_sample_size(spec), len(documents)))
        else:
            kept = [i for i, d in enumerate(documents) if query.matches(d, spec)]
        documents, sizes = [documents[i] for i in kept], [sizes[i] for i in kept]
    return documents, sizes


def aggregate(context):
    if _is_collectionless(context):
        return _collectionless(context)
    name = _collection_name(context)
    stages = _stages(context.body.get("pipeline"), db=context.db)
    batch_size = _batch_size(context.body)
    databases = context.deployment.databases
    entry = databases.collection(context.db, name)
    if entry is not None and entry.get("type", "collection") != "collection":
        raise CommandError(166, f"Namespace {context.db}.{name} is a view, not a collection")
    contents = databases.contents(context.db, name)
    documents, sizes = list(contents.documents), list(contents.sizes)
    if stages and stages[0][0] == "$collStats":
        documents = [_coll_stats(context, name, stages[0][1])]
        sizes = [len(bson.encode(documents[0]))]
        stages = stages[1:]
    documents, sizes = _filtered(stages, documents, sizes)
    return context.node.cursors.first_batch(context, f"{context.db}.{name}", documents, sizes,
                                            batch_size)


COMMANDS = [
    Command("aggregate", aggregate, authorize=authorize, on_secondary=OPT_IN, in_api_version_1=True),
]
