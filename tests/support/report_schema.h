#pragma once
// Validation of JSON reports against reports/schema/report.schema.json, for tests.

#include <gtest/gtest.h>

#include <string>

namespace mongoscan::testing_support {

// Succeeds if json_text is a valid schema_version 1 report; fails with the validator's messages
// (python3-jsonschema via tests/support/validate_report.py).
::testing::AssertionResult matches_report_schema(const std::string& json_text);

}  // namespace mongoscan::testing_support
