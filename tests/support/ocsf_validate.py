"""Validates OCSF events read from stdin (a JSON array) against an OCSF schema source tree (a copy
of github.com/ocsf/ocsf-schema's dictionary.json, categories.json, events/ and objects/) for one
event class.

The class's attributes are merged down its "extends" chain (base_event, finding, the class) and
each object's down its own; an attribute's type, array-ness and enum come from dictionary.json,
an enum in a class or object replacing the dictionary's. Attributes a profile brings ("$include")
are not allowed: the events apply no profile. Checked per event: required attributes present, no
attribute the class or object lacks ("unmapped" holds anything), each value of its type, integer
enums within the enum, objects' at_least_one and just_one constraints, and class_uid, category_uid
and type_uid derived as the schema derives them.

usage: ocsf_validate.py SCHEMA_DIR CLASS_NAME < events.json
Exit status 0 if every event is valid; 1 with one line per violation on stderr; 2 if the schema
or the input cannot be read, or an object the events use is not in SCHEMA_DIR.
"""
import json
import sys
from pathlib import Path


# Enumerated by the schema server from the categories and classes, not in the source: checked by
# check_event as the schema derives them.
DERIVED = {"category_uid", "class_uid", "type_uid"}


class SchemaMissing(Exception):
    pass


class Schema:
    def __init__(self, root):
        self.root = Path(root)
        dictionary = json.loads((self.root / "dictionary.json").read_text())
        self.dictionary = dictionary["attributes"]
        self.types = dictionary["types"]["attributes"]
        self.categories = json.loads((self.root / "categories.json").read_text())["attributes"]
        self.objects = {}

    def _definition(self, folder, name):
        matches = list((self.root / folder).rglob(name + ".json"))
        if not matches:
            raise SchemaMissing(f"{folder}/{name}.json is not in {self.root}")
        return json.loads(matches[0].read_text())

    def _merged(self, folder, name):
        """The definition's attributes over those of what it extends; constraints alike."""
        definition = self._definition(folder, name)
        attributes, constraints = {}, {}
        if definition.get("extends"):
            attributes, constraints = self._merged(folder, definition["extends"])
            attributes, constraints = dict(attributes), dict(constraints)
        for key, value in definition.get("attributes", {}).items():
            if key == "$include":
                continue
            merged = dict(attributes.get(key, {}))
            merged.update(value or {})
            attributes[key] = merged
        constraints.update(definition.get("constraints") or {})
        return attributes, constraints

    def event_class(self, name):
        """The class's definition, its merged attributes and its category (from the nearest
        definition on the extends chain that names one)."""
        definition = self._definition("events", name)
        attributes, _ = self._merged("events", name)
        ancestor = definition
        while not ancestor.get("category") and ancestor.get("extends"):
            ancestor = self._definition("events", ancestor["extends"])
        return definition, attributes, self.categories[ancestor["category"]]

    def object(self, name):
        if name not in self.objects:
            self.objects[name] = self._merged("objects", name)
        return self.objects[name]

    def base_type(self, type_name):
        while self.types.get(type_name, {}).get("type"):
            type_name = self.types[type_name]["type"]
        return type_name


def check_value(schema, path, attribute, spec, value, errors):
    entry = dict(schema.dictionary.get(attribute, {}))
    entry.update({k: v for k, v in spec.items() if k in ("enum", "type", "is_array")})
    if attribute in DERIVED:
        entry.pop("enum", None)
    type_name = entry.get("type")
    if type_name is None:
        errors.append(f"{path}: '{attribute}' is not in the dictionary")
        return
    if entry.get("is_array"):
        if not isinstance(value, list):
            errors.append(f"{path}: an array expected")
            return
        for index, item in enumerate(value):
            check_scalar(schema, f"{path}[{index}]", type_name, entry, item, errors)
    else:
        check_scalar(schema, path, type_name, entry, value, errors)


def check_scalar(schema, path, type_name, entry, value, errors):
    if not type_name.endswith("_t"):
        if type_name == "object":
            if not isinstance(value, dict):
                errors.append(f"{path}: an object expected")
            return
        check_object(schema, path, type_name, value, errors)
        return
    base = schema.base_type(type_name)
    expected = {
        "string_t": lambda v: isinstance(v, str),
        "integer_t": lambda v: isinstance(v, int) and not isinstance(v, bool),
        "long_t": lambda v: isinstance(v, int) and not isinstance(v, bool),
        "float_t": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
        "boolean_t": lambda v: isinstance(v, bool),
        "json_t": lambda v: True,
    }.get(base)
    if expected is None:
        errors.append(f"{path}: type {type_name} is not known to the validator")
    elif not expected(value):
        errors.append(f"{path}: {value!r} is not a {type_name}")
    elif "enum" in entry and base in ("integer_t", "long_t") and str(value) not in entry["enum"]:
        errors.append(f"{path}: {value} is not in the enum {sorted(entry['enum'], key=int)}")


def check_attributes(schema, path, attributes, value, errors):
    for name, spec in attributes.items():
        if spec.get("requirement") == "required" and name not in value:
            errors.append(f"{path}: required '{name}' is missing")
    for name, item in value.items():
        if name not in attributes:
            errors.append(f"{path}: '{name}' is not an attribute here")
            continue
        check_value(schema, f"{path}.{name}", name, attributes[name], item, errors)


def check_object(schema, path, name, value, errors):
    if not isinstance(value, dict):
        errors.append(f"{path}: a {name} object expected")
        return
    attributes, constraints = schema.object(name)
    check_attributes(schema, path, attributes, value, errors)
    at_least_one = constraints.get("at_least_one")
    if at_least_one and not any(key in value for key in at_least_one):
        errors.append(f"{path}: needs at least one of {at_least_one}")
    just_one = constraints.get("just_one")
    if just_one and sum(key in value for key in just_one) != 1:
        errors.append(f"{path}: needs exactly one of {just_one}")


def check_event(schema, class_name, index, event, errors):
    definition, attributes, category = schema.event_class(class_name)
    path = f"[{index}]"
    if not isinstance(event, dict):
        errors.append(f"{path}: an event object expected")
        return
    check_attributes(schema, path, attributes, event, errors)
    class_uid = category["uid"] * 1000 + definition["uid"]
    if event.get("category_uid") != category["uid"]:
        errors.append(f"{path}.category_uid: {event.get('category_uid')} is not {category['uid']}")
    if event.get("class_uid") != class_uid:
        errors.append(f"{path}.class_uid: {event.get('class_uid')} is not {class_uid}")
    activity = event.get("activity_id")
    if isinstance(activity, int) and event.get("type_uid") != class_uid * 100 + activity:
        errors.append(f"{path}.type_uid: {event.get('type_uid')} is not {class_uid * 100 + activity}")


def main(argv):
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        schema = Schema(argv[1])
        events = json.load(sys.stdin)
    except (OSError, ValueError, KeyError) as error:
        print(f"cannot read: {error}", file=sys.stderr)
        return 2
    if not isinstance(events, list):
        print("(root): a JSON array of events expected", file=sys.stderr)
        return 1
    errors = []
    try:
        for index, event in enumerate(events):
            check_event(schema, argv[2], index, event, errors)
    except SchemaMissing as missing:
        print(f"schema incomplete: {missing}", file=sys.stderr)
        return 2
    for error in errors:
        print(error, file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
