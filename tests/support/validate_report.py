"""Validates a mongoscan JSON report read from stdin against the schema file named by argv[1].

Exit status 0 if the report is valid; 1 with one line per violation on stderr if it is not;
2 if the schema or the input cannot be read.
"""
import json
import sys

try:
    import jsonschema
except ImportError:
    print("python3-jsonschema is not installed", file=sys.stderr)
    sys.exit(2)


def main() -> int:
    if len(sys.argv) != 2:
        print("usage: validate_report.py SCHEMA < report.json", file=sys.stderr)
        return 2
    try:
        with open(sys.argv[1], encoding="utf-8") as schema_file:
            schema = json.load(schema_file)
        report = json.load(sys.stdin)
    except (OSError, ValueError) as error:
        print(f"cannot read: {error}", file=sys.stderr)
        return 2
    validator_class = jsonschema.validators.validator_for(schema)
    try:
        validator_class.check_schema(schema)
    except jsonschema.exceptions.SchemaError as error:
        print(f"invalid schema: {error.message}", file=sys.stderr)
        return 2
    errors = sorted(validator_class(schema).iter_errors(report), key=lambda e: list(e.path))
    for error in errors:
        path = "".join(f"[{part!r}]" for part in error.path) or "(root)"
        print(f"{path}: {error.message}", file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
