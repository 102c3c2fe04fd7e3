#pragma once
// Validation of JSON documents against JSON schemas, for tests: the JSON report against
// reports/schema/report.schema.json, SARIF logs against the SARIF 2.1.0 schema.

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace mongoscan::testing_support {

// Succeeds if json_text is a valid schema_version 1 report; fails with the validator's messages
// (python3-jsonschema via tests/support/validate_report.py).
::testing::AssertionResult matches_report_schema(const std::string& json_text);

// Succeeds if json_text is valid against the schema file (relative to the source tree), checking
// the "format" keywords named in check_formats too; fails with the validator's messages.
::testing::AssertionResult matches_schema(const std::string& json_text,
                                          const std::string& schema_path,
                                          const std::vector<std::string>& check_formats = {});

}  // namespace mongoscan::testing_support
