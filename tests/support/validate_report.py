"""Validates a JSON document read from stdin (a mongoscan report, a SARIF log) against the schema
file named by argv[1].

With --check-formats NAME,... the "format" keywords of those names are checked too (uri and
uri-reference need python3-rfc3987); a format no installed checker knows is an error, so that a
missing package cannot pass the check silently.

Exit status 0 if the document is valid; 1 with one line per violation on stderr if it is not;
2 if the schema or the input cannot be read or a format cannot be checked.
"""
import argparse
import json
import sys

try:
    import jsonschema
except ImportError:
    print("python3-jsonschema is not installed", file=sys.stderr)
    sys.exit(2)


def main() -> int:
    parser = argparse.ArgumentParser(description="validate stdin against a JSON schema")
    parser.add_argument("schema")
    parser.add_argument("--check-formats", default="", help="comma-separated format names")
    arguments = parser.parse_args()
    try:
        with open(arguments.schema, encoding="utf-8") as schema_file:
            schema = json.load(schema_file)
        document = json.load(sys.stdin)
    except (OSError, ValueError) as error:
        print(f"cannot read: {error}", file=sys.stderr)
        return 2
    validator_class = jsonschema.validators.validator_for(schema)
    try:
        validator_class.check_schema(schema)
    except jsonschema.exceptions.SchemaError as error:
        print(f"invalid schema: {error.message}", file=sys.stderr)
        return 2
    formats = [name for name in arguments.check_formats.split(",") if name]
    format_checker = None
    if formats:
        # Every draft's format checkers: the OASIS SARIF schema is draft-04 yet uses
        # uri-reference, a format draft-06 introduced.
        format_checker = jsonschema.FormatChecker()
        missing = [name for name in formats if name not in format_checker.checkers]
        if missing:
            print(f"no checker for formats {missing}: is python3-rfc3987 installed?",
                  file=sys.stderr)
            return 2
    validator = validator_class(schema, format_checker=format_checker)
    errors = sorted(validator.iter_errors(document), key=lambda e: list(e.path))
    for error in errors:
        path = "".join(f"[{part!r}]" for part in error.path) or "(root)"
        print(f"{path}: {error.message}", file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
